"""The card search page as a player uses it, in Chromium, online and from the offline copy: the first click on a
result opens the card, every match can be reached (100 at a time, "Show more"), the query line reads a
Scryfall-like syntax combined with the form's filters, the search is kept in the address (a link to it reproduces
it, from file:// too), a term it cannot read says so in one line, the syntax is documented on the page, and axe
finds nothing serious.

The site is built with the synthetic card pool of tests/synthetic_pool.py (made-up cards). What the
search should find is worked out here from the page's own card table (assets/card-index.js: types, clans,
keywords, today's verdicts and first-printing years as the build computed them), independently of the page's
script, so the test checks the query language, not the data.
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote_plus, urljoin

import pytest
from playwright.sync_api import expect

from .conftest import guarded_page
from .synthetic import axe_serious, page, small_site, small_sites  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser
PAGE = 100


@pytest.fixture(scope="module")
def search_site(small_site):
    """(kind, URL of the card search page, the built folder)."""
    page = "cards/search/" if small_site.kind == "online" else "cards/search.html"
    return small_site.kind, small_site.root_url + page, small_site.directory


@pytest.fixture(scope="module")
def table(search_site) -> dict:
    """The page's card table, as the build wrote it."""
    text = (search_site[2] / "assets" / "card-index.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("=") + 1 :].rstrip().rstrip(";"))


def open_search(page, search_site, query: str | None = None):
    url = search_site[1] + (f"?find={quote_plus(query)}" if query is not None else "")
    page.goto(url, wait_until="load")
    page.wait_for_function("() => document.getElementById('l5r-count').textContent.length > 0")
    return page


def shown(page) -> list[str]:
    return page.eval_on_selector_all("#l5r-results a", "links => links.map(a => a.href)")


def total(page) -> int:
    match = re.match(r"(\d+) cards?", page.locator("#l5r-count").inner_text())
    assert match, page.locator("#l5r-count").inner_text()
    return int(match.group(1))


# -----------------------------------------------------------------------------------------------------------------
# The expected answers, from the card table alone
# -----------------------------------------------------------------------------------------------------------------


def fold(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower().replace("'", "").replace("’", "")).strip()


def expected(
    table: dict,
    base: str,
    *,
    types=(),
    clans=(),
    keywords=(),
    legal=(),
    not_legal=(),
    banned=(),
    year_below=None,
    title=None,
    not_types=(),
    words=(),
) -> list[str]:
    """The addresses (from the page at `base`) of the cards matching every condition, in the table's order."""
    status = table["status"]
    formats = [f[0] for f in table["formats"]]

    def verdict(card, fmt):
        return status[card[8][formats.index(fmt)]]

    out = []
    for card in table["cards"]:
        ctypes = {table["types"][t] for t in card[3]}
        cclans = {table["clans"][c] for c in card[4]}
        ckws = {table["keywords"][k] for k in card[6]}
        if any(t not in ctypes for t in types) or any(t in ctypes for t in not_types):
            continue
        if any(c not in cclans for c in clans) or any(k not in ckws for k in keywords):
            continue
        if any(verdict(card, f) != "legal" for f in legal):
            continue
        if any(verdict(card, f) not in ("banned", "not-legal", "not-a-deck-card") for f in not_legal):
            continue
        if any(verdict(card, f) != "banned" for f in banned):
            continue
        if year_below is not None and not (0 < card[9] < year_below):
            continue
        if title is not None and fold(card[0]) != fold(title):
            continue
        if any(not re.search(r"(^| )" + re.escape(w), fold(card[0] + " " + card[1])) for w in words):
            continue
        out.append(urljoin(base, table["root"] + card_url(table, card)))
    return out


def card_url(table: dict, card: list) -> str:
    """A row's page, as l5r/site/cardpage/cardsearch.py `_url_cell` keeps it short."""
    from l5r.site.rendering.searchindex import slug

    if not isinstance(card[2], str):
        return card[2][0]
    return table["url"][0] + (card[2] or slug(card[0] + (" " + card[1] if card[1] else ""))) + table["url"][1]


def all_results(page) -> list[str]:
    """Every result, pressing "Show more" until the list is complete."""
    more = page.locator("#l5r-more")
    while more.is_visible():
        before = len(shown(page))
        more.click()
        page.wait_for_function("n => document.querySelectorAll('#l5r-results a').length > n", arg=before)
    return shown(page)


# -----------------------------------------------------------------------------------------------------------------
# The tests
# -----------------------------------------------------------------------------------------------------------------


def test_first_click_on_a_result_opens_the_card(page, search_site, table):
    """Typing in the box, then clicking a result (the box loses focus on the way) opens that card at once."""
    open_search(page, search_site)
    page.locator("#l5r-q").click()
    page.keyboard.type("qvox crab")
    wanted = expected(table, search_site[1], words=["qvox", "crab"])
    page.wait_for_function(
        "() => [...document.querySelectorAll('#l5r-results a')].slice(0, 3)"
        ".every(a => a.textContent.startsWith('Qvox Crab'))"
    )
    link = page.locator("#l5r-results a").nth(2)
    href = link.evaluate("a => a.href")
    assert href in wanted
    with page.expect_navigation(timeout=5000):
        link.click()
    # Online the theme may load the card in place (instant navigation): wait for what the card page shows.
    expect(page.locator("h1").first).to_contain_text("Qvox Crab", timeout=10000)
    assert page.url == href


def test_every_match_can_be_reached_page_by_page(page, search_site, table):
    """No cap: 100 results at first, then 100 more per "Show more" until all are listed."""
    open_search(page, search_site)
    everything = expected(table, search_site[1])
    assert len(everything) > 2 * PAGE, "the pool should be larger than two pages"
    assert total(page) == len(everything)
    assert len(shown(page)) == PAGE
    assert page.locator("#l5r-more").is_visible()
    assert all_results(page) == everything
    assert not page.locator("#l5r-more").is_visible()


QUERIES = [
    ("t:personality c:crab", dict(types=["Personality"], clans=["Crab"])),
    (
        "t:personality c:crab k:duelist f:modern -f:oh",
        dict(
            types=["Personality"], clans=["Crab"], keywords=["Duelist"], legal=["modern"], not_legal=["obsidian-hand"]
        ),
    ),
    ("k:courtier year<2010", dict(keywords=["Courtier"], year_below=2010)),
    ("-t:personality c:lion f:oh", dict(not_types=["Personality"], clans=["Lion"], legal=["obsidian-hand"])),
    ("banned:oh", dict(banned=["obsidian-hand"])),
    ("unicorn item", dict(words=["unicorn", "item"])),
    ('"Qvox Crane Holding 021"', dict(title="Qvox Crane Holding 021")),
]


@pytest.fixture(scope="module")
def query_page(contexts, search_site):
    """One tab on the card search page for every query of QUERIES, each typed over the one before as a player
    searches again (a page load apiece cost more than the queries); a request off the machine or a script or
    console error fails the last of them, as `page` does."""
    with guarded_page(contexts, viewport={"width": 1280, "height": 900}) as tab:
        open_search(tab, search_site)
        yield tab


@pytest.mark.parametrize("query,conditions", QUERIES, ids=[q for q, _ in QUERIES])
def test_query_syntax_finds_what_it_says(query_page, search_site, table, query, conditions):
    page = query_page
    # The count is emptied first, so the wait below is for this query's count, not the last one's.
    page.evaluate("() => { document.getElementById('l5r-count').textContent = ''; }")
    page.locator("#l5r-q").fill(query)
    wanted = expected(table, search_site[1], **conditions)
    assert wanted, f"{query!r}: the synthetic pool should hold matches"
    page.wait_for_function(
        "n => document.getElementById('l5r-count').textContent.startsWith(n + ' card')", arg=len(wanted), timeout=5000
    )
    assert all_results(page) == wanted
    assert not page.locator("#l5r-query-error").is_visible()


def test_query_combines_with_the_form_and_is_kept_in_the_address(page, search_site, table):
    """The query line and the form's selects narrow each other; the address holds both, and opening that address
    (a shared link; from disk too) shows the same list."""
    open_search(page, search_site)
    page.locator("#l5r-q").fill("k:samurai year<2010")
    page.select_option("#l5r-type", label="Holding")
    page.select_option("#l5r-format", label="Modern")
    wanted = expected(table, search_site[1], keywords=["Samurai"], year_below=2010, types=["Holding"], legal=["modern"])
    assert wanted
    page.wait_for_function(
        "n => document.getElementById('l5r-count').textContent.startsWith(n + ' card')", arg=len(wanted)
    )
    assert all_results(page) == wanted
    address = page.evaluate("location.href")
    assert "find=k%3Asamurai+year%3C2010" in address and "type=Holding" in address and "legal=modern" in address
    assert "q=" not in address.replace("find=", ""), "Material opens its own search box for ?q="
    again = page.context.new_page()
    again.goto(address, wait_until="load")
    again.wait_for_function("() => document.getElementById('l5r-count').textContent.length > 0")
    assert again.locator("#l5r-q").input_value() == "k:samurai year<2010"
    assert all_results(again) == wanted


def test_a_term_it_cannot_read_says_so(page, search_site, table):
    open_search(page, search_site, "c:crab f:nowhere")
    error = page.locator("#l5r-query-error")
    assert error.is_visible()
    assert "nowhere" in error.inner_text()
    # No card rather than every card, or the cards of the rest of the query: the query as typed cannot be answered.
    assert page.locator("#l5r-results li").count() == 0


@pytest.mark.parametrize("written", ["3 Border Keep", "Border Keep x3", "2x: Border Keep", "Border Keep: 3"])
def test_a_card_pasted_from_a_decklist_with_its_count_finds_the_card_and_says_so(page, search_site, table, written):
    open_search(page, search_site, written)
    results = page.locator("#l5r-results li")
    assert results.count() >= 1 and "Border Keep" in results.first.inner_text()
    note = page.locator("#l5r-query-error")
    assert note.is_visible() and "count of copies" in note.inner_text()
    # a title that holds its own figure is found as typed, with no note (the fixture pool's "10 Koku")
    if any(row[0] == "10 Koku" for row in table["cards"]):
        open_search(page, search_site, "10 koku")
        assert "10 Koku" in page.locator("#l5r-results li").first.inner_text()
        assert not page.locator("#l5r-query-error").is_visible()


def test_the_syntax_is_documented_on_the_page(page, search_site, axe_source):
    open_search(page, search_site)
    text = page.locator("#l5r-query-help").inner_text()
    for term in ("t:", "c:", "k:", "o:", "e:", "f:", "force>=3", "year<2012", "OR", "sort:force"):
        assert term in text, f"the help line should name {term}: {text}"
    # The whole reference is a page of its own (tests/browser/test_card_search_syntax.py).
    assert page.locator("#l5r-query-help a", has_text="Search syntax").count() == 1
    serious = axe_serious(page, axe_source)
    assert not serious, serious


@pytest.mark.parametrize("param", ["find", "q"])
def test_a_shared_link_shows_the_cards_not_the_site_search_box(page, search_site, table, param):
    """A link to a search (?find=, or an older link's ?q=) shows the card list; Material's own search box, which
    opens by itself for ?q=, stays closed."""
    page.goto(search_site[1] + f"?{param}=" + quote_plus("c:crab"), wait_until="load")
    page.wait_for_function("() => document.getElementById('l5r-count').textContent.length > 0")
    page.wait_for_timeout(300)
    assert not page.evaluate("() => document.getElementById('__search').checked"), "Material's search box opened"
    assert page.locator("#l5r-q").input_value() == "c:crab"
    assert total(page) == len(expected(table, search_site[1], clans=["Crab"]))
    assert "find=c%3Acrab" in page.evaluate("location.href")


def test_a_format_whose_legality_cannot_be_checked_says_so(page, search_site, table):
    """New Era's collection is not in the pool: every verdict is "not-checked", so f:ne and -f:ne list no card, and
    the page says why instead of showing 0 cards without a word."""
    unchecked = [
        f
        for n, f in enumerate(table["formats"])
        if all(table["status"][c[8][n]] == "not-checked" for c in table["cards"])
    ]
    assert unchecked, "the synthetic pool should hold a format it cannot check (New Era)"
    fmt = unchecked[0]
    for query in (f"f:{fmt[0]}", f"-f:{fmt[0]}"):
        open_search(page, search_site, query)
        assert total(page) == 0
        assert "cannot be checked" in page.locator("#l5r-query-error").inner_text()
