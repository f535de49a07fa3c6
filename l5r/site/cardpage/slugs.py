"""Card slugs and URLs: `card/<slug>/`, the slug made from the pool's title and experience level alone (so it
never changes when the pool is refreshed).

Collisions: two identities with the same slug (same title in two decks, e.g. a Follower and a Personality called
Aulus) both get "-<deck>" appended; if that still collides, "-<6 hex digits of the SHA-1 of the full key and
deck>" — derived from the card, never from its position in the pool. A card the Codex has a record for has its
record's page at `card/<id>/` (the same folder, one URL scheme for every card) and gains the pool's facts there; a
pool card whose slug would be a record's id is treated as a collision (its deck, then a digest, is appended).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict

from ...cardpool import Identity
from ...data.lastanswer import LastAnswer
from ..rendering.cardlinks import CARD_DIR
from ..rendering.searchindex import slug as title_slug

_MAX_SLUG = 100


# The last pool's (asked by the linker, the card pages, serve's rebuilds)
_SLUGS: LastAnswer[dict[Identity, str]] = LastAnswer()


def slugs(identities) -> dict[Identity, str]:
    """Every pool identity without a Codex record -> its slug (see the module docstring for collisions)."""
    return dict(_SLUGS.answer(lambda: _slugs(identities), (identities,)))


def _slugs(identities) -> dict[Identity, str]:
    def base(i: Identity) -> str:
        slug = title_slug(i.title + (" " + i.experience if i.experience else "")) or "card"
        if len(slug) > _MAX_SLUG:  # a folder name must fit the file system (255 bytes)
            slug = slug[: _MAX_SLUG - 9].rstrip("-") + "-" + hashlib.sha1(slug.encode()).hexdigest()[:8]
        return slug

    groups: dict[str, list[Identity]] = defaultdict(list)
    records = set()
    for i in identities:
        if i.card_id is None and i.in_pool:
            groups[base(i)].append(i)
        elif i.card_id is not None:
            records.add(i.card_id)
    out = {}
    for name, members in groups.items():
        if len(members) == 1 and name not in records:
            out[members[0]] = name
            continue
        by_deck: dict[str, list[Identity]] = defaultdict(list)
        for i in members:
            by_deck[f"{name}-{title_slug(i.deck)}"].append(i)
        for deck_name, same in by_deck.items():
            for i in same:
                out[i] = (
                    deck_name
                    if len(same) == 1 and deck_name not in records
                    else f"{deck_name}-{hashlib.sha1((i.key + '|' + i.deck).encode()).hexdigest()[:6]}"
                )
    return out


def card_url(identity: Identity, slug_of: dict, directory_urls: bool = True) -> str:
    """The site-relative URL of a card's page (a page file's name when the site is built for file://)."""
    if identity.card_id:
        return f"{CARD_DIR}/{identity.card_id}/" if directory_urls else f"{CARD_DIR}/{identity.card_id}.html"
    return f"{CARD_DIR}/{slug_of[identity]}/" + ("" if directory_urls else "index.html")


def card_file(identity: Identity, slug_of: dict) -> str:
    """Where a pool card's page is written (the same in both builds)."""
    return f"{CARD_DIR}/{slug_of[identity]}/index.html"
