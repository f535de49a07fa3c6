"""The deck conformance suite against the command line: `l5r deck check --json` gives each case's `expect`.
(The same cases run on the deck-check page in tests/browser/test_deck_check_page.py.)"""

from __future__ import annotations

import json

import pytest

from decks.conformance import cases, explain, summary
from test_deck_cli import l5r

CASES = cases()


def cli_report(case, tmp_path) -> dict:
    deck = tmp_path / f"deck{case.suffix}"
    deck.write_text(case.text, encoding="utf-8")
    result = l5r("--format", case.format, "--as-of", case.as_of, "--json", deck)
    assert result.returncode in (0, 1), result.stderr
    report = json.loads(result.stdout)
    assert result.returncode == (0 if report["legal"] else 1)
    return report


def test_the_suite_is_not_empty():
    assert len(CASES) >= 20 and len({c.id for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_cli_gives_the_expected_result(case, tmp_path):
    report = cli_report(case, tmp_path)
    assert summary(report) == case.expect, explain(case, report, "l5r deck check --json")
