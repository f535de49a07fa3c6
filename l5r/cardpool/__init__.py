"""The real card pool (a folder of sets/*.yaml, never part of the Codex) and the card index built from it.

    pool_dir = locate_pool(args.cardpool)        # --cardpool, else L5R_CARDPOOL, else None
    index = load_index(pool_dir, codex.cards)    # cached; without a pool only the Codex's card records
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Mapping

from ..data.model import Card
from . import cache
from .identity import ANY_NUMBER, Identity
from .index import CardIndex, Lookup, build_index
from .read import PoolError, read_identities, set_files

ENV_VAR = "L5R_CARDPOOL"

__all__ = ["ANY_NUMBER", "ENV_VAR", "CardIndex", "Identity", "Lookup", "PoolError",
           "load_index", "locate_pool"]


def locate_pool(explicit: str | os.PathLike | None = None, environ: Mapping[str, str] = os.environ) -> Path | None:
    """The pool folder from --cardpool, else from L5R_CARDPOOL; None when neither is given."""
    if explicit:
        return _checked(Path(explicit).expanduser(), f"--cardpool {explicit}")
    if environ.get(ENV_VAR):
        return _checked(Path(environ[ENV_VAR]).expanduser(), f"{ENV_VAR}={environ[ENV_VAR]}")
    return None


def load_index(pool_dir: Path | None, cards: Mapping[str, Card], cache_dir: Path | None | str = "default") -> CardIndex:
    """The card index for a pool folder (None: the Codex's card records only), from the cache when fresh."""
    if pool_dir is None:
        return build_index((), cards, None)
    if cache_dir == "default":
        cache_dir = cache.default_cache_dir()
    return cache.cached(pool_dir, cards, cache_dir, lambda: read_identities(pool_dir),
                        finish=lambda identities: build_index(identities, cards, pool_dir))


def _checked(path: Path, given: str) -> Path:
    if not path.is_dir():
        raise PoolError(f"{given}: no such card pool folder")
    set_files(path)  # raises PoolError when there are no sets/*.yaml
    return path
