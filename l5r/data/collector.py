"""What the loader keeps while it reads documents into records: the problems found (each where it is written), the
ids claimed, the references to check once every record is known, and the quotes to check against the verbatim
text. Every record kind's reader (l5r/data/records.py) reports through one Collector."""

from __future__ import annotations

from . import model as m
from .yamlsource import Problem, YamlDocument


class Collector:
    def __init__(self):
        self.problems: list[Problem] = []
        self.ids: dict[str, tuple[str, int, int]] = {}
        self.references: list[tuple[YamlDocument, tuple, str, str]] = []  # doc, keypath, target id, what
        self.typed_references: list = []  # doc, keypath, target id, (what, the record kinds it may be)
        self.quotes: list = []  # doc, keypath, format id, words that must be the format's own (verbatim)

    def problem(self, doc: YamlDocument, keys, message: str):
        line, col = doc.location(keys)
        self.problems.append(Problem(doc.path, line, col, message))

    def claim(self, doc: YamlDocument, keys: tuple, record_id: str) -> m.Origin:
        """Claim an id for the record at `keys` (a duplicate is a problem) and return where it is written."""
        line, col = doc.location(keys + ("id",))
        if record_id in self.ids:
            path, first_line, _ = self.ids[record_id]
            self.problem(doc, keys + ("id",), f"duplicate id '{record_id}' (already used at {path}:{first_line})")
        else:
            self.ids[record_id] = (doc.path, line, col)
        return m.Origin(doc.path, line)

    def claimed(self, doc: YamlDocument, keys: tuple, items):
        """Each record of the list at `keys`: (the record, its keys, where it is written), its id claimed."""
        for i, item in enumerate(items):
            item_keys = tuple(keys) + (i,)
            yield item, item_keys, self.claim(doc, item_keys, item["id"])

    def changed_by(self, doc: YamlDocument, keys: tuple, v) -> None:
        """The record's `changed_by` list: each must name a changelog entry."""
        for j, target in enumerate(v.get("changed_by", ())):
            self.typed(doc, tuple(keys) + ("changed_by", j), target, "changelog entry", ("changelog",))

    def layer(self, doc, keys, v, fid) -> dict:
        """The Codex's layer on a record: its relation (with the document's words), a title of its own, and
        the other places the document states the same thing."""
        out: dict[str, object] = {}
        rel = v.get("relation")
        if rel:
            out["relation"] = m.Relation(rel["kind"], rel.get("evidence", ""), rel.get("of", ""), rel.get("note", ""))
            if rel.get("evidence"):
                self.quotes.append((doc, tuple(keys) + ("relation", "evidence"), fid, rel["evidence"]))
        ct = v.get("codex_title")
        if ct:
            out["codex_title"] = m.CodexTitle(ct["under"], ct.get("note", ""))
            self.quotes.append((doc, tuple(keys) + ("codex_title", "under"), fid, ct["under"]))
        if v.get("see_also"):
            self.refs(doc, tuple(keys) + ("see_also",), v["see_also"], "see_also record")
            out["see_also"] = tuple(v["see_also"])
        if v.get("topics"):
            out["topics"] = tuple(v["topics"])
        return out

    def ref(self, doc, keys, target, what):
        """A reference to check once every record is known."""
        if target:
            self.references.append((doc, tuple(keys), target, what))

    def refs(self, doc, keys, targets, what):
        for i, target in enumerate(targets or ()):
            self.ref(doc, tuple(keys) + (i,), target, what)

    def typed(self, doc, keys, target, what: str, kinds: tuple[str, ...]):
        """A reference that must also name a record of one of these kinds."""
        if target:
            self.ref(doc, keys, target, what)
            self.typed_references.append((doc, tuple(keys), target, (what, kinds)))

    def quote(self, doc, keys, fid, words):
        """Words that must be the format's own, verbatim."""
        self.quotes.append((doc, tuple(keys), fid, words))
