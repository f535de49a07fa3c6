"""Card legality: is one card legal in one format on one day, and why not?

The deck checker asks this for every card of a decklist; the site's card pages ask it for every pool card in
every format. One implementation, so a card page can never disagree with `l5r deck check`.

    verdict = checker.card_legality(identity, on)          # CardLegality(status, reason, bans, rule)
    timeline = checker.card_timeline(identity)             # [(from_date | None, CardLegality), ...]

`status` is "legal", "banned", "not-legal" (not in the format's legal sets / pool tags), "not-a-deck-card"
(tokens, proxies, biographies) or "not-checked" (the format's collection is not in the pool, the format names
no checkable pool, or the card is known only from the Codex's own records).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum

from ...data import model as m


class LegalityStatus(StrEnum):
    """One card's status in one format on one day; its value is the word the JSON API and the pages show."""

    LEGAL = "legal"
    BANNED = "banned"
    NOT_LEGAL = "not-legal"  # not in the format's legal sets / pool tags
    NOT_A_DECK_CARD = "not-a-deck-card"  # tokens, proxies, biographies
    NOT_CHECKED = "not-checked"  # the format's collection is not in the pool, or no checkable pool


# The members under short names, as the checker and the pages write them (`legality.BANNED`).
LEGAL, BANNED, NOT_LEGAL = LegalityStatus.LEGAL, LegalityStatus.BANNED, LegalityStatus.NOT_LEGAL
NOT_A_DECK_CARD, NOT_CHECKED = LegalityStatus.NOT_A_DECK_CARD, LegalityStatus.NOT_CHECKED


@dataclass(frozen=True)
class CardLegality:
    status: LegalityStatus
    reason: str = ""  # a plain sentence for everything but "legal"
    bans: tuple[m.BanEntry, ...] = ()  # the ban entries in force that day
    rule: str | None = None  # the rule id the verdict comes from


def ban_change_days(bans) -> list[dt.date]:
    """The days on which one of these bans starts or stops applying (the verdict can only change there)."""
    days = set()
    for ban in bans:
        for day in (ban.added, ban.lifted):
            if day is not None:
                days.add(day)
    return sorted(days)
