"""`l5r cardpool fetch|status|pin`: the card pool fetched from its repository at the pinned commit.

Exit codes: 0 done (status: the fetched pool verifies, or none is installed), 1 status found a pool that does not
verify, 2 bad input or a failed fetch (one sentence, nothing installed). A failure is a CodexError (FetchError)
that `l5r.cli.main` reports, as for every command.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from pathlib import Path

from ..cardpool import GET_ONE, PoolError, choose_pool
from ..cardpool import fetch as pool_fetch
from ..errors import CodexError, ExitCode


def register(sub):
    p = sub.add_parser("cardpool", help="the card pool: fetch it, say which one is used, update the pin")
    verbs = p.add_subparsers(dest="cardpool_command", metavar="ACTION")
    f = verbs.add_parser(
        "fetch",
        help="download the pinned commit's card pool, verify it, install it in the cache",
        description="Download the card pool of the pinned commit (the repository's public "
        "archive), verify every file against the manifest and install it in the user "
        "cache folder, where every command then finds it.",
    )
    f.add_argument(
        "--from",
        dest="source",
        metavar="PATH|URL",
        default=None,
        help="instead of GitHub: a checkout of the repository, a folder holding sets/ and "
        "set_info.yaml, a .tar.gz or .zip archive, or a mirror's archive URL",
    )
    f.add_argument(
        "--force", action="store_true", help="download again even when the pinned pool is installed and verifies"
    )
    f.add_argument("--manifest", type=Path, default=None, help=argparse_suppress())
    f.set_defaults(func=run_fetch, name="cardpool fetch")
    s = verbs.add_parser(
        "status",
        help="which pool is installed, from where, whether it verifies, and which pool a command would use now",
    )
    s.add_argument("--cardpool", metavar="DIR", default=None, help="as a command given --cardpool DIR would")
    s.add_argument("--manifest", type=Path, default=None, help=argparse_suppress())
    s.set_defaults(func=run_status, name="cardpool status")
    n = verbs.add_parser(
        "pin",
        help="update the pin: rewrite the manifest from another commit's files",
        description="Rewrite the manifest (l5r/cardpool/manifest.json) from the files of another "
        "commit: its GitHub archive, or --from a checkout, archive or URL of it. Then "
        "`l5r cardpool fetch` installs that commit's pool.",
    )
    n.add_argument("commit", metavar="COMMIT", help="the full 40-character commit id")
    n.add_argument(
        "--from",
        dest="source",
        metavar="PATH|URL",
        default=None,
        help="that commit's files: a checkout, a .tar.gz/.zip archive or its URL (default: GitHub)",
    )
    n.add_argument(
        "--repository",
        metavar="OWNER/NAME",
        default=None,
        help="another repository (default: the one the manifest names)",
    )
    n.add_argument(
        "--manifest", type=Path, default=None, help="the manifest to rewrite (default: the one the l5r package ships)"
    )
    n.set_defaults(func=run_pin, name="cardpool pin")
    p.set_defaults(func=lambda args: (p.print_help(sys.stderr), ExitCode.BAD_INPUT)[1])


def argparse_suppress():
    import argparse

    return argparse.SUPPRESS  # a test's made-up manifest; not for users


@contextlib.contextmanager
def _interruptible():
    # A terminated fetch cleans up as Ctrl-C does: the staging folder is removed on the way out. The handler is
    # the fetch's only: a caller that runs the command in its own process (the tests, a script) gets its own back,
    # or a pool of worker processes it forks later would inherit a SIGTERM that no longer ends them.
    def stop(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_fetch(args) -> int:
    with _interruptible():
        return _fetch(args)


def _fetch(args) -> int:
    try:
        manifest = pool_fetch.load_manifest(args.manifest)
        try:
            found = pool_fetch.installed(manifest)
        except pool_fetch.FetchError:  # a damaged record: the fetch below replaces the whole folder
            found = None
        if args.source is None and not args.force and found and not pool_fetch.verify(found.folder, manifest):
            # Nothing to download (and no network needed): `make cardpool` can run before every build.
            print(
                f"card pool: {manifest.short} is installed and verifies, in {found.folder} (--force downloads it again)"
            )
            return ExitCode.OK
        where = pool_fetch.shown_source(args.source) if args.source else manifest.archive_url
        print(f"l5r cardpool fetch: {manifest.short} from {where}", flush=True)
        result = pool_fetch.fetch(args.source, manifest=manifest)
    except KeyboardInterrupt:
        print("l5r cardpool fetch: interrupted; nothing was installed", file=sys.stderr)
        return ExitCode.INTERRUPTED
    total = sum(size for size, _ in manifest.files.values())
    print(
        f"card pool installed: {len(manifest.files)} files ({total / 1e6:.1f} MB) verified against the manifest, "
        f"in {result.folder}"
    )
    return ExitCode.OK


def run_status(args) -> int:
    manifest = pool_fetch.load_manifest(args.manifest)
    try:
        now = choose_pool(args.cardpool).line()
    except PoolError as exc:
        now = f"card pool: cannot be used: {exc}"
    print(f"in use now: {now}")
    print(f"pinned: {manifest.repository} at commit {manifest.commit} ({len(manifest.files)} files)")
    found = pool_fetch.installed(manifest)
    if found is None:
        print(f"fetched pool: none installed; {GET_ONE}")
        return ExitCode.OK
    print(f"fetched pool: {found.folder}")
    print(f"  from {found.origin}, fetched {found.fetched_at}")
    problems = pool_fetch.verify(found.folder, manifest)
    if problems:
        print(
            f"  verifies: NO, {len(problems)} problem(s), first: {problems[0]}; fetch it again with "
            "`l5r cardpool fetch`"
        )
        return ExitCode.PROBLEMS
    print(f"  verifies: yes, all {len(manifest.files)} files match the manifest")
    return ExitCode.OK


def run_pin(args) -> int:
    with _interruptible():
        return _pin(args)


def _pin(args) -> int:
    import re
    import shutil
    import tempfile

    if not re.fullmatch(r"[0-9a-f]{40}", args.commit):
        raise CodexError(f"'{args.commit}' is not a full 40-character commit id")
    problem = pool_fetch.repository_problem(args.repository) if args.repository is not None else None
    if problem:  # it goes into the archive's address and the manifest: a `/`, `#` or newline would change both
        raise CodexError(f"--repository: {problem}")
    try:
        current = pool_fetch.load_manifest(args.manifest)
        repository = args.repository or current.repository
        new = pool_fetch.Manifest(repository, args.commit, current.sources)
        work = Path(tempfile.mkdtemp(prefix="l5r-cardpool-pin-"))
        try:
            pool = work / "pool"
            pool.mkdir()
            shown = pool_fetch.gather(args.source or new.archive_url, new.sources, pool, work)
            facts = pool_fetch.file_facts(pool, new)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        if not facts:
            raise pool_fetch.FetchError(f"{shown} holds none of the pool's files")
        written = pool_fetch.write_manifest(
            pool_fetch.Manifest(repository, args.commit, new.sources, facts), args.manifest
        )
    except KeyboardInterrupt:
        print("l5r cardpool pin: interrupted; the manifest was left as it was", file=sys.stderr)
        return ExitCode.INTERRUPTED
    except OSError as exc:
        raise pool_fetch.FetchError(f"{exc.strerror or exc}; the manifest was left as it was") from None
    print(
        f"pinned {repository} at {args.commit}: {len(facts)} files from {shown}, written to {written}; "
        "run `l5r cardpool fetch` to install it"
    )
    return ExitCode.OK
