"""The site search as a player uses it, in Chromium, online and from the offline copy: word forms find the rule
("dueling" finds the rules about duels), rules outrank the help pages and the pages that restate them ("how many
copies" puts OH's "No more than three copies" and Modern's Highlander first), Enter opens the first result (a card
whose title was typed, else the first rule), and snippets read as sentences (no "OH II.BThe document").

They run on the synthetic-pool site (tests/browser/synthetic.py): the rules index is the real one; the cards are
made up.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from test_search_words_apart import JOINED_ON_PURPOSE  # tests/test_search_words_apart.py

from .conftest import kept_tab_for_test, recorded_tab
from .synthetic import page, small_site, small_sites, title  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser


def search(page, query: str):
    box = page.locator(".md-search__input")
    box.click()
    page.wait_for_function(
        """() => { const meta = document.querySelector('.md-search-result__meta');
        return meta && !/initializing/i.test(meta.textContent); }""",
        timeout=20000,
    )
    # The tab may show an earlier query's results: the box is emptied (so the query is new to Material even when
    # it is the one shown), and those results and their card list go, so the waits below are for this query's.
    box.fill("")
    box.press("End")
    page.evaluate("""() => {
        document.querySelectorAll('.md-search-result__item').forEach(item => item.remove());
        document.querySelector('.md-search-result__meta').textContent = '';
        const cards = document.querySelector('.l5r-card-hits');
        if (cards) cards.removeAttribute('data-query');
    }""")
    box.fill(query)
    box.press("End")
    page.wait_for_function(
        """() => document.querySelectorAll('.md-search-result__item').length > 0
        || /no matching/i.test(document.querySelector('.md-search-result__meta').textContent)""",
        timeout=15000,
    )
    # The card list and the format labels follow Material's results: the labels as soon as the card index is
    # loaded (assets/codex-search.js labels each list Material draws), the card list when it names this query.
    page.wait_for_function(
        "q => { const cards = document.querySelector('.l5r-card-hits');"
        " return cards && cards.getAttribute('data-query') === q; }",
        arg=query,
        timeout=15000,
    )


@pytest.fixture(scope="module")
def searching_tab(contexts, small_site):
    """One tab at 1280 px on the home page for every test that searches from it, each query typed over the one
    before as a player searches again (each test's page load and search index cost more than its query)."""
    with recorded_tab(contexts, small_site) as state:
        state.page.goto(small_site.url("index.md"), wait_until="load")
        yield state


@pytest.fixture
def search_page(searching_tab, request):
    """The shared tab for this test alone: a request off the machine, a script error or a console error while it
    ran fails it, as `page` does."""
    with kept_tab_for_test(searching_tab, request) as state:
        yield state.page


def results(page) -> list[dict]:
    """Material's result groups in order: each group's links (path#fragment) and its text as a reader sees it."""
    return page.eval_on_selector_all(
        ".md-search-result__list > .md-search-result__item",
        """items => items.map(i => ({
        links: [...i.querySelectorAll('a.md-search-result__link')].map(a => {
            const u = new URL(a.href); return u.pathname + u.hash; }),
        text: i.innerText}))""",
    )


def page_path(site, uri: str) -> str:
    return urlsplit(site.url(uri)).path


def test_a_word_form_finds_the_rules_about_it(search_page, small_site):
    """ "dueling": no page has that word, but the rules about duels are found (Material's English search has no
    stemmer; the query's stem is searched beside it)."""
    page = search_page
    search(page, "dueling")
    found = results(page)
    rules = [link for item in found for link in item["links"] if "/formats/" in link]
    assert rules, f"'dueling' should find rules: {found}"
    assert any("duel" in item["text"].lower() for item in found[:3])
    # Not "Missing: dueling" under results that have "duel": that form was searched.
    assert not any("dueling" in item["text"].lower() for item in found), found


def test_rules_outrank_help_pages_for_how_many_copies(search_page, small_site, plan):
    page = search_page
    search(page, "how many copies")
    found = results(page)
    # OH's copy limit first; Modern's Highlander among the first three (OH's maximum hand size, about how many
    # cards a player keeps, may come between them); every help page after all of them.
    first_three = [urlsplit(item["links"][0]).path for item in found[:3]]
    assert first_three[0] == page_path(small_site, plan.anchors["oh-ii-f-deck-restrictions"][0]), first_three
    assert page_path(small_site, plan.anchors["mod-highlander"][0]) in first_three, first_three
    texts = " ".join(item["text"] for item in found[:3])
    assert "No more than three copies" in texts and "Only 1 copy per card" in texts
    help_pages = {page_path(small_site, p) for p in ("deck-check.md", "api.md", "architecture.md", "limits.md")}
    first = [urlsplit(item["links"][0]).path for item in found[:4]]
    assert not help_pages.intersection(first), f"help pages should come after the rules: {first}"


def test_enter_opens_the_card_whose_title_was_typed(page, small_site):
    """Typed and Enter at once, before any list is shown: the card's page opens."""
    page.goto(small_site.url("index.md"), wait_until="load")
    box = page.locator(".md-search__input")
    box.click()
    box.fill(title(7))
    with page.expect_navigation():
        box.press("Enter")
    assert page.locator("h1").inner_text().strip() == title(7)


def test_enter_opens_the_first_rule(page, small_site, plan):
    page.goto(small_site.url("index.md"), wait_until="load")
    box = page.locator(".md-search__input")
    box.click()
    box.fill("maximum hand size")
    with page.expect_navigation():
        box.press("Enter")
    assert urlsplit(page.url).path == page_path(small_site, plan.anchors["oh-ii-c"][0])


def test_snippets_read_as_sentences(search_page, small_site):
    page = search_page
    search(page, "OH II.B")
    text = results(page)[0]["text"]
    assert "OH II.B" in text
    # The provenance line's parts were run together in the index ("Defines OH II.BThe document: …").
    assert "II.BThe" not in text, text


# Words a page writes joined on purpose: JOINED_ON_PURPOSE (a set acronym, a program's name, a deck page's example),
# the one list the built site's index is checked against too; any other lower-case letter, full stop or closing
# bracket directly followed by a capital is two pieces of the page run together in the index.


@pytest.mark.parametrize("query", ["how many copies", "tactician", "enlightened"])
def test_snippets_of_examples_and_comparisons_keep_their_words_apart(search_page, small_site, query):
    """A verified example's badge and format ("✓ Verified by the test suiteObsidian Hand"), a comparison's row
    header and cells ("RelationRestates", "EntriesOH …"), lines split by a line break ("Not coveredBuilds on")."""
    import re

    page = search_page
    search(page, query)
    # Material lists a page's further sections behind "N more on this page": open them all.
    for more in page.locator(".md-search-result__more > summary").all():
        more.click()
    # The words of each result as a reader sees them, without the format badge the site puts before its title
    # (set apart by its margin, not by a space); a citation chip (code, on its own background) is apart from
    # the text after it however Material joins them.
    text = page.eval_on_selector_all(
        ".md-search-result__article",
        """articles => articles.map(a => {
        const copy = a.cloneNode(true);
        copy.querySelectorAll('.l5r-result-format').forEach(b => b.remove());
        copy.querySelectorAll('code').forEach(c => c.after(' '));
        document.body.appendChild(copy);
        const words = copy.innerText;
        copy.remove();
        return words; }).join('\\n')""",
    )
    joined = sorted({m.group(0) for m in re.finditer(r"[\w’']*[a-z.)][A-Z][\w’']*", text)} - JOINED_ON_PURPOSE)
    joined = [w for w in joined if not re.fullmatch(r"[IVX\d]+\.[A-Z][\w.]*", w)]  # "II.B", "3.C": numbering
    assert not joined, joined


@pytest.mark.realpool
def test_enter_after_a_pool_card_title_opens_that_card(tab):
    """On the site built with the real pool: "Kakita Ibara" then Enter opens Kakita Ibara's page (it stayed on
    the page the search was typed on)."""
    from .conftest import Target

    tab.open(Target("index.md"))
    box = tab.page.locator(".md-search__input")
    box.click()
    box.fill("Kakita Ibara")
    with tab.page.expect_navigation(timeout=10000):
        box.press("Enter")
    assert tab.page.locator("h1").inner_text().strip() == "Kakita Ibara"


@pytest.mark.realpool
@pytest.mark.parametrize(
    "typed, title",
    [
        ("The Famous Bazaar", "Famous Bazaar"),  # an article the title lacks
        ("chasing osanowo", "Chasing Osano-Wo"),  # a hyphen's words joined
        ("famuos bazaar", "Famous Bazaar"),  # two neighbouring letters swapped
        ("ambushes", "Ambush"),  # a plural
    ],
)
def test_enter_after_a_title_typed_as_players_type_it_opens_that_card(tab, typed, title):
    """The header's search reads a typed title as the card search does (assets/title-match.js): its list of cards
    shows the card first, and Enter opens it."""
    from .conftest import Target

    tab.open(Target("index.md"))
    box = tab.page.locator(".md-search__input")
    box.click()
    box.fill(typed)
    first = tab.page.locator(".l5r-card-hit__title").first
    first.wait_for(timeout=10000)  # (as a player sees the list before pressing Enter)
    assert first.inner_text().strip() == title
    with tab.page.expect_navigation(timeout=10000):
        box.press("Enter")
    assert tab.page.locator("h1").inner_text().strip() == title
