"""Every page type, in a real browser, online and from the offline copy: no console error, no request leaving
the machine, no serious or critical accessibility violation (axe-core); permalinks scroll to their anchor; the
copy-citation button copies; the offline copy navigates from disk; the print pages lay out for paper."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from conftest import TEST_SITE_URL  # tests/conftest.py: the public address test builds are given

from .conftest import PAGE_TYPES, Target

pytestmark = pytest.mark.browser


def axe_violations(page, axe_source: str) -> list[dict]:
    # Colours are judged as shown: let transitions (the search overlay fading in) finish first.
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')", timeout=10000)
    page.add_script_tag(content=axe_source)
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations'], preload: false});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').split('\\n')[1])}));
    }""")
    return [v for v in result if v["impact"] in ("serious", "critical")]


# One load of each page for both checks: it loads cleanly (a heading, no console error, no request leaving the
# machine, checked before axe-core is added to it), then axe-core finds nothing serious. Every page type online;
# from the offline copy, the home page and a rule page: its header and navigation are its own, but every page's
# article is the online one's, with the same stylesheets (tests/browser/test_offline_copy.py).
OFFLINE_PAGE_TYPES = ["home", "rule-section"]


@pytest.mark.parametrize(
    "site,kind",
    [("online", kind) for kind in PAGE_TYPES] + [("offline", kind) for kind in OFFLINE_PAGE_TYPES],
    indirect=["site"],
)
def test_page_loads_cleanly_with_no_serious_accessibility_violation(tab, page_types, axe_source, kind):
    page = tab.open(page_types[kind])
    page.wait_for_load_state("networkidle")
    assert page.locator("h1").count() >= 1, f"{kind}: no heading"
    assert not tab.console_errors, f"{kind}: console errors: {tab.console_errors}"
    assert not tab.outside_requests(), f"{kind}: requests left the machine: {tab.outside_requests()}"
    bad = axe_violations(page, axe_source)
    assert not bad, f"{kind}: axe-core found serious/critical violations:\n{json.dumps(bad, indent=1)}"


def test_search_results_have_no_serious_accessibility_violation(tab, axe_source):
    tab.open(Target("index.md"))
    tab.search("Hida")
    assert tab.card_hits("Hida")
    bad = axe_violations(tab.page, axe_source)
    assert not bad, f"search results: axe-core found serious/critical violations:\n{json.dumps(bad, indent=1)}"


def in_view(page, element_id: str) -> dict:
    return page.evaluate(
        """id => {
        const el = document.getElementById(id);
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, height: innerHeight, scrollY: scrollY};
    }""",
        element_id,
    )


@pytest.mark.parametrize("record_id", ["oh-ii-b-points-of-family-honor", "ne-kw-tactician"])
def test_permalink_scrolls_to_its_anchor(tab, plan, record_id):
    uri, anchor = plan.anchors[record_id]
    page = tab.open(Target(uri, anchor))
    page.wait_for_function(
        "id => { const el = document.getElementById(id); if (!el) return false;"
        " const r = el.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight / 2; }",
        arg=anchor,
        timeout=10000,
    )
    box = in_view(page, anchor)
    assert box is not None, f"#{anchor} is not on {page.url}"
    assert box["scrollY"] > 0, f"#{anchor}: the page did not scroll ({box})"
    assert 0 <= box["top"] < box["height"] / 2, f"#{anchor} should be near the top of the window: {box}"
    # The heading's own permalink points at the same anchor of the same page.
    href = page.eval_on_selector(f"[id='{anchor}'] a.headerlink", "a => a.href")
    assert href == page.url.split("#")[0] + f"#{anchor}", href


def test_permalink_to_a_ban_entry_row(tab, codex, plan):
    ban = next(e for e in codex.formats["obsidian-hand"].bans.entries)
    uri, anchor = plan.anchors[ban.id]
    page = tab.open(Target(uri, anchor))
    page.wait_for_function(
        "id => { const el = document.getElementById(id); if (!el) return false;"
        " const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }",
        arg=anchor,
        timeout=10000,
    )


def test_copy_citation_button_copies_citation_title_and_link(tab, codex, plan):
    record = codex.records["oh-ii-b"]
    uri, anchor = plan.anchors[record.id]
    page = tab.open(Target(uri))
    box = page.locator(f'.l5r-cite[data-anchor="{anchor}"]').first
    button = box.locator(".l5r-copy")
    button.click()
    # data-copy-state stays after the 1.5 s "Copied" feedback ends, so a slow machine cannot miss it.
    page.wait_for_function(
        "b => b.getAttribute('data-copy-state') === 'copied'", arg=button.element_handle(), timeout=5000
    )
    copied = button.get_attribute("data-copied-text")
    assert copied.startswith(f"{record.citation} — "), copied
    assert record.title in copied, copied
    link = copied.rsplit(" — ", 1)[-1]
    # The build has a public address (L5R_SITE_URL): online and from disk alike, the link shared is the entry's own
    # short link there (it unfurls with the entry's words; the page with an anchor unfurls with its first entry).
    expected = f"{TEST_SITE_URL}c/oh-ii-b/"
    assert link == expected, copied
    # What landed on the clipboard: paste it into a text field.
    page.evaluate("""() => { const t = document.createElement('textarea'); t.id = 'paste-here';
        t.setAttribute('aria-label', 'paste'); document.body.appendChild(t); t.focus(); }""")
    page.keyboard.press("Control+V")
    pasted = page.input_value("#paste-here")
    assert pasted == copied, f"clipboard holds {pasted!r}, expected {copied!r}"
    if tab.site.kind == "online":
        # The copied link, on this copy of the site, lands on the rule: a fresh load of it, as a pasted link is
        # opened (from the same page it would be a same-document jump, which the theme's own scrolling can race).
        page.goto("about:blank")
        tab.open(tab.site.root_url + link[len(TEST_SITE_URL) :])
        page.wait_for_function(
            "id => { const el = document.getElementById(id); if (!el) return false;"
            " const r = el.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }",
            arg=anchor,
            timeout=20000,
        )


def test_navigation_by_menu_and_by_links_in_rules_text(tab, codex, plan):
    page = tab.open(Target("index.md"))
    fmt = codex.formats["obsidian-hand"]
    page.locator(".md-nav--primary .md-nav__link", has_text=fmt.short_name).first.click()
    overview = page.locator(".md-nav--primary .md-nav__link", has_text="Overview").first
    if overview.is_visible():
        overview.click()
    else:
        page.locator(".md-nav--primary a.md-nav__link", has_text=fmt.short_name).first.click()
    # Online the theme loads a page in place (instant navigation), with no new load event: wait for what it shows.
    expect(page.locator("h1").first).to_have_text(
        re.compile(r"^\s*" + re.escape(fmt.name.split(" (")[0])), timeout=10000
    )
    # A term linked inside verbatim rules text (raw HTML, not a Markdown link) opens its entry.
    page = tab.open(Target(plan.anchors["ne-bronze-rule"][0]))  # names New Era's Active Player
    term = page.locator("a.l5r-term").first
    href = term.get_attribute("href")
    term.click()
    page.wait_for_load_state("load")
    anchor = href.split("#", 1)[1] if "#" in href else None
    assert page.locator("h1").count() >= 1, f"{href} did not open a page ({page.url})"
    if anchor:
        expect(page.locator(f"[id='{anchor}']")).to_have_count(1, timeout=10000)


def test_print_page_lays_out_for_paper(tab, codex):
    fmt = codex.formats["obsidian-hand"]
    page = tab.open(Target(f"print/{fmt.id}.md"))
    page.emulate_media(media="print")
    hidden = page.evaluate("""() => ['.md-header', '.md-sidebar--primary', '.md-footer', '.l5r-print-actions']
        .map(s => document.querySelector(s)).filter(Boolean).map(el => getComputedStyle(el).display)""")
    assert hidden and all(d == "none" for d in hidden), f"navigation and buttons should not print: {hidden}"
    cites = page.locator(".l5r-print-cite code")
    assert cites.count() > 20
    assert cites.first.is_visible()
    first_section = next(s for s in fmt.sections if s.number)
    assert page.locator(".l5r-print-cite code", has_text=first_section.citation).count() >= 1
    pdf = page.pdf(format="A4")
    assert pdf[:5] == b"%PDF-" and len(pdf) > 20000
