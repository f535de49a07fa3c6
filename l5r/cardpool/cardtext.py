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
    re.compile(
        rf"you may (?:include|have) (?:up to )?{_NUMBER} (?:copies of )?(?P<what>[^.<]{{1,80}}?) in your deck", re.I
    ),
    re.compile(rf"your deck may include {_NUMBER} copies of (?P<what>this [a-z]+)\b", re.I),
]
# "<Who> is considered (to be) <target> for deck construction", within one sentence; <who> starts at a capital
# or is "this <word>". Found with str.find, not one regex: a lazy `[A-Z][^.<]*?` tried from every capital of a
# long sentence is quadratic (a card text of 'A ' * 20000 took 10 s).
_IS_CONSIDERED = " is considered "
_TO_BE = "to be "
_FOR_DECKS = " for deck construction"
_SENTENCE_END = re.compile(r"[.<]")
_CAPITAL = re.compile(r"[A-Z]")
_THIS_WORD = re.compile(r"this [a-z]+")
_MINIMUM = re.compile(
    r"your minimum (?P<deck>dynasty|fate) deck size is (?P<dir>increased|decreased) by "
    r"(?P<n>\d+|two|three|four|five|one)",
    re.I,
)
_NOT_COUNTED = re.compile(r"this [a-z]+ does not count towards? your minimum deck size", re.I)
_ICON = re.compile(r":(?P<code>[A-Za-z]+)[^:\s]*:|\[(?P<stat>[A-Za-z]+)•")
_MARKUP = re.compile(r"<[^<>]+>")


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
    return tuple(target.strip() for sentence in _SENTENCE_END.split(clean) for target in _considered(sentence))


def _considered(sentence: str):
    """The targets of every "… is considered X for deck construction" in one sentence, in one pass."""
    pos = 0
    while (at := sentence.find(_IS_CONSIDERED, pos)) >= 0:
        capital = _CAPITAL.search(sentence, pos, at)
        if capital is None and not _ends_with_this_word(sentence, pos, at):
            pos = at + 1
            continue
        after = at + len(_IS_CONSIDERED)
        starts = (after + len(_TO_BE), after) if sentence.startswith(_TO_BE, after) else (after,)
        for start in starts:
            end = sentence.find(_FOR_DECKS, start + 1)  # the target is never empty
            if end >= 0:
                yield sentence[start:end]
                pos = end + len(_FOR_DECKS)
                break
        else:
            return  # no "for deck construction" after this one: none after a later one either


def _ends_with_this_word(sentence: str, pos: int, at: int) -> bool:
    # "this card is considered": `this` and a lower-case word right before; 40 characters hold any such word.
    return any(m.end() == at for m in _THIS_WORD.finditer(sentence, max(pos, at - 40), at))


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
