"""Searching: success, the ban on searching again for a description not found, shuffling, two areas.

AEG Glossary S: Search (aeg-glossary-search) and Searching multiple areas
(aeg-glossary-search-multiple-areas), cited by the rule_refs keys `search` and `search_multiple_areas`: a
format whose own records (or a switched-on Codex reading) do not give them answers "not stated" (New Era has
no search rules; Modern's are in the unbundled Twenty Festivals rules).
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import Game, Refused, stated
from .wording import parse_selection

RULE_KEYS = ("search", "search_multiple_areas")
FACE_DOWN_AREAS = ("Fate deck", "Dynasty deck")
AREAS = FACE_DOWN_AREAS + ("discard pile", "hand")


@dataclass(frozen=True)
class SearchResult:
    successful: bool
    searched: tuple[str, ...]
    shuffled: tuple[str, ...]
    selected: str | None


def _key(description: str) -> str:
    return " ".join(description.lower().split())


def search(game: Game, player: str, areas: list[str], description: str, select: str | None) -> SearchResult:
    game.check_not_over()
    for area in areas:
        if area not in AREAS:
            raise ValueError(f"unknown area “{area}”")
    rule = stated(
        game.ruleset,
        "search",
        "what searching is, what it shuffles and whether a search that found nothing may be made again",
    )
    if len(areas) > 1:
        stated(game.ruleset, "search_multiple_areas", "how a search of two areas is made")
    p = game.player(player)
    if _key(description) in p.unsuccessful_searches:
        raise Refused(
            f"an earlier search for “{description}” found nothing; you can not search for that "
            "description again this game",
            rule,
        )
    slots = parse_selection(description)
    searched: list[str] = []
    selected_area = None
    if select is not None:
        card = game.card(select)
        if card.owner != player or card.zone not in areas:
            raise Refused(f"{select} is not in the searched area", rule)
        if not any(s.accepts(card, game) for s in slots):
            raise Refused(f"{select} does not match “{description}”", rule)
        selected_area = card.zone
    for area in areas:
        searched.append(area)
        if selected_area == area:
            # Found and selected: a later area is not searched (from a face-up area it may not be, and
            # once a later area is searched, the earlier face-up cards can no longer be selected).
            break
    shuffled = tuple(a for a in searched if a in FACE_DOWN_AREAS)  # only a deck actually searched
    if select is None:
        p.unsuccessful_searches.add(_key(description))
    return SearchResult(select is not None, tuple(searched), shuffled, select)
