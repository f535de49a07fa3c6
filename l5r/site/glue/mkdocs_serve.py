"""`mkdocs serve` only: what makes an edit show quickly (with the card pool too).

`mkdocs serve` rebuilds the whole site after every edit. Two things make that rebuild short, and neither
changes a byte of what a page shows (tests/test_serve.py compares served pages with a plain build):

- **Pool card pages are rendered when asked for**, not written: the pages of the full pool took longer
  to write (and for MkDocs to clear again) than the rest of the site. The server renders `card/<slug>/` from
  the newest build's `CardSite`, with the same shell and the same template as `write_card_pages`; so too each
  card's short link `c/card-<slug>/` and card-permalinks.json (`cardpage/citable.py`).
- **Work whose inputs did not change is reused**: a page's Markdown rendering (keyed by its Markdown, the
  Markdown settings and the site's files), its theme rendering (keyed by everything the template reads: the
  page, its content, the nav and the config file) and its search index entries (keyed by its content).

Only `hooks/codex.py` calls this module, and only when MkDocs says the command is `serve`.
"""

from __future__ import annotations

import copy
import hashlib
import re
import threading
from dataclasses import dataclass, field

from ..cardpage import citable
from ..cardpage.write import card_page_html

# -----------------------------------------------------------------------------------------------------------
# The serve session: lives across rebuilds (a build's own state is `mkdocs_glue.SiteState`)
# -----------------------------------------------------------------------------------------------------------


@dataclass
class ServeSession:
    active: bool = False
    cards: tuple | None = None  # (CardSite, head, tail, {slug: identity}) of the newest build
    markdown: dict = field(default_factory=dict)  # src_uri -> (key, content, toc, title, anchors, links)
    themed: dict = field(default_factory=dict)  # src_uri -> (key, html)
    search: dict = field(default_factory=dict)  # page url -> (key, entries)
    lock: threading.Lock = field(default_factory=threading.Lock)


SESSION = ServeSession()


def start(command: str) -> None:
    """hooks/codex.py on_startup: from here on, builds run under `mkdocs serve`."""
    if command == "serve" and not SESSION.active:
        SESSION.active = True
        _patch_page_render()
        _patch_search_index()
        _patch_site_folder()


def serving() -> bool:
    return SESSION.active


def _digest(*parts) -> str:
    h = hashlib.sha1()
    for part in parts:
        h.update(part if isinstance(part, bytes) else str(part).encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


# -----------------------------------------------------------------------------------------------------------
# Pool card pages, rendered on request
# -----------------------------------------------------------------------------------------------------------


def set_cards(card_site, head: str, tail: str) -> None:
    """The newest build's card pages (cardsearch.write calls this instead of writing them)."""
    by_slug = {slug: identity for identity, slug in card_site.slug_of.items()}
    with SESSION.lock:
        SESSION.cards = (card_site, head, tail, by_slug)


_CARD_PATH = re.compile(r"card/([^/]+)/(?:index\.html)?$")
_SHORT_PATH = re.compile(r"c/card-([^/]+)/(?:index\.html)?$")


def card_page(rel_path: str, site_url: str = "") -> tuple[str, str] | None:
    """(content type, body) of a pool card's page `card/<slug>/`, its short link `c/card-<slug>/` or
    card-permalinks.json (`site_url`: the address the server answers at); None when the path is none of those
    in the newest build."""
    cards = SESSION.cards
    if cards is None:
        return None
    card_site, head, tail, by_slug = cards
    if rel_path == citable.PERMALINKS_FILE:
        return "application/json", citable.permalinks_json(card_site, site_url)
    for pattern, render in ((_CARD_PATH, _card_html), (_SHORT_PATH, citable.short_link_html)):
        m = pattern.match(rel_path)
        identity = by_slug.get(m.group(1)) if m else None
        if identity is not None:
            return "text/html; charset=utf-8", render(card_site, identity)
    return None


def _card_html(card_site, identity) -> str:
    cards = SESSION.cards
    assert cards is not None
    return card_page_html(card_site, identity, cards[1], cards[2])


def install_card_pages(server) -> None:
    """hooks/codex.py on_serve: the live server answers `card/<slug>/`, `c/card-<slug>/` and card-permalinks.json
    from `card_page` (pages with MkDocs' own live-reload script), after waiting for a rebuild in progress as MkDocs
    does for files."""
    app = server.get_app()
    mount = getattr(server, "mount_path", "/")

    def with_cards(environ, start_response):
        path = environ.get("PATH_INFO", "")
        if "\0" in path:  # `/card/%00/`: no file has such a name, and MkDocs' file server raises a 500 on it
            return bad_request(start_response)
        here = f"http://{environ.get('HTTP_HOST') or '127.0.0.1'}{mount.rstrip('/')}/"
        asked = path[len(mount) :]
        answer = card_page(asked, here) if path.startswith(mount) else None
        if answer is None:
            return app(environ, start_response)
        epoch = 0
        cond = getattr(server, "_epoch_cond", None)
        if cond is not None:
            with cond:
                cond.wait_for(lambda: server._visible_epoch == server._wanted_epoch)
                epoch = server._visible_epoch
            answer = card_page(asked, here) or answer  # the build just finished may have changed it
        kind, text = answer
        body = text.encode("utf-8")
        inject = getattr(server, "_inject_js_into_html", None)
        if inject is not None and kind.startswith("text/html"):
            body = inject(body, epoch)
        start_response("200 OK", [("Content-Type", kind), ("Content-Length", str(len(body)))])
        return [body]

    server.set_app(with_cards)


def bad_request(start_response):
    body = b"400 Bad Request: the path holds a NUL character\n"
    start_response(
        "400 Bad Request", [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))]
    )
    return [body]


def quicker_polling(server, seconds: float = 0.2) -> None:
    """MkDocs polls the watched folders every 0.5 s; the folders `--watch` adds (data/, l5r/, hooks/: where a
    maintainer's edits are) are scheduled after on_serve, so they are polled every `seconds` instead. A poll
    lists ~300 files: a few milliseconds."""
    observer = getattr(server, "observer", None)
    if observer is not None and hasattr(observer, "_timeout"):
        observer._timeout = seconds


# -----------------------------------------------------------------------------------------------------------
# Markdown rendering, reused while a page's Markdown, the Markdown settings and the site's files are the same
# -----------------------------------------------------------------------------------------------------------


def _files_key(files) -> str:
    key = getattr(files, "_l5r_key", None)
    if key is None:
        key = _digest(*sorted((f.src_uri, f.dest_uri, f.url) for f in files))
        files._l5r_key = key
    return key


def _markdown_settings(config) -> str:
    return _digest(
        repr(config["markdown_extensions"]),
        repr(sorted((config["mdx_configs"] or {}).items())),
        config.get("use_directory_urls"),
        config.get("config_file_path"),
    )


_FENCE = re.compile(r"^\s*(```|~~~)\s*scenario", re.M)


def _examples_key() -> str:
    from ...scenarios import present

    return repr(present.library().signature)


def _patch_page_render() -> None:
    from mkdocs.structure.pages import Page

    original = Page.render

    def render(self, config, files):
        # A ```scenario fence shows the example as the engine runs it against the data: such a page is rendered
        # again whenever the examples or the data change, even if its own Markdown did not.
        examples = _examples_key() if _FENCE.search(self.markdown) else ""
        key = _digest(self.markdown, _markdown_settings(config), _files_key(files), self.file.src_uri, examples)
        hit = SESSION.markdown.get(self.file.src_uri)
        if hit is not None and hit[0] == key:
            _, self.content, self.toc, self._title_from_render, anchors, links = hit
            self.present_anchor_ids = set(anchors) if anchors is not None else None
            if links is not None:  # keyed by File: map to this build's File objects by path
                self.links_to_anchors = {
                    files.get_file_from_path(uri): dict(v)
                    for uri, v in links.items()
                    if files.get_file_from_path(uri) is not None
                }
            return
        original(self, config, files)
        links = getattr(self, "links_to_anchors", None)
        SESSION.markdown[self.file.src_uri] = (
            key,
            self.content,
            copy.deepcopy(self.toc),
            self._title_from_render,
            None if self.present_anchor_ids is None else frozenset(self.present_anchor_ids),
            None if links is None else {f.src_uri: dict(v) for f, v in links.items()},
        )

    Page.render = render  # type: ignore[method-assign]  # MkDocs' method, replaced while serving


# -----------------------------------------------------------------------------------------------------------
# Theme rendering, reused while everything the template reads is the same
# -----------------------------------------------------------------------------------------------------------


def _toc_key(toc) -> str:
    def walk(items):
        return [(i.id, i.title, i.level, walk(i.children)) for i in items or ()]

    return repr(walk(toc))


def _nav_key(nav) -> str:
    key = getattr(nav, "_l5r_key", None)
    if key is None:

        def walk(items):
            return [
                (type(i).__name__, i.title, getattr(i, "url", None), walk(getattr(i, "children", None) or []))
                for i in items
            ]

        key = _digest(repr(walk(nav.items)))
        nav._l5r_key = key
    return key


def _config_key(config) -> str:
    key = getattr(config, "_l5r_key", None)
    if key is None:
        try:
            with open(config.config_file_path, "rb") as stream:
                text = stream.read()
        except (OSError, TypeError):
            text = b""
        key = _digest(
            text,
            repr(config.get("extra")),
            config.get("site_url"),
            repr(config.get("extra_css")),
            repr(config.get("extra_javascript")),
            _theme_files_key(config),
        )
        config._l5r_key = key
    return key


def _theme_files_key(config) -> str:
    """Every template file of the theme (Material's and the Codex's overrides), by name and modification time."""
    import os

    parts = []
    for folder in getattr(config.theme, "dirs", ()):
        for base, _dirs, names in os.walk(folder):
            for name in names:
                if name.endswith((".html", ".j2", ".xml")):
                    path = os.path.join(base, name)
                    try:
                        parts.append((path, os.stat(path).st_mtime_ns))
                    except OSError:
                        pass
    return _digest(repr(sorted(parts)))


def themed_env(env):
    """Wrap the theme's templates so that a page whose inputs are unchanged is not rendered again."""
    if not SESSION.active or getattr(env, "_l5r_cached", False):
        return env
    get_template = env.get_template

    def cached_get_template(name, *args, **kwargs):
        template = get_template(name, *args, **kwargs)
        return _CachedTemplate(name, template)

    env.get_template = cached_get_template
    env._l5r_cached = True
    return env


class _CachedTemplate:
    def __init__(self, name, template):
        self.name, self.template = name, template

    def __getattr__(self, attr):
        return getattr(self.template, attr)

    def render(self, context=None, **kwargs):
        page = (context or {}).get("page")
        if page is None or kwargs or getattr(page, "file", None) is None:
            return self.template.render(context, **kwargs)
        key = _digest(
            self.name,
            page.url,
            page.title,
            page.content,
            _toc_key(page.toc),
            repr(sorted(page.meta.items())),
            page.canonical_url,
            page.edit_url,
            _nav_key(context["nav"]),
            _config_key(context["config"]),
            context.get("base_url"),
            getattr(page.previous_page, "url", None),
            getattr(page.next_page, "url", None),
        )
        hit = SESSION.themed.get(page.file.src_uri)
        if hit is not None and hit[0] == key:
            return hit[1]
        html = self.template.render(context)
        SESSION.themed[page.file.src_uri] = (key, html)
        return html


# -----------------------------------------------------------------------------------------------------------
# Search index entries, reused while a page's content is the same
# -----------------------------------------------------------------------------------------------------------


def _patch_search_index() -> None:
    try:
        from material.plugins.search.plugin import SearchIndex
    except ImportError:  # another theme: nothing to reuse
        return
    original = SearchIndex.add_entry_from_context

    def add_entry_from_context(self, page):
        key = _digest(
            page.url,
            page.title,
            page.content,
            _toc_key(page.toc),
            repr(sorted(page.meta.items())),
            repr(getattr(self, "config", None)),
        )
        hit = SESSION.search.get(page.url)
        if hit is not None and hit[0] == key:
            self.entries.extend(copy.deepcopy(hit[1]))
            return
        before = len(self.entries)
        original(self, page)
        SESSION.search[page.url] = (key, copy.deepcopy(self.entries[before:]))

    SearchIndex.add_entry_from_context = add_entry_from_context


# -----------------------------------------------------------------------------------------------------------
# The served folder: kept between rebuilds, a file written only when its bytes change
# -----------------------------------------------------------------------------------------------------------
# Creating a file or a folder is what costs here (0.5 ms each on this machine's disk; the short links alone
# are 450 folders): instead of emptying the served folder and writing every file again, each rebuild leaves
# it and rewrites a file only when its content differs. The one thing this changes is that a page removed
# during the session stays served until `mkdocs serve` restarts (as with MkDocs' own `--dirty`).


def _patch_site_folder() -> None:
    from mkdocs import utils
    from mkdocs.commands import build as build_module

    original_write = utils.write_file

    def write_file(content: bytes, output_path: str) -> None:
        if same_bytes(output_path, content):
            return
        original_write(content, output_path)

    utils.write_file = write_file
    build_module.utils.write_file = write_file  # type: ignore[attr-defined]  # MkDocs' own module, as it calls it
    utils.clean_directory = lambda directory: None


def same_bytes(path, content: bytes) -> bool:
    """Whether the file at `path` already holds exactly `content` (False when it does not exist)."""
    import os

    try:
        if os.path.getsize(path) != len(content):
            return False
        with open(path, "rb") as stream:
            return stream.read() == content
    except OSError:
        return False
