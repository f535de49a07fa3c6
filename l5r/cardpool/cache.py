"""A pickle of the built card index, reused while nothing it was built from has changed.

The key is the pool's file names, modification times and sizes, a digest of the Codex card records
merged into it, and a digest of the code that builds it, so an edit to any of them rebuilds the index.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path
from typing import Callable, Mapping

from ..data.cachedir import default_cache_dir  # noqa: F401 - the cache folder's public name here too
from ..data.model import Card
from .read import set_files

_PACKAGE = Path(__file__).resolve().parent


def stamp(pool_dir: Path, cards: Mapping[str, Card]) -> tuple:
    files = tuple((p.name, s.st_mtime_ns, s.st_size) for p in set_files(pool_dir) for s in [p.stat()])
    return (_code_digest(), str(pool_dir.resolve()), files, _records_digest(cards))


def cached(pool_dir: Path, cards: Mapping[str, Card], cache_dir: Path | None, build: Callable,
           kind: str = "cardpool"):
    """The index (or another `kind` of pool digest: the site's printings) from the cache when its key still
    matches, else `build()` (and store it)."""
    key = stamp(pool_dir, cards) + (kind,)
    # One process asks more than once (a build: its API files and its card pages; `mkdocs serve`: every
    # rebuild): the object already loaded for the very same key is handed out again, not unpickled again.
    known = _IN_PROCESS.get(kind)
    if known is not None and known[0] == key:
        return known[1]
    path = cache_dir / f"{kind}-{hashlib.sha1(key[1].encode()).hexdigest()[:12]}.pickle" if cache_dir else None
    index = _read(path, key) if path is not None else None
    if index is None:
        index = build()
        if path is not None:
            _write(path, key, index)
    _IN_PROCESS[kind] = (key, index)
    return index


_IN_PROCESS: dict[str, tuple] = {}


def _read(path: Path, key: tuple):
    try:
        with path.open("rb") as stream:
            if pickle.load(stream) != key:
                return None
            return pickle.load(stream)
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
        return None  # a missing, stale or damaged cache is rebuilt


def _write(path: Path, key: tuple, index):
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(fd, "wb") as stream:
            pickle.dump(key, stream, protocol=pickle.HIGHEST_PROTOCOL)
            pickle.dump(index, stream, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)  # atomic: two runs at once never see half a file
    except OSError:  # the cache only saves time; a read-only disk must not stop a deck check
        if tmp and os.path.exists(tmp):
            os.unlink(tmp)


def _code_digest() -> str:
    digest = hashlib.sha1()
    for source in sorted(_PACKAGE.glob("*.py")):
        digest.update(source.read_bytes())
    return digest.hexdigest()


def _records_digest(cards: Mapping[str, Card]) -> str:
    facts = [
        (c.id, c.name, c.experience, c.type, c.deck, c.unique, c.clan, c.keywords, c.icons, c.sets, c.pool_title,
         c.aliases, c.counts_as, c.soul_of, sorted((k, repr(v)) for k, v in c.deck_rules.items()))
        for c in sorted(cards.values(), key=lambda c: c.id)
    ]
    return hashlib.sha1(repr(facts).encode()).hexdigest()
