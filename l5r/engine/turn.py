"""The turn: its phases in order, which are optional, which are only parts of another phase, and the end
of the turn (the draw and the discard down to maximum hand size in the format's order, then dishonor checks).

Ruleset: `phases`, `optional_phases`, `phase_parts` (OH Turn Structure, NE Turn Sequence, MOD Straighten,
Event and End Phase), `end_of_turn` (NE 6: draw, then discard; OH Turn Structure: the Discard Phase, then the
Draw Phase), `end_phase_draw` (NE 6.2; no OH text gives the Draw Phase's number) and `max_hand_size` (OH II.C,
NE 6.4). A number the format does not give is not stated, for that part of the turn only.

Straightening: a card that must stay bowed until its controller's turn N begins (MOD Going Second Legacy)
does not straighten before then.
"""

from __future__ import annotations

from . import victory
from .game import Card, Game, NotStated, Player, Refused, not_stated, number, stated


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
        raise not_stated(game.ruleset, "a maximum hand size", game.ruleset.rule("max_hand_size"))
    return max(0, base + player.max_hand_size_modifier)


def hand(player: Player) -> int:
    """How many cards the player holds, or NotStated once a draw of an unstated number made it unknown."""
    if player.hand_unknown is not None:
        raise player.hand_unknown
    return player.hand


def discard_to_hand_size(game: Game, player_id: str) -> int:
    player = game.player(player_id)
    if hand(player) == 0:
        return 0  # nothing to discard, whatever the maximum: the number is not needed
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
    done: list[str] = []
    held: list[str] = []
    for card in game.in_play(player):
        if card.bowed:
            (done if straighten(game, card) else held).append(card.name)
    return done, held


def end_turn(game: Game) -> dict:
    """The end of the active player's turn: its steps (the draw, the discard down to the maximum hand size) in
    the format's order (`end_of_turn`), then the dishonor checks. Returns what was drawn and discarded; a part
    the format's documents do not state is a NotStated in its place, and only that part: the turn still ends.
    """
    game.check_not_over()
    rs = game.ruleset
    active = game.player(game.active)
    result: dict = {}
    if rs.end_of_turn:
        steps = rs.end_of_turn
    else:
        # No order stated (Modern): the draw is then not stated at all, its number and its place alike, so it
        # cannot change the hand the discard looks at; it is answered "not stated" after the discard, and the
        # hand is unknown from then on. The discard needs the maximum only when there is a card to discard.
        steps = ("discard", "draw")
    for step in steps:
        if step == "draw":
            result["drawn"] = _draw(game, active)
        else:
            result["discarded"] = _attempt(lambda: discard_to_hand_size(game, game.active))
    active.turns_ended += 1
    victory.turn_ends(game)
    return result


def _draw(game: Game, active: Player) -> int | NotStated:
    """The end-of-turn draw: the format's stated number, or NotStated (and the hand is no longer known)."""
    rs = game.ruleset
    try:
        drawn = number(rs, "end_phase_draw", "how many cards the active player draws at the end of the turn")
    except NotStated as exc:
        unknown = exc
        if rs.rule("end_of_turn"):  # the format has a Draw Phase but gives no number: cite its turn sequence
            unknown = not_stated(rs, "how many cards the Draw Phase draws", rs.rule("end_of_turn"))
        if active.hand_unknown is None:
            active.hand_unknown = not_stated(
                rs, "how many cards the end-of-turn draw draws, so how many cards are in hand after it", unknown.rule_id
            )
        return unknown
    if active.hand_unknown is None:
        active.hand += drawn
    return drawn


def _attempt(part) -> int | NotStated:
    try:
        return part()
    except NotStated as exc:
        return exc
