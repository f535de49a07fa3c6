"""Backlinks: each keyword, ability and card lists the rules that cite it (mentions found by the auto-linker)."""

from __future__ import annotations

import re

import pytest


@pytest.fixture(scope="module")
def renderer(codex):
    from l5r.site.planning.mdpages import PageRenderer
    from l5r.site.planning.plan import plan_site

    return PageRenderer(codex, plan_site(codex))


def _cited_by(renderer, record_id):
    return [r.id for r in renderer.backrefs.get(record_id, []) if r.record_kind not in ("ban", "changelog")]


def test_a_keyword_lists_the_rules_that_name_it(renderer):
    cited = _cited_by(renderer, "ne-kw-active-player")
    assert {"ne-bronze-rule", "ne-1-1", "ne-6-5"} <= set(cited)
    assert "ne-kw-active-player" not in cited, "an entry never cites itself"


def test_a_glossary_term_lists_rules_of_every_format_that_build_on_it(renderer):
    cited = set(_cited_by(renderer, "aeg-glossary-shugenja"))
    assert "aeg-wording-numbers-two-or-more" in cited  # AEG's own pages
    # No other format's documents name AEG's pages as their basis (New Era's rule book stands alone, Modern names
    # the Twenty Festivals rules, the Obsidian Hand Jade Hand Legacy): none of their rules cites the AEG term.
    assert not {r for r in cited if not r.startswith("aeg-")}


def test_the_aeg_samurai_entry_is_cited_only_where_the_text_names_the_keyword(renderer):
    # aeg-glossary-samurai is `autolink_as: name-only`: it describes the rulebook Reaction, so the word
    # "Samurai" in a format's own Seppuku text is no mention of it; "the Samurai keyword" is.
    cited = set(_cited_by(renderer, "aeg-glossary-samurai"))
    assert not cited & {"oh-ability-seppuku", "ne-ability-seppuku", "mod-ability-seppuku"}
    assert "aeg-wording-referring-repeated-keyword" in cited


def test_a_plural_mention_counts(codex):
    # "Strongholds do not go into the Dynasty deck" (OH III.A's words) names the Stronghold term, read as AEG text.
    from l5r.site.rendering.render import build_linkers

    text = "Strongholds do not go into the Dynasty deck"
    found = [(text[m.start : m.end], m.target.record_id) for m in build_linkers(codex)["aeg"].find(text)]
    assert ("Strongholds", "aeg-glossary-stronghold") in found


def test_a_shared_card_title_cites_every_card_with_that_title(codex, renderer):
    for card in codex.cards.values():
        if card.name == "Hida Yakamo":
            assert "oh-ii-f-deck-restrictions" in _cited_by(renderer, card.id), card.id


def test_a_changelog_entry_that_only_names_a_record_is_not_in_its_history(renderer):
    # OH 2015-10-27 changes Naval Invasion and names Cavalry: Cavalry was not changed by it.
    cavalry = [r.id for r in renderer.backrefs.get("oh-ability-cavalry", [])]
    assert "oh-log-2015-10-27-naval-invasion" not in cavalry
    naval = [r.id for r in renderer.backrefs.get("oh-ability-naval-invasion", [])]
    assert naval.count("oh-log-2015-10-27-naval-invasion") == 1, "touches and mentions are not counted twice"


def test_the_imperial_favor_is_not_a_mention_of_the_favor_ability(renderer):
    assert "ne-ability-lobby" not in _cited_by(renderer, "ne-ability-favor-limited")


def _section(html: str, anchor: str) -> str:
    match = re.search(rf'<div class="l5r-cited-by" id="{anchor}-cited-by">(.*?)</div>', html, re.S)
    return match.group(1) if match else ""


def test_keyword_ability_and_card_pages_show_cited_by(built_site):
    keywords = (built_site / "formats/new-era/keywords/index.html").read_text(encoding="utf-8")
    assert "NE 6.4" in _section(keywords, "ne-kw-active-player")
    abilities = (built_site / "formats/obsidian-hand/abilities/index.html").read_text(encoding="utf-8")
    # (Reserve's "Recruit your target…" is the verb, not the Recruit ability.)
    assert "OH Initial Guidelines, Player Abilities" in _section(abilities, "oh-ability-seppuku")
    assert "OH Reserve" not in _section(abilities, "oh-ability-recruit")
    card = (built_site / "card/hida-kisada-inexperienced/index.html").read_text(encoding="utf-8")
    cited = card.split('id="hida-kisada-inexperienced-cited-by"', 1)[1]
    assert "oh-ii-f-deck-restrictions" in cited.split("</ul>", 1)[0]
