#!/usr/bin/env python3
"""`make bench`: run every scripts/bench_*.py benchmark and report; exit non-zero if any goal is missed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if not scripts:
        print("no benchmarks found (scripts/bench_*.py)", file=sys.stderr)
        return 1
    failed = []
    for script in scripts:
        print(f"== {script.name}")
        if subprocess.run([sys.executable, str(script)], check=False).returncode != 0:
            failed.append(script.name)
    if failed:
        print(f"goals missed: {', '.join(failed)}", file=sys.stderr)
        return 1
    print("all benchmark goals met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
