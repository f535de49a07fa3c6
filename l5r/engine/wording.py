"""Special wording rules: how card text picks cards (AEG aeg-wording-*).

A small reader for the phrases the rules discuss: quantities ("a", "two", "exactly two", "up to three",
"any number of", "zero or one"), conjunctions ("a Samurai and a Courtier" is two cards; a modifier before
"X or Y" carries to both; a repeated "a" stops it; "X or Y" is met by both), and terms (a term means every
keyword, card type and title it could be; a plural also matches the singular; partial words and longer
terms do not match). Text outside this grammar is refused with a sentence, never guessed at.

These are AEG's Special wording rules: a question answered by them (a condition, a choice, a pronoun, "his
player") is answered only in a format whose own records, or a switched-on Codex reading, give them (rule_refs
`wording_*`); elsewhere it is "not stated", naming what the format builds on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import product

from .game import Card, Game, stated

NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "zero": 0,
}
# The rule_refs keys a format's records give for the wording rules this module reads by.
RULE_KEYS = ("wording_numbers", "wording_conjunctions", "wording_pronouns", "wording_possessive", "wording_referring")
# The wording rules this module decides (each has a verified example).
RULES = (
    "aeg-wording-numbers-a-or-any",
    "aeg-wording-numbers-two-or-more",
    "aeg-wording-numbers-exactly",
    "aeg-wording-numbers-up-to",
    "aeg-wording-conjunctions-and",
    "aeg-wording-conjunctions-modifiers",
    "aeg-wording-conjunctions-modifier-first-only",
    "aeg-wording-conjunctions-or-both",
    "aeg-wording-pronouns-last-mentioned",
    "aeg-wording-possessive",
    "aeg-wording-referring-all-meanings",
    "aeg-wording-referring-plurals",
    "aeg-wording-referring-partial-words",
    "aeg-wording-referring-single-words",
)
CARD_TYPES = (
    "Personality",
    "Follower",
    "Item",
    "Spell",
    "Holding",
    "Ring",
    "Strategy",
    "Event",
    "Region",
    "Celestial",
    "Ancestor",
    "Sensei",
    "Wind",
    "Stronghold",
    "Province",
)
STATES = {
    "bowed": lambda c: c.bowed,
    "unbowed": lambda c: not c.bowed,
    "dishonorable": lambda c: c.dishonorable,
    "honorable": lambda c: not c.dishonorable,
}
CHOICE_VERBS = ("bow", "target", "destroy", "straighten", "discard", "choose", "dishonor")
# Nouns that are "it": every game entity but Personalities and players.
IT_NOUNS = {t.lower() for t in CARD_TYPES if t != "Personality"}


class Unreadable(ValueError):
    """Text outside the grammar this reader knows: a problem with the scenario, not a rules outcome."""


# ---------------------------------------------------------------------------------------------------------
# Terms
# ---------------------------------------------------------------------------------------------------------


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def term_matches(term: str, card: Card) -> bool:
    """A term means all it could refer to: a keyword, a card type or a title, as whole words only.

    A plural in the text also matches the singular form ("Berserkers" matches a Berserker); a singular does
    not match a plural title, and neither matches a longer multi-word keyword or title that contains it.
    """
    wanted = {term.lower()}
    if term.lower().endswith("s"):
        wanted.add(_singular(term).lower())
    names = {card.name.lower(), card.type.lower(), *(k.lower() for k in card.keywords)}
    return bool(wanted & names)


@dataclass(frozen=True)
class Description:
    """One kind of card: a term, with modifiers that must all hold (keywords or states)."""

    term: str
    modifiers: tuple[str, ...] = ()
    post: str | None = None  # "without attachments" | "with attachments"

    def matches(self, card: Card, game: Game) -> bool:
        return self._core(card) and self._post(card, game)

    def _core(self, card: Card) -> bool:
        if term_matches(" ".join((*self.modifiers, self.term)), card):
            return True  # the whole phrase is one multi-word term ("Battle Maiden")
        return term_matches(self.term, card) and all(_modifier(m, card) for m in self.modifiers)

    def _post(self, card: Card, game: Game) -> bool:
        if self.post is None:
            return True
        attached = bool(game.attachments(card))
        return not attached if self.post == "without attachments" else attached

    def __str__(self) -> str:
        return " ".join((*self.modifiers, self.term)) + (f" {self.post}" if self.post else "")


def _modifier(word: str, card: Card) -> bool:
    if word.lower() in STATES:
        return STATES[word.lower()](card)
    return card.has(word)


# ---------------------------------------------------------------------------------------------------------
# Phrases
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Quantity:
    """How many cards a phrase asks for: at least, exactly, up to, or one of listed numbers."""

    kind: str  # "at-least" | "exactly" | "up-to" | "any-number" | "one-of"
    numbers: tuple[int, ...]

    def presence_met(self, count: int) -> bool:
        n = self.numbers[0]
        return {
            "at-least": count >= n,
            "exactly": count == n,
            "up-to": count <= n,
            "any-number": True,
            "one-of": count in self.numbers,
        }[self.kind]

    def choice_allows(self, count: int) -> bool:
        """Choosing cards: "two" means two; "up to" and "any number of" include zero."""
        if self.kind in ("at-least", "exactly"):
            return count == self.numbers[0]
        return self.presence_met(count)


@dataclass(frozen=True)
class Slot:
    """One noun phrase with its quantity: the chosen cards for it must match one of its alternatives."""

    quantity: Quantity
    alternatives: tuple[Description, ...]
    yours: bool = False

    def accepts(self, card: Card, game: Game) -> bool:
        if self.yours and card.controller != "you":
            return False
        return any(d.matches(card, game) for d in self.alternatives)


_QUANTITY = re.compile(
    r"^(?:(?P<exact>exactly|only) (?P<en>\w+)|up to (?P<upto>\w+)|(?P<anynum>any number)"
    r"|(?P<a>\w+)_or_(?P<b>\w+)|(?P<any>any)|(?P<n>\w+))\s+(?:of\s+)?(?P<of>your\s+)?",
    re.I,
)
_POSTS = ("without attachments", "with attachments")


def _number(word: str) -> int:
    word = word.lower()
    if word.isdigit():
        return int(word)
    if word in NUMBERS:
        return NUMBERS[word]
    raise Unreadable(f"“{word}” is not a number this reader knows")


def _quantity(text: str) -> tuple[Quantity, bool, str]:
    m = _QUANTITY.match(text)
    if not m:
        raise Unreadable(f"cannot read a quantity at the start of “{text}”")
    # "any number of your Personalities", "two of your Shugenja", "any your …": the possessive says whose cards
    # (AEG Special wording rules, Possessive case); it is never a keyword the card must have.
    rest, yours = text[m.end() :], bool(m.group("of"))
    if m.group("anynum") and not text[m.start("anynum") :].lower().startswith("any number of"):
        raise Unreadable(f"cannot read a quantity at the start of “{text}”")
    if m.group("exact"):
        return Quantity("exactly", (_number(m.group("en")),)), yours, rest
    if m.group("upto"):
        return Quantity("up-to", (_number(m.group("upto")),)), yours, rest
    if m.group("anynum"):
        return Quantity("any-number", (0,)), yours, rest
    if m.group("a") and m.group("a").lower() in NUMBERS and m.group("b").lower() in NUMBERS:
        return Quantity("one-of", (_number(m.group("a")), _number(m.group("b")))), yours, rest
    word = m.group("any") or m.group("n")
    if word.lower() == "any":
        return Quantity("at-least", (1,)), yours, rest
    if word.lower() not in NUMBERS and not word.isdigit():
        raise Unreadable(f"cannot read a quantity at the start of “{text}”")
    return Quantity("at-least", (_number(word),)), yours, rest


def _description(words: str, shared: tuple[str, ...] = (), post: str | None = None) -> Description:
    parts = words.split()
    if not parts:
        raise Unreadable("a noun phrase is missing its noun")
    return Description(parts[-1], tuple(shared) + tuple(parts[:-1]), post)


def _strip_post(text: str) -> tuple[str, str | None]:
    for post in _POSTS:
        if text.endswith(" " + post):
            return text[: -len(post) - 1], post
    return text, None


def _group(text: str) -> list[Slot]:
    """One quantity and what follows it, up to the next repeated article."""
    quantity, yours, rest = _quantity(text)
    rest, post = _strip_post(rest.strip())
    # "a Shadowlands Shugenja or a Monk": the repeated article stops the modifier (handled by the caller);
    # "a Shadowlands Shugenja or Monk": the modifier, and any trailing condition, carry to both nouns.
    for word, joins in ((" or ", "or"), (" and ", "and")):
        if word in rest:
            first, second = rest.split(word, 1)
            head = first.split()
            shared = tuple(head[:-1])
            nouns = [head[-1], *second.split(word)]
            descs = [_description(n, shared, post) for n in nouns]
            if joins == "or":
                return [Slot(quantity, tuple(descs), yours)]
            return [Slot(quantity, (d,), yours) for d in descs]
    return [Slot(quantity, (_description(rest, (), post),), yours)]


_REPEATED_ARTICLE = re.compile(r"(?<!\s)\s+(and|or)\s+(?=(?:a|an|one|two|three|four|five)\s)", re.I)
_NUMBER_CHOICE = re.compile(r"^(\w+) or (\w+)\s", re.I)


def parse_selection(text: str) -> list[Slot]:
    """The cards a phrase asks for, as slots that must be filled by different cards."""
    text = " ".join(text.strip().rstrip(".").split())
    m = _NUMBER_CHOICE.match(text)
    if m and m.group(1).lower() in NUMBERS and m.group(2).lower() in NUMBERS:
        text = f"{m.group(1)}_or_{m.group(2)} " + text[m.end() :]  # "zero or one X" is one quantity
    pieces = _REPEATED_ARTICLE.split(text)
    groups, joins = pieces[::2], pieces[1::2]
    slots: list[Slot] = []
    for index, group in enumerate(groups):
        parsed = _group(group)
        if index > 0 and joins[index - 1].lower() == "or":
            # "X or a Y": one card that is either; the modifiers of X stay with X.
            previous = slots.pop()
            slots.append(Slot(previous.quantity, previous.alternatives + parsed[0].alternatives, previous.yours))
            continue
        slots.extend(parsed)
    return slots


# ---------------------------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------------------------

_PRESENCE = re.compile(r"^if you have (?P<what>.+?)(?: in play)?[.,]?$", re.I)


def _read_by_wording(game: Game, *keys: str) -> None:
    """The Special wording rules a reading needs, as the format states them, or NotStated."""
    what = {
        "wording_numbers": "how numbers in card text are read (“a”, “two”, “up to”)",
        "wording_conjunctions": "how “and” and “or” in card text are read",
        "wording_pronouns": "what a pronoun in card text refers to",
        "wording_possessive": "whose card “his player” is",
        "wording_referring": "what a term in card text refers to",
    }
    for key in keys:
        stated(game.ruleset, key, what[key])


def condition_met(game: Game, text: str, player: str = "you") -> bool:
    """“If you have two Shugenja in play”: counted among the cards you (`player`) control in play."""
    _read_by_wording(game, "wording_numbers", "wording_referring")
    m = _PRESENCE.match(text.strip())
    if not m:
        raise Unreadable(f"“{text}” is not a condition of the form “If you have … in play”")
    slots = parse_selection(m.group("what"))
    if len(slots) != 1:
        raise Unreadable("a presence condition checks one kind of card")
    slot = slots[0]
    count = sum(1 for c in game.in_play(player) if slot.accepts(c, game))
    return slot.quantity.presence_met(count)


def choice_fulfils(game: Game, text: str, chosen: list[str]) -> tuple[bool, str]:
    """Whether the chosen cards fulfil an instruction like “Bow a Samurai and a Courtier”."""
    _read_by_wording(game, "wording_numbers", "wording_conjunctions", "wording_referring")
    verb, _, selection = text.strip().partition(" ")
    if verb.lower() not in CHOICE_VERBS:
        raise Unreadable(f"“{text}” does not start with one of: {', '.join(CHOICE_VERBS)}")
    slots = parse_selection(selection)
    cards = [game.card(n) for n in chosen]
    if len(set(chosen)) != len(chosen):
        return False, "the same card was chosen twice"
    for assignment in product(range(len(slots)), repeat=len(cards)):
        counts = [assignment.count(i) for i in range(len(slots))]
        if not all(s.quantity.choice_allows(n) for s, n in zip(slots, counts)):
            continue
        if all(slots[i].accepts(card, game) for card, i in zip(cards, assignment)):
            return True, ""
    wanted = " and ".join(" or ".join(str(d) for d in s.alternatives) for s in slots)
    return False, f"no way to read the chosen cards as {wanted}, each a different card"


# ---------------------------------------------------------------------------------------------------------
# Pronouns
# ---------------------------------------------------------------------------------------------------------

_MENTION = re.compile(r"\b(?P<det>one of your|an|a|your|target)\s+(?P<noun>(?:[A-Z][\w’']*\s?)+)")
# Relations nothing has with itself: a pronoun right after one cannot mean the card the relation describes
# (“a target Personality opposing him”: a Personality cannot oppose himself).
_IRREFLEXIVE = re.compile(r"\b(?:opposing|other than)\s*$", re.I)


@dataclass(frozen=True)
class _Mention:
    noun: str
    determiner: str

    @property
    def phrase(self) -> str:
        """How a player names it: “the Shugenja”, “your Personality”, “the target Personality”."""
        det = self.determiner.lower()
        if det in ("one of your", "your"):
            return "your " + (_singular(self.noun) if det == "one of your" else self.noun)
        return ("the target " if det == "target" else "the ") + self.noun


def _mentions(text: str) -> list[_Mention]:
    return [_Mention(m.group("noun").strip(), m.group("det")) for m in _MENTION.finditer(text)]


def pronoun_referent(text: str, pronoun: str) -> str:
    """A pronoun refers to the last thing mentioned that it could logically refer to: "him" to a
    Personality (or a Personality's keyword), "it" to any other game entity, and never to the card a
    relation nothing has with itself describes ("a Personality opposing him" is not him).

    Returned as a player names it: "the Shugenja", "your Personality", "the target Personality"."""
    sentences = [s.strip() for s in re.split(r"(?<=[.:])\s+", text.strip()) if s.strip()]
    where = next((i for i, s in enumerate(sentences) if re.search(rf"\b{re.escape(pronoun)}\b", s, re.I)), None)
    if where is None:
        raise Unreadable(f"“{pronoun}” does not appear in “{text}”")
    before = re.split(rf"\b{re.escape(pronoun)}\b", sentences[where], maxsplit=1, flags=re.I)[0]
    mentions = [m for s in sentences[:where] for m in _mentions(s)]
    here = _mentions(before)
    if here and _IRREFLEXIVE.search(before):
        here = here[:-1]  # the card the relation describes cannot be related to itself
    mentions += here
    wants_it = pronoun.lower() in ("it", "its")
    for mention in reversed(mentions):
        noun = mention.noun
        is_it = noun.lower() in IT_NOUNS or _singular(noun).lower() in IT_NOUNS
        if is_it == wants_it:
            return mention.phrase
    raise Unreadable(f"nothing mentioned before “{pronoun}” can be called “{pronoun}”")


def pronoun_in(game: Game, text: str, pronoun: str) -> str:
    """What a pronoun refers to, where the format states how pronouns are read."""
    _read_by_wording(game, "wording_pronouns")
    return pronoun_referent(text, pronoun)


def player_of(game: Game, card: Card) -> str:
    """“His player” of a card, where the format states the possessive case."""
    _read_by_wording(game, "wording_possessive")
    return his_player(card)


def his_player(card: Card) -> str:
    """“His player”: the card's owner when it is out of play, its controller when it is in play."""
    return card.controller if card.zone == "in play" else card.owner
