"""The real card pool (a folder of sets/*.yaml, never part of the Codex) and the card index built from it.

    pool_dir = locate_pool(args.cardpool)        # --cardpool, else L5R_CARDPOOL, else the fetched pool, else None
    index = load_index(pool_dir, codex.cards)    # cached; without a pool only the Codex's card records
    print(choose_pool(args.cardpool).line())     # "card pool: ...": which one a command used, or how to get one

`l5r cardpool fetch` installs the fetched pool (l5r/cardpool/fetch.py); `--cardpool none` or L5R_CARDPOOL=none
asks for no pool even when one is installed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ..data.model import CardRecord
from . import cache, fetch
from .identity import ANY_NUMBER, Identity
from .index import CardIndex, Lookup, build_index, index_from_rows, index_rows
from .read import PoolError, read_identities, set_files

ENV_VAR = "L5R_CARDPOOL"

NO_POOL = "none"  # --cardpool none / L5R_CARDPOOL=none: no pool, even when a fetched one is installed
GET_ONE = "get the card pool with `l5r cardpool fetch` (or `make cardpool`)"

__all__ = [
    "ANY_NUMBER",
    "ENV_VAR",
    "GET_ONE",
    "NO_POOL",
    "CardIndex",
    "Identity",
    "Lookup",
    "PoolChoice",
    "PoolError",
    "PoolFacts",
    "choose_pool",
    "load_index",
    "locate_pool",
    "pool_facts",
]


@dataclass(frozen=True)
class PoolChoice:
    """The pool a command uses and why: `origin` is "--cardpool", "L5R_CARDPOOL", "fetched" or "none"."""

    path: Path | None
    origin: str
    fetched: fetch.Installed | None = None
    manifest: fetch.Manifest | None = None

    def line(self) -> str:
        """One line saying which pool is used, or that there is none and how to get one."""
        if self.origin == "fetched" and self.fetched is not None and self.manifest is not None:
            return f"card pool: the fetched pool {self.manifest.short} in {self.path}"
        if self.path is not None:
            return f"card pool: {self.path} (from {self.origin})"
        if self.origin != "none":
            return f"card pool: none ({self.origin}={NO_POOL}); only the Codex's own card records are known"
        return f"card pool: none, so only the Codex's own card records are known; {GET_ONE}"


def choose_pool(
    explicit: str | os.PathLike | None = None,
    environ: Mapping[str, str] = os.environ,
    cache_dir: Path | None | str = "default",
) -> PoolChoice:
    """--cardpool, else L5R_CARDPOOL, else the fetched pool of the pinned commit (if installed), else none."""
    if explicit:
        if str(explicit) == NO_POOL:
            return PoolChoice(None, "--cardpool")
        return PoolChoice(_checked(Path(explicit).expanduser(), f"--cardpool {explicit}"), "--cardpool")
    if environ.get(ENV_VAR):
        if environ[ENV_VAR] == NO_POOL:
            return PoolChoice(None, ENV_VAR)
        return PoolChoice(_checked(Path(environ[ENV_VAR]).expanduser(), f"{ENV_VAR}={environ[ENV_VAR]}"), ENV_VAR)
    try:
        manifest = fetch.load_manifest()
    except fetch.FetchError as exc:
        raise PoolError(str(exc)) from None
    try:
        found = fetch.installed(manifest, cache_dir)
    except fetch.FetchError as exc:  # its record cannot be read (a FIFO, a huge file): one line, never a wait
        raise PoolError(str(exc)) from None
    if found is not None:
        return PoolChoice(found.folder, "fetched", found, manifest)
    return PoolChoice(None, "none")


def locate_pool(
    explicit: str | os.PathLike | None = None,
    environ: Mapping[str, str] = os.environ,
    cache_dir: Path | None | str = "default",
) -> Path | None:
    """The pool folder a command uses (`choose_pool`); None when there is none."""
    return choose_pool(explicit, environ, cache_dir).path


def load_index(
    pool_dir: Path | None, cards: Mapping[str, CardRecord], cache_dir: Path | None | str = "default"
) -> CardIndex:
    """The card index for a pool folder (None: the Codex's card records only), from the cache when fresh."""
    if pool_dir is None:
        return build_index((), cards, None)
    if isinstance(cache_dir, str):  # "default"
        cache_dir = cache.default_cache_dir()
    return cache.cached(
        pool_dir,
        cards,
        cache_dir,
        lambda: build_index(read_identities(pool_dir), cards, pool_dir),
        stored=index_rows,
        restored=lambda rows: index_from_rows(rows, pool_dir),
    )


@dataclass(frozen=True)
class PoolFacts:
    """What a reader is told about a pool: how many set files it has, and whether it is the pinned database."""

    sets: int
    pinned: str | None  # "owner/repository@commit7" when the folder holds exactly the pinned commit's files

    def as_json(self) -> dict:
        return {"sets": self.sets, "pinned": self.pinned}


def pool_facts(pool_dir: Path) -> PoolFacts:
    """The facts of a pool folder: a pool that is not exactly the pinned commit's (a sample, an older checkout, a
    pool being edited) must not be presented as the whole card pool."""
    sets = len(set_files(pool_dir))
    try:
        manifest = fetch.load_manifest()
    except fetch.FetchError:
        return PoolFacts(sets, None)
    return PoolFacts(sets, manifest.short if not fetch.verify(pool_dir, manifest) else None)


def _checked(path: Path, given: str) -> Path:
    if not path.is_dir():
        raise PoolError(f"{given}: no such card pool folder")
    set_files(path)  # raises PoolError when there are no sets/*.yaml
    return path
