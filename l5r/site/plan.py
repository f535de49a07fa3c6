"""Which pages the site has, what each record's URL is, and the navigation — all derived from the data.

The page and URL types live in `pages` (the bottom of the site package); this module composes the plan from
the data and the planners of the other page families (`printing.plan_print`, `compare.plan_compare`)."""

from __future__ import annotations

import html

from ..data import model as m
from .compare import plan_compare
from .pages import Page, SitePlan, page_path, relative_link, relative_url  # noqa: F401 (the plan's public names)
from .printing import plan_print

# ---------------------------------------------------------------------------------------------------------
# Page names
# ---------------------------------------------------------------------------------------------------------


def section_slug(section: m.Section) -> str:
    """Page name for a top-level section: its id without the format's id prefix."""
    return section.id.split("-", 1)[1] if "-" in section.id else section.id


def format_dir(f: m.Format) -> str:
    return f"formats/{f.id}"


# ---------------------------------------------------------------------------------------------------------
# The plan
# ---------------------------------------------------------------------------------------------------------


def plan_site(codex: m.Codex) -> SitePlan:
    pages: list[Page] = []
    anchors: dict[str, tuple[str, str]] = {}
    nav: list = [{"Home": "index.md"}]
    format_nav = [{"All formats": "formats/index.md"}]
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
            pages.append(Page(uri, f"{section.citation}: {section.title}" if section.number else section.title,
                              "section.md.j2", {"format": f, "section": section}))
            if section.group:
                if section.group not in groups:
                    groups[section.group] = []
                    entries.append({section.group: groups[section.group]})
                groups[section.group].append({title: uri})
            else:
                entries.append({title: uri})
        if f.ability_groups:
            uri = f"{base}/abilities.md"
            for g in f.ability_groups:
                anchors[g.id] = (uri, g.id)
                for a in g.abilities:
                    anchors[a.id] = (uri, a.id)
            pages.append(Page(uri, "Player abilities", "abilities.md.j2", {"format": f}))
            entries.append({"Player abilities": uri})
        for kf in f.keyword_files:
            uri = f"{base}/{kf.key}.md"
            kws = [k for k in f.keywords if k.file_key == kf.key]
            for k in kws:
                anchors[k.id] = (uri, k.id)
                for s in k.sections:
                    anchors[s.id] = (uri, s.id)
            pages.append(Page(uri, kf.title, "keywords.md.j2",
                              {"format": f, "keywords": kws, "title": kf.title, "heading": kf.heading, "text": kf.text}))
            entries.append({kf.title: uri})
        if f.legality:
            uri = f"{base}/legality.md"
            if f.legality.id:
                anchors[f.legality.id] = (uri, f.legality.id)
            if f.legality.bugs_id:
                anchors[f.legality.bugs_id] = (uri, f.legality.bugs_id)
            for s in f.legality.sets:
                anchors[s.id] = (uri, s.id)
            pages.append(Page(uri, f.legality.title, "legality.md.j2", {"format": f}))
            entries.append({f.legality.title: uri})
        if f.bans:
            uri = f"{base}/bans.md"
            for c in f.bans.categories:
                anchors[c.id] = (uri, c.id)
                for e in c.entries:
                    anchors[e.id] = (uri, e.id)
            pages.append(Page(uri, "Banned cards", "bans.md.j2", {"format": f}))
            entries.append({"Banned cards": uri})
        if f.rulings:
            uri = f"{base}/rulings.md"
            for r in f.rulings:
                anchors[r.id] = (uri, r.id)
            pages.append(Page(uri, "Rulings", "rulings.md.j2", {"format": f}))
            entries.append({"Rulings": uri})
        if f.changelog:
            uri = f"{base}/changelog.md"
            for e in f.changelog:
                anchors[e.id] = (uri, e.id)
            pages.append(Page(uri, "Changelog", "changelog.md.j2", {"format": f}))
            entries.append({"Changelog": uri})
        format_nav.append({f.short_name: entries})
    unbundled = [f for f in codex.formats.values() if not f.bundled]
    for f in sorted(unbundled, key=lambda f: (f.order, f.id)):
        format_nav.append({f.short_name: f"{format_dir(f)}/index.md"})
    nav.append({"Formats": format_nav})

    # "Cards" opens the card search (cards/search.md, l5r/site/cardsearch.py); the list of the cards the documents
    # name (cards/index.md) is one of its views, linked from there and from its own tabs.
    pages.append(Page("cards/index.md", "Cards the documents name", "cards_index.md.j2", {}))
    for card in sorted(codex.cards.values(), key=lambda c: (c.name.lower(), c.experience or "", c.id)):
        uri = f"cards/{card.id}.md"
        anchors[card.id] = (uri, card.id)
        pages.append(Page(uri, card.title, "card.md.j2", {"card": card}))
    nav.append({"Cards": "cards/search.md"})

    # Site-wide "What's new": every dated changelog entry, newest first (templates/whats_new.md.j2).
    pages.append(Page("whats-new.md", "What's new", "whats_new.md.j2", {}))
    nav.insert(1, {"What's new": "whats-new.md"})
    # Printable pages, one per format, for tournament binders (l5r/site/printing.py).
    plan_print(codex, pages, nav)
    # Comparison pages: each topic several formats define, side by side (l5r/site/compare.py).
    plan_compare(codex, pages, nav)
    return SitePlan(pages=pages, nav=_escaped_nav(nav), anchors=anchors)


def _escaped_nav(nav):
    """Nav titles come from the data and the theme prints them as they are: escape them once, here."""
    out = []
    for item in nav:
        if isinstance(item, dict):
            out.append({html.escape(str(title), quote=False): _escaped_nav(v) if isinstance(v, list) else v
                        for title, v in item.items()})
        else:
            out.append(item)
    return out
