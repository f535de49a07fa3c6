"""MkDocs' own work on a page, reused while what it is made from is the same, under `mkdocs serve` and from one
`mkdocs build` to the next into the same site folder.

Three results are kept per page, each under a key made only from its inputs:

- its **Markdown rendering** (content, table of contents, title, anchors, links to anchors), keyed by its Markdown,
  the Markdown settings and the site's files, and by the verified examples when it shows one;
- its **theme rendering**, keyed by everything the template reads: the page, its content, the nav and the config;
- its **search index entries**, keyed by its content and the search settings.

A rendering that logged a warning is never kept: reusing it would hide the warning (and fail no `--strict` build).

`mkdocs serve` keeps them in memory across its rebuilds. `mkdocs build` keeps them in the hidden
`.l5r-reuse.json.gz` at the site folder's root (MkDocs' emptying of the folder passes over hidden files; the offline
copy and the published site leave it out, as they do the card page keys): `load_reuse_file` reads it in
on_pre_build, `save_reuse_file` writes back what this build used. Every key of that file also holds what no page
names but every rendering depends on (`environment_key`: the package's code and templates, the versions of MkDocs,
Python-Markdown, PyMdown Extensions, Material and Jinja, the config file and the hooks): a file written by other
code is not read. A file that cannot be read, or was written for other inputs, is ignored: every page is rendered.
A rendering is reused only under the log level it was made at (`-q` hides warnings, `-v` drops links to anchors).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.metadata
import json
import logging
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

REUSE_FILE = ".l5r-reuse.json.gz"
_VERSION = 1
_PACKAGES = ("mkdocs", "markdown", "pymdown-extensions", "mkdocs-material", "jinja2")


@dataclass
class ReuseCaches:
    active: bool = False
    environment: str = ""  # environment_key of this process's builds ("" until the first build)
    markdown: dict = field(default_factory=dict)  # src_uri -> [key, content, toc, title, anchors, links]
    themed: dict = field(default_factory=dict)  # src_uri -> [key, html]
    nav: dict = field(default_factory=dict)  # (page url, nav path) -> [key, a top nav item's HTML]; in memory only
    search: dict = field(default_factory=dict)  # page url -> [key, entries]
    used: set = field(default_factory=set)  # (table, name) of the entries this build used or made


CACHES = ReuseCaches()


def start_reuse() -> None:
    """From here on, this process's builds reuse what they can (hooks/codex.py on_startup, build or serve)."""
    if not CACHES.active:
        CACHES.active = True
        _patch_page_render()
        _patch_search_index()


def reusing() -> bool:
    return CACHES.active


def _digest(*parts) -> str:
    h = hashlib.sha1()
    for part in parts:
        h.update(part if isinstance(part, bytes) else str(part).encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


# -----------------------------------------------------------------------------------------------------------
# The file in the site folder (`mkdocs build`)
# -----------------------------------------------------------------------------------------------------------


def environment_key(config) -> str:
    """What every rendering depends on and no page names: the package, the renderers' versions, the config file
    and the hooks it names."""
    from ..cardpage.keptpages import package_digest

    versions = []
    for name in _PACKAGES:
        try:
            versions.append(f"{name}={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{name}=-")
    sources = [_where(getattr(config, "config_file_path", None)), *map(_where, getattr(config, "hooks", None) or ())]
    texts = []
    for path in sources:
        try:
            texts.append(Path(path).read_bytes())
        except (OSError, TypeError, ValueError):
            texts.append(b"-")
    return _digest(_VERSION, sys.version, package_digest(), *versions, *sources, *texts)


def _where(path) -> str:
    """A file's absolute path, however the command named it (`-f mkdocs.yml` or none)."""
    try:
        return str(Path(path).resolve()) if path else ""
    except (OSError, TypeError, ValueError, RuntimeError):
        return str(path)


def load_reuse_file(site_dir: Path, config) -> None:
    """on_pre_build of `mkdocs build`: what the previous build into `site_dir` left, if made with the same
    environment; nothing otherwise."""
    CACHES.environment = environment_key(config)
    CACHES.used = set()
    tables = read_reuse_file(Path(site_dir), CACHES.environment)
    CACHES.markdown, CACHES.themed, CACHES.search = tables["markdown"], tables["themed"], tables["search"]


def read_reuse_file(site_dir: Path, environment: str) -> dict[str, dict]:
    """The tables of the reuse file in `site_dir`; empty tables when it is missing, damaged or made for another
    environment."""
    empty: dict[str, dict] = {"markdown": {}, "themed": {}, "search": {}}
    try:
        table = json.loads(gzip.decompress((site_dir / REUSE_FILE).read_bytes()))
    except (OSError, ValueError, EOFError, UnicodeDecodeError):
        return empty
    if not isinstance(table, dict) or table.get("version") != _VERSION or table.get("environment") != environment:
        return empty
    out: dict[str, dict] = {}
    for name, width in (("markdown", 6), ("themed", 2), ("search", 2)):
        rows = table.get(name)
        if not isinstance(rows, dict):
            return empty
        out[name] = {k: v for k, v in rows.items() if isinstance(v, list) and len(v) == width and isinstance(v[0], str)}
    return out


def save_reuse_file(site_dir: Path) -> None:
    """on_post_build of `mkdocs build`: the entries this build used or made, for the next one."""
    if not CACHES.environment:
        return
    table = {
        "version": _VERSION,
        "environment": CACHES.environment,
        **{
            name: {k: v for k, v in sorted(rows.items()) if (name, k) in CACHES.used}
            for name, rows in (("markdown", CACHES.markdown), ("themed", CACHES.themed), ("search", CACHES.search))
        },
    }
    path = Path(site_dir) / REUSE_FILE
    try:
        text = json.dumps(table, separators=(",", ":"))
    except (TypeError, ValueError):  # something JSON cannot hold (another plugin's search entry): nothing is kept
        text = ""
    data = gzip.compress(text.encode("utf-8"), compresslevel=1, mtime=0)
    try:
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except OSError:  # a folder that cannot be written: the next build renders every page
        pass


def _hit(table: dict, name: str, key: str, width: int):
    row = table.get(name)
    if isinstance(row, list) and len(row) == width and row[0] == key:
        return row
    return None


class _Warnings(logging.Handler):
    """Counts the warnings MkDocs' loggers give while a page is rendered."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record) -> None:
        self.count += 1


def _log_mode() -> int:
    """How much MkDocs logs while rendering a page (`-q`, `-v`): under `-q` a warning is not logged (so not seen
    here), and under `-v` MkDocs records no links to anchors; a rendering is reused only under the same mode."""
    return logging.getLogger("mkdocs.structure.pages").getEffectiveLevel()


def _rendered_quietly(render) -> bool:
    watcher = _Warnings()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(watcher)
    try:
        render()
    finally:
        logger.removeHandler(watcher)
    return watcher.count == 0


# -----------------------------------------------------------------------------------------------------------
# Markdown rendering
# -----------------------------------------------------------------------------------------------------------


def _files_key(files) -> str:
    key = getattr(files, "_l5r_key", None)
    if key is None:
        key = _digest(*sorted((f.src_uri, f.dest_uri, f.url) for f in files))
        files._l5r_key = key
    return key


_ADDRESS = re.compile(r" at 0x[0-9A-Fa-f]+")


def _markdown_settings(config) -> str:
    key = getattr(config, "_l5r_markdown_key", None)
    if key is None:
        # A function named in the settings (a custom fence's) is shown with its address, which differs from one
        # process to the next; its code is in the package digest (environment_key).
        key = _digest(
            _ADDRESS.sub("", repr(config["markdown_extensions"])),
            _ADDRESS.sub("", repr(sorted((config["mdx_configs"] or {}).items()))),
            config.get("use_directory_urls"),
            _where(config.get("config_file_path")),
            repr(config.get("validation")),
        )
        config._l5r_markdown_key = key
    return key


_FENCE = re.compile(r"^\s*(```|~~~)\s*scenario", re.M)


def _examples_key() -> str:
    from ...scenarios import present

    return repr(present.library().signature)


def toc_rows(toc) -> list:
    """A table of contents as JSON: [title, id, level, active, children] per entry."""
    return [[i.title, i.id, i.level, bool(getattr(i, "active", False)), toc_rows(i.children)] for i in toc or ()]


def toc_from_rows(rows):
    """The table of contents `toc_rows` wrote; ValueError or TypeError when `rows` are not such rows."""
    from mkdocs.structure.toc import AnchorLink, TableOfContents

    def links(rows):
        out = []
        for title, anchor, level, active, children in rows:
            if not (isinstance(title, str) and isinstance(anchor, str) and type(level) is int):
                raise ValueError("not a table of contents entry")
            link = AnchorLink(title, anchor, level)
            if active:
                link.active = True  # type: ignore[attr-defined]  # as MkDocs' get_toc marks the first entry
            link.children = links(children)
            out.append(link)
        return out

    return TableOfContents(links(rows))


def _markdown_row(row: list) -> bool:
    """Whether a kept Markdown rendering has the shape it is written with (a damaged file's is rendered again)."""
    _, content, toc, title, anchors, links = row
    return (
        isinstance(content, str)
        and isinstance(toc, list)
        and (title is None or isinstance(title, str))
        and (anchors is None or (isinstance(anchors, list) and all(isinstance(a, str) for a in anchors)))
        and (
            links is None
            or (
                isinstance(links, dict)
                and all(isinstance(v, dict) and all(isinstance(x, str) for x in v.values()) for v in links.values())
            )
        )
    )


def _patch_page_render() -> None:
    from mkdocs.structure.pages import Page

    original = Page.render

    def render(self, config, files):
        if not CACHES.active:
            return original(self, config, files)
        # A ```scenario fence shows the example as the engine runs it against the data: such a page is rendered
        # again whenever the examples or the data change, even if its own Markdown did not.
        examples = _examples_key() if _FENCE.search(self.markdown) else ""
        name = self.file.src_uri
        key = _digest(self.markdown, _markdown_settings(config), _files_key(files), name, examples, _log_mode())
        hit = _hit(CACHES.markdown, name, key, 6)
        if hit is not None and _markdown_row(hit):
            try:
                _, content, toc, title, anchors, links = hit
                self.toc = toc_from_rows(toc)
                self.content, self._title_from_render = content, title
                self.present_anchor_ids = set(anchors) if anchors is not None else None
                if links is not None:  # keyed by File: map to this build's File objects by path
                    self.links_to_anchors = {
                        files.get_file_from_path(uri): dict(v)
                        for uri, v in links.items()
                        if files.get_file_from_path(uri) is not None
                    }
                CACHES.used.add(("markdown", name))
                return
            except (TypeError, ValueError, AttributeError):  # a damaged entry: rendered again
                CACHES.markdown.pop(name, None)
        if not _rendered_quietly(lambda: original(self, config, files)):
            CACHES.markdown.pop(name, None)
            return
        links = getattr(self, "links_to_anchors", None)
        CACHES.markdown[name] = [
            key,
            self.content,
            toc_rows(self.toc),
            self._title_from_render,
            None if self.present_anchor_ids is None else sorted(self.present_anchor_ids),
            None if links is None else {f.src_uri: dict(v) for f, v in links.items()},
        ]
        CACHES.used.add(("markdown", name))

    Page.render = render  # type: ignore[method-assign]  # MkDocs' method, replaced for the whole process


# -----------------------------------------------------------------------------------------------------------
# Theme rendering
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
                (
                    type(i).__name__,
                    i.title,
                    getattr(i, "url", None),
                    _nav_meta(i),
                    walk(getattr(i, "children", None) or []),
                )
                for i in items
            ]

        key = _digest(repr(walk(nav.items)))
        nav._l5r_key = key
    return key


def _nav_meta(item) -> tuple:
    """What Material's nav shows of an item's front matter beside its title: its icon, subtitle and status."""
    meta = getattr(item, "meta", None)
    if not isinstance(meta, dict):
        return ()
    return tuple(repr(meta.get(k)) for k in ("icon", "subtitle", "status")) + (repr(getattr(item, "encrypted", None)),)


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
            repr(dict(config.theme.items()) if hasattr(config.theme, "items") else config.theme),
            config.get("use_directory_urls"),
            _theme_files_key(config),
        )
        config._l5r_key = key
    return key


def _theme_files_key(config) -> str:
    """Every template file of the theme (Material's, the Codex's and a project's overrides), by name and content."""
    h = hashlib.sha1()
    for folder in getattr(config.theme, "dirs", ()):
        for base, dirs, names in os.walk(folder):
            dirs.sort()
            for name in sorted(names):
                if name.endswith((".html", ".j2", ".xml")):
                    path = os.path.join(base, name)
                    try:
                        with open(path, "rb") as stream:
                            h.update(path.encode("utf-8", "surrogateescape") + b"\0" + stream.read() + b"\0")
                    except OSError:
                        h.update(path.encode("utf-8", "surrogateescape") + b"\0-\0")
    return h.hexdigest()


def themed_env(env):
    """Wrap the theme's templates so that a page whose inputs are unchanged is not rendered again."""
    if not CACHES.active or getattr(env, "_l5r_cached", False):
        return env
    get_template = env.get_template

    def cached_get_template(name, *args, **kwargs):
        template = get_template(name, *args, **kwargs)
        if name == _NAV_ITEM:
            return _NavItemTemplate(template)
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
            _log_mode(),
        )
        name = page.file.src_uri
        hit = _hit(CACHES.themed, name, key, 2)
        if hit is not None and isinstance(hit[1], str):
            CACHES.used.add(("themed", name))
            return hit[1]
        html = None

        def render():
            nonlocal html
            html = self.template.render(context)

        if _rendered_quietly(render):
            CACHES.themed[name] = [key, html]
            CACHES.used.add(("themed", name))
        else:
            CACHES.themed.pop(name, None)
        return html


# -----------------------------------------------------------------------------------------------------------
# The nav's top items
# -----------------------------------------------------------------------------------------------------------
# An edit of a title in the nav (a format's short name) changes every page's nav, so every page is rendered again,
# two-thirds of it the nav: each page's own, as `navigation.prune` leaves it (only the current page's section
# open), with links relative to the page. Material's partials/nav.html renders the nav's top items one by one with
# the `render` macro of partials/nav-item.html: a top item the page is not in is rendered, for the same page address
# and settings, from its own subtree alone (titles, addresses, index pages, front matter), so its HTML is kept per
# page and item and given again while that subtree is the same; the item holding the page is rendered every time.

_NAV_ITEM = "partials/nav-item.html"


def _nav_subtree_key(item) -> str:
    """What Material's nav-item macro reads of an item the current page is not in, and of its children. Worked out
    once per build (each build makes its nav anew) and kept on the item."""
    key = item.__dict__.get("_l5r_nav_subtree")
    if key is None:
        meta = getattr(item, "meta", None)
        key = _digest(
            type(item).__name__,
            item.title,
            getattr(item, "url", None),
            bool(getattr(item, "is_index", False)),
            repr(sorted(meta.items())) if isinstance(meta, dict) else repr(meta),
            repr(getattr(item, "encrypted", None)),
            repr(getattr(item, "typeset", None)),
            *(_nav_subtree_key(child) for child in getattr(item, "children", None) or ()),
        )
        item.__dict__["_l5r_nav_subtree"] = key
    return key


def _keepable(item) -> bool:
    """An item whose HTML the subtree key says all of: not holding the current page (nor a view listing pages,
    which the macro compares with the page)."""
    if getattr(item, "active", False) or hasattr(item, "pages") or not hasattr(item, "__dict__"):
        return False
    return all(_keepable(child) for child in getattr(item, "children", None) or ())


class _NavItemTemplate:
    """partials/nav-item.html, imported by nav.html with the page's context: its `render` for a top item is kept."""

    def __init__(self, template):
        self.template = template

    def __getattr__(self, attr):
        return getattr(self.template, attr)

    def make_module(self, vars=None, shared=False, locals=None):
        module = self.template.make_module(vars, shared, locals)
        page, config = (vars or {}).get("page"), (vars or {}).get("config")
        if page is None or config is None or getattr(page, "url", None) is None:
            return module
        return _NavItemModule(module, page.url, vars.get("base_url"), config)


class _NavItemModule:
    def __init__(self, module, page_url, base_url, config):
        self._module, self._page_url, self._base_url, self._config = module, page_url, base_url, config

    def __getattr__(self, attr):
        return getattr(self._module, attr)

    def render(self, *args, **kwargs):
        # nav.html's call for a top item: render(nav_item, path, 1); the macro's own calls for children do not
        # come here.
        if kwargs or len(args) != 3 or args[2] != 1 or not isinstance(args[1], str) or not _keepable(args[0]):
            return self._module.render(*args, **kwargs)
        nav_item, path, _ = args
        key = _digest(
            self._page_url,
            self._base_url,
            path,
            _nav_subtree_key(nav_item),
            _config_key(self._config),
            _log_mode(),
        )
        name = (self._page_url, path)
        hit = CACHES.nav.get(name)
        if hit is not None and hit[0] == key:
            return hit[1]
        html = self._module.render(*args)
        CACHES.nav[name] = [key, html]
        return html


# -----------------------------------------------------------------------------------------------------------
# Search index entries
# -----------------------------------------------------------------------------------------------------------


def _entries_copy(entries: list) -> list:
    """Search entries (dicts of text, numbers and lists of them) copied down to their lists."""
    return [{k: list(v) if isinstance(v, list) else v for k, v in entry.items()} for entry in entries]


def _patch_search_index() -> None:
    try:
        from material.plugins.search.plugin import SearchIndex
    except ImportError:  # another theme: nothing to reuse
        return
    original = SearchIndex.add_entry_from_context

    def add_entry_from_context(self, page):
        if not CACHES.active:
            return original(self, page)
        key = _digest(
            page.url,
            page.title,
            page.content,
            _toc_key(page.toc),
            repr(sorted(page.meta.items())),
            repr(getattr(self, "config", None)),
        )
        hit = _hit(CACHES.search, page.url, key, 2)
        if hit is not None and isinstance(hit[1], list) and all(isinstance(e, dict) for e in hit[1]):
            self.entries.extend(_entries_copy(hit[1]))  # a copy: the plugin may change its entries
            CACHES.used.add(("search", page.url))
            return
        before = len(self.entries)
        original(self, page)
        CACHES.search[page.url] = [key, _entries_copy(self.entries[before:])]
        CACHES.used.add(("search", page.url))

    SearchIndex.add_entry_from_context = add_entry_from_context
