"""One wording for both deck checkers: every sentence is a template of l5r/deckmessages.py, and each side fills it.

Read from the sources: every `say("key", …)` of the package and of docs/assets/deck-check.js names a key
of the table, every entry is said on both sides (or ONE_SIDED names the one side that says it), each call passes
exactly the fields its template holds, and a template holds only named fields (JavaScript fills them with one
replace: no format spec, no conversion, a literal brace doubled). Both `say`s then fill every template alike (the
script's own, run under Node), as the differential tests show on whole reports
(tests/fuzz/test_fuzz_deck_differential.py); the last tests here show each check fails.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import string
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from package_source import parsed_file

from l5r.deckmessages import DECK_MESSAGES, ONE_SIDED, filled, say

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "docs" / "assets" / "deck-check.js"
NODE = shutil.which("node")
FIELD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # what JavaScript's \w+ takes whole, as Python names it


@dataclass(frozen=True)
class Call:
    """One `say` call as written: its key (None: not a string literal), its fields (None: not a plain list)."""

    where: str
    key: str | None
    fields: frozenset[str] | None


# -- reading the call sites ------------------------------------------------------------------------------------


def python_calls(files: list[Path]) -> list[Call]:
    calls = []
    for path in files:
        for node in ast.walk(parsed_file(path)):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name != "say":
                continue
            where = f"{path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path}:{node.lineno}"
            first = node.args[0] if node.args else None
            key = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
            plain = len(node.args) == 1 and all(k.arg is not None for k in node.keywords)
            fields = frozenset(k.arg for k in node.keywords if k.arg is not None) if plain else None
            calls.append(Call(where, key, fields))
    return calls


_SAY = re.compile(r"(?<![\w$.])say\(")
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')


def js_calls(source: str, name: str = "deck-check.js") -> list[Call]:
    """Each `say("key")` and `say("key", { field: …, … })` of the script; a call in another shape has key or
    fields None (the checks then ask for the shape they can read)."""
    calls = []
    for match in _SAY.finditer(source):
        if source[: match.start()].endswith("function "):
            continue  # the definition
        where = f"{name}:{source.count(chr(10), 0, match.start()) + 1}"
        at = match.end()
        literal = _STRING.match(source, at)
        if literal is None:
            calls.append(Call(where, None, None))
            continue
        key = literal.group()[1:-1]
        at = _skip_space(source, literal.end())
        if source[at] == ")":
            calls.append(Call(where, key, frozenset()))
            continue
        at = _skip_space(source, at + 1) if source[at] == "," else at
        calls.append(Call(where, key, _object_keys(source, at) if source[at] == "{" else None))
    return calls


def _skip_space(source: str, at: int) -> int:
    while source[at].isspace():
        at += 1
    return at


def _object_keys(source: str, at: int) -> frozenset[str] | None:
    """The property names of the object literal opening at `at`, whose value follows its own name or ends the
    literal; None when it is not one (a spread, a computed name)."""
    keys: set[str] = set()
    depth, expecting_key, at = 0, True, at
    while at < len(source):
        ch = source[at]
        if ch in "\"'":
            literal = _STRING.match(source, at)
            if literal is None:
                return None
            at = literal.end()
            expecting_key = False
            continue
        if ch in "([{":
            depth += 1
            at += 1
            if depth == 1:
                expecting_key = True
            continue
        if ch in ")]}":
            depth -= 1
            at += 1
            if depth == 0:
                return frozenset(keys)
            continue
        if depth == 1 and ch == ",":
            expecting_key = True
            at += 1
            continue
        if depth == 1 and expecting_key and not ch.isspace():
            name = re.compile(r"([A-Za-z_$][\w$]*)\s*:").match(source, at)
            if name is None:
                return None
            keys.add(name.group(1))
            expecting_key = False
            at = name.end()
            continue
        at += 1
    return None


def placeholders(template: str) -> frozenset[str] | str:
    """The template's fields, or why JavaScript's `say` could not fill it as Python's does."""
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as exc:
        return f"not a template ({exc}): double a literal brace"
    fields = set()
    for _, field, spec, conversion in parts:
        if field is None:
            continue
        if not FIELD.fullmatch(field) or spec or conversion:
            return f"{{{field}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}} is no plain named field"
        fields.add(field)
    return frozenset(fields)


# -- the checks ------------------------------------------------------------------------------------------------


def findings(table: dict[str, str], one_sided: dict[str, str], python: list[Call], browser: list[Call]) -> list[str]:
    """Everything wrong between the table and the two sides' call sites; [] when they agree."""
    wrong = []
    fields = {}
    for key, template in sorted(table.items()):
        got = placeholders(template)
        if isinstance(got, str):
            wrong.append(f"{key}: {got}")
        else:
            fields[key] = got
    said = {"python": {c.key for c in python}, "browser": {c.key for c in browser}}
    for call in python + browser:
        if call.key is None:
            wrong.append(f"{call.where}: name the message key as a string literal")
        elif call.key not in table:
            wrong.append(f"{call.where}: {call.key!r} is not in the message table")
        elif call.fields is None:
            wrong.append(f"{call.where}: pass the fields by name (an object literal of names in JavaScript)")
        elif call.key in fields and call.fields != fields[call.key]:
            missing, extra = sorted(fields[call.key] - call.fields), sorted(call.fields - fields[call.key])
            wrong.append(f"{call.where}: {call.key!r} fields differ: missing {missing}, not in the template {extra}")
    for key in sorted(table):
        sides = {side for side, keys in said.items() if key in keys}
        wanted = {one_sided[key]} if key in one_sided else {"python", "browser"}
        if sides != wanted:
            shown = " and ".join(sorted(sides)) or "neither side"
            wrong.append(f"{key!r} is said by {shown}, not by {' and '.join(sorted(wanted))} (ONE_SIDED says why)")
    wrong += [f"ONE_SIDED names {k!r}, which the table does not hold" for k in sorted(set(one_sided) - set(table))]
    wrong += [
        f"ONE_SIDED: {k!r} is said by 'python' or 'browser', not {v!r}"
        for k, v in one_sided.items()
        if v not in ("python", "browser")
    ]
    return wrong


def _python_files() -> list[Path]:
    files = sorted((ROOT / "l5r").rglob("*.py"))
    assert len(files) > 50, "the walk found too few modules to mean anything"
    return files


def _both() -> tuple[list[Call], list[Call]]:
    return python_calls(_python_files()), js_calls(SCRIPT.read_text(encoding="utf-8"))


def test_every_message_is_in_the_table_and_said_on_both_sides_with_its_fields():
    python, browser = _both()
    # every group of messages is said through the table, on both sides (the checker, the reader, the file errors)
    assert len(python) > 80 and len(browser) > 80, "the call sites were not found"
    assert findings(DECK_MESSAGES, ONE_SIDED, python, browser) == []


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_both_says_fill_every_template_alike():
    """deck-check.js `say`, run under Node as the script writes it, and Python's on every template of the table,
    and on doubled braces, a value that looks like a field and a "$&" (which String.replace would expand); and each
    with its fields ending in a full stop, an ellipsis, "!" or "?", where a sentence ending on one takes no full stop
    of its own ("… and Iron Mine.", "… and Charge!")."""
    assert NODE is not None
    source = SCRIPT.read_text(encoding="utf-8")
    # a definition on one line, or from its line to the closing brace at its own indent
    found = [re.search(r"\n  (function %s\([^\n]*\}|function %s\(.*?\n  \})\n" % (n, n), source, re.S) for n in WANTED]
    definitions = [m.group(1) for m in found if m]
    assert len(definitions) == len(WANTED), "say or has not found in deck-check.js"
    table = dict(DECK_MESSAGES, **{"t.braces": "{{literal}} {name} }}{{", "t.value": "{name}: {other}"})
    cases = []
    for key, template in table.items():
        fields = placeholders(template)
        assert not isinstance(fields, str), fields
        cases.append([key, {f: (n if n % 2 else f"{{x}} $& {f}") for n, f in enumerate(sorted(fields))}])
        ends = (".", "...", "!", "?", "…")
        cases.append([key, {f: f"{f}{ends[n % len(ends)]}" for n, f in enumerate(sorted(fields))}])
        cases.append([key, {f: f"{f}{ends[(n + 1) % len(ends)]}" for n, f in enumerate(sorted(fields))}])
    program = "\n".join(
        [f"var MESSAGES = {json.dumps(table)};", *definitions, f"var CASES = {json.dumps(cases)};", PRINT]
    )
    browser = json.loads(subprocess.run([NODE, "-e", program], capture_output=True, text=True, check=True).stdout)
    assert browser == [filled(table[key], **fields) for key, fields in cases]
    stops = [said for said, (key, _) in zip(browser, cases) if said.endswith(".") and table[key].endswith("}.")]
    doubled = [s for s in stops if re.search(r"[!?…]\.$", s) or (s.endswith("..") and not s.endswith("..."))]
    assert stops and not doubled, f"a second full stop: {doubled[:3]}"
    assert not [s for s in stops if s.endswith("....")], "a full stop after an ellipsis"
    assert say("at-line", line=3, message="x {y}") == "line 3: x {y}"


WANTED = ("say", "has")
PRINT = "process.stdout.write(JSON.stringify(CASES.map(function (c) { return say(c[0], c[1]); })));"


# -- the checks can fail ---------------------------------------------------------------------------------------


def test_a_key_said_on_one_side_only_is_found():
    python, browser = _both()
    source = SCRIPT.read_text(encoding="utf-8")
    assert source.count('say("unplaceable"') == 1
    # the browser words the finding itself, the table's key left to Python alone
    alone = js_calls(source.replace('say("unplaceable", {', "String({", 1))
    found = findings(DECK_MESSAGES, ONE_SIDED, python, alone)
    assert found == ["'unplaceable' is said by python, not by browser and python (ONE_SIDED says why)"]
    # and a key the table does not hold, said by one side
    renamed = js_calls(source.replace('say("unplaceable"', 'say("unplaceable.gone"', 1))
    found = findings(DECK_MESSAGES, ONE_SIDED, python, renamed)
    assert any("'unplaceable.gone' is not in the message table" in f for f in found), found
    assert any(f.startswith("'unplaceable' is said by python") for f in found), found
    # Python's side alone words it itself
    without = [c for c in python if c.key != "unplaceable"]
    assert len(without) == len(python) - 1
    found = findings(DECK_MESSAGES, ONE_SIDED, without, browser)
    assert found == ["'unplaceable' is said by browser, not by browser and python (ONE_SIDED says why)"]
    # a one-sided entry said on its other side too
    found = findings(DECK_MESSAGES, dict(ONE_SIDED, unplaceable="python"), python, browser)
    assert found == ["'unplaceable' is said by browser and python, not by python (ONE_SIDED says why)"]


def test_a_field_one_side_leaves_out_or_adds_is_found():
    python, browser = _both()
    source = SCRIPT.read_text(encoding="utf-8")
    changed = js_calls(
        source.replace(
            'say("unplaceable", { line: card.line, written', 'say("unplaceable", { at: card.line, written', 1
        )
    )
    found = findings(DECK_MESSAGES, ONE_SIDED, python, changed)
    assert len(found) == 1 and "'unplaceable' fields differ: missing ['line'], not in the template ['at']" in found[0]


def test_a_stray_brace_or_a_format_spec_is_found():
    python, browser = _both()
    for template, complaint in (
        ("line {line}: {card} is banned {", "double a literal brace"),
        ("line {line}: {card} is banned }", "double a literal brace"),
        ("line {line:>4}: {card} is banned", "is no plain named field"),
        ("line {0}: {card} is banned", "is no plain named field"),
    ):
        found = findings(dict(DECK_MESSAGES, banned=template), ONE_SIDED, python, browser)
        assert any(f.startswith("banned:") and complaint in f for f in found), (template, found)


def test_a_call_the_reader_cannot_read_is_found():
    calls = js_calls('var k = "banned"; say(k, { line: 1 }); say("banned", fields);')
    assert [(c.key, c.fields) for c in calls] == [(None, None), ("banned", None)]
    tree = "from l5r.deckmessages import say\nkey = 'banned'\nsay(key)\nsay('banned', **{'line': 1})\n"
    assert [(c.key, c.fields) for c in _python_source_calls(tree)] == [(None, frozenset()), ("banned", None)]


def _python_source_calls(text: str) -> list[Call]:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "calls.py"
        path.write_text(text, encoding="utf-8")
        return python_calls([path])
