"""What a ban entry's dates mean, in words a judge can check against the document.

A ban list date is only ever what the document says:

- `exact`: the document dates the change itself ("[02/15/2016] Moshi Eihime added to Banned List").
- `on-or-before`: the document dates a later statement that the change had happened; the day is a bound.
- `as-of`: the document says the card is on the list *as of* a day ("As of August 16, 2015, the following
  cards are banned"). That is a statement about that day, not the day the ban began.
- `inferred`: the document gives no date; the Codex infers one (for the deck checker's "as of" questions)
  and says why in `*_inference`. Shown as undated, with the inference beside it.

`BanEntry.in_force` (and so `BanList.as_of`, which the deck checker uses) reads the dates as bounds: an
entry is in force from its `added` day on and until its `lifted` day. For `as-of` and `inferred` dates that
reading is the Codex's inference; `DateStatement.inferred` and `.why` say so wherever the date is shown.

Card pages, ban list pages and the card-status comparison call `added_statement`, `lifted_statement` and
`status_phrase`, so every page words a date the same way.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from . import model as m

PRECISIONS = ("exact", "on-or-before", "as-of", "inferred")


@dataclass(frozen=True)
class DateStatement:
    """One date of a ban entry, as the document states it (or as the Codex infers it, said so)."""

    date: dt.date | None  # the day the Codex uses for "as of" questions (None: no day at all)
    qualifier: str  # exact | on-or-before | as-of | undated
    inferred: bool = False  # the Codex's inference, not the document's statement
    why: str = ""  # the reason, when inferred
    phrase: str = ""  # ready words: "on or before 2015-08-16", "on the list as of 2015-08-16", "undated"

    @property
    def iso(self) -> str:
        return self.date.isoformat() if self.date else ""


def _statement(date, precision: str, inference: str, *, as_of_subject: str) -> DateStatement | None:
    if date is None:
        return None
    iso = date.isoformat()
    if precision == "on-or-before":
        return DateStatement(date, "on-or-before", phrase=f"on or before {iso}")
    if precision == "as-of":
        return DateStatement(
            date, "as-of", inferred=True,
            why=(f"The document says the card is {as_of_subject} as of {iso}, not when that began; the Codex "
                 f"reads it as in force from {iso} on when checking a deck for a date."),
            phrase=f"{as_of_subject} as of {iso} (on or before that day)")
    if precision == "inferred":
        return DateStatement(date, "undated", inferred=True, why=inference,
                             phrase="undated")
    return DateStatement(date, "exact", phrase=iso)


def added_statement(entry: m.BanEntry) -> DateStatement | None:
    """When the ban began, as the document states it; None when no date is given."""
    return _statement(entry.added, entry.added_precision, getattr(entry, "added_inference", ""),
                      as_of_subject="on the list")


def lifted_statement(entry: m.BanEntry) -> DateStatement | None:
    """When the ban was lifted, as the document states it; None when it was not lifted.

    A lift the document gives without any date and for which the Codex infers no day still shows as lifted:
    `lifted_by` names the update, and the statement is "undated".
    """
    st = _statement(entry.lifted, entry.lifted_precision, getattr(entry, "lifted_inference", ""),
                    as_of_subject="off the list")
    if st is None and entry.lifted_by:
        return DateStatement(None, "undated", phrase="undated")
    return st


def status_phrase(entry: m.BanEntry) -> str:
    """One line for a card-status table cell: "banned · on or before 2016-02-15", "ban lifted · undated"."""
    lifted = lifted_statement(entry)
    if lifted is not None:
        return f"ban lifted · {lifted.phrase}"
    added = added_statement(entry)
    if added is None:
        return "banned · no date given"
    if added.qualifier == "exact":
        return f"banned since {added.phrase}"
    return f"banned · {added.phrase}"
