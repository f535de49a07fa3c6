"""The browser tests' shared contexts (tests/browser/conftest.py `SharedContext`): a test's fresh tab starts with
nothing an earlier test's tab left in the same context, and sees only requests made while it is open."""

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
        page.goto(online_site.url("index.md"), wait_until="load")
        page.evaluate("() => fetch('https://elsewhere.example/x').catch(() => null)")
        page.wait_for_function("() => true")
    assert any(url.startswith(online_site.root_url) for url in requests)
    assert blocked == ["https://elsewhere.example/x"]
    with shared.tab() as (page, requests, blocked):
        page.goto(online_site.url("index.md"), wait_until="load")
    assert not blocked, "a request of the earlier tab was counted again"
