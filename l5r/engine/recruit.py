"""Recruiting: the Gold cost of a Personality, Honor Requirements and Blood Money, Singular, and Proclaim.

Numbers come from the Ruleset: `clan_discount`, `out_of_clan_surcharge` and `discount_applies_to`
(OH Recruit), `blood_money` (NE Blood Money, MOD Blood Money), `proclaim_with_discount` (OH Recruit);
rules without a number are switched on by their rule_refs (`honor_requirement`, `clan_honor`,
`proclaim`, `keyword_singular`).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import gold, keywords
from .clan import aligned_elsewhere, same_clan
from .game import Card, Game, Impossible, NotStated, Refused, not_stated, number, stated
from .honor import change_honor


@dataclass(frozen=True)
class RecruitCost:
    printed: int
    discount: int = 0
    surcharge: int = 0
    blood_money: int = 0
    # Where the format's documents do not state the Clan discount or surcharge (Modern: the Twenty Festivals
    # rules are not bundled), the part of the cost they would decide is unknown: this says why.
    unknown: NotStated | None = None

    @property
    def total(self) -> int:
        return max(0, self.printed - self.discount + self.surcharge + self.blood_money)


def recruit_cost(
    game: Game, player: str, card: Card, *, take_discount: bool = True, blood_money: bool = False
) -> RecruitCost:
    """What recruiting this card costs the player, before any card effect changes it."""
    if card.gold_cost is None:
        raise Impossible(f"{card.name} has no Gold Cost")
    rs, p = game.ruleset, game.player(player)
    discount = surcharge = 0
    unknown = None
    if card.type == "Personality" and rs.discount_applies_to is None:
        unknown = not_stated(
            rs,
            "whether a Personality's Gold cost changes with Clan Alignment (a Clan "
            "discount or an out-of-Clan surcharge)",
        )
    elif card.type == "Personality" and rs.discount_applies_to != "none":
        if take_discount and same_clan(game, p, card):
            discount = number(rs, "clan_discount", "how much less a Personality of your Clan costs")
        if aligned_elsewhere(game, p, card):
            surcharge = number(rs, "out_of_clan_surcharge", "how much more a Personality of another Clan costs")
    extra = _blood_money(game, player, card) if blood_money else 0
    return RecruitCost(card.gold_cost, discount, surcharge, extra, unknown)


def _blood_money(game: Game, player: str, card: Card) -> int:
    rule = stated(game.ruleset, "blood_money", "Blood Money")
    terms = game.ruleset.blood_money
    if "clan_aligned_only" not in terms:
        raise not_stated(game.ruleset, "whether Blood Money needs a Personality of your Clan Alignment", rule)
    if terms["clan_aligned_only"] and not same_clan(game, game.player(player), card):
        raise Refused(f"Blood Money needs a Personality with your Clan Alignment; {card.name} does not have it", rule)
    return int(terms["extra_cost"])


def honor_requirement_met(game: Game, player: str, card: Card, blood_money: bool) -> None:
    """A Personality whose Honor Requirement is above the player's Honor cannot enter play, unless Blood
    Money is paid or (Clan Honor) the player lost Honor from an opponent's card and shares his Clan."""
    if card.honor_requirement is None:
        return
    rs = game.ruleset
    rule = stated(rs, "honor_requirement", "the Honor Requirement rule")
    p = game.player(player)
    if card.honor_requirement <= p.honor or blood_money:
        return
    if p.lost_honor_from_opponent_card and same_clan(game, p, card):
        if rs.rule("clan_honor"):
            return
        if not rs.stands_alone:  # New Era's Clan Honor exception, where the documents may give one elsewhere
            raise not_stated(
                rs,
                "whether a player who lost Honor from an opponent's card may recruit a "
                f"Personality of their Clan above their Family Honor (so whether {card.name} "
                "enters play)",
                rule,
            )
    raise Refused(
        f"{card.name}'s Honor Requirement ({card.honor_requirement}) is higher than your Family Honor ({p.honor})", rule
    )


def recruit(
    game: Game, player: str, name: str, *, take_discount: bool = True, blood_money: bool = False
) -> RecruitCost:
    """Bring a face-up Personality or Holding from the player's Province into play, paying its cost."""
    game.check_not_over()
    card = game.card(name)
    if card.zone != "province" or card.owner != player:
        raise Impossible(f"{name} is not in one of {_your(player)} Provinces")
    if not card.face_up:
        raise Impossible(f"{name} is face-down; only face-up cards are recruited")
    singular_allowed(game, player, card)
    honor_requirement_met(game, player, card, blood_money)
    cost = recruit_cost(game, player, card, take_discount=take_discount, blood_money=blood_money)
    if cost.unknown is not None and game.player(player).gold_tracked:
        raise cost.unknown  # whether the produced Gold pays it depends on what is not stated
    gold.pay(game, player, cost.total)
    card.zone, card.controller, card.at = "in play", player, "home"
    game.recruits.append((player, name, cost))
    keywords.enters_play(game, card)
    return cost


def singular_allowed(game: Game, player: str, card: Card):
    """Singular: a card can not enter play for a player who already controls a Singular card of its title."""
    rule = game.ruleset.rule("keyword_singular")
    if not card.has("Singular"):
        return
    for other_card in game.in_play(player):
        if other_card.name != card.name and other_card.has("Singular") and _title(other_card) == _title(card):
            if rule is None:
                raise not_stated(
                    game.ruleset,
                    f"what the Singular keyword does (so whether a second Singular {_title(card)} may enter play)",
                )
            raise Refused(f"you already control a Singular card titled {_title(card)}", rule)


def _title(card: Card) -> str:
    """Scenario names may number copies (“Kitsu Spirit 2”); the title is the name without that number."""
    head, _, tail = card.name.rpartition(" ")
    return head if tail.isdigit() and head else card.name


def proclaim(game: Game, player: str, name: str) -> int:
    """After recruiting a Personality with your Clan Alignment from a Province: gain Honor equal to his
    Personal Honor. Once per turn, during your turn; not on a discounted recruit where the format says so."""
    rs = game.ruleset
    rule = stated(rs, "proclaim", "Proclaim")
    card = game.card(name)
    recruit = next((r for r in reversed(game.recruits) if r[0] == player and r[1] == name), None)
    if recruit is None:
        raise Refused(f"Proclaim follows recruiting a Personality from a Province; {name} was not recruited", rule)
    if game.active != player:
        raise Refused("Proclaim is taken only during your own turn", rule)
    if not same_clan(game, game.player(player), card):
        raise Refused(f"{name} does not have your Clan Alignment", rule)
    if recruit[2].discount and not rs.proclaim_with_discount:
        raise Refused(
            f"{name} was recruited for {recruit[2].discount} less Gold (the Clan discount); "
            "Proclaim may not be taken on those Personalities",
            rs.rule("proclaim_with_discount", rule),
        )
    if ("proclaim", player) in game.used_this_turn:
        raise Refused("Proclaim has already been used this turn", rule)
    game.used_this_turn.add(("proclaim", player))
    return change_honor(game, player, "gain", card.personal_honor).points


def _your(player: str) -> str:
    return "your" if player == "you" else "your opponent's"
