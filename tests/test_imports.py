"""Imports point inward: data ← engine ← scenarios / site ← cli / hooks, with no circles and no private names
crossing modules (the layers of CONTRIBUTING.md and docs/architecture.md). Every import counts, also the ones inside
functions: a lazy import hides a circle, it does not remove it."""

from __future__ import annotations

import ast
from pathlib import Path
from package_source import file_nodes

ROOT = Path(__file__).resolve().parent.parent

# Lower rank = further in. A module may import its own layer or any layer further in, never one further out.
LAYERS = (
    ("data", 0, ("l5r.errors", "l5r.data", "l5r.cardpool", "l5r.decklist", "l5r.deckmessages", "l5r.progress")),
    ("engine", 1, ("l5r.engine",)),
    ("scenarios", 2, ("l5r.scenarios",)),
    ("site", 2, ("l5r.site",)),  # the site shows verified examples (site → scenarios); never the other way
    ("cli", 3, ("l5r.cli", "l5r.__main__")),
    ("hooks", 3, ("hooks",)),
)
FORBIDDEN = {("scenarios", "site"), ("cli", "hooks"), ("hooks", "cli")}


# ---------------------------------------------------------------------------------------------------------
# Reading the imports
# ---------------------------------------------------------------------------------------------------------


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted((ROOT / "l5r").rglob("*.py")) + sorted((ROOT / "hooks").glob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _resolve(module: str, is_package: bool, level: int, name: str | None) -> str:
    if level == 0:
        return name or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def imports_of(module: str, path: Path, known: dict) -> list[tuple[str, int, list[str]]]:
    """(imported module, line, names taken from it) for every import in a file, at any depth."""
    is_package = path.name == "__init__.py"
    out = []
    for node in file_nodes(path):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, is_package, node.level, node.module)
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:  # `from . import examples` imports the module l5r.site.planning.examples
                    out.append((sub, node.lineno, []))
                else:
                    out.append((target, node.lineno, [alias.name]))
    return out


def _graph(modules: dict[str, Path]) -> dict[str, dict[str, list]]:
    graph: dict[str, dict[str, list]] = {}
    for module, path in modules.items():
        edges = graph.setdefault(module, {})
        for target, line, names in imports_of(module, path, modules):
            if target in modules and target != module:
                edges.setdefault(target, []).append((line, names))
    return graph


def cycles(graph: dict[str, dict]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def layer_of(module: str):
    for name, rank, prefixes in LAYERS:
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return name, rank
    return None, None


# ---------------------------------------------------------------------------------------------------------
# The rules
# ---------------------------------------------------------------------------------------------------------


def test_no_import_circles():
    circles = cycles(_graph(_modules()))
    assert not circles, "import circles (each line one circle):\n" + "\n".join(" ↔ ".join(c) for c in circles)


def test_imports_point_inward():
    modules = _modules()
    wrong = []
    for module, edges in _graph(modules).items():
        here, rank = layer_of(module)
        for target, uses in edges.items():
            there, target_rank = layer_of(target)
            if here is None or there is None:
                continue
            if target_rank > rank or (here, there) in FORBIDDEN:
                wrong.append(f"{modules[module].relative_to(ROOT)}:{uses[0][0]}: {here} imports {there} ({target})")
    assert not wrong, "imports pointing outward:\n" + "\n".join(wrong)


def test_no_private_name_crosses_a_module():
    modules = _modules()
    wrong = []
    for module, path in modules.items():
        every_node = file_nodes(path)
        imported_as: dict[str, str] = {}
        for target, line, names in imports_of(module, path, modules):
            if target in modules and target != module:
                wrong += [
                    f"{path.relative_to(ROOT)}:{line}: {n} from {target}"
                    for n in names
                    if n.startswith("_") and not n.startswith("__")
                ]
        for node in every_node:
            if isinstance(node, ast.ImportFrom):
                target = _resolve(module, path.name == "__init__.py", node.level, node.module)
                for alias in node.names:
                    if f"{target}.{alias.name}" in modules:
                        imported_as[alias.asname or alias.name] = f"{target}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in modules:
                        imported_as[alias.asname or alias.name] = alias.name
        for node in every_node:
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in imported_as
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value.id}.{node.attr}")
    assert not wrong, "private names used from another module:\n" + "\n".join(wrong)


# ---------------------------------------------------------------------------------------------------------
# Settings come in at the edges
# ---------------------------------------------------------------------------------------------------------
# Environment variables are read where a command or a build starts (l5r/cli, hooks/, the MkDocs glue) and passed
# down as arguments: a function of l5r/site then does what its arguments say, in a test as in a build.
SITE_EDGES = ("l5r/site/glue/mkdocs_glue.py",)
# `cardpool.choose_pool` and `locate_pool` read L5R_CARDPOOL unless handed an environment: a choice for the edge.
POOL_CHOOSERS = {"choose_pool", "locate_pool"}


def environment_reads(path: Path) -> list[str]:
    """Where a file reads the process environment: os.environ, os.getenv, a pool chooser called."""
    found = []
    for node in file_nodes(path):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "os"
            and node.attr in ("environ", "environb", "getenv", "getenvb")
        ):
            found.append((node.lineno, f"os.{node.attr}"))
        elif isinstance(node, ast.ImportFrom) and node.module == "os":
            found += [
                (node.lineno, f"from os import {a.name}")
                for a in node.names
                if a.name in ("environ", "environb", "getenv", "getenvb")
            ]
        elif isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in POOL_CHOOSERS:
                found.append((node.lineno, f"{name}()"))
    return [f"{path.name}:{line}: {what}" for line, what in sorted(found)]


def test_l5r_site_reads_no_environment_below_its_edge():
    files = [
        p for p in sorted((ROOT / "l5r" / "site").rglob("*.py")) if p.relative_to(ROOT).as_posix() not in SITE_EDGES
    ]
    assert len(files) > 30, "the walk found too few modules to mean anything"
    reads = [read for path in files for read in environment_reads(path)]
    assert not reads, "read the environment at the edge and pass the value down:\n" + "\n".join(reads)


# ---------------------------------------------------------------------------------------------------------
# The checks can fail
# ---------------------------------------------------------------------------------------------------------


def test_a_circle_is_found():
    graph = {"a": {"b": []}, "b": {"c": []}, "c": {"a": []}, "d": {"a": []}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_a_lazy_relative_import_is_an_import(tmp_path):
    path = tmp_path / "plan.py"
    path.write_text("def f():\n    from .compare import plan_compare\n    from . import mdpages\n")
    known = {"l5r.site.planning.plan": path, "l5r.site.planning.compare": path, "l5r.site.planning.mdpages": path}
    assert imports_of("l5r.site.planning.plan", path, known) == [
        ("l5r.site.planning.compare", 2, ["plan_compare"]),
        ("l5r.site.planning.mdpages", 3, []),
    ]


def test_the_layers_cover_every_module():
    unplaced = [m for m in _modules() if layer_of(m)[0] is None and m not in ("l5r",)]
    assert not unplaced, f"modules outside every layer (add them to LAYERS): {unplaced}"


def test_an_environment_read_is_found(tmp_path):
    path = tmp_path / "deep.py"
    path.write_text(
        "import os\nfrom os import getenv\n\ndef f(environ):\n    a = os.environ.get('X')\n"
        "    b = locate_pool(None)\n    return environ.get('PATH_INFO'), os.path.join('a', 'b')\n"
    )
    assert environment_reads(path) == [
        "deep.py:2: from os import getenv",
        "deep.py:5: os.environ",
        "deep.py:6: locate_pool()",
    ]
