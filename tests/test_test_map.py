"""tests/README.md maps every module of the package to the tests that exercise it: a module without a row, a row for
a module that is gone, or a test file named there that does not exist fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "tests" / "README.md"
_ROW = re.compile(r"^\| `(l5r/[^`]+\.py)` \| (.*) \|$", re.M)


def rows(text: str) -> dict[str, list[str]]:
    return {module: re.findall(r"`([^`]+\.py)`", tests) for module, tests in _ROW.findall(text)}


def test_every_module_has_a_row_naming_its_tests():
    mapped = rows(MAP.read_text(encoding="utf-8"))
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "l5r").rglob("*.py")}
    assert len(modules) > 50, "the walk found too few modules to mean anything"
    assert sorted(modules - set(mapped)) == [], "add a row for each to tests/README.md"
    assert sorted(set(mapped) - modules) == [], "these rows name modules that are gone"
    assert [m for m, tests in mapped.items() if not tests] == [], "each row names at least one test file"
    missing = sorted({t for tests in mapped.values() for t in tests if not (ROOT / "tests" / t).is_file()})
    assert missing == [], "test files named in tests/README.md that do not exist"


def test_a_missing_row_is_found():
    text = "| `l5r/a.py` | `test_a.py` |\n| `l5r/b.py` |  |\n"
    assert rows(text) == {"l5r/a.py": ["test_a.py"], "l5r/b.py": []}
