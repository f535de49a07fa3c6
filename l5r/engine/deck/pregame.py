"""Pre-game cards: the Stronghold, starting holdings, Sensei and Wind a format asks for.

A format lists them as slots in `ruleset.pregame.slots`: each takes cards of some types (Stronghold) or
exactly some card records (the allowed Border Keep versions), with a minimum and maximum, and a Sensei's
slot can require that its clan restriction names the Stronghold's clan.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Mapping

from ...cardpool import CardIndex, Identity
from ...deckmessages import say
from ..ruleset import Ruleset
from .report import Findings, between, noun_count
from ...errors import CodexError


class DeckRulesError(CodexError):
    """The format's own deck data cannot be used (a slot names a card the Codex does not have)."""


@dataclass(frozen=True)
class PreGameSlot:
    key: str
    label: str
    types: frozenset[str]
    cards: frozenset[Identity]
    min: int
    max: int | None
    clan_of: str | None  # the slot whose clans this card's clan restriction must name (a Sensei's Stronghold)
    any_clan: str | None  # the restriction that allows every clan ("All Clans")
    rule: str | None

    def takes(self, identity: Identity) -> bool:
        return identity in self.cards if self.cards else bool(self.types.intersection(identity.types))


def read_slots(ruleset: Ruleset, index: CardIndex) -> tuple[PreGameSlot, ...]:
    return tuple(_slot(raw, ruleset, index) for raw in ruleset.pregame.get("slots", ()))


def _slot(raw: Mapping, ruleset: Ruleset, index: CardIndex) -> PreGameSlot:
    cards = []
    for card_id in raw.get("cards", ()):
        identity = index.card(card_id)
        if identity is None:
            raise DeckRulesError(
                f"{ruleset.format_id} format.yml: pre-game slot '{raw['key']}' names card "
                f"'{card_id}', which has no record in data/cards"
            )
        cards.append(identity)
    types = frozenset(raw.get("types", ()))
    label = raw.get("label") or (cards[0].title if cards else " or ".join(sorted(types)))
    return PreGameSlot(
        key=raw["key"],
        label=label,
        types=types,
        cards=frozenset(cards),
        min=raw.get("min", 0),
        max=raw.get("max"),
        clan_of=raw.get("clan_of"),
        any_clan=raw.get("any_clan"),
        rule=ruleset.rule(f"pregame_{raw['key']}", ruleset.rule("pregame")),
    )


def check_pregame(slots, entries, name: str, other_rule: str | None, out: Findings):
    """Fill the slots with the pre-game section's cards; report what is missing, extra or of another clan."""
    if not slots:
        out.warn("not-checked", say("not-checked.pregame", name=name))
        return
    filled: dict[str, list] = defaultdict(list)
    for e in entries:
        slot = next((s for s in slots if s.takes(e.identity)), None)
        if slot is not None:
            filled[slot.key].append(e)
        elif e.identity.pregame:  # cards of other decks are wrong-deck problems already
            out.problem(
                "pregame",
                say("pregame.not-allowed", line=e.line.line, name=name, card=e.identity.describe()),
                e.identity.key,
                other_rule,
                e.line.line,
            )
    for slot in slots:
        have = sum(e.count for e in filled[slot.key])
        if have < slot.min or (slot.max is not None and have > slot.max):
            out.problem(
                "pregame",
                say(
                    "pregame.count",
                    have=have,
                    label=_plural(slot.label, have),
                    name=name,
                    between=between(slot.min, slot.max),
                ),
                slot.label,
                slot.rule,
            )
        if slot.clan_of:
            owner = next((s.label for s in slots if s.key == slot.clan_of), slot.clan_of)
            _check_clans(slot, filled[slot.key], filled[slot.clan_of], owner, out)


def check_pregame_count(slots, have: int, name: str, out: Findings):
    """When the cards cannot be identified, the number of pre-game cards is all there is to check."""
    if not slots:
        return
    low = sum(s.min for s in slots)
    high = None if any(s.max is None for s in slots) else sum(s.max for s in slots)
    if have < low or (high is not None and have > high):
        wanted = ", ".join(f"{between(s.min, s.max)} {s.label}" for s in slots)
        out.problem(
            "pregame",
            say("pregame.total", cards=noun_count(have, "pre-game card"), name=name, wanted=wanted),
            rule=slots[0].rule,
        )


def _check_clans(slot: PreGameSlot, cards, owners, owner_label: str, out: Findings):
    clans = {c for e in owners for c in e.identity.clans}
    if not clans:
        return
    for e in cards:
        allowed = set(e.identity.clans)
        if slot.any_clan in allowed or allowed & clans:
            continue
        out.problem(
            "pregame",
            say(
                "pregame.clan",
                line=e.line.line,
                card=e.identity.key,
                clans=" or ".join(sorted(allowed)) or say("pregame.no-clan"),
                owner=owner_label,
                deck_clans=" / ".join(sorted(clans)),
            ),
            e.identity.key,
            slot.rule,
            e.line.line,
        )


def _plural(label: str, n: int) -> str:
    return label if n == 1 or label.endswith("s") else f"{label}s"
