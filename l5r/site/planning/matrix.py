"""The rules matrix: a judge's view of what the engine answers in each format (the page and its API document).

Every cell comes from the engine's own rule table (`l5r.engine.ruletable`): *stated* (the record it cites and
its words), *not stated* (the engine's sentence) or *not modelled*. The page and the engine cannot disagree.
"""

from __future__ import annotations

from typing import Any

from ...data import model as m
from ...engine.ruletable import CellKind, Matrix, reading_rows, rules_matrix
from ..rendering.pages import Page

MATRIX_PAGE = "rules-matrix.md"
# How many characters of a record's words a cell of the page quotes (the whole record is a link away).
_QUOTE_CHARS = 160


# ---------------------------------------------------------------------------------------------------------
# The page
# ---------------------------------------------------------------------------------------------------------


def plan_matrix(codex: m.Codex, pages: list[Page], nav: list[Any]) -> None:
    """Add the rules matrix page and its navigation entry (called by plan.plan_site)."""
    matrix = rules_matrix(codex)
    groups: dict[str, list[Any]] = {}
    for row in matrix.rows:
        groups.setdefault(row.group, []).append(row)
    pages.append(
        Page(
            MATRIX_PAGE,
            "Rules matrix",
            "rules_matrix.md.j2",
            {
                "matrix": matrix,
                "groups": list(groups.items()),
                "counts": matrix.counts(),
                "kinds": [k.value for k in CellKind],
                "quote_chars": _QUOTE_CHARS,
                "readings": reading_rows(codex),
            },
        )
    )
    nav.append({"Rules matrix": MATRIX_PAGE})


# ---------------------------------------------------------------------------------------------------------
# The API document
# ---------------------------------------------------------------------------------------------------------


def matrix_document(codex: m.Codex, api_version: int) -> dict[str, Any]:
    """The matrix as JSON: formats, counts, and every row's cells with their kind, record and words."""
    matrix: Matrix = rules_matrix(codex)
    return {
        "api_version": api_version,
        "formats": [{"id": f.id, "name": f.short_name} for f in matrix.formats],
        "kinds": [k.value for k in CellKind],
        "counts": matrix.counts(),
        "rows": [
            {
                "key": row.key,
                "question": row.question,
                "group": row.group,
                "cells": {
                    fid: {
                        "kind": cell.kind.value,
                        "rule_id": cell.rule_id,
                        "citation": cell.citation or None,
                        "words": cell.words or None,
                        "reason": cell.reason or None,
                        "reading": cell.reading,
                    }
                    for fid, cell in row.cells
                },
            }
            for row in matrix.rows
        ],
        "readings": [
            {"format": fid, "id": rid, "label": label, "answers": list(keys)}
            for fid, rid, label, keys in reading_rows(codex)
        ],
    }


def matrix_schema(api_version: int) -> dict[str, Any]:
    """The JSON Schema of api/v1/rules-matrix.json."""
    text = {"type": ["string", "null"]}
    cell = {
        "type": "object",
        "additionalProperties": False,
        "required": ["kind", "rule_id", "citation", "words", "reason", "reading"],
        "properties": {
            "kind": {"enum": [k.value for k in CellKind]},
            "rule_id": text,
            "citation": text,
            "words": text,
            "reason": text,
            "reading": text,
        },
    }
    count = {
        "type": "object",
        "additionalProperties": False,
        "required": [k.value for k in CellKind],
        "properties": {k.value: {"type": "integer", "minimum": 0} for k in CellKind},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "rules-matrix.schema.json",
        "title": "L5R Rules Codex rules matrix (API v1)",
        "description": "Every question the rules engine answers (rows) in every bundled format (cells): stated "
        "(the record cited and its words), not stated (the engine's reason) or not modelled.",
        "type": "object",
        "additionalProperties": False,
        "required": ["api_version", "formats", "kinds", "counts", "rows", "readings"],
        "properties": {
            "api_version": {"const": api_version},
            "formats": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["id", "name"],
                    "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
                },
            },
            "kinds": {"type": "array", "items": {"enum": [k.value for k in CellKind]}},
            "counts": {"type": "object", "additionalProperties": count},
            "rows": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["key", "question", "group", "cells"],
                    "properties": {
                        "key": {"type": "string"},
                        "question": {"type": "string"},
                        "group": {"type": "string"},
                        "cells": {"type": "object", "additionalProperties": cell},
                    },
                },
            },
            "readings": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["format", "id", "label", "answers"],
                    "properties": {
                        "format": {"type": "string"},
                        "id": {"type": "string"},
                        "label": {"type": "string"},
                        "answers": {"type": "array", "items": {"type": "string"}},
                    },
                },
            },
        },
    }
