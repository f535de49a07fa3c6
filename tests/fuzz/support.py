"""What every fuzz target asserts: a clear, located answer, never a traceback."""

from __future__ import annotations

import re

LOCATED = re.compile(r"^(?P<path>[^\n:]+):(?P<line>\d+):(?P<column>\d+): (?P<message>\S.*)$", re.S)


def assert_located(problems, where: str) -> None:
    """Every problem reads `path:line:column: message`, with a real line and a sentence."""
    assert problems, f"{where}: an error without a single problem"
    for problem in problems:
        text = str(problem)
        match = LOCATED.match(text)
        assert match, f"{where}: not `path:line:column: message`: {text!r}"
        assert int(match["line"]) >= 1 and int(match["column"]) >= 1, text
        assert "Traceback" not in text and len(match["message"]) > 5, text


class Quiet:
    """A fixture value Hypothesis can print in a failing case without dumping the whole Codex."""

    def __init__(self, value, label: str):
        self.value, self._label = value, label

    def __repr__(self):
        return f"<{self._label}>"


def paths(value, prefix=()):
    """Every key path into a parsed YAML value (mappings by key, lists by index), the value itself left out."""
    if prefix:
        yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, prefix + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, prefix + (i,))
