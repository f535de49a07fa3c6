"""Player abilities with computable conditions: Lobby and the Imperial Favor, Winds, Tactical Advantage.

Lobby: OH oh-ability-lobby ("the highest Family Honor among all players"), NE ne-ability-lobby ("higher
Family Honor than your opponent"); both Limited, so only the active player takes them. Winds (OH
oh-iii-a-winds) forbid the rulebook Favor actions. Tactical Advantage: once per turn for each Tactician
(OH oh-ability-tactical-advantage, MOD mod-tactician, NE ne-kw-tactician with ne-kw-discipline).
"""

from __future__ import annotations

from .game import Game, Impossible, Refused, not_stated, other, stated


def lobby(game: Game, player: str, name: str):
    game.check_not_over()
    rule = stated(game.ruleset, "lobby", "the Lobby ability")
    if game.active != player:
        raise Refused("Lobby is a Limited action: only the active player takes it", rule)
    if ("lobby", player) in game.used_this_turn:
        raise Refused("Lobby has already been used this turn", rule)
    _lobby_honor(game, player, rule)
    card = game.card(name)
    if card.controller != player or card.zone != "in play" or card.type != "Personality":
        raise Refused(f"{name} is not a Personality you control in play", rule)
    if card.bowed:
        raise Refused(f"{name} is already bowed, so he cannot be bowed to Lobby", rule)
    if card.personal_honor < 1:
        raise Refused(f"{name} has no Personal Honor; Lobby needs at least 1", rule)
    card.bowed = True
    game.used_this_turn.add(("lobby", player))
    game.player(player).imperial_favor = True
    game.player(other(player)).imperial_favor = False


def _lobby_honor(game: Game, player: str, rule: str):
    """The Family Honor condition, in the active format's own words (`ruleset.lobby`): never another format's."""
    rs = game.ruleset
    condition = rs.lobby
    if not condition:
        raise not_stated(rs, "Lobby's Family Honor condition", rule)
    mine, theirs = game.player(player).honor, game.player(other(player)).honor
    words = condition["words"]
    if mine > theirs:
        return
    if mine < theirs or condition["honor"] == "higher-than-opponent":
        raise Refused(
            f"{rs.citation_prefix} Lobby: “{words}” — you have {mine} Family Honor, your opponent {theirs}", rule
        )
    # A tie under "the highest Family Honor among all players": whether tied players both have the highest
    # is not settled by the text.
    raise not_stated(
        rs, f"whether tied Family Honor ({mine} against {theirs}) is “the highest” in Lobby’s “{words}”", rule
    )


def use_favor(game: Game, player: str):
    """Discard the Imperial Favor for a rulebook Favor action (Favor Cycle, Favor Battle)."""
    game.check_not_over()
    p = game.player(player)
    wind_rule = game.ruleset.rule("winds_forbid_favor")
    if wind_rule and p.wind_in_play:
        raise Refused("while you have a Wind in play, you may not take rulebook Favor actions", wind_rule)
    if p.wind_in_play:  # the Obsidian Hand's Wind rule, where the format's documents do not state it
        raise not_stated(game.ruleset, "whether a player with a Wind in play may take rulebook Favor actions")
    if not p.imperial_favor:
        raise Impossible("you do not have the Imperial Favor to discard")
    p.imperial_favor = False


def tactical_advantage(game: Game, player: str, name: str, focus_value: int):
    """Discard a card: the Tactician gets a Force bonus equal to its Focus Value, once per turn each."""
    game.check_not_over()
    rule = stated(game.ruleset, "tactical_advantage", "Tactical Advantage")
    card = game.card(name)
    if card.controller != player or card.zone != "in play" or not card.has("Tactician"):
        raise Refused(f"{name} is not a Tactician you control in play", rule)
    once = game.ruleset.rule("tactical_once_per_turn", rule)
    if ("tactical", name) in game.used_this_turn:
        raise Refused(f"{name} has already performed a Tactical action this turn", once)
    game.used_this_turn.add(("tactical", name))
    card.force_bonus += focus_value
