"""Every regular expression of the package runs in time linear in its input.

A lazy or nested quantifier over unbounded text can backtrack quadratically (or worse): one card text of
`'A ' * 20000` once made a deck check take 10 s. The patterns are found, not listed: every compiled pattern a
module of `l5r` holds (directly, or in a list, tuple or dict), and every literal pattern passed to
`re.compile/match/search/fullmatch/sub/subn/split/findall/finditer` anywhere in its source. Each runs (search
and finditer; `re.match` calls at one position) over adversarial texts at 8 KB, then the slowest three at
128 KB, against a time budget a linear pattern meets many times over and a quadratic one misses by far. The 128 KB
run is the guarantee: a quadratic pattern under half a second there needs under 0.31 s on 100 KB, more than any
card text or decklist holds. The 8 KB run only picks the texts for it (a quadratic pattern that misses the 128 KB
budget takes over 2 ms at 8 KB on the text it backtracks on, where a linear one takes a small fraction of one),
so it is kept small: the 128 KB run takes most of the time. Machines differ by two or three times: a pattern over
the budget at 128 KB on a slow one is timed again on a quarter of the text, and passes where its time grew about as
the text did (four times; a quadratic pattern's grows sixteen times).
"""

from __future__ import annotations

import ast
import gc
import importlib
import pkgutil
import re
import time
from pathlib import Path

import pytest

import l5r
from package_source import nodes

_PACKAGE = Path(l5r.__file__).parent
_CALLS = {"compile", "match", "search", "fullmatch", "sub", "subn", "split", "findall", "finditer"}
_FLAG_NAMES = {
    "I": re.I,
    "IGNORECASE": re.I,
    "M": re.M,
    "MULTILINE": re.M,
    "S": re.S,
    "DOTALL": re.S,
    "X": re.X,
    "VERBOSE": re.X,
    "A": re.A,
    "ASCII": re.A,
}
SMALL, LARGE = 8 * 1024, 128 * 1024
SMALL_BUDGET, LARGE_BUDGET = 0.125, 0.5  # CPU seconds of the thread; the slowest linear pattern takes 0.2 s at 128 KB
# Over the budget at 128 KB: the most its time may grow from a quarter of the text (linear: 4; quadratic: 16)
LINEAR_GROWTH_AT_MOST = 8

# Units repeated up to the size: capitals without a full stop, runs of one character class, the words the
# patterns look for, brackets and separators left open.
_UNITS = [
    "A ",
    "a",
    " ",
    "1",
    "1 ",
    "\t",
    "1\t",
    "A is considered ",
    "this card is considered ",
    "you may include 3 ",
    "your deck may include 3 copies of ",
    "[",
    "(",
    "{art:",
    ":",
    ":a",
    "<",
    "<a",
    "- ",
    "# Dynasty - (",
    "x [",
    "x (",
    "Exp ",
    " - exp",
    "•",
    "A-",
    "a b",
    "A\n",
    "[Rank•",
    "#",
    "legality: ",
    "&",
    "'",
    '"',
    "/",
    "{{",
    "%",
    "http://",
    "a.",
    ".a",
    "a,",
    "card/",
    "-1",
]


def _texts(size: int, labels=None):
    for unit in _UNITS:
        if labels is not None and not {unit, unit + "!"} & labels:
            continue
        body = unit * (size // len(unit))
        for label, text in ((unit, body), (unit + "!", body + "!")):  # "!" matches nothing: every attempt ends late
            if labels is None or label in labels:
                yield label, text


def _module_patterns():
    found = {}
    for info in pkgutil.walk_packages([str(_PACKAGE)], prefix="l5r."):
        if info.name.endswith("__main__"):  # importing it runs the command line
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            values = (
                value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else [value]
            )
            for item in values:
                if isinstance(item, re.Pattern) and isinstance(item.pattern, str):
                    found.setdefault((item.pattern, item.flags & ~re.U), f"{info.name}.{name}")
    return found


def _flags(node) -> int:
    if node is None:
        return 0
    if isinstance(node, ast.Attribute) and node.attr in _FLAG_NAMES:
        return _FLAG_NAMES[node.attr]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _flags(node.left) | _flags(node.right)
    return 0


# What every call the scan below looks for has in its source (`re.compile(`, with any blank or line continuation
# between the parts): files without it are not parsed, at collection in every worker.
_CALL_TEXT = re.compile(r"\bre[\s\\]*\.[\s\\]*(?:" + "|".join(sorted(_CALLS)) + r")[\s\\]*\(")


def _literal_patterns():
    found = {}
    for path in sorted(_PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if not _CALL_TEXT.search(source):
            continue
        for node in nodes(source):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "re"
                and node.func.attr in _CALLS
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                continue
            flag_arg = next((k.value for k in node.keywords if k.arg == "flags"), None)
            if flag_arg is None and node.func.attr == "compile" and len(node.args) > 1:
                flag_arg = node.args[1]
            pattern = re.compile(node.args[0].value, _flags(flag_arg))
            where = f"{path.relative_to(_PACKAGE.parent)}:{node.lineno}"
            if node.func.attr in ("match", "fullmatch"):  # tried at one position only: timed that way
                where += " (match)"
            found.setdefault((pattern.pattern, pattern.flags & ~re.U), where)
    return found


PATTERNS = {**_literal_patterns(), **_module_patterns()}


def test_the_scan_finds_the_patterns():
    # The scan must see both kinds, or the timing test below would pass by testing nothing.
    names = set(PATTERNS.values())
    assert len(PATTERNS) > 60
    assert "l5r.cardpool.cardtext._MINIMUM" in names and "l5r.decklist._SET" in names
    assert any(where.startswith("l5r/decklist.py:") for where in names)


def _seconds(pattern: re.Pattern, text: str, anchored: bool) -> float:
    # The CPU time of this thread alone, with the collector off: a worker's other threads and a full collection
    # of a heap that holds the card pool are not the pattern's time.
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.thread_time()
        if anchored:
            pattern.match(text)
        else:
            for _ in pattern.finditer(text):
                pass
        return time.thread_time() - start
    finally:
        if enabled:
            gc.enable()


def _timings(pattern: re.Pattern, texts, anchored: bool, budget: float):
    # A text over the budget is timed twice more and its best time kept: a backtracking pattern misses it every
    # time, a linear one that a busy machine slowed once does not.
    for label, text in texts:
        seconds = _seconds(pattern, text, anchored)
        for _ in range(2):
            if seconds < budget:
                break
            seconds = min(seconds, _seconds(pattern, text, anchored))
        yield seconds, label


@pytest.mark.parametrize("key", sorted(PATTERNS), ids=lambda key: PATTERNS[key])
def test_pattern_runs_in_linear_time(key):
    pattern, anchored = re.compile(*key), PATTERNS[key].endswith("(match)")
    small = sorted(_timings(pattern, _texts(SMALL), anchored, SMALL_BUDGET), reverse=True)
    seconds, label = small[0]
    assert seconds < SMALL_BUDGET, (
        f"{PATTERNS[key]} ({pattern.pattern!r}) took {seconds:.2f} s on 8 KB of "
        f"{label!r}: it backtracks; bound or split it"
    )
    # A pattern that backtracks is slowest at 8 KB on the text it backtracks on: those three go to 128 KB.
    worst = {label for _, label in small[:3]}
    seconds, label = max(_timings(pattern, _texts(LARGE, worst), anchored, LARGE_BUDGET))
    if seconds >= LARGE_BUDGET:  # a slow machine, or a pattern that backtracks: how its time grows tells
        quarter, _ = max(_timings(pattern, _texts(LARGE // 4, {label}), anchored, 0))
        growth = seconds / max(quarter, 1e-6)
        assert growth < LINEAR_GROWTH_AT_MOST, (
            f"{PATTERNS[key]} ({pattern.pattern!r}) took {seconds:.2f} s on {LARGE // 1024} KB of {label!r}, "
            f"{growth:.0f} times its time on {LARGE // 4096} KB: it backtracks; bound or split it"
        )
