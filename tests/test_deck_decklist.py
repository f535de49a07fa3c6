"""The decklist format (docs/deck-check.md): sections, card lines, experience levels, sets, comments, YAML.

Lines that are not card lines become `parse` problems citing the format's deck rule
(oh-ii-f-play-deck-and-deck-construction, mod-deck-size, ne-deck-construction), with their line number.
"""

from __future__ import annotations

import pytest

from decks.support import DECKS, check, deck_text
from l5r.decklist import DYNASTY, FATE, PREGAME, DecklistError, parse_text, parse_yaml, read_decklist


@pytest.mark.parametrize(
    "header, section",
    [
        ("Pre-Game:", PREGAME),
        ("Stronghold:", PREGAME),
        ("PREGAME:", PREGAME),
        ("Dynasty (40):", DYNASTY),
        ("dynasty:", DYNASTY),
        ("Fate (40):", FATE),
        ("Fate Deck:", FATE),
    ],
)
def test_section_headers(header, section):
    deck = parse_text(f"{header}\n3 Hida Akeno\n")
    assert [c.section for c in deck.cards] == [section] and not deck.issues


@pytest.mark.parametrize(
    "line, count, name, experience, set_name",
    [
        ("3 Hida Akeno", 3, "Hida Akeno", None, None),
        ("3x Hida Akeno", 3, "Hida Akeno", None, None),
        ("2 x Hida Akeno", 2, "Hida Akeno", None, None),
        ("Hida Akeno", 1, "Hida Akeno", None, None),
        ("Border Keep - Experienced 2", 1, "Border Keep", "Experienced 2", None),
        ("Border Keep • Experienced 2", 1, "Border Keep", "Experienced 2", None),
        ("Isawa Tadaka, Seven Thunder (Experienced 2CW)", 1, "Isawa Tadaka, Seven Thunder", "Experienced 2CW", None),
        ("1 Border Keep - Exp 2", 1, "Border Keep", "Exp 2", None),
        ("3 Hida Kisada [Emperor Edition]", 3, "Hida Kisada", None, "Emperor Edition"),
        ("Border Keep - Exp 2 [Coils of Madness]", 1, "Border Keep", "Exp 2", "Coils of Madness"),
        ("Koan’s Jingasa", 1, "Koan's Jingasa", None, None),
        ("1,000 Cuts Technique", 1, "1,000 Cuts Technique", None, None),
        ("3 Hida Akeno   # the best", 3, "Hida Akeno", None, None),
    ],
)
def test_card_lines(line, count, name, experience, set_name):
    [card] = parse_text(f"Dynasty:\n{line}\n").cards
    assert (card.count, card.name, card.experience, card.set_name) == (count, name, experience, set_name)
    assert card.line == 2


def test_comments_blank_lines_and_type_subheadings_are_skipped():
    deck = parse_text("# a deck\n\nDynasty (2):\nPersonalities (2):\n# note\n2 Hida Akeno\n")
    assert [(c.line, c.count) for c in deck.cards] == [(6, 2)] and not deck.issues
    assert deck.declared == ((DYNASTY, 2, 3),)


@pytest.mark.parametrize("line", ["0 Hida Akeno", "100 Hida Akeno", "3", "Exp 2", "Ideas:", "-", "-=", "--x--"])
def test_lines_that_are_not_card_lines(line):
    deck = parse_text(f"Dynasty:\nHida Akeno\n{line}\n")
    assert [i.line for i in deck.issues] == [3] and len(deck.cards) == 1


@pytest.mark.parametrize("rule", ["---", "----", "***", "___", "===", "~~~", "-=-=-=", "* * *", "- - -", "_ _ _ _"])
def test_a_rule_drawn_between_blocks_is_skipped(rule):
    # Markdown's rules ("---", "***", "___", spaced or not) and a forum's ("====") part a post's blocks
    deck = parse_text(f"Dynasty:\nHida Akeno\n{rule}\nFate:\n{rule}\n3 Rout\n")
    assert [(c.line, c.section) for c in deck.cards] == [(2, DYNASTY), (6, FATE)] and not deck.issues


@pytest.mark.parametrize("header", ["Sideboard:", "Sideboard (3)", "Maybe:", "Cut", "# Considering", "Options:"])
def test_cards_under_a_header_of_cards_outside_the_deck_are_in_no_deck(header):
    deck = parse_text(f"Dynasty:\nHida Akeno\n{header}\n3 Iron Mine\nRout\nFate:\n3 Ambush\n")
    assert [(c.line, c.section) for c in deck.cards] == [(2, DYNASTY), (7, FATE)]
    assert [(i.line, i.aside) for i in deck.issues] == [(4, header.strip("# :")), (5, header.strip("# :"))]


def test_parse_problem_in_a_report_has_its_line_and_no_rule():
    # A line that is no card line breaks no construction rule: citing the deck-size rule misled.
    report = check("modern", deck_text("modern-crab.txt") + "Fate:\n0 Scout\n")
    [problem] = [p for p in report.problems if p.code == "parse"]
    assert problem.rule is None and problem.line == len(deck_text("modern-crab.txt").splitlines()) + 2


def test_curly_and_straight_apostrophes_are_the_same_card():
    """oh-ban-koans-jingasa hits every spelling (Koan's Jingasa stays banned in Obsidian Hand)."""
    import datetime as dt

    for spelling in ("Koan's Jingasa", "Koan’s Jingasa", "koan`s jingasa"):
        report = check("obsidian-hand", "Fate:\n" + spelling + "\n", on=dt.date(2016, 3, 1))
        assert [p.rule for p in report.problems if p.code == "banned"] == ["oh-ban-koans-jingasa"], spelling


def test_cards_above_every_header_are_placed_by_their_deck():
    report = check("modern", "Hida Akeno\nA Breed Apart\n")
    assert report.counts == {"pre_game": 0, "dynasty": 1, "fate": 1}
    assert [w.code for w in report.warnings].count("no-section") == 2


def test_yaml_decklist_with_line_numbers():
    deck = read_decklist(DECKS / "modern-crab.yml")
    assert len(deck.section(DYNASTY)) == 50 and len(deck.section(FATE)) == 50 and not deck.issues
    assert deck.section(PREGAME)[0].line == 5
    bad = parse_yaml("dynasty:\n  - 3 Hida Akeno\n  - {title: x}\nsideboard: [Scout]\nfate: Scout\n")
    assert [i.line for i in bad.issues] == [3, 4, 5]


@pytest.mark.parametrize("text", ["dynasty: [", "- just a list\n"])
def test_unreadable_yaml_is_one_clear_error(text):
    with pytest.raises(DecklistError) as err:
        parse_yaml(text, "deck.yml")
    assert "deck.yml" in str(err.value)


def test_a_yaml_decklist_error_names_its_line():
    from l5r.data.yamlsource import error_line

    with pytest.raises(DecklistError) as err:
        parse_yaml("pre_game:\n  - Shiro Daidoji\ndynasty: [Hida Kisada\nfate: []\n", "deck.yml")
    assert str(err.value).startswith("deck file deck.yml is not valid YAML (line ")
    import yaml

    with pytest.raises(yaml.YAMLError) as broken:
        yaml.safe_load("a: [1\nb: 2\n")
    assert error_line(broken.value) == 2
    assert error_line(yaml.YAMLError("no mark")) is None


@pytest.mark.parametrize("end", [" x1", " *1", " (1)", " [x1]"])
def test_a_list_that_ends_in_its_last_titles_count_is_not_carried_on_the_line_under_it(end):
    # "Counting House, 2 Stables, Jade Works x1": the count after the last title ends it, so the counted list under
    # it is a line of its own, though it starts with a letter (a list wrapped mid-title is joined: "3 Ikoma" + "Shika")
    deck = parse_text(f"Dynasty:\nCounting House, 2 Stables, Jade Works{end}\nIron Mine x3, 2 Copper Mine\n")
    assert [c.line for c in deck.cards] == [2, 3]
    wrapped = parse_text("Dynasty:\n3 Akodo Shunori, 3 Ikoma\nShika, 1 Akodo Atsutane\n")
    assert [c.line for c in wrapped.cards] == [2]  # the check can fail
