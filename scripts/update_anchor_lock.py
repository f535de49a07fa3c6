"""Refresh data/anchors.lock after adding records: `make lock` (or .venv/bin/python scripts/update_anchor_lock.py).

The lock lists every anchor the site has published. This adds the new ones and keeps the old ones that a
redirect in data/redirects.yml still serves. It refuses to drop an anchor that has no redirect: add one
first, as the message says. `--check` only reports whether the lock is current (exit 1 if not).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from l5r.data.load import load_codex  # noqa: E402
from l5r.data.yamlsource import DataError  # noqa: E402
from l5r.site.rendering import permalinks  # noqa: E402
from l5r.site.planning.plan import plan_site  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report whether the lock is current")
    parser.add_argument("--root", type=Path, default=ROOT, help="project folder (default: this repository)")
    args = parser.parse_args(argv)
    lock = args.root / permalinks.LOCK_FILE
    try:
        codex = load_codex(args.root / "data")
    except DataError as exc:
        print("The Codex data has problems (run `make check`):", *map(str, exc.problems), sep="\n", file=sys.stderr)
        return 1
    plan = plan_site(codex)
    old = permalinks.read_lock(lock)
    try:
        if old:
            permalinks.check(codex, plan, args.root)
        text = permalinks.lock_text(codex, plan, old)
    except permalinks.LinkError as exc:
        print(exc, file=sys.stderr)
        return 1
    current = lock.read_text(encoding="utf-8") if lock.is_file() else ""
    if args.check:
        if text != current:
            new = permalinks.read_lock_text(text) - old
            print(
                f"{permalinks.LOCK_FILE} is not current: {len(new)} anchor(s) to add"
                + (f" (e.g. {sorted(new)[0]})" if new else "")
                + ". Run `make lock`.",
                file=sys.stderr,
            )
            return 1
        print(f"{permalinks.LOCK_FILE} is current")
        return 0
    lock.write_text(text, encoding="utf-8")
    added = permalinks.read_lock_text(text) - old
    print(f"{permalinks.LOCK_FILE}: {len(permalinks.read_lock_text(text))} anchors ({len(added)} added)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
