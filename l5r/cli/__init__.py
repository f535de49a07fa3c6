"""The `l5r` command line. Each subcommand lives in its own module and registers itself here.

The contract every command keeps: output on stdout; a failure is a `CodexError` (l5r/errors.py), caught once in
`main`, printed as `l5r <command>: <message>` on stderr and exited with its code (`l5r --help` lists them).
"""

from __future__ import annotations

import argparse
import sys

from .. import __version__
from ..errors import EXIT_CODES_HELP, CodexError, ExitCode
from . import cardpool as _cardpool
from . import check as _check
from . import deck as _deck
from . import scenarios as _scenarios
from . import site as _site

# Subcommand modules: each has `register(subparsers)` that sets `func` (and `name`, the command's) on its parsers.
COMMANDS = [_check, _deck, _scenarios, _site, _cardpool]


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # usage errors: one sentence, exit 2, no traceback
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(ExitCode.BAD_INPUT)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="l5r",
        description="L5R Rules Codex: check data, run scenarios, check decks.",
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"l5r {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return ExitCode.BAD_INPUT
    try:
        return int(args.func(args))
    except CodexError as exc:
        for line in exc.details:
            print(line, file=sys.stderr)
        print(f"l5r {getattr(args, 'name', None) or args.command}: {exc}", file=sys.stderr)
        return int(exc.exit_code)
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    except BrokenPipeError:
        return ExitCode.OK
