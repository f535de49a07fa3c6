"""One card identity: a title plus experience level (plus, for the few same-title cards, a qualifier).

The deck rules count copies of identities, not of printings: every printing of "Border Keep" in every
set is one identity, "Border Keep • Experienced 2" another.
"""

from __future__ import annotations

from dataclasses import dataclass

ANY_NUMBER = 1_000_000  # what "any number of copies of this card" allows


@dataclass(frozen=True, eq=False)  # compared and hashed by object: one object per identity
class Identity:
    key: str  # the pool's full name: "Border Keep • Experienced 2", "Hida Kisada (Emperor)"
    title: str  # the printed title, with the pool's qualifier if any: "Hida Kisada (Emperor)"
    experience: str | None  # as the pool writes it: "Experienced 2CW"
    deck: str  # "Dynasty" | "Fate" | "Pre-Game" | "Other"
    types: tuple[str, ...] = ()
    clans: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    unique: bool = False
    sets: tuple[str, ...] = ()
    pool_tags: frozenset[str] = frozenset()  # the pool's legality tags (arcs/bugs), union over printings
    promo_only: bool = False  # every printing is a promotional or unreleased one
    icons: frozenset[str] = frozenset()  # icon codes in its text and stats: "rank", "bow"...
    max_copies: int | None = None  # what its own text allows ("up to six copies of this card")
    counts_as: tuple[str, ...] = ()  # names it "is considered for deck construction"
    soul_of: tuple[str, ...] = ()  # names in its "Soul of X" keywords
    counts_toward_deck_size: bool = True
    deck_size_change: tuple[tuple[str, int], ...] = ()  # (("Dynasty", 2),): its owner's minimum changes
    card_id: str | None = None  # the Codex card record, when the documents name this card
    in_pool: bool = True  # False for a card known only from the Codex's own card records

    @property
    def pregame(self) -> bool:
        return self.deck == "Pre-Game"

    def describe(self) -> str:
        """'Border Keep • Experienced 2 (Holding)' — how reports name a card."""
        kinds = ", ".join(t for t in self.types if t != "Proxy") or self.deck
        return f"{self.key} ({kinds})"
