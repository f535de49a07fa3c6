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
- links written as published directory URLs inside raw HTML (`../ii-b/#oh-ii-b`: MkDocs rewrites only Markdown
  links) are pointed at the page files (`ii-b.html#oh-ii-b`): from disk, a directory is not a page.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from mkdocs.exceptions import PluginError

from .cardlinks import CARD_DIR

SHIM_URI = "assets/vendor/iframe-worker/shim.js"
SHIM_PACKAGE = Path("node_modules") / "iframe-worker" / "shim" / "index.js"
_INSTANT = "navigation.instant"


def enabled(config) -> bool:
    return bool((config.extra or {}).get("l5r_offline"))


def project_dir(config) -> Path:
    return Path(config.config_file_path).resolve().parent


def on_config(config) -> None:
    if not enabled(config):
        return
    features = config.theme.get("features") or []
    config.theme["features"] = [f for f in features if f != _INSTANT and not f.startswith(_INSTANT + ".")]
    config.use_directory_urls = False
    # Only the vendored shim: a polyfill from anywhere else would be a request leaving the machine.
    polyfills = [p for p in (config.extra.get("polyfills") or []) if "iframe-worker" not in str(p)]
    config.extra["polyfills"] = [*polyfills, SHIM_URI]


def shim_source(config) -> Path:
    path = project_dir(config) / SHIM_PACKAGE
    if not path.is_file():
        raise PluginError(f"The offline build needs {SHIM_PACKAGE} (the pinned iframe-worker package): "
                          "run `make node_modules` (npm ci) first.")
    return path


def on_files(files, config):
    if not enabled(config):
        return files
    from mkdocs.structure.files import File

    files.append(File.generated(config, SHIM_URI, abs_src_path=str(shim_source(config))))
    return files


_HREF = re.compile(r'(<a\b[^>]*?\bhref=")([^"]*)(")')
_pages_by_dir: dict[int, dict[str, str]] = {}


def _dir_url(src_uri: str) -> str:
    """Where a page lives with directory URLs: `a/b.md` -> `a/b/`, `a/index.md` -> `a/`."""
    if src_uri == "index.md" or src_uri.endswith("/index.md"):
        return src_uri[: -len("index.md")]
    return src_uri[: -len(".md")] + "/"


def _page_map(files) -> dict[str, str]:
    key = id(files)
    if key not in _pages_by_dir:
        _pages_by_dir.clear()
        _pages_by_dir[key] = {_dir_url(f.src_uri): f.dest_uri for f in files.documentation_pages()}
    return _pages_by_dir[key]


def page_content(html: str, page, config, files) -> str:
    """Offline only: point directory-URL links (`../ii-b/#x`, `./`) at page files (`ii-b.html#x`)."""
    if not enabled(config):
        return html
    pages = _page_map(files)
    here_dir = _dir_url(page.file.src_uri)  # the location the raw links were written for
    here_file = page.file.dest_uri  # where the page really is in the offline copy

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
            dest = target + "index.html"  # a pool card's page: written by the Codex, not by MkDocs
        if dest is None:
            return match.group(0)
        rel = posixpath.relpath(dest, posixpath.dirname(here_file) or ".")
        return f"{match.group(1)}{rel}{hash_}{fragment}{match.group(3)}"

    return _HREF.sub(fix, html)


_FEED_LINK = re.compile(r'\s*<link\b[^>]*\brel="alternate"[^>]*\btype="application/atom\+xml"[^>]*>')


def post_page(output: str, config) -> str:
    if not enabled(config):
        return output
    return _FEED_LINK.sub("", output)


def on_post_build(config) -> None:
    if not enabled(config):
        return
    (Path(config.site_dir) / "404.html").unlink(missing_ok=True)
    folder = Path(config.site_dir) / "search"
    index = folder / "search_index.json"
    if not index.is_file():
        raise PluginError("The offline build found no search/search_index.json: is the search plugin enabled?")
    (folder / "search_index.js").write_text(f"var __index = {index.read_text(encoding='utf-8')}",
                                            encoding="utf-8")
