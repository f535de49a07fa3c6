"""Keyword rules that change what happens to a card: Stalwart, Chi Death, Expendable, Armor, Weapon,
Kensai, Overconfident and Brash. A card another player's cards cannot affect yet (OH Border Keep's
first-turn immunity, l5r/engine/setup.py) is not bowed by them.

Each is switched on by its rule_refs key `keyword_<name>` (NE and MOD glossaries). Where a card's keyword
would change what happens and the format's documents do not state the keyword, what happens is not stated:
never "no effect", never another format's rule (`unstated_keyword`).
"""

from __future__ import annotations

from . import setup
from .game import Card, Game, Impossible, NotStated, Refused, not_stated, other


def _rule(game: Game, keyword: str) -> str | None:
    return game.ruleset.rule("keyword_" + keyword.lower().replace(" ", "_"))


def unstated_keyword(game: Game, keyword: str, consequence: str) -> NotStated:
    """A keyword (or keyword rule) another format states and this one does not, where it would matter."""
    return not_stated(game.ruleset, f"what the {keyword} keyword does (so {consequence})")


def bowing_is_stated(game: Game, card: Card, by_player: str):
    """Stalwart changes what another player's bowing does; where the format's documents do not state the
    keyword (OH: in the unbundled Jade Hand Legacy rules), whether the card bows is not stated either."""
    if by_player != card.controller and card.has("Stalwart") and not _rule(game, "Stalwart"):
        raise unstated_keyword(game, "Stalwart", f"whether {card.name} bows")


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
    if card.has("Expendable"):
        if _rule(game, "Expendable"):
            game.player(card.controller).hand += 1
        else:
            game.player(card.controller).hand_unknown = unstated_keyword(
                game, "Expendable", f"whether {card.name}'s controller draws a card, and so how many cards they hold"
            )


def change_chi(game: Game, card: Card, delta: int):
    """Chi never goes below 0; with Chi Death a Personality at 0 Chi is destroyed immediately."""
    if card.chi + delta <= 0 and card.type == "Personality" and not _rule(game, "Chi Death"):
        raise not_stated(
            game.ruleset,
            f"what happens to a Personality whose Chi falls to 0 or below (the Chi "
            f"Death rule), so what becomes of {card.name}",
        )
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
        already = sum(1 for c in present if c.has(keyword)) if item.has(keyword) else 0
        if already and not rule:
            raise unstated_keyword(game, keyword, f"whether {to.name} may have a second {keyword} attached")
        if keyword == "Weapon" and already == 1 and to.has("Kensai") and not _rule(game, "Kensai"):
            raise unstated_keyword(game, "Kensai", f"whether {to.name} may have a second Weapon attached")
        if rule and already >= limit:
            raise Refused(f"{to.name} cannot have more than {limit} {keyword} attached", rule)
    item.zone, item.attached_to, item.controller = "in play", to.name, to.controller


def enters_play(game: Game, card: Card):
    """Overconfident: each other player may draw a card after it enters play."""
    _may_draw(game, card, "Overconfident", other(card.controller), 1)


def leaves_play(game: Game, card: Card):
    """Overconfident: each player other than its owner may draw a card after it leaves play."""
    _may_draw(game, card, "Overconfident", other(card.owner), 1)


def _may_draw(game: Game, card: Card, keyword: str, player: str, cards: int):
    """A keyword that lets a player draw: counted where the format states it, not stated where it does not."""
    if not card.has(keyword):
        return
    if _rule(game, keyword):
        game.may_draw[player] = game.may_draw.get(player, 0) + cards
    else:
        game.may_draw_unknown.setdefault(player, unstated_keyword(game, keyword, "whether a player may draw"))


def assigned_to_attack(game: Game, cards: list[Card]):
    """Brash: the Defender may draw one card for each Brash card assigned to attack."""
    for card in cards:
        card.at = "battlefield"
    brash = [c for c in cards if c.has("Brash")]
    if brash:
        _may_draw(game, brash[0], "Brash", other(game.active), len(brash))
