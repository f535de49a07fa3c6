"""Decklists as players post them by hand (blogs, forums, tournament reports): headers, labels, a title line,
remarks, near-certain typos, unknown cards in the totals, and the verdicts "cannot be checked" and "not a
decklist". docs/deck-check.md, "Lists written by hand", describes the rules; the browser checker ports them.
"""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import pytest

from decks.support import ROOT, check, codex, index, pool_dir
from l5r.decklist import DYNASTY, FATE, PREGAME, parse_decklist, parse_text, read_header
from l5r.engine.deck import DeckChecker
from l5r.engine.ruleset import ruleset_for

L5R = Path(sys.executable).parent / "l5r"
DAY = dt.date(2016, 3, 1)


# -- headers as players write them (the reader alone: no card pool) ------------------------------------------

@pytest.mark.parametrize("line, kind, section, count", [
    ("Dynasty deck (40 cards)", "section", DYNASTY, 40),
    ("Fate deck (40 cards)", "section", FATE, 40),
    ("Dynasty – (40)", "section", DYNASTY, 40),
    ("Fate — 40 cards", "section", FATE, 40),
    ("# Dynasty (40)", "section", DYNASTY, 40),
    ("Fate Deck: 40", "section", FATE, 40),
    ("DYNASTY", "section", DYNASTY, None),
    ("Holdings (14)", "label", None, 14),
    ("Personalities (22)", "label", None, 22),
    ("Follower – (12)", "label", None, 12),
    ("Strategy – (20)", "label", None, 20),
    ("# Follower (9)", "label", None, 9),
    ("Senseis (1)", "section", PREGAME, 1),
])
def test_hand_written_headers(line, kind, section, count):
    assert read_header(line.replace("–", "-").replace("—", "-")) == (kind, section, count) or \
        read_header(line) == (kind, section, count)
    deck = parse_text(f"{line}\n3 Hida Akeno\n")
    assert len(deck.cards) == 1 and deck.cards[0].name == "Hida Akeno" and not deck.issues
    assert deck.headers == 1


@pytest.mark.parametrize("line", ["Hida Akeno", "3 Holdings", "Crab deck", "Dynasty of the Hida"])
def test_card_lines_are_not_headers(line):
    assert read_header(line) is None


def test_pregame_labels_carry_their_card():
    deck = parse_text("Stronghold: Shiro Daidoji\nSensei - Kaelung Sensei\nWind: Wind of Justice\nDynasty:\n1 X\n")
    assert [(c.section, c.name) for c in deck.cards[:3]] == [
        (PREGAME, "Shiro Daidoji"), (PREGAME, "Kaelung Sensei"), (PREGAME, "Wind of Justice")]
    assert not deck.issues


def test_metadata_lines_and_the_title_line_are_not_cards():
    deck = parse_text("Crab Berserkers, Kotei 2012\nAuthor: Someone\nClan: Crab\nDynasty:\n3 Hida Akeno\n")
    assert deck.title_line == 1 and [c.name for c in deck.cards] == ["Crab Berserkers, Kotei 2012", "Hida Akeno"]
    assert not deck.issues


def test_a_decorated_title_line_is_no_parse_problem():
    deck = parse_text("=== My Crab deck! ===\nDynasty:\n3 Hida Akeno\n")
    assert deck.title_line == 1 and not deck.issues


def test_sub_header_counts_end_at_the_blank_line_after_their_cards():
    deck = parse_text("Dynasty - (40)\n\nEvent - (2)\n1x Alliance\n1x Wisdom Gained\n\n3x Famous Bazaar\n"
                      "# Follower (9)\n3 A\n3 B\n2 C\n")
    assert [(label, stated, listed) for label, stated, listed, _ in deck.subtotals] == [
        ("Event - (2)", 2, 2), ("Follower (9)", 9, 8)]


def test_oracle_type_sub_header_counts_are_kept():
    deck = parse_decklist("# Dynasty - (40) [2 distinct]\n# Holding - (4) [2 distinct]\n3 Copper Mine\n"
                          "1 Iron Mine\n# Personality - (3) [1 distinct]\n2 Hida Akeno\n", "deck.txt")
    assert deck.input_format == "oracle"
    assert [(stated, listed) for _, stated, listed, _ in deck.subtotals] == [(4, 4), (3, 2)]


# -- with the card pool ------------------------------------------------------------------------------------

def _codes(report, kind="warnings"):
    return [f.code for f in getattr(report, kind)]


def test_near_certain_typos_are_read_and_counted_with_a_warning():
    """Barley Farm, Traveling Peddler, Weigh the Cost, Thorough Preparations, Central Castle, The Honorable Garrison
    of the Lion and Fall Back! as players misspell them."""
    text = ("Stronghold: Central Castle?\nDynasty:\n1 Barely farm\n1 Travelling peddler\n"
            "Fate:\n1 Weight the cost\n1 Thorough Preperations\n1 Fall Back\n")
    report = check("obsidian-hand", text)
    read = {f.line: f.message for f in report.warnings if f.code == "read-as"}
    assert read == {
        1: "line 1: read “Central Castle?” as “Central Castle”.",
        3: "line 3: read “Barely farm” as “Barley Farm”.",
        4: "line 4: read “Travelling peddler” as “Traveling Peddler”.",
        6: "line 6: read “Weight the cost” as “Weigh the Cost”.",
        7: "line 7: read “Thorough Preperations” as “Thorough Preparations”.",
        8: "line 8: read “Fall Back” as “Fall Back!”.",
    }
    assert "unknown-card" not in _codes(report, "problems")
    assert report.counts == {PREGAME: 1, DYNASTY: 2, FATE: 3}
    garrison = check("obsidian-hand", "Stronghold:\nHonorable Garrison of the Lion\n")
    assert [f.message for f in garrison.warnings if f.code == "read-as"] == [
        "line 2: read “Honorable Garrison of the Lion” as “The Honorable Garrison of the Lion”."]


def test_strict_titles_turn_near_certain_typos_into_problems():
    deck = parse_text("Dynasty:\n3 Barely farm\n")
    fmt = codex().formats["obsidian-hand"]
    strict = DeckChecker(fmt, ruleset_for(fmt), index(), strict_titles=True).check(deck, DAY)
    [problem] = [p for p in strict.problems if p.code == "unknown-card"]
    assert problem.suggestions == ("Barley Farm",) and "read-as" not in _codes(strict)
    assert strict.counts[DYNASTY] == 3  # still counted where it is written


def test_strict_titles_on_the_command_line(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Dynasty:\n3 Barely farm\n", encoding="utf-8")
    base = [str(L5R), "deck", "check", "--json", "--format", "obsidian-hand", "--cardpool", str(pool_dir())]
    loose = json.loads(subprocess.run([*base, str(deck)], capture_output=True, text=True).stdout)
    strict = json.loads(subprocess.run([*base, "--strict-titles", str(deck)], capture_output=True, text=True).stdout)
    assert "read-as" in [w["code"] for w in loose["warnings"]]
    assert "unknown-card" in [p["code"] for p in strict["problems"]]


def test_a_far_typo_is_not_guessed():
    report = check("obsidian-hand", "Dynasty:\n1 Barlxy Fxrm Estate\n")
    assert "read-as" not in _codes(report) and "unknown-card" in _codes(report, "problems")


def test_unknown_cards_count_toward_the_section_they_are_written_in():
    report = check("obsidian-hand", "Dynasty deck (3 cards)\n2 Certainly Not A Card\n1 Hida Akeno\n")
    assert report.counts[DYNASTY] == 3 and "declared-count" not in _codes(report)


def test_unknown_cards_without_a_header_count_with_the_cards_around_them():
    report = check("obsidian-hand", "3 Hida Akeno\n2 Certainly Not A Card\n\n1 Another Unknown Thing\n")
    assert report.counts[DYNASTY] == 5
    assert [(f.code, f.line) for f in report.warnings if f.code in ("no-section", "unplaceable")] == [
        ("no-section", 1), ("no-section", 2), ("unplaceable", 4)]


def test_a_suggestion_never_repeats_the_rejected_text():
    report = check("obsidian-hand", "Dynasty:\n1x Moto Taigo, Shogun\n")
    [problem] = [p for p in report.problems if p.code == "unknown-card"]
    assert "Moto Taigo, Shogun" not in problem.suggestions
    assert problem.suggestions == ("Moto Taigo, Shogun • Experienced 2",)
    assert "Experienced 2" in problem.message and "Did you mean" not in problem.message


def test_remarks_after_a_card_are_not_part_of_its_title():
    report = check("obsidian-hand", "Dynasty:\n3 Hida Akeno (great early)\n2 Copper Mine - for the gold\n")
    assert "unknown-card" not in _codes(report, "problems") and "set-ignored" not in _codes(report)
    assert report.counts[DYNASTY] == 5


def test_mismatched_sub_header_counts_are_warnings():
    report = check("obsidian-hand", "Dynasty:\n# Personality (3)\n1 Hida Akeno\n1 Hida Kisada - exp\n")
    assert [(f.code, f.line) for f in report.warnings if f.code == "declared-count"] == [("declared-count", 2)]


# -- verdicts ------------------------------------------------------------------------------------------------

def test_text_that_is_no_decklist():
    report = check("obsidian-hand", "Dear all,\nthe tournament starts at ten.\nBring snacks!\n")
    assert report.verdict == "not-a-decklist" and report.legal is None and not report.problems
    assert report.as_json()["verdict"] == "not-a-decklist" and report.as_json()["legal"] is None


def test_one_card_line_is_a_decklist():
    report = check("obsidian-hand", "Hello there\n3 Hida Akeno\n")
    assert report.verdict == "not-legal"


@pytest.mark.parametrize("text, fmt, day, code, verdict", [
    ("Hello there, this is no deck.\n", "obsidian-hand", "2016-03-01", 4, "not-a-decklist"),
    (None, "new-era", "2016-03-01", 3, "cannot-be-checked"),
])
def test_exit_codes(tmp_path, text, fmt, day, code, verdict):
    deck = tmp_path / "deck.txt"
    deck.write_text(text if text is not None else (ROOT / "tests" / "decks" / "new-era.txt").read_text("utf-8"),
                    encoding="utf-8")
    result = subprocess.run([str(L5R), "deck", "check", "--json", "--format", fmt, "--as-of", day,
                             "--cardpool", str(pool_dir()), str(deck)], capture_output=True, text=True)
    assert result.returncode == code, result.stderr
    assert json.loads(result.stdout)["verdict"] == verdict
    readable = subprocess.run([str(L5R), "deck", "check", "--format", fmt, "--as-of", day,
                               "--cardpool", str(pool_dir()), str(deck)], capture_output=True, text=True)
    assert readable.returncode == code
    assert {3: "CANNOT BE CHECKED", 4: "NOT A DECKLIST"}[code] in readable.stdout
    # One clean sentence: the reason after the verdict does not say the verdict again on its line.
    line = next(x for x in readable.stdout.splitlines() if verdict.replace("-", " ").upper() in x)
    assert line.lower().count(verdict.replace("-", " ")) == 1, line


def test_exit_codes_are_documented():
    help_text = subprocess.run([str(L5R), "deck", "check", "--help"], capture_output=True, text=True).stdout
    assert "3  cannot be checked" in help_text and "4  not a decklist" in help_text
    doc = (ROOT / "docs" / "deck-check.md").read_text(encoding="utf-8")
    assert "cannot be checked" in doc and "not a decklist" in doc and "| 3 |" in doc and "| 4 |" in doc
