"""What a deck check returns: problems (the deck is not legal) and warnings (what could not be checked)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Mapping

# An interface: tools read these from `l5r deck check --json` (docs/deck-check.md lists them).
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
        out = {"code": self.code, "message": self.message, "card": self.card, "rule": self.rule, "line": self.line}
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

    @property
    def legal(self) -> bool:
        return not self.problems

    def as_json(self) -> dict:
        return {
            "format": self.format_id, "legal": self.legal, "as_of": self.as_of.isoformat(),
            "input_format": self.input_format, "problems": [p.as_dict() for p in self.problems], "warnings": [w.as_dict() for w in self.warnings],
            "counts": dict(self.counts),
        }


class Findings:
    """Collects problems and warnings while the checks run."""

    def __init__(self):
        self.problems: list[Finding] = []
        self.warnings: list[Finding] = []

    def problem(self, code, message, card=None, rule=None, line=None, suggestions=None):
        assert code in PROBLEM_CODES, code
        self.problems.append(Finding(code, message, card, rule, line,
                                     None if suggestions is None else tuple(suggestions)))

    def warn(self, code, message, card=None, rule=None, line=None):
        self.warnings.append(Finding(code, message, card, rule, line))

    def report(self, format_id: str, on: dt.date, counts: Mapping[str, int], input_format: str = "text") -> DeckReport:
        return DeckReport(format_id, on, tuple(self.problems), tuple(self.warnings), counts, input_format)


def between(low: int | None, high: int | None) -> str:
    """'exactly 50', 'at least 40', 'at most 1', '1 to 3'."""
    if low is not None and low == high:
        return f"exactly {low}"
    if high is None:
        return f"at least {low}"
    if not low:
        return f"at most {high}"
    return f"{low} to {high}"


def names(keys: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return keys[0] if len(keys) == 1 else ", ".join(keys[:-1]) + f" and {keys[-1]}"
