"""Python sources parsed once per test process.

The tests that read the package's code (imports, names, docstrings, environment reads, refusals, exception classes,
patterns) each go through the same files: a process parses and walks each file once, not once per test. A file's
tree and its nodes, in `ast.walk` order, are kept by its text; callers only read them.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=None)
def parsed(source: str) -> ast.Module:
    """The tree of `source` (shared: never changed by a caller)."""
    return ast.parse(source)


@lru_cache(maxsize=None)
def nodes(source: str) -> tuple[ast.AST, ...]:
    """Every node of `source`'s tree, in the order `ast.walk` gives them."""
    return tuple(ast.walk(parsed(source)))


def parsed_file(path: Path) -> ast.Module:
    return parsed(Path(path).read_text(encoding="utf-8"))


def file_nodes(path: Path) -> tuple[ast.AST, ...]:
    return nodes(Path(path).read_text(encoding="utf-8"))
