"""Resolving short effect texts: whether an action was successful (aeg-glossary-successful, rule_refs
`action_successful`) and conditions that carry to both effects joined by "or" (aeg-wording-conjunctions-conditions,
`wording_conditions`). A format whose records do not give them: "not stated" for that question only (the
effect itself still resolves).

The effects read are few and plain: "Bow all X", "Straighten all X", "Destroy all X", "Until the end of the
game, all X have -1F", "gain 2 Honor", "give him +2F", optionally behind "If <card> is <state>, … or …".
"All X" passes by a card the resolving player's cards cannot affect yet (OH Border Keep) and a card that
must stay bowed (MOD Going Second Legacy).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import keywords, setup, turn
from .game import Game, NotStated, Refused, stated
from .honor import change_honor
from .keywords import destroy
from .wording import STATES, Unreadable, parse_selection

RULE_KEYS = ("action_successful", "wording_conditions")

_ALL = re.compile(r"^(?P<verb>bow|straighten|destroy) all (?P<what>.+)$", re.I)
_ONGOING = re.compile(r"^until the end of the game, all (?P<what>.+?) have (?P<sign>[+-])(?P<n>\d+)F$", re.I)
_HONOR = re.compile(r"^(?P<verb>gain|lose) (?P<n>\d+) Honor$", re.I)
_FORCE = re.compile(r"^give (?:him|it) (?P<sign>[+-])(?P<n>\d+)F$", re.I)
_CONDITION = re.compile(r"^if (?P<card>.+?) is (?P<state>\w+), (?P<effects>.+)$", re.I)


@dataclass(frozen=True)
class Resolution:
    effect: str
    changed: bool  # whether the effect changed the game state
    # Why "successful" is not answered: the format's records do not define a successful action.
    unanswered: NotStated | None = None

    @property
    def successful(self) -> bool:
        """AEG Glossary S Successful: the effects produced one or more actual changes in the game state."""
        if self.unanswered is not None:
            raise self.unanswered
        return self.changed


def resolve_effect(game: Game, player: str, text: str, choice: str | None = None) -> Resolution:
    """Resolve an effect text for a player; with a condition, `choice` names the effect chosen."""
    game.check_not_over()
    text = " ".join(text.strip().rstrip(".").split())
    m = _CONDITION.match(text)
    subject = None
    if m:
        subject = game.card(m.group("card"))
        state = m.group("state").lower()
        if state not in STATES:
            raise Unreadable(f"“{state}” is not a state this reader knows ({', '.join(STATES)})")
        effects = [e.strip() for e in m.group("effects").split(" or ")]
        if choice is None or choice.strip().rstrip(".") not in effects:
            raise Unreadable(f"choose one of the effects: {' / '.join(effects)}")
        # The condition carries through to every effect joined to it by "or".
        if not STATES[state](subject):
            rule = stated(
                game.ruleset, "wording_conditions", "whether a condition carries to every effect joined to it by “or”"
            )
            raise Refused(
                f"the condition “{subject.name} is {state}” is not met, and it applies to every "
                f"effect after it, including “{choice}”",
                rule,
            )
        text = choice.strip().rstrip(".")
    changed = _effect(game, player, text, subject)
    try:
        stated(game.ruleset, "action_successful", "what makes an action successful")
    except NotStated as why:
        return Resolution(text, changed, why)
    return Resolution(text, changed)


def _effect(game: Game, player: str, text: str, subject) -> bool:
    """Apply one effect; True when it actually changed the game state."""
    if _ONGOING.match(text):
        # An ongoing change to the game's conditions is a change even when nothing is affected yet.
        return True
    if m := _ALL.match(text):
        slot = parse_selection("any " + m.group("what"))[0]
        verb = m.group("verb").lower()
        changed = 0
        if verb == "bow":  # before anything bows: a refused step changes nothing
            for card in game.in_play():
                if slot.accepts(card, game) and not setup.unaffected_by(game, card, player):
                    keywords.bowing_is_stated(game, card, player)
        for card in game.in_play():
            if not slot.accepts(card, game) or setup.unaffected_by(game, card, player):
                continue  # a card this player's cards cannot affect yet is simply not affected
            if verb == "bow" and not card.bowed:
                # Each card is bowed by this effect, one bowing each: Stalwart (MOD mod-kw-stalwart, "negate his
                # first bowing each turn from effects of other players' cards") applies to each of them.
                if keywords.bow(game, card, player):
                    changed += 1
            elif verb == "straighten" and turn.straighten(game, card):
                changed += 1
            elif verb == "destroy":
                destroy(game, card)
                changed += 1
        return changed > 0
    if m := _HONOR.match(text):
        kind = "gain" if m.group("verb").lower() == "gain" else "loss"
        return change_honor(game, player, kind, int(m.group("n"))).happened
    if m := _FORCE.match(text):
        if subject is None:
            raise Unreadable("“him” refers to nothing here")
        n = int(m.group("n"))
        subject.force_bonus += n if m.group("sign") == "+" else -n
        return n != 0
    raise Unreadable(f"“{text}” is not an effect this reader knows")
