"""Paths as a user reads them in a message."""

from __future__ import annotations

import os
from pathlib import Path


def shown(path: Path) -> str:
    """A folder as a user reads it: relative to the current directory when inside it, else absolute."""
    try:
        absolute = Path(path).resolve()
        cwd = Path(os.getcwd()).resolve()
    except (OSError, RuntimeError):
        return str(path)
    try:
        relative = absolute.relative_to(cwd)
    except ValueError:
        return str(absolute)
    return str(relative) if str(relative) != "." else "."
