"""Setting up: the Starting Holdings and Border Keep's 1st turn immunity (oh-iii-a-starting-holdings,
oh-guidelines-deck-construction), a Sensei's modifiers and the Starting Family Honor (oh-iii-a-senseis,
oh-iii-a-starting-family-honor), and Going Second Legacy (mod-going-second-legacy)."""

from __future__ import annotations

import pytest

from l5r.engine import effects, keywords, setup, turn, victory
from l5r.engine.game import OPPONENT, YOU, Card, Game, NotStated, Player, Refused


def game(ruleset, *cards: Card, first=YOU) -> Game:
    g = Game(ruleset, {YOU: Player(YOU), OPPONENT: Player(OPPONENT)}, first_player=first)
    for c in cards:
        g.cards[c.name] = c
    return g


def pregame(name, owner) -> Card:
    return Card(name, type="Holding", zone="pre-game", owner=owner, controller=owner)


# -- Starting Holdings and first-turn immunity -------------------------------------------------------------


def test_bamboo_harvesters_only_for_the_player_not_going_first(rs):
    g = game(
        rs["obsidian-hand"],
        pregame("Border Keep", YOU),
        pregame("Bamboo Harvesters", YOU),
        pregame("Border Keep Experienced", OPPONENT),
        pregame("Bamboo Harvesters Experienced 2", OPPONENT),
    )
    entered = setup.put_starting_holdings(g)
    assert sorted(entered) == ["Bamboo Harvesters Experienced 2", "Border Keep", "Border Keep Experienced"]
    assert g.card("Bamboo Harvesters").zone == "pre-game"


def test_titles_match_whole_words_only(rs):
    assert setup.is_titled(Card("Border Keep Experienced 2"), "Border Keep")
    assert setup.is_titled(Card("Border Keep 2"), "Border Keep")
    assert not setup.is_titled(Card("Border Keeper"), "Border Keep")


def test_border_keep_is_not_affected_by_the_opponent_until_its_controller_ends_a_turn(rs):
    keep = pregame("Border Keep", YOU)
    g = game(rs["obsidian-hand"], keep)
    setup.put_starting_holdings(g)
    victory.turn_begins(g, YOU)
    with pytest.raises(Refused) as refused:
        keywords.bow(g, keep, OPPONENT)
    assert refused.value.rule_id == "oh-guidelines-deck-construction"
    assert not keep.bowed
    turn.end_turn(g)
    victory.turn_begins(g, OPPONENT)
    assert keywords.bow(g, keep, OPPONENT) and keep.bowed


def test_its_controllers_own_cards_affect_it(rs):
    keep = pregame("Border Keep", YOU)
    g = game(rs["obsidian-hand"], keep)
    setup.put_starting_holdings(g)
    assert keywords.bow(g, keep, YOU) and keep.bowed


def test_not_affected_is_not_negation_a_mass_effect_passes_it_by(rs):
    """“Bow all Holdings” from the opponent bows the others and leaves Border Keep as if it were not there."""
    keep, mine = pregame("Border Keep", YOU), Card("Gold Mine", type="Holding")
    g = game(rs["obsidian-hand"], keep, mine)
    setup.put_starting_holdings(g)
    assert effects.resolve_effect(g, OPPONENT, "Bow all Holdings").changed
    assert mine.bowed and not keep.bowed
    mine.bowed = False
    g.cards.pop("Gold Mine")
    assert not effects.resolve_effect(g, OPPONENT, "Bow all Holdings").changed


def test_starting_holdings_need_the_rule(rs):
    with pytest.raises(NotStated):
        setup.put_starting_holdings(game(rs["new-era"], pregame("Border Keep", YOU)))


# -- Sensei and Starting Family Honor ----------------------------------------------------------------------


def test_sensei_modifiers_are_printed_values(rs):
    g = game(rs["obsidian-hand"])
    p = g.player(YOU)
    p.stronghold_stats = {"Province Strength": 6, "Gold Production": 5, "Starting Family Honor": 7}
    p.sensei, p.sensei_modifiers = "Keigo Sensei", {"Gold Production": 1, "Starting Family Honor": -2}
    setup.modify_stat(g, YOU, "Gold Production", -2)
    assert setup.printed_stat(g, YOU, "Gold Production") == 6
    assert setup.stat(g, YOU, "Gold Production") == 4
    assert setup.stat(g, YOU, "Province Strength") == 6
    assert setup.set_starting_honor(g, YOU) == 5 and p.honor == 5


def test_a_sensei_needs_the_rule(rs):
    g = game(rs["new-era"])
    g.player(YOU).stronghold_stats = {"Gold Production": 5}
    assert setup.stat(g, YOU, "Gold Production") == 5
    g.player(YOU).sensei = "Keigo Sensei"
    with pytest.raises(NotStated):
        setup.stat(g, YOU, "Gold Production")


# -- Going Second Legacy -----------------------------------------------------------------------------------


def legacy(name="Bamboo Harvesters", owner=YOU, keywords_=("Legacy",)) -> Card:
    return Card(name, type="Holding", keywords=keywords_, zone="Dynasty deck", owner=owner, controller=owner)


def test_the_second_player_takes_one_legacy_holding_bowed(rs):
    g = game(rs["modern"], legacy(), legacy("Border Keep"), first=OPPONENT)
    card = setup.going_second_legacy(g, YOU, "Bamboo Harvesters")
    assert card.zone == "in play" and card.bowed
    with pytest.raises(Refused):
        setup.going_second_legacy(g, YOU, "Border Keep")  # one Legacy Holding only


@pytest.mark.parametrize(
    "card, first, why",
    [
        (legacy(), YOU, "only the player going second"),
        (legacy(keywords_=()), OPPONENT, "is not one Legacy Holding"),
        (Card("Bamboo Harvesters", type="Holding", keywords=("Legacy",), zone="in play"), OPPONENT, "not in your deck"),
    ],
)
def test_legacy_holding_refusals(rs, card, first, why):
    g = game(rs["modern"], card, first=first)
    with pytest.raises(Refused) as refused:
        setup.going_second_legacy(g, YOU, card.name)
    assert why in refused.value.reason and refused.value.rule_id == "mod-going-second-legacy"


def test_it_does_not_straighten_until_the_third_turn_begins(rs):
    g = game(rs["modern"], legacy(), Card("Gold Mine", type="Holding", bowed=True), first=OPPONENT)
    setup.going_second_legacy(g, YOU, "Bamboo Harvesters")
    for expected_bowed in (True, True, False):  # your turns 1, 2 and 3
        victory.turn_begins(g, OPPONENT)
        victory.turn_begins(g, YOU)
        g.card("Gold Mine").bowed = True
        done, held = turn.straighten_all(g, YOU)
        assert g.card("Bamboo Harvesters").bowed is expected_bowed
        assert "Gold Mine" in done
        assert held == (["Bamboo Harvesters"] if expected_bowed else [])


def test_going_second_legacy_needs_the_rule(rs):
    with pytest.raises(NotStated):
        setup.going_second_legacy(game(rs["obsidian-hand"], legacy(), first=OPPONENT), YOU, "Bamboo Harvesters")


def test_a_one_sided_stronghold_uses_its_side(rs):
    g = game(rs["modern"])
    g.player(YOU).stronghold_sides = 1
    assert setup.stronghold_side(g, YOU) == "its only side"
    g.player(YOU).stronghold_sides = 2
    with pytest.raises(NotStated):  # Twenty Festivals' own Section B is not in the Codex
        setup.stronghold_side(g, YOU)


def test_a_card_effect_does_not_straighten_it_early_either(rs):
    """mod-going-second-legacy: “will not straighten” holds against effects too (the effect
    changes nothing)."""
    g = game(rs["modern"], legacy(), first=OPPONENT)
    setup.going_second_legacy(g, YOU, "Bamboo Harvesters")
    victory.turn_begins(g, YOU)
    assert not effects.resolve_effect(g, YOU, "Straighten all Holdings").changed
    assert g.card("Bamboo Harvesters").bowed
