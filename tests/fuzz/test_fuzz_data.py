"""Fuzz the data reader and loader: random damage to the real data files.

Each case damages one real file of data/ — cut it, duplicate a key at any depth, add anchors, aliases and merge
keys, `!!python/…` tags, huge or deeply nested documents, CRLF, a BOM, tabs, impossible dates, wrong types in any
field — and loads the whole Codex with it. The answer is the Codex or a DataError whose every problem is
`path:line:column: message`; never another exception, never a hang, and a `!!python` tag is never executed.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import given, strategies as st

from l5r.data.files import data_files, read_all
from l5r.data.load import build_codex
from l5r.data.schemas import validate
from l5r.data.yamlsource import DataError, read_yaml

from .support import assert_located, paths

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
FILES = [p.relative_to(DATA).as_posix() for p in data_files(DATA)]
SENTINEL = "l5r-fuzz-executed"


class _Docs(dict):
    def __repr__(self):  # Hypothesis prints the arguments of a failing case: the file drawn is what matters
        return f"<{len(self)} clean data documents>"


@pytest.fixture(scope="module")
def clean_docs():
    docs, problems = read_all(DATA)
    assert not problems
    return _Docs({doc.path: doc for doc in docs})


def _load_with(tmp_path: Path, rel: str, damaged: bytes, clean_docs) -> None:
    """Load the Codex with one file replaced by `damaged` (the other files as parsed once)."""
    target = tmp_path / "data" / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(damaged)
    shown = f"data/{rel}"
    try:
        doc = read_yaml(target, shown)
    except DataError as exc:
        assert_located(exc.problems, shown)
        return
    problems = validate(doc, DATA / "schemas")
    docs = [d for path, d in clean_docs.items() if path != shown]
    if not problems:
        docs.append(doc)
    try:
        build_codex(docs, DATA, problems)
    except DataError as exc:
        assert_located(exc.problems, shown)


# ---------------------------------------------------------------------------------------------------------
# Kinds of damage
# ---------------------------------------------------------------------------------------------------------


def _lines(text):
    return text.splitlines(keepends=True)


@st.composite
def damaged_file(draw):
    rel = draw(st.sampled_from(FILES))
    text = (DATA / rel).read_text(encoding="utf-8")
    kind = draw(st.sampled_from(sorted(DAMAGE)))
    return rel, kind, DAMAGE[kind](draw, text)


def _cut(draw, text):
    data = text.encode("utf-8")
    return data[: draw(st.integers(0, len(data)))]


def _duplicate_key(draw, text):
    lines = _lines(text)
    keyed = [i for i, line in enumerate(lines) if re.match(r"^\s*(- )?[A-Za-z_]+:", line)]
    i = draw(st.sampled_from(keyed))
    line = re.sub(r"^(\s*)- ", r"\1  ", lines[i])
    return "".join(lines[: i + 1] + [line] + lines[i + 1 :]).encode("utf-8")


def _insert_line(draw, text, snippet):
    lines = _lines(text)
    i = draw(st.integers(0, len(lines)))
    indent = re.match(r"^\s*", lines[i] if i < len(lines) else "").group(0).replace("- ", "  ")
    return "".join(lines[:i] + [indent + snippet + "\n"] + lines[i:]).encode("utf-8")


def _alias(draw, text):
    snippet = draw(
        st.sampled_from(
            [
                "anchor: &a [1, 2, 3]",
                "again: *a",
                "<<: {title: merged}",
                "x: &b {y: *b}",
                "a: &a [*a, *a]",
                "lol: &l1 [x, x, x, x, x, x, x, x, x]\nlol2: &l2 [*l1, *l1, *l1, *l1, *l1, *l1]"
                "\nlol3: [*l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2]",
            ]
        )
    )
    return _insert_line(draw, text, snippet)


def _python_tag(draw, text):
    snippet = draw(
        st.sampled_from(
            [
                f"x: !!python/object/apply:os.system ['touch /tmp/{SENTINEL}']",
                f"x: !!python/object/new:subprocess.check_output [['touch', '/tmp/{SENTINEL}']]",
                "x: !!python/name:os.system",
                "x: !!binary aGVsbG8=",
                "x: !custom 3",
                "x: !!set {a, b}",
            ]
        )
    )
    return _insert_line(draw, text, snippet)


def _deep(draw, text):
    depth = draw(st.integers(10, 50_000))
    brackets = draw(st.sampled_from(["[]", "{}"]))
    inner = "x" if brackets == "[]" else "x: 1"
    return _insert_line(draw, text, "deep: " + brackets[0] * depth + inner + brackets[1] * depth)


def _huge(draw, text):
    copies = draw(st.integers(2, 40))
    return (text * copies).encode("utf-8")


def _crlf(draw, text):
    return text.replace("\n", "\r\n").encode("utf-8")


def _bom(draw, text):
    return b"\xef\xbb\xbf" + text.encode("utf-8")


def _tabs(draw, text):
    lines = _lines(text)
    i = draw(st.integers(0, max(0, len(lines) - 1)))
    lines[i] = "\t" + lines[i].lstrip(" ")
    return "".join(lines).encode("utf-8")


def _date(draw, text):
    bad = draw(
        st.sampled_from(
            ["2015-02-30", "2015-13-01", "0000-00-00", "2015-2-3", "99999-01-01", "2015-02-29", "2016-02-29"]
        )
    )
    replaced = re.sub(r"\b\d{4}-\d{2}-\d{2}\b", bad, text, count=draw(st.integers(1, 3)))
    return replaced.encode("utf-8")


def _unicode(draw, text):
    junk = draw(st.text(min_size=1, max_size=20))
    data = text
    i = draw(st.integers(0, len(data)))
    return (data[:i] + junk + data[i:]).encode("utf-8", "surrogatepass")


DAMAGE = {
    "cut": _cut,
    "duplicate key": _duplicate_key,
    "alias or merge key": _alias,
    "python tag": _python_tag,
    "deep nesting": _deep,
    "huge": _huge,
    "crlf": _crlf,
    "bom": _bom,
    "tabs": _tabs,
    "impossible date": _date,
    "random unicode": _unicode,
}


@given(damaged_file())
def test_damaged_data_file_is_reported_never_a_traceback(tmp_path_factory, clean_docs, case):
    rel, kind, damaged = case
    _load_with(tmp_path_factory.mktemp("fuzz"), rel, damaged, clean_docs)
    assert not Path("/tmp", SENTINEL).exists(), f"a !!python tag was executed ({kind} in {rel})"


# ---------------------------------------------------------------------------------------------------------
# Wrong types in every schema field
# ---------------------------------------------------------------------------------------------------------

ANY_VALUE = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=True)
    | st.text(max_size=30)
    | st.dates(dt.date(1, 1, 1), dt.date(9999, 12, 31)),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)


@st.composite
def retyped_file(draw, clean):
    shown = draw(st.sampled_from(sorted(clean)))
    value = yaml.safe_load(yaml.safe_dump(clean[shown].value))  # a deep copy
    where = list(paths(value))
    path = draw(st.sampled_from(where))
    parent = value
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = draw(ANY_VALUE)
    return shown[len("data/") :], yaml.safe_dump(value, allow_unicode=True, sort_keys=False).encode("utf-8")


@given(st.data())
def test_wrong_type_in_any_field_is_reported_never_a_traceback(tmp_path_factory, clean_docs, data):
    rel, damaged = data.draw(retyped_file(clean_docs))
    _load_with(tmp_path_factory.mktemp("fuzz"), rel, damaged, clean_docs)
