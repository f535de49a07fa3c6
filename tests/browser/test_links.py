"""In Chromium: the copy button on http://127.0.0.1 and file://, tooltips on auto-links, short links."""

from __future__ import annotations

import re

import pytest

from conftest import TEST_SITE_URL  # the public address the test builds are given (tests/conftest.py)
from .conftest import guarded_page

pytestmark = pytest.mark.browser


@pytest.fixture
def served(online_site) -> str:
    return online_site.root_url.rstrip("/")


@pytest.fixture
def chromium_page(contexts):
    """A wiped tab at 1280 px in this file's shared context, with no permission an earlier test granted; a script
    error, a console error or a request off the machine fails the test."""
    shared = contexts.get(viewport={"width": 1280, "height": 900})
    shared.context.clear_permissions()
    with guarded_page(contexts, viewport={"width": 1280, "height": 900}) as page:
        yield page


def _click_copy(page, selector=".l5r-copy"):
    button = page.locator(selector).first
    button.click()
    # The "Copied" feedback lasts 1.5 s; data-copy-state stays, so a loaded machine cannot miss the outcome.
    page.wait_for_function("b => b.hasAttribute('data-copy-state')", arg=button.element_handle())
    return button


def test_copy_citation_on_127_0_0_1_puts_citation_title_and_link_on_the_clipboard(served, chromium_page):
    page = chromium_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served)
    page.goto(f"{served}/formats/obsidian-hand/ii-b/")
    button = _click_copy(page)
    assert button.get_attribute("data-copy-state") == "copied"
    assert page.evaluate("navigator.clipboard.readText()") == (
        f"OH II.B — Family Honor — {TEST_SITE_URL}c/oh-ii-b/"
    )  # the public address of its short link
    page.wait_for_function("b => b.textContent === 'Copy citation'", arg=button.element_handle(), timeout=3000)


def test_a_ban_entry_row_copies_its_own_citation(served, chromium_page):
    page = chromium_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served)
    page.goto(f"{served}/formats/obsidian-hand/bans/")
    _click_copy(page, "#oh-ban-hantei .l5r-copy")
    assert page.evaluate("navigator.clipboard.readText()") == (f"OH Ban list, Hantei — {TEST_SITE_URL}c/oh-ban-hantei/")


def _record_copies(page):
    """Remember what the copy command copied (the fallback when the Clipboard API refuses)."""
    page.add_init_script("""
        window.__copied = [];
        document.addEventListener('copy', () => {
            const el = document.activeElement;
            window.__copied.push(el && el.value !== undefined ? el.value.slice(el.selectionStart, el.selectionEnd)
                                                               : String(document.getSelection()));
        });
    """)


def test_copy_from_disk_shares_the_published_link_and_falls_back_when_the_clipboard_refuses(built_site, chromium_page):
    page = chromium_page
    _record_copies(page)
    # The Clipboard API refuses (no permission for file://): the copy command takes over.
    page.add_init_script("""navigator.clipboard && (navigator.clipboard.writeText =
        () => Promise.reject(new DOMException('denied', 'NotAllowedError')));""")
    page.goto((built_site / "formats/new-era/turn/index.html").as_uri())
    canonical = page.locator('link[rel="canonical"]').get_attribute("href")
    assert canonical.startswith("http"), "the build sets site_url, so pages name their published address"
    page.locator("#ne-4-3-c").scroll_into_view_if_needed()
    button = _click_copy(page, 'div.l5r-cite[data-anchor="ne-4-3-c"] .l5r-copy')
    assert button.inner_text() == "Copied"
    assert page.evaluate("window.__copied") == [f"NE 4.3.C — Resolution Segment — {TEST_SITE_URL}c/ne-4-3-c/"]


def test_when_nothing_can_copy_the_text_is_shown_selected(built_site, chromium_page):
    page = chromium_page
    page.add_init_script("""
        navigator.clipboard && (navigator.clipboard.writeText = () => Promise.reject(new Error('no')));
        document.execCommand = () => false;
    """)
    page.goto((built_site / "formats/obsidian-hand/ii-b/index.html").as_uri())
    button = _click_copy(page)
    assert button.inner_text() == "Press Ctrl+C"
    field = page.locator(".l5r-cite .l5r-copy-fallback").first
    assert field.input_value().startswith("OH II.B — Family Honor — http")
    assert page.evaluate("document.activeElement.selectionEnd - document.activeElement.selectionStart") == len(
        field.input_value()
    )


def test_auto_links_show_a_material_tooltip_with_the_definition(served, chromium_page):
    page = chromium_page
    page.goto(f"{served}/formats/new-era/cardinal-rules/")  # NE Bronze Rule names New Era's Active Player
    link = page.locator("article a.l5r-term", has_text="Active Player").first
    link.hover()
    tip = page.locator(".md-tooltip2--active")
    tip.wait_for(state="visible", timeout=3000)
    assert "Active Player: The player whose turn it is." in tip.inner_text()


def test_a_short_link_lands_on_the_citation(served, chromium_page):
    page = chromium_page
    page.goto(f"{served}/c/oh-ii-b/")
    page.wait_for_url(re.compile(r"/formats/obsidian-hand/ii-b/#oh-ii-b$"))
    assert page.locator("#oh-ii-b").is_visible()


def test_a_shared_card_title_lands_on_its_title_group(served, chromium_page):
    page = chromium_page
    page.goto(f"{served}/formats/obsidian-hand/ii-f/")
    page.locator("article a.l5r-term", has_text=re.compile(r"^Hida Kisada$")).first.click()
    page.wait_for_url(re.compile(r"/compare/cards/#title-hida-kisada$"))
    assert "4 cards share this title" in page.locator("#title-hida-kisada").inner_text()
