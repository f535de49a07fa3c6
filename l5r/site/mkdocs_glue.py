"""What the MkDocs hooks call: plan and render pages from data, add them as virtual files."""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from ..data.load import load_codex
from ..data.yamlsource import DataError
from . import permalinks
from . import cardsearch, feeds
from .build import render_site

_state: dict = {}


def _data_dir(config) -> Path:
    return Path(config.config_file_path).resolve().parent / "data"


def on_config(config):
    try:
        codex = load_codex(_data_dir(config))
    except DataError as exc:
        # A bad data file stops the build with file, line and a plain sentence, never a traceback.
        raise PluginError("The Codex data has problems:\n" + "\n".join(str(p) for p in exc.problems)) from None
    plan, pages = render_site(codex)
    _state.update(codex=codex, plan=plan, pages=pages)
    _links(permalinks.check, codex, plan, Path(config.config_file_path).resolve().parent)
    config.nav = _nav(config.nav, plan.nav)
    feeds.add_feed_discovery(config)  # <link rel="alternate" type="application/atom+xml"> in every <head>
    return config


def _nav(configured, generated):
    """Hand-written nav entries (docs/) stay; generated sections are merged in after Home."""
    if not configured:
        return generated
    out = list(generated)
    for item in configured:
        if item not in out and not (isinstance(item, dict) and "Home" in item):
            out.append(item)
    return out


def on_files(files, config):
    files.append(File.generated(config, cardsearch.PAGE_URI, content=cardsearch.page_markdown(config.use_directory_urls)))
    files.append(File.generated(config, cardsearch.SCRIPT_URI, content=cardsearch.SCRIPT))
    files.append(File.generated(config, cardsearch.PAGE_SCRIPT_URI, content=cardsearch.PAGE_SCRIPT))
    for uri, content in _state["pages"].items():
        if files.get_file_from_path(uri) is not None:
            raise PluginError(f"docs/{uri} would hide a generated page; generated pages are not written in docs/")
        files.append(File.generated(config, uri, content=content))
    # Atom feeds of the dated changelog entries (feed.xml, formats/<id>/feed.xml), built from the data; as
    # generated files, pages link to them with ordinary (validated) Markdown links.
    for feed in feeds.build_feeds(_state["codex"], _state["plan"], config.site_url or "", config.site_name):
        files.append(File.generated(config, feed.path, content=feed.xml))
    return files


def _links(step, *args):
    """Permanent links (l5r/site/permalinks.py): a link that would break stops the build with what to do."""
    try:
        return step(*args)
    except permalinks.LinkError as exc:
        raise PluginError(str(exc)) from None


def on_page_content(html, page, config, files):
    # An old anchor that moved to another place: a hidden marker that docs/assets/codex.js follows.
    return html + permalinks.moved_markers(page.file.src_uri, _state["codex"], _state["plan"],
                                           config.use_directory_urls)


def on_post_build(config):
    # permalinks.json, short links c/<slug>/, stubs for old pages; every permalink must resolve.
    cardsearch.write(Path(config.site_dir), _state["codex"], config.site_name, config.use_directory_urls)
    _links(permalinks.write_outputs, Path(config.site_dir), _state["codex"], _state["plan"],
           config.use_directory_urls)
