"""The Codex's own scripts as the site ships them: minified after any engine's build (`postbuild.run`).

docs/assets/*.js are written to be read: a comment says why on nearly every step of the deck checker. Every page
loads them (mkdocs.yml `extra_javascript`), and the deck check page loads the checker with its card table, which
must stay under 1.5 MB in all (scripts/bench_deck_browser.py). The site gets them without comments or the
indentation: rjsmin's tokenizer knows JavaScript's strings and regular expression literals, so what runs is what
was written. The scripts the Codex makes (the checker's data, the card search's) are left as they were made.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import rjsmin


def shipped_script(source: str) -> str:
    """One script as the site ships it: `source` minified, ending in a line break."""
    return rjsmin.jsmin(source).strip() + "\n"


def minify_own_scripts(site_dir: Path, made: Iterable[str]) -> int:
    """Minify each script under the site's assets/ the engine copied from docs/: not the uris `made` by the Codex
    (generated, or written after the build), nor the theme's own, already minified under assets/javascripts/. The
    bytes saved. Running it twice changes nothing."""
    made = set(made)
    saved = 0
    for path in sorted((site_dir / "assets").glob("*.js")):
        if f"assets/{path.name}" in made:
            continue
        source = path.read_text(encoding="utf-8")
        shipped = shipped_script(source)
        if shipped != source:
            path.write_text(shipped, encoding="utf-8")
            saved += len(source.encode()) - len(shipped.encode())
    return saved
