"""The loader: one entry point, immutable model objects, cross-references resolved, citations."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from l5r.data.files import data_files
from l5r.data.load import load_codex
from l5r.data.yamlsource import DataError
from l5r.engine.ruleset import ruleset_for

ROOT = Path(__file__).resolve().parent.parent


def test_every_bundled_format_is_loaded(codex):
    assert {"obsidian-hand", "new-era", "modern", "aeg"} <= {f.id for f in codex.bundled_formats}
    assert not codex.formats["twenty-festivals"].bundled
    assert codex.formats["modern"].parent == "twenty-festivals"


def test_obsidian_hand_numbered_sections_have_citations(codex):
    oh = codex.formats["obsidian-hand"]
    numbered = {s.number: s for s in oh.all_sections() if s.number}
    for number in ("I", "II.A", "II.B", "II.C", "II.D", "II.E", "II.F", "III.A"):
        assert numbered[number].citation == f"OH {number}"
    assert codex.records["oh-ii-b"].title == "Family Honor"


def test_obsidian_hand_abilities_keep_the_documents_groups(codex):
    oh = codex.formats["obsidian-hand"]
    assert [g.title for g in oh.ability_groups] == [
        "Limited",
        "Open",
        "Engage",
        "Interrupt",
        "Reaction",
        "Battle",
        "Dynasty",
    ]
    lobby = codex.records["oh-ability-lobby"]
    assert lobby.designators == ("Political", "Limited")
    # "* see Enlightened Open" resolves to the Open ability.
    see = next(a for a in oh.abilities if a.see)
    assert codex.records[see.see].record_kind == "ability"


def test_ban_entries_resolve_to_card_records(codex):
    oh = codex.formats["obsidian-hand"]
    for entry in oh.bans.entries:
        if entry.card:
            assert codex.cards[entry.card].record_kind == "card"
        else:
            assert entry.match, f"{entry.id} bans no card and matches nothing"
    black_lion = next(e for e in oh.bans.entries if e.card == "house-of-the-black-lion")
    assert black_lion.added == dt.date(2015, 10, 5)  # OH Updates [10/05/2015]
    assert "House of Black Lion" in codex.cards["house-of-the-black-lion"].aliases


def test_changelog_entries_resolve_what_they_change(codex):
    for f in codex.formats.values():
        for entry in f.changelog:
            for target in entry.touches:
                assert target in codex.records, f"{entry.id} touches unknown {target}"
    naval = codex.records["oh-log-2015-10-27-naval-invasion"]
    assert naval.old and naval.new and naval.old != naval.new


def test_model_objects_are_immutable(codex):
    section = codex.records["oh-ii-b"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        section.title = "changed"
    with pytest.raises(TypeError):
        codex.formats["obsidian-hand"].ruleset["copy_limit"] = 99
    with pytest.raises(TypeError):
        codex.records["x"] = section


def test_ids_are_globally_unique_and_explicit(codex):
    # The loader rejects duplicates; here: every record's id is the one written in its file.
    for record_id, record in codex.records.items():
        assert record.id == record_id
        text = (ROOT / record.origin.path).read_text(encoding="utf-8")
        assert record_id in text


def test_ruleset_is_frozen_and_read_from_data(codex):
    oh = ruleset_for(codex.formats["obsidian-hand"])
    modern = ruleset_for(codex.formats["modern"])
    assert (oh.dynasty_deck.min, oh.copy_limit) == (40, 3)  # OH II.F
    assert (modern.dynasty_deck.min, modern.dynasty_deck.max, modern.copy_limit) == (50, 50, 1)  # MOD 1, 2
    assert oh.max_hand_size == 8  # OH II.C
    with pytest.raises(dataclasses.FrozenInstanceError):
        oh.copy_limit = 4


def test_loading_twice_gives_equal_results():
    assert load_codex(ROOT / "data").formats.keys() == load_codex(ROOT / "data").formats.keys()


# ---------------------------------------------------------------------------------------------------------
# Schemas
# ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("schema", sorted((ROOT / "data/schemas").glob("*.schema.json")), ids=lambda p: p.name)
def test_schemas_are_valid_json_schema(schema):
    Draft202012Validator.check_schema(json.loads(schema.read_text(encoding="utf-8")))


def test_every_data_file_names_its_schema_for_the_editor():
    for path in data_files(ROOT / "data"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), f"{path} lacks the schema line"
        schema = (path.parent / first.split("=", 1)[1].strip()).resolve()
        assert schema.is_file(), f"{path} points at a missing schema {schema}"
        kind = next(
            line.split(":", 1)[1].strip()
            for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("kind:")
        )
        assert schema.name == f"{kind}.schema.json", f"{path} is a {kind} but names {schema.name}"


# --- clean documents are remembered, never their problems (l5r/data/schemas.py) ------------------


class _NoValidation:
    def iter_errors(self, value):
        raise AssertionError("a document already found clean was validated again")


def _forget_memo(monkeypatch, tmp_path):
    from l5r.data import schemas

    monkeypatch.setenv("L5R_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(schemas, "_CLEAN", {})
    return schemas


def test_a_clean_document_is_not_validated_twice_even_in_a_new_process(small_data_copy, tmp_path, monkeypatch):
    schemas = _forget_memo(monkeypatch, tmp_path)
    from l5r.data import load

    load_codex(small_data_copy)
    real = schemas._validators(small_data_copy / "schemas")
    monkeypatch.setattr(schemas, "_validators", lambda _d: {k: _NoValidation() for k in real})
    monkeypatch.setattr(load, "_LOADED", {})  # read the files again (not the loaded Codex kept in memory)
    load_codex(small_data_copy)  # remembered in this process
    monkeypatch.setattr(schemas, "_CLEAN", {})
    monkeypatch.setattr(load, "_LOADED", {})
    load_codex(small_data_copy)  # remembered in the cache folder, as a new process finds it
    assert list((tmp_path / "cache").glob("schema-clean-*.txt"))


def test_a_schema_edited_while_a_process_runs_is_the_one_checked(small_data_copy, tmp_path, monkeypatch):
    """`mkdocs serve` loads the data again after every edit, a schema's too: the documents are checked against
    the schemas as they are now, not as the process first compiled them."""
    from l5r.data.yamlsource import DataError

    _forget_memo(monkeypatch, tmp_path)
    load_codex(small_data_copy)
    schema = small_data_copy / "schemas" / "format.schema.json"
    doc = json.loads(schema.read_text(encoding="utf-8"))
    doc["properties"]["short_name"]["maxLength"] = 1  # every format's short name is longer
    schema.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError) as raised:
        load_codex(small_data_copy)
    assert any("short_name" in line for line in raised.value.details), raised.value.details


def test_a_process_whose_data_is_known_clean_never_imports_the_schema_checker(small_data_copy, tmp_path, monkeypatch):
    """jsonschema is a third of a command's start-up: once every document is remembered clean, a new process loads
    the data without it; an edited document brings it back."""
    import subprocess
    import sys

    _forget_memo(monkeypatch, tmp_path)
    load_codex(small_data_copy)  # remembers every document in tmp_path/cache
    probe = (
        "import sys; from l5r.data.load import load_codex; load_codex(sys.argv[1]); print('jsonschema' in sys.modules)"
    )
    env = {**__import__("os").environ, "L5R_CACHE_DIR": str(tmp_path / "cache")}

    def imported() -> str:
        result = subprocess.run(
            [sys.executable, "-c", probe, str(small_data_copy)], env=env, capture_output=True, text=True, check=False
        )
        assert result.returncode == 0, result.stderr
        return result.stdout.strip()

    assert imported() == "False"
    path = small_data_copy / "formats" / "modern" / "format.yml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("short_name: Modern", "short_name: Modern Edited"), encoding="utf-8"
    )
    assert imported() == "True"


def test_a_file_parsed_before_is_not_parsed_again_even_in_a_new_process(small_data_copy, tmp_path, monkeypatch):
    """Parsing is half of loading: a file whose text was parsed cleanly is read from the cache folder, with the
    same values and locations; an edited file is parsed again, and a file with a problem is never kept."""
    import yaml

    from l5r.data import load, parsed

    monkeypatch.setenv("L5R_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(parsed, "_VIEWS", {})
    (tmp_path / "cache").mkdir()
    earlier = tmp_path / "cache" / "parsed-0123456789abcdef.json"  # an earlier version's memo
    earlier.write_text("{}", encoding="utf-8")
    first = load_codex(small_data_copy)
    assert not earlier.exists() and len(list((tmp_path / "cache").glob("parsed-*.json"))) == 1
    composed = []
    real = yaml.compose
    monkeypatch.setattr(yaml, "compose", lambda *a, **k: composed.append(1) or real(*a, **k))
    monkeypatch.setattr(parsed, "_VIEWS", {})  # as a new process finds the cache folder
    monkeypatch.setattr(load, "_LOADED", {})
    again = load_codex(small_data_copy)
    assert composed == [] and again == first
    path = small_data_copy / "formats" / "modern" / "format.yml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("short_name: Modern", "short_name: Modern Edited"), encoding="utf-8"
    )
    monkeypatch.setattr(parsed, "_VIEWS", {})
    assert load_codex(small_data_copy).format("modern").short_name == "Modern Edited" and len(composed) == 1
    path.write_text(path.read_text(encoding="utf-8") + "short_name: twice\n", encoding="utf-8")
    for _ in range(2):  # the duplicate key is found each time: never remembered
        monkeypatch.setattr(parsed, "_VIEWS", {})
        with pytest.raises(DataError) as caught:
            load_codex(small_data_copy)
        assert any("duplicate key 'short_name'" in p.message for p in caught.value.problems)
    assert len(composed) == 3


def test_an_edited_document_is_validated_again_and_its_problem_reported(data_copy, tmp_path, monkeypatch):
    from l5r.data.yamlsource import DataError

    _forget_memo(monkeypatch, tmp_path)
    load_codex(data_copy)
    path = data_copy / "formats" / "modern" / "format.yml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("short_name:", "short_name: [1]\nx_short_name:", 1), encoding="utf-8"
    )
    with pytest.raises(DataError) as caught:
        load_codex(data_copy)
    assert any(p.path.endswith("formats/modern/format.yml") for p in caught.value.problems)


def test_a_schema_edit_forgets_every_clean_document(small_data_copy, tmp_path, monkeypatch):
    schemas = _forget_memo(monkeypatch, tmp_path)
    load_codex(small_data_copy)
    schema = small_data_copy / "schemas" / "format.schema.json"
    schema.write_text(schema.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    calls = []
    real = schemas._validators(small_data_copy / "schemas")

    class Counting:
        def __init__(self, inner):
            self.inner = inner

        def iter_errors(self, value):
            calls.append(value.get("kind"))
            return self.inner.iter_errors(value)

    monkeypatch.setattr(schemas, "_validators", lambda _d: {k: Counting(v) for k, v in real.items()})
    load_codex(small_data_copy)
    assert len(calls) == len(data_files(small_data_copy))


def test_the_same_codex_is_handed_out_until_a_data_file_changes(data_copy):
    first = load_codex(data_copy)
    assert load_codex(data_copy) is first
    path = data_copy / "formats" / "modern" / "format.yml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("short_name: Modern", "short_name: Modern 2"), encoding="utf-8"
    )
    second = load_codex(data_copy)
    assert second is not first and second.formats["modern"].short_name == "Modern 2"


# What `load_checked` reads in one pass and what it leaves to PyYAML: every scalar type the safe loader resolves,
# aliases (shared, and a list holding itself), explicit tags, merge keys, keys that are collections, an anchor given
# twice, an alias to nothing, two documents, a date that is no day, syntax errors, and the shape checks' refusals.
_ONE_PASS_CASES = (
    "",
    "# a comment only\n",
    "--- 3\n",
    "a: 1\n",
    "- 1\n- 0x1f\n- 1_000\n- 0o17\n- 017\n- 1:30\n- .inf\n- -.Inf\n- .nan\n- 1.5e3\n- 1.\n- -1\n- +2\n- 0b101\n",
    "- 2020-01-02\n- 2020-01-02 10:00:00Z\n- 2001-12-14t21:59:43.10-05:00\n- yes\n- No\n- ~\n- null\n- ''\n",
    '- \'1\'\n- "true"\n- !!str 3\n- ! 12\n- "x\\ty"\n',
    "a: 'multi\n  line'\nb: |\n  block\n  text\nc: >\n  folded\n",
    "a:\nb:\nnull: x\n~: y\n1: a\n1.0: b\n",
    "a: &x [1, 2]\nb: *x\n",
    "a: &y {b: 1}\nc: *y\nd: *y\n",
    "&a [*a]\n",
    "a: &k b\n*k : c\n",
    "- &a x\n- *a\n- &b [1]\n- *b\n",
    "a: *x\n",
    "a: &x 1\nb: &x 2\n",
    "<<: {a: 1}\nb: 2\n",
    "? [1]\n: 2\n",
    "[a, b]: c\n",
    "&m {a: 1}: 2\n",
    "---\na: 1\n---\nb: 2\n",
    "%YAML 1.1\n---\na: 1\n",
    "a: !!binary aGVsbG8=\n",
    "- !!set {a, b}\n",
    "x: !foo bar\n",
    "a: = \n",
    "a: 2020-02-30\n",
    "a: b: c\n",
    "a: [\n",
    "a: 1\na: 2\n",
    "'a': 1\n'a': 2\n",
    "a: " + "[" * 70 + "]" * 70 + "\n",
    "a: &x [1, 2, 3]\nb: [*x, *x, *x]\n",
)


def _outcome(read, text: str) -> tuple:
    try:
        return ("value", read(text))
    except Exception as exc:  # the same exception, with the same message, from either way
        return ("error", type(exc), str(exc))


@pytest.mark.parametrize("loader", ["CSafeLoader", "SafeLoader"])
@pytest.mark.parametrize(
    "limits", [{}, {"duplicate_keys": True, "max_expansion": 2_000_000}, {"max_expansion": 4}, {"aliases": "no"}]
)
def test_one_reading_loads_what_the_shape_check_then_pyyaml_load(loader, limits):
    import math

    import yaml

    from l5r.data.yamlsource import check_shape, load_checked

    yaml_loader = getattr(yaml, loader)

    def two_readings(text):
        check_shape(text, loader=yaml_loader, **limits)
        return yaml.load(text, Loader=yaml_loader)

    def same(a, b, seen) -> bool:  # equal, of the same types, NaN equal to NaN, a list that holds itself followed once
        if isinstance(a, float) and math.isnan(a):
            return isinstance(b, float) and math.isnan(b)
        if type(a) is not type(b):
            return False
        if isinstance(a, (dict, list)):
            if id(a) in seen:
                return seen[id(a)] is b
            seen[id(a)] = b
        if isinstance(a, dict):
            return list(a) == list(b) and all(same(a[k], b[k], seen) for k in a)
        if isinstance(a, list):
            return len(a) == len(b) and all(same(x, y, seen) for x, y in zip(a, b))
        return a == b

    for text in _ONE_PASS_CASES:
        expected, got = _outcome(two_readings, text), _outcome(lambda t: load_checked(t, yaml_loader, **limits), text)
        if expected[0] == got[0] == "value":
            # (`seen` also holds each alias to the one object it names: a value shared is shared in both)
            assert same(expected[1], got[1], {}), text
        else:
            assert got == expected, text


def test_one_reading_of_every_fixture_pool_file_is_pyyamls():
    import yaml

    from conftest import FIXTURE_POOL
    from l5r.data.yamlsource import load_checked

    files = sorted(FIXTURE_POOL.glob("sets/*.yaml")) + [FIXTURE_POOL / "set_info.yaml"]
    assert len(files) > 100
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert load_checked(text, yaml.CSafeLoader, duplicate_keys=True) == yaml.load(text, Loader=yaml.CSafeLoader)
