"""Read one YAML file into plain Python values, remembering where every value came from.

PyYAML silently keeps the last of two duplicate keys; a format maintainer who pastes a rule twice would
lose one without a word. So we compose the node tree ourselves (with the C parser when present) and build
values from it, rejecting duplicates and recording the line and column of every value for error messages.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from pathlib import Path

import yaml
from ..errors import CodexError, ExitCode

from . import parsed
from .safefile import MB, UnreadableFile, read_text

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_DATA_BYTES = 4 * MB  # the largest data file is a few hundred kilobytes

# ---------------------------------------------------------------------------------------------------------
# Problems
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the data, located as `path:line:column: message`."""

    path: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}"


class DataError(CodexError):
    """Raised when data cannot be loaded; carries every problem found."""

    exit_code = ExitCode.BAD_INPUT  # for every command but `l5r check`, whose report the problems are

    def __init__(self, problems: list[Problem], folder: str | None = None):
        self.problems = sorted(problems)
        self.folder = folder
        super().__init__("\n".join(str(p) for p in self.problems))

    @property
    def details(self) -> tuple[str, ...]:
        return tuple(str(p) for p in self.problems)

    def __str__(self) -> str:
        count = f"{len(self.problems)} problem{'s' if len(self.problems) != 1 else ''}"
        where = f"the data in {self.folder}" if self.folder else "the data"
        return f"{where} has {count} (listed above); fix them first (`l5r check`)"


# ---------------------------------------------------------------------------------------------------------
# Located documents
# ---------------------------------------------------------------------------------------------------------

Location = tuple[int, int]  # 1-based line, column


@dataclass
class YamlDocument:
    """A parsed YAML file: its value and the location of every value by its path of keys and indexes."""

    path: str
    value: Any  # what YAML holds: a mapping for every document the Codex reads, checked by its schema
    locations: dict[tuple, Location]

    def location(self, keys) -> Location:
        """The closest known location for a path (falling back to its parents)."""
        keys = tuple(keys)
        while keys not in self.locations and keys:
            keys = keys[:-1]
        return self.locations.get(keys, (1, 1))


# ---------------------------------------------------------------------------------------------------------
# Shape limits, checked on the event stream before anything is composed
# ---------------------------------------------------------------------------------------------------------

MAX_DEPTH = 64  # the Codex nests a handful of levels; a document nested thousands deep crashes the composer


class ShapeError(Exception):
    """YAML that is valid but not of a shape the Codex reads: too deeply nested, or using aliases."""

    def __init__(self, message: str, mark):
        super().__init__(message)
        self.message = message
        self.line: int = mark.line + 1 if mark else 1
        self.column: int = mark.column + 1 if mark else 1


def error_line(exc: yaml.YAMLError) -> int | None:
    """The line (1-based) a YAML error points at, where it points at one."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    return mark.line + 1 if mark else None


def check_shape(
    text: str,
    loader=None,
    max_depth: int = MAX_DEPTH,
    aliases: str | None = None,
    max_expansion: int | None = None,
    duplicate_keys: bool = False,
) -> None:
    """Raise ShapeError for nesting deeper than `max_depth`, for (when `aliases` says why) any alias, for aliases
    that expand the document past `max_expansion` values, or (with `duplicate_keys`) for a plain key given twice
    in one mapping.

    libyaml's parser is iterative, but composing and constructing recurse: a document nested tens of thousands
    of levels deep overflows the C stack and kills the process, and aliases can expand a few lines into
    billions of values. Reading the event stream first costs little and turns both into located sentences.
    Syntax errors are left to the caller's composer, which reports them as it always has.
    """
    for _ in _checked_events(text, loader, max_depth, aliases, max_expansion, duplicate_keys):
        pass


def _checked_events(
    text: str, loader, max_depth: int, aliases: str | None, max_expansion: int | None, duplicate_keys: bool
) -> Iterator[yaml.Event]:
    """The document's events, each given once it has passed `check_shape`'s checks (which raise ShapeError). Each
    event is told apart by its class, which both of PyYAML's parsers make exactly (a subclass is refused)."""
    depth = 0
    values = 0  # every value the document holds once its aliases are written out
    anchored: dict[str, int] = {}  # anchor -> how many values it stands for
    open_anchors: list[tuple[str | None, int]] = []  # per open collection: its anchor and `values` at its start
    keys: list[dict | None] = []  # per open collection: its keys so far and their lines (None: a sequence)
    expect_key: list[bool] = []  # per open collection: the next value is a mapping key
    parser = (loader or _Loader)(text)
    try:
        while parser.check_event():
            event = parser.get_event()
            kind = type(event)
            if kind is yaml.ScalarEvent:
                if duplicate_keys and expect_key and expect_key[-1] and (seen := keys[-1]) is not None:
                    if event.value in seen:
                        raise ShapeError(
                            f"duplicate key '{event.value}' (first given at line {seen[event.value]}); "
                            "YAML would silently keep only the last one",
                            event.start_mark,
                        )
                    seen[event.value] = event.start_mark.line + 1 if event.start_mark else 0
                values += 1
                if max_expansion is not None and values > max_expansion:
                    raise _expansion_error(max_expansion, event)
                if event.anchor is not None:
                    anchored[event.anchor] = 1
                if keys and keys[-1] is not None:  # in a mapping, keys and values alternate
                    expect_key[-1] = not expect_key[-1]
            elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                values += 1
                if max_expansion is not None and values > max_expansion:
                    raise _expansion_error(max_expansion, event)
                depth += 1
                if depth > max_depth:
                    raise ShapeError(
                        f"nested more than {max_depth} levels deep; Codex files are never that deep", event.start_mark
                    )
                open_anchors.append((event.anchor, values - 1))
                is_mapping = kind is yaml.MappingStartEvent
                keys.append({} if is_mapping else None)
                expect_key.append(is_mapping)
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                depth -= 1
                anchor, at_start = open_anchors.pop()
                if anchor is not None:
                    anchored[anchor] = values - at_start
                keys.pop()
                expect_key.pop()
                _next_value(expect_key, keys)
            elif kind is yaml.AliasEvent:
                if aliases:
                    raise ShapeError(aliases, event.start_mark)
                values += anchored.get(event.anchor or "", 1)
                if max_expansion is not None and values > max_expansion:
                    raise _expansion_error(max_expansion, event)
                _next_value(expect_key, keys)
            elif isinstance(event, (yaml.NodeEvent, yaml.CollectionEndEvent)):
                raise TypeError(f"a YAML event of a class of its own: {kind.__name__}")
            yield event
    finally:
        parser.dispose()


def _expansion_error(max_expansion: int, event: Any) -> ShapeError:
    return ShapeError(f"its aliases (*name) expand to more than {max_expansion:,} values", event.start_mark)


def _next_value(expect_key: list[bool], keys: list[dict | None]) -> None:
    # In a mapping, keys and values alternate; in a sequence every item is a value.
    if keys and keys[-1] is not None:
        expect_key[-1] = not expect_key[-1]


class _Unusual(Exception):
    """What `load_checked`'s single reading leaves to PyYAML: an explicit tag, a merge key, a key that is a
    collection, an alias it cannot follow, more than one document, a scalar its constructor refuses."""


_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_STR_TAG = "tag:yaml.org,2002:str"


def load_checked(
    text: str,
    loader=None,
    max_depth: int = MAX_DEPTH,
    aliases: str | None = None,
    max_expansion: int | None = None,
    duplicate_keys: bool = False,
):
    """`check_shape(text, ...)`, then `yaml.load(text, Loader=loader)` (a safe loader): the same value and the same
    errors, from one reading of the text. The values are built from the events the check reads, as PyYAML's composer
    and safe constructor build them (each plain scalar's tag resolved by PyYAML's resolver, built by its
    constructor); a document using what that leaves out is checked and loaded by PyYAML itself. Reading the card
    pool's set files this way takes about half the time of reading them twice."""
    try:
        return _value_of(_checked_events(text, loader, max_depth, aliases, max_expansion, duplicate_keys))
    except _Unusual:
        pass
    check_shape(text, loader, max_depth, aliases, max_expansion, duplicate_keys)
    return yaml.load(text, Loader=loader or _Loader)


def _value_of(events: Iterator[Any]) -> Any:  # (the events of PyYAML, which types them as Event alone)
    root: Any = None
    documents = 0
    anchors: dict[str, Any] = {}
    plain: dict[str, Any] = {}  # a plain scalar's value, by its text (its tag is resolved from its text alone)
    # Per open collection: its value, and for a mapping the key read and waiting for its value (_NO_KEY: none).
    stack: list[list] = []
    for event in events:
        kind = type(event)
        if kind is yaml.ScalarEvent:
            if event.tag is not None and event.tag != "!":
                raise _Unusual
            text, implicit = event.value, event.implicit
            if implicit[0] and event.tag is None:
                if text in plain:
                    value = plain[text]
                else:
                    value = plain[text] = _event_scalar(text, implicit)
            else:
                value = _event_scalar(text, implicit)
            if event.anchor is not None:
                _anchor(anchors, event.anchor, value)
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            if event.tag is not None and event.tag != "!":
                raise _Unusual
            value = {} if kind is yaml.MappingStartEvent else []
            if event.anchor is not None:
                _anchor(anchors, event.anchor, value)
            if stack and stack[-1][1] is _NO_KEY and isinstance(stack[-1][0], dict):
                raise _Unusual  # a collection as a mapping's key
            stack.append([value, _NO_KEY])
            continue
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            value = stack.pop()[0]
        elif kind is yaml.AliasEvent:
            if event.anchor not in anchors:
                raise _Unusual
            value = anchors[event.anchor]
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _Unusual
            continue
        else:
            continue
        if not stack:
            root = value
            continue
        top = stack[-1]
        into = top[0]
        if type(into) is list:
            into.append(value)
        elif top[1] is _NO_KEY:
            if isinstance(value, (dict, list)):
                raise _Unusual
            top[1] = value
        else:
            into[top[1]] = value
            top[1] = _NO_KEY
    return root


_NO_KEY = object()


def _anchor(anchors: dict[str, Any], name: str, value: Any) -> None:
    if name in anchors:
        raise _Unusual  # PyYAML's composer refuses an anchor given twice
    anchors[name] = value


def _event_scalar(text: str, implicit: tuple[bool, bool]) -> Any:
    tag = _RESOLVER.resolve(yaml.ScalarNode, text, implicit)
    if tag == _STR_TAG:
        return text
    construct = _CONSTRUCTOR.yaml_constructors.get(tag)
    if construct is None or tag == "tag:yaml.org,2002:merge":
        raise _Unusual
    try:
        return construct(_CONSTRUCTOR, yaml.ScalarNode(tag, text))
    except Exception:  # the constructor's own error, as PyYAML gives it
        raise _Unusual from None


_SCALAR_AS_TEXT = {"tag:yaml.org,2002:timestamp"}  # dates stay ISO strings, as JSON Schema expects


def read_yaml(path: Path, display_path: str) -> YamlDocument:
    """Parse a file; raise DataError with located problems for anything that is not clean YAML."""
    try:
        text = read_text(path, MAX_DATA_BYTES)
    except UnreadableFile as exc:
        message = exc.reason if exc.reason.startswith("is not UTF-8") else f"the file {exc.reason}"
        raise DataError([Problem(display_path, exc.line, exc.column, message)]) from None
    if not text.strip() or all(not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()):
        raise DataError([Problem(display_path, 1, 1, "the file is empty: it needs at least a `kind:`")])
    digest = parsed.text_digest(text)
    known = parsed.recall(digest)
    if known is not None:
        return YamlDocument(display_path, *known)
    try:
        check_shape(text, aliases="aliases (*name) are not used in Codex data; write the value out")
        node = yaml.compose(text, Loader=_Loader)
    except ShapeError as exc:
        raise DataError([Problem(display_path, exc.line, exc.column, exc.message)]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or "invalid YAML"
        if exc.context:
            what = f"{exc.context}, {what}"
        raise DataError([Problem(display_path, line, column, f"YAML syntax error: {what}")]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(display_path, 1, 1, f"YAML syntax error: {exc}")]) from None
    locations: dict[tuple, Location] = {}
    problems: list[Problem] = []
    value = _build(node, (), locations, problems, display_path)
    if problems:
        raise DataError(problems)
    parsed.remember(digest, value, locations)
    return YamlDocument(display_path, value, locations)


_PLAIN_TAGS = {"tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "timestamp", "map", "seq")}


def _build(node, keys: tuple, locations, problems, path):
    locations[keys] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if node.tag not in _PLAIN_TAGS:
        # `!!python/…`, `!!binary`, `!!set`, `!custom`: never constructed (so never executed), only reported.
        shown_tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        problems.append(
            Problem(
                path,
                node.start_mark.line + 1,
                node.start_mark.column + 1,
                f"the tag {shown_tag} is not used in Codex data; write a plain value",
            )
        )
        return None
    if isinstance(node, yaml.MappingNode):
        result: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                problems.append(
                    Problem(
                        path,
                        key_node.start_mark.line + 1,
                        key_node.start_mark.column + 1,
                        "merge keys (<<) are not used in Codex data; write the fields out",
                    )
                )
                continue
            key = _build(key_node, keys, {}, problems, path)
            if not isinstance(key, (str, int, float, bool)) and key is not None:
                problems.append(
                    Problem(
                        path,
                        key_node.start_mark.line + 1,
                        key_node.start_mark.column + 1,
                        "a mapping key must be a plain word",
                    )
                )
                continue
            key = str(key)
            if key in result:
                first = locations.get(keys + (key,), (0, 0))
                problems.append(
                    Problem(
                        path,
                        key_node.start_mark.line + 1,
                        key_node.start_mark.column + 1,
                        f"duplicate key '{key}' (first given at line {first[0]}); "
                        "YAML would silently keep only the last one",
                    )
                )
                continue
            locations[keys + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            result[key] = _build(value_node, keys + (key,), locations, problems, path)
            locations[keys + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, keys + (i,), locations, problems, path) for i, item in enumerate(node.value)]
    if node.tag in _SCALAR_AS_TEXT:
        return node.value
    return _scalar(node)


_constructor = yaml.SafeLoader("")


def _scalar(node):
    # SafeConstructor turns the resolved tag (int, bool, null, str, float) into its Python value.
    return _constructor.construct_object(node, deep=True)
