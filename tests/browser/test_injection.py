"""Nothing from the data runs in a reader's browser (issue 14).

A copy of the project gets script-looking text appended to every free-text field of its data — titles, texts,
list items, examples, notes, errata corrections, facts, ban notes, changelog and rulings — and to a scenario
fence's title; the copy still passes `l5r check` and the strict build, because such text is legitimate data.
Then, as a reader: the built pages hold no live tag from it, and in Chromium no dialog opens, no script of it
runs and no request leaves — on the pages, in search results, in tooltips, and in the Atom feed's entries as a
feed reader renders them. The JSON files the site publishes stay valid JSON.

(Card text from a card pool is covered with the card pages, issue 11.)
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from .conftest import ROOT, Site, is_local

pytestmark = pytest.mark.browser

MARK = "L5RXSS"
PAYLOAD = (f" {MARK}<script>window.__l5rxss=1</script><img src=x onerror=\"window.__l5rxss=2\">"
           "<svg onload=window.__l5rxss=4></svg><iframe src=\"http://l5rxss.invalid/\"></iframe>"
           "<link rel=stylesheet href=\"http://l5rxss.invalid/x.css\">"
           "[x](javascript:window.__l5rxss=3) {{ 7*7 }}")
# The free-text fields; ids, dates, kinds and references stay as they are so the data stays valid. `evidence`
# is left alone too: it must quote the document verbatim, and the loader refuses anything else.
TEXT_KEYS = {"title", "note", "question", "source", "as_written", "correction", "date_as_written", "name",
             "short_name", "heading", "summary", "text", "facts", "footer", "list", "example", "items"}
LIVE = re.compile(r"<script>window\.__l5rxss|<img src=x onerror|<svg onload|<iframe src=\"http://l5rxss|"
                  r"<link rel=stylesheet href=\"http://l5rxss|href=\"\s*jav(?:ascript|&#x61;script):")


def _poison(value, key=None):
    if isinstance(value, dict):
        return {k: _poison(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_poison(v, key) for v in value]
    if isinstance(value, str) and key in TEXT_KEYS:
        return value + PAYLOAD
    return value


@pytest.fixture(scope="module")
def poisoned_project(tmp_path_factory) -> Path:
    project = tmp_path_factory.mktemp("poisoned") / "codex"
    project.mkdir()
    shutil.copy2(ROOT / "mkdocs.yml", project)
    for folder in ("docs", "data", "hooks"):
        shutil.copytree(ROOT / folder, project / folder)
    for path in sorted((project / "data").rglob("*.yml")):
        if "schemas" not in path.parts:
            document = yaml.safe_load(path.read_text(encoding="utf-8"))
            path.write_text(yaml.safe_dump(_poison(document), allow_unicode=True, sort_keys=False), encoding="utf-8")
    page = project / "docs" / "scenarios" / "aeg.md"
    text = page.read_text(encoding="utf-8")
    first = re.search(r"^title: (.+)$", text, re.M)
    page.write_text(text[:first.start()] + "title: " + json.dumps(first.group(1) + PAYLOAD) + text[first.end():],
                    encoding="utf-8")
    check = subprocess.run([str(Path(sys.executable).parent / "l5r"), "check"], cwd=project,
                           capture_output=True, text=True, check=False)
    assert check.returncode == 0, f"the poisoned data should still be valid data:\n{check.stdout}"
    return project


@pytest.fixture(scope="module")
def poisoned_site(poisoned_project, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("poisoned-site")
    result = subprocess.run([str(Path(sys.executable).parent / "mkdocs"), "build", "--strict", "--site-dir", str(out)],
                            cwd=poisoned_project, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"the strict build of the poisoned copy failed:\n{result.stderr[-3000:]}"
    return out


@pytest.fixture(scope="module")
def served(poisoned_site):
    import functools
    import http.server
    import threading

    from .conftest import _QuietHandler

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(_QuietHandler, directory=str(poisoned_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield Site("online", f"http://127.0.0.1:{server.server_address[1]}/", poisoned_site)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def reader(browser, served):
    """A fresh context that blocks and records every request off this machine and every dialog."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    seen = {"outside": [], "dialogs": []}

    def route(r):
        if is_local(r.request.url):
            r.continue_()
        else:
            seen["outside"].append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("dialog", lambda d: (seen["dialogs"].append(d.message), d.dismiss()))
    yield page, seen
    context.close()


def _inert(page, seen, where):
    assert page.evaluate("typeof window.__l5rxss") == "undefined", f"data ran as script on {where}"
    assert not seen["dialogs"], f"a dialog opened on {where}: {seen['dialogs']}"
    assert not seen["outside"], f"requests left the machine from {where}: {seen['outside']}"


# ---------------------------------------------------------------------------------------------------------
# The built files
# ---------------------------------------------------------------------------------------------------------


def test_no_page_holds_a_live_tag_from_the_data(poisoned_site):
    pages = sorted(poisoned_site.rglob("*.html"))
    carrying = [p for p in pages if MARK in p.read_text(encoding="utf-8")]
    assert len(carrying) > 50, "the poisoned text should show on most pages (as text)"
    live = {str(p.relative_to(poisoned_site)): LIVE.search(p.read_text(encoding="utf-8")).group(0)
            for p in pages if LIVE.search(p.read_text(encoding="utf-8"))}
    assert not live, f"pages with a live tag or link from the data: {live}"


def test_published_json_stays_valid(poisoned_site):
    for rel in ("permalinks.json", "search/search_index.json"):
        data = json.loads((poisoned_site / rel).read_text(encoding="utf-8"))
        assert MARK in json.dumps(data, ensure_ascii=False) or rel == "permalinks.json"
    card_index = (poisoned_site / "search" / "codex.js").read_text(encoding="utf-8")
    match = re.fullmatch(r"window\.__l5r_search=(.*);\n", card_index, re.S)
    assert match, "the card index script is one assignment"
    json.loads(match.group(1))
    for path in sorted(poisoned_site.rglob("api/**/*.json")):
        json.loads(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------------------------
# In Chromium
# ---------------------------------------------------------------------------------------------------------

PAGES = ["", "cards/", "cards/koans-robes/", "formats/modern/", "formats/modern/bans/", "formats/modern/changelog/",
         "formats/modern/rulings/", "formats/obsidian-hand/ii-b/", "formats/new-era/abilities/", "compare/",
         "compare/cards/", "compare/abilities/seppuku/", "whats-new/", "scenarios/aeg/", "print/modern/"]


@pytest.mark.parametrize("path", PAGES)
def test_pages_stay_inert(reader, served, path):
    page, seen = reader
    page.goto(served.root_url + path, wait_until="load")
    page.wait_for_timeout(200)
    _inert(page, seen, path or "the home page")
    # The text is still there, as text: inert, not dropped.
    assert MARK in page.inner_text("body")


def test_search_results_stay_inert(reader, served):
    page, seen = reader
    page.goto(served.root_url, wait_until="load")
    box = page.locator(".md-search__input")
    box.click()
    page.wait_for_function("() => { const m = document.querySelector('.md-search-result__meta');"
                           " return m && !/initializing/i.test(m.textContent); }", timeout=20000)
    box.fill(MARK)
    box.press("End")
    page.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0", timeout=15000)
    page.wait_for_timeout(300)
    _inert(page, seen, "the search results")
    assert page.locator(".md-search-result__item script, .md-search-result__item img[onerror]").count() == 0


def test_tooltips_stay_inert(reader, served):
    page, seen = reader
    page.goto(served.root_url + "formats/new-era/abilities/", wait_until="load")
    terms = page.locator("a.l5r-term")
    assert terms.count() > 0
    for i in range(min(terms.count(), 5)):
        terms.nth(i).hover()
        page.wait_for_timeout(150)
    tip = page.locator(".md-tooltip, [role=tooltip]")
    assert tip.count() > 0, "hovering an auto-link should show its tooltip"
    _inert(page, seen, "the tooltips")


def test_feed_entries_stay_inert_as_a_reader_renders_them(reader, poisoned_site):
    page, seen = reader
    feed = ET.parse(poisoned_site / "feed.xml").getroot()  # well-formed XML, whatever the data held
    ns = {"a": "http://www.w3.org/2005/Atom"}
    entries = feed.findall("a:entry", ns)
    assert entries
    rendered = 0
    for entry in entries:
        for element in entry.findall("a:content", ns) + entry.findall("a:summary", ns) + entry.findall("a:title", ns):
            body = element.text or ""
            if element.get("type") not in ("html", "xhtml"):
                body = body.replace("&", "&amp;").replace("<", "&lt;")  # text: a reader shows it as text
            page.set_content(f"<!doctype html><html><body>{body}</body></html>")
            page.wait_for_timeout(20)
            rendered += MARK in page.inner_text("body")
            assert page.locator("script, iframe, [onerror], [onload]").count() == 0, body[:300]
    assert rendered, "the poisoned text should show in the feed (as text)"
    _inert(page, seen, "the Atom feed")
