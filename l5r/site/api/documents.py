"""The public JSON API's documents (api/v1/…), as pure functions of the data: what a format, the card table and
the set acronyms look like to other tools.

    format_document(codex, fmt, ruleset)  -> api/v1/formats/<id>.json: ruleset numbers, legal sets, bans
    cards_document(index)                 -> api/v1/cards.json: the compact card table (facts only, no text)
    set_acronyms_document(codex)          -> api/v1/set-acronyms.json: set acronyms exporters write -> set names
"""

from __future__ import annotations

from collections import defaultdict

from ...cardpool import CardIndex
from ...cardpool.names import split_qualifier, title_key
from ...data import bandates
from ...data import model as m
from ...data.lastanswer import LastAnswer
from ...engine.deck import checkable
from ...engine.ruleset import Ruleset, ruleset_for

API_VERSION = 1
CARD_FIELDS = (
    "key",
    "title",
    "experience",
    "deck",
    "types",
    "clans",
    "unique",
    "sets",
    "pool_tags",
    "promo_only",
    "icons",
    "max_copies",
    "counts_toward_deck_size",
    "deck_size_change",
    "card_id",
    "in_pool",
)
# The Ruleset numbers the deck checker reads (rule ids come from `rule_refs`).
DECK_RULES = (
    "copy_limit",
    "unique_copy_limit",
    "card_text_overrides_copy_limit",
    "rings_are_unique",
    "experience_levels_are_different_cards",
    "soul_of_shares_limit",
    "counts_as_shares_limit",
)


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
        "id": fmt.id,
        "name": fmt.name,
        "short_name": fmt.short_name,
        "citation_prefix": fmt.citation_prefix,
        "ruleset": {
            "dynasty_deck": {"min": rules.dynasty_deck.min, "max": rules.dynasty_deck.max},
            "fate_deck": {"min": rules.fate_deck.min, "max": rules.fate_deck.max},
            **{k: getattr(rules, k) for k in DECK_RULES},
            "pregame": {"slots": [_plain(s) for s in rules.pregame.get("slots", ())]},
            "card_pool": _plain(rules.card_pool),
            "rule_refs": dict(rules.rule_refs),
        },
        "legality": None
        if legality is None
        else {
            "rule": legality.id,
            "sets": [{"id": s.id, "as_written": s.as_written, "pool_set": s.pool_set} for s in legality.sets],
            "legal_bugs": list(legality.legal_bugs),
            "pool_tags": sorted(set(legality.bug_pool_tags) | set(rules.card_pool.get("pool_tags", ()))),
        },
        "bans": [_ban(b) for b in (fmt.bans.entries if fmt.bans else ())],
        "ban_dates": [d.isoformat() for d in (fmt.bans.dates() if fmt.bans else ())],
        # Before this day the documents state no ban list: the ban part of a verdict is "not stated" (null: the
        # list is stated from the start, or the format has none).
        "ban_list_stated_from": (
            fmt.bans.stated_from.isoformat() if fmt.bans is not None and fmt.bans.stated_from else None
        ),
    }


def _ban(ban: m.BanEntry) -> dict:
    return {
        "id": ban.id,
        "as_written": ban.as_written,
        "category": ban.category_id,
        "card": ban.card,
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
        "lifted_statement": _statement(bandates.lifted_statement(ban)),
    }


def _statement(st) -> dict | None:
    """A date as the document states it (l5r/data/bandates.py): its qualifier, ready words (`clause`: after
    "banned" in a sentence, as the deck checker's messages word it), and why when the reading is the Codex's."""
    return (
        None
        if st is None
        else {
            "qualifier": st.qualifier.value,
            "phrase": st.words,
            "clause": st.clause_words,
            "inferred": st.inferred,
            "why": st.why or None,
        }
    )


def _inferred(st) -> dict | None:
    """The day the Codex infers for a date the document does not give (never for a stated or as-of date)."""
    if st is None or st.qualifier != bandates.DateQualifier.UNDATED or st.date is None:
        return None
    return {"date": st.date.isoformat(), "why": st.why}


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


_CARDS_DOCUMENT: LastAnswer[dict] = LastAnswer()  # the last index's table (a build asks twice, serve every rebuild)


def cards_document(index: CardIndex) -> dict:
    """The compact card table of `index` (see `_cards_document`); the same index object gives the same table."""
    return _CARDS_DOCUMENT.answer(lambda: _cards_document(index), (index,))


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
        "api_version": API_VERSION,
        "has_pool": index.has_pool,
        "fields": list(CARD_FIELDS),
        "strings": list(strings),
        "cards": cards,
        "titles": extra,
        "soul_of": links(lambda i: sorted(index._soul_of.get(i, ()), key=lambda x: x.key)),  # noqa: SLF001
        "counts_as": links(index.counts_as),
        "counted_as_by": links(index.counted_as_by),
    }


def card_key(title: str, experience: str | None) -> str:
    return f"{title} • {experience}" if experience else title


def _card_row(i, ref) -> list:
    return [
        None if i.key == card_key(i.title, i.experience) else i.key,
        i.title,
        i.experience,
        ref(i.deck),
        [ref(t) for t in i.types],
        [ref(c) for c in i.clans],
        int(i.unique),
        [ref(s) for s in i.sets],
        [ref(t) for t in sorted(i.pool_tags)],
        int(i.promo_only),
        [ref(c) for c in sorted(i.icons)],
        i.max_copies,
        int(i.counts_toward_deck_size),
        [[ref(d), n] for d, n in i.deck_size_change],
        i.card_id,
        int(i.in_pool),
    ]


def set_acronyms_document(codex: m.Codex) -> dict:
    """data/set-acronyms.yml as published: what decklist exporters write for a set ("TotV", "HE1") and the set
    name the card pool uses. Consumers match acronyms without regard to case, as the Codex's checkers do."""
    return {"api_version": API_VERSION, "match": "case-insensitive", "acronyms": dict(codex.set_acronyms)}
