"""Seppuku: rehonor, then destroy; and the player ability that lets a Personality commit it.

The Ruleset's `seppuku` says how the ability works in each format: `timing` "before-honor-loss" (AEG
Glossary S, OH Seppuku: a Reaction before an Honor loss, which it reduces to `reduces_loss_to`) or "open"
(NE and MOD Seppuku: an Open action on a dishonorable Personality), and which `keywords` may commit it.

A format states one of the two. The other is forbidden only where the format's documents stand alone (New
Era's rule book lists every player ability); where they build on rules the Codex does not bundle (Modern on
the Twenty Festivals rules, the Obsidian Hand on Jade Hand Legacy) or are pages of a larger text (AEG), the
other is not stated: the unbundled text may give it. A switched-on Codex reading may give it, labelled.
"""

from __future__ import annotations

from collections.abc import Mapping

from . import keywords
from .game import Card, Game, NotStated, Refusal, Refused, not_stated, stated
from .honor import HonorChange, apply_change, change_honor, modified_points


def commit(game: Game, card: Card):
    """Rehonor the Personality, then destroy him; these effects cannot be negated."""
    card.dishonorable = False
    keywords.destroy(game, card)


def _terms(game: Game, timing: str) -> tuple[Mapping, str]:
    """The Seppuku ability of this timing as the format (or a switched-on reading) states it."""
    rs = game.ruleset
    rule = stated(rs, "seppuku", "the Seppuku player ability")
    if rs.seppuku.get("timing") == timing:
        return rs.seppuku, rule
    for reading in rs.readings:
        if reading.seppuku.get("timing") == timing and "seppuku" in reading.refs:
            return reading.seppuku, reading.refs["seppuku"]
    own = _TIMINGS[rs.seppuku["timing"]]  # stated above: the format's Seppuku has a timing
    wanted = _TIMINGS[timing]
    if rs.stands_alone:
        raise Refused(
            f"the {rs.citation_prefix} Seppuku ability is {own}, and the {rs.citation_prefix} documents "
            f"give players no Seppuku {wanted}",
            rule,
        )
    raise not_stated(rs, f"a Seppuku {wanted} (the Seppuku they state is {own})", rule)


def form_rule(game: Game, timing: str) -> str:
    """The record that decides Seppuku in this form ("open" or "before-honor-loss") in the game's format: the one
    that gives it, or (New Era's standalone rule book) the one that forbids it; NotStated where neither."""
    try:
        return _terms(game, timing)[1]
    except Refused as refused:
        return refused.rule_id or stated(game.ruleset, "seppuku", "the Seppuku player ability")


_TIMINGS = {"open": "as an Open action", "before-honor-loss": "as a Reaction before an Honor loss"}


def _eligible(game: Game, player: str, card: Card, terms, rule: str):
    if card.zone != "in play" or card.controller != player:
        raise Refused(f"{card.name} is not a Personality you control in play", rule)
    keywords = terms.get("keywords", ())
    if not any(card.has(k) for k in keywords):
        raise Refused(f"only {_or(keywords)} Personalities may commit seppuku; {card.name} is none of them", rule)


def open_action(game: Game, player: str, name: str):
    """The Open ability: a dishonorable Personality you control commits seppuku."""
    game.check_not_over()
    terms, rule = _terms(game, "open")
    card = game.card(name)
    _eligible(game, player, card, terms, rule)
    if terms.get("requires_dishonorable") and not card.dishonorable:
        raise Refused(f"{name} is not dishonorable", rule)
    commit(game, card)


def before_honor_loss(
    game: Game, player: str, points: int, name: str, link: str, increases=(), reductions=()
) -> HonorChange:
    """The Reaction: before losing Honor from an effect that targeted or was performed by your
    Personality, he commits seppuku; if that destroyed him, the loss is reduced to one."""
    game.check_not_over()
    card = game.card(name)
    try:
        terms, rule = _terms(game, "before-honor-loss")
        _eligible(game, player, card, terms, rule)
        if link not in ("targeted", "was performed by"):
            raise Refused(f"the Honor loss must come from an effect that targeted or was performed by {name}", rule)
    except NotStated as unknown:
        # Whether the Reaction exists is not stated: so is whether the loss is reduced, and so the Honor after it.
        game.player(player).honor_unknown = unknown
        raise
    except Refusal as refused:
        # The Reaction cannot be taken, but the Honor loss it would have answered still happens, in full
        # (AEG Glossary S: "a Shugenja cannot commit seppuku" — his player still loses the Honor).
        change = change_honor(game, player, "loss", points, tuple(increases), tuple(reductions))
        refused.happened = (
            f"the Honor loss still happens: {_name(player)} lose{'' if player == 'you' else 's'} {change.points} Honor"
        )
        raise
    commit(game, card)
    # The seppuku destroyed him: the loss (after its other modifiers) is reduced to one.
    size = modified_points(points, tuple(increases), tuple(reductions))
    floor = int(terms.get("reduces_loss_to", 1))
    if increases or reductions:
        stated(game.ruleset, "honor_gains_and_losses", "how Honor gains and losses are reduced or increased")
    return apply_change(game, HonorChange(player, "loss", points, min(size, floor)))


def _or(words) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _name(player: str) -> str:
    return "you" if player == "you" else "your opponent"
