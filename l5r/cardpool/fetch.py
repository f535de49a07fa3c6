"""The card pool fetched from its public repository at a pinned commit, verified against a committed manifest.

    installed = fetch(None)                  # the pinned commit's archive from GitHub, into the user cache folder
    installed = fetch("/path/to/checkout")   # or a checkout, a pool folder, a .tar.gz/.zip archive, a mirror's URL
    problems = verify(folder, load_manifest())

The manifest (manifest.json beside this file) names the repository, the commit, the two source paths and, per
file, its name in the pool folder, its size and its SHA-256: facts about the files, never their text. A fetch
gathers the files into a staging folder beside the pool's place, verifies every one, and only then renames the
staging folder into place, so a half-finished or damaged download never becomes the pool; whatever happens
(an error, Ctrl-C), the staging folder is removed, and one left by a killed run is swept by the next fetch.
Every failure is a FetchError whose message is one plain sentence.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import fnmatch
import functools
import hashlib
import json
import os
import posixpath
import re
import shutil
import stat
import sys
import tarfile
import tempfile
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterator

from ..data.safefile import UnreadableFile, open_regular, read_bytes, read_text, write_whole
from ..errors import CodexError
from ..progress import Unit, meter

MANIFEST_FILE = Path(__file__).with_name("manifest.json")
RECORD_FILE = "fetched.json"  # in a fetched pool folder: where it came from and when
ARCHIVE_URL = "https://github.com/{repository}/archive/{commit}.tar.gz"
POOL_FOLDER = "cardpool"  # under the cache folder: one folder per pinned commit

# Limits: the repository's whole archive is downloaded (it holds more than the pool), the pool is ~13 MB; at the
# pinned commit the archive holds 923 files, 26.5 MB unpacked, the pool 131 of them (docs/limits.md).
MAX_DOWNLOAD = 2 * 1024**3  # also the most a local archive may be
MAX_FILE = 64 * 1024**2
MAX_POOL = 512 * 1024**2
MAX_POOL_FILES = 10_000  # files one of the sources takes
MAX_MEMBERS = 50_000  # members of an archive, taken or not
MAX_UNPACKED = 4 * 1024**3  # bytes an archive unpacks to, taken or not...
UNPACKED_RATIO = 200  # ...and at most this many times its packed size, past the first UNPACKED_FLOOR bytes
UNPACKED_FLOOR = 64 * 1024**2
MAX_RECORD = 1024**2  # fetched.json
CHUNK = 1024**2
TIMEOUT = 60  # seconds without an answer before a download gives up
DEADLINE = 3600  # seconds a whole download may take
MIN_RATE = 4096  # bytes a second, on average over each RATE_WINDOW seconds of a download
RATE_WINDOW = 60
LOCK_WAIT = 600  # seconds a fetch waits for another one to finish
_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_COMMIT = re.compile(r"^[0-9a-f]{40}$")
# GitHub's own rules: an owner of letters, digits and inner hyphens (39 at most), a name of letters, digits, `.`,
# `_` and `-` (100 at most), never `.` or `..`; anything else (a `/`, `#`, `?`, a newline) would change the address.
_REPOSITORY = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?/(?!\.\.?$)[A-Za-z0-9._-]{1,100}$")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_SOURCE_PART = re.compile(r"^[A-Za-z0-9_*][A-Za-z0-9._*-]*$")  # a folder or file name, or a `*.yaml` pattern
MAX_MANIFEST = 4 * 1024**2


class FetchError(CodexError):
    """The pool could not be fetched, verified or installed; the message is one sentence for the user."""

    def __init__(self, message: str):
        super().__init__(" ".join(str(message).split()))  # one line, whatever a reason quoted held


# -----------------------------------------------------------------------------------------------------------
# The manifest
# -----------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SourcePath:
    """One source path of the repository (a file, or `dir/*.yaml`) and where its files go in the pool folder."""

    repository_path: str
    pool_path: str

    def pool_name(self, repository_path: str) -> str | None:
        """The pool name of a file at `repository_path`, or None when this source does not take it."""
        return _map(repository_path, self.repository_path, self.pool_path)

    def takes(self, pool_name: str) -> bool:
        return _map(pool_name, self.pool_path, self.pool_path) is not None

    def repository_name(self, pool_name: str) -> str:
        return _map(pool_name, self.pool_path, self.repository_path) or self.repository_path


def _map(path: str, pattern: str, target: str) -> str | None:
    folder, _, name = path.rpartition("/")
    want_folder, want_name = _split_pattern(pattern)
    if folder != want_folder or not want_name(name):
        return None
    target_folder, target_name = posixpath.split(target)
    return posixpath.join(target_folder, name if "*" in target_name else target_name)


@functools.lru_cache(maxsize=64)
def _split_pattern(pattern: str):
    """A source's folder and a matcher of its file names, made once: every member of an archive is looked at."""
    folder, _, name = pattern.rpartition("/")
    return folder, re.compile(fnmatch.translate(name)).match


DEFAULT_SOURCES = (
    SourcePath("src/yasuki_core/assets/database/sets/*.yaml", "sets/*.yaml"),
    SourcePath("src/yasuki_core/assets/database/set_info.yaml", "set_info.yaml"),
)


@dataclass(frozen=True)
class Manifest:
    repository: str
    commit: str
    sources: tuple[SourcePath, ...] = DEFAULT_SOURCES
    files: dict[str, tuple[int, str]] = field(default_factory=dict)  # pool name -> (size, SHA-256)

    @property
    def archive_url(self) -> str:
        return ARCHIVE_URL.format(repository=self.repository, commit=self.commit)

    @property
    def short(self) -> str:
        return f"{self.repository}@{self.commit[:7]}"

    def source_of(self, pool_name: str) -> SourcePath | None:
        return next((s for s in self.sources if s.takes(pool_name)), None)

    def as_json(self) -> dict:
        return {
            "repository": self.repository,
            "commit": self.commit,
            "archive": ARCHIVE_URL.replace("{repository}", "<repository>").replace("{commit}", "<commit>"),
            "sources": [{"repository_path": s.repository_path, "pool_path": s.pool_path} for s in self.sources],
            "files": [
                {"name": name, "size": size, "sha256": digest} for name, (size, digest) in sorted(self.files.items())
            ],
        }


def load_manifest(path: str | os.PathLike | None = None) -> Manifest:
    where = Path(path) if path else MANIFEST_FILE
    try:
        doc = json.loads(read_text(where, MAX_MANIFEST))
        sources = tuple(SourcePath(str(s["repository_path"]), str(s["pool_path"])) for s in doc["sources"])
        files = {str(f["name"]): (int(f["size"]), str(f["sha256"])) for f in doc["files"]}
        manifest = Manifest(str(doc["repository"]), str(doc["commit"]), sources, files)
    except UnreadableFile as exc:
        raise FetchError(f"the card pool manifest {where} {exc.reason}") from None
    except (ValueError, KeyError, TypeError, AttributeError):
        raise FetchError(f"the card pool manifest {where} is not a valid manifest") from None
    if not manifest.files or not manifest.sources:
        raise FetchError(f"the card pool manifest {where} lists no files")
    problem = manifest_problem(manifest)
    if problem:
        raise FetchError(f"the card pool manifest {where} is refused: {problem}")
    return manifest


def repository_problem(repository: str) -> str | None:
    """Why `repository` is not a GitHub `owner/name`, or None."""
    if _REPOSITORY.fullmatch(repository):
        return None
    return f"{json.dumps(repository)[:80]} is not a repository's owner/name (such as someone/game_on_yasuki)"


def commit_problem(commit: str) -> str | None:
    """Why `commit` is not a full commit id, or None."""
    if _COMMIT.fullmatch(commit):
        return None
    return f"{json.dumps(commit)[:80]} is not a full 40-character commit id (0-9, a-f)"


def manifest_problem(manifest: Manifest) -> str | None:
    """The first field of the manifest that could lead a fetch anywhere but the pinned archive and the pool's own
    folder (the pool's place is <cache>/cardpool/<commit>, its files <place>/<name>), or None."""
    problem = repository_problem(manifest.repository) or commit_problem(manifest.commit)
    if problem:
        return problem
    for source in manifest.sources:
        for path in (source.repository_path, source.pool_path):
            if not all(_SOURCE_PART.fullmatch(part) for part in path.split("/")):
                return f"the source path {json.dumps(path)[:80]} is not a plain relative path"
    for name, (size, digest) in manifest.files.items():
        if not all(_SAFE_NAME.fullmatch(part) for part in name.split("/")) or manifest.source_of(name) is None:
            return f"the file name {json.dumps(name)[:80]} is not a plain name one of its sources takes"
        if size < 0 or not _SHA256.fullmatch(digest):
            return f"the file {name} has no valid size and SHA-256"
    return None


def write_manifest(manifest: Manifest, path: str | os.PathLike | None = None) -> Path:
    where = Path(path) if path else MANIFEST_FILE
    problem = manifest_problem(manifest)
    if problem:
        raise FetchError(f"the manifest was not written: {problem}")
    text = json.dumps(manifest.as_json(), indent=1) + "\n"
    try:
        write_whole(where, text)
    except OSError as exc:
        raise FetchError(f"cannot write the manifest {where}: {exc.strerror}") from None
    return where


def file_facts(folder: Path, manifest: Manifest) -> dict[str, tuple[int, str]]:
    """Size and SHA-256 of every file of `folder` one of the manifest's sources takes, by pool name."""
    facts = {}
    for name in _pool_files(folder, manifest.sources):
        try:
            facts[name] = _size_and_digest(folder / name)
        except UnreadableFile as exc:
            raise FetchError(f"{folder / name} {exc.reason}") from None
    return facts


def _size_and_digest(path: Path) -> tuple[int, str]:
    with open_regular(path) as stream:
        return os.fstat(stream.fileno()).st_size, hashlib.file_digest(stream, "sha256").hexdigest()  # type: ignore[arg-type]


def _pool_files(folder: Path, sources) -> list[str]:
    names = []
    for source in sources:
        pool_folder, pattern = posixpath.split(source.pool_path)
        base = folder / pool_folder if pool_folder else folder
        if base.is_dir():
            names += [
                posixpath.join(pool_folder, p.name)
                for p in sorted(base.iterdir())
                if p.is_file() and fnmatch.fnmatchcase(p.name, pattern)
            ]
    return names


def verify(folder: Path, manifest: Manifest) -> list[str]:
    """Every way `folder` differs from the manifest, one sentence each (none: it is the pinned commit's pool)."""
    problems = []
    found = set(_pool_files(folder, manifest.sources))
    bar = meter("verifying the card pool", len(manifest.files), Unit.FILES)
    for name, (size, digest) in sorted(manifest.files.items()):
        bar.advance()
        path = folder / name
        if name not in found:
            problems.append(f"missing file: {name}")
            continue
        try:
            actual = _size_and_digest(path)
        except UnreadableFile as exc:
            problems.append(f"unreadable file: {name} {exc.reason}")
            continue
        if actual != (size, digest):
            problems.append(f"bad checksum: {name} is not the file of {manifest.short}")
    bar.close()
    problems += [f"{name} is not a file of {manifest.short}" for name in sorted(found - set(manifest.files))]
    return problems


# -----------------------------------------------------------------------------------------------------------
# The installed pool
# -----------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Installed:
    folder: Path
    record: dict

    @property
    def origin(self) -> str:
        return str(self.record.get("from", "?"))

    @property
    def fetched_at(self) -> str:
        return str(self.record.get("fetched_at", "?"))


def pool_root(cache_dir: Path | None | str = "default") -> Path | None:
    if cache_dir == "default":
        from ..data.cachedir import default_cache_dir

        cache_dir = default_cache_dir()
    return Path(cache_dir) / POOL_FOLDER if cache_dir else None


def pool_place(root: Path, manifest: Manifest) -> Path:
    """<root>/<commit>: the pool's folder, refused unless it is a folder name directly inside `root`."""
    problem = commit_problem(manifest.commit) or repository_problem(manifest.repository)
    place = root / manifest.commit
    if problem is None and os.path.dirname(os.path.realpath(place)) != os.path.realpath(root):
        problem = f"{place} is not a folder directly inside {root} (a symbolic link?)"  # resolved, links and all
    if problem:
        raise FetchError(f"the card pool's place is refused: {problem}")
    return place


def installed(manifest: Manifest | None = None, cache_dir: Path | None | str = "default") -> Installed | None:
    """The fetched pool of the pinned commit, when one was installed (its record present); not re-verified."""
    root = pool_root(cache_dir)
    if root is None:
        return None
    folder = pool_place(root, manifest or load_manifest())
    path = folder / RECORD_FILE
    try:
        record = json.loads(read_bytes(path, MAX_RECORD))
    except UnreadableFile as exc:
        if not os.path.lexists(path):
            return None
        raise FetchError(
            f"the fetched pool's record {path} {exc.reason}; fetch the pool again with `l5r cardpool fetch --force`"
        ) from None
    except (ValueError, RecursionError):
        return None
    if not isinstance(record, dict) or not (folder / "sets").is_dir():
        return None
    return Installed(folder, record)


# -----------------------------------------------------------------------------------------------------------
# Fetching
# -----------------------------------------------------------------------------------------------------------


def fetch(
    source: str | os.PathLike | None = None,
    *,
    manifest: Manifest | None = None,
    cache_dir: Path | None | str = "default",
    now: dt.datetime | None = None,
) -> Installed:
    """Gather the pool's files from `source` (None: the pinned commit's archive from GitHub), verify every one
    against the manifest, and install them as <cache>/cardpool/<commit>/; raises FetchError, leaving nothing."""
    manifest = manifest or load_manifest()
    root = pool_root(cache_dir)
    if root is None:
        raise FetchError("no writable cache folder for the card pool; set L5R_CACHE_DIR to one")
    problem = manifest_problem(manifest)
    if problem:
        raise FetchError(f"the card pool manifest is refused: {problem}")
    place = pool_place(root, manifest)
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _disk_error(exc, root) from None
    with _locked(root):
        _sweep(root)
        staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=root))
        try:
            pool = staging / "pool"
            pool.mkdir()
            shown = gather(source if source is not None else manifest.archive_url, manifest.sources, pool, staging)
            problems = verify(pool, manifest)
            if problems:
                raise FetchError(_verify_failure(problems[0], shown, manifest))
            record = {
                "repository": manifest.repository,
                "commit": manifest.commit,
                "from": shown,
                "fetched_at": (now or dt.datetime.now(dt.timezone.utc)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                "files": len(manifest.files),
                "bytes": sum(size for size, _ in manifest.files.values()),
            }
            _write_bytes(pool / RECORD_FILE, (json.dumps(record, indent=1) + "\n").encode(), root)
            _swap_in(pool, place, staging)
        except OSError as exc:
            raise _disk_error(exc, root) from None
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return Installed(place, record)


def _verify_failure(problem: str, shown: str, manifest: Manifest) -> str:
    if problem.startswith("missing file: "):
        name = problem[len("missing file: ") :]
        source = manifest.source_of(name)
        where = source.repository_name(name) if source else name
        return f"missing file: {shown} has no {where} (a file of {manifest.short}); nothing was installed"
    return f"{problem} (from {shown}); nothing was installed"


def _swap_in(pool: Path, final: Path, staging: Path) -> None:
    """Rename the verified folder into place; an earlier fetch of the same commit is replaced, never lost half."""
    old = staging / "previous"
    had = final.exists()
    if had:
        os.rename(final, old)
    try:
        os.rename(pool, final)
    except BaseException:
        if had and not final.exists():
            os.rename(old, final)
        raise


@contextlib.contextmanager
def _locked(root: Path):
    """Two fetches at once: the second waits (LOCK_WAIT at most, and says so), then replaces the first's pool. The
    lock file is never followed as a link (its target would be created or truncated), never waited on as a FIFO."""
    import fcntl
    import time

    path = root / ".lock"
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        why = "is a symbolic link" if exc.errno == errno.ELOOP else f"cannot be opened ({exc.strerror})"
        raise FetchError(f"the card pool's lock file {path} {why}; remove it and fetch again") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FetchError(f"the card pool's lock file {path} is not a regular file; remove it and fetch again")
        waited_since = None
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                now = time.monotonic()
                if waited_since is None:
                    waited_since = now
                    print(
                        f"l5r cardpool fetch: another fetch of the card pool is running; waiting for it to end "
                        f"(at most {LOCK_WAIT} s)",
                        file=sys.stderr,
                        flush=True,
                    )
                elif now - waited_since >= LOCK_WAIT:
                    raise FetchError(
                        f"another fetch of the card pool has held {path} for {LOCK_WAIT} s; try again when it has ended"
                    ) from None
                time.sleep(min(0.2, LOCK_WAIT))
        yield
    finally:
        os.close(fd)


def _sweep(root: Path) -> None:
    """Staging folders a killed run left (the lock is held: no other fetch is running)."""
    for leftover in root.glob(".staging-*"):
        shutil.rmtree(leftover, ignore_errors=True)


def gather(source: str | os.PathLike, sources: tuple[SourcePath, ...], pool: Path, work: Path) -> str:
    """Copy the files the manifest's sources name from `source` into `pool` (pool names); returns how the source
    is shown to the user. `work` holds a downloaded archive while it is read."""
    text = os.fspath(source)
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://", text):
        if not text.lower().startswith(("http://", "https://")):
            raise FetchError(f"{shown_source(text)}: only http:// and https:// addresses can be fetched")
        archive = work / "download"
        _download(text, archive, pool)
        _extract(archive, sources, pool, shown_source(text))
        return shown_source(text)
    path = Path(text).expanduser()
    if path.is_dir():
        _copy_folder(path, sources, pool)
        return str(path.resolve())
    if path.is_file():
        _extract(path, sources, pool, str(path))
        return str(path.resolve())
    raise FetchError(f"{text}: no such file or folder (give a checkout, a pool folder, an archive or a URL)")


def shown_source(source: str | os.PathLike) -> str:
    """A source as it may be printed: an address without its user and password."""
    text = os.fspath(source)
    return _shown_url(text) if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://", text) else text


def _copy_folder(folder: Path, sources: tuple[SourcePath, ...], pool: Path) -> None:
    """A checkout (the files at their repository paths) or a pool folder (sets/, set_info.yaml)."""
    for layout in ("repository", "pool"):
        chosen: list[tuple[Path, str]] = []
        for source in sources:
            pattern = source.repository_path if layout == "repository" else source.pool_path
            sub, name_pattern = posixpath.split(pattern)
            base = folder / sub if sub else folder
            if base.is_dir():
                for p in sorted(base.iterdir()):
                    if fnmatch.fnmatchcase(p.name, name_pattern) and p.is_file():
                        if len(chosen) >= MAX_POOL_FILES:
                            raise FetchError(
                                f"{folder} holds more than {MAX_POOL_FILES:,} of the files the card pool "
                                "would take; refused"
                            )
                        chosen.append(
                            (
                                p,
                                posixpath.join(posixpath.split(source.pool_path)[0], p.name)
                                if "*" in source.pool_path
                                else source.pool_path,
                            )
                        )
        if chosen:
            break
    else:
        wanted = ", ".join(s.repository_path for s in sources)
        raise FetchError(
            f"{folder} holds neither the repository's files ({wanted}) nor a card pool folder "
            f"({', '.join(s.pool_path for s in sources)})"
        )
    total = 0
    for path, name in chosen:
        _check_name(name, str(path))
        try:  # without blocking: a file swapped for a FIFO after the listing is refused, not waited on
            stream = open_regular(path)
        except UnreadableFile as exc:  # a reading problem of the source, not of the disk written to
            raise FetchError(f"cannot read {path}: it {exc.reason}") from None
        with stream:
            total += _store(stream, pool / name, f"{path}", pool, total)


def _extract(archive: Path, sources: tuple[SourcePath, ...], pool: Path, shown: str) -> None:
    try:
        stream = open_regular(archive)  # read from this one descriptor: never a FIFO swapped in meanwhile
    except UnreadableFile as exc:
        raise FetchError(f"cannot read {shown}: it {exc.reason}") from None
    with stream:
        packed = os.fstat(stream.fileno()).st_size
        if packed > MAX_DOWNLOAD:
            raise FetchError(
                f"{shown} is {packed // 1024**2:,} MB, more than the {MAX_DOWNLOAD // 1024**3} GB "
                "a card pool archive may be; refused"
            )
        head = stream.read(4)
        stream.seek(0)
        members = _zip_members if head.startswith(b"PK") else _tar_members
        total, taken = 0, set[str]()
        try:
            for name, kind, open_member in members(stream, shown, packed):
                pool_name = _pool_name_in_archive(name, sources)
                if pool_name is None:
                    continue
                if kind != "file":
                    raise FetchError(f"{shown}: {name} is a {kind}, not a plain file; the archive was refused")
                if pool_name in taken:
                    raise FetchError(f"{shown}: {name} appears twice; the archive was refused")
                _check_name(pool_name, f"{shown}: {name}")
                if len(taken) >= MAX_POOL_FILES:
                    raise FetchError(
                        f"{shown} holds more than {MAX_POOL_FILES:,} of the files the card pool would "
                        "take; the archive was refused"
                    )
                taken.add(pool_name)
                with open_member() as member:
                    total += _store(member, pool / pool_name, f"{shown}: {name}", pool, total)
        except _ARCHIVE_ERRORS as exc:
            raise FetchError(f"{shown} is truncated or corrupt ({_reason(exc)}); nothing was installed") from None


_ARCHIVE_ERRORS = (tarfile.TarError, zipfile.BadZipFile, EOFError, zlib.error, ValueError)


def _reason(exc: BaseException) -> str:
    text = " ".join(str(exc).split()).rstrip(".") or type(exc).__name__
    return text if len(text) <= 200 else text[:200] + "…"


def _pool_name_in_archive(name: str, sources: tuple[SourcePath, ...]) -> str | None:
    """An archive holds the repository's files under one top folder (GitHub: <name>-<commit>/) or at its root,
    or a pool folder's files; a name with `..` or a leading `/` is never taken."""
    name = name.removeprefix("./")
    parts = name.split("/")
    if name.startswith("/") or ".." in parts or "\\" in name:
        return None
    candidates = [name, "/".join(parts[1:])] if len(parts) > 1 else [name]
    for candidate in candidates:
        for source in sources:
            mapped = source.pool_name(candidate) or (candidate if source.takes(candidate) else None)
            if mapped:
                return mapped
    return None


def _tar_members(stream: BinaryIO, shown: str, packed: int) -> Iterator[tuple[str, str, Callable[[], Any]]]:
    """The members in the order they come, read as a stream (each member's data read at most once, no list of the
    members kept), within MAX_MEMBERS and the unpacked-size limit, checked on each member's header before its data
    is read."""
    unpacked_limit = min(MAX_UNPACKED, max(UNPACKED_FLOOR, UNPACKED_RATIO * packed))
    try:
        tar = tarfile.open(fileobj=stream, mode="r|*")
    except _ARCHIVE_ERRORS as exc:
        raise FetchError(f"{shown} is not a readable .tar.gz or .zip archive ({_reason(_first_reason(exc))})") from None
    with tar:
        count = 0
        while True:
            member = tar.next()
            if member is None:
                return
            tar.members.clear()  # type: ignore[attr-defined]  # tarfile keeps every member it read: 4 million empty members took 1.77 GB
            count += 1
            if count > MAX_MEMBERS:
                raise FetchError(f"{shown} holds more than {MAX_MEMBERS:,} members; the archive was refused")
            if member.offset_data + member.size > unpacked_limit:
                raise FetchError(
                    f"{shown} unpacks to more than {unpacked_limit // 1024**2:,} MB; the archive was refused"
                )
            kind = (
                "file"
                if member.isreg()
                else "link"
                if (member.issym() or member.islnk())
                else "folder"
                if member.isdir()
                else "special file"
            )
            yield member.name, kind, functools.partial(tar.extractfile, member)


def _first_reason(exc: BaseException) -> BaseException:
    """tarfile's "could not be opened successfully" lists a reason per compression it tried, on lines of their own:
    the first one is the format the file claims to be."""
    found = re.search(r"method \w+: (\w+)\('([^']*)'\)", str(exc))
    return ValueError(found.group(2)) if found else exc


def _zip_members(stream: BinaryIO, shown: str, packed: int) -> Iterator[tuple[str, str, Callable[[], Any]]]:
    """The members of a .zip archive: their number read from its end record first, so that a central directory of
    millions of entries is refused before zipfile makes a list of it."""
    try:
        end = zipfile._EndRecData(stream)  # type: ignore[attr-defined]  # noqa: SLF001 - the one reader of the end record (zip64 too)
    except OSError:
        end = None
    if end is None:
        raise FetchError(f"{shown} is not a readable .zip archive (no end of central directory)")
    if end[zipfile._ECD_ENTRIES_TOTAL] > MAX_MEMBERS:  # type: ignore[attr-defined]  # noqa: SLF001
        raise FetchError(f"{shown} holds more than {MAX_MEMBERS:,} members; the archive was refused")
    stream.seek(0)
    try:
        zf = zipfile.ZipFile(stream)
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise FetchError(f"{shown} is not a readable .zip archive ({_reason(exc)})") from None
    with zf:
        for info in zf.infolist():
            mode = (info.external_attr >> 16) & 0o170000
            kind = "folder" if info.is_dir() else "link" if mode == 0o120000 else "file"
            yield info.filename, kind, functools.partial(zf.open, info)


def _check_name(pool_name: str, shown: str) -> None:
    if not all(_SAFE_NAME.fullmatch(part) for part in pool_name.split("/")):
        raise FetchError(f"{shown}: the file name is not a plain name; refused")


def _store(stream: BinaryIO, dest: Path, shown: str, pool: Path, total: int) -> int:
    """Copy `stream` to a new file `dest` within the size limits; returns the bytes written."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    written = 0
    try:
        while True:
            chunk = stream.read(CHUNK)
            if not chunk:
                return written
            written += len(chunk)
            if written > MAX_FILE:
                raise FetchError(f"{shown} is larger than {MAX_FILE // 1024**2} MB; refused")
            if total + written > MAX_POOL:
                raise FetchError(f"the card pool would be larger than {MAX_POOL // 1024**2} MB; refused")
            _write_all(fd, chunk)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _write_bytes(path: Path, data: bytes, root: Path) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        _write_all(fd, data)
    finally:
        os.close(fd)


def _disk_error(exc: OSError, root: Path) -> FetchError:
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return FetchError(
            f"the disk is full: no room to write the card pool under {root} (it needs about 15 MB "
            "beside the download); nothing was installed"
        )
    return FetchError(f"cannot write the card pool under {root}: {exc.strerror or exc}; nothing was installed")


# -----------------------------------------------------------------------------------------------------------
# Downloading
# -----------------------------------------------------------------------------------------------------------


def _shown_url(url: str) -> str:
    """The address without any user:password part."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    host = parts.hostname or ""
    try:
        port = parts.port
    except ValueError:  # not a number: shown without it, the download says what is wrong
        port = None
    netloc = f"{host}:{port}" if port else host
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))


def _proxy_for(url: str) -> str | None:
    import urllib.request
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    proxy = urllib.request.getproxies().get(parts.scheme)
    if not proxy or urllib.request.proxy_bypass(parts.hostname or ""):
        return None
    return _shown_url(proxy if "://" in proxy else f"http://{proxy}")


class _RedirectRefused(FetchError):
    """A redirect to an address that is not http(s): the message is that address, shown without a password."""


def _opener():
    """A fresh opener (urlopen's shared one keeps the proxy settings of its first use) that follows redirects only
    to http:// and https:// addresses (urllib's own follows one to ftp:// as well)."""
    import urllib.request
    from urllib.parse import urlsplit

    class Redirects(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, req, fp, code, msg, headers, newurl):
            if urlsplit(newurl).scheme.lower() not in ("http", "https"):
                raise _RedirectRefused(_shown_url(newurl))
            return super().redirect_request(req, fp, code, msg, headers, newurl)

    return urllib.request.build_opener(Redirects)


def _request(url: str):
    """The request for `url`; a user:password in the address is sent as HTTP basic authentication, never as part of
    the host name (urllib looked up `user:password@host` as a name)."""
    import base64
    import urllib.request
    from urllib.parse import unquote, urlsplit, urlunsplit

    parts = urlsplit(url)
    headers = {"User-Agent": "l5r-codex cardpool fetch"}
    if "@" in parts.netloc:
        user = unquote(parts.username or "")
        password = unquote(parts.password or "")
        token = base64.b64encode(f"{user}:{password}".encode()).decode("ascii")
        headers["Authorization"] = f"Basic {token}"
        url = urlunsplit((parts.scheme, parts.netloc.rpartition("@")[2], parts.path, parts.query, ""))
    return urllib.request.Request(url, headers=headers)


def _download(url: str, dest: Path, pool: Path) -> None:
    import http.client
    import socket
    import ssl
    import time
    import urllib.error
    from urllib.parse import urlsplit

    shown = _shown_url(url)
    proxy = _proxy_for(url)
    try:
        host = urlsplit(url).hostname or shown
        response = _opener().open(_request(url), timeout=TIMEOUT)
    except _RedirectRefused as exc:
        raise FetchError(f"{shown} redirects to {exc}, which is not an http:// or https:// address; refused") from None
    except urllib.error.HTTPError as exc:
        if proxy and exc.code in (407, 502, 503, 504):
            raise FetchError(
                f"proxy error: the proxy {proxy} answered HTTP {exc.code} ({exc.reason}) for {shown}"
            ) from None
        raise FetchError(f"HTTP error {exc.code} ({exc.reason}) from {shown}") from None
    except urllib.error.URLError as exc:
        raise FetchError(_unreachable(exc.reason, shown, host, proxy)) from None
    except (OSError, http.client.HTTPException, ValueError) as exc:
        raise FetchError(_unreachable(exc, shown, host, proxy)) from None
    received = 0
    started = window_start = time.monotonic()
    window_bytes = 0
    with response:
        length = response.headers.get("Content-Length")
        if length is not None and not re.fullmatch(r"[0-9]{1,20}", length.strip()):
            raise FetchError(
                f"{shown} answered with a Content-Length that is not a number ({json.dumps(length[:40])}); refused"
            )
        expected = int(length) if length is not None else None
        if expected is not None and expected > MAX_DOWNLOAD:
            raise FetchError(
                f"{shown} is {expected // 1024**2} MB, more than the "
                f"{MAX_DOWNLOAD // 1024**3} GB a card pool archive may be; refused"
            )
        fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        bar = meter("downloading the card pool", expected, Unit.BYTES)
        try:
            while True:
                now = time.monotonic()
                # One read waits no longer than the download may still take, nor past the end of a rate window
                # (silence there is a rate below the minimum): never the whole socket timeout after the deadline.
                _wait_at_most(response, min(TIMEOUT, started + DEADLINE - now, _window_left(window_start, now)))
                try:
                    # read1: what has come (at most CHUNK), so that the clock below is looked at as bytes trickle
                    chunk = response.read1(CHUNK)
                except socket.timeout as exc:
                    late = _too_late(shown, received, started, window_start, window_bytes, waited=True)
                    raise FetchError(late or _cut_short(shown, received, expected, exc)) from None
                except (http.client.HTTPException, ConnectionError, ssl.SSLError) as exc:
                    raise FetchError(_cut_short(shown, received, expected, exc)) from None
                if not chunk:
                    break
                received += len(chunk)
                window_bytes += len(chunk)
                if received > MAX_DOWNLOAD:
                    raise FetchError(f"{shown} sends more than {MAX_DOWNLOAD // 1024**3} GB; refused")
                _write_all(fd, chunk)
                bar.advance(len(chunk))
                late = _too_late(shown, received, started, window_start, window_bytes)
                if late:
                    raise FetchError(late)
                if time.monotonic() - window_start >= RATE_WINDOW:
                    window_start, window_bytes = time.monotonic(), 0
        finally:
            bar.close()
            os.close(fd)
    if expected is not None and received != expected:
        raise FetchError(_cut_short(shown, received, expected, None))


def _window_left(window_start: float, now: float) -> float:
    return window_start + RATE_WINDOW - now if MIN_RATE > 0 else float(TIMEOUT)


def _wait_at_most(response, seconds: float) -> None:
    """Bound the next read of an HTTP response (http.client keeps its socket in fp.raw._sock; where that is not
    so, the socket keeps the timeout it was opened with)."""
    sock = getattr(getattr(getattr(response, "fp", None), "raw", None), "_sock", None)
    if sock is not None:
        sock.settimeout(max(0.05, seconds))


def _too_late(
    shown: str, received: int, started: float, window_start: float, window_bytes: int, waited: bool = False
) -> str | None:
    """The sentence when the download is past its deadline or, over a whole rate window, below the minimum rate.
    `waited`: a read has just timed out at one of those ends (a clock may read a hair before it)."""
    import time

    now = time.monotonic() + (0.01 if waited else 0.0)
    if now - started >= DEADLINE:
        return (
            f"the download from {shown} did not end within {DEADLINE:,} s "
            f"({received:,} bytes received); nothing was installed"
        )
    if now - window_start >= RATE_WINDOW and window_bytes < MIN_RATE * (now - window_start):
        return (
            f"the download from {shown} is too slow: {window_bytes:,} bytes in the last "
            f"{now - window_start:.0f} s, less than {MIN_RATE:,} bytes a second "
            f"({received:,} bytes received); nothing was installed"
        )
    return None


def _cut_short(shown: str, received: int, expected: int | None, exc) -> str:
    of = f" of {expected:,}" if expected is not None else ""
    why = " (the connection timed out)" if exc is not None and "timed out" in str(exc) else ""
    return f"the download from {shown} was cut short after {received:,}{of} bytes{why}; nothing was installed"


def _unreachable(reason, shown: str, host: str, proxy: str | None) -> str:
    import socket
    import ssl

    text = str(reason)
    if proxy:
        if "Tunnel connection failed" in text:
            status = text.split(":", 1)[-1].strip()
            return f"proxy error: the proxy {proxy} refused to connect to {host} ({status})"
        if isinstance(reason, (ConnectionError, socket.gaierror, socket.timeout, TimeoutError)):
            return f"proxy error: cannot reach the proxy {proxy} ({_why(reason)})"
    if isinstance(reason, ssl.SSLCertVerificationError):
        return f"cannot verify the certificate of {host} ({reason.verify_message}); nothing was downloaded"
    if isinstance(reason, (ConnectionError, socket.gaierror, socket.timeout, TimeoutError, OSError)):
        return f"no network: cannot reach {host} ({_why(reason)}); with a copy of the pool, give it with --from PATH"
    return f"cannot download {shown} ({_reason(reason) if isinstance(reason, BaseException) else text})"


def _why(reason) -> str:
    import socket

    if isinstance(reason, socket.gaierror):
        return "its name does not resolve"
    if isinstance(reason, ConnectionRefusedError):
        return "connection refused"
    if isinstance(reason, (socket.timeout, TimeoutError)):
        return f"no answer within {TIMEOUT} s"
    return getattr(reason, "strerror", None) or str(reason)
