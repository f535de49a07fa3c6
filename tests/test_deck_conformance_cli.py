"""The deck conformance suite against the command line: `l5r deck check --json` gives each case's `expect`.
(The same cases run on the deck-check page in tests/browser/test_deck_check_page.py.)"""

from __future__ import annotations

import json

import pytest

from decks.conformance import cases, expected, explain, summary
from test_deck_cli import l5r

CASES = cases()


def cli_report(case, tmp_path):
    deck = tmp_path / case.filename
    deck.write_text(case.text, encoding="utf-8")
    args = ["--as-of", case.as_of, "--json"]
    if case.format:
        args += ["--format", case.format]
    if case.input_format:
        args += ["--input-format", case.input_format]
    return l5r(*args, deck, pool="option" if case.pool == "real" else None)


def test_the_suite_is_not_empty():
    assert len(CASES) >= 20


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_cli_gives_the_expected_result(case, tmp_path):
    result = cli_report(case, tmp_path)
    if case.expect["verdict"] == "error":
        assert result.returncode == 2 and case.expect.get("error_contains", "") in result.stderr
        return
    report = json.loads(result.stdout)
    assert result.returncode == (0 if report["legal"] else 1)
    got = summary(report, case.expect)
    assert got == expected(case), explain(case, got, "l5r deck check --json")
