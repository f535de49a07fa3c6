"""Theme files nothing in the built site loads: removed after any engine's build (`postbuild.run`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path


def drop_unused_theme_files(site_dir: Path) -> int:
    """Remove what Material copies into every site but no page of this one loads; the bytes removed.

    - `assets/javascripts/lunr/`: the search languages other than English. Material's search worker imports
      them only when the index's `config.lang` is not exactly ["en"] (read here from the built index).
    - `*.map` under assets/: source maps, fetched only by a developer's browser tools.
    Together megabytes of a site that must stay under 60 MB with the card pool, and of the offline zip.
    A function of the built files alone, run after any engine's build."""
    removed = 0
    index = site_dir / "search" / "search_index.json"
    try:
        lang = json.loads(index.read_text(encoding="utf-8")).get("config", {}).get("lang")
    except (OSError, ValueError):
        lang = None  # no index (or not Material's): keep the languages
    lunr = site_dir / "assets" / "javascripts" / "lunr"
    if lang == ["en"] and lunr.is_dir():
        removed += sum(p.stat().st_size for p in lunr.rglob("*") if p.is_file())
        shutil.rmtree(lunr)
    for source_map in (site_dir / "assets").rglob("*.map"):
        removed += source_map.stat().st_size
        source_map.unlink()
    return removed
