#!/usr/bin/env python3
"""`make bench`: how long the test suite takes, the loop a maintainer waits on.

Runs the suite as the Makefile does (pytest-xdist on every core, one file per worker): first without the browser tier
(`make test-fast`), then whole (`make test`, without the fresh-clone test that .ci/run adds). For each: wall time,
the CPU seconds of the run's processes (user + sys, from the kernel's account of the children it waited for: the
test workers, builds and commands, but not Chromium's processes, which no test process waits for), and the
machine's busy time over the run (/proc/stat: Chromium too, and whatever else ran meanwhile).

Goals, on a 2-core machine: ≤ 45 s without the browser tier, ≤ 180 s whole. On a machine with another number of
cores the figures are printed and no goal is judged. A run with a failed test gives no figure. Tests skipped for a
missing input (no card pool, no source documents) are counted in the report: such a run does less than CI's.

    python scripts/bench_suite.py [--fast-only]

Machines differ by 2-3x and are noisy: compare two commits by running this on each, back to back, and give the
ratio.
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
PYTEST = [
    sys.executable,
    "-m",
    "pytest",
    "-n",
    "auto",
    "--dist",
    "loadfile",
    "--no-loadscope-reorder",
    "-q",
    "-p",
    "no:cacheprovider",
]
TIERS = (("without the browser tier (make test-fast)", ["-m", "not browser"], 45.0), ("whole (make test)", [], 180.0))
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


def run_tier(args: list[str]) -> dict:
    """One run of the suite: its exit code, pytest's summary line, wall, CPU and busy seconds."""
    busy0, cpu0, wall0 = _busy_seconds(), _children_cpu(), time.perf_counter()
    result = subprocess.run(PYTEST + args, cwd=ROOT, capture_output=True, text=True, check=False)
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
        "tail": result.stdout[-2000:],
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fast-only", action="store_true", help="only the suite without the browser tier")
    options = parser.parse_args(argv)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    judged = cores == GOAL_CORES
    print(f"machine: {cores} cores" + ("" if judged else f"; the goals are for {GOAL_CORES} cores, none is judged"))
    missed = False
    for name, args, goal in TIERS[:1] if options.fast_only else TIERS:
        run = run_tier(args)
        if run["code"] != 0:
            print(f"suite {name}: failed (exit {run['code']}), no figure\n{run['tail']}")
            return 1
        busy = "" if run["busy"] is None else f", machine busy {run['busy']:.1f} CPU-s"
        verdict = (
            ""
            if not judged
            else (" (goal ≤ %.0f s: met)" % goal if run["wall"] <= goal else " (goal ≤ %.0f s: MISSED)" % goal)
        )
        print(
            f"suite {name}: {run['wall']:.1f} s wall{verdict}; {run['cpu']:.1f} CPU-s (user+sys, Chromium aside)"
            f"{busy}; {run['summary']}"
        )
        if run["summary"] and "skipped" in run["summary"]:
            print("  tests were skipped (a missing input: see `make test`'s skip lines); CI runs them all")
        missed |= judged and run["wall"] > goal
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
