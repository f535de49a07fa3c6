"""The JSON Schemas in data/schemas/, used by the loader exactly as an editor uses them."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import stat
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from .safefile import UnreadableFile, read_text
from .yamlsource import Problem, YamlDocument

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator, FormatChecker

KINDS = (
    "format",
    "rules",
    "abilities",
    "keywords",
    "bans",
    "changelog",
    "rulings",
    "sets",
    "card",
    "redirects",
    "set_acronyms",
)


# `format: date` refuses days the calendar lacks (2015-02-30); text that is not YYYY-MM-DD at all is left to the
# schema's pattern, so the maintainer reads one sentence, not two.
def _calendar_day(value) -> bool:
    if isinstance(value, str) and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
        dt.date.fromisoformat(value)
    return True


# jsonschema is imported only when a document is checked: a command whose data the memo below knows clean (every
# `l5r` run after the first) never needs it, and importing it is a third of the command's start-up.
@cache
def _format_checker() -> FormatChecker:
    from jsonschema import FormatChecker

    checker = FormatChecker(formats=())
    checker.checks("date", raises=ValueError)(_calendar_day)
    return checker


def _validators(schema_dir: Path) -> dict[str, Draft202012Validator]:
    """The schemas' validators as the files are now (compiled once for each version of the schemas: a schema
    edited under `mkdocs serve` is the one the next loading checks against)."""
    return _compiled_validators(schema_dir, _digest_of(schema_dir))


@cache
def _compiled_validators(schema_dir: Path, digest: str) -> dict[str, Draft202012Validator]:
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    resources = {}
    for path in sorted(schema_dir.glob("*.schema.json")):
        resources[path.name] = json.loads(path.read_text(encoding="utf-8"))
    # Schemas refer to each other by file name, as yaml-language-server resolves them from disk.
    registry = Registry().with_resources(
        (name, Resource.from_contents(contents)) for name, contents in resources.items()
    )
    return {
        kind: Draft202012Validator(
            resources[f"{kind}.schema.json"], registry=registry, format_checker=_format_checker()
        )
        for kind in KINDS
        if f"{kind}.schema.json" in resources
    }


def validate(doc: YamlDocument, schema_dir: Path) -> list[Problem]:
    """Every schema violation in one document, located at the offending value."""
    value = doc.value
    if not isinstance(value, dict):
        return [Problem(doc.path, 1, 1, "the file must be a mapping that starts with `kind:`")]
    key = _clean_key(value, schema_dir)
    if key is not None and key in _known_clean(schema_dir):
        return []  # found clean before, under these very schemas (the kind included)
    kind = value.get("kind")
    validators = _validators(schema_dir)
    if not isinstance(kind, str) or kind not in validators:  # a list or mapping here is not a kind either
        line, col = doc.location(("kind",))
        known = ", ".join(KINDS)
        said = f"'{kind}'" if kind is not None else "nothing"
        return [Problem(doc.path, line, col, f"`kind:` says {said}; it must be one of: {known}")]
    problems = []
    for error in validators[kind].iter_errors(value):
        line, col = doc.location(error.absolute_path)
        problems.append(Problem(doc.path, line, col, _sentence(error)))
    if not problems and key is not None:
        _remember_clean(schema_dir, key)
    return problems


# ---------------------------------------------------------------------------------------------------------
# Documents already found clean: validation is a pure function of the value and the schemas
# ---------------------------------------------------------------------------------------------------------
# Checking every file against its schema is most of what loading the data costs (0.3 s of 0.5 s), and every
# `l5r` command, build and `mkdocs serve` rebuild loads it again. A document whose value is, byte for
# byte, one already found clean under the very same schemas is clean again: its digest is remembered, in the
# process and in the cache folder. Only clean results are kept, so every problem is always reported afresh.

_CLEAN: dict[str, set[str]] = {}
_MEMO_LINES = 20_000
# A line is a 16-digit schema digest, a colon and a 64-digit document digest: 20,000 lines fit in 2 MB. The memo
# is read like every input (a regular file, within that size, UTF-8): a FIFO, a device or a huge file put in the
# cache folder is no memo at all, never a hang or a blow-up.
MEMO_BYTES = 2 * 1024 * 1024


def _schema_digest(schema_dir: Path) -> str:
    digest = hashlib.sha256(Path(__file__).read_bytes())  # this file's checks (`format: date`) count too
    for path in sorted(schema_dir.glob("*.schema.json")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


_SCHEMA_DIGESTS: dict[Path, tuple[tuple, str]] = {}


def look_at_schemas(schema_dir: Path) -> None:
    """Notice an edited schema: `read_all` calls this once per reading, so that each document's check does not
    look at the schema files again."""
    stamp = tuple(
        (p.name, s.st_mtime_ns, s.st_size) for p in sorted(schema_dir.glob("*.schema.json")) for s in [p.stat()]
    )
    known = _SCHEMA_DIGESTS.get(schema_dir)
    if known is None or known[0] != stamp:
        _SCHEMA_DIGESTS[schema_dir] = (stamp, _schema_digest(schema_dir))


def _digest_of(schema_dir: Path) -> str:
    if schema_dir not in _SCHEMA_DIGESTS:
        look_at_schemas(schema_dir)
    return _SCHEMA_DIGESTS[schema_dir][1]


def _clean_key(value, schema_dir: Path) -> str | None:
    try:
        text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):  # keys of mixed types: just validate
        return None
    return _digest_of(schema_dir) + ":" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _memo_file(schema_dir: Path) -> Path | None:
    from .cachedir import default_cache_dir

    folder = default_cache_dir()
    return folder / f"schema-clean-{_digest_of(schema_dir)}.txt" if folder else None


def _known_clean(schema_dir: Path) -> set[str]:
    digest = _digest_of(schema_dir)
    known = _CLEAN.get(digest)
    if known is None:
        known = _CLEAN[digest] = set()
        path = _memo_file(schema_dir)
        if path is None or not path.exists():
            return known
        try:
            lines = read_text(path, MEMO_BYTES).split()
        except UnreadableFile as exc:
            if exc.reason.startswith("is larger than") or exc.reason.startswith("is not UTF-8"):
                _start_afresh(path)
            return known
        if len(lines) > _MEMO_LINES:  # every edit adds a line: start afresh rather than grow for ever
            _start_afresh(path)
        else:
            known.update(line for line in lines if line.startswith(digest + ":"))
    return known


def _start_afresh(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def _remember_clean(schema_dir: Path, key: str) -> None:
    known = _known_clean(schema_dir)
    if key in known:
        return
    known.add(key)
    path = _memo_file(schema_dir)
    if path is None:
        return
    try:  # appended whole lines; a torn or foreign line is never a digest that matches
        # Opened without blocking, and written only when it is a regular file: a FIFO put there in place of the
        # memo would wait for a reader for ever.
        fd = os.open(
            path,
            os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0),
            0o644,
        )
    except OSError:
        return
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            os.write(fd, (key + "\n").encode("ascii"))
    except OSError:
        pass
    finally:
        os.close(fd)


def _sentence(error) -> str:
    """A plain sentence for a schema error, naming the field."""
    where = ".".join(str(p) for p in error.absolute_path) or "the file"
    if error.validator == "oneOf" and error.context:
        # Report the closest alternative rather than "is not valid under any of the given schemas".
        best = min(error.context, key=lambda e: (len(list(e.absolute_path)) * -1, e.validator != "type"))
        if best.validator != "type" or len(error.context) <= 2:
            return f"{where}: {best.message}"
        return f"{where}: {error.instance!r} is not one of the allowed shapes here"
    if error.validator == "required":
        return f"{where}: {error.message}"
    if error.validator == "additionalProperties":
        return f"{where}: {error.message} (check the spelling against the schema)"
    if error.validator == "pattern" and "id" in str(error.schema.get("description", "")).lower():
        return f"{where}: {error.instance!r} is not a valid id (lowercase words joined by single hyphens)"
    if error.validator == "format" and error.validator_value == "date":
        return f"{where}: {error.instance!r} is not a day of the calendar (YYYY-MM-DD)"
    if error.validator == "pattern" and error.schema.get("pattern", "").startswith("^[0-9]{4}"):
        return f"{where}: {error.instance!r} is not an ISO date (YYYY-MM-DD)"
    return f"{where}: {error.message}"
