"""The card index the site's API and deck checker are built from: of the pool the caller chose (the CLI and the
MkDocs glue choose it: --cardpool, L5R_CARDPOOL, the fetched pool), or of the Codex's records alone."""

from __future__ import annotations

from ...cardpool import CardIndex, PoolError, load_index
from ...data import model as m
from ...errors import CodexError


class ApiError(CodexError):
    """The chosen card pool cannot be read, or a format's deck data cannot be used."""


def pool_index(codex: m.Codex, pool_dir=None) -> CardIndex:
    """The card index of `pool_dir` (None: an index of the Codex's records alone)."""
    try:
        return load_index(pool_dir, codex.cards)
    except PoolError as exc:
        raise ApiError(f"card pool: {exc}") from None
