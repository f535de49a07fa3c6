"""Comparison pages: one topic that several formats define, side by side, saying what each format inherits,
amends or adds. Topics come from the data: rule sections sharing a `topic:`, player abilities and keywords
sharing a `key:` (with a rule section titled like the key), and every card's ban status.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ...data import model as m
from ...engine.ruleset import rulesets
from ..rendering.pages import Page
from ..rendering.render import TITLES_PAGE, title_anchor

# The same topic sits in the same place in every format: overviews list them in this order.
TOPICS = (
    ("cardinal-rules", "Cardinal rules"),
    ("victory", "Victory conditions"),
    ("deck-construction", "Deck construction"),
    ("clan-alignment", "Clan alignment"),
    ("honor", "Family Honor"),
    ("setup", "Setting up"),
    ("turn-sequence", "Turn sequence"),
    ("hand-size", "Maximum hand size"),
    ("battle", "Battle"),
    ("player-abilities", "Player abilities"),
    ("performing", "Performing"),
    ("keywords", "Keywords and glossary"),
    ("card-types", "Card types"),
    ("card-legality", "Card legality"),
    ("proxies", "Proxies"),
    ("wording", "Wording rules"),
    ("bans", "Banned cards"),
    ("changelog", "Changelog"),
)

# Topics that group other records rather than compare them (a document's introduction, Modern's "Amendments to
# the Rules", the Obsidian Hand's guidelines): their parts carry the topics compared.
STRUCTURAL_TOPICS = ("overview", "amendments", "guidelines", "rulings", "glossary")

# Topics compared one term at a time (compare/keywords/<key>, compare/abilities/<key>), not on one page: a
# page of every keyword of every format would hide the one a reader came for.
PER_TERM_TOPICS = ("keywords",)

INDEX = "compare/index.md"
# Rule sections that may stand for a keyword or ability of the same name (Modern amends "Reaction" there).
_TERM_TOPICS = ("keywords", "card-types", "player-abilities", "honor")
KINDS = (("rules", "Rules"), ("abilities", "Player abilities"), ("keywords", "Keywords and terms"))

# Labels for a column. Every label but "inherits", "grouping", "several" and "absent" is a record's own
# `relation:` (data), shown with the document's words that justify it.
STATUS = {
    "defines": "Defines",
    "adds": "Adds",
    "amends": "Amends",
    "replaces": "Replaces",
    "restates": "Restates the rulebook",
    "grouping": "The Codex's grouping",
    "several": "Several",
    "inherits": "Inherits",
    "absent": "Not covered",
}


@dataclass(frozen=True)
class Entry:
    """One record in a column and its relation, as the data states it (never inferred from ids or topics)."""

    record: object
    relation: m.Relation

    @property
    def label(self) -> str:
        return STATUS[self.relation.kind]


@dataclass(frozen=True)
class Column:
    """One format on a comparison page."""

    format: m.Format
    status: str  # a key of STATUS: the entries' one relation, "several", "inherits" or "absent"
    records: tuple = ()  # the format's own entries
    source: m.Format | None = None  # the format it inherits from (only when it has no entry of its own)
    source_records: tuple = ()
    gaps: tuple = ()  # formats it builds on whose text the Codex does not hold (Jade Hand Legacy...)
    entries: tuple[Entry, ...] = ()  # each record with its relation
    inherit_chain: tuple = ()  # for "inherits": (format, the words its document uses to build on the next)


@dataclass(frozen=True)
class Topic:
    kind: str  # rules | abilities | keywords
    key: str
    title: str
    columns: tuple[Column, ...]
    differences: tuple = ()  # (format, (Fact, ...)) one line per format: what differs, from the Rulesets

    @property
    def uri(self) -> str:
        return f"compare/{self.kind}/{self.key}.md"


# ---------------------------------------------------------------------------------------------------------
# Finding shared topics
# ---------------------------------------------------------------------------------------------------------


def topics(codex: m.Codex) -> list[Topic]:
    """Every rule topic of the shared map (TOPICS) that a bundled format has records of, then every ability
    and keyword at least two bundled formats define: rules first, then abilities, then keywords."""
    out = []
    numbers = rulesets(codex)
    for kind, entries in (("rules", _rule_entries(codex)), ("terms", _term_entries(codex))):
        for key, by_format in sorted(entries.items()):
            if kind == "terms" and len(by_format) < 2:
                continue
            records = [r for rs in by_format.values() for r in rs if not isinstance(r, _Grouped)]
            if kind == "terms":
                kind_here = "abilities" if any(r.record_kind == "ability" for r in records) else "keywords"
            else:
                kind_here = kind
            title = _rule_titles().get(key) if kind == "rules" else None
            summary = differences(codex, key, numbers) if kind == "rules" else ()
            out.append(Topic(kind_here, key, title or _title(key, records), _columns(codex, by_format), summary))
    order = {k: i for i, (k, _) in enumerate(KINDS)}
    return sorted(out, key=lambda t: (order[t.kind], t.title.lower()))


def topics_of(record) -> tuple[str, ...]:
    """The comparison topics a record belongs to: a section's `topic` and any record's `topics` (data)."""
    own = getattr(record, "topic", None)
    return tuple(dict.fromkeys(((own,) if own else ()) + tuple(record.topics)))


def topic_records(f: m.Format):
    """Every record of a format that can carry a topic, parents before their parts."""
    yield from f.all_sections()
    for g in f.ability_groups:
        yield g
        yield from g.abilities
    yield from f.keywords


def _parent(codex: m.Codex, record):
    if getattr(record, "parent_id", None):
        return codex.records.get(record.parent_id)
    if record.record_kind == "ability":
        return codex.records.get(record.group_id)
    return None


def _rule_entries(codex: m.Codex) -> dict[str, dict[str, list]]:
    """topic of the shared map -> format id -> the top-most records of that topic (a record whose parent has
    the topic is shown inside its parent)."""
    shared = {key for key, _ in TOPICS} - set(PER_TERM_TOPICS)
    found: dict[str, dict[str, list]] = {}
    for f in codex.bundled_formats:
        for r in topic_records(f):
            parent = _parent(codex, r)
            for topic in topics_of(r):
                if topic in shared and (parent is None or topic not in topics_of(parent)):
                    found.setdefault(topic, {}).setdefault(f.id, []).append(r)
    return found


def _term_entries(codex: m.Codex) -> dict[str, dict[str, list]]:
    """key -> format id -> the abilities and keywords with that key (or a rule section titled like it)."""
    found: dict[str, dict[str, list]] = {}
    for f in codex.bundled_formats:
        for r in (*f.keywords, *f.abilities):
            found.setdefault(r.key, {}).setdefault(f.id, []).append(r)
    for f in codex.bundled_formats:  # the Codex's own groupings, stated in the data (`compare_with:`)
        for r in f.abilities:
            for extra in r.compare_with:
                found.setdefault(extra.key, {}).setdefault(f.id, []).append(_Grouped(r, extra.note))
    for f in codex.bundled_formats:
        for s in f.all_sections():
            key = _slug(s.title)
            if s.topic in _TERM_TOPICS and key in found and f.id not in found[key]:
                found[key][f.id] = [s]
    return found


@dataclass(frozen=True)
class _Grouped:
    """A record the data places under another topic (`compare_with:`): always the Codex's grouping."""

    record: object
    note: str


_UNSTATED = m.Relation(m.RelationKind.GROUPING, note="The data states no relation for this entry.")


def _entry(item) -> Entry:
    if isinstance(item, _Grouped):
        return Entry(item.record, m.Relation(m.RelationKind.GROUPING, note=item.note))
    return Entry(item, item.relation or _UNSTATED)


def _columns(codex: m.Codex, by_format: dict[str, list]) -> tuple[Column, ...]:
    columns = []
    for f in codex.bundled_formats:
        entries = tuple(_entry(i) for i in by_format.get(f.id, ()))
        own = tuple(e.record for e in entries)
        gaps = tuple(unbundled_ancestors(codex, f))
        if entries:
            kinds = {e.relation.kind for e in entries}
            status = kinds.pop() if len(kinds) == 1 else "several"
            columns.append(Column(f, status, own, None, (), gaps, entries))
            continue
        source = next((a for a in codex.ancestry(f.id)[1:] if a.id in by_format), None)
        if source is None:
            columns.append(Column(f, "absent", (), None, (), gaps))
            continue
        inherited = tuple(_entry(i).record for i in by_format[source.id])
        chain = tuple(
            (a, a.parent_evidence)
            for a in codex.ancestry(f.id)[:-1]
            if codex.ancestry(f.id).index(a) < codex.ancestry(f.id).index(source)
        )
        columns.append(Column(f, "inherits", (), source, inherited, gaps, (), chain))
    return tuple(columns)


def _rule_titles() -> dict[str, str]:
    """The names format overviews give the shared rule topics (TOPICS), so both pages agree."""
    return dict(TOPICS)


def _title(key: str, records) -> str:
    """The name most entries use; the key in words when they all differ."""
    names = Counter(getattr(r, "name", None) or getattr(r, "term", None) or r.title for r in records)
    name, count = names.most_common(1)[0]
    if count > 1 or len(names) == 1:
        return name
    return key.replace("-", " ").capitalize()


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def unbundled_ancestors(codex: m.Codex, f: m.Format) -> list[m.Format]:
    """The formats this one builds on whose text the Codex does not hold (Jade Hand Legacy...)."""
    return [a for a in codex.ancestry(f.id)[1:] if not a.bundled]


# ---------------------------------------------------------------------------------------------------------
# Card status
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TitleGroup:
    """The cards that share one printed title, each with its ban entries in every format with a ban list."""

    name: str
    anchor: str  # where a mention of a shared title links (render.title_anchor)
    rows: tuple[tuple[m.CardRecord, tuple[tuple[m.Format, tuple[m.BanEntry, ...]], ...]], ...]


def card_groups(codex: m.Codex) -> list[TitleGroup]:
    with_bans = ban_formats(codex)
    by_name: dict[str, list[m.CardRecord]] = {}
    for card in sorted(codex.cards.values(), key=lambda c: (c.name.lower(), c.experience or "", c.id)):
        by_name.setdefault(card.name, []).append(card)
    groups = []
    for name, cards in by_name.items():
        rows = tuple((c, tuple((f, tuple(e for e in _entries(f) if e.card == c.id)) for f in with_bans)) for c in cards)
        groups.append(TitleGroup(name, title_anchor(name), rows))
    return groups


def ban_formats(codex: m.Codex) -> list[m.Format]:
    return [f for f in codex.bundled_formats if f.bans]


def _entries(f: m.Format) -> tuple[m.BanEntry, ...]:
    return f.bans.entries if f.bans else ()


def other_ban_entries(codex: m.Codex) -> list[m.BanEntry]:
    """Ban entries that name no single card (an icon, unreleased promos)."""
    return [e for f in codex.bundled_formats if f.bans for e in f.bans.entries if not e.card]


# ---------------------------------------------------------------------------------------------------------
# Pages and navigation
# ---------------------------------------------------------------------------------------------------------


def plan_compare(codex: m.Codex, pages: list, nav: list) -> None:
    """Add the comparison pages and their navigation section (called by plan.plan_site)."""
    found = topics(codex)
    pages.append(
        Page(INDEX, "Compare formats", "compare_index.md.j2", {"topics": found, "status": STATUS, "kinds": KINDS})
    )
    section: list = [{"All comparisons": INDEX}]
    for kind, label in KINDS:
        mine = [t for t in found if t.kind == kind]
        for t in mine:
            pages.append(Page(t.uri, f"Compare: {t.title}", "compare_topic.md.j2", {"topic": t, "status": STATUS}))
        if mine:
            section.append({label: [{t.title: t.uri} for t in mine]})
    pages.append(
        Page(
            TITLES_PAGE,
            "Card status in every format",
            "compare_cards.md.j2",
            {"groups": card_groups(codex), "ban_formats": ban_formats(codex), "others": other_ban_entries(codex)},
        )
    )
    section.append({"Card status": TITLES_PAGE})
    nav.append({"Compare": section})


# ---------------------------------------------------------------------------------------------------------
# What differs: one line per format, from the Ruleset numbers (format.yml `ruleset:`)
# ---------------------------------------------------------------------------------------------------------

NOT_STATED = "not stated"


@dataclass(frozen=True)
class Fact:
    """One number or rule of a format for a topic's summary line: its value as the format states it (or
    "not stated"), and the record that states it."""

    label: str
    value: str
    rule_id: str | None = None


def _deck(size) -> str | None:
    if size.min is None and size.max is None:
        return None
    if size.min == size.max:
        return f"exactly {size.min} cards"
    if size.max is None:
        return f"at least {size.min} cards"
    if size.min is None:
        return f"at most {size.max} cards"
    return f"{size.min} to {size.max} cards"


def _n(value, unit: str = "") -> str | None:
    return None if value is None else f"{value}{unit}"


def _bans(codex: m.Codex, f: m.Format) -> Fact:
    if not f.bans:
        return Fact("Banned", "no ban list", None)
    latest = max((d for e in f.bans.entries for d in (e.added, e.lifted) if d), default=None)
    entries = f.bans.as_of(latest) if latest else f.bans.entries
    cards = len({e.card or e.id for e in entries})
    when = f" (its list as of {latest.isoformat()})" if latest else ""
    return Fact("Banned", f"{cards} bans{when}", None)


def _starting_holdings(rs) -> str | None:
    """Every player's Starting Holdings, then those only the player not going first gets (OH III.A: Bamboo
    Harvesters)."""
    every = ", ".join(rs.starting_holdings.get("every_player", ()))
    second = ", ".join(rs.starting_holdings.get("player_not_going_first", ()))
    parts = [p for p in (every and f"{every} (every player)", second and f"{second} (the player not going first)") if p]
    return "; ".join(parts) or None


def _second_stronghold(rs) -> str | None:
    """Which side the second player's Stronghold uses: a two-sided one as the format says (OH III.A, NE Setting
    Up 3); where the format only settles a one-sided Stronghold (MOD Section B addition), that."""
    second = rs.stronghold_sides.get("second")
    if second:
        return second
    if rs.rule("one_sided_stronghold"):
        return "a one-sided Stronghold uses its only side (a two-sided one: not stated)"
    return None


def _pool(rs, f: m.Format) -> str | None:
    pool = rs.card_pool
    if f.legality is not None and f.legality.sets:
        bugs = f" and the {', '.join(f.legality.legal_bugs)} bugs" if f.legality.legal_bugs else ""
        # A set the document names twice (Modern's "Ivory Edition") is one set.
        distinct = [s for s in f.legality.sets if not getattr(s, "duplicate_of", None)]
        return f"{len(distinct)} listed sets{bugs}"
    if not pool:
        return None
    if pool.get("in_pool") is False:
        return f"only {pool.get('collection', 'its own collection')}"
    tags = pool.get("pool_tags")
    if tags:
        reading = pool.get("reading")  # the Codex's reading of which pool the format means, said so
        return f"the {', '.join(tags)} card pool" + (f" ({' '.join(str(reading).split())})" if reading else "")
    return None


# The Ruleset's codes in words (data/schemas/format.schema.json describes each).
_TIMING = {
    "end-of-current-turn": "at the end of the current turn, once reached",
    "opponent-ends-turn": "when the player ends a turn at or below it",
    "immediately": "immediately",
}
_SEPPUKU = {"before-honor-loss": "a Reaction before an Honor loss", "open": "an Open action"}

_SUMMARY = {
    "deck-construction": (
        ("Dynasty deck", lambda rs: _deck(rs.dynasty_deck), "dynasty_deck"),
        ("Fate deck", lambda rs: _deck(rs.fate_deck), "fate_deck"),
        ("Copies of a card", lambda rs: _n(rs.copy_limit, " at most"), "copy_limit"),
        (
            "Card text may allow more copies",
            lambda rs: (
                ("yes" if rs.card_text_overrides_copy_limit else "no")
                if rs.rule("card_text_overrides_copy_limit")
                else None
            ),
            "card_text_overrides_copy_limit",
        ),
        (
            "Proxies in a tournament",
            lambda rs: _n(rs.extra.get("max_proxies_tournament"), " at most"),
            "max_proxies_tournament",
        ),
        ("Legal cards", None, "card_pool"),
        ("bans", None, None),
    ),
    "victory": (
        ("Honor victory", lambda rs: _n(rs.honor_victory_at, " Family Honor"), "honor_victory_at"),
        ("Dishonor loss", lambda rs: _n(rs.dishonor_loss_at, " Family Honor"), "dishonor_loss_at"),
        ("When dishonor loses", lambda rs: _TIMING.get(rs.dishonor_timing), "dishonor_timing"),
        ("Enlightenment", lambda rs: _n(rs.enlightenment_rings, " Rings"), "enlightenment_rings"),
        ("Provinces", lambda rs: _n(rs.provinces), "provinces"),
    ),
    "turn-sequence": (
        ("Phases", lambda rs: " – ".join(rs.phases) or None, "phases"),
        ("Optional", lambda rs: ", ".join(rs.optional_phases) or None, "optional_phases"),
        (
            "Phases that are parts of another",
            lambda rs: ", ".join(f"{part} of {whole}" for part, whole in rs.phase_parts.items()) or None,
            "phase_parts",
        ),
        ("End of the turn", lambda rs: " then ".join(rs.end_of_turn) or None, "end_of_turn"),
        ("Cards drawn at the end", lambda rs: _n(rs.end_phase_draw), "end_phase_draw"),
    ),
    "hand-size": (
        ("Maximum hand size", lambda rs: _n(rs.max_hand_size, " cards"), "max_hand_size"),
        ("End of the turn", lambda rs: " then ".join(rs.end_of_turn) or None, "end_of_turn"),
    ),
    "setup": (
        ("Starting hand", lambda rs: _n(rs.starting_hand, " cards"), "starting_hand"),
        ("Provinces", lambda rs: _n(rs.provinces), "provinces"),
        ("Starting Holdings", _starting_holdings, "starting_holdings"),
        ("Second player's Stronghold", _second_stronghold, ("stronghold_sides", "one_sided_stronghold")),
    ),
    "clan-alignment": (
        ("Clan Alignments", lambda rs: _n(len(rs.clan_alignments) or None, " listed"), "clan_alignments"),
        ("Clan discount", lambda rs: _n(rs.clan_discount, " Gold"), "clan_discount"),
        ("Out-of-Clan surcharge", lambda rs: _n(rs.out_of_clan_surcharge, " Gold"), "out_of_clan_surcharge"),
    ),
    "honor": (
        ("Honor victory", lambda rs: _n(rs.honor_victory_at, " Family Honor"), "honor_victory_at"),
        ("Dishonor loss", lambda rs: _n(rs.dishonor_loss_at, " Family Honor"), "dishonor_loss_at"),
        ("Blood Money", lambda rs: _n(rs.blood_money.get("extra_cost"), " more Gold"), "blood_money"),
    ),
    "player-abilities": (
        ("Lobby", lambda rs: rs.lobby and rs.lobby["words"], "lobby"),
        ("Seppuku", lambda rs: _SEPPUKU.get(rs.seppuku.get("timing")), "seppuku"),
    ),
    "proxies": (
        (
            "Proxies in a tournament",
            lambda rs: _n(rs.extra.get("max_proxies_tournament"), " at most"),
            "max_proxies_tournament",
        ),
    ),
    "battle": (("Honor per destroyed card", lambda rs: _n(rs.honor_for_destroyed_cards), "honor_for_destroyed_cards"),),
}


def differences(codex: m.Codex, key: str, rulesets) -> tuple[tuple[m.Format, tuple[Fact, ...]], ...]:
    """What differs on a topic, one line per bundled format, from each format's Ruleset; a number the format
    does not give is "not stated", never another format's."""
    spec = _SUMMARY.get(key)
    if not spec:
        return ()
    lines = []
    for f in codex.bundled_formats:
        rs = rulesets[f.id]
        facts = []
        for label, get, ref in spec:
            if label == "bans":
                facts.append(_bans(codex, f))
                continue
            value = _pool(rs, f) if get is None else get(rs)  # (the legal cards: from the format, not its Ruleset)
            if isinstance(value, str) and value.endswith(" at most"):  # "3 at most" reads "at most 3"
                value = "at most " + value[: -len(" at most")]
            refs = ref if isinstance(ref, tuple) else (ref,)  # the first of the rules that state it
            cited = next((rs.rule(r) for r in refs if rs.rule(r)), None)
            facts.append(Fact(label, value if value else NOT_STATED, cited if value else None))
        lines.append((f, tuple(facts)))
    return tuple(lines)
