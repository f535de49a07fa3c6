"""Which cards of a pool a walk over "every pool title" tries: all of them, or in the quick loop a sample
that keeps every shape of title.

`make test` (CI's run, and a plain `pytest`) walks every card of both pools in every generated test. `make
test-fast`, the loop a maintainer waits on between edits, passes `--pool-walk=sample`: a walk of either pool then takes
the cards `targets(index)` gives, a stable sample that holds

- the first card (in the order of a checksum of its key) of every shape: its title with each word written as its
  kind (a capital, a small letter, a letter outside ASCII, a figure) unless the word is a common one of the pool's
  titles (`COMMON_WORD`: "the", "of", "no", the commonest families), which stays itself, and every mark kept;
  with its deck, whether it has a level, whether it is in the pool and whether another card shares its title;
- and one card in `SLICE` of the rest, by the same checksum.

About a sixteenth of the real pool, an eighth of the fixture pool (which holds fewer cards of each shape). A walk
over the rows of a table with no identities (the card search's) takes its rows from `positions(titles)`, the same
sample by title alone. Checks that are cheap (a pattern over every title) take `index.identities` and stay whole in
both. A misreading of one title that shares its shape with a walked one and is not in the slice is found by `make
test`, which CI runs, not by the quick loop.

The sample is worked out from the index itself (no list is kept), so a new pool samples its own shapes."""

from __future__ import annotations

import collections
import contextlib
import functools
import re
import zlib
from collections.abc import Collection, Iterable, Iterator, Sequence

from l5r.cardpool import CardIndex, Identity
from l5r.cardpool.names import title_key

SLICE = 64
# a word is part of a shape as itself when at least this many titles hold it: a few words of the real pool ("the",
# "of", "no", the commonest families), where the others are written as their kind; a lower bar keeps more words
# (at 80: the families, "Sensei", "Oni") and doubles the sample
COMMON_WORD = 200
_WORD = re.compile(r"[^\W\d_]+|\d+|[^\w\s]|\s+")

_sampling = False
_samples: dict[int, tuple[CardIndex, tuple[Identity, ...]]] = {}


@contextlib.contextmanager
def sampled(on: bool) -> Iterator[None]:
    """Within: `targets` gives the sample (tests/conftest.py turns it on for a `realpool` test under
    `--pool-walk=sample`)."""
    global _sampling
    was, _sampling = _sampling, on
    try:
        yield
    finally:
        _sampling = was


def sampling() -> bool:
    return _sampling


def targets(index: CardIndex) -> tuple[Identity, ...]:
    """The cards a walk of this index tries: all of them, or the sample when sampling (module docstring)."""
    if not _sampling:
        return index.identities
    kept = _samples.get(id(index))
    if kept is None or kept[0] is not index:
        kept = _samples[id(index)] = (index, sample_of(index.identities))
    return kept[1]


def at_least(count: int, index: CardIndex) -> int:
    """A walk's least number of cases (a guard that it walked the pool at all), in proportion to the cards walked:
    half the share the sample is of the pool, for walks whose cases are not spread evenly over the cards."""
    if not _sampling:
        return count
    return max(1, count * len(targets(index)) // (2 * len(index.identities)))


def positions(titles: Sequence[str]) -> Collection[int]:
    """The places of `titles` (a table's rows, by their titles: the card search's table, which has no identities)
    a walk tries: every one, or when sampling the first row of every shape of title (with whether another row shares
    its title) and one in SLICE of the rest, by a checksum of the title."""
    if not _sampling:
        return range(len(titles))
    return _sampled_positions(tuple(titles))


@functools.lru_cache(maxsize=4)
def _sampled_positions(titles: tuple[str, ...]) -> frozenset[int]:
    common = _common_words(titles)
    shared = collections.Counter(title_key(t) for t in titles)
    return _first_of_each_kind(titles, [(shape(t, common), shared[title_key(t)] > 1) for t in titles])


def at_least_of(count: int, titles: Sequence[str]) -> int:
    """`at_least` for a walk of `positions(titles)`."""
    if not _sampling:
        return count
    return max(1, count * len(positions(titles)) // (2 * len(titles)))


def shape(title: str, common: collections.Counter) -> str:
    """A title written as the kinds of its words, its common words and its marks (module docstring)."""
    out = []
    for word in _WORD.findall(title):
        if word.isspace():
            out.append(" ")
        elif word.isdigit():
            out.append("9")
        elif not word[0].isalpha():
            out.append(word)
        elif common[word.lower()] >= COMMON_WORD:
            out.append(word)
        elif not word.isascii():
            out.append("Ā")
        else:
            out.append("A" if word[0].isupper() else "a")
    return "".join(out)


def sample_of(identities: tuple[Identity, ...]) -> tuple[Identity, ...]:
    """The first card of every shape and one in SLICE of the rest, in the identities' own order."""
    common = _common_words([i.title for i in identities])
    shared = collections.Counter(title_key(i.title) for i in identities)
    kinds = [
        (shape(i.title, common), i.deck, i.experience is not None, i.in_pool, shared[title_key(i.title)] > 1)
        for i in identities
    ]
    chosen = _first_of_each_kind([i.key for i in identities], kinds)
    return tuple(identity for n, identity in enumerate(identities) if n in chosen)


def _first_of_each_kind(names: Sequence[str], kinds: Sequence[tuple]) -> frozenset[int]:
    """The places of the first name of each kind, in the order of a checksum of the names, and of every name in
    SLICE by that checksum: the same places whatever the order the names come in."""
    seen: set[tuple] = set()
    chosen: set[int] = set()
    for n in sorted(range(len(names)), key=lambda n: (zlib.crc32(names[n].encode()), names[n], n)):
        if kinds[n] not in seen or zlib.crc32(names[n].encode()) % SLICE == 0:
            seen.add(kinds[n])
            chosen.add(n)
    return frozenset(chosen)


def _common_words(titles: Iterable[str]) -> collections.Counter:
    """In how many of the titles each word is written (lower case)."""
    return collections.Counter(w for t in set(titles) for w in {w.lower() for w in _WORD.findall(t)})
