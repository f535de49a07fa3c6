#!/usr/bin/env python3
"""Benchmark: checking a 100-card deck once the card pool is loaded must take at most 50 ms.

Prints the cold and warm pool load times (for information) and the per-check time (the goal), and exits 1
when the goal is missed or the card pool cannot be found (L5R_CARDPOOL, or `l5r cardpool fetch`).
"""

from __future__ import annotations

import datetime as dt
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from l5r.cardpool import PoolError, load_index, locate_pool  # noqa: E402
from l5r.data.load import load_codex  # noqa: E402
from l5r.decklist import read_decklist  # noqa: E402
from l5r.engine.deck import DeckChecker  # noqa: E402
from l5r.engine.ruleset import ruleset_for  # noqa: E402

GOAL_MS = 50.0
DECK = ROOT / "tests" / "decks" / "modern-crab.txt"  # 1 Stronghold, 50 Dynasty and 50 Fate cards
FORMATS = ("modern", "obsidian-hand")
RUNS = 50


def _pool() -> Path:
    return locate_pool()  # L5R_CARDPOOL, else the pool `l5r cardpool fetch` installed


def _timed(action):
    start = time.perf_counter()
    value = action()
    return value, (time.perf_counter() - start) * 1000


def main() -> int:
    try:
        pool = _pool()
    except PoolError as exc:
        print(f"bench_deck: {exc}", file=sys.stderr)
        return 1
    codex = load_codex()
    with tempfile.TemporaryDirectory() as cache:
        _, cold = _timed(lambda: load_index(pool, codex.cards, Path(cache)))
        index, warm = _timed(lambda: load_index(pool, codex.cards, Path(cache)))
    print(f"card pool load: cold {cold:.0f} ms, warm (cached) {warm:.0f} ms, {len(index)} cards")
    deck = read_decklist(DECK)
    worst = 0.0
    for format_id in FORMATS:
        fmt = codex.format(format_id)
        checker = DeckChecker(fmt, ruleset_for(fmt), index)
        checker.check(deck, dt.date.today())  # warm-up
        times = [_timed(lambda c=checker: c.check(deck, dt.date.today()))[1] for _ in range(RUNS)]
        median = statistics.median(times)
        worst = max(worst, median)
        print(
            f"{format_id}: {sum(c.count for c in deck.cards)}-card deck checked in {median:.2f} ms "
            f"(median of {RUNS}; max {max(times):.2f} ms)"
        )
    ok = worst <= GOAL_MS
    print(f"goal: per-check time <= {GOAL_MS:.0f} ms: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
