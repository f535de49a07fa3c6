"""The slim shell every pool card page shares (issue 11: the site with the pool ≤ 60 MB, a card page ≤ 40 KB).

13,000 card pages repeat their chrome 13,000 times, so every byte of it costs 13 MB of site. The chrome keeps
Material's look (its stylesheets and colour scheme, the header bar) but names ONE stylesheet,
assets/card-page.css, written once per build as the concatenation of the stylesheets the search page's shell
links (less those nothing on a card page uses), instead of five `<link>` tags on every page. Concatenated,
not `@import`ed: one request, and nothing that a file:// page could be refused.
"""

from __future__ import annotations

import re
from pathlib import Path

CARD_CSS = "assets/card-page.css"
# Stylesheets of the shell that nothing on a card page uses (print layout, history, scenarios, the search box's
# extras, the deck checker page).
SKIPPED_CSS = ("print.css", "history.css", "scenarios.css", "codex-search.css", "deck-check.css")
_LINK = re.compile(r'<link rel="stylesheet" href="([^"]*)">')
_EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.I)
# The few rules that let the card page's short markup (a bare header bar, <main> holding the article directly)
# look like Material's longer chrome (.md-header__title links, .md-container > .md-main > .md-content).
CARD_RULES = """
/* card pages: l5r/site/slim.py */
.l5r-bar a{color:inherit;font-size:.9rem;line-height:2.4rem;margin:0 .4rem 0 1rem;white-space:nowrap}
.l5r-bar a:first-child{flex-grow:1;font-weight:700}
.l5r-bar{flex-wrap:wrap}
@media screen and (max-width:30em){.l5r-bar a{font-size:.8rem;margin:0 .3rem}}
.l5r-card-main{flex-grow:1;width:100%;min-width:0}
.l5r-card-main table{display:block;max-width:100%;overflow-x:auto}
.l5r-card-main>article{flex-grow:1;min-width:0}
"""
_SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/")


def shell_stylesheets(shell_html: str, shell_depth: int) -> tuple[list[str], list[str]]:
    """The shell's stylesheets: (site-relative paths of local ones to bundle, external `<link>` tags to keep)."""
    local, external = [], []
    for match in _LINK.finditer(shell_html):
        href = match.group(1)
        if any(href.split("?")[0].endswith(css) for css in SKIPPED_CSS):
            continue
        if _EXTERNAL.match(href):
            external.append(match.group(0))
            continue
        prefix = "../" * shell_depth
        local.append(href[len(prefix):] if href.startswith(prefix) else href)
    return local, external


def write_card_css(site_dir: Path, local: list[str]) -> None:
    """assets/card-page.css: the bundled stylesheets, in the shell's order (the cascade stays the same).
    Their `url(...)` values are data: URIs or sit beside the bundle (assets/); a relative one from another folder
    is re-rooted so it still resolves from assets/."""
    parts = []
    for rel in local:
        path = site_dir / rel
        if not path.is_file():
            continue
        text = _SOURCE_MAP.sub("", path.read_text(encoding="utf-8"))
        folder = str(Path(rel).parent.as_posix())
        if folder not in ("assets", "."):
            sub = folder[len("assets/"):] + "/" if folder.startswith("assets/") else "../" + folder + "/"
            text = re.sub(r"url\((['\"]?)(?!data:|[a-z][a-z0-9+.-]*:|/|#)",
                          lambda m: f"url({m.group(1)}{sub}", text)
        parts.append(f"/* {rel} */\n{text}")
    (site_dir / CARD_CSS).write_text("\n".join(parts) + CARD_RULES, encoding="utf-8")


def favicon(shell_html: str) -> str:
    found = re.search(r'<link rel="icon" href="[^"]*">', shell_html)
    return found.group(0) if found else ""


# -----------------------------------------------------------------------------------------------------------
# Theme files nothing in the built site loads
# -----------------------------------------------------------------------------------------------------------

def drop_unused_theme_files(site_dir: Path) -> int:
    """Remove what Material copies into every site but no page of this one loads; the bytes removed.

    - `assets/javascripts/lunr/`: the search languages other than English. Material's search worker imports
      them only when the index's `config.lang` is not exactly ["en"] (read here from the built index).
    - `*.map` under assets/: source maps, fetched only by a developer's browser tools.
    Together 2.2 MB of a site that must stay under 60 MB with the card pool (issue 11), and of the offline zip.
    A function of the built files alone, run after any engine's build."""
    import json
    import shutil

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
