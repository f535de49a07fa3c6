"""`l5r check`: validate all data, print every problem as path:line:column: message."""

from __future__ import annotations

import sys
from pathlib import Path

from ..data.load import check_data, load_codex
from ..engine.ruletable import basis_problems
from ..data.locate import data_dir, shown
from ..errors import ExitCode


def register(sub):
    p = sub.add_parser("check", help="validate all data files (YAML, schema, ids, references)")
    p.add_argument(
        "--data",
        type=Path,
        default=None,
        help="data folder (default: data/ of the project around the current directory, "
        "else the installed Codex's data/)",
    )
    p.set_defaults(func=run)


def run(args) -> int:
    folder = data_dir(args.data)
    problems: list = check_data(folder)
    if not problems:  # clean data: then no engine answer may lean on a basis no document names
        problems = basis_problems(load_codex(folder))
    if not problems:
        print(f"data ok: {shown(folder)}")
        return ExitCode.OK
    # The first line names the folder that was checked, so nobody mistakes another copy's verdict for theirs.
    print(f"checked {shown(folder)}:")
    for problem in problems:
        print(problem)
    print(f"l5r check: {len(problems)} problem{'s' if len(problems) != 1 else ''} found", file=sys.stderr)
    return ExitCode.PROBLEMS
