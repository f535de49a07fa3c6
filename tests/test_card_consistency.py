"""One answer per card: for every card page, every format and every stated date, the legality table, the ban
history, the date picker's data, the card search's data and the deck checker agree.

The deck checker is asked as `l5r deck check` asks it (l5r/engine/deck/legality.py: `DeckChecker.card_legality`,
the verdict `check()` reaches for a deck holding the one card, on a checker of its own); for the fixture pool also
by `check()` on a one-card list. The dates: today (the build's day), and for each format the day before and the day
of every change of a ban that applies to the card, and the day the format's ban list is stated from.

Walked: every card page of the built site with the fixture pool (tests/conftest.py `project_site`: the pool's cards
and the cards the documents name, as written), and every card page of the real pool (`realpool`), rendered by the
function the build writes them with (`card_page_html`, and `render_embedded` for the cards the documents name).
Rules served: the format's ban list entries (by card and by category, e.g. oh-ban-unreleased-promos) and its legal
card pool (oh-ii-f-deck-restrictions, mod-card-legality).
"""

from __future__ import annotations

import datetime as dt
import functools
import html
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from l5r.cardpool import Identity, load_index
from l5r.data.load import load_codex
from l5r.decklist import parse_text
from l5r.engine.deck import DeckChecker, legality
from l5r.site.cardpage.article import CardSite
from l5r.site.cardpage.printings import load_printings
from l5r.site.cardpage.verdicts import checkers, expand_timeline
from l5r.site.cardpage.write import card_page_html
from l5r.site.cardpage.cardsearch import index_document

from conftest import FIXTURE_POOL, real_pool
from markup import with_row_formats, written_out
from poolwalk import at_least, sampling, targets

_ROW = re.compile(r'<tr data-format="([^"]+)"><td>[^<]*</td><td data-status="([^"]+)">[^<]*</td><td>(.*?)</td></tr>')
_HASH = re.compile(r'href="[^"#]*#([^"]+)"')
_HISTORY = re.compile(r"<table data-l5r-bans>.*?</table>", re.S)
_HISTORY_ROW = re.compile(r'<tr(?: data-ban="([^"]+)")?><td>(?:<a [^>]*>)?([^<]+)(?:</a>)?</td><td>([^<]+)</td>')
_TIMELINE = re.compile(r'<script type="application/json" id="l5r-card-timeline" data-today="([^"]+)">(.*?)</script>')


@dataclass
class CardPage:
    """What one card page says, read from its HTML."""

    table: dict[str, tuple[str, list[str]]] = field(default_factory=dict)  # format id -> (status, ban ids)
    history: dict[str, list[tuple[str | None, str]]] = field(default_factory=dict)  # format name -> (ban, status)
    has_history: bool = False
    timeline: dict[str, list] = field(default_factory=dict)  # format id -> [[from, status, reason, ban ids]]


# What the patterns here read of a page, in either spelling: its two tables of verdicts (the legality table, the
# ban history; not the printings table, which no pattern here reads and which differs from card to card), the
# date picker's data and the sentence a page without a ban history says instead.
_READ = re.compile(
    r"<table\b[^>]*?(?:\bclass=\"?l5r-legality\b|\bdata-l5r-bans\b)[^>]*>.*?</table>"
    r"|<script\b[^>]*\bid=\"?l5r-card-timeline\b[^>]*>.*?</script>"
    r"|No format's ban list names this card\.",
    re.S,
)


@functools.lru_cache(maxsize=4096)
def _written_out(read: str) -> str:
    # Most cards' verdicts read the same as many others' (legal everywhere, not legal in a format): the parts read
    # are written out once per text, not once per page.
    return written_out(read)


def _as_scripted(card_site: CardSite, page: str) -> str:
    """A card page as the patterns here read it: written out in full, with what its script adds (tests/markup.py).
    Only the parts they read are written out: writing out the whole of every page of the real pool was half
    of the walk's time."""
    formats = [c.format.id for c in card_site.checks]
    read = "\n".join(m.group(0) for m in _READ.finditer(page))
    return with_row_formats(_written_out(read), formats, card_site.today.isoformat())


def read_card_page(page: str, shared: list | None = None) -> CardPage:
    """`shared`: the build's shared timeline segments (CardSite.shared_segments), which the page names by number."""
    out = CardPage()
    for fmt, status, why in _ROW.findall(page):
        out.table[fmt] = (status, _HASH.findall(why))
    found = _HISTORY.search(page)
    out.has_history = found is not None or "No format's ban list names this card." in page
    if found:
        for ban, name, status in _HISTORY_ROW.findall(found.group(0)):
            out.history.setdefault(html.unescape(name), []).append((ban or None, status))
    timeline = _TIMELINE.search(page)
    if timeline:
        out.timeline = expand_timeline(json.loads(timeline.group(2)), shared or [])
    return out


def _segment(segments: list, day: dt.date) -> list:
    """The date picker's segment for `day`: the last whose first day is not after it (card-page.js's choice)."""
    chosen = segments[0]
    for segment in segments:
        if segment[0] is None or dt.date.fromisoformat(segment[0]) <= day:
            chosen = segment
    return chosen


def stated_dates(checker: DeckChecker, identity: Identity, today: dt.date) -> list[dt.date]:
    days = {today, dt.date(1995, 1, 1)}
    for ban in checker.applicable_bans(identity):
        for day in (ban.added, ban.lifted):
            if day is not None:
                days |= {day, day - dt.timedelta(days=1)}
    bans = checker.format.bans
    if bans is not None and bans.stated_from is not None:
        days |= {bans.stated_from, bans.stated_from - dt.timedelta(days=1)}
    return sorted(days)


def disagreements(
    card_site: CardSite,
    identity: Identity,
    page: str,
    search_statuses: list[str] | None,
    deck_checkers: list[DeckChecker],
    one_card_check: Callable[[DeckChecker, Identity, dt.date], str | None] | None = None,
) -> list[str]:
    """Every way this card's page, its card search row and the deck checker disagree (empty: none)."""
    seen = read_card_page(page, card_site.shared_segments())
    problems = []
    today = card_site.today
    if not seen.has_history:
        problems.append("no ban history")
    names = {c.format.id: c.format.short_name for c in deck_checkers}
    if identity.in_pool and set(seen.table) != set(names):
        problems.append(f"the legality table lists {sorted(seen.table)}, not every format {sorted(names)}")
    for n, checker in enumerate(deck_checkers):
        fmt = checker.format.id
        now = checker.card_legality(identity, today)
        applicable = {b.id for b in checker.applicable_bans(identity)}
        if seen.table:
            shown = seen.table.get(fmt)
            if shown is None or shown[0] != now.status or shown[1] != [b.id for b in now.bans]:
                problems.append(f"{fmt}: table {shown} != deck checker {now.status} {[b.id for b in now.bans]}")
        if search_statuses is not None and search_statuses[n] != now.status:
            problems.append(f"{fmt}: card search {search_statuses[n]} != deck checker {now.status}")
        rows = seen.history.get(names[fmt], [])
        listed = {ban for ban, _ in rows if ban}
        if listed != applicable:
            problems.append(f"{fmt}: ban history {sorted(listed)} != the bans that apply {sorted(applicable)}")
        for day in stated_dates(checker, identity, today):
            verdict = checker.card_legality(identity, day)
            if not listed >= {b.id for b in verdict.bans}:
                problems.append(f"{fmt} {day}: banned by {[b.id for b in verdict.bans]}, not all in the history")
            if verdict.status == legality.BANNED and any(status == "not on the ban list" for _, status in rows):
                problems.append(f"{fmt} {day}: banned, and the history says not on the ban list")
            if fmt in seen.timeline:
                segment = _segment(seen.timeline[fmt], day)
                if segment[1] != verdict.status or segment[3] != [b.id for b in verdict.bans]:
                    problems.append(
                        f"{fmt} {day}: date picker {segment[1]} {segment[3]} != deck checker {verdict.status}"
                    )
            elif seen.table and verdict.status != now.status:
                problems.append(
                    f"{fmt} {day}: the page has no date picker data, the deck checker says "
                    f"{verdict.status} (today {now.status})"
                )
            if one_card_check is not None:
                checked = one_card_check(checker, identity, day)
                if checked is not None and checked != verdict.status:
                    problems.append(
                        f"{fmt} {day}: check() of a one-card list says {checked}, card_legality {verdict.status}"
                    )
    return problems


# -- the deck checker's whole check of a one-card list -----------------------------------------------------------

_SECTION = {"Dynasty": "Dynasty", "Fate": "Fate", "Pre-Game": "Pre-Game", "Other": "Dynasty"}


def one_card_check(checker: DeckChecker, identity: Identity, day: dt.date) -> str | None:
    """The verdict `check()` gives a deck list holding only this card on `day`, in card_legality's words; None
    when the one line names another card (an ambiguous title)."""
    line = identity.key.replace(" • ", " - ") if identity.experience else identity.key
    deck = parse_text(f"{_SECTION.get(identity.deck, 'Dynasty')}:\n1 {line}\n", "one card")
    if not deck.cards or checker.index.find(deck.cards[0].name, deck.cards[0].experience).identity is not identity:
        return None
    report = checker.check(deck, day)
    codes = {p.code for p in report.problems}
    if any(w.code == "not-checked" for w in report.warnings) or report.bans == "not-stated":
        return None  # the report says what it could not check; card_legality's reason says the same per card
    if identity.deck == "Other":
        return legality.NOT_A_DECK_CARD
    if "banned" in codes:
        return legality.BANNED
    if "not-legal" in codes:
        return legality.NOT_LEGAL
    return legality.LEGAL


# -- the built site with the fixture pool ------------------------------------------------------------------------


def _search_statuses(site: Path) -> dict[str, list[str]]:
    """assets/card-index.js: the card search's today's verdicts, by the card's page address."""
    text = (site / "assets" / "card-index.js").read_text(encoding="utf-8")
    data = json.loads(text[len("window.__l5r_cards=") :].rstrip().rstrip(";"))
    return {row[2]: [data["status"][v] for v in row[8]] for row in data["cards"]}


def test_every_card_page_of_the_fixture_pool_gives_one_answer(built_site):
    """Every card/<slug>/ page of the built site (the fixture pool's, and the cards the documents name)."""
    codex = load_codex()
    index = load_index(FIXTURE_POOL, codex.cards)
    card_site = CardSite.prepare(codex, index, load_printings(FIXTURE_POOL))
    search = _search_statuses(built_site)
    today = dt.date.fromisoformat(
        json.loads(
            (built_site / "assets" / "card-index.js")
            .read_text(encoding="utf-8")[len("window.__l5r_cards=") :]
            .rstrip()
            .rstrip(";")
        )["as_of"]
    )
    card_site.today = today
    deck_checkers = checkers(codex, index)  # checkers of their own: the pages' are not asked again
    pages = {p.parent.name: p for p in (built_site / "card").glob("*/index.html")}
    walked, problems = 0, {}
    for identity in [*card_site.page_identities(), *(i for i in index.identities if i.card_id)]:
        url = card_site.url(identity)
        slug = url.split("/")[1]
        page = _as_scripted(card_site, pages.pop(slug).read_text(encoding="utf-8"))
        found = disagreements(card_site, identity, page, search.get(url), deck_checkers, one_card_check)
        if found:
            problems[identity.key] = found
        walked += 1
    assert not pages, f"card pages no identity has: {sorted(pages)[:5]}"
    assert walked > 700 and not problems, dict(list(problems.items())[:10])


@pytest.mark.realpool
def test_every_card_page_of_the_real_pool_gives_one_answer():
    """Every pool card's page as the build writes it (`card_page_html`), and the pool's parts of the pages of the
    cards the documents name (`render_embedded`, with their ban history), against the deck checker."""
    pool = real_pool()
    codex = load_codex()
    index = load_index(pool, codex.cards)
    card_site = CardSite.prepare(codex, index, load_printings(pool))
    doc = index_document(card_site)
    search = {row[2]: [doc["status"][v] for v in row[8]] for row in doc["cards"]}
    deck_checkers = checkers(codex, index)
    walked, problems = 0, {}
    # (every card, or the quick loop's sample: tests/poolwalk.py)
    walking = set(targets(index))
    for identity in (i for i in card_site.page_identities() if not sampling() or i in walking):
        page = _as_scripted(card_site, card_page_html(card_site, identity, "", ""))
        found = disagreements(card_site, identity, page, search.get(card_site.url(identity)), deck_checkers)
        if found:
            problems[identity.key] = found
        walked += 1
    for identity in (i for i in targets(index) if i.card_id and i.in_pool):
        page = "".join(card_site.render_embedded(identity, "../../"))
        found = disagreements(card_site, identity, page, search.get(card_site.url(identity)), deck_checkers)
        if found:
            problems[identity.key] = found
        walked += 1
    assert walked > at_least(13_000, index) and not problems, dict(list(problems.items())[:10])


def test_the_walk_finds_a_page_that_contradicts_itself():
    """The walk fails on the contradiction players met (Keigo Sensei: banned in OH by the Unreleased Cards/Promos
    category, and "not on the ban list" in its history) and on a card search row or date picker that disagrees."""
    codex = load_codex()
    index = load_index(FIXTURE_POOL, codex.cards)
    card_site = CardSite.prepare(codex, index, load_printings(FIXTURE_POOL), today=dt.date(2020, 1, 1))
    keigo = index.card("keigo-sensei")
    deck_checkers = checkers(codex, index)
    page = "".join(card_site.render_embedded(keigo, "../../"))
    statuses = [c.card_legality(keigo, card_site.today).status for c in deck_checkers]
    assert disagreements(card_site, keigo, page, statuses, deck_checkers) == []
    history = _HISTORY.search(page).group(0)
    said = "<tr><td>Obsidian Hand</td><td>not on the ban list</td></tr>"
    contradicting = page.replace(history, re.sub(r'<tr data-ban="oh-ban-unreleased-promos">.*?</tr>', said, history))
    assert any("ban history" in p for p in disagreements(card_site, keigo, contradicting, statuses, deck_checkers))
    wrong_search = ["legal" if s == "banned" else s for s in statuses]
    assert any("card search" in p for p in disagreements(card_site, keigo, page, wrong_search, deck_checkers))
    assert any(
        "table" in p
        for p in disagreements(
            card_site, keigo, page.replace('data-status="banned"', 'data-status="legal"', 1), statuses, deck_checkers
        )
    )


# -- one name for each card, on its page and nowhere else ---------------------------------------------------------

_PAGE_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_HEADING = re.compile(r"<h1[^>]*>(.*?)</h1>", re.S)


def card_page_names(site: Path) -> tuple[dict[str, list[str]], list[str]]:
    """Every card page's name, as its title (before " - " and the site's name) and its heading say it: name -> the
    pages' folders; and the pages whose title and heading name the card differently."""
    names: dict[str, list[str]] = {}
    unlike = []
    for page in sorted((site / "card").glob("*/index.html")):
        text = page.read_text(encoding="utf-8")
        title = html.unescape(_PAGE_TITLE.search(text).group(1)).rsplit(" - ", 1)[0].strip()
        heading = html.unescape(re.sub(r"<[^>]+>", "", _HEADING.search(text).group(1))).replace("¶", "").strip()
        if title != heading:
            unlike.append(f"{page.parent.name}: title {title!r}, heading {heading!r}")
        names.setdefault(heading, []).append(page.parent.name)
    return names, unlike


def test_every_card_page_names_its_card_alike_in_its_title_and_heading_and_no_other_page_so(built_site):
    """A card page's title (the browser's tab, a shared link's preview) and its heading give the card one name, the
    pool's (as the deck checker and the card search give it: "Hida Kisada • Experienced", "Hida Kisada (Imperial)"),
    and no two card pages give one name: two cards of one title are told apart by it (oh-ii-f: such cards are
    separate cards)."""
    names, unlike = card_page_names(built_site)
    shared = {name: pages for name, pages in names.items() if len(pages) > 1}
    assert len(names) > 700 and not unlike and not shared, (unlike[:5], dict(list(shared.items())[:5]))
