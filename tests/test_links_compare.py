"""Comparison pages: every topic several formats define, side by side (l5r/site/planning/compare.py)."""

from __future__ import annotations

import html as html_module
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
    assert {
        ("rules", "victory"),
        ("rules", "deck-construction"),
        ("rules", "turn-sequence"),
        ("terms", "seppuku"),
        ("terms", "lobby"),
        ("terms", "elite"),
    } <= set(shared)
    index = (built_site / "compare/index.html").read_text(encoding="utf-8")
    for (kind, key), formats in shared.items():
        page = _page(built_site, kind, key)
        assert page.is_file(), f"no comparison page for {kind} {key} ({sorted(formats)})"
        html = page.read_text(encoding="utf-8")
        heads = re.search(r"<thead>(.*?)</thead>", html, re.S).group(1)
        for f in codex.bundled_formats:
            assert f.short_name in heads, f"{page}: no column for {f.short_name}"
        assert page.parent.relative_to(built_site).as_posix() + "/" in index or f"{page.parent.name}/" in index, (
            f"the index does not list {key}"
        )


def _cells(html: str, row: str) -> list[str]:
    tr = re.search(rf'<tr class="l5r-compare__{row}">(.*?)</tr>', html, re.S).group(1)
    return re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)


def _column(codex, format_id):
    return [f.id for f in codex.bundled_formats].index(format_id)


def test_a_page_says_what_each_format_inherits_amends_or_adds(built_site, codex):
    # each label is the record's `relation:` with the document's words beside it.
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
    # No document names AEG's pages as the Obsidian Hand's basis (it names Jade Hand Legacy, not bundled): the
    # Shugenja entry is not inherited from AEG, it is not covered.
    assert "Inherits" not in oh and "AEG base rules" not in oh and "Not covered" in oh and "Jade Hand Legacy" in oh
    assert "AEG Shugenja" not in _cells(shugenja, "entries")[_column(codex, "obsidian-hand")]
    victory = (built_site / "compare/rules/victory/index.html").read_text(encoding="utf-8")
    assert "Not covered" in _cells(victory, "status")[_column(codex, "modern")]
    assert "OH II.E" in _cells(victory, "entries")[_column(codex, "obsidian-hand")]


def test_the_card_status_page_lists_every_card_in_every_format_with_a_ban_list(built_site, codex):
    html = (built_site / "compare/cards/index.html").read_text(encoding="utf-8")
    for card in codex.cards.values():
        assert f"card/{card.id}/#{card.id}" in html, card.id
    row = re.search(r'<tr[^>]*><td><a href="[^"]*koans-jingasa/[^"]*">.*?</tr>', html, re.S).group(0)
    shown = html_module.unescape(row)
    assert "OH Ban list, Koan’s Jingasa" in shown and "MOD Ban list, Koan's Jingasa" in shown
    assert "#oh-ban-koans-jingasa" in row and "#mod-ban-koans-jingasa" in row
    # The Koan's lift is undated in the document, and the Codex infers no day for it.
    words = re.sub(r"<[^>]+>", "", row)  # a date is marked up (<time>): its words
    assert "lifted 2015-08-16" not in words and "ban lifted (undated)" in words and "the Codex infers" not in row
    for name in ("Hida Kisada", "Hida Yakamo", "Border Keep"):
        anchor = "title-" + name.lower().replace(" ", "-")
        assert f'<tr id="{anchor}" class="l5r-compare__group">' in html, name


def test_two_entries_for_one_card_in_one_format_both_show(data_copy):
    from l5r.data.load import load_codex
    from l5r.site.planning.mdpages import render_site

    bans = data_copy / "formats/obsidian-hand/bans.yml"
    text = bans.read_text(encoding="utf-8")
    again = (
        "      - id: oh-ban-koans-jingasa-again\n        card: koans-jingasa\n"
        '        as_written: "Koan’s Jingasa"\n        added: "2016-03-01"\n'
    )
    bans.write_text(
        text.replace("      - id: oh-ban-koans-robes\n", again + "      - id: oh-ban-koans-robes\n"), encoding="utf-8"
    )
    _, pages = render_site(load_codex(data_copy))
    row = re.search(r"<tr[^>]*><td><a [^>]*koans-jingasa/[^>]*>.*?</tr>", pages["compare/cards.md"], re.S).group(0)
    # Both entries show, each under the card as the list writes it, each linking to its own entry.
    assert html_module.unescape(row).count("OH Ban list, Koan’s Jingasa") == 2
    assert '#oh-ban-koans-jingasa"' in row and '#oh-ban-koans-jingasa-again"' in row
    assert "banned since 2016-03-01" in re.sub(r"<[^>]+>", "", row)


def test_comparisons_are_in_the_navigation(codex):
    from l5r.site.planning.plan import plan_site

    nav = plan_site(codex).nav
    compare = next(item["Compare"] for item in nav if isinstance(item, dict) and "Compare" in item)
    flat = str(compare)
    assert "compare/index.md" in flat and "compare/cards.md" in flat and "compare/rules/victory.md" in flat


@pytest.mark.parametrize("uri", ["compare/abilities/seppuku.md", "compare/cards.md"])
def test_comparison_pages_have_no_self_made_markdown_tables_broken(built_site, uri):
    html = (built_site / uri.replace(".md", "/index.html")).read_text(encoding="utf-8")
    assert "|---|" not in html and "{%" not in html and "{{" not in html


# ---------------------------------------------------------------------------------------------------------
# Complete comparisons: every record of a topic, in every format, is on the topic's page
# ---------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rendered(codex):
    from l5r.site.planning.mdpages import render_site

    return render_site(codex)[1]


def _row_cells(page: str, row: str) -> dict[str, str]:
    """format short name -> the cell of that format in a row of a topic page."""
    tr = re.search(rf'<tr class="l5r-compare__{row}">(.*?)</tr>', page, re.S).group(1)
    return dict(re.findall(r'<td data-format="([^"]+)">(.*?)</td>', tr, re.S))


def test_every_record_of_a_topic_is_on_that_topics_page(codex, rendered):
    from l5r.site.planning.compare import PER_TERM_TOPICS, STRUCTURAL_TOPICS, TOPICS, topic_records, topics_of

    shared = {key for key, _ in TOPICS}
    term_pages = [page for uri, page in rendered.items() if uri.startswith(("compare/keywords/", "compare/abilities/"))]
    checked, missing, not_covered = 0, [], []
    for f in codex.bundled_formats:
        for record in topic_records(f):
            for topic in topics_of(record):
                assert topic in shared or topic in STRUCTURAL_TOPICS, f"{record.id}: topic {topic} has no page"
                if topic in PER_TERM_TOPICS:  # compared one term at a time: on its keyword's or ability's page
                    checked += 1
                    if not any(f'data-record="{record.id}"' in page for page in term_pages):
                        missing.append(f"{record.citation} ({record.id}) is on no keyword or ability page")
                    continue
                if topic not in shared:
                    continue
                page = rendered.get(f"compare/rules/{topic}.md")
                assert page is not None, f"no compare page for the topic {topic} ({record.id} has it)"
                checked += 1
                if f'data-record="{record.id}"' not in page:
                    missing.append(f"{record.citation} ({record.id}) is not on compare/rules/{topic}")
                for row in ("text", "status"):
                    if "Not covered" in _row_cells(page, row)[f.short_name]:
                        not_covered.append(
                            f"compare/rules/{topic}: {f.short_name} says Not covered ({record.citation} has the topic)"
                        )
    # The guard: the walk found the records (sections, ability groups and abilities carry topics).
    assert checked >= 60, checked
    assert missing == []
    assert sorted(set(not_covered)) == []


def test_the_documents_additions_are_on_the_compare_pages(rendered):
    deck = rendered["compare/rules/deck-construction.md"]
    modern = _row_cells(deck, "text")["Modern"]
    for words in (
        "Both the Dynasty and Fate decks must be exactly 50 cards each!",
        'This is a "Highlander" format!',
        "Proxies are allowed!",
    ):
        assert words in modern.replace("&#34;", '"').replace("&quot;", '"'), words
    abilities = rendered["compare/rules/player-abilities.md"]
    new_era = _row_cells(abilities, "text")["New Era"]
    for heading in (
        "PLAYER ABILITIES – ACTION PHASE",
        "PLAYER ABILITIES – ATTACK PHASE",
        "PLAYER ABILITIES – DYNASTY PHASE",
    ):
        assert heading in new_era, heading
    assert "Not covered" not in new_era
    modern = _row_cells(abilities, "text")["Modern"]
    assert "Additional Player Abilities" in modern and "Seppuku" in modern and "Ancestral Guidance" in modern


def test_one_document_sentence_gives_one_relation_to_every_rule_it_governs(codex):
    """Modern: "Ignore the Deck Construction Rules. They are replaced by the following three rules:" governs
    rules 1, 2 and 3 alike: each carries "replaces", with that sentence as its evidence."""
    governed = 0
    for f in codex.bundled_formats:
        for s in f.all_sections():
            rel = s.relation
            own = " ".join(b.text for b in s.text)
            if not rel or not rel.evidence or rel.evidence not in own:
                continue
            for sub in s.sections:
                governed += 1
                assert sub.relation is not None, f"{sub.citation} has no relation; {s.citation} says “{rel.evidence}”"
                assert (sub.relation.kind, sub.relation.evidence) == (rel.kind, rel.evidence), sub.citation
    assert governed >= 3
    labels = {codex.records[i].relation.kind for i in ("mod-deck-size", "mod-highlander", "mod-proxies")}
    assert labels == {"replaces"}


def test_a_compare_page_opens_with_what_differs_one_line_per_format(codex, rendered):
    deck = rendered["compare/rules/deck-construction.md"]
    differs = deck.index('id="what-differs"')
    assert differs < deck.index("<table>"), "what differs comes before the texts"
    assert 'class="l5r-compare__status"' not in deck[: deck.index("<tbody>")], "no Status row at the top"
    assert deck.index('<tr class="l5r-compare__text">') < deck.index('<tr class="l5r-compare__status">')
    lines = re.findall(r'<li data-format="([^"]+)">(.*?)</li>', deck[differs : deck.index("<table>")], re.S)
    assert [f for f, _ in lines] == [f.id for f in codex.bundled_formats]
    by = {f: re.sub(r"<[^>]+>", "", text) for f, text in lines}
    # From each format's own Ruleset numbers, never another format's.
    assert "Dynasty deck: exactly 50 cards" in by["modern"] and "Copies of a card: at most 1" in by["modern"]
    assert "Dynasty deck: at least 40 cards" in by["obsidian-hand"] and "at most 3" in by["obsidian-hand"]
    assert "Dynasty deck: exactly 40 cards" in by["new-era"] and "Copies of a card: not stated" in by["new-era"]
    assert "Banned: 9 bans" in by["modern"] and "Banned: no ban list" in by["new-era"]
    turn = rendered["compare/rules/turn-sequence.md"]
    assert "End of the turn: discard then draw" in re.sub(r"<[^>]+>", "", turn)  # the Obsidian Hand's order
    assert "Cards drawn at the end: not stated" in re.sub(r"<[^>]+>", "", turn)
