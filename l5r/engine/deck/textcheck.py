"""A decklist's text in, a verdict out: what `l5r deck check` does, as one call any caller can make.

    result = check_text(codex, text, index, on=date(2015, 9, 1), format_id="modern")
    result.report.verdict, result.format.name

The format is `format_id` or, when it is None, the one a Sun and Moon export names on its `Legality:` line.
A decklist that cannot be read and a format the Codex does not check raise a CodexError (DecklistError,
UnknownFormat) with one sentence for the user.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ...cardpool import CardIndex
from ...data import model as m
from ...deckmessages import say
from ...decklist import Decklist, parse_decklist
from ...errors import CodexError
from ..ruleset import ruleset_for
from .checker import DeckChecker, checkable, names_format
from .report import DeckReport


class UnknownFormat(CodexError):
    """The format asked for (or the decklist's `Legality:` line) is not one the Codex checks decks in."""


@dataclass(frozen=True)
class TextVerdict:
    """What checking a decklist's text gives: the format it was checked in, the decklist read, the report."""

    format: m.Format
    decklist: Decklist
    report: DeckReport


def check_text(
    codex: m.Codex,
    text: str,
    index: CardIndex,
    on: dt.date,
    *,
    source: str = "<deck>",
    format_id: str | None = None,
    input_format: str | None = None,
    strict_titles: bool = False,
) -> TextVerdict:
    """Read `text` (its syntax detected unless `input_format` names it) and check it in the format on the day."""
    decklist = parse_decklist(text, source, input_format)
    fmt = checked_format(codex, format_id or legality_format(codex, decklist))
    checker = DeckChecker(fmt, ruleset_for(fmt), index, codex.set_acronyms, strict_titles=strict_titles)
    return TextVerdict(fmt, decklist, checker.check(decklist, on=on))


def checkable_format_ids(codex: m.Codex) -> list[str]:
    """The ids of the formats whose decks the Codex checks."""
    return sorted(f.id for f in codex.formats.values() if checkable(f, ruleset_for(f)))


def checked_format(codex: m.Codex, format_id: str) -> m.Format:
    """The format `format_id` names, refused when the Codex does not check decks in it."""
    fmt = codex.formats.get(format_id)
    choices = checkable_format_ids(codex)
    if fmt is None or format_id not in choices:
        listed = ", ".join(choices)
        raise UnknownFormat(
            say("file.no-deck-rules", format=format_id, choices=listed)
            if fmt
            else say("file.unknown-format", format=format_id, choices=listed)
        )
    return fmt


def legality_format(codex: m.Codex, decklist: Decklist) -> str:
    """The format a Sun and Moon export names on its `Legality:` line (used when no format is given)."""
    choices = checkable_format_ids(codex)
    if decklist.legality is None:
        raise UnknownFormat(say("file.no-format", choices=", ".join(choices)))
    written, line = decklist.legality
    for format_id in choices:
        if names_format(written, codex.formats[format_id]):
            return format_id
    raise UnknownFormat(say("file.legality", line=line, written=written, choices=", ".join(choices)))
