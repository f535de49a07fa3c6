"""What the loader checks across files once every record is read: references land on a record (of the right
kind), no two records are cited alike, quotes are the format's verbatim words, and no chain goes round in a
circle. Each problem is told where it is written."""

from __future__ import annotations

import re
from typing import Any

from . import model as m
from .collector import Collector
from .yamlsource import Problem


def check_references(c: Collector, records, formats) -> None:
    """Every reference names a record or a format; a typed reference a record of a kind it may name."""
    # Among the formats' records (a card is a file of its own: a typo in a card id is no file cut short).
    nearest = _NearestIds(lambda: [r for f in formats.values() for r in format_records(f)])
    for doc, keys, target, what in c.references:
        if target not in records and target not in formats:
            c.problem(doc, keys, f"{what} '{target}' does not exist (no record has this id{nearest.hint(target)})")
    for doc, keys, target, what in c.typed_references:
        record = records.get(target)
        if record is not None and record.record_kind not in what[1]:
            c.problem(doc, keys, f"{what[0]} '{target}' is a {record.record_kind}, not a {what[0]}")


def unique_citations(c: Collector, formats, records, format_docs) -> None:
    """Two records (or two formats' prefixes) that would be cited alike: the site's build refuses them, so
    the check names both here, each where it is written. A citation and its short link (`OH II.B` ->
    `oh-ii-b`) must both be unique."""
    seen: dict[str, tuple[str, str, int]] = {}
    cited: list[tuple[str, str, Any, Any, Any]] = [  # (citation, who, document, keys, origin)
        (f.citation_prefix, f"format '{f.id}'", format_docs[f.id][0], ("citation_prefix",), None)
        for f in formats.values()
        if f.id in format_docs
    ]
    cited += [
        (r.citation, f"record '{r.id}'", None, None, r.origin)
        for r in records.values()
        if r.citation and r.origin is not None
    ]
    for citation, who, doc, keys, origin in cited:
        for key in (citation, "slug:" + re.sub(r"[^a-z0-9]+", "-", citation.lower()).strip("-")):
            path, line = (doc.path, doc.location(keys)[0]) if doc is not None else (origin.path, origin.line)
            first = seen.setdefault(key, (who, path, line))
            if first[0] != who:
                what = "citation" if key == citation else "citation link"
                c.problems.append(
                    Problem(
                        path,
                        line,
                        1,
                        f"{who} has the {what} of {first[0]} "
                        f"({first[1]}:{first[2]}): “{citation}”; one of them could not be "
                        "cited: give it another id, number or prefix",
                    )
                )
                break


def check_quotes(c: Collector, formats) -> None:
    """A relation's evidence and a Codex title's `under` quote the format's own verbatim text."""
    corpus: dict[str, str] = {}
    for doc, keys, fid, words in c.quotes:
        if fid not in corpus:
            corpus[fid] = _squash(" ".join(_format_words(formats[fid]))) if fid in formats else ""
        if _squash(words) not in corpus[fid]:
            # Said with the files the text is read from: a file cut short (and still valid YAML) loses text that
            # other files quote, and every such problem is written in those other files.
            files = (
                _files_shown({r.origin.path for r in format_records(formats[fid]) if r.origin is not None})
                if fid in formats
                else ""
            )
            read_from = f" (read from {files})" if files else ""
            c.problem(
                doc,
                keys,
                f"“{words}” is not in {fid}'s verbatim text{read_from}: quote the document's own "
                "words exactly (or use kind: grouping for the Codex's own grouping)",
            )


class _NearestIds:
    """Where the ids nearest to a missing one are written: those sharing the most leading parts (`oh-ii-f-x` is
    nearest to `oh-ii-f-y`, then to `oh-ii-a`, then to any `oh-`), so that a reference to a record of a file cut
    short (still valid YAML) names that file, not only the file holding the reference."""

    def __init__(self, records):
        self.records = records  # made on the first missing id only: a clean load never pays for it
        self.by_part: dict[tuple[str, ...], set[str]] | None = None
        self.next_parts: dict[tuple[tuple[str, ...], str], set[str]] = {}

    def hint(self, target: str) -> str:
        if self.by_part is None:
            self.by_part = {}
            for record in self.records():
                if getattr(record, "origin", None) is None:
                    continue
                parts = tuple(record.id.split("-"))
                for n in range(1, len(parts) + 1):
                    self.by_part.setdefault(parts[:n], set()).add(record.origin.path)
                    if n < len(parts):
                        self.next_parts.setdefault((parts[:n], record.origin.path), set()).add(parts[n])
        parts = tuple(target.split("-"))
        for n in range(len(parts) - 1, 0, -1):
            # A file whose every id goes on alike after this prefix (`oh-abilities-…`) holds no `oh-iii-…`.
            files = {
                path
                for path in self.by_part.get(parts[:n], ())
                if len(self.next_parts.get((parts[:n], path), ())) != 1
                or parts[n] in self.next_parts[(parts[:n], path)]
            }
            if files and len(files) <= _MOST_FILES_NAMED:
                prefix = "-".join(parts[:n])
                return (
                    f"; ids beginning '{prefix}-' are written in {_files_shown(files)}: is it whole?"
                    if len(files) == 1
                    else f"; ids beginning '{prefix}-' are written in {_files_shown(files)}: is each of them whole?"
                )
        return ""


_MOST_FILES_NAMED = 6


def _files_shown(paths) -> str:
    """Files as the user opens them, those of one folder written `folder/{a.yml, b.yml}`."""
    from pathlib import Path

    from .safefile import shown_path

    shown = sorted(shown_path(Path(p)) for p in paths)
    folders = {str(Path(p).parent) for p in shown}
    if len(shown) > 1 and len(folders) == 1:
        return f"{folders.pop()}/{{{', '.join(Path(p).name for p in shown)}}}"
    return ", ".join(shown)


def no_cycles(c: Collector, format_docs, cards, card_docs) -> None:
    """A format that is its own ancestor, or a card that is its own version or Soul: a located problem.

    Left alone, every walk up such a chain (the inheritance chain, Soul of chains) would never end.
    """
    parents: dict[str, tuple[str, ...]] = {
        fid: ((v["parent"],) if v.get("parent") else ()) for fid, (_, v) in format_docs.items()
    }
    versions: dict[str, tuple[str, ...]] = {
        card.id: ((card.version_of,) if card.version_of else ()) for card in cards.values()
    }
    souls = {card.id: card.soul_of for card in cards.values()}
    graphs = (
        ("parent", "a format cannot be its own parent", parents, lambda fid: format_docs[fid][0]),
        ("version_of", "a card cannot be a version of itself", versions, card_docs.__getitem__),
        ("soul_of", "a card cannot be the Soul of itself", souls, card_docs.__getitem__),
    )
    for key, why, graph, doc_of in graphs:
        for cycle in _cycles(graph):
            loop = " → ".join(cycle + (cycle[0],))
            c.problem(doc_of(cycle[0]), (key,), f"`{key}` goes round in a circle ({loop}): {why}")


def _cycles(graph: dict[str, tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Every distinct cycle reachable in `graph` (id -> ids it points to), each once, smallest id first."""
    found, done = set(), set()

    def walk(node, path, on_path):
        if node in on_path:
            cycle = tuple(path[path.index(node) :])
            start = cycle.index(min(cycle))
            found.add(cycle[start:] + cycle[:start])
            return
        if node in done or node not in graph:
            return
        on_path.add(node)
        path.append(node)
        for target in graph[node]:
            walk(target, path, on_path)
        path.pop()
        on_path.discard(node)
        done.add(node)

    for node in sorted(graph):
        walk(node, [], set())
    return sorted(found)


def _squash(text: str) -> str:
    return " ".join(text.replace("’", "'").replace("“", '"').replace("”", '"').split())


def _format_words(f: m.Format):
    """Every verbatim string of a format: its text blocks, headings and titles as written."""

    def blocks(bs):
        for b in bs:
            yield from b.strings()

    yield from blocks(f.text)
    yield from blocks(f.abilities_text)
    for file in f.keyword_files:
        yield from (file.title, file.heading or "")
        yield from blocks(file.text)
    for r in format_records(f):
        for attr in ("heading", "name", "term", "cost", "as_written"):
            value = getattr(r, attr, None)
            if isinstance(value, str):
                yield value
        if not getattr(r, "heading", None) and r.codex_title is None:
            yield r.title  # the title is the document's heading unless the Codex says it is its own
        for attr in ("text", "notes"):
            yield from blocks(getattr(r, attr, ()) or ())
        if getattr(r, "designators", None):
            yield " ".join(r.designators)


def format_records(f: m.Format):
    """Every citable record of a format, in document order."""
    yield from f.all_sections()
    for g in f.ability_groups:
        yield g
        yield from g.abilities
    for k in f.keywords:
        yield k
        yield from k.sections
    if f.bans:
        for c in f.bans.categories:
            yield c
            yield from c.entries
    yield from f.changelog
    yield from f.rulings
    if f.legality:
        yield from f.legality.sets
