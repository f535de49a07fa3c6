"""Immutable model objects for everything in data/: formats, rules, abilities, keywords, bans, cards..."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType
from typing import Mapping

# ---------------------------------------------------------------------------------------------------------
# Vocabulary: the words the data files use for a closed set of things. Each is a StrEnum whose values are the
# words as written in YAML, so a member compares equal to its word, and JSON and pages show the word itself.
# ---------------------------------------------------------------------------------------------------------


class RecordKind(StrEnum):
    """What a citable record is (`record.record_kind`): the word pages, the API and error messages use."""

    RECORD = "record"
    SECTION = "section"
    ABILITY = "ability"
    ABILITY_GROUP = "ability-group"
    KEYWORD_SECTION = "keyword-section"
    KEYWORD = "keyword"
    BAN = "ban"
    BAN_CATEGORY = "ban-category"
    CHANGELOG = "changelog"
    RULING = "ruling"
    SET = "set"
    CARD = "card"


class RelationKind(StrEnum):
    """How a record relates to the rules its format builds on (data/schemas/defs relation)."""

    DEFINES = "defines"
    ADDS = "adds"
    AMENDS = "amends"
    REPLACES = "replaces"
    RESTATES = "restates"
    GROUPING = "grouping"  # the Codex's own grouping: the document says nothing about the relation


class DatePrecision(StrEnum):
    """How a ban entry's date is stated (what each means: l5r/data/bandates.py)."""

    EXACT = "exact"
    ON_OR_BEFORE = "on-or-before"
    AS_OF = "as-of"
    INFERRED = "inferred"


class AutolinkMode(StrEnum):
    """How the auto-linker may link an ability's or keyword's name."""

    NAME = "name"  # wherever the text uses it as a name
    NAME_ONLY = "name-only"  # only where the text cannot be a designator or a verb of the same spelling


class ChangeKind(StrEnum):
    """What a changelog entry changes (data/schemas/changelog.schema.json)."""

    BAN = "ban"
    UNBAN = "unban"
    ABILITY_CHANGE = "ability-change"
    RULE_CHANGE = "rule-change"
    CLARIFICATION = "clarification"
    WITHDRAWAL = "withdrawal"
    ADDITION = "addition"
    REVISION = "revision"
    EDITORIAL = "editorial"


class BlockKind(StrEnum):
    PARAGRAPH = "paragraph"
    LIST = "list"
    EXAMPLE = "example"
    NOTE = "note"


def _as(record, name: str, vocabulary: type[StrEnum]) -> None:
    """Hold the field as its vocabulary member; a word outside it is refused (ValueError names the word)."""
    value = getattr(record, name)
    if not isinstance(value, vocabulary):
        try:
            value = vocabulary(value)
        except ValueError:
            allowed = ", ".join(v.value for v in vocabulary)
            raise ValueError(f"{type(record).__name__}.{name}: {value!r} is not one of {allowed}") from None
        object.__setattr__(record, name, value)


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

    kind: BlockKind
    text: str = ""
    items: tuple[ListItem, ...] = ()

    def __post_init__(self):
        _as(self, "kind", BlockKind)

    def strings(self):
        if self.kind == BlockKind.LIST:
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


@dataclass(frozen=True)
class Relation:
    """How a record relates to the rules its format builds on, as the document itself says.

    `evidence` is the document's own phrase, verbatim ("Amend the second paragraph of this entry to read").
    `kind == "grouping"` is the Codex's own grouping: the document says nothing about the relation, and
    `note` says why the Codex shows the record there.
    """

    kind: RelationKind
    evidence: str = ""
    of: str = ""  # what it adds to / amends / replaces, in the document's words where it has some
    note: str = ""

    def __post_init__(self):
        _as(self, "kind", RelationKind)

    @property
    def is_codex_grouping(self) -> bool:
        return self.kind == RelationKind.GROUPING


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

    record_kind = RecordKind.RECORD


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

    record_kind = RecordKind.SECTION

    def walk(self):
        yield self
        for sub in self.sections:
            yield from sub.walk()


@dataclass(frozen=True, kw_only=True)
class NamedRule(Record):
    """What an ability and a keyword share: a rule known by its name, which the text of other rules links to."""

    key: str
    heading: str | None = None
    text: tuple[Block, ...] = ()
    errata: tuple[Erratum, ...] = ()
    examples: tuple[Mapping, ...] = ()
    changed_by: tuple[str, ...] = ()
    autolink: bool = True
    aliases: tuple[str, ...] = ()
    autolink_as: AutolinkMode = AutolinkMode.NAME

    def __post_init__(self):
        _as(self, "autolink_as", AutolinkMode)


@dataclass(frozen=True)
class Action:
    """One action of an ability that holds several (Reserve: the battle recruit and the attachment action):
    its opening words as written and its own designators."""

    designators: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class TopicPlacement:
    """A comparison topic where the Codex also shows an ability (`compare_with:`), and why."""

    key: str
    note: str


@dataclass(frozen=True, kw_only=True)
class Ability(NamedRule):
    name: str
    group_id: str
    designators: tuple[str, ...] = ()
    cost: str | None = None
    notes: tuple[Block, ...] = ()
    see: str | None = None
    action_designators: tuple[Action, ...] = ()  # one per action when the ability holds several
    compare_with: tuple[TopicPlacement, ...] = ()

    record_kind = RecordKind.ABILITY


@dataclass(frozen=True, kw_only=True)
class AbilityGroup(Record):
    heading: str | None = None
    text: tuple[Block, ...] = ()
    abilities: tuple[Ability, ...] = ()

    record_kind = RecordKind.ABILITY_GROUP


@dataclass(frozen=True, kw_only=True)
class KeywordSection(Record):
    keyword_id: str  # the keyword it is a part of
    heading: str | None = None
    text: tuple[Block, ...] = ()

    record_kind = RecordKind.KEYWORD_SECTION


@dataclass(frozen=True, kw_only=True)
class Keyword(NamedRule):
    term: str
    category: str
    short: str = ""
    sections: tuple[KeywordSection, ...] = ()
    file_key: str = ""  # which keyword file (page) it belongs to

    record_kind = RecordKind.KEYWORD


@dataclass(frozen=True, kw_only=True)
class BanEntry(Record):
    as_written: str
    category_id: str
    card: str | None = None
    match: Mapping = field(default_factory=lambda: MappingProxyType({}))
    added: dt.date | None = None
    added_precision: DatePrecision = DatePrecision.EXACT
    added_by: str | None = None
    lifted: dt.date | None = None
    lifted_precision: DatePrecision = DatePrecision.EXACT
    lifted_by: str | None = None
    added_inference: str = ""  # why the Codex infers `added` (added_precision: inferred); l5r/data/bandates.py
    lifted_inference: str = ""
    note: str = ""
    errata: tuple[Erratum, ...] = ()

    record_kind = RecordKind.BAN

    def __post_init__(self):
        _as(self, "added_precision", DatePrecision)
        _as(self, "lifted_precision", DatePrecision)

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

    record_kind = RecordKind.BAN_CATEGORY


@dataclass(frozen=True)
class BanList:
    format_id: str
    text: tuple[Block, ...] = ()
    footer: tuple[Block, ...] = ()
    categories: tuple[BanCategory, ...] = ()
    # The day from which the undated entries are stated (the Codex's reading, `undated_as_of_why` says why).
    undated_as_of: dt.date | None = None
    undated_as_of_why: str = ""

    # Worked out once per list (it is frozen): the deck checker asks for every card of the pool on every day.
    @cached_property
    def entries(self) -> tuple[BanEntry, ...]:
        return tuple(e for c in self.categories for e in c.entries)

    def as_of(self, on: dt.date) -> tuple[BanEntry, ...]:
        """The ban list as it stood on a given day."""
        return tuple(e for e in self.entries if e.in_force(on))

    @cached_property
    def stated_from(self) -> dt.date | None:
        """The first day the document states the whole list: the latest day an entry is on it only "as of"
        that day (Modern's "As of August 16, 2015"), or from which its undated entries are read (`undated_as_of`:
        the Obsidian Hand's list as its document stands on its latest update, 02/15/2016). What was banned before
        it the documents do not say, so the ban part of a verdict is "not stated". None when no entry is dated
        only "as of" and the list gives no day for its undated ones: stated from the start. One rule for every
        format."""
        days = [
            e.added
            for e in self.entries
            if not e.lifted_undated and e.added is not None and e.added_precision in ("as-of", "inferred")
        ]
        if self.undated_as_of is not None and any(e.added is None and not e.lifted_undated for e in self.entries):
            days.append(self.undated_as_of)
        return max(days) if days else None

    def stated_on(self, on: dt.date) -> bool:
        start = self.stated_from
        return start is None or on >= start

    def dates(self) -> tuple[dt.date, ...]:
        """Every day the list changed, oldest first."""
        days = {d for e in self.entries for d in (e.added, e.lifted) if d is not None}
        return tuple(sorted(days))


@dataclass(frozen=True, kw_only=True)
class ChangelogEntry(Record):
    kind: ChangeKind
    date: dt.date | None = None
    date_as_written: str | None = None
    touches: tuple[str, ...] = ()
    text: tuple[Block, ...] = ()
    old: str | None = None
    new: str | None = None
    errata: tuple[Erratum, ...] = ()
    position: int = 0  # document order

    record_kind = RecordKind.CHANGELOG

    def __post_init__(self):
        _as(self, "kind", ChangeKind)


@dataclass(frozen=True, kw_only=True)
class Ruling(Record):
    question: str
    text: tuple[Block, ...]
    source: str
    date: dt.date | None = None
    source_entry: str | None = None
    applies_to: tuple[str, ...] = ()
    examples: tuple[Mapping, ...] = ()

    record_kind = RecordKind.RULING


@dataclass(frozen=True, kw_only=True)
class LegalSet(Record):
    as_written: str
    pool_set: str | None = None
    duplicate_of: str | None = None
    note: str = ""
    errata: tuple[Erratum, ...] = ()

    record_kind = RecordKind.SET


@dataclass(frozen=True)
class CardLegalityRules:
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
class CardRecord(Record):
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

    record_kind = RecordKind.CARD

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
class KeywordFile:
    """One keyword file of a format (one page): its key (the file's name), title, heading and opening text."""

    key: str
    title: str
    heading: str | None = None
    text: tuple[Block, ...] = ()


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
    keyword_files: tuple[KeywordFile, ...] = ()
    keywords: tuple[Keyword, ...] = ()
    bans: BanList | None = None
    changelog: tuple[ChangelogEntry, ...] = ()
    changelog_text: tuple[Block, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    legality: CardLegalityRules | None = None

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
    cards: Mapping[str, CardRecord]
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
