"""Run one scenario against the engine: build the given state, take the steps, compare every expectation.

The result is an Outcome: passed, or an error in the scenario (with its line), or mismatches shown as a
diff of the `then:` block, expected against actual.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from functools import lru_cache

from ..data import model as m
from ..errors import CodexError
from ..engine.game import Impossible, NotModelled, NotStated, Refusal, Refused
from ..engine.ruleset import Ruleset, ruleset_for, rulesets
from ..engine.wording import Unreadable
from . import deckquestion, facts, given, steps
from .scenario import Scenario, ScenarioError

TOP_FIELDS = ("title", "format", "reading", "rules", "note", "given", "when", "then")

# The three reasons a step is not taken, and the `then:` key that lists the steps refused for each.
REFUSAL_KEYS = {"refused": Refused.kind, "not stated": NotStated.kind, "not modelled": NotModelled.kind}
# A fact the engine cannot answer is expected as one of these words (its reason shows in the diff).
UNANSWERED = (NotStated.kind, NotModelled.kind)


@dataclass
class StepOutcome:
    text: str
    note: str | None = None
    refused: str | None = None  # the engine's reason, when it did not take the step
    rule_id: str | None = None
    kind: str | None = None  # "forbidden" | "not stated" | "not modelled" (see engine.game.Refusal)


@dataclass
class Outcome:
    scenario: Scenario
    error: str | None = None
    error_line: int | None = None
    mismatches: list = field(default_factory=list)  # (key, expected, actual)
    expected: dict = field(default_factory=dict)
    actual: dict = field(default_factory=dict)
    steps: list = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.error is None and not self.mismatches

    @property
    def line(self) -> int:
        if self.error_line:
            return self.error_line
        if self.mismatches:
            return self.scenario.line_of("then", self.mismatches[0][0])
        return self.scenario.line

    def report(self) -> str:
        """What went wrong, for a terminal: file:line, title, then the error or the expected/actual diff."""
        s = self.scenario
        head = f"{s.path}:{self.line}: {s.title}"
        if self.passed:
            return f"{head}: passed"
        if self.error:
            return f"{head}\n  error: {self.error}"
        return f"{head}\n  then (- expected, + actual):\n" + "\n".join("    " + line for line in diff(self))


def diff(outcome: Outcome) -> list[str]:
    expected = [f"{k}: {show(v)}" for k, v in outcome.expected.items()]
    actual = [f"{k}: {show(outcome.actual.get(k, v))}" for k, v in outcome.expected.items()]
    return [line.rstrip() for line in difflib.ndiff(expected, actual) if not line.startswith("?")]


def show(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    return str(value)


@lru_cache(maxsize=4)
def _default_codex():
    from ..data.load import load_codex

    return load_codex()


def run_scenario(scenario: Scenario, codex: m.Codex | None = None) -> Outcome:
    codex = codex or _default_codex()
    outcome = Outcome(scenario)
    try:
        _run(scenario, codex, outcome)
    except ScenarioError as exc:
        outcome.error, outcome.error_line = exc.message, exc.line or outcome.error_line or scenario.line
    except CodexError as exc:  # the user's input, not the engine (a SOURCE_DATE_EPOCH that is no day): its sentence
        outcome.error = str(exc)
    except Exception as exc:  # an engine bug must still name the scenario, never end the run with a traceback
        outcome.error = f"internal error in the rules engine: {type(exc).__name__}: {exc}"
    return outcome


def _run(s: Scenario, codex: m.Codex, outcome: Outcome):
    if s.problem:
        raise ScenarioError(s.problem, s.line)
    data = s.data
    for key in data:
        if key not in TOP_FIELDS:
            raise ScenarioError(f"unknown field “{key}”; a scenario has: {', '.join(TOP_FIELDS)}", s.line_of(key))
    if not isinstance(data.get("title"), str) or not data["title"].strip():
        raise ScenarioError("the scenario needs a `title`", s.line)
    ruleset = _ruleset(s, codex)
    _check_rules(s, codex)
    then = data.get("then")
    if not isinstance(then, dict) or not then:
        raise ScenarioError(
            "the scenario needs a `then:` with at least one expectation; a scenario cannot pass by saying nothing",
            s.line_of("then"),
        )
    if deckquestion.is_deck_scenario(s):  # a deck question: the deck checker answers it
        actual = deckquestion.answer(s, codex)
        outcome.expected = dict(then)
        for key, expected in then.items():
            _compare(outcome, str(key), expected, actual.get(str(key)), deckquestion.kind_of(str(key), s))
        return
    when = data.get("when") or []
    if not isinstance(when, list) or not all(isinstance(w, str) for w in when):
        raise ScenarioError("`when` is a list of steps, one sentence each", s.line_of("when"))
    game, battle = given.build(s, ruleset)
    run = steps.Run(game, battle)
    for index, text in enumerate(when):
        outcome.steps.append(_take(run, index, text, s))
    outcome.expected = dict(then)
    for key, expected in then.items():
        _expect(run, str(key), expected, s, outcome)
    for key, kind in REFUSAL_KEYS.items():
        # Every refused step must be expected under its reason: an unnoticed refusal would make the steps
        # say something else, and a "not stated" must never pass for a rule that forbids.
        if any(r[4] == kind for r in run.refused) and not any(str(k).lower() == key for k in then):
            outcome.expected[key] = []
            _compare(outcome, key, [], [r[1] for r in run.refused if r[4] == kind], "list")


def _ruleset(s: Scenario, codex: m.Codex) -> Ruleset:
    fmt = s.data.get("format")
    available = rulesets(codex)
    if not isinstance(fmt, str) or fmt not in available:
        raise ScenarioError(
            f"`format` must be one of: {', '.join(sorted(available))} (got “{fmt}”)", s.line_of("format")
        )
    reading = s.data.get("reading")
    if reading is None:
        return available[fmt]
    if not isinstance(reading, str):
        raise ScenarioError("`reading` names one Codex reading the format offers", s.line_of("reading"))
    try:  # a labelled choice of the Codex, switched on for this scenario only
        return ruleset_for(codex.format(fmt), codex, (reading,))
    except ValueError as exc:
        raise ScenarioError(str(exc), s.line_of("reading")) from None


def _check_rules(s: Scenario, codex: m.Codex):
    rules = s.data.get("rules")
    if rules is None and not s.record_id:
        raise ScenarioError("`rules` lists the rule ids the scenario illustrates", s.line)
    if isinstance(rules, str):
        rules = [rules]
    if rules is not None and (not isinstance(rules, list) or not rules):
        raise ScenarioError("`rules` is a list of rule ids", s.line_of("rules"))
    for i, rule_id in enumerate(rules or ()):
        if not isinstance(rule_id, str):
            raise ScenarioError("`rules` is a list of rule ids (words such as oh-ii-b)", s.line_of("rules", i))
        if rule_id not in codex.records:
            close = difflib.get_close_matches(str(rule_id), list(codex.records), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise ScenarioError(f"no rule has the id “{rule_id}”{hint}", s.line_of("rules", i))


def _take(run: steps.Run, index: int, text: str, s: Scenario) -> StepOutcome:
    line = s.line_of("when", index)
    found = steps.match(text)
    if found is None:
        close = difflib.get_close_matches(text, [st.example for st in steps.STEPS], n=1, cutoff=0.4)
        hint = f"; did you mean “{close[0]}”?" if close else ""
        raise ScenarioError(f"unknown step “{text}”{hint} (the steps are listed on the scenarios page)", line)
    step, args = found
    try:
        note = step.handler(run, **args)
    except Refusal as exc:
        run.refused.append((index, text, exc.reason, exc.rule_id, exc.kind))
        return StepOutcome(text, exc.happened, exc.reason, exc.rule_id, exc.kind)
    except Impossible as exc:
        raise ScenarioError(f"this cannot happen: {exc} (step “{text}”)", line) from None
    except Unreadable as exc:
        raise ScenarioError(f"{exc} (step “{text}”)", line) from None
    except ScenarioError as exc:
        raise ScenarioError(exc.message, exc.line or line) from None
    except KeyError as exc:  # the engine looked up a card title the scenario does not give
        raise ScenarioError(f"no card named {exc.args[0]} is given (step “{text}”)", line) from None
    return StepOutcome(text, note)


def _expect(run: steps.Run, key: str, expected, s: Scenario, outcome: Outcome):
    line = s.line_of("then", key)
    if key.lower() in REFUSAL_KEYS:
        kind = REFUSAL_KEYS[key.lower()]
        wanted = expected if isinstance(expected, list) else [expected]
        refused = [r[1] for r in run.refused if r[4] == kind]
        _compare(outcome, key, wanted, refused, "list")
        return
    found = facts.find(key)
    try:
        if found is not None:
            fact, args = found
            actual = fact.getter(run, **args)
            kind = fact.kind
        elif key in run.game.cards:
            words = expected if isinstance(expected, list) else [w.strip() for w in str(expected).split(",")]
            if not all(isinstance(w, str) for w in words):
                raise ScenarioError(f"the state of {key} is written as words, e.g. bowed, dishonored", line)
            expected = ", ".join(words)
            actual, kind = ", ".join(facts.card_status(run, key, words)), "value"
        else:
            close = difflib.get_close_matches(key, [f.example.split(":")[0] for f in facts.FACTS], n=1)
            hint = f" (did you mean “{close[0]}”?)" if close else ""
            raise ScenarioError(
                f"unknown expectation “{key}”{hint}; expectations are facts listed on the "
                "scenarios page, or a card's name",
                line,
            )
    except (NotStated, NotModelled) as exc:
        # The engine cannot answer: that is an answer a scenario may expect ("not stated"), with the reason.
        actual, kind = f"{exc.kind}: {exc.reason}", "unanswered"
        if _norm(str(expected)) not in UNANSWERED:
            outcome.mismatches.append((key, expected, actual))
            outcome.actual[key] = actual
            return
        _compare(outcome, key, expected, actual, kind)
        return
    except Unreadable as exc:
        raise ScenarioError(str(exc), line) from None
    except (Refused, Impossible) as exc:
        raise ScenarioError(f"cannot check “{key}”: {getattr(exc, 'reason', exc)}", line) from None
    except ScenarioError as exc:
        raise ScenarioError(exc.message, exc.line or line) from None
    if kind == "yes/no" and not (
        isinstance(expected, bool) or (isinstance(expected, list) and all(isinstance(e, bool) for e in expected))
    ):
        raise ScenarioError(f"“{key}” is yes or no (got “{show(expected)}”)", line)
    _compare(outcome, key, expected, actual, kind)


def _compare(outcome: Outcome, key: str, expected, actual, kind: str):
    outcome.actual[key] = actual
    if not _equal(expected, actual, kind):
        outcome.mismatches.append((key, expected, actual))


def _norm(value):
    if isinstance(value, str):
        return " ".join(value.lower().split())
    return value


def _equal(expected, actual, kind: str) -> bool:
    if kind == "unanswered":  # "not stated: the MOD documents do not state…" is expected as "not stated"
        return _norm(str(expected)) == _norm(str(actual)).split(":")[0]
    if kind == "list":
        if not isinstance(expected, list):
            expected = [expected]
        return sorted(map(_norm, map(str, expected))) == sorted(map(_norm, map(str, actual)))
    if kind == "ordered list":
        return isinstance(expected, list) and list(map(_norm, map(str, expected))) == list(map(_norm, map(str, actual)))
    if kind == "mapping":
        return isinstance(expected, dict) and {_norm(str(k)): v for k, v in expected.items()} == {
            _norm(str(k)): v for k, v in actual.items()
        }
    if isinstance(actual, bool) or isinstance(expected, bool):
        return expected is actual if isinstance(expected, bool) else False
    if isinstance(actual, list):
        return isinstance(expected, list) and list(map(_norm, expected)) == list(map(_norm, actual))
    if isinstance(actual, int):
        return isinstance(expected, int) and expected == actual
    return _norm(str(expected)) == _norm(str(actual))
