"""`l5r scenarios run PATH...`: run every ```scenario fence and `examples:` entry; exit 0 when all pass."""

from __future__ import annotations

import sys
from pathlib import Path

from ..data.load import load_codex
from ..data.locate import data_dir
from ..errors import CodexError, ExitCode, UsageError


class NoScenariosFound(CodexError):
    """The paths hold no ```scenario fence and no `examples:` list: nothing was checked."""

    exit_code = ExitCode.PROBLEMS


def register(sub):
    p = sub.add_parser("scenarios", help="run the executable examples (```scenario fences)")
    actions = p.add_subparsers(dest="action", metavar="ACTION", parser_class=type(p))
    run = actions.add_parser("run", help="run every scenario in the given Markdown/YAML files or folders")
    run.add_argument("paths", nargs="+", metavar="PATH", help="files or folders (e.g. docs data)")
    run.add_argument(
        "--data",
        type=Path,
        default=None,
        help="data folder (default: data/ of the project around the current directory, "
        "else the installed Codex's data/)",
    )
    run.add_argument("-q", "--quiet", action="store_true", help="print only failures and the summary")
    run.set_defaults(func=_run, name="scenarios run")
    p.set_defaults(func=lambda args: _usage(p))


def _usage(parser) -> int:
    raise UsageError(parser.format_usage(), "say what to do, e.g. `l5r scenarios run docs data`")


def _run(args) -> int:
    from ..scenarios.collect import collect
    from ..scenarios.runner import run_scenario

    codex = load_codex(data_dir(args.data))
    scenarios = collect(args.paths, Path.cwd())
    if not scenarios:
        raise NoScenariosFound("no scenarios found in " + " ".join(args.paths))
    failed = 0
    for scenario in scenarios:
        outcome = run_scenario(scenario, codex)
        if outcome.passed:
            if not args.quiet:
                print(f"ok    {scenario.location}: {scenario.title}")
            continue
        failed += 1
        print("FAIL  " + outcome.report())
    passed = len(scenarios) - failed
    print(f"{passed} passed, {failed} failed ({len(scenarios)} scenarios)", file=sys.stderr if failed else sys.stdout)
    return ExitCode.PROBLEMS if failed else ExitCode.OK
