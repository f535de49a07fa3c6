"""Fuzz the decklist reader and checker: every syntax, random unicode, odd counts, binary bytes.

Each case writes a decklist file mixing the syntaxes players export (plain text with section headers, counts
written `3`, `3x`, `3×`, experience suffixes, `[Set]`, YAML sections) with random damage, then reads and checks it
as `l5r deck check` does. The answer is a report or one DecklistError sentence; never another exception.
The special files (a folder, /dev/zero, 100,000 lines, binary bytes) go through the real command.
"""

from __future__ import annotations

import datetime as dt
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from conftest import BIN, l5r_here
from l5r.decklist import DecklistError, read_decklist

from decks import support
from .support import Quiet

TITLES = [
    "Hida Kisada",
    "Hida Kisada • Experienced",
    "Border Keep",
    "Shiro no Yogin",
    "Kyuden Hida",
    "Hida Tampako",
    "Isawa Tadaka",
    "Bayushi Kachiko",
    "Doji Hoturi",
    "Ring of Earth",
    "Deceit",
    "Iaijutsu Duel",
    "Bamboo Harvesters",
    "Utaku Keyo",
    "Stone of Remembrance",
    "Take the Initiative",
]
COUNTS = st.sampled_from(
    ["", "1 ", "3 ", "3x ", "3× ", "0 ", "-1 ", "1000000000000 ", "99 ", "100 ", "x3 ", "3\t", "٣ "]
)
SUFFIXES = st.sampled_from(
    [
        "",
        " - exp",
        " - Exp 2",
        " (Experienced 2CW)",
        " [Emperor Edition]",
        " [Coils of Madness]",
        " (Set)",
        " • Experienced",
        " {art: x [The New Order]}",
        " # a comment",
        "[",
        "]",
        " - ",
        " ()",
        # counts players write after the title
        " x3",
        " x 3",
        " ×2",
        " (x3)",
        " (3)",
        " [3x]",
        " 3x",
        " - 3",
        " - x3",
        " x0",
        " (x1000000000000)",
        " - -1",
        " x3 [Gold Edition]",
        " [Gold Edition] x3",
        " x",
        " (3 copies)",
        " 2 copies",
        "\t3",
        "    x2",
    ]
)
HEADERS = st.sampled_from(
    [
        "Pre-Game:",
        "Dynasty:",
        "Fate:",
        "Dynasty (40):",
        "# Dynasty - (40) [15 distinct]",
        "Stronghold:",
        "Personalities (14):",
        "Legality: Modern",
        "Dynasty: # (40)",
        "pre_game:",
        "dynasty:",
        "fate:",
        "Nonsense (3):",
        ":",
        "---",
        "- ",
        "%%% ??? not a card",
        # hand-written forms players post: deck words, counts with "cards", any dash, labels
        "Dynasty deck (40 cards)",
        "Fate deck (40 cards)",
        "Holdings (14)",
        "Personalities (22)",
        "Dynasty – (40)",
        "Follower – (12)",
        "Strategy — (20)",
        "# Follower (9)",
        "Fate Deck: 40",
        "Senseis (1)",
        "Stronghold: Shiro Daidoji",
        "Sensei - Kaelung Sensei",
        "Wind: ",
        "Author: someone",
        "",
        "Crab Berserkers, Kotei 2012",
        "3 Barely farm",
        "1 Fall Back",
        "2 Iron Mine (great with Daidoji)",
        "3 Copper Mine - for the gold",
    ]
)


@st.composite
def card_line(draw):
    title = draw(st.sampled_from(TITLES) | st.text(max_size=30))
    return draw(st.sampled_from(["", "- ", "* "])) + draw(COUNTS) + title + draw(SUFFIXES)


@st.composite
def decklist(draw):
    lines = draw(st.lists(HEADERS | card_line() | st.text(max_size=40), max_size=60))
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    return newline.join(lines)


@pytest.fixture(scope="module")
def checkers():
    support.pool_dir()
    return Quiet({f: support.checker(f) for f in ("obsidian-hand", "modern", "new-era")}, "deck checkers")


def _check(path: Path, checkers) -> None:
    try:
        deck = read_decklist(path)
    except DecklistError as exc:
        assert str(exc) and "\n" not in str(exc) and "Traceback" not in str(exc)
        return
    for checker in checkers.value.values():
        report = checker.check(deck, dt.date(2016, 3, 1))
        for finding in (*report.problems, *report.warnings):
            assert finding.code and finding.message


@given(decklist(), st.sampled_from([".txt", ".yml"]))
def test_any_decklist_gets_a_report_or_one_sentence(tmp_path_factory, checkers, text, suffix):
    path = tmp_path_factory.mktemp("deck") / f"deck{suffix}"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    _check(path, checkers)


@given(st.binary(max_size=400), st.sampled_from([".txt", ".yml"]))
def test_binary_bytes_get_a_report_or_one_sentence(tmp_path_factory, checkers, data, suffix):
    path = tmp_path_factory.mktemp("deck") / f"deck{suffix}"
    path.write_bytes(data)
    _check(path, checkers)


# ---------------------------------------------------------------------------------------------------------
# Special files, through the real command: a clear error within seconds, never a hang
# ---------------------------------------------------------------------------------------------------------

HANG_GUARD = 120  # seconds: a guard against hanging, not a speed goal (those are in scripts/bench_*.py); wide, as a
# loaded machine (several suites at once) takes six times the 5 s the longest of these needs alone


@pytest.fixture(scope="module")
def cli_cache(tmp_path_factory):
    """One cache folder for this file's commands (the memos of the data found clean and parsed): only the first
    reads the data from scratch."""
    return tmp_path_factory.mktemp("cli-cache")


def _cli(deck, tmp_path, cache):
    # A bare environment: no card pool, no setting of the calling shell.
    try:
        result = subprocess.run(
            [str(BIN / "l5r"), "deck", "check", "--format", "modern", str(deck)],
            capture_output=True,
            text=True,
            timeout=HANG_GUARD,
            check=False,
            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "L5R_CACHE_DIR": str(cache)},
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"l5r deck check {deck} did not end within {HANG_GUARD} s")
    assert "Traceback" not in result.stdout + result.stderr
    return result


def test_a_folder_as_deck_file(tmp_path, cli_cache):
    result = _cli(tmp_path, tmp_path, cli_cache)
    assert result.returncode == 2 and "is a folder, not a file" in result.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this system")
def test_dev_zero_as_deck_file(tmp_path, cli_cache):
    result = _cli("/dev/zero", tmp_path, cli_cache)
    assert result.returncode == 2 and "deck file /dev/zero is a device, not a regular file" in result.stderr


def test_binary_deck_file(tmp_path, cli_cache):
    deck = tmp_path / "deck.txt"
    deck.write_bytes(b"3 Hida Kisada\n\xff\xfe\x00garbage")
    result = _cli(deck, tmp_path, cli_cache)
    assert result.returncode == 2 and "is not UTF-8 text (byte 0xff on line 2)" in result.stderr


def test_hundred_thousand_lines(tmp_path, cli_cache):
    deck = tmp_path / "deck.txt"
    deck.write_text("Dynasty:\n" + "1 Hida Kisada\n" * 50_000 + "%%% ??? not a card line\n" * 50_000, encoding="utf-8")
    result = _cli(deck, tmp_path, cli_cache)
    assert result.returncode == 1 and "NOT LEGAL" in result.stdout


@pytest.mark.parametrize(
    "line",
    [
        "0 Hida Kisada",
        "-1 Hida Kisada",
        "1000000000000 Hida Kisada",
        "Hida Kisada x0",
        "Hida Kisada (x1000000000000)",
        "Hida Kisada - 100",
    ],
)
def test_impossible_counts_are_parse_problems(tmp_path, line, monkeypatch):
    # What the checker decides of a line: the command in this process (`l5r_here`), without a card pool.
    deck = tmp_path / "deck.txt"
    deck.write_text(f"Dynasty:\n{line}\n", encoding="utf-8")
    monkeypatch.setenv("L5R_CARDPOOL", "none")
    result = l5r_here("deck", "check", "--format", "modern", deck)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.returncode == 1
    assert "[parse]" in result.stdout and "needs a count from 1 to 99" in result.stdout
