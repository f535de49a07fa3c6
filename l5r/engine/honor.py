"""Family Honor: gains and losses, their reductions and increases, and "points of Family Honor".

Decided by OH II.B (rule_refs `honor_gains_and_losses`, `points_of_family_honor`). A format whose documents
do not state these rules gets NotStated when a scenario relies on them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import Game, stated


@dataclass(frozen=True)
class HonorChange:
    """One Honor gain or loss after every reduction and increase was applied."""

    player: str
    kind: str  # "gain" | "loss"
    printed: int
    points: int

    @property
    def happened(self) -> bool:
        """A 0-point gain or loss is not a gain or loss for things that check whether one happened."""
        return self.points > 0

    @property
    def delta(self) -> int:
        return self.points if self.kind == "gain" else -self.points


def modified_points(printed: int, increases: tuple[int, ...] = (), reductions: tuple[int, ...] = ()) -> int:
    """The size of a gain or loss after its modifiers.

    A reduction never turns a gain into a loss (or a loss into a gain): the minimum is zero. The
    modifiers themselves are not gains or losses, so only the final number is reported.
    """
    return max(0, printed + sum(increases) - sum(reductions))


def change_honor(
    game: Game, player: str, kind: str, printed: int, increases: tuple[int, ...] = (), reductions: tuple[int, ...] = ()
) -> HonorChange:
    """Apply one gain or loss all at once; Family Honor may go below zero."""
    if kind not in ("gain", "loss"):
        raise ValueError(kind)
    if increases or reductions:
        stated(game.ruleset, "honor_gains_and_losses", "how Honor gains and losses are reduced or increased")
    return apply_change(game, HonorChange(player, kind, printed, modified_points(printed, increases, reductions)))


def apply_change(game: Game, change: HonorChange) -> HonorChange:
    """Mark a gain or loss whose final size is already known (e.g. "reduce the Honor loss to one")."""
    who = game.player(change.player)
    who.honor += change.delta
    if game.ruleset.dishonor_loss_at is not None and who.honor <= game.ruleset.dishonor_loss_at:
        who.reached_dishonor_this_turn = True
    game.honor_changes.append(change)
    return change


def points_of_family_honor(honor: int) -> int:
    """References to "points of Family Honor" assume a positive value: negative Honor has no points."""
    return max(0, honor)


def bonus_per_points(game: Game, player: str, bonus: int, per: int) -> int:
    """E.g. "+1 strength for every 10 points of Family Honor you have"."""
    stated(game.ruleset, "points_of_family_honor", "what “points of Family Honor” means")
    if per <= 0:
        raise ValueError("the number of points per bonus must be positive")
    return bonus * (points_of_family_honor(game.player(player).honor) // per)
