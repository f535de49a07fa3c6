"""What the MkDocs hooks call: plan and render pages from data, add them as virtual files.

The hooks' state is one `SiteState` (the Codex, its plan, the generated pages), made by `load(config)` in
hooks/codex.py's on_config and kept in the MkDocs config under STATE_KEY, so every hook reads it from the
config MkDocs hands it (`state_of(config)`) and passes it explicitly to the functions here."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from ..data import model as m
from ..data.load import load_codex
from ..data.yamlsource import DataError
from ..scenarios import present
from . import permalinks
from . import cardsearch, feeds, mkdocs_serve
from .api import ApiError
from .generate import generate
from .pages import SitePlan
from .render import bytecode_cache, tooltip_titles

STATE_KEY = "l5r_site"


@dataclass
class SiteState:
    """Everything the hooks share during one build."""

    codex: m.Codex
    plan: SitePlan
    pages: dict[str, str]  # generated page uri -> Markdown
    files: dict[str, str | bytes]  # other generated files (feeds) uri -> content
    pool_cited_by: dict = field(default_factory=dict)  # pool card target id -> [records naming it]


def state_of(config) -> SiteState:
    """The state `load` made for this build (hooks/codex.py runs first)."""
    return config[STATE_KEY]


def _data_dir(config) -> Path:
    return Path(config.config_file_path).resolve().parent / "data"


def load(config) -> SiteState:
    """Load the data, plan and render the pages, check the permanent links, set the nav: the state of this build."""
    # The verified examples are read from this config's project too (`mkdocs build -f other/mkdocs.yml`).
    present.use_project(_data_dir(config).parent)
    try:
        codex = load_codex(_data_dir(config))
    except DataError as exc:
        # A bad data file stops the build with file, line and a plain sentence, never a traceback.
        raise PluginError("The Codex data has problems:\n" + "\n".join(str(p) for p in exc.problems)) from None
    try:
        generated = generate(codex, config.site_url or "", config.site_name, config.use_directory_urls)
    except ApiError as exc:
        raise PluginError(str(exc)) from None
    plan = generated.plan
    state = SiteState(codex, plan, generated.pages, generated.files, generated.pool_cited_by)
    config[STATE_KEY] = state
    _links(permalinks.check, codex, plan, Path(config.config_file_path).resolve().parent)
    config.nav = _nav(config.nav, plan.nav)  # titles escaped by plan_site (issue 14)
    feeds.add_feed_discovery(config)  # <link rel="alternate" type="application/atom+xml"> in every <head>
    return state


def _nav(configured, generated):
    """Hand-written nav entries (docs/) stay; generated sections are merged in after Home."""
    if not configured:
        return generated
    out = list(generated)
    for item in configured:
        if item not in out and not (isinstance(item, dict) and "Home" in item):
            out.append(item)
    return out


def add_files(state: SiteState, files, config):
    for uri, content in state.pages.items():
        if files.get_file_from_path(uri) is not None:
            raise PluginError(f"docs/{uri} would hide a generated page; generated pages are not written in docs/")
        files.append(File.generated(config, uri, content=content))
    # Atom feeds of the dated changelog entries (feed.xml, formats/<id>/feed.xml), built from the data; as
    # generated files, pages link to them with ordinary (validated) Markdown links. The JSON API, the card
    # search's scripts and the search's card index (search/codex.js) too.
    for uri, content in state.files.items():
        files.append(File.generated(config, uri, content=content))
    return files


def _links(step, *args):
    """Permanent links (l5r/site/permalinks.py): a link that would break stops the build with what to do."""
    try:
        return step(*args)
    except permalinks.LinkError as exc:
        raise PluginError(str(exc)) from None


def theme_env(env):
    # The theme's templates compiled once and kept between builds (l5r/site/render.py `bytecode_cache`); under
    # `mkdocs serve`, a page whose inputs did not change is not rendered again (l5r/site/mkdocs_serve.py).
    if env.bytecode_cache is None:
        env.bytecode_cache = bytecode_cache()
    return mkdocs_serve.themed_env(env)


def startup(command: str) -> None:
    mkdocs_serve.start(command)


def serve(server) -> None:
    mkdocs_serve.install_card_pages(server)
    mkdocs_serve.quicker_polling(server)


def page_content(state: SiteState, html, page, config):
    # An old anchor that moved to another place: a hidden marker that docs/assets/codex.js follows.
    # Titles become Material tooltips, which read them as HTML: escaped once more (issue 14).
    html = tooltip_titles(html)
    return html + permalinks.moved_markers(page.file.src_uri, state.codex, state.plan, config.use_directory_urls)


def post_build(state: SiteState, config):
    # permalinks.json, short links c/<slug>/, stubs for old pages; every permalink must resolve.
    # Every pool card's page and the card search index (l5r/site/cardsearch.py).
    # Under `mkdocs serve` the pool's card pages are rendered when asked for (l5r/site/mkdocs_serve.py).
    on_request = mkdocs_serve.set_cards if mkdocs_serve.serving() else None
    cardsearch.write(Path(config.site_dir), state.codex, config.site_name, config.use_directory_urls, on_request,
                     cited_by=state.pool_cited_by, anchors=state.plan.anchors)
    _links(permalinks.write_outputs, Path(config.site_dir), state.codex, state.plan, config.use_directory_urls)
