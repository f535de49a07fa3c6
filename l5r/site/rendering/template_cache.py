"""Compiled templates kept in the cache folder between builds, one folder per installation of the Codex.

Compiling the theme's and the Codex's templates is a good part of a small build and of every `mkdocs serve`
rebuild. A compiled template is Python code: whoever can write a file the cache loads runs code at the next build.
So the cache is Python's own rule for __pycache__ and no more: a file is loaded only when this user owns it and no one
else can write to it, in folders this user owns that no one else can enter (0700; a folder of ours that is wider is
narrowed, one of another owner is not used, with a one-line note). Jinja's own file cache stores the template's
checksum with `pickle`, which runs whatever a file holds; this one never unpickles anything: a file is a text header
(the template's source checksum, a digest of the environment it was compiled in, the digest of the code) and the
code, loaded with `marshal` only after every part of the header matched. Files are opened without following links
and without blocking, so a FIFO there is a miss, never a hang.

Each installation (this package's folder and Python's prefix) has a folder of its own, which names them in
`installation.txt`; making a new one removes those whose installation is gone.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import shutil
import stat
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path

import jinja2
from jinja2 import BytecodeCache
from jinja2.utils import _PassArg

from ...data.cachedir import default_cache_dir
from ...data.safefile import MB, UnreadableFile, read_own, read_text, write_whole
from ...errors import CodexError

# ---------------------------------------------------------------------------------------------------------
# The cache
# ---------------------------------------------------------------------------------------------------------

INSTALLATION_FILE = "installation.txt"
_PACKAGE = Path(__file__).resolve().parents[2]  # the l5r package folder: the Codex's templates are inside it
_EARLIER_LAYOUT = ("__jinja2_", ".cache")  # Jinja's own files (checksums pickled): removed, never read
_INSTALLATION_LIMIT = 64 * 1024
_CODE_LIMIT = 16 * MB  # the largest compiled template of the theme is about 100 KB
_SUFFIX = ".code"
_HEADER = b"l5r compiled template 1\n"


def bytecode_cache(cache_dir: Path | None = None) -> CodeCache | None:
    """The cache of compiled templates in this installation's folder of `cache_dir` (the user cache folder when
    None); None (templates compiled in memory) when no cache folder is writable or the folder is not safely ours."""
    folder = default_cache_dir() if cache_dir is None else cache_dir
    if folder is None:
        return None
    try:
        own = _installation_folder(folder / "jinja")
    except OSError:
        return None
    except _NotOurs as exc:
        _note(str(exc))
        return None
    return CodeCache(own)


class CodeCache(BytecodeCache):
    """Jinja's bytecode cache interface, without pickle and only for files this user alone can have written."""

    def __init__(self, directory: Path):
        self.directory = str(directory)

    def _path(self, bucket) -> Path:
        return Path(self.directory) / f"{bucket.key}{_SUFFIX}"

    def load_bytecode(self, bucket) -> None:
        try:
            raw = read_own(self._path(bucket), _CODE_LIMIT)
        except UnreadableFile:
            return  # none yet, or not one to trust: compiled again, and written over
        head, _, code = raw.partition(b"\n\n")
        if head + b"\n\n" != _header(bucket) + hashlib.sha256(code).hexdigest().encode() + b"\n\n":
            return  # another template's source, another environment or interpreter, a torn file
        try:
            bucket.code = marshal.loads(code)
        except (EOFError, ValueError, TypeError):
            bucket.reset()

    def dump_bytecode(self, bucket) -> None:
        code = marshal.dumps(bucket.code)
        try:
            write_whole(
                self._path(bucket),
                _header(bucket) + hashlib.sha256(code).hexdigest().encode() + b"\n\n" + code,
                mode=0o600,
            )
        except (OSError, ValueError):  # a full or read-only disk: the cache only saves time
            pass

    def clear(self) -> None:
        for entry in Path(self.directory).glob(f"*{_SUFFIX}"):
            try:
                entry.unlink()
            except OSError:
                pass


def _header(bucket) -> bytes:
    """What a compiled file must say to be loaded for `bucket`: the template source's checksum, and what else the
    code depends on (the interpreter's bytecode, Jinja's version, the environment's syntax, filters and tests:
    compiled in an environment without a filter, a template calls it wrongly in one with it)."""
    return _HEADER + f"{bucket.checksum}\n{_environment_digest(bucket.environment)}\n".encode()


def _environment_digest(env) -> str:
    def passes(functions) -> list:
        return sorted((name, str(_PassArg.from_obj(f))) for name, f in functions.items())

    def named(value: object) -> str:
        return (
            str(value)
            if isinstance(value, (bool, type(None)))
            else getattr(value, "__qualname__", type(value).__name__)
        )

    facts = [
        MAGIC_NUMBER.hex(),
        jinja2.__version__,
        sys.version,
        env.block_start_string,
        env.block_end_string,
        env.variable_start_string,
        env.variable_end_string,
        env.comment_start_string,
        env.comment_end_string,
        env.line_statement_prefix,
        env.line_comment_prefix,
        env.trim_blocks,
        env.lstrip_blocks,
        env.newline_sequence,
        env.keep_trailing_newline,
        env.optimized,
        env.is_async,
        named(env.autoescape),
        named(env.finalize),
        sorted(env.extensions),
        passes(env.filters),
        passes(env.tests),
    ]
    return hashlib.sha256(repr(facts).encode()).hexdigest()


def installation_paths() -> list[str]:
    """What the compiled templates' paths depend on: where this package is, and Python's prefix (the theme's
    templates are installed below it)."""
    return [str(_PACKAGE), sys.prefix]


# ---------------------------------------------------------------------------------------------------------
# Folders this user alone can write to
# ---------------------------------------------------------------------------------------------------------


class _NotOurs(CodexError):
    """A cache folder of another owner, or a link: said in a one-line note, never raised to the user."""


_NOTED: set[str] = set()


def _note(text: str) -> None:
    if text not in _NOTED:  # once a process (a build asks for the cache from every environment it makes)
        _NOTED.add(text)
        print(f"note: {text}", file=sys.stderr)


def _private_folder(folder: Path) -> Path:
    """`folder`, made 0700 if missing; narrowed to 0700 when it is this user's; _NotOurs when it is a link, not a
    folder, or another user's."""
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        folder.mkdir(mode=0o700)
    except FileExistsError:
        pass
    info = os.lstat(folder)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid():
        what = "is not a folder" if not stat.S_ISDIR(info.st_mode) else "belongs to another user"
        raise _NotOurs(f"compiled templates are not kept between builds: {folder} {what}")
    if stat.S_IMODE(info.st_mode) & 0o077:
        os.chmod(folder, 0o700)  # ours, as made before folders were private: others may read or write it no more
    return folder


def _installation_folder(jinja: Path) -> Path:
    text = "".join(f"{path}\n" for path in installation_paths())
    _private_folder(jinja)
    own = _private_folder(jinja / hashlib.sha256(text.encode("utf-8")).hexdigest()[:12])
    _forget_earlier_layout(own)
    if (own / INSTALLATION_FILE).is_file():
        return own
    write_whole(own / INSTALLATION_FILE, text)  # a build that starts meanwhile reads it whole or skips the folder
    _forget_gone_installations(jinja, own)
    return own


def _forget_earlier_layout(folder: Path) -> None:
    for entry in folder.glob(f"{_EARLIER_LAYOUT[0]}*{_EARLIER_LAYOUT[1]}"):
        try:
            entry.unlink()
        except OSError:  # another build removed it, or it cannot be: it only takes room
            pass


def _forget_gone_installations(jinja: Path, own: Path) -> None:
    _forget_earlier_layout(jinja)
    for entry in jinja.iterdir():
        if entry == own:
            continue
        try:
            named = read_text(entry / INSTALLATION_FILE, _INSTALLATION_LIMIT).splitlines()
        except UnreadableFile:
            continue  # not a folder of ours, or one being made
        if named and not all(Path(path).exists() for path in named):
            shutil.rmtree(entry, ignore_errors=True)
