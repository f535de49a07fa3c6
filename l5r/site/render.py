"""Rendering verbatim text blocks as HTML (escaped, auto-linked) and pages through Jinja templates."""

from __future__ import annotations

import html
import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from ..data import model as m
from .autolink import Linker, Target
from .plan import SitePlan

TEMPLATES = Path(__file__).resolve().parent / "templates"

# ---------------------------------------------------------------------------------------------------------
# Inline text
# ---------------------------------------------------------------------------------------------------------


class TextRenderer:
    """Escapes verbatim text and links the first mention of each term in a section."""

    def __init__(self, plan: SitePlan, linkers: dict[str | None, Linker]):
        self.plan = plan
        self.linkers = linkers

    def inline(self, text: str, ctx: "RenderContext") -> str:
        linker = self.linkers.get(ctx.format_id) or self.linkers.get(None)
        out, pos = [], 0
        if linker is not None:
            for start, end, term, target in linker.find(text):
                if target.record_id in ctx.linked or target.record_id == ctx.self_id:
                    continue
                if target.record_id not in self.plan.anchors:
                    continue
                ctx.linked.add(target.record_id)
                out.append(html.escape(text[pos:start], quote=False))
                href = self.plan.url(target.record_id, ctx.page_uri)
                title = html.escape(target.tooltip)
                out.append(f'<a class="l5r-term" href="{href}" title="{title}">{html.escape(text[start:end])}</a>')
                pos = end
        out.append(html.escape(text[pos:], quote=False))
        return "".join(out)

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
    shared: dict[str, Target] = {}
    for card in codex.cards.values():
        for name in (card.name, *card.aliases):
            shared.setdefault(name, Target(card.id, "card", f"Card: {card.title}"))
    linkers: dict[str | None, Linker] = {None: Linker(dict(shared))}
    for f in codex.formats.values():
        terms: dict[str, Target] = {}
        # Nearest definition wins: the format's own terms, then its parents', then the AEG base rules
        # (the glossary every format builds on).
        chain = list(codex.ancestry(f.id))
        if "aeg" in codex.formats and codex.formats["aeg"] not in chain:
            chain.append(codex.formats["aeg"])
        for source in chain:
            for k in source.keywords:
                if not k.autolink:
                    continue
                tip = k.short or _first_sentence(k.text)
                for name in (k.term, *k.aliases):
                    terms.setdefault(name, Target(k.id, f"{source.citation_prefix} {k.category}",
                                                  f"{source.citation_prefix} {k.term}: {tip}"))
            for a in source.abilities:
                if not a.autolink or a.see:
                    continue
                tip = _first_sentence(a.text)
                for name in (a.name, *a.aliases):
                    terms.setdefault(name, Target(a.id, f"{source.citation_prefix} player ability",
                                                  f"{source.citation_prefix} player ability {a.name}: {tip}"))
        for name, target in shared.items():
            terms.setdefault(name, target)
        linkers[f.id] = Linker(terms)
    return linkers


def _first_sentence(blocks) -> str:
    for block in blocks:
        for text in block.strings():
            text = " ".join(text.split())
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


def jinja_env() -> Environment:
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), undefined=StrictUndefined,
                      comment_start_string="{##", comment_end_string="##}",
                      keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True, autoescape=False)
    env.filters["md"] = md_escape
    env.filters["e"] = lambda s: html.escape(str(s))
    return env
