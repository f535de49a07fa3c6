"""The turn: its phases in order, which are optional, which are only parts of another phase, and the end
of the turn (the End Phase draw, discarding down to maximum hand size, then dishonor checks).

Ruleset: `phases`, `optional_phases`, `phase_parts` (OH Turn Structure, NE Turn Sequence, MOD Straighten,
Event and End Phase), `end_phase_draw` (NE 6.2) and `max_hand_size` (OH II.C, NE 6.4).

Straightening: a card that must stay bowed until its controller's turn N begins (MOD Going Second Legacy)
does not straighten before then.
"""

from __future__ import annotations

from . import victory
from .game import Card, Game, Player, Refused, stated


def phases_played(game: Game, attack: bool) -> list[str]:
    """The phases of one turn, in order; optional phases are skipped when the player does not attack."""
    rs = game.ruleset
    stated(rs, "phases", "the phases of a turn")
    if not attack:
        if not rs.optional_phases:
            raise Refused(f"the {rs.citation_prefix} turn has no optional phase to skip", rs.rule("phases"))
        return [p for p in rs.phases if p not in rs.optional_phases]
    return list(rs.phases)


def phase_for_card_effects(game: Game, name: str) -> str:
    """Which phase a named phase is: one of the turn's phases, or the phase it is only a part of (MOD)."""
    rs = game.ruleset
    if name in rs.phase_parts:
        return rs.phase_parts[name]
    stated(rs, "phases", "the phases of a turn")
    if name in rs.phases:
        return name
    raise Refused(f"the {rs.citation_prefix} turn has no {name} Phase", rs.rule("phases"))


def max_hand_size(game: Game, player: Player) -> int | None:
    """A stat of the player: the format's number plus modifiers; None when the player has no maximum."""
    if player.no_max_hand_size:
        return None
    base = player.max_hand_size if player.max_hand_size is not None else game.ruleset.max_hand_size
    if base is None:
        stated(game.ruleset, "max_hand_size", "a maximum hand size")
    return max(0, base + player.max_hand_size_modifier)


def discard_to_hand_size(game: Game, player_id: str) -> int:
    player = game.player(player_id)
    limit = max_hand_size(game, player)
    if limit is None or player.hand <= limit:
        return 0
    discarded = player.hand - limit
    player.hand = limit
    return discarded


def straighten(game: Game, card: Card) -> bool:
    """Straighten a bowed card; False when it stays bowed (not yet its controller's turn N)."""
    if not card.bowed:
        return False
    until = card.stays_bowed_until_turn
    if until is not None and game.player(card.controller).turns_taken < until:
        return False
    card.bowed = False
    return True


def straighten_all(game: Game, player: str) -> tuple[list[str], list[str]]:
    """The Straighten Phase: the player straightens all his bowed cards. Returns (straightened, still bowed)."""
    game.check_not_over()
    done, held = [], []
    for card in game.in_play(player):
        if card.bowed:
            (done if straighten(game, card) else held).append(card.name)
    return done, held


def end_turn(game: Game) -> dict:
    """The end of the active player's turn, in the format's order; returns what was drawn and discarded."""
    game.check_not_over()
    active = game.player(game.active)
    drawn = game.ruleset.end_phase_draw or 0
    active.hand += drawn
    discarded = discard_to_hand_size(game, game.active)
    active.turns_ended += 1
    victory.turn_ends(game)
    return {"drawn": drawn, "discarded": discarded}
