"""Changelog and history: every dated line of the documents is a dated changelog entry; undated updates are
kept in document order; pages show entries newest first, text changes as word diffs, and each rule or
ability its own history; ban lists as timelines; a site-wide What's new."""

from __future__ import annotations

import datetime as dt
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from l5r.site.rendering.diff import diff_segments, word_diff, word_diff_inline
from conftest import seeds_dir

ROOT = Path(__file__).resolve().parent.parent
# The five source documents (L5R_SEEDS); tests that read them carry the `seeds` mark (tests/conftest.py).
SEEDS = seeds_dir() or Path("L5R_SEEDS-is-not-set")
DOCS = {  # seeds/README.md
    "000_f05ef39847fd66e3.txt": "obsidian-hand",
    "001_162d39f3c002a62f.txt": "aeg",
    "002_ffcd381288e46baf.txt": "new-era",
    "003_46422a279ce1e2f1.txt": "aeg",
    "004_6d6969d2edcde8b4.txt": "modern",
}
MONTHS = {
    m: i
    for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1)
}
_MONTH = r"(?P<month>Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
DATE_PATTERNS = [
    re.compile(r"\[(?P<m>\d{2})/(?P<d>\d{2})/(?P<y>\d{4})\]"),  # [10/27/2015]
    re.compile(rf"\b(?P<d>\d{{1,2}}) {_MONTH} (?P<y>\d{{4}})\b"),  # 25 February 2008
    re.compile(rf"\b{_MONTH} (?P<d>\d{{1,2}}),? (?P<y>\d{{4}})\b"),  # Sept 12 2007, August 16, 2015
]
NAVAL = "oh-log-2015-10-27-naval-invasion"


def dates_in(text: str) -> list[dt.date]:
    found = []
    for pattern in DATE_PATTERNS:
        for mt in pattern.finditer(text):
            g = mt.groupdict()
            month = int(g["m"]) if g.get("m") else MONTHS[g["month"][:3].lower()]
            found.append((mt.start(), dt.date(int(g["y"]), month, int(g["d"]))))
    return [d for _, d in sorted(found)]


def entry_strings(entry) -> list[str]:
    return [s for block in entry.text for s in block.strings()]


def dated_lines():
    """(document, line number, line, dates) for every line of every document that carries a date."""
    for name in DOCS:
        for no, line in enumerate((SEEDS / name).read_text(encoding="utf-8").splitlines(), start=1):
            found = dates_in(line)
            if found:
                yield name, no, line, found


def test_the_date_parser_reads_every_style_the_documents_use():
    assert dates_in("[10/27/2015]") == [dt.date(2015, 10, 27)]
    assert dates_in("[ADDED 25 February 2008, revised 7 March 2008.]") == [dt.date(2008, 2, 25), dt.date(2008, 3, 7)]
    assert dates_in("[ADDED Sept 12 2007]") == [dt.date(2007, 9, 12)]
    assert dates_in("[CHANGED 19 July 2007 to include non-actions]") == [dt.date(2007, 7, 19)]
    assert dates_in("As of August 16, 2015, the following cards are banned:") == [dt.date(2015, 8, 16)]
    assert dates_in("the Tanuki Rules in 2016.") == []


# ---------------------------------------------------------------------------------------------------------
# Every dated line is a changelog entry
# ---------------------------------------------------------------------------------------------------------


@pytest.mark.seeds
def test_every_dated_line_of_the_documents_is_a_dated_changelog_entry(codex):
    lines = list(dated_lines())
    # 8 Obsidian Hand update dates, 4 + 4 AEG change marks, Modern's list date; the AEG mark "[ADDED 25
    # February 2008, revised 7 March 2008.]" carries two dates on one line.
    assert len(lines) == 17
    assert sum(len(dates) for *_, dates in lines) == 18
    for name, no, line, dates in lines:
        f = codex.formats[DOCS[name]]
        for day in dates:
            same_day = [e for e in f.changelog if e.date == day]
            assert same_day, f"{name}:{no}: no {f.id} changelog entry dated {day} for {line!r}"
            for e in same_day:
                assert e.date_as_written and e.date_as_written.strip("[]") in line or e.date_as_written in line, (
                    f"{e.id}: date as written {e.date_as_written!r} is not {line!r}"
                )


@pytest.mark.seeds
def test_every_dated_entry_is_a_date_the_document_writes(codex):
    for f in codex.bundled_formats:
        texts = [(SEEDS / n).read_text(encoding="utf-8") for n, fid in DOCS.items() if fid == f.id]
        for e in f.changelog:
            if e.date is None:
                assert not e.date_as_written, e.id
                continue
            assert e.date_as_written, f"{e.id}: keep the date as the document writes it"
            assert any(e.date_as_written in t for t in texts), f"{e.id}: {e.date_as_written!r} not in the document"
            assert e.date in dates_in(e.date_as_written), f"{e.id}: {e.date} is not {e.date_as_written!r}"
            # The entry holds the document's words: its text is in the document.
            for s in entry_strings(e):
                assert any(s in t for t in texts), f"{e.id}: {s!r} is not in the document"


def _oh_update_blocks():
    """Obsidian Hand's Updates list: {date: [lines under it]} up to the Initial Guidelines."""
    lines = (SEEDS / "000_f05ef39847fd66e3.txt").read_text(encoding="utf-8").splitlines()
    blocks, day = {}, None
    for line in lines[lines.index("Updates") + 1 :]:
        if line.strip() == "Initial Guidelines":
            break
        found = dates_in(line)
        if found:
            day = found[0]
            blocks[day] = []
        elif line.strip():
            blocks[day].append(line.strip())
    return blocks


@pytest.mark.seeds
def test_every_line_of_each_obsidian_hand_update_is_in_an_entry_of_that_date(codex):
    blocks = _oh_update_blocks()
    assert len(blocks) == 8
    f = codex.formats["obsidian-hand"]
    for day, lines in blocks.items():
        same_day = [e for e in f.changelog if e.date == day]
        held = [" ".join(s.split()) for e in same_day for s in entry_strings(e)]
        for line in lines:
            assert " ".join(line.split()) in held, f"{day}: {line!r} is in no entry of that date"
    # Updates that share a date are separate entries: [01/11/2016] lists four.
    assert len([e for e in f.changelog if e.date == dt.date(2016, 1, 11)]) == 4


def test_changelog_counts(codex):
    counts = {
        f.id: (sum(1 for e in f.changelog if e.date), sum(1 for e in f.changelog if not e.date))
        for f in codex.bundled_formats
    }
    assert counts == {"obsidian-hand": (11, 0), "new-era": (0, 0), "modern": (1, 7), "aeg": (9, 0)}


@pytest.mark.seeds
def test_modern_undated_updates_are_kept_in_document_order(codex):
    text = (SEEDS / "004_6d6969d2edcde8b4.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    log = lines[lines.index("This is a living ban list. Updates to ban list will be made here.") + 1 :]
    undated = [e for e in codex.formats["modern"].changelog if e.date is None]
    held = {s: e for e in undated for s in entry_strings(e)}
    for line in filter(str.strip, log):
        assert line.strip() in held, f"undated update line {line!r} is in no undated entry"
    firsts = [text.index(entry_strings(e)[0]) for e in sorted(undated, key=lambda e: e.position)]
    assert firsts == sorted(firsts)


def test_naval_invasion_stores_old_and_new_text(codex):
    e = codex.records[NAVAL]
    assert e.date == dt.date(2015, 10, 27) and e.kind == "ability-change"
    strings = entry_strings(e)
    assert strings[strings.index("Old") + 1] == e.old
    assert strings[strings.index("New") + 1] == e.new
    ability = codex.records["oh-ability-naval-invasion"]
    assert ability.text[0].text == e.new, "the ability's current text is the new text"


# ---------------------------------------------------------------------------------------------------------
# touches <-> changed_by
# ---------------------------------------------------------------------------------------------------------


def _children(record):
    return [*getattr(record, "sections", ())]


def test_changed_records_name_the_entries_that_changed_them(codex):
    for f in codex.bundled_formats:
        for e in f.changelog:
            for target in e.touches:
                record = codex.records[target]
                if hasattr(record, "changed_by"):
                    assert e.id in record.changed_by, f"{target} should list {e.id} in changed_by"
    for record in codex.records.values():
        for log_id in getattr(record, "changed_by", ()):
            touched = set(codex.records[log_id].touches)
            covered = {record.id} | {c.id for c in _children(record)}
            assert touched & covered, f"{record.id} says changed_by {log_id}, which does not touch it"


def test_every_entry_has_a_known_kind_and_kinds_fit_what_they_touch(codex):
    for f in codex.bundled_formats:
        for e in f.changelog:
            kinds = {codex.records[t].record_kind for t in e.touches}
            if e.kind in ("ban", "unban"):
                assert "ban" in kinds, f"{e.id}: a {e.kind} touches a ban entry"
            if e.kind == "ability-change":
                assert "ability" in kinds, f"{e.id}: an ability change touches an ability"
            if e.old is not None:
                assert e.kind in ("ability-change", "rule-change", "revision"), e.id


# ---------------------------------------------------------------------------------------------------------
# Word diff
# ---------------------------------------------------------------------------------------------------------


def test_word_diff_of_naval_invasion(codex):
    e = codex.records[NAVAL]
    inline = word_diff_inline(e.old, e.new)
    assert "<del>come from</del><ins>be performed by a card in</ins>" in inline
    assert "<ins> Naval Unit led by an</ins>" in inline
    assert inline.count("<del>") == 1 and inline.count("<ins>") == 2


def test_word_diff_gives_back_old_and_new():
    old, new = "a <b> & c d e", "a <b> x c e f"
    segments = diff_segments(old, new)
    assert "".join(s.old for s in segments) == old
    assert "".join(s.new for s in segments) == new
    html_out = word_diff_inline(old, new)
    assert "&lt;b&gt;" in html_out and "<b>" not in html_out
    assert (
        re.sub(r"<ins>.*?</ins>", "", html_out).replace("<del>", "").replace("</del>", "") == "a &lt;b&gt; &amp; c d e"
    )
    assert word_diff_inline("same text", "same text") == "same text"
    assert "<del>" in word_diff("x", "") and "<ins>" in word_diff("", "x")


# ---------------------------------------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------------------------------------


class _Ids(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"])


def _html(site: Path, uri: str) -> str:
    return (site / uri / "index.html").read_text(encoding="utf-8")


def _fragment(html: str, start_id: str, end_marker: str) -> str:
    i = html.index(f'id="{start_id}"')
    j = html.find(end_marker, i + 1)
    return html[i : j if j > 0 else None]


def test_naval_invasion_diff_shows_on_the_changelog_the_ability_and_the_guidelines(built_site):
    want = "<del>come from</del><ins>be performed by a card in</ins>"
    changelog = _html(built_site, "formats/obsidian-hand/changelog")
    assert want in _fragment(changelog, NAVAL, "<h2")
    abilities = _html(built_site, "formats/obsidian-hand/abilities")
    assert want in _fragment(abilities, "oh-ability-naval-invasion-history", "</ul></div>")
    guidelines = next(
        p
        for p in (built_site / "formats/obsidian-hand").glob("*/index.html")
        if 'id="oh-guidelines-player-abilities-history"' in p.read_text(encoding="utf-8")
    )
    assert want in _fragment(
        guidelines.read_text(encoding="utf-8"), "oh-guidelines-player-abilities-history", "</ul></div>"
    )


def test_every_changed_record_shows_its_history(built_site, codex):
    from l5r.site.planning.plan import page_path, plan_site

    plan = plan_site(codex)
    checked = 0
    for record in codex.records.values():
        changes = set(getattr(record, "changed_by", ()))
        if not changes or record.id not in plan.anchors:
            continue
        html = _html(built_site, page_path(plan.anchors[record.id][0]).rstrip("/"))
        block = _fragment(html, f"{record.id}-history", "</ul></div>")
        for log_id in changes:
            assert f"#{log_id}" in block, f"{record.id}'s history does not link {log_id}"
        days = re.findall(r'<time datetime="(\d{4}-\d{2}-\d{2})">', block)
        assert days == sorted(days, reverse=True), f"{record.id}: history newest first"
        checked += 1
    assert checked >= 15


def test_modern_changelog_puts_undated_updates_last_in_document_order(built_site, codex):
    html = _html(built_site, "formats/modern/changelog")
    order = [html.index(f'id="{e.id}"') for e in codex.formats["modern"].changelog if e.date is None]
    dated = html.index('id="mod-log-2015-08-16-ban-list"')
    assert dated < html.index('id="modern-undated"') < min(order)
    assert order == sorted(order)
    assert "<time" in html and "as written: <q>As of August 16, 2015</q>" in html


def test_changelog_entries_link_what_they_changed(built_site, codex):
    html = _html(built_site, "formats/obsidian-hand/changelog")
    for e in codex.formats["obsidian-hand"].changelog:
        meta = _fragment(html, e.id, "</p>")
        meta = meta[meta.index('class="l5r-change-meta"') :]
        for target in e.touches:
            assert f'#{target}"' in meta, f"{e.id} links {target}"
    # A ban update links to the list as of its day.
    ban = _fragment(html, "oh-log-2015-10-05-house-of-the-black-lion", "</p>")
    assert "bans/#as-of-2015-10-05" in ban


def test_ban_list_timeline_has_the_list_as_of_every_change(built_site, codex):
    for f in codex.bundled_formats:
        if not f.bans:
            continue
        html = _html(built_site, f"formats/{f.id}/bans")
        parser = _Ids()
        parser.feed(html)
        for day in f.bans.dates():
            anchor = f"as-of-{day.isoformat()}"
            assert anchor in parser.ids, f"{f.id}: no anchor {anchor}"
            section = _fragment(html, anchor, "<h3")
            listed = f.bans.as_of(day)
            assert f"The list as of {day.isoformat()}: {len(listed)} entr" in section
            details = section[section.index("<details") :]
            assert sorted(re.findall(r'href="#([^"]+)"', details)) == sorted(e.id for e in listed)
            for e in f.bans.entries:
                if e.added == day:
                    assert re.search(rf'added</span> <a href="#{e.id}"', section), (f.id, day, e.id)
                if e.lifted == day:
                    assert re.search(rf'lifted</span> <a href="#{e.id}"', section), (f.id, day, e.id)
        # Every table row shows its added and lifted days, linked to the timeline.
        for e in f.bans.entries:
            row = _fragment(html, e.id, "</tr>")
            for day in (e.added, e.lifted):
                if day:
                    assert f'href="#as-of-{day.isoformat()}"' in row, e.id


def test_card_pages_show_ban_history_in_every_format(built_site, codex):
    html = _html(built_site, "card/koans-jingasa")
    table = _fragment(html, "koans-jingasa-status", "</table>")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)[1:]
    from l5r.engine.deck.textcheck import checkable_format_ids

    # One row per format the legality table lists (the formats the deck checker checks), from the same entries.
    assert len(rows) == len(checkable_format_ids(codex))
    by_format = {re.search(r">([^<]+)</a>", r).group(1): r for r in rows}
    assert "banned" in by_format["Obsidian Hand"] and "lifted" not in by_format["Obsidian Hand"]
    # The lift is undated in the document, and the Codex infers no day for it either.
    assert "ban lifted" in by_format["Modern"] and "undated" in by_format["Modern"]
    assert "the Codex infers" not in by_format["Modern"] and "2015-08-16" not in by_format["Modern"]
    assert "#mod-log-koan-unban" in by_format["Modern"]
    assert "no ban list" in by_format["New Era"]
    lion = _fragment(_html(built_site, "card/house-of-the-black-lion"), "house-of-the-black-lion-status", "</table>")
    assert (
        '<time datetime="2015-10-05">2015-10-05</time>' in lion and "#oh-log-2015-10-05-house-of-the-black-lion" in lion
    )


def test_whats_new_lists_every_dated_update_newest_first(built_site, codex):
    html = _html(built_site, "whats-new")
    dated = [e for f in codex.bundled_formats for e in f.changelog if e.date]
    undated = [e for f in codex.bundled_formats for e in f.changelog if not e.date]
    days = re.findall(r'<h2 id="new-(\d{4}-\d{2}-\d{2})"', html)
    assert days == sorted({e.date.isoformat() for e in dated}, reverse=True)
    positions = {}
    for e in dated:
        positions[e.id] = html.index(f'#{e.id}"')
    ordered = sorted(dated, key=lambda e: positions[e.id])
    assert [e.date for e in ordered] == sorted((e.date for e in dated), reverse=True)
    tail = html[html.index('id="new-undated"') :]
    for e in undated:
        assert f'#{e.id}"' in tail and f'#{e.id}"' not in html[: html.index('id="new-undated"')]
    assert 'href="../feed.xml"' in html
    assert "{:" not in html and "{ ." not in html, "no attribute list left unparsed"


@pytest.mark.parametrize("fid", ["obsidian-hand", "modern", "aeg"])
def test_changelog_pages_are_newest_first_and_link_their_feed(built_site, codex, fid):
    html = _html(built_site, f"formats/{fid}/changelog")
    shown = re.findall(r'<h2 id="[^"]+">(\d{4}-\d{2}-\d{2}) —', html)
    assert len(shown) == sum(1 for e in codex.formats[fid].changelog if e.date)
    assert shown == sorted(shown, reverse=True)
    assert 'href="../feed.xml"' in html
    assert "{:" not in html and "{ ." not in html, "no attribute list left unparsed"
