"""Helpers for the deck checker tests: the real card pool, one index per session, decks from tests/decks.

The pool is the fixture pool under tests/fixtures/cardpool (the real pool's layout, a few hundred cards with
the project's own text); tests that need the whole real pool carry `@pytest.mark.realpool` (tests/conftest.py).
"""

from __future__ import annotations

import atexit
import datetime as dt
import functools
import os
import re
import shutil
import tempfile
from pathlib import Path


from l5r.cardpool import load_index
from l5r.data.load import load_codex
from l5r.decklist import parse_text
from l5r.engine.deck import DeckChecker
from l5r.engine.ruleset import ruleset_for

ROOT = Path(__file__).resolve().parent.parent.parent
DECKS = Path(__file__).resolve().parent


def _run_cache() -> Path:
    """One cache folder per test run: the first index build is cold, every later one (and the CLI's) warm.

    pytest-xdist's workers of one run share it (PYTEST_XDIST_TESTRUNUID), so the cold build happens once; the
    last worker to leave removes it (a count kept under a file lock)."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not run:
        folder = Path(tempfile.mkdtemp(prefix="l5r-deck-tests-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        return folder
    import fcntl

    folder = Path(tempfile.gettempdir()) / f"l5r-deck-tests-{re.sub(r'[^0-9a-zA-Z]', '', run)[:32]}"
    folder.mkdir(exist_ok=True)
    users = folder.with_name(folder.name + ".users")

    def count(step: int) -> int:
        with open(users, "a+", encoding="ascii") as stream:
            fcntl.flock(stream, fcntl.LOCK_EX)
            stream.seek(0)
            now = int(stream.read().strip() or 0) + step
            stream.seek(0)
            stream.truncate()
            stream.write(str(now))
            return now

    def leave():
        if count(-1) <= 0:
            shutil.rmtree(folder, ignore_errors=True)
            users.unlink(missing_ok=True)

    count(+1)
    atexit.register(leave)
    return folder


def _cache() -> Path:
    """The user's cache folder, as `l5r` and the build use it: the pool's index and printings are keyed by
    everything they are built from (tests/test_deck_cardpool.py), so a warm entry is always the right one, and
    a developer's second run does not read the pool's printings again. A fresh one per run only when no
    cache folder is writable."""
    from l5r.data.cachedir import default_cache_dir

    return default_cache_dir() or _run_cache()


CACHE = _cache()
AFTER_ALL_BANS = dt.date(2016, 3, 1)  # after the last dated change of every bundled ban list


def pool_dir() -> Path:
    """The card pool the deck tests read: the fixture pool committed under tests/fixtures/cardpool."""
    return ROOT / "tests" / "fixtures" / "cardpool"


@functools.lru_cache(maxsize=None)
def codex():
    return load_codex(ROOT / "data")


@functools.lru_cache(maxsize=None)
def index():
    # One worker builds the cold index while the others wait for it, rather than every worker building it.
    import fcntl

    with open(CACHE / "index.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return load_index(pool_dir(), codex().cards, CACHE)


@functools.lru_cache(maxsize=None)
def checker(format_id: str) -> DeckChecker:
    fmt = codex().format(format_id)
    return DeckChecker(fmt, ruleset_for(fmt), index())


def deck_text(name: str) -> str:
    return (DECKS / name).read_text(encoding="utf-8")


def check(format_id: str, text: str, on: dt.date = AFTER_ALL_BANS):
    return checker(format_id).check(parse_text(text, "test deck"), on)


def add(text: str, section: str, *lines: str) -> str:
    """The decklist with card lines added under a section header ("Pre-Game", "Dynasty", "Fate")."""
    out = []
    for line in text.splitlines():
        out.append(line)
        if _header(line) == section.lower():
            out.extend(lines)
    assert len(out) > len(text.splitlines()), f"test setup: no {section} header in the deck"
    return "\n".join(out) + "\n"


def _header(line: str) -> str | None:
    match = re.match(r"^(pre-game|stronghold|dynasty|fate)\b[^:]*:$", line.strip().lower())
    if not match:
        return None
    return "pre-game" if match.group(1) == "stronghold" else match.group(1)


def remove(text: str, *titles: str) -> str:
    """The decklist without the lines naming these titles (exactly, after any count)."""
    kept = []
    for line in text.splitlines():
        card = line.strip()
        for prefix in ("1x ", "3x ", "1 ", "3 "):
            if card.startswith(prefix):
                card = card[len(prefix) :]
        if card not in titles:
            kept.append(line)
    assert len(kept) < len(text.splitlines()), f"test setup: none of {titles} is in the deck"
    return "\n".join(kept) + "\n"


def codes(report) -> list[str]:
    return [p.code for p in report.problems]


def only(report, code: str):
    """The problems with this code (and a readable failure when there are none)."""
    found = [p for p in report.problems if p.code == code]
    assert found, f"expected a {code} problem, got: {[(p.code, p.message) for p in report.problems]}"
    return found
