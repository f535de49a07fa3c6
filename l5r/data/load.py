"""The one entry point that loads, validates and cross-references all data: `load_codex()`.

Reading a file and checking it against its schema: l5r/data/files.py and yamlsource.py; each kind of document
becoming records: records.py; what is kept meanwhile (problems, ids, references): collect.py; the checks across
files once every record is read: crossref.py. This module sorts the documents by kind and runs those steps."""

from __future__ import annotations

import hashlib
import os
from collections import defaultdict
from pathlib import Path
from types import MappingProxyType

from . import model as m
from .collector import Collector
from .crossref import check_quotes, check_references, format_records, no_cycles, unique_citations
from .files import read_all
from .paths import shown
from .safefile import UnreadableFile, read_bytes
from .records import card_record, format_record
from .yamlsource import MAX_DATA_BYTES, DataError, Problem, YamlDocument

# The data installed with the package: l5r/codexdata, a link to the checkout's data/ that a wheel carries as a copy
# (pyproject.toml's package data), so that an installed `l5r` works outside any project.
DEFAULT_DATA_DIR = (Path(__file__).resolve().parent.parent / "codexdata").resolve()


def load_codex(data_dir: Path | None = None) -> m.Codex:
    """Load every data file; raise DataError listing every problem if anything is wrong."""
    data_dir = Path(data_dir) if data_dir else DEFAULT_DATA_DIR
    if not data_dir.is_dir():
        what = "is a file, not the data folder" if data_dir.exists() else "does not exist (no data folder here)"
        raise DataError([Problem(str(data_dir), 1, 1, what)])
    # The Codex is immutable, so one process may hand out the same one while no data file has changed (a
    # build loads it for its pages and for its verified examples; `mkdocs serve` on every rebuild).
    # Every record's origin names its file as seen from the current folder (for messages and edit links): a Codex
    # loaded from another folder is another Codex.
    stamp = _stamp(data_dir) + (os.getcwd(),)
    known = _LOADED.get(data_dir)
    if known is not None and known[0] == stamp:
        return known[1]
    docs, problems = read_all(data_dir)
    try:
        codex = build_codex(docs, data_dir, problems)
    except DataError as exc:
        exc.folder = shown(data_dir)
        raise
    _LOADED[data_dir] = (stamp, codex)
    return codex


_LOADED: dict[Path, tuple[tuple, m.Codex]] = {}


def _stamp(data_dir: Path) -> tuple:
    """Every file under the data folder (schemas included) by path and content digest (a modification time can
    stay the same across two quick edits; reading 1 MB of YAML to hash it costs a few milliseconds)."""
    out = []
    for base, _dirs, names in os.walk(data_dir):
        for name in names:
            path = os.path.join(base, name)
            try:  # only a regular file within the limit is read: a FIFO or /dev/zero is reported by read_all
                out.append((path, hashlib.sha1(read_bytes(path, MAX_DATA_BYTES)).digest()))
            except UnreadableFile as exc:
                out.append((path, exc.reason.encode()))
    return (str(data_dir.resolve()), tuple(sorted(out)))


def build_codex(docs: list[YamlDocument], data_dir: Path, problems: list[Problem] | None = None) -> m.Codex:
    """Cross-reference already parsed and schema-checked documents into the Codex (DataError on any problem).

    Separate from reading so that a caller holding parsed documents (the fuzz tests) need not read every file.
    """
    problems = list(problems or ())
    collector = Collector()
    found = _Documents()
    for doc in docs:
        found.add(collector, doc)
    problems.extend(collector.problems)
    if problems:
        raise DataError(problems)
    codex = _cross_referenced(collector, found)
    if collector.problems:
        raise DataError(collector.problems)
    return codex


def check_data(data_dir: Path | None = None) -> list[Problem]:
    """Every problem in the data (empty when clean)."""
    try:
        load_codex(data_dir)
    except DataError as exc:
        return exc.problems
    return []


# ---------------------------------------------------------------------------------------------------------
# The documents by kind, then the Codex
# ---------------------------------------------------------------------------------------------------------


class _Documents:
    """The documents sorted by kind: each format's own file and its other files, the card records, the
    redirects and the set acronyms."""

    def __init__(self):
        self.format_docs: dict[str, tuple[YamlDocument, dict]] = {}
        self.parts: dict[str, dict[str, list[tuple[YamlDocument, dict]]]] = defaultdict(lambda: defaultdict(list))
        self.cards: dict[str, m.CardRecord] = {}
        self.card_docs: dict[str, YamlDocument] = {}
        self.redirects: list[m.Redirect] = []
        self.set_acronyms: dict[str, str] = {}

    def add(self, c: Collector, doc: YamlDocument):
        value = doc.value
        kind = value["kind"]
        if kind == "card":
            card = card_record(c, doc, value)
            self.cards[card.id] = card
            self.card_docs[card.id] = doc
        elif kind == "redirects":
            for i, r in enumerate(value["redirects"]):
                self.redirects.append(m.Redirect(r["from"], r["to"], r.get("note", "")))
                c.ref(doc, ("redirects", i, "to"), r["to"], "redirect target")
        elif kind == "set_acronyms":
            seen = {}
            for acronym, set_name in value["acronyms"].items():
                key = acronym.lower()
                if key in seen or key in {k.lower() for k in self.set_acronyms}:
                    c.problem(
                        doc,
                        ("acronyms", acronym),
                        f"set acronym '{acronym}' is listed twice (acronyms are matched without regard to case)",
                    )
                seen[key] = acronym
                self.set_acronyms[acronym] = set_name
        elif kind == "format":
            if value["id"] in self.format_docs:
                other = self.format_docs[value["id"]][0].path
                c.problem(doc, ("id",), f"format '{value['id']}' is already defined in {other}")
            else:
                self.format_docs[value["id"]] = (doc, value)
        else:
            self.parts[value["format"]][kind].append((doc, value))


def _cross_referenced(c: Collector, found: _Documents) -> m.Codex:
    """Every format read with its records, then the checks across files (problems go to the collector)."""
    for format_id, kinds in found.parts.items():
        if format_id not in found.format_docs:
            for docs in kinds.values():
                for doc, _ in docs:
                    c.problem(
                        doc,
                        ("format",),
                        f"format '{format_id}' has no format.yml (expected data/formats/{format_id}/format.yml)",
                    )
    no_cycles(c, found.format_docs, found.cards, found.card_docs)
    formats = {}
    for format_id, (doc, value) in found.format_docs.items():
        formats[format_id] = format_record(c, doc, value, found.parts.get(format_id, {}), found.format_docs)
    records: dict[str, m.Record] = {}
    for f in formats.values():
        for r in format_records(f):
            records[r.id] = r
    records.update(found.cards)
    unique_citations(c, formats, records, found.format_docs)
    check_quotes(c, formats)
    check_references(c, records, formats)
    return m.Codex(
        formats=MappingProxyType(formats),
        cards=MappingProxyType(dict(found.cards)),
        records=MappingProxyType(records),
        redirects=tuple(found.redirects),
        set_acronyms=MappingProxyType(dict(found.set_acronyms)),
    )
