"""What a deck check returns: problems (the deck is not legal) and warnings (what could not be checked).

The verdict has three values and one refusal, the same on the command line, in its JSON, on the deck checker
page and in the card pages' legality: `legal`, `not-legal` (at least one problem), `cannot-be-checked` (no
problem, but part of the question has no answer the documents or the card pool give: New Era's collection is
not in the pool; a day before the format's first stated ban list) and `not-a-decklist` (no line of the text is
a section header or names a card, so there is no deck to judge).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Mapping


class Verdict(StrEnum):
    """A deck check's verdict. An interface: its value is the word tools read from `l5r deck check --json`
    (docs/deck-check.md lists them); every other wording of it is made from that word."""

    LEGAL = "legal"
    NOT_LEGAL = "not-legal"
    CANNOT_BE_CHECKED = "cannot-be-checked"
    NOT_A_DECKLIST = "not-a-decklist"

    @property
    def words(self) -> str:
        """The verdict in a sentence: "not legal", "cannot be checked"."""
        return self.value.replace("-", " ")


BANS_STATED, BANS_NOT_STATED, BANS_NOT_CHECKED = "stated", "not-stated", "not-checked"
# How the command line and the deck checker page write each verdict (the page reads them from the checker's data)
VERDICT_WORDS = {
    Verdict.LEGAL: "LEGAL",
    Verdict.NOT_LEGAL: "NOT LEGAL",
    Verdict.CANNOT_BE_CHECKED: "CANNOT BE CHECKED",
    Verdict.NOT_A_DECKLIST: "NOT A DECKLIST",
}
# The words before the day in a verdict line: "ban list" only where bans were checked against a stated list
AS_OF_WORDS = {BANS_STATED: "ban list as of", BANS_NOT_STATED: "ban list not stated as of", BANS_NOT_CHECKED: "as of"}

PROBLEM_CODES = ("parse", "unknown-card", "wrong-deck", "pregame", "deck-size", "copy-limit", "banned", "not-legal")


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    card: str | None = None
    rule: str | None = None  # the rule id it comes from
    line: int | None = None  # the decklist line
    suggestions: tuple[str, ...] | None = None  # unknown-card only: up to three pool titles, best first

    def as_dict(self) -> dict:
        out: dict[str, object] = {
            "code": self.code,
            "message": self.message,
            "card": self.card,
            "rule": self.rule,
            "line": self.line,
        }
        if self.suggestions is not None:
            out["suggestions"] = list(self.suggestions)
        return out


@dataclass(frozen=True)
class DeckReport:
    format_id: str
    as_of: dt.date
    problems: tuple[Finding, ...]
    warnings: tuple[Finding, ...]
    counts: Mapping[str, int] = field(default_factory=dict)
    input_format: str = "text"  # the decklist syntax read (l5r.decklist.INPUT_FORMATS)
    unchecked: str = ""  # why the deck cannot be checked (a sentence), when nothing else is wrong with it
    not_a_decklist: str = ""  # why the text is no decklist at all (a sentence)
    bans: str = BANS_STATED  # the ban part: stated, not-stated (before the first stated list), not-checked

    @property
    def verdict(self) -> Verdict:
        if self.not_a_decklist:
            return Verdict.NOT_A_DECKLIST
        if self.problems:
            return Verdict.NOT_LEGAL
        return Verdict.CANNOT_BE_CHECKED if self.unchecked else Verdict.LEGAL

    @property
    def reason(self) -> str:
        if self.not_a_decklist:
            return self.not_a_decklist
        if self.problems:
            return f"{len(self.problems)} problem{'s' if len(self.problems) != 1 else ''}"
        return self.unchecked

    @property
    def legal(self) -> bool | None:
        """True, False, or None when the deck cannot be checked or is no decklist (neither legal nor not)."""
        return {Verdict.LEGAL: True, Verdict.NOT_LEGAL: False}.get(self.verdict)

    def as_json(self) -> dict:
        return {
            "format": self.format_id,
            "legal": self.legal,
            "verdict": self.verdict.value,
            "reason": self.reason,
            "bans": self.bans,
            "as_of": self.as_of.isoformat(),
            "input_format": self.input_format,
            "problems": [p.as_dict() for p in self.problems],
            "warnings": [w.as_dict() for w in self.warnings],
            "counts": dict(self.counts),
        }


class Findings:
    """Collects problems and warnings while the checks run."""

    def __init__(self):
        self.problems: list[Finding] = []
        self.warnings: list[Finding] = []

    def problem(self, code, message, card=None, rule=None, line=None, suggestions=None):
        assert code in PROBLEM_CODES, code
        self.problems.append(
            Finding(code, message, card, rule, line, None if suggestions is None else tuple(suggestions))
        )

    def warn(self, code, message, card=None, rule=None, line=None):
        self.warnings.append(Finding(code, message, card, rule, line))

    def warn_first(self, code, message, card=None, rule=None, line=None):
        """A warning that explains the others (a list of another game's titles), shown above them."""
        self.warnings.insert(0, Finding(code, message, card, rule, line))

    def report(
        self,
        format_id: str,
        on: dt.date,
        counts: Mapping[str, int],
        input_format: str = "text",
        unchecked: str = "",
        bans: str = BANS_STATED,
        not_a_decklist: str = "",
    ) -> DeckReport:
        return DeckReport(
            format_id,
            on,
            tuple(self.problems),
            tuple(self.warnings),
            counts,
            input_format,
            unchecked,
            not_a_decklist,
            bans,
        )


def between(low: int | None, high: int | None) -> str:
    """'exactly 50', 'at least 40', 'at most 1', '1 to 3'."""
    if low is not None and low == high:
        return f"exactly {low}"
    if high is None:
        return f"at least {low}"
    if not low:
        return f"at most {high}"
    return f"{low} to {high}"


def noun_count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 card', '40 cards', '0 cards'; '1 copy', '3 copies' (with plural="copies")."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def names(keys: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return keys[0] if len(keys) == 1 else ", ".join(keys[:-1]) + f" and {keys[-1]}"
