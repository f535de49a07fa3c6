"""Immutable model objects for everything in data/: formats, rules, abilities, keywords, bans, cards..."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Mapping

# ---------------------------------------------------------------------------------------------------------
# Text
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ListItem:
    text: str
    children: tuple["ListItem", ...] = ()


@dataclass(frozen=True)
class Block:
    """One block of verbatim text: a paragraph, a bulleted list, an example or a note."""

    kind: str  # "paragraph" | "list" | "example" | "note"
    text: str = ""
    items: tuple[ListItem, ...] = ()

    def strings(self):
        if self.kind == "list":
            yield from _item_strings(self.items)
        else:
            yield self.text


def _item_strings(items):
    for item in items:
        yield item.text
        yield from _item_strings(item.children)


@dataclass(frozen=True)
class Erratum:
    original: str
    correction: str
    note: str = ""


# ---------------------------------------------------------------------------------------------------------
# Citable records
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Origin:
    """Where a record is defined, for error messages and 'edit this' links."""

    path: str
    line: int


RELATION_KINDS = ("defines", "adds", "amends", "replaces", "restates", "grouping")


@dataclass(frozen=True)
class Relation:
    """How a record relates to the rules its format builds on, as the document itself says.

    `evidence` is the document's own phrase, verbatim ("Amend the second paragraph of this entry to read").
    `kind == "grouping"` is the Codex's own grouping: the document says nothing about the relation, and
    `note` says why the Codex shows the record there.
    """

    kind: str  # a RELATION_KINDS value
    evidence: str = ""
    of: str = ""  # what it adds to / amends / replaces, in the document's words where it has some
    note: str = ""

    @property
    def is_codex_grouping(self) -> bool:
        return self.kind == "grouping"


@dataclass(frozen=True)
class CodexTitle:
    """A title the Codex gave a record the document gives no heading: where the words sit in the document."""

    under: str  # the heading the words sit under in the document, verbatim
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class Record:
    """Anything with a stable id, a citation and a permalink."""

    id: str
    title: str
    format_id: str | None
    origin: Origin
    citation: str = ""
    relation: Relation | None = None  # rule sections, abilities, keywords: data/schemas/defs relation
    codex_title: CodexTitle | None = None  # the title is the Codex's own (the document has no heading)
    see_also: tuple[str, ...] = ()  # the same thing stated elsewhere in the document in other words
    topics: tuple[str, ...] = ()  # comparison topics (data/schemas/defs topics), beside a section's `topic`

    record_kind = "record"


@dataclass(frozen=True, kw_only=True)
class Section(Record):
    number: str | None = None
    heading: str | None = None
    group: str | None = None
    topic: str | None = None
    text: tuple[Block, ...] = ()
    errata: tuple[Erratum, ...] = ()
    examples: tuple[Mapping, ...] = ()
    changed_by: tuple[str, ...] = ()
    sections: tuple["Section", ...] = ()
    parent_id: str | None = None
    top_id: str = ""

    record_kind = "section"

    def walk(self):
        yield self
        for sub in self.sections:
            yield from sub.walk()


@dataclass(frozen=True, kw_only=True)
class Ability(Record):
    key: str
    name: str
    group_id: str
    heading: str | None = None
    designators: tuple[str, ...] = ()
    cost: str | None = None
    text: tuple[Block, ...] = ()
    notes: tuple[Block, ...] = ()
    see: str | None = None
    # One entry per action when a single ability holds several (Reserve: the battle recruit and the
    # attachment action), each with its own designators: ({"designators": [...], "text": "..."}, ...).
    action_designators: tuple = ()
    compare_with: tuple = ()  # ({"key": topic key, "note": why the Codex shows it there}, ...)
    errata: tuple[Erratum, ...] = ()
    examples: tuple[Mapping, ...] = ()
    changed_by: tuple[str, ...] = ()
    autolink: bool = True
    aliases: tuple[str, ...] = ()
    # How the auto-linker may link the name: "name" links it wherever it is used as a name;
    # "name-only" links it only where the text cannot be a designator or a verb of the same spelling.
    autolink_as: str = "name"

    record_kind = "ability"


@dataclass(frozen=True, kw_only=True)
class AbilityGroup(Record):
    heading: str | None = None
    text: tuple[Block, ...] = ()
    abilities: tuple[Ability, ...] = ()

    record_kind = "ability-group"


@dataclass(frozen=True, kw_only=True)
class KeywordSection(Record):
    heading: str | None = None
    text: tuple[Block, ...] = ()

    record_kind = "keyword-section"


@dataclass(frozen=True, kw_only=True)
class Keyword(Record):
    key: str
    term: str
    category: str
    heading: str | None = None
    short: str = ""
    text: tuple[Block, ...] = ()
    errata: tuple[Erratum, ...] = ()
    examples: tuple[Mapping, ...] = ()
    changed_by: tuple[str, ...] = ()
    sections: tuple[KeywordSection, ...] = ()
    file_key: str = ""  # which keyword file (page) it belongs to
    autolink: bool = True
    aliases: tuple[str, ...] = ()
    # How the auto-linker may link the name: "name" links it wherever it is used as a name;
    # "name-only" links it only where the text cannot be a designator or a verb of the same spelling.
    autolink_as: str = "name"

    record_kind = "keyword"


@dataclass(frozen=True, kw_only=True)
class BanEntry(Record):
    as_written: str
    category_id: str
    card: str | None = None
    match: Mapping = field(default_factory=lambda: MappingProxyType({}))
    added: dt.date | None = None
    added_precision: str = "exact"
    added_by: str | None = None
    lifted: dt.date | None = None
    lifted_precision: str = "exact"
    lifted_by: str | None = None
    added_inference: str = ""  # why the Codex infers `added` (added_precision: inferred); l5r/data/bandates.py
    lifted_inference: str = ""
    note: str = ""
    errata: tuple[Erratum, ...] = ()

    record_kind = "ban"

    @property
    def lifted_undated(self) -> bool:
        """Lifted by an update the document does not date: when it was on the list is not stated either."""
        return self.lifted is None and self.lifted_by is not None

    def in_force(self, on: dt.date) -> bool:
        """Whether the ban applies on a given day. An entry with no added date is on the list from the start;
        an entry lifted on a day the document never gives is on no list the document states."""
        if self.lifted_undated:
            return False
        if self.added is not None and on < self.added:
            return False
        return not (self.lifted is not None and on >= self.lifted)


@dataclass(frozen=True, kw_only=True)
class BanCategory(Record):
    heading: str | None = None
    entries: tuple[BanEntry, ...] = ()

    record_kind = "ban-category"


@dataclass(frozen=True)
class BanList:
    format_id: str
    text: tuple[Block, ...] = ()
    footer: tuple[Block, ...] = ()
    categories: tuple[BanCategory, ...] = ()

    # Worked out once per list (it is frozen): the deck checker asks for every card of the pool on every day.
    @cached_property
    def entries(self) -> tuple[BanEntry, ...]:
        return tuple(e for c in self.categories for e in c.entries)

    def as_of(self, on: dt.date) -> tuple[BanEntry, ...]:
        """The ban list as it stood on a given day."""
        return tuple(e for e in self.entries if e.in_force(on))

    @cached_property
    def stated_from(self) -> dt.date | None:
        """The first day the document states the whole list, or None when it states it from the start (some
        entry carries no date and was never lifted). Modern's list is stated "As of August 16, 2015": what
        was banned before that day the document does not say, so the ban part of a verdict is "not stated"."""
        dated = []
        for e in self.entries:
            if e.lifted_undated:
                continue
            if e.added is None:
                return None
            dated.append(e.added)
        return min(dated) if dated else None

    def stated_on(self, on: dt.date) -> bool:
        start = self.stated_from
        return start is None or on >= start

    def dates(self) -> tuple[dt.date, ...]:
        """Every day the list changed, oldest first."""
        days = {d for e in self.entries for d in (e.added, e.lifted) if d is not None}
        return tuple(sorted(days))


@dataclass(frozen=True, kw_only=True)
class ChangelogEntry(Record):
    kind: str
    date: dt.date | None = None
    date_as_written: str | None = None
    touches: tuple[str, ...] = ()
    text: tuple[Block, ...] = ()
    old: str | None = None
    new: str | None = None
    errata: tuple[Erratum, ...] = ()
    position: int = 0  # document order

    record_kind = "changelog"


@dataclass(frozen=True, kw_only=True)
class Ruling(Record):
    question: str
    text: tuple[Block, ...]
    source: str
    date: dt.date | None = None
    source_entry: str | None = None
    applies_to: tuple[str, ...] = ()
    examples: tuple[Mapping, ...] = ()

    record_kind = "ruling"


@dataclass(frozen=True, kw_only=True)
class LegalSet(Record):
    as_written: str
    pool_set: str | None = None
    duplicate_of: str | None = None
    note: str = ""
    errata: tuple[Erratum, ...] = ()

    record_kind = "set"


@dataclass(frozen=True)
class CardLegality:
    id: str | None
    title: str
    text: tuple[Block, ...] = ()
    bugs_id: str | None = None
    bugs_text: tuple[Block, ...] = ()
    legal_bugs: tuple[str, ...] = ()
    bug_pool_tags: tuple[str, ...] = ()
    sets_text: tuple[Block, ...] = ()
    sets: tuple[LegalSet, ...] = ()

    @property
    def pool_sets(self) -> frozenset[str]:
        return frozenset(s.pool_set for s in self.sets if s.pool_set)


@dataclass(frozen=True, kw_only=True)
class Card(Record):
    name: str  # printed title
    experience: str | None
    type: str
    deck: str
    unique: bool | None = None
    clan: str | None = None
    keywords: tuple[str, ...] = ()
    icons: tuple[str, ...] = ()
    sets: tuple[str, ...] = ()
    pool_title: str | None = None
    aliases: tuple[str, ...] = ()
    distinct_from: tuple[str, ...] = ()
    version_of: str | None = None
    counts_as: tuple[str, ...] = ()
    soul_of: tuple[str, ...] = ()
    deck_rules: Mapping = field(default_factory=lambda: MappingProxyType({}))
    facts: tuple[str, ...] = ()

    record_kind = "card"

    @property
    def full_title(self) -> str:
        return f"{self.name} • {self.experience}" if self.experience else self.name


# ---------------------------------------------------------------------------------------------------------
# Formats
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    title: str
    document: str | None = None
    publisher: str | None = None
    date: dt.date | None = None
    date_note: str | None = None
    url: str | None = None


@dataclass(frozen=True)
class Format:
    id: str
    name: str
    short_name: str
    citation_prefix: str
    source: Source
    origin: Origin
    parent: str | None = None
    relation: str = ""
    parent_evidence: str = ""  # the document's words that say it builds on its parent
    bundled: bool = True
    order: int = 100
    summary: tuple[Block, ...] = ()
    text: tuple[Block, ...] = ()
    note: str = ""
    ruleset: Mapping = field(default_factory=lambda: MappingProxyType({}))
    sections: tuple[Section, ...] = ()
    ability_groups: tuple[AbilityGroup, ...] = ()
    abilities_text: tuple[Block, ...] = ()
    keyword_files: tuple[tuple[str, str, str | None, tuple[Block, ...]], ...] = ()  # (key, title, heading, text)
    keywords: tuple[Keyword, ...] = ()
    bans: BanList | None = None
    changelog: tuple[ChangelogEntry, ...] = ()
    changelog_text: tuple[Block, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    legality: CardLegality | None = None

    @property
    def abilities(self) -> tuple[Ability, ...]:
        return tuple(a for g in self.ability_groups for a in g.abilities)

    def all_sections(self):
        for s in self.sections:
            yield from s.walk()


@dataclass(frozen=True)
class Redirect:
    old: str
    to: str
    note: str = ""


@dataclass(frozen=True)
class Codex:
    """Everything, loaded, validated and cross-referenced."""

    formats: Mapping[str, Format]
    cards: Mapping[str, Card]
    records: Mapping[str, Record]
    redirects: tuple[Redirect, ...] = ()
    set_acronyms: Mapping[str, str] = field(default_factory=dict)  # data/set-acronyms.yml: acronym -> set name

    def format(self, format_id: str) -> Format:
        return self.formats[format_id]

    @property
    def bundled_formats(self) -> tuple[Format, ...]:
        return tuple(sorted((f for f in self.formats.values() if f.bundled), key=lambda f: (f.order, f.id)))

    def ancestry(self, format_id: str) -> tuple[Format, ...]:
        """The format, then its parent, grandparent...: where rules are inherited from."""
        chain, seen = [], set()
        current = self.formats.get(format_id)
        while current is not None and current.id not in seen:
            chain.append(current)
            seen.add(current.id)
            current = self.formats.get(current.parent) if current.parent else None
        return tuple(chain)
