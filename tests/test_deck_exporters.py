"""Decklists exactly as Oracle of the Void's client exports them.

tests/decks/ootv_export.py renders the client's own templates (Oracle-of-the-Void/ootv-client); the three
exports in tests/decks/*.ootv-*.txt are its output for two real decks and are in the conformance suite, so the
CLI and the deck-check page both read them. These tests keep the files equal to the renderer's output, and pin
what the real exports taught the reader: type sub-headers inside Pre-Game, CRLF, trailing blanks, and starting
holdings that the exporter files under Dynasty.
"""

from __future__ import annotations

import pytest

from decks import support
from decks.ootv_export import ListCard, plain_text, pure_text_title, sun_and_moon, tab_delimited
from l5r.decklist import parse_decklist


def _list_cards(name: str, drop_printing_every: int = 4) -> list[ListCard]:
    """A deck from tests/decks as Oracle's list holds it: every card's database deck and type from the pool;
    every fourth line without a chosen printing, others with the printing written (or the first set)."""
    deck = parse_decklist(support.deck_text(name), name)
    out = []
    for n, line in enumerate(deck.cards):
        ident = support.index().find(line.name, line.experience, line.set_name, line.section).identity
        assert ident is not None, line
        printing = None if n % drop_printing_every == 3 else (line.set_name or (ident.sets[0] if n % 2 else None))
        out.append(ListCard(line.count, ident.key, ident.deck, ident.types[0], printing))
    return out


EXPORTS = {
    "oh-crab.ootv-text.txt": lambda: plain_text(_list_cards("oh-crab.oracle.txt")),
    "oh-crab.ootv-tab.txt": lambda: tab_delimited(_list_cards("oh-crab.oracle.txt")),
    "modern-crab.ootv-snm.txt": lambda: sun_and_moon(_list_cards("modern-crab.txt"), "Modern"),
}


@pytest.mark.parametrize("name", sorted(EXPORTS))
def test_committed_export_is_what_the_client_writes(name):
    committed = (support.DECKS / name).read_bytes().decode("utf-8")
    assert committed == EXPORTS[name](), f"regenerate tests/decks/{name} with tests/decks/ootv_export.py"
    assert "\r\n" in committed  # oracle.js turns every \n into \r\n on download


def test_pure_text_title_is_the_documented_form():
    # ootv-client docs/API.md: "Big Dog • Experienced -> Big Dog - exp"
    assert pure_text_title("Big Dog • Experienced") == "Big Dog - exp"
    assert pure_text_title("Border Keep • Experienced 2") == "Border Keep - exp2"
    assert pure_text_title("Hida Kisada (Emperor)") == "Hida Kisada (Emperor)"


def test_type_sub_headers_inside_pre_game_are_not_sections():
    text = (
        "# Pre-Game - (2) [2 distinct]\r\n\r\n# Stronghold - (1) [1 distinct]\r\n1 Kaiu Shiro \r\n\r\n"
        "# Wind - (1) [1 distinct]\r\n1 Right Hand of the Emperor (Diamond Edition)\r\n"
    )
    deck = parse_decklist(text, "x.txt")
    assert deck.input_format == "oracle"
    assert deck.declared == (("pre_game", 2, 1),)  # the deck header only; "Stronghold"/"Wind" are its types
    assert [(c.name, c.section, c.set_name) for c in deck.cards] == [
        ("Kaiu Shiro", "pre_game", None),
        ("Right Hand of the Emperor", "pre_game", "Diamond Edition"),
    ]


def test_tab_export_headers_and_trailing_tab():
    text = "#\t     Fate - (3) [1 distinct]\r\n\r\n#\t     Strategy - (3) [1 distinct]\r\n3\tA Breed Apart\t\r\n"
    deck = parse_decklist(text, "x.txt")
    assert deck.input_format == "oracle-tab" and not deck.issues
    assert deck.declared == (("fate", 3, 1),)
    assert [(c.count, c.name, c.section, c.set_name) for c in deck.cards] == [(3, "A Breed Apart", "fate", None)]


def _codes(report):
    return [p.code for p in report.problems], [w.code for w in report.warnings]


def test_starting_holdings_the_exporter_filed_under_dynasty_count_as_pre_game():
    # OH II.A (oh-ii-a): Border Keep and Bamboo Harvesters start in play; Oracle files them under Dynasty because
    # its database says Dynasty, so in its exports they are read as the pre-game cards they must be.
    text = (support.DECKS / "oh-crab.ootv-text.txt").read_text(encoding="utf-8")
    report = support.checker("obsidian-hand").check(parse_decklist(text, "x.txt"), support.AFTER_ALL_BANS)
    assert report.legal, report.problems
    assert report.counts == {"pre_game": 5, "dynasty": 40, "fate": 40}
    assert _codes(report) == ([], [])  # "# Dynasty - (42)" still matches the 42 lines written under it


def test_in_a_decklist_a_player_wrote_the_section_is_the_players_word():
    text = support.deck_text("oh-crab.txt")
    moved = text.replace("Border Keep\n", "").replace("Dynasty (40):\n", "Dynasty (40):\nBorder Keep\n", 1)
    assert moved != text
    report = support.check("obsidian-hand", moved)
    problems, _ = _codes(report)
    assert "wrong-deck" in problems and "pregame" in problems
