"""The Python deck checker and the browser one (under Node) on the same decklists, for the differential tests.

    both = Differential(index)                 # writes the browser checker's data for this card index once
    python, browser = both.run(cases)          # each a list of `l5r deck check --json` reports or {"error": ...}

A case is {text, format, as_of, input_format?, source?, strict?}. The browser checker reads the data the site
exports (l5r/site/api/deckdata.py checker_script) and docs/assets/deck-check.js minified as the site ships it
(l5r/site/building/ownscripts.py), as the page does. `Differential(index, script=SCRIPT)` runs the source as
written instead (a failure's stack then names its lines). `kept(index)` is one Differential per index for the whole
process (the real pool's data takes half a CPU-second to write, and Node as long to read), closed at exit.
"""

from __future__ import annotations

import atexit
import datetime as dt
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from decks import support
from l5r.cardpool import CardIndex
from l5r.engine.deck import check_text
from l5r.errors import CodexError
from l5r.site.api.deckdata import checker_script
from l5r.site.building.ownscripts import shipped_script

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "assets" / "deck-check.js"
HARNESS = Path(__file__).with_name("deck_node.js")
NODE = shutil.which("node")


class Differential:
    def __init__(self, index: CardIndex, script: Path | None = None):
        self.index = index
        self._dir = Path(tempfile.mkdtemp(prefix="l5r-deck-node-"))
        if script is None:
            script = self._dir / "deck-check.js"
            script.write_text(shipped_script(SCRIPT.read_text(encoding="utf-8")), encoding="utf-8")
        self.script = script
        self.data = self._dir / "deck-check-data.js"
        self.data.write_text(checker_script(support.codex(), index, {}), encoding="utf-8")
        self._node: subprocess.Popen[str] | None = None

    def python(self, case: dict[str, Any]) -> dict[str, Any]:
        try:
            result = check_text(
                support.codex(),
                case["text"],
                self.index,
                dt.date.fromisoformat(case["as_of"]),
                source=case.get("source") or "<deck>",
                format_id=case.get("format") or None,
                input_format=case.get("input_format") or None,
                strict_titles=bool(case.get("strict")),
            )
        except CodexError as exc:
            return {"error": str(exc)}
        return result.report.as_json()

    def browser(self, cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The browser checker's answers, from one Node process kept for every batch (started on first use)."""
        assert NODE, "node is not installed"
        if self._node is None or self._node.poll() is not None:
            self._node = subprocess.Popen(
                [NODE, str(HARNESS), str(self.data), str(self.script)],
                text=True,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
        assert self._node.stdin is not None and self._node.stdout is not None
        self._node.stdin.write(json.dumps(cases) + "\n")
        self._node.stdin.flush()
        answer = self._node.stdout.readline()
        assert answer, f"the Node checker stopped: {self._node.stderr.read()[-3000:] if self._node.stderr else ''}"
        return json.loads(answer)

    def run(self, cases: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        return [self.python(c) for c in cases], self.browser(cases)

    def close(self) -> None:
        if self._node is not None:
            self._node.kill()
            self._node.wait()
        shutil.rmtree(self._dir, ignore_errors=True)


def first_difference(python: dict[str, Any], browser: dict[str, Any]) -> str | None:
    """None when the two answers are the same JSON; else the first key path where they differ, both values."""

    def walk(a: Any, b: Any, path: str) -> str | None:
        if isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(set(a) | set(b)):
                if key not in a or key not in b:
                    return f"{path}/{key}: python {a.get(key, '(absent)')!r} browser {b.get(key, '(absent)')!r}"
                found = walk(a[key], b[key], f"{path}/{key}")
                if found:
                    return found
            return None
        if isinstance(a, list) and isinstance(b, list):
            for n, (x, y) in enumerate(zip(a, b)):
                found = walk(x, y, f"{path}[{n}]")
                if found:
                    return found
            if len(a) != len(b):
                return f"{path}: python has {len(a)} items, browser {len(b)}: {a[len(b) :] or b[len(a) :]!r}"
            return None
        return None if a == b else f"{path}: python {a!r} browser {b!r}"

    return walk(python, browser, "")


_kept: dict[int, tuple[CardIndex, Differential]] = {}


def kept(index: CardIndex) -> Differential:
    """The process's one Differential of `index` (module docstring)."""
    held = _kept.get(id(index))
    if held is None or held[0] is not index:
        if held is not None:
            held[1].close()
        held = _kept[id(index)] = (index, Differential(index))
    return held[1]


@atexit.register
def _close_kept() -> None:
    for _, differential in _kept.values():
        differential.close()
    _kept.clear()
