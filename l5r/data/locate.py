"""Which data folder a command works on.

Like `mkdocs` and `ruff`, the `l5r` commands work on the project they are run in: walk up from the current
directory to the first folder that has both `mkdocs.yml` and `data/`, and use its `data/`. Outside any
project they fall back to the data installed with the package. An explicit `--data` always wins.
"""

from __future__ import annotations

import os
from pathlib import Path

from .load import DEFAULT_DATA_DIR
from .paths import shown as shown  # the commands take it from here

PROJECT_MARKER = "mkdocs.yml"


def find_project(start: Path | None = None) -> Path | None:
    """The nearest folder at or above `start` (default: the current directory) with mkdocs.yml and data/."""
    try:
        here = Path(start if start is not None else os.getcwd()).resolve()
    except (OSError, RuntimeError):  # the current directory was removed, or a symlink loop
        return None
    for folder in (here, *here.parents):
        if (folder / PROJECT_MARKER).is_file() and (folder / "data").is_dir():
            return folder
    return None


def data_dir(explicit: Path | str | None = None, start: Path | None = None) -> Path:
    """`--data` when given, else the project's data/ around `start`, else the installed data."""
    if explicit is not None:
        return Path(explicit)
    project = find_project(start)
    return project / "data" if project is not None else DEFAULT_DATA_DIR
