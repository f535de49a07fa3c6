"""The deck checker conformance suite (tests/deck-conformance/*.json) against the command line.

Each case is a decklist and what `l5r deck check --json` must say about it; the browser checker runs the same
cases in Chromium (tests/browser/). A failure names the case file and shows a diff of expected and actual.
Schema and meaning of every key: tests/deck-conformance/README.md.
"""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from conftest import l5r_here
from decks.support import CACHE, DECKS, ROOT, pool_dir

SUITE = ROOT / "tests" / "deck-conformance"
CASES = sorted(p for p in SUITE.glob("*.json") if not p.name.endswith(".schema.json"))
SCHEMA = json.loads((SUITE / "case.schema.json").read_text(encoding="utf-8"))
L5R = Path(sys.executable).parent / "l5r"
EXIT = {"legal": 0, "not-legal": 1, "error": 2, "cannot-be-checked": 3, "not-a-decklist": 4}


def case_text(case: dict) -> str:
    """The decklist a case checks: inline text, or a tests/decks file plus any appended text."""
    source = case["decklist"]
    if "text" in source:
        return source["text"]
    text = (DECKS / source["file"]).read_text(encoding="utf-8")
    if source.get("append"):
        text += ("" if text.endswith("\n") else "\n") + source["append"]
    return text


def case_filename(case: dict) -> str:
    return case.get("filename") or case["decklist"].get("file") or "deck.txt"


def actual(case: dict, report: dict | None, returncode: int, stderr: str) -> dict:
    """The CLI's answer in the shape of the case's `expect` (only the keys the case states)."""
    expect = case["expect"]
    verdict = {code: name for name, code in EXIT.items()}.get(returncode, f"exit {returncode}")
    got: dict = {"verdict": verdict}
    if verdict == "error":
        if "error_contains" in expect:
            got["error_contains"] = expect["error_contains"] if expect["error_contains"] in stderr else stderr.strip()
        return got
    if report is None:
        return got
    if report["verdict"] != verdict or report["legal"] != {"legal": True, "not-legal": False}.get(verdict):
        got["verdict"] = f"{verdict} (but verdict={report['verdict']}, legal={report['legal']})"
    for key in ("format", "input_format", "counts"):
        if key in expect:
            got[key] = report.get(key)
    if "problems" in expect:
        got["problems"] = sorted(p["code"] for p in report["problems"])
    if "warnings" in expect:
        got["warnings"] = sorted(w["code"] for w in report["warnings"])
    if "lines" in expect:
        findings = report["problems"] + report["warnings"]
        got["lines"] = {
            code: sorted(f["line"] for f in findings if f["code"] == code and f["line"] is not None)
            for code in expect["lines"]
        }
    if "suggestions" in expect:
        got["suggestions"] = {
            line: next(
                (
                    p.get("suggestions")
                    for p in report["problems"]
                    if p["code"] == "unknown-card" and str(p["line"]) == line
                ),
                None,
            )
            for line in expect["suggestions"]
        }
    return got


def normalized(expect: dict) -> dict:
    out = dict(expect)
    for key in ("problems", "warnings"):
        if key in out:
            out[key] = sorted(out[key])
    if "lines" in out:
        out["lines"] = {code: sorted(lines) for code, lines in out["lines"].items()}
    return out


def test_the_suite_has_cases():
    assert len(CASES) >= 10, f"only {len(CASES)} conformance cases in {SUITE}"


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case_is_valid(path):
    case = json.loads(path.read_text(encoding="utf-8"))
    errors = [
        f"{'/'.join(map(str, e.absolute_path)) or '(case)'}: {e.message}"
        for e in Draft202012Validator(SCHEMA).iter_errors(case)
    ]
    assert not errors, f"{path.name} does not fit case.schema.json:\n" + "\n".join(errors)
    if "file" in case["decklist"]:
        assert (DECKS / case["decklist"]["file"]).is_file(), f"{path.name}: no tests/decks/{case['decklist']['file']}"


def _run_in_process(command: list[str], environ: dict) -> subprocess.CompletedProcess:
    """`l5r.cli.main(argv)` in this process (`l5r_here`), with the case's environment: the same code the console
    script runs, without a new interpreter per case (66 cases cost 36 s as processes).
    `test_console_script_conforms` runs a case of every verdict through the real console script."""
    return l5r_here(*command[1:], env=environ)


def _check_case(path: Path, tmp_path: Path, run, pool: Path | None = None) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    deck = tmp_path / case_filename(case)
    deck.write_text(case_text(case), encoding="utf-8")
    environ = {k: v for k, v in os.environ.items() if k != "L5R_CARDPOOL"}
    environ["L5R_CACHE_DIR"] = str(CACHE)
    environ["L5R_CARDPOOL"] = "none"  # a case's pool is --cardpool or none, never one fetched into the cache
    command = [str(L5R), "deck", "check", "--json", "--as-of", case["as_of"]]
    if case.get("pool", "real") == "real":
        command += ["--cardpool", str(pool or pool_dir())]
    if case.get("format"):
        command += ["--format", case["format"]]
    if case.get("input_format"):
        command += ["--input-format", case["input_format"]]
    if case.get("strict_titles"):
        command += ["--strict-titles"]
    result = run([*command, str(deck)], environ)
    assert "Traceback" not in result.stderr, f"{path.name}: the CLI crashed:\n{result.stderr}"
    report = json.loads(result.stdout) if result.returncode in (0, 1, 3, 4) and result.stdout.strip() else None
    want, got = normalized(case["expect"]), actual(case, report, result.returncode, result.stderr)
    if got != want:
        diff = "\n".join(
            difflib.unified_diff(
                json.dumps(want, indent=2, sort_keys=True).splitlines(),
                json.dumps(got, indent=2, sort_keys=True).splitlines(),
                "expected (" + path.name + ")",
                "l5r deck check --json",
                lineterm="",
            )
        )
        pytest.fail(f"{path.relative_to(ROOT)}: {case['description']}\n{diff}", pytrace=False)


def _posted(path: Path) -> bool:
    """A decklist a player posted (its `source`): real titles by the dozen, so it needs the real card pool."""
    return "source" in json.loads(path.read_text(encoding="utf-8"))


POSTED = [p for p in CASES if _posted(p)]


def test_the_suite_holds_posted_decklists():
    """Decklists as players posted them on blogs and forums, each with its address and its totals by hand."""
    sources = [json.loads(p.read_text(encoding="utf-8"))["source"] for p in POSTED]
    assert len(POSTED) >= 10, [p.name for p in POSTED]
    assert len({s["url"].split("/")[2] for s in sources}) >= 7
    for source in sources:
        assert source["counted_by_hand"].strip()


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_cli_conforms(path, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    _check_case(path, tmp_path, _run_in_process)


@pytest.mark.realpool
@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_cli_conforms_on_the_real_pool(path, tmp_path, monkeypatch):
    """The same cases against the whole real pool: the fixture pool holds the cards they name, and nothing else in
    the real pool changes a verdict, a count or a suggestion."""
    from conftest import real_pool

    monkeypatch.chdir(ROOT)
    _check_case(path, tmp_path, _run_in_process, real_pool())


def _verdict(path: Path) -> str:
    return json.loads(path.read_text(encoding="utf-8"))["expect"]["verdict"]


# One case of each verdict, plus the no-pool case, through the installed console script in a new process.
_BY_PROCESS = [
    next(p for p in CASES if _verdict(p) == v)
    for v in ("legal", "not-legal", "error", "cannot-be-checked", "not-a-decklist")
] + [p for p in CASES if json.loads(p.read_text(encoding="utf-8")).get("pool") == "none"][:1]


@pytest.mark.parametrize("path", _BY_PROCESS, ids=[p.stem for p in _BY_PROCESS])
def test_console_script_conforms(path, tmp_path):
    def run(command, environ):
        return subprocess.run(command, cwd=ROOT, env=environ, capture_output=True, text=True, check=False)

    _check_case(path, tmp_path, run)
