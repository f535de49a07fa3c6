"""A page per pool card, written from one Jinja template into one MkDocs-rendered shell.

MkDocs renders the card search page (cards/search.md) through the theme once; `write_card_pages` then writes
every card page into a slim copy of that page's chrome (Material's page skeleton; the header, search box and
navigation come from one shared script, cardchrome.CHROME_JS), so the pool's cards never go through the Markdown and theme
pipeline. Card pages stay out of Material's search index; the search page loads
its own compact index (assets/card-index.js, a script tag: works from file:// too).

URLs: `card/<slug>/`, the slug made from the pool's title and experience level alone (so it never changes when
the pool is refreshed). Collisions: two identities with the same slug (same title in two decks, e.g. a Follower
and a Personality called Aulus) both get "-<deck>" appended; if that still collides, "-<6 hex digits of the
SHA-1 of the full key and deck>" — derived from the card, never from its position in the pool. A card the Codex
has a record for keeps its record's page (cards/<id>/) and gains the pool's facts there.

Legality: `DeckChecker.card_legality` (l5r/engine/deck/legality.py) — the code `l5r deck check` runs. For a past
date in the browser each page embeds `DeckChecker.card_timeline` per format: the verdicts the Python function
returned at every day a ban on this card starts or stops; the page's script only picks the segment the chosen
day falls in (no rule is re-implemented in JavaScript).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from markupsafe import Markup

from ..cardpool import CardIndex, Identity, cache
from ..cardpool.names import plain
from ..cardpool.read import MAX_SET_BYTES, MAX_SET_VALUES, deck_of, read_set, set_files
from ..data.safefile import UnreadableFile, read_text
from ..data.yamlsource import ShapeError, check_shape
from ..data import model as m
from ..engine.deck import DeckChecker, checkable, legality
from ..engine.ruleset import ruleset_for
from . import cardchrome, citelabel
from .cardlinks import CARD_DIR, pool_target_id
from .cardtext import safe_text
from .pages import page_path
from .render import jinja_env
from .search import slug as title_slug

SHELL_URI = "cards/search.md"  # the MkDocs page whose chrome every card page reuses
STATS = (("force", "Force"), ("chi", "Chi"), ("focus", "Focus"), ("gold_cost", "Gold cost"),
         ("personal_honor", "Personal honor"), ("honor_requirement", "Honor requirement"),
         ("province_strength", "Province strength"), ("gold_production", "Gold production"),
         ("starting_honor", "Starting honor"))
_KEPT = ("text", "errata_text", "rarity", "artist", "_set") + tuple(k for k, _ in STATS)


# -----------------------------------------------------------------------------------------------------------
# The pool's printings (text, stats, artists): read once per build, cached like the deck checker's index
# -----------------------------------------------------------------------------------------------------------

@dataclass
class PoolPrintings:
    by_identity: dict  # (key, deck) -> [printing dict]
    release: dict  # set name -> "YYYY-MM-DD"


def read_printings(pool_dir: Path) -> PoolPrintings:
    by_identity: dict = defaultdict(list)
    for path in set_files(pool_dir):
        for p in read_set(path):
            if p.get("is_back"):
                continue
            key = (plain(str(p.get("extended_title") or p["title"])), deck_of(p))
            by_identity[key].append({k: p[k] for k in _KEPT if p.get(k) not in (None, "")})
    return PoolPrintings(dict(by_identity), _release_dates(pool_dir))


def load_printings(pool_dir: Path, cache_dir="default") -> PoolPrintings:
    """The pool's printings, from the cache while the pool is unchanged. Cached as ONE JSON string (the cache's
    tagged encoding of 30,000 small dicts took as long to decode as reading the pool again), parsed by the json
    module's own decoder."""
    if cache_dir == "default":
        cache_dir = cache.default_cache_dir()
    return cache.cached(pool_dir, {}, cache_dir, lambda: printings_json(read_printings(pool_dir)),
                        kind="card-printings", finish=lambda text: printings_from_json(text, pool_dir))


def printings_json(printings: PoolPrintings) -> str:
    return json.dumps({"by_identity": [[key, deck, prints] for (key, deck), prints in printings.by_identity.items()],
                       "release": printings.release}, ensure_ascii=False, separators=(",", ":"))


def printings_from_json(text, pool_dir: Path) -> PoolPrintings:
    """`printings_json` read back; a cache that does not hold that shape is read from the pool again."""
    try:
        document = json.loads(text)
        by_identity = {(key, deck): prints for key, deck, prints in document["by_identity"]}
        release = document["release"]
        if isinstance(release, dict) and all(isinstance(p, list) for p in by_identity.values()):
            return PoolPrintings(by_identity, release)
    except (TypeError, ValueError, KeyError):
        pass
    return read_printings(pool_dir)


def _release_dates(pool_dir: Path) -> dict:
    try:
        text = read_text(pool_dir / "set_info.yaml", MAX_SET_BYTES)
        check_shape(text, loader=yaml.CSafeLoader, max_expansion=MAX_SET_VALUES)
        info = yaml.load(text, Loader=yaml.CSafeLoader)
    except (UnreadableFile, ShapeError, yaml.YAMLError):  # release dates are optional: the pages go without
        return {}
    out = {}
    for arc in (info or {}).get("arcs") or ():
        for s in arc.get("sets") or ():
            if isinstance(s, dict) and s.get("set_name") and s.get("release_date"):
                out[str(s["set_name"])] = str(s["release_date"])
    return out


# -----------------------------------------------------------------------------------------------------------
# Slugs
# -----------------------------------------------------------------------------------------------------------

_MAX_SLUG = 100


_SLUGS: list = []  # [(identities, slugs)]: the last pool's (asked by the linker, the card pages, serve's rebuilds)


def slugs(identities) -> dict[Identity, str]:
    """Every pool identity without a Codex record -> its slug (see the module docstring for collisions)."""
    if _SLUGS and _SLUGS[0][0] is identities:
        return dict(_SLUGS[0][1])
    found = _slugs(identities)
    _SLUGS[:] = [(identities, found)]
    return dict(found)


def _slugs(identities) -> dict[Identity, str]:
    def base(i: Identity) -> str:
        slug = title_slug(i.title + (" " + i.experience if i.experience else "")) or "card"
        if len(slug) > _MAX_SLUG:  # a folder name must fit the file system (255 bytes); the real pool's longest is 60
            slug = slug[:_MAX_SLUG - 9].rstrip("-") + "-" + hashlib.sha1(slug.encode()).hexdigest()[:8]
        return slug

    groups: dict[str, list[Identity]] = defaultdict(list)
    for i in identities:
        if i.card_id is None and i.in_pool:
            groups[base(i)].append(i)
    out = {}
    for name, members in groups.items():
        if len(members) == 1:
            out[members[0]] = name
            continue
        by_deck: dict[str, list[Identity]] = defaultdict(list)
        for i in members:
            by_deck[f"{name}-{title_slug(i.deck)}"].append(i)
        for deck_name, same in by_deck.items():
            for i in same:
                out[i] = deck_name if len(same) == 1 else \
                    f"{deck_name}-{hashlib.sha1((i.key + '|' + i.deck).encode()).hexdigest()[:6]}"
    return out


def card_url(identity: Identity, slug_of: dict, directory_urls: bool = True) -> str:
    """The site-relative URL of a card's page (a page file's name when the site is built for file://)."""
    if identity.card_id:
        return f"cards/{identity.card_id}/" if directory_urls else f"cards/{identity.card_id}.html"
    return f"{CARD_DIR}/{slug_of[identity]}/" + ("" if directory_urls else "index.html")


def card_file(identity: Identity, slug_of: dict) -> str:
    """Where a pool card's page is written (the same in both builds)."""
    return f"{CARD_DIR}/{slug_of[identity]}/index.html"


# -----------------------------------------------------------------------------------------------------------
# Legality in every format
# -----------------------------------------------------------------------------------------------------------

def checkers(codex: m.Codex, index: CardIndex) -> list[DeckChecker]:
    out = []
    for f in codex.bundled_formats:
        ruleset = ruleset_for(f)
        if checkable(f, ruleset):
            out.append(DeckChecker(f, ruleset, index))
    return out


def legality_rows(identity: Identity, checks: list[DeckChecker], on: dt.date, now=None) -> list[dict]:
    """Per format: today's verdict (`now`, when the caller already has it: one per check), the timeline, the bans."""
    if now is None:
        now = [c.card_legality(identity, on) for c in checks]
    return [{"format": c.format, "now": verdict, "timeline": c.card_timeline(identity),
             "bans": c.applicable_bans(identity)} for c, verdict in zip(checks, now)]


def timeline_json(rows) -> str:
    """The per-format verdict segments the page's date picker reads: [[from|null, status, reason, ban ids]].
    A format whose verdict never changes is left out (its row already shows it): most cards embed nothing."""
    data = {r["format"].id: [[d.isoformat() if d else None, v.status, v.reason, [b.id for b in v.bans]]
                             for d, v in r["timeline"]] for r in rows if len(r["timeline"]) > 1}
    if not data:
        return ""
    return json.dumps(data, ensure_ascii=True, separators=(",", ":")).replace("<", "\\u003c")


# -----------------------------------------------------------------------------------------------------------
# Rendering
# -----------------------------------------------------------------------------------------------------------

@dataclass
class CardSite:
    """Everything the card pages need, prepared once per build."""

    codex: m.Codex
    index: CardIndex
    printings: PoolPrintings
    slug_of: dict = field(default_factory=dict)
    checks: list = field(default_factory=list)
    today: dt.date = field(default_factory=dt.date.today)
    directory_urls: bool = True
    site_dir: Path | None = None  # the built site, when there is one: how a file:// build named each page

    cited_by: dict = field(default_factory=dict)  # pool card target id -> [records whose text names the card]
    anchors: dict = field(default_factory=dict)  # record id -> (page uri, anchor): the site plan's

    @classmethod
    def prepare(cls, codex, index, printings, today=None, directory_urls=True, site_dir=None, cited_by=None,
                anchors=None):
        site = cls(codex, index, printings, slugs(index.identities), checkers(codex, index), today or dt.date.today(),
                   directory_urls, Path(site_dir) if site_dir is not None else None, dict(cited_by or {}),
                   dict(anchors or {}))
        site._files = {}
        site._env = jinja_env()
        site._template = site._env.get_template("pool_card.html.j2")
        site._legality_template = site._env.get_template("pool_card_legality.html.j2")
        site._bans_template = site._env.get_template("pool_card_bans.html.j2")
        site._legality_cache = {}
        site._today = {}
        return site

    def today_verdicts(self, identity: Identity) -> list:
        """`DeckChecker.card_legality` today, per checkable format: asked once per card and build, then shared by
        the legality table, the description a shared link shows and the card search's index."""
        key = (identity, self.today)  # `today` may be moved (a page for another day): the memo follows it
        found = self._today.get(key)
        if found is None:
            found = self._today[key] = [c.card_legality(identity, self.today) for c in self.checks]
        return found

    def url(self, identity: Identity) -> str:
        return card_url(identity, self.slug_of, self.directory_urls)

    def page(self, uri: str) -> str:
        """A site page's URL: for file:// "formats/" -> "formats/index.html" (from formats/index.md), but
        "formats/modern/bans/" -> "formats/modern/bans.html" (from formats/modern/bans.md), as MkDocs names them."""
        if self.directory_urls or not (uri.endswith("/") or not uri):
            return uri
        found = self._files.get(uri)
        if found is None:
            found = uri + "index.html"
            if uri and self.site_dir is not None and not (self.site_dir / found).is_file() \
                    and (self.site_dir / (uri[:-1] + ".html")).is_file():
                found = uri[:-1] + ".html"
            self._files[uri] = found
        return found

    def printings_of(self, identity: Identity) -> list[dict]:
        rows = [dict(p, release=self.printings.release.get(p.get("_set"), "")) for p in
                self.printings.by_identity.get((identity.key, identity.deck), ())]
        return sorted(rows, key=lambda p: p["release"] or "0000", reverse=True)  # most recent first

    def page_identities(self):
        return [i for i in self.index.identities if i.in_pool and i.card_id is None]

    def render_embedded(self, identity: Identity, rel: str) -> list[str]:
        """The pool's facts for a card the Codex has a record for, as every pool card's page renders them, in
        three parts for the places the record's page leaves for them (`cardsearch.write_record_facts`): legality
        (with the date picker) under the citation; the pool's stats, text and errata after the record's facts;
        printings and relations after its ban table."""
        return self.render(identity, rel, embedded=True).split("<!--l5r:part-->")

    def verdicts(self, identity: Identity) -> list[tuple[str, str]]:
        """(format name, today's verdict) per checkable format: `DeckChecker.card_legality`, as the table says."""
        return [(c.format.short_name, v.status) for c, v in zip(self.checks, self.today_verdicts(identity))]

    def description(self, identity: Identity) -> str:
        """What a shared link to the card's page says: its type, clan and deck, and its legality in words."""
        kind = " · ".join(x for x in (", ".join(identity.types), ", ".join(identity.clans),
                                       f"{identity.deck} deck" if identity.deck else "") if x)
        sentence = verdict_sentence(self.verdicts(identity))
        return " ".join(x for x in ((kind + ".") if kind else "", sentence) if x)

    def render(self, identity: Identity, rel: str = "../../", embedded: bool = False) -> str:
        """The card's article HTML (goes inside the shell's <article>); `rel` leads from the page to the root."""
        prints = self.printings_of(identity)
        latest = prints[0] if prints else {}
        rows = legality_rows(identity, self.checks, self.today, self.today_verdicts(identity))
        related = {
            "Soul of": self.index.soul_chain(identity) - {identity},
            "Counts as": set(self.index.counts_as(identity)),
            "Counted as by": set(self.index.counted_as_by(identity)),
            "Same title": {i for i in self.index.named(identity.title, identity.experience) if i is not identity},
        }
        timeline = timeline_json(rows)
        cited = []
        for record in self.cited_by.get(pool_target_id(identity), ()):
            where = (record.uri, record.anchor) if getattr(record, "uri", None) else self.anchors.get(record.id)
            if where:  # a rule, ruling or ban naming the card, or a verified example (cardlinks.ExampleCitation)
                cited.append((rel + self.page(page_path(where[0])) + "#" + where[1],
                              citelabel.label(record, self.codex), record.title))
        legality_part, bans_part = self.legality_html(rows, timeline, rel)
        return self._template.render(
            cited=cited, embedded=embedded,
            card=identity, slug=self.slug_of.get(identity), latest=latest, prints=prints,
            legality=legality_part, bans=bans_part,
            stats=[(label, latest[k]) for k, label in STATS if k in latest], text=safe_text(latest.get("text")),
            errata=[(p["_set"], safe_text(p["errata_text"])) for p in prints if p.get("errata_text")],
            related={k: sorted(v, key=lambda i: i.key) for k, v in related.items() if v},
            url=lambda i: rel + self.url(i), root=rel, page=lambda uri: rel + self.page(uri),
        )

    def legality_html(self, rows, timeline: str, rel: str):
        """The legality part (pool_card_legality.html.j2) and the ban history (pool_card_bans.html.j2). Most
        cards share theirs word for word (legal in the same formats for the same reasons, no bans), so each
        distinct one is rendered once per build: the parts depend only on the verdicts, the bans and the
        timeline, all named in the key."""
        key = (rel, timeline, tuple((r["format"].id, r["now"].status, r["now"].reason,
                                     tuple(b.id for b in r["now"].bans), tuple(b.id for b in r["bans"]))
                                    for r in rows))
        found = self._legality_cache.get(key)
        if found is None:
            args = dict(rows=rows, timeline=timeline, today=self.today.isoformat(), root=rel,
                        page=lambda uri: rel + self.page(uri),
                        ban_url=lambda b: rel + self.page(f"formats/{b.format_id}/bans/") + f"#{b.id}",
                        sentence=verdict_sentence([(r["format"].short_name, r["now"].status) for r in rows]))
            found = (Markup(_tight(self._legality_template.render(**args))),
                     Markup(_tight(self._bans_template.render(**args))))
            self._legality_cache[key] = found
        return found


def _tight(part: str) -> str:
    """A legality part as every pool card page repeats it: no line break between two elements (it shows nothing there), and
    an apostrophe in text as itself (the autoescape's &#39; is only needed inside a single-quoted attribute, and
    these parts quote every attribute with double quotes)."""
    return part.strip().replace(">\n<", "><").replace("&#39;", "'")


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def verdict_sentence(verdicts) -> str:
    """The verdicts in words, formats with the same verdict together, in the table's order: "Legal in Obsidian
    Hand and Modern; not checked in New Era." Each verdict is named as the table names it (whatever
    `card_legality` returned), nothing is re-decided here."""
    groups: dict[str, list[str]] = {}
    for name, status in verdicts:
        groups.setdefault(status, []).append(name)
    if not groups:
        return ""
    text = "; ".join(f"{status.replace('-', ' ')} in {_and(names)}" for status, names in groups.items())
    return text[:1].upper() + text[1:] + "."


# -----------------------------------------------------------------------------------------------------------
# Writing the pages into the shell
# -----------------------------------------------------------------------------------------------------------

_BODY = re.compile(r"<body[^>]*>")
_CANONICAL = re.compile(r'<link rel="canonical" href="([^"]*)"')
_ROOT = "../../"  # the shell (cards/search/) and every card page (card/<slug>/) sit two folders deep


def compact_shell(shell_html: str, site_name: str, page=lambda uri: uri, shell_depth: int = 2) -> tuple[str, str]:
    """The chrome of a card page, from the MkDocs-rendered shell: its colour scheme, ONE shared stylesheet
    (assets/card-page.css, see l5r/site/cardchrome.py), Material's page skeleton and ONE shared script
    (assets/card-chrome.js) that puts the site's header, search box and navigation into it. Without script the
    page still has a short header bar (site name, card search, formats). Each page fills in @TITLE@, @DESC@ (its
    description for shared links) and @PATH@ (its path from the site's root)."""
    import html as _html
    _, external = cardchrome.shell_stylesheets(shell_html, shell_depth)
    icon = cardchrome.favicon(shell_html)
    # For file:// the shell is cards/search.html, one folder deep; a card page (card/<slug>/index.html) is two.
    if icon and shell_depth != 2:
        icon = icon.replace('href="', 'href="' + "../" * (2 - shell_depth), 1)
    body = _BODY.search(shell_html)
    name = _html.escape(site_name)
    # The published address of each card page (what "Copy citation" shares from disk, as on every other page,
    # and what a shared link names): the site's address, read from the shell's own canonical link, then the
    # card's path.
    canonical = _CANONICAL.search(shell_html)
    published = ""
    if canonical and canonical.group(1).endswith(("cards/search/", "cards/search.html")):
        site_root = canonical.group(1).rsplit("cards/search", 1)[0]
        # Named once: link unfurlers read the canonical link as they read og:url.
        published = f'<link rel="canonical" href="{site_root}@PATH@">'
    # Every byte here is repeated on every card page (the site must stay under 60 MB): what the shared script can add
    # (Material's toggles, overlay and sidebar) it adds, and a shared link's description is said once, as Open
    # Graph's (which chats and Twitter read).
    head = (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width,initial-scale=1"><title>@TITLE@ - {name}</title>'
            f'<meta property="og:title" content="@TITLE@"><meta property="og:description" content="@DESC@">'
            f'<meta property="og:type" content="website"><meta name="twitter:card" content="summary">'
            f'{published}{icon}<link rel="stylesheet" href="{_ROOT}{cardchrome.CARD_CSS}">{"".join(external)}</head>'
            f'{body.group(0) if body else "<body>"}<a href="#card" class="md-skip">Skip to content</a>'
            f'<header class="md-header l5r-bar"><a href="{_ROOT}{page("")}">{name}</a> '
            f'<a href="{_ROOT}{page("cards/search/")}">Card search</a> <a href="{_ROOT}{page("formats/")}">Formats</a>'
            f'</header><div class="md-container"><main class="md-main"><div class="md-main__inner md-grid">'
            f'<div class="md-content"><article class="md-content__inner md-typeset">')
    tail = f'</article></div></div></main></div><script src="{_ROOT}{cardchrome.CHROME_JS}"></script></body></html>'
    return head, tail


def card_page_html(card_site: CardSite, identity: Identity, head: str, tail: str) -> str:
    """A pool card's whole page: the shell's head (its title, description and published address filled in), the
    card, the tail. The one way a card page is made, written by the build and served by `mkdocs serve` alike."""
    import html as _html
    filled = head.replace("@TITLE@", _html.escape(identity.key)).replace(
        "@PATH@", f"{CARD_DIR}/{card_site.slug_of[identity]}/").replace(
        "@DESC@", _html.escape(card_site.description(identity)))
    return filled + card_site.render(identity) + tail


def write_some_card_pages(site_dir: str, card_site: CardSite, head: str, tail: str, identities) -> int:
    """Render and write these cards' pages (one worker's share, or all of them): the one writer, public so a
    test can write a few pages as the build writes them."""
    count = 0
    for identity in identities:
        folder = os.path.join(site_dir, CARD_DIR, card_site.slug_of[identity])
        try:
            os.mkdir(folder)
        except FileExistsError:
            pass
        html = card_page_html(card_site, identity, head, tail)
        with open(os.path.join(folder, "index.html"), "w", encoding="utf-8") as stream:
            stream.write(html)
        count += 1
    return count


_PARALLEL_FROM = 2000  # below this many pages a worker costs more than it saves (test builds, small pools)


def build_jobs(pages: int) -> int:
    """How many processes write the card pages: L5R_BUILD_JOBS, else one per usable CPU (at most 4) for a big
    pool; one where processes cannot be forked."""
    import multiprocessing
    if pages < _PARALLEL_FROM or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    wanted = os.environ.get("L5R_BUILD_JOBS", "")
    if wanted.isdigit() and int(wanted) > 0:
        return int(wanted)
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count() or 1
    return max(1, min(4, cpus))


def card_page_shell(site_dir: Path, card_site: CardSite, site_name: str) -> tuple[str, str]:
    """The head and tail every card page is written between, from the built card search page; writes the card
    pages' one stylesheet (assets/card-page.css) beside it."""
    shell_file = site_dir / ("cards/search/index.html" if card_site.directory_urls else "cards/search.html")
    shell_html = shell_file.read_text(encoding="utf-8")
    depth = 2 if card_site.directory_urls else 1
    cardchrome.write_card_css(site_dir, cardchrome.shell_stylesheets(shell_html, depth)[0])
    (site_dir / cardchrome.CHROME_JS).write_text(
        cardchrome.card_chrome_js(shell_html, shell_file.relative_to(site_dir).as_posix()), encoding="utf-8")
    return compact_shell(shell_html, site_name, card_site.page, shell_depth=depth)


def write_card_pages(site_dir: Path, card_site: CardSite, site_name: str) -> int:
    head, tail = card_page_shell(site_dir, card_site, site_name)
    identities = card_site.page_identities()
    (site_dir / CARD_DIR).mkdir(parents=True, exist_ok=True)
    for uri in ("", "cards/search/", "formats/"):  # file:// names, resolved once before any worker starts
        card_site.page(uri)
    jobs = build_jobs(len(identities))
    if jobs == 1:
        return write_some_card_pages(str(site_dir), card_site, head, tail, identities)
    # Forked workers inherit the prepared CardSite (index, printings, checkers, template) through a module
    # global: nothing is pickled or re-read, each worker only gets its share's number.
    import multiprocessing
    global _FORKED
    _FORKED = (str(site_dir), card_site, head, tail, identities, jobs)
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            return sum(pool.map(_write_share, range(jobs)))
    finally:
        _FORKED = None


_FORKED = None


def _write_share(n: int) -> int:
    site_dir, card_site, head, tail, identities, jobs = _FORKED
    return write_some_card_pages(site_dir, card_site, head, tail, identities[n::jobs])
