"""Duels (ne-kw-duels, ne-kw-duelist) and battle resolution (ne-4-3-c, ne-kw-elite, mod-kw-elite,
ne-kw-conqueror, ne-kw-enlightened)."""

from __future__ import annotations

import pytest

from l5r.engine import battle, duel
from l5r.engine.game import OPPONENT, YOU, Card, Game, NotStated, Player, Refused


def game(ruleset, *cards: Card) -> Game:
    g = Game(ruleset, {YOU: Player(YOU), OPPONENT: Player(OPPONENT)})
    for c in cards:
        g.cards[c.name] = c
    return g


def duelists(rs, fmt="new-era", a_kw=(), b_kw=()):
    return game(rs[fmt], Card("A", chi=4, keywords=a_kw), Card("B", chi=3, controller=OPPONENT, keywords=b_kw))


def test_challenged_player_acts_first_and_turns_alternate(rs):
    g = duelists(rs)
    d = duel.challenge(g, "A", "B")
    with pytest.raises(Refused):
        d.focus("A", 1)
    d.focus("B", 2)
    with pytest.raises(Refused):
        d.focus("B", 2)
    d.focus("A", 0)
    result = d.strike("B", g)
    assert (result.winner, result.totals) == ("B", {"A": 4, "B": 5})


def test_four_focus_limit(rs):
    """ne-kw-duels-step-1: the Ruleset's duel_focus_limit (4 in New Era)."""
    g = duelists(rs)
    d = duel.challenge(g, "A", "B")
    for _ in range(rs["new-era"].duel_focus_limit):
        d.focus("B", 0)
        d.focus("A", 0)
    with pytest.raises(Refused, match="must strike"):
        d.focus("B", 0)
    assert d.strike("B", g).winner == "A"


@pytest.mark.parametrize(
    "a_kw, b_kw, winner, losers",
    [
        ((), (), None, ("A", "B")),  # a tie: both lose
        (("Duelist",), (), "A", ("B",)),  # Duelist wins a tied duel
        (("Duelist",), ("Duelist",), None, ("A", "B")),
    ],
)
def test_ties(rs, a_kw, b_kw, winner, losers):
    g = duelists(rs, a_kw=a_kw, b_kw=b_kw)
    d = duel.challenge(g, "A", "B")
    d.focus("B", 1)
    result = d.strike("A", g)
    assert (result.winner, result.losers) == (winner, losers)


def test_no_duel_rules_in_the_obsidian_hand_documents(rs):
    with pytest.raises(NotStated):
        duel.challenge(duelists(rs, "obsidian-hand"), "A", "B")


def _armies(ruleset, attack=(), defend=()):
    cards = [*attack, *defend]
    for c in defend:
        c.controller = c.owner = OPPONENT
    g = game(ruleset, *cards)
    leaders = lambda side: [c.name for c in side if c.attached_to is None]  # noqa: E731
    return g, battle.Battle(YOU, 3, leaders(attack), leaders(defend))


@pytest.mark.parametrize("fmt", ["new-era", "modern"])
def test_elite_counts_when_bowed_where_the_format_says_so(rs, fmt):
    g, b = _armies(
        rs[fmt],
        attack=[
            Card("P", force=2),
            Card("E", type="Follower", force=3, bowed=True, keywords=("Elite",), attached_to="P"),
        ],
    )
    assert battle.army_force(g, b.attacking) == 5


def test_elite_is_not_stated_where_the_format_does_not_state_it(rs):
    """OH states no Elite keyword: a bowed Elite card's Force is not stated, never "no effect"."""
    g, b = _armies(
        rs["obsidian-hand"],
        attack=[
            Card("P", force=2),
            Card("E", type="Follower", force=3, bowed=True, keywords=("Elite",), attached_to="P"),
        ],
    )
    with pytest.raises(NotStated):
        battle.army_force(g, b.attacking)


def test_a_bowed_personality_takes_his_items_force_with_him(rs):
    g, b = _armies(
        rs["new-era"],
        attack=[
            Card("P", force=2, bowed=True),
            Card("Katana", type="Item", force=2, attached_to="P"),
            Card("F", type="Follower", force=1, attached_to="P"),
        ],
    )
    assert battle.army_force(g, b.attacking) == 1


@pytest.mark.parametrize(
    "attack, defend, winner, province",
    [
        (7, 3, "attacker", True),  # 7 > 3 + 3
        (6, 3, "attacker", False),  # 6 is not greater than 3 + 3
        (3, 3, None, False),  # tie
        (2, 3, "defender", False),
    ],
)
def test_resolution(rs, attack, defend, winner, province):
    g, b = _armies(rs["new-era"], attack=[Card("P", force=attack)], defend=[Card("D", force=defend)])
    result = battle.resolve_battle(g, b)
    assert (result.winner, result.province_destroyed) == (winner, province)
    if winner == "attacker":
        assert g.card("D").zone == "destroyed" and g.card("P").bowed and g.card("P").at == "home"
    if winner is None:
        assert g.card("D").zone == g.card("P").zone == "destroyed"


def test_honor_for_destroyed_cards(rs):
    """ne-4-3-c: each player gains 2 Honor for each opponent's card destroyed by resolution."""
    g, b = _armies(
        rs["new-era"],
        attack=[Card("P", force=3)],
        defend=[Card("D", force=2), Card("F", type="Follower", force=1, attached_to="D")],
    )
    battle.resolve_battle(g, b)
    assert (g.player(YOU).honor, g.player(OPPONENT).honor) == (4, 2)


def test_conqueror_does_not_bow(rs):
    g, b = _armies(rs["new-era"], attack=[Card("P", force=5, keywords=("Conqueror",))], defend=[Card("D", force=1)])
    battle.resolve_battle(g, b)
    assert not g.card("P").bowed and g.card("P").at == "home"


def test_enlightened_gets_force_per_ring(rs):
    g = game(
        rs["new-era"],
        Card("T", force=1, keywords=("Enlightened",)),
        Card("R1", type="Ring"),
        Card("R2", type="Ring", controller=OPPONENT),
    )
    assert battle.card_force(g, g.card("T")) == 3


def test_battle_resolution_not_stated_in_modern(rs):
    g, b = _armies(rs["modern"], attack=[Card("P", force=5)], defend=[Card("D", force=1)])
    with pytest.raises(NotStated):
        battle.resolve_battle(g, b)
