"""The offline copy as files (no browser): its name, its contents, links that resolve from disk, and nothing that
would load from the network. And the search indexes' size budget."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import sys
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import sitewalk

from l5r.site.cardpage import cardsearch

from conftest import (
    TEST_REPO_URL,
    TEST_SITE_URL,
    real_pool,
)  # tests/conftest.py: the test builds' public address; the real pool

from .conftest import ROOT, Site

sys.path.insert(0, str(ROOT / "scripts"))
import build_offline  # noqa: E402
import bench_search  # noqa: E402

# The browser tier (`make test`, not `make test-fast`): these read the offline copy as a browser opens it from disk,
# and share its build (the whole site with the card pool, zipped and unzipped) with the Chromium tests.
pytestmark = pytest.mark.browser


def test_zip_is_named_with_the_build_date_and_opens_to_index(offline_build, today):
    assert offline_build.zip_path.name == f"l5r-codex-offline-{today}.zip"
    assert offline_build.zip_path.name in offline_build.output
    with zipfile.ZipFile(offline_build.zip_path) as z:
        names = z.namelist()
    folder = f"l5r-codex-offline-{today}/"
    assert all(n.startswith(folder) for n in names)
    for needed in (
        "index.html",
        "READ-ME-FIRST.txt",
        "search/search_index.js",
        "search/codex.js",
        "assets/vendor/iframe-worker/shim.js",
        "print/obsidian-hand.html",
    ):
        assert folder + needed in names, f"{needed} missing from the zip"
    read_me = (offline_build.folder / "READ-ME-FIRST.txt").read_text()
    assert "index.html" in read_me
    assert f"The Codex online (the links that Copy citation shares): {TEST_SITE_URL}" in read_me


def test_offline_pages_turn_off_instant_navigation_and_use_the_vendored_shim(offline_site):
    page = (offline_site.directory / "index.html").read_text(encoding="utf-8")
    config = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', page, re.S).group(1))
    assert not [f for f in config["features"] if f.startswith("navigation.instant")], config["features"]
    assert '<script src="assets/vendor/iframe-worker/shim.js"></script>' in page
    shim = (offline_site.directory / "assets/vendor/iframe-worker/shim.js").read_bytes()
    assert shim == (ROOT / "node_modules/iframe-worker/shim/index.js").read_bytes()


def test_online_pages_keep_instant_navigation_and_load_no_shim(built_site):
    page = (built_site / "index.html").read_text(encoding="utf-8")
    assert '"navigation.instant"' in page
    assert "iframe-worker" not in page


# The layout checks of what a page's article shows (tables, the home and card search boxes, a rule's or a card's
# page order) run on the online site alone: the offline copy's pages hold the same articles, styled by the same
# stylesheets, as this test checks for every page. What differs offline (addresses, the header and navigation
# without instant loading, search through the shim, file://) keeps its browser tests on both.
_ARTICLE = re.compile(r"<article\b.*?</article>", re.S)
_ADDRESS = re.compile(r"\s(?:href|src)=\"[^\"]*\"")
_STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)"')


def _articles(page: str) -> list[str]:
    # Addresses differ by design (.html files offline), and the offline copy writes an address quoted in text with
    # an escaped colon (so that nothing but the public address reads as a link): compared as shown.
    return [_ADDRESS.sub("", html.unescape(article)) for article in _ARTICLE.findall(page)]


def _stylesheets(page_file: Path) -> list[bytes]:
    page = page_file.read_text(encoding="utf-8")
    return [
        (page_file.parent / unquote(href.split("?")[0])).resolve().read_bytes() for href in _STYLESHEET.findall(page)
    ]


def test_offline_pages_show_the_online_articles_with_the_same_stylesheets(built_site, offline_site):
    online_site = Site("online", "", built_site)  # files only: the same page of both, by its source page
    pages = sorted(offline_site.directory.rglob("*.html"))
    assert len(pages) > 500, f"only {len(pages)} pages in the offline copy"
    differ, missing = [], []
    for page in pages:
        uri = page.relative_to(offline_site.directory).as_posix()[: -len(".html")] + ".md"
        online = online_site.file(uri)
        if not online.is_file():
            missing.append(uri)
            continue
        if _articles(page.read_text(encoding="utf-8")) != _articles(online.read_text(encoding="utf-8")):
            differ.append(uri)
    assert not missing, f"{len(missing)} offline pages have no online page: {missing[:5]}"
    assert not differ, f"{len(differ)} offline pages show another article than online: {differ[:5]}"
    for uri in ("index.md", "formats/obsidian-hand/ii-b.md", "cards/search.md", "deck-check.md"):
        offline_page, online_page = offline_site.file(uri), online_site.file(uri)
        assert _articles(offline_page.read_text(encoding="utf-8")), f"{uri}: no article"
        sheets = _stylesheets(offline_page)
        assert len(sheets) >= 5 and sheets == _stylesheets(online_page), f"{uri}: other stylesheets"


def test_nothing_in_the_offline_copy_loads_from_the_network(offline_build, offline_site):
    """`make offline` refuses a copy that would load anything from another machine (scripts/build_offline.py, its
    check proven by the next test): it read every page, stylesheet and script of what the zip holds."""
    read = re.search(r"network check: (\d+) pages, stylesheets and scripts read; none loads", offline_build.output)
    assert read, offline_build.output
    assert int(read.group(1)) == len(build_offline.checked_files(offline_site.directory)) > 500


def test_the_network_check_catches_a_remote_load(tmp_path):
    (tmp_path / "a.html").write_text(
        '<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">'
        '<script src="https://unpkg.com/iframe-worker/shim"></script>'
    )
    (tmp_path / "b.css").write_text("@font-face { src: url(https://example.org/f.woff2) }")
    found = build_offline.remote_loads(tmp_path)
    assert any("a.html" in f and "googleapis" in f for f in found), found
    assert any("a.html" in f and "unpkg" in f for f in found), found
    assert any("b.css" in f for f in found), found


def test_every_link_in_the_offline_copy_resolves_to_a_file_and_anchor(offline_site):
    root = offline_site.directory
    site = sitewalk.Site(root)  # each page read once (tests/sitewalk.py: the card pool makes thousands of them)
    # Paths as strings (os.path): pathlib cost seconds on a pool build's links. From disk a folder is not a page, so a
    # link must name a file.
    broken = []
    pages = [os.fspath(p) for p in sitewalk.html_files(root)]
    assert len(pages) > 50
    for page in pages:
        folder = os.path.dirname(page)
        for link in site.page(page).links(("a", "link", "script", "img"), ("href", "src")):
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue
            target = page if not parts.path else os.path.normpath(os.path.join(folder, unquote(parts.path)))
            if not site.is_file(target):
                broken.append(f"{os.path.relpath(page, root)}: {link}")
                continue
            if parts.fragment and target.endswith(".html") and parts.fragment not in site.page(target).ids:
                broken.append(f"{os.path.relpath(page, root)}: {link} (no such anchor)")
    assert not broken, f"{len(broken)} broken links from disk, e.g.:\n" + "\n".join(broken[:20])


def test_the_offline_copy_links_outside_only_to_the_public_address(offline_site):
    """Every page, the pool's card pages and the short links included: an absolute link is the site's public
    address (L5R_SITE_URL, the test builds' TEST_SITE_URL), never the theme's home page or a placeholder; each pool
    card page names its own published address."""
    root = offline_site.directory
    site = sitewalk.Site(root)
    outside, named = [], {}
    for page in sitewalk.html_files(root):
        rel = page.relative_to(root).as_posix()
        for link in site.page(os.fspath(page)).links(
            ("a", "link", "script", "img", "iframe", "form", "area"), ("href", "src", "action")
        ):
            if re.match(r"(?:[a-z][a-z0-9+.-]*:)?//", link, re.I):
                if link.startswith(TEST_SITE_URL):
                    named.setdefault(rel, []).append(link)
                elif link == TEST_REPO_URL or link.startswith(TEST_REPO_URL + "/"):  # the repository: the footer's
                    # link, the records' Edit links (L5R_REPO_URL)
                    continue
                else:
                    outside.append(f"{rel}: {link}")
    assert not outside, f"{len(outside)} links leave the copy, e.g.:\n" + "\n".join(outside[:20])
    assert named["formats/obsidian-hand/ii-b.html"] == [f"{TEST_SITE_URL}formats/obsidian-hand/ii-b/"]
    cards = [
        rel for rel in (p.relative_to(root).as_posix() for p in sitewalk.html_files(root)) if rel.startswith("card/")
    ]
    assert cards, "the copy has the pool's card pages"
    # A pool card's page card/<slug>/index.html, a card the documents name card/<id>.html: both card/<slug>/ online.
    wrong = [
        rel
        for rel in cards
        if named.get(rel)
        != [TEST_SITE_URL + (rel[: -len("index.html")] if rel.endswith("/index.html") else rel[: -len(".html")] + "/")]
    ]
    assert not wrong, f"{len(wrong)} card pages do not name their published address, e.g. {wrong[:5]}"


def test_cards_and_print_pages_stay_out_of_the_main_search_index(built_site, codex):
    index = json.loads((built_site / "search/search_index.json").read_text(encoding="utf-8"))
    locations = [d["location"] for d in index["docs"]]
    assert not [loc for loc in locations if loc.startswith(("cards/", "print/"))]
    assert not [d for d in index["docs"] if "Copy citation" in d["text"] and d["location"].startswith("formats/")]
    cards = bench_search.load_card_index(built_site / "search/codex.js")
    # The Codex's card records; with a card pool every pool card page follows (rows ending in 1).
    records = [row for row in cards["cards"] if not (len(row) > 6 and row[6] == 1)]
    assert sorted(row[0] for row in records) == sorted(c.title for c in codex.cards.values())


@pytest.fixture(scope="module")
def search_with_the_whole_pool(built_site, codex, tmp_path_factory) -> Path:
    """The search files every page loads, as a build with the whole real card pool writes them: the build's search
    index (card and print pages stay out of it, test_cards_and_print_pages_stay_out_of_the_main_search_index, so the
    pool does not change it) and the card index the build's card pass writes from that pool
    (`cardsearch.write_indexes`), without the thousands of card pages a whole build also writes (half a minute of
    building; `make bench` measures a whole build's)."""
    site = tmp_path_factory.mktemp("search-whole-pool")
    shutil.copytree(built_site / "search", site / "search")
    (site / "assets").mkdir()
    cardsearch.write_indexes(site, cardsearch.prepare(site, codex, pool=real_pool()), with_pool=True)
    return site


@pytest.mark.realpool
def test_search_loads_at_most_the_budget_per_page_with_the_full_card_pool(search_with_the_whole_pool):
    sizes = bench_search.measure(search_with_the_whole_pool)
    assert sizes["pool_cards"] > 10000, sizes
    assert sizes["per_page"] <= bench_search.BUDGET, sizes
