"""What a player sees, measured in Chromium at 1280 px and 390 px: nothing drawn over anything else, nothing cut off.
The navigation's title never sits on an entry while the navigation scrolls (online and from the offline copy, whose
navigation differs); the home page's card search box shows its whole placeholder. What a page's article shows is
measured online only: the offline copy's pages hold the same articles with the same stylesheets
(tests/browser/test_offline_copy.py).

They run on the synthetic-pool site (tests/browser/synthetic.py): made-up cards, no real card text.
"""

from __future__ import annotations

import pytest

from .synthetic import page, small_site, small_sites  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser

# A check of what the article shows: on the online site (see the module's docstring).
article_layout = pytest.mark.parametrize("small_site", ["online"], indirect=True)

PHONE = {"width": 390, "height": 844}
# A phone held sideways, or with its keyboard open: the drawer's top level no longer fits and scrolls.
SHORT_PHONE = {"width": 390, "height": 480}
DESKTOP = {"width": 1280, "height": 800}
# A wide screen's layout (both sidebars) in a short window: every page's navigation is longer than it by hundreds of
# pixels (a card page's by about 470), so its scrolling is really tried. In an 800 px window one run found both
# sidebars longer by a few pixels only: too little to tell a scroll that was tried from one that was not.
SHORT_DESKTOP = {"width": 1280, "height": 560}

# Every place where a navigation's title is drawn over one of its entries, as the navigation's scroll box steps
# from top to bottom. An entry is "on screen" where its box survives every clipping ancestor; an overlap is a
# title's box meeting an entry's, or a title being what is drawn at the middle of an entry (elementFromPoint).
NAV_OVERLAPS = """([navSelector, boxSelector]) => {
  const visible = el => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') return null;
    let box = {l: r.left, t: r.top, r: r.right, b: r.bottom};
    for (let a = el.parentElement; a; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.display === 'none') return null;
      if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
        const c = a.getBoundingClientRect();
        box = {l: Math.max(box.l, c.left), t: Math.max(box.t, c.top),
               r: Math.min(box.r, c.right), b: Math.min(box.b, c.bottom)};
      }
    }
    box = {l: Math.max(box.l, 0), t: Math.max(box.t, 0),
           r: Math.min(box.r, innerWidth), b: Math.min(box.b, innerHeight)};
    return box.r - box.l > 1 && box.b - box.t > 1 ? box : null;
  };
  const overlaps = new Set();
  const check = () => {
    for (const nav of document.querySelectorAll(navSelector)) {
      const titles = [...nav.querySelectorAll('.md-nav__title')].map(t => [t, visible(t)]).filter(([, b]) => b);
      for (const link of nav.querySelectorAll('.md-nav__link')) {
        if (link.closest('.md-nav__title')) continue;
        const l = visible(link);
        if (!l) continue;
        const name = link.textContent.trim().replace(/\\s+/g, ' ');
        for (const [title, t] of titles) {
          const w = Math.min(t.r, l.r) - Math.max(t.l, l.l), h = Math.min(t.b, l.b) - Math.max(t.t, l.t);
          if (w > 1 && h > 1) overlaps.add(`title "${title.textContent.trim()}" over "${name}"`);
        }
        const hit = document.elementFromPoint((l.l + l.r) / 2, (l.t + l.b) / 2);
        const over = hit && !link.contains(hit) && hit.closest('.md-nav__title');
        if (over) overlaps.add(`title "${over.textContent.trim()}" drawn over the middle of "${name}"`);
      }
    }
  };
  const boxes = [...document.querySelectorAll(boxSelector)]
    .filter(b => b.scrollHeight > b.clientHeight + 1 && visible(b));
  let steps = 0;
  for (const box of boxes) {
    for (let top = 0; top <= box.scrollHeight - box.clientHeight + 8; top += 6) {
      box.scrollTop = top;
      check();
      steps += 1;
    }
    box.scrollTop = 0;
  }
  return {scrolled: boxes.length, steps, overlaps: [...overlaps]};
}"""


def open_page(page, site, uri: str, viewport: dict) -> None:
    page.set_viewport_size(viewport)
    page.goto(site.url(uri), wait_until="load")
    page.wait_for_function("() => document.documentElement.classList.contains('js')")


def settled(page) -> None:
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')", timeout=10000)


@pytest.mark.parametrize("kind", ["card", "rule-section"])
def test_navigation_title_never_covers_an_entry_on_a_wide_screen(page, small_site, page_types, kind):
    open_page(page, small_site, page_types[kind].uri, SHORT_DESKTOP)
    settled(page)
    # On a loaded machine one measure found the sidebars only 6 steps longer than their boxes, as if taken before
    # Material's script had sized them to the window (it does so after the page loads). Wait for the length the
    # navigation has (about 470 px longer than this window); a site whose navigation is shorter fails here.
    page.wait_for_function(
        "() => [...document.querySelectorAll('.md-sidebar__scrollwrap')]"
        ".some(b => b.scrollHeight > b.clientHeight + 60)",
        timeout=10000,
    )
    result = page.evaluate(NAV_OVERLAPS, [".md-sidebar .md-nav", ".md-sidebar__scrollwrap"])
    # The site's navigation is longer than the window: the test really scrolled it.
    assert result["scrolled"] >= 1 and result["steps"] > 10, result
    assert not result["overlaps"], result["overlaps"]


@pytest.mark.parametrize("kind", ["card", "rule-section"])
def test_navigation_title_never_covers_an_entry_in_the_phone_drawer(page, small_site, page_types, kind):
    open_page(page, small_site, page_types[kind].uri, SHORT_PHONE)
    page.click("label.md-header__button[for=__drawer]")
    settled(page)
    assert page.locator(".md-sidebar--primary").bounding_box()["x"] >= 0
    result = page.evaluate(NAV_OVERLAPS, [".md-sidebar--primary .md-nav", ".md-nav--primary .md-nav__list"])
    assert not result["overlaps"], result["overlaps"]
    # The drawer's top level (reached with its back arrows) is longer than the phone's screen: scroll it too.
    for _ in range(6):
        # The title at the top of the drawer is the level shown: a nested level's title is its back arrow.
        shown = page.evaluate(
            "() => { const t = document.elementFromPoint(100, 60)?.closest('.md-nav__title');"
            " return t ? t.getAttribute('for') : null; }"
        )
        if shown in (None, "__drawer"):
            break
        page.click(f".md-nav--primary .md-nav__title[for='{shown}']")
        settled(page)
    result = page.evaluate(NAV_OVERLAPS, [".md-sidebar--primary .md-nav", ".md-nav--primary .md-nav__list"])
    assert result["scrolled"] >= 1 and result["steps"] > 10, result
    assert not result["overlaps"], result["overlaps"]


# The width the placeholder's text needs in the input's own font (a canvas measures it), against the room inside
# the input (its client width less its padding).
PLACEHOLDER_FIT = """sel => {
  const box = document.querySelector(sel);
  const cs = getComputedStyle(box, '::placeholder');
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const own = getComputedStyle(box);
  const room = box.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
  return {text: box.placeholder, needs: ctx.measureText(box.placeholder).width, room};
}"""


@article_layout
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_home_search_box_shows_its_whole_placeholder(page, small_site, viewport):
    open_page(page, small_site, "index.md", viewport)
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    fit = page.evaluate(PLACEHOLDER_FIT, "#l5r-home-q")
    assert fit["text"], "the home page's card search box should say what to type"
    assert fit["needs"] <= fit["room"], f"{fit['text']!r} needs {fit['needs']:.0f} px, the box has {fit['room']:.0f}"
    # Typed, the same text is not scrolled inside the box either.
    page.fill("#l5r-home-q", fit["text"])
    assert page.evaluate(
        "() => { const b = document.getElementById('l5r-home-q'); return b.scrollWidth <= b.clientWidth; }"
    )


# Every word of the page's text (six letters or more; a break at a hyphen is not a cut) that a line break cuts in
# two; code too where `code` is true (citations), else not.
WORDS_CUT = r"""(code) => {
  const cut = new Set();
  const range = document.createRange();
  const walker = document.createTreeWalker(document.querySelector('article'), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (!p || p.closest(code ? 'pre, [hidden]' : 'pre, code, [hidden]') || !p.getClientRects().length) continue;
    for (const m of n.data.matchAll(/[A-Za-z][A-Za-z'’]{5,}/g)) {
      range.setStart(n, m.index);
      range.setEnd(n, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (lines.size > 1) cut.add(m[0]);
    }
  }
  return [...cut];
}"""


@pytest.fixture(scope="module")
def table_pages(codex, plan) -> dict[str, str]:
    """The pages of the site's own tables (Material styles only tables without a class): each format's ban list,
    Modern's legal sets, the print pages (their tables on screen)."""
    pages = {
        f"{fid}-bans": plan.anchors[codex.formats[fid].bans.entries[0].id][0] for fid in ("obsidian-hand", "modern")
    }
    pages["modern-sets"] = plan.anchors[codex.formats["modern"].legality.sets[0].id][0]
    pages["obsidian-hand-print"], pages["modern-print"] = "print/obsidian-hand.md", "print/modern.md"
    return pages


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize(
    "which", ["obsidian-hand-bans", "modern-bans", "modern-sets", "obsidian-hand-print", "modern-print"]
)
@article_layout
def test_the_sites_tables_never_cut_a_word_nor_scroll_sideways(page, small_site, table_pages, which, viewport):
    open_page(page, small_site, table_pages[which], viewport)
    assert page.locator("table.l5r-bans, table.l5r-sets, table.l5r-print-table").count(), (
        "the page should have its table"
    )
    cut = page.evaluate(WORDS_CUT, True)
    assert not cut, f"words cut by a line break: {cut[:12]}"
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")


@pytest.fixture(scope="module")
def long_citation_pages(codex, plan) -> dict[str, str]:
    """Pages whose citations are long: Obsidian Hand's II.F (its sub-sections cite as "OH II.F, <title>"), and the
    card the documents name whose title is longest."""
    oh = codex.formats["obsidian-hand"]
    section = next(s for s in oh.sections if s.number == "II.F")
    card = max(codex.cards.values(), key=lambda c: len(c.full_title))
    return {"section": plan.anchors[section.id][0], "card": plan.anchors[card.id][0]}


@article_layout
@pytest.mark.parametrize("which", ["section", "card"])
def test_copy_citation_reads_on_one_line_on_a_phone(page, small_site, long_citation_pages, which):
    open_page(page, small_site, long_citation_pages[which], PHONE)
    lines = page.eval_on_selector_all(
        ".l5r-copy",
        """buttons => buttons.filter(b => b.getClientRects().length)
        .map(b => { const r = document.createRange(); r.selectNodeContents(b);
                    return [b.textContent, new Set([...r.getClientRects()].filter(x => x.width > 0)
                                                  .map(x => Math.round(x.top))).size]; })""",
    )
    assert lines, "the page should have Copy citation buttons"
    assert all(n == 1 for _, n in lines), [text for text, n in lines if n != 1]
    assert not page.evaluate(WORDS_CUT, True)
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")


def open_card_search(page, site, viewport: dict) -> None:
    page.set_viewport_size(viewport)
    page.goto(site.url("cards/search.md"), wait_until="load")
    page.wait_for_function(
        "() => document.getElementById('l5r-count') && document.getElementById('l5r-count').textContent"
    )


@article_layout
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_card_search_box_shows_its_whole_placeholder(page, small_site, viewport):
    open_card_search(page, small_site, viewport)
    fit = page.evaluate(PLACEHOLDER_FIT, "#l5r-q")
    assert fit["needs"] <= fit["room"], f"{fit['text']!r} needs {fit['needs']:.0f} px, the box has {fit['room']:.0f}"


@article_layout
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_card_search_filters_keep_each_name_beside_its_field(page, small_site, viewport):
    """ "Clan" at the end of one line and its menu at the start of the next reads as the name of the menu before it;
    a check box's words ("banned in some format") stay on one line."""
    open_card_search(page, small_site, viewport)
    apart = page.evaluate("""() => {
      const out = [];
      for (const label of document.querySelectorAll('.l5r-card-search label')) {
        const control = label.htmlFor ? document.getElementById(label.htmlFor) : label.querySelector('input');
        const l = label.getBoundingClientRect(), c = control.getBoundingClientRect();
        const lineOf = r => r.top + r.height / 2;
        const above = c.top - l.bottom >= 0 && c.top - l.bottom < 12 && Math.abs(l.left - c.left) < 4;
        if (!above && Math.abs(lineOf(l) - lineOf(c)) > c.height / 2)
          out.push(`${label.textContent.trim()}: neither on its field's line nor just above it`);
        const range = document.createRange(), lines = new Set();
        for (const text of label.childNodes) {
          if (text.nodeType !== Node.TEXT_NODE || !text.data.trim()) continue;
          range.selectNodeContents(text);
          for (const r of range.getClientRects()) if (r.width > 0) lines.add(Math.round(r.top));
        }
        if (lines.size > 1) out.push(`${label.textContent.trim()}: on ${lines.size} lines`);
      }
      return out;
    }""")
    assert not apart, apart
