"""The deck conformance suite (tests/deck-conformance/*.json, one case per file; shape: case.schema.json and
README.md there): one truth for the two deck checkers.

tests/test_deck_conformance.py runs every case through `l5r deck check --json` (and checks each case against
case.schema.json); tests/browser/test_deck_check_page.py runs them on the deck-check page in Chromium and also
requires the page's whole JSON (messages and rule ids included) to equal what the command line gives.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from .support import DECKS, deck_text

SUITE = DECKS.parent / "deck-conformance"


@dataclass(frozen=True)
class Case:
    file: str
    description: str
    text: str
    filename: str
    input_format: str | None
    format: str | None
    as_of: str
    pool: str
    expect: dict
    strict_titles: bool = False

    @property
    def id(self) -> str:
        return Path(self.file).stem


def cases() -> list[Case]:
    out = []
    for path in sorted(SUITE.glob("*.json")):
        if path.name.endswith(".schema.json"):
            continue
        raw = json.loads(path.read_text(encoding="utf-8"))
        deck = raw["decklist"]
        text = deck["text"] if "text" in deck else deck_text(deck["file"])
        if "append" in deck:  # a tests/decks file plus appended lines
            text += ("" if text.endswith("\n") else "\n") + deck["append"]
        filename = raw.get("filename") or deck.get("file") or "deck.txt"
        out.append(
            Case(
                path.name,
                raw["description"],
                text,
                filename,
                raw.get("input_format"),
                raw.get("format"),
                raw["as_of"],
                raw.get("pool", "real"),
                raw["expect"],
                raw.get("strict_titles", False),
            )
        )
    return out


def summary(report: dict, expect: dict) -> dict:
    """What `expect` states, read from a `--json` report (README.md: codes as sorted multisets, ...)."""
    got = {"verdict": report["verdict"]}
    if "format" in expect:
        got["format"] = report.get("format")
    if "input_format" in expect:
        got["input_format"] = report.get("input_format")
    if "problems" in expect:
        got["problems"] = sorted(p["code"] for p in report["problems"])
    if "warnings" in expect:
        got["warnings"] = sorted(w["code"] for w in report["warnings"])
    if "lines" in expect:
        lines = defaultdict(list)
        for f in report["problems"] + report["warnings"]:
            if f["code"] in expect["lines"] and f.get("line") is not None:
                lines[f["code"]].append(f["line"])
        got["lines"] = {code: sorted(lines.get(code, [])) for code in expect["lines"]}
    if "counts" in expect:
        got["counts"] = report["counts"]
    if "suggestions" in expect:
        got["suggestions"] = {
            str(p["line"]): p.get("suggestions", [])
            for p in report["problems"]
            if p["code"] == "unknown-card" and str(p["line"]) in expect["suggestions"]
        }
    return got


def expected(case: Case) -> dict:
    return {
        k: (sorted(v) if k in ("problems", "warnings") else v) for k, v in case.expect.items() if k != "error_contains"
    }


def explain(case: Case, got: dict, who: str) -> str:
    """A failure names the case and its file, and shows expected against got."""
    import difflib

    want = json.dumps(expected(case), indent=1, sort_keys=True).splitlines()
    have = json.dumps(got, indent=1, sort_keys=True).splitlines()
    diff = "\n".join(difflib.unified_diff(want, have, "expected", who, lineterm=""))
    return f"{case.id} (tests/deck-conformance/{case.file}: {case.description}) differs in {who}:\n{diff}"
