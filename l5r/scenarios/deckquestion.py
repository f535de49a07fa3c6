"""Deck questions in scenarios: `given: deck:` holds a decklist (any syntax `l5r deck check` reads), and `then:`
says what the deck checker answers. The same checker as the command line and the deck checker page.

    given:
      deck: |
        Stronghold: Shiro Usagi
        Dynasty:
        4 Bayushi Irezu
      as of: 2016-03-01          # the day whose ban list applies (default: today)
    then:
      verdict: not legal         # legal / not legal / cannot be checked / not a decklist
      problems: [copy-limit, deck-size, deck-size, pregame, pregame]
      warnings: [no-card-pool]   # optional, as are counts
      counts: {pre-game: 1, dynasty: 4, fate: 0}

The cards known are the Codex's card records (the cards the rules documents name), with or without a card
pool, so an example answers the same everywhere; any other title is an `unknown-card` problem.
"""

from __future__ import annotations

import datetime as dt

from ..cardpool import load_index
from ..data import model as m
from ..data.buildday import build_day
from ..data.lastanswer import LastAnswer
from ..decklist import SECTIONS, DecklistError, parse_decklist
from ..engine.deck import DeckChecker, checkable
from ..engine.ruleset import ruleset_for
from .scenario import Scenario, ScenarioError

GIVEN_FIELDS = {
    "deck": "the decklist, in any syntax `l5r deck check` reads",
    "as of": "the day (YYYY-MM-DD)",
    "input format": "the decklist's syntax, when detection should not pick it",
}
THEN_FIELDS = {
    "verdict": "legal, not legal, cannot be checked or not a decklist",
    "problems": "the problem codes, each as often as it occurs (any order)",
    "warnings": "the warning codes, each as often as it occurs (any order)",
    "counts": "cards counted per section: {pre-game: 1, dynasty: 40, fate: 40}",
}
_SECTION_WORDS = {"pre_game": "pre-game", "dynasty": "dynasty", "fate": "fate"}


def is_deck_scenario(scenario: Scenario) -> bool:
    given = scenario.data.get("given") if isinstance(scenario.data, dict) else None
    return isinstance(given, dict) and "deck" in given


_INDEXES: LastAnswer = LastAnswer()  # the card table of the last Codex asked (a run asks for one Codex)


def _index(codex: m.Codex):
    return _INDEXES.answer(lambda: load_index(None, codex.cards), (codex,))


def answer(scenario: Scenario, codex: m.Codex) -> dict:
    """The deck checker's answer, keyed as `then:` writes it."""
    given = scenario.data["given"]
    for key in given:
        if key not in GIVEN_FIELDS:
            raise ScenarioError(
                f"unknown field “{key}” in a deck's `given`; it has: {', '.join(GIVEN_FIELDS)}",
                scenario.line_of("given", key),
            )
    if scenario.data.get("when"):
        raise ScenarioError(
            "a deck scenario has no `when` steps: the deck is checked as given", scenario.line_of("when")
        )
    text = given["deck"]
    if not isinstance(text, str):
        raise ScenarioError("`deck` is a decklist written as text (use `deck: |`)", scenario.line_of("given", "deck"))
    day = given["as of"] if "as of" in given else build_day()
    if isinstance(day, str):
        try:
            day = dt.date.fromisoformat(day)
        except ValueError:
            day = None
    if not isinstance(day, dt.date):
        raise ScenarioError("`as of` is a day written 2016-03-01", scenario.line_of("given", "as of"))
    fmt = codex.formats.get(str(scenario.data.get("format")))
    ruleset = ruleset_for(fmt) if fmt else None
    if fmt is None or ruleset is None or not checkable(fmt, ruleset):
        raise ScenarioError(
            f"the format “{scenario.data.get('format')}” has no deck construction rules to check",
            scenario.line_of("format"),
        )
    try:
        deck = parse_decklist(text, "deck.txt", given.get("input format"))
    except DecklistError as exc:
        raise ScenarioError(f"the deck cannot be read: {exc}", scenario.line_of("given", "deck")) from None
    report = DeckChecker(fmt, ruleset, _index(codex), codex.set_acronyms).check(deck, day)
    return {
        "verdict": report.verdict.words,
        "problems": [p.code for p in report.problems],
        "warnings": [w.code for w in report.warnings],
        "counts": {_SECTION_WORDS[s]: report.counts.get(s, 0) for s in SECTIONS},
    }


def kind_of(key: str, scenario: Scenario) -> str:
    kinds = {"verdict": "value", "problems": "list", "warnings": "list", "counts": "mapping"}
    if key not in kinds:
        raise ScenarioError(
            f"unknown expectation “{key}” for a deck; a deck scenario expects: {', '.join(THEN_FIELDS)}",
            scenario.line_of("then", key),
        )
    return kinds[key]
