"""`make lint` reads every Python file of the project: ruff's exclusions leave out only what a build or an install
writes (the built site, dist/, node_modules/), never a folder of the package that shares such a name (l5r/site)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from conftest import BIN, ROOT


def _tracked_python() -> set[str]:
    out = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=False).stdout
    return {line for line in out.splitlines() if line}


def test_ruff_reads_every_tracked_python_file(tmp_path):
    tracked = _tracked_python()
    if not tracked:  # not a git checkout (an unpacked source tree): the package's own files, then
        tracked = {p.relative_to(ROOT).as_posix() for p in (ROOT / "l5r").rglob("*.py")}
    shown = subprocess.run(
        [str(BIN / "ruff"), "check", "--show-files", "."], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout
    read = {Path(line.strip()).resolve().relative_to(ROOT).as_posix() for line in shown.splitlines() if line.strip()}
    assert sorted(tracked - read) == []
    assert any(p.startswith("l5r/site/") for p in read)
