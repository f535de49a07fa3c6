"""The public JSON API (api/v1/…) and the browser deck checker's data, as pure functions of the data.

    format_document(codex, fmt, ruleset)  -> api/v1/formats/<id>.json: ruleset numbers, legal sets, bans
    cards_document(index)                 -> api/v1/cards.json: the compact card table (facts only, no text)
    set_acronyms_document(codex)          -> api/v1/set-acronyms.json: set acronyms exporters write -> set names
    schemas()                             -> api/v1/schemas/<name>.schema.json
    checker_script(codex, index, plan)    -> assets/deck-check-data.js: `window.L5R_DECK_DATA = {...}`

Nothing here knows MkDocs; the hook only writes what these return. The browser checker
(docs/assets/deck-check.js) runs the same steps as l5r/engine/deck over this data, so the rules stay in
the data: bans resolved to card rows, pre-game slots, legal sets and tags, the rule id of every check.
"""

from __future__ import annotations

import json
from collections import defaultdict

from ..cardpool import CardIndex, pool_facts
from ..cardpool.names import split_qualifier, title_key
from ..data import bandates
from ..data import model as m
from ..engine.deck import checkable
from ..engine.ruleset import Ruleset, ruleset_for
from ..errors import CodexError
from . import citelabel

API_VERSION = 1
CARD_FIELDS = ("key", "title", "experience", "deck", "types", "clans", "unique", "sets", "pool_tags", "promo_only",
               "icons", "max_copies", "counts_toward_deck_size", "deck_size_change", "card_id", "in_pool")
# The Ruleset numbers the deck checker reads (rule ids come from `rule_refs`).
_DECK_RULES = ("copy_limit", "unique_copy_limit", "card_text_overrides_copy_limit", "rings_are_unique",
               "experience_levels_are_different_cards", "soul_of_shares_limit", "counts_as_shares_limit")


# -----------------------------------------------------------------------------------------------------------
# Formats
# -----------------------------------------------------------------------------------------------------------


def checkable_formats(codex: m.Codex) -> list[m.Format]:
    return sorted((f for f in codex.formats.values() if checkable(f, ruleset_for(f))), key=lambda f: (f.order, f.id))


def format_document(codex: m.Codex, fmt: m.Format, ruleset: Ruleset | None = None) -> dict:
    """One format as other tools consume it: base pool (legal sets, legality tags) + bans as of a date."""
    rules = ruleset or ruleset_for(fmt)
    legality = fmt.legality
    return {
        "api_version": API_VERSION,
        "id": fmt.id, "name": fmt.name, "short_name": fmt.short_name, "citation_prefix": fmt.citation_prefix,
        "ruleset": {
            "dynasty_deck": {"min": rules.dynasty_deck.min, "max": rules.dynasty_deck.max},
            "fate_deck": {"min": rules.fate_deck.min, "max": rules.fate_deck.max},
            **{k: getattr(rules, k) for k in _DECK_RULES},
            "pregame": {"slots": [_plain(s) for s in rules.pregame.get("slots", ())]},
            "card_pool": _plain(rules.card_pool),
            "rule_refs": dict(rules.rule_refs),
        },
        "legality": None if legality is None else {
            "rule": legality.id,
            "sets": [{"id": s.id, "as_written": s.as_written, "pool_set": s.pool_set} for s in legality.sets],
            "legal_bugs": list(legality.legal_bugs),
            "pool_tags": sorted(set(legality.bug_pool_tags) | set(rules.card_pool.get("pool_tags", ()))),
        },
        "bans": [_ban(b) for b in (fmt.bans.entries if fmt.bans else ())],
        "ban_dates": [d.isoformat() for d in (fmt.bans.dates() if fmt.bans else ())],
        # Before this day the documents state no ban list: the ban part of a verdict is "not stated" (null: the
        # list is stated from the start, or the format has none).
        "ban_list_stated_from": (fmt.bans.stated_from.isoformat()
                                 if fmt.bans is not None and fmt.bans.stated_from else None),
    }


def _ban(ban: m.BanEntry) -> dict:
    return {"id": ban.id, "as_written": ban.as_written, "category": ban.category_id, "card": ban.card,
            "match": _plain(ban.match) or None,
            "added": ban.added.isoformat() if ban.added else None,
            "added_precision": ban.added_precision,
            "added_statement": _statement(bandates.added_statement(ban)),
            # A day the document never gives is not published as a fact. An undated lift (Modern's
            # Koan's Jingasa and Robes) has `lifted: null`; the day the Codex infers for "as of" questions is
            # `lifted_inferred`, with why — as the card pages and the card-status table say "undated".
            "lifted": ban.lifted.isoformat() if ban.lifted and ban.lifted_precision != "inferred" else None,
            "lifted_inferred": _inferred(bandates.lifted_statement(ban)),
            "lifted_precision": ban.lifted_precision,
            # lifted by an update the document does not date: on no list the document states
            "lifted_undated": ban.lifted_undated,
            "lifted_statement": _statement(bandates.lifted_statement(ban))}


def _statement(st) -> dict | None:
    """A date as the document states it (l5r/data/bandates.py): its qualifier, ready words, and why when the
    reading is the Codex's inference."""
    return None if st is None else {"qualifier": st.qualifier, "phrase": st.phrase, "inferred": st.inferred,
                                    "why": st.why or None}


def _inferred(st) -> dict | None:
    """The day the Codex infers for a date the document does not give (never for a stated or as-of date)."""
    if st is None or st.qualifier != "undated" or st.date is None:
        return None
    return {"date": st.date.isoformat(), "why": st.why}


def _checker_bans(fmt_doc: dict) -> dict:
    """The browser checker answers "as of" questions as the CLI does (bans.as_of): an undated lift counts from
    the day the Codex infers, which its results mark as the Codex's inference."""
    bans = [dict(b, lifted=b["lifted"] or (b["lifted_inferred"] or {}).get("date")) for b in fmt_doc["bans"]]
    return dict(fmt_doc, bans=bans)


def _plain(value):
    """Mappings and tuples from the frozen model as JSON values."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v) for v in value]
    return value


# -----------------------------------------------------------------------------------------------------------
# Cards
# -----------------------------------------------------------------------------------------------------------


_CARDS_DOCUMENT: list = []  # [(index, document)]: the last index's table (a build asks twice, serve every rebuild)


def cards_document(index: CardIndex) -> dict:
    """The compact card table of `index` (see `_cards_document`); the same index object gives the same table."""
    if _CARDS_DOCUMENT and _CARDS_DOCUMENT[0][0] is index:
        return _CARDS_DOCUMENT[0][1]
    doc = _cards_document(index)
    _CARDS_DOCUMENT[:] = [(index, doc)]
    return doc


def _cards_document(index: CardIndex) -> dict:
    """The compact card table: one row per identity (title + experience level), facts only, never card text.

    Repeated words (decks, types, clans, sets, tags, icons) are numbers into `strings`; `key` is null when it
    is the title plus " • " and the experience level. `titles` holds only the look-up names a reader cannot
    derive from a row's own title (the Codex's aliases): every row is also found by its title and by its
    title without the "(Emperor)"-style qualifier, lower case with curly quotes made straight.
    """
    row = {identity: n for n, identity in enumerate(index.identities)}
    strings: dict[str, int] = {}

    def ref(text: str) -> int:
        return strings.setdefault(text, len(strings))

    derived: dict[str, list[int]] = defaultdict(list)
    for identity in index.identities:
        for key in dict.fromkeys((title_key(identity.title), title_key(split_qualifier(identity.title)[0]))):
            derived[key].append(row[identity])
    extra = {}
    for key, bucket in index._by_title.items():  # noqa: SLF001 - the index's own look-up table
        rows = [row[i] for i in bucket]
        if rows != derived.get(key):
            extra[key] = rows

    def links(get):
        out = {}
        for identity in index.identities:
            linked = get(identity)
            if linked:
                out[str(row[identity])] = [row[i] for i in linked]
        return out

    cards = [_card_row(i, ref) for i in index.identities]
    return {
        "api_version": API_VERSION, "has_pool": index.has_pool, "fields": list(CARD_FIELDS),
        "strings": list(strings), "cards": cards, "titles": extra,
        "soul_of": links(lambda i: sorted(index._soul_of.get(i, ()), key=lambda x: x.key)),  # noqa: SLF001
        "counts_as": links(index.counts_as),
        "counted_as_by": links(index.counted_as_by),
    }


def card_key(title: str, experience: str | None) -> str:
    return f"{title} • {experience}" if experience else title


def _card_row(i, ref) -> list:
    return [None if i.key == card_key(i.title, i.experience) else i.key, i.title, i.experience, ref(i.deck),
            [ref(t) for t in i.types], [ref(c) for c in i.clans], int(i.unique), [ref(s) for s in i.sets],
            [ref(t) for t in sorted(i.pool_tags)], int(i.promo_only), [ref(c) for c in sorted(i.icons)],
            i.max_copies, int(i.counts_toward_deck_size), [[ref(d), n] for d, n in i.deck_size_change],
            i.card_id, int(i.in_pool)]


def set_acronyms_document(codex: m.Codex) -> dict:
    """data/set-acronyms.yml as published: what decklist exporters write for a set ("TotV", "HE1") and the set
    name the card pool uses. Consumers match acronyms without regard to case, as the Codex's checkers do."""
    return {"api_version": API_VERSION, "match": "case-insensitive", "acronyms": dict(codex.set_acronyms)}


# -----------------------------------------------------------------------------------------------------------
# The browser checker's data
# -----------------------------------------------------------------------------------------------------------


def checker_data(codex: m.Codex, index: CardIndex, rule_urls: dict[str, str]) -> dict:
    """Everything deck-check.js needs: the formats, the card table, and where each cited rule lives."""
    formats = [_checker_bans(format_document(codex, f)) for f in checkable_formats(codex)]
    cited = {r for f in formats for r in _cited(f)}
    return {
        "api_version": API_VERSION,
        "formats": formats,
        "cards": cards_document(index),
        # how the page names the pool it checks against: its size and whether it is the pinned database
        "pool": pool_facts(index.pool_dir).as_json() if index.has_pool else None,
        "card_ids": {i.card_id: n for n, i in enumerate(index.identities) if i.card_id},
        "set_acronyms": dict(codex.set_acronyms),  # what exporters write in (…) -> the pool's set name
        "rule_urls": {r: rule_urls[r] for r in sorted(cited) if r in rule_urls},
        "rule_citations": {r: _citation(codex, r) for r in sorted(cited) if _citation(codex, r)},
    }


def _cited(fmt_doc: dict):
    yield from fmt_doc["ruleset"]["rule_refs"].values()
    if fmt_doc["legality"] and fmt_doc["legality"]["rule"]:
        yield fmt_doc["legality"]["rule"]
    for ban in fmt_doc["bans"]:
        yield ban["id"]


def _citation(codex: m.Codex, rule: str) -> str | None:
    """The rule's citation as every page shows it (`OH II.F, Deck Restrictions`, not the id: citelabel.py)."""
    record = codex.records.get(rule)
    return (citelabel.label(record, codex) or None) if record is not None else None


def checker_script(codex: m.Codex, index: CardIndex, rule_urls: dict[str, str]) -> str:
    """A script that assigns a global, so the page works from file:// (no fetch of local files)."""
    data = json.dumps(checker_data(codex, index, rule_urls), ensure_ascii=False, separators=(",", ":"))
    return f"window.L5R_DECK_DATA={data};\n"


def title_lookup_key(title: str) -> str:
    """The key of `titles` in the card table (the same normal form deck-check.js computes)."""
    return title_key(title)


# -----------------------------------------------------------------------------------------------------------
# Schemas
# -----------------------------------------------------------------------------------------------------------

_NULLABLE_INT = {"type": ["integer", "null"]}
_DATE = {"type": ["string", "null"], "pattern": r"^\d{4}-\d{2}-\d{2}$"}


def schemas() -> dict[str, dict]:
    precision = {"enum": list(bandates.PRECISIONS)}
    statement = {"oneOf": [{"type": "null"}, {
        "type": "object", "additionalProperties": False, "required": ["qualifier", "phrase", "inferred", "why"],
        "properties": {"qualifier": {"enum": ["exact", "on-or-before", "as-of", "undated"]},
                       "phrase": {"type": "string"}, "inferred": {"type": "boolean"},
                       "why": {"type": ["string", "null"]}}}]}
    inferred_day = {"oneOf": [{"type": "null"}, {
        "type": "object", "additionalProperties": False, "required": ["date", "why"],
        "properties": {"date": _DATE, "why": {"type": "string", "minLength": 1}}}]}
    size = {"type": "object", "required": ["min", "max"], "additionalProperties": False,
            "properties": {"min": _NULLABLE_INT, "max": _NULLABLE_INT}}
    fmt = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "format.schema.json", "title": "L5R Rules Codex format (API v1)",
        "description": "A format as base pool (legal sets and pool legality tags) plus bans with dates: a card is "
                       "banned on day D when added <= D (or added is null) and not (lifted <= D); an undated lift has "
                       "lifted null and lifted_undated true: it is on no list the document states. Before "
                       "ban_list_stated_from (when not null) the documents state no ban list: bans are \"not stated\".",
        "type": "object", "additionalProperties": False,
        "required": ["api_version", "id", "name", "short_name", "citation_prefix", "ruleset", "legality", "bans",
                     "ban_dates", "ban_list_stated_from"],
        "properties": {
            "api_version": {"const": API_VERSION},
            "id": {"type": "string", "pattern": "^[a-z0-9-]+$"},
            "name": {"type": "string"}, "short_name": {"type": "string"}, "citation_prefix": {"type": "string"},
            "ruleset": {
                "type": "object", "additionalProperties": False,
                "required": ["dynasty_deck", "fate_deck", *_DECK_RULES, "pregame", "card_pool", "rule_refs"],
                "properties": {
                    "dynasty_deck": size, "fate_deck": size,
                    "copy_limit": _NULLABLE_INT, "unique_copy_limit": _NULLABLE_INT,
                    **{k: {"type": "boolean"} for k in _DECK_RULES[2:]},
                    "pregame": {"type": "object", "required": ["slots"], "properties": {"slots": {
                        "type": "array", "items": {"type": "object", "required": ["key"],
                                                   "properties": {"key": {"type": "string"}}}}}},
                    "card_pool": {"type": "object"},
                    "rule_refs": {"type": "object", "additionalProperties": {"type": "string"}},
                },
            },
            "legality": {"oneOf": [{"type": "null"}, {
                "type": "object", "additionalProperties": False,
                "required": ["rule", "sets", "legal_bugs", "pool_tags"],
                "properties": {
                    "rule": {"type": ["string", "null"]},
                    "sets": {"type": "array", "items": {
                        "type": "object", "additionalProperties": False, "required": ["id", "as_written", "pool_set"],
                        "properties": {"id": {"type": "string"}, "as_written": {"type": "string"},
                                       "pool_set": {"type": ["string", "null"]}}}},
                    "legal_bugs": {"type": "array", "items": {"type": "string"}},
                    "pool_tags": {"type": "array", "items": {"type": "string"}},
                }}]},
            "bans": {"type": "array", "items": {
                "type": "object", "additionalProperties": False,
                "required": ["id", "as_written", "category", "card", "match", "added", "added_precision",
                             "added_statement", "lifted", "lifted_inferred", "lifted_precision", "lifted_statement",
                             "lifted_undated"],
                "properties": {"id": {"type": "string"}, "as_written": {"type": "string"},
                               "category": {"type": "string"}, "card": {"type": ["string", "null"]},
                               "match": {"type": ["object", "null"]}, "added": _DATE, "lifted": _DATE,
                               "added_precision": precision, "lifted_precision": precision,
                               "added_statement": statement, "lifted_statement": statement,
                               "lifted_inferred": inferred_day, "lifted_undated": {"type": "boolean"}}}},
            "ban_dates": {"type": "array", "items": _DATE},
            "ban_list_stated_from": _DATE,
        },
    }
    ints = {"type": "array", "items": {"type": "integer", "minimum": 0}}
    flag = {"enum": [0, 1]}
    row = {"type": "array", "minItems": len(CARD_FIELDS), "maxItems": len(CARD_FIELDS), "prefixItems": [
        {"type": ["string", "null"]}, {"type": "string"}, {"type": ["string", "null"]}, {"type": "integer"},
        ints, ints, flag, ints, ints, flag, ints, _NULLABLE_INT, flag,
        {"type": "array", "items": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "integer"}],
                                    "minItems": 2, "maxItems": 2}},
        {"type": ["string", "null"]}, flag]}
    links = {"type": "object", "propertyNames": {"pattern": "^[0-9]+$"},
             "additionalProperties": {"type": "array", "items": {"type": "integer", "minimum": 0}}}
    cards = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "cards.schema.json", "title": "L5R Rules Codex card table (API v1)",
        "description": "One row per card identity (title + experience level), in the order of `fields`. Facts "
                       "only: no card text. deck, types, clans, sets, pool_tags, icons and deck_size_change's deck "
                       "are indexes into `strings`; unique, promo_only, counts_toward_deck_size and in_pool are 0/1; "
                       "a null key is title + ' • ' + experience (or the title). `titles` adds look-up names "
                       "(aliases) beyond each row's title and its title without qualifier. Row numbers are valid "
                       "within one file.",
        "type": "object", "additionalProperties": False,
        "required": ["api_version", "has_pool", "fields", "strings", "cards", "titles", "soul_of", "counts_as",
                     "counted_as_by"],
        "properties": {
            "api_version": {"const": API_VERSION}, "has_pool": {"type": "boolean"},
            "fields": {"const": list(CARD_FIELDS)},
            "strings": {"type": "array", "items": {"type": "string"}},
            "cards": {"type": "array", "items": row},
            "titles": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "integer"}}},
            "soul_of": links, "counts_as": links, "counted_as_by": links,
        },
    }
    acronyms = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "set-acronyms.schema.json", "title": "L5R Rules Codex set acronyms (API v1)",
        "description": "Set acronyms as decklist exporters write them (Sun and Moon: '3 Hida Kisada (EmpE)'), each "
                       "with the set name the card pool uses. Acronyms are matched without regard to case; no two "
                       "differ only in case.",
        "type": "object", "additionalProperties": False, "required": ["api_version", "match", "acronyms"],
        "properties": {
            "api_version": {"const": API_VERSION},
            "match": {"const": "case-insensitive"},
            "acronyms": {"type": "object", "minProperties": 1, "propertyNames": {"minLength": 1},
                         "additionalProperties": {"type": "string", "minLength": 1}},
        },
    }
    return {"format": fmt, "cards": cards, "set-acronyms": acronyms}


# -----------------------------------------------------------------------------------------------------------
# Site files
# -----------------------------------------------------------------------------------------------------------


class ApiError(CodexError):
    """The card pool named by L5R_CARDPOOL cannot be read, or a format's deck data cannot be used."""


def pool_index(codex: m.Codex, pool_dir=None, environ=None) -> CardIndex:
    """The card index of `pool_dir`, else of L5R_CARDPOOL (an index of the Codex's records alone without one)."""
    import os

    from ..cardpool import PoolError, load_index, locate_pool

    try:
        return load_index(pool_dir or locate_pool(None, os.environ if environ is None else environ), codex.cards)
    except PoolError as exc:
        raise ApiError(f"card pool: {exc}") from None


def site_outputs(codex: m.Codex, plan, directory_urls: bool, pool_dir=None, environ=None,
                 index: CardIndex | None = None) -> dict[str, str]:
    """Every API and checker file, path -> text. The pool: `index`, else read from `pool_dir`, else from
    L5R_CARDPOOL (or none)."""
    from .permalinks import page_url

    if index is None:
        index = pool_index(codex, pool_dir, environ)
    out = {}
    for fmt in checkable_formats(codex):
        out[f"api/v1/formats/{fmt.id}.json"] = _dump(format_document(codex, fmt))
    if index.has_pool:
        out["api/v1/cards.json"] = _dump(cards_document(index))
    out["api/v1/set-acronyms.json"] = _dump(set_acronyms_document(codex))
    for name, schema in schemas().items():
        out[f"api/v1/schemas/{name}.schema.json"] = json.dumps(schema, indent=2) + "\n"
    urls = {rid: f"{page_url(uri, directory_urls)}#{anchor}" for rid, (uri, anchor) in plan.anchors.items()}
    out["assets/deck-check-data.js"] = checker_script(codex, index, urls)
    return out


def _dump(doc: dict) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"
