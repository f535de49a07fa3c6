"""Deck-building facts read off a card's own text in the pool.

Only the few sentences the deck rules care about are recognised: "You may include up to six copies of
this card in your deck", "This card is considered Hisa for deck construction", "Your minimum Dynasty deck
size is increased by two", "This Holding does not count towards your minimum deck size", and the icon
codes (":Rank-1:", "[Rank•7]") that category bans match on.
"""

from __future__ import annotations

import re

from .identity import ANY_NUMBER
from .names import plain

_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_NUMBER = r"(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten|any number of)"
_COPIES = [
    re.compile(rf"you may (?:include|have) (?:up to )?{_NUMBER} (?:copies of )?(?P<what>[^.<]+?) in your deck", re.I),
    re.compile(rf"your deck may include {_NUMBER} copies of (?P<what>this [a-z]+)\b", re.I),
]
_CONSIDERED = re.compile(
    r"(?P<who>this [a-z]+|[A-Z][^.<]*?) is considered (?:to be )?(?P<target>[^.<]+?) for deck construction")
_MINIMUM = re.compile(r"your minimum (?P<deck>dynasty|fate) deck size is (?P<dir>increased|decreased) by "
                      r"(?P<n>\d+|two|three|four|five|one)", re.I)
_NOT_COUNTED = re.compile(r"this [a-z]+ does not count towards? your minimum deck size", re.I)
_ICON = re.compile(r":(?P<code>[A-Za-z]+)[^:\s]*:|\[(?P<stat>[A-Za-z]+)•")
_MARKUP = re.compile(r"<[^>]+>")


def _number(word: str) -> int:
    word = word.lower()
    if word == "any number of":
        return ANY_NUMBER
    return int(word) if word.isdigit() else _NUMBERS.get(word, 1)


def _names_self(what: str, title: str) -> bool:
    """'this card', 'this Personality' or the card's own name (or a word of it: 'Tonfa')."""
    what = what.strip().lower()
    title = title.lower()
    return what.startswith("this ") or what in title or title in what


def max_copies(text: str, title: str) -> int | None:
    """How many copies the card's own text allows in a deck, or None when it says nothing."""
    clean = plain(_MARKUP.sub(" ", text))
    for pattern in _COPIES:
        for match in pattern.finditer(clean):
            if _names_self(match.group("what"), title):
                return _number(match.group("n"))
    return None


def counts_as(text: str) -> tuple[str, ...]:
    """Names this card 'is considered' for deck construction."""
    clean = plain(_MARKUP.sub(" ", text))
    return tuple(m.group("target").strip() for m in _CONSIDERED.finditer(clean))


def deck_size_change(text: str) -> tuple[tuple[str, int], ...]:
    clean = plain(_MARKUP.sub(" ", text))
    out = []
    for m in _MINIMUM.finditer(clean):
        amount = int(m.group("n")) if m.group("n").isdigit() else {"one": 1, **_NUMBERS}[m.group("n").lower()]
        out.append((m.group("deck").title(), amount if m.group("dir").lower() == "increased" else -amount))
    return tuple(out)


def counts_toward_deck_size(text: str) -> bool:
    return not _NOT_COUNTED.search(plain(_MARKUP.sub(" ", text)))


def icons(*fields) -> frozenset[str]:
    """Icon codes in text and stat fields, lower case and without modifiers: ':Rank-2:' -> 'rank'."""
    found = set()
    for value in fields:
        if isinstance(value, str):
            for m in _ICON.finditer(value):
                found.add((m.group("code") or m.group("stat")).lower())
    return frozenset(found)
