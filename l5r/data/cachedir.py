"""Where the Codex keeps what it can rebuild: the card pool index, the site's printings, clean data digests, parsed
data files."""

from __future__ import annotations

import os
from pathlib import Path

_REPO_CACHE = Path(__file__).resolve().parent.parent.parent / ".l5r-cache"


def default_cache_dir() -> Path | None:
    """L5R_CACHE_DIR, else the user cache folder, else .l5r-cache/ in the checkout; None if none is writable."""
    explicit = os.environ.get("L5R_CACHE_DIR")
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    for folder in [Path(explicit)] if explicit else [Path(xdg) / "l5r-codex", _REPO_CACHE]:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(folder, os.W_OK):
            return folder
    return None
