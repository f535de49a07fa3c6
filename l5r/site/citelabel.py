"""How a citation reads on a page: the document's numbering wherever it has one.

A record's citation id (`OH ii-f-deck-restrictions`, `CARD border-keep`) is its stable name: short links,
permalinks.json, anchors and the search index's tags are made from it and never change. What a reader sees is
worded like the document: a sub-section without a number of its own is cited as its nearest numbered section
plus its title (`OH II.F, Deck Restrictions`), and a card by its printed title (`CARD Border Keep`), the way
every pool card page names its card.
"""

from __future__ import annotations

from ..data import model as m


def label(record, codex: m.Codex | None = None) -> str:
    """The citation as displayed for `record` (a Record, or anything with a `citation`)."""
    citation = getattr(record, "citation", "") or ""
    kind = getattr(record, "record_kind", "")
    if kind == "card":
        return f"CARD {record.full_title}"
    if kind == "section" and not getattr(record, "number", None) and codex is not None:
        parent_id = record.parent_id
        seen = set()
        while parent_id and parent_id not in seen:
            seen.add(parent_id)
            parent = codex.records.get(parent_id)
            if parent is None:
                break
            if getattr(parent, "number", None):
                return f"{parent.citation}, {record.title}"
            parent_id = getattr(parent, "parent_id", None)
    return citation
