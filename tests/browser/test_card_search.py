"""The card search page as a player uses it, in Chromium, online and from the offline copy: the first click on a
result opens the card, every match can be reached (100 at a time, "Show more"), the query line reads a
Scryfall-like syntax combined with the form's filters, the search is kept in the address (a link to it reproduces
it, from file:// too), a term it cannot read says so in one line, the syntax is documented on the page, and axe
finds nothing serious.

The site is built (once per variant) with a synthetic card pool written into a tmp folder: 240 made-up cards over
three made-up sets of different years, with every combination of type, clan, keyword and legality tags. What the
search should find is worked out here from the page's own card table (assets/card-index.js: types, clans,
keywords, today's verdicts and first-printing years as the build computed them), independently of the page's
script, so the test checks the query language, not the data.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import quote_plus, urljoin

import pytest
import yaml

from .conftest import ROOT, is_local

pytestmark = pytest.mark.browser

# Real set names (the formats' legal sets are named sets) with made-up cards and release dates.
SETS = [("Imperial Edition", "1996-05-01", "imperial_edition"), ("Samurai Edition", "2008-03-01", "samurai_edition"),
        ("A Line in the Sand", "2014-09-01", "a_line_in_the_sand")]
TYPES = [("Personality", "Dynasty"), ("Holding", "Dynasty"), ("Strategy", "Fate"), ("Item", "Fate")]
CLANS = ["Crab", "Crane", "Lion", "Unicorn"]
KEYWORDS = [["Duelist", "Samurai"], ["Courtier"], ["Samurai"]]
TAGS = [["Legacy"], []]
PAGE = 100


def synthetic_pool(folder: Path) -> Path:
    (folder / "sets").mkdir(parents=True)
    by_set: dict[int, list] = {n: [] for n in range(len(SETS))}
    for n in range(240):  # types, clans, keywords and tags in every combination, spread over the three sets
        s, t, c, k, g = (n // 4 + n // 48) % 3, n % 4, n // 4 % 4, n // 16 % 3, n // 48 % 2
        kind, deck = TYPES[t]
        by_set[s].append({"title": f"Zzyx {CLANS[c]} {kind} {n:03d}", "types": [kind], "decks": [deck],
                          "clans": [CLANS[c]], "keywords": KEYWORDS[k] + [f"{CLANS[c]} Clan"],
                          "is_unique": n % 2 == 0, "text": "Made-up text.", "legality": TAGS[g],
                          "rarity": "Common", "artist": "Test Artist"})
    for s, (name, _, file) in enumerate(SETS):
        (folder / "sets" / f"{file}.yaml").write_text(yaml.safe_dump({"set": name, "cards": by_set[s]}),
                                                      encoding="utf-8")
    (folder / "set_info.yaml").write_text(yaml.safe_dump({"arcs": [{"name": "Test", "sets": [
        {"set_name": name, "release_date": date} for name, date, _ in SETS]}]}), encoding="utf-8")
    return folder


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="module")
def pool(tmp_path_factory) -> Path:
    return synthetic_pool(tmp_path_factory.mktemp("search-pool") / "pool")


def _env(pool: Path) -> dict:
    return dict(os.environ, NO_MKDOCS_2_WARNING="1", L5R_CARDPOOL=str(pool), L5R_CACHE_DIR=str(pool.parent / "cache"))


@pytest.fixture(scope="module", params=["online", "offline"])
def search_site(request, pool, tmp_path_factory):
    """(kind, URL of the card search page, the built folder)."""
    out = tmp_path_factory.mktemp(request.param) / "site"
    config = "mkdocs.yml" if request.param == "online" else "mkdocs.offline.yml"
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / config),
                             "--site-dir", str(out)], cwd=ROOT, env=_env(pool), capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    if request.param == "offline":
        yield "offline", (out / "cards" / "search.html").as_uri(), out
        return
    handler = functools.partial(_Quiet, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield "online", f"http://127.0.0.1:{server.server_address[1]}/cards/search/", out
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def table(search_site) -> dict:
    """The page's card table, as the build wrote it."""
    text = (search_site[2] / "assets" / "card-index.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("=") + 1:].rstrip().rstrip(";"))


@pytest.fixture
def page(browser, search_site):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    outside, errors = [], []

    def route(r):
        if is_local(r.request.url):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    tab = context.new_page()
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield tab
    context.close()
    assert not outside, f"requests left the machine: {outside}"
    assert not errors, f"script errors: {errors}"


def open_search(page, search_site, query: str | None = None):
    url = search_site[1] + (f"?q={quote_plus(query)}" if query is not None else "")
    page.goto(url, wait_until="load")
    page.wait_for_function("() => document.getElementById('l5r-count').textContent.length > 0")
    return page


def shown(page) -> list[str]:
    return page.eval_on_selector_all("#l5r-results a", "links => links.map(a => a.href)")


def total(page) -> int:
    match = re.match(r"(\d+) cards?", page.locator("#l5r-count").inner_text())
    assert match, page.locator("#l5r-count").inner_text()
    return int(match.group(1))


# -----------------------------------------------------------------------------------------------------------------
# The expected answers, from the card table alone
# -----------------------------------------------------------------------------------------------------------------

def fold(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower().replace("'", "").replace("’", "")).strip()


def expected(table: dict, base: str, *, types=(), clans=(), keywords=(), legal=(), not_legal=(), banned=(), year_below=None,
             title=None, not_types=(), words=()) -> list[str]:
    """The addresses (from the page at `base`) of the cards matching every condition, in the table's order."""
    status = table["status"]
    formats = [f[0] for f in table["formats"]]

    def verdict(card, fmt):
        return status[card[8][formats.index(fmt)]]

    out = []
    for card in table["cards"]:
        ctypes = {table["types"][t] for t in card[3]}
        cclans = {table["clans"][c] for c in card[4]}
        ckws = {table["keywords"][k] for k in card[6]}
        if any(t not in ctypes for t in types) or any(t in ctypes for t in not_types):
            continue
        if any(c not in cclans for c in clans) or any(k not in ckws for k in keywords):
            continue
        if any(verdict(card, f) != "legal" for f in legal):
            continue
        if any(verdict(card, f) not in ("banned", "not-legal", "not-a-deck-card") for f in not_legal):
            continue
        if any(verdict(card, f) != "banned" for f in banned):
            continue
        if year_below is not None and not (0 < card[9] < year_below):
            continue
        if title is not None and fold(card[0]) != fold(title):
            continue
        if any(not re.search(r"(^| )" + re.escape(w), fold(card[0] + " " + card[1])) for w in words):
            continue
        out.append(urljoin(base, table["root"] + card[2]))
    return out


def all_results(page) -> list[str]:
    """Every result, pressing "Show more" until the list is complete."""
    more = page.locator("#l5r-more")
    while more.is_visible():
        before = len(shown(page))
        more.click()
        page.wait_for_function("n => document.querySelectorAll('#l5r-results a').length > n", arg=before)
    return shown(page)


# -----------------------------------------------------------------------------------------------------------------
# The tests
# -----------------------------------------------------------------------------------------------------------------

def test_first_click_on_a_result_opens_the_card(page, search_site, table):
    """Typing in the box, then clicking a result (the box loses focus on the way) opens that card at once."""
    open_search(page, search_site)
    page.locator("#l5r-q").click()
    page.keyboard.type("zzyx crab")
    wanted = expected(table, search_site[1], words=["zzyx", "crab"])
    page.wait_for_function("() => [...document.querySelectorAll('#l5r-results a')].slice(0, 3)"
                           ".every(a => a.textContent.startsWith('Zzyx Crab'))")
    link = page.locator("#l5r-results a").nth(2)
    href = link.evaluate("a => a.href")
    assert href in wanted
    with page.expect_navigation(timeout=5000):
        link.click()
    assert page.url == href
    assert "Zzyx Crab" in page.locator("h1").inner_text()


def test_every_match_can_be_reached_page_by_page(page, search_site, table):
    """No cap: 100 results at first, then 100 more per "Show more" until all are listed."""
    open_search(page, search_site)
    everything = expected(table, search_site[1])
    assert len(everything) > 2 * PAGE, "the pool should be larger than two pages"
    assert total(page) == len(everything)
    assert len(shown(page)) == PAGE
    assert page.locator("#l5r-more").is_visible()
    assert all_results(page) == everything
    assert not page.locator("#l5r-more").is_visible()


QUERIES = [
    ("t:personality c:crab", dict(types=["Personality"], clans=["Crab"])),
    ("t:personality c:crab k:duelist f:modern -f:oh",
     dict(types=["Personality"], clans=["Crab"], keywords=["Duelist"], legal=["modern"], not_legal=["obsidian-hand"])),
    ("k:courtier year<2010", dict(keywords=["Courtier"], year_below=2010)),
    ("-t:personality c:lion f:oh", dict(not_types=["Personality"], clans=["Lion"], legal=["obsidian-hand"])),
    ("banned:oh", dict(banned=["obsidian-hand"])),
    ("unicorn item", dict(words=["unicorn", "item"])),
    ('"Zzyx Crane Holding 021"', dict(title="Zzyx Crane Holding 021")),
]


@pytest.mark.parametrize("query,conditions", QUERIES, ids=[q for q, _ in QUERIES])
def test_query_syntax_finds_what_it_says(page, search_site, table, query, conditions):
    open_search(page, search_site)
    page.locator("#l5r-q").fill(query)
    wanted = expected(table, search_site[1], **conditions)
    assert wanted, f"{query!r}: the synthetic pool should hold matches"
    page.wait_for_function("n => document.getElementById('l5r-count').textContent.startsWith(n + ' card')",
                           arg=len(wanted), timeout=5000)
    assert all_results(page) == wanted
    assert not page.locator("#l5r-query-error").is_visible()


def test_query_combines_with_the_form_and_is_kept_in_the_address(page, search_site, table):
    """The query line and the form's selects narrow each other; the address holds both, and opening that address
    (a shared link; from disk too) shows the same list."""
    open_search(page, search_site)
    page.locator("#l5r-q").fill("k:samurai year<2010")
    page.select_option("#l5r-type", label="Holding")
    page.select_option("#l5r-format", label="Modern")
    wanted = expected(table, search_site[1], keywords=["Samurai"], year_below=2010, types=["Holding"], legal=["modern"])
    assert wanted
    page.wait_for_function("n => document.getElementById('l5r-count').textContent.startsWith(n + ' card')",
                           arg=len(wanted))
    assert all_results(page) == wanted
    address = page.evaluate("location.href")
    assert "q=k%3Asamurai+year%3C2010" in address and "type=Holding" in address and "legal=modern" in address
    again = page.context.new_page()
    again.goto(address, wait_until="load")
    again.wait_for_function("() => document.getElementById('l5r-count').textContent.length > 0")
    assert again.locator("#l5r-q").input_value() == "k:samurai year<2010"
    assert all_results(again) == wanted


def test_a_term_it_cannot_read_says_so(page, search_site, table):
    open_search(page, search_site, "c:crab f:nowhere")
    error = page.locator("#l5r-query-error")
    assert error.is_visible()
    assert "nowhere" in error.inner_text() and "\n" not in error.inner_text().strip()
    # The rest of the query still applies.
    assert total(page) == len(expected(table, search_site[1], clans=["Crab"]))


def test_the_syntax_is_documented_on_the_page(page, search_site, axe_source):
    open_search(page, search_site)
    helpblock = page.locator("details.l5r-query-help")
    helpblock.locator("summary").click()
    text = helpblock.inner_text()
    for term in ("t:personality", "c:crab", "k:duelist", "f:modern", "-f:oh", "banned:oh", "year<2012", '"'):
        assert term in text, f"the help block should explain {term}: {text}"
    assert "first printing" in text
    page.add_script_tag(content=axe_source)
    result = page.evaluate("axe.run(document, {resultTypes: ['violations'], preload: false})")
    serious = [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in result["violations"]
               if v["impact"] in ("serious", "critical")]
    assert not serious, serious
