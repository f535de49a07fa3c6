"""One exception base for everything the `l5r` command reports to a user, and the exit codes it reports with.

Every error a user can cause (a bad option, an unreadable decklist or card pool, data with problems, a site
that cannot be finished) is a `CodexError`: its message is plain sentences for the user, its `exit_code` says
what kind of failure it is. `l5r.cli.main` catches it once and prints `l5r <command>: <message>` on stderr, so
every command fails the same way and no user mistake ends in a traceback.
"""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """What `l5r` exits with; the same in every command (`l5r --help` and the README list them)."""

    OK = 0  # done: the data is clean, the deck is legal, every scenario passed
    PROBLEMS = 1  # done, and it found problems: `l5r check` in the data, a deck not legal, a failed scenario
    BAD_INPUT = 2  # usage, or input the command cannot use: an option, a decklist, a card pool, a folder, data
    #                with problems (for every command but `l5r check`)
    UNDECIDED = 3  # deck check: the documents do not settle the verdict (neither legal nor not legal)
    NOT_A_DECKLIST = 4  # deck check: the text holds no header and no card line: it is not a decklist
    INTERRUPTED = 130  # Ctrl-C


EXIT_CODES_HELP = f"""\
exit codes (every command):
  {ExitCode.OK:d}  done: the data is clean, the deck is legal, every scenario passed
  {ExitCode.PROBLEMS:d}  problems found: `l5r check` in the data, `l5r deck check` in the deck, a failed scenario
  {ExitCode.BAD_INPUT:d}  bad usage or input: an option, a decklist, a card pool or a folder the command cannot use, or
     Codex data with problems (run `l5r check`)
  {ExitCode.UNDECIDED:d}  deck check: the documents do not settle the verdict (cannot be checked)
  {ExitCode.NOT_A_DECKLIST:d}  deck check: the text is not a decklist (no header, no card line)
  {ExitCode.INTERRUPTED:d}  interrupted
"""


class CodexError(Exception):
    """A failure to report to the user: `str(error)` is the message, `details` lines printed before it."""

    exit_code: ExitCode = ExitCode.BAD_INPUT

    @property
    def details(self) -> tuple[str, ...]:
        """Lines printed before the message (each problem of a data folder, say)."""
        return ()


class UsageError(CodexError):
    """A command given without what it needs to do (`l5r scenarios` without its action): reported as argparse
    reports a usage error, the usage line, then `l5r <command>: error: <message>`."""

    def __init__(self, usage: str, message: str):
        super().__init__(f"error: {message}")
        self.usage = usage.rstrip("\n")

    @property
    def details(self) -> tuple[str, ...]:
        return (self.usage,)
