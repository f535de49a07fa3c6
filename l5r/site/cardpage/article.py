"""One card's page content (the HTML inside the shell's <article>), from the templates pool_card.html.j2,
pool_card_legality.html.j2 and pool_card_bans.html.j2; `CardSite` holds everything the card pages need, prepared
once per build, and renders both a pool card's page and the pool's facts on a page the Codex has a record for."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, Template
from markupsafe import Markup

from ...cardpool import CardIndex, Identity, cache
from ...data import model as m
from ...data.buildday import build_day
from ..rendering import citelabel
from ..rendering.cardlinks import pool_target_id
from ..rendering.safetext import safe_text
from ..rendering.pages import page_path
from ..rendering.render import jinja_env
from .compact import compact_html
from .printings import STATS, PoolPrintings
from .slugs import card_url, slugs
from .verdicts import (
    PoolVerdicts,
    checkers,
    computed_verdicts_key,
    reword,
    stand_in_name,
    legality_rows,
    shared_numbers,
    shared_segments,
    timeline_json,
    verdict_sentence,
    verdicts_key,
)

# `mkdocs serve` builds the site again after every edit, and most edits (a rule's words, a page's prose, a format's
# name in the nav) change no card's verdict: the previous build's verdicts, worked out by checkers that call each
# format by a stand-in name, are kept here and lent to the next build while `computed_verdicts_key` (all they are
# worked out from but the names) is the same; each build words them with its formats' names.
_LENT_VERDICTS: dict = {}


@dataclass
class CardSite:
    """Everything the card pages need, prepared once per build."""

    codex: m.Codex
    index: CardIndex
    printings: PoolPrintings
    slug_of: dict = field(default_factory=dict)
    checks: list = field(default_factory=list)
    today: dt.date = field(default_factory=build_day)
    directory_urls: bool = True
    site_dir: Path | None = None  # the built site, when there is one: how a file:// build named each page

    cited_by: dict = field(default_factory=dict)  # pool card target id -> [records whose text names the card]
    anchors: dict = field(default_factory=dict)  # record id -> (page uri, anchor): the site plan's
    # Set by `prepare`: the build's templates and what the pages remember between cards.
    _files: dict = field(init=False, repr=False, compare=False)
    _env: Environment = field(init=False, repr=False, compare=False)
    _template: Template = field(init=False, repr=False, compare=False)
    _legality_template: Template = field(init=False, repr=False, compare=False)
    _bans_template: Template = field(init=False, repr=False, compare=False)
    _legality_cache: dict = field(init=False, repr=False, compare=False)
    _today: dict = field(init=False, repr=False, compare=False)
    # The build's verdicts (`checks`' own, or lent with stand-in names: `_words` names the formats, `_worded` and
    # `_timelines` remember the worded verdicts and timelines).
    pool_verdicts: PoolVerdicts = field(init=False, repr=False, compare=False)
    _words: dict = field(init=False, repr=False, compare=False)
    _worded: dict = field(init=False, repr=False, compare=False)
    _timelines: dict = field(init=False, repr=False, compare=False)
    _shared: list | None = field(init=False, repr=False, compare=False)
    _keys_shared: frozenset | None = field(default=None, init=False, repr=False, compare=False)
    _shared_index: dict = field(init=False, repr=False, compare=False)

    @classmethod
    def prepare(
        cls,
        codex,
        index,
        printings,
        today=None,
        directory_urls=True,
        site_dir=None,
        cited_by=None,
        anchors=None,
        reuse_verdicts=False,
    ):
        """`reuse_verdicts` (`mkdocs serve`): take the previous such build's verdicts when nothing they are
        worked out from has changed."""
        today = today or build_day()
        site = cls(
            codex,
            index,
            printings,
            slugs(index.identities),
            checkers(codex, index),
            today,
            directory_urls,
            Path(site_dir) if site_dir is not None else None,
            dict(cited_by or {}),
            dict(anchors or {}),
        )
        site._files = {}
        site._env = jinja_env()
        site._template = site._env.get_template("pool_card.html.j2")
        site._legality_template = site._env.get_template("pool_card_legality.html.j2")
        site._bans_template = site._env.get_template("pool_card_bans.html.j2")
        site._legality_cache = {}
        site._today = {}
        site._worded, site._timelines = {}, {}
        site._shared = None
        site._shared_index = {}
        if reuse_verdicts:
            key = computed_verdicts_key(codex, index)
            lent = _LENT_VERDICTS.get(key)
            if lent is None:
                lent = PoolVerdicts(checkers(codex, index, stand_in_names=True))
                _LENT_VERDICTS.clear()
                _LENT_VERDICTS[key] = lent
            site.pool_verdicts = lent
            site._words = {stand_in_name(c.format): c.format.short_name for c in site.checks}
        else:
            site.pool_verdicts, site._words = PoolVerdicts(site.checks), {}
        return site

    def _worded_verdict(self, verdict):
        if not self._words:
            return verdict
        found = self._worded.get(id(verdict))  # (the verdict lives in the checker's timelines as long as this)
        if found is None:
            reason = reword(verdict.reason, self._words)
            found = self._worded[id(verdict)] = (
                verdict if reason == verdict.reason else dataclasses.replace(verdict, reason=reason)
            )
        return found

    def timelines(self, identity: Identity) -> list:
        """`DeckChecker.card_timeline` per checkable format, in this build's words."""
        if not self._words:
            return [c.card_timeline(identity) for c in self.pool_verdicts.checks]
        found = self._timelines.get(identity)
        if found is None:
            found = self._timelines[identity] = [
                [(day, self._worded_verdict(v)) for day, v in c.card_timeline(identity)]
                for c in self.pool_verdicts.checks
            ]
        return found

    def shared_segments(self) -> list[list]:
        """The timeline segments the card pages share (`verdicts.shared_segments` over every page's card), worked
        out once per build, before the page writers fork, so every page and assets/card-page.js number them alike."""
        if self._shared is None:
            counts = self.pool_verdicts.segment_counts(self.page_identities())
            self._shared = shared_segments(counts, self._words)
            self._shared_index = shared_numbers(self._shared)
        return self._shared

    def use_shared_segments(self, shared: list[list]) -> None:
        """Take these as the build's `shared_segments`: the ones a previous build worked out from the very same
        inputs, kept in its assets/card-page.js (`cardsearch.write_card_outputs`)."""
        self._shared = shared
        self._shared_index = shared_numbers(shared)

    def pages_key(self) -> str:
        """Everything but the card itself that a pool card's page is rendered from, as a digest: the pool and the
        card records (`cache.stamp`), the formats' verdict inputs (`verdicts_key`), every record's label and title
        (a page cites rules and bans by them), where each record's page is, the records naming each card, the
        day and how pages are addressed. Not the package's code (`keptpages.package_digest`) nor the shell."""
        parts = (
            cache.stamp(self.index.pool_dir, self.codex.cards) if self.index.pool_dir else None,
            sorted((k, repr(c)) for k, c in self.codex.cards.items()),
            verdicts_key(self.codex, self.index, self.today)[0],
            sorted((rid, citelabel.label(r, self.codex), r.title) for rid, r in self.codex.records.items()),
            sorted(self.anchors.items()),
            sorted((target, [repr(r) for r in records]) for target, records in self.cited_by.items()),
            self.today.isoformat(),
            self.directory_urls,
            None if self.directory_urls or self.site_dir is None else self._page_files(),
        )
        return hashlib.sha1(repr(parts).encode("utf-8", "surrogatepass")).hexdigest()

    def _page_files(self) -> list[str]:
        # Without directory URLs a page's address is the file MkDocs wrote (`page`): the engine's pages decide.
        assert self.site_dir is not None
        return sorted(
            p.relative_to(self.site_dir).as_posix()
            for top in self.site_dir.iterdir()
            if top.name not in ("card", "c")
            for p in ([top] if top.is_file() else top.rglob("*.html"))
        )

    def today_verdicts(self, identity: Identity) -> list:
        """`DeckChecker.card_legality` today, per checkable format: asked once per card and build, then shared by
        the legality table, the description a shared link shows and the card search's index."""
        key = (identity, self.today)  # `today` may be moved (a page for another day): the memo follows it
        found = self._today.get(key)
        if found is None:
            found = self._today[key] = [
                self._worded_verdict(v) for v in self.pool_verdicts.verdicts_on(identity, self.today)
            ]
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
            if (
                uri
                and self.site_dir is not None
                and not (self.site_dir / found).is_file()
                and (self.site_dir / (uri[:-1] + ".html")).is_file()
            ):
                found = uri[:-1] + ".html"
            self._files[uri] = found
        return found

    def printings_of(self, identity: Identity) -> list[dict]:
        rows = [
            dict(p, release=self.printings.release.get(p.get("_set"), ""))
            for p in self.printings.by_identity.get((identity.key, identity.deck), ())
        ]
        return sorted(rows, key=lambda p: p["release"] or "0000", reverse=True)  # most recent first

    def page_identities(self):
        return [i for i in self.index.identities if i.in_pool and i.card_id is None]

    def page_name(self, identity: Identity) -> str:
        """The card's name on its page, as its title and heading give it: the pool's key, and where another card's
        page has the same key (a Follower and a token both "Ashigaru"), the card's deck after it, as its address has
        it ("Ashigaru (Fate)", "Ashigaru (Other)")."""
        if self._keys_shared is None:
            counted = Counter(i.key for i in self.page_identities())
            self._keys_shared = frozenset(key for key, n in counted.items() if n > 1)
        return f"{identity.key} ({identity.deck})" if identity.key in self._keys_shared else identity.key

    def render_embedded(self, identity: Identity, rel: str) -> list[str]:
        """The pool's facts for a card the Codex has a record for, as every pool card's page renders them, in
        four parts for the places the record's page leaves for them (`records.write_record_facts`): legality
        (with the date picker) under the citation; the pool's stats, text and errata after the record's facts;
        the ban history under the record's heading; printings and relations after it."""
        return self.render(identity, rel, embedded=True).split("<!--l5r:part-->")

    def verdicts(self, identity: Identity) -> list[tuple[str, str]]:
        """(format name, today's verdict) per checkable format: `DeckChecker.card_legality`, as the table says."""
        statuses = self.pool_verdicts.verdicts_on(identity, self.today)  # (a status names no format: not worded)
        return [(c.format.short_name, v.status) for c, v in zip(self.checks, statuses)]

    def description(self, identity: Identity) -> str:
        """What a shared link to the card's page says: its type, clan and deck, and its legality in words."""
        kind = " · ".join(
            x
            for x in (
                ", ".join(identity.types),
                ", ".join(identity.clans),
                f"{identity.deck} deck" if identity.deck else "",
            )
            if x
        )
        sentence = verdict_sentence(self.verdicts(identity))
        return " ".join(x for x in ((kind + ".") if kind else "", sentence) if x)

    def render(self, identity: Identity, rel: str = "../../", embedded: bool = False, short: bool = True) -> str:
        """The card's article HTML (goes inside the shell's <article>); `rel` leads from the page to the root.
        A pool card's page (not `embedded`) is written short (compact.py) unless not `short`."""
        prints = self.printings_of(identity)
        latest = prints[0] if prints else {}
        rows = legality_rows(identity, self.checks, self.today, self.today_verdicts(identity), self.timelines(identity))
        related = {
            "Soul of": self.index.soul_chain(identity) - {identity},
            "Counts as": set(self.index.counts_as(identity)),
            "Counted as by": set(self.index.counted_as_by(identity)),
            "Same title": {i for i in self.index.named(identity.title, identity.experience) if i is not identity},
        }
        self.shared_segments()
        timeline = timeline_json(rows, self._shared_index)
        cited = []
        for record in self.cited_by.get(pool_target_id(identity), ()):
            where = (record.uri, record.anchor) if getattr(record, "uri", None) else self.anchors.get(record.id)
            if where:  # a rule, ruling or ban naming the card, or a verified example (cardlinks.ExampleCitation)
                cited.append(
                    (
                        rel + self.page(page_path(where[0])) + "#" + where[1],
                        citelabel.label(record, self.codex),
                        record.title,
                    )
                )
        short = short and not embedded
        legality_part, bans_part = self.legality_html(rows, timeline, rel, heading=not embedded, short=short)
        html = self._template.render(
            cited=cited,
            embedded=embedded,
            card=identity,
            name=self.page_name(identity),
            slug=self.slug_of.get(identity),
            latest=latest,
            prints=prints,
            legality=legality_part,
            bans=bans_part,
            stats=[(label, latest[k]) for k, label in STATS if k in latest],
            text=safe_text(latest.get("text")),
            errata=[(p["_set"], safe_text(p["errata_text"])) for p in prints if p.get("errata_text")],
            related={k: sorted(v, key=lambda i: i.key) for k, v in related.items() if v},
            url=lambda i: rel + self.url(i),
            root=rel,
            page=lambda uri: rel + self.page(uri),
        )
        # A pool card's page is written once per card of the pool: as short as the same document can be written.
        # A record's page goes on through Markdown and the theme, which read its parts as written.
        return compact_html(html) if short else html

    def record_href(self, record_id: str, rel: str) -> str:
        """A record's address from a card page (`rel` leads to the root), "" when no page of the plan shows it."""
        where = self.anchors.get(record_id)
        return rel + self.page(page_path(where[0])) + "#" + where[1] if where else ""

    def legality_html(self, rows, timeline: str, rel: str, heading: bool = True, short: bool = False):
        """The legality part (pool_card_legality.html.j2) and the ban history (pool_card_bans.html.j2). Most
        cards share theirs word for word (legal in the same formats for the same reasons, no bans), so each
        distinct one is rendered once per build: the parts depend only on the verdicts, the bans and the
        timeline, all named in the key. `short`: made short (compact.py) as a pool card's page is, once per
        part, not once per page: each part is whole elements from a heading to a table's or paragraph's end, so
        shortening it alone or within the page leaves the same markup, and the page's own pass finds nothing
        more to shorten in it."""
        key = (
            rel,
            timeline,
            heading,
            short,
            tuple(
                (
                    r["format"].id,
                    r["now"].status,
                    r["now"].reason,
                    tuple(b.id for b in r["now"].bans),
                    tuple(b.id for b in r["bans"]),
                )
                for r in rows
            ),
        )
        found = self._legality_cache.get(key)
        if found is None:

            def link(record_id: str, text: str) -> Markup:
                href = self.record_href(record_id, rel)
                return Markup('<a href="{}">{}</a>').format(href, text) if href else Markup.escape(text)

            args = dict(
                rows=rows,
                timeline=timeline,
                today=self.today.isoformat(),
                root=rel,
                heading=heading,
                page=lambda uri: rel + self.page(uri),
                ban_url=lambda b: rel + self.page(f"formats/{b.format_id}/bans/") + f"#{b.id}",
                list_url=lambda b: rel + self.page(f"formats/{b.format_id}/bans/"),
                record_link=link,
                format_link=lambda f: link(f.id, f.short_name),
                ban_label=lambda b: citelabel.label(b, self.codex),
                sentence=verdict_sentence([(r["format"].short_name, r["now"].status) for r in rows]),
            )
            parts = (_tight(self._legality_template.render(**args)), _tight(self._bans_template.render(**args)))
            found = tuple(Markup(compact_html(part) if short else part) for part in parts)
            self._legality_cache[key] = found
        return found


def _tight(part: str) -> str:
    """A legality part as every pool card page repeats it: no line break between two elements (it shows nothing there), and
    an apostrophe in text as itself (the autoescape's &#39; is only needed inside a single-quoted attribute, and
    these parts quote every attribute with double quotes)."""
    return part.strip().replace(">\n<", "><").replace("&#39;", "'")
