"""`l5r check`: validate all data, print every problem as path:line:column: message."""

from __future__ import annotations

import sys
from pathlib import Path

from ..data.load import DEFAULT_DATA_DIR, check


def register(sub):
    p = sub.add_parser("check", help="validate all data files (YAML, schema, ids, references)")
    p.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, help="data folder (default: the Codex's data/)")
    p.set_defaults(func=run)


def run(args) -> int:
    problems = check(args.data)
    if not problems:
        print("data ok")
        return 0
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found", file=sys.stderr)
    return 1
