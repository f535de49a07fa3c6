"""Comparison pages: every topic several formats define, side by side (l5r/site/compare.py)."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest


def _shared_topics(codex) -> dict[tuple[str, str], set[str]]:
    """Straight from the data: rule topics and ability/keyword keys that two or more bundled formats define."""
    found: dict[tuple[str, str], set[str]] = defaultdict(set)
    for f in codex.bundled_formats:
        for s in f.all_sections():
            if s.topic:
                found[("rules", s.topic)].add(f.id)
        for a in f.abilities:
            found[("terms", a.key)].add(f.id)
        for k in f.keywords:
            found[("terms", k.key)].add(f.id)
    return {key: formats for key, formats in found.items() if len(formats) > 1}


def _page(built_site, kind, key):
    if kind == "rules":
        return built_site / "compare/rules" / key / "index.html"
    for folder in ("abilities", "keywords"):
        if (built_site / "compare" / folder / key / "index.html").is_file():
            return built_site / "compare" / folder / key / "index.html"
    return built_site / "compare/keywords" / key / "index.html"


def test_every_shared_topic_has_a_comparison_page(built_site, codex):
    shared = _shared_topics(codex)
    assert {("rules", "victory"), ("rules", "deck-construction"), ("rules", "turn-sequence"),
            ("terms", "seppuku"), ("terms", "lobby"), ("terms", "elite")} <= set(shared)
    index = (built_site / "compare/index.html").read_text(encoding="utf-8")
    for (kind, key), formats in shared.items():
        page = _page(built_site, kind, key)
        assert page.is_file(), f"no comparison page for {kind} {key} ({sorted(formats)})"
        html = page.read_text(encoding="utf-8")
        heads = re.search(r"<thead>(.*?)</thead>", html, re.S).group(1)
        for f in codex.bundled_formats:
            assert f.short_name in heads, f"{page}: no column for {f.short_name}"
        assert page.parent.relative_to(built_site).as_posix() + "/" in index or \
            f'{page.parent.name}/' in index, f"the index does not list {key}"


def _cells(html: str, row: str) -> list[str]:
    tr = re.search(rf'<tr class="l5r-compare__{row}">(.*?)</tr>', html, re.S).group(1)
    return re.findall(r"<td>(.*?)</td>", tr, re.S)


def _column(codex, format_id):
    return [f.id for f in codex.bundled_formats].index(format_id)


def test_a_page_says_what_each_format_inherits_amends_or_adds(built_site, codex):
    # Issue 12: each label is the record's `relation:` with the document's words beside it.
    html = (built_site / "compare/abilities/seppuku/index.html").read_text(encoding="utf-8")
    status = _cells(html, "status")
    assert 'l5r-status--defines"' in status[_column(codex, "aeg")]
    oh = status[_column(codex, "obsidian-hand")]
    assert "Restates the rulebook" in oh and "Amends" not in oh
    assert "The following is a list of default player abilities from the rulebook:" in oh
    modern = status[_column(codex, "modern")]
    assert "Adds" in modern and "Amends" not in modern and "Additional Player Abilities" in modern
    assert "Defines" in status[_column(codex, "new-era")], "New Era builds on no other format"
    text = _cells(html, "text")
    assert "Rehonor a dishonorable Courtier" in text[_column(codex, "new-era")], "text is shown verbatim"
    shugenja = (built_site / "compare/keywords/shugenja/index.html").read_text(encoding="utf-8")
    oh = _cells(shugenja, "status")[_column(codex, "obsidian-hand")]
    assert "Inherits" in oh and "AEG base rules" in oh and "The Codex's reading" in oh
    assert "Major Changes from the last Jade Hand Legacy (post Ivory Edition) votings:" in oh
    assert "AEG glossary-shugenja" in _cells(shugenja, "entries")[_column(codex, "obsidian-hand")]
    victory = (built_site / "compare/rules/victory/index.html").read_text(encoding="utf-8")
    assert "Not covered" in _cells(victory, "status")[_column(codex, "modern")]
    assert "OH II.E" in _cells(victory, "entries")[_column(codex, "obsidian-hand")]


def test_the_card_status_page_lists_every_card_in_every_format_with_a_ban_list(built_site, codex):
    html = (built_site / "compare/cards/index.html").read_text(encoding="utf-8")
    for card in codex.cards.values():
        assert f"cards/{card.id}/#{card.id}" in html, card.id
    row = re.search(r'<tr[^>]*><td><a href="[^"]*koans-jingasa/[^"]*">.*?</tr>', html, re.S).group(0)
    assert "OH ban-koans-jingasa" in row and "MOD ban-koans-jingasa" in row
    # The Koan's lift is undated in the document, and the Codex infers no day for it.
    assert "lifted 2015-08-16" not in row and "ban lifted · undated" in row and "the Codex infers" not in row
    for name in ("Hida Kisada", "Hida Yakamo", "Border Keep"):
        anchor = "title-" + name.lower().replace(" ", "-")
        assert f'<tr id="{anchor}" class="l5r-compare__group">' in html, name


def test_two_entries_for_one_card_in_one_format_both_show(data_copy):
    from l5r.data.load import load_codex
    from l5r.site.build import render_site

    bans = data_copy / "formats/obsidian-hand/bans.yml"
    text = bans.read_text(encoding="utf-8")
    again = ("      - id: oh-ban-koans-jingasa-again\n        card: koans-jingasa\n"
             "        as_written: \"Koan’s Jingasa\"\n        added: \"2016-03-01\"\n")
    bans.write_text(text.replace("      - id: oh-ban-koans-robes\n", again + "      - id: oh-ban-koans-robes\n"),
                    encoding="utf-8")
    _, pages = render_site(load_codex(data_copy))
    row = re.search(r"<tr[^>]*><td><a [^>]*koans-jingasa/[^>]*>.*?</tr>", pages["compare/cards.md"], re.S).group(0)
    assert "OH ban-koans-jingasa<" in row and "OH ban-koans-jingasa-again" in row
    assert "banned since 2016-03-01" in row


def test_comparisons_are_in_the_navigation(codex):
    from l5r.site.plan import plan_site

    nav = plan_site(codex).nav
    compare = next(item["Compare"] for item in nav if isinstance(item, dict) and "Compare" in item)
    flat = str(compare)
    assert "compare/index.md" in flat and "compare/cards.md" in flat and "compare/rules/victory.md" in flat


@pytest.mark.parametrize("uri", ["compare/abilities/seppuku.md", "compare/cards.md"])
def test_comparison_pages_have_no_self_made_markdown_tables_broken(built_site, uri):
    html = (built_site / uri.replace(".md", "/index.html")).read_text(encoding="utf-8")
    assert "|---|" not in html and "{%" not in html and "{{" not in html
