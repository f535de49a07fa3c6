"""Find scenarios: ```scenario fences in Markdown, and `examples:` lists in YAML data records.

Every scenario keeps its file and line, and the line of each of its parts, so a failure points at the
exact step or expectation.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import yaml

from ..data.safefile import MB, UnreadableFile, read_text
from ..data.yamlsource import ShapeError, check_shape

MAX_SCENARIO_BYTES = 4 * MB  # a page of examples is a few kilobytes
from .scenario import Scenario, ScenarioError
from ..errors import CodexError

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`]*)$")
SUFFIXES = (".md", ".yml", ".yaml")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class CollectError(CodexError):
    """A path given to collect does not exist or is not a Markdown or YAML file."""


def collect(paths, root: Path | None = None) -> list[Scenario]:
    """Every scenario in the given files and folders (folders are searched recursively), in file order."""
    root = Path(root) if root else Path.cwd()
    scenarios: list[Scenario] = []
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise CollectError(f"{raw} does not exist")
        if path.is_dir():
            files = sorted(
                p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file() and "schemas" not in p.parts
            )
        elif path.suffix in SUFFIXES:
            files = [path]
        else:
            raise CollectError(f"{raw} is not a Markdown (.md) or YAML (.yml) file")
        for file in files:
            scenarios.extend(scenarios_in(file, _shown(file, root)))
    return scenarios


def scenarios_in(path: Path, shown: str | None = None) -> list[Scenario]:
    shown = shown or path.as_posix()
    try:
        text = read_text(path, MAX_SCENARIO_BYTES)
    except UnreadableFile as exc:
        raise CollectError(f"{shown}: the file {exc.reason}") from None
    if path.suffix == ".md":
        return from_markdown(text, shown)
    return from_yaml(text, shown)


def _shown(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


# ---------------------------------------------------------------------------------------------------------
# Markdown fences
# ---------------------------------------------------------------------------------------------------------


def from_markdown(text: str, shown: str) -> list[Scenario]:
    """Every ```scenario fence; the inside of other fences (a scenario shown as Markdown source) is skipped."""
    lines = _LINE_BREAK.split(text)  # not str.splitlines: editors and YAML do not break lines at \x1e or \u2028
    found, i = [], 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence = m.group("indent"), m.group("fence")
        closing = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        body, j = [], i + 1
        while j < len(lines) and not closing.match(lines[j]):
            line = lines[j]
            body.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
            j += 1
        if m.group("info").strip().split(" ")[0] == "scenario":
            found.append(parse("\n".join(body) + "\n", shown, i + 2))
        i = j + 1
    return found


def parse(source: str, shown: str, first_line: int, record_id: str | None = None) -> Scenario:
    """One scenario from its YAML text; unreadable YAML is kept as a problem to report when run."""
    scenario = Scenario(shown, first_line, source, record_id=record_id)
    try:
        value, lines = located(source, first_line - 1)
    except ScenarioError as exc:
        scenario.problem = exc.message
        scenario.line = exc.line or first_line
        return scenario
    if not isinstance(value, dict):
        scenario.problem = "a scenario is a YAML mapping with title, format, rules, given, when and then"
    else:
        scenario.data, scenario.lines = value, lines
    return scenario


# ---------------------------------------------------------------------------------------------------------
# YAML with lines
# ---------------------------------------------------------------------------------------------------------


def located(text: str, line_offset: int = 0):
    """Parse YAML, returning plain values and {key path: file line}; duplicate keys are an error."""
    try:
        check_shape(text, max_depth=16, aliases="aliases (*name) are not used in scenarios; write the value out")
        node = yaml.compose(text, Loader=_Loader)
    except ShapeError as exc:
        raise ScenarioError(exc.message, exc.line + line_offset) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 + line_offset if mark else line_offset + 1
        raise ScenarioError(f"YAML syntax error: {exc.problem or exc}", line) from None
    except yaml.YAMLError as exc:  # e.g. a control character: the reader says where, by character position
        line = text.count("\n", 0, getattr(exc, "position", 0) or 0) + 1 + line_offset
        what = getattr(exc, "reason", None) or "not readable YAML"
        raise ScenarioError(f"YAML syntax error: {what}", line) from None
    lines: dict = {}
    if node is None:
        return None, lines
    return _value(node, (), lines, line_offset), lines


_constructor = yaml.SafeLoader("")


_PLAIN_TAGS = {"tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "timestamp", "map", "seq")}


def _value(node, keys, lines, offset):
    lines[keys] = node.start_mark.line + 1 + offset
    if node.tag not in _PLAIN_TAGS:  # `!!python/…` and friends are never constructed
        shown_tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise ScenarioError(f"the tag {shown_tag} is not used in scenarios; write a plain value", lines[keys])
    if isinstance(node, yaml.MappingNode):
        out = {}
        for key_node, value_node in node.value:
            key = str(_value(key_node, keys, {}, offset))
            line = key_node.start_mark.line + 1 + offset
            if key in out:
                raise ScenarioError(f"the key “{key}” is given twice (YAML would keep only the last)", line)
            out[key] = _value(value_node, keys + (key,), lines, offset)
            lines[keys + (key,)] = line
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_value(item, keys + (i,), lines, offset) for i, item in enumerate(node.value)]
    try:
        return _constructor.construct_object(node, deep=True)
    except (ValueError, OverflowError, yaml.YAMLError):  # 2015-02-30 looks like a date and is not one
        raise ScenarioError(
            f"“{node.value}” is not a value a scenario can use (an impossible date?)", lines[keys]
        ) from None


# ---------------------------------------------------------------------------------------------------------
# `examples:` lists in data records
# ---------------------------------------------------------------------------------------------------------


def from_yaml(text: str, shown: str) -> list[Scenario]:
    # An `examples` key is written out in the text, unless a double-quoted key spells it with escapes: a file that
    # has neither holds no example, and is not composed (most data files: a tenth of a warm rebuild's loading).
    if "examples" not in text and "\\" not in text:
        return []
    try:
        check_shape(text, aliases="aliases")
        node = yaml.compose(text, Loader=_Loader)
    except (yaml.YAMLError, ShapeError):
        return []  # `l5r check` reports broken data files; there are no scenarios to find in one
    found: list[Scenario] = []
    _walk(node, None, text, shown, found)
    return found


def _walk(node, record_id, text, shown, found):
    if isinstance(node, yaml.MappingNode):
        ids = [v.value for k, v in node.value if k.value == "id" and isinstance(v, yaml.ScalarNode)]
        record_id = ids[0] if ids else record_id
        for key_node, value_node in node.value:
            if key_node.value == "examples" and isinstance(value_node, yaml.SequenceNode):
                for item in value_node.value:
                    found.append(_example(item, record_id, text, shown))
            else:
                _walk(value_node, record_id, text, shown, found)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            _walk(item, record_id, text, shown, found)


def _example(node, record_id, text, shown) -> Scenario:
    start, end = node.start_mark, node.end_mark
    piece = " " * start.column + text[start.index : end.index]
    source = textwrap.dedent(piece).rstrip() + "\n"
    return parse(source, shown, start.line + 1, record_id=record_id)
