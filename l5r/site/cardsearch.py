"""The card search page (cards/search/) and, when a card pool is given, every pool card's page.

The search page is an ordinary MkDocs page (its chrome is the shell of every card page, l5r/site/cardpage/);
its data is assets/card-index.js: a compact table of every card (title, experience, URL, type, clan, deck,
keywords, today's verdict per format) loaded by a script tag, so it works from file:// as well.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..cardpool import load_index
from ..engine.deck import legality
from . import search
from .cardpage.article import CardSite
from .cardpage.printings import PoolPrintings, load_printings
from .cardpage.records import write_record_facts
from .cardpage.shell import card_page_shell
from .cardpage.write import write_card_pages

PAGE_URI = "cards/search.md"
SCRIPT_URI = "assets/card-search.js"
INDEX_FILE = "assets/card-index.js"
PAGE_SCRIPT_URI = "assets/card-page.js"
PAGE_SCRIPT = (Path(__file__).parent / "theme" / "card-page.js").read_text(encoding="utf-8")
SCRIPT = (Path(__file__).parent / "theme" / "card-search.js").read_text(encoding="utf-8")


def page_markdown(directory_urls: bool = True) -> str:
    root = "../../" if directory_urls else "../"
    return f"""---
title: Card search
search:
  exclude: true
---

# Card search

<form class="l5r-card-search" role="search" onsubmit="return false;">
<p><label for="l5r-q">Search</label> <input id="l5r-q" type="search" autocomplete="off" spellcheck="false" aria-describedby="l5r-query-help-summary" placeholder="e.g. Kakita Ibara, or c:crab f:modern"></p>
<p id="l5r-query-error" class="l5r-query-error" role="alert" hidden></p>
<p><label for="l5r-type">Type</label> <select id="l5r-type"><option value="">any</option></select>
<label for="l5r-clan">Clan</label> <select id="l5r-clan"><option value="">any</option></select>
<label for="l5r-deck">Deck</label> <select id="l5r-deck"><option value="">any</option></select>
<label for="l5r-kw">Keyword</label> <input id="l5r-kw" type="text" list="l5r-kws" autocomplete="off"><datalist id="l5r-kws"></datalist></p>
<p><label for="l5r-format">Legal in</label> <select id="l5r-format"><option value="">any format</option></select>
<label for="l5r-notformat">not legal in</label> <select id="l5r-notformat"><option value="">—</option></select>
<label><input id="l5r-banned" type="checkbox"> banned in some format</label>
<label><input id="l5r-unique" type="checkbox"> unique only</label></p>
</form>
<details class="l5r-query-help"><summary id="l5r-query-help-summary">Search syntax: words, "exact title", t: c: k: f: -f: banned: year&lt;2012</summary>
<p>Bare words match card titles (the start of a word; one typo forgiven from 4 letters). Terms combine with each
other and with the filters below; a <code>-</code> in front of a term negates it.</p>
<table>
<thead><tr><th>Term</th><th>Finds</th></tr></thead>
<tbody>
<tr><td><code>"kakita ibara"</code></td><td>the card with exactly this title</td></tr>
<tr><td><code>t:personality</code></td><td>cards of a type (<code>type:</code> too)</td></tr>
<tr><td><code>c:crab</code></td><td>cards of a clan (<code>clan:</code>)</td></tr>
<tr><td><code>k:duelist</code></td><td>cards with a keyword (<code>keyword:</code>)</td></tr>
<tr><td><code>d:fate</code></td><td>cards of a deck: dynasty, fate, pre-game (<code>deck:</code>)</td></tr>
<tr><td><code>f:modern</code></td><td>cards legal today in a format: <code>oh</code>, <code>ne</code>, <code>mod</code>, <code>aeg</code> or its name (<code>legal:</code>)</td></tr>
<tr><td><code>-f:oh</code></td><td>cards not legal today in a format (a card whose legality cannot be checked there is left out)</td></tr>
<tr><td><code>banned:oh</code></td><td>cards on a format's ban list today; <code>banned:any</code> in any format</td></tr>
<tr><td><code>is:unique</code></td><td>unique cards</td></tr>
<tr><td><code>year&lt;2012</code></td><td>cards first printed before 2012: the year of the card's <strong>first printing</strong>; also <code>&lt;=</code>, <code>&gt;</code>, <code>&gt;=</code>, <code>year:2005</code></td></tr>
</tbody>
</table>
<p>Example: <code>t:personality c:crab k:duelist f:modern -f:oh year&lt;2012</code>. The address keeps the search, so it can be shared.</p>
</details>
<p id="l5r-count" role="status" aria-live="polite"></p>
<ul id="l5r-results" class="l5r-card-results"></ul>
<p><button id="l5r-more" class="md-button" type="button" hidden>Show more</button></p>

<script src="{root}assets/title-match.js"></script>
<script src="{root}assets/card-index.js"></script>
<script src="{root}assets/card-search.js"></script>
"""


def index_document(card_site: CardSite) -> dict:
    tables, rows = _static_rows(card_site)
    status: list[str] = []
    where: dict[str, int] = {}
    cards = []
    for identity, row in rows:
        verdicts = []
        for value in today_statuses(card_site, identity):
            if value not in where:
                where[value] = len(status)
                status.append(value)
            verdicts.append(where[value])
        cards.append(row[:8] + [verdicts] + row[8:])
    formats = [[c.format.id, c.format.short_name, c.format.citation_prefix] for c in card_site.checks]
    return {"root": "../../" if card_site.directory_urls else "../", "formats": formats, **tables, "status": status,
            "cards": cards, "as_of": card_site.today.isoformat()}


_STATIC: list = []  # [(identities, printings, directory_urls, (tables, rows))]: the last pool's


def _static_rows(card_site: CardSite):
    """Every row of the index but today's verdicts, and its tables (types, clans, decks, keywords): a function of
    the pool's identities (their slugs come from them alone), its printings and the kind of URLs, so `mkdocs serve`
    works it out once per pool, not on every rebuild. Rows are (identity, [title, experience, URL, types, clans,
    deck, keywords, unique, first year])."""
    identities, printings = card_site.index.identities, card_site.printings
    if _STATIC and _STATIC[0][0] is identities and _STATIC[0][1] is printings \
            and _STATIC[0][2] == card_site.directory_urls:
        return _STATIC[0][3]
    tables: dict[str, list] = {"types": [], "clans": [], "decks": [], "keywords": []}
    where: dict[str, dict] = {k: {} for k in tables}

    def pos(table, value):
        if value not in where[table]:
            where[table][value] = len(tables[table])
            tables[table].append(value)
        return where[table][value]

    rows = []
    for i in sorted(identities, key=lambda i: (i.key.lower(), i.deck)):
        if not i.in_pool and not i.card_id:
            continue
        rows.append((i, [
            i.title, i.experience or "", card_site.url(i),
            [pos("types", t) for t in i.types], [pos("clans", c) for c in i.clans], pos("decks", i.deck),
            [pos("keywords", k) for k in i.keywords if not k.startswith("Soul of")], 1 if i.unique else 0,
            first_year(card_site, i),
        ]))
    _STATIC[:] = [(identities, printings, card_site.directory_urls, (tables, rows))]
    return tables, rows


def first_year(card_site: CardSite, identity) -> int:
    """The year of the card's first printing (the earliest release date among its sets), 0 when no set of it has a
    release date: what the card search's `year<2012` compares."""
    dates = [d for d in (card_site.printings.release.get(s) for s in identity.sets) if d]
    return int(min(dates)[:4]) if dates else 0


def today_statuses(card_site: CardSite, identity) -> list[str]:
    """The card's verdict today in each checkable format (`DeckChecker.card_legality`), worked out once per
    build for both the card search's table and the site search's card index."""
    return [v.status for v in card_site.today_verdicts(identity)]


def search_rows(card_site: CardSite):
    """(title, slug, type, deck, first set, formats it is banned in today) for every pool card page: the rows the
    site search's card index (l5r/site/search.py `card_index`) adds for the pool."""
    for i in sorted(card_site.page_identities(), key=lambda i: (i.key.lower(), i.deck)):
        banned = [c.format.citation_prefix for c, status in zip(card_site.checks, today_statuses(card_site, i))
                  if status == legality.BANNED]
        yield (i.key, card_site.slug_of[i], (i.types or ("?",))[0], i.deck, i.sets[0] if i.sets else "", banned)


def prepare(site_dir: Path, codex, directory_urls: bool = True, cited_by=None, anchors=None,
            pool: Path | None = None) -> CardSite:
    """What the card pages and the card indexes are made from: the Codex's cards with, given a `pool`, the pool's."""
    index = load_index(pool, codex.cards)
    printings = load_printings(pool) if pool else PoolPrintings({}, {})
    return CardSite.prepare(codex, index, printings, directory_urls=directory_urls, site_dir=site_dir,
                            cited_by=cited_by, anchors=anchors)


def write_indexes(site_dir: Path, card_site: CardSite, with_pool: bool) -> None:
    """The card search's table (assets/card-index.js) and, with a pool, the header search's card index
    (search/codex.js) listing the pool's cards too: the two files the card search and every page's search box
    load."""
    data = json.dumps(index_document(card_site), ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    (site_dir / INDEX_FILE).write_text(f"window.__l5r_cards={data};\n", encoding="utf-8")
    if with_pool:
        # The header's search box finds every pool card too (docs/assets/codex-search.js reads search/codex.js).
        (site_dir / search.CARD_INDEX_URI).write_text(
            search.card_index_js(card_site.codex, card_site.directory_urls, search_rows(card_site)), encoding="utf-8")


def write(site_dir: Path, codex, site_name: str, directory_urls: bool = True, on_request=None,
          cited_by=None, anchors=None, pool: Path | None = None, jobs: int | None = None) -> CardSite:
    """The card index, and with a `pool` every card's page (by `jobs` processes; None: `build_jobs` decides).
    `on_request(card_site, head, tail)`, when given (`mkdocs serve`), receives what renders a card page instead
    of the pages being written. Returns what the pages were made from (their short links and sitemap follow)."""
    card_site = prepare(site_dir, codex, directory_urls, cited_by=cited_by, anchors=anchors, pool=pool)
    write_indexes(site_dir, card_site, with_pool=bool(pool))
    write_record_facts(site_dir, card_site)
    if pool:
        head, tail = card_page_shell(site_dir, card_site, site_name)
        if on_request is not None:
            on_request(card_site, head, tail)
        else:
            write_card_pages(site_dir, card_site, head, tail, jobs=jobs)
    return card_site
