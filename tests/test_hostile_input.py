"""Hostile input, round two: every reader ends quickly with one line, never a traceback, a hang or a blow-up.

Each case was a reproduction that got past the fuzz tests: quadratic card text, an alias bomb in a pool set
file, /dev/zero and FIFOs as data, pool and deck files, links that loop, thousands of unknown card names,
5,000-digit counts, UTF-16 and NUL bytes in a decklist, duplicate YAML keys, `- null`, a NUL in a served path.
The card pools here are a few invented cards written by the test: no real card is needed.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
from pathlib import Path

import pytest
import yaml

from conftest import BIN, ROOT, l5r_here
from l5r.cardpool import PoolError, load_index
from l5r.cardpool import cardtext
from l5r.cardpool.index import SUGGESTION_THRESHOLD, build_index
from l5r.cardpool.names import title_key
from l5r.cardpool.read import read_identities
from l5r.data.load import load_codex
from l5r.decklist import DecklistError, parse_decklist, read_decklist

FAST = 2.0  # CPU seconds: every reproduction ends well within it


def _cpu(call):
    start = time.process_time()
    result = call()
    return time.process_time() - start, result


def _pool(folder: Path, *sets: str) -> Path:
    (folder / "sets").mkdir(parents=True, exist_ok=True)
    for n, text in enumerate(sets):
        (folder / "sets" / f"set{n}.yaml").write_text(text, encoding="utf-8")
    return folder


_CARD = "- title: {title}\n  types: [Holding]\n  decks: [Dynasty]\n  text: {text}\n"


def _set(name="Invented", cards=(("Zanzibar Keep", "Gain 2 Gold."),)) -> str:
    return f"set: {name}\ncards:\n" + "".join(_CARD.format(title=t, text=x) for t, x in cards)


# -- card text ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [20_000, 200_000])
def test_long_card_text_with_capitals_is_read_in_linear_time(size):
    seconds, found = _cpu(lambda: cardtext.counts_as("A " * size))
    assert found == () and seconds < 0.5, f"{seconds:.2f} s on {2 * size} characters"


def test_counts_as_still_reads_what_cards_say():
    assert cardtext.counts_as("Zed Qo is considered Zed for deck construction.") == ("Zed",)
    assert cardtext.counts_as("This card is considered to be Qo for deck construction") == ("Qo",)
    assert cardtext.counts_as(
        "this card is considered Ancestor for deck construction. X is considered Y for deck construction"
    ) == ("Ancestor", "Y")
    assert cardtext.counts_as("no capital is considered x for deck construction") == ()
    assert cardtext.counts_as("Aa is considered b. Cc for deck construction") == ()  # two sentences


# -- the card pool reader -------------------------------------------------------------------------------


def test_alias_bomb_in_a_pool_set_file_is_refused_quickly(tmp_path):
    laughs = "x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"x{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]\n" for n in range(1, 10)
    )
    pool = _pool(tmp_path, _set() + laughs)
    seconds, _ = _cpu(lambda: pytest.raises(PoolError, read_identities, pool))
    with pytest.raises(PoolError, match=r"set0\.yaml line \d+: its aliases \(\*name\) expand to more than"):
        read_identities(pool)
    assert seconds < FAST


def test_a_few_anchors_as_pyyaml_writes_them_are_read(tmp_path):
    # The pool's own files hold `&id001` lists that two cards share: they are no bomb.
    text = (
        "set: Shared\ncards:\n- title: Zanzibar Keep\n  types: &id001 [Holding]\n  decks: &id002 [Dynasty]\n"
        "- title: Quolo Mine\n  types: *id001\n  decks: *id002\n"
    )
    identities = read_identities(_pool(tmp_path, text))
    assert sorted(i.title for i in identities) == ["Quolo Mine", "Zanzibar Keep"]
    assert all(i.types == ("Holding",) for i in identities)


@pytest.mark.parametrize(
    "text, key",
    [
        ("set: One\nset: Two\ncards: []\n", "set"),
        ("set: One\ncards:\n- title: Zanzibar Keep\n  title: Quolo Mine\n  decks: [Dynasty]\n", "title"),
    ],
)
def test_duplicate_keys_in_a_pool_file_are_refused(tmp_path, text, key):
    with pytest.raises(PoolError, match=rf"set0\.yaml line \d+: duplicate key '{key}' \(first given at line"):
        read_identities(_pool(tmp_path, text))


@pytest.mark.parametrize("field", ["decks: 5", "types: 5", "keywords: Samurai", "clans: {a: 1}"])
def test_a_pool_field_that_is_no_list_is_one_line(tmp_path, field):
    text = f"set: One\ncards:\n- title: Zanzibar Keep\n  {field}\n"
    with pytest.raises(PoolError, match=r"card “Zanzibar Keep” has `\w+: .*`; it must be a list such as"):
        read_identities(_pool(tmp_path, text))


def _special(kind: str, path: Path):
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "loop":
        partner = path.with_name(path.stem + "2" + path.suffix)  # named after it: `path` is reported first
        path.symlink_to(partner)
        partner.symlink_to(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "latin-1":
        path.write_bytes("set: Caf\xe9\ncards: []\n".encode("latin-1"))
    elif kind == "too-large":
        with path.open("wb") as stream:
            stream.truncate(9 * 1024 * 1024)  # sparse: 9 MB of NUL bytes without writing them


_SAID = {
    "fifo": "is a named pipe (FIFO), not a regular file",
    "dev-zero": "is a device, not a regular file",
    "loop": "is a symbolic link that loops",
    "latin-1": "is not UTF-8 text (byte 0xe9 on line 1)",
    "too-large": "is larger than 8 MB",
    "folder": "is a folder, not a file",
}


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "loop", "latin-1", "too-large", "folder"])
def test_a_pool_set_file_that_is_no_regular_text_file_is_one_line(tmp_path, kind):
    pool = _pool(tmp_path, _set())
    _special(kind, pool / "sets" / "zz.yaml")
    seconds, _ = _cpu(lambda: pytest.raises(PoolError, read_identities, pool))
    with pytest.raises(PoolError) as caught:
        read_identities(pool)
    message = str(caught.value)
    assert "\n" not in message and "zz.yaml" in message and _SAID[kind] in message, message
    assert seconds < FAST


# -- the data reader -------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "loop", "latin-1", "too-large"])
def test_a_data_file_that_is_no_regular_text_file_is_a_located_problem(data_copy, kind):
    _special(kind, data_copy / "cards" / "zz.yml")
    start = time.monotonic()
    result = l5r_here("check", "--data", data_copy, cwd=data_copy.parent)
    assert time.monotonic() - start < 30  # a FIFO hung for ever, /dev/zero read 6.7 GB in 6 s
    assert result.returncode == 1 and "Traceback" not in result.stderr
    said = _SAID[kind].replace("8 MB", "4 MB")
    assert re.search(rf"^data/cards/zz\.yml:1:\d+: (the file )?{re.escape(said)}", result.stdout, re.M), result.stdout


def _memo_path(cache: Path, monkeypatch) -> Path:
    """Where `l5r check` keeps the digests of the documents it found clean, with the cache folder `cache`."""
    from l5r.data import schemas

    monkeypatch.setenv("L5R_CACHE_DIR", str(cache))
    cache.mkdir(exist_ok=True)
    return schemas._memo_file(ROOT / "data" / "schemas")


def _parsed_memo_path(cache: Path, monkeypatch) -> Path:
    """Where the data files parsed before are kept (l5r/data/parsed.py), with the cache folder `cache`."""
    from l5r.data import parsed

    monkeypatch.setenv("L5R_CACHE_DIR", str(cache))
    cache.mkdir(exist_ok=True)
    return parsed._memo_file()


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "loop", "folder"])
def test_a_clean_data_memo_that_is_no_regular_file_is_no_memo(small_data_copy, tmp_path, monkeypatch, kind):
    """The memos of documents found clean and of files parsed before, in the cache folder, are read as every input
    is: a FIFO there (which hung every command that loads the data, for ever), a device, a loop or a folder means
    no memo. (Data with the project's schemas, so the project's memo path: the small project's.)"""
    from l5r.data import schemas

    memo = _memo_path(tmp_path / "cache", monkeypatch)
    assert memo == schemas._memo_file(small_data_copy / "schemas")
    _special(kind, memo)
    _special(kind, _parsed_memo_path(tmp_path / "cache", monkeypatch))
    env = dict(os.environ, L5R_CACHE_DIR=str(tmp_path / "cache"))
    start = time.monotonic()
    try:
        result = subprocess.run(
            [str(BIN / "l5r"), "check", "--data", str(small_data_copy)],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"`l5r check` with the memo a {kind} did not end in 60 s")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stdout + result.stderr
    assert time.monotonic() - start < 30


def test_a_fifo_named_like_a_pool_cache_file_does_not_hang_the_next_cache_write(tmp_path):
    """Writing a pool's cache file reads the head of the others of its kind (the pool folder each was written for,
    l5r/cardpool/cache.py): as every cache file is read, so a FIFO there is skipped, not waited on for ever."""
    from synthetic_pool import write_pool

    cache = tmp_path / "cache"
    cache.mkdir()
    fifo = cache / "cardpool-0123456789ab.json"
    os.mkfifo(fifo)
    code = (
        "import sys; from pathlib import Path; from l5r.cardpool import load_index; "
        "load_index(Path(sys.argv[1]), {}, Path(sys.argv[2]))"
    )
    try:
        result = subprocess.run(
            [str(BIN / "python"), "-c", code, str(write_pool(tmp_path / "pool")), str(cache)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("writing the pool's cache file waited on a FIFO for 60 s")
    assert result.returncode == 0, result.stderr
    written = [p.name for p in cache.glob("cardpool-*.json") if p.is_file()]
    assert len(written) == 1 and fifo.exists(), (written, fifo.exists())


@pytest.mark.parametrize("kind", ["too-large", "not-utf8"])
def test_an_oversize_or_non_utf8_memo_is_no_memo(small_data_copy, tmp_path, monkeypatch, kind):
    """Digests that would skip every document's check, in a memo over its size or with a byte that is no UTF-8:
    the memo is not read (every document is checked again) and is started afresh."""
    from l5r.data import load, schemas

    first = _memo_path(tmp_path / "first", monkeypatch)
    monkeypatch.setattr(schemas, "_CLEAN", {})
    monkeypatch.setattr(load, "_LOADED", {})
    load_codex(small_data_copy)
    digests = first.read_bytes()
    assert digests.count(b"\n") > 20
    memo = _memo_path(tmp_path / "cache", monkeypatch)
    tail = b"x" * (schemas.MEMO_BYTES + 1) if kind == "too-large" else b"\xff\n"
    memo.write_bytes(digests + tail)
    checked = []
    real = schemas._validators

    def counting(schema_dir):
        return {k: _Counting(v, checked) for k, v in real(schema_dir).items()}

    monkeypatch.setattr(schemas, "_validators", counting)
    monkeypatch.setattr(schemas, "_CLEAN", {})
    monkeypatch.setattr(load, "_LOADED", {})
    load_codex(small_data_copy)
    assert len(checked) > 20, "the memo's digests were used"
    assert not memo.exists() or memo.stat().st_size < schemas.MEMO_BYTES


class _Counting:
    def __init__(self, validator, checked: list):
        self.validator, self.checked = validator, checked

    def iter_errors(self, value):
        self.checked.append(1)
        return self.validator.iter_errors(value)


def test_problem_paths_are_relative_to_the_folder_the_command_runs_in(data_copy, tmp_path):
    (data_copy / "cards" / "zz.yml").write_text("kind: [\n", encoding="utf-8")
    runs_in = tmp_path / "elsewhere"
    runs_in.mkdir()
    result = l5r_here("check", "--data", "../data", cwd=runs_in)
    assert result.returncode == 1
    assert f"{(data_copy / 'cards' / 'zz.yml')}:" in result.stdout  # outside the current folder: absolute
    result = l5r_here("check", "--data", "data", cwd=tmp_path)
    assert "\ndata/cards/zz.yml:" in "\n" + result.stdout, result.stdout


# -- decklists --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "loop", "latin-1", "folder"])
def test_a_deck_file_that_is_no_regular_text_file_is_one_line(tmp_path, kind):
    path = tmp_path / "deck.txt"
    _special(kind, path)
    seconds, _ = _cpu(lambda: pytest.raises(DecklistError, read_decklist, path))
    with pytest.raises(DecklistError) as caught:
        read_decklist(path)
    said = _SAID[kind].replace("byte 0xe9 on line 1", "byte 0xe9 on line 1")
    assert str(caught.value).startswith(f"deck file {path} ") and said in str(caught.value)
    assert seconds < FAST


def test_utf16_without_a_bom_and_nul_bytes_are_not_utf8(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes("Dynasty:\n3 Zanzibar Keep\n".encode("utf-16-le"))
    with pytest.raises(DecklistError, match=r"is not UTF-8 text \(a NUL byte on line 1: UTF-16\?\)"):
        read_decklist(path)
    path.write_bytes(b"Dynasty:\n3 Zanzibar\x00Keep\n")
    with pytest.raises(DecklistError, match=r"is not UTF-8 text \(a NUL byte on line 2"):
        read_decklist(path)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be-bom"])
def test_a_utf16_deck_with_its_byte_order_mark_reads_as_the_utf8_one(tmp_path, encoding):
    """Windows Notepad saves "Unicode" text as UTF-16 with a byte order mark, and the deck checker page reads such a
    file (a browser decodes a file by its byte order mark): the command line reads it too, and a file whose bytes
    then stop being UTF-16 is one line naming the line."""
    text = "Dynasty:\n3 Zanzibar Keep\nFate:\n2 Koan’s Jingasa\n"
    raw = b"\xfe\xff" + text.encode("utf-16-be") if encoding == "utf-16-be-bom" else text.encode("utf-16")
    path = tmp_path / "deck.txt"
    path.write_bytes(raw)
    utf8 = tmp_path / "utf8.txt"
    utf8.write_text(text, encoding="utf-8")
    assert read_decklist(path).cards == read_decklist(utf8).cards
    path.write_bytes(raw + b"\x00")  # an odd byte at the end
    with pytest.raises(DecklistError, match=r"^deck file \S+ starts as UTF-16 text but is not UTF-16 on line 5; save"):
        read_decklist(path)
    path.write_bytes("Dynasty:\n3 Zanzibar\0Keep\n".encode("utf-16"))
    with pytest.raises(DecklistError, match=r"holds a NUL character on line 2"):
        read_decklist(path)


def test_duplicate_keys_in_a_yaml_deck_are_refused():
    with pytest.raises(DecklistError, match=r"line 3: duplicate key 'dynasty' \(first given at line 1\)"):
        parse_decklist("dynasty:\n- 3 Zanzibar Keep\ndynasty:\n- 3 Quolo Mine\n", "deck.yml")


@pytest.mark.parametrize("second", ["Dynasty", "DYNASTY", "dynAsty"])
def test_yaml_deck_keys_that_differ_only_in_case_are_duplicates(second):
    """The reader takes `Dynasty:` and `dynasty:` for one section: given twice, it is a duplicate key."""
    with pytest.raises(DecklistError) as caught:
        parse_decklist(f"dynasty:\n- 3 Zanzibar Keep\n{second}:\n- 3 Quolo Mine\n", "deck.yml")
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(
        f"deck file deck.yml line 3: duplicate key '{second.strip()}' (first given at line 1 as 'dynasty'"
    ), message


def test_a_yaml_deck_with_duplicate_keys_is_one_line_and_exit_2(tmp_path):
    deck = tmp_path / "deck.yml"
    deck.write_text("Name: Mine\nFate:\n- 3 Zanzibar Keep\nfate:\n- 3 Quolo Mine\n", encoding="utf-8")
    result = l5r_here("deck", "check", "--format", "modern", deck.name, cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "deck file deck.yml line 4: duplicate key 'fate' (first given at line 2 as 'Fate'" in result.stderr, (
        result.stderr
    )


def test_a_null_item_is_no_card_named_null():
    deck = parse_decklist("dynasty:\n- null\n- ~\n- 3 Zanzibar Keep\n", "deck.yml")
    assert [c.name for c in deck.cards] == ["Zanzibar Keep"]
    assert [i.line for i in deck.issues] == [2, 3]


def _check(tmp_path, deck_text, name="deck.txt", pool=None):
    deck = tmp_path / name
    deck.write_text(deck_text, encoding="utf-8")
    pool = pool or _pool(tmp_path / "pool", _set())
    env_args = ("deck", "check", "--format", "modern", "--cardpool", pool, "--json", deck)
    start = time.monotonic()
    result = l5r_here(*env_args)
    return result, time.monotonic() - start


def test_a_5000_digit_count_is_a_parse_problem(tmp_path):
    import json

    result, _ = _check(tmp_path, "Dynasty:\n" + "9" * 5000 + " Zanzibar Keep\nDynasty (" + "9" * 5000 + "):\n")
    assert "Traceback" not in result.stderr and result.returncode == 1, result.stderr
    problems = json.loads(result.stdout)["problems"]
    assert [p["code"] for p in problems if p.get("line") == 2] == ["parse"]
    assert all(p.get("rule") is None for p in problems if p["code"] == "parse")  # no deck-size rule cited


def test_parse_problems_cite_no_rule(codex):
    from l5r.engine.deck import DeckChecker
    from l5r.engine.ruleset import ruleset_for
    import datetime as dt

    fmt = codex.formats["modern"]
    checker = DeckChecker(fmt, ruleset_for(fmt), build_index((), codex.cards, None), codex.set_acronyms)
    report = checker.check(parse_decklist("Dynasty:\n%%% not a card line\n"), dt.date(2015, 1, 1))
    parse = [p for p in report.problems if p.code == "parse"]
    assert parse and all(p.rule is None for p in parse)


# -- unknown cards --------------------------------------------------------------------------------------


def _brute_suggest(index, written, limit=3):
    """The Dice definition docs/deck-check.md gives, over every title: what the inverted index must equal."""

    def grams(key):
        return {key[i : i + 2] for i in range(len(key) - 1)}

    wanted = grams(title_key(written))
    titles = sorted({i.title for i in index.identities if i.deck != "Other"})
    scored = sorted(
        (-2 * len(wanted & grams(title_key(t))) / (len(wanted) + len(grams(title_key(t)))), title_key(t), t)
        for t in titles
        if wanted & grams(title_key(t))
    )
    out = []
    for score, _, title in scored:
        if -score >= SUGGESTION_THRESHOLD and title not in out:
            out.append(title)
    return out[:limit]


_SYLLABLES = ["ka", "ri", "zo", "mu", "te", "shi", "no", "ya", "ge", "ru", "po", "hi"]


def _title(n: int) -> str:
    parts = [_SYLLABLES[(n >> (2 * k)) % len(_SYLLABLES)] for k in range(5)]
    return f"{''.join(parts[:3]).title()} {''.join(parts[3:]).title()}"


@pytest.fixture(scope="module")
def big_pool(tmp_path_factory):
    # Two thousand invented titles: enough that comparing every unknown name with every title shows.
    folder = tmp_path_factory.mktemp("bigpool")
    cards = [(_title(n), "Gain 2 Gold.") for n in range(2000)]
    return _pool(folder, _set("Invented", cards))


def test_suggestions_are_those_of_the_definition(big_pool, codex):
    index = load_index(big_pool, codex.cards, cache_dir=None)
    for written in ["Karizo Mute", "Kariz Mute", "zzz", "Te Shino", _title(77)[:-1], "Hida Kisada"]:
        assert index.suggest(written) == _brute_suggest(index, written), written


def test_thousands_of_unknown_names_end_within_seconds(tmp_path, big_pool):
    deck = "Dynasty:\n" + "".join(f"1 {_title(n % 2000)[:-1]}q\n" for n in range(3000))  # one typo each
    result, seconds = _check(tmp_path, deck, pool=big_pool)
    assert "Traceback" not in result.stderr and result.returncode == 1
    assert seconds < 15, f"{seconds:.1f} s"  # wall time of a whole command on a shared machine; was 75 s
    import json

    report = json.loads(result.stdout)
    unknown = [p for p in report["problems"] if p["code"] == "unknown-card"]
    read_as = [w for w in report["warnings"] if w["code"] == "read-as"]  # a near-certain guess is read as its card
    assert len(unknown) + len(read_as) == 3000
    guessed = sum(1 for p in unknown if p.get("suggestions")) + len(read_as)
    assert 0 < guessed <= 100  # guesses for the first hundred only


def test_a_line_of_hundreds_of_titles_tries_each_run_of_parts_a_bounded_number_of_times(monkeypatch):
    """'3x: Iron Mine, Iron Mine, ...' 400 times took 15 s: every run of parts was tried as one title, so the
    lookups grew with the square of the parts. A run of more parts than any title holds is never tried
    (checker.py TITLE_PARTS_AT_MOST): the lookups grow with the parts."""
    from decks import support

    from l5r.decklist import parse_text
    from l5r.engine.deck import DeckChecker
    from l5r.engine.deck.report import Findings
    from l5r.engine.ruleset import ruleset_for

    fmt = support.codex().format("obsidian-hand")
    checker = DeckChecker(fmt, ruleset_for(fmt), support.index(), support.codex().set_acronyms)
    looked_up = []
    names_a_card = DeckChecker._names_a_card
    monkeypatch.setattr(
        DeckChecker,
        "_names_a_card",
        lambda self, name, level: looked_up.append(name) or names_a_card(self, name, level),
    )
    counts = {}
    for parts in (100, 400):
        looked_up.clear()
        card = parse_text("Dynasty:\n3x: " + ", ".join(["Iron Mine"] * parts) + "\n").cards[0]
        assert len(checker._several(card, Findings())) == parts
        counts[parts] = len(looked_up)
    assert counts[400] < 5 * counts[100], counts  # four times the parts, about four times the lookups


# -- make serve --------------------------------------------------------------------------------------------


def test_a_nul_in_a_served_path_is_a_400(tmp_path):
    from l5r.site.glue import mkdocs_serve

    class Server:  # MkDocs' LiveReloadServer as install_card_pages uses it; its file app stats the path
        mount_path = "/"

        def get_app(self):
            def files(environ, start_response):
                os.stat(str(tmp_path) + environ["PATH_INFO"])  # ValueError: embedded null byte -> a 500
                start_response("404 Not Found", [])
                return [b""]

            return files

        def set_app(self, app):
            self.app = app

    server = Server()
    mkdocs_serve.install_card_pages(server)
    statuses = []
    body = server.app({"PATH_INFO": "/card/\0/"}, lambda status, headers: statuses.append(status))
    assert statuses == ["400 Bad Request"] and b"NUL" in b"".join(body)


# -- the pool's cache -------------------------------------------------------------------------------------


def test_the_pool_cache_is_data_only_json(tmp_path, codex):
    from l5r.cardpool import cache

    pool = _pool(tmp_path / "pool", _set(cards=(("Zanzibar Keep", "Gain 2 Gold."), ("Quolo Mine", "x"))))
    cache._IN_PROCESS.clear()
    first = load_index(pool, codex.cards, cache_dir=tmp_path / "cache")
    (stored,) = (tmp_path / "cache").iterdir()
    assert stored.suffix == ".json" and b"Zanzibar Keep" in stored.read_bytes()
    cache._IN_PROCESS.clear()
    again = load_index(pool, codex.cards, cache_dir=tmp_path / "cache")
    assert repr(again.identities) == repr(first.identities)  # identities compare by object
    # A file that names a class the cache does not know, or is no JSON at all (a pickle), is rebuilt.
    for foreign in (stored.read_text(encoding="utf-8").replace('"Identity"', '"Popen"'), "\x80\x04cos\nsystem\n"):
        stored.write_text(foreign, encoding="utf-8")
        cache._IN_PROCESS.clear()
        assert repr(load_index(pool, codex.cards, cache_dir=tmp_path / "cache").identities) == repr(first.identities)


# -- l5r check: what the build would refuse -----------------------------------------------------------------


def _replace(path: Path, old: str, new: str):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_two_records_with_one_citation_are_located(data_copy):
    rules = data_copy / "formats/modern/rules.yml"
    text = rules.read_text(encoding="utf-8")
    start = text.index("      - id: mod-highlander\n")
    number = text.index('        number: "2"\n', start)
    rules.write_text(
        text[:number] + '        number: "1"\n' + text[number + len('        number: "2"\n') :], encoding="utf-8"
    )
    lines = text.splitlines()
    highlander = lines.index("      - id: mod-highlander") + 1
    deck_size = lines.index("      - id: mod-deck-size") + 1
    result = l5r_here("check", "--data", data_copy, cwd=data_copy.parent)
    assert result.returncode == 1, result.stdout
    assert re.search(
        rf"^data/formats/modern/rules\.yml:{highlander}:1: record 'mod-highlander' has the citation of "
        rf"record 'mod-deck-size' \(data/formats/modern/rules\.yml:{deck_size}\): “MOD 1”",
        result.stdout,
        re.M,
    ), result.stdout


def test_two_formats_with_one_citation_prefix_are_located(data_copy):
    _replace(data_copy / "formats/twenty-festivals/format.yml", "citation_prefix: TF", "citation_prefix: MOD")
    result = l5r_here("check", "--data", data_copy, cwd=data_copy.parent)
    assert result.returncode == 1, result.stdout
    assert re.search(
        r"^data/formats/(twenty-festivals|modern)/format\.yml:6:1: format '[a-z-]+' has the citation "
        r"of format '[a-z-]+' .*“MOD”",
        result.stdout,
        re.M,
    ), result.stdout


# -- long decks: each distinct line is read once ---------------------------------------------------------------


def test_plain_splits_at_the_characters_a_regex_space_matches():
    """plain() joins str.split(): the same runs of space as `\\s+`, Unicode spaces included, and the same quotes."""
    from l5r.cardpool.names import plain

    for text in ["  Kaiu  Shiro\t", "Koan’s\u00a0Jingasa", "a\u2003b\u3000c\x1cd\x85e", "`x´", "a\u200bb", ""]:
        translated = text.translate(str.maketrans({"’": "'", "`": "'", "´": "'", "\u00a0": " "}))
        assert plain(text) == re.sub(r"\s+", " ", translated).strip(), repr(text)


def test_a_line_given_again_keeps_its_own_line_number_and_section():
    deck = parse_decklist("Dynasty:\n2 Zanzibar Keep\n0 Quolo Mine\nFate:\n2 Zanzibar Keep\n0 Quolo Mine\n", "d.txt")
    assert [(c.line, c.section, c.count, c.name) for c in deck.cards] == [
        (2, "dynasty", 2, "Zanzibar Keep"),
        (5, "fate", 2, "Zanzibar Keep"),
    ]
    assert [i.line for i in deck.issues] == [3, 6]


@pytest.mark.parametrize("kind", ["too-large", "not-utf8", "torn"])
def test_an_oversize_non_utf8_or_torn_parsed_memo_is_no_memo(tmp_path, monkeypatch, kind):
    """The files parsed before, in a memo over its size, with a byte that is no UTF-8, or cut short: every file is
    parsed again, and the memo is written afresh."""
    from l5r.data import load, parsed

    memo = _parsed_memo_path(tmp_path / "cache", monkeypatch)
    monkeypatch.setattr(parsed, "_VIEWS", {})
    monkeypatch.setattr(load, "_LOADED", {})
    load_codex(ROOT / "data")
    whole = memo.read_bytes()
    assert whole.count(b'":"[') > 20, "the data's files are in the memo"
    memo.write_bytes({"not-utf8": whole[:-1] + b"\xff}", "torn": whole[: len(whole) // 2]}.get(kind, whole))
    if kind == "too-large":
        with memo.open("ab") as stream:
            stream.truncate(parsed.MEMO_BYTES + 1)  # sparse: the size without writing it
    composed = []
    real = yaml.compose
    monkeypatch.setattr(yaml, "compose", lambda *a, **k: composed.append(1) or real(*a, **k))
    monkeypatch.setattr(parsed, "_VIEWS", {})
    monkeypatch.setattr(load, "_LOADED", {})
    load_codex(ROOT / "data")
    assert len(composed) > 20, "the memo was used"
    assert json.loads(memo.read_text(encoding="utf-8")), "written afresh"


# -- a data file cut short that is still valid YAML ----------------------------------------------------------


def _cut_at_a_record(path: Path) -> int:
    """Cut `path` before the record that starts after its first third (a `  - id:` line): what remains is valid
    YAML and valid data, only shorter. Returns the number of lines kept."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    starts = [n for n, line in enumerate(lines) if re.match(r"^  - id: ", line) and n >= len(lines) // 3]
    keep = starts[0] if starts else len(lines) // 3
    path.write_text("".join(lines[:keep]), encoding="utf-8")
    return keep


@pytest.mark.parametrize(
    "fmt", sorted(p.name for p in (ROOT / "data" / "formats").iterdir() if (p / "rules.yml").is_file())
)
def test_references_and_quotes_lost_with_a_file_cut_short_name_that_file(data_copy, fmt):
    """The first third of obsidian-hand's rules.yml (still valid YAML) gave 63 problems, none naming that file:
    each was written where the lost id or text is referred to. Now a missing id names the files where the ids
    nearest to it are written, a missing quote the files its format's verbatim text is read from."""
    from l5r.data.yamlsource import DataError

    rules = data_copy / "formats" / fmt / "rules.yml"
    _cut_at_a_record(rules)
    with pytest.raises(DataError) as caught:  # every format's later rules are referred to from other files
        load_codex(data_copy)
    problems = [str(p) for p in caught.value.problems]
    lost = [p for p in problems if "does not exist (no record has this id" in p or "verbatim text" in p]
    assert lost, problems
    unnamed = [p for p in lost if "rules.yml" not in p.split(": ", 1)[1]]
    assert not unnamed, unnamed[:3]
