"""Find, parse and schema-check every data file."""

from __future__ import annotations

from pathlib import Path

from .schemas import look_at_schemas, validate
from .yamlsource import DataError, Problem, YamlDocument, read_yaml


def data_files(data_dir: Path) -> list[Path]:
    """All YAML data files under data/, in a stable order (schemas excluded)."""
    files = [p for p in data_dir.rglob("*") if p.suffix in (".yml", ".yaml") and p.is_file()]
    return sorted(p for p in files if "schemas" not in p.relative_to(data_dir).parts)


def read_all(data_dir: Path, root: Path | None = None) -> tuple[list[YamlDocument], list[Problem]]:
    """Parse and validate every file; return the good documents and every problem found."""
    root = root or data_dir.parent
    schema_dir = data_dir / "schemas"
    docs, problems = [], []
    if schema_dir.is_dir():
        look_at_schemas(schema_dir)
    for path in data_files(data_dir):
        shown = _display(path, root)
        try:
            doc = read_yaml(path, shown)
        except DataError as exc:
            problems.extend(exc.problems)
            continue
        found = validate(doc, schema_dir)
        if found:
            problems.extend(found)
        else:
            docs.append(doc)
    return docs, problems


def _display(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
