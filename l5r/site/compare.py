"""Comparison pages: one topic that several formats define, side by side, saying what each format inherits,
amends or adds. Topics come from the data: rule sections sharing a `topic:`, player abilities and keywords
sharing a `key:` (with a rule section titled like the key), and every card's ban status.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ..data import model as m
from .pages import Page
from .render import TITLES_PAGE, title_anchor

# The same topic sits in the same place in every format: overviews list them in this order.
TOPICS = (
    ("cardinal-rules", "Cardinal rules"),
    ("victory", "Victory conditions"),
    ("deck-construction", "Deck construction"),
    ("clan-alignment", "Clan alignment"),
    ("honor", "Family Honor"),
    ("setup", "Setting up"),
    ("turn-sequence", "Turn sequence"),
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

INDEX = "compare/index.md"
# Rule sections that may stand for a keyword or ability of the same name (Modern amends "Reaction" there).
_TERM_TOPICS = ("keywords", "card-types", "player-abilities", "honor")
KINDS = (("rules", "Rules"), ("abilities", "Player abilities"), ("keywords", "Keywords and terms"))

# Labels for a column. Every label but "inherits", "grouping", "several" and "absent" is a record's own
# `relation:` (data), shown with the document's words that justify it (issue 12).
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

    @property
    def uri(self) -> str:
        return f"compare/{self.kind}/{self.key}.md"


# ---------------------------------------------------------------------------------------------------------
# Finding shared topics
# ---------------------------------------------------------------------------------------------------------


def topics(codex: m.Codex) -> list[Topic]:
    """Every topic at least two bundled formats define, rules first, then abilities, then keywords."""
    out = []
    for kind, entries in (("rules", _rule_entries(codex)), ("terms", _term_entries(codex))):
        for key, by_format in sorted(entries.items()):
            if len(by_format) < 2:
                continue
            records = [r for rs in by_format.values() for r in rs if not isinstance(r, _Grouped)]
            if kind == "terms":
                kind_here = "abilities" if any(r.record_kind == "ability" for r in records) else "keywords"
            else:
                kind_here = kind
            title = _rule_titles().get(key) if kind == "rules" else None
            out.append(Topic(kind_here, key, title or _title(key, records), _columns(codex, by_format)))
    order = {k: i for i, (k, _) in enumerate(KINDS)}
    return sorted(out, key=lambda t: (order[t.kind], t.title.lower()))


def _rule_entries(codex: m.Codex) -> dict[str, dict[str, list]]:
    """topic -> format id -> the top-most sections with that topic."""
    found: dict[str, dict[str, list]] = {}
    for f in codex.bundled_formats:
        for s in f.all_sections():
            parent = codex.records.get(s.parent_id) if s.parent_id else None
            if s.topic and getattr(parent, "topic", None) != s.topic:
                found.setdefault(s.topic, {}).setdefault(f.id, []).append(s)
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
                found.setdefault(extra["key"], {}).setdefault(f.id, []).append(_Grouped(r, extra["note"]))
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


_UNSTATED = m.Relation("grouping", note="The data states no relation for this entry.")


def _entry(item) -> Entry:
    if isinstance(item, _Grouped):
        return Entry(item.record, m.Relation("grouping", note=item.note))
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
        chain = tuple((a, a.parent_evidence) for a in codex.ancestry(f.id)[:-1]
                      if codex.ancestry(f.id).index(a) < codex.ancestry(f.id).index(source))
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
    rows: tuple[tuple[m.Card, tuple[tuple[m.Format, tuple[m.BanEntry, ...]], ...]], ...]


def card_groups(codex: m.Codex) -> list[TitleGroup]:
    with_bans = ban_formats(codex)
    by_name: dict[str, list[m.Card]] = {}
    for card in sorted(codex.cards.values(), key=lambda c: (c.name.lower(), c.experience or "", c.id)):
        by_name.setdefault(card.name, []).append(card)
    groups = []
    for name, cards in by_name.items():
        rows = tuple((c, tuple((f, tuple(e for e in f.bans.entries if e.card == c.id)) for f in with_bans))
                     for c in cards)
        groups.append(TitleGroup(name, title_anchor(name), rows))
    return groups


def ban_formats(codex: m.Codex) -> list[m.Format]:
    return [f for f in codex.bundled_formats if f.bans]


def other_ban_entries(codex: m.Codex) -> list[m.BanEntry]:
    """Ban entries that name no single card (an icon, unreleased promos)."""
    return [e for f in codex.bundled_formats if f.bans for e in f.bans.entries if not e.card]


# ---------------------------------------------------------------------------------------------------------
# Pages and navigation
# ---------------------------------------------------------------------------------------------------------


def plan_compare(codex: m.Codex, pages: list, nav: list) -> None:
    """Add the comparison pages and their navigation section (called by plan.plan_site)."""
    found = topics(codex)
    pages.append(Page(INDEX, "Compare formats", "compare_index.md.j2", {"topics": found, "status": STATUS,
                                                                         "kinds": KINDS}))
    section: list = [{"All comparisons": INDEX}]
    for kind, label in KINDS:
        mine = [t for t in found if t.kind == kind]
        for t in mine:
            pages.append(Page(t.uri, f"Compare: {t.title}", "compare_topic.md.j2", {"topic": t, "status": STATUS}))
        if mine:
            section.append({label: [{t.title: t.uri} for t in mine]})
    pages.append(Page(TITLES_PAGE, "Card status in every format", "compare_cards.md.j2",
                      {"groups": card_groups(codex), "ban_formats": ban_formats(codex),
                       "others": other_ban_entries(codex)}))
    section.append({"Card status": TITLES_PAGE})
    nav.append({"Compare": section})
