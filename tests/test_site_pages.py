"""The generated site: every Obsidian Hand page, its anchors, cross-links and changelog order."""

from __future__ import annotations

import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
import sitewalk

ROOT = Path(__file__).resolve().parent.parent


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.links, self.terms, self.h = set(), [], [], []
        self._in_h = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
            if "l5r-term" in (attrs.get("class") or ""):
                self.terms.append(attrs)
        if tag in ("h1", "h2", "h3"):
            self._in_h = [tag, attrs.get("id"), ""]

    def handle_data(self, data):
        if self._in_h is not None:
            self._in_h[2] += data

    def handle_endtag(self, tag):
        if self._in_h is not None and tag == self._in_h[0]:
            self.h.append(tuple(self._in_h))
            self._in_h = None


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _resolve(site: Path, page: Path, href: str):
    """The file and anchor an internal link points at (None for external links)."""
    parsed = urlparse(href)
    if parsed.scheme or href.startswith("//"):
        return None
    page_url = "/" + page.relative_to(site).as_posix()
    target = urlparse(urljoin(page_url, href))
    path = site / target.path.lstrip("/")
    if target.path.endswith("/") or path.is_dir():
        path = path / "index.html"
    return path, target.fragment


OH = "formats/obsidian-hand"


@pytest.mark.parametrize(
    "slug,number",
    [
        ("i", "I"),
        ("ii-a", "II.A"),
        ("ii-b", "II.B"),
        ("ii-c", "II.C"),
        ("ii-d", "II.D"),
        ("ii-e", "II.E"),
        ("ii-f", "II.F"),
        ("iii-a", "III.A"),
    ],
)
def test_every_numbered_section_has_a_page_anchor_and_citation(built_site, slug, number):
    page = built_site / OH / slug / "index.html"
    parsed = _parse(page)
    assert f"oh-{slug}" in parsed.ids
    assert f'<code class="l5r-cite__id">OH {number}</code>' in page.read_text(encoding="utf-8")


def test_initial_guidelines_and_performing_pages(built_site, codex):
    guidelines = _parse(built_site / OH / "guidelines/index.html")
    for sub in codex.records["oh-guidelines"].sections:
        assert sub.id in guidelines.ids
    assert "oh-performing" in _parse(built_site / OH / "performing/index.html").ids


def test_every_heading_has_a_permalink(built_site):
    for page in (built_site / OH).rglob("index.html"):
        parsed = _parse(page)
        for tag, anchor, text in parsed.h:
            if tag != "h1":
                assert anchor, f"{page}: heading {text!r} has no anchor"
                assert f"#{anchor}" in parsed.links, f"{page}: heading {anchor} has no permalink"


def test_abilities_are_grouped_as_the_document_groups_them(built_site, codex):
    parsed = _parse(built_site / OH / "abilities/index.html")
    groups = [text.rstrip("¶").strip() for tag, _, text in parsed.h if tag == "h2"]
    assert groups == [g.title for g in codex.formats["obsidian-hand"].ability_groups]
    for ability in codex.formats["obsidian-hand"].abilities:
        assert ability.id in parsed.ids


def test_ban_list_by_category_with_dates_and_card_links(built_site, codex):
    page = built_site / OH / "bans/index.html"
    html = page.read_text(encoding="utf-8")
    parsed = _parse(page)
    bans = codex.formats["obsidian-hand"].bans
    for category in bans.categories:
        assert category.id in parsed.ids
        for entry in category.entries:
            assert entry.id in parsed.ids
    # OH Updates [10/05/2015]: House of Black Lion added to Banned List — shown as an ISO date.
    row = re.search(r'<tr id="oh-ban-house-of-the-black-lion">.*?</tr>', html, re.S).group(0)
    assert "2015-10-05" in row
    card_links = [h for h in parsed.links if "cards/" in h]
    assert card_links, "ban entries link to their card pages"
    for href in card_links:
        target, anchor = _resolve(built_site, page, href)
        assert target.is_file(), href
        assert not anchor or anchor in _parse(target).ids, href


def test_changelog_is_sorted_by_date_newest_first_in_iso(built_site, codex):
    page = built_site / OH / "changelog/index.html"
    parsed = _parse(page)
    shown = [
        re.match(r"\d{4}-\d{2}-\d{2}", text).group(0)
        for tag, _, text in parsed.h
        if tag == "h2" and re.match(r"\d{4}-\d{2}-\d{2}", text)
    ]
    dated = [e for e in codex.formats["obsidian-hand"].changelog if e.date]
    assert len(shown) == len(dated)
    assert shown == sorted(shown, reverse=True)
    # The document lists [02/15/2016] first and [10/05/2015] before [10/20/2015]: out of order.
    assert shown[0] == "2016-02-15" and shown[-1] == "2015-10-05"


def test_rules_text_links_to_abilities_and_keywords(built_site):
    # OH Recruit's note names the Proclaim Interrupt: the mention links to the ability.
    parsed = _parse(built_site / OH / "abilities/index.html")
    assert any(a["href"] == "#oh-ability-proclaim" for a in parsed.terms), [a["href"] for a in parsed.terms]
    for a in parsed.terms:
        assert a.get("title"), "auto-links carry a tooltip"


def test_every_internal_link_resolves(built_site):
    # Every page of the site (the pool's card pages included), each read once by tests/sitewalk.py.
    site = sitewalk.Site(built_site)
    checked = 0
    for page in sitewalk.html_files(built_site):
        if "assets" in page.parts or page.name == "404.html":
            continue
        for href in site.page(page).links():
            resolved = site.resolve(page, href)
            if resolved is None:
                continue
            target, anchor = resolved
            if not target.endswith(".html") and "." in target.rsplit("/", 1)[-1] or "/assets/" in target:
                continue
            assert site.is_file(target), f"{page.relative_to(built_site)} links to missing {href}"
            if anchor:
                assert anchor in site.page(target).ids, f"{page.relative_to(built_site)}: {href} has no such anchor"
            checked += 1
    assert checked > 500


def test_the_fast_page_reader_finds_what_htmlparser_finds(built_site):
    # The link walk above trusts tests/sitewalk.py; on a sample of every kind of page it must find the same
    # ids and links as Python's HTMLParser.
    pages = sorted(p for p in built_site.rglob("*.html") if "assets" not in p.parts)
    sample = pages[:: max(1, len(pages) // 300)] + [built_site / "index.html"]
    for page in sample:
        slow = _parse(page)
        fast = sitewalk.parse_html(page.read_text(encoding="utf-8"))
        assert fast.ids == slow.ids, page
        assert fast.links() == slow.links, page
        site = sitewalk.Site(built_site)
        for href in slow.links:  # and resolves each link to the same file and anchor as urljoin
            expected = _resolve(built_site, page, href)
            assert site.resolve(page, href) == (None if expected is None else (str(expected[0]), expected[1])), href


def test_the_fast_page_reader_skips_raw_text_and_unescapes():
    page = sitewalk.parse_html(
        '<p id="a">x</p><script>var s = \'<a href="no" id="no">\';</script>'
        '<!-- <a href="gone"> --><a title="1 > 0" href="x?a=1&amp;b=2" id=\'q\'>y</a>'
        '<style>#z{}</style><script src="s.js"></script>'
    )
    assert page.ids == {"a", "q"}
    assert page.links() == ["x?a=1&b=2"]
    assert page.links(("script",), ("src",)) == ["s.js"]


def test_no_request_to_google_fonts(built_site):
    for page in built_site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "fonts.googleapis.com" not in text and "fonts.gstatic.com" not in text, page


def test_generated_pages_are_not_written_into_docs(built_site):
    tracked = subprocess.run(["git", "ls-files", "docs"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    on_disk = [p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").rglob("*") if p.is_file()]
    untracked = sorted(set(on_disk) - set(tracked))
    assert not [p for p in untracked if p.startswith("docs/formats") or p.startswith("docs/cards")], untracked


def test_a_bad_data_file_stops_the_build_with_file_and_line(tmp_path):
    import shutil
    import sys

    from conftest import no_pool_env

    work = tmp_path / "repo"
    work.mkdir()
    for name in ("mkdocs.yml", "docs", "hooks", "data"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, work / name)
        else:
            shutil.copy(src, work / name)
    card = work / "data/cards/hantei.yml"
    card.write_text(card.read_text(encoding="utf-8").replace("type: Personality", "type: Emperor"))
    result = subprocess.run(
        [str(Path(sys.executable).parent / "mkdocs"), "build", "--strict", "-d", str(tmp_path / "s")],
        cwd=work,
        capture_output=True,
        text=True,
        env=no_pool_env(),
    )
    assert result.returncode != 0
    assert re.search(r"data/cards/hantei\.yml:\d+:\d+: type: 'Emperor' is not one of", result.stdout + result.stderr)
    assert "Traceback" not in result.stdout + result.stderr


def test_every_format_overview_lists_the_same_topics_in_the_same_order(built_site, codex):
    orders = {}
    for f in codex.bundled_formats:
        html = (built_site / "formats" / f.id / "index.html").read_text(encoding="utf-8")
        table = html.split(f'id="{f.id}-topics"', 1)[1].split("</table>", 1)[0]
        orders[f.id] = re.findall(r"<tr>\s*<td>([^<]+)</td>", table)
    first = next(iter(orders.values()))
    assert len(first) > 10
    assert all(order == first for order in orders.values()), orders
    # Victory, deck construction and the changelog are where a reader expects them in both big formats.
    ne = (built_site / "formats/new-era/index.html").read_text(encoding="utf-8")
    assert 'href="victory/#ne-victory"' in ne
