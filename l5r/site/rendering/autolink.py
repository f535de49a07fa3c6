"""Finding the names of keywords, player abilities, glossary terms and cards where rules text mentions them.

Matching follows the AEG Special wording rules, *Referring to things* (AEG wording-referring-*):

- Capitalized terms are game terms, so a term matches as written (case-sensitive), whole words only.
- Partial words do not match and a single word does not match a longer term: the longest known term wins
  ("Battle Maiden" over "Battle"), and a term that is only part of a longer capitalized name is no mention
  of it ("Favor" in "Imperial Favor", "Battle" in "Battle Maiden" when that card has no entry). A capitalized
  word right before or after a term must itself be a rules word (see `Linker`) for the term to count.
- A term pluralized in text finds the singular term ("Berserkers" finds "Berserker"), but plural and other
  grammar variants of titles are their own words: singular text never finds a plural title.

This module only finds mentions; `render.py` decides which become links (first per section, never the entry
itself) and `build.py` turns them into backlinks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_APOSTROPHES = "'’"
_WORD = r"[A-Z][\w'’]*"
_AFTER = re.compile(rf"(?<!\s)\s+({_WORD})")
_BEFORE = re.compile(rf"({_WORD})\s+$")
_NAMED = re.compile(r"(?<!\s)\s+(?:player\s+)?(?:ability|abilities|keyword|keywords)\b")
_ACTION_WORD = re.compile(r"(?<!\s)\s+actions?\b")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;“\"‘(\[–—•*-])\s*$")


@dataclass(frozen=True)
class Target:
    """Something a term can link to: a record, or a place that covers several records (a shared card title)."""

    record_id: str
    label: str  # what it is: "OH player ability", "NE keyword", "card", "card title"
    tooltip: str
    covers: tuple[str, ...] = ()  # the records a shared target stands for (all cards with one title)
    uri: str | None = None  # page and anchor, for a target that is not a record
    anchor: str | None = None
    format_id: str | None = None  # the format whose entry this is (None: a card or a card title)
    name_only: bool = False  # data `autolink_as: name-only`: link only "X ability", "X keyword"

    @property
    def record_ids(self) -> tuple[str, ...]:
        return self.covers or (self.record_id,)


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    term: str  # the term as the entry names it (singular), not as the text writes it
    target: Target


class Linker:
    """Finds mentions of known terms in text. Build once per format (its terms plus the shared ones).

    `vocabulary` is the set of capitalized rules words (words of rule titles, keyword and ability names,
    designators, card types). Every word of every term is added to it.
    """

    def __init__(self, terms: dict[str, Target], vocabulary=frozenset(), designators=frozenset()):
        forms: dict[str, tuple[str, Target]] = {}
        clean = {" ".join(t.split()): target for t, target in terms.items() if t.strip()}
        for term, target in clean.items():  # exact forms first: they beat another term's plural
            forms.setdefault(_key(term), (term, target))
        for term, target in clean.items():
            for plural in plural_forms(term):
                forms.setdefault(_key(plural), (term, target))
        self.forms = forms
        words = {w for t in clean for w in re.findall(_WORD, t)}
        self.vocabulary = frozenset(vocabulary) | words
        # Action designators as the data lists them (every ability's `designators:`): a term written as a
        # designator is not the entry of the same name ("Favor" in "Favor Political Battle:").
        self.designators = frozenset(designators)
        if forms:
            alternation = "|".join(_pattern(k) for k in sorted(forms, key=len, reverse=True))
            self.pattern: re.Pattern[str] | None = re.compile(rf"(?<![\w'’-])(?:{alternation})(?![\w-])")
        else:
            self.pattern = None

    def find(self, text: str):
        """Yield a `Mention` for every mention, left to right, the longest term at each place."""
        if self.pattern is None:
            return
        for match in self.pattern.finditer(text):
            if self._inside_longer_name(text, match.start(), match.end()):
                continue
            term, target = self.forms[_key(match.group(0))]
            if self._as_designator(text, match.start(), match.end()):
                continue
            if target.name_only and not _NAMED.match(text, match.end()):
                continue
            yield Mention(match.start(), match.end(), term, target)

    def _as_designator(self, text: str, start: int, end: int) -> bool:
        """Whether the words here are an action's designators: a run of designator words that ends in the
        action's colon or cost ("Kharmic Political Favor Limited:", "Absent Repeatable Battle, [2 Gold]"),
        or a designator before "action(s)" ("rulebook Favor actions")."""
        if text[start:end] not in self.designators:
            return False
        if _ACTION_WORD.match(text, end):
            return True
        run = re.compile(
            rf"(?:\s*/?\s*(?:{'|'.join(map(re.escape, sorted(self.designators, key=len, reverse=True)))}))*"
        )
        tail = found.end() if (found := run.match(text, end)) else end
        if not re.match(r"\s*(?::|,\s*\[)", text[tail:]):
            return False
        head = text[:start].rstrip(" /")
        words = re.findall(r"(?<![\w'’])[\w'’]+$", head)
        while words and words[0] in self.designators:
            head = head[: -len(words[0])].rstrip(" /")
            words = re.findall(r"(?<![\w'’])[\w'’]+$", head)
        return not head or bool(re.search(r"[.:;!?“\"(\n–—-]\s*$", head))

    def _inside_longer_name(self, text: str, start: int, end: int) -> bool:
        after = _AFTER.match(text, end)
        if after and not self._rules_word(after.group(1)):
            return True
        before = _BEFORE.search(text, 0, start)
        if before and not self._rules_word(before.group(1)):
            return not _SENTENCE_START.search(text, 0, before.start(1))
        return False

    def _rules_word(self, word: str) -> bool:
        word = re.sub(r"['’]s?$", "", word)
        return any(form in self.vocabulary for form in (word, *singular_forms(word)))


def plural_forms(term: str) -> list[str]:
    """How a term is written in the plural: the last word takes -s, -es or -ies ("Battle Maidens")."""
    if not term[-1:].isalpha():
        return []
    lower = term.lower()
    if lower.endswith(("ss", "x", "z", "ch", "sh")):
        return [term + "es"]
    if lower.endswith("s"):
        return []  # already plural ("Bamboo Harvesters", "Duels")
    if lower.endswith("y") and lower[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return [term[:-1] + "ies"]
    return [term + "s"]


def singular_forms(word: str) -> list[str]:
    """Candidate singulars of a word written in the plural ("Personalities" -> "Personality")."""
    forms = []
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("s"):
        forms.append(word[:-1])
    return forms


def key_of(text: str) -> str:
    """How a form is looked up: apostrophes unified, runs of whitespace as one space."""
    return " ".join(text.replace("’", "'").split())


def _pattern(key: str) -> str:
    parts = []
    for char in key:
        if char in _APOSTROPHES:
            parts.append("['’]")
        elif char == " ":
            parts.append(r"\s+")
        else:
            parts.append(re.escape(char))
    return "".join(parts)


_key = key_of  # the name this module uses internally
