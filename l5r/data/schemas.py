"""The JSON Schemas in data/schemas/, used by the loader exactly as an editor uses them."""

from __future__ import annotations

import datetime as dt
import json
import re
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator, FormatChecker
from referencing import Registry, Resource

from .yamlsource import Problem, YamlDocument

KINDS = ("format", "rules", "abilities", "keywords", "bans", "changelog", "rulings", "sets", "card", "redirects",
         "set_acronyms")


# `format: date` refuses days the calendar lacks (2015-02-30); text that is not YYYY-MM-DD at all is left to the
# schema's pattern, so the maintainer reads one sentence, not two.
_FORMATS = FormatChecker(formats=())


@_FORMATS.checks("date", raises=ValueError)
def _calendar_day(value) -> bool:
    if isinstance(value, str) and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
        dt.date.fromisoformat(value)
    return True


@cache
def _validators(schema_dir: Path) -> dict[str, Draft202012Validator]:
    resources = {}
    for path in sorted(schema_dir.glob("*.schema.json")):
        resources[path.name] = json.loads(path.read_text(encoding="utf-8"))
    # Schemas refer to each other by file name, as yaml-language-server resolves them from disk.
    registry = Registry().with_resources(
        (name, Resource.from_contents(contents)) for name, contents in resources.items()
    )
    return {
        kind: Draft202012Validator(resources[f"{kind}.schema.json"], registry=registry, format_checker=_FORMATS)
        for kind in KINDS
        if f"{kind}.schema.json" in resources
    }


def validate(doc: YamlDocument, schema_dir: Path) -> list[Problem]:
    """Every schema violation in one document, located at the offending value."""
    value = doc.value
    if not isinstance(value, dict):
        return [Problem(doc.path, 1, 1, "the file must be a mapping that starts with `kind:`")]
    kind = value.get("kind")
    validators = _validators(schema_dir)
    if not isinstance(kind, str) or kind not in validators:  # a list or mapping here is not a kind either
        line, col = doc.location(("kind",))
        known = ", ".join(KINDS)
        said = f"'{kind}'" if kind is not None else "nothing"
        return [Problem(doc.path, line, col, f"`kind:` says {said}; it must be one of: {known}")]
    problems = []
    for error in validators[kind].iter_errors(value):
        line, col = doc.location(error.absolute_path)
        problems.append(Problem(doc.path, line, col, _sentence(error)))
    return problems


def _sentence(error) -> str:
    """A plain sentence for a schema error, naming the field."""
    where = ".".join(str(p) for p in error.absolute_path) or "the file"
    if error.validator == "oneOf" and error.context:
        # Report the closest alternative rather than "is not valid under any of the given schemas".
        best = min(error.context, key=lambda e: (len(list(e.absolute_path)) * -1, e.validator != "type"))
        if best.validator != "type" or len(error.context) <= 2:
            return f"{where}: {best.message}"
        return f"{where}: {error.instance!r} is not one of the allowed shapes here"
    if error.validator == "required":
        return f"{where}: {error.message}"
    if error.validator == "additionalProperties":
        return f"{where}: {error.message} (check the spelling against the schema)"
    if error.validator == "pattern" and "id" in str(error.schema.get("description", "")).lower():
        return f"{where}: {error.instance!r} is not a valid id (lowercase words joined by single hyphens)"
    if error.validator == "format" and error.validator_value == "date":
        return f"{where}: {error.instance!r} is not a day of the calendar (YYYY-MM-DD)"
    if error.validator == "pattern" and error.schema.get("pattern", "").startswith("^[0-9]{4}"):
        return f"{where}: {error.instance!r} is not an ISO date (YYYY-MM-DD)"
    return f"{where}: {error.message}"
