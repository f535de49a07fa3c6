"""Rendering verbatim text blocks as HTML (escaped, auto-linked) and pages through Jinja templates."""

from __future__ import annotations

import html
import json
import re
from collections import defaultdict
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from ...data import model as m
from . import citelabel
from .autolink import Linker, Target
from .pages import SitePlan, page_path, relative_url
from .template_cache import bytecode_cache

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"

# Where a card title that several cards share links to: the title's group on the card comparison page.
TITLES_PAGE = "compare/cards.md"


_MARKDOWN_REFS = {c: f"&#{ord(c)};" for c in "&<>\"'`[]()*_\\!|{}#+-~^:"}


def title_anchor(name: str) -> str:
    return "title-" + re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "").replace("’", "")).strip("-")


# ---------------------------------------------------------------------------------------------------------
# Inline text
# ---------------------------------------------------------------------------------------------------------


class TextRenderer:
    """Escapes verbatim text and links the first mention of each term in a section."""

    def __init__(self, plan: SitePlan, linkers: dict[str | None, Linker], same_entry=None):
        self.plan = plan
        self.linkers = linkers
        self.same_entry = same_entry or {}

    def inline(self, text: str, ctx: "RenderContext") -> str:
        out, pos = [], 0
        skip = self.same_entry.get(ctx.self_id, frozenset({ctx.self_id}))
        for mention in self.linker(ctx.format_id).find(text):
            target = mention.target
            if target.record_id in ctx.linked or not skip.isdisjoint(target.record_ids):
                continue
            href = self.href(target, ctx.page_uri)
            if href is None:
                continue
            ctx.linked.add(target.record_id)
            out.append(html.escape(text[pos : mention.start], quote=False))
            origin = f' data-from="{ctx.format_id}"' if ctx.format_id else ""
            out.append(
                f'<a class="l5r-term" href="{href}" title="{html.escape(target.tooltip)}"{origin}>'
                f"{html.escape(text[mention.start : mention.end], quote=False)}</a>"
            )
            pos = mention.end
        out.append(html.escape(text[pos:], quote=False))
        return "".join(out)

    def linker(self, format_id: str | None) -> Linker:
        return self.linkers.get(format_id) or self.linkers[None]

    def href(self, target: Target, from_uri: str) -> str | None:
        if target.uri is not None:
            if target.uri == from_uri:
                return f"#{target.anchor}"
            return f"{relative_url(page_path(from_uri), page_path(target.uri))}#{target.anchor}"
        if target.record_id not in self.plan.anchors:
            return None
        return self.plan.url(target.record_id, from_uri)

    def blocks(self, blocks, ctx: "RenderContext") -> str:
        parts = []
        for block in blocks:
            if block.kind == "paragraph":
                parts.append(f"<p>{self.inline(block.text, ctx)}</p>")
            elif block.kind == "list":
                parts.append(self._list(block.items, ctx))
            elif block.kind == "example":
                parts.append(f'<div class="l5r-example"><p>{self.inline(block.text, ctx)}</p></div>')
            else:
                parts.append(f'<p class="l5r-note">{self.inline(block.text, ctx)}</p>')
        return "\n".join(parts)

    def _list(self, items, ctx) -> str:
        lis = []
        for item in items:
            inner = self.inline(item.text, ctx)
            if item.children:
                inner += self._list(item.children, ctx)
            lis.append(f"<li>{inner}</li>")
        return "<ul>" + "".join(lis) + "</ul>"


class RenderContext:
    """What text rendering needs to know about where it is: page, format, the record itself, links so far."""

    def __init__(self, page_uri: str, format_id: str | None, self_id: str | None = None):
        self.page_uri = page_uri
        self.format_id = format_id
        self.self_id = self_id
        self.linked: set[str] = set()

    def for_record(self, record_id: str | None) -> "RenderContext":
        """A fresh context per section: links restart (first mention per section)."""
        return RenderContext(self.page_uri, self.format_id, record_id)


# ---------------------------------------------------------------------------------------------------------
# Terms
# ---------------------------------------------------------------------------------------------------------


def build_linkers(codex: m.Codex) -> dict[str | None, Linker]:
    """One linker per format: its own abilities and keywords, its ancestors' terms, and card titles."""
    vocabulary = rules_vocabulary(codex)
    designators = frozenset(d for f in codex.formats.values() for a in f.abilities for d in a.designators)
    shared = _card_terms(codex)
    linkers: dict[str | None, Linker] = {None: Linker(dict(shared), vocabulary, designators)}
    for f in codex.formats.values():
        terms: dict[str, Target] = {}
        # Nearest definition wins: the format's own terms, then its parents' (format.yml `parent:`), and
        # nothing else: a format links only within its own inheritance chain (New Era builds on no AEG
        # text, so AEG's glossary is never linked from it). A keyword beats a player ability of the same name.
        chain = list(codex.ancestry(f.id))
        for source in chain:
            for k in source.keywords:
                if not k.autolink:
                    continue
                tip = k.short or tooltip_sentence(k.text)
                for name in (k.term, *k.aliases):
                    terms.setdefault(
                        name,
                        Target(
                            k.id,
                            f"{source.citation_prefix} {k.category}",
                            f"{citelabel.label(k, codex)}: {tip}",
                            format_id=source.id,
                            name_only=k.autolink_as == "name-only",
                        ),
                    )
            for a in source.abilities:
                if not a.autolink or a.see:
                    continue
                tip = tooltip_sentence(a.text)
                for name in (a.name, *a.aliases):
                    terms.setdefault(
                        name,
                        Target(
                            a.id,
                            f"{source.citation_prefix} player ability",
                            f"{citelabel.label(a, codex)} (player ability): {tip}",
                            format_id=source.id,
                            name_only=a.autolink_as == "name-only",
                        ),
                    )
        for name, target in shared.items():
            terms.setdefault(name, target)
        linkers[f.id] = Linker(terms, vocabulary, designators)
    return linkers


def _card_terms(codex: m.Codex) -> dict[str, Target]:
    """Card titles: one card links to its page; a title several cards share links to the title's group.

    A title followed by an experience level ("Hida Kisada Inexperienced", "Bayushi Goshiu Experienced 2")
    names that one card.
    """
    by_name: dict[str, list[m.CardRecord]] = defaultdict(list)
    for card in codex.cards.values():
        for name in (card.name, *card.aliases):
            by_name[" ".join(name.split())].append(card)
    terms: dict[str, Target] = {}
    for name, cards in sorted(by_name.items()):
        if len(cards) == 1:
            terms[name] = _card_target(cards[0])
        else:
            versions = "; ".join(sorted(c.pool_title or c.title for c in cards))
            terms[name] = Target(
                f"title:{title_anchor(name)}",
                "card title",
                f"Card title — {name}: {len(cards)} cards share it ({versions})",
                covers=tuple(c.id for c in cards),
                uri=TITLES_PAGE,
                anchor=title_anchor(name),
            )
    for card in codex.cards.values():
        if card.experience:
            for sep in (" ", " • ", " - ", " – "):
                terms.setdefault(f"{card.name}{sep}{card.experience}", _card_target(card))
    return terms


def _card_target(card: m.CardRecord) -> Target:
    facts = ", ".join(x for x in (card.type, card.clan, card.experience) if x)
    return Target(card.id, "card", f"{citelabel.label(card)}: {facts}")


def rules_vocabulary(codex: m.Codex) -> frozenset[str]:
    """Capitalized words the rules use as game words: words of titles, names, designators and card types."""
    words: set[str] = set()

    def add(text):
        words.update(re.findall(r"[A-Z][\w'’]*", text or ""))

    for f in codex.formats.values():
        for s in f.all_sections():
            add(s.title)
        for g in f.ability_groups:
            add(g.title)
            for a in g.abilities:
                add(a.name)
                for d in a.designators:
                    add(d)
        for k in f.keywords:
            add(k.term)
            for s in k.sections:
                add(s.title)
    for card in codex.cards.values():
        add(card.type)
        add(card.deck)
    return frozenset(words)


def same_entry(codex: m.Codex) -> dict[str, frozenset[str]]:
    """For each record, the records whose mention inside it is a mention of the entry itself.

    An ability that says "see Enlightened Open" is the same entry as the one it points to; a keyword's
    sub-sections are part of the keyword.
    """
    out: dict[str, frozenset[str]] = {}
    for f in codex.formats.values():
        for a in f.abilities:
            out[a.id] = frozenset(i for i in (a.id, a.see) if i is not None)
        for k in f.keywords:
            out[k.id] = frozenset({k.id, *(s.id for s in k.sections)})
            for s in k.sections:
                out[s.id] = out[k.id]
    return out


def text_records(codex: m.Codex):
    """Every record whose verbatim text is auto-linked: (record, format id, text blocks)."""
    for f in codex.formats.values():
        for s in f.all_sections():
            yield s, f.id, s.text
        for g in f.ability_groups:
            yield g, f.id, g.text
            for a in g.abilities:
                yield a, f.id, a.text + a.notes
        for k in f.keywords:
            yield k, f.id, k.text
            for s in k.sections:
                yield s, f.id, s.text
        for e in f.changelog:
            yield e, f.id, e.text
        for r in f.rulings:
            yield r, f.id, r.text


def mentions(codex: m.Codex, linkers: dict[str | None, Linker]) -> dict[str, list[m.Record]]:
    """Which records mention each record in their text (a shared card title counts for every card)."""
    skip_of = same_entry(codex)
    found: dict[str, list[m.Record]] = defaultdict(list)
    for record, format_id, blocks in text_records(codex):
        linker = linkers.get(format_id) or linkers[None]
        skip = skip_of.get(record.id, frozenset({record.id}))
        for block in blocks:
            for text in block.strings():
                for mention in linker.find(text):
                    for target_id in mention.target.record_ids:
                        if target_id not in skip and record not in found[target_id]:
                            found[target_id].append(record)
    return dict(found)


def tooltip_sentence(blocks) -> str:
    """The first sentence of a text, for a tooltip (at most 160 characters)."""
    for block in blocks:
        for text in block.strings():
            text = " ".join(text.split())
            sentence = re.match(r".+?[.!?](?=\s|$)", text)
            text = sentence.group(0) if sentence else text
            return text if len(text) <= 160 else text[:157].rsplit(" ", 1)[0] + "…"
    return ""


# ---------------------------------------------------------------------------------------------------------
# Markdown helpers
# ---------------------------------------------------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|])")


def md_escape(text: str) -> str:
    """Escape text for a Markdown heading (verbatim headings keep their asterisks and brackets)."""
    text = _MD_SPECIAL.sub(r"\\\1", text)
    return re.sub(r"^(\d+)\.", r"\1\\.", text)


def front_matter(text) -> Markup:
    """A page title for YAML front matter: HTML-escaped (the theme prints titles as they are, in the nav too)
    and JSON-quoted (a double-quoted YAML string), so a quote or `<script>` in a title stays text."""
    return Markup(json.dumps(html.escape(str(text), quote=False), ensure_ascii=False))


class SafeHelpers:
    """What templates call as `h`: the page renderer's helpers, whose results are finished HTML.

    Templates autoescape every value they print; helpers escape data themselves and return markup, so their
    results are marked safe here, in one place, instead of `|safe` at every call.
    """

    def __init__(self, helpers):
        self._helpers = helpers

    def __getattr__(self, name):
        value = getattr(self._helpers, name)
        if not callable(value) or name in getattr(self._helpers, "PLAIN_TEXT", ()):
            return value  # plain text: printed, the template escapes it; passed to a helper, the helper does

        def call(*args, **kwargs):
            result = value(*args, **kwargs)
            return Markup(result) if isinstance(result, str) and not isinstance(result, Markup) else result

        return call


_TITLE_ATTR = re.compile(r'(\stitle=)"([^"]*)"')


def tooltip_titles(page_html: str) -> str:
    """Every `title="…"` in a page's content, escaped once more for Material's tooltips.

    With `content.tooltips`, Material moves each `[title]` of the content into a tooltip as HTML: the value
    the browser decoded from the attribute is parsed again. A title holding data that reads like markup
    (`<img onerror=…>` in a keyword's short text, shown on its auto-links) ran there on hover; escaped twice,
    the tooltip shows the characters the data holds. Only `&`, `<` and `>` are added, so ordinary
    titles keep their value.
    """

    def once_more(match: re.Match) -> str:
        value = html.unescape(match.group(2))
        return f'{match.group(1)}"{html.escape(html.escape(value, quote=False))}"'

    return _TITLE_ATTR.sub(once_more, page_html)


def jinja_env() -> Environment:
    # Autoescape: a value a template prints from the data is HTML-escaped unless it is already markup, so no
    # title, note or fact can put a tag on a page.
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        undefined=StrictUndefined,
        comment_start_string="{##",
        comment_end_string="##}",
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=True,
        bytecode_cache=bytecode_cache(),
    )
    env.filters["md"] = lambda s: Markup(md_escape(html.escape(str(s), quote=False)))
    env.filters["e"] = lambda s: s if isinstance(s, Markup) else Markup(html.escape(str(s)))
    # An attribute's value in a Markdown page: Markdown's code, link and emphasis patterns run before it sets raw
    # HTML tags aside, so what they read ("`", "[", "*", ...) is written as a character reference, as are a line
    # break (it would end a table row) and "|" (it would end a table cell).
    env.filters["cell_attr"] = lambda s: Markup("".join(_MARKDOWN_REFS.get(c, c) for c in " ".join(str(s).split())))
    env.filters["front_matter"] = front_matter
    # A page's description for shared links: the theme prints it inside an attribute as it is, so quotes too
    # are escaped; JSON-quoted for the front matter.
    env.filters["front_matter_attr"] = lambda s: Markup(json.dumps(html.escape(str(s), quote=True), ensure_ascii=False))
    from ...data import bandates

    env.globals["ban_dates"] = bandates  # how every page words a ban date
    return env
