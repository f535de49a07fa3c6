"""Render every planned page to Markdown (HTML blocks for verbatim text, Markdown headings for the TOC)."""

from __future__ import annotations

import html

from ...data import model as m
from ..rendering import citelabel, editlinks, share
from . import examples
from .compare import TOPICS, topics_of
from ..rendering.diff import word_diff
from ..rendering.pages import Page, SitePlan, relative_link
from ..rendering.permalinks import short_path
from .plan import plan_site
from ..rendering.cardlinks import with_pool
from ..cardpage.slugs import slugs
from ..rendering.render import (
    RenderContext,
    SafeHelpers,
    TextRenderer,
    build_linkers,
    jinja_env,
    md_escape,
    mentions,
    same_entry,
)


class PageRenderer:
    """Everything a template may call: text blocks, links, citations, headings."""

    def __init__(self, codex: m.Codex, plan: SitePlan, index=None, source_root: str = ""):
        self.codex = codex
        self.plan = plan
        self.source_root = source_root  # where each record's YAML file is shown ("": no repository, no links)
        linkers = build_linkers(codex)
        if index is not None:  # rules text that names a pool card links to its page (l5r/site/rendering/cardlinks.py)
            linkers = with_pool(codex, linkers, index, slugs(index.identities))
        self.text = TextRenderer(plan, linkers, same_entry(codex))
        self.env = jinja_env()
        self.backrefs = _backrefs(codex, mentions(codex, linkers))

    def render(self, page: Page) -> str:
        template = self.env.get_template(page.template)
        h = SafeHelpers(_Helpers(self, page))
        return template.render(codex=self.codex, page=page, h=h, **page.context)


class _Helpers:
    """Bound to one page, so links come out relative to it."""

    # Helpers whose result is text, not markup (SafeHelpers marks every other result safe): a citation label
    # holds data (a ban entry's card as the list writes it), so it is escaped where it is printed.
    PLAIN_TEXT = ("label_text",)

    def __init__(self, renderer: PageRenderer, page: Page):
        self.r = renderer
        self.page = page
        fmt = page.context.get("format")
        self.format_id = fmt.id if fmt is not None else None

    def blocks(self, blocks, record_id=None, format_id=None) -> str:
        """Verbatim text, auto-linked with the terms of the page's format (or `format_id`'s)."""
        ctx = RenderContext(self.page.uri, format_id or self.format_id, record_id)
        return self.r.text.blocks(blocks, ctx)

    def section_blocks(self, blocks, ctx_holder) -> str:
        return self.r.text.blocks(blocks, ctx_holder)

    def ctx(self, record_id=None) -> RenderContext:
        return RenderContext(self.page.uri, self.format_id, record_id)

    def inline(self, text: str) -> str:
        return html.escape(text, quote=False)

    def url(self, record_id: str) -> str:
        return self.r.plan.url(record_id, self.page.uri)

    def page_url(self, uri: str) -> str:
        """A Markdown link to another page (MkDocs validates and rewrites it)."""
        return relative_link(self.page.uri, uri)

    def md_url(self, record_id: str) -> str:
        """A Markdown link to a record, for use in Markdown (tables, lists), not in HTML blocks."""
        return self.r.plan.md_url(record_id, self.page.uri)

    def link(self, record_id: str, text: str | None = None) -> str:
        record = self.r.codex.records.get(record_id) or self.r.codex.formats.get(record_id)
        label = text or (record.name if isinstance(record, m.Format) else record.title if record else record_id)
        return f'<a href="{self.url(record_id)}">{html.escape(label)}</a>'

    def record(self, record_id: str):
        return self.r.codex.records.get(record_id)

    def cite(self, record) -> str:
        """The citation line under a heading: the citation id (a permalink) and its copy button."""
        return self._cite(record, "_cite.html.j2")

    def cite_cell(self, record) -> str:
        """The same, compact, for a table row (ban entries, legal sets)."""
        return self._cite(record, "_cite_cell.html.j2")

    def label_text(self, record) -> str:
        """The citation as a reader sees it: the document's numbering wherever it has one (citelabel.py)."""
        if isinstance(record, str):
            record = self.r.codex.records.get(record) or self.r.codex.cards.get(record)
        return citelabel.label(record, self.r.codex) if record is not None else ""

    def label(self, record) -> str:
        """`label_text`, escaped for the page."""
        return html.escape(self.label_text(record))

    def share_description(self, record) -> str:
        """What a shared link to this record says (share.py): not HTML, the template's filter escapes it."""
        return share.record_description(record, self.r.codex)

    def share_title(self, record) -> str:
        return share.record_title(record, self.r.codex)

    def label_link(self, record) -> str:
        """A link to a record labelled with its citation as a reader sees it."""
        return self.link(record.id, self.label_text(record))

    def _cite(self, record, template) -> str:
        return (
            self.r.env.get_template(template)
            .render(
                record=record,
                citation=self.label_text(record),
                title=record.title,
                anchor=record.id,
                short=short_path(record.citation),
                edit=editlinks.edit_url(self.r.source_root, getattr(record, "origin", None)),
            )
            .strip()
        )

    def cited_by(self, record_id: str) -> list:
        """The rules that cite a record: they name it in their text, or settle it (rulings)."""
        return [r for r in self.r.backrefs.get(record_id, []) if r.record_kind not in ("ban", "changelog")]

    def errata(self, errata) -> str:
        if not errata:
            return ""
        items = "".join(
            f"<li>The document writes “{html.escape(e.original)}”; read “{html.escape(e.correction)}”."
            + (f" {html.escape(e.note)}" if e.note else "")
            + "</li>"
            for e in errata
        )
        return f'<div class="admonition note l5r-erratum"><p class="admonition-title">Erratum</p><ul>{items}</ul></div>'

    @staticmethod
    def _same(a: str | None, b: str | None) -> bool:
        return " ".join((a or "").split()).lower() == " ".join((b or "").split()).lower()

    def written(self, heading: str | None, shown: str, evidence: str | None = None) -> str:
        """The heading as the document writes it (escaped), when it differs from the title shown and from the
        document's words already quoted beside the record's relation; "" otherwise."""
        if not heading or self._same(heading, shown) or (evidence and self._same(heading, evidence)):
            return ""
        return html.escape(heading)

    def as_written(self, heading: str | None, shown: str) -> str:
        written = self.written(heading, shown)
        if not written:
            return ""
        return f'<p class="l5r-provenance l5r-as-written">As written: <q>{written}</q></p>'

    # -- the Codex's layer on the documents: every label says which words justify it ----------

    def codex_title(self, record) -> str:
        """A title the document does not have: say it is the Codex's, and under which heading the words sit."""
        ct = getattr(record, "codex_title", None)
        if ct is None:
            return ""
        note = f" {html.escape(ct.note)}" if ct.note else ""
        return (
            f'<p class="l5r-codex-title" data-codex-title="{html.escape(record.id)}">The title is the Codex’s own; '
            f"in the document these words sit under <q>{html.escape(ct.under)}</q>.{note}</p>"
        )

    def see_also(self, record) -> str:
        """The other places the document states the same thing in other words (both texts shown, linked)."""
        ids = getattr(record, "see_also", ())
        if not ids:
            return ""
        links = ", ".join(
            f"{self.link(i, self.label_text(i) + ' · ' + self.r.codex.records[i].title)}"
            for i in ids
            if i in self.r.codex.records
        )
        return (
            f'<p class="l5r-see-also">The document states this also elsewhere, in other words: {links}. '
            "Both texts are quoted as written.</p>"
        )

    def actions(self, ability) -> str:
        """Each action's own designators when an ability holds several (Reserve: recruit, then equip)."""
        acts = getattr(ability, "action_designators", ())
        if not acts:
            return ""
        rows = "".join(
            '<li><span class="l5r-action-opening">'
            + html.escape(a.text)
            + "</span> — "
            + " ".join(f'<span class="l5r-designator">{html.escape(d)}</span>' for d in a.designators)
            + "</li>"
            for a in acts
        )
        return (
            f'<div class="l5r-actions"><p>{len(acts)} actions, each with its own designators:</p><ul>{rows}</ul></div>'
        )

    def backrefs(self, record_id: str):
        return self.r.backrefs.get(record_id, [])

    def fmt(self, format_id):
        return self.r.codex.formats.get(format_id)

    def diff(self, old: str, new: str) -> str:
        """Old and new text as a word-level diff."""
        return word_diff(old, new)

    def examples(self, record) -> str:
        """Verified examples (scenarios) that illustrate this record."""
        return examples.examples_for(record.id, self.r.plan, self.r.codex)

    def heading(self, s) -> str:
        """A section heading: its number, then its title (unless the title already starts with it)."""
        title = s.title
        if s.number and not title.startswith(s.number):
            title = f"{s.number} {title}"
        return md_escape(title)

    def _listed(self, section) -> str:
        """A section in a list of links: its citation as pages word it, with its title unless that says it."""
        shown = self.label_text(section)
        return shown if section.title in shown else f"{shown} {section.title}"

    def topic_map(self, fmt) -> list[tuple[str, list]]:
        """The shared topics in a fixed order, each with this format's records for it (maybe none)."""
        found: dict[str, list] = {key: [] for key, _ in TOPICS}
        for section in fmt.all_sections():
            parent = self.r.codex.records.get(section.parent_id) if section.parent_id else None
            for topic in topics_of(section):
                if topic in found and not (parent is not None and topic in topics_of(parent)):
                    found[topic].append(section)
        if fmt.ability_groups:
            found["player-abilities"].append(("abilities.md", "Player abilities"))
        for kf in fmt.keyword_files:
            found["keywords"].append((f"{kf.key}.md", kf.title))
        if fmt.legality:
            found["card-legality"].append(("legality.md", fmt.legality.title))
        if fmt.bans:
            found["bans"].append(("bans.md", "Banned cards"))
        if fmt.changelog:
            found["changelog"].append(("changelog.md", "Changelog"))

        def as_link(item):
            if isinstance(item, tuple):
                href, title = item
                return title, href
            return self._listed(item), self.md_url(item.id)

        return [(label, [as_link(i) for i in found[key]]) for key, label in TOPICS]

    def iso(self, date) -> str:
        return date.isoformat() if date else "undated"


def _backrefs(codex: m.Codex, mentioned=None) -> dict[str, list[m.Record]]:
    """Which records point at each record (ban entries at cards, changelog at rules, rulings at both), and
    which rules name it in their text (`mentioned`, found by the auto-linker; changelog entries that only
    name a record without changing it are left out, so a record's history stays its history)."""
    refs: dict[str, list[m.Record]] = {}

    def add(target, source):
        if target and source not in refs.setdefault(target, []):
            refs[target].append(source)

    for f in codex.formats.values():
        if f.bans:
            for e in f.bans.entries:
                add(e.card, e)
        for c in f.changelog:
            for t in c.touches:
                add(t, c)
        for r in f.rulings:
            for t in r.applies_to:
                add(t, r)
    for target, sources in (mentioned or {}).items():
        for source in sources:
            if source.record_kind != "changelog":
                add(target, source)
    return refs


def render_linkers_for_tests(codex: m.Codex):
    """The Codex's own linkers (before the pool's titles are added), as PageRenderer builds them."""
    return build_linkers(codex)


def render_site(codex: m.Codex, index=None) -> tuple[SitePlan, dict[str, str]]:
    """Plan and render every generated page: returns the plan and {uri: markdown}. With a card pool `index`,
    rules text also links the pool's cards (`render_site_and_citations` also says which records name each)."""
    plan, pages, _ = render_site_and_citations(codex, index)
    return plan, pages


def render_site_and_citations(codex: m.Codex, index=None, source_root: str = ""):
    """`render_site`, plus {pool card target id: [records whose text names it]} for the pool card pages. With a
    `source_root` (editlinks.py), every citation line links its record's YAML file and line."""
    plan = plan_site(codex)
    renderer = PageRenderer(codex, plan, index, source_root)
    pages = {page.uri: renderer.render(page) for page in plan.pages}
    cited: dict[str, list] = {
        target: list(records) for target, records in renderer.backrefs.items() if target.startswith("pool:")
    }
    names = getattr(renderer.text.linkers.get(None), "names", None)  # the pool's titles (cardlinks.PoolLinker)
    if names is not None:
        from ...scenarios import present
        from ..rendering.cardlinks import example_citations

        for target, examples in example_citations(names, present.library().scenarios, plan.anchors).items():
            cited.setdefault(target, []).extend(examples)
    return plan, pages, cited
