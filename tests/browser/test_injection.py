"""Nothing from data runs in a reader's browser. (Card text from a card pool: card pages.)

One extra site build per session: the small copy of the project (tests/small_project.py: every kind of record and
page, half the pages) is copied, script-looking text is planted in every prose field of the data (titles, texts, notes, errata, ban notes, changelog, rulings, card facts) and in a scenario fence
(tests/injection.py), and the copy is built with `mkdocs build --strict -f copy/mkdocs.yml`, as a maintainer
would build it. Then, as a reader would meet it:
- every built page holds no element, attribute, link or style that the data made (static scan of all pages);
- in Chromium, on pages of every type, in search results, in the auto-link tooltips: no dialog opens, no script
  sets its marker, no request leaves the machine, and the planted text is shown as text;
- the Atom feed's entries, rendered as HTML the way a feed reader renders `type="html"` content: the same;
- permalinks.json, the search index and the card index are valid JSON.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from injection import HOST, MARK, damage_pool, damage_project

from conftest import small_project  # tests/conftest.py

from .conftest import serve

pytestmark = pytest.mark.browser

BIN = Path(sys.executable).parent
ATOM = "{http://www.w3.org/2005/Atom}"


@pytest.fixture(scope="module")
def injected(tmp_path_factory):
    """The damaged project, built strictly; (project folder, site folder)."""
    work = tmp_path_factory.mktemp("injected")
    project = damage_project(small_project(tmp_path_factory), work / "project")
    pool = damage_pool(work / "pool")  # card pages, card search and api/v1/cards.json from damaged pool text
    check = subprocess.run([str(BIN / "l5r"), "check"], cwd=project, capture_output=True, text=True, check=False)
    assert check.returncode == 0, f"the damaged copy must stay valid data:\n{check.stdout}{check.stderr}"
    site = project / "site"
    result = subprocess.run(
        [str(BIN / "mkdocs"), "build", "--strict", "-f", str(project / "mkdocs.yml"), "--site-dir", str(site)],
        cwd=project,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1", L5R_CARDPOOL=str(pool), L5R_CACHE_DIR=str(work / "cache")),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, f"the damaged copy did not build:\n{result.stdout}\n{result.stderr}"
    return project, site


@pytest.fixture(scope="module")
def served(injected):
    _, site = injected
    with serve(site) as root_url:
        yield root_url


# ---------------------------------------------------------------------------------------------------------
# The built files
# ---------------------------------------------------------------------------------------------------------


class _ActiveMarkup(HTMLParser):
    """Elements, attributes and links made from the planted text (whatever its number)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.raw: list[str] = []  # the enclosing script / style element, if any

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            value = value or ""
            low = value.strip().lower()
            if name.startswith("on") and MARK in value:
                self.found.append(f"<{tag} {name}=…{MARK}…>")
            if name in ("href", "src", "action", "formaction", "data", "srcdoc", "xlink:href") and (
                HOST in value or low.startswith(("javascript:", "data:text/html"))
            ):
                self.found.append(f"<{tag} {name}={value[:60]!r}>")
            if name == "autofocus" or (name == "style" and HOST in value):
                self.found.append(f"<{tag} {name}>")
        if tag in ("script", "style"):
            self.raw.append(tag)

    def handle_endtag(self, tag):
        if self.raw and self.raw[-1] == tag:
            self.raw.pop()

    def handle_data(self, data):
        if self.raw and MARK in data:
            self.found.append(f"<{self.raw[-1]}> holding {data[:60]!r}")


def test_no_page_holds_markup_made_from_data(injected):
    _, site = injected
    pages = sorted(site.rglob("*.html"))
    shown = [p for p in pages if MARK in p.read_text(encoding="utf-8")]
    # The planted text must reach the pages (else this test proves nothing): rules, bans, changelog, rulings,
    # keywords, abilities, cards, comparison and print pages, and the scenario page.
    assert len(shown) > 100, f"only {len(shown)} pages show the planted text"
    for part in (
        "cards/",
        "formats/modern/bans/",
        "formats/modern/changelog/",
        "formats/modern/rulings/",
        "formats/modern/keywords/",
        "formats/new-era/turn/",
        "compare/",
        "print/",
        "scenarios/modern/",
        "whats-new/",
        "formats/twenty-festivals/",
        "formats/aeg/glossary/",
    ):
        assert any(part in p.relative_to(site).as_posix() for p in shown), f"no page under {part} shows it"
    bad = {}
    for page in pages:
        scan = _ActiveMarkup()
        scan.feed(page.read_text(encoding="utf-8"))
        if scan.found:
            bad[page.relative_to(site).as_posix()] = scan.found[:3]
    assert not bad, f"markup made from data in {len(bad)} pages: {dict(list(bad.items())[:5])}"


def _strict_json(text: str, what: str):
    def no_constant(name):
        raise AssertionError(f"{what}: {name} is not JSON")

    return json.loads(text, parse_constant=no_constant)


def test_json_outputs_are_valid_json(injected):
    _, site = injected
    permalinks = _strict_json((site / "permalinks.json").read_text(encoding="utf-8"), "permalinks.json")
    assert permalinks and all(isinstance(k, str) and isinstance(v, str) for k, v in permalinks.items())
    index = _strict_json((site / "search" / "search_index.json").read_text(encoding="utf-8"), "search index")
    assert any(MARK in d["title"] or MARK in d["text"] for d in index["docs"]), "the index lost the planted text"
    script = (site / "search" / "codex.js").read_text(encoding="utf-8")
    prefix = "window.__l5r_search="
    assert script.startswith(prefix) and script.rstrip().endswith(";"), script[:80]
    cards = _strict_json(script.rstrip()[len(prefix) : -1], "search/codex.js")
    assert any(MARK in row[0] for row in cards["cards"]), "the card index lost the planted card titles"
    for path in sorted(site.rglob("api/**/*.json")):  # the JSON API (branch deck-browser), when it is built
        _strict_json(path.read_text(encoding="utf-8"), path.relative_to(site).as_posix())


# ---------------------------------------------------------------------------------------------------------
# In Chromium
# ---------------------------------------------------------------------------------------------------------


class Guarded:
    """A tab where nothing may leave the machine, and every dialog is recorded."""

    def __init__(self, page, outside: list[str]):
        self.page = page
        self.dialogs: list[str] = []
        self.outside = outside  # the requests kept from leaving (tests/browser/conftest.py SharedContext)
        self.errors: list[str] = []
        self.page.on("dialog", self._dialog)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _dialog(self, dialog):
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def assert_inert(self, where: str):
        ran = self.page.evaluate("() => window.__l5r_xss || null")
        assert not self.dialogs, f"{where}: a dialog opened: {self.dialogs}"
        assert ran is None, f"{where}: a planted script ran ({ran})"
        assert not self.outside, f"{where}: requests left the machine: {sorted(set(self.outside))}"
        active = self.page.evaluate(f"""() => {{
            const out = [];
            for (const el of document.querySelectorAll('*')) {{
                for (const a of el.attributes) {{
                    if ((a.name.startsWith('on') && a.value.includes('{MARK}')) ||
                        (/^(href|src|action|srcdoc)$/.test(a.name) && /^\\s*javascript:|{re.escape(HOST)}/i.test(a.value)))
                        out.push(el.tagName + ' ' + a.name);
                }}
                if ((el.tagName === 'SCRIPT' || el.tagName === 'STYLE') && el.textContent.includes('{MARK}'))
                    out.push(el.tagName);
            }}
            return out;
        }}""")
        assert not active, f"{where}: the DOM holds markup made from data: {active[:5]}"


@pytest.fixture
def guarded(contexts):
    with contexts.get(viewport={"width": 1280, "height": 900}).tab() as (page, _, outside):
        yield Guarded(page, outside)


PAGES = [
    "",
    "whats-new/",
    "formats/new-era/",
    "formats/new-era/turn/",
    "formats/modern/",
    "formats/modern/bans/",
    "formats/modern/changelog/",
    "formats/modern/rulings/",
    "formats/modern/keywords/",
    "formats/new-era/abilities/",
    "formats/twenty-festivals/",
    "formats/aeg/glossary/",
    "cards/keigo-sensei/",
    "cards/koans-robes/",
    "cards/",
    "compare/",
    "compare/cards/",
    "compare/keywords/elite/",
    "compare/abilities/seppuku/",
    "print/modern/",
    "scenarios/modern/",
]


_HOVERED = "main a.l5r-term, main .md-typeset b, main .md-typeset p"
_POINTER_EVENTS = """selector => {
  const elements = [...document.querySelectorAll(selector)];
  const fire = (el, type) => el.dispatchEvent(new (type.startsWith('pointer') ? PointerEvent : MouseEvent)(
    type, {bubbles: !/(enter|leave)$/.test(type), view: window}));
  for (const el of elements) {
    for (const type of ['pointerover', 'pointerenter', 'mouseover', 'mouseenter', 'pointermove', 'mousemove'])
      fire(el, type);
    el.dispatchEvent(new FocusEvent('focusin', {bubbles: true}));
    el.dispatchEvent(new FocusEvent('focus'));
    for (const type of ['mouseout', 'mouseleave', 'pointerout', 'pointerleave']) fire(el, type);
  }
  return elements.length;
}"""


def test_pages_run_nothing_from_data(guarded, served):
    page = guarded.page
    hovered = 0
    for path in PAGES:
        page.goto(served + path, wait_until="load")
        page.wait_for_function("() => document.documentElement.classList.contains('js')")
        text = page.evaluate("() => document.body.textContent")
        # Shown as the characters the data holds, not eaten as markup.
        assert f'<script>alert("{MARK}' in text, f"{path}: the planted text is not shown as text"
        guarded.assert_inert(path)
        # Hover and focus what the payload tried to wire up, as a reader's pointer would: every such element gets
        # the events a pointer passing over it and a focus fire (its handlers and the theme's listeners run as
        # on a real hover), in one call; the first few are also hovered by Playwright's pointer. Hovering each
        # one through Playwright cost a round trip and, off-screen, a one-second wait apiece (40 s a run).
        hovered += page.evaluate(_POINTER_EVENTS, _HOVERED)
        # Only elements shown can be hovered: a hidden one (a folded block's text) cost the whole timeout.
        shown = page.locator(_HOVERED).filter(visible=True)
        for i in range(min(3, shown.count())):
            try:
                shown.nth(i).hover(timeout=1000)
            except Exception:  # noqa: BLE001 - covered: nothing to hover
                pass
        guarded.assert_inert(path + " (after hovering)")
    assert hovered > 100, f"only {hovered} elements were hovered on {len(PAGES)} pages"
    assert not guarded.errors, f"uncaught errors: {guarded.errors}"


def test_pool_card_pages_and_card_search_run_nothing(guarded, served, injected):
    _, site = injected
    records = {p.stem for p in (Path(__file__).resolve().parents[2] / "data" / "cards").glob("*.yml")}  # card/<id>/
    cards = sorted(
        p.parent.relative_to(site).as_posix() + "/"
        for p in (site / "card").glob("*/index.html")
        if p.parent.name not in records
    )
    assert len(cards) == 3, cards
    assert _strict_json((site / "api/v1/cards.json").read_text(encoding="utf-8"), "api/v1/cards.json")
    page = guarded.page
    for path in cards:
        page.goto(served + path, wait_until="load")
        text = page.evaluate("() => document.body.textContent")
        assert f'<script>alert("{MARK}' in text, f"{path}: the planted pool text is not shown as text"
        assert page.locator("main b").count() >= 1  # the pool's own <b> markup survives
        guarded.assert_inert(path)
    page.goto(served + "cards/search/", wait_until="load")
    page.fill("#l5r-q", "zzyx")
    page.wait_for_function("() => document.querySelectorAll('#l5r-results li').length === 3")
    guarded.assert_inert("card search results")
    assert MARK in page.evaluate("() => document.querySelector('#l5r-results').textContent")
    assert not guarded.errors, f"uncaught errors: {guarded.errors}"


def test_search_results_run_nothing(guarded, served):
    page = guarded.page
    page.goto(served + "formats/modern/", wait_until="load")
    box = page.locator(".md-search__input")
    box.click()
    page.wait_for_function(
        """() => { const m = document.querySelector('.md-search-result__meta');
                                      return m && !/initializing/i.test(m.textContent); }""",
        timeout=20000,
    )
    for query in (MARK, "script alert", "Bayushi"):
        box.fill(query)
        box.press("End")
        page.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0", timeout=15000)
        page.wait_for_timeout(300)
        guarded.assert_inert(f"search results for {query!r}")
    results = page.evaluate("() => document.querySelector('.md-search-result').innerText")
    assert MARK in results, "the search results do not show the planted text"


def test_tooltips_run_nothing(guarded, served):
    page = guarded.page
    page.goto(served + "formats/modern/amendments/", wait_until="load")
    links = page.locator(f'main a.l5r-term[title*="{MARK}"]')
    if links.count() == 0:
        page.goto(served + "formats/modern/rulings/", wait_until="load")
        links = page.locator(f'main a.l5r-term[title*="{MARK}"]')
    assert links.count() > 0, "no auto-link carries a planted tooltip"
    handles = links.element_handles()[:5]  # Material moves each title into its tooltip on first hover
    for i, link in enumerate(handles):
        link.scroll_into_view_if_needed()
        link.hover()
        page.wait_for_timeout(400)  # Material shows its tooltip after a short delay
        guarded.assert_inert(f"tooltip {i}")
    tip = page.evaluate("""() => [...document.querySelectorAll('.md-tooltip2, .md-tooltip')]
                                 .map(t => t.innerText).join(' ')""")
    assert MARK in tip, f"no tooltip showed the planted text as text: {tip[:200]!r}"


def test_feed_entries_run_nothing_as_a_reader_renders_them(guarded, injected):
    _, site = injected
    feeds = [site / "feed.xml", *sorted((site / "formats").glob("*/feed.xml"))]
    entries = 0
    for feed in feeds:
        root = ET.parse(feed).getroot()  # well-formed XML whatever the data holds
        for entry in root.iter(f"{ATOM}entry"):
            title = entry.find(f"{ATOM}title")
            assert title.get("type", "text") == "text", "entry titles are plain text"
            content = entry.find(f"{ATOM}content")
            assert content.get("type") == "html"
            if MARK not in (content.text or "") and MARK not in (title.text or ""):
                continue
            entries += 1
            # A feed reader shows the title as text and the content as HTML.
            guarded.page.set_content(f"<h1></h1><article>{content.text}</article>", wait_until="load")
            guarded.page.evaluate("t => document.querySelector('h1').textContent = t", title.text)
            guarded.page.wait_for_timeout(50)
            guarded.assert_inert(f"{feed.relative_to(site)} entry {entry.find(ATOM + 'id').text}")
            shown = guarded.page.evaluate("() => document.body.innerText")
            assert f'<script>alert("{MARK}' in shown, "the entry does not show the planted text as text"
    assert entries > 0, "no feed entry carries planted text"
