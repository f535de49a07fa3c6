"""Auto-linking follows the AEG Special wording rules, Referring to things (AEG wording-referring-*)."""

from __future__ import annotations

import re

import pytest
import sitewalk

from l5r.site.rendering.autolink import Linker, Target, plural_forms


def _t(name: str) -> Target:
    return Target(name.lower().replace(" ", "-"), "test", f"tip for {name}")


def found(terms, text, vocabulary=()):
    """[(text as written, the entry's term)] for every mention the linker finds."""
    linker = Linker({name: _t(name) for name in terms}, frozenset(vocabulary))
    return [(text[m.start : m.end], m.term) for m in linker.find(text)]


# -- Partial words / single words (AEG wording-referring-partial-words, -single-words) ------------------------


def test_a_single_word_does_not_match_inside_a_longer_title():
    # "Battle" must not link inside "Battle Maiden", even when Battle Maiden has no entry of its own.
    assert found(["Battle"], "a Reaction ability on a Battle Maiden") == []
    assert found(["Temple"], "satisfied by the keyword or title Temple Guardian") == []


def test_the_longest_term_wins():
    assert found(["Battle", "Battle Maiden"], "Bow a Battle Maiden.") == [("Battle Maiden", "Battle Maiden")]
    assert found(["Battle", "Battle Maiden"], "Bow a Battle Maiden, then a Battle ability.") == [
        ("Battle Maiden", "Battle Maiden"),
        ("Battle", "Battle"),
    ]


def test_a_word_before_that_is_part_of_a_name_blocks_the_match():
    # NE Lobby: "take the Imperial Favor" is the Imperial Favor, not the Favor player ability.
    assert found(["Favor"], "Personal Honor to take the Imperial Favor.") == []


def test_rules_words_next_to_a_term_do_not_block_it():
    vocabulary = {"Personality", "Political", "Limited", "Phase"}
    assert found(["Cavalry"], "unbowed Cavalry Personality to the battle", vocabulary) == [("Cavalry", "Cavalry")]
    assert found(["Favor"], "Favor Political Limited: Discard", vocabulary) == [("Favor", "Favor")]
    # Plurals and possessives of rules words count too.
    assert found(["Samurai"], "Samurai Personalities can commit seppuku", vocabulary) == [("Samurai", "Samurai")]
    assert found(["Naval"], "a card in a Naval Personality's unit", vocabulary) == [("Naval", "Naval")]
    # Another known term next to it is a rules word (keywords stack: "Absent Engage").
    assert found(["Absent", "Engage"], "Absent Engage: Move") == [("Absent", "Absent"), ("Engage", "Engage")]


def test_a_capitalized_first_word_of_a_sentence_does_not_block():
    assert found(["Favor Cycle"], "Fixed Favor Cycle ability.") == [("Favor Cycle", "Favor Cycle")]
    assert found(["Samurai"], "Example: “Your Samurai gains +2F”") == [("Samurai", "Samurai")]


def test_whole_words_only():
    assert found(["Elite"], "Elites and Eliteness") == [("Elites", "Elite")]
    assert found(["Elite"], "non-Elite cards, Elite-ish") == []
    assert found(["Home"], "Homeward") == []


def test_capitalization_is_part_of_the_term():
    # Capitalized terms are game terms (AEG wording-referring-capitalized): "samurai" is no mention.
    assert found(["Samurai"], "the samurai of Rokugan") == []


def test_possessives_match():
    assert found(["Stronghold"], "his or her Stronghold’s Clan Alignment", {"Clan"}) == [("Stronghold", "Stronghold")]


# -- Plurals (AEG wording-referring-plurals, -all-meanings) --------------------------------------------------


def test_a_plural_in_text_finds_the_singular_term():
    # "Bow one of your Berserkers" can be satisfied by Berserker cards.
    assert found(["Berserker"], "Bow one of your Berserkers") == [("Berserkers", "Berserker")]
    assert found(["Personality"], "two Personalities") == [("Personalities", "Personality")]
    assert found(["Switch"], "Switches happen") == [("Switches", "Switch")]
    assert found(["Battle Maiden"], "your Battle Maidens") == [("Battle Maidens", "Battle Maiden")]


def test_a_singular_in_text_never_finds_a_plural_title():
    # "Bow a Berserker" is not satisfied by a card titled "Berserkers".
    assert found(["Berserkers"], "Bow a Berserker") == []


def test_a_plural_in_text_prefers_the_plural_title_when_there_is_one():
    assert found(["Berserker", "Berserkers"], "Bow two Berserkers") == [("Berserkers", "Berserkers")]


@pytest.mark.parametrize(
    "term,plural",
    [
        ("Berserker", ["Berserkers"]),
        ("Ally", ["Allies"]),
        ("Day", ["Days"]),
        ("Switch", ["Switches"]),
        ("Duels", []),
        ("Lies, Lies, Lies...", []),
    ],
)
def test_plural_forms(term, plural):
    assert plural_forms(term) == plural


# -- Spelling variants -----------------------------------------------------------------------------------------


def test_straight_and_curly_apostrophes_and_line_breaks_match():
    assert found(["Koan's Jingasa"], "Koan’s Jingasa is lifted") == [("Koan’s Jingasa", "Koan's Jingasa")]
    assert found(["Battle Maiden"], "a Battle\n   Maiden") == [("Battle\n   Maiden", "Battle Maiden")]


# -- In the rendered site ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def renderer(codex):
    from l5r.site.planning.mdpages import PageRenderer
    from l5r.site.planning.plan import plan_site

    return PageRenderer(codex, plan_site(codex))


def _links(renderer, page_uri, format_id, self_id, blocks):
    from l5r.site.rendering.render import RenderContext

    html = renderer.text.blocks(blocks, RenderContext(page_uri, format_id, self_id))
    return re.findall(r'<a class="l5r-term" href="([^"]+)" title="([^"]*)"[^>]*>([^<]+)</a>', html)


def test_only_the_first_mention_in_a_section_links(codex, renderer):
    section = codex.records["ne-bronze-rule"]  # names the Active Player twice
    assert " ".join(section.text[0].strings()).count("Active Player") == 2
    links = _links(renderer, "formats/new-era/cardinal-rules.md", "new-era", section.id, section.text)
    hrefs = [href for href, _, _ in links]
    assert sum("ne-kw-active-player" in h for h in hrefs) == 1
    assert len(hrefs) == len(set(hrefs))


def test_an_entry_never_links_to_itself(codex, renderer):
    seppuku = codex.records["oh-ability-seppuku"]  # its notes say "commits Seppuku"
    links = _links(
        renderer, "formats/obsidian-hand/abilities.md", "obsidian-hand", seppuku.id, seppuku.text + seppuku.notes
    )
    assert not [h for h, _, _ in links if "oh-ability-seppuku" in h]
    cavalry = codex.records["ne-kw-cavalry"]  # its text names Cavalry, Absent and Engage
    links = _links(renderer, "formats/new-era/keywords.md", "new-era", cavalry.id, cavalry.text)
    assert not [h for h, _, _ in links if h.endswith("#ne-kw-cavalry")]
    assert [h for h, _, _ in links if "ne-kw-engage" in h], "other terms in it still link"
    # "see Enlightened Open" is the same entry, written twice in the document.
    battle = codex.records["oh-ability-enlightened-battle"]
    assert _links(renderer, "formats/obsidian-hand/abilities.md", "obsidian-hand", battle.id, battle.text) == []


def test_the_nearest_definition_wins_across_formats(codex, renderer):
    from l5r.data.model import Block

    text = (Block("paragraph", "A Shugenja with Singular in a Stronghold."),)
    new_era = dict((t, h) for h, _, t in _links(renderer, "formats/new-era/turn.md", "new-era", None, text))
    modern = dict((t, h) for h, _, t in _links(renderer, "formats/modern/amendments.md", "modern", None, text))
    aeg = dict((t, h) for h, _, t in _links(renderer, "formats/aeg/glossary.md", "aeg", None, text))
    assert "ne-kw-shugenja" in new_era["Shugenja"]  # New Era's own keyword
    assert "aeg-glossary-shugenja" in aeg["Shugenja"] and "aeg-glossary-singular" in aeg["Singular"]
    assert "mod-kw-singular" in modern["Singular"]  # Modern's own keyword
    # Neither New Era nor Modern names AEG's pages as its basis, so AEG's glossary is never linked from them.
    assert "Shugenja" not in modern and "Stronghold" not in modern
    assert "Singular" not in new_era and "Stronghold" not in new_era


def test_tooltips_carry_the_citation_and_a_short_definition(codex, renderer):
    section = codex.records["ne-bronze-rule"]
    (href, title, text), *_ = _links(renderer, "formats/new-era/cardinal-rules.md", "new-era", section.id, section.text)
    assert text == "Active Player" and "ne-kw-active-player" in href
    # The tooltip names the keyword as pages cite it (the document's words, not the id), then defines it.
    assert title.startswith("NE Active Player: ") and len(title) > 40


def test_a_title_several_cards_share_links_to_the_title_group(codex, renderer):
    section = codex.records["oh-ii-f-deck-restrictions"]
    links = {
        t: h for h, _, t in _links(renderer, "formats/obsidian-hand/ii-f.md", "obsidian-hand", section.id, section.text)
    }
    assert links["Hida Kisada"] == "../../../compare/cards/#title-hida-kisada"
    assert links["Hida Yakamo"] == "../../../compare/cards/#title-hida-yakamo"
    # With its experience level, the title names one card.
    assert links["Hida Kisada Inexperienced"].endswith("card/hida-kisada-inexperienced/#hida-kisada-inexperienced")
    assert links["Bayushi Tangen"].endswith("card/bayushi-tangen/#bayushi-tangen")


def test_no_auto_link_inside_a_heading_anywhere_in_the_site(built_site):
    heading = re.compile(r"<h([1-6])[^>]*>(.*?)</h\1>", re.S)
    checked = 0
    for page in sitewalk.html_files(built_site):
        for _, inner in heading.findall(sitewalk.text(page)):
            assert "l5r-term" not in inner, f"{page.relative_to(built_site)}: a heading holds an auto-link"
            checked += 1
    assert checked > 500


def test_every_auto_link_in_the_site_has_a_tooltip_and_lands_on_an_anchor(built_site):
    link = re.compile(r'<a class="l5r-term" href="([^"]+)" title="([^"]+)"[^>]*>')
    ids: dict = {}
    count = 0
    for page in sitewalk.html_files(built_site):
        for href, title in link.findall(sitewalk.text(page)):
            path, _, anchor = href.partition("#")
            target = (page.parent / path).resolve() / "index.html" if path else page
            if target not in ids:
                ids[target] = set(re.findall(r'\bid="([^"]+)"', sitewalk.text(target)))
            assert anchor in ids[target], f"{page.relative_to(built_site)}: {href}"
            # What it is (its citation as pages word it, or "Card title"), then what it says.
            assert re.match(r"(CARD |Card title — |[A-Z]+ \S)[^:]*: \S", title), title
            assert not re.search(r"\b(kw|ability|glossary)-[a-z]", title), f"a citation id in a tooltip: {title}"
            count += 1
    assert count > 200
