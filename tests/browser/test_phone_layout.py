"""On a phone (390 px) and a wide screen (1280 px), online and from the offline copy (the synthetic pool site): a
card's ban history reads as a list on a phone, every column seen without scrolling sideways, and its Printings
table fits with no date broken; every Copy button is
a target of at least 24 × 24 px (WCAG 2.5.8); a tap on one leaves no tooltip over the next line; a compare page's
"What differs" is a list per format of label and value, each value with the rule that states it (Modern's one copy
is its Highlander rule); and the deck checker's form is above the fold, its introduction after it.
"""

from __future__ import annotations

import pytest

from .conftest import guarded_page
from .synthetic import page, small_site, small_sites  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser
WIDTHS = [1280, 390]


def viewport(width: int) -> dict:
    return {"width": width, "height": 844 if width < 600 else 800}


# A card the documents name (its page is the record's, cards/<id>/) and a pool card (card/<slug>/), each with a ban.
BAN_PAGES = ["card/border-keep-experienced-2.md", "card/zzyx-test-promo/index.md"]


@pytest.mark.parametrize("uri", BAN_PAGES)
@pytest.mark.parametrize("width", WIDTHS)
def test_the_ban_history_shows_every_column_without_scrolling_sideways(contexts, small_site, uri, width):
    with guarded_page(contexts, viewport=viewport(width)) as tab:
        tab.goto(small_site.url(uri), wait_until="load")
        table = tab.locator(":is(h2#ban-history, h2[id$='-status']) + * table, h2#ban-history + table").first
        assert table.count() == 1, "the page has a ban history table"
        table.scroll_into_view_if_needed()
        fits = tab.evaluate(
            """t => {
            const box = t.closest('.md-typeset__scrollwrap') || t;
            return {page: document.documentElement.scrollWidth <= innerWidth,
                    box: box.scrollWidth <= box.clientWidth + 1,
                    cells: [...t.querySelectorAll('tbody td')].every(td => td.getBoundingClientRect().right <= innerWidth + 1)};
        }""",
            table.element_handle(),
        )
        assert fits == {"page": True, "box": True, "cells": True}, fits
        if width < 600:
            # Each cell says which column it is: Lifted and Ban entry are read as such.
            labels = tab.evaluate(
                """t => [...t.querySelectorAll('tbody tr:first-child td')]
                .map(td => getComputedStyle(td, '::before').content)""",
                table.element_handle(),
            )
            assert labels[2:] == ['"Added: "', '"Lifted: "', '"Ban entry: "'], labels


# The Printings table with the longest names a printing has: set names of several words, artists credited
# together (invented names, put into the page's own table).
_LONG_PRINTINGS = """t => {
  const row = t.querySelector('tbody tr');
  for (let n = 0; n < 3; n++) t.querySelector('tbody').appendChild(row.cloneNode(true));
  const rows = t.querySelectorAll('tbody tr');
  rows[0].cells[0].textContent = 'Promotional \u2013 Emperor Edition Demo Decks';
  rows[0].cells[3].textContent = 'Aaaaa Bbbbbbbbbb & Ccccccc Ddddddddddd';
  rows[1].cells[2].textContent = 'Uncommon';
  rows[2].cells[1].textContent = '2012-06-01';
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_printings_table_fits_a_phone_and_breaks_no_word(contexts, small_site, width):
    """On a phone the Printings table scrolled sideways inside its box, its dates broken across lines; the cells
    are padded less there, and no date, rarity or column heading breaks."""
    with guarded_page(contexts, viewport=viewport(width)) as tab:
        tab.goto(small_site.url("card/zzyx-test-samurai/index.md"), wait_until="load")
        table = tab.locator("h2#printings + * table, h2#printings + table").first
        assert table.count() == 1, "the page has a Printings table"
        tab.evaluate(_LONG_PRINTINGS, table.element_handle())
        fits = tab.evaluate(
            """t => {
            const box = t.closest('.md-typeset__scrollwrap') || t;
            // a cell whose text takes more than one line box (a date, a rarity or a heading is one word)
            const lines = c => { const r = document.createRange(); r.selectNodeContents(c);
                return new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top))).size; };
            const broken = [...t.querySelectorAll('th, td:nth-child(2), td:nth-child(3)')]
                .filter(c => lines(c) > 1).map(c => c.textContent);
            return {page: document.documentElement.scrollWidth <= innerWidth,
                    box: box.scrollWidth <= box.clientWidth + 1,
                    cells: [...t.querySelectorAll('td')].every(td => td.getBoundingClientRect().right <= innerWidth + 1),
                    broken};
        }""",
            table.element_handle(),
        )
        assert fits == {"page": True, "box": True, "cells": True, "broken": []}, fits


COPY_PAGES = ["formats/modern/bans.md", "formats/obsidian-hand/ii-b.md"]


@pytest.mark.parametrize("uri", COPY_PAGES)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_copy_button_is_at_least_24_px_square(contexts, small_site, uri, width):
    with guarded_page(contexts, viewport=viewport(width)) as tab:
        tab.goto(small_site.url(uri), wait_until="load")
        sizes = tab.eval_on_selector_all(
            ".l5r-copy",
            """bs => bs.map(b => { const r = b.getBoundingClientRect();
            return [b.textContent.trim(), Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]; })""",
        )
        assert sizes, f"{uri} has Copy buttons"
        small = [s for s in sizes if s[1] < 24 or s[2] < 24]
        assert not small, f"{uri} at {width} px: {small[:5]}"


def test_a_tap_on_copy_leaves_no_tooltip_over_the_next_line(contexts, small_site):
    """A phone (touch, no hover): tap the first ban entry's Copy; nothing is drawn over its "Added:" line."""
    with guarded_page(contexts, viewport=viewport(390), has_touch=True, is_mobile=True) as tab:
        # A phone's clipboard takes the text and the button keeps the focus; the test browser's refuses it, and the
        # page then shows the text selected in a box of its own, which takes the focus away.
        tab.add_init_script(
            "Object.defineProperty(navigator, 'clipboard',"
            " {value: {writeText: () => Promise.resolve()}, configurable: true});"
        )
        tab.goto(small_site.url("formats/modern/bans.md"), wait_until="load")
        button = tab.locator("table .l5r-copy").first
        button.scroll_into_view_if_needed()
        button.tap()
        tab.wait_for_timeout(600)
        assert button.evaluate("b => document.activeElement === b && b.hasAttribute('data-copied')")
        covered = tab.evaluate(
            """b => {
            const row = b.closest('tr');
            const added = [...row.querySelectorAll('td')].find(td => /Added/.test(getComputedStyle(td, '::before').content));
            const r = added.getBoundingClientRect();
            const tips = [...document.querySelectorAll('.md-tooltip2, .md-tooltip')].filter(t => {
                const s = t.getBoundingClientRect();
                return s.width > 0 && s.height > 0 && getComputedStyle(t).visibility !== 'hidden' &&
                    getComputedStyle(t).opacity !== '0';
            });
            return tips.filter(t => { const s = t.getBoundingClientRect();
                return s.left < r.right && s.right > r.left && s.top < r.bottom && s.bottom > r.top; }).length;
        }""",
            button.element_handle(),
        )
        assert covered == 0


@pytest.mark.parametrize("width", WIDTHS)
def test_what_differs_is_a_list_per_format_naming_the_rule_highlander_included(contexts, small_site, width):
    with guarded_page(contexts, viewport=viewport(width)) as tab:
        tab.goto(small_site.url("compare/rules/deck-construction.md"), wait_until="load")
        formats = tab.locator("#what-differs li[data-format]")
        assert formats.count() == 4
        modern = tab.locator("#what-differs li[data-format=modern]")
        pairs = modern.evaluate("""li => [...li.querySelectorAll('dt')].map(dt =>
            [dt.textContent.trim(), dt.nextElementSibling.textContent.replace(/\\s+/g, ' ').trim()])""")
        facts = dict(pairs)
        assert facts["Copies of a card:"] == "at most 1 (MOD 2 · Highlander)", facts
        assert facts["Dynasty deck:"].startswith("exactly 50 cards (MOD 1")
        # Label and value side by side, one pair a line, no run-on paragraph: every value starts its own line box.
        tops = modern.evaluate("li => [...li.querySelectorAll('dd')].map(dd => dd.getBoundingClientRect().top)")
        assert tops == sorted(tops) and len(set(round(t) for t in tops)) == len(tops)
        assert tab.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_deck_checkers_form_is_above_the_fold_its_introduction_after_it(contexts, small_site, width):
    with guarded_page(contexts, viewport=viewport(width)) as tab:
        tab.goto(small_site.url("deck-check.md"), wait_until="load")
        tab.wait_for_selector("#deck-check[data-ready=true]", timeout=20000)
        where = tab.evaluate("""() => {
            const box = s => document.querySelector(s).getBoundingClientRect();
            const intro = [...document.querySelectorAll('article h2')].find(h => /How the checker works/.test(h.textContent));
            return {box: box('#deck-check textarea').top, button: box('#deck-check button[type=submit]').bottom,
                    format: box('#deck-check select[name=format]').bottom, height: innerHeight,
                    introAfterForm: !!intro && !!(document.getElementById('deck-check')
                        .compareDocumentPosition(intro) & Node.DOCUMENT_POSITION_FOLLOWING)};
        }""")
        assert where["button"] <= where["height"] and where["format"] <= where["height"], where
        assert where["introAfterForm"], where
        assert tab.evaluate("document.documentElement.scrollWidth <= innerWidth")
