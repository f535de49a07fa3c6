"""The quick loop's sample of the real pool (tests/poolwalk.py): every shape of title in it, the same sample whatever
the order, a small share of the pool, and taken only by the `realpool` walks of `make test-fast`; `make test` walks
every card."""

from __future__ import annotations

import collections
import random
import re
import zlib

import pytest

from decks import support
from poolwalk import COMMON_WORD, SLICE, at_least, at_least_of, positions, sample_of, sampled, sampling, shape, targets

from conftest import ROOT


def _kinds(identities) -> dict:
    """Each card's kind as the sample sees it (poolwalk.sample_of), worked out again here."""
    import collections

    from l5r.cardpool.names import title_key

    words = collections.Counter(
        w for t in {i.title for i in identities} for w in {w.lower() for w in re.findall(r"[^\W\d_]+", t)}
    )
    shared = collections.Counter(title_key(i.title) for i in identities)
    return {
        i: (shape(i.title, words), i.deck, i.experience is not None, i.in_pool, shared[title_key(i.title)] > 1)
        for i in identities
    }


def _kinds_missing(identities, chosen) -> list[str]:
    """The cards whose kind no chosen card has."""
    kinds = _kinds(identities)
    walked = {kinds[i] for i in chosen}
    return [i.key for i in identities if kinds[i] not in walked]


def test_the_sample_holds_a_card_of_every_shape_and_the_slice():
    identities = support.index().identities
    chosen = sample_of(identities)
    assert _kinds_missing(identities, chosen) == []
    assert {i for i in identities if zlib.crc32(i.key.encode()) % SLICE == 0} <= set(chosen)
    assert len(chosen) < len(identities) / 4  # the fixture pool's titles share shapes: the sample leaves most out
    assert _kinds_missing(identities, identities[:1]) != []  # the check can fail: the first card alone misses kinds


def test_a_shape_keeps_marks_common_words_and_the_kind_of_every_other_word():
    import collections

    # (at the bar, a word is common; one title below it, it is written as its kind)
    common = collections.Counter(
        {"the": COMMON_WORD, "of": COMMON_WORD, "hida": COMMON_WORD + 100, "s": COMMON_WORD * 2, "no": COMMON_WORD - 1}
    )
    assert shape("The Hand of Hida Kisada", common) == "The A of Hida A"
    assert shape("Shiro no Yojin", common) == "A a A"
    assert shape("Kaiu Kenru's Wall - 3", common) == "A A's A - 9"
    assert shape("Bayushi Kōjin", common) == "A Ā"


def test_the_sample_is_the_same_whatever_the_order_of_the_cards():
    identities = list(support.index().identities)
    once = set(sample_of(tuple(identities)))
    random.Random(7).shuffle(identities)
    assert set(sample_of(tuple(identities))) == once
    assert list(sample_of(tuple(identities))) == [i for i in identities if i in once]  # in the order given


def test_targets_are_every_card_unless_sampling():
    index = support.index()
    with sampled(False):
        assert targets(index) is index.identities and at_least(1000, index) == 1000
        with sampled(True):
            assert sampling() and targets(index) == sample_of(index.identities)
            assert at_least(1000, index) == 1000 * len(targets(index)) // (2 * len(index.identities))
        assert targets(index) is index.identities


def test_a_test_samples_under_the_quick_loops_option_alone(request):
    assert sampling() is (request.config.getoption("--pool-walk") == "sample")


@pytest.mark.realpool
def test_a_realpool_test_samples_under_the_quick_loops_option_alone(request):
    assert sampling() is (request.config.getoption("--pool-walk") == "sample")


@pytest.mark.realpool
def test_the_real_pools_sample_is_a_small_share_with_every_shape():
    from conftest import real_pool
    from l5r.cardpool import load_index

    index = load_index(real_pool(), support.codex().cards, support.CACHE)
    chosen = sample_of(index.identities)
    assert 0.03 < len(chosen) / len(index.identities) < 0.25, (len(chosen), len(index.identities))
    assert _kinds_missing(index.identities, chosen) == []


def test_make_test_fast_samples_and_make_test_walks_every_card():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    fast = re.search(r"^test-fast:.*\n\t(.*)", makefile, re.M)
    whole = re.search(r"^test:.*\n\t(.*)", makefile, re.M)
    assert fast and "--pool-walk=$(POOL_WALK)" in fast.group(1)
    assert re.search(r"^POOL_WALK \?= sample$", makefile, re.M)
    assert (
        whole
        and "--pool-walk" not in whole.group(1)
        and "--pool-walk" not in re.search(r"^PYTEST :=.*", makefile, re.M).group(0)
    )


def test_a_tables_rows_are_every_row_unless_sampling_then_one_of_every_shape():
    titles = [i.title for i in support.index().identities]
    with sampled(False):
        assert list(positions(titles)) == list(range(len(titles)))
    with sampled(True):
        walked = positions(titles)
        assert 0 < len(walked) < len(titles) and walked == positions(list(titles))
        common = collections.Counter(w for t in set(titles) for w in {w.lower() for w in re.findall(r"[^\W\d_]+", t)})
        assert {shape(t, common) for t in titles} == {shape(titles[n], common) for n in walked}
        assert at_least_of(1000, titles) == 1000 * len(walked) // (2 * len(titles))
    with sampled(False):
        assert at_least_of(1000, titles) == 1000
