"""The deck conformance suite (tests/deck-conformance/*.json): one truth for the two deck checkers.

Each case is a decklist (a file of tests/decks/, changed by `add`/`remove`, or inline `text`), a format, an
"as of" day and what the check must give: the verdict, the problems as [code, rule], the warning codes and
the counts. tests/test_deck_conformance.py runs every case through `l5r deck check --json`;
tests/browser/test_deck_check_page.py runs them on the deck-check page in Chromium and also requires the
page's whole JSON (messages included) to equal the CLI's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .support import DECKS, add, deck_text, remove

SUITE = DECKS.parent / "deck-conformance"


@dataclass(frozen=True)
class Case:
    file: str  # the suite file, for failure messages
    name: str
    rule: str
    format: str
    as_of: str
    text: str
    input_format: str  # "text" | "yaml"
    expect: dict

    @property
    def id(self) -> str:
        return f"{Path(self.file).stem}:{self.name}"

    @property
    def suffix(self) -> str:
        return ".yml" if self.input_format == "yaml" else ".txt"


def cases() -> list[Case]:
    out = []
    for path in sorted(SUITE.glob("*.json")):
        for raw in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            deck = raw["deck"]
            if "text" in deck:
                text = deck["text"]
            else:
                text = deck_text(deck["file"])
                if deck.get("remove"):
                    text = remove(text, *deck["remove"])
                for section, lines in deck.get("add", {}).items():
                    text = add(text, section, *lines)
            yaml = raw.get("input_format") == "yaml" or deck.get("file", "").endswith((".yml", ".yaml"))
            out.append(Case(path.name, raw["name"], raw["rule"], raw["format"], raw["as_of"], text,
                            "yaml" if yaml else "text", raw["expect"]))
    return out


def summary(report: dict) -> dict:
    """What a case's `expect` states about a `--json` report."""
    return {"legal": report["legal"], "problems": [[p["code"], p["rule"]] for p in report["problems"]],
            "warnings": [w["code"] for w in report["warnings"]], "counts": report["counts"]}


def explain(case: Case, got: dict, who: str) -> str:
    """A failure names the case, its file and the rule, and shows expected against got."""
    import difflib

    want = json.dumps(case.expect, indent=1, sort_keys=True).splitlines()
    have = json.dumps(summary(got), indent=1, sort_keys=True).splitlines()
    diff = "\n".join(difflib.unified_diff(want, have, "expected", who, lineterm=""))
    return f"{case.id} (tests/deck-conformance/{case.file}, rule {case.rule}) differs in {who}:\n{diff}"
