"""The `l5r` command line. Each subcommand lives in its own module and registers itself here."""

from __future__ import annotations

import argparse
import sys

from . import cardpool as _cardpool
from . import check as _check
from . import deck as _deck
from . import scenarios as _scenarios
from . import site as _site

# Subcommand modules: each has `register(subparsers)` that sets `func` on its parser.
COMMANDS = [_check, _deck, _scenarios, _site, _cardpool]


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # usage errors: one sentence, exit 2, no traceback
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="l5r", description="L5R Rules Codex: check data, run scenarios, check decks.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
