"""Links that never break: citation ids, `permalinks.json`, the anchor lock, redirects and short links.

- Every citable item (each record with an anchor, each format) has a citation (`OH II.B`) and a permalink.
  `permalinks.json` in the built site maps every citation to its URL with anchor: its public address when the site
  has one (L5R_SITE_URL, mkdocs.yml `site_url`), else relative to the site root.
- `data/anchors.lock` lists every anchor the site has published (`page-url#anchor`, directory URLs, sorted).
  The build fails when one of them is gone and `data/redirects.yml` does not say where it went; new anchors
  are added with `make lock` (scripts/update_anchor_lock.py), and the test suite checks the lock is current.
- A redirect whose old page is gone becomes a stub page there; one whose page still exists becomes a marker
  that docs/assets/codex.js follows. Either way the old URL with its anchor lands on the record.
- `c/<citation-slug>/` forwards to the citation's anchor, so a citation can be typed (`/c/oh-ii-b/`).
"""

from __future__ import annotations

import html
import json
import logging
import posixpath
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from ...data import model as m
from ...data.safefile import write_if_changed
from . import citelabel, share
from .pages import SitePlan, page_path
from .render import jinja_env

LOCK_FILE = "data/anchors.lock"
REDIRECTS_FILE = "data/redirects.yml"
SHORT_DIR = "c"
LOCK_HEADER = (
    "# Every anchor the Codex has published: page URL (directory URLs, from the site root) # anchor.\n"
    "# The build fails when one disappears without a redirect in data/redirects.yml.\n"
    "# Do not edit by hand: after adding records run `make lock` (scripts/update_anchor_lock.py).\n"
)

log = logging.getLogger("mkdocs.plugins.l5r.permalinks")


class LinkError(Exception):
    """A permanent link would break: the message names the anchor or file and says what to do."""


# ---------------------------------------------------------------------------------------------------------
# Citable items
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Citable:
    citation: str
    title: str
    record_id: str
    uri: str  # the page's source, e.g. formats/obsidian-hand/ii-b.md
    anchor: str

    @property
    def locked(self) -> str:
        """How the lock and redirects name it: `formats/obsidian-hand/ii-b/#oh-ii-b`."""
        return f"{page_path(self.uri)}#{self.anchor}"


def citation_slug(citation: str) -> str:
    """`OH II.B` -> `oh-ii-b`; `CARD bayushi-tangen` -> `card-bayushi-tangen`."""
    return re.sub(r"[^a-z0-9]+", "-", citation.lower()).strip("-")


def short_path(citation: str) -> str:
    return f"{SHORT_DIR}/{citation_slug(citation)}/"


def citables(codex: m.Codex, plan: SitePlan) -> list[Citable]:
    """Every anchor the plan publishes, with its citation. Two items may not share a citation or short link."""
    out = []
    for record_id, (uri, anchor) in sorted(plan.anchors.items()):
        citation, title = _citation(codex, record_id)
        out.append(Citable(citation, title, record_id, uri, anchor))
    _unique(out, lambda c: c.citation, "citation")
    _unique(out, lambda c: citation_slug(c.citation), "short link")
    return out


def _citation(codex: m.Codex, record_id: str) -> tuple[str, str]:
    record = codex.records.get(record_id)
    if record is not None:
        return record.citation, record.title
    f = codex.formats.get(record_id)
    if f is not None:
        return f.citation_prefix, f.name
    for f in codex.formats.values():  # card legality and legal bugs: anchors without a record of their own
        lg = f.legality
        if lg is not None and record_id in (lg.id, lg.bugs_id):
            slug = record_id.split("-", 1)[1] if "-" in record_id else record_id
            return f"{f.citation_prefix} {slug}", lg.title if record_id == lg.id else "Legal bugs"
    return record_id, record_id


def _unique(items: list[Citable], key, what: str):
    seen: dict[str, Citable] = {}
    clashes = []
    for item in items:
        other = seen.setdefault(key(item), item)
        if other is not item:
            clashes.append(f"  {key(item)}: {other.record_id} and {item.record_id}")
    if clashes:
        raise LinkError(
            f"Two records would share a {what}, so one could not be cited:\n"
            + "\n".join(clashes)
            + "\nGive one of them a different `id` (or `number`) in its data file."
        )


# ---------------------------------------------------------------------------------------------------------
# URLs in the built site (directory URLs, or page files for the offline copy)
# ---------------------------------------------------------------------------------------------------------


def page_url(uri: str, directory_urls: bool) -> str:
    """Where a page is published, from the site root: `a/b/` (or `a/b.html`)."""
    return page_path(uri) if directory_urls else uri[:-3] + ".html"


def _file_of(url: str) -> str:
    """The file that serves a published URL: `a/b/` -> `a/b/index.html`."""
    return url + "index.html" if url == "" or url.endswith("/") else url


def _relative(from_url: str, to_url: str) -> str:
    """A link from one published URL to another (`#anchor` parts are kept)."""
    path, _, anchor = to_url.partition("#")
    if path == from_url and anchor:
        return f"#{anchor}"
    rel = posixpath.relpath(_file_of(path), posixpath.dirname(_file_of(from_url)) or ".")
    if path == "" or path.endswith("/"):
        rel = rel[: -len("index.html")] or "./"
    return rel + (f"#{anchor}" if anchor else "")


def permalink_map(items: list[Citable], directory_urls: bool = True) -> dict[str, str]:
    """Citation -> URL with anchor, relative to the site root."""
    return {
        c.citation: f"{page_url(c.uri, directory_urls)}#{c.anchor}" for c in sorted(items, key=lambda c: c.citation)
    }


def public_map(items: list[Citable], site_url: str) -> dict[str, str]:
    """`permalinks.json`: citation -> the published URL with anchor (`site_url` + directory URL, whichever copy of
    the site holds the file), or relative to the site root when the site has no public address (`site_url` "")."""
    return {citation: site_url + url for citation, url in permalink_map(items, True).items()}


# ---------------------------------------------------------------------------------------------------------
# The anchor lock and redirects
# ---------------------------------------------------------------------------------------------------------


def read_lock(path: Path) -> set[str]:
    return read_lock_text(path.read_text(encoding="utf-8")) if path.is_file() else set()


def read_lock_text(text: str) -> set[str]:
    lines = (line.strip() for line in text.splitlines())
    return {line for line in lines if line and not line.startswith("# ")}


def lock_text(codex: m.Codex, plan: SitePlan, old: set[str]) -> str:
    """The lock as it should be: every anchor published now, plus every old one a redirect keeps alive."""
    current = {c.locked for c in citables(codex, plan)}
    kept = {line for line in old if line in _redirected(codex)}
    return LOCK_HEADER + "".join(f"{line}\n" for line in sorted(current | kept))


def _redirected(codex: m.Codex) -> dict[str, str]:
    return {r.old: r.to for r in codex.redirects}


def check(codex: m.Codex, plan: SitePlan, project: Path) -> list[str]:
    """Fail on anything that would break a published link; return the anchors not yet in the lock."""
    items = citables(codex, plan)
    current = {c.locked: c for c in items}
    _check_redirects(codex, plan, current)
    locked = read_lock(project / LOCK_FILE)
    if not locked:
        raise LinkError(f"{LOCK_FILE} is missing or empty: run `make lock` to record the published anchors.")
    redirected = _redirected(codex)
    missing = sorted(line for line in locked if line not in current and line not in redirected)
    if missing:
        raise LinkError(_missing_message(missing, items))
    added = sorted(set(current) - locked)
    if added:
        log.info(
            "%d new anchor%s not in %s yet (e.g. %s): run `make lock` to record %s.",
            len(added),
            "s are" if len(added) > 1 else " is",
            LOCK_FILE,
            added[0],
            "them" if len(added) > 1 else "it",
        )
    return added


def _missing_message(missing: list[str], items: list[Citable]) -> str:
    by_id = {c.record_id: c for c in items}
    lines, examples = [], []
    for line in missing:
        anchor = line.partition("#")[2]
        moved = by_id.get(anchor)
        where = f" (record '{anchor}' is now at {moved.locked})" if moved else ""
        lines.append(f"  {line}{where}")
        examples.append(
            f"  - from: {line}\n    to: {moved.record_id if moved else '<id of the record that now holds it>'}"
        )
    return (
        f"{len(missing)} published anchor{'s' if len(missing) > 1 else ''} listed in {LOCK_FILE} "
        f"{'are' if len(missing) > 1 else 'is'} gone from the site, so old links and citations would break:\n"
        + "\n".join(lines)
        + f"\nIf a record was renamed or moved, add a redirect to {REDIRECTS_FILE} "
        "(under `redirects:`) naming the record that now holds it, for example:\n"
        + "\n".join(examples[:5])
        + "\nIf it was removed on purpose, redirect it to the record that replaces it (or its section). "
        "Then run `make lock`."
    )


def _check_redirects(codex: m.Codex, plan: SitePlan, current: dict[str, Citable]):
    problems = []
    for r in codex.redirects:
        path, hash_, anchor = r.old.partition("#")
        if not hash_ or not anchor or not (path == "" or path.endswith("/")) or path.startswith("/"):
            problems.append(
                f"  from: {r.old} — write it as the lock does: page URL, '#', anchor "
                "(formats/obsidian-hand/ii-b/#oh-ii-b)"
            )
        elif r.old in current:
            problems.append(f"  from: {r.old} — this anchor is published again; delete the redirect")
        if r.to not in plan.anchors:
            problems.append(f"  to: {r.to} — no page shows this record")
    if problems:
        raise LinkError(f"{REDIRECTS_FILE} has redirects that cannot work:\n" + "\n".join(problems))


# ---------------------------------------------------------------------------------------------------------
# What the build writes: redirect markers, stubs, short links, permalinks.json
# ---------------------------------------------------------------------------------------------------------


def moved_markers(page_file: str, codex: m.Codex, plan: SitePlan, directory_urls: bool = True) -> str:
    """Hidden markers on a page whose old anchors moved: codex.js sends `page#old` on to the new place.
    `page_file`: the built page's file from the site root (`a/b/index.html`, or `a/b.html` offline)."""
    if not codex.redirects:
        return ""
    here = (
        page_file[: -len("index.html")]
        if page_file == "index.html" or page_file.endswith("/index.html")
        else page_file[: -len(".html")] + "/"
    )  # the page as the lock names it (directory URLs)
    here_url = here if directory_urls else page_file
    spans = []
    for r in codex.redirects:
        path, _, anchor = r.old.partition("#")
        if path == here:
            to = _relative(here_url, _target_url(r.to, plan, directory_urls))
            spans.append(
                f'<span hidden class="l5r-moved" data-l5r-moved="{html.escape(anchor)}" '
                f'data-l5r-to="{html.escape(to)}"></span>'
            )
    return "".join(spans)


def _target_url(record_id: str, plan: SitePlan, directory_urls: bool) -> str:
    uri, anchor = plan.anchors[record_id]
    return f"{page_url(uri, directory_urls)}#{anchor}"


def _shown(record, codex: m.Codex) -> str:
    """A record's citation as the pages word it, with its title when the citation does not already say it."""
    label = citelabel.label(record, codex)
    title = str(getattr(record, "title", "") or "")
    return label if not title or title in label else f"{label} — {title}"


def write_outputs(
    site: Path, codex: m.Codex, plan: SitePlan, directory_urls: bool = True, site_url: str = ""
) -> dict[str, int]:
    """Write permalinks.json, the short links and the stubs for old pages; check every permalink resolves.
    `site_url`: the public address (ending with /), or "" when the site has none."""

    template = jinja_env().get_template("_redirect.html.j2")
    items = citables(codex, plan)
    permalinks = permalink_map(items, directory_urls)
    published = public_map(items, site_url) if site_url else permalinks
    (site / "permalinks.json").write_text(json.dumps(published, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for c in items:
        here = short_path(c.citation)
        to = _relative(here, permalinks[c.citation])
        record = codex.records.get(c.record_id) or codex.cards.get(c.record_id)
        # A short link pasted in a chat unfurls with what its record says, not the site's blurb (share.py).
        shared = (
            {"share_title": share.record_title(record, codex), "description": share.record_description(record, codex)}
            if record is not None
            else {"share_title": f"{c.citation} — {c.title}", "description": f"{c.citation} — {c.title}"}
        )
        # What the reader sees is the citation as every page words it (`OH II.F, Deck Restrictions`, `CARD Border
        # Keep`: share.record_title); the address keeps the stable id.
        shown = _shown(record, codex) if record is not None else f"{c.citation} — {c.title}"
        # The forward is relative (it works in every copy of the site); the canonical link names the public page.
        write_if_changed(
            site / here / "index.html",
            template.render(
                title=shown,
                targets={},
                default=to,
                canonical=published[c.citation].partition("#")[0] if site_url else "",
                message=f"{shown} is at",
                url=site_url + here if site_url else "",
                **shared,
            ),
        )
    stubs = _write_stubs(site, codex, plan, directory_urls, template)
    _verify(site, items, directory_urls)
    return {"permalinks": len(permalinks), "short_links": len(items), "stubs": stubs}


def short_link_folders(codex: m.Codex, plan: SitePlan) -> frozenset[str]:
    """The folders `write_outputs` writes a short link in (`c/<slug>`); none when two records would share one
    (`write_outputs` says so)."""
    try:
        return frozenset(short_path(c.citation).rstrip("/") for c in citables(codex, plan))
    except LinkError:
        return frozenset()


def _write_stubs(site: Path, codex: m.Codex, plan: SitePlan, directory_urls: bool, template) -> int:
    """An old page that no longer exists forwards each old anchor to its record's new place."""
    live = {page_path(p.uri) for p in plan.pages}
    by_page: dict[str, dict[str, str]] = defaultdict(dict)
    for r in codex.redirects:
        path, _, anchor = r.old.partition("#")
        if path not in live:
            by_page[path][anchor] = r.to
    written = 0
    for path, anchors in sorted(by_page.items()):
        url = path if directory_urls else (path[:-1] + ".html" if path else "index.html")
        target = site / _file_of(url)
        if target.exists():  # a hand-written page lives there: its markers do the work
            continue
        targets = {a: _relative(url, _target_url(rid, plan, directory_urls)) for a, rid in anchors.items()}
        default = next(iter(targets.values()))
        pages = {to.partition("#")[0] for to in targets.values()}
        write_if_changed(
            target,
            template.render(
                title="This page has moved",
                targets=targets,
                default=default,
                canonical="",
                same_page=pages.pop() if len(pages) == 1 else "",
                message="This page has moved. Its content is now at",
            ),
        )
        written += 1
    return written


_ID = re.compile(r'id="([^"]+)"')
_WORD = re.compile(r"\w")


def element_ids(page: str) -> set[str]:
    """Every `id="…"` value of a page whose `id` starts a word (as `\\bid="([^"]+)"` finds them). Searched for as
    a plain `id="` (the pattern's own word boundary first kept the regular expression engine from looking for its
    letters: twenty times as long over a build's pages); where a word goes on before it, the search goes on from
    the next character, as the engine does after a position it cannot match at."""
    found = set()
    at = 0
    while (match := _ID.search(page, at)) is not None:
        start = match.start()
        if start and _WORD.match(page, start - 1):
            at = start + 1
            continue
        found.add(match.group(1))
        at = match.end()
    return found


def _verify(site: Path, items: list[Citable], directory_urls: bool):
    """Every permalink must land on an element with its anchor in the built page."""
    ids: dict[str, set[str]] = {}
    broken = []
    for c in items:
        file = _file_of(page_url(c.uri, directory_urls))
        if file not in ids:
            path = site / file
            ids[file] = element_ids(path.read_text(encoding="utf-8")) if path.is_file() else set()
        if c.anchor not in ids[file]:
            broken.append(f'  {c.citation}: {file} has no element with id="{c.anchor}"')
    if broken:
        raise LinkError(
            f"{len(broken)} permalink{'s' if len(broken) > 1 else ''} would land nowhere:\n"
            + "\n".join(broken[:20])
            + "\nThe template that renders each of these records must give its heading `{#id}` "
            'or its element id="id".'
        )
