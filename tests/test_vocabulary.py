"""The model's vocabulary is typed: record kinds, relation kinds, date precisions, autolink modes, change kinds and
block kinds are StrEnums whose values are the words of the data files and their schemas; a word outside them is
refused where a model object is made; structured fields are small frozen classes; abilities and keywords share one
base."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from l5r.data import bandates
from l5r.data import model as m

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "data" / "schemas"


def _schema(name: str) -> dict:
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))


def _values(vocabulary) -> list[str]:
    return [v.value for v in vocabulary]


def test_each_vocabulary_is_the_words_its_schema_allows():
    defs = _schema("defs")["$defs"]
    assert _values(m.RelationKind) == defs["relation"]["properties"]["kind"]["enum"]
    assert _values(m.AutolinkMode) == defs["autolink_as"]["enum"]
    ban = _schema("bans")["$defs"]
    entry = next(d for d in ban.values() if "added_precision" in d.get("properties", {}))
    for key in ("added_precision", "lifted_precision"):
        assert _values(m.DatePrecision) == entry["properties"][key]["enum"]
    # A date reads as its precision says, but a day the Codex infers reads "undated".
    assert set(_values(bandates.DateQualifier)) == set(_values(m.DatePrecision)) - {"inferred"} | {"undated"}
    change = _schema("changelog")["$defs"]["entry"]
    assert _values(m.ChangeKind) == change["properties"]["kind"]["enum"]


def test_a_member_is_its_word_in_json_text_and_comparisons():
    assert m.RelationKind.AMENDS == "amends" and f"{m.RelationKind.AMENDS}" == "amends"
    assert json.dumps({"kind": m.DatePrecision.ON_OR_BEFORE}) == '{"kind": "on-or-before"}'
    assert {"name-only": 1}[m.AutolinkMode.NAME_ONLY] == 1


@pytest.mark.parametrize(
    "make, word",
    [
        (lambda: m.Relation("amend"), "amend"),
        (lambda: m.Block("para", "text"), "para"),
        (
            lambda: m.BanEntry(
                id="x",
                title="x",
                format_id="f",
                origin=m.Origin("p", 1),
                as_written="x",
                category_id="c",
                added_precision="roughly",
            ),
            "roughly",
        ),
        (
            lambda: m.BanEntry(
                id="x",
                title="x",
                format_id="f",
                origin=m.Origin("p", 1),
                as_written="x",
                category_id="c",
                lifted_precision="EXACT",
            ),
            "EXACT",
        ),
        (lambda: m.ChangelogEntry(id="x", title="x", format_id="f", origin=m.Origin("p", 1), kind="banned"), "banned"),
        (
            lambda: m.Keyword(
                id="x",
                title="x",
                format_id="f",
                origin=m.Origin("p", 1),
                key="x",
                term="x",
                category="c",
                autolink_as="names",
            ),
            "names",
        ),
    ],
)
def test_a_word_outside_the_vocabulary_is_refused(make, word):
    with pytest.raises(ValueError, match=f"'{word}' is not one of"):
        make()


def test_a_word_of_the_vocabulary_becomes_its_member():
    assert m.Relation("amends").kind is m.RelationKind.AMENDS
    assert m.Block("list").kind is m.BlockKind.LIST
    ability = m.Ability(
        id="x",
        title="x",
        format_id="f",
        origin=m.Origin("p", 1),
        key="x",
        name="x",
        group_id="g",
        autolink_as="name-only",
    )
    assert ability.autolink_as is m.AutolinkMode.NAME_ONLY


def test_the_loaded_codex_holds_members_and_small_classes(codex):
    kinds = {type(r.record_kind) for r in codex.records.values()}
    assert kinds == {m.RecordKind}
    relations = [r.relation for r in codex.records.values() if r.relation is not None]
    assert len(relations) > 50 and all(isinstance(r.kind, m.RelationKind) for r in relations)
    bans = [b for f in codex.formats.values() if f.bans for b in f.bans.entries]
    assert len(bans) > 20
    assert all(isinstance(p, m.DatePrecision) for b in bans for p in (b.added_precision, b.lifted_precision))
    abilities = [a for f in codex.formats.values() for a in f.abilities]
    assert all(isinstance(a.autolink_as, m.AutolinkMode) for a in abilities)
    changes = [e for f in codex.formats.values() for e in f.changelog]
    assert changes and all(isinstance(e.kind, m.ChangeKind) for e in changes)
    actions = [x for a in abilities for x in a.action_designators]
    placements = [x for a in abilities for x in a.compare_with]
    assert actions and all(isinstance(x, m.Action) and isinstance(x.designators, tuple) for x in actions)
    assert placements and all(isinstance(x, m.TopicPlacement) for x in placements)
    files = [kf for f in codex.formats.values() for kf in f.keyword_files]
    assert files and all(isinstance(kf, m.KeywordFile) for kf in files)


def test_every_record_kind_is_a_record_class():
    kinds = {c.record_kind for c in _subclasses(m.Record)} | {m.Record.record_kind}
    assert kinds == set(m.RecordKind)


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_abilities_and_keywords_declare_no_field_twice():
    """What both have lives once, in their shared base; each declares only its own fields."""
    own = {cls: set(cls.__dict__.get("__annotations__", {})) for cls in (m.Ability, m.Keyword)}
    assert own[m.Ability] and own[m.Keyword]
    assert own[m.Ability] & own[m.Keyword] == set()
    shared = {f.name for f in dataclasses.fields(m.NamedRule)} - {f.name for f in dataclasses.fields(m.Record)}
    assert {"text", "errata", "examples", "changed_by", "autolink", "aliases", "autolink_as"} <= shared
