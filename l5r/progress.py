"""Progress of the long steps (the pool's download, verification and reading, the site's pages, the card pages,
the offline zip), on a terminal only.

A step shows a bar on standard error once it has run for DELAY seconds, so quick steps stay silent; nothing is
shown when standard error is not a terminal (a pipe, a log file) or under CI (the `CI` variable that CI services
set), so logs stay short. The bar is tqdm's; every caller goes through `meter` (a step that counts its units) or
`status` (a step that counts nothing: one line with the time it has run), so the rule is kept in one place. A
counting step inside a status shows its bar on the line below the status's, and leaves it when done.

tqdm is imported only when a bar is shown: most runs show none (piped, under CI, a build's worker), and importing
it (with the package metadata it reads for its version) was a fifth of the CPU time of starting `l5r`."""

from __future__ import annotations

import os
import sys
import threading
from enum import Enum
from types import TracebackType
from typing import TYPE_CHECKING, Self, TextIO

if TYPE_CHECKING:
    from tqdm import tqdm

DELAY = 2.0  # seconds a step runs before its bar appears
TICK = 0.5  # seconds between two redraws of a status line (its clock shows whole seconds)
_OFF_VALUES = {"", "0", "false", "no"}


class _Hidden:
    """A bar that is not shown: what tqdm's bar does with `disable=True` (nothing), without importing tqdm."""

    def update(self, n: float | None = 1) -> bool | None:
        return None

    def close(self) -> None:
        return None


def _bar(shown: bool, **options) -> tqdm | _Hidden:
    """tqdm's bar with `options` where it is shown, else a hidden one."""
    if not shown:
        return _Hidden()
    from tqdm import tqdm

    return tqdm(**options)


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
        self._bar = _bar(
            shown_on(out),
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


class Status:
    """One step that counts nothing (or nothing known in advance), a context manager: `what…` and the time it has
    run, on one line. A thread redraws it: such a step may spend all its time in one call (decoding a cache,
    removing a folder), where nothing else would."""

    def __init__(self, what: str, stream: TextIO | None = None) -> None:
        out = sys.stderr if stream is None else stream
        shown = shown_on(out)
        # miniters=0: a redraw counts no unit (update(0)), and tqdm still keeps its delay and its clearing on close.
        self._bar = _bar(
            shown,
            total=None,
            desc=what,
            bar_format="{desc}… {elapsed}",
            file=out,
            delay=DELAY,
            leave=False,
            dynamic_ncols=True,
            miniters=0,
            mininterval=TICK / 2,
        )
        self._done = threading.Event()
        self._ticker: threading.Thread | None = None
        if shown:  # no thread at all where nothing is shown
            self._ticker = threading.Thread(target=self._tick, name="l5r-status", daemon=True)
            self._ticker.start()

    def _tick(self) -> None:
        while not self._done.wait(TICK):
            self._bar.update(0)

    def close(self) -> None:
        self._done.set()
        if self._ticker is not None:
            self._ticker.join()
            self._ticker = None
        self._bar.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()


def status_line(what: str, stream: TextIO | None = None) -> Status:
    """A one-line status for a step that counts nothing, titled `what`, on standard error unless `stream`; a
    `meter` opened inside it shows its bar beneath it."""
    return Status(what, stream)
