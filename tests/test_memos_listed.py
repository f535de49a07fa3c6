"""Every in-process memo of the package is listed in docs/architecture.md ("What the Codex remembers"), with what
makes it forget: a module-level private name bound to an empty dict, list or set or to a `LastAnswer`
(l5r/data/lastanswer.py), and every function under functools' cache or lru_cache. A new memo fails here until the
page names it."""

from __future__ import annotations

import ast
from pathlib import Path

from package_source import parsed_file

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "architecture.md"
_EMPTY_CALLS = {"dict", "list", "set", "defaultdict", "OrderedDict", "LastAnswer"}


def _is_empty_container(node: ast.expr | None) -> bool:
    if isinstance(node, (ast.Dict, ast.List, ast.Set)):
        return not getattr(node, "keys", None) and not getattr(node, "elts", None)
    return isinstance(node, ast.Call) and getattr(node.func, "id", "") in _EMPTY_CALLS and not node.args


def _cached(node: ast.FunctionDef) -> bool:
    for d in node.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        if (getattr(target, "id", None) or getattr(target, "attr", None)) in ("cache", "lru_cache"):
            return True
    return False


def memos(files) -> list[tuple[str, str]]:
    """(file, name) of every module-level memo in these files."""
    found = []
    for path in files:
        where = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
        for node in parsed_file(path).body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and _is_empty_container(node.value):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                found += [(where, t.id) for t in targets if isinstance(t, ast.Name) and t.id.startswith("_")]
            elif isinstance(node, ast.FunctionDef) and _cached(node):
                found.append((where, node.name))
    return found


def test_every_memo_is_listed_with_who_clears_it():
    found = memos(sorted((ROOT / "l5r").rglob("*.py")))
    assert len(found) >= 15, f"the scan found too few memos to mean anything: {found}"
    page = PAGE.read_text(encoding="utf-8")
    missing = [f"{where} {name}" for where, name in found if f"`{name}`" not in page]
    assert missing == [], "list these in docs/architecture.md, with what makes each forget"


def test_the_scan_finds_each_kind(tmp_path):
    source = tmp_path / "m.py"
    source.write_text(
        "import functools\nfrom functools import cache\n_A: dict = {}\n_B = []\n_C = set()\n_L = LastAnswer()\n"
        "PUBLIC = {}\n_D = {'x': 1}\n@cache\ndef f():\n    pass\n"
        "@functools.lru_cache(maxsize=4)\ndef g():\n    pass\n",
        encoding="utf-8",
    )
    assert [name for _, name in memos([source])] == ["_A", "_B", "_C", "_L", "f", "g"]


def test_a_texts_foldings_keep_short_texts_only():
    # The foldings are kept by the text folded (names.py): a deck of huge lines must not fill them, only titles and
    # lines of a title's length are kept, and a long text is folded as a short one is.
    from l5r.cardpool import names

    long_line = "3 Hida Kisada " + "and a remark " * 40
    kept = [names._plain_kept, names._title_key_kept, names._reading_words_kept]
    before = [memo.cache_info().currsize for memo in kept]
    folded = (names.plain(long_line), names.title_key(long_line), names.reading_words(long_line))
    assert [memo.cache_info().currsize for memo in kept] == before
    assert folded == (names._plain(long_line), names._title_key(long_line), names._reading_words(long_line))
    assert folded[1].startswith("3 hida kisada and a remark")
    names.title_key("Hida Kisada, the Little Bear")
    assert names._title_key_kept.cache_info().currsize >= 1
