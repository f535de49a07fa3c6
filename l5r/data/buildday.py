"""The day a build or a check speaks of as "today".

The card pages' legality "today", the sitemap's dates and a deck scenario with no `as of` all depend on the day. A
reproducible build names it with `SOURCE_DATE_EPOCH` (seconds since 1970, UTC), as MkDocs does for its own build
date: two builds of the same inputs with the same `SOURCE_DATE_EPOCH` are byte for byte the same, on either side of
midnight. Without it the day is the machine's.
"""

from __future__ import annotations

import datetime as dt
import os

from l5r.errors import CodexError

SOURCE_DATE_EPOCH = "SOURCE_DATE_EPOCH"


class BuildDayError(CodexError):
    """`SOURCE_DATE_EPOCH` set to something that is not a moment."""


def build_day() -> dt.date:
    """Today, or the UTC day of `SOURCE_DATE_EPOCH` when it is set."""
    epoch = os.environ.get(SOURCE_DATE_EPOCH, "").strip()
    if not epoch:
        return dt.date.today()
    try:
        return dt.datetime.fromtimestamp(int(epoch), tz=dt.timezone.utc).date()
    except (ValueError, OverflowError, OSError):
        raise BuildDayError(
            f"{SOURCE_DATE_EPOCH} is “{epoch}”: it names the build's day as whole seconds since 1970-01-01 UTC "
            "(say 1764460800), or is left unset for today"
        ) from None
