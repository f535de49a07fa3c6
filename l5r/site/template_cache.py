"""Compiled templates kept in the cache folder between builds, one folder per installation of the Codex.

Compiling the theme's and the Codex's templates is a good part of a small build and of every `mkdocs serve`
rebuild. Jinja names a compiled template by the template's path and checks its source before using it, so an edited
template is compiled again; but each checkout or virtual environment has its own paths, and the files of one that
is gone would stay in the user's cache for ever. So each installation (this package's folder and Python's prefix)
has a folder of its own, which names them in `installation.txt`; making a new one removes those whose installation
is gone.
"""

from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path

from jinja2 import FileSystemBytecodeCache

from ..data.cachedir import default_cache_dir
from ..data.safefile import UnreadableFile, read_text, write_whole

# ---------------------------------------------------------------------------------------------------------
# The cache
# ---------------------------------------------------------------------------------------------------------

INSTALLATION_FILE = "installation.txt"
_PACKAGE = Path(__file__).resolve().parents[1]  # the l5r package folder: the Codex's templates are inside it
_EARLIER_LAYOUT = ("__jinja2_", ".cache")  # the compiled templates of every installation, in one folder
_INSTALLATION_LIMIT = 64 * 1024


def bytecode_cache(cache_dir: Path | None = None) -> FileSystemBytecodeCache | None:
    """Jinja's cache of compiled templates in this installation's folder of `cache_dir` (the user cache folder when
    None); None when no cache folder is writable."""
    folder = default_cache_dir() if cache_dir is None else cache_dir
    if folder is None:
        return None
    try:
        own = _installation_folder(folder / "jinja")
    except OSError:
        return None
    return FileSystemBytecodeCache(str(own))


def installation_paths() -> list[str]:
    """What the compiled templates' paths depend on: where this package is, and Python's prefix (the theme's
    templates are installed below it)."""
    return [str(_PACKAGE), sys.prefix]


# ---------------------------------------------------------------------------------------------------------
# One folder per installation
# ---------------------------------------------------------------------------------------------------------


def _installation_folder(jinja: Path) -> Path:
    text = "".join(f"{path}\n" for path in installation_paths())
    own = jinja / hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    if (own / INSTALLATION_FILE).is_file():
        return own
    own.mkdir(parents=True, exist_ok=True)
    write_whole(own / INSTALLATION_FILE, text)  # a build that starts meanwhile reads it whole or skips the folder
    _forget_gone_installations(jinja, own)
    return own


def _forget_gone_installations(jinja: Path, own: Path) -> None:
    for entry in jinja.iterdir():
        if entry == own:
            continue
        if entry.name.startswith(_EARLIER_LAYOUT[0]) and entry.name.endswith(_EARLIER_LAYOUT[1]):
            try:
                entry.unlink()
            except OSError:  # another build removed it, or it cannot be: it only takes room
                pass
            continue
        try:
            named = read_text(entry / INSTALLATION_FILE, _INSTALLATION_LIMIT).splitlines()
        except UnreadableFile:
            continue  # not a folder of ours, or one being made
        if named and not all(Path(path).exists() for path in named):
            shutil.rmtree(entry, ignore_errors=True)
