"""Paying Gold costs: whether one source's Gold may pay several costs and whether extra Gold carries over.

`gold_splitting` and `gold_pooling` in the Ruleset (OH guidelines: "No Gold Splitting or Pooling";
NE Paying Gold Costs allows both). Until a player produces Gold, costs are paid without tracking sources.
"""

from __future__ import annotations

from itertools import combinations

from .game import Game, Impossible, Refused, not_stated


def produce(game: Game, player: str, amount: int):
    if amount <= 0:
        raise Impossible("a Gold source produces at least 1 Gold")
    game.player(player).gold_sources.append(amount)
    game.player(player).gold_tracked = True


def pay(game: Game, player: str, cost: int) -> int:
    """Pay a cost from the player's produced Gold; returns the Gold spent (or lost) on it."""
    p = game.player(player)
    if not p.gold_tracked:
        return cost
    rs = game.ruleset
    if True in (rs.gold_splitting, rs.gold_pooling):
        carries = True
    elif rs.gold_splitting is None or rs.gold_pooling is None:
        # Neither is allowed as far as stated, and one of the two is not stated: that one could allow it.
        raise not_stated(rs, "how Gold from one source pays several costs")
    else:
        carries = False
    if carries:
        rule = rs.rule("gold_splitting") or rs.rule("gold_pooling")
        if sum(p.gold_sources) < cost:
            raise Refused(f"only {sum(p.gold_sources)} unspent Gold to pay a cost of {cost}", rule)
        left = sum(p.gold_sources) - cost
        p.gold_sources = [left] if left else []
        return cost
    rule = rs.rule("gold_splitting")
    best = _cheapest_cover(p.gold_sources, cost)
    if best is None:
        raise Refused(
            f"the unspent Gold sources ({_list(p.gold_sources)}) cannot pay a cost of {cost}; "
            "Gold left over from another purchase cannot be split off or pooled",
            rule,
        )
    for amount in best:
        p.gold_sources.remove(amount)
    return sum(best)


def _cheapest_cover(sources: list[int], cost: int) -> tuple[int, ...] | None:
    """The whole sources that pay the cost wasting the least Gold (each source pays one cost only)."""
    if cost == 0:
        return ()
    best = None
    for size in range(1, len(sources) + 1):
        for combo in combinations(sources, size):
            if sum(combo) >= cost and (best is None or sum(combo) < sum(best)):
                best = combo
    return best


def _list(sources: list[int]) -> str:
    return ", ".join(str(s) for s in sources) if sources else "none"
