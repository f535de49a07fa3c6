"""Oracle of the Void's own deck exports, rendered the way its client renders them (test support).

The exporter is public: Oracle-of-the-Void/ootv-client. What this file reproduces, line for line:
- `templates/l5r.js`, `databasesort['l5r'].deck`: Pre-Game first, then Dynasty, then the rest; within a deck by
  type, then by title (JavaScript string comparison, i.e. code-point order).
- `templates/l5r.js`, `headerize['l5r'].deck`: a deck header "<Deck> - (<copies>) [<n> distinct]" whenever the
  deck changes, a type header "<Type> - (<copies>) [<n> distinct]" whenever the type changes.
- `templates/template-text.html` ("Plain text"): `# <header>` (a blank line before every header but the first),
  card lines `<qty> <title> (<set>)` — or `<qty> <title> ` with a trailing space when no printing is chosen.
- `templates/template-texttab.html` ("Native Oracle (Tab-delimited)"): `#<TAB>     <header>`, card lines
  `<qty><TAB><title><TAB>(<set>)` — or a trailing TAB when no printing is chosen.
- `templates/template-textsnm.html` ("Sun and Moon", exported with `noheaders`): a first line
  `Legality: <legality>`, then only card lines, as in plain text.
- `oracle.js` (listinfo): the text is downloaded with every "\\n" turned into "\\r\\n".
- `docs/API.md`: `puretexttitle` is "the common text representation of title (Big Dog • Experienced -> Big Dog
  - exp)"; Sun and Moon's own title tweak (`titletextsnm`) is not published, so the plain form is used.

Only titles, counts and set names are written: no card text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class ListCard:
    quantity: int
    title: str  # the pool's full name: "Hida Kisada • Experienced", "Border Keep • Experienced 2"
    deck: str  # "Pre-Game" | "Dynasty" | "Fate"
    type: str
    printing: str | None  # the set of the chosen printing, None when the list names no printing


_EXPERIENCED = re.compile(r"\s*•\s*Experienced\s*(.*)$")


def pure_text_title(title: str) -> str:
    """ "Big Dog • Experienced" -> "Big Dog - exp", "… • Experienced 2" -> "… - exp2" (docs/API.md)."""
    match = _EXPERIENCED.search(title)
    if not match:
        return title
    level = match.group(1).replace(" ", "")
    return title[: match.start()] + " - exp" + level


def _deck_rank(deck: str) -> int:
    return {"Pre-Game": 0, "Dynasty": 1}.get(deck, 2)


def sort_by_deck(cards: list[ListCard]) -> list[ListCard]:
    """databasesort['l5r'].deck"""
    return sorted(cards, key=lambda c: (_deck_rank(c.deck), c.deck if _deck_rank(c.deck) == 2 else "", c.type, c.title))


def headerize(cards: list[ListCard]) -> list[str | ListCard]:
    """headerize['l5r'].deck: header strings between the cards."""
    deck_copies: dict = {}
    deck_distinct: dict = {}
    type_copies: dict = {}
    type_distinct: dict = {}
    for c in cards:
        deck_copies[c.deck] = deck_copies.get(c.deck, 0) + c.quantity
        deck_distinct[c.deck] = deck_distinct.get(c.deck, 0) + 1
        key = (c.deck, c.type)
        type_copies[key] = type_copies.get(key, 0) + c.quantity
        type_distinct[key] = type_distinct.get(key, 0) + 1
    out: list = []
    last_deck = last_type = ""
    for c in cards:
        if c.deck != last_deck:
            last_deck = c.deck
            out.append(f"{c.deck} - ({deck_copies[c.deck]}) [{deck_distinct[c.deck]} distinct]")
        if c.type != last_type:
            last_type = c.type
            key = (c.deck, c.type)
            out.append(f"{c.type} - ({type_copies[key]}) [{type_distinct[key]} distinct]")
        out.append(c)
    return out


def _crlf(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines).replace("\n", "\r\n")


def plain_text(cards: list[ListCard]) -> str:
    """template-text.html over the headerized list."""
    lines: list[str] = []
    for index, item in enumerate(headerize(sort_by_deck(cards))):
        if isinstance(item, str):
            if index > 0:
                lines.append("")
            lines.append(f"# {item}")
        else:
            printing = f"({item.printing})" if item.printing else ""
            lines.append(f"{item.quantity} {pure_text_title(item.title)} {printing}")
    return _crlf(lines)


def tab_delimited(cards: list[ListCard]) -> str:
    """template-texttab.html over the headerized list."""
    lines: list[str] = []
    for index, item in enumerate(headerize(sort_by_deck(cards))):
        if isinstance(item, str):
            if index > 0:
                lines.append("")
            lines.append(f"#\t     {item}")
        else:
            printing = f"({item.printing})" if item.printing else ""
            lines.append(f"{item.quantity}\t{pure_text_title(item.title)}\t{printing}")
    return _crlf(lines)


def sun_and_moon(cards: list[ListCard], legality: str) -> str:
    """template-textsnm.html with `noheaders`: the list is not headerized."""
    lines = [f"Legality: {legality}"]
    for item in sort_by_deck(cards):
        printing = f"({item.printing})" if item.printing else ""
        lines.append(f"{item.quantity} {pure_text_title(item.title)} {printing}")
    return _crlf(lines)
