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


def test_a_tab_is_lent_again_with_what_the_last_test_did_to_it_taken_back(contexts, online_site):
    shared = contexts.get(viewport={"width": 1280, "height": 900})
    heard = []
    with shared.tab() as (page, _, _):
        first = page
        page.goto(online_site.url("index.md"), wait_until="load")
        page.set_viewport_size({"width": 390, "height": 800})
        page.emulate_media(media="print")
        page.add_init_script("window.__left = 1")
        page.on("console", lambda m: heard.append(m.text))
        page.route("**/*.css", lambda route: route.abort())
    with shared.tab() as (page, _, _):
        assert page is first, "the tab was not kept for the next test"
        assert page.url == "about:blank"
        assert page.viewport_size == {"width": 1280, "height": 900}
        page.goto(online_site.url("index.md"), wait_until="load")
        assert page.evaluate("() => window.__left") is None
        assert page.evaluate("() => matchMedia('print').matches") is False
        assert page.evaluate("() => [...document.styleSheets].some(s => s.cssRules.length > 0)"), "CSS still aborted"
        page.evaluate("() => console.log('heard by the earlier test')")
        assert "heard by the earlier test" not in heard
        page.expose_function("leftForever", lambda: None)
    with shared.tab() as (page, _, _):
        assert page is not first, "a tab given a function to call was lent again"
        assert first.is_closed()


def test_a_tab_records_its_own_requests_and_those_kept_from_leaving(contexts, online_site):
    shared = contexts.get(viewport={"width": 1280, "height": 900})
    with shared.tab() as (page, requests, blocked):
        failures = {}
        page.on("requestfailed", lambda r: failures.setdefault(r.url, r.failure))
        page.goto(online_site.url("index.md"), wait_until="load")
        # A name and a bare address (no name to resolve): neither leaves the machine, whatever its network.
        outcomes = page.evaluate(
            """async urls => Promise.all(urls.map(url =>
            fetch(url).then(() => 'answered', () => 'failed')))""",
            ["https://elsewhere.example/x", "http://192.0.2.1/y"],
        )
    assert outcomes == ["failed", "failed"]
    # Stopped by the refusing proxy the tests' Chromium is given (tests/conftest.py CHROMIUM_ARGS), not by chance.
    assert failures == {
        "https://elsewhere.example/x": "net::ERR_PROXY_CONNECTION_FAILED",
        "http://192.0.2.1/y": "net::ERR_PROXY_CONNECTION_FAILED",
    }, failures
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


def test_a_tab_returned_while_an_earlier_one_is_lent_is_kept_open(contexts):
    """A file's tab lent for several tests, and each test's own: the test's tab, kept after it, is not taken for
    one the file's tab opened."""
    shared = contexts.get()
    with shared.tab() as (outer, _, _):
        with shared.tab() as (inner, _, _):
            assert inner is not outer
    assert not inner.is_closed()
    with shared.tab() as (first, _, _), shared.tab() as (second, _, _):
        assert {first, second} == {inner, outer}
