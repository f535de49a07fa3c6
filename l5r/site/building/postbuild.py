"""The passes after the build: what the Codex does to a built site, as functions of the built files.

Any engine (MkDocs today; ProperDocs, Zensical tomorrow) builds the pages `generate()` returned beside docs/.
`run(site, codex, generated, ...)` then turns that folder into the Codex, in this order:

1. **Each built page** (`page_html`, on every page file the engine wrote, never on the Codex's own files):
   - titles in the page's content (its `<article>`) escaped once more, as Material's tooltips read them as HTML
     (`render.tooltip_titles`);
   - the line breaks and indentation between the tags of Material's chrome (all but the article) cut to one line
     break, which shows the same (`squeeze_chrome`: a fifth of a page's bytes);
   - the home page's latest dated updates in its "What's new" (`feeds.fill_latest`);
   - the hidden moved-anchor markers at the end of the article (`permalinks.moved_markers`), for pages whose
     old anchors `data/redirects.yml` sends elsewhere;
   - offline only: directory-URL links in the content pointed at page files (`offline.rewrite_links`), the
     feed discovery `<link>`s dropped from the whole page (`offline.drop_feed_links`), and the canonical link (when
     the site has a public address) pointed at the page's published directory URL (`offline.public_canonical`).
   Then the scripts the engine copied from docs/assets/, minified (`ownscripts.minify_own_scripts`).
2. **Search**: each entry of search/search_index.json tagged with its citation (`searchindex.tag_index`); Material's
   search worker made to build its index when the reader goes to the search box or at the first search, not on
   every page opened (`searchindex.defer_index_build`).
3. **Cards**: the card search's index, and with a card pool (L5R_CARDPOOL) every pool card's page, the pool's
   facts on the Codex's card pages and the header search's card index with the pool (`cardsearch.write`); each
   pool card's short link c/card-<slug>/ is written with its page, and a card's files unchanged since the
   previous build are not written again (`cardpage.keptpages`).
4. **Permanent links**: permalinks.json, the short links c/<slug>/, stubs for old pages, and the check that
   every permalink lands on its anchor (`permalinks.write_outputs`); with a card pool, each pool card's entry in
   card-permalinks.json and its page in a sitemap (`cardpage.citable.write_card_links`, `add_to_sitemap`; the
   sitemap and the short links not in the offline copy).
5. **Offline only**: the iframe-worker shim when the engine did not copy it, search/search_index.js, no 404.html
   (`offline.finish`).
6. **Theme files no page loads**: Material's other search languages (for an English-only index) and its source
   maps (`themefiles.drop_unused_theme_files`: megabytes of a site that must stay under 60 MB with the card pool).

Under MkDocs the hooks (l5r/site/glue/mkdocs_glue.py) call `page_html` on each page in `on_post_page`, where the page
is in memory anyway, and `run(..., pages=False)` in `on_post_build`; `l5r site postbuild SITE` calls `run`
after any other engine's build. Both end with the same files (tests/test_site_engines.py).
"""

from __future__ import annotations

import hashlib
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from ...data import model as m
from ...progress import Unit, meter
from ..cardpage import cardsearch
from . import feeds, offline, ownscripts, themefiles
from ..rendering import permalinks, searchindex
from ..cardpage import citable, keptpages
from .generate import Generated
from ..rendering.render import tooltip_titles
from ...errors import CodexError

ARTICLE = '<article class="md-content__inner md-typeset">'  # Material's (and Zensical's) page content
_ARTICLE_END = "</article>"
# Written by the Codex itself, after the engine: never a page of the engine's build.
_NOT_PAGES = ("404.html",)
# The pool's card pages (card/<slug>/) are written after `built_pages` is asked, so card/ holds only the engine's
# pages of the Codex's card records then (card/<id>/): those are passed as every page is.
_OWN_DIRS = (permalinks.SHORT_DIR + "/",)


class PostBuildError(CodexError):
    """The built site cannot be finished: one plain sentence (or the permalink check's list) says why."""


@dataclass(frozen=True)
class PagePasses:
    """What the per-page passes need for one build, worked out once."""

    codex: m.Codex
    generated: Generated
    directory_urls: bool
    offline: bool
    pages_by_dir: dict  # offline: every page file by the directory URL a raw link names it with


def page_passes(
    codex: m.Codex, generated: Generated, page_files, *, directory_urls: bool = True, offline_copy: bool = False
) -> PagePasses:
    """`page_files`: every page file of the build, from the site root (`a/b/index.html`, or `a/b.html`)."""
    by_dir = offline.pages_by_dir(page_files) if offline_copy else {}
    return PagePasses(codex, generated, directory_urls, offline_copy, by_dir)


def page_html(page: str, page_file: str, passes: PagePasses | None) -> str:
    """One built page (the whole HTML file) after the per-page passes. `page_file`: its path from the site root;
    `passes`: what they need, known before the first page (None only until then: MkDocs' theme_env event).

    A page without Material's `<article>` is left as it is, apart from the offline copy's feed and canonical links."""
    assert passes is not None, "a page was rendered before the per-page passes were prepared"
    start = page.find(ARTICLE)
    end = page.rfind(_ARTICLE_END)
    if start != -1 and end > start:
        start += len(ARTICLE)
        content = tooltip_titles(page[start:end])
        if page_file == "index.html":  # the home page: its "What's new" lists the latest updates
            content = feeds.fill_latest(content, passes.codex, passes.generated.plan)
        if passes.offline:
            content = offline.rewrite_links(content, page_file, passes.pages_by_dir)
        content += permalinks.moved_markers(page_file, passes.codex, passes.generated.plan, passes.directory_urls)
        page = page[:start] + content + page[end:]
    if passes.offline:
        page = offline.quoted_addresses_as_text(
            offline.public_canonical(offline.drop_feed_links(page)), passes.generated.site_url or ""
        )
    return squeeze_chrome(page)


def page_html_key(page: str, page_file: str, passes: PagePasses) -> str | None:
    """Everything `page_html` makes this page from, as a digest: the page and the moved-anchor markers it is given
    (from its file, the redirects and the plan); None when more goes in (the home page's latest updates, the
    offline copy's links), and the page is passed each time."""
    if passes.offline or page_file == "index.html":
        return None
    markers = permalinks.moved_markers(page_file, passes.codex, passes.generated.plan, passes.directory_urls)
    h = hashlib.sha1(page.encode("utf-8", "surrogatepass"))
    h.update(b"\0" + markers.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


# A line break and the indentation after it, between two tags: all Material's templates leave between their
# tags (about a fifth of a page's bytes). A browser shows any run of white space there as one space, so one
# line break shows the same. Never inside the raw text of these elements, where white space is kept.
_RAW_ELEMENT = re.compile(r"<(script|style|pre|textarea)\b.*?</\1>", re.S | re.I)
_INDENTATION = re.compile(r"(?<=>)[ \t]*\n\s*(?=<|\Z)")


def _squeeze(part: str) -> str:
    # The raw elements are found first and kept whole; the white space between two tags is cut in the text between
    # them, by a fixed replacement (a Python call for each of a page's thousands of line breaks took twice as long).
    # A stretch after a raw element is cut with that element's last character before it (the `>` the indentation
    # follows), then without it; one before a raw element ends where that element's `<` would follow. A part ends
    # where the article starts.
    pieces = []
    last = 0
    for raw in _RAW_ELEMENT.finditer(part):
        pieces.append(_cut(part, last, raw.start()))
        pieces.append(raw.group(0))
        last = raw.end()
    pieces.append(_cut(part, last, len(part)))
    return "".join(pieces)


def _cut(part: str, start: int, end: int) -> str:
    if start == 0:
        return _INDENTATION.sub("\n", part[:end])
    return _INDENTATION.sub("\n", part[start - 1 : end])[1:]


def squeeze_chrome(page: str) -> str:
    """A built page with the white space between the tags of Material's chrome (header, navigation, footer: all
    but the `<article>`) cut to one line break; the article, where the Codex's content is, is left as it is."""
    start = page.find(ARTICLE)
    end = page.rfind(_ARTICLE_END)
    if start == -1 or end < start:
        return page
    return _squeeze(page[:start]) + page[start:end] + _squeeze(page[end:])


def built_pages(site: Path) -> list[str]:
    """The page files an engine wrote: every .html file but 404.html and the short links (the Codex writes those
    after the engine, already finished, as it writes the pool's card pages after this is asked)."""
    out = []
    for path in site.rglob("*.html"):
        rel = path.relative_to(site).as_posix()
        if rel in _NOT_PAGES or rel.startswith(_OWN_DIRS):
            continue
        out.append(rel)
    return sorted(out)


def check_site(site: Path, *, pages: bool = True) -> None:
    """Refuse a folder no engine built, or one already post-built (its pages would be passed twice): before any
    data is loaded, so the mistake is told at once. Raises PostBuildError."""
    if not (site / "search" / "search_index.json").is_file():
        raise PostBuildError(
            f"{site} has no search/search_index.json: build the site first, with the search plugin enabled."
        )
    if pages and (site / "permalinks.json").exists():
        raise PostBuildError(f"{site} was already post-built (it has permalinks.json): build it again first.")


def run(
    site: Path,
    codex: m.Codex,
    generated: Generated,
    *,
    directory_urls: bool = True,
    offline_copy: bool = False,
    site_name: str = "L5R Rules Codex",
    project: Path | None = None,
    pages: bool = True,
    on_request=None,
    card_jobs: int | None = None,
    tag_search: bool = True,
) -> dict:
    """Every pass after the build, in order (see the module's docstring). `pages=False` when the engine already
    ran `page_html` on each page (the MkDocs hooks do); `project`: where node_modules/ is (offline shim);
    `on_request`: `mkdocs serve` renders pool card pages when asked for instead (l5r/site/glue/mkdocs_serve.py);
    `card_jobs`: how many processes write them (None: as many as help); `tag_search=False` when the search index
    is written after this (`mkdocs serve`, which tags it then).
    Returns how many pages, permalinks, short links and stubs. Raises PostBuildError."""
    check_site(site, pages=pages)
    index_file = site / "search" / "search_index.json"
    done = 0
    if pages:
        files = built_pages(site)
        passes = page_passes(codex, generated, files, directory_urls=directory_urls, offline_copy=offline_copy)
        with meter("passing over the pages", len(files), Unit.PAGES) as bar:
            for rel in files:
                bar.advance()
                path = site / rel
                text = path.read_text(encoding="utf-8")
                new = page_html(text, rel, passes)
                if new != text:
                    path.write_text(new, encoding="utf-8")
                done += 1
    ownscripts.minify_own_scripts(site, [*generated.files, *cardsearch.WRITTEN_SCRIPTS])
    if tag_search:
        searchindex.tag_index(index_file, codex, generated.plan, directory_urls)
    if not searchindex.defer_index_build(site):
        raise PostBuildError(
            f"{site} has no search worker at {searchindex.WORKER_FILES}: the theme's search worker moved, "
            "and l5r/site/rendering/searchindex.py must follow it."
        )
    pool_pages = bool(generated.pool_dir) and on_request is None  # `mkdocs serve` renders them when asked
    # The offline copy is neither crawled nor shared from: its citations name the public address.
    short_links = pool_pages and not offline_copy
    card_site = cardsearch.write(
        site,
        codex,
        site_name,
        directory_urls,
        on_request,
        cited_by=generated.pool_cited_by,
        anchors=generated.plan.anchors,
        pool=generated.pool_dir,
        jobs=card_jobs,
        short_links=short_links,
        # The rules' short links, written below: the previous build's stay where they are (keptpages.bring_back).
        rewritten=permalinks.short_link_folders(codex, generated.plan),
    )
    if not pool_pages:
        keptpages.discard(site)
    try:
        counts = permalinks.write_outputs(site, codex, generated.plan, directory_urls, generated.site_url)
    except permalinks.LinkError as exc:
        raise PostBuildError(str(exc)) from None
    if pool_pages:
        citable.write_card_links(site, card_site, generated.site_url or "")
        counts["card_links"] = len(card_site.page_identities()) if short_links else 0
        if generated.site_url and not offline_copy:
            counts["sitemap_urls"] = add_to_sitemap(site, generated.site_url, citable.card_page_urls(card_site))
    if offline_copy:
        shim = site / offline.SHIM_URI
        if not shim.is_file():
            try:
                source = offline.shim_source(project or Path.cwd())
            except offline.ShimMissing as exc:
                raise PostBuildError(str(exc)) from None
            shim.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, shim)
        offline.finish(site, generated.site_url or "")
    themefiles.drop_unused_theme_files(site)
    return {"pages": done, **counts}


# -----------------------------------------------------------------------------------------------------------
# The sitemap: the engine's pages, and every pool card's page
# -----------------------------------------------------------------------------------------------------------
# sitemap.xml stays the list of the engine's pages: Material's instant navigation reads it at every visit to know
# which links it may swap in place, and a pool card's page (its own slim chrome) must not be swapped in, nor the
# pool's 13,000 addresses downloaded by every reader. The pool's pages go in sitemap-cards.xml (a file per 50,000
# addresses, the protocol's limit), and sitemap-index.xml names them all with sitemap.xml, as the protocol's
# index does; robots.txt names the index for crawlers (where the site is served from a host's root).
SITEMAP_LIMIT = 50_000
SITEMAP_INDEX = "sitemap-index.xml"
_SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def add_to_sitemap(site: Path, site_url: str, urls: list[str], limit: int = SITEMAP_LIMIT) -> int:
    """Write the sitemaps of `urls` (site-relative, directory URLs) beside the engine's sitemap.xml and the index
    naming them all; returns how many addresses the sitemaps list in all."""
    from xml.sax.saxutils import escape

    files = ["sitemap.xml"] if (site / "sitemap.xml").is_file() else []
    engine_urls = (site / "sitemap.xml").read_text(encoding="utf-8").count("<loc>") if files else 0
    chunks = [urls[i : i + limit] for i in range(0, len(urls), limit)]
    for n, chunk in enumerate(chunks, 1):
        name = "sitemap-cards.xml" if len(chunks) == 1 else f"sitemap-cards-{n}.xml"
        # No <lastmod>: the build's day is not the day a card changed, and the protocol makes it optional.
        body = "".join(f"<url><loc>{escape(site_url + url)}</loc></url>\n" for url in chunk)
        text = f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{_SITEMAP_NS}">\n{body}</urlset>\n'
        (site / name).write_text(text, encoding="utf-8")
        files.append(name)
    index = "".join(f"<sitemap><loc>{escape(site_url + name)}</loc></sitemap>\n" for name in files)
    (site / SITEMAP_INDEX).write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{_SITEMAP_NS}">\n{index}</sitemapindex>\n',
        encoding="utf-8",
    )
    robots = site / "robots.txt"
    if not robots.exists():
        robots.write_text(f"User-agent: *\nAllow: /\nSitemap: {site_url}{SITEMAP_INDEX}\n", encoding="utf-8")
    return engine_urls + len(urls)
