"""The card pool: where it is found, how it is read and cached, and how names find cards in it.

Rules these serve: mod-card-legality (set names), oh-ii-f-deck-restrictions (identities: title plus
experience level, the listed same-title cards, Soul of and counts-as links) and the ban lists (every
card record a ban names must be a card of the pool).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import fields

import pytest
import yaml

from decks.support import codex, index, pool_dir
from l5r.cardpool import Identity, PoolError, load_index, locate_pool, read
from l5r.cardpool.names import experience_key, split_experience


# --- finding the pool -------------------------------------------------------------------------------


def test_cardpool_option_beats_the_environment(tmp_path):
    real = pool_dir()
    assert locate_pool(real, {"L5R_CARDPOOL": str(tmp_path)}) == real
    assert locate_pool(None, {"L5R_CARDPOOL": str(real)}) == real
    assert locate_pool(None, {}, cache_dir=tmp_path / "cache") is None  # and no pool fetched into that cache


@pytest.mark.parametrize("given", ["missing", "empty"])
def test_a_folder_that_is_not_a_pool_is_one_clear_error(tmp_path, given):
    folder = tmp_path / "pool"
    if given == "empty":
        folder.mkdir()
    with pytest.raises(PoolError) as err:
        locate_pool(folder, {})
    assert str(folder) in str(err.value) and "\n" not in str(err.value)


def test_the_c_loader_reads_the_pool():
    assert read._Loader is yaml.CSafeLoader


# --- the cache --------------------------------------------------------------------------------------


@pytest.fixture
def small_pool(tmp_path):
    """Two real set files in a throwaway pool folder (copied for the test run only, never committed)."""
    pool = tmp_path / "pool"
    (pool / "sets").mkdir(parents=True)
    for name in ("coils_of_madness.yaml", "samurai_edition.yaml"):
        shutil.copy(pool_dir() / "sets" / name, pool / "sets" / name)
    return pool


def _counting_reads(monkeypatch):
    calls = []
    real = read.read_identities

    def counted(folder):
        calls.append(folder)
        return real(folder)

    monkeypatch.setattr("l5r.cardpool.read_identities", counted)
    return calls


def test_second_load_comes_from_the_cache(tmp_path, small_pool, monkeypatch):
    from l5r.cardpool import cache as pool_cache

    calls = _counting_reads(monkeypatch)
    first = load_index(small_pool, codex().cards, tmp_path / "cache")
    monkeypatch.setattr(pool_cache, "_IN_PROCESS", {})  # as a new process: from the cache file
    second = load_index(small_pool, codex().cards, tmp_path / "cache")
    assert len(calls) == 1 and len(first) == len(second) > 0 and second is not first
    assert second.find("Shout of Defiance").identity.max_copies == 6
    assert load_index(small_pool, codex().cards, tmp_path / "cache") is second  # in this process: the same one


def _index_facts(index) -> dict:
    """Everything an index holds, each identity as its row's number and with every value's type: two indexes with
    the same facts answer every question alike."""
    row = {identity: n for n, identity in enumerate(index.identities)}

    def fact(value):
        if isinstance(value, Identity):
            return ("identity", row[value])
        if isinstance(value, dict):
            return ("dict", [(fact(k), fact(v)) for k, v in value.items()])
        if isinstance(value, (list, tuple)):
            return (type(value).__name__, [fact(v) for v in value])
        if isinstance(value, frozenset):
            return ("frozenset", sorted(value))
        return (type(value).__name__, value)

    identities = [[(f.name, fact(getattr(i, f.name))) for f in fields(Identity)] for i in index.identities]
    return {"identities": identities, **{name: fact(v) for name, v in vars(index).items() if name != "identities"}}


def test_the_index_read_from_the_cache_is_the_index_built(tmp_path, monkeypatch):
    """The cache file holds the whole index (its identities, look-up tables and links: index.py `index_rows`), so a
    new process reads it instead of working it out; what it reads is the index built from the pool, fact for fact."""
    from l5r.cardpool import cache as pool_cache
    from l5r.cardpool.index import build_index

    cache = tmp_path / "cache"
    built = build_index(read.read_identities(pool_dir()), codex().cards, pool_dir())
    load_index(pool_dir(), codex().cards, cache)
    calls = _counting_reads(monkeypatch)
    monkeypatch.setattr(pool_cache, "_IN_PROCESS", {})  # as a new process: from the cache file
    restored = load_index(pool_dir(), codex().cards, cache)
    assert calls == [] and restored is not built
    assert built._soul_of and built._counts_as and built._by_card  # the links and the records' table are there
    assert _index_facts(restored) == _index_facts(built)


def test_a_cache_file_that_holds_something_else_is_built_again(tmp_path, small_pool, monkeypatch):
    """A file with the right key that holds something else is built again, never trusted and never a traceback (two
    set files: each damaged file costs a build of the pool)."""
    from l5r.cardpool import cache as pool_cache
    from l5r.cardpool.index import build_index

    cache = tmp_path / "cache"
    built = build_index(read.read_identities(small_pool), codex().cards, small_pool)
    load_index(small_pool, codex().cards, cache)
    calls = _counting_reads(monkeypatch)
    [stored] = cache.glob("cardpool-*.json")
    key = pool_cache.stamp(small_pool, codex().cards) + ("cardpool",)
    good = pool_cache._read(stored, key, {"Identity": Identity})
    row = list(good[0][0])
    for held in (
        [],
        [good[0]],
        [[row[:-1]], *good[1:]],  # a row short of a field
        [[[*row[:4], 5, *row[5:]]], *good[1:]],  # a number where the types are
        [good[0], [["x", [len(good[0])]]], *good[2:]],  # a table naming a row there is not
        [good[0], good[1], good[2], [["card", "not a row"]], *good[4:]],
    ):
        pool_cache._write(stored, key, held)
        monkeypatch.setattr(pool_cache, "_IN_PROCESS", {})
        assert _index_facts(load_index(small_pool, codex().cards, cache)) == _index_facts(built), held[:1]
    assert len(calls) == 6


def test_changed_pool_file_rebuilds_the_cache(tmp_path, small_pool, monkeypatch):
    calls = _counting_reads(monkeypatch)
    load_index(small_pool, codex().cards, tmp_path / "cache")
    target = small_pool / "sets" / "samurai_edition.yaml"
    target.write_text(target.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # new size and time
    load_index(small_pool, codex().cards, tmp_path / "cache")
    (small_pool / "sets" / "coils_of_madness.yaml").unlink()
    load_index(small_pool, codex().cards, tmp_path / "cache")
    assert len(calls) == 3


def test_damaged_or_unwritable_cache_still_loads(tmp_path, small_pool):
    from l5r.cardpool import cache as pool_cache

    cache = tmp_path / "cache"
    load_index(small_pool, codex().cards, cache)
    for stored in cache.iterdir():
        stored.write_bytes(b"not a pickle")
    pool_cache._IN_PROCESS.clear()  # as a new process finds it
    assert len(load_index(small_pool, codex().cards, cache)) > 0
    pool_cache._IN_PROCESS.clear()
    blocked = tmp_path / "a-file"
    blocked.write_text("a file where the cache folder should be", encoding="utf-8")
    assert len(load_index(small_pool, codex().cards, blocked / "cache")) > 0  # cannot be created, even by root


def test_a_pool_folder_that_is_gone_leaves_no_cache_file_behind(tmp_path, small_pool):
    """A pool that was a folder for a while (a test's, a clone's, a download looked at) keeps no file in the cache
    folder once it is gone: writing a cache file removes those of its kind whose pool folder no longer exists. The
    others stay: a pool still there, another kind of file, a file whose head names no pool."""
    from l5r.cardpool import cache as pool_cache

    cache = tmp_path / "cache"
    pools = {}
    for name in ("gone", "kept", "newest"):
        pools[name] = shutil.copytree(small_pool, tmp_path / name)
    for name in ("gone", "kept"):
        pool_cache._IN_PROCESS.clear()
        load_index(pools[name], codex().cards, cache)
    files = {p.name for p in cache.glob("cardpool-*.json")}
    assert len(files) == 2
    foreign = cache / "cardpool-0123456789ab.json"
    foreign.write_text("{}", encoding="utf-8")
    other_kind = cache / "notes-0123456789ab.json"
    other_kind.write_text('{"key":{"tuple":["00","/no/such/pool"]}}', encoding="utf-8")
    shutil.rmtree(pools["gone"])
    kept_file = {
        p.name for p in cache.glob("cardpool-*.json") if pool_cache._pool_folder_of(p) == str(pools["kept"].resolve())
    }
    pool_cache._IN_PROCESS.clear()
    load_index(pools["newest"], codex().cards, cache)  # writes its file, and forgets the gone pool's
    left = {p.name for p in cache.glob("cardpool-*.json")}
    assert len(left) == 3 and kept_file <= left and foreign.exists() and other_kind.exists(), left
    assert sorted(pool_cache._pool_folder_of(cache / n) for n in left - {foreign.name}) == sorted(
        str(pools[n].resolve()) for n in ("kept", "newest")
    )


def test_checkouts_that_read_one_pool_keep_a_cache_file_each(tmp_path, small_pool, monkeypatch):
    """Two checkouts at different commits (other card records, another reader's code) reading the same pool folder
    each keep their own file: a run of one does not replace the other's, which then reads its own again without
    reading the pool. Of one pool folder's files only the most recently used are kept, the one written included."""
    from l5r.cardpool import cache as pool_cache

    cache = tmp_path / "cache"
    calls = _counting_reads(monkeypatch)
    cards = dict(codex().cards)
    fewer = dict(list(cards.items())[1:])  # another commit's card records
    for records in (cards, fewer, cards, fewer):
        pool_cache._IN_PROCESS.clear()  # as a new process: from the cache file
        load_index(small_pool, records, cache)
    assert len(calls) == 2 and len(list(cache.glob("cardpool-*.json"))) == 2
    first = cache / f"cardpool-{_digest_of(small_pool, cards)}.json"
    os.utime(first, (1, 1))  # used longest ago (the clock's steps may be coarser than these loads)
    for n in range(pool_cache.KEPT_PER_POOL):  # other codes' keys
        monkeypatch.setattr(pool_cache, "_code_digest", lambda n=n: f"{n:040x}")
        pool_cache._IN_PROCESS.clear()
        load_index(small_pool, cards, cache)
    left = set(cache.glob("cardpool-*.json"))
    assert len(left) == pool_cache.KEPT_PER_POOL and first not in left
    assert cache / f"cardpool-{_digest_of(small_pool, cards)}.json" in left  # the one written last


def _digest_of(pool, cards) -> str:
    from l5r.cardpool import cache as pool_cache

    return pool_cache._key_digest(pool_cache.stamp(pool, cards) + ("cardpool",))


def test_broken_pool_yaml_is_one_clear_error(tmp_path, small_pool):
    (small_pool / "sets" / "broken.yaml").write_text("set: Broken\ncards: [\n", encoding="utf-8")
    with pytest.raises(PoolError) as err:
        load_index(small_pool, codex().cards, tmp_path / "cache")
    assert "broken.yaml" in str(err.value) and "not valid YAML" in str(err.value)


# --- names and identities ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "written, title, level",
    [
        ("Border Keep - Experienced 2", "Border Keep", "experienced2"),
        ("Border Keep • Experienced 2", "Border Keep", "experienced2"),
        ("Isawa Tadaka, Seven Thunder (Experienced 2CW)", "Isawa Tadaka, Seven Thunder", "experienced2cw"),
        ("Border Keep - Exp 2", "Border Keep", "experienced2"),
        ("Hida Yakamo - Exp. 3KYD", "Hida Yakamo", "experienced3kyd"),
        ("Hida Kisada Inexperienced", "Hida Kisada", "inexperienced"),
        ("Hida Kisada (Emperor)", "Hida Kisada (Emperor)", ""),
        ("Expedition", "Expedition", ""),
    ],
)
def test_experience_levels_however_written(written, title, level):
    found_title, found_level = split_experience(written)
    assert (found_title, experience_key(found_level)) == (title, level)


def test_every_card_record_is_a_pool_card():
    """A ban (oh-ban-*, mod-ban-*) names a card record; it must reach the pool card a deck lists."""
    strays = [card_id for card_id in codex().cards if not index().card(card_id).in_pool]
    assert not strays, f"card records with no pool card (check title/experience/pool_title/deck): {strays}"


def test_distinct_same_title_cards_are_separate_identities():
    """oh-ii-f-deck-restrictions: Hida Kisada (Obsidian Edition, Emperor Edition) are separate cards."""
    found = index().find("Hida Kisada")
    assert found.identity is None and {c.card_id for c in found.candidates} == {
        "hida-kisada-obsidian",
        "hida-kisada-emperor",
    }
    assert index().find("Hida Kisada", set_name="Emperor Edition").identity.card_id == "hida-kisada-emperor"


def test_soul_of_chain_and_counts_as_links():
    """oh-ii-f-deck-restrictions: Tangen <- Kwanchai <- Irezu; Bayushi Hisa counts as Hisa."""
    chain = index().soul_chain(index().card("bayushi-irezu"))
    assert {i.key for i in chain} == {"Bayushi Tangen", "Bayushi Kwanchai", "Bayushi Irezu"}
    hisa = index().find("Bayushi Hisa").identity
    assert [t.key for t in index().counts_as(hisa)] == ["Hisa"]


def test_text_facts_read_from_the_pool():
    """mod-highlander / mod-deck-size examples: Shout of Defiance (6), Coastal Lane, Stone of Remembrance."""
    assert index().find("Shout of Defiance").identity.max_copies == 6
    assert index().find("Coastal Lane").identity.deck_size_change == (("Dynasty", 2),)
    assert index().find("Stone of Remembrance").identity.counts_toward_deck_size is False
    assert "rank" in index().find("Compromised Supply Lines").identity.icons


def test_without_a_pool_the_card_records_are_known():
    bundled = load_index(None, codex().cards)
    assert len(bundled) == len(codex().cards) and not bundled.has_pool
    assert bundled.find("Border Keep", "Experienced 2").identity.card_id == "border-keep-experienced-2"


def test_pool_facts_tell_a_partial_pool_from_the_pinned_one():
    """The deck checker page names its pool from these facts: the small fixture pool is not the pinned database,
    although it has a file for every set."""
    from conftest import FIXTURE_POOL
    from l5r.cardpool import pool_facts

    facts = pool_facts(FIXTURE_POOL)
    assert facts.pinned is None and facts.sets == len(list((FIXTURE_POOL / "sets").glob("*.yaml"))) > 0
    assert facts.as_json() == {"sets": facts.sets, "pinned": None}


@pytest.mark.realpool
def test_pool_facts_name_the_pinned_database(tmp_path):
    """The fetched pool is the pinned database; the same pool with one set file removed is not."""
    from conftest import real_pool
    from l5r.cardpool import pool_facts
    from l5r.cardpool.fetch import load_manifest

    whole = real_pool()
    facts = pool_facts(whole)
    assert facts.pinned == load_manifest().short, facts
    partial = tmp_path / "pool"
    shutil.copytree(whole, partial)
    next((partial / "sets").glob("*.yaml")).unlink()
    assert pool_facts(partial).pinned is None
