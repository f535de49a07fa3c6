"""Copy citation and the public address (L5R_SITE_URL), in Chromium: on the web it copies the public address when the
build has one and the page's own address when it has none; from the offline copy (file://) the public address, or,
without one, the citation and title with no link at all (a file:// link opens for nobody).

Four builds, online and offline, with the test address and without any: online with it, the project's own build
that every test shares (tests/conftest.py `project_site`); the others of the small copy of the project
(tests/small_project.py: `small_project_site`, and `small_offline_copy` offline with the address), which
tests/test_public_address.py reads too."""

from __future__ import annotations


import pytest
from conftest import TEST_SITE_URL, project_site, small_offline_copy, small_project_site  # tests/conftest.py

from .conftest import Site, Target, serve

pytestmark = pytest.mark.browser

VARIANTS = ["online-address", "online-no-address", "offline-address", "offline-no-address"]


@pytest.fixture(scope="module", params=VARIANTS)
def site(request, tmp_path_factory):
    """Overrides the browser tier's `site` for this module: the `tab` fixture opens these four."""
    kind, _, address = request.param.partition("-")
    offline = kind == "offline"
    folder = (
        project_site(tmp_path_factory)
        if address == "address" and not offline
        else small_offline_copy(tmp_path_factory)[0]
        if address == "address"
        else small_project_site(tmp_path_factory, offline=offline, site_url=None)
    )
    if kind == "offline":
        yield Site("offline", folder.as_uri() + "/", folder)
        return
    with serve(folder) as root_url:
        yield Site("online", root_url, folder)


def _copy(tab, uri: str, anchor: str) -> str:
    page = tab.open(Target(uri))
    button = page.locator(f'.l5r-cite[data-anchor="{anchor}"] .l5r-copy').first
    button.click()
    page.wait_for_function("b => b.hasAttribute('data-copy-state')", arg=button.element_handle(), timeout=5000)
    return button.get_attribute("data-copied-text")


def test_copy_citation_shares_the_public_address_or_none(tab, codex, plan, request):
    record = codex.records["mod-highlander"]  # in the project and in its small copy
    uri, anchor = plan.anchors[record.id]
    copied = _copy(tab, uri, anchor)
    variant = request.node.callspec.params["site"]
    text = f"{record.citation} — {record.title}"
    # The entry's own short link (c/mod-2/), which unfurls with its own words, not the page's address with an
    # anchor, which unfurls with the page's first entry.
    if variant.endswith("-no-address") and tab.site.kind == "offline":
        assert copied == text, copied  # no file:// link, no dead link: the citation alone
    elif variant.endswith("-no-address"):
        assert copied == f"{text} — {tab.site.root_url}c/mod-2/", copied  # at the address it is served from
    else:
        assert copied == f"{text} — {TEST_SITE_URL}c/mod-2/", copied
    assert "file:" not in copied and ".invalid" not in copied
