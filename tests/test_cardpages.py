"""Pool card pages: legality as `l5r deck check` decides it, text rendered safely, stable slugs.

Pages are rendered by the Python function (l5r/site/cardpage/) for a sample of cards: no full-pool build.
Rules served: oh-ii-f-deck-restrictions and mod-card-legality (the legal pool), the ban lists (dated entries).
"""

from __future__ import annotations

import datetime as dt
import html
import json
import random
import re

import pytest

from l5r.data.buildday import build_day
from markupsafe import escape

from decks.support import AFTER_ALL_BANS, CACHE, codex, index, pool_dir
from l5r.data.load import load_codex
from l5r.decklist import parse_text
from l5r.engine.deck import legality
from l5r.engine.deck.report import Findings
from l5r.site.rendering import citelabel
from l5r.site.cardpage.article import CardSite
from l5r.site.cardpage.printings import load_printings
from l5r.site.cardpage.slugs import slugs
from l5r.site.cardpage.citable import write_card_links
from l5r.site.cardpage.verdicts import expand_timeline, legality_rows, segment_key, segments_script
from l5r.site.cardpage.write import write_card_pages
from l5r.site.rendering.safetext import safe_text
from conftest import run_l5r
from markup import with_row_formats, written_out

SECTION = {"Dynasty": "Dynasty", "Fate": "Fate", "Pre-Game": "Pre-Game", "Other": "Dynasty"}


@pytest.fixture(scope="module")
def card_site():
    printings = load_printings(pool_dir(), CACHE)
    return CardSite.prepare(codex(), index(), printings, today=AFTER_ALL_BANS)


def test_the_printings_read_from_the_cache_are_the_printings_read_from_the_pool(tmp_path, monkeypatch):
    """The printings are cached as a line per card, decoded when a card is first asked for (printings.py
    `printings_json`): read back in a new process they are the pool's, card for card. A file whose lines are not
    the ones it was written with (its checksum), or whose head is not such, is read from the pool again."""
    from l5r.cardpool import cache as pool_cache
    from l5r.site.cardpage import printings as kept

    fresh = kept.read_printings(pool_dir())
    monkeypatch.setattr(pool_cache, "_IN_PROCESS", {})
    load_printings(pool_dir(), tmp_path)
    reads = []
    monkeypatch.setattr(kept, "read_printings", lambda folder: reads.append(folder) or fresh)
    monkeypatch.setattr(pool_cache, "_IN_PROCESS", {})  # as a new process: from the cache file
    restored = load_printings(pool_dir(), tmp_path)
    assert reads == [] and restored.release == fresh.release and len(restored.by_identity) == len(fresh.by_identity)
    assert dict(restored.by_identity) == fresh.by_identity and list(restored.by_identity) == list(fresh.by_identity)
    assert restored.by_identity.get(("no such card", "Fate"), ()) == ()
    [stored] = tmp_path.glob("card-printings-*.json")
    document = json.loads(stored.read_text(encoding="utf-8"))
    text = document["value"]
    head, _, lines = text.partition("\n")
    some = next(k for k, v in fresh.by_identity.items() if v and v[0].get("text"))
    line = json.dumps(fresh.by_identity[some], ensure_ascii=False, separators=(",", ":"))
    assert line in lines
    for damaged in (
        text.replace(line, line.replace(fresh.by_identity[some][0]["text"][:5], "XXXXX", 1)),  # a card's text changed
        head,  # no lines
        "[]\n" + lines,
        "",
    ):
        stored.write_text(json.dumps(dict(document, value=damaged), ensure_ascii=False), encoding="utf-8")
        monkeypatch.setattr(pool_cache, "_IN_PROCESS", {})
        assert load_printings(pool_dir(), tmp_path) is fresh
    assert len(reads) == 4


def _render(card_site, identity) -> str:
    """A pool card's article as the tests read it: written out in full, with what its script adds (tests/markup.py)."""
    formats = [c.format.id for c in card_site.checks]
    return with_row_formats(written_out(card_site.render(identity)), formats, card_site.today.isoformat())


def _page_statuses(page: str) -> dict[str, str]:
    return dict(re.findall(r'<tr data-format="([^"]+)">.*?data-status="([^"]+)"', page))


def _one_card_deck(identity) -> str:
    line = identity.key.replace(" • ", " - ") if identity.experience else identity.key
    return f"{SECTION[identity.deck]}:\n1 {line}\n"


def _verdict_of(report, identity) -> str:
    """What the deck checker said about the card: the same labels the card page shows."""
    problems = {f.code for f in report.problems}
    if any(f.code == "not-checked" and "not in the card pool" in f.message for f in report.warnings):
        return legality.NOT_CHECKED
    # the card's own line: the pool tags it with the format but records none of the format's sets or bugs for it
    # ("whether it is in Modern's card pool cannot be settled"), as a promo with no legal printing
    if any(f.code == "not-checked" and f.line is not None and f.card == identity.key for f in report.warnings):
        return legality.NOT_CHECKED
    if identity.deck == "Other":
        assert "wrong-deck" in problems  # a token or proxy is in no deck (oh-ii-f-deck-restrictions)
        return legality.NOT_A_DECK_CARD
    if "banned" in problems:
        return legality.BANNED
    if "not-legal" in problems:
        return legality.NOT_LEGAL
    assert "unknown-card" not in problems, report.problems
    if report.bans == "not-stated":  # before the format's first stated ban list (Modern before 2015-08-16)
        return legality.NOT_CHECKED
    return legality.LEGAL


def test_fifty_random_pool_cards_show_the_deck_checkers_verdict(card_site):
    """Each page's verdict per format equals `DeckChecker.check` on a one-card list, today and in the past."""
    rng = random.Random(11)
    sample = rng.sample(card_site.page_identities(), 50)
    # Cards a ban list names (by card or category) make sure the sample exercises `banned` as well.
    banned = [
        i for i in card_site.index.identities if i.in_pool and any(c.applicable_bans(i) for c in card_site.checks)
    ]
    sample += rng.sample(banned, min(10, len(banned)))
    seen = set()
    for identity in sample:
        for on in (AFTER_ALL_BANS, dt.date(2014, 6, 1)):
            card_site.today = on
            shown = _page_statuses(_render(card_site, identity))
            for checker in card_site.checks:
                deck = parse_text(_one_card_deck(identity), "one card")
                if deck.cards and (
                    card_site.index.find(deck.cards[0].name, deck.cards[0].experience).identity is not identity
                    or getattr(checker._entry(deck.cards[0], Findings()), "identity", None) is not identity
                ):
                    # the one-line list names a different card (an ambiguous title; a token's title, which the
                    # checker reads as the deck card of that title: "1 Fudo" is Fudo • Experienced): not this check
                    continue
                expected = _verdict_of(checker.check(deck, on), identity)
                assert shown[checker.format.id] == expected, (identity.key, checker.format.id, on)
                seen.add(expected)
    assert {legality.LEGAL, legality.NOT_LEGAL, legality.NOT_CHECKED} <= seen


def test_the_real_cli_agrees_on_a_page(card_site, tmp_path):
    """`l5r deck check --json` (the console script) on a one-card list gives the verdict the page shows."""
    card_site.today = AFTER_ALL_BANS
    for title in ("Kakita Ibara",):
        identity = card_site.index.named(title)[0]
        deck = tmp_path / "one.txt"
        deck.write_text(_one_card_deck(identity), encoding="utf-8")
        shown = _page_statuses(_render(card_site, identity))
        for fmt in ("modern", "obsidian-hand"):
            result = run_l5r(
                "deck",
                "check",
                deck,
                "--format",
                fmt,
                "--as-of",
                AFTER_ALL_BANS.isoformat(),
                "--cardpool",
                pool_dir(),
                "--json",
            )
            report = json.loads(result.stdout)
            codes = {p["code"] for p in report["problems"]}
            expected = "banned" if "banned" in codes else "not-legal" if "not-legal" in codes else "legal"
            assert shown[fmt] == expected


def test_a_ban_shows_its_entry_and_a_timeline_for_past_dates(card_site):
    """A card on a dated ban list: its page links the ban entry and embeds the verdict per period."""
    for checker in card_site.checks:
        for ban in checker.format.bans.entries if checker.format.bans else ():
            identity = card_site.index.card(ban.card) if ban.card else None
            if identity is None or ban.added is None:
                continue
            card_site.today = ban.added
            page = _render(card_site, identity)
            assert citelabel.label(ban, card_site.codex) in html.unescape(page)  # the entry as pages cite it
            assert f"#{ban.id}" in page  # linked by its stable id
            embedded = json.loads(re.search(r'id="l5r-card-timeline"[^>]*>(.*?)</script>', page).group(1))
            timeline = expand_timeline(embedded, card_site.shared_segments())
            segments = timeline[checker.format.id]
            before = [s for s in segments if s[0] is None or s[0] < ban.added.isoformat()][-1]
            after = [s for s in segments if s[0] is None or s[0] <= ban.added.isoformat()][-1]
            assert after[1] == "banned" and ban.id in after[3]
            assert before[1] != "banned" or any(b != ban.id for b in before[3])
            return
    pytest.fail("no dated card ban in any bundled format")


def test_new_era_says_its_collection_is_not_in_the_pool(card_site):
    identity = card_site.index.named("Kakita Ibara")[0]
    page = _render(card_site, identity)
    row = re.search(r'<tr data-format="new-era">.*?</tr>', page, re.S).group(0)
    assert 'data-status="not-checked"' in row and "is not in the card pool" in row


def test_page_size_stays_small(card_site):
    """Card page HTML ≤ 40 KB: the article of the 300 longest-text cards, with the chrome's 2 KB."""
    longest = sorted(
        card_site.page_identities(), key=lambda i: -sum(len(p.get("text", "")) for p in card_site.printings_of(i))
    )[:300]
    assert max(len(card_site.render(i).encode()) for i in longest) + 2048 <= 40_000


def test_a_pool_card_page_says_each_thing_once(card_site):
    """Every pool card page repeats every byte of this markup (the site with the pool must stay under 60 MB): no
    line break between two elements, the citation's words once (in the box's code; codex.js reads the title from the h1), an
    apostrophe as itself in the legality parts. What the page shows is unchanged: title, citation, verdicts."""
    sample = card_site.page_identities()[:200]
    for identity in sample:
        page = _render(card_site, identity)
        assert ">\n<" not in page, identity.key
        assert "data-cite=" not in page and "data-title=" not in page, identity.key
        assert f"<code>CARD {escape(identity.key)}</code>" in page, identity.key
        legality = page.split('<h2 id="legality">', 1)[1].split("<dl>", 1)[0]
        assert "&#39;" not in legality, identity.key
    assert any("'s card pool" in card_site.render(i) for i in sample)


def test_a_timeline_segment_many_cards_share_is_written_once(card_site):
    """Most cards' timelines are the same few segments (a format's "bans not stated" before its list starts, the
    verdict from that day on): the date picker's script carries each once (assets/card-page.js) and a page names
    it by number, so a page's embedded timeline is a few bytes a format, not the segments' sentences again. A
    segment written out on a page is one no other card has; expanded, every timeline is the deck checker's."""
    shared = card_site.shared_segments()
    assert shared, "no segment shared by two cards"
    keys = {segment_key(s) for s in shared}
    embedded = 0
    for identity in card_site.page_identities()[:300]:
        page = _render(card_site, identity)
        found = re.search(r'id="l5r-card-timeline"[^>]*>(.*?)</script>', page)
        if not found:
            continue
        data = json.loads(found.group(1))
        embedded += 1
        for segments in data.values():
            assert all(isinstance(s, int) or segment_key(s) not in keys for s in segments), (identity.key, data)
        numbered = sum(isinstance(s, int) for segments in data.values() for s in segments)
        inline = sum(len(segment_key(s)) for segments in data.values() for s in segments if not isinstance(s, int))
        # A number per shared segment, a format's id and brackets: no sentence repeated from the shared list.
        assert len(found.group(1)) <= inline + 4 * numbered + 24 * len(data), (identity.key, found.group(1))
        rows = {r["format"].id: r for r in legality_rows(identity, card_site.checks, card_site.today)}
        for fmt, segments in expand_timeline(data, shared).items():
            assert segments == [
                [d.isoformat() if d else None, v.status, v.reason, [b.id for b in v.bans]]
                for d, v in rows[fmt]["timeline"]
            ], (identity.key, fmt)
    assert embedded, "no page in the sample embeds a timeline"
    script = segments_script(shared)
    assert script.startswith("window.__l5r_card_segments=") and json.loads(script.split("=", 1)[1][:-2]) == shared


def test_what_works_only_with_script_comes_with_the_pages_one_script(card_site):
    """A pool card page repeats every byte of its markup: "Copy citation" and the date picker's script, which
    work only with script, are not in it; its one script (assets/card-chrome.js) adds the button and loads the
    date picker's script where the page has a timeline. A record's card page, without that script, links it."""
    from l5r.site.cardpage.chrome import PAGE_JS, card_chrome_js

    for identity in card_site.page_identities()[:200]:
        page = _render(card_site, identity)
        assert "<button" not in page and PAGE_JS not in page, identity.key
        # The box's classes and data-anchor (codex.js's "Copy citation" reads it) come with the script too.
        assert '<div class="l5r-cite"><a href="#card"><code>CARD ' in page, identity.key
    script = card_chrome_js("<html><body></body></html>", "cards/search/index.html")
    assert '"Copy citation"' in script and 'getElementById("l5r-card-timeline")' in script
    assert '["article>.l5r-cite","",{"data-anchor":"card"}]' in script and '"l5r-cite__id"' in script
    assert f'"@R@{PAGE_JS}"' in script
    embedded = [
        part
        for identity in card_site.index.identities
        if identity.card_id is not None
        for part in card_site.render_embedded(identity, "../../")
        if 'id="l5r-card-timeline"' in part
    ]
    assert embedded and all(f'<script src="../../{PAGE_JS}"></script>' in part for part in embedded)


def test_a_card_page_shows_no_template_syntax(card_site):
    """A template comment written with Jinja's default `{# #}` (the Codex's are `{## ##}`) would show on every
    card page as text."""
    for identity in card_site.page_identities()[:100]:
        page = _render(card_site, identity)
        assert "{#" not in page and "#}" not in page and "{%" not in page and "{{" not in page, identity.key


# --- slugs ------------------------------------------------------------------------------------------


def test_slugs_are_unique_and_from_the_card_alone(card_site):
    slug_of = card_site.slug_of
    assert len(set(slug_of.values())) == len(slug_of)
    # Stable when the pool is refreshed: the same identities without a third of the others keep their slugs.
    identities = list(slug_of)
    kept = identities[::3]
    again = slugs(kept)
    changed = [i.key for i in kept if again[i] != slug_of[i] and not _has_twin(i, identities)]
    assert not changed


def _has_twin(identity, identities):
    base = slugs([identity])[identity]
    return sum(1 for i in identities if slugs([i])[i] == base) > 1


def test_bundled_records_keep_their_urls(card_site):
    record_cards = [i for i in card_site.index.identities if i.card_id]
    assert record_cards
    for i in record_cards:
        assert card_site.url(i) == f"card/{i.card_id}/"


# --- card text --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, wanted",
    [
        ("<b>Battle:</b> Bow :bow: a target.<br>", "<b>Battle:</b> Bow <span"),
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ('<img src=x onerror="alert(1)">', "&lt;img src=x onerror=&#34;alert(1)&#34;&gt;"),
        ('<a href="javascript:alert(1)">x</a>', "&lt;a href=&#34;javascript:alert(1)&#34;&gt;x&lt;/a&gt;"),
        ("<i>open", "<i>open</i>"),
        ("stray</b> close", "stray close"),
    ],
)
def test_card_text_keeps_only_b_i_br(text, wanted):
    out = str(safe_text(text))
    assert wanted.replace("&#34;", "&quot;") in out.replace("&#34;", "&quot;")
    assert not re.search(r"<(?!/?(b|i|br|span)\b)", out)


def test_icon_codes_are_readable_symbols():
    out = str(safe_text("Bow :bow: and :g2:"))
    assert 'role="img" aria-label="Bow"' in out and 'aria-label="2 Gold"' in out


def test_an_address_in_card_text_stays_text_and_holds_no_scheme_separator():
    """Errata quote the publisher's pages: shown as written (never a link), with no `http://` in the HTML."""
    text = 'See https://errata.example/a and <a href="http://x.example/">HTTPS://LOUD.example/</a> :bow:'
    out = str(safe_text(text))
    assert "://" not in out and "<a" not in out
    assert "https&#58;//errata.example/a" in out and "HTTPS&#58;//LOUD.example/" in out
    assert 'aria-label="Bow"' in out  # icon codes still read
    shown = html.unescape(re.sub(r"<[^>]+>", "", out))  # what a browser displays, tags aside
    assert shown.startswith('See https://errata.example/a and <a href="http://x.example/">HTTPS://LOUD.example/')


def test_a_very_long_title_gets_a_short_stable_slug():
    from l5r.cardpool import Identity

    long = Identity(key="X" * 400, title="Word " * 80, experience=None, deck="Fate")
    short = Identity(key="Kaiu Shiro", title="Kaiu Shiro", experience=None, deck="Pre-Game")
    out = slugs([long, short])
    assert out[short] == "kaiu-shiro"
    assert len(out[long]) <= 100 and out[long].startswith("word-word-")
    assert slugs([long])[long] == out[long]  # the same title gives the same URL on every build


# the site with the pool ≤ 60 MB — the chrome every card page repeats links ONE bundled stylesheet.
def test_card_pages_link_one_bundled_stylesheet(tmp_path):
    from l5r.site.cardpage import chrome
    from l5r.site.cardpage.shell import compact_shell

    (tmp_path / "assets" / "stylesheets").mkdir(parents=True)
    (tmp_path / "assets" / "stylesheets" / "main.css").write_text(".a{background:url(../images/x.png)}")
    (tmp_path / "assets" / "codex.css").write_text(".b{color:red}[data-md-color-primary=red]{--p:#e55}")
    (tmp_path / "assets" / "print.css").write_text(".print{}")
    shell = (
        '<html><head><link rel="stylesheet" href="../../assets/stylesheets/main.css">'
        '<link rel="stylesheet" href="../../assets/codex.css"><link rel="stylesheet" href="../../assets/print.css">'
        '<link rel="icon" href="../../assets/favicon.png"></head><body dir="ltr" data-md-color-primary="red"></body></html>'
    )
    head = written_out(compact_shell(shell, "Codex")[0])
    assert head.count('rel="stylesheet"') == 1 and f'href="../../{chrome.CARD_CSS}"' in head
    # The colour attributes are the shared script's to set; the stylesheet gives a page without them the same colours.
    assert '<body dir="ltr">' in head
    chrome.write_card_css(tmp_path, chrome.shell_stylesheets(shell, 2)[0], chrome.colours(shell))
    css = (tmp_path / chrome.CARD_CSS).read_text()
    assert ":is([data-md-color-primary=red],:where(body:not([data-md-color-primary]))){--p:#e55}" in css
    assert css.index(".a{") < css.index(".b{"), "the shell's cascade order is kept"
    assert "url(stylesheets/../images/x.png)" in css, "a relative url() still resolves from assets/"
    assert ".print{}" not in css, "print.css is not a card page's"


def test_a_pool_card_pages_header_search_is_styled_as_on_every_other_page(built_site):
    """A card page's header search shows the same format labels and card hits as any page: its one stylesheet holds
    the search box's rules (without them the labels ran into the titles, "Kisada SenseiSensei")."""
    css = (built_site / "assets/card-page.css").read_text(encoding="utf-8")
    for rule in (".md-search-result .l5r-result-format", ".l5r-card-hits", ".l5r-card-hit"):
        assert rule in css, rule


def test_the_site_search_card_index_holds_every_pool_card_page(built_site):
    """search/codex.js (read by the header's search box) lists every pool card page by title, each row
    leading to a page that exists; no card text, only titles and facts."""
    import json

    text = (built_site / "search" / "codex.js").read_text(encoding="utf-8")
    data = json.loads(text[len("window.__l5r_search=") :].rstrip().rstrip(";"))
    pool_rows = [r for r in data["cards"] if len(r) > 6 and r[6] == 1]
    records = set(load_codex().cards)  # the pages of the cards the documents name share the folder (card/<id>/)
    pages = [p for p in (built_site / "card").glob("*/index.html") if p.parent.name not in records]
    assert len(pool_rows) == len(pages) > 300  # the fixture pool: a few hundred cards
    from l5r.site.rendering.searchindex import slug

    for row in pool_rows:
        page = built_site / data["pool_url"].replace("{id}", row[1] or slug(row[0])) / "index.html"
        assert page.is_file(), row
    assert {"Kakita Ibara", "Questionable Market", "Glimpse of the Unicorn"} <= {r[0] for r in pool_rows}
    assert all(len(r) == 7 and all(not isinstance(v, str) or len(v) < 200 for v in r) for r in pool_rows)


@pytest.mark.realpool  # every card record in the pool, the cards the ban lists name
def test_the_codex_card_records_show_the_pools_facts_as_the_deck_checker_decides(built_site):
    """the 75 card records keep their pages (card/<id>/, where every card's page is) and gain the pool's text, printings and
    legality in every format; each verdict is what `DeckChecker.check` says of a one-card list today."""
    from decks.support import checker

    today = build_day()
    records = [i for i in index().identities if i.card_id and i.in_pool]
    assert len(records) >= 70
    checked = 0
    for identity in records:
        page = (built_site / "card" / identity.card_id / "index.html").read_text(encoding="utf-8")
        facts = page.split(f'id="{identity.card_id}-pool"', 1)[1]  # legality, then the pool's facts, then printings
        assert "In the card pool" in facts and 'id="printings"' in facts, identity.card_id
        shown = _page_statuses(facts)
        for fmt_id, status in shown.items():
            deck = parse_text(_one_card_deck(identity), "one card")
            if not deck.cards or index().find(deck.cards[0].name, deck.cards[0].experience).identity is not identity:
                continue  # the one-line list names a different card (an ambiguous title)
            assert status == _verdict_of(checker(fmt_id).check(deck, today), identity), (identity.key, fmt_id)
            checked += 1
    assert checked > 100


@pytest.mark.realpool  # every card record in the pool, the cards the ban lists name
def test_a_card_page_words_ban_dates_as_the_documents_date_them(card_site):
    """on the card pages too: Modern's "As of August 16, 2015" bans read "on the list as of", and the
    Koan lifts read undated, never as a plain day, and the Codex infers no day for them either."""
    from l5r.data import bandates

    card_site.today = AFTER_ALL_BANS
    seen = set()
    for checker in card_site.checks:
        for ban in checker.format.bans.entries if checker.format.bans else ():
            identity = card_site.index.card(ban.card) if ban.card else None
            if identity is None:
                continue
            page = html.unescape(_render(card_site, identity))
            row = next(row for row in re.findall(r"<tr[^>]*>.*?</tr>", page) if f'data-ban="{ban.id}"' in row)
            line = re.sub(r"<(?!/?t[rd]>)[^>]+>", "", row)  # the cells' words: the date's own markup gone
            added, lifted = bandates.added_statement(ban), bandates.lifted_statement(ban)
            if added and added.qualifier == "as-of":
                assert f"<td>on the list as of {added.iso}" in line, line
                seen.add("as-of")
            if lifted and lifted.qualifier == "undated":
                lifted_cell = re.findall(r"<td>(.*?)</td>", line)[3]  # Format, Status, Added, Lifted, Ban entry
                assert lifted_cell.startswith("undated") and "the Codex infers" not in lifted_cell, line
                assert not re.search(r"\d{4}-\d\d-\d\d", lifted_cell), line
                seen.add("undated")
    assert seen == {"as-of", "undated"}, seen


def test_serve_renders_a_card_page_on_request_as_the_build_writes_it(card_site, tmp_path):
    """Under `mkdocs serve` pool card pages are rendered when asked for (l5r/site/glue/mkdocs_serve.py): the bytes
    are those `write_card_pages` writes, the live server's script is added, other paths go to MkDocs. So are the
    cards' short links and card-permalinks.json, as the build writes them (a short link pasted while the
    site is served used to be a 404)."""
    from l5r.site.glue import mkdocs_serve

    head, tail = "<html><head><title>@TITLE@ - Codex</title></head><body>", "</body></html>"
    card_site.today = build_day()
    sample = card_site.page_identities()[::2000][:5]
    assert write_card_pages(tmp_path, card_site, head, tail, sample) == len(sample)
    saved = mkdocs_serve.SESSION.cards
    try:
        mkdocs_serve.set_cards(card_site, head, tail)

        class Server:  # what LiveReloadServer offers the middleware
            mount_path = "/"
            app = None

            def get_app(self):
                return lambda environ, start_response: [b"from MkDocs"]

            def set_app(self, app):
                self.app = app

            def _inject_js_into_html(self, body, epoch):
                return body.replace(b"</body>", b"<script>reload</script></body>")

        server = Server()
        mkdocs_serve.install_card_pages(server)
        for identity in sample:
            slug = card_site.slug_of[identity]
            written = (tmp_path / "card" / slug / "index.html").read_bytes()
            got = b"".join(server.app({"PATH_INFO": f"/card/{slug}/"}, lambda status, headers: None))
            assert got == written.replace(b"</body>", b"<script>reload</script></body>"), slug
        assert server.app({"PATH_INFO": "/formats/"}, lambda s, h: None) == [b"from MkDocs"]
        assert server.app({"PATH_INFO": "/card/no-such-card/"}, lambda s, h: None) == [b"from MkDocs"]
        assert server.app({"PATH_INFO": "/c/card-no-such-card/"}, lambda s, h: None) == [b"from MkDocs"]
        links = tmp_path / "links"
        assert write_card_pages(links, card_site, None, short_links=True) == len(card_site.page_identities())
        write_card_links(links, card_site, "http://127.0.0.1:8000/")
        for identity in card_site.page_identities():
            short = f"c/card-{card_site.slug_of[identity]}/"
            got = b"".join(server.app({"PATH_INFO": "/" + short}, lambda status, headers: None))
            assert got == (links / short / "index.html").read_bytes().replace(
                b"</body>", b"<script>reload</script></body>"
            ), short
        kinds: list[str] = []
        environ = {"PATH_INFO": "/card-permalinks.json", "HTTP_HOST": "127.0.0.1:8000"}
        got = b"".join(server.app(environ, lambda status, headers: kinds.append(dict(headers)["Content-Type"])))
        assert got == (links / "card-permalinks.json").read_bytes() and kinds == ["application/json"]
    finally:
        mkdocs_serve.SESSION.cards = saved


def test_theme_files_no_page_loads_are_dropped_from_the_built_site(tmp_path, built_site):
    """(site ≤ 60 MB with the pool): Material's other search languages go when the index's language is
    English alone (its worker imports them only otherwise), and source maps always; nothing else is touched."""
    from l5r.site.building.themefiles import drop_unused_theme_files

    def site(lang):
        root = tmp_path / "-".join(lang)
        (root / "search").mkdir(parents=True)
        (root / "search" / "search_index.json").write_text(json.dumps({"config": {"lang": lang}, "docs": []}))
        (root / "assets" / "javascripts" / "lunr" / "min").mkdir(parents=True)
        (root / "assets" / "javascripts" / "lunr" / "min" / "lunr.de.min.js").write_text("x" * 10)
        (root / "assets" / "javascripts" / "bundle.min.js").write_text("//# sourceMappingURL=bundle.min.js.map")
        (root / "assets" / "javascripts" / "bundle.min.js.map").write_text("y" * 5)
        return root

    english = site(["en"])
    assert drop_unused_theme_files(english) == 15
    assert not (english / "assets/javascripts/lunr").exists()
    assert not (english / "assets/javascripts/bundle.min.js.map").exists()
    assert (english / "assets/javascripts/bundle.min.js").is_file()
    german = site(["en", "de"])
    assert drop_unused_theme_files(german) == 5
    assert (german / "assets/javascripts/lunr/min/lunr.de.min.js").is_file()
    # The real build: English search, so neither is shipped (the browser search tests prove search still works).
    assert not (built_site / "assets/javascripts/lunr").exists()
    assert not list((built_site / "assets").rglob("*.map"))


def test_the_sites_own_scripts_ship_minified_and_the_codexs_made_ones_as_made(tmp_path, built_site):
    """Every page loads docs/assets' scripts, and the deck check page the checker with its card table (≤ 1.5 MB in
    all, scripts/bench_deck_browser.py): they ship without comments or indentation, and still parse. The scripts the
    Codex makes (the checker's data, the card search's) and the theme's are left as they were written."""
    import shutil
    import subprocess
    from pathlib import Path

    from l5r.site.building.ownscripts import minify_own_scripts, shipped_script
    from l5r.site.cardpage.cardsearch import WRITTEN_SCRIPTS

    docs_assets = Path(__file__).resolve().parent.parent / "docs" / "assets"
    sources = sorted(docs_assets.glob("*.js"))
    assert len(sources) >= 5
    node = shutil.which("node")
    assert node, "node is not installed (make test installs it)"
    for source in sources:
        text = source.read_text(encoding="utf-8")
        shipped = (built_site / "assets" / source.name).read_text(encoding="utf-8")
        assert shipped == shipped_script(text), source.name
        assert len(shipped) < len(text), source.name
        (tmp_path / source.name).write_text(shipped, encoding="utf-8")
        checked = subprocess.run([node, "--check", str(tmp_path / source.name)], capture_output=True, text=True)
        assert checked.returncode == 0, f"{source.name}: {checked.stderr}"
    checker = (built_site / "assets" / "deck-check.js").stat().st_size
    assert checker < 0.8 * (docs_assets / "deck-check.js").stat().st_size  # (a third of it was comments)
    # the others, as made: a made script holding a comment keeps it; running the pass again changes nothing
    site = tmp_path / "site"
    (site / "assets" / "javascripts").mkdir(parents=True)
    made = {"assets/deck-check-data.js", *WRITTEN_SCRIPTS}
    for uri in made:
        (site / uri).write_text("// made\nwindow.x = 1;\n", encoding="utf-8")
    (site / "assets" / "javascripts" / "bundle.min.js").write_text("// theme\nvar a;\n", encoding="utf-8")
    (site / "assets" / "codex.js").write_text("// why\nvar  a = 1;  // more\n", encoding="utf-8")
    assert minify_own_scripts(site, made) > 0
    assert (site / "assets" / "codex.js").read_text(encoding="utf-8") == "var a=1;\n"
    assert all((site / uri).read_text(encoding="utf-8").startswith("// made") for uri in made)
    assert (site / "assets" / "javascripts" / "bundle.min.js").read_text(encoding="utf-8").startswith("// theme")
    assert minify_own_scripts(site, made) == 0


# compact.py's shortening as first written, the reference the faster build must match: every pattern over the
# whole written-out page, and the quotes pass over every start tag.
_REFERENCE_ENDS = [
    re.compile(r"</(?:td|th)>(?=<(?:td|th|tr|/tr|/tbody|/thead|/table|tbody)[\s>])"),
    re.compile(r"</tr>(?=<(?:tr|/tbody|/thead|/table|tbody)[\s>])"),
    re.compile(r"</(?:dt|dd)>(?=<(?:dt|dd|/dl)[\s>])"),
    re.compile(r"</li>(?=<(?:li|/ul|/ol)[\s>])"),
    re.compile(r"</thead>(?=<tbody>)"),
    re.compile(r"</tbody>(?=</table>)"),
]
_REFERENCE_QUOTED = re.compile(r'(\s(?!href=|src=)[a-zA-Z][\w:-]*)="([^\s"\'=<>`&]+)"')


def _shortened_whole(markup: str) -> str:
    for pattern in _REFERENCE_ENDS:
        markup = pattern.sub("", markup)
    return re.sub(r"<[a-zA-Z][^<>]*>", lambda tag: _REFERENCE_QUOTED.sub(r"\1=\2", tag.group(0)), markup)


def test_a_pool_card_page_is_the_whole_page_shortened(card_site):
    """A pool card page's legality and ban history are shortened once per build, where they are rendered, and the
    page's own pass reads only the tags it can shorten: every fixture pool card's page is still the very markup
    of its written-out page shortened whole, every tag read."""
    identities = card_site.page_identities()
    assert len(identities) > 50
    shortened = 0
    for identity in identities:
        full = card_site.render(identity, short=False)
        page = card_site.render(identity)
        assert page == _shortened_whole(full), identity.key
        shortened += page != full
    assert shortened == len(identities)


def test_a_pool_card_page_is_written_short_as_the_same_document():
    """End tags the next tag implies and quotes a value does not need are left out (every byte is repeated on
    every pool card page); written out again, the markup is what it was, and links keep their quotes."""
    from l5r.site.cardpage.compact import compact_html

    full = (
        '<table class="l5r-legality"><thead><tr><th>Format</th><th>Status</th></tr></thead><tbody>'
        '<tr data-format="modern"><td>Modern</td><td data-status="not-legal">not legal</td></tr>'
        '<tr><td><a href="../../formats/modern/bans/#x">MOD Ban list, X</a></td><td>banned</td></tr></tbody></table>'
        '<dl class="l5r-card-facts"><dt>Type</dt><dd>Event</dd></dl><ul><li>a</li><li>b</li></ul>'
        '<p title="two words">x</p>'
    )
    short = compact_html(full)
    assert "</td>" not in short and "</tr>" not in short and "</dd>" not in short and "</li>" not in short
    assert "class=l5r-legality" in short and 'href="../../formats/modern/bans/#x"' in short
    assert 'title="two words"' in short
    assert written_out(short) == full


def _segments_as_written(timeline) -> list:
    # A segment as the page and the shared list write it, worked out here on its own.
    return [[d.isoformat() if d else None, v.status, v.reason, [b.id for b in v.bans]] for d, v in timeline]


def test_a_builds_verdicts_are_the_deck_checkers_asked_one_by_one():
    """A build reads today's verdicts from each card's timeline and counts the shared segments as tuples: the same
    verdicts as `card_legality` asked card by card, and the same shared list, numbers and page timelines as
    counting each segment's JSON (how they were first worked out), for every card of the fixture pool."""
    from l5r.site.cardpage import cardsearch
    from l5r.site.cardpage.verdicts import timeline_json

    site = CardSite.prepare(codex(), index(), load_printings(pool_dir(), CACHE), today=AFTER_ALL_BANS)
    identities = site.page_identities()
    counts: dict[str, int] = {}
    for identity in identities:
        assert site.today_verdicts(identity) == [c.card_legality(identity, site.today) for c in site.checks]
        assert cardsearch.today_statuses(site, identity) == [
            c.card_legality(identity, site.today).status for c in site.checks
        ]
        for c in site.checks:
            if len(c.card_timeline(identity)) > 1:
                for segment in _segments_as_written(c.card_timeline(identity)):
                    key = segment_key(segment)
                    counts[key] = counts.get(key, 0) + 1
    expected = [json.loads(k) for k in sorted((k for k, n in counts.items() if n > 1), key=lambda k: (-counts[k], k))]
    assert site.shared_segments() == expected and len(expected) > 1
    numbers = {segment_key(s): n for n, s in enumerate(expected)}
    written = 0
    for identity in identities:
        rows = legality_rows(identity, site.checks, site.today)
        data = {
            r["format"].id: [numbers.get(segment_key(s), s) for s in _segments_as_written(r["timeline"])]
            for r in rows
            if len(r["timeline"]) > 1
        }
        old = json.dumps(data, ensure_ascii=True, separators=(",", ":")).replace("<", "\\u003c") if data else ""
        assert timeline_json(rows, site._shared_index) == old, identity.key
        written += bool(old)
    assert written, "no card of the fixture pool has a timeline"
