"""Pool card pages and the card search page in Chromium, online and from the offline copy.

The site is built with the synthetic card pool of tests/synthetic_pool.py (tests/browser/synthetic.py: online and
the offline copy, once per run) — never real card text. Its "Zzyx Test" cards' text carries `<script>`, `onerror=`
and `javascript:` payloads: they must show as text and never run. Rules served: the OH ban list's dated category
ban (oh-ban-unreleased-promos, added 2015-11-12) for a card's legality as of a past date; mod-card-legality (legal
sets) for the search filter.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from synthetic_pool import ADDRESS_TEXT  # tests/synthetic_pool.py: invented cards, never real text

from conftest import TEST_SITE_URL  # tests/conftest.py: the public address test builds are given

from .conftest import guarded_page, serve
from .synthetic import small_sites  # noqa: F401 - fixture

pytestmark = pytest.mark.browser  # Chromium on the online site and the offline copy

# The order of what a page's article shows is measured online only: the offline copy's pages hold the same articles
# with the same stylesheets (tests/browser/test_offline_copy.py).
article_layout = pytest.mark.parametrize("card_site", ["online"], indirect=True)


@pytest.fixture(scope="module", params=["online", "offline"])
def card_site(request, small_sites):
    """The synthetic-pool site (tests/synthetic_pool.py): served on 127.0.0.1, or the offline copy from file://."""
    folder = small_sites[request.param]
    if request.param == "online":
        with serve(folder) as root_url:
            yield "online", root_url, ""
        return
    yield "offline", folder.as_uri() + "/", "index.html"


@pytest.fixture
def page(contexts, card_site):
    with guarded_page(contexts, console_errors=False) as tab:
        yield tab


def _open(page, card_site, path):
    kind, root, index = card_site
    page.goto(root + path + (index if path.endswith("/") else ""), wait_until="load")


def test_card_page_shows_facts_and_inert_text(page, card_site, axe_source):
    _open(page, card_site, "card/zzyx-test-samurai/")
    assert page.locator("h1").inner_text() == "Zzyx Test Samurai"
    text = page.locator(".l5r-card-text")
    assert text.locator("b").inner_text() == "Battle:"
    assert text.locator('[role="img"][aria-label="Bow"]').count() == 1
    # The payloads are words on the page, not elements: nothing ran, no <script>/<img>/<a> came from the text.
    shown = text.inner_text()
    assert "<script>" in shown and "onerror=" in shown and "javascript:" in shown
    assert text.locator("script, img, a").count() == 0
    page.wait_for_timeout(300)
    assert page.evaluate("window.__pwned") is None
    assert page.locator('tr[data-format="modern"] [data-status]').inner_text() == "legal"
    assert "not in the card pool" in page.locator('tr[data-format="new-era"]').inner_text()
    assert page.locator("text=Test Artist").count() >= 1
    page.add_script_tag(content=axe_source)
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    serious = [v["id"] for v in result["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, serious


def test_an_address_in_card_text_shows_as_written_and_is_no_link(page, card_site):
    """The page writes the address's `://` as `&#58;//` (no `http://` in the HTML): the reader sees it as written."""
    _open(page, card_site, "card/zzyx-test-courtier/")
    text = page.locator(".l5r-card-text")
    assert text.inner_text() == ADDRESS_TEXT
    assert text.locator("a").count() == 0


def test_card_page_copies_its_citation_like_every_record(page, card_site):
    """a pool card has a CARD citation and the copy button of every other record (assets/codex.js):
    `citation — title — link`, the link being the site's public address (L5R_SITE_URL), online and from disk."""
    kind, root, index = card_site
    _open(page, card_site, "card/zzyx-test-samurai/")
    box = page.locator(".l5r-cite").first
    assert box.locator(".l5r-cite__id").inner_text() == "CARD Zzyx Test Samurai"
    button = box.locator(".l5r-copy")
    button.click()
    page.wait_for_function("b => b.hasAttribute('data-copy-state')", arg=button.element_handle(), timeout=5000)
    copied = button.get_attribute("data-copied-text")
    link = TEST_SITE_URL + "card/zzyx-test-samurai/#card"
    assert copied == f"CARD Zzyx Test Samurai — {link}", copied  # the citation says the title: once


def test_legality_as_of_a_past_date(page, card_site):
    """oh-ban-unreleased-promos (added 2015-11-12): the promo is banned after that day (a dated entry holds before
    the whole list is stated, 2016-02-15); on 2015-01-01 the Obsidian Hand's list is not stated: not checked."""
    _open(page, card_site, "card/zzyx-test-promo/")
    status = page.locator('tr[data-format="obsidian-hand"] [data-status]')
    page.fill("#l5r-as-of", "2016-01-01")
    page.dispatch_event("#l5r-as-of", "change")
    assert status.get_attribute("data-status") == "banned"
    assert "banned in obsidian hand" in page.locator("#l5r-verdict").inner_text().lower()
    page.fill("#l5r-as-of", "2015-01-01")
    page.dispatch_event("#l5r-as-of", "change")
    assert status.get_attribute("data-status") == "not-checked"
    assert not page.locator("#l5r-verdict").inner_text().startswith("Legal in Obsidian Hand")


def test_card_search_with_a_filter(page, card_site):
    kind, root, index = card_site
    _open(page, card_site, "cards/search/" if kind == "online" else "cards/search.html")
    page.fill("#l5r-q", "zzyx tesr")  # a typo: "tesr" for "test"
    results = page.locator("#l5r-results li a")
    page.wait_for_function("() => document.querySelectorAll('#l5r-results li').length === 3")
    page.select_option("#l5r-clan", label="Crab")
    page.wait_for_function("() => document.querySelectorAll('#l5r-results li').length === 1")
    assert results.first.inner_text() == "Zzyx Test Samurai"
    page.select_option("#l5r-clan", value="")
    # Legal in Obsidian Hand today: the Legacy-tagged Samurai; not the Courtier (no Legacy tag) nor the promo
    # (banned by oh-ban-unreleased-promos since 2015-11-12).
    page.select_option("#l5r-format", label="Obsidian Hand")
    page.wait_for_function("() => document.querySelectorAll('#l5r-results li').length === 1")
    href = results.filter(has_text="Zzyx Test Samurai").evaluate("a => a.href")  # the result's link resolves
    page.goto(href, wait_until="load")
    assert page.locator("h1").inner_text() == "Zzyx Test Samurai"


def test_card_search_legal_here_not_there_and_banned_somewhere(page, card_site):
    """ "not legal in" a format and "banned in some format" filter the pool, from the verdicts the deck
    checker gave the build; online, the filters are kept in the address and a link to it restores them."""
    kind, root, index = card_site
    search = "cards/search/" if kind == "online" else "cards/search.html"
    _open(page, card_site, search)
    page.fill("#l5r-q", "zzyx")
    items = "() => [...document.querySelectorAll('#l5r-results li a')].map(a => a.textContent).sort().join('|')"
    page.wait_for_function(f"() => ({items})() === 'Zzyx Test Courtier|Zzyx Test Promo|Zzyx Test Samurai'")
    # Not legal in Obsidian Hand: the Courtier (no Legacy tag) and the promo (banned since 2015-11-12).
    page.select_option("#l5r-notformat", label="Obsidian Hand")
    page.wait_for_function(f"() => ({items})() === 'Zzyx Test Courtier|Zzyx Test Promo'")
    page.select_option("#l5r-notformat", value="")
    page.check("#l5r-banned")
    page.wait_for_function(f"() => ({items})() === 'Zzyx Test Promo'")
    assert "banned in Obsidian Hand" in page.locator("#l5r-results li").first.inner_text()
    if kind == "online":
        assert "banned=1" in page.url and "find=zzyx" in page.url, page.url
        page.goto(root + search + "?q=zzyx&not=obsidian-hand", wait_until="load")
        page.wait_for_function(f"() => ({items})() === 'Zzyx Test Courtier|Zzyx Test Promo'")
        assert page.locator("#l5r-notformat option:checked").inner_text() == "Obsidian Hand"
        # The card-status comparison leads there: its "legal in Modern, not in Obsidian Hand" link opens the search
        # with both filters set, so the question is answered for the whole pool without a table of every card.
        page.goto(root + "compare/cards/", wait_until="load")
        page.get_by_role("link", name="legal in Modern, not in Obsidian Hand").click()
        page.wait_for_function("() => document.querySelectorAll('#l5r-results li').length > 0")
        assert page.locator("#l5r-format option:checked").inner_text() == "Modern"
        assert page.locator("#l5r-notformat option:checked").inner_text() == "Obsidian Hand"
        shown = page.locator("#l5r-results").inner_text()
        assert "Zzyx Test Courtier" in shown and "Zzyx Test Samurai" not in shown  # Modern only / legal in both


def test_card_page_fits_a_phone(page, card_site):
    """Players check cards on a phone at the venue: a card page, the site's header included, fits 390 px."""
    page.set_viewport_size({"width": 390, "height": 800})
    _open(page, card_site, "card/zzyx-test-samurai/")
    wide = page.evaluate("""[...document.querySelectorAll('header *, main *')].filter(e => e.offsetParent)
        .filter(e => e.getBoundingClientRect().right > 391).map(e => e.tagName + ' ' + e.textContent.slice(0, 30))""")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, wide
    assert page.locator('header label[for="__drawer"]').bounding_box()["x"] < 390


def test_card_search_says_new_era_cannot_be_checked(page, card_site):
    """ne-deck-construction: New Era's only legal cards are its own collection, which is not in the pool, so every
    card's New Era verdict is "cannot be checked": neither "Legal in: New Era" nor "Not legal in: New Era" lists
    it, and the count says why (the deck checker and the card pages give the same answer)."""
    kind, root, index = card_site
    _open(page, card_site, "cards/search/" if kind == "online" else "cards/search.html")
    page.fill("#l5r-q", "zzyx")
    page.wait_for_function("() => document.querySelectorAll('#l5r-results li').length === 3")
    for select in ("#l5r-notformat", "#l5r-format"):
        page.select_option(select, label="New Era")
        page.wait_for_function("() => document.querySelectorAll('#l5r-results li').length === 0")
        assert (
            "3 cards cannot be checked in New Era (neither legal nor not legal)"
            in page.locator("#l5r-count").inner_text()
        )
        page.select_option(select, value="")
    # Not legal in Obsidian Hand still lists the cards that are banned or outside its pool.
    page.select_option("#l5r-notformat", label="Obsidian Hand")
    page.wait_for_function("() => document.querySelectorAll('#l5r-results li').length === 2")


def _rule(card_site, path: str) -> str:
    """A generated page's address in this variant: `formats/x/` online, `formats/x.html` from disk."""
    kind, root, index = card_site
    return root + (path if kind == "online" else path[:-1] + ".html")


def _card(card_site, path: str) -> str:
    """A card page's address: online card/<slug>/; offline a pool card's card/<slug>/index.html, and the page of a
    card the documents name (an engine's page) card/<id>.html, as the offline copy names page files."""
    kind, root, index = card_site
    if kind == "online":
        return root + path
    if path.startswith("card/") and path[len("card/") : -1] not in _RECORDS:
        return root + path + index
    return root + path[:-1] + ".html"


_RECORDS = {p.stem for p in (Path(__file__).resolve().parents[2] / "data" / "cards").glob("*.yml")}


POOL_CARD, DOCUMENTED_CARD = "card/zzyx-test-promo/", "card/border-keep-experienced-2/"


@pytest.mark.parametrize("width", [1280, 390])
def test_a_pool_card_page_has_the_sites_search_box_and_navigation(page, card_site, width):
    """Every card page has the site's header: its search box finds cards and rules, its navigation (the drawer on
    a phone) leads everywhere, and "Cards" opens the card search."""
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(_card(card_site, POOL_CARD), wait_until="load")
    if width < 600:
        page.locator('header label[for="__search"]').first.click()
    box = page.locator(".md-search__input")
    box.click()
    box.fill("Zzyx Test Courtier")
    hit = page.locator(".l5r-card-hit__link", has_text="Zzyx Test Courtier")
    hit.first.wait_for(timeout=10000)
    # A fresh load before the navigation: the closing search overlay must not take the click meant for the nav.
    page.goto(_card(card_site, POOL_CARD), wait_until="load")
    if width < 600:
        page.locator('header label[for="__drawer"]').click()
    # The entry named "Cards" itself, not the first link whose text merely contains the word (an AEG wording
    # rule's sub-section "… cards" comes first in the nav on some pages).
    cards = page.locator(".md-nav--primary a.md-nav__link").filter(has_text=re.compile(r"^\s*Cards\s*$")).first
    cards.wait_for(state="visible", timeout=5000)
    with page.expect_navigation():
        cards.click()
    # Online the theme loads the page in place (instant navigation), with no new load event: wait for its title.
    expect(page.locator("h1").first).to_have_text(re.compile(r"^\s*Card search\s*¶?\s*$"), timeout=10000)


@article_layout
@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("path", [POOL_CARD, DOCUMENTED_CARD])
def test_legality_comes_first_on_both_kinds_of_card_page(page, card_site, width, path):
    """As on Scryfall, a card's legality is at the top: the verdicts in a sentence, then the table, above the
    card's facts and text, on a pool card's page and on the page of a card the documents name alike."""
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(_card(card_site, path), wait_until="load")
    sentence = page.locator("#l5r-verdict").bounding_box()
    table = page.locator("table.l5r-legality").bounding_box()
    text = page.locator("#text").bounding_box()
    facts = page.locator(".l5r-card-facts").first.bounding_box()
    assert sentence["y"] < table["y"] < facts["y"] < text["y"], (sentence, table, facts, text)
    assert sentence["y"] < 800, "the verdict is on the first screen"
    assert page.locator("h2", has_text="Ban history").count() == 1


def _overlaps(page) -> list:
    """Pairs of visible blocks of the article whose boxes overlap (the article's children, in page order)."""
    return page.evaluate("""() => {
        const boxes = [...document.querySelectorAll('article.md-content__inner > *')]
          .filter(e => e.offsetParent && e.getBoundingClientRect().height > 0)
          .map(e => [e.tagName + '.' + e.className + ' ' + e.textContent.trim().slice(0, 40), e.getBoundingClientRect()]);
        const out = [];
        for (let i = 0; i + 1 < boxes.length; i++) {
          const [a, ra] = boxes[i], [b, rb] = boxes[i + 1];
          if (rb.top < ra.bottom - 0.5) out.push([a, b, ra.bottom, rb.top]);
        }
        return out;
    }""")


@article_layout
@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("path", ["formats/obsidian-hand/ii-f/", "formats/obsidian-hand/guidelines/"])
def test_a_rule_page_leads_with_the_rule_and_nothing_overlaps(page, card_site, width, path):
    """The rule's text comes right after its citation, where its words come from is one quiet line, and no two
    blocks of the page overlap, on a desktop and on a phone."""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(_rule(card_site, path), wait_until="load")
    assert not _overlaps(page), _overlaps(page)
    assert page.locator(".l5r-as-written + .l5r-layer, .l5r-layer + .l5r-as-written").count() == 0
    cite = page.locator(".l5r-cite").nth(1).bounding_box()
    following = page.evaluate("""() => { const c = document.querySelectorAll('.l5r-cite')[1];
        let n = c.nextElementSibling; return n ? n.className : null; }""")
    assert following != "l5r-layer" and not (following or "").startswith("l5r-provenance"), following
    assert cite["width"] <= width
