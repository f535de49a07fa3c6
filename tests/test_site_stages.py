"""The site package's stages import inward: a module of l5r/site imports its own stage or one listed before it in
the package's docstring (l5r/site/__init__.py), never one listed after, lazy imports included. A module of
l5r/site outside every stage fails too: place it in one (docs/architecture.md says what each holds)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from package_source import file_nodes, parsed_file

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "l5r" / "site"


def stages(init: Path) -> list[str]:
    """The stages, in order, as the package's docstring lists them (an indented `name/` line each)."""
    return re.findall(r"^ +(\w+)/ ", ast.get_docstring(parsed_file(init), clean=False) or "", re.M)


def stage_imports(path: Path, root: Path) -> list[tuple[int, str]]:
    """(line, stage) of every import of l5r.site's stages in a file, at any depth."""
    package = list(path.relative_to(root).parent.parts)
    found = []
    for node in file_nodes(path):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = base + (node.module.split(".") if node.module else [])
            names = [target[2]] if len(target) > 2 else [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            targets = [a.name.split(".") for a in node.names]
            target = targets[0] if targets else []
            names = [t[2] for t in targets if len(t) > 2]
        else:
            continue
        if target[:2] == ["l5r", "site"]:
            found += [(node.lineno, name) for name in names]
    return found


def outward(root: Path) -> list[str]:
    site = root / "l5r" / "site"
    order = stages(site / "__init__.py")
    wrong = []
    for path in sorted(site.rglob("*.py")):
        parts = path.relative_to(site).parts
        if len(parts) == 1:
            continue  # the package's face
        here = order.index(parts[0]) if parts[0] in order else None
        if here is None:
            wrong.append(f"{path.relative_to(root)}: in no stage")
            continue
        for line, stage in stage_imports(path, root):
            if stage not in order or order.index(stage) > here:
                wrong.append(f"{path.relative_to(root)}:{line}: {parts[0]} imports {stage}")
    return wrong


def test_the_docstring_lists_the_stages():
    order = stages(SITE / "__init__.py")
    assert len(order) >= 5, f"l5r/site/__init__.py lists too few stages to mean anything: {order}"
    folders = sorted(p.name for p in SITE.iterdir() if (p / "__init__.py").is_file())
    assert sorted(order) == folders, "list every subpackage of l5r/site in its docstring, in order"


def test_stages_import_inward():
    wrong = outward(ROOT)
    assert not wrong, "a stage imports one after it, or a module is in no stage:\n" + "\n".join(wrong)


def test_an_outward_import_is_found(tmp_path):
    site = tmp_path / "l5r" / "site"
    for folder in ("low", "high"):
        (site / folder).mkdir(parents=True)
        (site / folder / "__init__.py").write_text("", encoding="utf-8")
    (site / "__init__.py").write_text('"""Stages:\n\n    low/  first\n    high/ second\n"""\n', encoding="utf-8")
    (site / "low" / "a.py").write_text("def f():\n    from ..high import b\n", encoding="utf-8")
    (site / "high" / "b.py").write_text("from ..low import a\nfrom l5r.site.low.a import f\n", encoding="utf-8")
    (site / "flat.py").write_text("", encoding="utf-8")
    (site / "high" / "c.py").write_text("from .. import flat\n", encoding="utf-8")
    assert outward(tmp_path) == ["l5r/site/high/c.py:1: high imports flat", "l5r/site/low/a.py:2: low imports high"]
