"""Reading links and anchors from every built page, fast enough for a site with a page per card of the pool.

The tests that walk the whole built site (every link resolves, every anchor exists) used Python's HTMLParser,
which costs ~1.5 ms a page: with the card pool's card pages one walk took two minutes, most of it
re-parsing the same target pages. This reader finds start tags with one regular expression (the
site is generated HTML: quoted attributes, no unclosed tags), skips what HTMLParser treats as raw text
(script and style bodies, comments), unescapes attribute values as HTMLParser does, and keeps each file's
result, so a page linked to from thousands of pages is read once.
"""

from __future__ import annotations

import functools
import html
import os
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

# A start tag: name, then attributes (quoted values may hold ">"), then an optional "/".
_TAG = re.compile(r"""<([a-zA-Z][\w:-]*)((?:\s+[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*/?>""")
_ATTR = re.compile(r"""([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
# Raw text HTMLParser does not look into for tags: script and style bodies, and comments.
_SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:")
_RAW = re.compile(r"<(script|style)\b[^>]*>.*?</\1\s*>|<!--.*?-->", re.S | re.I)


@functools.lru_cache(maxsize=None)
def _html_listing(root: str) -> tuple[str, ...]:
    out = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        out.extend(os.path.join(folder, name) for name in sorted(files) if name.endswith(".html"))
    return tuple(out)


def html_files(root) -> list[Path]:
    """Every .html file under a built site, listed once per test process (os.walk: pathlib's rglob took 1.5 s of
    a walk over every page of a pool build); a site is never changed after it is built."""
    return [Path(p) for p in _html_listing(os.fspath(root))]


@functools.lru_cache(maxsize=None)
def _text(path: str) -> str:
    with open(path, encoding="utf-8") as stream:
        return stream.read()


def text(path) -> str:
    """A built page's text, read once per test process (several tests walk every page of the same site)."""
    return _text(os.fspath(path))


@dataclass
class Tag:
    name: str
    attrs: dict


@dataclass
class Page:
    ids: set = field(default_factory=set)
    tags: list = field(default_factory=list)  # every start tag that has an href, src or id

    def links(self, names=("a",), keys=("href",)) -> list[str]:
        return [t.attrs[k] for t in self.tags if t.name in names for k in keys if t.attrs.get(k)]


def _attrs(text: str) -> dict:
    out = {}
    for m in _ATTR.finditer(text):
        value = m.group(2) if m.group(2) is not None else m.group(3) if m.group(3) is not None else m.group(4)
        value = "" if value is None else value
        out.setdefault(m.group(1).lower(), html.unescape(value) if "&" in value else value)
    return out


def parse_html(text: str) -> Page:
    page = Page()
    # Script and style bodies and comments are blanked out, keeping the tags that open them (a <script src>).
    text = _RAW.sub(lambda m: m.group(0)[: m.group(0).find(">") + 1] if m.group(1) else "", text)
    for m in _TAG.finditer(text):
        rest = m.group(2)
        if not rest or ("href" not in rest and "src" not in rest and "id" not in rest):
            continue
        attrs = _attrs(rest)
        if "id" in attrs:
            page.ids.add(attrs["id"])
        if "href" in attrs or "src" in attrs or "id" in attrs:
            page.tags.append(Tag(m.group(1).lower(), attrs))
    return page


class Site:
    """A built site's pages, each read once; file checks are remembered too."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self._pages: dict[str, Page] = {}
        self._files: dict[str, bool] = {}
        self._bases: dict[str, str] = {}  # a page's folder -> its URL path from the root

    def page(self, path) -> Page:
        key = os.fspath(path)
        found = self._pages.get(key)
        if found is None:
            found = self._pages[key] = parse_html(text(key))
        return found

    def is_file(self, path) -> bool:
        key = os.fspath(path)
        found = self._files.get(key)
        if found is None:
            found = self._files[key] = os.path.isfile(key)
        return found

    def resolve(self, page, href: str):
        """The file and anchor an internal link on `page` points at, as a browser resolves it (None for a link
        with a scheme or a network path): string work only, `urljoin` and pathlib cost seconds over a pool build's pages."""
        if href.startswith("//") or _SCHEME.match(href):
            return None
        path, _, fragment = href.partition("#")
        path = path.partition("?")[0]
        page = os.fspath(page)
        root = os.fspath(self.root)
        if not path:
            return page, fragment
        if path.startswith("/"):
            joined = path
        else:
            folder = posixpath.dirname(page)
            base = self._bases.get(folder)
            if base is None:
                base = self._bases[folder] = ("/" + posixpath.relpath(folder, root) + "/").replace("/./", "/")
            joined = posixpath.join(base, path)
        target = posixpath.normpath(joined)
        if target.startswith("//"):
            target = target[1:]
        full = root + target
        # `a/`, `a/.` and `..` name folders, as urljoin resolves them (404.html's links are absolute: `/codex/.`).
        if path.endswith(("/", "/.", "/..")) or path in (".", "..") or os.path.isdir(full):
            full = posixpath.join(full, "index.html")
        return full, fragment
