#!/usr/bin/env python3
"""`make bench`: how long the test suite takes, the loop a maintainer waits on.

Runs the suite as a maintainer does, `make test-fast` (the lint, then the suite without the browser and end-to-end
tiers, the real pool's walks over its sample: tests/poolwalk.py), then `make test` (the lint, the suite whole, every
card of the real pool walked, without the fresh-clone test that .ci/run adds), in this checkout. For each:
wall time, the CPU seconds of the run's processes (user + sys, from the kernel's account of the children it waited
for: make, the linters, the test workers, builds and commands, but not Chromium's processes, which no test process
waits for), and the machine's busy time over the run (/proc/stat: Chromium too, and whatever else ran meanwhile).

Goals, on a 2-core machine: ≤ 45 s for `make test-fast`, ≤ 180 s whole. On a machine with another number of
cores the figures are printed and no goal is judged. A run with a failed test gives no figure. Tests skipped for a
missing input (no card pool, no source documents) are counted in the report: such a run does less than CI's.

    python scripts/bench_suite.py [--fast-only] [--against CHECKOUT ...] [--pairs N]

Machines differ by 2-3x and are noisy, and a shared machine more so: compare commits paired, in one sitting.
`--against CHECKOUT` (another clone, at the commit to compare with, its `.venv` made by its own Makefile; given
more than once for several) runs each tier in every checkout in turn, this one first, `--pairs` times over (2 by
default), so that a slow stretch of the machine falls on all of them alike; then prints each checkout's figures
and their ratio to the first checkout's, by the medians.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The Makefile's targets as they are: `make` prints the commands it runs, pytest its summary.
TIERS = (("quick loop (make test-fast)", "test-fast", 45.0), ("whole (make test)", "test", 180.0))
GOAL_CORES = 2
_SUMMARY = re.compile(r"^=*\s*(?P<counts>(?:\d+ \w+(?:, )?)+) in [\d.]+s")


def _busy_seconds() -> float | None:
    """The machine's busy time so far (all CPUs, /proc/stat), or None where there is no /proc."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = [int(v) for v in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    return (sum(fields) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")  # all but idle and iowait


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_tier(target: str, where: Path = ROOT) -> dict:
    """One `make TARGET` in the checkout `where`: its exit code, pytest's summary line, wall, CPU and busy seconds."""
    # As a maintainer's shell runs it: the calling environment, but not this script's interpreter's variables.
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONHOME", "PYTHONPATH")}
    busy0, cpu0, wall0 = _busy_seconds(), _children_cpu(), time.perf_counter()
    result = subprocess.run(["make", target], cwd=where, env=env, capture_output=True, text=True, check=False)
    wall, cpu, busy1 = time.perf_counter() - wall0, _children_cpu() - cpu0, _busy_seconds()
    summary = next(
        (m.group("counts") for line in reversed(result.stdout.splitlines()) if (m := _SUMMARY.match(line.strip("= ")))),
        None,
    )
    return {
        "code": result.returncode,
        "summary": summary,
        "wall": wall,
        "cpu": cpu,
        "busy": None if busy0 is None or busy1 is None else busy1 - busy0,
        "tail": (result.stdout + result.stderr)[-2000:],
    }


def _report(name: str, run: dict, goal: float | None) -> str:
    busy = "" if run["busy"] is None else f", machine busy {run['busy']:.1f} CPU-s"
    verdict = "" if goal is None else (" (goal ≤ %.0f s: %s)" % (goal, "met" if run["wall"] <= goal else "MISSED"))
    line = (
        f"suite {name}: {run['wall']:.1f} s wall{verdict}; {run['cpu']:.1f} CPU-s (user+sys, Chromium aside)"
        f"{busy}; {run['summary']}"
    )
    if run["summary"] and "skipped" in run["summary"]:
        line += "\n  tests were skipped (a missing input: see `make test`'s skip lines); CI runs them all"
    return line


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fast-only", action="store_true", help="only make test-fast")
    parser.add_argument(
        "--against",
        action="append",
        default=[],
        type=Path,
        metavar="CHECKOUT",
        help="another checkout to run in turn with this one (its own .venv); may be given more than once",
    )
    parser.add_argument("--pairs", type=int, default=2, help="rounds of runs with --against (default 2)")
    options = parser.parse_args(argv)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    judged = cores == GOAL_CORES
    print(f"machine: {cores} cores" + ("" if judged else f"; the goals are for {GOAL_CORES} cores, none is judged"))
    checkouts = [ROOT, *(path.resolve() for path in options.against)]
    for path in checkouts[1:]:
        if not (path / "Makefile").is_file():
            print(f"--against {path}: no Makefile there; give a checkout of the project", file=sys.stderr)
            return 2
    rounds = max(1, options.pairs) if options.against else 1
    missed = False
    for name, target, goal in TIERS[:1] if options.fast_only else TIERS:
        runs: dict[Path, list[dict]] = {path: [] for path in checkouts}
        for round_ in range(rounds):
            for path in checkouts:
                run = run_tier(target, path)
                if run["code"] != 0:
                    print(f"suite {name} in {path}: failed (exit {run['code']}), no figure\n{run['tail']}")
                    return 1
                runs[path].append(run)
                where = f" [{path}, round {round_ + 1}]" if options.against else ""
                print(_report(name, run, goal if judged and path == ROOT else None) + where, flush=True)
                missed |= judged and path == ROOT and run["wall"] > goal
        if options.against:
            first = runs[ROOT]
            wall0, cpu0 = _median([r["wall"] for r in first]), _median([r["cpu"] for r in first])
            for path, done in runs.items():
                wall, cpu = _median([r["wall"] for r in done]), _median([r["cpu"] for r in done])
                print(
                    f"  median of {len(done)}: {wall:.1f} s wall, {cpu:.1f} CPU-s"
                    f" ({wall / wall0:.2f}x and {cpu / cpu0:.2f}x this checkout's): {path}"
                )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
