"""Search: what Material's search index holds, and the compact card index beside it.

Material's search loads one index (search/search_index.json) on every page. Rules pages go there; card pages do
not, because the card pool is large (thousands of titles): one full page entry per card would make every page load
megabytes. Cards get their own compact index instead, `search/codex.js`, loaded only when a reader opens the
search box; assets/codex-search.js matches card titles in it and shows them above the rules results, and labels
every rules result with the format it comes from.
"""

from __future__ import annotations

import functools
import html
import json
import re
import unicodedata
from pathlib import Path

import yaml

from ...data import model as m
from . import citelabel

CARD_INDEX_URI = "search/codex.js"

# Material's search worker, and the Codex's prelude put before it: the index is built when the reader goes to the
# search box (docs/assets/search-on-focus.js) or at the first search, not when each page opens. The prelude's first
# line marks a worker that has it already (`mkdocs serve` keeps theme files from one build to the next).
WORKER_FILES = "assets/javascripts/workers/search.*.min.js"
WORKER_PRELUDE = Path(__file__).parents[1] / "search-worker-prelude.js"


def defer_index_build(site: Path) -> list[Path]:
    """Put the Codex's prelude before Material's search worker in the built `site` (once). Returns the worker files
    found; none means the theme's worker is not where it was, and search would build its index on every page."""
    workers = sorted(site.glob(WORKER_FILES))
    prelude = WORKER_PRELUDE.read_text(encoding="utf-8") if workers else ""
    for worker in workers:
        text = worker.read_text(encoding="utf-8")
        if not text.startswith(prelude.split("\n", 1)[0]):
            worker.write_text(prelude + text, encoding="utf-8")
    return workers


# Pages whose content is not put in Material's search index (cards have their own index; print pages repeat
# every rule of a format and would double each result).
_EXCLUDED_PREFIXES = ("cards/", "card/", "print/")


# Material's search index keeps a few tags (paragraphs, lists, code) and drops the rest with nothing in their
# place: a table cell, a definition, a block, a menu choice or a line break that ends right where the next one
# starts ran the two texts together in a result ("RelationRestates", "Not coveredBuilds on"). A line break after
# each such end is the same page to a reader and two words to the index. Preformatted text is left as it is.
_BLOCK_END = re.compile(
    r"(</(?:div|dt|dd|td|th|tr|thead|tbody|table|caption|summary|details|dl|figure|figcaption"
    r"|blockquote|section|option|h[1-6])>|<br\s*/?>)(?=<)"
)
_PRE = re.compile(r"(<pre\b.*?</pre>)", re.S)


def words_apart(page_html: str) -> str:
    """`page_html` with a line break after every block end or line break that a tag follows directly (outside
    <pre>), so Material's search index does not join the words on either side of it."""
    parts = _PRE.split(page_html)
    return "".join(part if i % 2 else _BLOCK_END.sub(r"\1\n", part) for i, part in enumerate(parts))


def words_apart_in_markdown(markdown: str) -> str:
    """A generated page's Markdown with `words_apart` applied to its lines of HTML (those that start with a tag),
    so that every engine indexes the page with its words apart, hooks or none. A line break goes only between two
    tags, so no new line starts as Markdown; table rows, text, fenced code and <pre> are left as they are."""
    parts = _PRE.split(markdown)
    out, fenced = [], False
    for i, part in enumerate(parts):
        if i % 2:
            out.append(part)
            continue
        lines = []
        for line in part.split("\n"):
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
            lines.append(_BLOCK_END.sub(r"\1\n", line) if not fenced and line.startswith("<") else line)
        out.append("\n".join(lines))
    return "".join(out)


# A page's front matter, by its text: read only. Every generation reads the same few hundred (`mkdocs serve`: every
# rebuild), which took a twentieth of a second of YAML parsing each time.
@functools.lru_cache(maxsize=4096)
def _front_matter(text: str):
    return yaml.safe_load(text)


def excluded_from_index(uri: str, markdown: str) -> str:
    """A generated page under cards/ or print/ with `search: exclude: true` in its own front matter, so any engine
    that reads Material's front matter leaves it out of the search index (no hook needed). Other pages as given."""
    if not uri.startswith(_EXCLUDED_PREFIXES):
        return markdown
    if markdown.startswith("---\n"):
        end = markdown.find("\n---\n", 3)
        meta = _front_matter(markdown[4 : end + 1]) if end != -1 else None
        if isinstance(meta, dict):
            if (meta.get("search") or {}).get("exclude") is True:
                return markdown
            if "search" in meta:
                raise ValueError(f"{uri}: its front matter sets `search:` without `exclude: true`")
            return "---\nsearch:\n  exclude: true\n" + markdown[4:]
    return "---\nsearch:\n  exclude: true\n---\n\n" + markdown


def _page_url(uri: str, use_directory_urls: bool) -> str:
    """The URL MkDocs gives a page (as Material's index writes its location)."""
    if use_directory_urls:
        if uri == "index.md":
            return ""
        return uri[: -len("index.md")] if uri.endswith("/index.md") else uri[:-3] + "/"
    return uri[:-3] + ".html"


# Pages that restate or summarise the rules rather than state them: the side-by-side compare pages and each
# format's overview. A rule's own page ranks above them in the site search (Material multiplies a document's
# score by its boost; the hand-written help pages set theirs in their front matter).
_RESTATING_BOOST = 0.1


# A glossary entry defines its term: for the words of its title it ranks above the pages that use the term. An entry
# of how the game is played (category "rule", "term": Duels) ranks above a card keyword's (category "keyword":
# Duelist), whose word it often starts ("dueling" opens at Duels). The parts of an entry (a duel's steps) rank under
# the entry itself: their citation tags repeat the entry's term ("NE Duels, Step 3: Resolve the Duel") and would
# otherwise outscore it.
_RULE_ENTRY_BOOST = 4.0
_KEYWORD_ENTRY_BOOST = 2.0
_ENTRY_PART_BOOST = 0.5


def _entry_boost(record: m.Record) -> float | None:
    """The search boost of a glossary entry or a part of one; None for any other record."""
    if isinstance(record, m.Keyword):
        return _KEYWORD_ENTRY_BOOST if record.category == "keyword" else _RULE_ENTRY_BOOST
    if isinstance(record, m.KeywordSection):
        return _ENTRY_PART_BOOST
    return None


def _restates(location: str, format_ids) -> bool:
    if location.startswith("compare/"):
        return True
    page = location.partition("#")[0]
    return any(page in (f"formats/{f}/", f"formats/{f}.html", f"formats/{f}/index.html") for f in format_ids)


def tag_index(index_file: Path, codex: m.Codex, plan, use_directory_urls: bool) -> None:
    """Give each entry of Material's search index its citation as a tag, worded as the pages word it ("NE 4.3.C",
    "OH II.F, Deck Restrictions" for a sub-section the document does not number: citelabel.py; the format's
    prefix, "NE", for entries that are not a record). The tag is what a reader sees; the index's locations keep
    the ids and anchors.

    Material shows tags on every result, so each result shows its format and citation, and matches tags first,
    so a search for "NE 4.3.C" or "OH II.B" puts that rule on top. Pages that restate the rules (compare pages,
    format overviews) get a lower boost, so the rule's own page comes first.
    """

    def citation(record_id: str) -> str | None:
        record = codex.records.get(record_id)
        return (citelabel.label(record, codex) or None) if record is not None else None

    by_anchor = {anchor: c for rid, (_, anchor) in plan.anchors.items() if (c := citation(rid))}
    boost_at = {
        anchor: boost
        for rid, (_, anchor) in plan.anchors.items()
        if (record := codex.records.get(rid)) is not None and (boost := _entry_boost(record)) is not None
    }
    page_tag: dict[str, str] = {}
    for page in plan.pages:
        fmt = page.context.get("format")
        section = page.context.get("section")
        tag = citelabel.label(section, codex) if section is not None else None
        tag = tag or (fmt.citation_prefix if fmt else None)
        if tag:
            page_tag[_page_url(page.uri, use_directory_urls)] = tag
    data = json.loads(index_file.read_text(encoding="utf-8"))
    for doc in data["docs"]:
        url, _, anchor = doc["location"].partition("#")
        tag = by_anchor.get(anchor) if anchor else None
        if tag is None:
            tag = page_tag.get(url)
            if tag and anchor and " " in tag:
                tag = tag.split(" ", 1)[0]  # another heading on a record's page: the format only
        if tag:
            # Material writes a result's tags into the page as HTML, and a label holds the record's title.
            doc["tags"] = [html.escape(tag, quote=False)]
        if "boost" not in doc and _restates(doc["location"], codex.formats):
            doc["boost"] = _RESTATING_BOOST
        elif "boost" not in doc and anchor in boost_at:
            doc["boost"] = boost_at[anchor]
    index_file.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


# Kept by title: the site search's card index asks for every pool title's slug each time it is written (under
# `mkdocs serve`, at every rebuild that changes a format's name or a card's verdict).
@functools.lru_cache(maxsize=32768)
def slug(title: str) -> str:
    """The card id convention for a plain title: `Koan's Jingasa` -> `koans-jingasa`."""
    text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii").lower()
    text = re.sub(r"['’]", "", text)
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def card_index(codex: m.Codex, use_directory_urls: bool, pool_cards=()) -> dict:
    """The compact card index: lookup tables once, then one short row per card.

    Row: [title, id ("" when it is the slug of the title), type, deck, first set, banned-in] with type, deck
    and set as positions in their tables and banned-in as citation prefixes of the formats whose ban list holds
    the card (not lifted). With a card pool every pool card without a Codex record follows, its row
    ending in 1: its id is its page's slug (`pool_url`), banned-in as the deck checker decides it today.
    `pool_cards`: (title, slug, type, deck, first set, banned-in prefixes) for each.
    """
    banned: dict[str, list[str]] = {}
    for f in codex.bundled_formats:
        if f.bans is None:
            continue
        for e in f.bans.entries:
            if e.card and not e.lifted and not e.lifted_undated and f.citation_prefix not in banned.get(e.card, []):
                banned.setdefault(e.card, []).append(f.citation_prefix)
    tables: dict[str, list[str]] = {"types": [], "decks": [], "sets": []}
    positions: dict[str, dict[str, int]] = {k: {} for k in tables}

    def pos(table: str, value: str) -> int:
        where = positions[table]
        if value not in where:
            where[value] = len(tables[table])
            tables[table].append(value)
        return where[value]

    rows = []
    for card in sorted(codex.cards.values(), key=lambda c: (c.title.lower(), c.id)):
        rows.append(
            [
                card.title,
                "" if card.id == slug(card.title) else card.id,
                pos("types", card.type),
                pos("decks", card.deck),
                pos("sets", card.sets[0]) if card.sets else -1,
                " ".join(banned.get(card.id, [])),
            ]
        )
    for title, page_slug, type_, deck, first_set, banned_in in pool_cards:
        rows.append(
            [
                title,
                "" if page_slug == slug(title) and title.isascii() else page_slug,
                pos("types", type_),
                pos("decks", deck),
                pos("sets", first_set) if first_set else -1,
                " ".join(banned_in),
                1,
            ]
        )
    formats = {f.id: [f.citation_prefix, f.short_name] for f in codex.formats.values()}
    return {
        "card_url": "card/{id}/" if use_directory_urls else "card/{id}.html",
        "pool_url": "card/{id}/" if use_directory_urls else "card/{id}/index.html",
        "cards_page": "cards/" if use_directory_urls else "cards/index.html",
        "formats": formats,
        **tables,
        "cards": rows,
    }


def card_index_js(codex: m.Codex, use_directory_urls: bool, pool_cards=()) -> str:
    """The card index as a script (a script tag loads from file:// too, where fetching JSON is refused)."""
    data = json.dumps(card_index(codex, use_directory_urls, pool_cards), ensure_ascii=False, separators=(",", ":"))
    return f"window.__l5r_search={data.replace('<', chr(92) + 'u003c')};\n"
