"""Find, parse and schema-check every data file."""

from __future__ import annotations

import os
from pathlib import Path

from . import parsed
from .schemas import look_at_schemas, validate
from .yamlsource import DataError, Problem, YamlDocument, read_yaml


def data_files(data_dir: Path) -> list[Path]:
    """All YAML data files under data/, in a stable order (schemas excluded)."""
    # Anything named like a data file but a folder is left out; a FIFO, a device or a link that loops is kept, so
    # that reading it reports it instead of skipping it in silence.
    files = [p for p in data_dir.rglob("*") if p.suffix in (".yml", ".yaml") and not p.is_dir()]
    return sorted(p for p in files if "schemas" not in p.relative_to(data_dir).parts)


def read_all(data_dir: Path) -> tuple[list[YamlDocument], list[Problem]]:
    """Parse and validate every file; return the good documents and every problem found."""
    schema_dir = data_dir / "schemas"
    docs, problems = [], []
    if schema_dir.is_dir():
        look_at_schemas(schema_dir)
    for path in data_files(data_dir):
        shown = _display(path)
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
    parsed.save()
    return docs, problems


def _display(path: Path) -> str:
    """The file as the user can open it from where they are: relative to the current folder, else absolute."""
    try:
        cwd = Path(os.getcwd()).resolve()
        absolute = path.parent.resolve() / path.name  # the file itself may be a link, even one that loops
    except (OSError, RuntimeError):
        return path.as_posix()
    try:
        return absolute.relative_to(cwd).as_posix()
    except ValueError:
        return absolute.as_posix()
