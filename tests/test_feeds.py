"""Atom feeds (RFC 4287): site/feed.xml and site/formats/<id>/feed.xml, generated from the data at build time.

Parsed with xml.etree; every element RFC 4287 requires is checked: the feed's id, title, updated, author
(on the feed or on every entry) and links; each entry's id, title, updated and content or alternate link.
"""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from conftest import TEST_SITE_URL
from l5r.data.load import load_codex
from l5r.site.building.feeds import build_feeds, dated_entries
from l5r.site.planning.plan import plan_site

A = "{http://www.w3.org/2005/Atom}"
SITE_URL = TEST_SITE_URL  # the address the test builds are given (tests/conftest.py)
RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")


def _when(text: str) -> dt.datetime:
    assert RFC3339.match(text), f"not an RFC 3339 date-time: {text!r}"
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _feeds_in(site: Path) -> dict[str, ET.Element]:
    return {
        str(p.relative_to(site)): ET.parse(p).getroot()
        for p in [site / "feed.xml", *sorted((site / "formats").glob("*/feed.xml"))]
    }


def _check_atom(root: ET.Element) -> list[ET.Element]:
    """Every element RFC 4287 requires; returns the entries."""
    assert root.tag == f"{A}feed"
    for name in ("id", "title", "updated"):
        assert len(root.findall(f"{A}{name}")) == 1, f"feed needs exactly one atom:{name}"
        assert (root.find(f"{A}{name}").text or "").strip(), f"feed atom:{name} is empty"
    assert urlsplit(root.find(f"{A}id").text).scheme, "atom:id is an IRI"
    feed_updated = _when(root.find(f"{A}updated").text)
    links = root.findall(f"{A}link")
    assert any(link.get("rel") == "self" and link.get("href") for link in links), "feed has rel=self"
    alternates = [link for link in links if link.get("rel", "alternate") == "alternate"]
    assert len({(link.get("type"), link.get("hreflang")) for link in alternates}) == len(alternates)
    assert alternates, "feed has rel=alternate"
    feed_authors = root.findall(f"{A}author")
    for author in feed_authors:
        assert (author.findtext(f"{A}name") or "").strip(), "atom:author has a name"
    entries = root.findall(f"{A}entry")
    assert entries, "a feed of updates has entries"
    ids = set()
    for entry in entries:
        for name in ("id", "title", "updated"):
            assert len(entry.findall(f"{A}{name}")) == 1, f"entry needs exactly one atom:{name}"
            assert (entry.find(f"{A}{name}").text or "").strip()
        entry_id = entry.find(f"{A}id").text
        assert urlsplit(entry_id).scheme and entry_id not in ids, entry_id
        ids.add(entry_id)
        assert _when(entry.find(f"{A}updated").text) <= feed_updated
        authors = entry.findall(f"{A}author")
        assert authors or feed_authors, "every entry has an author, its own or the feed's"
        for author in authors:
            assert (author.findtext(f"{A}name") or "").strip()
        content = entry.find(f"{A}content")
        alternate = [link for link in entry.findall(f"{A}link") if link.get("rel", "alternate") == "alternate"]
        assert content is not None or alternate, "entry has content or an alternate link"
        assert content is not None and content.get("type") == "html" and content.text.strip()
        assert len(alternate) == 1 and alternate[0].get("href")
    return entries


@pytest.fixture(scope="module")
def feeds(built_site):
    return _feeds_in(built_site)


def test_the_site_and_every_format_with_dated_updates_have_a_feed(feeds, codex):
    expected = {"feed.xml"} | {
        f"formats/{f.id}/feed.xml" for f in codex.bundled_formats if any(e.date for e in f.changelog)
    }
    assert set(feeds) == expected
    assert expected >= {"formats/obsidian-hand/feed.xml", "formats/modern/feed.xml", "formats/aeg/feed.xml"}


def test_every_feed_is_valid_atom(feeds):
    for root in feeds.values():
        _check_atom(root)


def test_feeds_carry_every_dated_update_and_no_undated_one(feeds, codex):
    def log_ids(root):
        return [e.find(f"{A}id").text.rsplit("/", 1)[-1] for e in root.findall(f"{A}entry")]

    dated = [e for f in codex.bundled_formats for e in f.changelog if e.date]
    undated = {e.id for f in codex.bundled_formats for e in f.changelog if not e.date}
    site = log_ids(feeds["feed.xml"])
    assert sorted(site) == sorted(e.id for e in dated)
    assert not undated & set(site)
    per_format = [i for path, root in feeds.items() if path != "feed.xml" for i in log_ids(root)]
    assert sorted(per_format) == sorted(site)
    for path, root in feeds.items():
        if path == "feed.xml":
            continue
        fid = path.split("/")[1]
        assert log_ids(root) == [e.id for e in dated_entries(codex, fid)]
        assert all(codex.records[i].format_id == fid for i in log_ids(root))


def test_entries_are_dated_by_the_document_and_newest_first(feeds, codex):
    for root in feeds.values():
        entries = root.findall(f"{A}entry")
        days = [_when(e.find(f"{A}updated").text) for e in entries]
        assert days == sorted(days, reverse=True)
        assert _when(root.find(f"{A}updated").text) == days[0], "feed updated = newest entry, not build time"
        for e in entries:
            log = codex.records[e.find(f"{A}id").text.rsplit("/", 1)[-1]]
            assert _when(e.find(f"{A}updated").text).date() == log.date
    assert feeds["feed.xml"].find(f"{A}updated").text == "2016-02-15T00:00:00Z"
    assert feeds["formats/modern/feed.xml"].find(f"{A}updated").text == "2015-08-16T00:00:00Z"


def test_entry_links_point_at_the_entry_anchor_on_the_built_site(feeds, built_site):
    for root in feeds.values():
        for e in root.findall(f"{A}entry"):
            href = e.find(f"{A}link").get("href")
            assert href.startswith(SITE_URL), href
            parts = urlsplit(href)
            page = built_site / parts.path[len(urlsplit(SITE_URL).path) :] / "index.html"
            assert page.is_file(), href
            assert f'id="{parts.fragment}"' in page.read_text(encoding="utf-8"), href
        for link in root.findall(f"{A}link"):
            target = built_site / urlsplit(link.get("href")).path[len(urlsplit(SITE_URL).path) :]
            assert target.is_file() or (target / "index.html").is_file(), link.get("href")


def test_naval_invasion_entry_carries_its_word_diff(feeds):
    entry = next(
        e
        for e in feeds["formats/obsidian-hand/feed.xml"].findall(f"{A}entry")
        if e.find(f"{A}id").text.endswith("oh-log-2015-10-27-naval-invasion")
    )
    html = entry.find(f"{A}content").text
    assert "<del>come from</del><ins>be performed by a card in</ins>" in html
    assert 'href="https://example.org/codex/formats/obsidian-hand/abilities/#oh-ability-naval-invasion"' in html


def test_pages_announce_the_feeds(built_site):
    def alternates(page):
        text = page.read_text(encoding="utf-8")
        head = text[: text.index("</head>")]
        return re.findall(r'<link rel="alternate" type="application/atom\+xml"[^>]*href="([^"]+)"', head)

    home = alternates(built_site / "index.html")
    assert home == ["feed.xml"]
    changelog = built_site / "formats/modern/changelog/index.html"
    # Only the site-wide feed is announced in <head>: Material's instant navigation fetches sitemap.xml
    # beside every rel=alternate link, and formats/<id>/ has none. The format's feed is a visible link.
    assert [(changelog.parent / h).resolve() for h in alternates(changelog)] == [(built_site / "feed.xml").resolve()]
    html = changelog.read_text(encoding="utf-8")
    link = re.search(
        r'<a[^>]*class="l5r-feed-link"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*class="l5r-feed-link"', html
    )
    href = next(g for g in link.groups() if g)
    assert (changelog.parent / href).resolve() == (built_site / "formats/modern/feed.xml").resolve()


def test_feeds_come_from_the_data_alone(tmp_path, data_copy, codex):
    # Same data, same bytes: no build time, no git.
    plan = plan_site(codex)
    first = {f.path: f.xml for f in build_feeds(codex, plan, SITE_URL)}
    assert first == {f.path: f.xml for f in build_feeds(codex, plan, SITE_URL)}
    # A new dated update becomes the newest entry; a new undated one stays out of the feed.
    path = data_copy / "formats" / "obsidian-hand" / "changelog.yml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["entries"].append(
        {
            "id": "oh-log-2016-03-01-test",
            "date": "2016-03-01",
            "date_as_written": "[03/01/2016]",
            "kind": "clarification",
            "title": "A later update",
            "text": ["Later."],
        }
    )
    doc["entries"].append(
        {"id": "oh-log-undated-test", "kind": "clarification", "title": "No date", "text": ["Whenever."]}
    )
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    changed = load_codex(data_copy)
    feeds = {f.path: ET.fromstring(f.xml) for f in build_feeds(changed, plan_site(changed), SITE_URL)}
    for root in (feeds["feed.xml"], feeds["formats/obsidian-hand/feed.xml"]):
        _check_atom(root)
        first_entry = root.find(f"{A}entry")
        assert first_entry.find(f"{A}id").text.endswith("oh-log-2016-03-01-test")
        assert root.find(f"{A}updated").text == "2016-03-01T00:00:00Z"
        assert not any(e.find(f"{A}id").text.endswith("oh-log-undated-test") for e in root.findall(f"{A}entry"))


def test_the_atom_check_can_fail():
    bad = ET.fromstring(
        '<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title><updated>2016-02-15T00:00:00Z</updated></feed>'
    )
    with pytest.raises(AssertionError):
        _check_atom(bad)
    no_author = ET.fromstring(
        '<feed xmlns="http://www.w3.org/2005/Atom"><id>tag:x,2026:f</id><title>x</title>'
        '<updated>2016-02-15T00:00:00Z</updated><link rel="self" href="f"/><link href="a"/>'
        "<entry><id>tag:x,2026:e</id><title>e</title><updated>2016-02-15T00:00:00Z</updated>"
        '<link href="a#e"/><content type="html">x</content></entry></feed>'
    )
    with pytest.raises(AssertionError, match="author"):
        _check_atom(no_author)
