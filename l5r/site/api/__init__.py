"""The public JSON API (api/v1/…) and the browser deck checker's data, as pure functions of the data.

    documents.py  what each API document holds: format_document, cards_document, set_acronyms_document
    apischemas.py the JSON Schemas of those documents, written by hand: schemas()
    deckdata.py   the browser deck checker's data: checker_data, checker_script (assets/deck-check-data.js)
    pool.py       which card pool they are built from: pool_index (ApiError when it cannot be read)
    here          every file the site writes from them: site_outputs(codex, plan, directory_urls, ...)

Nothing here knows MkDocs; the hook only writes what these return.

This stage sits over planning/: the rules matrix's API document is `planning/matrix.py`'s, beside its page.
"""

from __future__ import annotations

import json

from ...cardpool import CardIndex, cache
from ...data import model as m
from ...data.lastanswer import LastAnswer
from ..cardpage.keptpages import package_digest
from ..planning.matrix import matrix_document, matrix_schema
from .deckdata import checker_data, checker_script, title_lookup_key
from .documents import (
    API_VERSION,
    CARD_FIELDS,
    DECK_RULES,
    card_key,
    cards_document,
    checkable_formats,
    format_document,
    set_acronyms_document,
)
from .pool import ApiError, pool_index
from .apischemas import schemas

__all__ = [
    "API_VERSION",
    "CARD_FIELDS",
    "DECK_RULES",
    "ApiError",
    "card_key",
    "cards_document",
    "checkable_formats",
    "checker_data",
    "checker_script",
    "format_document",
    "pool_index",
    "schemas",
    "set_acronyms_document",
    "site_outputs",
    "title_lookup_key",
]


def site_outputs(
    codex: m.Codex, plan, directory_urls: bool, pool_dir=None, index: CardIndex | None = None
) -> dict[str, str]:
    """Every API and checker file, path -> text. The pool: `index`, else read from `pool_dir` (None: no pool)."""
    from ..rendering.permalinks import page_url

    if index is None:
        index = pool_index(codex, pool_dir)
    out = {}
    for fmt in checkable_formats(codex):
        out[f"api/v1/formats/{fmt.id}.json"] = _dump(format_document(codex, fmt))
    cards = _cards_json(index)
    if index.has_pool:
        out["api/v1/cards.json"] = cards
    out["api/v1/set-acronyms.json"] = _dump(set_acronyms_document(codex))
    # The rules matrix: what the engine answers in every format (l5r/site/planning/matrix.py), and its schema.
    out["api/v1/rules-matrix.json"] = _dump(matrix_document(codex, API_VERSION))
    out["api/v1/schemas/rules-matrix.schema.json"] = json.dumps(matrix_schema(API_VERSION), indent=2) + "\n"
    for name, schema in schemas().items():
        out[f"api/v1/schemas/{name}.schema.json"] = json.dumps(schema, indent=2) + "\n"
    urls = {rid: f"{page_url(uri, directory_urls)}#{anchor}" for rid, (uri, anchor) in plan.anchors.items()}
    out["assets/deck-check-data.js"] = checker_script(codex, index, urls, cards.removesuffix("\n"))
    return out


def _cards_json(index: CardIndex) -> str:
    # The card table is a function of the pool's index and this package's code: kept in the cache beside the index
    # (a warm rebuild spent a sixth of a second working it out again for every edit of a rule's words).
    return cache.kept_beside(index, "api-cards", package_digest(), lambda: _made_cards_json(index))


def _made_cards_json(index: CardIndex) -> str:
    # The card table is kept per index (`cards_document`), and with it its JSON: every generation of a process
    # (`mkdocs serve`: every rebuild) wrote the same megabyte again.
    doc = cards_document(index)
    return _CARDS_JSON.answer(lambda: _dump(doc), (doc,))


_CARDS_JSON: LastAnswer[str] = LastAnswer()  # the last card table's api/v1/cards.json


def _dump(doc: dict) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"
