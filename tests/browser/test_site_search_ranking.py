"""The header's search as a player types in it, at 1280 and 390 px, online and from the offline copy (the synthetic
pool site): a word of the rules opens at the glossary entry that explains it, not at one of its parts ("dueling":
NE Duels, not "Step 3: Resolve the Duel"); a word with no glossary entry opens at the rule that states it
("unique": OH II.F's "Only one copy of each Unique card"); a card's title lists the card, and no rules page that
holds only some of its words after it.
"""

from __future__ import annotations

import pytest

from .conftest import kept_tab_for_test, recorded_tab
from .synthetic import page, small_site, small_sites  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser
WIDTHS = [1280, 390]


def search(tab, query: str) -> None:
    """Open the header's search (the magnifier on a phone), type the query key by key, wait for the results."""
    if tab.viewport_size["width"] < 960 and not tab.evaluate("document.getElementById('__search').checked"):
        tab.locator("label.md-header__button[for=__search]").click()
    box = tab.locator(".md-search__input")
    box.click()
    tab.wait_for_function(
        "() => { const m = document.querySelector('.md-search-result__meta');"
        " return m && !/initializing/i.test(m.textContent); }",
        timeout=20000,
    )
    box.press("Control+A")
    box.press("Backspace")
    box.press_sequentially(query, delay=20)
    tab.wait_for_function(
        "q => document.querySelector('.md-search-result__list > .md-search-result__item') &&"
        " document.querySelector('.l5r-card-hits') &&"
        " document.querySelector('.l5r-card-hits').getAttribute('data-query') === q",
        arg=query,
        timeout=15000,
    )
    tab.wait_for_timeout(300)


def visible_items(tab) -> list[dict]:
    return tab.eval_on_selector_all(
        ".md-search-result__list > .md-search-result__item",
        """items => items
        .filter(item => !item.hidden && item.offsetParent !== null)
        .map(item => ({links: [...item.querySelectorAll('a.md-search-result__link')].map(a => a.href),
                       marks: [...item.querySelectorAll('mark')].map(m => m.textContent.toLowerCase()),
                       text: item.textContent}))""",
    )


@pytest.fixture(scope="module", params=WIDTHS)
def search_tab(contexts, small_site, request):
    """One tab at each width on the home page for every test, each query typed over the one before as a player
    searches again (each test's page load and search index cost more than its queries)."""
    width = request.param
    viewport = {"width": width, "height": 844 if width < 600 else 800}
    with recorded_tab(contexts, small_site, viewport) as state:
        state.page.goto(small_site.url("index.md"), wait_until="load")
        yield state


@pytest.fixture
def tab(search_tab, request):
    """The shared tab for this test alone: a request off the machine, a script error or a console error while it
    ran fails it."""
    with kept_tab_for_test(search_tab, request) as state:
        yield state.page


def test_a_rules_word_opens_at_its_glossary_entry_not_a_part_of_it(tab):
    for query in ("dueling", "duel"):
        search(tab, query)
        first = visible_items(tab)[0]
        # The page's own link, then its best section: the Duels entry itself.
        assert first["links"][1].endswith("#ne-kw-duels"), (query, first["links"][:3])


def test_a_word_without_an_entry_opens_at_the_rule_that_states_it(tab):
    search(tab, "unique")
    first = visible_items(tab)[0]
    assert "Only one copy of each Unique card" in first["text"], first["text"][:300]


def test_a_card_title_lists_the_card_and_no_page_with_only_some_of_its_words(tab):
    """Hida Yakamo (a card the documents name): the cards first; the rules pages that mention only Hida (Hida
    Kisada's examples) are left out, and the list says how many."""
    search(tab, "hida yakamo")
    hits = tab.eval_on_selector_all(".l5r-card-hit__title", "ts => ts.map(t => t.textContent)")
    assert hits and all(t.startswith("Hida Yakamo") for t in hits), hits
    items = visible_items(tab)
    partial = [i["links"][0] for i in items if not any(m.startswith("yakamo") for m in i["marks"])]
    assert not partial, f"pages with only some of the words: {partial}"
    note = tab.locator(".l5r-card-hits__noise")
    assert note.is_visible() and "only some of these words" in note.inner_text()
    # A query that is no card's title keeps every page Material found.
    search(tab, "hida honor")
    assert tab.locator(".md-search-result__list > .md-search-result__item[hidden]").count() == 0
