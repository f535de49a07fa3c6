#!/usr/bin/env python3
"""Benchmark: `l5r deck check` on a very long deck of valid lines (the 8 MB input cap holds ~200,000 of them).

    python scripts/bench_deck_lines.py [LINES ...]      (default: 50000 100000 200000)

Writes, into a temporary folder, a plain-text deck of LINES card lines ("1 <title>", Dynasty titles under
`Dynasty:`, Fate titles under `Fate:`) made of titles the installed card pool's index resolves to one card, runs
`l5r deck check --format modern` on it and prints the child's CPU seconds (user + system) and the exit code.
The deck is never kept: it is made of the pool's titles, which are the publisher's.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from l5r.cardpool import PoolError, load_index, locate_pool  # noqa: E402
from l5r.data.load import load_codex  # noqa: E402

L5R = Path(sys.executable).parent / "l5r"


def titles(index) -> dict[str, list[str]]:
    """Titles a deck line resolves to exactly one card, by deck."""
    out: dict[str, list[str]] = {"Dynasty": [], "Fate": []}
    for identity in index.identities:
        if identity.deck in out and index.find(identity.key, deck=identity.deck).identity is identity:
            out[identity.deck].append(identity.key)
    return out


def deck_text(lines: int, by_deck: dict[str, list[str]]) -> str:
    half = lines // 2
    parts = []
    for deck, count in (("Dynasty", half), ("Fate", lines - half)):
        names = by_deck[deck]
        parts.append(f"{deck}:")
        parts.extend(f"1 {names[i % len(names)]}" for i in range(count))
    return "\n".join(parts) + "\n"


def run_once(path: Path) -> tuple[float, float, int]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(
        [str(L5R), "deck", "check", "--format", "modern", str(path)], capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if "Traceback" in result.stderr:
        print(result.stderr[-2000:], file=sys.stderr)
    return cpu, wall, result.returncode


def main(argv: list[str]) -> int:
    sizes = [int(a) for a in argv] or [50_000, 100_000, 200_000]
    try:
        pool = locate_pool()
    except PoolError as exc:
        print(f"bench_deck_lines: {exc}", file=sys.stderr)
        return 1
    by_deck = titles(load_index(pool, load_codex().cards))
    with tempfile.TemporaryDirectory() as folder:
        for lines in sizes:
            path = Path(folder) / f"deck-{lines}.txt"
            path.write_text(deck_text(lines, by_deck), encoding="utf-8")
            cpu, wall, code = run_once(path)
            print(
                f"{lines:>7} lines ({os.path.getsize(path) / 1e6:.1f} MB): {cpu:.2f} s CPU, {wall:.2f} s wall, "
                f"exit {code}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
