"""A scripted walk of the four jobs a player comes for, in Chromium, online and from the offline copy, counting
what the player does: every click is one action, every key pressed on its own (Enter) is one, and typing or pasting a
text into a box is one. Each walk starts on the home page and ends when the answer is on the screen. Each job has a
budget: the actions the same job takes on the site players use for it today. A walk over budget fails: the site is
fixed, not the budget.

The peers' counts are the Codex's own reading of the peers' pages, counted the same way, from their start page,
the search box clicked first. No peer was driven (no network here); of their documentation only Scryfall's search
reference was found in the stored reference corpora, so Yawgatog's and Oracle of the Void's walks are the Codex's
account of their pages, not checked against them:

| job | peer | peer's walk | actions |
|---|---|---|---|
| find a card's legality | Scryfall card search and card page | click the search box, type the card's name, Enter: a search that matches one card opens its page, where the legality in every format is shown (Scryfall's search reference, scryfall.com/docs/syntax, documents the box's query keywords; the one-match jump and the legality table on the card page are our reading of its pages, not found in stored documentation) | 3 |
| cite a rule | Yawgatog's hyperlinked Comprehensive Rules (one long page, each rule number an anchor link) | Ctrl+F, type the words, Enter, then right-click the rule's number and "Copy link address" (the citation itself is typed by hand) | 5 |
| check a pasted Oracle of the Void export | Oracle of the Void's deck builder | open the deck builder, click Import, click the text box, paste, confirm: the builder then shows the deck's validity for its format | 5 |
| compare deck construction across formats | Yawgatog's rules (constructed rules in 100.2a, each variant's in 9xx) | click the contents link of section 100, then of the variant's section (903 Commander), then back to compare: one format's difference at a time | 3 |

Each walk runs at 1280 px and at 390 px (a phone: the header's search box opens from its button, one click as
the desktop's click in the box). The walks run on the synthetic-pool site (tests/browser/synthetic.py: made-up
cards) and the rules data: the card is `title(5)`; the rule is OH II.F; the compare page is deck construction in
every format.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .synthetic import CLANS, oracle_list, page, small_site, small_sites, title  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser

BUDGET = {
    "find a card's legality": 3,
    "cite a rule": 5,
    "check a pasted Oracle of the Void export": 5,
    "compare deck construction across formats": 3,
}


class Walk:
    """A page and the count of what the player did on it."""

    def __init__(self, page):
        self.page = page
        self.actions: list[str] = []

    def click(self, selector: str, **kwargs):
        self.page.locator(selector).first.click(**kwargs)
        self.actions.append(f"click {selector}")

    def type(self, selector: str, text: str):
        self.page.locator(selector).first.fill(text)  # typing or pasting a text: one action
        self.actions.append(f"type {text[:30]!r}")

    def press(self, selector: str, key: str):
        self.page.locator(selector).first.press(key)
        self.actions.append(f"press {key}")

    def within(self, job: str):
        print(f"{job}: {len(self.actions)} actions (budget {BUDGET[job]}): {'; '.join(self.actions)}")
        assert len(self.actions) <= BUDGET[job], (
            f"{job}: {len(self.actions)} actions, the peer needs {BUDGET[job]}: {self.actions}"
        )


@pytest.fixture(params=[1280, 390], ids=["desktop", "phone"])
def width(request) -> int:
    """Each walk at 1280 px and on a 390 px phone screen, where the header's search is behind its button."""
    return request.param


def start(page, site, width: int = 1280):
    page.set_viewport_size({"width": width, "height": 900 if width > 600 else 844})
    page.goto(site.url("index.md"), wait_until="load")
    page.wait_for_function("() => document.documentElement.classList.contains('js')")
    return Walk(page)


def test_find_a_cards_legality(page, small_site, width):
    walk = start(page, small_site, width)
    walk.click("#l5r-home-q")
    walk.type("#l5r-home-q", title(5))
    with page.expect_navigation():
        walk.press("#l5r-home-q", "Enter")
    # The one match opens its page (the search page replaces itself): the legality table is in view.
    page.wait_for_url(lambda u: "/card/" in u, timeout=15000)
    page.wait_for_load_state("load")
    assert page.locator("h1").first.inner_text().startswith(title(5))
    table = page.locator("[data-format]").first
    table.wait_for(timeout=10000)
    assert table.bounding_box()["y"] < page.viewport_size["height"], "the legality is on the first screen"
    walk.within("find a card's legality")


def test_a_search_with_several_matches_still_lists_them(page, small_site):
    """Only one match opens a card page: a title word shared by many cards shows the list, as before."""
    walk = start(page, small_site)
    walk.type("#l5r-home-q", CLANS[1])
    with page.expect_navigation():
        walk.press("#l5r-home-q", "Enter")
    page.wait_for_function(
        "() => document.getElementById('l5r-count') && document.getElementById('l5r-count').textContent"
    )
    assert page.locator("#l5r-results a").count() > 1
    assert "go=" not in page.url, "the list's address carries no jump, so it can be linked and reloaded"


def test_cite_a_rule(page, small_site, width):
    walk = start(page, small_site, width)
    if width < 600:
        walk.click("label.md-header__button[for='__search']")  # the phone's search button opens the search box
    else:
        walk.click(".md-search__input")
    page.wait_for_function(
        """() => { const m = document.querySelector('.md-search-result__meta');
        return m && !/initializing/i.test(m.textContent); }""",
        timeout=20000,
    )
    walk.type(".md-search__input", "OH II.F")
    page.locator(".md-search__input").dispatch_event("keyup")  # Material searches on keyup (fill sends none)
    page.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0", timeout=15000)
    with page.expect_navigation():
        walk.press(".md-search__input", "Enter")  # Enter opens the first result
    page.wait_for_load_state("load")
    button = page.locator(".l5r-cite .l5r-copy").first
    walk.click(".l5r-cite .l5r-copy")
    page.wait_for_function("b => b.getAttribute('data-copy-state')", arg=button.element_handle(), timeout=5000)
    copied = button.get_attribute("data-copied-text")
    assert copied.startswith("OH II.F — "), copied
    if button.get_attribute("data-copy-state") != "copied":
        walk.actions.append("press Ctrl+C")  # the browser refused the clipboard: the text is shown selected
    walk.within("cite a rule")


def test_check_a_pasted_oracle_export(page, small_site, width):
    walk = start(page, small_site, width)
    with page.expect_navigation():
        walk.click("article a[href*='deck-check']")
    page.wait_for_selector("#deck-check[data-ready=true]", timeout=20000)
    walk.click("#deck-check textarea")
    walk.type("#deck-check textarea", oracle_list())
    walk.click("#deck-check button[type=submit]")
    verdict = page.locator("#deck-check .deck-check-verdict")
    verdict.wait_for(timeout=10000)
    assert verdict.inner_text().split(" ")[0] in ("LEGAL", "NOT"), verdict.inner_text()
    walk.within("check a pasted Oracle of the Void export")


def test_compare_deck_construction(page, small_site, width):
    walk = start(page, small_site, width)
    with page.expect_navigation():
        walk.click("article a[href*='compare']")
    with page.expect_navigation():
        walk.click("article a[href*='deck-construction']")
    # Online the theme loads the page in place (instant navigation), with no new load event: wait for its title.
    expect(page.locator("article h1").first).to_contain_text("Deck construction", timeout=10000)
    # What differs comes first: each format's line is on the first screen.
    assert "differs" in page.locator("article").inner_text()[:600].lower()
    walk.within("compare deck construction across formats")
