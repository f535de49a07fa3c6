"""A format that has a rule for a number but does not give the number: the engine says "not stated", never
fails inside (a TypeError from comparing with nothing shown as "internal error in the rules engine").

Each case takes every bundled format whose documents state the rule, removes the number from its Ruleset, and asks
the question that reads it: the maximum hand size (turn.max_hand_size), how many Regions a Province attaches
(cardtypes.reveal_provinces) and the focus limit of a duel (duel.challenge).
"""

from __future__ import annotations

import dataclasses

import pytest

from l5r.engine import cardtypes, duel, turn
from l5r.engine.game import OPPONENT, YOU, Card, Game, NotStated, Player


def _game(ruleset) -> Game:
    return Game(ruleset, {YOU: Player(YOU), OPPONENT: Player(OPPONENT)})


def _hand_size(game: Game):
    return turn.max_hand_size(game, game.player(YOU))


def _region(game: Game):
    game.cards["Plains"] = Card("Plains", type="Region", zone="province", province=1, face_up=False)
    return cardtypes.reveal_provinces(game, YOU)


def _duel(game: Game):
    game.cards["A"] = Card("A")
    game.cards["B"] = Card("B", owner=OPPONENT, controller=OPPONENT)
    return duel.challenge(game, "A", "B")


@pytest.mark.parametrize(
    "key, ask",
    [
        ("max_hand_size", _hand_size),
        ("regions_per_province", _region),
        ("duel_focus_limit", _duel),
    ],
)
def test_a_rule_without_its_number_is_not_stated(rs, key, ask):
    stating = [fmt for fmt, ruleset in rs.items() if ruleset.rule(key) and getattr(ruleset, key) is not None]
    assert stating, f"no bundled format states {key}: the case tests nothing"
    for fmt in stating:
        assert ask(_game(rs[fmt])) is not None  # the question reads the number when it is given
        with pytest.raises(NotStated):
            ask(_game(dataclasses.replace(rs[fmt], **{key: None})))
