"""The JSON Schemas of the API's documents (api/v1/schemas/<name>.schema.json), written by hand beside the
documents they describe (tests/test_api.py validates every document against them)."""

from __future__ import annotations

from ...data import bandates
from ...data import model as m
from .documents import API_VERSION, CARD_FIELDS, DECK_RULES


_NULLABLE_INT = {"type": ["integer", "null"]}
_DATE = {"type": ["string", "null"], "pattern": r"^\d{4}-\d{2}-\d{2}$"}


def schemas() -> dict[str, dict]:
    precision = {"enum": [p.value for p in m.DatePrecision]}
    statement = {
        "oneOf": [
            {"type": "null"},
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["qualifier", "phrase", "clause", "inferred", "why"],
                "properties": {
                    "qualifier": {"enum": [q.value for q in bandates.DateQualifier]},
                    "phrase": {"type": "string"},
                    "clause": {"type": "string"},
                    "inferred": {"type": "boolean"},
                    "why": {"type": ["string", "null"]},
                },
            },
        ]
    }
    inferred_day = {
        "oneOf": [
            {"type": "null"},
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["date", "why"],
                "properties": {"date": _DATE, "why": {"type": "string", "minLength": 1}},
            },
        ]
    }
    size = {
        "type": "object",
        "required": ["min", "max"],
        "additionalProperties": False,
        "properties": {"min": _NULLABLE_INT, "max": _NULLABLE_INT},
    }
    fmt = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "format.schema.json",
        "title": "L5R Rules Codex format (API v1)",
        "description": "A format as base pool (legal sets and pool legality tags) plus bans with dates: a card is "
        "banned on day D when added <= D (or added is null) and not (lifted <= D); an undated lift has "
        "lifted null and lifted_undated true: it is on no list the document states. Before "
        'ban_list_stated_from (when not null) the documents state no ban list: bans are "not stated".',
        "type": "object",
        "additionalProperties": False,
        "required": [
            "api_version",
            "id",
            "name",
            "short_name",
            "citation_prefix",
            "ruleset",
            "legality",
            "bans",
            "ban_dates",
            "ban_list_stated_from",
        ],
        "properties": {
            "api_version": {"const": API_VERSION},
            "id": {"type": "string", "pattern": "^[a-z0-9-]+$"},
            "name": {"type": "string"},
            "short_name": {"type": "string"},
            "citation_prefix": {"type": "string"},
            "ruleset": {
                "type": "object",
                "additionalProperties": False,
                "required": ["dynasty_deck", "fate_deck", *DECK_RULES, "pregame", "card_pool", "rule_refs"],
                "properties": {
                    "dynasty_deck": size,
                    "fate_deck": size,
                    "copy_limit": _NULLABLE_INT,
                    "unique_copy_limit": _NULLABLE_INT,
                    **{k: {"type": "boolean"} for k in DECK_RULES[2:]},
                    "pregame": {
                        "type": "object",
                        "required": ["slots"],
                        "properties": {
                            "slots": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "required": ["key"],
                                    "properties": {"key": {"type": "string"}},
                                },
                            }
                        },
                    },
                    "card_pool": {"type": "object"},
                    "rule_refs": {"type": "object", "additionalProperties": {"type": "string"}},
                },
            },
            "legality": {
                "oneOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["rule", "sets", "legal_bugs", "pool_tags"],
                        "properties": {
                            "rule": {"type": ["string", "null"]},
                            "sets": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "additionalProperties": False,
                                    "required": ["id", "as_written", "pool_set"],
                                    "properties": {
                                        "id": {"type": "string"},
                                        "as_written": {"type": "string"},
                                        "pool_set": {"type": ["string", "null"]},
                                    },
                                },
                            },
                            "legal_bugs": {"type": "array", "items": {"type": "string"}},
                            "pool_tags": {"type": "array", "items": {"type": "string"}},
                        },
                    },
                ]
            },
            "bans": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": [
                        "id",
                        "as_written",
                        "category",
                        "card",
                        "match",
                        "added",
                        "added_precision",
                        "added_statement",
                        "lifted",
                        "lifted_inferred",
                        "lifted_precision",
                        "lifted_statement",
                        "lifted_undated",
                    ],
                    "properties": {
                        "id": {"type": "string"},
                        "as_written": {"type": "string"},
                        "category": {"type": "string"},
                        "card": {"type": ["string", "null"]},
                        "match": {"type": ["object", "null"]},
                        "added": _DATE,
                        "lifted": _DATE,
                        "added_precision": precision,
                        "lifted_precision": precision,
                        "added_statement": statement,
                        "lifted_statement": statement,
                        "lifted_inferred": inferred_day,
                        "lifted_undated": {"type": "boolean"},
                    },
                },
            },
            "ban_dates": {"type": "array", "items": _DATE},
            "ban_list_stated_from": _DATE,
        },
    }
    ints = {"type": "array", "items": {"type": "integer", "minimum": 0}}
    flag = {"enum": [0, 1]}
    row = {
        "type": "array",
        "minItems": len(CARD_FIELDS),
        "maxItems": len(CARD_FIELDS),
        "prefixItems": [
            {"type": ["string", "null"]},
            {"type": "string"},
            {"type": ["string", "null"]},
            {"type": "integer"},
            ints,
            ints,
            flag,
            ints,
            ints,
            flag,
            ints,
            _NULLABLE_INT,
            flag,
            {
                "type": "array",
                "items": {
                    "type": "array",
                    "prefixItems": [{"type": "integer"}, {"type": "integer"}],
                    "minItems": 2,
                    "maxItems": 2,
                },
            },
            {"type": ["string", "null"]},
            flag,
        ],
    }
    links = {
        "type": "object",
        "propertyNames": {"pattern": "^[0-9]+$"},
        "additionalProperties": {"type": "array", "items": {"type": "integer", "minimum": 0}},
    }
    cards = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "cards.schema.json",
        "title": "L5R Rules Codex card table (API v1)",
        "description": "One row per card identity (title + experience level), in the order of `fields`. Facts "
        "only: no card text. deck, types, clans, sets, pool_tags, icons and deck_size_change's deck "
        "are indexes into `strings`; unique, promo_only, counts_toward_deck_size and in_pool are 0/1; "
        "a null key is title + ' • ' + experience (or the title). `titles` adds look-up names "
        "(aliases) beyond each row's title and its title without qualifier. Row numbers are valid "
        "within one file.",
        "type": "object",
        "additionalProperties": False,
        "required": [
            "api_version",
            "has_pool",
            "fields",
            "strings",
            "cards",
            "titles",
            "soul_of",
            "counts_as",
            "counted_as_by",
        ],
        "properties": {
            "api_version": {"const": API_VERSION},
            "has_pool": {"type": "boolean"},
            "fields": {"const": list(CARD_FIELDS)},
            "strings": {"type": "array", "items": {"type": "string"}},
            "cards": {"type": "array", "items": row},
            "titles": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "integer"}}},
            "soul_of": links,
            "counts_as": links,
            "counted_as_by": links,
        },
    }
    acronyms = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "set-acronyms.schema.json",
        "title": "L5R Rules Codex set acronyms (API v1)",
        "description": "Set acronyms as decklist exporters write them (Sun and Moon: '3 Hida Kisada (EmpE)'), each "
        "with the set name the card pool uses. Acronyms are matched without regard to case; no two "
        "differ only in case.",
        "type": "object",
        "additionalProperties": False,
        "required": ["api_version", "match", "acronyms"],
        "properties": {
            "api_version": {"const": API_VERSION},
            "match": {"const": "case-insensitive"},
            "acronyms": {
                "type": "object",
                "minProperties": 1,
                "propertyNames": {"minLength": 1},
                "additionalProperties": {"type": "string", "minLength": 1},
            },
        },
    }
    return {"format": fmt, "cards": cards, "set-acronyms": acronyms}
