"""The card search's query language as a Scryfall user types it, in Chromium, online and from the offline copy (the
synthetic pool of tests/synthetic_pool.py), what the page shows at 1280 and 390 px, which cards a query lists at
1280 only (the page's script reads no width): card text (o:), sets (e:), stats compared with
= < > <= >=, OR and parentheses, sort: and the form's Sort; a term it cannot read lists no card and is marked in
place; paging and order are kept in the address and Back from a card returns to the list as long as it was and
where it was; the Clan and Type lists are sorted, with clans apart from clan keywords; the syntax reference page's
examples run; the home page's box opens the card whose title is typed, as the header's box does.

The expected lists are worked out here from the page's own data (assets/card-index.js, assets/card-text.js), as
tests/browser/test_card_search.py does, not from the page's script.
"""

from __future__ import annotations

import json
import operator
import re
from urllib.parse import quote_plus, urljoin

import pytest
from playwright.sync_api import expect

from .conftest import guarded_page
from .synthetic import axe_serious, page, small_site, small_sites  # noqa: F401 - fixtures
from .test_card_search import card_url, fold, open_search, search_site, table, total  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser
WIDTHS = [1280, 390]


@pytest.fixture(scope="module")
def texts(search_site) -> list[str]:
    text = (search_site[2] / "assets" / "card-text.js").read_text(encoding="utf-8")
    found: list[str] = json.loads(text[text.index("=") + 1 :].rstrip().rstrip(";"))
    return found


OPS = {
    ":": operator.eq,
    "=": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def stat(table: dict, card: list, name: str) -> int | None:
    printed = (card[11].split(",") + [""] * 7)[table["stats"].index(name)]
    match = re.fullmatch(r"\s*([+-]?\d+)\s*", printed)
    return int(match.group(1)) if match else None


def matching(
    table: dict,
    texts: list[str],
    base: str,
    *,
    any_of=(),
    text=(),
    sets=(),
    stats=(),
    types=(),
    not_types=(),
    order=None,
    desc=False,
) -> list[str]:
    """The addresses of the cards for which every condition holds: `any_of` a list of (column, name) of which one
    holds ("clans", "Crab"), `text` words starting words of the card's text, `sets` set names, `stats` (name, op,
    number); ordered by the stat `order` (cards without it last), else the table's order."""
    out = []
    for n, card in enumerate(table["cards"]):
        names = {"types": {table["types"][t] for t in card[3]}, "clans": {table["clans"][c] for c in card[4]}}
        if any_of and not any(name in names[column] for column, name in any_of):
            continue
        if any(t not in names["types"] for t in types) or any(t in names["types"] for t in not_types):
            continue
        if any(f" {fold(w)}" not in " " + fold(texts[n]) for w in text):
            continue
        if sets and not any(table["sets"][s] in sets for s in card[10]):
            continue
        values = [stat(table, card, name) for name, _, _ in stats]
        if any(v is None or not OPS[op](v, number) for v, (_, op, number) in zip(values, stats)):
            continue
        out.append((n, card))
    if order:
        have = [x for x in out if stat(table, x[1], order) is not None]
        have.sort(key=lambda x: (-stat(table, x[1], order) if desc else stat(table, x[1], order), x[0]))
        out = have + [x for x in out if stat(table, x[1], order) is None]
    return [urljoin(base, table["root"] + card_url(table, card)) for _, card in out]


def every_result(page) -> list[str]:
    more = page.locator("#l5r-more")
    while more.is_visible():
        before = page.locator("#l5r-results a").count()
        more.click()
        page.wait_for_function("n => document.querySelectorAll('#l5r-results a').length > n", arg=before)
    return page.eval_on_selector_all("#l5r-results a", "links => links.map(a => a.href)")


def type_query(page, query: str) -> None:
    """Select what the box holds and type the query over it, key by key, as a person does."""
    page.evaluate("() => { document.getElementById('l5r-count').textContent = ''; }")
    box = page.locator("#l5r-q")
    box.click()
    box.press("Control+A")
    box.press_sequentially(query)
    page.wait_for_function(
        "() => document.getElementById('l5r-count').textContent.length > 0 &&"
        " !document.getElementById('l5r-count').textContent.startsWith('Loading')"
    )


QUERIES = [
    ("o:fear", dict(text=["fear"])),
    ('o:"bow a target" t:strategy', dict(text=["bow a target"], types=["Strategy"])),
    ("e:samurai", dict(sets=["Samurai Edition"])),
    ('set:"a line"', dict(sets=["A Line in the Sand"])),
    ("force>=5", dict(stats=[("force", ">=", 5)])),
    (
        "t:personality force<2 ph>=2",
        dict(types=["Personality"], stats=[("force", "<", 2), ("personal_honor", ">=", 2)]),
    ),
    ("t:item force=2", dict(types=["Item"], stats=[("force", "=", 2)])),
    ("cost<=1 -t:item", dict(not_types=["Item"], stats=[("gold_cost", "<=", 1)])),
    ("hr>7", dict(stats=[("honor_requirement", ">", 7)])),
    ("focus!=3 t:strategy", dict(types=["Strategy"], stats=[("focus", "!=", 3)])),
    ("c:lion OR c:unicorn", dict(any_of=[("clans", "Lion"), ("clans", "Unicorn")])),
    (
        "t:holding (c:crab OR c:crane) cost>3",
        dict(types=["Holding"], any_of=[("clans", "Crab"), ("clans", "Crane")], stats=[("gold_cost", ">", 3)]),
    ),
    ("t:personality sort:force dir:desc", dict(types=["Personality"], order="force", desc=True)),
    ("order:chi t:personality", dict(types=["Personality"], order="chi")),
]


def test_scryfall_terms_find_what_the_reference_says(contexts, search_site, table, texts):
    """Each query typed over the last in one tab; the list (every page of it) is the expected one, in the expected
    order, and no error shows. At one width: which cards a query lists cannot depend on it (the page's script reads
    no width); the page's layout at both widths is the other tests' (the error under the box, Show more and Back,
    the home and header boxes)."""
    with guarded_page(contexts, viewport={"width": 1280, "height": 800}) as tab:
        open_search(tab, search_site)
        for query, conditions in QUERIES:
            type_query(tab, query)
            wanted = matching(table, texts, search_site[1], **conditions)
            assert wanted, f"{query!r}: the synthetic pool should hold matches"
            assert total(tab) == len(wanted), (query, tab.locator("#l5r-count").inner_text())
            assert every_result(tab) == wanted, query
            assert not tab.locator("#l5r-query-error").is_visible(), query


BAD = [
    ("foo:bar", "foo:"),
    ("c:crab f:nowhere", "f:nowhere"),
    ("force>high", "force>high"),
    ("(c:crab", "("),
    ('o:"bow', '"bow'),
    ("c:crab OR", "OR"),
    ("e:atlantis", "e:atlantis"),
]


@pytest.mark.parametrize("width", WIDTHS)
def test_a_term_it_cannot_read_is_marked_in_place_and_lists_no_card(contexts, search_site, width):
    with guarded_page(contexts, viewport={"width": width, "height": 844 if width < 600 else 800}) as tab:
        open_search(tab, search_site)
        for query, marked in BAD:
            type_query(tab, query)
            error = tab.locator("#l5r-query-error")
            assert error.is_visible(), query
            assert error.locator("mark").inner_text() == marked, (query, error.inner_text())
            assert tab.locator("#l5r-results li").count() == 0, f"{query!r} listed cards"
            assert "No card listed" in tab.locator("#l5r-count").inner_text()
            assert tab.locator("#l5r-q").get_attribute("aria-invalid") == "true"
            # Under the box, in view: the reader sees it where they type.
            box = tab.locator("#l5r-q").bounding_box()
            where = error.bounding_box()
            assert (
                box
                and where
                and 0 <= where["y"] - (box["y"] + box["height"]) < 40
                and where["y"] < tab.viewport_size["height"]
            )
        # A query it can read again lists cards again.
        type_query(tab, "c:crab")
        assert total(tab) > 0 and not tab.locator("#l5r-query-error").is_visible()


@pytest.mark.parametrize("width", WIDTHS)
def test_paging_and_order_are_in_the_address_and_back_restores_them(contexts, search_site, table, texts, width):
    """Three pages shown, sorted by the form, scrolled to result 251, a click on it, then Back: 300 results again,
    in that order, and result 251 where it was."""
    height = 844 if width < 600 else 800
    with guarded_page(contexts, viewport={"width": width, "height": height}) as tab:
        open_search(tab, search_site)
        tab.select_option("#l5r-sort", label="gold cost")
        tab.select_option("#l5r-dir", label="descending")
        for _ in range(2):
            before = tab.locator("#l5r-results a").count()
            tab.locator("#l5r-more").click()
            tab.wait_for_function("n => document.querySelectorAll('#l5r-results a').length > n", arg=before)
        links = tab.eval_on_selector_all("#l5r-results a", "links => links.map(a => a.href)")
        everything = matching(table, texts, search_site[1], order="gold_cost", desc=True)
        assert len(links) == min(300, len(everything)) and links == everything[: len(links)]
        address = tab.evaluate("location.href")
        assert "sort=gold_cost" in address and "dir=desc" in address and f"shown={len(links)}" in address
        target = tab.locator("#l5r-results a").nth(250)
        target.scroll_into_view_if_needed()
        # The scroll position is saved in the history entry a moment after scrolling stops: wait for it.
        tab.wait_for_function("() => history.state && history.state.l5rScroll === window.scrollY && scrollY > 0")
        y_before = target.evaluate("a => a.getBoundingClientRect().top")
        href = target.evaluate("a => a.href")
        with tab.expect_navigation():
            target.click()
        tab.go_back(wait_until="load")
        tab.wait_for_function("() => document.querySelectorAll('#l5r-results a').length > 0")
        tab.wait_for_timeout(200)
        assert tab.locator("#l5r-results a").count() == len(links)
        again = tab.locator("#l5r-results a").nth(250)
        assert again.evaluate("a => a.href") == href
        assert abs(again.evaluate("a => a.getBoundingClientRect().top") - y_before) < 60
        assert tab.locator("#l5r-sort").input_value() == "gold_cost"


def test_clan_and_type_lists_are_sorted_and_hold_clans_not_clan_keywords(page, search_site, table):
    open_search(page, search_site)
    for select in ("#l5r-clan", "#l5r-type", "#l5r-deck"):
        names = page.eval_on_selector_all(select + " option", "os => os.slice(1).map(o => o.textContent)")
        assert names == sorted(names, key=str.lower) and names, (select, names)
    clans = page.eval_on_selector_all("#l5r-clan option", "os => os.map(o => o.textContent)")
    assert not [c for c in clans if c.endswith(" Clan") and c[:-5] in clans], clans
    assert "Crab" in clans
    # Qvox Twin, whose clan the pool writes as "Crab Clan", is a Crab card, as its experienced version is.
    open_search(page, search_site, '"Qvox Twin" c:crab')
    assert total(page) == 2


@pytest.mark.parametrize("width", WIDTHS)
def test_the_syntax_reference_page_is_linked_and_reads_at_each_width(
    contexts, small_site, search_site, axe_source, width
):
    """The card search page links the reference; the reference has its examples, no serious axe-core violation and
    no sideways scrolling."""
    with guarded_page(contexts, viewport={"width": width, "height": 844 if width < 600 else 800}) as tab:
        syntax = small_site.url("cards/syntax.md")
        tab.goto(search_site[1], wait_until="load")
        link = tab.locator("#l5r-query-help a", has_text="Search syntax")
        assert link.evaluate("a => a.href") == syntax
        tab.goto(syntax, wait_until="load")
        assert tab.locator("h1").first.inner_text().startswith("Card search syntax")
        assert len(tab.eval_on_selector_all("article table a", "as => as.map(a => a.href)")) >= 15
        assert not axe_serious(tab, axe_source)
        width_ok = tab.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        assert width_ok, "the syntax page scrolls sideways"


def test_the_syntax_reference_page_examples_run(contexts, small_site):
    """Every example of the reference, opened from its link, lists cards without a query error. At one width:
    whether the page can read a query cannot depend on it (the page's script reads no width)."""
    with guarded_page(contexts, viewport={"width": 1280, "height": 800}) as tab:
        tab.goto(small_site.url("cards/syntax.md"), wait_until="load")
        examples = tab.eval_on_selector_all("article table a", "as => as.map(a => a.href)")
        assert len(examples) >= 15
        for href in examples:
            tab.goto(href, wait_until="load")
            tab.wait_for_function(
                "() => document.getElementById('l5r-count').textContent.length > 0 &&"
                " !document.getElementById('l5r-count').textContent.startsWith('Loading')"
            )
            assert not tab.locator("#l5r-query-error").is_visible(), (
                href,
                tab.locator("#l5r-query-error").inner_text(),
            )


def _open_from_header(tab, query: str) -> None:
    if tab.viewport_size["width"] < 600:
        tab.locator("label.md-header__button[for=__search]").click()
    box = tab.locator(".md-search__input")
    box.click()
    box.press_sequentially(query)
    with tab.expect_navigation():
        box.press("Enter")


@pytest.mark.parametrize("width", WIDTHS)
def test_home_box_and_header_box_open_the_same_card_for_its_title(contexts, small_site, search_site, table, width):
    """ "Qvox Twin" + Enter: both boxes open Qvox Twin's page, though "Qvox Twin • Experienced" also matches the
    words; words that are no card's whole title list the cards (home box) as before."""
    with guarded_page(contexts, viewport={"width": width, "height": 844 if width < 600 else 800}) as tab:
        twin = [c for c in table["cards"] if c[0] == "Qvox Twin" and not c[1]]
        assert len(twin) == 1 and len([c for c in table["cards"] if c[0] == "Qvox Twin"]) == 2
        wanted = urljoin(search_site[1], table["root"] + card_url(table, twin[0]))
        landed = []
        for box in ("home", "header"):
            tab.goto(small_site.url("index.md"), wait_until="load")
            if box == "home":
                home = tab.locator("#l5r-home-q")
                home.click()
                home.press_sequentially("qvox twin")
                with tab.expect_navigation():
                    home.press("Enter")
            else:
                _open_from_header(tab, "qvox twin")
            expect(tab.locator("h1").first).to_contain_text("Qvox Twin", timeout=10000)
            tab.wait_for_url(re.compile(re.escape(wanted)), timeout=10000)
            landed.append(tab.url)
        assert landed == [wanted, wanted]
        # Not a whole title: the list.
        tab.goto(small_site.url("index.md"), wait_until="load")
        tab.locator("#l5r-home-q").fill("Qvox Crane")
        with tab.expect_navigation():
            tab.press("#l5r-home-q", "Enter")
        tab.wait_for_function(
            "() => document.getElementById('l5r-count') && document.getElementById('l5r-count').textContent"
        )
        assert tab.locator("#l5r-results a").count() > 1


def test_text_is_loaded_only_when_a_query_asks_for_it(page, search_site):
    """The card texts (assets/card-text.js) are not loaded with the page; o: loads them once."""
    loaded: list[str] = []
    page.on("request", lambda r: loaded.append(r.url) if "card-text.js" in r.url else None)
    open_search(page, search_site, "c:crab")
    assert not loaded
    type_query(page, "o:fear")
    assert len(loaded) == 1 and total(page) > 0
    type_query(page, "o:honor")
    assert len(loaded) == 1


def test_query_in_the_address_reproduces_the_list(page, search_site, table, texts):
    query = "t:personality (c:crab OR c:lion) force>=3 sort:force"
    open_search(page, search_site, query)
    wanted = matching(
        table,
        texts,
        search_site[1],
        types=["Personality"],
        any_of=[("clans", "Crab"), ("clans", "Lion")],
        stats=[("force", ">=", 3)],
        order="force",
    )
    assert every_result(page) == wanted
    assert f"find={quote_plus(query)}" in page.evaluate("location.href")
