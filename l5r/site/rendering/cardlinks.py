"""Rules text that names a pool card links to the card's page, under the auto-link rules.

The Codex's own card records are linked by `render._card_terms`; this module adds the pool's other cards.
The auto-link rules (l5r/site/rendering/autolink.py, AEG wording *Referring to things*) still hold: capitalized,
whole words, the longest term at a place wins, and a missed link beats a wrong one. The pool's titles hold
many that are also ordinary words or game terms ("Ambush", "Honor", "Battle", "The Imperial Favor"),
so a title links only when it is unambiguous and cannot be read as anything else:

- it names exactly one pool card that has no Codex record (a title several cards share, or a title with
  experienced versions, is left unlinked rather than guessed);
- it has at least two capitalized words (one-word titles such as "Courtier", "Imperial", "Void", "Oni" are
  keywords, elements and clans far more often than cards: the first full build linked 200 of them, wrongly);
- it is no clan or keyword of the pool's cards ("Toturi's Army" is a Clan Alignment as well as a Stronghold),
  and no set's name or the leading part of one ("Imperial Gift" of "The Imperial Gift 2");
- the Codex's text never writes it after "the", "a" or "an" ("the Clan Mon" is a thing, not a card);
- not every capitalized word of it is a rules word ("Imperial Favor", "Open Battle" are game terms);
- the Codex's text never writes it in lower case ("a questionable market" would be the phrase, not the card);
- it is no rule title, keyword, ability or card name of the Codex (those keep their own links).

A pool title is matched by words, not by one regular expression with an alternative per title: at each capitalized
word the longest run of words that is a title wins. Titles add nothing to the rules vocabulary (a card called
"Imperial Gift" must not make "Imperial" a rules word for `Linker._inside_longer_name`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from ...cardpool import CardIndex, Identity, cache
from ...data.lastanswer import LastAnswer
from .autolink import Mention, Target, key_of as _key
from .render import rules_vocabulary, text_records

_TOKEN = re.compile(r"[\w'’-]+")
_CAPITAL_WORD = re.compile(r"[A-Z][\w'’]*")
# Small words a title may hold in lower case ("Glimpse of the Unicorn"): they are not a title's own words.
_SMALL = frozenset("a an and at by for from in into of on or the to with".split())
CARD_DIR = "card"


@dataclass(frozen=True)
class ExampleCitation:
    """A verified example that names a pool card, for the card page's "Cited by" (where it is shown)."""

    title: str
    uri: str  # the page it is shown on (a docs page, or its rule's page)
    anchor: str
    citation: str = "verified example"
    id: str | None = None


def example_citations(names: "PoolNames", scenarios, anchors: dict) -> dict[str, list[ExampleCitation]]:
    """{pool card target id: [the verified examples naming it]}: the examples of docs/ (at their own anchor)
    and those of the data (under the rule they belong to)."""
    out: dict[str, list[ExampleCitation]] = defaultdict(list)
    for s in scenarios:
        if s.path.startswith("docs/"):
            uri, anchor = s.path[len("docs/") :], s.anchor
        elif s.record_id in anchors:
            uri, anchor = anchors[s.record_id]
        else:
            continue
        for mention in names.find(s.source):
            citation = ExampleCitation(s.title, uri, anchor)
            if citation not in out[mention.target.record_id]:
                out[mention.target.record_id].append(citation)
    return dict(out)


def pool_target_id(identity: Identity) -> str:
    """The id a pool card has as a link target (and in "Cited by"): it has no Codex record id."""
    return f"pool:{identity.key}|{identity.deck}"


def title_words(title: str) -> list[str]:
    return _TOKEN.findall(title)


def lower_case_words(texts) -> tuple[frozenset[str], str]:
    """The words the Codex's text writes in lower case, and all its text (for phrases)."""
    words: set[str] = set()
    parts = []
    for text in texts:
        parts.append(" ".join(text.split()))
        words.update(w for w in _TOKEN.findall(text) if w.islower())
    return frozenset(words), "\n".join(parts)


def generic(title: str, vocabulary, lower_words, lowers: frozenset) -> str | None:
    """Why a title is too generic to link (None: it may link). See the module docstring."""
    words = title_words(title)
    capitals = [w for w in words if w[:1].isupper()]
    if not capitals:
        return "no capitalized word"
    if len(capitals) < 2:
        # One capitalized word ("Courtier", "Imperial", "Void", "Oni") is a keyword, an element or a clan far
        # more often than the card of that name: the first build linked 200 of those, nearly all wrong.
        return "one capitalized word"
    if len(words) == 1:
        w = words[0]
        if w.lower() in lower_words:
            return "one word the rules write in lower case"
        if w in vocabulary or re.sub(r"['’]s?$", "", w) in vocabulary:
            return "one word that is a rules word"
    if all(w in vocabulary for w in capitals):
        return "every word is a rules word"
    if all(w.lower() in lower_words for w in words) and " ".join(words).lower() in lowers:
        return "the rules write it in lower case"
    return None


def _names_a_set(title: str, set_names) -> bool:
    """Whether the title is a set's name, or its name before a number or part ("The Imperial Gift 2",
    "Scorpion Clan Coup, Scroll 3")."""
    return re.sub(r"^the\s+", "", " ".join(title.split()).lower()) in set_names


_ARTICLES = frozenset(("the", "a", "an"))


def after_articles(all_text: str, longest: int = 8) -> frozenset[str]:
    """Every run of up to `longest` words the text writes right after "the", "a" or "an", lower case: a title
    among them is written as a game thing ("the Clan Mon"), not as a card's name. One pass over the text (a
    search per title took tens of seconds for the whole pool)."""
    words = [w.lower() for w in _TOKEN.findall(all_text)]
    out = set()
    for n, w in enumerate(words):
        if w in _ARTICLES:
            for k in range(1, longest + 1):
                if n + k < len(words):
                    out.add(" ".join(words[n + 1 : n + 1 + k]))
    return frozenset(out)


def lower_runs(all_text: str, longest: int = 8) -> frozenset[str]:
    """Every run of up to `longest` words the text writes without a capital letter ("a questionable market"):
    a title among them is the ordinary phrase, not the card. One pass over the text."""
    words = _TOKEN.findall(all_text)
    out = set()
    for n in range(len(words)):
        for k in range(1, longest + 1):
            if n + k > len(words) or not words[n + k - 1].islower():
                break
            out.add(" ".join(words[n : n + k]))
    return frozenset(out)


class PoolNames:
    """Finds pool card titles in text: `find(text)` yields `Mention`s, longest title at each word."""

    def __init__(self, terms: dict[str, Target]):
        self.terms = dict(terms)
        self.by_key = {_key(t): (t, target) for t, target in terms.items()}
        # text -> the mentions `find` yields in it: a build looks through each text more than once (the records'
        # mentions, then their pages), and under `mkdocs serve` the next rebuild's finder is this one when its
        # terms are the same (`pool_names`), so most texts are looked through once a session.
        self._found: dict[str, tuple[Mention, ...]] = {}
        # The word counts of the titles that begin with each word, longest first: a run of words can be a title
        # only if a title begins with its first word and has as many words. Trying every length up to the
        # longest title at every capitalized word cost a build seconds when one title was long.
        lengths: dict[str, set[int]] = defaultdict(set)
        for key in self.by_key:
            words = title_words(key)
            if words:
                lengths[words[0]].add(len(words))
        self.lengths = {first: sorted(counts, reverse=True) for first, counts in lengths.items()}

    def __len__(self):
        return len(self.by_key)

    def find(self, text: str):
        found = self._found.get(text)
        if found is None:
            if len(self._found) >= _FOUND_TEXTS:
                self._found.clear()
            found = self._found[text] = tuple(self._mentions(text))
        return iter(found)

    def _mentions(self, text: str):
        if not self.by_key:
            return
        tokens = [m for m in _TOKEN.finditer(text)]
        i = 0
        while i < len(tokens):
            token = tokens[i]
            if not token.group(0)[:1].isupper() or (
                token.start() and (text[token.start() - 1].isalnum() or text[token.start() - 1] in "'’-")
            ):
                i += 1
                continue
            hit = None
            for n in self.lengths.get(_key(token.group(0)), ()):
                if n > len(tokens) - i:
                    continue
                last = tokens[i + n - 1]
                found = self.by_key.get(_key(text[token.start() : last.end()]))
                if found is not None and tokens[i + n - 1].group(0)[:1].isupper():
                    hit = (n, found, last.end())
                    break
            if hit is None:
                i += 1
                continue
            n, (term, target), end = hit
            yield Mention(token.start(), end, term, target)
            i += n


_FOUND_TEXTS = 50_000  # texts a finder keeps the mentions of (a site's rebuilds look through a few thousand)
_NAMES: LastAnswer[PoolNames] = LastAnswer()  # the last terms' finder, with the mentions it has found


def pool_names(terms: dict[str, Target]) -> PoolNames:
    """A finder of the pool titles `terms`: the last one made when its terms are the same (with the mentions it
    has found so far), else a new one."""
    return _NAMES.answer(lambda: PoolNames(terms), (), (terms,))


@dataclass(frozen=True)
class PoolCandidates:
    """What depends on the pool alone, worked out once per index (`pool_candidates`)."""

    linkable: list[tuple[str, Identity]]  # (title, identity) of each title that may link
    rejected: dict[str, str]  # title -> why not, for the others
    # What `pool_terms` looks up of each linkable title: its words joined and lower case (in the runs after
    # articles and the lower-case runs), and each of its words lower case (in the lower-case words).
    phrases: frozenset[str]
    lower_words: frozenset[str]


_CANDIDATES: LastAnswer[PoolCandidates] = LastAnswer()  # the last index's (a build, serve's every rebuild)


def pool_candidates(index: CardIndex) -> PoolCandidates:
    """The pool titles that may link, and why not for the others (records, shared titles, the pool's clans and
    keywords, set names, titles with fewer than two capitalized words): kept per index (`_CANDIDATES`), and in
    the cache folder beside an index the cache handed out (`_kept_candidates`)."""
    return _CANDIDATES.answer(lambda: _kept_candidates(index), (index,))


# -----------------------------------------------------------------------------------------------------------
# Kept on disk beside the card index
# -----------------------------------------------------------------------------------------------------------
# Every `mkdocs build` is a new process: working out the candidates and the terms again costs about a quarter of
# a CPU-second with the full pool, a tenth of a warm rebuild, though neither changes when a rule's words do. Both
# are kept as JSON beside the index they were made from (cardpool/cache.py `kept_value_beside`), under this
# module's code and the auto-link rules' (autolink.py); the terms also under a digest of every input they are
# worked out from. A card is written by its place in the index's identities (the index's key is in the file's).

_SOURCES = (Path(__file__), Path(__file__).with_name("autolink.py"))


def _places(index: CardIndex) -> dict[Identity, int]:
    return {identity: n for n, identity in enumerate(index.identities)}


def _kept_candidates(index: CardIndex) -> PoolCandidates:
    def made() -> list:
        pool, place = _pool_candidates(index), _places(index)
        linkable = [[title, place[identity]] for title, identity in pool.linkable]
        return [linkable, pool.rejected, sorted(pool.phrases), sorted(pool.lower_words)]

    def read(held) -> PoolCandidates:
        linkable, rejected, phrases, lower_words = held
        texts = [*(t for t, _ in linkable), *rejected, *rejected.values(), *phrases, *lower_words]
        if not all(isinstance(text, str) for text in texts):
            raise ValueError("not the candidates' words")
        return PoolCandidates(
            [(title, index.identities[n]) for title, n in linkable],
            rejected,
            frozenset(phrases),
            frozenset(lower_words),
        )

    return cache.kept_value_beside(index, "pool-link-candidates", _SOURCES, made, read)


def _kept_terms(index: CardIndex, pool: PoolCandidates, words: tuple, slug_of: dict, work_out) -> dict[str, Identity]:
    """`work_out()`'s title -> card, or that kept for the same index, code and inputs (`words`, the slugs): only
    candidates (`pool`) with a page."""
    digest = hashlib.sha1()
    for part in words:
        digest.update(json.dumps(sorted(part)).encode() + b"\0")
    digest.update(json.dumps([slug_of.get(i) for i in index.identities]).encode())

    def made() -> dict[str, int]:
        place = _places(index)
        return {title: place[identity] for title, identity in work_out().items()}

    def read(held) -> dict[str, Identity]:
        found = {title: index.identities[n] for title, n in held.items()}
        candidates = set(pool.linkable)
        if not all((title, i) in candidates and i in slug_of for title, i in found.items()):
            raise ValueError("a term that is no candidate with a page")
        return found

    return cache.kept_value_beside(index, "pool-link-terms", _SOURCES, made, read, digest.hexdigest())


def _target(identity: Identity, slug_of: dict) -> Target:
    kinds = ", ".join(t for t in identity.types) or identity.deck
    return Target(
        pool_target_id(identity),
        "pool card",
        f"Card — {identity.key}: {kinds}",
        uri=f"{CARD_DIR}/{slug_of[identity]}/index.md",
        anchor="card",
    )


def _pool_candidates(index: CardIndex) -> PoolCandidates:
    by_title: dict[str, list[Identity]] = defaultdict(list)
    for i in index.identities:
        if i.in_pool:
            by_title[" ".join(i.title.split())].append(i)
    # Set names: "Imperial Gift", "Winds of Change", "Scorpion Clan Coup" are expansions as well as cards, and
    # the documents name them as sets ("Isawa Tanaka (Path of Hope, Imperial Gift 2)").
    set_names = set()  # every set's name and each of its leading parts ("imperial gift" of "the imperial gift 2")
    for name in {re.sub(r"^the\s+", "", " ".join(s.split()).lower()) for i in index.identities for s in i.sets}:
        set_names.add(name)
        set_names.update(name[: m.start()] for m in re.finditer(r"[ ,]", name))
    # Clan and keyword names the pool's cards carry ("Toturi's Army" is a clan as well as a Stronghold; the
    # documents list it among the Clan Alignments).
    pool_words = {_key(w).lower().replace("’", "'") for i in index.identities for w in (*i.clans, *i.keywords)}
    candidates, rejected = [], {}
    for title, ids in sorted(by_title.items()):
        capitals = [w for w in title_words(title) if w[:1].isupper()]
        if any(i.card_id for i in ids):
            rejected[title] = "a Codex card record"
        elif len(ids) != 1:
            rejected[title] = f"{len(ids)} pool cards share it"
        elif _key(title).lower().replace("’", "'") in pool_words:
            rejected[title] = "a clan or keyword of the pool's cards"
        elif _names_a_set(title, set_names):
            rejected[title] = "a set's name"
        elif not capitals:
            rejected[title] = "no capitalized word"
        elif len(capitals) < 2:
            # One capitalized word ("Courtier", "Imperial", "Void", "Oni") is a keyword, an element or a clan far
            # more often than the card of that name: the first build linked 200 of those, nearly all wrong.
            rejected[title] = "one capitalized word"
        else:
            candidates.append((title, ids[0]))
    titles = [title_words(title) for title, _ in candidates]
    return PoolCandidates(
        candidates,
        rejected,
        frozenset(" ".join(words).lower() for words in titles),
        frozenset(w.lower() for words in titles for w in words),
    )


def pool_terms(
    index: CardIndex, slug_of: dict, taken, vocabulary, lower_words, all_text, rejected: dict | None = None
) -> dict[str, Target]:
    """title -> Target for every pool card title that may link (see the module docstring).

    `taken`: the names that already mean something in the Codex (card names, keyword and ability names,
    rule titles); `rejected`, when given, collects title -> why it is not linked (for the report and tests).
    The last answer is kept (`_TERMS`): under `mkdocs serve` every rebuild asks again, mostly with the same
    inputs (a tenth of a second of CPU with the full pool). Of the Codex's text and lower-case words only what
    a candidate title is compared with counts (an edit of a rule's words changes the text, seldom that).
    """
    pool = pool_candidates(index)
    article_runs = after_articles(all_text)
    lowers = lower_runs(all_text)
    words = (
        frozenset(taken),
        vocabulary,
        lower_words & pool.lower_words,
        article_runs & pool.phrases,
        lowers & pool.phrases,
    )
    if rejected is None:
        kept = _TERMS.kept((index,), (words, slug_of))
        if kept is not None:
            return dict(kept)
        found = _kept_terms(
            index,
            pool,
            words,
            slug_of,
            lambda: _linked(pool, slug_of, taken, vocabulary, lower_words, article_runs, lowers),
        )
    else:
        rejected.update(pool.rejected)
        found = _linked(pool, slug_of, taken, vocabulary, lower_words, article_runs, lowers, rejected)
    out = {title: _target(identity, slug_of) for title, identity in found.items()}
    _TERMS.keep(dict(out), (index,), (words, dict(slug_of)))
    return out


def _linked(
    pool: PoolCandidates,
    slug_of: dict,
    taken,
    vocabulary,
    lower_words,
    article_runs: frozenset[str],
    lowers: frozenset[str],
    rejected: dict | None = None,
) -> dict[str, Identity]:
    """title -> card of each candidate that passes the rules that depend on the Codex's text (`pool_terms`):
    `article_runs` and `lowers`, the runs of its words after articles and in lower case."""
    taken_keys = {_key(t).lower() for t in taken}
    out: dict[str, Identity] = {}

    def reject(title, why):
        if rejected is not None:
            rejected[title] = why

    for title, identity in pool.linkable:
        if _key(title).lower() in taken_keys:
            reject(title, "a Codex term")
            continue
        if " ".join(title_words(title)).lower() in article_runs:
            reject(title, 'written as a thing ("the Clan Mon"), not as a card\'s name')
            continue
        why = generic(title, vocabulary, lower_words, lowers)
        if why:
            reject(title, why)
            continue
        if identity not in slug_of:
            reject(title, "no page")
            continue
        out[title] = identity
    return out


# `pool_terms`' last answer: the index by identity (kept per pool: `_CANDIDATES`), the Codex's words (taken,
# vocabulary, the lower-case words, runs after articles and lower-case runs a candidate title is compared with) and
# the slugs by value (`slugs` hands each caller its own copy: a millisecond to compare with the pool's).
_TERMS: LastAnswer[dict[str, Target]] = LastAnswer()


def merged(first, second):
    """Mentions from two finders, left to right; where two overlap the longer wins (the first on a tie)."""
    chosen: list[Mention] = []
    for m in sorted([*first, *second], key=lambda m: (m.start, -(m.end - m.start))):
        if chosen and m.start < chosen[-1].end:
            if (m.end - m.start) > (chosen[-1].end - chosen[-1].start):
                chosen[-1] = m
            continue
        chosen.append(m)
    return chosen


class PoolLinker:
    """A format's `Linker` plus the pool's titles: the same `find`, the longest mention wins."""

    def __init__(self, linker, names: PoolNames):
        self.linker = linker
        self.names = names

    def __getattr__(self, name):
        return getattr(self.linker, name)

    def find(self, text: str):
        yield from merged(self.linker.find(text), self.names.find(text))


def codex_terms(codex) -> set[str]:
    """Every name that already means something in the Codex: card names, keywords, abilities, rule titles."""
    names: set[str] = set()
    for card in codex.cards.values():
        names.update((card.name, card.title, *card.aliases))
    for f in codex.formats.values():
        for k in f.keywords:
            names.update((k.term, *k.aliases))
        for a in f.abilities:
            names.update((a.name, *a.aliases))
        for s in f.all_sections():
            if s.title:
                names.add(s.title)
    return names


def codex_text(codex):
    for _record, _format_id, blocks in text_records(codex):
        for block in blocks:
            yield from block.strings()


def with_pool(
    codex, linkers: dict, index: CardIndex | None, slug_of: dict | None = None, rejected: dict | None = None
) -> dict:
    """The linkers, each also finding the pool's linkable titles (unchanged when there is no pool)."""
    if index is None or not any(i.in_pool for i in index.identities) or slug_of is None:
        return linkers
    lower_words, all_text = lower_case_words(codex_text(codex))
    names = pool_names(
        pool_terms(index, slug_of, codex_terms(codex), rules_vocabulary(codex), lower_words, all_text, rejected)
    )
    return {k: PoolLinker(v, names) for k, v in linkers.items()}
