"""`l5r site generate OUT`: write the generated pages (and feeds, and the nav) for another site engine;
`l5r site postbuild SITE`: after that engine's build, every pass the Codex runs on the built site."""

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
    g.add_argument("--offline", action="store_true",
                   help="for the offline copy: pages are files (a/b.html), not directory URLs (a/b/)")
    g.set_defaults(func=run_generate)
    b = verbs.add_parser("postbuild", help="after another engine built SITE_DIR: every pass the Codex runs on it "
                                           "(search tags, card pages, permalinks, the offline copy's files)")
    b.add_argument("site", type=Path, metavar="SITE_DIR", help="the folder the engine built (site/)")
    b.add_argument("--offline", action="store_true",
                   help="the offline copy (built with use_directory_urls: false): also its passes")
    b.add_argument("--data", type=Path, default=None,
                   help="data folder (default: the data/ of the project around the current folder)")
    b.set_defaults(func=run_postbuild)
    p.set_defaults(func=lambda args: (p.print_help(sys.stderr), 2)[1])


def _generate(command: str, data_arg, *, directory_urls: bool, untouched: str, **options):
    """Load the project's data and generate the pages: (codex, generated, project folder), or the exit code after
    one plain sentence per problem. `untouched`: what a failure leaves alone, said to the user."""
    from ..scenarios import present
    from ..site.api import ApiError
    from ..site.generate import generate

    from ..cardpool import PoolError, choose_pool

    try:
        print(choose_pool().line(), flush=True)  # the first line: which pool the pages are generated with
    except PoolError as exc:
        print(f"l5r site {command}: card pool: {exc}", file=sys.stderr)
        return 1
    data = locate.data_dir(data_arg)
    project = data.resolve().parent
    # The verified examples come from the same project as the data (its docs/ and data/), not the installed one.
    present.use_project(project)
    try:
        codex = load_codex(data)
    except DataError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"The Codex data has problems; {untouched}.", file=sys.stderr)
        return 1
    try:
        return codex, generate(codex, directory_urls=directory_urls, **options), project
    except ApiError as exc:
        print(f"l5r site {command}: {exc}", file=sys.stderr)
        return 1


def run_generate(args) -> int:
    from ..site.generate import NAV_FILE, write

    if args.out.exists() and not args.out.is_dir():
        print(f"l5r site generate: {args.out} is a file, not a folder", file=sys.stderr)
        return 2
    made = _generate("generate", args.data, directory_urls=not args.offline, untouched="nothing was written",
                     site_url=args.site_url)
    if isinstance(made, int):
        return made
    _, generated, _ = made
    try:
        count = write(generated, args.out)
    except OSError as exc:
        print(f"l5r site generate: cannot write to {args.out}: {exc.strerror}", file=sys.stderr)
        return 1
    print(f"{count} generated files written under {args.out} (nav in {args.out / NAV_FILE})")
    return 0


def run_postbuild(args) -> int:
    from ..site import postbuild
    from ..site.api import ApiError

    if not args.site.is_dir():
        print(f"l5r site postbuild: {args.site} is not a folder (build the site first)", file=sys.stderr)
        return 2
    try:
        postbuild.check_site(args.site)  # a folder never built, or built and post-built already: said at once
    except postbuild.PostBuildError as exc:
        print(f"l5r site postbuild: {exc}", file=sys.stderr)
        return 1
    made = _generate("postbuild", args.data, directory_urls=not args.offline,
                     untouched="the site was left as it is")
    if isinstance(made, int):
        return made
    codex, generated, project = made
    try:
        counts = postbuild.run(args.site, codex, generated, directory_urls=not args.offline,
                               offline_copy=args.offline, project=project)
    except (ApiError, postbuild.PostBuildError) as exc:
        print(f"l5r site postbuild: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"l5r site postbuild: cannot write in {args.site}: {exc.strerror}", file=sys.stderr)
        return 1
    print(f"{args.site} post-built: {counts['pages']} pages, {counts['permalinks']} permalinks, "
          f"{counts['short_links']} short links, {counts['stubs']} stubs for old pages")
    return 0
