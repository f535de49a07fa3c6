"""Search, in a real browser, online and from the offline copy: by words, by citation id, by keyword, by card
title; every result says which format it belongs to."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from .conftest import Target, checked_tab, recorded_tab

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def search_tab(contexts, site):
    """One tab per site for every search of this file, each typed over the one before as a player searches again
    (a page load and the search index's start in its worker cost more than a search)."""
    with recorded_tab(contexts, site) as state:
        yield state


@pytest.fixture
def tab(search_tab, request):
    """The shared tab, answering for this test alone: what it asked the network for and what the console said
    since the test began; a screenshot if it fails."""
    for seen in (search_tab.requests, search_tab.blocked, search_tab.console_errors):
        seen.clear()
    with checked_tab(search_tab, request):
        yield search_tab


def at(tab, target: Target):
    """`tab` on the page of `target`: opened unless the tab is there already (its search index started)."""
    if tab.page.url != tab.site.url(target.uri, target.anchor):
        tab.open(target)


def result_items(page) -> list[dict]:
    """Material's result groups, in order: each with its links (href) and the labels shown on it."""
    return page.eval_on_selector_all(
        ".md-search-result__list > .md-search-result__item",
        """items => items.map(item => ({
        links: [...item.querySelectorAll('a.md-search-result__link')].map(a => a.href),
        tags: [...item.querySelectorAll('.md-tag')].map(t => t.textContent.trim()),
        formats: [...item.querySelectorAll('a.md-search-result__link')].map(a => {
            const badge = a.querySelector('.l5r-result-format');
            return badge ? badge.textContent.trim() : null;
        }),
        text: item.textContent,
    }))""",
    )


def page_of(href: str) -> str:
    return urlsplit(href).path


def fragment_of(href: str) -> str:
    return urlsplit(href).fragment


def wait_for_labels(page):
    page.wait_for_function(
        """() => [...document.querySelectorAll('.md-search-result__link')]
        .every(a => a.querySelector('.l5r-result-format'))""",
        timeout=10000,
    )


def test_words_find_the_rule(tab, plan):
    at(tab, Target("index.md"))
    tab.search("maximum hand size")
    wanted = page_of(tab.site.url(plan.anchors["oh-ii-c"][0]))
    items = result_items(tab.page)
    pages = [page_of(link) for item in items[:3] for link in item["links"]]
    assert wanted in pages, f"'maximum hand size' should find OH II.C ({wanted}) in the first results: {pages}"


@pytest.mark.parametrize("record_id", ["ne-4-3-c", "oh-ii-b"])
def test_citation_id_finds_its_rule_first(tab, codex, plan, record_id):
    record = codex.records[record_id]
    at(tab, Target("index.md"))
    tab.search(record.citation)  # "NE 4.3.C", "OH II.B"
    top = result_items(tab.page)[0]
    uri, anchor = plan.anchors[record_id]
    wanted = page_of(tab.site.url(uri))
    assert any(page_of(link) == wanted for link in top["links"]), (
        f"{record.citation!r}: the first result should be {wanted}, got {top['links']}"
    )
    assert record.citation in top["tags"], f"{record.citation!r}: the first result should show that citation: {top}"


def test_keyword_finds_its_glossary_entry(tab, codex, plan):
    keyword = codex.records["ne-kw-tactician"]
    at(tab, Target("index.md"))
    tab.search(keyword.term)
    items = result_items(tab.page)
    uri, anchor = plan.anchors[keyword.id]
    wanted = tab.site.url(uri, anchor)
    links = [link for item in items[:2] for link in item["links"]]
    assert any(page_of(link) == page_of(wanted) and fragment_of(link) == anchor for link in links), (
        f"{keyword.term!r} should find {wanted} in the first results: {links}"
    )


def test_card_title_finds_the_card(tab, codex, plan):
    card = codex.cards["bayushi-tangen"]
    at(tab, Target(plan.anchors["oh-ii-b"][0]))
    tab.search(card.title)
    hits = tab.card_hits(card.title)
    assert [h["title"] for h in hits] == [card.title], f"exactly one card is titled {card.title!r}: {hits}"
    assert hits[0]["label"] == "Card" and card.type in hits[0]["facts"], hits
    tab.page.locator(".l5r-card-hit__link").first.click()
    tab.page.wait_for_load_state("load")
    assert page_of(tab.page.url) == page_of(tab.site.url(plan.anchors[card.id][0]))
    assert tab.page.locator("h1").first.inner_text().strip().startswith(card.title)


def test_same_title_cards_are_told_apart(tab, codex):
    kisadas = [c for c in codex.cards.values() if c.name == "Hida Kisada" and not c.experience]
    assert len(kisadas) >= 2, "the data has two distinct cards titled Hida Kisada"
    at(tab, Target("index.md"))
    tab.search("Hida Kisada")
    hits = tab.card_hits("Hida Kisada")
    # each by its own name, as its page gives it ("Hida Kisada (Imperial)", "Hida Kisada (Emperor)")
    assert len({c.title for c in kisadas}) == len(kisadas), [c.title for c in kisadas]
    same = [h for h in hits if h["title"] in {c.title for c in kisadas}]
    assert len(same) == len(kisadas), f"every card titled Hida Kisada should be listed: {hits}"
    assert len({h["facts"] for h in same}) == len(same), f"same-title cards must differ in what is shown: {same}"
    assert len({h["href"] for h in same}) == len(same), f"each must link to its own page: {same}"


def test_every_result_shows_its_format(tab, codex):
    at(tab, Target("index.md"))
    tab.search("honor")
    wait_for_labels(tab.page)
    items = result_items(tab.page)
    assert len(items) >= 3
    by_dir = {f.id: f for f in codex.formats.values()}
    for item in items:
        for link, label in zip(item["links"], item["formats"]):
            path = page_of(link)
            root = page_of(tab.site.root_url)
            rel = path[len(root) :]
            if rel.startswith("formats/") and rel.split("/")[1].split(".")[0] in by_dir:
                fmt = by_dir[rel.split("/")[1].split(".")[0]]
                assert label == fmt.short_name, f"{link}: labelled {label!r}, expected {fmt.short_name!r}"
                assert item["tags"] and all(t.split(" ")[0] == fmt.citation_prefix for t in item["tags"]), (
                    f"{link}: citation tags should carry the prefix {fmt.citation_prefix}: {item['tags']}"
                )
            else:
                assert label, f"{link} has no label"


def _search_worker(page) -> dict | None:
    """What the Codex's prelude to Material's search worker saw (l5r/site/search-worker-prelude.js), or None without
    it: online the worker is a Worker; in the offline copy the iframe-worker shim runs it in a hidden frame."""
    script = "() => self.__l5rSearch && {...self.__l5rSearch}"
    if page.workers:
        return page.workers[0].evaluate(script)
    return page.evaluate("""() => { const seen = [...document.querySelectorAll('iframe')]
        .map(frame => frame.contentWindow && frame.contentWindow.__l5rSearch).filter(Boolean);
        return seen.length ? {...seen[0]} : null; }""")


def _worker_state(page, ready) -> dict:
    """The worker's state once `ready(state)` holds (within 10 s)."""
    seen = None
    for _ in range(200):
        seen = _search_worker(page)
        if seen and ready(seen):
            return seen
        page.wait_for_timeout(50)
    raise AssertionError(f"the search worker never got there: {seen}")


def test_a_page_builds_its_search_index_when_the_reader_goes_to_search_not_when_it_opens(tab):
    """Material hands its worker the whole index (online as each page opens; in the offline copy when the search box
    is first opened) and the worker built the index at once. The Codex's worker keeps it until the reader puts the
    cursor in the search box (docs/assets/search-on-focus.js), or else until the first query."""
    tab.open(Target("index.md"))
    page = tab.page
    if page.workers:  # online: the index is handed over as the page opens, with the empty query
        handed = _worker_state(page, lambda seen: seen["queries"] > 0)
        page.wait_for_timeout(300)  # time for a build it should not start
        assert _search_worker(page) == handed == {"setup": True, "queries": 1, "built": False}
    page.locator(".md-search__input").click()
    assert _worker_state(page, lambda seen: seen["built"])["queries"] <= 1, "built before any query but the empty one"
    tab.search("maximum hand size")
    assert result_items(page), "no result from the index built when the box was clicked"
    seen = _search_worker(page)
    assert seen["built"] and seen["queries"] >= 2, seen


def test_search_leaves_no_request_and_no_error(tab):
    """Opening search loads the index (and the card index) from the site itself, nothing else."""
    tab.open(Target("index.md"))  # loaded again: what this load asks for is the point
    tab.search("Border Keep")
    assert len(tab.card_hits("Border Keep")) >= 2
    assert not tab.outside_requests()
    assert not tab.console_errors
    loaded = [u for u in tab.requests if "search_index" in u or "search/codex.js" in u]
    assert loaded, f"the search indexes should have been loaded: {tab.requests}"


def test_the_search_box_finds_a_pool_card_despite_a_typo(tab, plan):
    """with the card pool (the suite builds with it), the header's search box finds any pool card by
    title, typo-tolerant, and its link lands on the card's page, online and in the offline copy."""
    at(tab, Target(plan.anchors["oh-ii-b"][0]))
    tab.search("Kakita Ibra")
    hits = tab.card_hits("Kakita Ibra")
    assert hits and hits[0]["title"] == "Kakita Ibara", hits
    tab.search("Questionable Mark")
    hits = tab.card_hits("Questionable Mark")
    assert [h["title"] for h in hits] == ["Questionable Market"], hits
    tab.page.locator(".l5r-card-hit__link").first.click()
    tab.page.wait_for_load_state("load")
    assert tab.page.locator("h1").first.inner_text().strip() == "Questionable Market"
    assert "card/questionable-market/" in tab.page.url
