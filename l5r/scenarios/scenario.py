"""A scenario as written: where it is, what it says, and the line of every part (for error messages)."""

from __future__ import annotations

from dataclasses import dataclass, field


class ScenarioError(Exception):
    """The scenario itself is wrong (unknown step or field, missing card, unchecked expectation...)."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line


@dataclass
class Scenario:
    path: str  # as shown to the user, relative to the project root
    line: int  # first line of the scenario's YAML in that file
    source: str  # the YAML text
    data: dict = field(default_factory=dict)
    lines: dict = field(default_factory=dict)  # key path tuple -> line in the file
    record_id: str | None = None  # the data record whose `examples:` list holds it
    problem: str | None = None  # unreadable YAML: reported when the scenario runs

    @property
    def title(self) -> str:
        title = self.data.get("title") if isinstance(self.data, dict) else None
        return str(title) if title else "(untitled scenario)"

    @property
    def format_id(self) -> str | None:
        return self.data.get("format") if isinstance(self.data, dict) else None

    @property
    def rule_ids(self) -> tuple[str, ...]:
        rules = self.data.get("rules") if isinstance(self.data, dict) else None
        if isinstance(rules, str):
            rules = [rules]
        ids = [r for r in rules or () if isinstance(r, str)]
        if self.record_id and self.record_id not in ids:
            ids.insert(0, self.record_id)
        return tuple(ids)

    @property
    def location(self) -> str:
        return f"{self.path}:{self.line}"

    def line_of(self, *keys) -> int:
        """The file line of a part of the scenario (falling back to its parents)."""
        keys = tuple(keys)
        while keys and keys not in self.lines:
            keys = keys[:-1]
        return self.lines.get(keys, self.line)

    @property
    def anchor(self) -> str:
        """The scenario's anchor on its page: from the title, so the fence renderer can rebuild it."""
        return anchor_for(self.title)


def anchor_for(title: str) -> str:
    import re

    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return "scenario-" + (slug or "untitled")
