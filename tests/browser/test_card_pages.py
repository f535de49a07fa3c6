"""Pool card pages and the card search page in Chromium (issue 11), online and from the offline copy.

The site is built (once per variant) with a small synthetic card pool written into a tmp folder — never real
card text — whose text carries `<script>`, `onerror=` and `javascript:` payloads: they must show as text and
never run. Rules served: the OH ban list's dated category ban (oh-ban-unreleased-promos, added 2015-11-12) for
a card's legality as of a past date; mod-card-legality (legal sets) for the search filter.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest
import yaml

from .conftest import ROOT, is_local

pytestmark = pytest.mark.browser  # Chromium on the online site and the offline copy

PAYLOAD = ('<b>Battle:</b> :bow: Bow a target.<br><script>window.__pwned = 1</script>'
           '<img src=x onerror="window.__pwned = 2"><a href="javascript:window.__pwned = 3">click</a>')
POOL = {
    "a_line_in_the_sand": {"set": "A Line in the Sand", "cards": [
        {"title": "Zzyx Test Samurai", "types": ["Personality"], "decks": ["Dynasty"], "clans": ["Crab"],
         "keywords": ["Samurai", "Crab Clan"], "is_unique": True, "text": PAYLOAD, "legality": ["Legacy", "Modern"],
         "rarity": "Rare", "artist": "Test Artist", "force": "2", "chi": "2"},
        {"title": "Zzyx Test Courtier", "types": ["Personality"], "decks": ["Dynasty"], "clans": ["Crane"],
         "keywords": ["Courtier"], "text": "Plain text.", "legality": ["Modern"], "rarity": "Common",
         "artist": "Test Artist"}]},
    "promotional_test": {"set": "Promotional (Test)", "cards": [
        {"title": "Zzyx Test Promo", "types": ["Item"], "decks": ["Fate"], "keywords": [], "text": "A promo.",
         "legality": ["Legacy"], "rarity": "Promo", "artist": "Test Artist"}]},
}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="module")
def test_pool(tmp_path_factory) -> Path:
    pool = tmp_path_factory.mktemp("pool")
    (pool / "sets").mkdir()
    for name, doc in POOL.items():
        (pool / "sets" / f"{name}.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    (pool / "set_info.yaml").write_text(yaml.safe_dump({"arcs": [{"name": "Test", "sets": [
        {"set_name": "A Line in the Sand", "release_date": "2014-08-01"}]}]}), encoding="utf-8")
    return pool


def _env(pool: Path) -> dict:
    return dict(os.environ, NO_MKDOCS_2_WARNING="1", L5R_CARDPOOL=str(pool),
                L5R_CACHE_DIR=str(pool.parent / "cache"))


@pytest.fixture(scope="module", params=["online", "offline"])
def card_site(request, test_pool, tmp_path_factory):
    out = tmp_path_factory.mktemp(request.param)
    if request.param == "online":
        site = out / "site"
        result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                                cwd=ROOT, env=_env(test_pool), capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stderr[-3000:]
        handler = functools.partial(_Quiet, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield "online", f"http://127.0.0.1:{server.server_address[1]}/", ""
        server.shutdown()
        server.server_close()
        return
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_offline.py"), "--dist", str(out)],
                            cwd=ROOT, env=_env(test_pool), capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    with zipfile.ZipFile(next(out.glob("*.zip"))) as z:
        z.extractall(out / "unzipped")
    folder = next(p for p in (out / "unzipped").iterdir() if p.is_dir())
    yield "offline", folder.as_uri() + "/", "index.html"


@pytest.fixture
def page(browser, card_site):
    context = browser.new_context()
    outside, errors = [], []

    def route(r):
        if is_local(r.request.url):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    tab = context.new_page()
    tab.on("pageerror", lambda e: errors.append(str(e)))
    yield tab
    context.close()
    assert not outside, f"requests left the machine: {outside}"
    assert not errors, f"script errors: {errors}"


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


def test_card_page_copies_its_citation_like_every_record(page, card_site):
    """Issue 11: a pool card has a CARD citation and the copy button of every other record (assets/codex.js):
    `citation — title — link`, the link being the page's own address online and the published one from disk."""
    kind, root, index = card_site
    _open(page, card_site, "card/zzyx-test-samurai/")
    box = page.locator(".l5r-cite").first
    assert box.locator(".l5r-cite__id").inner_text() == "CARD Zzyx Test Samurai"
    button = box.locator(".l5r-copy")
    button.click()
    page.wait_for_function("b => b.hasAttribute('data-copy-state')", arg=button.element_handle(), timeout=5000)
    copied = button.get_attribute("data-copied-text")
    if kind == "online":
        link = root + "card/zzyx-test-samurai/#card"
    else:  # a file:// address is no use in a chat: the published one (mkdocs.yml site_url)
        site_url = re.search(r"^site_url:\s*(\S+)", (ROOT / "mkdocs.yml").read_text(), re.M).group(1)
        link = site_url.rstrip("/") + "/card/zzyx-test-samurai/#card"
    assert copied == f"CARD Zzyx Test Samurai — Zzyx Test Samurai — {link}", copied


def test_legality_as_of_a_past_date(page, card_site):
    """oh-ban-unreleased-promos (added 2015-11-12): the promo is banned after that day, not on 2015-01-01."""
    _open(page, card_site, "card/zzyx-test-promo/")
    status = page.locator('tr[data-format="obsidian-hand"] [data-status]')
    page.fill("#l5r-as-of", "2016-01-01")
    page.dispatch_event("#l5r-as-of", "change")
    assert status.get_attribute("data-status") == "banned"
    page.fill("#l5r-as-of", "2015-01-01")
    page.dispatch_event("#l5r-as-of", "change")
    assert status.get_attribute("data-status") == "legal"


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
    """Issue 11: "not legal in" a format and "banned in some format" filter the pool, from the verdicts the deck
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
    """Players check cards on a phone at the venue: a card page, header bar included, fits 390 px."""
    page.set_viewport_size({"width": 390, "height": 800})
    _open(page, card_site, "card/zzyx-test-samurai/")
    wide = page.evaluate("""[...document.querySelectorAll('header a, main *')]
        .filter(e => e.getBoundingClientRect().right > 391).map(e => e.tagName + ' ' + e.textContent.slice(0, 30))""")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, wide
    assert page.locator("header a", has_text="Formats").bounding_box()["x"] < 390
