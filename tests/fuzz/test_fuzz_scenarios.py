"""Fuzz the scenario fence reader and runner: unknown steps, wrong types, huge numbers.

Each case takes a real ```scenario fence from docs/, damages it, and runs it. An unknown step or field is always a
failure located at file:line, never a pass; no damage ever ends in a traceback or in the runner's "internal error
in the rules engine" (which would mean the engine, not the scenario, was blamed for a bad scenario).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, strategies as st

from l5r.data.load import load_codex
from l5r.scenarios.collect import from_markdown
from l5r.scenarios.runner import run_scenario

from .support import Quiet, paths

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs" / "scenarios").glob("*.md"))
FENCES = {}  # "page.md:line" -> scenario: a failing case names the fence it damaged
for page in PAGES:
    for scenario in from_markdown(page.read_text(encoding="utf-8"), page.name):
        if not scenario.problem:
            FENCES[scenario.location] = scenario
NAMES = sorted(FENCES)


@pytest.fixture(scope="module")
def codex():
    return Quiet(load_codex(ROOT / "data"), "the Codex")


def _fence(scenario_data) -> str:
    return "```scenario\n" + yaml.safe_dump(scenario_data, allow_unicode=True, sort_keys=False) + "```\n"


def _run(text: str, codex):
    (scenario,) = from_markdown(text, "fuzz.md")
    outcome = run_scenario(scenario, codex.value)
    assert not (outcome.error or "").startswith("internal error"), outcome.report()
    report = outcome.report()
    assert report.startswith("fuzz.md:"), report
    line = int(report.split(":")[1])
    assert 1 <= line <= text.count("\n") + 1, report
    return outcome


def _copy(name):
    return yaml.safe_load(yaml.safe_dump(FENCES[name].data))


STEP_WORDS = st.sampled_from(
    [
        "you",
        "your opponent",
        "bow",
        "gain",
        "lose",
        "Honor",
        "a Personality",
        "3",
        "-1",
        "10000000000000000000000",
        "duel",
        "the turn ends",
        "✓",
        "",
        "attack",
        "Hida Kisada",
        "straighten",
        "discard",
        "commit seppuku",
    ]
)


@given(st.sampled_from(NAMES), st.lists(STEP_WORDS, min_size=1, max_size=6), st.integers(0, 5))
def test_unknown_step_fails_at_its_line(codex, scenario, words, where):
    data = _copy(scenario)
    step = "fuzz " + " ".join(words) + " zzz"
    when = data.get("when") or []
    when.insert(min(where, len(when)), step)
    data["when"] = when
    outcome = _run(_fence(data), codex)
    assert not outcome.passed, f"an unknown step passed: {step!r}"


@given(st.sampled_from(NAMES), st.text(min_size=1, max_size=12), st.sampled_from(["", "given", "then"]))
def test_unknown_field_fails_at_its_line(codex, scenario, name, where):
    data = _copy(scenario)
    target = data if not where else data.get(where)
    if not isinstance(target, dict):
        target = data
    key = "zz-" + name
    target[key] = 1
    outcome = _run(_fence(data), codex)
    assert not outcome.passed, f"an unknown field {key!r} under {where or 'the top'} passed"


ANY_VALUE = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**40), 10**40) | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=5,
)


@given(st.sampled_from(NAMES), st.data())
def test_wrong_types_and_huge_numbers_never_crash(codex, scenario, data):
    value = _copy(scenario)
    path = data.draw(st.sampled_from(list(paths(value))))
    parent = value
    for key in path[:-1]:
        parent = parent[key]
    old = parent[path[-1]]
    new = data.draw(
        ANY_VALUE
        if not isinstance(old, int) or isinstance(old, bool)
        else st.one_of(ANY_VALUE, st.integers(10**12, 10**400), st.integers(-(10**400), -(10**12)))
    )
    parent[path[-1]] = new
    _run(_fence(value), codex)


@given(st.text(max_size=300))
def test_random_text_in_a_fence_never_crashes(codex, body):
    _run("```scenario\n" + body.replace("```", "'''") + "\n```\n", codex)
