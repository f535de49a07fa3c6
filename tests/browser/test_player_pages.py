"""The pages a player starts from, in Chromium, online and from the offline copy: the home page opens with the
three jobs (find a card from a search box in the page, check a deck, look up or cite a rule) and then what's new;
the deck checker page checks a pasted Oracle of the Void list with its default format, lets a Sun and Moon
`Legality:` line override that default and says so, speaks to a player (no command-line text), and brings the
verdict into view; axe finds nothing serious on either.

They run on the synthetic-pool site (tests/browser/synthetic.py): made-up cards, no real card text.
"""

from __future__ import annotations

import pytest

from .synthetic import axe_serious, oracle_list, page, small_site, small_sites, title  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser


def url(site, uri: str) -> str:
    return site.url(uri)


# -----------------------------------------------------------------------------------------------------------------
# Home page
# -----------------------------------------------------------------------------------------------------------------


def test_home_opens_with_the_three_jobs_then_whats_new(page, small_site):
    page.goto(url(small_site, "index.md"), wait_until="load")
    headings = page.eval_on_selector_all("article h2", "hs => hs.map(h => h.textContent.replace('¶', '').trim())")
    assert headings[:4] == ["Find a card", "Check a deck", "Look up or cite a rule", "What's new"], headings
    # The first thing under the title is the card search box, not citation syntax.
    first_box = page.locator("article input[type=search]").first
    assert first_box.is_visible()
    article = page.locator("article").inner_text()
    assert article.index("Find a card") < article.index("/c/oh-ii-b/")
    # The jobs are in view without scrolling, at 1280 px.
    assert page.locator("article h2", has_text="Look up or cite a rule").bounding_box()["y"] < 900


def test_home_search_box_opens_the_card_search(page, small_site):
    page.goto(url(small_site, "index.md"), wait_until="load")
    # Several matches: the card search lists them (one match opens its card's page: tests/browser/test_jobs_walk.py).
    page.fill("#l5r-home-q", "Qvox Crane")
    with page.expect_navigation():
        page.press("#l5r-home-q", "Enter")
    page.wait_for_function(
        "() => document.getElementById('l5r-count') && document.getElementById('l5r-count').textContent"
    )
    assert page.locator("#l5r-q").input_value() == "Qvox Crane"
    shown = page.eval_on_selector_all("#l5r-results a", "as => as.map(a => a.textContent)")
    assert len(shown) > 1 and all("Crane" in t for t in shown), shown


def test_home_has_no_serious_accessibility_violation(page, small_site, axe_source):
    page.goto(url(small_site, "index.md"), wait_until="load")
    assert not axe_serious(page, axe_source)


# -----------------------------------------------------------------------------------------------------------------
# Deck checker page
# -----------------------------------------------------------------------------------------------------------------


def open_checker(page, site, width: int = 1280):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(url(site, "deck-check.md"), wait_until="load")
    page.wait_for_selector("#deck-check[data-ready=true]", timeout=20000)


def press_check(page):
    page.evaluate("() => document.querySelector('#deck-check .deck-check-result').textContent = ''")
    page.click("#deck-check button[type=submit]")
    page.wait_for_selector("#deck-check .deck-check-verdict, #deck-check .deck-check-error", timeout=10000)


def in_view(page, selector: str) -> bool:
    return page.evaluate(
        """s => { const r = document.querySelector(s).getBoundingClientRect();
        const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
        return r.top >= header - 1 && r.bottom <= innerHeight; }""",
        selector,
    )


@pytest.mark.parametrize("width", [1280, 390])
def test_a_pasted_oracle_list_is_checked_with_the_default_format_and_the_verdict_comes_into_view(
    page, small_site, width
):
    open_checker(page, small_site, width)
    default = page.eval_on_selector("#deck-check select[name=format]", "s => s.options[s.selectedIndex].text")
    page.fill("#deck-check textarea", oracle_list())
    press_check(page)
    assert page.locator("#deck-check .deck-check-error").count() == 0, page.locator(
        "#deck-check .deck-check-error"
    ).inner_text()
    verdict = page.locator("#deck-check .deck-check-verdict")
    assert f"in {default} " in verdict.inner_text()
    assert in_view(page, "#deck-check .deck-check-verdict"), "the verdict should be scrolled into view"
    assert page.evaluate("() => document.activeElement === document.querySelector('#deck-check .deck-check-verdict')")


def test_a_legality_line_overrides_the_default_format_and_says_so(page, small_site):
    open_checker(page, small_site)
    names = page.eval_on_selector_all("#deck-check select[name=format] option", "os => os.map(o => [o.value, o.text])")
    default = page.eval_on_selector("#deck-check select[name=format]", "s => s.value")
    other = next((value, text) for value, text in names if value and value != default)
    deck = f"Legality: {other[1]}\n3 {title(0)} (Imperial Edition)\n3 {title(2)} (Imperial Edition)\n"
    page.fill("#deck-check textarea", deck)
    press_check(page)
    assert f"in {other[1]} " in page.locator("#deck-check .deck-check-verdict").inner_text()
    note = page.locator("#deck-check .deck-check-format-note").inner_text()
    assert "Legality:" in note and other[1] in note
    # A format the player picks wins over the line, as --format does on the command line.
    page.select_option("#deck-check select[name=format]", default)
    press_check(page)
    default_name = dict(names)[default]
    assert f"in {default_name} " in page.locator("#deck-check .deck-check-verdict").inner_text()


def test_errors_are_sentences_for_a_player(page, small_site):
    """No command-line text: the page says what to do on the page."""
    open_checker(page, small_site)
    page.select_option("#deck-check select[name=format]", "")  # "as the decklist's Legality: line says"
    page.fill("#deck-check textarea", oracle_list())
    press_check(page)
    error = page.locator("#deck-check .deck-check-error")
    text = error.inner_text()
    assert text.startswith("Choose a format above"), text
    assert "--" not in text and "give " not in text, text
    assert in_view(page, "#deck-check .deck-check-error")


def test_deck_checker_with_a_verdict_has_no_serious_accessibility_violation(page, small_site, axe_source):
    open_checker(page, small_site)
    page.fill("#deck-check textarea", oracle_list())
    press_check(page)
    assert not axe_serious(page, axe_source)
