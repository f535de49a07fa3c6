"""Setting up the game and its first turns: the Stronghold, its Sensei and its sides, the Starting Holdings
and Border Keep's first-turn immunity, and the second player's Legacy Holding.

Obsidian Hand: III.A Stronghold stats with a Sensei (oh-iii-a-senseis: its modifiers are treated as the
Stronghold's printed values; `sensei`), Starting Family Honor (oh-iii-a-starting-family-honor;
`starting_family_honor`), the Starting Holdings (oh-iii-a-starting-holdings; `starting_holdings`: Border
Keep for every player, Bamboo Harvesters only for the player not going first) and Border Keep's 1st turn
immunity (oh-guidelines-deck-construction; `first_turn_immunity`: not affected by other players' cards
until the end of its controller's first turn, which is not negation).

Modern: Going Second Legacy (mod-going-second-legacy; `going_second_legacy`: the second player may search
for one Legacy Holding and put it into play bowed ignoring costs; it does not straighten until that
player's third turn begins; `one_sided_stronghold`: a one-sided Stronghold uses its side in both cases).
"""

from __future__ import annotations

import re

from .game import Card, Game, NotStated, Refused, not_stated, number, other, stated
from .wording import parse_selection

STATS = ("Province Strength", "Gold Production", "Starting Family Honor")


def _title(card: Card) -> str:
    """Scenario names may number copies (“Border Keep 2”); the title is the name without that number."""
    head, _, tail = card.name.rpartition(" ")
    return head if tail.isdigit() and head else card.name


def is_titled(card: Card, title: str) -> bool:
    """“Border Keep” is also Border Keep Experienced or Border Keep (Inexperienced): every version."""
    return re.match(rf"{re.escape(title)}(?![\w’'])", _title(card), re.I) is not None


class ScenarioInputMissing(ValueError):
    """The question needs a fact about the game nobody gave (who goes first)."""


def second_player(game: Game) -> str:
    if game.first_player is None:
        raise ValueError("who goes first is not known")
    return other(game.first_player)


# ---------------------------------------------------------------------------------------------------------
# The Stronghold and its Sensei
# ---------------------------------------------------------------------------------------------------------


def printed_stat(game: Game, player: str, stat: str) -> int:
    """The Stronghold's printed value; a Sensei's modifier is treated as part of it."""
    p = game.player(player)
    if stat not in p.stronghold_stats:
        raise ValueError(f"the Stronghold's {stat} is not known")
    value = p.stronghold_stats[stat]
    if p.sensei is not None:
        stated(game.ruleset, "sensei", "how a Sensei modifies the Stronghold")
        value += p.sensei_modifiers.get(stat, 0)
    return value


def stat(game: Game, player: str, stat_name: str) -> int:
    """The stat now: its printed value (with the Sensei) plus the effects and tokens on it."""
    return printed_stat(game, player, stat_name) + game.player(player).stat_modifiers.get(stat_name, 0)


def modify_stat(game: Game, player: str, stat_name: str, delta: int):
    game.check_not_over()
    if stat_name not in STATS:
        raise ValueError(stat_name)
    mods = game.player(player).stat_modifiers
    mods[stat_name] = mods.get(stat_name, 0) + delta


def set_starting_honor(game: Game, player: str) -> int:
    """The player's Family Honor starts at the Stronghold's Starting Family Honor."""
    stated(game.ruleset, "starting_family_honor", "where the starting Family Honor comes from")
    game.player(player).honor = stat(game, player, "Starting Family Honor")
    return game.player(player).honor


def stronghold_side(game: Game, player: str) -> str:
    """The side of the Stronghold a player uses: a one-sided Stronghold uses its side in both cases."""
    p = game.player(player)
    if p.stronghold_sides is None:
        raise ValueError("how many sides the Stronghold has is not known")
    if p.stronghold_sides == 1:
        stated(game.ruleset, "one_sided_stronghold", "which side a one-sided Stronghold uses")
        return "its only side"
    # OH III.A Strongholds: "Players that do not go first must use the white-bordered side of his/her
    # Stronghold." NE Setting Up 3: "The player who does not start changes their Stronghold to the B side."
    sides = game.ruleset.stronghold_sides
    rule = stated(game.ruleset, "stronghold_sides", "which side of a two-sided Stronghold each player uses")
    if game.first_player is None:
        raise ScenarioInputMissing("who goes first is not known")
    which = "second" if player != game.first_player else "first"
    if which not in sides:
        raise not_stated(
            game.ruleset,
            "which side of a two-sided Stronghold the player going first uses "
            f"(only the player not going first is told: {sides['second']}, {rule})",
        )
    return sides[which]


# ---------------------------------------------------------------------------------------------------------
# Starting Holdings and Border Keep's first-turn immunity
# ---------------------------------------------------------------------------------------------------------


def put_starting_holdings(game: Game) -> list[str]:
    """Before the first turn: each player's Starting Holdings (kept outside the decks) enter play, ignoring
    costs; some only for the player not going first. A card with first-turn immunity gets it."""
    game.check_not_over()
    rs = game.ruleset
    stated(rs, "starting_holdings", "the Starting Holdings")
    terms = rs.starting_holdings
    second = second_player(game)
    immunity = rs.first_turn_immunity
    entered = []
    for card in [c for c in game.cards.values() if c.zone == "pre-game"]:
        everyone = any(is_titled(card, t) for t in terms.get("every_player", ()))
        if not everyone and not (
            card.owner == second and any(is_titled(card, t) for t in terms.get("player_not_going_first", ()))
        ):
            continue
        card.zone, card.controller, card.bowed = "in play", card.owner, False
        if immunity and any(is_titled(card, t) for t in immunity.get("cards", ())):
            stated(rs, "first_turn_immunity", "first-turn immunity")
            card.immune_until_turns_ended = int(immunity["until_turns_ended"])
        entered.append(card.name)
    return entered


def unaffected_by(game: Game, card: Card, player: str) -> str | None:
    """The rule id that keeps `player`'s cards from affecting this card now, or None. This is not
    negation: the card is simply not affected (and cannot be chosen to be)."""
    if card.immune_until_turns_ended is None or player == card.controller:
        return None
    if game.player(card.controller).turns_ended >= card.immune_until_turns_ended:
        return None
    return game.ruleset.rule("first_turn_immunity") or game.ruleset.rule("starting_holdings")


def check_affectable(game: Game, card: Card, player: str):
    rule = unaffected_by(game, card, player)
    if rule is not None:
        whose = "your opponent's" if player != "you" else "your"
        raise Refused(
            f"{card.name} is not affected by {whose} cards until the end of its controller's first "
            "turn (this is not negation: the card is simply not affected)",
            rule,
        )


# ---------------------------------------------------------------------------------------------------------
# The starting hand, and a Legacy search that finds nothing
# ---------------------------------------------------------------------------------------------------------


def take_starting_hand(game: Game, player: str) -> int:
    """The player takes the format's stated number of cards as a starting hand (NE Setting Up 7: five)."""
    game.check_not_over()
    p = game.player(player)
    try:
        p.hand = number(game.ruleset, "starting_hand", "how many cards a starting hand has")
    except NotStated as unknown:  # the cards were taken: how many is what is not stated
        p.hand_unknown = unknown
        raise
    p.hand_unknown = None
    return p.hand


def legacy_finds_nothing(game: Game, player: str) -> None:
    """A Legacy search that finds no Legacy Holding: NE Legacy "If you fail to find one, you lose the game"."""
    game.check_not_over()
    rs = game.ruleset
    stated(rs, "legacy_not_found", "what happens when a Legacy search finds no Legacy Holding")
    if rs.legacy_not_found == "lose-the-game":
        game.declare_losers(
            [player], f"{'you' if player == 'you' else 'your opponent'} failed to find a Legacy Holding"
        )


# ---------------------------------------------------------------------------------------------------------
# The second player's Legacy Holding
# ---------------------------------------------------------------------------------------------------------


def going_second_legacy(game: Game, player: str, name: str) -> Card:
    """The second player searches a deck for a Legacy Holding and puts it into play bowed, ignoring all
    costs; it does not straighten until that player's third turn begins."""
    game.check_not_over()
    rs = game.ruleset
    rule = stated(rs, "going_second_legacy", "the Going Second Legacy rule")
    terms = rs.going_second_legacy
    if player != second_player(game):
        raise Refused("only the player going second may search for a Legacy Holding", rule)
    p = game.player(player)
    allowed = int(terms["holdings"])
    if p.legacy_holdings_taken >= allowed:
        raise Refused(
            f"the second player may search for {terms['search_for']} only, and has already put "
            f"{'it' if allowed == 1 else 'them'} into play",
            rule,
        )
    card = game.card(name)
    if card.owner != player or card.zone not in ("Dynasty deck", "Fate deck"):
        raise Refused(f"{name} is not in your deck", rule)
    slot = parse_selection(terms["search_for"])[0]
    if not slot.accepts(card, game):
        raise Refused(f"{name} is not {terms['search_for']}", rule)
    card.zone, card.controller, card.bowed = "in play", player, True
    card.stays_bowed_until_turn = int(terms["straightens_on_turn"])
    p.legacy_holdings_taken += 1
    return card
