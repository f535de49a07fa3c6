"""The card search page (cards/search/) and, when a card pool is given, every pool card's page.

The search page is an ordinary MkDocs page (its chrome is the shell of every card page, l5r/site/cardpage/);
its data is assets/card-index.js: a compact table of every card (title, experience, URL, type, clan, deck,
keywords, today's verdict per format) loaded by a script tag, so it works from file:// as well.
"""

from __future__ import annotations

import hashlib
import html as _html
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote_plus

from ...cardpool import Identity, load_index
from ...data.lastanswer import LastAnswer
from ...data.safefile import write_if_changed
from ...cardpool.names import reading_words
from ...engine.deck import legality
from ...progress import status_line
from ..rendering import searchindex
from ..rendering.cardlinks import CARD_DIR
from .article import CardSite
from . import keptpages
from .chrome import CHROME_JS, PAGE_JS
from .printings import PoolPrintings, load_printings
from .recordfacts import write_record_facts
from .shell import card_page_shell
from .verdicts import segments_script
from .write import write_card_pages

PAGE_URI = "cards/search.md"
SYNTAX_URI = "cards/syntax.md"
SCRIPT_URI = "assets/card-search.js"
INDEX_FILE = "assets/card-index.js"
PAGE_SCRIPT_URI = PAGE_JS  # the date picker's (a pool card page's card-chrome.js loads it)
_THEME = Path(__file__).parents[1] / "theme"
PAGE_SCRIPT = (_THEME / "card-page.js").read_text(encoding="utf-8")
# The query language (card-query.js: its grammar, parser and evaluator, tested under Node) and the page's script, in
# one file: one request.
QUERY_SCRIPT = (_THEME / "card-query.js").read_text(encoding="utf-8")
SCRIPT = QUERY_SCRIPT + (_THEME / "card-search.js").read_text(encoding="utf-8")

# The orders of the form's Sort list (the query's sort: knows these and their short names): value, label.
SORT_CHOICES = (
    ("", "name"),
    ("year", "first printing"),
    ("force", "force"),
    ("chi", "chi"),
    ("focus", "focus"),
    ("gold_cost", "gold cost"),
    ("personal_honor", "personal honor"),
    ("honor_requirement", "honor requirement"),
    ("province_strength", "province strength"),
)


def page_markdown(directory_urls: bool = True) -> str:
    """The card search page: the query box, the form's filters and order, and the list."""
    root = "../../" if directory_urls else "../"
    syntax = "../syntax/" if directory_urls else "syntax.html"
    sorts = "".join(f'<option value="{value}">{label}</option>' for value, label in SORT_CHOICES)
    return f"""---
title: Card search
search:
  exclude: true
---

# Card search

<form class="l5r-card-search" role="search" onsubmit="return false;">
<p class="l5r-card-search__query"><label for="l5r-q">Search</label> <input id="l5r-q" type="search" autocomplete="off" spellcheck="false" aria-describedby="l5r-query-help" placeholder="e.g. Kakita Ibara or c:crab force>=3"></p>
<p id="l5r-query-error" class="l5r-query-error" role="alert" hidden></p>
<p id="l5r-query-help" class="l5r-query-help">Words find titles; <code>t:</code> type, <code>c:</code> clan,
<code>k:</code> keyword, <code>o:</code> card text, <code>e:</code> set, <code>f:</code> legal in a format,
<code>force&gt;=3</code>, <code>cost&lt;5</code>, <code>year&lt;2012</code>, <code>OR</code>, <code>( )</code>,
<code>-</code> to leave out, <code>sort:force</code>. <a href="{syntax}">Search syntax</a></p>
<p><label for="l5r-type">Type</label> <select id="l5r-type"><option value="">any</option></select>
<label for="l5r-clan">Clan</label> <select id="l5r-clan"><option value="">any</option></select>
<label for="l5r-deck">Deck</label> <select id="l5r-deck"><option value="">any</option></select>
<label for="l5r-kw">Keyword</label> <input id="l5r-kw" type="text" list="l5r-kws" autocomplete="off"><datalist id="l5r-kws"></datalist></p>
<p><label for="l5r-format">Legal in</label> <select id="l5r-format"><option value="">any format</option></select>
<label for="l5r-notformat">not legal in</label> <select id="l5r-notformat"><option value="">—</option></select>
<label><input id="l5r-banned" type="checkbox"> banned in some format</label>
<label><input id="l5r-unique" type="checkbox"> unique only</label></p>
<p><label for="l5r-sort">Sort by</label> <select id="l5r-sort">{sorts}</select>
<label for="l5r-dir">order</label> <select id="l5r-dir"><option value="">ascending</option><option value="desc">descending</option></select></p>
</form>
<p id="l5r-count" role="status" aria-live="polite"></p>
<ul id="l5r-results" class="l5r-card-results"></ul>
<p><button id="l5r-more" class="md-button" type="button" hidden>Show more</button></p>

<script src="{root}assets/title-match.js"></script>
<script src="{root}assets/card-index.js"></script>
<script src="{root}assets/card-search.js"></script>
"""


# The syntax reference (cards/syntax/): every key the query language knows (card-query.js KEYS; the tests hold the
# two equal), what it finds and an example.
SYNTAX_ROWS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("t", "type"), "cards of a type", "t:personality"),
    (
        ("c", "clan"),
        ('cards of a clan (the clan, not the keyword: <code>c:crab</code>; the keyword is <code>k:"crab clan"</code>)'),
        "c:crab",
    ),
    (("k", "kw", "keyword"), "cards with a keyword", "k:duelist"),
    (("d", "deck"), "cards of a deck: dynasty, fate, pre-game", "d:fate"),
    (
        ("o", "text", "oracle"),
        "cards whose text has these words (each starting a word of the text; quote a phrase)",
        'o:"bow a target"',
    ),
    (("e", "s", "set", "edition"), "cards printed in a set: its name, or the start of a word of it", "e:ivory"),
    (
        ("f", "legal", "format"),
        (
            "cards legal today in a format: <code>oh</code>, <code>ne</code>, "
            "<code>mod</code>, <code>aeg</code> or its name; <code>-f:oh</code> cards not legal "
            "there (a card whose legality cannot be checked there is neither)"
        ),
        "f:modern -f:oh",
    ),
    (("banned",), "cards on a format's ban list today; <code>banned:any</code> in any format", "banned:oh"),
    (("is",), "<code>is:unique</code>: unique cards", "is:unique"),
    (("year",), "the year of the card's <strong>first printing</strong>", "year<2012"),
    (("force",), "Force", "force>=3"),
    (("chi",), "Chi", "chi<2"),
    (("focus",), "Focus value", "focus=3"),
    (("cost", "gold", "gc"), "Gold cost", "cost<=4"),
    (("ph", "honor"), "Personal honor", "ph>=3"),
    (("hr", "req"), "Honor requirement", "hr<5"),
    (("ps", "province"), "Province strength", "ps>6"),
    (
        ("sort", "order"),
        (
            "the list's order: <code>name</code> (the default), <code>year</code>, or a stat: "
            "<code>force</code> <code>chi</code> <code>focus</code> <code>cost</code> <code>ph</code> "
            "<code>hr</code> <code>ps</code> (cards without it last)"
        ),
        "t:personality sort:force dir:desc",
    ),
    (("dir", "direction"), "<code>asc</code> or <code>desc</code>", "sort:cost dir:desc"),
)


def syntax_markdown(directory_urls: bool = True) -> str:
    """The card search's syntax reference page, its examples linked to the search they run."""
    search_page = "../search/" if directory_urls else "search.html"

    def example(query: str) -> str:
        return f'<a href="{search_page}?find={quote_plus(query)}"><code>{_html.escape(query)}</code></a>'

    rows = "\n".join(
        f"<tr><td>{' '.join(f'<code>{k}:</code>' for k in keys)}</td><td>{finds}</td><td>{example(ex)}</td></tr>"
        for keys, finds, ex in SYNTAX_ROWS
    )
    return f"""---
title: Card search syntax
---

# Card search syntax

The [card search]({"search.md"}) reads a query line much as Scryfall does. It runs in your browser, online and in
the offline copy.

## Words and titles

- Bare words find card titles: every word must start a word of the title (`kakita ib` finds Kakita Ibara). When
  no title matches, one typo per word of 4 letters or more is forgiven (a letter missing, extra or wrong, or two
  neighbouring letters swapped: `famuos bazaar`).
- As players type titles: the words a hyphen joins written as one (`ninjato` finds Ninja-to), a plural
  (`ambushes` finds Ambush), an article the title lacks (`the famous bazaar`), a type's name in the plural
  (`t:personalities`).
- `"Kakita Ibara"` in quotes: the card with exactly this title. A title that holds quote marks itself, pasted
  whole (`Goblin "Barracks"`), finds its card by its words.
- In the default order (by name), the cards whose whole title is the words typed come first: `charge` lists
  Charge before Banzai Charge, `hida kisada` lists each Hida Kisada before Hida Kisada Deckbacker.
- Letters, accents, apostrophes and punctuation are folded: `ide` finds Idé, `koans` finds Koan's. British
  spellings find the pool's American ones: `armour` finds Armor, `honour` finds Honor.
- A level as players write it finds the card's level: `kuni yori xp2`, `kuni yori exp ii` and
  `kuni yori experienced 2` all find Kuni Yori • Experienced 2; `kuni yori inexp` (or `unexp`, `non-exp`) finds
  the Kuni Yori with no level.
- A card as a decklist's line gives it, with its count: `3 iron mine`, `iron mine x3` and `2x iron mine` find
  Iron Mine, and the page says it read the figure as a count of copies. A title that holds a figure is found as
  typed (`5 koku` is 5 Koku).

## Keys

A key, then `:` (or `=`) and a value; quote a value with spaces: `o:"bow a target"`. Stats and years compare
with `=` `!=` `<` `<=` `>` `>=` as well. A stat printed with a sign (an item's `+2`) compares as its number; one
printed `*` matches no comparison. A card's stats and text are those of the printing its page shows (the most
recent).

<table>
<thead><tr><th>Key</th><th>Finds</th><th>Example</th></tr></thead>
<tbody>
{rows}
</tbody>
</table>

## Combining terms

- Terms side by side must all hold: `t:personality c:crab force>=3`.
- `OR` (in capitals) between terms: either holds: `c:crab OR c:crane`. A lowercase `or` is a title word.
- Parentheses group: `t:personality (c:crab OR c:crane) ph>=2`.
- `-` in front of a term or group leaves those cards out: `-t:personality`, `-(c:crab OR c:crane)`.
- `sort:` and `dir:` order the whole list, so they stand outside parentheses, `OR` and `-`.

The form under the box (type, clan, deck, keyword, legality, order) narrows the query's list further.

## When a term cannot be read

An unknown key (`foo:bar`), a value nothing is called (`c:nowhere`), a stat compared with a word (`force>high`),
an unclosed quote or parenthesis: the search lists **no card**, marks the term under the box and says why. It
never falls back to listing every card.

## The address

The address holds the whole search: the query (`find=`), the form, the order (`sort=`, `dir=`) and how many
results are shown (`shown=`). A link to it gives the same list; Back from a card returns to the list as long as it
was, at the same place.
"""


# The stats a query compares (`force>3`), in the order of each row's stats string: the printing the card's page
# shows (the most recent) as printed, "+2" for an item's bonus, "*" for a value the card's text decides.
QUERY_STATS = ("force", "chi", "focus", "gold_cost", "personal_honor", "honor_requirement", "province_strength")
TEXT_FILE = "assets/card-text.js"  # every card's text, loaded only when a query searches it (o:)
# The scripts this module and the card pages write under assets/ (postbuild minifies the others, docs/assets/).
WRITTEN_SCRIPTS = (SCRIPT_URI, INDEX_FILE, TEXT_FILE, PAGE_SCRIPT_URI, CHROME_JS)
_TAG = re.compile(r"<[^<>]*>")  # stops at the next "<": a run of "<" is linear, not quadratic
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)


def index_document(card_site: CardSite) -> dict[str, Any]:
    """The card search's table: lookup tables, then one row per card (see `_static_rows`) with today's verdict per
    format (positions in `status`) as its ninth column."""
    tables, _ = _static_rows(card_site)
    status, cards = _verdict_columns(card_site)[:2]
    formats = [[c.format.id, c.format.short_name, c.format.citation_prefix] for c in card_site.checks]
    years = [int(card_site.printings.release.get(name, "0")[:4] or 0) for name in tables["sets"]]
    return {
        "root": "../../" if card_site.directory_urls else "../",
        "formats": formats,
        **tables,
        "set_years": years,
        "stats": list(QUERY_STATS),
        "url": list(_url_pattern(card_site.directory_urls)),
        "status": status,
        "cards": cards,
        "as_of": card_site.today.isoformat(),
        "syntax": "cards/syntax/" if card_site.directory_urls else "cards/syntax.html",
    }


# The card table's rows with today's verdicts (status, cards, cards as JSON), the last ones asked for. They name no
# format (a status is read from the verdicts as they are): under `mkdocs serve` a format renamed keeps the same
# verdicts (lent: `CardSite.prepare`) and so these rows, and only the table's short list of formats is worked out
# and written again.
_VERDICT_ROWS: LastAnswer[tuple[list[str], list[list[Any]], str]] = LastAnswer()


def _verdict_columns(card_site: CardSite) -> tuple[list[str], list[list[Any]], str]:
    """`index_document`'s status and cards, and the cards as JSON (`_json`), kept while the static rows, the
    verdicts and the day are the same objects and value (`_VERDICT_ROWS`)."""
    rows = _static_rows(card_site)[1]
    return _VERDICT_ROWS.answer(
        lambda: _verdict_rows(card_site, rows), (rows, card_site.pool_verdicts), (card_site.today,)
    )


def _verdict_rows(
    card_site: CardSite, rows: list[tuple[Identity, list[Any]]]
) -> tuple[list[str], list[list[Any]], str]:
    status: list[str] = []
    where: dict[str, int] = {}
    cards = []
    for identity, row in rows:
        columns = []
        for value in today_statuses(card_site, identity):
            if value not in where:
                where[value] = len(status)
                status.append(value)
            columns.append(where[value])
        cards.append(row[:8] + [columns] + row[8:])
    return status, cards, _json(cards)


def _json(value: Any) -> str:
    """JSON as the card outputs write it: compact, UTF-8, no "<" (the text goes into a script)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def index_js(card_site: CardSite) -> str:
    """assets/card-index.js: `index_document` as a script. Its cards are dumped once while they are kept
    (`_verdict_columns`); the rest, with the formats' names, each time. The same bytes as dumping the whole
    document: a dict is dumped as its keys' and values' JSON, in order, between braces."""
    cards_json = _verdict_columns(card_site)[2]
    items = []
    for key, value in index_document(card_site).items():
        items.append(f"{_json(key)}:{cards_json if key == 'cards' else _json(value)}")
    return "window.__l5r_cards={" + ",".join(items) + "};\n"


def _url_pattern(directory_urls: bool) -> tuple[str, str]:
    """What comes before and after a pool card page's slug in its URL."""
    return (CARD_DIR + "/", "/" if directory_urls else "/index.html")


def _url_cell(url: str, title: str, experience: str, directory_urls: bool) -> str | list[str]:
    """A row's URL, compact: "" when it is the pool card URL of the slug of the title and experience (as
    assets/title-match.js folds them, `reading_words`: ASCII titles only), the slug when it is a pool card URL, else [the URL]."""
    before, after = _url_pattern(directory_urls)
    if not (url.startswith(before) and url.endswith(after)):
        return [url]
    page_slug = url[len(before) : len(url) - len(after)]
    named = title + (" " + experience if experience else "")
    return "" if named.isascii() and page_slug == reading_words(named).replace(" ", "-") else page_slug


def _stats_cell(printing: dict[str, Any]) -> str:
    """The printing's QUERY_STATS as printed, comma-separated, empty where it has none, trailing commas dropped."""
    return ",".join(str(printing.get(k, "")).replace(",", "") for k in QUERY_STATS).rstrip(",")


def plain_text(text: str) -> str:
    """Card text without its markup, as `o:` searches it: line breaks as spaces, tags dropped, entities read."""
    return " ".join(_html.unescape(_TAG.sub("", _BREAK.sub(" ", text))).split())


# The last pool's (its identities and printings, the kind of URLs): the rows and their tables; the card texts.
_STATIC: LastAnswer[tuple[dict[str, list[str]], list[tuple[Identity, list[Any]]]]] = LastAnswer()
_TEXTS: LastAnswer[list[str]] = LastAnswer()


def _static_rows(card_site: CardSite) -> tuple[dict[str, list[str]], list[tuple[Identity, list[Any]]]]:
    """Every row of the index but today's verdicts, and its tables (types, clans, decks, keywords, sets): a
    function of the pool's identities (their slugs come from them alone), its printings and the kind of URLs, so
    `mkdocs serve` works it out once per pool, not on every rebuild. Rows are (identity, [title, experience, URL
    (`_url_cell`), types, clans, deck, keywords, unique, first year, sets, stats (`_stats_cell`)]). A clan written
    as its keyword ("Crab Clan", on a few cards) is the clan ("Crab"), so the clan list holds clans only."""
    pool = (card_site.index.identities, card_site.printings)
    return _STATIC.answer(lambda: _rows_and_tables(card_site), pool, (card_site.directory_urls,))


def _rows_and_tables(card_site: CardSite) -> tuple[dict[str, list[str]], list[tuple[Identity, list[Any]]]]:
    identities = card_site.index.identities
    tables: dict[str, list[str]] = {"types": [], "clans": [], "decks": [], "keywords": [], "sets": []}
    where: dict[str, dict[str, int]] = {k: {} for k in tables}

    def pos(table: str, value: str) -> int:
        if value not in where[table]:
            where[table][value] = len(tables[table])
            tables[table].append(value)
        return where[table][value]

    kept = [i for i in sorted(identities, key=lambda i: (i.key.lower(), i.deck)) if i.in_pool or i.card_id]
    clans = {c for i in kept for c in i.clans}

    def clan(name: str) -> str:
        return name[: -len(" Clan")] if name.endswith(" Clan") and name[: -len(" Clan")] in clans else name

    rows = []
    for i in kept:
        prints = card_site.printings_of(i)
        rows.append(
            (
                i,
                [
                    i.title,
                    i.experience or "",
                    _url_cell(card_site.url(i), i.title, i.experience or "", card_site.directory_urls),
                    [pos("types", t) for t in i.types],
                    sorted({pos("clans", clan(c)) for c in i.clans}),
                    pos("decks", i.deck),
                    [pos("keywords", k) for k in i.keywords if not k.startswith("Soul of")],
                    1 if i.unique else 0,
                    first_year(card_site, i),
                    [pos("sets", s) for s in i.sets],
                    _stats_cell(prints[0] if prints else {}),
                ],
            )
        )
    return tables, rows


def text_document(card_site: CardSite) -> list[str]:
    """Every card's text (`plain_text` of the printing its page shows), in the card table's order: like the rows,
    worked out once per pool (`_TEXTS`, kept for the rows it was made in the order of)."""
    rows = _static_rows(card_site)[1]
    return _TEXTS.answer(
        lambda: [plain_text(str((card_site.printings_of(i) or [{}])[0].get("text", ""))) for i, _ in rows], (rows,)
    )


def first_year(card_site: CardSite, identity: Identity) -> int:
    """The year of the card's first printing (the earliest release date among its sets), 0 when no set of it has a
    release date: what the card search's `year<2012` compares."""
    dates = [d for d in (card_site.printings.release.get(s) for s in identity.sets) if d]
    return int(min(dates)[:4]) if dates else 0


def today_statuses(card_site: CardSite, identity: Identity) -> list[str]:
    """The card's verdict today in each checkable format (`DeckChecker.card_legality`), worked out once per
    build for both the card search's table and the site search's card index. A status names no format: it is
    read from the build's verdicts as they are, not worded (`CardSite.today_verdicts`)."""
    return [v.status for v in card_site.pool_verdicts.verdicts_on(identity, card_site.today)]


def search_rows(card_site: CardSite) -> list[tuple[str, str, str, str, str, list[str]]]:
    """(title, slug, type, deck, first set, formats it is banned in today) for every pool card page: the rows the
    site search's card index (l5r/site/rendering/searchindex.py `card_index`) adds for the pool. Kept while the
    pool's identities (and so their slugs) and the verdicts are the same objects, and the day and the formats'
    citation prefixes the same (`_SEARCH_ROWS`): a format renamed (`mkdocs serve`) changes none of them."""
    prefixes = [c.format.citation_prefix for c in card_site.checks]
    return _SEARCH_ROWS.answer(
        lambda: _search_rows(card_site, prefixes),
        (card_site.index.identities, card_site.pool_verdicts),  # (the slugs are the identities': `slugs`)
        (card_site.today, prefixes),
    )


def _search_rows(card_site: CardSite, prefixes: list[str]) -> list[tuple[str, str, str, str, str, list[str]]]:
    pages: list[Identity] = card_site.page_identities()
    rows = []
    for i in sorted(pages, key=lambda i: (i.key.lower(), i.deck)):
        banned = [prefix for prefix, status in zip(prefixes, today_statuses(card_site, i)) if status == legality.BANNED]
        rows.append((i.key, card_site.slug_of[i], (i.types or ("?",))[0], i.deck, i.sets[0] if i.sets else "", banned))
    return rows


_SEARCH_ROWS: LastAnswer[list[tuple[str, str, str, str, str, list[str]]]] = LastAnswer()  # `search_rows`' last answer


def prepare(
    site_dir: Path,
    codex: Any,
    directory_urls: bool = True,
    cited_by: dict[str, Any] | None = None,
    anchors: dict[str, Any] | None = None,
    pool: Path | None = None,
    reuse_verdicts: bool = False,
) -> CardSite:
    """What the card pages and the card indexes are made from: the Codex's cards with, given a `pool`, the pool's
    (`reuse_verdicts`: `mkdocs serve`'s, `CardSite.prepare`)."""
    index = load_index(pool, codex.cards)
    printings = load_printings(pool) if pool else PoolPrintings({}, {})
    card_site: CardSite = CardSite.prepare(
        codex,
        index,
        printings,
        directory_urls=directory_urls,
        site_dir=site_dir,
        cited_by=cited_by,
        anchors=anchors,
        reuse_verdicts=reuse_verdicts,
    )
    return card_site


def write_indexes(site_dir: Path, card_site: CardSite, with_pool: bool) -> None:
    """The card search's table (assets/card-index.js) and, with a pool, the header search's card index
    (search/codex.js) listing the pool's cards too: the two files the card search and every page's search box
    load. A file that already holds its bytes (`mkdocs serve` keeps its folder) is left as it is."""
    write_if_changed(site_dir / INDEX_FILE, index_js(card_site))
    write_if_changed(site_dir / TEXT_FILE, _text_js(card_site))
    if with_pool:
        # The header's search box finds every pool card too (docs/assets/codex-search.js reads search/codex.js).
        write_if_changed(
            site_dir / searchindex.CARD_INDEX_URI,
            searchindex.card_index_js(card_site.codex, card_site.directory_urls, search_rows(card_site)),
        )


def _text_js(card_site: CardSite) -> str:
    """assets/card-text.js: `text_document` as a script, made once per list of texts (`_TEXT_JS`)."""
    texts = text_document(card_site)
    return _TEXT_JS.answer(lambda: f"window.__l5r_card_text={_json(texts)};\n", (texts,))


# The last `_text_js`, for the texts kept in `_TEXTS` (the same object while the pool is).
_TEXT_JS: LastAnswer[str] = LastAnswer()


def card_output_files(with_pool: bool) -> tuple[str, ...]:
    """The files `write_card_outputs` writes."""
    return (INDEX_FILE, TEXT_FILE, PAGE_SCRIPT_URI) + ((searchindex.CARD_INDEX_URI,) if with_pool else ())


def write_card_outputs(site_dir: Path, card_site: CardSite, with_pool: bool, remember: bool = False) -> None:
    """The card indexes (`write_indexes`) and the date picker's script with the timeline segments the card pages
    share, worked out before any page is written (the pages name them by number). The previous build's files are
    taken as they are when everything they are made from is the same (`keptpages.reuse_outputs`): the card
    pages' inputs (`CardSite.pages_key`), the package's code, and whether the pool's cards are listed.
    `remember` (`mkdocs serve`): the files are also kept in memory for the next rebuild of this process."""
    names = card_output_files(with_pool)
    made_from = hashlib.sha1(repr((keptpages.package_digest(), card_site.pages_key(), names)).encode()).hexdigest()
    if remember and _write_remembered(site_dir, card_site, made_from):
        return
    kept = keptpages.reuse_outputs(site_dir, made_from, names)
    script = kept[PAGE_SCRIPT_URI].decode("utf-8", "replace") if kept else ""
    if script.startswith(_SEGMENTS_START) and "\n" in script:
        # The pages this build renders (a record's card facts, a changed card) number the shared segments as the
        # script that is kept does.
        try:
            shared = json.loads(script[len(_SEGMENTS_START) : script.index("\n")].removesuffix(";"))
        except ValueError:
            shared = None
        if isinstance(shared, list):
            card_site.use_shared_segments(shared)
            return
    keptpages.forget_outputs(site_dir)
    write_indexes(site_dir, card_site, with_pool)
    write_if_changed(site_dir / PAGE_SCRIPT_URI, segments_script(card_site.shared_segments()) + PAGE_SCRIPT)
    keptpages.record_outputs(site_dir, made_from, names)
    if remember:
        _REMEMBERED_OUTPUTS.clear()
        files = {rel: (site_dir / rel).read_bytes() for rel in names}
        _REMEMBERED_OUTPUTS[made_from] = (files, card_site.shared_segments())


# `mkdocs serve` empties its folder before every rebuild and sets nothing aside (no pool page is written there), so
# the reuse through the site folder never applies: the last rebuild's outputs stay in memory instead, by what they
# were made from (`write_card_outputs`' `made_from`), and an edit that leaves the cards alone (a rule's words) writes
# them again as they were instead of working out every card's verdicts and index rows.
_REMEMBERED_OUTPUTS: dict[str, tuple[dict[str, bytes], list[list]]] = {}


def _write_remembered(site_dir: Path, card_site: CardSite, made_from: str) -> bool:
    found = _REMEMBERED_OUTPUTS.get(made_from)
    if found is None:
        return False
    files, shared = found
    for rel, data in files.items():
        write_if_changed(site_dir / rel, data)
    card_site.use_shared_segments(shared)
    keptpages.record_outputs(site_dir, made_from, tuple(files))
    return True


_SEGMENTS_START = segments_script([]).split("[")[0]


def write(
    site_dir: Path,
    codex: Any,
    site_name: str,
    directory_urls: bool = True,
    on_request: Callable[[CardSite, str, str], None] | None = None,
    cited_by: dict[str, Any] | None = None,
    anchors: dict[str, Any] | None = None,
    pool: Path | None = None,
    jobs: int | None = None,
    short_links: bool = False,
    rewritten: frozenset[str] = frozenset(),
) -> CardSite:
    """The card index, and with a `pool` every card's page (by `jobs` processes; None: `build_jobs` decides).
    `on_request(card_site, head, tail)`, when given (`mkdocs serve`), receives what renders a card page instead
    of the pages being written; `short_links`: each card's short link is written with its page; `rewritten`: the
    folders of `c/` the build writes after the pool pages (`keptpages.bring_back`). Returns what the
    pages were made from (card-permalinks.json and the sitemap follow)."""
    # Seconds with the pool (its printings read when nothing is cached, then every card's row and verdicts): a
    # status line, which the printings' bar joins while the pool is read.
    with status_line("preparing the card pages"):
        card_site = prepare(
            site_dir,
            codex,
            directory_urls,
            cited_by=cited_by,
            anchors=anchors,
            pool=pool,
            reuse_verdicts=on_request is not None,
        )
        write_card_outputs(site_dir, card_site, with_pool=bool(pool), remember=on_request is not None)
        write_record_facts(site_dir, card_site)
        if pool:
            head, tail = card_page_shell(site_dir, card_site, site_name)
    if pool:
        if on_request is not None:
            on_request(card_site, head, tail)
        else:
            write_card_pages(site_dir, card_site, head, tail, jobs=jobs, short_links=short_links, rewritten=rewritten)
    return card_site
