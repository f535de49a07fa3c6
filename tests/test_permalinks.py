"""Permanent links: permalinks.json, short links, the anchor lock and redirects (l5r/site/rendering/permalinks.py)."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from markup import written_out
from conftest import RENAMED, TEST_SITE_URL, no_pool_env, redirected_project, rename_record, small_project_copy
from l5r.site.rendering import permalinks

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
_ID = re.compile(r'\bid="([^"]+)"')


def _ids(path: Path) -> set[str]:
    return set(_ID.findall(path.read_text(encoding="utf-8")))


def _served(site: Path, url: str) -> tuple[Path, str]:
    """The file and anchor a site-root-relative URL lands on."""
    path, _, anchor = url.partition("#")
    file = site / path
    return (file / "index.html" if path.endswith("/") or not path else file), anchor


@pytest.fixture(scope="module")
def plan(codex):
    from l5r.site.planning.plan import plan_site

    return plan_site(codex)


# -- permalinks.json -----------------------------------------------------------------------------------------


def _published(site: Path) -> dict[str, str]:
    """permalinks.json with the site's public address (the test builds' TEST_SITE_URL) taken off each URL."""
    table = json.loads((site / "permalinks.json").read_text(encoding="utf-8"))
    assert all(url.startswith(TEST_SITE_URL) for url in table.values())
    return {citation: url[len(TEST_SITE_URL) :] for citation, url in table.items()}


def test_permalinks_json_lists_every_citable_item_and_each_resolves(built_site, codex, plan):
    table = _published(built_site)
    # Every rule section, keyword, ability, ban entry, changelog entry, card... and every format.
    for record in codex.records.values():
        assert table.get(record.citation, "").endswith(f"#{record.id}"), record.citation
    for f in codex.formats.values():
        assert table[f.citation_prefix] == f"formats/{f.id}/#{f.id}"
    assert len(table) == len(plan.anchors)
    # ... and every pool card's page in card-permalinks.json (`CARD <slug>`, as a record's card is `CARD <id>`:
    # l5r/site/cardpage/citable.py), whose patterns name its permalink and its short link.
    cards = json.loads((built_site / "card-permalinks.json").read_text(encoding="utf-8"))
    assert cards["citation"] == "CARD {slug}" and cards["url"] == TEST_SITE_URL + "card/{slug}/#card", cards["url"]
    assert cards["short_link"] == TEST_SITE_URL + "c/card-{slug}/"
    pool_cards = {p.parent.name for p in (built_site / "card").glob("*/index.html")} - set(codex.cards)
    assert len(pool_cards) > 300 and set(cards["cards"]) == pool_cards
    assert not pool_cards & {permalinks.citation_slug(c)[len("card-") :] for c in table if c.startswith("CARD ")}
    for slug, title in cards["cards"].items():
        file, anchor = _served(built_site, cards["url"].replace("{slug}", slug)[len(TEST_SITE_URL) :])
        heading = re.search(r'<h1 id="card">(.*?)</h1>', written_out(file.read_text(encoding="utf-8")))
        assert anchor == "card" and heading and html.unescape(heading.group(1)) == title, slug
        short = built_site / cards["short_link"].replace("{slug}", slug)[len(TEST_SITE_URL) :] / "index.html"
        assert f'url=../../card/{slug}/#card"' in short.read_text(encoding="utf-8"), slug
    assert table["OH II.B"] == "formats/obsidian-hand/ii-b/#oh-ii-b"
    assert table["NE 4.3.C"] == "formats/new-era/turn/#ne-4-3-c"
    for citation, url in table.items():
        file, anchor = _served(built_site, url)
        assert file.is_file(), f"{citation}: {url} is not a page"
        assert anchor in _ids(file), f"{citation}: {url} has no such anchor"


def test_citations_are_unique_or_the_data_check_says_which_records_clash(data_copy):
    """Two records cited alike are refused when the data is loaded (so `l5r check` reports them too, before any
    build), each at its file and line."""
    from l5r.data.load import load_codex
    from l5r.data.yamlsource import DataError

    rules = data_copy / "formats/obsidian-hand/rules.yml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("number: II.C", "number: II.B", 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_codex(data_copy)
    [problem] = [p for p in err.value.problems if "oh-ii-c" in p.message]
    assert problem.path.endswith("formats/obsidian-hand/rules.yml")
    assert "oh-ii-b" in problem.message and "OH II.B" in problem.message


# -- Short links ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "citation,slug",
    [
        ("OH II.B", "oh-ii-b"),
        ("NE 4.3.C", "ne-4-3-c"),
        ("CARD bayushi-tangen", "card-bayushi-tangen"),
        ("NE Setup 1", "ne-setup-1"),
    ],
)
def test_citation_slugs(citation, slug):
    assert permalinks.citation_slug(citation) == slug


def test_every_citation_has_a_short_link_that_lands_on_its_anchor(built_site, codex):
    table = _published(built_site)
    for citation, url in table.items():
        stub = built_site / permalinks.short_path(citation) / "index.html"
        html = stub.read_text(encoding="utf-8")
        refresh = re.search(r'<meta http-equiv="refresh" content="0; url=([^"]+)">', html).group(1)
        # From c/<slug>/, the forward must reach exactly the permalink.
        landed = os.path.normpath(os.path.join(permalinks.short_path(citation), refresh.split("#")[0]))
        assert landed + "/" == url.split("#")[0] or (landed == "." and url.startswith("#")), (citation, refresh)
        assert refresh.endswith("#" + url.split("#")[1])


def test_a_short_link_page_names_its_record_as_the_pages_do(built_site, codex):
    """c/<slug>/ keeps the stable id in its address, but what a reader sees while it forwards (its title and
    sentence) is the citation as every page words it: `OH II.F, Deck Restrictions`, not `OH ii-f-…`."""
    from l5r.site.rendering import citelabel

    sub = next(
        r for r in codex.records.values() if getattr(r, "citation", None) and citelabel.label(r, codex) != r.citation
    )
    page = (built_site / permalinks.short_path(sub.citation) / "index.html").read_text(encoding="utf-8")
    title = re.search(r"<title>(.*?)</title>", page).group(1)
    assert html.unescape(title).startswith(citelabel.label(sub, codex)), title
    assert sub.citation not in html.unescape(
        re.sub(r"<(?:meta|link|script)[^>]*>|<script>.*?</script>", "", page, flags=re.S)
    ), page


# -- The anchor lock -----------------------------------------------------------------------------------------


def test_the_lock_is_current():
    """New records must be recorded with `make lock` (scripts/update_anchor_lock.py)."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts/update_anchor_lock.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_the_lock_is_sorted_and_names_every_published_anchor(codex, plan):
    lines = [
        line
        for line in (ROOT / permalinks.LOCK_FILE).read_text(encoding="utf-8").splitlines()
        if not line.startswith("# ")
    ]
    assert lines == sorted(set(lines))
    assert all(re.fullmatch(r"([a-z0-9-]+/)*#[a-z0-9-]+", line) for line in lines)
    assert {f"{permalinks.page_url(uri, True)}#{anchor}" for uri, anchor in plan.anchors.values()} <= set(lines)


def _build(work: Path, site: Path) -> subprocess.CompletedProcess:
    # Without a card pool: the anchors and redirects checked here are the data's.
    return subprocess.run(
        [str(BIN / "mkdocs"), "build", "--strict", "-d", str(site)],
        cwd=work,
        capture_output=True,
        text=True,
        env=no_pool_env(),
    )


@pytest.fixture(scope="module")
def renamed(tmp_path_factory):
    """A copy of the small project (tests/small_project.py) where a rule section (its page moves) and a keyword (same
    page) were renamed."""
    tmp = tmp_path_factory.mktemp("renamed")
    work = small_project_copy(tmp_path_factory, tmp)
    for path, old, new in RENAMED:
        rename_record(work / path, old, new)
    failed = _build(work, tmp / "failed")
    return work, tmp, failed


@pytest.mark.endtoend  # (a build of the small project under an edit: the end-to-end tier)
def test_the_lock_fails_the_build_when_a_published_anchor_disappears(renamed):
    work, _, result = renamed
    out = result.stdout + result.stderr
    assert result.returncode != 0
    assert "formats/new-era/proxies/#ne-proxies" in out
    assert "formats/new-era/keywords/#ne-kw-absent" in out
    assert "add a redirect to data/redirects.yml" in out
    assert "- from: formats/new-era/keywords/#ne-kw-absent" in out, "the message shows the lines to add"
    assert "Traceback" not in out


@pytest.mark.endtoend  # (a build of the small project under an edit: the end-to-end tier)
def test_the_lock_script_refuses_to_drop_an_anchor_without_a_redirect(renamed):
    work, _, _ = renamed
    before = (work / permalinks.LOCK_FILE).read_text(encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts/update_anchor_lock.py"), "--root", str(work)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "formats/new-era/proxies/#ne-proxies" in result.stderr
    assert (work / permalinks.LOCK_FILE).read_text(encoding="utf-8") == before


@pytest.fixture(scope="module")
def redirected(tmp_path_factory):
    """The renamed records with redirects from their old addresses, built (tests/conftest.py
    `redirected_project`, shared with tests/test_site_engines.py): (the project, its site, what the build said)."""
    shared = redirected_project(tmp_path_factory)
    return shared / "repo", shared / "site", (shared / "site.log").read_text(encoding="utf-8")


@pytest.mark.endtoend  # (a build of the small project under an edit: the end-to-end tier)
def test_a_redirect_in_data_lets_the_build_pass_and_keeps_the_old_url_working(redirected):
    work, site, said = redirected
    assert "not in data/anchors.lock yet" in said, "new anchors are reported"
    # The old page is gone: a stub forwards each old anchor to its record's new place.
    stub = (site / "formats/new-era/proxies/index.html").read_text(encoding="utf-8")
    assert '"ne-proxies": "../proxies-renamed/#ne-proxies-renamed"' in stub
    # The page is still there: a marker for codex.js.
    keywords = (site / "formats/new-era/keywords/index.html").read_text(encoding="utf-8")
    assert 'data-l5r-moved="ne-kw-absent" data-l5r-to="#ne-kw-absent-renamed"' in keywords


@pytest.mark.endtoend  # (a build of the small project under an edit: the end-to-end tier)
def test_the_lock_script_keeps_redirected_anchors_and_adds_new_ones(redirected, tmp_path):
    work = tmp_path / "repo"
    shutil.copytree(redirected[0], work)  # the script rewrites the lock: a copy of the shared project
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts/update_anchor_lock.py"), "--root", str(work)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lock = permalinks.read_lock(work / permalinks.LOCK_FILE)
    assert "formats/new-era/proxies/#ne-proxies" in lock  # old URL, kept alive by its redirect
    assert "formats/new-era/proxies-renamed/#ne-proxies-renamed" in lock
    assert "formats/new-era/keywords/#ne-kw-absent-renamed" in lock


def test_a_redirect_that_cannot_work_is_named(data_copy):
    from l5r.data.load import load_codex
    from l5r.site.planning.plan import plan_site

    (data_copy / "redirects.yml").write_text(
        "kind: redirects\nredirects:\n"
        "  - from: formats/obsidian-hand/ii-b.md\n    to: oh-ii-b\n"
        "  - from: formats/obsidian-hand/ii-b/#oh-ii-b\n    to: oh-ii-b\n",
        encoding="utf-8",
    )
    codex = load_codex(data_copy)
    with pytest.raises(permalinks.LinkError) as err:
        permalinks.check(codex, plan_site(codex), ROOT)
    message = str(err.value)
    assert "from: formats/obsidian-hand/ii-b.md — write it as the lock does" in message
    assert "from: formats/obsidian-hand/ii-b/#oh-ii-b — this anchor is published again" in message


# -- In the browser: old URLs land on the record --------------------------------------------------------------


@pytest.mark.browser
def test_old_urls_land_on_the_record_in_a_browser(redirected, chromium_page):
    _, site, _ = redirected
    base = site.as_uri()
    page = chromium_page
    page.goto(f"{base}/formats/new-era/proxies/index.html#ne-proxies")
    page.wait_for_url(re.compile(r"proxies-renamed/index\.html#ne-proxies-renamed$"))
    page.goto(f"{base}/formats/new-era/keywords/index.html#ne-kw-absent")
    page.wait_for_url(re.compile(r"keywords/index\.html#ne-kw-absent-renamed$"))
    assert page.locator("#ne-kw-absent-renamed").is_visible()


@pytest.fixture
def chromium_page(browser):
    """A page in a context of its own in the test process's Chromium (tests/conftest.py `browser`)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"script errors: {errors}"


@pytest.mark.endtoend  # (a build of the small project under an edit: the end-to-end tier)
def test_a_hookless_build_then_postbuild_keeps_the_old_urls_working_too(redirected, tmp_path_factory):
    """`l5r site postbuild` after an engine without hooks writes the same marker, the same stub, the
    same site file for file."""
    work, site, _ = redirected
    other = redirected_project(tmp_path_factory) / "hookless" / "site"
    keywords = (other / "formats/new-era/keywords/index.html").read_text(encoding="utf-8")
    assert 'data-l5r-moved="ne-kw-absent" data-l5r-to="#ne-kw-absent-renamed"' in keywords

    # Not the records either side keeps for its next build into the folder (`.l5r-*`), which no reader opens.
    def published(folder):
        return sorted(
            p.relative_to(folder).as_posix()
            for p in folder.rglob("*")
            if p.is_file() and not p.name.startswith(".l5r-")
        )

    names = published(site)
    assert names == published(other)
    assert "formats/new-era/proxies/index.html" in names  # the stub
    assert [n for n in names if (other / n).read_bytes() != (site / n).read_bytes()] == []


# -- What a shared link says -----------------------------------------------------------------------------------

_OG_DESCRIPTION = re.compile(r'<meta property="og:description" content="([^"]*)"')


def test_every_short_link_previews_the_rules_heading_and_own_words(built_site, codex, plan):
    """Every c/<slug>/ of a record with text unfurls with its citation and heading, then the rule's own words
    (more than an opening that only announces what follows, "There are some exceptions to this rule:"), as
    the page it forwards to does when it is the record's own page."""
    from l5r.site.rendering import share

    checked = 0
    for record_id in plan.anchors:
        record = codex.records.get(record_id)
        if record is None or record.record_kind == "card" or not share._text_of(record):  # noqa: SLF001
            continue
        stub = (built_site / permalinks.short_path(record.citation) / "index.html").read_text(encoding="utf-8")
        said = html.unescape(_OG_DESCRIPTION.search(stub).group(1))
        head = share.record_title(record, codex)
        assert said.startswith(head + (" " if head.endswith((".", ":", "?", "!")) else ": ")), (record_id, said)
        assert not said.endswith(":"), (record_id, said)  # never only an opening that announces what follows
        checked += 1
    assert checked > 250
    mod_1 = html.unescape(
        _OG_DESCRIPTION.search((built_site / "c/mod-1/index.html").read_text(encoding="utf-8")).group(1)
    )
    assert mod_1.startswith("MOD 1 — Deck Size: There are some exceptions to this rule: Cards that do not count"), mod_1
    page = html.unescape(
        _OG_DESCRIPTION.search(
            (built_site / "formats/modern/deck-construction/index.html").read_text(encoding="utf-8")
        ).group(1)
    )
    assert page.startswith(
        "MOD Deck Construction: Ignore the Deck Construction Rules. They are replaced by the following three rules: "
    ), page


# -- The sitemaps ------------------------------------------------------------------------------------------------


def test_every_pool_card_page_is_in_a_sitemap_the_index_names(built_site, codex):
    """sitemap.xml keeps the engine's pages (the theme's instant navigation reads it); every pool card's page is in
    sitemap-cards.xml, and sitemap-index.xml names both at the public address."""
    index = (built_site / "sitemap-index.xml").read_text(encoding="utf-8")
    assert re.findall(r"<loc>([^<]+)</loc>", index) == [
        TEST_SITE_URL + "sitemap.xml",
        TEST_SITE_URL + "sitemap-cards.xml",
    ]
    listed = set(re.findall(r"<loc>([^<]+)</loc>", (built_site / "sitemap-cards.xml").read_text(encoding="utf-8")))
    pool_cards = {p.parent.name for p in (built_site / "card").glob("*/index.html")} - set(codex.cards)
    assert listed == {f"{TEST_SITE_URL}card/{slug}/" for slug in pool_cards}
    engine = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{TEST_SITE_URL}card/keigo-sensei/</loc>" in engine  # a record's card page is an engine page
    assert "sitemap-index.xml" in (built_site / "robots.txt").read_text(encoding="utf-8")


def test_over_the_protocols_limit_the_card_sitemap_is_split(tmp_path):
    """The sitemap protocol allows 50,000 addresses a file: past that, one file per 50,000, all named by the index
    (here with a limit of 3)."""
    from l5r.site.building.postbuild import add_to_sitemap

    (tmp_path / "sitemap.xml").write_text("<urlset><url><loc>https://x.org/</loc></url></urlset>", encoding="utf-8")
    total = add_to_sitemap(tmp_path, "https://x.org/", [f"card/c{n}/" for n in range(7)], limit=3)
    assert total == 8
    index = re.findall(r"<loc>([^<]+)</loc>", (tmp_path / "sitemap-index.xml").read_text(encoding="utf-8"))
    assert index == ["https://x.org/sitemap.xml"] + [f"https://x.org/sitemap-cards-{n}.xml" for n in (1, 2, 3)]
    sizes = [
        len(re.findall("<url>", (tmp_path / f"sitemap-cards-{n}.xml").read_text(encoding="utf-8"))) for n in (1, 2, 3)
    ]
    assert sizes == [3, 3, 1]


def test_the_ids_a_page_is_checked_for_are_those_a_word_bounded_pattern_finds():
    """Every permalink is checked against the page's element ids (`permalinks.element_ids`, a plain search with the
    word boundary checked by hand): the same ids as `\\bid="([^"]+)"` finds, for generated text of ids, quotes,
    word characters of several scripts and separators."""
    import random

    from l5r.site.rendering.permalinks import element_ids

    bounded = re.compile(r'\bid="([^"]+)"')
    pieces = ['id="', '"', "x", "_", "é", "1", "٣", " ", "-", "=", "id", "i", "d", "\n", "<p ", ">"]
    chance = random.Random(11)
    for _ in range(50_000):
        text = "".join(chance.choice(pieces) for _ in range(chance.randint(0, 25)))
        assert element_ids(text) == set(bounded.findall(text)), repr(text)
