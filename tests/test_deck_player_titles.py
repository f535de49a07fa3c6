"""Decklists as players post them: titles written loosely, experience shorthand, counts in their own forms, the
format settling a name two cards share, lists without headers, and what the pool's data cannot settle.

Rules served: oh-ii-f-deck-restrictions and mod-highlander (copies are counted per card, so each line must name
one card), mod-legal-bugs ("All cards with one or more of the following bugs are legal in Modern"), and the New
Era deck construction rule (ne-deck-construction: deck sizes, which need each card's deck).
"""

from __future__ import annotations

import datetime as dt
import functools

import pytest

from decks import support
from decks.support import check
from l5r.decklist import parse_card_line, parse_text
from l5r.engine.deck import DeckChecker
from l5r.engine.deck.legality import NOT_CHECKED
from l5r.engine.ruleset import ruleset_for

ON = dt.date(2016, 3, 1)


def _read_as(report) -> dict[int, tuple[str | None, str]]:
    """The first read-as warning of each line: (the card read, the message)."""
    out: dict[int, tuple[str | None, str]] = {}
    for w in report.warnings:
        if w.code == "read-as" and w.line not in out:
            out[w.line] = (w.card, w.message)
    return out


# -- counts players write ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line, count, name",
    [
        ("2* Hida Akeno", 2, "Hida Akeno"),
        ("Hida Akeno (x2)", 2, "Hida Akeno"),
        ("3x: Hida Akeno", 3, "Hida Akeno"),
        ("3: Hida Akeno", 3, "Hida Akeno"),
        ("1x Moto Taigo, Shogun XP2", 1, "Moto Taigo, Shogun"),
    ],
)
def test_count_forms_players_write(line, count, name):
    card = parse_card_line(line, 1, "dynasty")
    assert (card.count, card.name) == (count, name)


def test_one_count_for_several_titles_gives_each_the_count_with_a_warning():
    report = check("obsidian-hand", "Dynasty:\n3x: Hida Akeno, Copper Mine, Moto Taigo, Shogun XP2\n")
    assert "unknown-card" not in [p.code for p in report.problems]
    assert report.counts["dynasty"] == 9
    card, message = _read_as(report)[2]
    assert "3 copies of each of Hida Akeno, Copper Mine and Moto Taigo, Shogun XP2" in message


def test_titles_each_with_its_count_on_one_line_are_each_read_with_its_count():
    report = check("obsidian-hand", "Dynasty:\n3 Hida Akeno, 2x Copper Mine, Iron Mine, 1 Moto Taigo, Shogun XP2\n")
    assert "unknown-card" not in [p.code for p in report.problems]
    # Iron Mine, with no count of its own, is one copy: a count without a colon is its own title's ("2* Charge, 2* To
    # Do What We Must, Retreat": tests/decks/posted-1999-trevorstone-lion-chess.txt adds up to its Fate header so)
    assert report.counts["dynasty"] == 3 + 2 + 1 + 1
    card, message = _read_as(report)[2]
    assert "as 3 Hida Akeno, 2 Copper Mine, 1 Iron Mine and 1 Moto Taigo, Shogun XP2" in message


def test_a_count_for_each_written_with_a_colon_carries_on_to_the_titles_after_it():
    report = check("obsidian-hand", "Dynasty:\n1 Kuni Yori, 3x: Hida Akeno, Copper Mine, 1 Iron Mine\n")
    assert "unknown-card" not in [p.code for p in report.problems]
    assert report.counts["dynasty"] == 1 + 3 + 3 + 1


def test_a_title_with_a_comma_and_no_space_after_it_is_no_list():
    assert not parse_text("Fate:\n1 1,000 Cuts Technique\n").cards[0].several
    assert parse_text("Fate:\n1 Rout, 2 Iron Mine\n").cards[0].several


def test_a_list_of_titles_whose_parts_name_no_card_stays_one_line():
    deck = parse_text("Dynasty:\n3x: Hida Akeno, Certainly Not A Card\n")
    report = support.checker("obsidian-hand").check(deck, ON)
    assert [p.code for p in report.problems].count("unknown-card") == 1


# -- a title with one card, a name the format settles -------------------------------------------------------------


def test_experience_shorthand_is_read_and_said():
    report = check("obsidian-hand", "Dynasty:\n1 Moto Taigo, Shogun xp2\n")
    card, message = _read_as(report)[2]
    assert card == "Moto Taigo, Shogun • Experienced 2" and "(“xp2” as Experienced 2)" in message


def test_a_name_two_cards_share_is_settled_by_the_format_with_a_warning():
    """Hida Kisada names the Imperial and the Emperor cards; only the Emperor one has a Modern bug."""
    report = check("modern", "Dynasty:\n1 Hida Kisada\n")
    card, message = _read_as(report)[2]
    assert card == "Hida Kisada (Emperor)"
    assert "the only card of that name in Modern's card pool (not Hida Kisada (Imperial))" in message
    assert "unknown-card" not in [p.code for p in report.problems]


def test_a_name_no_format_settles_is_ambiguous_never_a_silent_pick():
    report = check("obsidian-hand", "Dynasty:\n1 Hida Kisada\n")  # both are in Obsidian Hand's pool
    [problem] = [p for p in report.problems if p.code == "unknown-card"]
    assert "names 2 different cards" in problem.message and "write which" in problem.message


# -- lists without headers -----------------------------------------------------------------------------------------


def test_a_new_era_list_without_headers_cannot_be_checked(tmp_path):
    from conftest import l5r_here

    deck = tmp_path / "deck.txt"
    deck.write_text("1 Kaiu Shiro\n40 Hida Akeno\n40 Fall Back!\n", encoding="utf-8")
    result = l5r_here(
        "deck",
        "check",
        "--format",
        "new-era",
        "--cardpool",
        str(support.pool_dir()),
        "--as-of",
        "2016-03-01",
        str(deck),
    )
    assert result.returncode == 3, result.stdout + result.stderr
    assert "CANNOT BE CHECKED" in result.stdout and "under a deck header" in result.stdout
    assert "deck-size" not in result.stdout
    assert "ban list as of" not in result.stdout  # New Era has no ban list


@pytest.mark.parametrize("format_id", ["obsidian-hand", "modern"])
def test_a_list_without_headers_is_split_by_the_pools_deck_field(format_id):
    report = check(format_id, "1 Hida Akeno\n1 Fall Back!\n")
    assert report.counts == {"pre_game": 0, "dynasty": 1, "fate": 1}


# -- the pool's data cannot settle a card: three-valued ------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _real_checker(format_id: str) -> DeckChecker:
    from conftest import real_pool
    from l5r.cardpool import load_index

    index = load_index(real_pool(), support.codex().cards, support.CACHE)
    fmt = support.codex().format(format_id)
    return DeckChecker(fmt, ruleset_for(fmt), index)


EMPEROR_PROMOS = [
    "The Wall is Breached",
    "Charter of the Legion of Two Thousand",
    "Gozu's Guide",
    "Ki no Oni",
    "Seppun Jiramu",
    "Uta",
]


@pytest.mark.realpool
@pytest.mark.parametrize("title", EMPEROR_PROMOS)
def test_a_card_the_pool_tags_modern_without_a_bug_is_undecided_in_deck_and_card_page(title):
    checker = _real_checker("modern")
    [ident] = [i for i in checker.index.titled(title) if i.deck != "Other"]
    verdict = checker.card_legality(ident, ON)  # what the card page shows
    assert verdict.status == NOT_CHECKED and "the pool's own tag" in verdict.reason
    deck = "Dynasty" if ident.deck == "Dynasty" else "Fate"
    report = checker.check(parse_text(f"{deck}:\n1 {title}\n"), ON)
    assert "not-legal" not in [p.code for p in report.problems]
    assert "cannot be settled from the card pool's data" in report.unchecked
    [warning] = [w for w in report.warnings if w.card == ident.key and w.code == "not-checked"]
    assert warning.message == f"line 2: {verdict.reason}"  # one source: the card page's words


@pytest.mark.realpool
@pytest.mark.parametrize(
    "written, key",
    [
        ("Doji Jun'ai XP", "Doji Jun'ai • Experienced"),
        ("Hida Sozen XP2", "Hida Sozen • Experienced 2"),
        ("Kunji xp", "Kunji • Experienced"),
        ("Pearls and Spirits", "Pearls & Spirits"),
        ("Deeds & Words", "Deeds and Words"),
        ("Hch tik", "Hch-tik"),
        ("Zintikkirs Scout", "Zin'tik'kir's Scout"),
        ("Okuma Beiko's Bear", "Okuma, Beiko's Bear"),
    ],
)
def test_the_lines_players_wrote_read_as_they_meant_with_a_warning(written, key):
    checker = _real_checker("obsidian-hand")
    report = checker.check(parse_text(f"Dynasty:\n1 {written}\n"), ON)
    assert "unknown-card" not in [p.code for p in report.problems]
    card, message = _read_as(report)[2]
    assert card == key and f"read “{written}” as “{key}”" in message


# -- rules cited as the pages cite them ----------------------------------------------------------------------------


def test_a_sensei_in_the_dynasty_deck_cites_the_rule_on_senseis_not_the_deck_size():
    report = check("obsidian-hand", "Dynasty:\n1 Akikazu Sensei\n")
    [problem] = [p for p in report.problems if p.code == "wrong-deck"]
    assert problem.rule == "oh-iii-a-senseis"


def test_where_no_rule_states_it_a_sensei_in_a_play_deck_cites_none():
    report = check("modern", "Dynasty:\n1 Akikazu Sensei\n")
    [problem] = [p for p in report.problems if p.code == "wrong-deck"]
    assert problem.rule is None and "Modern's documents state no rule on pre-game cards" in problem.message


def test_every_rule_a_deck_check_cites_has_a_label():
    from l5r.site.api.deckdata import checker_data

    data = checker_data(support.codex(), support.index(), {})
    for fmt in data["formats"]:
        cited = set(fmt["ruleset"]["rule_refs"].values()) | {b["id"] for b in fmt["bans"]}
        if fmt["legality"] and fmt["legality"]["rule"]:
            cited.add(fmt["legality"]["rule"])
        missing = sorted(r for r in cited if r not in data["rule_citations"])
        assert not missing, f"{fmt['id']}: no label for {missing}"


# -- remarks players add: in a header's brackets, a sentence after a title ----------------------------------------


def test_a_header_with_a_remark_in_its_brackets_is_a_header():
    """A posted list (trevorstone.org, monk deck): "Fate (52 I think)"."""
    deck = parse_text("Dynasty (1):\n1 Hida Akeno\nFate (52 I think)\n1 Fall Back!\n")
    assert [(c.name, c.section) for c in deck.cards] == [("Hida Akeno", "dynasty"), ("Fall Back!", "fate")]
    assert ("fate", 52, 3) in deck.declared


def test_a_sentence_after_a_title_is_a_remark():
    """ "Stronghold: House of Tao. Start with Ring of Water unless against Unicorn" (the same list)."""
    report = check(
        "obsidian-hand",
        "Stronghold: Kaiu Shiro. Start with Ring of Water unless against Unicorn\nDynasty:\n1 Hida Akeno\n",
    )
    assert "unknown-card" not in [p.code for p in report.problems]
    assert report.counts["pre_game"] == 1
