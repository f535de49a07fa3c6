"""Data files already parsed: a file whose text, byte for byte, was read cleanly before is not parsed again.

Parsing is about half of what loading the data costs a command, and every `l5r` run, every build and every
`mkdocs serve` rebuild reads all of it (`make bench` and the notes have the figures). What a clean parse gives, the
values and the line and column of each, is a pure function of the text and of the reader (yamlsource.py, this
file, PyYAML's version): it is kept in the cache folder, in one JSON file per reader, by the text's digest. A file
with any problem is never kept, so every problem is reported afresh; an edited file has another digest and is
parsed again."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import yaml

from .cachedir import default_cache_dir
from .safefile import MB, UnreadableFile, read_text, write_whole

# A parsed document is a few times its text; the limit is many times the whole data's. The memo is read as every
# input is (a regular file within this size, UTF-8): a FIFO, a device or a huge file in the cache folder is no memo.
MEMO_BYTES = 32 * MB
_MAX_ENTRIES = 2_000  # every edit adds one: past this the memo starts afresh with the documents of the last read

Parsed = tuple[object, dict]  # (value, {path of keys: (line, column)})

# Each memo as this process knows it, by its file: digest -> the JSON of [value, [[keys, line, column], ...]]. Kept
# as text, so that every reading gets values of its own (a caller may change them).
_VIEWS: dict[Path | None, dict[str, str]] = {}
_NEW: set[Path | None] = set()  # memos with documents parsed in this process and not written yet
_USED: set[str] = set()


def text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def recall(digest: str) -> Parsed | None:
    """What a clean parse of the text with this digest gave, or None."""
    entry = _view(_memo_file()).get(digest)
    if not isinstance(entry, str):
        return None
    try:
        value, spots = json.loads(entry)
        locations = {tuple(keys): (line, column) for keys, line, column in spots}
    except (TypeError, ValueError, RecursionError):  # a memo of another shape: parse again
        return None
    _USED.add(digest)
    return value, locations


def remember(digest: str, value, locations: dict) -> None:
    path = _memo_file()
    spots = [[list(keys), line, column] for keys, (line, column) in locations.items()]
    try:
        _view(path)[digest] = json.dumps([value, spots], ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):  # a value JSON cannot hold: parsed again next time
        return
    _NEW.add(path)
    _USED.add(digest)


def save() -> None:
    """Write what this process parsed to the memo, if anything (read_all calls it once per reading)."""
    path = _memo_file()
    if path is None or path not in _NEW:
        return
    _NEW.discard(path)
    entries = _view(path)
    if len(entries) > _MAX_ENTRIES:
        entries = {digest: entries[digest] for digest in _USED if digest in entries}
        _VIEWS[path] = entries
    try:  # a reader never sees half a file
        write_whole(path, json.dumps(entries, ensure_ascii=False, separators=(",", ":")))
    except (OSError, ValueError):
        return
    # The memos of earlier readers (another version of the Codex) are never read again: they go, not pile up.
    for stale in path.parent.glob("parsed-*.json"):
        if stale != path:
            _start_afresh(stale)


def _view(path: Path | None) -> dict[str, str]:
    if path not in _VIEWS:
        _VIEWS[path] = _read_memo(path) if path is not None else {}
    return _VIEWS[path]


def _read_memo(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    try:
        found = json.loads(read_text(path, MEMO_BYTES))
    except UnreadableFile as exc:
        if exc.reason.startswith("is larger than") or exc.reason.startswith("is not UTF-8"):
            _start_afresh(path)
        return {}
    except (ValueError, RecursionError):  # torn or foreign: no memo, and a new one is written
        return {}
    return found if isinstance(found, dict) else {}


def _start_afresh(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def _reader_digest() -> str:
    digest = hashlib.sha256(yaml.__version__.encode())
    for module in ("yamlsource.py", "parsed.py"):
        digest.update(Path(__file__).with_name(module).read_bytes())
    return digest.hexdigest()[:16]


_READER: list[str] = []


def _memo_file() -> Path | None:
    folder = default_cache_dir()
    if folder is None:
        return None
    if not _READER:
        _READER.append(_reader_digest())
    return folder / f"parsed-{_READER[0]}.json"
