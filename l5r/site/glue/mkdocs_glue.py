"""What the MkDocs hooks call: plan and render pages from data, add them as virtual files.

The hooks' state is one `SiteState` (the Codex, its plan, the generated pages), made by `load(config)` in
hooks/codex.py's on_config and kept in the MkDocs config under STATE_KEY, so every hook reads it from the
config MkDocs hands it (`state_of(config)`) and passes it explicitly to the functions here."""

from __future__ import annotations

import gc
import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, file_sort_key

from ...cardpool import PoolError, choose_pool
from ...data import model as m
from ...data.buildday import BuildDayError, build_day
from ...data.load import load_codex
from ...data.yamlsource import DataError
from ...progress import Meter, Unit, meter, status_line
from ...scenarios import present
from ..rendering import editlinks, permalinks, searchindex
from ..building import feeds, offline, postbuild
from . import mkdocs_reuse, mkdocs_serve
from ..api import ApiError
from ..cardpage import keptpages
from ..cardpage.write import JOBS_ENV, jobs_setting
from ..building.generate import NO_ADDRESS, Generated, SiteAddressError, generate, public_address
from ..rendering.pages import SitePlan
from ..rendering.template_cache import bytecode_cache

STATE_KEY = "l5r_site"
_LOG = logging.getLogger("mkdocs.plugins.l5r_codex")  # under mkdocs.*: MkDocs shows it as an INFO line

# Outside MkDocs' own loggers: `mkdocs build --strict` fails on any warning they log, and a site without a public
# address is a choice (a local build, a test), not a mistake. It is said once per build, in MkDocs' style.
_log = logging.getLogger("l5r.site")
if not _log.handlers:
    _handler = logging.StreamHandler()
    _handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    _log.addHandler(_handler)
    _log.propagate = False


@dataclass
class SiteState:
    """Everything the hooks share during one build."""

    codex: m.Codex
    generated: Generated  # the pages, the other files, the plan (l5r/site/building/generate.py)
    passes: postbuild.PagePasses | None = None  # set once the files are known (theme_env)
    building: Meter | None = None  # the pages MkDocs converts, then renders, counted on a terminal (l5r/progress.py)

    @property
    def plan(self) -> SitePlan:
        return self.generated.plan


def state_of(config) -> SiteState:
    """The state `load` made for this build (hooks/codex.py runs first)."""
    return config[STATE_KEY]


def _data_dir(config) -> Path:
    return Path(config.config_file_path).resolve().parent / "data"


def load(config) -> SiteState:
    """Load the data, plan and render the pages, check the permanent links, set the nav: the state of this build."""
    # The verified examples are read from this config's project too (`mkdocs build -f other/mkdocs.yml`).
    present.use_project(_data_dir(config).parent)
    # The environment is read here, at the edge, and what it says passed down: which card pool (--cardpool has no
    # place in a MkDocs build: L5R_CARDPOOL, else the fetched pool), and below how many card page writers.
    try:
        pool = choose_pool()
        _LOG.info(pool.line())  # first: which card pool this build uses, or how to get one
    except PoolError as exc:
        raise PluginError(f"card pool: {exc}") from None
    try:  # before anything is read: the address is written into every page, by the theme too; the day into many
        public_address(config.site_url)
        build_day()
    except (SiteAddressError, BuildDayError) as exc:
        raise PluginError(str(exc)) from None
    if not config.site_url:
        _log.warning(NO_ADDRESS)
    # Seconds with the pool (the pool read when nothing is cached, its index, the pages naming its cards): a status
    # line, which the pool's reading bar joins.
    with _set_aside_from_the_collector(), status_line("generating the pages"):
        try:
            codex = load_codex(_data_dir(config))
        except DataError as exc:
            # A bad data file stops the build with file, line and a plain sentence, never a traceback.
            raise PluginError("The Codex data has problems:\n" + "\n".join(str(p) for p in exc.problems)) from None
        try:
            generated = generate(
                codex,
                config.site_url or "",
                config.site_name,
                config.use_directory_urls,
                pool.path,
                editlinks.source_root(config.repo_url),
            )
        except ApiError as exc:
            raise PluginError(str(exc)) from None
    plan = generated.plan
    state = SiteState(codex, generated)
    config[STATE_KEY] = state
    _links(permalinks.check, codex, plan, Path(config.config_file_path).resolve().parent)
    config.nav = _nav(config.nav, plan.nav)  # titles escaped by plan_site
    feeds.add_feed_discovery(config)  # <link rel="alternate" type="application/atom+xml"> in every <head>
    return state


# -----------------------------------------------------------------------------------------------------------
# The garbage collector
# -----------------------------------------------------------------------------------------------------------


@contextmanager
def _set_aside_from_the_collector() -> Iterator[None]:
    """What a `mkdocs build` loads in this block (the Codex, the card pool's index, the generated pages) lives until
    the build ends, and with the pool it is over half a million objects: every full collection of Python's garbage
    collector walked them all again (about a tenth of a warm rebuild's CPU time). Frozen at the block's end, the
    collector passes over them; the process ends with its build. While they are loaded the collector waits too:
    each full collection it made as the heap grew walked everything loaded so far (six of them, another tenth).
    The garbage pending at the end is frozen with the rest, not collected: with the pool some twelve thousand
    objects, three or four megabytes at most of the build's 190, where one collection to free them walked
    everything loaded once more (a thirtieth of a warm rebuild's CPU time). Not under `mkdocs serve`: each rebuild
    there loads anew, and what is frozen is never freed."""
    if mkdocs_serve.serving() or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
        gc.freeze()
    finally:
        gc.enable()


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
    for uri, content in state.generated.pages.items():
        if files.get_file_from_path(uri) is not None:
            raise PluginError(f"docs/{uri} would hide a generated page; generated pages are not written in docs/")
        files.append(File.generated(config, uri, content=content))
    # Atom feeds of the dated changelog entries (feed.xml, formats/<id>/feed.xml), built from the data; as
    # generated files, pages link to them with ordinary (validated) Markdown links. The JSON API, the card
    # search's scripts and the search's card index (search/codex.js) too.
    for uri, data in state.generated.files.items():
        files.append(File.generated(config, uri, content=data))
    # In the order MkDocs walks a docs folder, as if the generated files were written there (`l5r site generate`
    # for another engine): the sitemap and the search index list pages in this order.
    files = Files(sorted(files, key=file_sort_key))
    # Each page counts twice: once converted from Markdown (page_converted), once rendered (post_page).
    state.building = meter("building the pages", 2 * len(files.documentation_pages()), Unit.PAGES)
    return files


def page_converted(state: SiteState, html: str) -> str:
    if state.building is not None:
        state.building.advance()
    return html


def _links(step, *args):
    """Permanent links (l5r/site/rendering/permalinks.py): a link that would break stops the build with what to do."""
    try:
        return step(*args)
    except permalinks.LinkError as exc:
        raise PluginError(str(exc)) from None


def theme_env(state: SiteState, env, config, files):
    # The theme's templates compiled once and kept between builds (l5r/site/rendering/template_cache.py); under
    # a page whose inputs did not change is not rendered again (l5r/site/glue/mkdocs_reuse.py).
    if env.bytecode_cache is None:
        env.bytecode_cache = bytecode_cache()
    # Every page file is known now: what the per-page passes need (l5r/site/building/postbuild.py).
    state.passes = postbuild.page_passes(
        state.codex,
        state.generated,
        [f.dest_uri for f in files.documentation_pages()],
        directory_urls=config.use_directory_urls,
        offline_copy=offline_enabled(config),
    )
    return mkdocs_reuse.themed_env(env)


def startup(command: str, dirty: bool) -> None:
    mkdocs_serve.start(command)
    if command == "build":
        mkdocs_reuse.start_reuse()
    _BUILD.dirty = dirty


@dataclass
class _BuildOptions:
    dirty: bool = False  # `mkdocs build --dirty`: the site folder is not emptied first


_BUILD = _BuildOptions()  # on_startup's word, for on_pre_build (MkDocs hands that hook no such option)


def pre_build(config) -> None:
    """Empty the site folder as MkDocs is about to (its own function, so the same files go and the same stay), under
    a status line: a previous build's tens of thousands of card pages take seconds to remove, and MkDocs says
    nothing while it does. MkDocs' own emptying then finds nothing to do. The previous build's pool card pages are
    first set aside, hidden from the emptying, so that the build writes only those that changed
    (l5r/site/cardpage/keptpages.py). Not under `mkdocs serve` (its folder is kept: l5r/site/glue/mkdocs_serve.py) nor
    for a dirty build."""
    if mkdocs_serve.serving():
        return
    if mkdocs_reuse.reusing():  # what the previous build into this folder rendered, if its inputs are the same
        mkdocs_reuse.load_reuse_file(Path(config.site_dir), config)
    if _BUILD.dirty:
        return
    from mkdocs import utils

    with status_line("removing the previous build"):
        keptpages.set_aside(Path(config.site_dir))  # its pool pages, hidden from the emptying, for the next write
        utils.clean_directory(config.site_dir)


def serve(server) -> None:
    mkdocs_serve.install_card_pages(server)
    mkdocs_serve.quicker_polling(server)
    mkdocs_serve.collecting_after_rebuilds(server)
    mkdocs_serve.search_after_rebuilds(server)


def shutdown() -> None:
    mkdocs_serve.search_written_out()


def post_page(state: SiteState, output: str, page) -> str:
    # The per-page passes of l5r/site/building/postbuild.py on the page MkDocs is about to write (titles escaped once more
    # for Material's tooltips, moved-anchor markers, offline links): the same function `l5r site postbuild` runs
    # on each page file after another engine's build.
    assert state.passes is not None  # theme_env, before any page
    if state.building is not None:
        state.building.advance()
    if mkdocs_serve.serving():  # a page the theme gave as before gets what its passes gave before
        return mkdocs_serve.passed_page(output, page.file.dest_uri, state.passes)
    return postbuild.page_html(output, page.file.dest_uri, state.passes)


def post_build(state: SiteState, config):
    # Every pass after the build but the per-page ones (done in post_page): search index tags, the card index and
    # the pool's card pages, permalinks.json, short links and stubs, the offline copy's files.
    # Under `mkdocs serve` the pool's card pages are rendered when asked for (l5r/site/glue/mkdocs_serve.py).
    if state.building is not None:
        state.building.close()
    on_request = mkdocs_serve.set_cards if mkdocs_serve.serving() else None
    search_later = mkdocs_serve.search_later()  # written after the rebuild, and tagged then
    if search_later:
        mkdocs_serve.tag_search_later(
            partial(
                searchindex.tag_index,
                Path(config.site_dir) / mkdocs_serve.SEARCH_INDEX,
                state.codex,
                state.generated.plan,
                config.use_directory_urls,
            )
        )
    try:
        postbuild.run(
            Path(config.site_dir),
            state.codex,
            state.generated,
            directory_urls=config.use_directory_urls,
            offline_copy=offline_enabled(config),
            site_name=config.site_name,
            project=_data_dir(config).parent,
            pages=False,
            on_request=on_request,
            card_jobs=jobs_setting(os.environ.get(JOBS_ENV)),
            tag_search=not search_later,
        )
    except postbuild.PostBuildError as exc:
        raise PluginError(str(exc)) from None
    if mkdocs_reuse.reusing() and not mkdocs_serve.serving():
        mkdocs_reuse.save_reuse_file(Path(config.site_dir))


# -----------------------------------------------------------------------------------------------------------
# The offline copy's settings (mkdocs.offline.yml: `extra.l5r_offline: true`); its passes are l5r/site/building/offline.py
# -----------------------------------------------------------------------------------------------------------


def offline_enabled(config) -> bool:
    return bool((config.extra or {}).get("l5r_offline"))


def offline_config(config) -> None:
    """No instant navigation, page files instead of directory URLs, only the vendored iframe-worker shim."""
    if not offline_enabled(config):
        return
    config.theme["features"] = offline.theme_features(config.theme.get("features"))
    config.use_directory_urls = False
    config.extra["polyfills"] = offline.polyfills(config.extra.get("polyfills"))
    config.extra["generator"] = offline.without_generator(config.extra)["generator"]


def offline_files(files, config):
    """The shim, copied from the pinned npm package in node_modules/."""
    if not offline_enabled(config):
        return files
    try:
        source = offline.shim_source(_data_dir(config).parent)
    except offline.ShimMissing as exc:
        raise PluginError(str(exc)) from None
    files.append(File.generated(config, offline.SHIM_URI, abs_src_path=str(source)))
    return files
