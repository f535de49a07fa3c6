"""Keyword rules that change what happens to a card: Stalwart, Chi Death, Expendable, Armor, Weapon,
Kensai, Overconfident and Brash. A card another player's cards cannot affect yet (OH Border Keep's
first-turn immunity, l5r/engine/setup.py) is not bowed by them.

Each is switched on by its rule_refs key `keyword_<name>` (NE and MOD glossaries); a format that does not
state a keyword treats it as printed text with no rule behind it.
"""

from __future__ import annotations

from . import setup
from .game import Card, Game, Impossible, Refused, not_stated, other


def _rule(game: Game, keyword: str) -> str | None:
    return game.ruleset.rule("keyword_" + keyword.lower().replace(" ", "_"))


def bowing_is_stated(game: Game, card: Card, by_player: str):
    """Stalwart changes what another player's bowing does; where the format's documents do not state the
    keyword (OH: in the unbundled Jade Hand Legacy rules), whether the card bows is not stated either."""
    if by_player != card.controller and card.has("Stalwart") and not _rule(game, "Stalwart"):
        raise not_stated(game.ruleset, f"what the Stalwart keyword does (so whether {card.name} bows)")


def bow(game: Game, card: Card, by_player: str) -> bool:
    """Bow a card; returns False when the bowing is negated (Stalwart: his first bowing each turn from
    effects of other players' cards)."""
    game.check_not_over()
    setup.check_affectable(game, card, by_player)
    bowing_is_stated(game, card, by_player)
    from_other = by_player != card.controller
    if from_other and card.has("Stalwart") and _rule(game, "Stalwart"):
        if card.name not in game.bowings_from_others_this_turn:
            game.bowings_from_others_this_turn.add(card.name)
            return False
    card.bowed = True
    return True


def destroy(game: Game, card: Card):
    """Destroy a card in play; Expendable: its last controller draws a Fate card."""
    card.zone = "destroyed"
    for attached in game.attachments(card):
        attached.zone = "destroyed"
    if card.has("Expendable") and _rule(game, "Expendable"):
        game.player(card.controller).hand += 1


def change_chi(game: Game, card: Card, delta: int):
    """Chi never goes below 0; with Chi Death a Personality at 0 Chi is destroyed immediately."""
    card.chi = max(0, card.chi + delta)
    if card.chi == 0 and card.type == "Personality" and _rule(game, "Chi Death"):
        destroy(game, card)


def attach_item(game: Game, item: Card, to: Card):
    """Attach an Item, minding Armor (one per Personality) and Weapon (one; two for a Kensai)."""
    game.check_not_over()
    if to.zone != "in play" or to.type != "Personality":
        raise Impossible(f"{to.name} is not a Personality in play")
    present = game.attachments(to)
    for keyword, limit in (("Armor", 1), ("Weapon", 2 if to.has("Kensai") and _rule(game, "Kensai") else 1)):
        rule = _rule(game, keyword)
        if rule and item.has(keyword) and sum(1 for c in present if c.has(keyword)) >= limit:
            raise Refused(f"{to.name} cannot have more than {limit} {keyword} attached", rule)
    item.zone, item.attached_to, item.controller = "in play", to.name, to.controller


def enters_play(game: Game, card: Card):
    """Overconfident: each other player may draw a card after it enters play."""
    if card.has("Overconfident") and _rule(game, "Overconfident"):
        game.may_draw[other(card.controller)] = game.may_draw.get(other(card.controller), 0) + 1


def leaves_play(game: Game, card: Card):
    """Overconfident: each player other than its owner may draw a card after it leaves play."""
    if card.has("Overconfident") and _rule(game, "Overconfident"):
        game.may_draw[other(card.owner)] = game.may_draw.get(other(card.owner), 0) + 1


def assigned_to_attack(game: Game, cards: list[Card]):
    """Brash: the Defender may draw one card for each Brash card assigned to attack."""
    for card in cards:
        card.at = "battlefield"
    brash = sum(1 for c in cards if c.has("Brash"))
    if brash and _rule(game, "Brash"):
        defender = other(game.active)
        game.may_draw[defender] = game.may_draw.get(defender, 0) + brash
