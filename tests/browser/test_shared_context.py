"""The browser tests' Chromium and their shared contexts (tests/browser/conftest.py `SharedContext`): a test's fresh
tab starts with nothing an earlier test's tab left in the same context, and sees only requests made while it is
open; opening it loads no page of the browser's own."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_a_fresh_tab_starts_without_the_storage_and_cookies_an_earlier_tab_left(contexts, online_site):
    shared = contexts.get(viewport={"width": 1280, "height": 900})
    with shared.tab() as (page, _, _):
        page.goto(online_site.url("index.md"), wait_until="load")
        page.evaluate("() => { localStorage.setItem('left', '1'); document.cookie = 'left=1; path=/'; }")
        assert page.evaluate("() => localStorage.getItem('left')") == "1"
    with shared.tab() as (page, _, _):
        page.goto(online_site.url("index.md"), wait_until="load")
        assert page.evaluate("() => localStorage.getItem('left')") is None
        assert "left=1" not in page.evaluate("() => document.cookie")
        # Within a tab, storage is kept from page to page, as a reader's is.
        page.evaluate("() => localStorage.setItem('kept', '1')")
        page.goto(online_site.url("deck-check.md"), wait_until="load")
        assert page.evaluate("() => localStorage.getItem('kept')") == "1"


def test_a_tab_records_its_own_requests_and_those_kept_from_leaving(contexts, online_site):
    shared = contexts.get(viewport={"width": 1280, "height": 900})
    with shared.tab() as (page, requests, blocked):
        failures = {}
        page.on("requestfailed", lambda r: failures.setdefault(r.url, r.failure))
        page.goto(online_site.url("index.md"), wait_until="load")
        # A name and a bare address (no name to resolve): neither leaves the machine, whatever its network.
        outcomes = page.evaluate("""async urls => Promise.all(urls.map(url =>
            fetch(url).then(() => 'answered', () => 'failed')))""",
                                 ["https://elsewhere.example/x", "http://192.0.2.1/y"])
    assert outcomes == ["failed", "failed"]
    # Stopped by the refusing proxy the tests' Chromium is given (tests/conftest.py CHROMIUM_ARGS), not by chance.
    assert failures == {"https://elsewhere.example/x": "net::ERR_PROXY_CONNECTION_FAILED",
                        "http://192.0.2.1/y": "net::ERR_PROXY_CONNECTION_FAILED"}, failures
    assert any(url.startswith(online_site.root_url) for url in requests)
    assert sorted(blocked) == ["http://192.0.2.1/y", "https://elsewhere.example/x"]
    with shared.tab() as (page, requests, blocked):
        page.goto(online_site.url("index.md"), wait_until="load")
    assert not blocked, "a request of the earlier tab was counted again"


def test_the_tests_chromium_opens_no_pages_of_its_own_with_a_tab(contexts, browser):
    """The address bar's drop-down is switched off (tests/conftest.py CHROMIUM_ARGS): with it, each tab loads
    browser pages that cost about half the CPU of a test's page load. A Chromium that names the feature anew shows
    here."""
    with contexts.get().tab() as (page, _, _):
        page.goto("data:text/html,<h1>a tab</h1>")
        session = browser.new_browser_cdp_session()
        try:
            targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
        finally:
            session.detach()
    assert any(t["type"] == "page" for t in targets), targets  # the listing sees the tab itself
    own = [t["url"] for t in targets if t["type"] == "browser_ui"]
    assert not own, f"Chromium loaded its own pages with the tab: {own}"
