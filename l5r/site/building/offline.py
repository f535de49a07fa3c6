"""The offline copy: the same site, built to be opened from disk (file://) with no network at all.

`mkdocs.offline.yml` inherits mkdocs.yml and sets `extra.l5r_offline: true` and `use_directory_urls: false`.
In that mode this module does what Material's `offline` plugin does, without its one network request:

- instant navigation is switched off (it cannot work from file://);
- the iframe-worker shim that lets search run its worker from file:// is served from the site itself
  (copied from the pinned npm package in node_modules/, never loaded from a CDN);
- the search index is also written as a script, `search/search_index.js`, which Material loads from file://
  where fetching JSON is refused;
- feed discovery links are left out (Material fetches a sitemap beside every `<link rel="alternate">`, which
  fails from disk; a feed reader needs the online site anyway), and so is 404.html (never shown from disk);
- the footer's "Made with Material for MkDocs" link is left out (`without_generator`), and the canonical link,
  present only when the site has a public address, names the page's published (directory) URL
  (`public_canonical`): nothing in the copy links outside but to the Codex's own public address;
- links written as published directory URLs inside raw HTML (`../ii-b/#oh-ii-b`: MkDocs rewrites only Markdown
  links) are pointed at the page files (`ii-b.html#oh-ii-b`): from disk, a directory is not a page.

The engine's settings are the MkDocs glue's (l5r/site/glue/mkdocs_glue.py); the passes over the built pages and
files are functions of those files (`rewrite_links`, `drop_feed_links`, `finish`), run by l5r/site/building/postbuild.py.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from ..rendering.cardlinks import CARD_DIR
from ...errors import CodexError

SHIM_URI = "assets/vendor/iframe-worker/shim.js"
NATIVE_WORKER_URI = "assets/native-worker.js"  # keeps the browser's Worker before the shim replaces it
SHIM_PACKAGE = Path("node_modules") / "iframe-worker" / "shim" / "index.js"
INSTANT = "navigation.instant"


class ShimMissing(CodexError):
    """The pinned iframe-worker package is not installed: the message says what to run."""


def shim_source(project: Path) -> Path:
    path = project / SHIM_PACKAGE
    if not path.is_file():
        raise ShimMissing(
            f"The offline build needs {SHIM_PACKAGE} (the pinned iframe-worker package): "
            "run `make node_modules` (npm ci) first."
        )
    return path


def theme_features(features) -> list[str]:
    """The theme's features without instant navigation (it cannot work from file://)."""
    return [f for f in features or () if f != INSTANT and not f.startswith(INSTANT + ".")]


def without_generator(extra) -> dict:
    """The theme's `extra` settings without Material's "Made with Material for MkDocs" footer link: an offline
    reference links to nothing outside itself."""
    return {**(extra or {}), "generator": False}


def polyfills(configured) -> list[str]:
    """Only the vendored shim: a polyfill from anywhere else would be a request leaving the machine. Before it, the
    script that keeps the browser's own Worker, which the deck checker runs its checks in (the shim's stand-in would
    run them on the page's thread)."""
    kept = (p for p in configured or () if "iframe-worker" not in str(p) and str(p) != NATIVE_WORKER_URI)
    return [*kept, NATIVE_WORKER_URI, SHIM_URI]


_HREF = re.compile(r'(<a\b[^<>]*?\bhref=")([^"]*)(")')


def page_dir(page_file: str) -> str:
    """Where a page file lives with directory URLs: `a/b.html` -> `a/b/`, `a/index.html` (and `a/b/index.html`
    of a directory-URL build) -> `a/` (`a/b/`), `index.html` -> ``."""
    if page_file == "index.html" or page_file.endswith("/index.html"):
        return page_file[: -len("index.html")]
    return page_file[: -len(".html")] + "/"


def pages_by_dir(page_files) -> dict[str, str]:
    """Every page file of the offline copy by the directory URL a raw link would name it with."""
    return {page_dir(f): f for f in page_files}


def rewrite_links(html: str, page_file: str, pages: dict[str, str]) -> str:
    """Point the directory-URL links (`../ii-b/#x`, `./`) of a page's content at page files (`ii-b.html#x`).
    `page_file`: where the page is in the offline copy (`formats/oh/ii-a.html`); `pages`: `pages_by_dir`."""
    here_dir = page_dir(page_file)  # the location the raw links were written for

    def fix(match: re.Match) -> str:
        href = match.group(2)
        path, hash_, fragment = href.partition("#")
        if not path or re.match(r"^[a-z][a-z0-9+.-]*:|^/", path, re.I):
            return match.group(0)
        if not (path.endswith("/") or path in (".", "..")):
            return match.group(0)
        target = posixpath.normpath(posixpath.join(here_dir, path))
        target = "" if target == "." else target + "/"
        dest = pages.get(target)
        if dest is None and target.startswith(CARD_DIR + "/"):
            dest = target + "index.html"  # a pool card's page: written by the Codex, not by the engine
        if dest is None:
            return match.group(0)
        rel = posixpath.relpath(dest, posixpath.dirname(page_file) or ".")
        return f"{match.group(1)}{rel}{hash_}{fragment}{match.group(3)}"

    return _HREF.sub(fix, html)


_FEED_LINK = re.compile(r'(?<!\s)\s*<link\b[^>]*\brel="alternate"[^>]*\btype="application/atom\+xml"[^>]*>')


def drop_feed_links(page_html: str) -> str:
    """A whole built page without its feed discovery `<link>`s."""
    return _FEED_LINK.sub("", page_html)


_CANONICAL = re.compile(r'(<link rel="canonical" href="[^"]*?)(?:(/)index|/([^/"]+))\.html(")')


def public_canonical(page_html: str) -> str:
    """A whole built page whose canonical link (`…/ii-b.html`, the page file) names the page's published directory
    URL (`…/ii-b/`): the public site has directory URLs, so that is where the page is on the web."""
    return _CANONICAL.sub(
        lambda m: f"{m.group(1)}/{m.group(3) + '/' if m.group(3) else ''}{m.group(4)}", page_html, count=1
    )


# An inline icon's SVG namespace is implied in HTML (the parser puts every <svg> in it), and an address a rules
# document quotes is shown as text: neither needs "://" in the copy's HTML, where any address but the Codex's own
# would read as a way out. `&#58;` displays as ":", in text and in attribute values alike.
_SVG_NAMESPACE = ' xmlns="http://www.w3.org/2000/svg"'
_QUOTED_ADDRESS = re.compile(r'(?<![="\'\w])(https?)://', re.I)


def quoted_addresses_as_text(page_html: str, public: str) -> str:
    """A whole built page with no "://" but in links and in the public address `public` (empty: none): inline
    icons without their implied namespace, a quoted address written `https&#58;//`."""
    page_html = page_html.replace(_SVG_NAMESPACE, "")

    def quote(match: re.Match) -> str:
        if public and page_html.startswith(public, match.start()):
            return match.group(0)
        return f"{match.group(1)}&#58;//"

    return _QUOTED_ADDRESS.sub(quote, page_html)


def finish(site: Path, public: str = "") -> None:
    """After the build: no 404.html, the short links (written after the engine, so not through the page passes)
    with quoted addresses as text, and the search index as a script as well. Raises FileNotFoundError when the
    engine wrote no search/search_index.json."""
    (site / "404.html").unlink(missing_ok=True)
    for short in (site / "c").glob("*/index.html"):
        text = short.read_text(encoding="utf-8")
        if "://" in text:
            short.write_text(quoted_addresses_as_text(text, public), encoding="utf-8")
    folder = site / "search"
    index = folder / "search_index.json"
    text = index.read_text(encoding="utf-8")
    (folder / "search_index.js").write_text(f"var __index = {text}", encoding="utf-8")
