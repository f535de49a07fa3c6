"""Family Honor and victory: OH II.B (oh-ii-b-honor-gains-and-losses, oh-ii-b-points-of-family-honor),
OH II.E and NE Victory Conditions — read through each format's frozen Ruleset."""

from __future__ import annotations

import pytest

from l5r.engine import honor, victory
from l5r.engine.game import OPPONENT, YOU, Card, Game, NotStated, Player


def game(ruleset, you=0, opponent=0) -> Game:
    return Game(ruleset, {YOU: Player(YOU, honor=you), OPPONENT: Player(OPPONENT, honor=opponent)})


@pytest.mark.parametrize(
    "printed, inc, red, points",
    [
        (2, (), (3,), 0),  # a reduced gain never turns into a loss: the minimum is zero
        (3, (), (1,), 2),
        (2, (1,), (), 3),
        (2, (1,), (4,), 0),
    ],
)
def test_modified_points_never_below_zero(printed, inc, red, points):
    """oh-ii-b-honor-gains-and-losses."""
    assert honor.modified_points(printed, inc, red) == points


def test_zero_point_change_is_not_a_gain(rs):
    """oh-ii-b-honor-gains-and-losses: a 0-point gain is not a gain for things that check for one."""
    g = game(rs["obsidian-hand"], you=10)
    change = honor.change_honor(g, YOU, "gain", 2, reductions=(3,))
    assert (change.points, change.happened, g.player(YOU).honor) == (0, False, 10)


def test_loss_may_take_honor_below_zero(rs):
    """oh-ii-b: Family Honor may have a negative value."""
    g = game(rs["obsidian-hand"], you=1)
    honor.change_honor(g, YOU, "loss", 4)
    assert g.player(YOU).honor == -3


def test_modifiers_need_the_rule_in_the_format(rs):
    """New Era's documents do not state how gains and losses are reduced: the engine does not guess."""
    with pytest.raises(NotStated):
        honor.change_honor(game(rs["new-era"]), YOU, "gain", 2, reductions=(1,))


@pytest.mark.parametrize("family_honor, strength", [(-10, 0), (0, 0), (9, 0), (10, 1), (25, 2)])
def test_points_of_family_honor_assume_a_positive_value(rs, family_honor, strength):
    """oh-ii-b-points-of-family-honor: the Ranged 3 Attack at -10 gains nothing."""
    g = game(rs["obsidian-hand"], you=family_honor)
    assert honor.bonus_per_points(g, YOU, 1, 10) == strength


@pytest.mark.parametrize(
    "fmt, start, win",
    [("obsidian-hand", 40, True), ("obsidian-hand", 39, False), ("new-era", 40, True), ("new-era", 39, False)],
)
def test_honor_victory_at_the_start_of_the_turn(rs, fmt, start, win):
    """oh-ii-e-honor, ne-victory-honor: both formats read 40 from their Ruleset."""
    g = game(rs[fmt], you=start)
    victory.turn_begins(g, YOU)
    assert (g.winner == YOU) is win


def test_dip_and_die_in_the_obsidian_hand(rs):
    """oh-ii-e-dishonor: reaching -20 at any point loses when the current turn ends, even after recovering."""
    g = game(rs["obsidian-hand"], you=-15)
    honor.change_honor(g, YOU, "loss", 5)
    honor.change_honor(g, YOU, "gain", 10)
    assert g.winner is None
    victory.turn_ends(g)
    assert g.winner == OPPONENT


def test_new_era_checks_only_the_end_of_the_players_own_turn(rs):
    """ne-victory-dishonor: only the player whose turn ends is checked, on his Honor at that moment."""
    g = game(rs["new-era"], you=-25)
    g.active = OPPONENT
    victory.turn_ends(g)
    assert g.winner is None
    g.active = YOU
    victory.turn_ends(g)
    assert g.winner == OPPONENT


def _ring(element, entered, zone="in play"):
    return Card(f"Ring of {element}", type="Ring", element=element, entered=entered, zone=zone)


@pytest.mark.parametrize("fmt, wins", [("obsidian-hand", True), ("new-era", False)])
def test_pregame_ring_exemption_differs_by_format(rs, fmt, wins):
    """oh-ii-e-enlightenment exempts Rings in play before the first player is chosen; ne-victory-enlightenment
    does not."""
    g = game(rs[fmt])
    for ring in (
        _ring("Air", "before the first player"),
        _ring("Earth", "by its own text"),
        _ring("Fire", "by its own text"),
        _ring("Water", "by its own text"),
    ):
        g.cards[ring.name] = ring
    void = _ring("Void", None, zone="hand")
    g.cards[void.name] = void
    victory.ring_enters_play(g, void, YOU, "by its own text")
    assert (g.winner == YOU) is wins


def test_last_province_loses_immediately(rs):
    """oh-ii-e-military."""
    g = game(rs["obsidian-hand"])
    g.player(OPPONENT).provinces = 2
    victory.province_destroyed(g, OPPONENT)
    assert g.winner is None
    victory.province_destroyed(g, OPPONENT)
    assert g.winner == YOU
