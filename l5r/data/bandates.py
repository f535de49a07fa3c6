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

This module is the one place a ban date is worded. `statement` returns the parts of a dated statement; the
Jinja macro `dated` (templates/_macros.md.j2) renders them on every page, `DateStatement.words` and
`.clause_words` give the same words to the deck checker's messages and the JSON API. Templates never test a
qualifier themselves (tests/test_bandates.py scans them).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from . import model as m


class DateQualifier(StrEnum):
    """How a date reads on a page: the document's precision (`model.DatePrecision`), but a day the Codex
    infers reads "undated" (the day shows only in the aside)."""

    EXACT = "exact"
    ON_OR_BEFORE = "on-or-before"
    AS_OF = "as-of"
    UNDATED = "undated"


Which = Literal["added", "lifted"]
Piece = str | dt.date  # a statement is words and the day, in order; the macro marks the day up as a <time>

# The short remark beside an "as of" day; `why` says it at length.
_AS_OF_ASIDE = "on or before that day; from that day on is the Codex’s reading"


@dataclass(frozen=True)
class DateStatement:
    """One date of a ban entry, as the document states it (or as the Codex infers it, said so).

    The parts: `prefix` (the words before the day), `date`, `qualifier`, `why`; `aside` is the short remark
    shown after the statement, in brackets, when the reading is the Codex's (its pieces may hold the day).
    """

    which: Which  # the ban's start ("added") or its end ("lifted")
    qualifier: DateQualifier
    date: dt.date | None  # the day the Codex uses for "as of" questions (None: no day at all)
    prefix: str = ""  # "on or before", "on the list as of", "undated"; "" for an exact day
    why: str = ""  # the reason, when the reading is the Codex's
    inferred: bool = False  # the Codex's inference, not the document's statement
    aside: tuple[Piece, ...] = ()

    @property
    def iso(self) -> str:
        return self.date.isoformat() if self.date else ""

    def text(self) -> tuple[Piece, ...]:
        """The statement itself: "2016-02-15", "on or before <day>", "on the list as of <day>", "undated"."""
        if self.qualifier == DateQualifier.UNDATED or self.date is None:  # (only an undated statement has no day)
            return (self.prefix,)
        return (f"{self.prefix} ", self.date) if self.prefix else (self.date,)

    def clause(self) -> tuple[Piece, ...]:
        """The statement after "banned" or "ban lifted" in a sentence: "since <day>" (lifted: "on <day>") for an
        exact day, else the statement in brackets: "(on or before <day>)", "(undated)"."""
        if self.qualifier == DateQualifier.EXACT and self.date is not None:  # (an exact one always has its day)
            return ("since " if self.which == "added" else "on ", self.date)
        return ("(", *self.text(), ")")

    @property
    def words(self) -> str:
        return pieces_as_words(self.text())

    @property
    def clause_words(self) -> str:
        return pieces_as_words(self.clause())

    @property
    def aside_words(self) -> str:
        return pieces_as_words(self.aside)


def pieces_as_words(pieces: Iterable[Piece]) -> str:
    """Pieces as plain words, the day in ISO form."""
    return "".join(p.isoformat() if isinstance(p, dt.date) else p for p in pieces)


def statement(entry: m.BanEntry, which: Which) -> DateStatement | None:
    """The parts of the entry's added or lifted date as the document states it; None when it gives none.

    A lift the document gives without any date and for which the Codex infers no day still shows as lifted:
    `lifted_by` names the update, and the statement is "undated".
    """
    if which == "added":
        date, precision, inference = entry.added, entry.added_precision, getattr(entry, "added_inference", "")
    else:
        date, precision, inference = entry.lifted, entry.lifted_precision, getattr(entry, "lifted_inference", "")
    if date is None:
        if which == "lifted" and entry.lifted_by:
            return DateStatement(which, DateQualifier.UNDATED, None, prefix="undated")
        return None
    if precision == m.DatePrecision.ON_OR_BEFORE:
        return DateStatement(which, DateQualifier.ON_OR_BEFORE, date, prefix="on or before")
    if precision == m.DatePrecision.AS_OF:
        subject = "on the list" if which == "added" else "off the list"
        iso = date.isoformat()
        why = (
            f"The document says the card is {subject} as of {iso}, not when that began; the Codex "
            f"reads it as in force from {iso} on when checking a deck for a date."
        )
        return DateStatement(
            which, DateQualifier.AS_OF, date, prefix=f"{subject} as of", why=why, inferred=True, aside=(_AS_OF_ASIDE,)
        )
    if precision == m.DatePrecision.INFERRED:
        return DateStatement(
            which,
            DateQualifier.UNDATED,
            date,
            prefix="undated",
            why=inference,
            inferred=True,
            aside=("the Codex infers in force by ", date, f": {inference}"),
        )
    return DateStatement(which, DateQualifier.EXACT, date)


def added_statement(entry: m.BanEntry) -> DateStatement | None:
    """When the ban began, as the document states it; None when no date is given."""
    return statement(entry, "added")


def lifted_statement(entry: m.BanEntry) -> DateStatement | None:
    """When the ban was lifted, as the document states it; None when it was not lifted."""
    return statement(entry, "lifted")


def status(entry: m.BanEntry) -> tuple[str, DateStatement | None]:
    """The entry's status and the date that says since when: ("ban lifted", lift) or ("banned", start)."""
    lifted = lifted_statement(entry)
    if lifted is not None:
        return "ban lifted", lifted
    return "banned", added_statement(entry)


def status_phrase(entry: m.BanEntry) -> str:
    """One line for a card-status table cell: "banned since 2016-02-15", "ban lifted (undated)"."""
    what, st = status(entry)
    return f"{what} {st.clause_words}" if st else f"{what} (no date given)"


def bounded(entries: Iterable[m.BanEntry]) -> list[m.BanEntry]:
    """The entries with a day the document gives only as a bound ("on or before", "as of")."""
    return [
        e
        for e in entries
        if any(
            st is not None and st.qualifier in (DateQualifier.ON_OR_BEFORE, DateQualifier.AS_OF)
            for st in (added_statement(e), lifted_statement(e))
        )
    ]


def inferred_changes(entries: Iterable[m.BanEntry]) -> list[DateStatement]:
    """The changes the document leaves undated but the Codex places on a day (with why)."""
    return [
        st
        for e in entries
        for st in (added_statement(e), lifted_statement(e))
        if st is not None and st.qualifier == DateQualifier.UNDATED and st.date is not None
    ]
