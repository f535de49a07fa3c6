"""A build writes only the pool card files that changed (l5r/site/cardpage/keptpages.py): each card's page and
short link carry a content key, the previous build's files are set aside while MkDocs empties the site folder and
brought back after, and a card gone from the pool loses its files."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from mkdocs import utils

from conftest import BIN, ROOT, site_build_env
from l5r.data.safefile import write_if_changed
from l5r.site.cardpage import keptpages, write

# The end-to-end tier: whole builds, servers or installs of their own (`make test-fast` leaves it out).
pytestmark = pytest.mark.endtoend


class _Cards:
    """What `write_card_pages` asks of the card site, for cards whose pages say `text[card]`."""

    def __init__(self, text: dict[str, str]) -> None:
        self.text = text
        self.slug_of = {i: i.replace(" ", "-") for i in text}

    def page(self, uri: str) -> str:
        return uri

    def page_identities(self) -> list[str]:
        return list(self.text)

    def pages_key(self) -> str:  # what every page is made from: here, every card's text
        return repr(sorted(self.text.items()))


def _write(monkeypatch, site, cards: _Cards, jobs: int = 1) -> None:
    monkeypatch.setattr(write, "card_page_html", lambda card_site, i, head, tail: head + card_site.text[i] + tail)
    write.write_card_pages(site, cards, "<p>", "</p>", jobs=jobs)


def _stamps(site) -> dict[str, tuple[int, int]]:
    return {
        p.parent.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted((site / "card").glob("*/index.html"))
    }


def test_an_unchanged_page_is_not_written_again_and_a_changed_one_is(monkeypatch, tmp_path):
    cards = _Cards({"card a": "A", "card b": "B", "card c": "C"})
    _write(monkeypatch, tmp_path, cards)
    before = _stamps(tmp_path)
    cards.text["card b"] = "B, errata"
    os.utime(tmp_path / "card" / "card-a" / "index.html", ns=(1, 1))  # a rewrite would move it
    before["card-a"] = (before["card-a"][0], 1)
    _write(monkeypatch, tmp_path, cards)
    after = _stamps(tmp_path)
    assert after["card-a"] == before["card-a"] and after["card-c"] == before["card-c"]
    assert (tmp_path / "card" / "card-b" / "index.html").read_text() == "<p>B, errata</p>"
    assert after["card-b"] != before["card-b"]


def test_a_card_gone_from_the_pool_loses_its_page(monkeypatch, tmp_path):
    cards = _Cards({"card a": "A", "card b": "B"})
    _write(monkeypatch, tmp_path, cards)
    del cards.text["card b"], cards.slug_of["card b"]
    _write(monkeypatch, tmp_path, cards)
    assert sorted(p.name for p in (tmp_path / "card").iterdir()) == ["card-a"]
    assert keptpages.load_keys(tmp_path) == {"card/card-a": keptpages.content_key(b"<p>A</p>")}


def test_a_missing_file_is_written_whatever_its_key(monkeypatch, tmp_path):
    cards = _Cards({"card a": "A"})
    _write(monkeypatch, tmp_path, cards)
    shutil.rmtree(tmp_path / "card" / "card-a")
    _write(monkeypatch, tmp_path, cards)
    assert (tmp_path / "card" / "card-a" / "index.html").read_text() == "<p>A</p>"
    (tmp_path / "card" / "card-a" / "index.html").unlink()  # the file alone, its folder left
    _write(monkeypatch, tmp_path, cards)
    assert (tmp_path / "card" / "card-a" / "index.html").read_text() == "<p>A</p>"


def test_the_forked_writers_send_back_every_key(monkeypatch, tmp_path):
    cards = _Cards({f"card {n}": str(n) for n in range(2100)})
    _write(monkeypatch, tmp_path, cards, jobs=2)
    assert len(keptpages.load_keys(tmp_path)) == 2100
    before = _stamps(tmp_path)
    _write(monkeypatch, tmp_path, cards, jobs=2)
    assert _stamps(tmp_path) == before


def test_a_forked_writer_is_ended_by_sigterm_whatever_the_building_process_does_with_it(monkeypatch, tmp_path):
    """The pool of writers is closed with SIGTERM (multiprocessing's `Pool.terminate`), and a writer still waiting
    for work then has no other way out. A process that handles SIGTERM itself (a command cleaning up first, as an
    in-process `l5r cardpool fetch` did, leaving its handler behind in a test run) must not hand that handler to the
    writers it forks: one that outlived the signal kept the build, and the test run, waiting for it for ever. Each
    writer here writes into its pages what SIGTERM does to it."""
    import signal

    def page(card_site, identity, head, tail):
        return f"{head}{card_site.text[identity]} {signal.getsignal(signal.SIGTERM) == signal.SIG_DFL}{tail}"

    previous = signal.signal(signal.SIGTERM, lambda signum, frame: None)
    try:
        cards = _Cards({f"card {n}": str(n) for n in range(2100)})
        monkeypatch.setattr(write, "card_page_html", page)
        write.write_card_pages(tmp_path, cards, "<p>", "</p>", jobs=2)
        assert signal.getsignal(signal.SIGTERM) != signal.SIG_DFL, "the building process keeps its own handler"
    finally:
        signal.signal(signal.SIGTERM, previous)
    said = {p.read_text(encoding="utf-8").split()[-1] for p in (tmp_path / "card").glob("*/index.html")}
    assert said == {"True</p>"}, "a forked writer kept the building process's SIGTERM handler"


def test_the_pages_survive_the_emptying_of_the_site_folder(monkeypatch, tmp_path):
    """As a build runs: set aside, MkDocs empties the folder and writes its own pages (a record's page in card/),
    the pool pages come back beside them; the previous build's own pages do not."""
    cards = _Cards({"card a": "A", "card b": "B"})
    _write(monkeypatch, tmp_path, cards)
    (tmp_path / "card" / "old-record").mkdir()  # the previous build's record page, no longer in the documents
    before = _stamps(tmp_path)
    keptpages.set_aside(tmp_path)
    utils.clean_directory(str(tmp_path))  # what MkDocs does before every build
    assert not (tmp_path / "card").exists() and (tmp_path / keptpages.KEPT_DIR).is_dir()
    (tmp_path / "card" / "new-record").mkdir(parents=True)
    _write(monkeypatch, tmp_path, cards)
    assert sorted(p.name for p in (tmp_path / "card").iterdir()) == ["card-a", "card-b", "new-record"]
    assert {k: v for k, v in _stamps(tmp_path).items() if k.startswith("card-")} == before
    assert not (tmp_path / keptpages.KEPT_DIR).exists()


def test_the_short_links_the_build_writes_again_stay_and_only_they(monkeypatch, tmp_path):
    """The previous build's rule short links (`c/<slug>/index.html`, written after the pool pages) are kept while
    the folder is emptied: the build leaves one that already holds its bytes as it is, and writes a changed one.
    A folder the build does not write again, or one holding anything but its page, goes, as the fresh build has
    neither."""

    cards = _Cards({"card a": "A"})
    _write(monkeypatch, tmp_path, cards)
    short = tmp_path / "c"
    for name, files in {
        "same": ["index.html"],
        "changed": ["index.html"],
        "gone": ["index.html"],
        "more": ["index.html", "other.html"],
        "more-first": ["other.html", "index.html"],  # (listed in either order, one of the two comes first)
    }.items():
        (short / name).mkdir(parents=True)
        for file in files:
            (short / name / file).write_text(f"{name} {file}", encoding="utf-8")
    (short / "link").mkdir()
    os.symlink(short / "same" / "index.html", short / "link" / "index.html")
    same = (short / "same" / "index.html").stat()
    keptpages.set_aside(tmp_path)
    utils.clean_directory(str(tmp_path))
    rewritten = frozenset(f"c/{name}" for name in ("same", "changed", "more", "more-first", "link"))
    monkeypatch.setattr(write, "card_page_html", lambda card_site, i, head, tail: head + card_site.text[i] + tail)
    write.write_card_pages(tmp_path, cards, "<p>", "</p>", rewritten=rewritten)
    assert sorted(p.name for p in short.iterdir()) == ["changed", "same"]
    for name in ("same", "changed", "more", "more-first", "link"):
        write_if_changed(short / name / "index.html", "same index.html" if name == "same" else f"new {name}")
    assert (short / "same" / "index.html").stat().st_ino == same.st_ino
    assert (short / "same" / "index.html").stat().st_mtime_ns == same.st_mtime_ns
    assert (short / "changed" / "index.html").read_text(encoding="utf-8") == "new changed"
    assert sorted(p.name for p in (short / "more").iterdir()) == ["index.html"]
    assert sorted(p.name for p in (short / "more-first").iterdir()) == ["index.html"]
    assert not (short / "link" / "index.html").is_symlink()


def test_a_build_stopped_half_way_writes_every_page_next_time(monkeypatch, tmp_path):
    cards = _Cards({"card a": "A"})
    _write(monkeypatch, tmp_path, cards)
    keptpages.set_aside(tmp_path)  # ... and the build stops here
    keptpages.set_aside(tmp_path)  # the next build
    assert not (tmp_path / keptpages.KEPT_DIR).exists() and keptpages.load_keys(tmp_path) == {}
    _write(monkeypatch, tmp_path, cards)
    assert (tmp_path / "card" / "card-a" / "index.html").read_text() == "<p>A</p>"


def test_a_build_with_no_pool_page_drops_what_was_kept(monkeypatch, tmp_path):
    _write(monkeypatch, tmp_path, _Cards({"card a": "A"}))
    keptpages.set_aside(tmp_path)
    utils.clean_directory(str(tmp_path))
    keptpages.discard(tmp_path)
    assert os.listdir(tmp_path) == []


def test_a_second_mkdocs_build_rewrites_no_pool_file_and_ends_as_a_fresh_one(built_site, tmp_path):
    """`mkdocs build` into the folder of a previous build (the fixture pool's, the test address): no pool card
    page or short link is written again, and the folder ends byte for byte as the fresh build's."""
    site = tmp_path / "site"
    shutil.copytree(built_site, site, symlinks=True)
    pool_files = sorted(site.glob("card/*/index.html")) + sorted(site.glob("c/card-*/index.html"))
    kept = keptpages.load_keys(site)
    pool_files = [p for p in pool_files if str(p.parent.relative_to(site)) in kept]
    assert len(pool_files) == len(kept) > 0
    stamps = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in pool_files}
    result = subprocess.run(
        [str(BIN / "mkdocs"), "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        env=site_build_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in pool_files} == stamps
    fresh = {str(p.relative_to(built_site)) for p in built_site.rglob("*")}
    again = {str(p.relative_to(site)) for p in site.rglob("*")}
    assert again == fresh
    differ = [
        rel
        for rel in sorted(fresh)
        if (built_site / rel).is_file() and (built_site / rel).read_bytes() != (site / rel).read_bytes()
    ]
    assert differ == []


def _fixture_cards(today):
    from conftest import FIXTURE_POOL
    from decks.support import codex
    from l5r.site.cardpage.cardsearch import prepare

    site = prepare(None, codex(), pool=FIXTURE_POOL)  # type: ignore[arg-type]
    site.today = today
    return site


def test_pages_made_from_the_same_inputs_are_not_rendered_again(monkeypatch, tmp_path):
    """The second build of the same pool, data, code and day renders no card: every file is known unchanged. A
    later day (verdicts may differ) renders them all again, and writes only those that changed."""
    import datetime as dt

    site = _fixture_cards(dt.date(2026, 1, 1))
    head, tail = "<html><head><title>@TITLE@</title></head><body>", "</body></html>"
    n = write.write_card_pages(tmp_path, site, head, tail, short_links=True)
    assert n == len(site.page_identities()) > 10
    rendered: list = []
    real = write.card_page_html
    monkeypatch.setattr(write, "card_page_html", lambda *a: rendered.append(a[1]) or real(*a))
    before = _stamps(tmp_path)
    record = tmp_path / keptpages.KEYS_FILE
    os.utime(record, ns=(1, 1))  # a rewrite would move it
    write.write_card_pages(tmp_path, _fixture_cards(dt.date(2026, 1, 1)), head, tail, short_links=True)
    assert rendered == [] and _stamps(tmp_path) == before
    assert record.stat().st_mtime_ns == 1, "the keys, the same, are not written again"
    write.write_card_pages(tmp_path, _fixture_cards(dt.date(2026, 1, 2)), head, tail, short_links=True)
    assert len(rendered) == n
    write.write_card_pages(tmp_path, _fixture_cards(dt.date(2026, 1, 2)), head + " ", tail, short_links=True)
    assert len(rendered) == 2 * n  # another shell: every page again


def test_serve_lends_the_verdicts_while_what_they_are_made_from_is_the_same():
    """`mkdocs serve` rebuilds after every edit: the verdicts are worked out again only when a format's ruleset,
    bans or card legality rules, its rules' numbering, a name the pool tags cards with or the card index changed;
    a format renamed in the nav only re-words them."""
    import dataclasses
    import datetime as dt

    from conftest import FIXTURE_POOL
    from decks.support import codex
    from l5r.site.cardpage.article import CardSite
    from l5r.site.cardpage.printings import load_printings
    from l5r.cardpool import load_index

    data = codex()
    index, printings = load_index(FIXTURE_POOL, data.cards), load_printings(FIXTURE_POOL)
    day = dt.date(2026, 1, 1)
    first = CardSite.prepare(data, index, printings, today=day, reuse_verdicts=True)
    first.shared_segments()
    again = CardSite.prepare(data, index, printings, today=day, reuse_verdicts=True)
    assert again.pool_verdicts is first.pool_verdicts
    later = CardSite.prepare(data, index, printings, today=day + dt.timedelta(days=1), reuse_verdicts=True)
    assert later.pool_verdicts is first.pool_verdicts  # (the day is asked of the same timelines)
    oh = data.formats["obsidian-hand"]
    renamed = dataclasses.replace(data, formats={**data.formats, oh.id: dataclasses.replace(oh, short_name="OH2")})
    other = CardSite.prepare(renamed, index, printings, today=day, reuse_verdicts=True)
    assert other.pool_verdicts is first.pool_verdicts and other.checks[0].name == "OH2"
    ruled = dataclasses.replace(renamed, formats={**renamed.formats, oh.id: dataclasses.replace(oh, bans=None)})
    assert CardSite.prepare(ruled, index, printings, today=day, reuse_verdicts=True).pool_verdicts is not (
        first.pool_verdicts
    )
    plain = CardSite.prepare(renamed, index, printings, today=day)
    assert plain.pool_verdicts is not other.pool_verdicts  # a plain build never borrows


def _as_a_plain_build_says(served, plain):
    from l5r.site.cardpage import cardsearch

    assert served.shared_segments() == plain.shared_segments()
    assert cardsearch.index_document(served) == cardsearch.index_document(plain)
    for identity in plain.page_identities():
        assert served.today_verdicts(identity) == plain.today_verdicts(identity), identity.key
        assert served.timelines(identity) == plain.timelines(identity), identity.key
    for identity in plain.page_identities()[::7]:
        assert served.render(identity) == plain.render(identity), identity.key
        assert served.description(identity) == plain.description(identity), identity.key


def test_verdicts_reworded_under_serve_are_a_plain_builds():
    """The verdicts `mkdocs serve` lends, worded with each build's format names, are word for word a plain build's
    (pages, card search table, shared segments): a format renamed, two formats given one name (their segments
    count together), and a format named as the pool's tag (its cards' standing changes: worked out again)."""
    import dataclasses
    import datetime as dt

    from conftest import FIXTURE_POOL
    from decks.support import codex
    from l5r.site.cardpage.article import CardSite
    from l5r.site.cardpage.printings import load_printings
    from l5r.cardpool import load_index

    data = codex()
    index, printings = load_index(FIXTURE_POOL, data.cards), load_printings(FIXTURE_POOL)
    day = dt.date(2016, 3, 1)
    formats = data.formats

    def named(**names):
        return dataclasses.replace(
            data, formats={**formats, **{k: dataclasses.replace(formats[k], short_name=v) for k, v in names.items()}}
        )

    served = CardSite.prepare(data, index, printings, today=day, reuse_verdicts=True)
    _as_a_plain_build_says(served, CardSite.prepare(data, index, printings, today=day))
    lent = served.pool_verdicts
    for codex_data in (named(**{"obsidian-hand": "O'Hand <b>"}), named(**{"obsidian-hand": "Modern"})):
        served = CardSite.prepare(codex_data, index, printings, today=day, reuse_verdicts=True)
        assert served.pool_verdicts is lent
        _as_a_plain_build_says(served, CardSite.prepare(codex_data, index, printings, today=day))
    tags = frozenset().union(*(i.pool_tags for i in index.identities))
    modern = formats["modern"]
    assert modern.name in tags and modern.legality.legal_bugs, "the fixture pool no longer tags cards Modern"
    retitled = dataclasses.replace(
        data, formats={**formats, "modern": dataclasses.replace(modern, name="Modern 2", short_name="Modern 2")}
    )
    served = CardSite.prepare(retitled, index, printings, today=day, reuse_verdicts=True)
    assert served.pool_verdicts is not lent
    _as_a_plain_build_says(served, CardSite.prepare(retitled, index, printings, today=day))


def test_damaged_build_state_is_set_aside_not_trusted(monkeypatch, tmp_path):
    """What a user's folder may hold instead of the build's own state: a keys file that is not one, a file where
    the hidden folder goes. The build writes every page again, with no error."""
    cards = _Cards({"card a": "A"})
    _write(monkeypatch, tmp_path, cards)
    (tmp_path / keptpages.KEYS_FILE).write_bytes(b"garbage")
    assert keptpages.stored_pages(tmp_path) == ({}, "")
    _write(monkeypatch, tmp_path, cards)
    (tmp_path / keptpages.KEPT_DIR).write_text("x", encoding="utf-8")
    keptpages.set_aside(tmp_path)
    utils.clean_directory(str(tmp_path))
    _write(monkeypatch, tmp_path, cards)
    assert (tmp_path / "card" / "card-a" / "index.html").read_text() == "<p>A</p>"
    assert not (tmp_path / keptpages.KEPT_DIR).exists()


def _card_outputs(site, codex_data, pool, cache_dir, day, remember=False):
    """Prepare the card site as a build does and write its card outputs into `site`; their bytes (`remember`: as
    `mkdocs serve` does)."""
    from l5r.cardpool import load_index
    from l5r.site.cardpage import cardsearch
    from l5r.site.cardpage.article import CardSite
    from l5r.site.cardpage.printings import load_printings

    index, printings = load_index(pool, codex_data.cards, cache_dir), load_printings(pool, cache_dir)
    card_site = CardSite.prepare(codex_data, index, printings, today=day, site_dir=site)
    for folder in ("assets", "search"):
        (site / folder).mkdir(exist_ok=True)
    cardsearch.write_card_outputs(site, card_site, with_pool=True, remember=remember)
    return {rel: (site / rel).read_bytes() for rel in cardsearch.card_output_files(True)}, card_site


def _pool_cache_and_site(tmp_path):
    """A copy of the fixture pool, an empty cache folder and an empty site folder."""
    from conftest import FIXTURE_POOL

    pool, cache_dir, site = tmp_path / "pool", tmp_path / "cache", tmp_path / "site"
    shutil.copytree(FIXTURE_POOL, pool)
    cache_dir.mkdir()
    site.mkdir()
    return pool, cache_dir, site


def test_the_card_outputs_are_kept_while_their_inputs_are_the_same(tmp_path):
    """The card search's index files and the date picker's script: set aside while MkDocs empties the folder and
    taken back unread by the next build made from the same inputs (the same files: nothing written), with the
    shared segments the pages number; a ban lifted, a card's text changed or a damaged record gives the files a
    fresh build writes."""
    import dataclasses

    from decks.support import AFTER_ALL_BANS, codex

    pool, cache_dir, site = _pool_cache_and_site(tmp_path)
    data = codex()

    def rebuild(codex_data):
        keptpages.set_aside(site)
        utils.clean_directory(str(site))
        return _card_outputs(site, codex_data, pool, cache_dir, AFTER_ALL_BANS)

    def fresh(codex_data, name):
        (tmp_path / name).mkdir()
        return _card_outputs(tmp_path / name, codex_data, pool, cache_dir, AFTER_ALL_BANS)[0]

    first, first_site = _card_outputs(site, data, pool, cache_dir, AFTER_ALL_BANS)
    inodes = {rel: (site / rel).stat().st_ino for rel in first}
    again, card_site = rebuild(data)
    assert again == first and {rel: (site / rel).stat().st_ino for rel in first} == inodes
    assert card_site._shared == first_site.shared_segments() and card_site._shared_index == first_site._shared_index

    # A ban on a pool card lifted: the card search's table says it is no longer banned.
    oh = data.formats["obsidian-hand"]
    ban = next(b for b in oh.bans.entries if b.card and card_site.index.card(b.card) and b.in_force(AFTER_ALL_BANS))
    categories = tuple(
        dataclasses.replace(c, entries=tuple(e for e in c.entries if e is not ban)) for c in oh.bans.categories
    )
    lifted = dataclasses.replace(
        data,
        formats={
            **data.formats,
            oh.id: dataclasses.replace(oh, bans=dataclasses.replace(oh.bans, categories=categories)),
        },
    )
    after_lift, _ = rebuild(lifted)
    assert after_lift == fresh(lifted, "lifted") and after_lift["assets/card-index.js"] != first["assets/card-index.js"]

    # A card's text changed in the pool: the text the search reads changes.
    set_file = sorted((pool / "sets").glob("*.yaml"))[0]
    text = set_file.read_text(encoding="utf-8")
    set_file.write_text(text.replace("A card of the Codex's test pool.", "Changed words.", 1), encoding="utf-8")
    os.utime(set_file, ns=(1, 1))  # a new stamp even within the file system's time resolution
    changed, _ = rebuild(data)
    assert changed == fresh(data, "changed") and b"Changed words." in changed["assets/card-text.js"]
    assert b"Changed words." not in first["assets/card-text.js"]

    # A record that is not one, and one naming a file outside the site: written afresh, no error.
    for garbage in (b"\xff garbage", b'{"version": 1, "made_from": "x", "files": {"../../etc": "y"}}'):
        (site / keptpages.OUTPUTS_FILE).write_bytes(garbage)
        assert rebuild(data)[0] == changed


def test_serve_writes_the_card_outputs_it_remembers_while_their_inputs_are_the_same(monkeypatch, tmp_path):
    """`mkdocs serve` empties its folder before each rebuild and keeps nothing there: the card outputs of its last
    rebuild are kept in memory and written again as they were (the same bytes, the same shared segments) by a
    rebuild made from the same inputs; from other inputs they are worked out afresh."""
    import dataclasses

    from decks.support import AFTER_ALL_BANS, codex
    from l5r.site.cardpage import cardsearch

    monkeypatch.setattr(cardsearch, "_REMEMBERED_OUTPUTS", {})
    pool, cache_dir, site = _pool_cache_and_site(tmp_path)
    data = codex()

    def rebuild(codex_data):
        utils.clean_directory(str(site))
        return _card_outputs(site, codex_data, pool, cache_dir, AFTER_ALL_BANS, remember=True)

    first, first_site = rebuild(data)
    assert list(cardsearch._REMEMBERED_OUTPUTS.values())[0][0] == first

    worked_out = []
    real = cardsearch.write_indexes
    monkeypatch.setattr(cardsearch, "write_indexes", lambda *a, **k: worked_out.append(1) or real(*a, **k))
    again, card_site = rebuild(data)
    assert again == first and not worked_out, "the same inputs: written from memory"
    assert card_site._shared == first_site.shared_segments() and card_site._shared_index == first_site._shared_index

    oh = data.formats["obsidian-hand"]
    renamed = dataclasses.replace(data, formats={**data.formats, oh.id: dataclasses.replace(oh, short_name="OH b")})
    after_rename, _ = rebuild(renamed)
    assert worked_out, "other inputs: worked out afresh"
    (tmp_path / "fresh").mkdir()
    monkeypatch.setattr(cardsearch, "_REMEMBERED_OUTPUTS", {})
    assert after_rename == _card_outputs(tmp_path / "fresh", renamed, pool, cache_dir, AFTER_ALL_BANS)[0]


def test_serve_keeps_the_card_rows_while_only_the_formats_names_change(monkeypatch, tmp_path):
    """Under `mkdocs serve` a format renamed keeps the lent verdicts, and with them the card search's rows and the
    pool's rows of the site search's card index (`cardsearch._VERDICT_ROWS`, `_SEARCH_ROWS`): only the formats'
    short lists are worked out again, and the files are a plain build's byte for byte. A citation prefix changed,
    another day or a ban lifted gives rows worked out afresh, again a plain build's."""
    import dataclasses
    import datetime as dt

    from conftest import FIXTURE_POOL
    from decks.support import codex
    from l5r.cardpool import load_index
    from l5r.data.lastanswer import LastAnswer
    from l5r.site.cardpage import cardsearch
    from l5r.site.cardpage.article import CardSite
    from l5r.site.cardpage.printings import load_printings
    from l5r.site.rendering import searchindex

    for memo in ("_VERDICT_ROWS", "_SEARCH_ROWS", "_TEXT_JS"):
        monkeypatch.setattr(cardsearch, memo, LastAnswer())
    data = codex()
    index, printings = load_index(FIXTURE_POOL, data.cards), load_printings(FIXTURE_POOL)
    files = (cardsearch.INDEX_FILE, cardsearch.TEXT_FILE, searchindex.CARD_INDEX_URI)
    folders = iter(range(100))

    def written(card_site):
        site = tmp_path / str(next(folders))
        for folder in ("assets", "search"):
            (site / folder).mkdir(parents=True)
        cardsearch.write_indexes(site, card_site, with_pool=True)
        return {rel: (site / rel).read_bytes() for rel in files}

    def served(codex_data, day):
        return written(CardSite.prepare(codex_data, index, printings, today=day, reuse_verdicts=True))

    def plain(codex_data, day):
        with monkeypatch.context() as nothing_kept:
            for memo in ("_VERDICT_ROWS", "_SEARCH_ROWS", "_TEXT_JS"):
                nothing_kept.setattr(cardsearch, memo, LastAnswer())
            return written(CardSite.prepare(codex_data, index, printings, today=day))

    def kept():
        return cardsearch._VERDICT_ROWS.last, cardsearch._SEARCH_ROWS.last

    def with_format(codex_data, **changes):
        oh = codex_data.formats["obsidian-hand"]
        return dataclasses.replace(
            codex_data, formats={**codex_data.formats, oh.id: dataclasses.replace(oh, **changes)}
        )

    day = dt.date(2016, 3, 1)
    first = served(data, day)
    assert first == plain(data, day)
    rows, search_rows = kept()

    renamed = with_format(data, short_name="O'Hand <b>")
    after_rename = served(renamed, day)
    assert kept()[0] is rows and kept()[1] is search_rows, "only names changed: the rows are kept"
    assert after_rename[cardsearch.INDEX_FILE] != first[cardsearch.INDEX_FILE]
    assert after_rename == plain(renamed, day)

    prefixed = with_format(renamed, citation_prefix="OHX")
    after_prefix = served(prefixed, day)
    assert kept()[0] is rows and kept()[1] is not search_rows, "the site search's rows name the prefix"
    assert any("OHX" in banned_in for *_, banned_in in kept()[1]), "a pool card banned in the renamed format"
    assert after_prefix == plain(prefixed, day)

    oh = prefixed.formats["obsidian-hand"]
    # A ban on a pool card with a page of its own (the site search's pool rows list where it is banned) lifted.
    site = CardSite.prepare(prefixed, index, printings, today=day)
    column = [c.format.id for c in site.checks].index(oh.id)
    pages = [i for i in index.identities if i.in_pool and i.card_id is None]
    ban = next(v.bans[0] for i in pages for v in site.today_verdicts(i)[column : column + 1] if v.bans)
    categories = tuple(
        dataclasses.replace(c, entries=tuple(e for e in c.entries if e.id != ban.id)) for c in oh.bans.categories
    )
    lifted = with_format(prefixed, bans=dataclasses.replace(oh.bans, categories=categories))
    after_lift = served(lifted, day)
    assert after_lift[searchindex.CARD_INDEX_URI] != after_prefix[searchindex.CARD_INDEX_URI]
    assert after_lift == plain(lifted, day)

    before_bans = dt.date(2003, 1, 1)
    earlier = served(lifted, before_bans)
    assert earlier[cardsearch.INDEX_FILE].split(b'"cards":')[1] != first[cardsearch.INDEX_FILE].split(b'"cards":')[1]
    assert earlier == plain(lifted, before_bans)


def test_only_the_pool_folders_a_record_names_come_back(tmp_path):
    """`bring_back` answers with the keys of the pool folders it put back: a name the record holds that is no
    folder under `card/` or `c/` (a damaged record) is not one of them, and neither is a folder it does not name."""
    for rel in ("card/card-a", "card/card-b", "c/card-a"):
        (tmp_path / keptpages.KEPT_DIR / rel).mkdir(parents=True)
        (tmp_path / keptpages.KEPT_DIR / rel / "index.html").write_text("<p>a</p>", encoding="utf-8")
    keys = {"card/card-a": "k1", "c/card-a": "k2", "card": "k3", "c": "k4", "other/card-a": "k5"}
    assert keptpages.bring_back(tmp_path, keys) == {"card/card-a": "k1", "c/card-a": "k2"}
    assert sorted(p.name for p in (tmp_path / "card").iterdir()) == ["card-a"]
    assert not (tmp_path / keptpages.KEPT_DIR).exists()


def test_the_build_speaks_of_source_date_epochs_day_as_today(monkeypatch):
    """A reproducible build names its day with SOURCE_DATE_EPOCH (as MkDocs does for the sitemap): the card
    pages' verdicts "today", a deck scenario without `as of` and `l5r deck check` without `--as-of` all take that
    UTC day, so two builds of the same inputs are the same on either side of midnight. Unset, the day is today."""
    import datetime as dt

    from conftest import FIXTURE_POOL
    from decks.support import codex
    from l5r.data.buildday import build_day
    from l5r.site.cardpage.cardsearch import prepare

    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert build_day() == dt.date.today()
    for epoch, day in (
        ("0", dt.date(1970, 1, 1)),
        ("1795996799", dt.date(2026, 11, 29)),  # the last second of the day, UTC
        (" 1795996800\n", dt.date(2026, 11, 30)),
    ):
        monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
        assert build_day() == day
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1262304000")  # 2010-01-01: not today, whenever this runs
    assert prepare(None, codex(), pool=FIXTURE_POOL).today == dt.date(2010, 1, 1)  # type: ignore[arg-type]


def test_a_source_date_epoch_that_is_no_moment_is_a_plain_error(monkeypatch, tmp_path):
    from conftest import FIXTURE_POOL, l5r_here

    deck = tmp_path / "deck.txt"
    deck.write_text("Stronghold (1)\n1 Kyuden Hida\n", encoding="utf-8")
    for bad in ("yesterday", "1.5e9", "99999999999999999999"):
        env = dict(os.environ, SOURCE_DATE_EPOCH=bad, L5R_CARDPOOL=str(FIXTURE_POOL))
        result = l5r_here("deck", "check", deck, "--format", "obsidian-hand", env=env)
        assert result.returncode == 2, (bad, result.stdout, result.stderr)
        assert f"SOURCE_DATE_EPOCH is “{bad}”" in result.stderr and "Traceback" not in result.stderr, result.stderr
    env = dict(site_build_env(), SOURCE_DATE_EPOCH="yesterday")
    generated = l5r_here("site", "generate", tmp_path / "out", env=env)
    assert generated.returncode == 2 and "l5r site generate: SOURCE_DATE_EPOCH is “yesterday”" in generated.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir()), "nothing half written"
    # MkDocs itself reads it too, later, with a traceback: the build stops first, with the same sentence.
    built = subprocess.run(
        [str(BIN / "mkdocs"), "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 1 and "ERROR   -  SOURCE_DATE_EPOCH is “yesterday”" in built.stderr, built.stderr[-2000:]
    assert "Traceback" not in built.stderr
