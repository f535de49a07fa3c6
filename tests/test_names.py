"""Every class and public function of the package has a name no other module uses (as griffe and mkdocstrings want
it): a name then says which thing it is, in a traceback, a cross-reference or a search, without its module."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path
from package_source import parsed_file

ROOT = Path(__file__).resolve().parent.parent

# The subcommand protocol: every module of l5r/cli has `register(subparsers)` and the command's `run(args)`, and is
# only ever reached through its module (`module.register(sub)`). Only there may these names repeat.
COMMAND_PROTOCOL = {"register", "run"}


def _is_command_module(path: Path) -> bool:
    return path.parent.name == "cli" and path.name != "__init__.py"


def top_level_names(files) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(class name -> files, public function name -> files) for the top-level definitions of these files."""
    classes: dict[str, list[str]] = defaultdict(list)
    functions: dict[str, list[str]] = defaultdict(list)
    for path in files:
        tree = parsed_file(path)
        where = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                classes[node.name].append(where)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("_"):
                if node.name in COMMAND_PROTOCOL and _is_command_module(path):
                    continue
                if any(_named(d) == "overload" for d in node.decorator_list):
                    continue  # a typing.overload: a signature of the one function defined after it
                functions[node.name].append(where)
    return classes, functions


def _named(decorator: ast.expr) -> str:
    return decorator.attr if isinstance(decorator, ast.Attribute) else getattr(decorator, "id", "")


def clashes(names: dict[str, list[str]]) -> list[str]:
    return [f"{name}: {', '.join(files)}" for name, files in sorted(names.items()) if len(files) > 1]


def _package_files() -> list[Path]:
    files = sorted((ROOT / "l5r").rglob("*.py"))
    assert len(files) > 50, "the walk found too few modules to mean anything"
    return files


def test_class_names_are_unique():
    classes, _ = top_level_names(_package_files())
    assert len(classes) > 100, "the walk found too few classes to mean anything"
    assert clashes(classes) == [], "two classes share a name: rename one so it says what it is"


def test_public_function_names_are_unique():
    _, functions = top_level_names(_package_files())
    assert len(functions) > 200, "the walk found too few functions to mean anything"
    assert clashes(functions) == [], "two public functions share a name: rename one so it says what it does"


# Module names used twice (none now: every module's name says which it is). No name joins it.
SHARED_MODULE_NAMES: set[str] = set()


def module_names(files, root: Path) -> dict[str, list[str]]:
    """Module file name -> the files of that name. A package's `__init__.py` does not count: a command module
    is named after the package it drives (`l5r/cli/site.py`, `l5r/site/`)."""
    names: dict[str, list[str]] = defaultdict(list)
    for path in files:
        if path.name != "__init__.py":
            names[path.stem].append(path.relative_to(root).as_posix())
    return names


def test_module_names_are_unique():
    names = module_names(_package_files(), ROOT)
    shared = {name for name, files in names.items() if len(files) > 1}
    assert sorted(shared - SHARED_MODULE_NAMES) == [], "a module name already used in the package: choose another"
    assert sorted(SHARED_MODULE_NAMES - shared) == [], "renamed: take it off SHARED_MODULE_NAMES"


def test_a_clash_is_found(tmp_path):
    (tmp_path / "a.py").write_text("class Card:\n    pass\n\ndef write():\n    pass\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("class Card:\n    pass\n\ndef _write():\n    pass\n", encoding="utf-8")
    (tmp_path / "cli").mkdir()
    for name in ("x.py", "y.py"):  # the subcommand protocol repeats by design
        (tmp_path / "cli" / name).write_text("def run(args):\n    pass\n", encoding="utf-8")
    (tmp_path / "c.py").write_text("def write():\n    pass\n", encoding="utf-8")
    (tmp_path / "d.py").write_text(
        "from typing import overload\n\n@overload\ndef read(x: int) -> int: ...\n"
        "@overload\ndef read(x: None) -> None: ...\ndef read(x):\n    return x\n",
        encoding="utf-8",
    )
    classes, functions = top_level_names(sorted(tmp_path.rglob("*.py")))
    assert [c.split(":")[0] for c in clashes(classes)] == ["Card"]
    assert [c.split(":")[0] for c in clashes(functions)] == ["write"]
    assert "run" not in functions
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "pkg" / "a.py").write_text("", encoding="utf-8")
    (tmp_path / "cli" / "pkg.py").write_text("", encoding="utf-8")
    names = module_names(sorted(tmp_path.rglob("*.py")), tmp_path)
    assert sorted(n for n, files in names.items() if len(files) > 1) == ["a"]
