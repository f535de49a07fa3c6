"""Printable pages: one page per bundled format with every rule, ability, keyword, legal set, ban and ruling,
each under its citation id, for tournament binders (templates/print.md.j2, docs/assets/print.css)."""

from __future__ import annotations

from ...data import model as m
from ..rendering.pages import Page


def print_uri(f: m.Format) -> str:
    return f"print/{f.id}.md"


def plan_print(codex: m.Codex, pages: list, nav: list) -> None:
    """Add the print pages and their nav section ("Print") to a site plan under construction."""
    entries = []
    for f in codex.bundled_formats:
        uri = print_uri(f)
        pages.append(Page(uri, f"{f.short_name}: printable rules", "print.md.j2", {"format": f}))
        entries.append({f.short_name: uri})
    if entries:
        nav.append({"Print": entries})
