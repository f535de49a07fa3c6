"""Progress of the long steps (the pool's download and verification, the card pages, the offline zip), on a
terminal only.

A step shows a bar on standard error once it has run for DELAY seconds, so quick steps stay silent; nothing is
shown when standard error is not a terminal (a pipe, a log file) or under CI (the `CI` variable that CI services
set), so logs stay short. The bar is tqdm's; every caller goes through `meter`, so the rule is kept in one place."""

from __future__ import annotations

import os
import sys
from enum import Enum
from types import TracebackType
from typing import Self, TextIO

from tqdm import tqdm

DELAY = 2.0  # seconds a step runs before its bar appears
_OFF_VALUES = {"", "0", "false", "no"}


class Unit(Enum):
    """What a step counts: bytes are shown scaled (kB, MB), anything else as a count of `label`."""

    BYTES = "B"
    FILES = "files"
    PAGES = "pages"


def shown_on(stream: TextIO | None) -> bool:
    """Whether a bar goes to `stream`: a terminal, and not under CI."""
    if os.environ.get("CI", "").strip().lower() not in _OFF_VALUES:
        return False
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or the stream is closed
        return False


class Meter:
    """One step's bar; a context manager. `advance(n)` counts n more units of work done."""

    def __init__(self, what: str, total: int | None, unit: Unit, stream: TextIO | None = None) -> None:
        out = sys.stderr if stream is None else stream
        self._bar = tqdm(
            total=total,
            desc=what,
            unit=unit.value,
            unit_scale=unit is Unit.BYTES,
            unit_divisor=1024 if unit is Unit.BYTES else 1000,
            file=out,
            delay=DELAY,
            leave=False,
            dynamic_ncols=True,
            mininterval=0.25,
            disable=not shown_on(out),
        )

    def advance(self, n: int = 1) -> None:
        self._bar.update(n)

    def close(self) -> None:
        self._bar.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()


def meter(what: str, total: int | None, unit: Unit = Unit.FILES, stream: TextIO | None = None) -> Meter:
    """A bar for a step of `total` units (None: unknown), titled `what`, on standard error unless `stream`."""
    return Meter(what, total, unit, stream)
