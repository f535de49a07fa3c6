"""Clan Alignment: which Clan a player and a Personality belong to.

The format lists its Clan Alignments (`clan_alignments`; OH II.A, NE Clan Alignments), the keywords that
count as one (`clan_equivalents`), the keywords that count only while a given Stronghold is in play
(`conditional_clans`), and which keyword spares a Clan's players the out-of-clan surcharge
(`surcharge_exemptions`). A format that lists none takes the printed Clan as it is.
"""

from __future__ import annotations

from typing import overload

from .game import Card, Game, Player


@overload
def normalize_name(text: str) -> str: ...
@overload
def normalize_name(text: None) -> None: ...
def normalize_name(text: str | None) -> str | None:
    """Documents write “Toturi’s Army” with a curly apostrophe; scenarios may type a straight one."""
    return text.replace("’", "'").strip() if text else text


def personality_clan(game: Game, card: Card, player: Player | None = None) -> str | None:
    """The Clan Alignment a Personality has in this format (None: unaligned)."""
    rs = game.ruleset
    conditional = {normalize_name(k): normalize_name(v) for k, v in rs.conditional_clans.items()}
    equivalents = {normalize_name(k): normalize_name(v) for k, v in rs.clan_equivalents.items()}
    alignments = {normalize_name(c) for c in rs.clan_alignments}
    for word in filter(None, (normalize_name(k) for k in (card.clan, *card.keywords))):
        if word in conditional:
            # OH II.A: "considered Clan Alignments only if their respective Stronghold is in play" — in play
            # for any player, not only the one who controls the Personality.
            if any(normalize_name(p.stronghold) == conditional[word] for p in game.players.values()):
                return word
            continue
        clan = equivalents.get(word, word)
        if alignments and clan in alignments:
            return clan
        if not alignments and word == normalize_name(card.clan):
            return clan
    return None


def same_clan(game: Game, player: Player, card: Card) -> bool:
    """An unaligned player shares no Clan Alignment, not even with unaligned Personalities."""
    if player.clan is None:
        return False
    return personality_clan(game, card, player) == normalize_name(player.clan)


def aligned_elsewhere(game: Game, player: Player, card: Card) -> bool:
    """A Personality with a Clan Alignment other than the player's; unaligned players have none to clash."""
    if player.clan is None:
        return False
    clan = personality_clan(game, card, player)
    if clan is None or clan == normalize_name(player.clan):
        return False
    exemptions = {normalize_name(k): v for k, v in game.ruleset.surcharge_exemptions.items()}
    exempting = exemptions.get(normalize_name(player.clan))
    return not (exempting and card.has(exempting))
