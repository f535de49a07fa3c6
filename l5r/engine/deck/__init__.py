"""Deck legality: is this decklist legal in this format on this day?

Every number and switch comes from the format's data: deck sizes and copy limits from its Ruleset, the
pre-game cards from `ruleset.pregame.slots`, the ban list from bans.yml (as it stood on the day asked),
the legal card pool from sets.yml (`format.legality`) or `ruleset.card_pool`. Each problem names the rule
id it comes from; problem codes are an interface (see docs/deck-check.md).

    checker = DeckChecker(codex.format("modern"), ruleset, index)   # once per format
    report = checker.check(decklist, on=date(2015, 9, 1))            # fast: the benchmark's unit

or, from a decklist's text to a verdict as `l5r deck check` does it, `check_text(codex, text, index, on)`.
"""

from __future__ import annotations

from .textcheck import TextVerdict, UnknownFormat, check_text, checkable_format_ids
from .checker import DeckChecker, checkable, names_format
from .pregame import DeckRulesError
from .report import PROBLEM_CODES, DeckReport, Finding, Verdict

__all__ = [
    "PROBLEM_CODES",
    "DeckChecker",
    "DeckReport",
    "DeckRulesError",
    "Finding",
    "TextVerdict",
    "UnknownFormat",
    "Verdict",
    "check_text",
    "checkable",
    "checkable_format_ids",
    "names_format",
]
