"""`l5r site generate OUT`: write the generated pages (and feeds, and the nav) for another site engine."""

from __future__ import annotations

import sys
from pathlib import Path

from ..data import locate
from ..data.load import load_codex
from ..data.yamlsource import DataError


def register(sub):
    p = sub.add_parser("site", help="site generation without MkDocs (for ProperDocs, Zensical...)")
    verbs = p.add_subparsers(dest="site_command", metavar="COMMAND")
    g = verbs.add_parser("generate", help="write every generated page under OUT, beside a copy of docs/")
    g.add_argument("out", type=Path, metavar="OUT", help="folder to write into (made if missing)")
    g.add_argument("--data", type=Path, default=None,
                   help="data folder (default: the data/ of the project around the current folder)")
    g.add_argument("--site-url", default="https://codex.l5r.invalid/", help="site URL the feeds link to")
    g.set_defaults(func=run_generate)
    p.set_defaults(func=lambda args: (p.print_help(sys.stderr), 2)[1])


def run_generate(args) -> int:
    from ..scenarios import present
    from ..site.generate import NAV_FILE, generate, write

    if args.out.exists() and not args.out.is_dir():
        print(f"l5r site generate: {args.out} is a file, not a folder", file=sys.stderr)
        return 2
    data = locate.data_dir(args.data)
    # The verified examples come from the same project as the data (its docs/ and data/), not the installed one.
    present.use_project(data.resolve().parent)
    try:
        codex = load_codex(data)
    except DataError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print("The Codex data has problems; nothing was written.", file=sys.stderr)
        return 1
    generated = generate(codex, args.site_url)
    try:
        count = write(generated, args.out)
    except OSError as exc:
        print(f"l5r site generate: cannot write to {args.out}: {exc.strerror}", file=sys.stderr)
        return 1
    print(f"{count} generated files written under {args.out} (nav in {args.out / NAV_FILE})")
    return 0
