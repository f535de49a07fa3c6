"""Battle resolution: Force totals, the winner, destroyed units and Provinces, Honor, going home.

NE 4.3.C (ne-4-3-c) with the keywords Elite (ne-kw-elite, mod-kw-elite), Conqueror (ne-kw-conqueror)
and Enlightened (ne-kw-enlightened). Switched on by rule_refs `battle_resolution` and `keyword_*`; the
Honor per destroyed card is the Ruleset's `honor_for_destroyed_cards`.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import victory
from .game import Card, Game, not_stated, number, other, stated
from .honor import change_honor

_MODIFIES_PERSONALITY = ("Item", "Spell", "Ancestor")


@dataclass
class Battle:
    attacker: str
    province_strength: int
    attacking: list[str]  # the Personalities leading the attacking units
    defending: list[str]


@dataclass(frozen=True)
class BattleResult:
    winner: str | None  # "attacker" | "defender" | None for a tie
    attacking_force: int
    defending_force: int
    destroyed: tuple[str, ...]
    province_destroyed: bool


def contributes(game: Game, card: Card) -> bool:
    """Bowed cards add no Force to their army, unless Elite says otherwise in this format (where it does not
    state Elite, whether a bowed Elite card adds its Force is not stated)."""
    if card.bowed and card.has("Elite") and game.ruleset.rule("keyword_elite") is None:
        raise not_stated(game.ruleset, f"what the Elite keyword does (so whether bowed {card.name} adds Force)")
    return not card.bowed or card.has("Elite")


def card_force(game: Game, card: Card) -> int:
    force = card.force + card.force_bonus
    rings = sum(1 for c in game.in_play() if c.type == "Ring")
    if card.has("Enlightened") and rings:
        if game.ruleset.rule("keyword_enlightened") is None:
            raise not_stated(
                game.ruleset, f"what the Enlightened keyword does (so {card.name}'s Force with Rings in play)"
            )
        force += rings
    return force


def unit_force(game: Game, leader: Card) -> int:
    total = 0
    leader_counts = contributes(game, leader)
    if leader_counts:
        total += card_force(game, leader)
    for card in game.attachments(leader):
        if card.type in _MODIFIES_PERSONALITY:
            total += card_force(game, card) if leader_counts else 0
        elif contributes(game, card):
            total += card_force(game, card)
    return total


def army_force(game: Game, leaders: list[str]) -> int:
    return sum(unit_force(game, game.card(n)) for n in leaders if game.card(n).zone == "in play")


def resolve_battle(game: Game, battle: Battle) -> BattleResult:
    game.check_not_over()
    rs = game.ruleset
    stated(rs, "battle_resolution", "how a battle is resolved")
    attack, defense = army_force(game, battle.attacking), army_force(game, battle.defending)
    if attack > defense:
        winner, losers = "attacker", [battle.defending]
    elif defense > attack:
        winner, losers = "defender", [battle.attacking]
    else:  # a tie: both armies are destroyed
        winner, losers = None, [battle.attacking, battle.defending]
    destroyed: list[Card] = []
    for leaders in losers:
        for name in leaders:
            for card in game.unit(game.card(name)):
                card.zone = "destroyed"
                destroyed.append(card)
    defender = other(battle.attacker)
    province_lost = winner == "attacker" and attack > defense + battle.province_strength
    _honor_for_destroyed(game, destroyed)
    _attackers_go_home(game, battle)
    if province_lost:
        victory.province_destroyed(game, defender)
    return BattleResult(winner, attack, defense, tuple(c.name for c in destroyed), province_lost)


def _honor_for_destroyed(game: Game, destroyed: list[Card]):
    if not destroyed:
        return
    per_card = number(game.ruleset, "honor_for_destroyed_cards", "how much Honor a destroyed card gives")
    for player in game.players:
        theirs = sum(1 for c in destroyed if c.controller == other(player))
        if theirs:
            change_honor(game, player, "gain", per_card * theirs)


def _attackers_go_home(game: Game, battle: Battle):
    """Surviving attackers bow, then return home; a Conqueror's unit does not bow. Defenders stay."""
    conqueror_rule = game.ruleset.rule("keyword_conqueror")
    for name in battle.attacking:
        leader = game.card(name)
        if leader.zone != "in play":
            continue
        if leader.has("Conqueror") and not conqueror_rule:
            raise not_stated(
                game.ruleset, f"what the Conqueror keyword does (so whether {leader.name}'s unit bows going home)"
            )
        bows = not leader.has("Conqueror")
        for card in game.unit(leader):
            if bows:
                card.bowed = True
            card.at = "home"
