"""Victory conditions: Honor, dishonor, military and enlightenment, each timed as the format says.

OH II.E (oh-ii-e-*) and NE Victory Conditions (ne-victory-*); the numbers and timings come from the
Ruleset (`honor_victory_at`, `dishonor_loss_at`, `dishonor_timing`, `enlightenment_rings`,
`enlightenment_pregame_ring_exemption`).
"""

from __future__ import annotations

from .game import Card, Game, Impossible, NotStated, not_stated, other, stated
from .recruit import singular_allowed

ELEMENTS = ("Air", "Earth", "Fire", "Water", "Void")


def turn_begins(game: Game, player: str):
    """The start of a turn: a player starting it on the Honor threshold or higher wins."""
    game.check_not_over()
    game.start_turn(player)
    threshold = game.ruleset.honor_victory_at
    if threshold is None:
        # Modern: its documents give no Honor victory (it lives in the Twenty Festivals rules): who has won
        # is then not known, rather than "nobody".
        game.leave_undecided(not_stated(game.ruleset, "an Honor victory (how much Family Honor wins the game)"))
    elif game.player(player).honor >= threshold:
        game.declare_winner(player, f"Honor victory: began the turn at {game.player(player).honor} Honor")


def turn_ends(game: Game):
    """The end of the current turn: dishonor losses that were waiting for it happen now."""
    game.check_not_over()
    rs = game.ruleset
    if rs.dishonor_loss_at is None:
        game.leave_undecided(not_stated(rs, "a dishonor victory (how little Family Honor loses the game)"))
        return
    stated(rs, "dishonor_timing", "when a dishonored player loses")
    if rs.dishonor_timing == "end-of-current-turn":
        # "Dip & die": reaching the threshold at any point in the turn is enough, even after recovering.
        losers = [p for p in (game.active, other(game.active)) if game.player(p).reached_dishonor_this_turn]
    elif rs.dishonor_timing == "opponent-ends-turn":
        # Only the player whose turn ends is checked, and only on their Honor right now.
        losers = [game.active] if game.player(game.active).honor <= rs.dishonor_loss_at else []
    else:
        losers = []
    # OH Dishonor Victory: "If a player reaches -20 or less Familiy Honor, he/she loses the game at the end
    # of the current turn." Both players can reach it in one turn: then both lose, and neither wins.
    game.declare_losers(
        losers, f"dishonor: {' and '.join(map(_name, losers))} reached {rs.dishonor_loss_at} Honor or lower"
    )


def after_honor_change(game: Game):
    """Formats where dishonor is immediate end the game as soon as the threshold is reached."""
    rs = game.ruleset
    if rs.dishonor_timing != "immediately" or rs.dishonor_loss_at is None:
        return
    losers = [pid for pid, p in game.players.items() if p.honor <= rs.dishonor_loss_at]
    game.declare_losers(
        losers, f"dishonor: {' and '.join(map(_name, losers))} reached {rs.dishonor_loss_at} Honor or lower"
    )


def provinces_not_stated(game: Game) -> NotStated:
    """How many Provinces a player has: New Era states four (ne-setup-6); where a format's documents do not
    state it (OH, Modern: their basics are in rules the Codex does not bundle), it is not stated, never 4."""
    return not_stated(game.ruleset, "how many Provinces a player has")


def province_destroyed(game: Game, owner: str):
    """A player with no Provinces remaining loses at once (military victory for the other player). Where that
    is not stated, neither is who has won after it: never "nobody"."""
    p = game.player(owner)
    try:
        stated(game.ruleset, "military_victory", "the military victory")
        if p.provinces is None:
            raise provinces_not_stated(game)
    except NotStated as unknown:
        game.leave_undecided(unknown)
        raise
    if p.provinces <= 0:
        raise Impossible(f"{_name(owner)} has no Province left to destroy")
    p.provinces -= 1
    if p.provinces == 0:
        game.declare_winner(other(owner), f"military victory: {_name(owner)} has no Provinces remaining")


def ring_counts(game: Game, ring: Card) -> bool:
    """Whether a Ring counts towards enlightenment: it entered play by its own text, or (where the format
    exempts them) before the first player was chosen."""
    if ring.entered == "by its own text":
        return True
    return ring.entered == "before the first player" and game.ruleset.enlightenment_pregame_ring_exemption


def check_enlightenment(game: Game, player: str):
    """Five Rings of different elements that count: the player wins immediately."""
    needed = game.ruleset.enlightenment_rings
    if needed is None:
        return
    rings = [c for c in game.in_play(player) if c.type == "Ring" and ring_counts(game, c)]
    if len({c.element for c in rings if c.element}) < needed:
        return
    if not game.ruleset.enlightenment_same_type:
        game.declare_winner(player, f"enlightenment: {needed} Rings of different elements")
        return
    # NE ne-victory-enlightenment: "five Rings (of the same type) with five different element keywords". The
    # documents never say what a Ring's type is: without it, whether these five win is not stated.
    if any(c.ring_type is None for c in rings):
        game.leave_undecided(
            not_stated(
                game.ruleset,
                "what a Ring's “type” is in “five Rings (of the same "
                "type)”, so whether these Rings are of the same type",
            )
        )
        return
    for ring_type in {c.ring_type for c in rings}:
        if len({c.element for c in rings if c.ring_type == ring_type and c.element}) >= needed:
            game.declare_winner(
                player, f"enlightenment: {needed} Rings of the same type ({ring_type}) with different elements"
            )
            return


def ring_enters_play(game: Game, ring: Card, controller: str, how: str):
    """A Ring enters play (Singular applies, where the format states it); whether it wins the game by
    enlightenment is answered only where the format states that victory, and is otherwise left not stated
    — the Ring still enters play."""
    game.check_not_over()
    singular_allowed(game, controller, ring)
    ring.zone, ring.controller, ring.entered = "in play", controller, how
    try:
        stated(game.ruleset, "enlightenment_rings", "the enlightenment victory")
    except NotStated as unknown:
        game.leave_undecided(unknown)
        return
    check_enlightenment(game, controller)


def _name(player: str) -> str:
    return "you" if player == "you" else "your opponent"
