"""A decklist line together with the card it names."""

from __future__ import annotations

from dataclasses import dataclass

from ...cardpool import Identity
from ...decklist import CardLine


@dataclass(frozen=True)
class DeckEntry:
    line: CardLine
    identity: Identity | None  # None: unknown, or the format's cards are not in the pool
    section: str | None  # where it counts: the line's section, or its card's deck when the line had none

    @property
    def count(self) -> int:
        return self.line.count
