"""`l5r deck check` as a user runs it: exit 0 legal, 1 not legal, 2 usage or input error (one sentence,
no traceback); --json output shape; --cardpool / L5R_CARDPOOL; --as-of (oh-ban-moshi-eihime).

The installed console script runs in a new process where that is the point (a legal deck, the pool named by the
environment, a deck on standard input, a pool it cannot read); the other runs are `l5r.cli.main`, the function it
calls, in this process (`l5r_here`), with the same environment and arguments.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import l5r_here
from decks.support import CACHE, DECKS, ROOT, deck_text, pool_dir

L5R = Path(sys.executable).parent / "l5r"


def l5r(*args, pool="option", stdin=None, process=False, **env):
    """`l5r deck check` with `args`, the test pool (pool="option": --cardpool; "env": L5R_CARDPOOL; None: no pool
    at all, not even one `l5r cardpool fetch` installed in the cache folder) and `env`; process=True runs the
    console script in a new process."""
    environ = {k: v for k, v in os.environ.items() if k != "L5R_CARDPOOL"}
    environ.update(L5R_CACHE_DIR=str(CACHE), L5R_CARDPOOL="none")
    environ.update(env)
    extra = ["--cardpool", str(pool_dir())] if pool == "option" else []
    if pool == "env":
        environ["L5R_CARDPOOL"] = str(pool_dir())
    command = ["deck", "check", *extra, *map(str, args)]
    if process:
        result = subprocess.run(
            [str(L5R), *command], cwd=ROOT, env=environ, capture_output=True, text=True, input=stdin, check=False
        )
    else:
        result = l5r_here(*command, env=environ, stdin=stdin)
    assert "Traceback" not in result.stdout + result.stderr
    return result


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_legal_deck_exits_0():
    result = l5r("--format", "modern", DECKS / "modern-crab.txt", process=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "LEGAL in Modern" in result.stdout


def test_illegal_deck_exits_1_and_reports_every_problem(tmp_path):
    deck = _write(tmp_path, "deck.txt", deck_text("oh-crab.txt") + "Dynasty:\nHantei\nAulus\n4 Hida Ikkaku\n")
    result = l5r("--format", "obsidian-hand", deck)
    assert result.returncode == 1
    # Each finding cites its rule as every page words it, never by its id.
    for code, rule in (
        ("banned", "OH Ban list, Hantei"),
        ("not-legal", "OH Initial Guidelines"),
        ("copy-limit", "OH II.F, Deck Restrictions"),
    ):
        assert any(
            line.lstrip().startswith(f"[{code}]") and line.rstrip().endswith(f"[{rule}]")
            for line in result.stdout.splitlines()
        ), (code, rule, result.stdout)
    for rule_id in ("oh-ban-hantei", "oh-guidelines", "oh-ii-f-deck-restrictions"):
        assert rule_id not in result.stdout


def test_json_output(tmp_path):
    deck = _write(tmp_path, "deck.txt", deck_text("modern-crab.txt") + "Fate:\nScout\n")
    result = l5r("--format", "modern", "--json", deck)
    report = json.loads(result.stdout)
    assert result.returncode == 1 and report["format"] == "modern" and report["legal"] is False
    assert report["counts"] == {"pre_game": 1, "dynasty": 50, "fate": 51}
    assert [p["code"] for p in report["problems"]] == ["deck-size"]
    assert set(report["problems"][0]) >= {"code", "message", "card", "rule"}
    assert report["problems"][0]["rule"] == "mod-deck-size" and isinstance(report["warnings"], list)


def test_yaml_deck_and_standard_input():
    assert l5r("--format", "modern", DECKS / "modern-crab.yml").returncode == 0
    assert l5r("--format", "modern", "-", stdin=deck_text("modern-crab.txt"), process=True).returncode == 0


def test_cardpool_from_the_environment():
    assert l5r("--format", "modern", DECKS / "modern-crab.txt", pool="env", process=True).returncode == 0


def test_without_a_pool_only_card_records_are_known():
    result = l5r("--format", "modern", "--json", DECKS / "modern-crab.txt", pool=None)
    report = json.loads(result.stdout)
    assert result.returncode == 1 and {p["code"] for p in report["problems"]} == {"unknown-card"}
    assert "no-card-pool" in [w["code"] for w in report["warnings"]]


def test_as_of_date(tmp_path):
    """oh-ban-moshi-eihime: added to the ban list on 2016-02-15; the day before, the list is not stated (exit 3)."""
    deck = _write(tmp_path, "deck.txt", deck_text("oh-crab.txt") + "Dynasty:\nMoshi Eihime\n")
    assert l5r("--format", "obsidian-hand", "--as-of", "2016-02-14", deck).returncode == 3
    assert l5r("--format", "obsidian-hand", "--as-of", "2016-02-15", deck).returncode == 1


@pytest.mark.parametrize(
    "args, says",
    [
        (["--format", "modern", "no-such-deck.txt"], "does not exist"),
        (["--format", "legacy", "tests/decks/modern-crab.txt"], "choose one of: modern, new-era, obsidian-hand"),
        (["--format", "aeg", "tests/decks/modern-crab.txt"], "has no deck construction rules"),
        (["--format", "modern", "--as-of", "16/08/2015", "tests/decks/modern-crab.txt"], "is not a date"),
        (["tests/decks/modern-crab.txt"], "--format"),
        (["--format", "modern", "tests/decks"], "is a folder"),
    ],
)
def test_usage_and_input_errors_exit_2(args, says, monkeypatch):
    # What the command decides of its arguments, in this process (`l5r_here`).
    monkeypatch.setenv("L5R_CACHE_DIR", str(CACHE))
    monkeypatch.setenv("L5R_CARDPOOL", "none")
    result = l5r_here("deck", "check", "--cardpool", pool_dir(), *args)
    assert result.returncode == 2 and says in result.stderr and not result.stdout
    assert "Traceback" not in result.stderr


def test_unreadable_pool_exits_2(tmp_path):
    result = subprocess.run(
        [str(L5R), "deck", "check", "--format", "modern", "--cardpool", str(tmp_path), str(DECKS / "modern-crab.txt")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2 and "no sets/*.yaml" in result.stderr and "Traceback" not in result.stderr
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "bad.yaml").write_text("cards: [\n", encoding="utf-8")
    result = l5r("--format", "modern", DECKS / "modern-crab.txt", pool=None, L5R_CARDPOOL=str(tmp_path))
    assert result.returncode == 2 and "bad.yaml" in result.stderr and "not valid YAML" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_cli_and_check_text_give_the_same_result(tmp_path):
    """`l5r deck check` is check_text with a file, a pool and today's date (or --as-of): the same JSON for a
    deck with problems, the format named by a Sun and Moon `Legality:` line, and the same refusal."""
    import datetime as dt

    from decks.support import codex, index
    from l5r.engine.deck import UnknownFormat, check_text

    text = deck_text("oh-crab.txt") + "Dynasty:\nHantei\n4 Hida Ikkaku\n"
    deck = _write(tmp_path, "deck.txt", text)
    cli = l5r("--json", "--format", "obsidian-hand", "--as-of", "2016-03-01", deck)
    result = check_text(codex(), text, index(), dt.date(2016, 3, 1), source=str(deck), format_id="obsidian-hand")
    assert json.loads(cli.stdout) == result.report.as_json() and result.report.verdict == "not-legal"
    assert result.format.id == "obsidian-hand" and result.decklist.source == str(deck)

    named = check_text(codex(), deck_text("modern-crab.sunandmoon.txt"), index(), dt.date(2016, 3, 1))
    assert named.format.id == "modern"
    with pytest.raises(UnknownFormat) as refused:
        check_text(codex(), text, index(), dt.date(2016, 3, 1))
    unnamed = l5r(deck)
    assert unnamed.returncode == 2 and str(refused.value) in unnamed.stderr
