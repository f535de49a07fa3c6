"""The pool's pages kept from one build to the next: a page whose content is unchanged is not written again.

Each pool card has two files of its own, its page `card/<slug>/index.html` and its short link
`c/card-<slug>/index.html`; writing them, folder and file, is most of a pool build's system time. The build
records a content key per file (a digest of its bytes) in `.l5r-page-keys.json.gz` at the site folder's root, and
the next build writes a file only when its key differs or the file is gone.

MkDocs empties the site folder before each build, but passes over hidden entries. So, before it does
(`set_aside`, from on_pre_build), `card/` and `c/` are moved whole into the hidden `.l5r-kept/` (a rename, not a
copy); after MkDocs has written its own pages there, `bring_back` puts the previous build's pool pages back beside
them, and the rule short links this build is about to write again (it leaves a file that already holds its bytes
as it is), dropping everything else of the old folders (the previous build's record pages, which this build wrote
again). `settle` then removes the pool pages no longer in the pool and saves the new keys.

The build's other card outputs (the card search's index files, the date picker's script: `cardsearch.write`) are
kept the same way: `.l5r-card-outputs.json` names them with a content key each and a digest of everything they
were made from; `set_aside` moves them into `.l5r-kept/outputs/`, and `reuse_outputs` puts them back when the
digest is the same and each file still holds what its key says.

A build that stops half-way leaves `.l5r-kept/` behind: the next build finds it, removes it with the keys, and
writes every page. A build with no pool page (no pool, or `mkdocs serve`) removes what was kept (`discard`).
`mkdocs build --dirty` empties nothing, so nothing is set aside; the keys still spare the unchanged pages.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import os
import shutil
from pathlib import Path

KEPT_DIR = ".l5r-kept"
KEYS_FILE = ".l5r-page-keys.json.gz"  # compressed: the folder names repeat, and it is published with the site
# The folders pool pages are written in: l5r/site/rendering/cardlinks.py CARD_DIR, permalinks SHORT_DIR
KEPT_TOPS = ("card", "c")
_VERSION = 1


def content_key(data: bytes) -> str:
    """A page file's content key."""
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def stored_pages(site_dir: Path) -> tuple[dict[str, str], str]:
    """The previous build's key per pool page folder (`card/<slug>`, `c/card-<slug>`) and what its pages were
    rendered from (`write.write_card_pages`); ({}, "") when there are none or they cannot be read (then every page
    is written)."""
    try:
        table = json.loads(gzip.decompress((Path(site_dir) / KEYS_FILE).read_bytes()))
    except (OSError, ValueError, EOFError):
        return {}, ""
    if not isinstance(table, dict) or table.get("version") != _VERSION or not isinstance(table.get("pages"), dict):
        return {}, ""
    return {str(k): str(v) for k, v in table["pages"].items()}, str(table.get("render", ""))


def load_keys(site_dir: Path) -> dict[str, str]:
    """The previous build's key per pool page folder (`stored_pages`)."""
    return stored_pages(site_dir)[0]


@functools.cache
def package_digest() -> str:
    """The package's own code and templates: a page rendered by other code is not known to be the same page."""
    digest = hashlib.sha1()
    root = Path(__file__).resolve().parents[2]
    for path in sorted(root.rglob("*")):
        if path.suffix in _SOURCE_SUFFIXES and path.is_file():
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


_SOURCE_SUFFIXES = {".py", ".j2", ".js", ".css", ".html", ".json", ".yml"}


def forget_keys(site_dir: Path) -> None:
    """No page is known any more: the next build writes every one."""
    try:
        os.unlink(Path(site_dir) / KEYS_FILE)
    except FileNotFoundError:
        pass


def set_aside(site_dir: Path) -> None:
    """Before the site folder is emptied: keep the previous build's pool pages and card outputs in the hidden
    folder."""
    site_dir = Path(site_dir)
    kept = site_dir / KEPT_DIR
    if os.path.lexists(kept):  # a build that stopped half-way: what is there is not known to match any key
        _remove(str(kept))
        forget_keys(site_dir)
    outputs = stored_outputs(site_dir)[1]
    if not load_keys(site_dir) and not outputs:
        return
    kept.mkdir()
    for top in KEPT_TOPS:
        if (site_dir / top).is_dir():
            os.replace(site_dir / top, kept / top)
    for rel in outputs:
        if (site_dir / rel).is_file():
            (kept / _OUTPUTS / rel).parent.mkdir(parents=True, exist_ok=True)
            os.replace(site_dir / rel, kept / _OUTPUTS / rel)


OUTPUTS_FILE = ".l5r-card-outputs.json"
_OUTPUTS = "outputs"  # their folder in KEPT_DIR
_OUTPUTS_LIMIT = 1 << 16  # a record of a few files: anything bigger is not one


def stored_outputs(site_dir: Path) -> tuple[str, dict[str, str]]:
    """What the previous build's card outputs were made from and the content key of each (by its path in the
    site); ("", {}) when there are none or the record cannot be read."""
    try:
        with open(Path(site_dir) / OUTPUTS_FILE, "rb") as stream:
            text = stream.read(_OUTPUTS_LIMIT + 1)
        table = json.loads(text) if len(text) <= _OUTPUTS_LIMIT else None
    except (OSError, ValueError):
        return "", {}
    if not isinstance(table, dict) or table.get("version") != _VERSION:
        return "", {}
    files, made_from = table.get("files"), table.get("made_from")
    if not isinstance(files, dict) or not isinstance(made_from, str):
        return "", {}
    safe = {
        str(rel): str(key)
        for rel, key in files.items()
        if isinstance(rel, str) and rel and ".." not in rel.split("/") and not rel.startswith("/")
    }
    return made_from, safe


def reuse_outputs(site_dir: Path, made_from: str, names: tuple[str, ...]) -> dict[str, bytes] | None:
    """The previous build's card outputs `names` (paths in the site), put back in the site folder from the hidden
    one (`set_aside`) or found in place (a dirty build, `mkdocs serve`), when they were `made_from` the same and
    each still holds what its key says; their bytes. None, and nothing trusted, otherwise: they are written again."""
    site_dir = Path(site_dir)
    stored, keys = stored_outputs(site_dir)
    if stored != made_from or set(keys) != set(names):
        return None
    found = {}
    for rel in names:
        kept, path = site_dir / KEPT_DIR / _OUTPUTS / rel, site_dir / rel
        try:
            if kept.is_file():
                path.parent.mkdir(parents=True, exist_ok=True)
                os.replace(kept, path)
            data = path.read_bytes()
        except OSError:
            return None
        if content_key(data) != keys[rel]:
            return None
        found[rel] = data
    return found


def record_outputs(site_dir: Path, made_from: str, names: tuple[str, ...]) -> None:
    """After the card outputs `names` are written: what they were `made_from`, and their content keys."""
    site_dir = Path(site_dir)
    files = {rel: content_key((site_dir / rel).read_bytes()) for rel in names}
    text = json.dumps({"version": _VERSION, "made_from": made_from, "files": files}, sort_keys=True)
    (site_dir / OUTPUTS_FILE).write_text(text, encoding="utf-8")


def forget_outputs(site_dir: Path) -> None:
    """No card output is known any more: the next build writes them all."""
    try:
        os.unlink(Path(site_dir) / OUTPUTS_FILE)
    except FileNotFoundError:
        pass


def bring_back(site_dir: Path, keys: dict[str, str], rewritten: frozenset[str] = frozenset()) -> dict[str, str]:
    """Put the kept pool pages back beside this build's own pages in `card/` and `c/`; returns the keys of the
    pages brought back (the others are gone with the hidden folder). `rewritten`: the folders (`c/<slug>`) whose
    `index.html` this build writes after the pool pages, leaving a file that already holds its bytes as it is (the
    rules' short links): the previous build's stay, so that an unchanged one is neither removed nor written."""
    site_dir = Path(site_dir)
    kept = site_dir / KEPT_DIR
    if not kept.is_dir():
        return keys
    known: dict[str, str] = {}
    named: dict[str, dict[str, str]] = {top: {} for top in KEPT_TOPS}  # each top's pool folders: name -> its key
    for rel, key in keys.items():
        top, slash, name = rel.partition("/")
        if slash and top in named:
            named[top][name] = key
    for top in KEPT_TOPS:
        old, new = kept / top, site_dir / top
        if not old.is_dir():
            continue
        pool_names = set(named[top])
        # The old folder holds thousands of pool pages and a few hundred of the previous build's own pages: those
        # few go, this build's own pages move in, and the old folder takes the new one's place.
        for entry in os.scandir(old):
            if entry.name not in pool_names and not _holds_one_page(entry, f"{top}/{entry.name}" in rewritten):
                _remove(entry.path)
        if new.is_dir():
            for entry in os.scandir(new):
                pool_names.discard(entry.name)  # this build's own page under a name a pool page had: its page wins
                _remove(os.path.join(old, entry.name))
                os.replace(entry.path, os.path.join(old, entry.name))
            os.rmdir(new)
        os.replace(old, new)
        known.update({f"{top}/{name}": named[top][name] for name in pool_names})
    shutil.rmtree(kept, ignore_errors=True)
    return known


def _holds_one_page(entry: os.DirEntry, rewritten: bool) -> bool:
    """Whether a folder of the previous build that this build writes again holds its `index.html` and nothing else
    (whatever else a fresh build's folder would not hold: the whole folder goes)."""
    if not rewritten or not entry.is_dir(follow_symlinks=False):
        return False
    try:
        inside = list(os.scandir(entry.path))
    except OSError:
        return False
    return len(inside) == 1 and inside[0].name == "index.html" and inside[0].is_file(follow_symlinks=False)


def settle(site_dir: Path, old: dict[str, str], new: dict[str, str], render: str = "") -> int:
    """After every pool page is written: remove those of cards no longer in the pool and save the new keys, with
    what the pages were `render`ed from. Returns how many were removed."""
    site_dir = Path(site_dir)
    gone = [rel for rel in old if rel not in new]
    for rel in gone:
        _remove(os.path.join(site_dir, rel))
    text = json.dumps({"version": _VERSION, "render": render, "pages": new}, separators=(",", ":"), sort_keys=True)
    (site_dir / KEYS_FILE).write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=6, mtime=0))
    return len(gone)


def discard(site_dir: Path) -> None:
    """A build that writes no pool page: what was kept goes, with the keys."""
    site_dir = Path(site_dir)
    if os.path.lexists(site_dir / KEPT_DIR):
        _remove(str(site_dir / KEPT_DIR))
        forget_keys(site_dir)


def put(site_dir: str, rel: str, html: str, known: dict[str, str]) -> tuple[str, bool]:
    """Write `html` as `<rel>/index.html` unless the folder's file already holds it; (its key, whether written)."""
    data = html.encode("utf-8")
    key = content_key(data)
    path = os.path.join(site_dir, rel, "index.html")
    if known.get(rel) == key and os.path.isfile(path):
        return key, False
    try:
        os.mkdir(os.path.join(site_dir, rel))
    except FileExistsError:
        pass
    # The file's descriptor as such: Python's file object would add three system calls a file (its status, whether
    # it is a terminal, where it stands), and a build writes tens of thousands of these.
    fd = os.open(path, _WRITE_FLAGS, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)
    return key, True


_WRITE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def _remove(path: str) -> None:
    if os.path.isdir(path) and not os.path.islink(path):
        try:  # most often a page's folder holding its index.html alone: two calls, not a walk
            os.unlink(os.path.join(path, "index.html"))
            os.rmdir(path)
            return
        except OSError:
            pass
        shutil.rmtree(path, ignore_errors=True)
    else:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
