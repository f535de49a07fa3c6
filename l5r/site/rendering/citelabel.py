"""How a citation reads on a page: the document's numbering wherever it has one, its words where it has none.

A record's citation id (`OH ii-f-deck-restrictions`, `MOD ban-border-keep-experienced-2`) is its stable name: short
links, permalinks.json, anchors and the search index's tags are made from it and never change. What a reader sees
is worded like the document:

- a numbered rule by its number (`OH II.F`); a sub-section the document does not number by its nearest numbered
  section plus its title (`OH II.F, Deck Restrictions`);
- an unnumbered section by its heading, under its parent's (`OH Initial Guidelines, Deck Construction`);
- a keyword or a player ability by its name (`NE Blood Money`, `OH Lobby`), with its group's heading when the
  format has another ability or a keyword of that name (`OH Battle, Enlightened`); a keyword's sub-section under its keyword;
- a ban entry by the card as the list writes it (`MOD Ban list, Border Keep - Experienced 2`), a legal set by its
  name under its list's heading, an update by its date (and its title when the
  document gives two updates that day);
- a card by its printed title (`CARD Border Keep`), the way every pool card page names its card.

Only "Ban list", "Ruling" and "Update" are the Codex's words (the documents head those lists in their own ways);
everything else is the document's numbering or heading.
"""

from __future__ import annotations

from collections.abc import Callable

from ...data import model as m

# ---------------------------------------------------------------------------------------------------------
# The label
# ---------------------------------------------------------------------------------------------------------


def label(record, codex: m.Codex | None = None) -> str:
    """The citation as displayed for `record` (a Record, or anything with a `citation`)."""
    citation = getattr(record, "citation", "") or ""
    kind = getattr(record, "record_kind", "")
    if kind == m.RecordKind.CARD:
        return f"CARD {record.full_title}"
    if codex is None or getattr(record, "format_id", None) not in codex.formats:
        return citation  # without the Codex only the id is known
    prefix = codex.formats[record.format_id].citation_prefix
    words = _WORDED.get(kind)
    found = words(record, codex, prefix) if words is not None else None
    return found or citation


def _section(record, codex, prefix):
    if getattr(record, "number", None):
        return None  # the citation is the document's number
    parent = codex.records.get(record.parent_id) if record.parent_id else None
    seen = set()
    ancestor = parent
    while ancestor is not None and ancestor.id not in seen:
        seen.add(ancestor.id)
        if getattr(ancestor, "number", None):
            return f"{ancestor.citation}, {record.title}"
        ancestor = codex.records.get(ancestor.parent_id) if getattr(ancestor, "parent_id", None) else None
    return f"{prefix} {parent.title}, {record.title}" if parent is not None else f"{prefix} {record.title}"


def _ability(record, codex, prefix):
    fmt = codex.formats[record.format_id]
    named = sum(a.name == record.name for a in fmt.abilities) + sum(k.term == record.name for k in fmt.keywords)
    if named > 1:  # another ability, or a keyword, of that name in the format
        group = codex.records.get(record.group_id)
        if group is not None:
            return f"{prefix} {group.title}, {record.name}"
    return f"{prefix} {record.name}"


def _keyword_section(record, codex, prefix):
    return f"{prefix} {codex.records[record.keyword_id].term}, {record.title}"


def _legal_set(record, codex, prefix):
    legality = codex.formats[record.format_id].legality
    return (
        f"{prefix} {legality.title}, {record.as_written}" if legality is not None else f"{prefix} {record.as_written}"
    )


def _update(record, codex, prefix):
    if record.date is None:
        return f"{prefix} Update, {record.title}"
    same_day = sum(e.date == record.date for e in codex.formats[record.format_id].changelog)
    dated = f"{prefix} Update {record.date.isoformat()}"
    return dated if same_day == 1 else f"{dated}, {record.title}"


_WORDED: dict[str, Callable[..., str | None]] = {
    m.RecordKind.SECTION: _section,
    m.RecordKind.ABILITY: _ability,
    m.RecordKind.ABILITY_GROUP: lambda r, c, p: f"{p} {r.title}",
    m.RecordKind.KEYWORD: lambda r, c, p: f"{p} {r.term}",
    m.RecordKind.KEYWORD_SECTION: _keyword_section,
    m.RecordKind.BAN: lambda r, c, p: f"{p} Ban list, {r.as_written}",
    m.RecordKind.BAN_CATEGORY: lambda r, c, p: f"{p} Ban list, {r.title}",
    m.RecordKind.SET: _legal_set,
    m.RecordKind.CHANGELOG: _update,
    m.RecordKind.RULING: lambda r, c, p: f"{p} Ruling, {r.question}",
}
