"""Atom feeds (RFC 4287) of the dated changelog entries: one for the whole site, one per format.

Generated from the data at build time, never from git: a feed's <updated> is its newest entry's date, so
the same data always gives the same feed. Undated updates are left out (an Atom entry must have a date).

    site/feed.xml                   every format's dated updates, newest first
    site/formats/<id>/feed.xml      one format's dated updates
"""

from __future__ import annotations

import datetime as dt
import html
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from ...data import model as m
from ..rendering.diff import word_diff
from ..rendering.pages import SitePlan, page_path

ATOM_NS = "http://www.w3.org/2005/Atom"
ATOM_TYPE = "application/atom+xml"
# The date in every tag: URI (RFC 4151): a day on which the Codex held its site name. It must never change,
# or every feed reader would see every entry as new.
TAG_DATE = "2026-11-21"
SITE_FEED = "feed.xml"
WHATS_NEW = "whats-new.md"


THEME_DIR = Path(__file__).resolve().parents[1] / "theme"  # main.html: <link rel="alternate"> feed discovery


def add_feed_discovery(config) -> None:
    """Let every page's <head> announce the feeds: put the Codex's `main.html` (which extends the theme's
    base.html) in front of the theme's templates, behind a project `custom_dir` if there is one."""
    dirs = config.theme.dirs
    if THEME_DIR.is_dir() and str(THEME_DIR) not in dirs:
        dirs.insert(1 if config.theme.custom_dir else 0, str(THEME_DIR))


def format_feed_path(format_id: str) -> str:
    return f"formats/{format_id}/feed.xml"


@dataclass(frozen=True)
class Feed:
    path: str  # relative to the site root: feed.xml, formats/<id>/feed.xml
    title: str
    entries: tuple[m.ChangelogEntry, ...]
    xml: bytes


# ---------------------------------------------------------------------------------------------------------
# Which entries
# ---------------------------------------------------------------------------------------------------------


def dated_entries(codex: m.Codex, format_id: str | None = None) -> list[m.ChangelogEntry]:
    """Dated changelog entries of the bundled formats (or one format), newest first; on the same day the
    formats' order, then the document's order."""
    out: list[m.ChangelogEntry] = []
    for f in codex.bundled_formats:
        if format_id is not None and f.id != format_id:
            continue
        out.extend(sorted((e for e in f.changelog if e.date is not None), key=lambda e: e.position))
    return sorted(out, key=_day, reverse=True)  # stable: same-day order is kept


def _day(e: m.ChangelogEntry) -> dt.date:
    """The date of an entry `dated_entries` returned (the only entries a feed or the list of updates shows)."""
    assert e.date is not None, e.id
    return e.date


# The home page's "What's new" holds this marker (docs/index.md); the per-page pass (postbuild.page_html) fills it
# with the latest dated updates, so every engine's build shows them and the hand-written page stays Markdown.
LATEST_MARKER = '<div class="l5r-latest" data-latest></div>'
LATEST_COUNT = 5


def latest_html(codex: m.Codex, plan: SitePlan, from_uri: str = "index.md", count: int = LATEST_COUNT) -> str:
    """The `count` newest dated updates as a list: date, format, kind and a link to the entry (relative to
    `from_uri`); "" when no update is dated."""
    items = []
    for e in dated_entries(codex)[:count]:
        fmt = codex.formats.get(e.format_id or "")
        badge = f'<span class="l5r-format-badge">{html.escape(fmt.short_name)}</span> · ' if fmt else ""
        link = (
            f'<a href="{html.escape(plan.url(e.id, from_uri))}">{html.escape(e.title)}</a>'
            if e.id in plan.anchors
            else html.escape(e.title)
        )
        items.append(
            f'<li><time datetime="{_day(e).isoformat()}">{_day(e).isoformat()}</time> · {badge}'
            f'<span class="l5r-kind l5r-kind--{html.escape(e.kind)}">{html.escape(e.kind.replace("-", " "))}'
            f"</span> · {link}</li>"
        )
    if not items:
        return ""
    return f'<div class="l5r-latest"><ul class="l5r-whats-new">{"".join(items)}</ul></div>'


def fill_latest(content: str, codex: m.Codex, plan: SitePlan, from_uri: str = "index.md") -> str:
    """A page's content with the latest-updates marker replaced by the list (pages without it are unchanged)."""
    if LATEST_MARKER not in content:
        return content
    return content.replace(LATEST_MARKER, latest_html(codex, plan, from_uri))


def feed_formats(codex: m.Codex) -> list[m.Format]:
    """The bundled formats that get a feed: those with at least one dated update."""
    return [f for f in codex.bundled_formats if any(e.date for e in f.changelog)]


# ---------------------------------------------------------------------------------------------------------
# Building
# ---------------------------------------------------------------------------------------------------------


class _FeedBuilder:
    def __init__(self, codex: m.Codex, plan: SitePlan, site_url: str, site_name: str):
        self.codex = codex
        self.plan = plan
        self.site_url = site_url if not site_url or site_url.endswith("/") else site_url + "/"
        self.site_name = site_name
        # Atom ids are tag: URIs named by the site's host; a site without a public address names itself.
        self.authority = urlsplit(self.site_url).hostname or "l5r-codex"

    def absolute(self, path: str) -> str:
        return urljoin(self.site_url, path) if self.site_url else path

    def tag(self, specific: str) -> str:
        return f"tag:{self.authority},{TAG_DATE}:{specific}"

    @staticmethod
    def timestamp(day: dt.date) -> str:
        # The documents give days, not times: an update counts from the start of its day (UTC).
        return f"{day.isoformat()}T00:00:00Z"

    def author_of(self, f: m.Format) -> str:
        return f.source.publisher or f"{f.name} format maintainers"

    def feed(self, entries, *, path: str, feed_id: str, title: str, subtitle: str, alternate: str, author: str) -> Feed:
        root = ET.Element(f"{{{ATOM_NS}}}feed", {"{http://www.w3.org/XML/1998/namespace}lang": "en"})
        _sub(root, "id", self.tag(feed_id))
        _sub(root, "title", title)
        _sub(root, "subtitle", subtitle)
        _sub(root, "updated", self.timestamp(entries[0].date))
        _sub(_sub(root, "author"), "name", author)
        _sub(root, "link", rel="self", type=ATOM_TYPE, href=self.absolute(path))
        _sub(root, "link", rel="alternate", type="text/html", href=self.absolute(alternate))
        _sub(root, "generator", self.site_name)
        for e in entries:
            self.entry(root, e)
        ET.indent(root)
        xml = ET.tostring(root, encoding="utf-8", xml_declaration=True)
        return Feed(path=path, title=title, entries=tuple(entries), xml=xml + b"\n")

    def entry(self, root: ET.Element, e: m.ChangelogEntry):
        f = self.codex.formats[e.format_id or ""]
        node = _sub(root, "entry")
        _sub(node, "id", self.tag(f"changelog/{e.id}"))
        _sub(node, "title", f"{f.short_name}: {e.title}")
        _sub(node, "updated", self.timestamp(_day(e)))
        _sub(node, "published", self.timestamp(_day(e)))
        _sub(_sub(node, "author"), "name", self.author_of(f))
        _sub(node, "link", rel="alternate", type="text/html", href=self.absolute(self.plan.site_url(e.id)))
        _sub(node, "category", term=e.kind, label=e.kind.replace("-", " "))
        _sub(node, "content", self.content(e, f), type="html")

    def link(self, record_id: str) -> str:
        record = self.codex.records.get(record_id)
        label = record.title if record is not None else record_id
        if record_id not in self.plan.anchors:
            return html.escape(label)
        return f'<a href="{html.escape(self.absolute(self.plan.site_url(record_id)))}">{html.escape(label)}</a>'

    def content(self, e: m.ChangelogEntry, f: m.Format) -> str:
        """The entry as HTML: what kind of change, the date as written, the document's words, the diff of a
        text change, and links to what it changed."""
        meta = [f"{html.escape(f.name)}", html.escape(e.kind.replace("-", " ")), _day(e).isoformat()]
        if e.date_as_written:
            meta.append(f"as written: “{html.escape(e.date_as_written)}”")
        parts = [f"<p><em>{' · '.join(meta)}</em></p>", _blocks_html(e.text)]
        if e.old is not None:
            parts.append(word_diff(e.old, e.new or ""))
        if e.touches:
            parts.append("<p>Changes: " + ", ".join(self.link(t) for t in e.touches) + "</p>")
        for x in e.errata:
            parts.append(
                f"<p><em>Erratum: the document writes “{html.escape(x.original)}”; read "
                f"“{html.escape(x.correction)}”.</em></p>"
            )
        return "\n".join(parts)


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs) -> ET.Element:
    node = ET.SubElement(parent, f"{{{ATOM_NS}}}{tag}", {k: v for k, v in attrs.items()})
    if text is not None:
        node.text = text
    return node


def _blocks_html(blocks) -> str:
    out = []
    for b in blocks:
        if b.kind == "list":
            out.append(_list_html(b.items))
        elif b.kind == "example":
            out.append(f"<blockquote><p>{html.escape(b.text, quote=False)}</p></blockquote>")
        else:
            out.append(f"<p>{html.escape(b.text, quote=False)}</p>")
    return "\n".join(out)


def _list_html(items) -> str:
    lis = "".join(
        f"<li>{html.escape(i.text, quote=False)}{_list_html(i.children) if i.children else ''}</li>" for i in items
    )
    return f"<ul>{lis}</ul>"


def build_feeds(codex: m.Codex, plan: SitePlan, site_url: str = "", site_name: str = "L5R Rules Codex") -> list[Feed]:
    """Every feed: the site-wide one first, then one per format with dated updates."""
    ET.register_namespace("", ATOM_NS)
    b = _FeedBuilder(codex, plan, site_url, site_name)
    feeds = []
    everything = dated_entries(codex)
    if everything:
        feeds.append(
            b.feed(
                everything,
                path=SITE_FEED,
                feed_id="feed",
                title=f"{site_name}: what's new",
                subtitle="Every dated update of every format's rules and ban list, newest first.",
                alternate=page_path(WHATS_NEW),
                author=site_name,
            )
        )
    for f in feed_formats(codex):
        changelog_id = next(e.id for e in f.changelog)
        changelog_page = plan.anchors[changelog_id][0]
        feeds.append(
            b.feed(
                dated_entries(codex, f.id),
                path=format_feed_path(f.id),
                feed_id=f"feed/{f.id}",
                title=f"{site_name}: {f.name} changelog",
                subtitle=f"Every dated update of {f.name}, newest first.",
                alternate=page_path(changelog_page),
                author=b.author_of(f),
            )
        )
    return feeds
