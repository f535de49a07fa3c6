"""Compare pages as a reader on a phone and on a desktop sees them (Chromium): the page opens with what differs,
one line per format; no header cell breaks inside a word; at 390 px nothing scrolls sideways."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PAGES = [
    "compare/rules/deck-construction.md",
    "compare/rules/player-abilities.md",
    "compare/rules/turn-sequence.md",
    "compare/abilities/seppuku.md",
    "compare/keywords/tactician.md",
]

# Every word of every header cell (and of the format labels that head a stacked cell on a phone) must sit on one
# line: a word whose text spans two line boxes was broken inside it.
_BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll('.l5r-compare th')) {
    if (!cell.getClientRects().length) continue;  // hidden (the header row on a phone)
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode())) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


@pytest.fixture(params=[390, 1280], ids=["phone", "desktop"])
def page_at(request, contexts, online_site):
    with contexts.get(viewport={"width": request.param, "height": 900}).tab() as (page, _, _):
        yield request.param, page


@pytest.mark.parametrize("uri", PAGES)
def test_compare_page_reads_without_sideways_scrolling(page_at, online_site, uri):
    width, page = page_at
    page.goto(online_site.url(uri), wait_until="load")
    sizes = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert sizes[0] <= sizes[1], f"{uri} at {width} px scrolls sideways: {sizes}"
    # Nor does any box of the comparison that can scroll (the page's own or Material's table wrapper) on a phone.
    boxes = page.evaluate("""() => [...document.querySelectorAll('.l5r-compare, .l5r-compare .md-typeset__scrollwrap')]
        .filter(el => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
        .map(el => [el.className, el.scrollWidth, el.clientWidth])""")
    assert boxes, uri
    if width == 390:
        assert [b for b in boxes if b[1] > b[2]] == [], f"{uri} at 390 px: a box scrolls sideways: {boxes}"
    assert page.locator(".l5r-compare th").count() >= 4  # the check below looked at header cells
    assert page.evaluate(_BROKEN_WORDS) == [], f"{uri} at {width} px: a header breaks inside a word"
    if width == 390:  # the formats stack: each cell is headed by its format's name
        label = page.evaluate("() => getComputedStyle(document.querySelector('.l5r-compare td'), '::before').content")
        assert label.strip('"') in {"Obsidian Hand", "New Era", "Modern", "AEG base rules"}


def test_card_status_table_shows_every_format_on_a_phone(page_at, online_site):
    """Every card's status in every format: on a phone the table's format columns sat off the screen, behind a
    sideways scroll, and "Personality" broke inside the word. There each card is a block, each status after its
    format's name; every cell is on the screen."""
    width, page = page_at
    page.goto(online_site.url("compare/cards.md"), wait_until="load")
    formats = page.evaluate(
        "() => [...document.querySelectorAll('.l5r-compare--cards thead th')].map(th => th.textContent)"
    )
    assert formats[:2] == ["Card", "Type"] and len(formats) >= 3, formats
    sizes = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert sizes[0] <= sizes[1], f"compare/cards at {width} px scrolls sideways: {sizes}"
    off = page.evaluate("""() => [...document.querySelectorAll('.l5r-compare--cards td')]
        .filter(td => td.getBoundingClientRect().right > window.innerWidth + 0.5).length""")
    hidden_by_scroll = page.evaluate("""() => [...document.querySelectorAll('.l5r-compare--cards, .l5r-compare--cards *')]
        .filter(el => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth)
        .map(el => el.className)""")
    assert off == 0 and hidden_by_scroll == [], (off, hidden_by_scroll)
    if width == 390:
        labels = page.evaluate("""() => [...document.querySelector('.l5r-compare--cards tbody tr:not(.l5r-compare__group)')
            .querySelectorAll('td')].map(td => getComputedStyle(td, '::before').content)""")
        assert [label.strip('"').strip(" ·:") for label in labels[1:]] == formats[1:], labels
        assert page.evaluate(_BROKEN_CELL_WORDS) == [], "a card's type or status breaks inside a word"


# The same check as _BROKEN_WORDS over the card status table's cells.
_BROKEN_CELL_WORDS = _BROKEN_WORDS.replace(".l5r-compare th", ".l5r-compare--cards td")


def test_compare_page_opens_with_what_differs(page_at, online_site):
    width, page = page_at
    page.goto(online_site.url("compare/rules/deck-construction.md"), wait_until="load")
    first = page.evaluate("""() => {
      const h1 = document.querySelector('article h1');
      let el = h1.nextElementSibling;
      while (el && !el.textContent.trim()) el = el.nextElementSibling;
      return el.id || el.className; }""")
    assert first in ("what-differs", "l5r-compare__differs")
    lines = page.locator("#what-differs li").all_inner_texts()
    names = page.locator("#what-differs li .l5r-compare__format-name").all_inner_texts()
    assert names == ["Obsidian Hand", "New Era", "Modern", "AEG base rules"]
    modern = lines[2]
    assert "exactly 50 cards" in modern and "at most 1" in modern and "at most 20" in modern
    # Each value names the rule that states it, by its citation and title: Modern's one copy is its Highlander rule.
    assert "at most 1 (MOD 2 · Highlander)" in modern
    top = page.locator("#what-differs").bounding_box()["y"]
    assert top < 900, "what differs is above the fold"


@pytest.mark.parametrize("uri", ["compare/rules/deck-construction.md", "compare/rules/player-abilities.md"])
def test_compare_page_has_no_serious_accessibility_violation(page_at, online_site, axe_source, uri):
    from .test_pages import axe_violations

    width, page = page_at
    page.goto(online_site.url(uri), wait_until="load")
    page.wait_for_load_state("networkidle")
    bad = axe_violations(page, axe_source)
    assert not bad, f"{uri} at {width} px: axe-core found serious/critical violations: {bad}"
