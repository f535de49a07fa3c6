"""`l5r site generate OUT`: write the generated pages (and feeds, and the nav) for another site engine;
`l5r site postbuild SITE`: after that engine's build, every pass the Codex runs on the built site."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ..data import locate
from ..data.load import load_codex
from ..errors import CodexError, ExitCode


SITE_URL_ENV = "L5R_SITE_URL"
SITE_URL_HELP = (
    f"the site's public address, used by the feeds, permalinks.json and the short links "
    f"(default: ${SITE_URL_ENV}; without one, links are relative)"
)


def _site_url(args) -> str:
    """--site-url, else L5R_SITE_URL (as mkdocs.yml reads it), else none."""
    from ..site.building.generate import public_address

    return public_address(args.site_url if args.site_url is not None else os.environ.get(SITE_URL_ENV, ""))


def register(sub):
    p = sub.add_parser("site", help="site generation without MkDocs (for ProperDocs, Zensical...)")
    verbs = p.add_subparsers(dest="site_command", metavar="COMMAND")
    g = verbs.add_parser("generate", help="write every generated page under OUT, beside a copy of docs/")
    g.add_argument("out", type=Path, metavar="OUT", help="folder to write into (made if missing)")
    g.add_argument(
        "--data",
        type=Path,
        default=None,
        help="data folder (default: the data/ of the project around the current folder)",
    )
    g.add_argument("--site-url", default=None, help=SITE_URL_HELP)
    g.add_argument(
        "--offline",
        action="store_true",
        help="for the offline copy: pages are files (a/b.html), not directory URLs (a/b/)",
    )
    g.set_defaults(func=run_generate, name="site generate")
    b = verbs.add_parser(
        "postbuild",
        help="after another engine built SITE_DIR: every pass the Codex runs on it "
        "(search tags, card pages, permalinks, the offline copy's files)",
    )
    b.add_argument("site", type=Path, metavar="SITE_DIR", help="the folder the engine built (site/)")
    b.add_argument(
        "--offline",
        action="store_true",
        help="the offline copy (built with use_directory_urls: false): also its passes",
    )
    b.add_argument(
        "--data",
        type=Path,
        default=None,
        help="data folder (default: the data/ of the project around the current folder)",
    )
    b.add_argument("--site-url", default=None, help=SITE_URL_HELP)
    b.set_defaults(func=run_postbuild, name="site postbuild")
    p.set_defaults(func=lambda args: (p.print_help(sys.stderr), 2)[1])


def _generate(data_arg, *, directory_urls: bool, **options):
    """Load the project's data and generate the pages: (codex, generated, project folder)."""
    from ..cardpool import choose_pool
    from ..progress import status_line
    from ..scenarios import present
    from ..site.rendering import editlinks
    from ..site.building.generate import generate

    pool = choose_pool()  # L5R_CARDPOOL, else the fetched pool, chosen here and passed down
    print(pool.line(), flush=True)  # the first line: which pool the pages are generated with
    data = locate.data_dir(data_arg)
    project = data.resolve().parent
    # The verified examples come from the same project as the data (its docs/ and data/), not the installed one.
    present.use_project(project)
    # The repository's address, as mkdocs.yml reads it (its `edit_uri` is editlinks.DEFAULT_EDIT_URI's).
    source_root = editlinks.source_root(os.environ.get(editlinks.REPO_URL_ENV, ""))
    # Seconds with the pool, as in a MkDocs build (l5r/site/glue/mkdocs_glue.py)
    with status_line("generating the pages"):
        codex = load_codex(data)
        generated = generate(
            codex, directory_urls=directory_urls, pool_dir=pool.path, source_root=source_root, **options
        )
    return codex, generated, project


def run_generate(args) -> int:
    from ..site.building.generate import NAV_FILE, write_generated

    if args.out.exists() and not args.out.is_dir():
        raise CodexError(f"{args.out} is a file, not a folder")
    _, generated, _ = _generate(args.data, directory_urls=not args.offline, site_url=_site_url(args))
    try:
        count = write_generated(generated, args.out)
    except OSError as exc:
        raise CodexError(f"cannot write to {args.out}: {exc.strerror}") from None
    print(f"{count} generated files written under {args.out} (nav in {args.out / NAV_FILE})")
    return ExitCode.OK


def run_postbuild(args) -> int:
    from ..site.building import postbuild
    from ..site.cardpage.write import JOBS_ENV, jobs_setting
    from ..site.building.generate import NO_ADDRESS

    if not args.site.is_dir():
        raise CodexError(f"{args.site} is not a folder (build the site first)")
    postbuild.check_site(args.site)  # a folder never built, or built and post-built already: said at once
    codex, generated, project = _generate(args.data, directory_urls=not args.offline, site_url=_site_url(args))
    if not generated.site_url:
        print(f"WARNING -  {NO_ADDRESS}", file=sys.stderr)
    try:
        counts = postbuild.run(
            args.site,
            codex,
            generated,
            directory_urls=not args.offline,
            offline_copy=args.offline,
            project=project,
            card_jobs=jobs_setting(os.environ.get(JOBS_ENV)),
        )
    except OSError as exc:
        raise CodexError(f"cannot write in {args.site}: {exc.strerror}") from None
    print(
        f"{args.site} post-built: {counts['pages']} pages, {counts['permalinks']} permalinks, "
        f"{counts['short_links']} short links, {counts['stubs']} stubs for old pages"
    )
    return ExitCode.OK
