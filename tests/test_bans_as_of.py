"""The ban list as of a day (`BanList.as_of`), checked against the dates the source documents give.

The deck checker and the engine read `as_of(date)`; these tests pin it to the documents: Obsidian Hand's
dated updates ("[10/05/2015] House of Black Lion added to Banned List") and Modern's list "As of August 16,
2015" with Koan's Jingasa and Koan's Robes lifted.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from conftest import seeds_dir

ROOT = Path(__file__).resolve().parent.parent
# The five source documents (L5R_SEEDS); tests that read them carry the `seeds` mark (tests/conftest.py).
SEEDS = seeds_dir() or Path("L5R_SEEDS-is-not-set")
OH_DOC = SEEDS / "000_f05ef39847fd66e3.txt"
MOD_DOC = SEEDS / "004_6d6969d2edcde8b4.txt"
pytestmark = pytest.mark.seeds
D = dt.date.fromisoformat
ONE_DAY = dt.timedelta(days=1)


def _ids(entries):
    return {e.id for e in entries}


@pytest.fixture(scope="module")
def oh(codex):
    return codex.formats["obsidian-hand"].bans


@pytest.fixture(scope="module")
def modern(codex):
    return codex.formats["modern"].bans


def _oh_ban_updates() -> dict[dt.date, list[str]]:
    """From the Obsidian Hand document: every dated update line that adds to the Banned list."""
    out: dict[dt.date, list[str]] = {}
    day = None
    for line in OH_DOC.read_text(encoding="utf-8").splitlines():
        if line.strip() == "Initial Guidelines":
            break
        mark = re.fullmatch(r"\[(\d{2})/(\d{2})/(\d{4})\]", line.strip())
        if mark:
            month, dd, year = map(int, mark.groups())
            day = dt.date(year, month, dd)
        elif day and re.search(r"Banned (List|Cards list)", line):
            out.setdefault(day, []).append(line.strip())
    return out


# -- Obsidian Hand -------------------------------------------------------------------------------------------


def test_house_of_the_black_lion_is_banned_from_2015_10_05(oh):
    # [10/05/2015] House of Black Lion added to Banned List
    assert "oh-ban-house-of-the-black-lion" not in _ids(oh.as_of(D("2015-10-04")))
    assert "oh-ban-house-of-the-black-lion" in _ids(oh.as_of(D("2015-10-05")))
    assert "oh-ban-house-of-the-black-lion" in _ids(oh.as_of(D("2016-02-15")))


def test_moshi_eihime_is_banned_from_2016_02_15(oh):
    # [02/15/2016] Moshi Eihime added to Banned List
    assert "oh-ban-moshi-eihime" not in _ids(oh.as_of(D("2016-02-14")))
    assert "oh-ban-moshi-eihime" in _ids(oh.as_of(D("2016-02-15")))


def test_unreleased_cards_and_promos_are_banned_from_2015_11_12(oh):
    # [11/12/2015] Added unreleased cards/promos to the Banned Cards list
    assert "oh-ban-unreleased-promos" not in _ids(oh.as_of(D("2015-11-11")))
    assert "oh-ban-unreleased-promos" in _ids(oh.as_of(D("2015-11-12")))


def test_the_list_changes_exactly_on_the_documents_ban_dates(oh, codex):
    updates = _oh_ban_updates()
    assert sorted(updates) == [D("2015-10-05"), D("2015-11-12"), D("2016-02-15")]
    assert oh.dates() == tuple(sorted(updates))
    for day in updates:
        before, on = _ids(oh.as_of(day - ONE_DAY)), _ids(oh.as_of(day))
        assert before < on, f"the list grows on {day}"
        added = on - before
        # Each addition is made by the update of that day, which touches it.
        for ban_id in added:
            entry = codex.records[ban_id]
            assert entry.added == day
            log = codex.records[entry.added_by]
            assert log.date == day and ban_id in log.touches
            assert any(line in " ".join(log.text[0].strings()) for line in updates[day])


def test_entries_the_document_does_not_date_are_always_on_the_list(oh):
    undated = [e for e in oh.entries if e.added is None]
    assert len(undated) == len(oh.entries) - 3
    for day in (D("2000-01-01"), D("2015-10-04"), D("2016-02-15"), D("2030-01-01")):
        assert _ids(undated) <= _ids(oh.as_of(day))


def test_the_full_list_as_of_the_last_update_is_every_entry(oh):
    assert _ids(oh.as_of(D("2016-02-15"))) == _ids(oh.entries)
    assert len(oh.as_of(D("2016-02-14"))) == len(oh.entries) - 1
    assert len(oh.as_of(D("2015-10-04"))) == len(oh.entries) - 3


# -- Modern --------------------------------------------------------------------------------------------------


def _modern_list_as_of_august_16() -> list[str]:
    lines = MOD_DOC.read_text(encoding="utf-8").splitlines()
    start = lines.index("As of August 16, 2015, the following cards are banned:")
    out = []
    for line in lines[start + 1 :]:
        if not line.strip().startswith("•"):
            break
        out.append(line.strip().lstrip("•").strip())
    return out


def test_modern_list_as_of_2015_08_16_is_the_documents_list(modern):
    names = _modern_list_as_of_august_16()
    assert len(names) == 9 and "Foothold of the Mad" in names
    listed = modern.as_of(D("2015-08-16"))
    assert sorted(e.as_written for e in listed) == sorted(names)
    # The list is "living": nothing dated changes it afterwards.
    assert _ids(modern.as_of(D("2016-06-01"))) == _ids(listed)


def test_koans_bans_are_lifted_in_modern(modern, codex):
    # "Koan's Jingasa and Koan's Robes have been lifted from the ban list." They are not on the list dated
    # August 16, 2015, and the document dates neither the ban nor the lift.
    koans = {"mod-ban-koans-jingasa", "mod-ban-koans-robes"}
    for ban_id in koans:
        entry = codex.records[ban_id]
        # Only what the document says: no lift day, not even an inferred one.
        assert entry.lifted is None and entry.lifted_undated
        assert entry.lifted_by == "mod-log-koan-unban"
        assert codex.records[entry.lifted_by].kind == "unban"
        assert not entry.in_force(D("2015-08-16"))
    assert not koans & _ids(modern.as_of(D("2015-08-16")))
    # Before the list's date the document states no list: the Koans are not "banned before 2015-08-16".
    assert modern.stated_from == D("2015-08-16")
    assert not modern.stated_on(D("2015-08-15")) and modern.stated_on(D("2015-08-16"))
    assert not koans & _ids(modern.as_of(D("2015-08-15")))
    # Koan's stays banned in Obsidian Hand: a lift in one format is not a lift in another.
    assert "oh-ban-koans-jingasa" in _ids(codex.formats["obsidian-hand"].bans.as_of(D("2016-02-15")))
    # One rule for both lists: the Obsidian Hand's undated entries are read as on the list on its document's
    # latest dated update (02/15/2016); before it, as before Modern's day, the list is not stated.
    oh = codex.formats["obsidian-hand"].bans
    assert oh.stated_from == D("2016-02-15")
    assert not oh.stated_on(D("2014-01-01")) and oh.stated_on(D("2016-02-15"))


def test_modern_dates_are_the_list_date_only(modern):
    assert modern.dates() == (D("2015-08-16"),)


# -- Every format: the data and its changelog agree ---------------------------------------------------------


def test_added_and_lifted_dates_match_the_updates_that_made_them(codex):
    checked = 0
    for f in codex.bundled_formats:
        if not f.bans:
            continue
        for entry in f.bans.entries:
            for day, by, kinds in ((entry.added, entry.added_by, {"ban"}), (entry.lifted, entry.lifted_by, {"unban"})):
                if by is None:
                    continue
                log = codex.records[by]
                assert log.kind in kinds, f"{entry.id}: {by} is a {log.kind}"
                assert entry.id in log.touches, f"{by} should touch {entry.id}"
                if log.date is not None:
                    assert day == log.date, f"{entry.id}: {day} but {by} is dated {log.date}"
                checked += 1
    assert checked >= 12


def test_every_ban_or_unban_update_is_recorded_on_the_entries_it_touches(codex):
    for f in codex.bundled_formats:
        for log in f.changelog:
            for target in log.touches:
                entry = codex.records[target]
                if entry.record_kind != "ban":
                    continue
                if log.kind == "ban":
                    assert entry.added is not None and entry.added_by is not None, target
                elif log.kind == "unban":
                    assert entry.lifted_by == log.id, target


def test_in_force_boundaries():
    from l5r.data.model import BanEntry, Origin

    e = BanEntry(
        id="x",
        title="x",
        format_id="f",
        origin=Origin("p", 1),
        as_written="x",
        category_id="c",
        added=D("2015-10-05"),
        lifted=D("2016-01-01"),
    )
    assert not e.in_force(D("2015-10-04"))
    assert e.in_force(D("2015-10-05"))
    assert e.in_force(D("2015-12-31"))
    assert not e.in_force(D("2016-01-01"))


def test_the_modern_ban_page_says_only_what_the_document_says(built_site):
    """No "list before 2015-08-16" holding the Koans: the document states no list before that day, and the Koan
    lifts are undated."""
    from l5r.site.rendering.pages import page_path

    html = (built_site / page_path("formats/modern/bans.md") / "index.html").read_text(encoding="utf-8")
    import html as entities

    text = " ".join(entities.unescape(re.sub(r"<[^>]+>", "", html)).replace("’", "'").split())
    assert "The list before 2015-08-16" not in text
    assert "Before 2015-08-16 the document states no ban list" in text, text[:2000]
    assert "Lifted on a day the document does not give, and on no list it states: Koan's Jingasa, Koan's Robes" in text
