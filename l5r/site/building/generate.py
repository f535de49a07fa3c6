"""Page generation as a pure function of the data, independent of any site engine.

`generate(codex)` returns every generated page ({uri: Markdown}), the other generated files (Atom feeds, the JSON
API, the card search's scripts, the search's card index) and the navigation; the MkDocs hooks add them as
virtual files (l5r/site/glue/mkdocs_glue.py), and `l5r site generate OUT` writes them to a folder for another engine
(ProperDocs, Zensical) to build beside docs/. What follows the build is l5r/site/building/postbuild.py.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ...data import model as m
from ...data.buildday import build_day
from ...errors import CodexError
from .. import api
from ..cardpage import cardsearch
from . import feeds
from ..rendering import searchindex
from ..planning.mdpages import render_site_and_citations
from ..rendering.pages import SitePlan

NAV_FILE = ".l5r-nav.yml"  # a dot file: engines leave it out of the site
NO_ADDRESS = (
    "The site has no public address: set L5R_SITE_URL (e.g. https://you.github.io/l5r-codex/) to give it "
    "one. Without it pages have no canonical link, the sitemap lists no page, feeds and permalinks.json "
    "use relative links, and Copy citation copies the address the reader is on (from the offline copy, "
    "the citation without a link)."
)


@dataclass(frozen=True)
class Generated:
    plan: SitePlan
    pages: dict[str, str]  # uri under docs/ -> Markdown
    files: dict[str, str | bytes]  # other generated files (feeds): uri -> content
    pool_cited_by: dict = field(default_factory=dict)  # pool card target id -> [records naming it]
    site_url: str = ""  # the public address (ends with /), or "" when the build has none
    pool_dir: Path | None = None  # the card pool the pages were generated with (None: no pool)

    @property
    def nav(self) -> list:
        return self.plan.nav


def generate(
    codex: m.Codex,
    site_url: str = "",
    site_name: str = "L5R Rules Codex",
    directory_urls: bool = True,
    pool_dir: Path | None = None,
    source_root: str = "",
) -> Generated:
    """`pool_dir`: the card pool the caller chose (`cardpool.choose_pool`; None: no pool). Raises api.ApiError
    when it cannot be read. `source_root`: where the repository shows its files (editlinks.py; "": no "Edit"
    links)."""
    build_day()  # the day the pages speak of as today: a SOURCE_DATE_EPOCH that is no day stops here, said plainly
    index = api.pool_index(codex, pool_dir)  # the card pool, read once; an empty index without one
    plan, pages, cited = render_site_and_citations(codex, index if index.has_pool else None, source_root)
    # The card search page (its chrome is the shell of every pool card page) first, as the hooks added it.
    pages = {
        cardsearch.PAGE_URI: cardsearch.page_markdown(directory_urls),
        cardsearch.SYNTAX_URI: cardsearch.syntax_markdown(directory_urls),
        **pages,
    }
    # Card and print pages stay out of the search index by their own front matter (l5r/site/rendering/searchindex.py).
    pages = {uri: searchindex.excluded_from_index(uri, text) for uri, text in pages.items()}
    # Block ends kept apart in the pages' HTML, before any engine indexes them (searchindex.words_apart_in_markdown).
    pages = {uri: searchindex.words_apart_in_markdown(text) for uri, text in pages.items()}
    # Atom feeds of the dated changelog entries (feed.xml, formats/<id>/feed.xml).
    files: dict[str, str | bytes] = {
        feed.path: feed.xml for feed in feeds.build_feeds(codex, plan, site_url, site_name)
    }
    # The public JSON API (api/v1/) and the browser deck checker's data (l5r/site/api/).
    files.update(api.site_outputs(codex, plan, directory_urls, index=index))
    # The card search's scripts, and the header search's card index (with a pool, the post-build passes write
    # it again with the pool's cards: l5r/site/cardpage/cardsearch.py `write`).
    files[cardsearch.SCRIPT_URI] = cardsearch.SCRIPT
    files[cardsearch.PAGE_SCRIPT_URI] = cardsearch.PAGE_SCRIPT
    files[searchindex.CARD_INDEX_URI] = searchindex.card_index_js(codex, directory_urls)
    return Generated(plan, pages, files, cited, public_address(site_url), pool_dir)


def public_address(site_url: str | None) -> str:
    """The site's public address ending with `/`, or "" when it has none; SiteAddressError unless it is an
    `http(s)://host[:port]/path` address."""
    site_url = (site_url or "").strip()
    if site_url and not _ADDRESS.fullmatch(site_url):
        raise SiteAddressError(
            f"{SITE_URL_SETTING} {_shown(site_url)} is not a public address: give an "
            f"http:// or https:// address of a host and a path, such as "
            f"https://you.github.io/l5r-codex/"
        )
    return site_url if not site_url or site_url.endswith("/") else site_url + "/"


# Written as it is into attributes (the canonical link, og:url) and every link of the 404 page, by the theme too:
# only characters that need no escaping anywhere. A host of letters, digits, `-` and `.` (or an IPv4 address),
# a port, and a path of unreserved characters and %-escapes; no user, query or fragment.
_ADDRESS = re.compile(
    r"https?://[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(?::[0-9]{1,5})?"
    r"(?:/(?:[A-Za-z0-9._~+-]|%[0-9A-Fa-f]{2})*)*",
    re.ASCII,
)
SITE_URL_SETTING = "the site's address (L5R_SITE_URL, --site-url or site_url)"


class SiteAddressError(CodexError):
    """The public address given for the site cannot be used; the message is one line."""


def _shown(text: str) -> str:
    return json.dumps(text if len(text) <= 80 else text[:80] + "…", ensure_ascii=True)


def write_generated(generated: Generated, out: Path) -> int:
    """Write every generated page and file under `out` (folders made as needed), and the nav as NAV_FILE."""
    count = 0
    for uri, text in {**generated.pages, **generated.files}.items():
        path = out / uri
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        count += 1
    (out / NAV_FILE).write_text(
        yaml.safe_dump({"nav": generated.nav}, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )
    return count
