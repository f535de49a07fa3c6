"""The pool's card index (or another digest of the pool) as JSON, reused while nothing it was made from changed.

The cache is data only: JSON with tuples, sets, dicts with tuple keys and the few dataclasses a caller names
tagged, decoded without ever running code a cache file holds (a pickle would run whatever it holds).

The key is the pool's file names, modification times and sizes, a digest of the Codex card records
merged into it, and a digest of the code that builds it, so an edit to any of them rebuilds the index. The index is
kept whole, its look-up tables too, as lists of plain values (index.py `index_rows`): read back, nothing of it is
worked out again. A file is
named by a digest of its whole key, not by its pool folder alone: checkouts at different commits (another reader's
code, other card records) that read the same pool, the fetched one in the user cache folder, each keep their file
instead of replacing the other's at every run (a rebuild of the whole pool's two files costs about 18 CPU-seconds).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Callable, Mapping, TypeVar

from ..data.cachedir import default_cache_dir as default_cache_dir  # the cache folder's public name here too
from ..data.model import CardRecord
from ..data.safefile import MB, UnreadableFile, read_bytes, read_head, write_whole
from .identity import Identity
from .read import set_files

T = TypeVar("T")
MAX_CACHE_BYTES = 256 * MB  # the full pool's index takes about 4 MB

_PACKAGE = Path(__file__).resolve().parent


def stamp(pool_dir: Path, cards: Mapping[str, CardRecord]) -> tuple:
    files = tuple((p.name, s.st_mtime_ns, s.st_size) for p in set_files(pool_dir) for s in [p.stat()])
    return (_code_digest(), str(pool_dir.resolve()), files, _records_digest(cards))


def cached(
    pool_dir: Path,
    cards: Mapping[str, CardRecord],
    cache_dir: Path | None,
    build: Callable,
    kind: str = "cardpool",
    types: tuple[type, ...] = (),
    finish: Callable | None = None,
    stored: Callable | None = None,
    restored: Callable | None = None,
    extra: tuple = (),
):
    """The identities (or another `kind` of pool digest: the site's printings) from the cache when its key still
    matches, else `build()` (and store it). `types`: the dataclasses the value holds besides Identity;
    `finish(value)`: what is handed out (and kept in this process), when that is not the stored value itself.
    `stored(value)`: what the file holds of a value built, when not the value itself, and `restored(held)` the
    value again (ValueError when what a file holds is not such: it is built again). `extra`: more of the key (the
    digest of the code that builds the value, when not the reader's)."""
    return _kept(stamp(pool_dir, cards) + (kind, *extra), kind, cache_dir, build, types, finish, stored, restored)


def kept_beside(made_from, kind: str, code: str, build: Callable[[], str]) -> str:
    """The text `build()` makes of `made_from`, a value `cached` handed out in this process (the card index), kept
    in the cache beside it: under its key, `kind` and `code` (a digest of the code `build` runs). For any other
    object it is built: what that was made from is not known."""
    for key, value, cache_dir in list(_IN_PROCESS.values()):
        if value is made_from:
            return _kept(key + (kind, code), kind, cache_dir, build, restored=_text)
    return build()


def kept_value_beside(
    made_from, kind: str, sources: tuple[Path, ...], make: Callable[[], object], restored: Callable[[object], T], key=""
) -> T:
    """`restored(value)` of the JSON value `make()` makes of `made_from`, kept beside it (`kept_beside`) under a
    digest of the `sources` (the code that makes and reads it) and `key` (what else it is made from). A kept value
    that `restored` refuses (ValueError, TypeError, IndexError, KeyError, AttributeError: a damaged or hand-written
    file) is made again."""
    code = f"{_sources_digest(tuple(sources))}-{key}"
    text = kept_beside(made_from, kind, code, lambda: json.dumps(make(), ensure_ascii=False))
    try:
        return restored(json.loads(text))
    except (ValueError, TypeError, IndexError, KeyError, AttributeError):
        return restored(make())


@functools.cache
def _sources_digest(sources: tuple[Path, ...]) -> str:
    return hashlib.sha1(b"".join(Path(source).read_bytes() + b"\0" for source in sources)).hexdigest()


def _text(held):
    if not isinstance(held, str):
        raise ValueError("not a text")
    return held


def _kept(
    key: tuple,
    kind: str,
    cache_dir: Path | None,
    build: Callable,
    types: tuple[type, ...] = (),
    finish: Callable | None = None,
    stored: Callable | None = None,
    restored: Callable | None = None,
):
    # One process asks more than once (a build: its API files and its card pages; `mkdocs serve`: every
    # rebuild): the object already loaded for the very same key is handed out again, not decoded again.
    known = _IN_PROCESS.get(kind)
    if known is not None and known[0] == key:
        return known[1]
    path = cache_dir / f"{kind}-{_key_digest(key)}.json" if cache_dir else None
    known_types = {t.__name__: t for t in (Identity, *types)}
    index = _read(path, key, known_types) if path is not None else None
    if index is not None and restored is not None:
        try:
            index = restored(index)
        except ValueError:
            index = None
    if index is None:
        index = build()
        if path is not None:
            _write(path, key, index if stored is None else stored(index))
            _forget_old_files(path, kind, key[1])
    elif path is not None:
        _mark_used(path)
    if finish is not None:
        index = finish(index)
    _IN_PROCESS[kind] = (key, index, cache_dir)
    return index


_IN_PROCESS: dict[str, tuple] = {}  # kind -> (key, the value handed out, the cache folder it was kept in)


def _key_digest(key: tuple) -> str:
    """The file name's digest: of the whole key (its values are strings, numbers and tuples of them: their repr is
    the same in every process)."""
    return hashlib.sha1(repr(key).encode()).hexdigest()[:12]


def _mark_used(path: Path) -> None:
    """A file read is made the newest of its pool's (its modification time), so the files kept are those used last."""
    try:
        os.utime(path)
    except OSError:  # a read-only cache folder: the file only takes room
        pass


def _read(path: Path, key: tuple, types: dict[str, type]):
    try:
        # Decoded as the json module reads it (each tagged object as soon as it is read): a second walk over the
        # whole value in Python took as long again as reading the JSON.
        document = json.loads(read_bytes(path, MAX_CACHE_BYTES), object_hook=_tagged(types))
        if not isinstance(document, dict) or set(document) != {"key", "value"} or document["key"] != key:
            return None
        return document["value"]
    except (UnreadableFile, ValueError, TypeError, KeyError, RecursionError):
        return None  # a missing, stale, damaged or foreign cache is rebuilt


def _write(path: Path, key: tuple, index):
    try:
        text = json.dumps({"key": _encode(key), "value": _encode(index)}, ensure_ascii=False, separators=(",", ":"))
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, text)  # two runs at once never see half a file
    except (OSError, TypeError, ValueError):  # the cache only saves time; a read-only disk must not stop a deck check
        pass


# Files are kept per key (per kind), a few per pool folder. Pools that were folders for a while (a download unpacked
# to look at, a test's pool, a clone's fixture pool) would leave their files behind for ever, and so would the keys a
# pool folder had before (its files, the code or the records changed since): whenever a file is written, those of
# its kind whose pool folder is gone are removed, and of those of its own pool folder only the most recently used
# are kept, KEPT_PER_POOL in all with the one written. The folder is read from the head of the file, where the key is.
_HEAD_BYTES = 16 * 1024
_POOL_IN_HEAD = re.compile(r'^\{"key":\{"tuple":\["[0-9a-f]+",("(?:[^"\\]|\\.)*")')
KEPT_PER_POOL = 4  # the whole pool's two kinds take about 11 MB a key


def _forget_old_files(written: Path, kind: str, pool_folder: str) -> None:
    name = re.compile(rf"{re.escape(kind)}-[0-9a-f]{{12}}\.json")
    try:
        others = [p for p in written.parent.iterdir() if p != written and name.fullmatch(p.name)]
    except OSError:
        return
    same_pool = []
    for other in others:
        folder = _pool_folder_of(other)
        if folder is not None and not os.path.isdir(folder):
            _remove(other)
        elif folder == pool_folder:
            try:
                same_pool.append((other.stat().st_mtime_ns, other))
            except OSError:  # another process removed it
                pass
    for _, other in sorted(same_pool, reverse=True)[KEPT_PER_POOL - 1 :]:
        _remove(other)


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:  # another process removed it, or it cannot be: it only takes room
        pass


def _pool_folder_of(path: Path) -> str | None:
    """The pool folder a cache file was written for (None when its head does not say)."""
    try:  # read as every cache file is: a FIFO named like one must not hang the command that writes its own
        head = read_head(path, _HEAD_BYTES).decode("utf-8", "replace")
        found = _POOL_IN_HEAD.match(head)
        folder = json.loads(found.group(1)) if found else None
    except (UnreadableFile, ValueError):
        return None
    return folder if isinstance(folder, str) and folder else None


# Tagged JSON: a list is a list; a tuple, set, dict or dataclass is a one-key object naming what it is.
def _encode(value):
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, tuple):
        return {"tuple": [_encode(v) for v in value]}
    if isinstance(value, frozenset):
        return {"frozenset": [_encode(v) for v in sorted(value, key=repr)]}
    if isinstance(value, dict):
        return {"dict": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if is_dataclass(value) and not isinstance(value, type):
        return {
            "dataclass": type(value).__name__,
            "fields": {f.name: _encode(getattr(value, f.name)) for f in fields(value)},
        }
    raise TypeError(f"the cache does not store {type(value).__name__}")


def _tagged(types: dict[str, type]):
    """What `_encode` wrote, for json's object_hook (called on the innermost objects first): a one-key tuple, set or
    dict object, or a dataclass object; any other object (the document, a dataclass's fields) as it is."""

    def decode(value: dict):
        if len(value) == 1:
            tag, items = next(iter(value.items()))
            if tag == "tuple":
                return tuple(items)
            if tag == "frozenset":
                return frozenset(items)
            if tag == "dict":
                return {k: v for k, v in items}
        elif len(value) == 2 and "dataclass" in value and "fields" in value:
            return types[value["dataclass"]](**value["fields"])  # KeyError for any other class: not our file
        return value

    return decode


def _code_digest() -> str:
    digest = hashlib.sha1()
    for source in sorted(_PACKAGE.glob("*.py")):
        digest.update(source.read_bytes())
    return digest.hexdigest()


def _records_digest(cards: Mapping[str, CardRecord]) -> str:
    facts = [
        (
            c.id,
            c.name,
            c.experience,
            c.type,
            c.deck,
            c.unique,
            c.clan,
            c.keywords,
            c.icons,
            c.sets,
            c.pool_title,
            c.aliases,
            c.counts_as,
            c.soul_of,
            sorted((k, repr(v)) for k, v in c.deck_rules.items()),
        )
        for c in sorted(cards.values(), key=lambda c: c.id)
    ]
    return hashlib.sha1(repr(facts).encode()).hexdigest()
