"""The author's remarks between card lines: a line of prose, told from a title by what the pool's titles look like.

Posted decklists interleave commentary with the cards ("Reserve personality to retain tempo.", "4 Force for
Eirasu and Ayumi is extremely useful against ..."). The deck checker reads such a line as a remark (with a
`read-as` warning, counted in no deck) only when it names no card by any reading, not even a "did you mean", and
its shape is one no card title has (a "did you mean" title it is no longer than by the margin below
keeps it a title). The shape is measured on the titles of the pool being read, never assumed:

Words are counted without one leading article (the reading key drops it: a player may add or leave out "The").

- *long*: more words than the pool's longest title, by a margin (`LONG_MARGIN`);
- *a lead-in*: it ends in a colon after `SEVERAL_WORDS` words or more, where no pool title ends in one ("Lion honor,
  tweaked after the kotei:"), whatever "did you mean" titles it resembles but one it is with a colon;
- *a sentence's end*: it ends in a sentence mark (".", "!", "?", "...", "!?") after more words than any pool
  title ending in that same mark has (the real pool: no title ends in a lone "." or ":"; "!" ends titles of up to
  six words, "For Shame!", "I Do Not Die So Easily!"; "?" and "!?" up to four; "..." up to five), and after at least
  `SEVERAL_WORDS`;
- *two sentences*: a sentence mark, a space and more words inside the line, where no pool title holds one (the
  real pool has none: "Lies, Lies, Lies..." ends in its marks);
- *in brackets*: the whole line in round brackets ("(others to taste)"), as no pool title is; tested first, as an
  aside however much it looks like a title ("(Iron Mine if you have it)");
- *an address*: an e-mail address, a web address or a name after "@" ("mark.sullivan@example.com", "Steppe Rider
  @SteppeRider · Aug 14", "www.l5r.com"), as no pool title holds; tested first too.

A line too short for these ("Gaijin Pepper", "Great card.") looks like a title and stays an unknown card.
The browser checker gets the measured numbers as data (l5r/site/api/deckdata.py) and applies the same tests.
"""

from __future__ import annotations

import re
import weakref
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Iterable, cast

from ...cardpool import CardIndex, cache
from ...cardpool.names import READING_KEY_RULES, reading_key
from ...deckmessages import say

# A title written with what the reader leaves on it (an experience marker "- Experienced 2CW", a word of
# remark) is at most a few words longer than the title; four words more than the longest title is no title.
LONG_MARGIN = 4
# "Several" words before a sentence mark: the pool's typical title has two words (more than half the titles of the
# pinned pool), so a line of one or two words with a full stop still looks like a title with a stray mark.
SEVERAL_WORDS = 3
WORD = re.compile(r"\S+")
# Words are counted without one leading article, as the reading key reads titles ("The Fall Back!" is "Fall Back!").
ARTICLES = frozenset(cast(list[str], READING_KEY_RULES["articles"]))
# The run of sentence marks a line ends with ("tempo." -> ".", "Lies..." -> "...", "Done!?" -> "!?", and the colon
# that leads into a list: "Current decklist is:"), after a closing bracket or quote the sentence may end inside:
# "(as seen in many Unicorn decks)."
SENTENCE_END = re.compile(r"(?P<mark>[.!?…:]+)[)\"']*$")
# A sentence mark inside the line, then a space and a word: "Efficient removal. I'd run 3x Misato" (an aside in
# brackets after the mark is no second sentence, nor a level after its bullet: "Fall Back! (my MVP)", "Lies, Lies,
# Lies... • Experienced").
SENTENCE_BREAK = re.compile(r"[^\s.!?…][.!?…]+\s+[^\s(•]")
# The parts of a line between commas, semicolons and colons: a line that lists cards ("Maneuvers: 2* Charge,
# Retreat, Way of Deception") names them there, and is no remark however long.
SEGMENT = re.compile(r"[,;:]")
# A whole line in round brackets, one level of brackets inside: "(others to taste)", "(also Jomyako (exp))".
BRACKETED = re.compile(r"^\((?:[^()]|\([^()]*\))*\)$")
# An e-mail address, a web address, a name after "@": a mail's signature, a tweet's, a page's footer.
ADDRESS = re.compile(r"\w@\w|(?<!\w)@\w|https?://|\bwww\.\w", re.I)


@dataclass(frozen=True)
class ProseRule:
    """What the pool's titles look like, measured: their most words, and per closing mark the most words of a
    title ending in it; whether any title holds a sentence break."""

    longest_title: int
    ending_words: dict[str, int]
    breaks_in_titles: bool
    bracketed_titles: bool = False
    addresses_in_titles: bool = False

    @classmethod
    def of_titles(cls, titles: Iterable[str]) -> "ProseRule":
        longest, breaks, bracketed, addresses = 0, False, False, False
        ending_words: dict[str, int] = {}
        for title in titles:
            words = word_count(title)
            longest = max(longest, words)
            end = SENTENCE_END.search(title)
            if end:
                mark = _mark(end.group("mark"))
                ending_words[mark] = max(ending_words.get(mark, 0), words)
            breaks = breaks or bool(SENTENCE_BREAK.search(title))
            bracketed = bracketed or bool(BRACKETED.match(title))
            addresses = addresses or bool(ADDRESS.search(title))
        return cls(longest, dict(sorted(ending_words.items())), breaks, bracketed, addresses)

    def reason(self, text: str, suggestions: Iterable[str] = ()) -> str | None:
        """Why a line that names no card is prose and not a title, in words for a warning; None: it may be a
        title. A "did you mean" title the line could be written for keeps it a title: one the line is not longer
        than by more than LONG_MARGIN words (a long sentence shares letter pairs with some long title: "Embrace
        the Void on Enlightened Warrior can funnel that fate back to you." is not "Zenathaar, Warrior of the
        Bright Eye")."""
        if not self.bracketed_titles and BRACKETED.match(text):
            return say("remark.bracketed")
        if not self.addresses_in_titles and ADDRESS.search(text):
            return say("remark.address")
        words = word_count(text)
        lead_in = ":" not in self.ending_words and words >= SEVERAL_WORDS and text.rstrip().endswith(":")
        if lead_in and not any(reading_key(title) == reading_key(text.rstrip(" :")) for title in suggestions):
            # "Lion honor, tweaked after the kotei:": words that lead into a list, as no title ends (but a title and
            # a colon, "Hida Kisada, the Little Bear:", is that title)
            return say("remark.sentence", words=words, mark=":", titles=say("remark.no-title"))
        if any(words <= word_count(title) + LONG_MARGIN for title in suggestions):
            return None
        if words > self.longest_title + LONG_MARGIN:
            return say("remark.long", words=words, longest=self.longest_title)
        if words < SEVERAL_WORDS:
            return None
        if not self.breaks_in_titles and SENTENCE_BREAK.search(text):
            return say("remark.two-sentences")
        end = SENTENCE_END.search(text)
        if end:
            mark = _mark(end.group("mark"))
            most = self.ending_words.get(mark, 0)
            if words > most:
                titles = say("remark.no-title-longer", most=most) if most else say("remark.no-title")
                return say("remark.sentence", words=words, mark=mark, titles=titles)
        return None

    def as_json(self) -> dict[str, object]:
        """The numbers the browser checker applies (deck-check.js proseReason runs the same tests)."""
        return {
            "longest_title": self.longest_title,
            "long_margin": LONG_MARGIN,
            "several_words": SEVERAL_WORDS,
            "ending_words": self.ending_words,
            "breaks_in_titles": self.breaks_in_titles,
            "bracketed_titles": self.bracketed_titles,
            "addresses_in_titles": self.addresses_in_titles,
            "articles": sorted(ARTICLES),
        }


def word_count(text: str) -> int:
    """Words of a title or line, one leading article not counted."""
    words = WORD.findall(text)
    return len(words) - (1 if words and words[0].lower() in ARTICLES else 0)


def _mark(run: str) -> str:
    """One name per closing mark: "…" is "...", a run of full stops longer than one is "..."."""
    run = run.replace("…", "...")
    return "..." if run.startswith("..") else run


_MEASURED: "weakref.WeakKeyDictionary[CardIndex, ProseRule]" = weakref.WeakKeyDictionary()


def prose_rule(index: CardIndex) -> ProseRule:
    """The rule measured on every title the index knows (measured once per index: a deck check makes a checker
    per format and per list), and kept in the cache folder beside an index the cache handed out: each
    `l5r deck check` and each build is a new process, and measuring the full pool's titles costs a tenth of a
    CPU-second. A kept rule that does not read back as one is measured again."""
    rule = _MEASURED.get(index)
    if rule is None:
        rule = _MEASURED[index] = _kept_rule(index)
    return rule


def _kept_rule(index: CardIndex) -> ProseRule:
    # (the reader's code, whose word rules it counts by, is in the card index's key)
    return cache.kept_value_beside(
        index,
        "prose-rule",
        (Path(__file__),),
        lambda: asdict(ProseRule.of_titles({i.title for i in index.identities})),
        _rule_read,
    )


def _rule_read(held) -> ProseRule:
    """The measure a kept file holds; ValueError when it holds anything else."""
    kinds = {f.name: int if f.name == "longest_title" else bool for f in fields(ProseRule) if f.name != "ending_words"}
    if not (
        isinstance(held, dict)
        and set(held) == {*kinds, "ending_words"}
        and all(type(held[name]) is kind for name, kind in kinds.items())
        and isinstance(held["ending_words"], dict)
        and all(type(n) is int for n in held["ending_words"].values())
    ):
        raise ValueError("not a measure of titles")
    return ProseRule(**held)
