"""Which pages the site has, what each record's URL is, and the navigation — all derived from the data.

The page and URL types live in `pages` (the bottom of the site package); this module composes the plan from
the data and the planners of the other page families (`printpages.plan_print`, `compare.plan_compare`)."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Mapping

from ...data import model as m
from .compare import plan_compare
from .matrix import plan_matrix
from ..rendering.pages import Page, SitePlan, page_path, relative_link, relative_url  # noqa: F401 (the plan's public names)
from .printpages import plan_print

# ---------------------------------------------------------------------------------------------------------
# Page names
# ---------------------------------------------------------------------------------------------------------


def section_slug(section: m.Section) -> str:
    """Page name for a top-level section: its id without the format's id prefix."""
    return section.id.split("-", 1)[1] if "-" in section.id else section.id


def format_dir(f: m.Format) -> str:
    return f"formats/{f.id}"


# ---------------------------------------------------------------------------------------------------------
# A format's pages after its rule sections
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FormatPage:
    """One page of a format beside its rule sections: its file name in the format's folder, its title (also its
    nav entry), its template and what the template gets beside the format, and the records anchored on it."""

    name: str
    title: str
    template: str
    anchored: tuple[str, ...]
    context: Mapping = field(default_factory=dict)


def _abilities(f: m.Format):
    if f.ability_groups:
        ids = tuple(i for g in f.ability_groups for i in (g.id, *(a.id for a in g.abilities)))
        yield FormatPage("abilities.md", "Player abilities", "abilities.md.j2", ids)


def _keywords(f: m.Format):
    for kf in f.keyword_files:  # one page per keyword file
        kws = [k for k in f.keywords if k.file_key == kf.key]
        ids = tuple(i for k in kws for i in (k.id, *(s.id for s in k.sections)))
        yield FormatPage(
            f"{kf.key}.md",
            kf.title,
            "keywords.md.j2",
            ids,
            {"keywords": kws, "title": kf.title, "heading": kf.heading, "text": kf.text},
        )


def _legality(f: m.Format):
    if f.legality:
        ids = tuple(i for i in (f.legality.id, f.legality.bugs_id) if i) + tuple(s.id for s in f.legality.sets)
        yield FormatPage("legality.md", f.legality.title, "legality.md.j2", ids)


def _bans(f: m.Format):
    if f.bans:
        ids = tuple(i for c in f.bans.categories for i in (c.id, *(e.id for e in c.entries)))
        yield FormatPage("bans.md", "Banned cards", "bans.md.j2", ids)


def _rulings(f: m.Format):
    if f.rulings:
        yield FormatPage("rulings.md", "Rulings", "rulings.md.j2", tuple(r.id for r in f.rulings))


def _changelog(f: m.Format):
    if f.changelog:
        yield FormatPage("changelog.md", "Changelog", "changelog.md.j2", tuple(e.id for e in f.changelog))


# The page families of a bundled format after its rule sections, in the order of its nav.
FORMAT_PAGE_FAMILIES = (_abilities, _keywords, _legality, _bans, _rulings, _changelog)


def _format_pages(f: m.Format):
    for family in FORMAT_PAGE_FAMILIES:
        yield from family(f)


# ---------------------------------------------------------------------------------------------------------
# The plan
# ---------------------------------------------------------------------------------------------------------


def plan_site(codex: m.Codex) -> SitePlan:
    pages: list[Page] = []
    anchors: dict[str, tuple[str, str]] = {}
    nav: list = [{"Home": "index.md"}]
    format_nav: list[dict[str, object]] = [{"All formats": "formats/index.md"}]
    pages.append(Page("formats/index.md", "Formats", "formats_index.md.j2", {}))

    for f in sorted(codex.formats.values(), key=lambda f: (f.order, f.id)):
        base = format_dir(f)
        overview = f"{base}/index.md"
        anchors[f.id] = (overview, f.id)
        pages.append(Page(overview, f.short_name, "format_index.md.j2", {"format": f}))
        if not f.bundled:
            continue
        entries: list = [{"Overview": overview}]
        groups: dict[str, list] = {}
        for section in f.sections:
            uri = f"{base}/{section_slug(section)}.md"
            for s in section.walk():
                anchors[s.id] = (uri, s.id)
            title = f"{section.number}. {section.title}" if section.number and section.group is None else section.title
            if section.group and section.number:
                title = f"{section.number.split('.')[-1]}. {section.title}"
            pages.append(
                Page(
                    uri,
                    f"{section.citation}: {section.title}" if section.number else section.title,
                    "section.md.j2",
                    {"format": f, "section": section},
                )
            )
            if section.group:
                if section.group not in groups:
                    groups[section.group] = []
                    entries.append({section.group: groups[section.group]})
                groups[section.group].append({title: uri})
            else:
                entries.append({title: uri})
        for page in _format_pages(f):
            uri = f"{base}/{page.name}"
            for record_id in page.anchored:
                anchors[record_id] = (uri, record_id)
            pages.append(Page(uri, page.title, page.template, {"format": f, **page.context}))
            entries.append({page.title: uri})
        format_nav.append({f.short_name: entries})
    unbundled = [f for f in codex.formats.values() if not f.bundled]
    for f in sorted(unbundled, key=lambda f: (f.order, f.id)):
        format_nav.append({f.short_name: f"{format_dir(f)}/index.md"})
    nav.append({"Formats": format_nav})

    # "Cards" opens the card search (cards/search.md, l5r/site/cardpage/cardsearch.py); the list of the cards the documents
    # name (cards/index.md) is one of its views, linked from there and from its own tabs.
    pages.append(Page("cards/index.md", "Cards the documents name", "cards_index.md.j2", {}))
    for card in sorted(codex.cards.values(), key=lambda c: (c.name.lower(), c.experience or "", c.id)):
        uri = f"card/{card.id}.md"  # one URL scheme for every card, pool or record: card/<slug>/
        anchors[card.id] = (uri, card.id)
        pages.append(Page(uri, card.title, "card.md.j2", {"card": card}))
    nav.append({"Cards": "cards/search.md"})

    # Site-wide "What's new": every dated changelog entry, newest first (templates/whats_new.md.j2).
    pages.append(Page("whats-new.md", "What's new", "whats_new.md.j2", {}))
    nav.insert(1, {"What's new": "whats-new.md"})
    # Printable pages, one per format, for tournament binders (l5r/site/planning/printpages.py).
    plan_print(codex, pages, nav)
    # Comparison pages: each topic several formats define, side by side (l5r/site/planning/compare.py).
    plan_compare(codex, pages, nav)
    # The rules matrix: every question the engine answers, in every format (l5r/site/planning/matrix.py).
    plan_matrix(codex, pages, nav)
    return SitePlan(pages=pages, nav=_escaped_nav(nav), anchors=anchors)


def _escaped_nav(nav):
    """Nav titles come from the data and the theme prints them as they are: escape them once, here."""
    out = []
    for item in nav:
        if isinstance(item, dict):
            out.append(
                {
                    html.escape(str(title), quote=False): _escaped_nav(v) if isinstance(v, list) else v
                    for title, v in item.items()
                }
            )
        else:
            out.append(item)
    return out
