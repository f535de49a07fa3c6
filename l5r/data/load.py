"""The one entry point that loads, validates and cross-references all data: `load_codex()`."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
from collections import defaultdict
from pathlib import Path
from types import MappingProxyType

from . import model as m
from .files import read_all
from .paths import shown
from .safefile import UnreadableFile, read_bytes
from .yamlsource import MAX_DATA_BYTES, DataError, Problem, YamlDocument

DEFAULT_DATA_DIR = Path(__file__).resolve().parent.parent.parent / "data"


def load_codex(data_dir: Path | None = None) -> m.Codex:
    """Load every data file; raise DataError listing every problem if anything is wrong."""
    data_dir = Path(data_dir) if data_dir else DEFAULT_DATA_DIR
    if not data_dir.is_dir():
        what = "is a file, not the data folder" if data_dir.exists() else "does not exist (no data folder here)"
        raise DataError([Problem(str(data_dir), 1, 1, what)])
    # The Codex is immutable, so one process may hand out the same one while no data file has changed (a
    # build loads it for its pages and for its verified examples; `mkdocs serve` on every rebuild).
    stamp = _stamp(data_dir)
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
    builder = _Builder(Path(data_dir))
    for doc in docs:
        builder.add(doc)
    problems.extend(builder.problems)
    if problems:
        raise DataError(problems)
    codex = builder.finish()
    if builder.problems:
        raise DataError(builder.problems)
    return codex


def check_data(data_dir: Path | None = None) -> list[Problem]:
    """Every problem in the data (empty when clean)."""
    try:
        load_codex(data_dir)
    except DataError as exc:
        return exc.problems
    return []


# ---------------------------------------------------------------------------------------------------------
# Converting validated documents into model objects
# ---------------------------------------------------------------------------------------------------------


def _blocks(raw) -> tuple[m.Block, ...]:
    out = []
    for block in raw or ():
        if isinstance(block, str):
            out.append(m.Block("paragraph", block))
        elif "list" in block:
            out.append(m.Block("list", items=_items(block["list"])))
        elif "example" in block:
            out.append(m.Block("example", block["example"]))
        else:
            out.append(m.Block("note", block["note"]))
    return tuple(out)


def _items(raw) -> tuple[m.ListItem, ...]:
    return tuple(m.ListItem(i) if isinstance(i, str) else m.ListItem(i["text"], _items(i["list"])) for i in raw)


def _errata(raw) -> tuple[m.Erratum, ...]:
    return tuple(m.Erratum(e["original"], e["correction"], e.get("note", "")) for e in raw or ())


def _date(value) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


def _cycles(graph: dict[str, tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Every distinct cycle reachable in `graph` (id -> ids it points to), each once, smallest id first."""
    found, done = set(), set()

    def walk(node, path, on_path):
        if node in on_path:
            cycle = tuple(path[path.index(node):])
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


def _freeze(value):
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


class _Builder:
    """Collects records from documents, then resolves references between them."""

    def __init__(self, data_dir: Path):
        self.data_dir = data_dir
        self.problems: list[Problem] = []
        self.format_docs: dict[str, tuple[YamlDocument, dict]] = {}
        self.parts: dict[str, dict[str, list[tuple[YamlDocument, dict]]]] = defaultdict(lambda: defaultdict(list))
        self.cards: dict[str, m.CardRecord] = {}
        self.card_docs: dict[str, YamlDocument] = {}
        self.redirects: list[m.Redirect] = []
        self.set_acronyms: dict[str, str] = {}
        self.ids: dict[str, tuple[str, int, int]] = {}
        self.references: list[tuple[YamlDocument, tuple, str, str]] = []  # doc, keypath, target id, what
        self._typed_refs: list = []
        self._quotes: list = []  # doc, keypath, format id, words that must be the format's own (verbatim)

    # -- bookkeeping -----------------------------------------------------------------------------------

    def _problem(self, doc: YamlDocument, keys, message: str):
        line, col = doc.location(keys)
        self.problems.append(Problem(doc.path, line, col, message))

    def _claim(self, doc: YamlDocument, keys: tuple, record_id: str) -> m.Origin:
        line, col = doc.location(keys + ("id",))
        if record_id in self.ids:
            path, first_line, _ = self.ids[record_id]
            self._problem(doc, keys + ("id",), f"duplicate id '{record_id}' (already used at {path}:{first_line})")
        else:
            self.ids[record_id] = (doc.path, line, col)
        return m.Origin(doc.path, line)

    def _layer(self, doc, keys, v, fid) -> dict:
        """The Codex's layer on a record: its relation (with the document's words), a title of its own, and
        the other places the document states the same thing."""
        out = {}
        rel = v.get("relation")
        if rel:
            out["relation"] = m.Relation(rel["kind"], rel.get("evidence", ""), rel.get("of", ""), rel.get("note", ""))
            if rel.get("evidence"):
                self._quotes.append((doc, tuple(keys) + ("relation", "evidence"), fid, rel["evidence"]))
        ct = v.get("codex_title")
        if ct:
            out["codex_title"] = m.CodexTitle(ct["under"], ct.get("note", ""))
            self._quotes.append((doc, tuple(keys) + ("codex_title", "under"), fid, ct["under"]))
        if v.get("see_also"):
            self._refs(doc, tuple(keys) + ("see_also",), v["see_also"], "see_also record")
            out["see_also"] = tuple(v["see_also"])
        if v.get("topics"):
            out["topics"] = tuple(v["topics"])
        return out

    def _ref(self, doc, keys, target, what):
        if target:
            self.references.append((doc, tuple(keys), target, what))

    def _refs(self, doc, keys, targets, what):
        for i, target in enumerate(targets or ()):
            self._ref(doc, tuple(keys) + (i,), target, what)

    # -- intake ----------------------------------------------------------------------------------------

    def add(self, doc: YamlDocument):
        value = doc.value
        kind = value["kind"]
        if kind == "card":
            self._card(doc, value)
        elif kind == "redirects":
            for i, r in enumerate(value["redirects"]):
                self.redirects.append(m.Redirect(r["from"], r["to"], r.get("note", "")))
                self._ref(doc, ("redirects", i, "to"), r["to"], "redirect target")
        elif kind == "set_acronyms":
            seen = {}
            for acronym, set_name in value["acronyms"].items():
                key = acronym.lower()
                if key in seen or key in {k.lower() for k in self.set_acronyms}:
                    self._problem(doc, ("acronyms", acronym), f"set acronym '{acronym}' is listed twice "
                                  f"(acronyms are matched without regard to case)")
                seen[key] = acronym
                self.set_acronyms[acronym] = set_name
        elif kind == "format":
            if value["id"] in self.format_docs:
                other = self.format_docs[value["id"]][0].path
                self._problem(doc, ("id",), f"format '{value['id']}' is already defined in {other}")
            else:
                self.format_docs[value["id"]] = (doc, value)
        else:
            self.parts[value["format"]][kind].append((doc, value))

    def _card(self, doc, v):
        origin = self._claim(doc, (), v["id"])
        expected = Path(doc.path).stem
        if expected != v["id"]:
            self._problem(doc, ("id",), f"card id '{v['id']}' must match its file name ({expected}.yml)")
        for key in ("distinct_from", "counts_as", "soul_of"):
            self._refs(doc, (key,), v.get(key), "card")
        self._ref(doc, ("version_of",), v.get("version_of"), "card")
        card = m.CardRecord(
            id=v["id"], title=v["title"] + (f" ({v['experience']})" if v.get("experience") else ""),
            format_id=None, origin=origin, citation=f"CARD {v['id']}",
            name=v["title"], experience=v.get("experience"), type=v["type"], deck=v["deck"],
            unique=v.get("unique"), clan=v.get("clan"), keywords=tuple(v.get("keywords", ())),
            icons=tuple(v.get("icons", ())), sets=tuple(v.get("sets", ())), pool_title=v.get("pool_title"),
            aliases=tuple(v.get("aliases", ())), distinct_from=tuple(v.get("distinct_from", ())),
            version_of=v.get("version_of"), counts_as=tuple(v.get("counts_as", ())),
            soul_of=tuple(v.get("soul_of", ())), deck_rules=_freeze(v.get("deck_rules", {})),
            facts=tuple(v.get("facts", ())),
        )
        self.cards[card.id] = card
        self.card_docs[card.id] = doc

    # -- building formats ------------------------------------------------------------------------------

    def finish(self) -> m.Codex:
        for format_id, kinds in self.parts.items():
            if format_id not in self.format_docs:
                for docs in kinds.values():
                    for doc, _ in docs:
                        self._problem(doc, ("format",), f"format '{format_id}' has no format.yml "
                                      f"(expected data/formats/{format_id}/format.yml)")
        self._no_cycles()
        formats = {}
        for format_id, (doc, value) in self.format_docs.items():
            formats[format_id] = self._format(doc, value, self.parts.get(format_id, {}))
        records: dict[str, m.Record] = {}
        for f in formats.values():
            for r in _format_records(f):
                records[r.id] = r
        records.update(self.cards)
        self._unique_citations(formats, records)
        self._check_quotes(formats)
        for doc, keys, target, what in self.references:
            if target not in records and target not in formats:
                self._problem(doc, keys, f"{what} '{target}' does not exist (no record has this id)")
        for doc, keys, target, what in self._typed_refs:
            record = records.get(target)
            if record is not None and record.record_kind not in what[1]:
                self._problem(doc, keys, f"{what[0]} '{target}' is a {record.record_kind}, not a {what[0]}")
        return m.Codex(formats=MappingProxyType(formats), cards=MappingProxyType(dict(self.cards)),
                       records=MappingProxyType(records), redirects=tuple(self.redirects),
                       set_acronyms=MappingProxyType(dict(self.set_acronyms)))

    def _unique_citations(self, formats, records):
        """Two records (or two formats' prefixes) that would be cited alike: the site's build refuses them, so
        the check names both here, each where it is written. A citation and its short link (`OH II.B` ->
        `oh-ii-b`) must both be unique."""
        seen: dict[str, tuple[str, str, int]] = {}
        cited = [(f.citation_prefix, f"format '{f.id}'", self.format_docs[f.id][0], ("citation_prefix",), None)
                 for f in formats.values() if f.id in self.format_docs]
        cited += [(r.citation, f"record '{r.id}'", None, None, r.origin) for r in records.values()
                  if r.citation and r.origin is not None]
        for citation, who, doc, keys, origin in cited:
            for key in (citation, "slug:" + re.sub(r"[^a-z0-9]+", "-", citation.lower()).strip("-")):
                path, line = (doc.path, doc.location(keys)[0]) if doc is not None else (origin.path, origin.line)
                first = seen.setdefault(key, (who, path, line))
                if first[0] != who:
                    what = "citation" if key == citation else "citation link"
                    self.problems.append(Problem(path, line, 1, f"{who} has the {what} of {first[0]} "
                                                 f"({first[1]}:{first[2]}): “{citation}”; one of them could not be "
                                                 "cited: give it another id, number or prefix"))
                    break

    def _check_quotes(self, formats):
        """A relation's evidence and a Codex title's `under` quote the format's own verbatim text."""
        corpus: dict[str, str] = {}
        for doc, keys, fid, words in self._quotes:
            if fid not in corpus:
                corpus[fid] = _squash(" ".join(_format_words(formats[fid]))) if fid in formats else ""
            if _squash(words) not in corpus[fid]:
                self._problem(doc, keys, f"“{words}” is not in {fid}'s verbatim text: quote the document's own "
                              "words exactly (or use kind: grouping for the Codex's own grouping)")

    def _no_cycles(self):
        """A format that is its own ancestor, or a card that is its own version or Soul: a located problem.

        Left alone, every walk up such a chain (the inheritance chain, Soul of chains) would never end.
        """
        graphs = (
            ("parent", "a format cannot be its own parent", {fid: ((v["parent"],) if v.get("parent") else ()) for fid, (_, v)
                                  in self.format_docs.items()}, lambda fid: self.format_docs[fid][0]),
            ("version_of", "a card cannot be a version of itself", {c.id: ((c.version_of,) if c.version_of else ()) for c in self.cards.values()},
             self._card_doc),
            ("soul_of", "a card cannot be the Soul of itself", {c.id: c.soul_of for c in self.cards.values()}, self._card_doc),
        )
        for key, why, graph, doc_of in graphs:
            for cycle in _cycles(graph):
                loop = " → ".join(cycle + (cycle[0],))
                self._problem(doc_of(cycle[0]), (key,), f"`{key}` goes round in a circle ({loop}): {why}")

    def _card_doc(self, card_id):
        return self.card_docs[card_id]

    def _typed(self, doc, keys, target, what: str, kinds: tuple[str, ...]):
        if target:
            self._ref(doc, keys, target, what)
            self._typed_refs.append((doc, tuple(keys), target, (what, kinds)))

    def _format(self, doc, v, parts) -> m.Format:
        self._claim(doc, (), v["id"])
        expected = Path(doc.path).parent.name
        if expected != v["id"]:
            self._problem(doc, ("id",), f"format id '{v['id']}' must match its folder name ({expected})")
        if v.get("parent"):
            if v["parent"] not in self.format_docs:
                self._problem(doc, ("parent",), f"parent format '{v['parent']}' does not exist")
        prefix = v["citation_prefix"]
        fid = v["id"]
        for kind, docs in parts.items():
            if kind in ("abilities", "bans", "changelog", "rulings", "sets") and len(docs) > 1:
                self._problem(docs[1][0], ("kind",), f"format '{fid}' already has a {kind} file: {docs[0][0].path}")
            for d, _ in docs:
                if Path(d.path).parent.name != fid:
                    self._problem(d, ("format",), f"this file is in folder '{Path(d.path).parent.name}' but "
                                  f"says format '{fid}'; a format's files live in data/formats/{fid}/")
        ruleset = v.get("ruleset", {})
        for key, target in ruleset.get("rule_refs", {}).items():
            self._ref(doc, ("ruleset", "rule_refs", key), target, "rule reference")
        src = v["source"]
        if v.get("parent_evidence"):
            self._quotes.append((doc, ("parent_evidence",), fid, v["parent_evidence"]))
        return m.Format(
            id=fid, name=v["name"], short_name=v["short_name"], citation_prefix=prefix,
            source=m.Source(src["title"], src.get("document"), src.get("publisher"), _date(src.get("date")),
                            src.get("date_note"), src.get("url")),
            origin=m.Origin(doc.path, 1), parent=v.get("parent"), relation=v.get("relation", ""),
            parent_evidence=v.get("parent_evidence", ""),
            bundled=v.get("bundled", True), order=v.get("order", 100), summary=_blocks(v.get("summary")),
            text=_blocks(v.get("text")), note=v.get("note", ""), ruleset=_freeze(ruleset),
            sections=self._sections(parts.get("rules", []), fid, prefix),
            **self._abilities(parts.get("abilities", []), fid, prefix),
            **self._keywords(parts.get("keywords", []), fid, prefix),
            bans=self._bans(parts.get("bans", []), fid, prefix),
            **self._changelog(parts.get("changelog", []), fid, prefix),
            rulings=self._rulings(parts.get("rulings", []), fid, prefix),
            legality=self._legality(parts.get("sets", []), fid, prefix),
        )

    @staticmethod
    def _cite(prefix, fid_prefix, record_id, number=None):
        if number:
            return f"{prefix} {number}"
        slug = record_id[len(fid_prefix):] if record_id.startswith(fid_prefix) else record_id
        return f"{prefix} {slug}"

    def _sections(self, docs, fid, prefix):
        out = []
        for doc, v in docs:
            id_prefix = _id_prefix(v["sections"])
            for i, raw in enumerate(v["sections"]):
                out.append(self._section(doc, ("sections", i), raw, fid, prefix, id_prefix, None, raw["id"]))
        return tuple(out)

    def _section(self, doc, keys, v, fid, prefix, id_prefix, parent_id, top_id) -> m.Section:
        origin = self._claim(doc, keys, v["id"])
        for j, target in enumerate(v.get("changed_by", ())):
            self._typed(doc, keys + ("changed_by", j), target, "changelog entry", ("changelog",))
        subs = tuple(
            self._section(doc, keys + ("sections", j), s, fid, prefix, id_prefix, v["id"], top_id)
            for j, s in enumerate(v.get("sections", ()))
        )
        return m.Section(
            id=v["id"], title=v["title"], format_id=fid, origin=origin,
            citation=self._cite(prefix, id_prefix, v["id"], v.get("number")),
            number=v.get("number"), heading=v.get("heading"), group=v.get("group"), topic=v.get("topic"),
            text=_blocks(v.get("text")), errata=_errata(v.get("errata")),
            examples=tuple(_freeze(e) for e in v.get("examples", ())), changed_by=tuple(v.get("changed_by", ())),
            sections=subs, parent_id=parent_id, top_id=top_id, **self._layer(doc, keys, v, fid),
        )

    def _abilities(self, docs, fid, prefix):
        groups, text = [], ()
        for doc, v in docs:
            text = _blocks(v.get("text"))
            id_prefix = fid_prefix_for(fid, v["groups"][0]["id"])
            for gi, g in enumerate(v["groups"]):
                gkeys = ("groups", gi)
                gorigin = self._claim(doc, gkeys, g["id"])
                abilities = []
                for ai, a in enumerate(g["abilities"]):
                    akeys = gkeys + ("abilities", ai)
                    origin = self._claim(doc, akeys, a["id"])
                    self._typed(doc, akeys + ("see",), a.get("see"), "ability", ("ability",))
                    for j, target in enumerate(a.get("changed_by", ())):
                        self._typed(doc, akeys + ("changed_by", j), target, "changelog entry", ("changelog",))
                    abilities.append(m.Ability(
                        id=a["id"], title=a["name"], format_id=fid, origin=origin,
                        citation=self._cite(prefix, id_prefix, a["id"]), key=a["key"], name=a["name"],
                        group_id=g["id"], heading=a.get("heading"), designators=tuple(a["designators"]),
                        cost=a.get("cost"), text=_blocks(a["text"]), notes=_blocks(a.get("notes")),
                        see=a.get("see"), errata=_errata(a.get("errata")),
                        examples=tuple(_freeze(e) for e in a.get("examples", ())),
                        changed_by=tuple(a.get("changed_by", ())), autolink=a.get("autolink", True),
                        aliases=tuple(a.get("aliases", ())), autolink_as=a.get("autolink_as", "name"),
                        action_designators=tuple(m.Action(tuple(x["designators"]), x["text"])
                                                 for x in a.get("actions", ())),
                        compare_with=tuple(m.TopicPlacement(x["key"], x["note"]) for x in a.get("compare_with", ())), **self._layer(doc, akeys, a, fid),
                    ))
                groups.append(m.AbilityGroup(
                    id=g["id"], title=g["title"], format_id=fid, origin=gorigin,
                    citation=self._cite(prefix, id_prefix, g["id"]), heading=g.get("heading"),
                    text=_blocks(g.get("text")), abilities=tuple(abilities), **self._layer(doc, gkeys, g, fid),
                ))
        return {"ability_groups": tuple(groups), "abilities_text": text}

    def _keywords(self, docs, fid, prefix):
        files, entries = [], []
        for doc, v in docs:
            file_key = Path(doc.path).stem
            files.append(m.KeywordFile(file_key, v.get("title", "Keywords"), v.get("heading"), _blocks(v.get("text"))))
            id_prefix = fid_prefix_for(fid, v["entries"][0]["id"])
            for i, e in enumerate(v["entries"]):
                keys = ("entries", i)
                origin = self._claim(doc, keys, e["id"])
                for j, target in enumerate(e.get("changed_by", ())):
                    self._typed(doc, keys + ("changed_by", j), target, "changelog entry", ("changelog",))
                subs = []
                for j, s in enumerate(e.get("sections", ())):
                    sorigin = self._claim(doc, keys + ("sections", j), s["id"])
                    subs.append(m.KeywordSection(id=s["id"], title=s["title"], format_id=fid, origin=sorigin,
                                                 citation=self._cite(prefix, id_prefix, s["id"]),
                                                 heading=s.get("heading"), text=_blocks(s["text"])))
                entries.append(m.Keyword(
                    id=e["id"], title=e["term"], format_id=fid, origin=origin,
                    citation=self._cite(prefix, id_prefix, e["id"]), key=e["key"], term=e["term"],
                    category=e["category"], heading=e.get("heading"), short=e.get("short", ""),
                    text=_blocks(e["text"]), errata=_errata(e.get("errata")),
                    examples=tuple(_freeze(x) for x in e.get("examples", ())),
                    changed_by=tuple(e.get("changed_by", ())), sections=tuple(subs), file_key=file_key,
                    autolink=e.get("autolink", True), aliases=tuple(e.get("aliases", ())),
                    autolink_as=e.get("autolink_as", "name"), **self._layer(doc, keys, e, fid),
                ))
        return {"keyword_files": tuple(files), "keywords": tuple(entries)}

    def _bans(self, docs, fid, prefix):
        if not docs:
            return None
        doc, v = docs[0]
        id_prefix = fid_prefix_for(fid, v["categories"][0]["id"])
        categories = []
        for ci, c in enumerate(v["categories"]):
            ckeys = ("categories", ci)
            corigin = self._claim(doc, ckeys, c["id"])
            entries = []
            for ei, e in enumerate(c["entries"]):
                keys = ckeys + ("entries", ei)
                origin = self._claim(doc, keys, e["id"])
                self._typed(doc, keys + ("card",), e.get("card"), "card", ("card",))
                self._typed(doc, keys + ("added_by",), e.get("added_by"), "changelog entry", ("changelog",))
                self._typed(doc, keys + ("lifted_by",), e.get("lifted_by"), "changelog entry", ("changelog",))
                added, lifted = _date(e.get("added")), _date(e.get("lifted"))
                if added and lifted and lifted < added:
                    self._problem(doc, keys + ("lifted",), f"lifted ({lifted}) is before added ({added})")
                entries.append(m.BanEntry(
                    id=e["id"], title=e["as_written"], format_id=fid, origin=origin,
                    citation=self._cite(prefix, id_prefix, e["id"]), as_written=e["as_written"],
                    category_id=c["id"], card=e.get("card"), match=_freeze(e.get("match", {})),
                    added=added, added_precision=e.get("added_precision", "exact"), added_by=e.get("added_by"),
                    lifted=lifted, lifted_precision=e.get("lifted_precision", "exact"),
                    added_inference=e.get("added_inference", ""), lifted_inference=e.get("lifted_inference", ""),
                    lifted_by=e.get("lifted_by"), note=e.get("note", ""), errata=_errata(e.get("errata")),
                ))
            categories.append(m.BanCategory(id=c["id"], title=c["title"], format_id=fid, origin=corigin,
                                            citation=self._cite(prefix, id_prefix, c["id"]),
                                            heading=c.get("heading"), entries=tuple(entries)))
        return m.BanList(fid, _blocks(v.get("text")), _blocks(v.get("footer")), tuple(categories))

    def _changelog(self, docs, fid, prefix):
        if not docs:
            return {"changelog": (), "changelog_text": ()}
        doc, v = docs[0]
        id_prefix = fid_prefix_for(fid, v["entries"][0]["id"])
        entries = []
        for i, e in enumerate(v["entries"]):
            keys = ("entries", i)
            origin = self._claim(doc, keys, e["id"])
            self._refs(doc, keys + ("touches",), e.get("touches"), "changed record")
            if ("old" in e) != ("new" in e):
                self._problem(doc, keys, "a text change needs both `old:` and `new:`")
            entries.append(m.ChangelogEntry(
                id=e["id"], title=e["title"], format_id=fid, origin=origin,
                citation=self._cite(prefix, id_prefix, e["id"]), kind=e["kind"], date=_date(e.get("date")),
                date_as_written=e.get("date_as_written"), touches=tuple(e.get("touches", ())),
                text=_blocks(e["text"]), old=e.get("old"), new=e.get("new"), errata=_errata(e.get("errata")),
                position=i,
            ))
        return {"changelog": tuple(entries), "changelog_text": _blocks(v.get("text"))}

    def _rulings(self, docs, fid, prefix):
        out = []
        for doc, v in docs[:1]:
            id_prefix = fid_prefix_for(fid, v["entries"][0]["id"])
            for i, r in enumerate(v["entries"]):
                keys = ("entries", i)
                origin = self._claim(doc, keys, r["id"])
                self._refs(doc, keys + ("applies_to",), r.get("applies_to"), "record the ruling applies to")
                self._typed(doc, keys + ("source_entry",), r.get("source_entry"), "changelog entry", ("changelog",))
                out.append(m.Ruling(
                    id=r["id"], title=r["question"], format_id=fid, origin=origin,
                    citation=self._cite(prefix, id_prefix, r["id"]), question=r["question"],
                    text=_blocks(r["text"]), source=r["source"], date=_date(r.get("date")),
                    source_entry=r.get("source_entry"), applies_to=tuple(r.get("applies_to", ())),
                    examples=tuple(_freeze(e) for e in r.get("examples", ())),
                ))
        return tuple(out)

    def _legality(self, docs, fid, prefix):
        if not docs:
            return None
        doc, v = docs[0]
        if v.get("id"):
            self._claim(doc, (), v["id"])
        id_prefix = fid_prefix_for(fid, v.get("id") or fid)
        bugs = v.get("bugs") or {}
        if bugs:
            self._claim(doc, ("bugs",), bugs["id"])
        sets = []
        for i, s in enumerate(v["entries"]):
            keys = ("entries", i)
            origin = self._claim(doc, keys, s["id"])
            self._typed(doc, keys + ("duplicate_of",), s.get("duplicate_of"), "set", ("set",))
            sets.append(m.LegalSet(
                id=s["id"], title=s["as_written"], format_id=fid, origin=origin,
                citation=self._cite(prefix, id_prefix, s["id"]), as_written=s["as_written"],
                pool_set=s.get("pool_set"), duplicate_of=s.get("duplicate_of"), note=s.get("note", ""),
                errata=_errata(s.get("errata")),
            ))
        return m.CardLegalityRules(
            id=v.get("id"), title=v.get("title", "Card legality"), text=_blocks(v.get("text")),
            bugs_id=bugs.get("id"), bugs_text=_blocks(bugs.get("text")), legal_bugs=tuple(bugs.get("legal", ())),
            bug_pool_tags=tuple(bugs.get("pool_tags", ())), sets_text=_blocks(v.get("sets_text")), sets=tuple(sets),
        )


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
    for r in _format_records(f):
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


def _id_prefix(sections) -> str:
    first = sections[0]["id"] if sections else ""
    return first.split("-", 1)[0] + "-" if "-" in first else ""


def fid_prefix_for(fid: str, some_id: str) -> str:
    """The id prefix a format's records use (`oh-`), read off one of its ids."""
    return some_id.split("-", 1)[0] + "-" if "-" in some_id else ""


def _format_records(f: m.Format):
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
