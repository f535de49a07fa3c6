"""Which card pool the site's API and deck checker are built from: the one named, else L5R_CARDPOOL."""

from __future__ import annotations

import os

from ...cardpool import CardIndex, PoolError, load_index, locate_pool
from ...data import model as m
from ...errors import CodexError


class ApiError(CodexError):
    """The card pool named by L5R_CARDPOOL cannot be read, or a format's deck data cannot be used."""


def pool_index(codex: m.Codex, pool_dir=None, environ=None) -> CardIndex:
    """The card index of `pool_dir`, else of L5R_CARDPOOL (an index of the Codex's records alone without one)."""
    try:
        return load_index(pool_dir or locate_pool(None, os.environ if environ is None else environ), codex.cards)
    except PoolError as exc:
        raise ApiError(f"card pool: {exc}") from None
