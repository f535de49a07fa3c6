"""Citations read like the document's numbering on every kind of page, not only on the rule's own page.

A sub-section the document does not number has a slug citation id (`OH ii-f-deck-restrictions`); pages show it as
its numbered section and its title (`OH II.F, Deck Restrictions`, l5r/site/rendering/citelabel.py), and a card as its title.
This walks the built site (fixture pool) and looks for a slug citation in what a reader sees: the text of the
compare pages, the print pages, each format's index, the "Also illustrates" lines of verified examples, and the tags
the site search shows on its results. Ids, anchors and links keep the citation id, so attributes are not read.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from l5r.site.rendering import citelabel


@pytest.fixture(scope="module")
def slug_citations(codex) -> dict[str, str]:
    """Every citation id a page would not show as is -> how pages show it."""
    found = {}
    for record in codex.records.values():
        citation = getattr(record, "citation", None)
        if citation and citelabel.label(record, codex) != citation:
            found[citation] = citelabel.label(record, codex)
    assert "OH ii-f-deck-restrictions" in found, "the data should still hold an unnumbered sub-section"
    # Records the documents do not number read as their words: bans, abilities, keywords, unnumbered sections.
    for citation in (
        "MOD ban-border-keep-experienced-2",
        "OH ability-lobby",
        "NE kw-absent",
        "OH guidelines-deck-construction",
        "MOD set-khans-defiance",
        "OH log-2016-02-15-moshi-eihime",
    ):
        assert citation in found, f"{citation} is shown as its id"
    return found


def _visible(markup: str) -> str:
    """What a reader sees of an HTML page or fragment: no scripts, styles, tags or attributes."""
    markup = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", markup)).split())


def _slugs_in(text: str, slugs: dict[str, str]) -> list[str]:
    pattern = re.compile("|".join(re.escape(s) for s in sorted(slugs, key=len, reverse=True)) + r"(?![\w-])")
    return sorted({m.group(0) for m in pattern.finditer(text)})


def _pages(site: Path, folder: str) -> list[Path]:
    pages = sorted((site / folder).rglob("*.html"))
    assert pages, f"the build has no {folder}/ pages"
    return pages


@pytest.mark.parametrize(
    "folder, shown",
    [
        ("compare", "OH II.F, Deck Restrictions"),  # deck construction in every format
        ("print", "OH II.F, Deck Restrictions"),  # Obsidian Hand's printable rules
        ("formats", "OH II.F, Deck Restrictions"),  # the rule pages and each format's index
        ("formats/modern/bans", "MOD Ban list, Border Keep - Experienced 2"),  # a ban list: entries by their cards
        ("formats/obsidian-hand/abilities", "OH Lobby"),  # player abilities by name
        ("formats/obsidian-hand/guidelines", "OH Initial Guidelines, Deck Construction"),  # an unnumbered section
        ("card", "MOD Ban list, Border Keep - Experienced 2"),  # the cards the documents name: their ban tables
        ("card", "OH Ban list, Unreleased Cards/Promos"),  # pool card pages: legality and ban history
        ("formats/new-era", "NE Duels, Step 1: Focus or Strike"),  # a keyword's sub-section, under its keyword
    ],
)
def test_pages_show_no_slug_citation(built_site, slug_citations, folder, shown):
    seen, shown_somewhere = {}, False
    for page in _pages(built_site, folder):
        text = _visible(page.read_text(encoding="utf-8"))
        shown_somewhere |= shown in text
        found = _slugs_in(text, slug_citations)
        # A label holds data (a card's title as a list writes it): escaped once, it reads as written.
        found += re.findall(r"&(?:#x?[0-9a-fA-F]+|[a-z]+);", text)
        if found:
            seen[page.relative_to(built_site).as_posix()] = found
    assert not seen, (
        f"slug citations shown on {folder}/ pages (they should read as the document numbers them): "
        f"{dict(list(seen.items())[:5])}"
    )
    assert shown_somewhere, f"no {folder}/ page shows {shown!r}"


def test_format_index_tables_show_labels(built_site, codex):
    """Each format's contents table lists its sections under the citation as pages word it."""
    for fmt in codex.formats.values():
        page = built_site / "formats" / fmt.id / "index.html"
        if not page.exists() or not fmt.sections:
            continue
        text = _visible(page.read_text(encoding="utf-8"))
        for s in fmt.sections:
            assert citelabel.label(s, codex) in text, f"{fmt.id}: {s.id} is not listed as {citelabel.label(s, codex)!r}"


def test_also_illustrates_lines_show_labels(built_site, slug_citations):
    lines = []
    for page in built_site.rglob("*.html"):
        if page.relative_to(built_site).parts[0] in ("card", "c"):
            continue  # pool card pages and short links show no verified examples
        lines += [
            _visible(m)
            for m in re.findall(r'<p class="l5r-scenario__rules">.*?</p>', page.read_text(encoding="utf-8"), flags=re.S)
        ]
    assert lines, "no verified example names the rules it also illustrates"
    bad = [line for line in lines if _slugs_in(line, slug_citations)]
    assert not bad, f"'Also illustrates' lines with slug citations: {bad[:5]}"
    assert any("OH II.F, Deck Restrictions" in line for line in lines), "no line cites OH II.F, Deck Restrictions"
    # The label already ends with the sub-section's title: the line does not say it twice.
    assert not [line for line in lines if "Deck Restrictions (OH II.F, Deck Restrictions)" in line], lines


def test_search_result_tags_show_labels(built_site, slug_citations):
    docs = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    tags = [t for d in docs for t in d.get("tags", [])]
    assert tags, "the search index has no tags"
    assert not [t for t in tags if t in slug_citations], [t for t in tags if t in slug_citations][:5]
    assert "OH II.F, Deck Restrictions" in tags
    assert "OH II.B" in tags  # a numbered rule's tag is its citation, as before


def test_deck_checker_problems_cite_labels(built_site, slug_citations):
    """The deck checker page links each problem to its rule under the citation pages show (its data file)."""
    data = json.loads(
        (built_site / "assets" / "deck-check-data.js")
        .read_text(encoding="utf-8")
        .removeprefix("window.L5R_DECK_DATA=")
        .rstrip()
        .rstrip(";")
    )
    shown = data["rule_citations"]
    assert not [c for c in shown.values() if c in slug_citations], [c for c in shown.values() if c in slug_citations]
    assert shown.get("oh-ii-f-deck-restrictions") == "OH II.F, Deck Restrictions", shown.get(
        "oh-ii-f-deck-restrictions"
    )
