"""One CLI contract (l5r/errors.py): every failure a user can cause is a CodexError, caught once in `l5r.cli.main`,
printed as `l5r <command>: <message>` on stderr with the exit code its kind has, the same in every command."""

from __future__ import annotations

import ast
import importlib.metadata
from pathlib import Path

import pytest
from conftest import ROOT, l5r_here, run_l5r

from l5r.errors import EXIT_CODES_HELP, CodexError, ExitCode
from package_source import file_nodes

# Exceptions that never reach a user as such: each is turned into something else where it is caught.
INTERNAL = {
    "Refusal": "the engine's answer 'the rules refuse this', shown in a scenario's outcome",
    "Impossible": "the engine's answer 'the state cannot arise', shown in a scenario's outcome",
    "ScenarioError": "a scenario that cannot run, reported as that scenario's failure with its line",
    "ShapeError": "YAML of a shape the Codex does not read, reported as a located data problem",
    "_Unusual": "YAML the one-pass reader leaves to PyYAML, caught in load_checked, which then reads it as before",
    "LinkError": "a broken permalink, re-raised as PostBuildError (or a MkDocs PluginError in a build)",
    "ScenarioInputMissing": "a scenario that leaves out a fact its question needs, reported as its failure",
    "Unreadable": "card wording outside the engine's grammar, reported as the scenario's failure",
}


def _exception_classes() -> dict[str, list[str]]:
    """Every class in the package whose base is an exception class of the standard library: name -> bases."""
    found = {}
    for path in sorted((ROOT / "l5r").rglob("*.py")):
        for node in file_nodes(path):
            if isinstance(node, ast.ClassDef):
                bases = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases]
                if any(b.endswith(("Exception", "Error")) for b in bases):
                    found[node.name] = bases
    return found


def test_every_user_facing_exception_is_a_codex_error():
    classes = _exception_classes()
    assert len(classes) >= 12, f"the scan found too few exception classes to mean anything: {sorted(classes)}"
    outside = {
        name
        for name, bases in classes.items()
        if name != "CodexError" and ("Exception" in bases or "ValueError" in bases)
    }
    assert outside == set(INTERNAL), (
        f"exception classes outside CodexError: {sorted(outside - set(INTERNAL))} (derive them from "
        f"l5r.errors.CodexError, or say in INTERNAL why a user never sees them); stale: {sorted(set(INTERNAL) - outside)}"
    )
    codex_errors = {name for name, bases in classes.items() if name not in INTERNAL}
    assert {
        "PoolError",
        "DataError",
        "DecklistError",
        "DeckRulesError",
        "CollectError",
        "ApiError",
        "PostBuildError",
    } <= codex_errors


def test_version_is_the_installed_packages():
    result = run_l5r("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"l5r {importlib.metadata.version('l5r-codex')}"


def test_help_lists_the_exit_codes():
    result = run_l5r("--help")
    assert result.returncode == 0
    assert EXIT_CODES_HELP.splitlines()[0] in result.stdout
    for code in ExitCode:
        assert f"  {int(code)}  " in result.stdout, code


def test_the_readme_lists_the_same_exit_codes():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for code in (ExitCode.OK, ExitCode.PROBLEMS, ExitCode.BAD_INPUT, ExitCode.UNDECIDED, ExitCode.NOT_A_DECKLIST):
        assert f"| {int(code)} |" in readme, f"README.md's exit code table has no row for {int(code)}"


def _damaged(data_copy: Path) -> Path:
    target = data_copy / "formats" / "obsidian-hand" / "format.yml"
    target.write_text("id: [unclosed\n", encoding="utf-8")
    return data_copy


@pytest.mark.parametrize(
    "command, name",
    [
        (["scenarios", "run", "docs", "--data", "{data}"], "scenarios run"),
        (["site", "generate", "{out}", "--data", "{data}"], "site generate"),
    ],
)
def test_data_with_problems_is_the_same_failure_in_every_command(command, name, data_copy, tmp_path):
    data = _damaged(data_copy)
    args = [a.format(data=data, out=tmp_path / "out") for a in command]
    result = run_l5r(*args)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.returncode == ExitCode.BAD_INPUT, result.stderr
    lines = result.stderr.splitlines()
    assert any("format.yml:" in line for line in lines[:-1]), "each problem is listed, with file and line"
    assert lines[-1].startswith(f"l5r {name}: the data in ") and "`l5r check`" in lines[-1]


def test_deck_check_reports_data_with_problems_like_every_command(data_copy, tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    _damaged(data_copy).rename(project / "data")
    deck = tmp_path / "deck.txt"
    deck.write_text("Dynasty:\n1 Hida Kisada\n", encoding="utf-8")
    result = run_l5r("deck", "check", "--format", "modern", deck, cwd=project)
    assert result.returncode == ExitCode.BAD_INPUT and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1].startswith("l5r deck check: the data in data has")


def test_check_reports_the_problems_as_its_output(data_copy):
    result = run_l5r("check", "--data", _damaged(data_copy))
    assert result.returncode == ExitCode.PROBLEMS
    assert "format.yml:" in result.stdout
    assert result.stderr.strip().startswith("l5r check: ")


def test_a_command_group_without_its_action_is_a_usage_error(tmp_path):
    """`l5r scenarios` alone: argparse's usage line, then the one sentence, exit 2 (errors.UsageError)."""
    result = l5r_here("scenarios", cwd=tmp_path)
    assert result.returncode == ExitCode.BAD_INPUT
    assert result.stderr == (
        "usage: l5r scenarios [-h] ACTION ...\n"
        "l5r scenarios: error: say what to do, e.g. `l5r scenarios run docs data`\n"
    )


def test_no_scenarios_found_is_one_line_and_exit_1(tmp_path):
    (tmp_path / "empty").mkdir()
    result = l5r_here("scenarios", "run", "empty", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (ExitCode.PROBLEMS, "")
    assert result.stderr == "l5r scenarios run: no scenarios found in empty\n"


def test_commands_name_their_exit_codes():
    """A command returns an `ExitCode` member (l5r/errors.py), never a number of its own, and never leaves
    through sys.exit: main() is the one way out."""
    written = []
    for path in sorted((ROOT / "l5r" / "cli").glob("*.py")):
        for node in file_nodes(path):
            if (
                isinstance(node, ast.Return)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, int)
            ):
                written.append(f"{path.name}:{node.lineno}: return {node.value.value}")
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "attr", "") == "exit"
                and any(isinstance(a, ast.Constant) for a in node.args)
            ):
                written.append(f"{path.name}:{node.lineno}: sys.exit with a number")
    assert written == []


def test_a_codex_error_is_printed_once_with_the_command_name(capsys, monkeypatch):
    from l5r import cli

    class Boom(CodexError):
        exit_code = ExitCode.UNDECIDED

    def fail(args):
        raise Boom("the documents do not say")

    parser = cli.build_parser()
    real = parser.parse_args
    monkeypatch.setattr(cli, "build_parser", lambda: parser)
    monkeypatch.setattr(parser, "parse_args", lambda argv: _with(real(["check"]), func=fail))
    assert cli.main(["check"]) == ExitCode.UNDECIDED
    err = capsys.readouterr().err
    assert err == "l5r check: the documents do not say\n"


def _with(namespace, **values):
    for key, value in values.items():
        setattr(namespace, key, value)
    return namespace
