"""Read an input file the way every reader of the Codex must: a regular file, within a size, as UTF-8 text.

A FIFO waits for a writer that never comes, /dev/zero never ends, a symbolic link loop raises an OSError, a
disk image fills the memory, UTF-16 without a byte order mark decodes as UTF-8 with a NUL after each letter.
Each becomes one `UnreadableFile` sentence that the caller prefixes with the file's name. The file is checked
with stat before it is opened and opened without blocking, so a FIFO swapped in between cannot hang either.
docs/limits.md lists every reader's limit. What the Codex writes for itself (caches, the pool's manifest) is
written whole, by `write_whole`, so that a reader running meanwhile sees the old file or the new one, never half.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path
from typing import BinaryIO

from ..errors import CodexError

MB = 1024 * 1024


class UnreadableFile(CodexError):
    """Why a file cannot be read, as the end of a sentence that starts with the file's name."""

    def __init__(self, reason: str, line: int = 1, column: int = 1):
        super().__init__(reason)
        self.reason, self.line, self.column = reason, line, column


def regular_file_problem(path: str | os.PathLike) -> str | None:
    """Why `path` is not a readable regular file (following symbolic links), or None when it is one."""
    try:
        info = os.stat(path)
    except OSError as exc:
        return _os_reason(exc)
    return None if stat.S_ISREG(info.st_mode) else _kind(info.st_mode)


def read_bytes(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes."""
    fd, size = _open_regular(path)
    try:
        if size > limit:
            raise UnreadableFile(too_large(limit))
        raw = _read(fd, limit + 1)  # a file that grows while read is still cut at the limit
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise UnreadableFile(too_large(limit))
    return raw


def open_regular(path: str | os.PathLike) -> BinaryIO:
    """A binary stream of the regular file at `path`, opened without blocking (a FIFO swapped in after a check
    cannot hang the reader); UnreadableFile otherwise."""
    fd, _ = _open_regular(path)
    return os.fdopen(fd, "rb")


def read_head(path: str | os.PathLike, size: int) -> bytes:
    """The first `size` bytes of a regular file, however long it is."""
    fd, _ = _open_regular(path)
    try:
        return _read(fd, size)
    finally:
        os.close(fd)


def read_own(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes that only this user can have written: owned by this
    user, writable by no one else, not a symbolic link (what is loaded as code, as Python's own __pycache__)."""
    try:
        fd = os.open(
            path,
            os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0),
        )
    except OSError as exc:
        raise UnreadableFile(_os_reason(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(_kind(info.st_mode))
        if info.st_uid != os.geteuid() or info.st_mode & 0o022:
            raise UnreadableFile("is not this user's own file (another owner, or others can write to it)")
        if info.st_size > limit:
            raise UnreadableFile(too_large(limit))
        raw = _read(fd, limit + 1)
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise UnreadableFile(too_large(limit))
    return raw


def write_whole(path: str | os.PathLike, text: str | bytes, mode: int = 0o666) -> None:
    """Write `text` (as UTF-8, or bytes as they are) to a new file beside `path`, then rename it over `path`
    (OSError as it comes).

    The new file's name is one no other writer picks (two processes or threads writing the same file at once each
    rename a whole file of their own; the last one stays), and it is created with `mode` (less the umask).
    """
    path = Path(path)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    # Outside the clean-up below: a file of that name that this call did not create is not this call's to remove.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), mode)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(text.encode("utf-8") if isinstance(text, str) else text)
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise


def holds_bytes(path: str | os.PathLike, data: bytes) -> bool:
    """Whether the file at `path` holds exactly `data` (False when there is none, or it cannot be read)."""
    try:
        if os.path.getsize(path) != len(data):
            return False
        with open(path, "rb") as stream:
            return stream.read() == data
    except OSError:
        return False


def write_if_changed(path: str | os.PathLike, text: str | bytes) -> bool:
    """Write `text` to `path` (its folders made as needed) unless the file already holds exactly these bytes: a
    site folder kept between builds (`mkdocs serve`, a warm rebuild) keeps its unchanged files, and making files
    is what costs there. Whether it wrote."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    if holds_bytes(path, data):
        return False
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return True


def _open_regular(path: str | os.PathLike) -> tuple[int, int]:
    """A descriptor of the regular file at `path`, opened without blocking, and its size."""
    problem = regular_file_problem(path)
    if problem:
        raise UnreadableFile(problem)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise UnreadableFile(_os_reason(exc)) from None
    try:
        info = os.fstat(fd)
    except OSError as exc:
        os.close(fd)
        raise UnreadableFile(_os_reason(exc)) from None
    if not stat.S_ISREG(info.st_mode):  # replaced between the check and the opening
        os.close(fd)
        raise UnreadableFile(_kind(info.st_mode))
    return fd, info.st_size


def _read(fd: int, size: int) -> bytes:
    try:
        with os.fdopen(fd, "rb", closefd=False) as stream:
            return stream.read(size)
    except OSError as exc:
        raise UnreadableFile(_os_reason(exc)) from None


def read_text(path: str | os.PathLike, limit: int, bom: bool = False) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes (`bom`: see `decode`)."""
    return decode(read_bytes(path, limit), bom)


_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def decode(raw: bytes, bom: bool = False) -> str:
    """UTF-8 text without NUL characters, or UnreadableFile located at the first bad byte. With `bom`, a leading
    byte order mark says the encoding, as a browser reads a file it is given: UTF-8's is dropped, and a file that
    starts with UTF-16's (as Windows Notepad saves "Unicode" text) is read as UTF-16."""
    if bom and raw[:2] in _UTF16_BOMS:
        return _decode_utf16(raw)
    nul = raw.find(b"\0")
    try:
        text = raw.decode("utf-8-sig" if bom else "utf-8")
    except UnicodeDecodeError as exc:
        bad = exc.start if nul < 0 else min(exc.start, nul)
        raise UnreadableFile(_not_utf8(raw, bad), *_where(raw, bad)) from None
    if nul >= 0:
        raise UnreadableFile(_not_utf8(raw, nul), *_where(raw, nul))
    return text


def _decode_utf16(raw: bytes) -> str:
    try:
        text = raw.decode("utf-16")  # the byte order mark gives the byte order, and is dropped
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].decode("utf-16", "replace").count("\n") + 1
        raise UnreadableFile(
            f"starts as UTF-16 text but is not UTF-16 on line {line}; save it as UTF-8", line, 1
        ) from None
    if "\0" in text:
        line = text.count("\n", 0, text.index("\0")) + 1
        raise UnreadableFile(f"holds a NUL character on line {line}; save it as UTF-8 text", line, 1)
    return text


def too_large(limit: int) -> str:
    size = f"{limit // MB} MB" if limit >= MB else f"{limit // 1024} KB"
    return f"is larger than {size}, the most this file can be"


def _not_utf8(raw: bytes, at: int) -> str:
    line = _where(raw, at)[0]
    if raw[at] == 0:
        return f"is not UTF-8 text (a NUL byte on line {line}: UTF-16?); save it as UTF-8"
    return f"is not UTF-8 text (byte 0x{raw[at]:02x} on line {line}); save it as UTF-8"


def _where(raw: bytes, at: int) -> tuple[int, int]:
    return raw.count(b"\n", 0, at) + 1, at - (raw.rfind(b"\n", 0, at) + 1) + 1


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "is a named pipe (FIFO), not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    return "is not a regular file"


def _os_reason(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "is a symbolic link that loops (or a chain of links too long to follow)"
    if exc.errno == errno.ENOENT:
        return "does not exist (or is a symbolic link to nothing)"
    if exc.errno == errno.EISDIR:
        return "is a folder, not a file"
    if exc.errno == errno.ENAMETOOLONG:
        return "has a name too long for the system"
    return f"cannot be read: {exc.strerror or exc}"


def shown_path(path: Path) -> str:
    """A file as the user can open it from where they stand: relative to the current folder."""
    try:
        return os.path.relpath(path, os.getcwd())
    except (OSError, ValueError):  # the current folder was removed; another drive
        return str(path)
