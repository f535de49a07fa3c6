"""The site's public address is one setting, L5R_SITE_URL (mkdocs.yml `site_url`): canonical links, the sitemap, the
feeds, permalinks.json and the short links name it; without it the build says so once and names no address at all;
no build ever holds the old placeholder domain; and the offline copy links to nothing outside but that address.

The project's build with the test address, shared with the other tests (tests/conftest.py `project_site`); the
offline copies, and the builds without an address, are of the small copy of the project (tests/small_project.py:
every kind of record and page in fewer pages; `small_project_site`, and `small_offline_copy` for the offline copy
with the address, as `make offline` makes it, with a synthetic pool); the offline copy of the whole project is
`make offline`'s, whose own check fails on a page naming another address: tests/browser/test_offline_copy.py).
Copy citation in Chromium: tests/browser/test_citation_address.py."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import (
    ROOT,
    TEST_REPO_URL,
    TEST_SITE_URL,
    project_site,
    small_offline_copy,
    small_project,
    small_project_site,
)
from synthetic_pool import QUOTED

# The end-to-end tier: whole builds, servers or installs of their own (`make test-fast` leaves it out).
pytestmark = pytest.mark.endtoend

ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
CANONICAL = re.compile(r'<link rel="canonical" href="([^"]*)"')
NO_ADDRESS = "The site has no public address"
# Any absolute address in a page, in an attribute or in the text.
ADDRESS = re.compile(r"https?://[^\s\"'<>()&]+")
LINK_ATTR = re.compile(r"\b(?:href|src|action|srcset|content|data|poster)\s*=\s*[\"']?\s*([^\"'\s>]*)", re.I)
SVG_NS = "http://www.w3.org/2000/svg"  # the namespace of inline icons: a name, never fetched nor followed


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def _files_holding(site: Path, needle: bytes) -> list[str]:
    return [p.relative_to(site).as_posix() for p in sorted(site.rglob("*")) if p.is_file() and needle in p.read_bytes()]


@pytest.fixture(scope="module")
def configured(tmp_path_factory) -> Path:
    return project_site(tmp_path_factory)


@pytest.fixture(scope="module")
def unconfigured(tmp_path_factory) -> Path:
    return small_project_site(tmp_path_factory, site_url=None)


# -- With a public address -------------------------------------------------------------------------------------


def test_a_configured_build_holds_no_placeholder_address(configured):
    assert not _files_holding(configured, b".invalid")


def test_canonical_links_and_the_sitemap_name_the_public_address(configured):
    pages = [p for p in _pages(configured) if not p.relative_to(configured).as_posix().startswith("c/")]
    canonical = {}
    for page in pages:
        found = CANONICAL.findall(page.read_text(encoding="utf-8"))
        if found:
            canonical[page.relative_to(configured).as_posix()] = found
    assert len(canonical) > 100
    assert canonical["formats/obsidian-hand/ii-b/index.html"] == [f"{TEST_SITE_URL}formats/obsidian-hand/ii-b/"]
    assert all(len(v) == 1 and v[0].startswith(TEST_SITE_URL) for v in canonical.values()), canonical
    locs = [e.text for e in ET.parse(configured / "sitemap.xml").getroot().iter(f"{SITEMAP}loc")]
    assert len(locs) > 100 and all(loc.startswith(TEST_SITE_URL) for loc in locs), locs[:5]
    assert f"{TEST_SITE_URL}formats/obsidian-hand/ii-b/" in locs


def test_feeds_link_to_the_public_address(configured):
    feeds = [configured / "feed.xml", *sorted((configured / "formats").glob("*/feed.xml"))]
    assert len(feeds) > 1
    for feed in feeds:
        links = [e.get("href") for e in ET.parse(feed).getroot().iter(f"{ATOM}link")]
        assert links and all(href.startswith(TEST_SITE_URL) for href in links), (feed, links[:5])
        ids = [e.text for e in ET.parse(feed).getroot().iter(f"{ATOM}id")]
        assert all(i.startswith("tag:example.org,") for i in ids), ids[:3]


def test_permalinks_json_and_short_links_name_the_public_address(configured):
    table = json.loads((configured / "permalinks.json").read_text(encoding="utf-8"))
    assert table["OH II.B"] == f"{TEST_SITE_URL}formats/obsidian-hand/ii-b/#oh-ii-b"
    assert all(url.startswith(TEST_SITE_URL) for url in table.values())
    short = (configured / "c/oh-ii-b/index.html").read_text(encoding="utf-8")
    assert CANONICAL.findall(short) == [f"{TEST_SITE_URL}formats/obsidian-hand/ii-b/"]
    assert 'url=../../formats/obsidian-hand/ii-b/#oh-ii-b"' in short  # the forward works in any copy


# -- Without one -----------------------------------------------------------------------------------------------


def test_an_unconfigured_build_warns_once_and_names_no_address(unconfigured):
    said = unconfigured.with_name(unconfigured.name + ".stderr").read_text(encoding="utf-8")
    assert said.count(NO_ADDRESS) == 1, said  # and the build was --strict: the warning does not fail it
    assert "L5R_SITE_URL" in said
    assert not _files_holding(unconfigured, b".invalid")
    assert not [p for p in _pages(unconfigured) if CANONICAL.search(p.read_text(encoding="utf-8"))]
    assert not list(ET.parse(unconfigured / "sitemap.xml").getroot().iter(f"{SITEMAP}loc"))
    table = json.loads((unconfigured / "permalinks.json").read_text(encoding="utf-8"))
    assert table["MOD 2"] == "formats/modern/deck-construction/#mod-highlander"
    links = [e.get("href") for e in ET.parse(unconfigured / "feed.xml").getroot().iter(f"{ATOM}link")]
    assert links and not [href for href in links if "//" in href], links[:5]


def test_a_configured_build_does_not_warn(configured):
    said = configured.with_name(configured.name + ".stderr").read_text(encoding="utf-8")
    assert NO_ADDRESS not in said


def test_the_generate_command_reads_the_address_from_the_environment(tmp_path, tmp_path_factory, monkeypatch, capsys):
    # The command in this process (how it reads its environment is the point, not the process), with no pool, on
    # the small copy of the project's data (a changelog, so a feed).
    from l5r.cli import main

    data = str(small_project(tmp_path_factory) / "data")
    monkeypatch.setenv("L5R_SITE_URL", "https://example.net/rules")
    monkeypatch.setenv("L5R_CARDPOOL", "none")
    assert main(["site", "generate", str(tmp_path / "out"), "--data", data]) == 0, capsys.readouterr().err
    feed = (tmp_path / "out" / "feed.xml").read_text(encoding="utf-8")
    assert 'href="https://example.net/rules/whats-new/"' in feed
    # --site-url wins over the environment.
    assert main(["site", "generate", str(tmp_path / "other"), "--data", data, "--site-url", TEST_SITE_URL]) == 0, (
        capsys.readouterr().err
    )
    assert f'href="{TEST_SITE_URL}whats-new/"' in (tmp_path / "other" / "feed.xml").read_text(encoding="utf-8")


def test_a_malformed_address_stops_the_build_with_one_sentence(tmp_path):
    import os
    import subprocess
    import sys

    env = dict(os.environ, L5R_SITE_URL="example.org/codex", NO_MKDOCS_2_WARNING="1")
    env["L5R_CARDPOOL"] = "none"  # not even a pool `l5r cardpool fetch` installed
    result = subprocess.run(
        [str(Path(sys.executable).parent / "mkdocs"), "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "site_url" in result.stderr and "Traceback" not in result.stderr, result.stderr[-2000:]


# -- The offline copy ------------------------------------------------------------------------------------------


def _outside_addresses(site: Path, allowed: str | None) -> tuple[dict, dict]:
    """(absolute addresses in attributes a browser follows or loads, by page; every other absolute address in the
    pages, by page), leaving out `allowed` (the public address) and the inline icons' SVG namespace."""
    in_links, in_text = {}, {}
    for page in _pages(site):
        html = page.read_text(encoding="utf-8")
        rel = page.relative_to(site).as_posix()
        for value in LINK_ATTR.findall(html):
            if value.startswith(TEST_REPO_URL):  # the repository (L5R_REPO_URL): the footer's, the Edit links
                continue
            if re.match(r"(?:https?:)?//", value, re.I) and not (allowed and value.startswith(allowed)):
                in_links.setdefault(rel, []).append(value[:80])
        for address in ADDRESS.findall(html):
            if allowed and address.startswith(allowed) or address.startswith(TEST_REPO_URL):
                continue
            in_text.setdefault(rel, []).append(address)
    return in_links, in_text


@pytest.mark.parametrize("address", [TEST_SITE_URL, None], ids=["configured", "no-address"])
def test_the_offline_copy_links_only_to_the_public_address(tmp_path_factory, address):
    # With the address: `make offline`'s copy, whose pool quotes addresses (above); without: a plain offline build.
    site = (
        small_offline_copy(tmp_path_factory)[0]
        if address
        else small_project_site(tmp_path_factory, offline=True, site_url=None)
    )
    assert not _files_holding(site, b".invalid")
    in_links, in_text = _outside_addresses(site, address)
    assert not in_links, f"links leaving the copy: {dict(list(in_links.items())[:5])}"
    # Not even as text: an address a rules document quotes is written `&#58;//` (shown the same, never a way out),
    # and the inline icons' SVG namespace is implied in HTML.
    assert not in_text, dict(list(in_text.items())[:5])
    assert any("&#58;//" in p.read_text(encoding="utf-8") for p in _pages(site)), "New Era quotes its Oracle's address"
    assert not _files_holding(site, b"squidfunk"), "the theme's 'Made with' footer link"
    canonical = CANONICAL.findall((site / "formats/modern/deck-construction.html").read_text(encoding="utf-8"))
    # The published page, at its directory URL (the public site's), or none at all without a public address.
    assert canonical == ([f"{TEST_SITE_URL}formats/modern/deck-construction/"] if address else [])
    for page, published in (("index.html", ""), ("formats/modern/index.html", "formats/modern/")):
        canonical = CANONICAL.findall((site / page).read_text(encoding="utf-8"))
        assert canonical == ([f"{TEST_SITE_URL}{published}"] if address else []), page
    if address:
        table = json.loads((site / "permalinks.json").read_text(encoding="utf-8"))
        assert table["MOD 2"] == f"{TEST_SITE_URL}formats/modern/deck-construction/#mod-highlander"


def test_the_outside_link_check_sees_a_link_and_an_address(tmp_path):
    """The check above can fail: a link out, a theme's footer link, and a bare address are all found."""
    (tmp_path / "a.html").write_text(
        f'<link rel="canonical" href="{TEST_SITE_URL}a/"><a href="https://squidfunk.github.io/mkdocs-material/">'
        f'Made with</a><img src="//cdn.example.com/x.png"><p>see https://elsewhere.example/rules</p>'
        f'<svg xmlns="{SVG_NS}"></svg>',
        encoding="utf-8",
    )
    in_links, in_text = _outside_addresses(tmp_path, TEST_SITE_URL)
    assert len(in_links["a.html"]) == 2, in_links
    assert in_text["a.html"] == [
        "https://squidfunk.github.io/mkdocs-material/",
        "https://elsewhere.example/rules",
        SVG_NS,
    ]
    in_links, _ = _outside_addresses(tmp_path, None)
    assert len(in_links["a.html"]) == 3, in_links


# -- The offline copy with a card pool whose text quotes addresses -----------------------------------------------


def test_the_offline_copy_with_a_pool_quoting_addresses_names_only_the_public_address(tmp_path_factory):
    """A pool card's text and errata quote web addresses (the real pool's errata cite the publisher's pages): the
    offline copy shows them as written, as text, and its HTML holds no `http://` but the Codex's own address;
    `make offline`'s own check says so. The offline copy of the small project, with a synthetic pool
    (`small_offline_copy`)."""
    site, printed = small_offline_copy(tmp_path_factory)
    assert "no page names an address but the Codex's own" in printed
    page = (site / "card" / "zzyx-test-herald" / "index.html").read_text(encoding="utf-8")  # QUOTING_TITLE's
    shown = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert all(quoted in shown for quoted in QUOTED), "the card's text as the pool writes it"
    stray = {
        page.relative_to(site).as_posix(): address
        for page in _pages(site)
        for address in re.findall(r"https?://[^\s\"'<>()&]*", page.read_text(encoding="utf-8"), re.I)
        if not address.startswith((TEST_SITE_URL, TEST_REPO_URL))
    }
    assert not stray, stray


def test_the_offline_address_check_finds_an_address_in_a_page(tmp_path):
    """build_offline's check can fail: a quoted address in a page is reported with its file and line."""
    import sys

    sys.path.insert(0, str(ROOT / "scripts"))
    import build_offline

    (tmp_path / "card").mkdir()
    (tmp_path / "card" / "a.html").write_text(
        f'<link rel="canonical" href="{TEST_SITE_URL}a/">\n<svg xmlns="{SVG_NS}"></svg>\n'
        f"<p>see https://errata.example/x</p><p>https&#58;//written.example/</p>",
        encoding="utf-8",
    )
    found = build_offline.outside_addresses(tmp_path, TEST_SITE_URL)
    assert found == [f"card/a.html:2: {SVG_NS}", "card/a.html:3: https://errata.example/x"], found


# -- An address that is no http(s) address of a host and a path -------------------------------------------------

HOSTILE_ADDRESSES = [
    'https://example.org/codex/"><script>alert(1)</script>/',
    "https://example.org/codex/'onmouseover='x",
    "javascript://example.org/%0aalert(1)",
    "ftp://example.org/codex/",
    "file:///etc/",
    "data:text/html,x",
    "https://user:secret@example.org/",
    "https://example.org/codex/?q=1",
    "https://example.org/#x",
    "https://example.org/a b/",
    "https://example.org/a&amp;b/",
    "https://example.org/<b>/",
    "//example.org/",
    "https:///codex/",
    "example.org/codex/",
    "https://exa_mple.org/",
    "https://example.org:http/",
    "https://example.org/\u00e9/",
    "https://example.org/\x00/",
]


@pytest.mark.parametrize("address", HOSTILE_ADDRESSES)
def test_an_address_that_is_no_http_address_of_a_host_and_path_is_one_line(address):
    """The address is written into the canonical link and og:url of every page and every link of the 404 page, by
    the theme too (Material writes `page.canonical_url` unescaped): an address holding `"><script>` once built
    with exit 0 and ran script on every page; `javascript://` and `ftp://` were accepted."""
    from l5r.site.building.generate import SiteAddressError, public_address

    with pytest.raises(SiteAddressError) as caught:
        public_address(address)
    message = str(caught.value)
    assert "\n" not in message and "is not a public address" in message
    assert "secret" not in message or "user:secret" in address  # shown as given, JSON-quoted, cut at 80


@pytest.mark.parametrize(
    "address",
    [
        TEST_SITE_URL,
        "http://127.0.0.1:8000",
        "https://you.github.io/l5r-codex/",
        "https://example.org/a%20b/c~d_e.f+g-h/",
        "https://x.y",
    ],
)
def test_an_accepted_address_needs_no_escaping_anywhere(address):
    """What is accepted is written as it is, in attributes and text alike (html.escape changes nothing)."""
    from l5r.site.building.generate import public_address

    accepted = public_address(address)
    assert accepted.startswith(("http://", "https://")) and accepted.endswith("/")
    assert html.escape(accepted, quote=True) == accepted


@pytest.mark.parametrize("address", HOSTILE_ADDRESSES[:4])
def test_site_generate_refuses_a_hostile_address_in_one_line(tmp_path, address):
    from conftest import l5r_here

    result = l5r_here("site", "generate", tmp_path / "out", "--site-url", address, cwd=ROOT)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result.stderr
    assert "is not a public address" in result.stderr and not (tmp_path / "out").exists()
    env = {**os.environ, "L5R_SITE_URL": address}
    result = l5r_here("site", "generate", tmp_path / "out", cwd=ROOT, env=env)
    assert result.returncode == 2 and "is not a public address" in result.stderr


@pytest.mark.parametrize("address", HOSTILE_ADDRESSES[:3])
def test_a_mkdocs_build_with_a_hostile_address_stops_before_any_page(tmp_path_factory, tmp_path, address):
    from conftest import BIN, no_pool_env

    project = small_project(tmp_path_factory)
    env = no_pool_env(L5R_SITE_URL=address, L5R_CACHE_DIR=str(tmp_path / "cache"))
    result = subprocess.run(
        [str(BIN / "mkdocs"), "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "is not a public address" in result.stderr
    assert not (tmp_path / "site" / "index.html").exists()


def test_the_theme_escapes_the_address_it_writes_in_og_url():
    """Escaped where the Codex's own theme writes it too, should an address ever reach it another way."""
    theme = (ROOT / "l5r" / "site" / "theme" / "main.html").read_text(encoding="utf-8")
    assert re.findall(r"\{\{\s*page\.canonical_url[^}]*\}\}", theme) == ["{{ page.canonical_url | e }}"]
