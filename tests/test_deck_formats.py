"""Decklists as players export them: Oracle of the Void (plain and tab-delimited), Sun and Moon,
game_on_yasuki; automatic detection; set acronyms (data/set-acronyms.yml, one test per acronym); lines that
name no card; printings named by set; did-you-mean suggestions. Whole decks are in tests/deck-conformance/.
"""

from __future__ import annotations

import functools

import pytest
import yaml

from decks.support import AFTER_ALL_BANS, ROOT, codex, index
from l5r.decklist import DYNASTY, FATE, PREGAME, DecklistError, detect_input_format, parse_decklist

ACRONYMS = yaml.safe_load((ROOT / "data" / "set-acronyms.yml").read_text(encoding="utf-8"))["acronyms"]


def check(text, format_id="modern", input_format=None):
    return checker_with_acronyms(format_id).check(parse_decklist(text, "deck.txt", input_format), AFTER_ALL_BANS)


@functools.lru_cache(maxsize=None)
def checker_with_acronyms(format_id):
    from l5r.engine.deck import DeckChecker
    from l5r.engine.ruleset import ruleset_for

    fmt = codex().format(format_id)
    return DeckChecker(fmt, ruleset_for(fmt), index(), codex().set_acronyms)


# --- detection -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, source, expected",
    [
        ("Legality: Modern\n1 Kaiu Shiro (KD)\n", "d.txt", "sunandmoon"),
        ("\n  legality:  Obsidian Hand\n", "d.txt", "sunandmoon"),
        ("# Dynasty - (3)\n3\tHida Akeno\t(The Dead of Winter)\n", "d.txt", "oracle-tab"),
        ("# Dynasty - (40) [15 distinct]\n3 Hida Akeno (The Dead of Winter)\n", "d.txt", "oracle"),
        ("Dynasty: # (40)\n- 3x Hida Akeno [The Dead of Winter]\n", "d.txt", "yasuki"),
        ("dynasty:\n- 1x Chiisai [TSE] {art: Chiisai [The New Order]}\n", "d.yml", "yasuki"),
        ("dynasty:\n  - Chiisai\n", "d.yaml", "yaml"),
        ("Dynasty (40):\n3 Hida Akeno\n# Personalities\n", "d.txt", "text"),
    ],
)
def test_detection(text, source, expected):
    assert detect_input_format(text, source) == expected


def test_input_format_overrides_detection():
    deck = parse_decklist("# Dynasty - (1)\n1 Chiisai\n", "d.txt", "text")
    # read as plain text: '# Dynasty - (1)' is then a header as players write them by hand, not Oracle's
    assert deck.input_format == "text" and deck.cards[0].section == "dynasty" and deck.declared == (("dynasty", 1, 1),)


def test_unknown_input_format_is_one_sentence():
    with pytest.raises(DecklistError, match="not an input format"):
        parse_decklist("1 Chiisai\n", "d.txt", "mtga")


# --- Oracle of the Void ------------------------------------------------------------------------------------


def test_oracle_type_subheaders_belong_to_the_deck_above():
    deck = parse_decklist(
        "# Pre-Game - (1) [1 distinct]\n1 Kaiu Shiro (Khan's Defiance)\n"
        "# Dynasty - (4) [2 distinct]\n# Holding - (1) [1 distinct]\n1 Border Village\n"
        "# Personality - (3) [1 distinct]\n3 Hida Akeno (The Dead of Winter)\n"
        "# Fate - (0) [0 distinct]\n",
        "d.txt",
    )
    assert [(c.name, c.section, c.set_name) for c in deck.cards] == [
        ("Kaiu Shiro", PREGAME, "Khan's Defiance"),
        ("Border Village", DYNASTY, None),
        ("Hida Akeno", DYNASTY, "The Dead of Winter"),
    ]
    assert deck.declared == ((PREGAME, 1, 1), (DYNASTY, 4, 3), (FATE, 0, 8))


@pytest.mark.parametrize(
    "line, experience",
    [
        ("3 Hida Kisada - exp (Enemy of My Enemy)", "Experienced"),
        ("1 Border Keep - exp2 (Coils of Madness)", "Experienced 2"),
        ("1 Isawa Tadaka - exp 2 (Time of the Void)", "Experienced 2"),
    ],
)
def test_oracle_experience_levels_name_the_card(line, experience):
    report = check("# Dynasty - (1)\n" + line + "\n", "obsidian-hand")
    assert "unknown-card" not in [p.code for p in report.problems]
    assert not [w for w in report.warnings if w.code == "set-ignored"]


def test_oracle_tab_delimited_columns():
    deck = parse_decklist("# Fate - (2)\n2\tA Breed Apart\t(Gold Edition)\n", "d.txt")
    assert deck.input_format == "oracle-tab"
    assert [(c.count, c.name, c.set_name, c.section) for c in deck.cards] == [
        (2, "A Breed Apart", "Gold Edition", FATE)
    ]


def test_oracle_tab_line_with_too_many_columns_is_a_parse_problem():
    deck = parse_decklist("3\tHida Akeno\t(The Dead of Winter)\textra\n", "d.txt")
    assert not deck.cards and deck.issues[0].line == 1


# --- Sun and Moon ------------------------------------------------------------------------------------------


def test_sun_and_moon_legality_line_is_no_card():
    deck = parse_decklist("Legality: Modern\n1 Kaiu Shiro (KD)\n", "d.txt")
    assert deck.legality == ("Modern", 1) and [c.name for c in deck.cards] == ["Kaiu Shiro"]


def test_sun_and_moon_cards_sorted_into_their_decks_without_warnings():
    report = check(
        "Legality: Modern\n1 Kaiu Shiro (KD)\n1 Kaiu Gorobei (TwentyFestivals)\n1 Destiny Has No Secrets (TotV)\n"
    )
    assert report.counts == {"pre_game": 1, "dynasty": 1, "fate": 1}
    assert "no-section" not in [w.code for w in report.warnings]


def test_legality_naming_another_format_is_a_warning():
    """--format wins; the Legality line only warns."""
    report = checker_with_acronyms("obsidian-hand").check(
        parse_decklist("Legality: Modern\n1 Kaiu Shiro (KD)\n", "d.txt"), AFTER_ALL_BANS
    )
    mismatch = [w for w in report.warnings if w.code == "format-mismatch"]
    assert len(mismatch) == 1 and mismatch[0].line == 1


@pytest.mark.parametrize("acronym", sorted(ACRONYMS))
def test_each_set_acronym_names_a_pool_set_with_cards(acronym):
    """Every acronym in data/set-acronyms.yml reads as a set of the real pool: a card printed there is found
    through the acronym without a set-ignored warning."""
    set_name = ACRONYMS[acronym]
    printed = [i for i in index().identities if set_name in i.sets and i.deck in ("Dynasty", "Fate", "Pre-Game")]
    assert printed, f"{acronym}: no pool card is printed in “{set_name}” (is the set name spelt as the pool spells it?)"
    card = printed[0]
    level = f" - {card.experience}" if card.experience else ""
    report = check(f"Legality: Modern\n1 {card.title}{level} ({acronym})\n")
    assert not [w.message for w in report.warnings if w.code == "set-ignored"], acronym
    assert (
        "unknown-card" not in [p.code for p in report.problems] or len(index().named(card.title, card.experience)) > 1
    )


def test_acronyms_ignore_case():
    report = check("Legality: Modern\n1 Destiny Has No Secrets (totv)\n")
    assert not [w for w in report.warnings if w.code == "set-ignored"]


def test_acronym_table_is_in_the_codex():
    assert codex().set_acronyms["TotV"] == "Time of the Void" and codex().set_acronyms["HE1"].endswith("Episode 1")


# --- game_on_yasuki --------------------------------------------------------------------------------------

YASUKI = """name: "Crab"
author: someone
date: 2015-09-01
Pre-Game: # (1)
- 1x Kaiu Shiro [Khan's Defiance]
Dynasty: # (1)
- 1x Hida Kisada • Experienced [Enemy of My Enemy] {art: Hida Kisada [The New Order]}
Fate: # (0)
"""


def test_yasuki_art_trailer_is_no_parse_error():
    deck = parse_decklist(YASUKI, "crab.yaml")
    assert deck.input_format == "yasuki" and not deck.issues
    card = deck.cards[1]
    assert (card.count, card.name, card.experience, card.set_name, card.section) == (
        1,
        "Hida Kisada",
        "Experienced",
        "Enemy of My Enemy",
        DYNASTY,
    )
    assert deck.declared == ((PREGAME, 1, 4), (DYNASTY, 1, 6), (FATE, 0, 8))


def test_yasuki_stray_line_is_a_parse_problem():
    deck = parse_decklist(YASUKI + "this is no item\n", "crab.yaml")
    assert [i.line for i in deck.issues] == [9]


# --- lines that name no card, unknown titles, printings ------------------------------------------------------


@pytest.mark.parametrize(
    "syntax, text, line",
    [
        ("text", "Dynasty:\n%%% ??? not a card line\n", 2),
        ("oracle", "# Dynasty - (1)\n%%% ??? not a card line\n", 2),
        ("sunandmoon", "Legality: Modern\n%%% ??? not a card line\n", 2),
        ("yasuki", "Dynasty: # (1)\n- %%% ??? not a card line\n", 2),
    ],
)
def test_a_line_naming_no_card_is_a_parse_problem_not_a_card(syntax, text, line):
    report = check(text, input_format=syntax)
    assert [(p.code, p.line) for p in report.problems if p.code == "parse"] == [("parse", line)]
    assert sum(report.counts.values()) == 0  # never counted toward a deck size


def test_unknown_card_suggests_pool_titles():
    report = check("Dynasty:\n3 Hida Kisda\n")
    unknown = [p for p in report.problems if p.code == "unknown-card"][0]
    assert unknown.suggestions[0] == "Hida Kisada" and len(unknown.suggestions) <= 3
    assert "Did you mean “Hida Kisada”" in unknown.message
    assert unknown.as_dict()["suggestions"] == list(unknown.suggestions)


def test_printing_that_does_not_exist_warns_and_names_the_sets_that_have_it():
    """An Oracle of the Void line: Hida Kisada Experienced was printed only in Enemy of My Enemy; legality stays by card."""
    report = check("# Dynasty - (1)\n1 Hida Kisada - exp (Emperor Edition)\n", "obsidian-hand")
    ignored = [w for w in report.warnings if w.code == "set-ignored"]
    assert len(ignored) == 1 and "Emperor Edition" in ignored[0].message and "Enemy of My Enemy" in ignored[0].message
    assert "unknown-card" not in [p.code for p in report.problems]


def test_set_written_as_a_title_qualifier_is_named_in_the_warning():
    """'Kaiu Shiro (Foo Bar)' on a plain text line: 'Foo Bar' is no set any card was printed in, so it is the
    player's remark and the card is read without it; a real set in brackets that the card was never printed in
    is named in the warning (it once said "never printed in None")."""
    report = check("Pre-Game:\n1 Kaiu Shiro (Foo Bar)\n")
    assert not [w for w in report.warnings if w.code == "set-ignored"] and report.counts["pre_game"] == 1
    report = check("Pre-Game:\n1 Kaiu Shiro (Emperor Edition)\n")
    ignored = [w.message for w in report.warnings if w.code == "set-ignored"]
    assert len(ignored) == 1 and "never printed in Emperor Edition;" in ignored[0], ignored
    assert "None" not in ignored[0]


def test_json_has_input_format_and_keeps_its_keys():
    report = check("Legality: Modern\n1 Kaiu Shiro (KD)\n").as_json()
    assert list(report) == [
        "format",
        "legal",
        "verdict",
        "reason",
        "bans",
        "as_of",
        "input_format",
        "problems",
        "warnings",
        "counts",
    ]
    assert report["input_format"] == "sunandmoon"
    assert all("suggestions" not in p for p in report["problems"] if p["code"] != "unknown-card")
