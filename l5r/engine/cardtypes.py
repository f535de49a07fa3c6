"""Card types with their own rules for entering play and attaching: Celestials, Regions and Ancestors.

Celestial (MOD mod-celestial): Celestials revealed in a player's Provinces enter an entering-play area and
their restrictions on entering play are checked; each whose restrictions are not met returns to its
Province; if they are not met for all of them, nothing else happens; otherwise the player discards the
Celestials he controls, then the others enter play.

Region (MOD mod-region, NE ne-2-2): when a player reveals the cards in his Provinces at the start of his
turn, each Region in a Province attaches to that Province, unless it already has `regions_per_province`
Regions (then it is discarded). Where the format says how a Region's cost is paid (`region_cost`, MOD), a
Region whose cost is not paid is discarded too.

Ancestor (MOD mod-ancestors): an Ancestor with a Clan Alignment attaches only to a Personality with that
Clan Alignment and is destroyed if he loses it; attaching one bows the Personality (a bowed Personality
cannot take one); Ancestors are not transferred.

Each rule is switched on by its rule_refs key: `celestial`, `region`, `ancestors`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import gold, keywords
from .clan import normalize_name, personality_clan
from .game import Card, Game, Impossible, Refused, number, stated
from .wording import condition_met

CELESTIAL, REGION, ANCESTOR = "Celestial", "Region", "Ancestor"


@dataclass
class Reveal:
    """What revealing a player's Provinces did, in order."""

    revealed: list[str] = field(default_factory=list)
    attached: list[str] = field(default_factory=list)  # Regions now attached to their Province
    entered: list[str] = field(default_factory=list)  # Celestials now in play
    returned: list[str] = field(default_factory=list)  # Celestials back in their Province
    discarded: list[str] = field(default_factory=list)
    gold_paid: int = 0
    notes: list[str] = field(default_factory=list)


def _in_provinces(game: Game, player: str) -> list[Card]:
    """The cards in a player's Provinces, left to right."""
    cards = [c for c in game.cards.values() if c.zone == "province" and c.owner == player]
    return sorted(cards, key=lambda c: c.province if c.province is not None else 10**6)


def _discard(card: Card):
    card.zone, card.attached_to, card.province, card.face_up = "discard pile", None, None, True


def reveal_provinces(game: Game, player: str, declined: tuple[str, ...] = ()) -> Reveal:
    """The start-of-turn reveal: every face-down card in the player's Provinces turns face-up; then each
    Region in a Province attaches to it (or is discarded), and the Celestials just revealed follow their
    sequence. `declined` names Regions whose cost the player does not pay."""
    game.check_not_over()
    for name in declined:  # checked before anything turns over: a refused step changes nothing
        card = game.card(name)
        if card.type != REGION or card.zone != "province" or card.owner != player:
            raise Impossible(f"{name} is not a Region in your Provinces")
        if not card.gold_cost:
            raise Refused(f"{name} has no cost to decline paying", game.ruleset.rule("region"))
    result = Reveal()
    newly = []
    for card in _in_provinces(game, player):
        if not card.face_up:
            card.face_up = True
            newly.append(card)
            result.revealed.append(card.name)
    for card in _in_provinces(game, player):
        if card.type == REGION:
            _region(game, player, card, card.name in declined, result)
    celestials = [c for c in newly if c.type == CELESTIAL and c.zone == "province"]
    if celestials:
        _celestials(game, player, celestials, result)
    return result


def _region(game: Game, player: str, region: Card, declined: bool, result: Reveal):
    rs = game.ruleset
    stated(rs, "region", "how a Region enters play")
    limit = number(rs, "regions_per_province", "how many Regions a Province attaches")
    if region.province is None:
        raise ValueError(f"{region.name} is in no numbered Province")
    here = [c for c in game.in_play(player) if c.type == REGION and c.province == region.province]
    if len(here) >= limit:
        result.notes.append(
            f"{region.name} is discarded: Province {region.province} already has "
            f"{_regions(len(here))} ({', '.join(c.name for c in here)})"
        )
        _discard(region)
        result.discarded.append(region.name)
        return
    if region.gold_cost:
        stated(rs, "region_cost", "how a Region's cost is paid")
        if declined:
            result.notes.append(f"{region.name} is discarded: its cost ({region.gold_cost} Gold) is not paid")
            _discard(region)
            result.discarded.append(region.name)
            return
        result.gold_paid += gold.pay(game, player, region.gold_cost)
    region.zone, region.controller, region.face_up = "in play", player, True
    result.attached.append(region.name)
    result.notes.append(f"{region.name} attaches to Province {region.province}")
    keywords.enters_play(game, region)


def _regions(n: int) -> str:
    return "a Region" if n == 1 else f"{n} Regions"


def _celestials(game: Game, player: str, revealed: list[Card], result: Reveal):
    stated(game.ruleset, "celestial", "how a Celestial enters play")
    met: list[Card] = []
    unmet: list[Card] = []
    for card in revealed:  # in the entering-play area: check each one's restrictions
        (met if card.restriction is None or condition_met(game, card.restriction, player) else unmet).append(card)
    for card in unmet:
        result.returned.append(card.name)
        result.notes.append(f"{card.name} returns to its Province: “{card.restriction}” is not met")
    if not met:
        return  # not met for all of them: no Celestial is discarded and none enters play
    for old in [c for c in game.in_play(player) if c.type == CELESTIAL]:
        keywords.leaves_play(game, old)
        _discard(old)
        result.discarded.append(old.name)
        result.notes.append(f"{old.name} is discarded")
    for card in met:
        card.zone, card.controller, card.province = "in play", player, None
        result.entered.append(card.name)
        result.notes.append(f"{card.name} enters play")
        keywords.enters_play(game, card)


# ---------------------------------------------------------------------------------------------------------
# Ancestors
# ---------------------------------------------------------------------------------------------------------


def has_clan_alignment(game: Game, personality: Card, clan: str) -> bool:
    """Whether the Personality has this Clan Alignment (printed, as a keyword, or as the format reads it)."""
    wanted = normalize_name(clan)
    own = {normalize_name(personality.clan), *(normalize_name(k) for k in personality.keywords)}
    return wanted in own or personality_clan(game, personality, game.player(personality.controller)) == wanted


def attach(game: Game, item: Card, to: Card):
    """Attach a card to a Personality; an Ancestor first meets its own requirements."""
    if item.type != ANCESTOR:
        keywords.attach_item(game, item, to)
        return
    rule = stated(game.ruleset, "ancestors", "how Ancestors attach")
    if to.zone != "in play" or to.type != "Personality":
        raise Refused(f"{to.name} is not a Personality in play", rule)
    if item.clan and not has_clan_alignment(game, to, item.clan):
        raise Refused(
            f"{item.name} has the {item.clan} Clan Alignment and attaches only to a Personality with "
            f"it; {to.name} does not have it",
            rule,
        )
    if to.bowed:
        raise Refused(f"attaching {item.name} requires bowing {to.name}, who is already bowed", rule)
    keywords.attach_item(game, item, to)
    to.bowed = True  # the requirement to enter play: bow the Personality it attaches to


def transfer(game: Game, item: Card, to: Card):
    """Move an attachment from one Personality to another; Ancestors are never transferred."""
    game.check_not_over()
    if item.zone != "in play" or item.attached_to is None:
        raise Impossible(f"{item.name} is not attached to a Personality")
    if item.type == ANCESTOR:
        raise Refused(
            f"{item.name} is an Ancestor, and Ancestors are not transferred",
            stated(game.ruleset, "ancestors", "whether Ancestors are transferred"),
        )
    if to.name == item.attached_to:
        raise Impossible(f"{item.name} is already attached to {to.name}")
    keywords.attach_item(game, item, to)


def lose_keyword(game: Game, card: Card, keyword: str) -> list[str]:
    """The card loses a keyword (its printed Clan Alignment too); an Ancestor attached to a Personality
    who no longer has its Clan Alignment is destroyed. Returns the destroyed Ancestors."""
    game.check_not_over()
    lost = normalize_name(keyword).lower()
    had = [k for k in card.keywords if normalize_name(k).lower() == lost]
    if not had and (card.clan is None or normalize_name(card.clan).lower() != lost):
        raise Impossible(f"{card.name} does not have the {keyword} keyword")
    card.keywords = tuple(k for k in card.keywords if normalize_name(k).lower() != lost)
    if card.clan is not None and normalize_name(card.clan).lower() == lost:
        card.clan = None
    destroyed = []
    for ancestor in game.attachments(card):
        if ancestor.type == ANCESTOR and ancestor.clan and not has_clan_alignment(game, card, ancestor.clan):
            stated(game.ruleset, "ancestors", "what happens to an Ancestor whose Personality loses its Clan")
            keywords.leaves_play(game, ancestor)
            keywords.destroy(game, ancestor)
            destroyed.append(ancestor.name)
    return destroyed
