"""`mkdocs serve` only: what makes an edit show quickly (with the card pool too).

`mkdocs serve` rebuilds the whole site after every edit. Two things make that rebuild short, and neither
changes a byte of what a page shows (tests/test_serve.py compares served pages with a plain build):

- **Pool card pages are rendered when asked for**, not written: the pages of the full pool took longer
  to write (and for MkDocs to clear again) than the rest of the site. The server renders `card/<slug>/` from
  the newest build's `CardSite`, with the same shell and the same template as `write_card_pages`; so too each
  card's short link `c/card-<slug>/` and card-permalinks.json (`cardpage/citable.py`).
- **Work whose inputs did not change is reused**: a page's Markdown rendering, its theme rendering and its
  search index entries (l5r/site/glue/mkdocs_reuse.py, which `mkdocs build` uses too), the list of the theme's
  static files while no theme folder changed (`theme_static_files`), and the served folder's files are written
  only when their bytes change.

The garbage collector's full collections wait until a rebuild is over (`collecting_after_rebuilds`), and so does
the site search's index (`search_after_rebuilds`): after an edit of a name every page's entries are made again (a
tenth of the rebuild), and no page shows them; a request for search/search_index.json waits until it is written.

Only `hooks/codex.py` calls this module, and only when MkDocs says the command is `serve`.
"""

from __future__ import annotations

import gc
import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace

from ...data.safefile import holds_bytes
from ..building import postbuild
from ..cardpage import citable
from . import mkdocs_reuse
from ..cardpage.write import card_page_html

# -----------------------------------------------------------------------------------------------------------
# The serve session: lives across rebuilds (a build's own state is `mkdocs_glue.SiteState`)
# -----------------------------------------------------------------------------------------------------------


@dataclass
class ServeSession:
    active: bool = False
    cards: tuple | None = None  # (CardSite, head, tail, {slug: identity}) of the newest build
    passed: dict = field(default_factory=dict)  # page file -> (postbuild.page_html_key, its page_html)
    theme_files: tuple | None = None  # (theme folders and settings, their folders' stamps, [(file, folder)])
    lock: threading.Lock = field(default_factory=threading.Lock)


SESSION = ServeSession()


def start(command: str) -> None:
    """hooks/codex.py on_startup: from here on, builds run under `mkdocs serve`."""
    if command == "serve" and not SESSION.active:
        SESSION.active = True
        mkdocs_reuse.start_reuse()
        _patch_site_folder()
        _patch_theme_files()
        _patch_search_index()


def serving() -> bool:
    return SESSION.active


def passed_page(page: str, page_file: str, passes) -> str:
    """`postbuild.page_html`, kept per page file while what it is made from is the same (`page_html_key`): after an
    everyday edit most pages come from the theme as they were, and their passes (a tenth of a second with the pool's
    site) would give what they gave before."""
    key = postbuild.page_html_key(page, page_file, passes)
    if key is None:
        return postbuild.page_html(page, page_file, passes)
    kept = SESSION.passed.get(page_file)
    if kept is not None and kept[0] == key:
        return kept[1]
    html = postbuild.page_html(page, page_file, passes)
    SESSION.passed[page_file] = (key, html)
    return html


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
        if path.startswith(mount) and asked == SEARCH_INDEX:
            search_index_written(server)
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


SETTLE = 0.03  # seconds without another change before a rebuild starts (MkDocs waits 0.1 s)


def quicker_polling(server, seconds: float = 0.2, settle: float = SETTLE) -> None:
    """MkDocs polls the watched folders every 0.5 s; the folders `--watch` adds (data/, l5r/, hooks/: where a
    maintainer's edits are) are scheduled after on_serve, so they are polled every `seconds` instead. A poll
    lists ~300 files: a few milliseconds. Once a change is seen, MkDocs waits until no other has come for a tenth
    of a second before it rebuilds: a poll reports all the changes it found at once, within a millisecond, and the
    next poll is `seconds` away, so that wait is cut to `settle` (changes that two polls see make two rebuilds, as
    they did). The rebuild starts that much sooner after every edit."""
    observer = getattr(server, "observer", None)
    if observer is not None and hasattr(observer, "_timeout"):
        observer._timeout = seconds
    if isinstance(getattr(server, "build_delay", None), (int, float)):
        server.build_delay = min(server.build_delay, settle)


# -----------------------------------------------------------------------------------------------------------
# The garbage collector: its full collections after a rebuild, not during one
# -----------------------------------------------------------------------------------------------------------
# With the pool, a full collection walks over half a million live objects (~0.45 s), and one fell inside about
# every other rebuild, before the edit could show. During a rebuild only the young generations are collected;
# the full collection runs once the rebuild is served (COLLECT_AFTER seconds later), unless another rebuild has
# begun by then, which collects after it in turn. Freezing what lives across rebuilds instead (gc.freeze) did
# not help: each rebuild loads the Codex anew, and the previous one's is garbage the full collection must find.

COLLECT_AFTER = 0.5


@dataclass
class _Collector:
    lock: threading.Lock = field(default_factory=threading.Lock)
    pending: threading.Timer | None = None
    threshold: tuple[int, int, int] | None = None  # the collector's thresholds outside a rebuild


_COLLECTOR = _Collector()
_NO_FULL_COLLECTION = 1 << 30  # a third threshold no rebuild reaches: gen-2 collections are not triggered


def collecting_after_rebuilds(server) -> None:
    """hooks/codex.py on_serve: each rebuild of the live server runs with full collections put off until after it."""
    builder = server.builder

    def rebuild(*args, **kwargs):
        rebuild_starts()
        try:
            return builder(*args, **kwargs)
        finally:
            rebuild_ends()

    server.builder = rebuild


def rebuild_starts() -> None:
    with _COLLECTOR.lock:
        if _COLLECTOR.pending is not None:
            _COLLECTOR.pending.cancel()
            _COLLECTOR.pending = None
        if _COLLECTOR.threshold is None:
            _COLLECTOR.threshold = gc.get_threshold()
            young, middle, _ = _COLLECTOR.threshold
            gc.set_threshold(young, middle, _NO_FULL_COLLECTION)


def rebuild_ends(delay: float = COLLECT_AFTER) -> None:
    """The full collection, `delay` seconds from now; the thresholds stay as they are until then (restored now, a
    full collection could start before the rebuilt page is served)."""
    with _COLLECTOR.lock:
        timer = threading.Timer(delay, lambda: _collect(timer))
        timer.daemon = True  # a server stopped meanwhile does not wait for it
        _COLLECTOR.pending = timer
        timer.start()


def _collect(timer: threading.Timer) -> None:
    with _COLLECTOR.lock:
        if _COLLECTOR.pending is not timer:  # a rebuild began meanwhile: it collects after itself
            return
        _COLLECTOR.pending = None
        if _COLLECTOR.threshold is not None:
            gc.set_threshold(*_COLLECTOR.threshold)
            _COLLECTOR.threshold = None
    gc.collect()


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
        if holds_bytes(output_path, content) or overwrite_in_place(output_path, content):
            return
        original_write(content, output_path)

    utils.write_file = write_file
    build_module.utils.write_file = write_file  # type: ignore[attr-defined]  # MkDocs' own module, as it calls it
    utils.clean_directory = lambda directory: None


def overwrite_in_place(path, content: bytes) -> bool:
    """Write `content` over the file at `path`, then cut it to its length; False when there is no such file (MkDocs'
    own write makes it). Not emptied first: on ext4, a file emptied and written again is flushed to the disk when
    it is closed (`auto_da_alloc`), and with every page changed (an edit of the nav) that was a tenth of a second
    and more on a busy disk."""
    try:
        with open(path, "r+b") as stream:
            stream.write(content)
            stream.truncate()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return False
    return True


# -----------------------------------------------------------------------------------------------------------
# The theme's static files: listed again only when a theme folder changed
# -----------------------------------------------------------------------------------------------------------
# Every build, MkDocs lists the theme's folders to find its static files (`Files.add_files_from_theme`): Material's
# holds some fourteen thousand files, its icons, each matched against a dozen name patterns (a twentieth of a
# second, every rebuild). The listing depends only on which files the folders hold: a folder's modification time
# changes whenever an entry is added to it, removed or renamed, so while every folder walked (twenty-seven) has the
# time it had, the listing is the one made then.

_SETTLED = 2.0  # seconds: a folder changed more recently than this may change again within its clock's tick


def _patch_theme_files() -> None:
    from mkdocs.structure.files import File, Files

    original = Files.add_files_from_theme

    def add_files_from_theme(self, env, config) -> None:
        def listed() -> list[tuple[str, str]]:
            found = Files([])
            original(found, env, config)
            return [(f.src_uri, str(f.src_dir)) for f in found]

        for path, folder in theme_static_files(config, listed):
            # As MkDocs' own: a docs/ file of the same name wins over the theme's.
            if self.get_file_from_path(path) is None:
                self.append(File(path, folder, config.site_dir, config.use_directory_urls))

    Files.add_files_from_theme = add_files_from_theme  # type: ignore[method-assign]  # MkDocs' method, for serve


def theme_static_files(config, listed) -> list[tuple[str, str]]:
    """(file, theme folder) of each static file the theme's folders hold, in MkDocs' order: `listed()`'s answer,
    kept while the folders, the theme's static templates and every folder's modification time are the same."""
    theme = config.theme
    settings = (tuple(map(str, theme.dirs)), tuple(sorted(theme.static_templates)))
    kept = SESSION.theme_files
    if kept is not None and kept[0] == settings and _folder_stamps(kept[1]) == kept[1]:
        return kept[2]
    started = time.time()
    stamps = _walked_folders(settings[0])
    files = listed()
    settled = stamps is not None and all(0 <= mtime < (started - _SETTLED) * 1e9 for _, mtime in stamps)
    SESSION.theme_files = (settings, stamps, files) if settled and _folder_stamps(stamps) == stamps else None
    return files


def _walked_folders(roots) -> tuple | None:
    """((folder, modification time in ns) of every folder under `roots`, as os.walk finds them (links to folders
    not followed, as Jinja's loader does not); None when one went while it was walked."""
    out = []
    for root in roots:
        for folder, _, _ in os.walk(root):
            try:
                out.append((folder, os.stat(folder).st_mtime_ns))
            except OSError:
                return None
    return tuple(out)


def _folder_stamps(stamps) -> tuple:
    """The same folders' modification times now (-1 for one that is gone)."""
    out = []
    for folder, _ in stamps:
        try:
            out.append((folder, os.stat(folder).st_mtime_ns))
        except OSError:
            out.append((folder, -1))
    return tuple(out)


# -----------------------------------------------------------------------------------------------------------
# The site search's index: written after the rebuild, before anyone reads it
# -----------------------------------------------------------------------------------------------------------
# Material's search plugin makes each page's entries as the page is rendered (`SearchIndex.add_entry_from_context`,
# from the page's content before the theme sees it) and writes search/search_index.json at the build's end; the
# Codex then tags its entries (`searchindex.tag_index`). After an edit of a format's name every page changes, and
# making their entries again (an HTML parse of each) was a tenth of the rebuild, before the edit could show. Under
# the live server, each page's inputs are noted as the page is rendered, and the entries are made and the index
# written and tagged, exactly as the build would, in a thread started when the rebuild is over. A request for
# the index waits for that thread, and so does the next rebuild; the first build (before the server runs) writes it
# as a build does.

SEARCH_INDEX = "search/search_index.json"


@dataclass
class _SearchLater:
    on: bool = False  # this rebuild's index is finished after it (set by the live server's rebuilds only)
    add: Callable | None = None  # the entries of one page, as the build makes them (mkdocs_reuse's, Material's)
    pages: list = field(default_factory=list)  # (the build's SearchIndex, the page's inputs), in the build's order
    write: Callable | None = None  # Material's writing of the index, as this build called it
    tag: Callable | None = None  # the Codex's tagging of the written index
    job: threading.Thread | None = None
    written: threading.Event = field(default_factory=threading.Event)  # the served index is the newest build's


_SEARCH = _SearchLater()
_SEARCH.written.set()


def _patch_search_index() -> None:
    try:
        from material.plugins.search.plugin import SearchIndex, SearchPlugin
    except ImportError:  # another theme: its search (if any) is written as it always is
        return
    add = SearchIndex.add_entry_from_context  # mkdocs_reuse's: a page's entries kept while its inputs are the same
    write = SearchPlugin.on_post_build

    def add_entry_from_context(self, page):
        if not _SEARCH.on:
            return add(self, page)
        # What Material reads of the page, as it is now: the plugin then strips the search attributes from the
        # content the theme renders.
        noted = SimpleNamespace(url=page.url, title=page.title, content=page.content, toc=page.toc, meta=page.meta)
        _SEARCH.pages.append((self, noted))

    def on_post_build(self, *, config):
        if not _SEARCH.on:
            return write(self, config=config)
        _SEARCH.write = lambda: write(self, config=config)

    SearchIndex.add_entry_from_context = add_entry_from_context
    SearchPlugin.on_post_build = on_post_build
    _SEARCH.add = add


def search_later() -> bool:
    """Whether this build's search index is written after it (mkdocs_glue.post_build then leaves its tagging to
    `tag_search_later`)."""
    return _SEARCH.on


def tag_search_later(tag: Callable[[], None]) -> None:
    _SEARCH.tag = tag


def search_after_rebuilds(server) -> None:
    """hooks/codex.py on_serve: each rebuild of the live server leaves its search index to a thread started when it
    is over; the next rebuild waits for that thread first."""
    builder = server.builder

    def rebuild(*args, **kwargs):
        search_rebuild_starts()
        built = False
        try:
            answer = builder(*args, **kwargs)
            built = True
            return answer
        finally:
            search_rebuild_ends(built)

    server.builder = rebuild


def search_rebuild_starts() -> None:
    search_written_out()
    _SEARCH.job, _SEARCH.write, _SEARCH.tag = None, None, None
    _SEARCH.pages = []
    _SEARCH.written.clear()
    _SEARCH.on = True


def search_rebuild_ends(built: bool) -> None:
    _SEARCH.on = False
    pages, write, tag = _SEARCH.pages, _SEARCH.write, _SEARCH.tag
    _SEARCH.pages = []
    if not built or write is None:  # the build stopped before its end (MkDocs says why): nothing to write
        _SEARCH.written.set()
        return
    _SEARCH.job = threading.Thread(target=_write_search_index, args=(pages, write, tag), daemon=True)
    _SEARCH.job.start()


def _write_search_index(pages: list, write: Callable[[], None], tag: Callable[[], None] | None) -> None:
    add = _SEARCH.add
    assert add is not None  # patched before any build noted a page
    try:
        for index, page in pages:
            add(index, page)
        write()
        if tag is not None:
            tag()
    except OSError:  # the served folder went: the server was stopped meanwhile
        pass
    finally:
        _SEARCH.written.set()


def search_index_written(server) -> None:
    """Wait until the served search index is the newest build's: the rebuild under way (MkDocs' own wait), then the
    thread writing its index."""
    cond = getattr(server, "_epoch_cond", None)
    if cond is not None:
        with cond:
            cond.wait_for(lambda: server._visible_epoch == server._wanted_epoch)
    _SEARCH.written.wait()


def search_written_out() -> None:
    """Wait for the thread writing the search index, if one is (hooks/codex.py on_shutdown: before MkDocs removes
    the served folder, which the thread would otherwise make again)."""
    job = _SEARCH.job
    if job is not None:
        job.join()
