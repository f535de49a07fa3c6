"""Where a pool card's files are written: its page `card/<slug>/index.html`, rendered between the shell's head and
tail, and its short link `c/card-<slug>/index.html`, in one pass per card, by forked workers for a big pool; a
file whose content is unchanged since the previous build is not written again (l5r/site/cardpage/keptpages.py).
`card_page_html` is also what `mkdocs serve` answers a card's address with."""

from __future__ import annotations

import html as _html
import os
import stat
from pathlib import Path
from typing import Any

from ...cardpool import Identity
from ...progress import Unit, meter
from ..rendering.cardlinks import CARD_DIR
from ..rendering.permalinks import SHORT_DIR
from . import keptpages
from .article import CardSite
from .citable import card_short_path, short_link_shape, short_link_text

# What the forked card page writers share (write_card_pages sets it before they fork, then clears it).
_FORKED: Any = None


def card_page_html(card_site: CardSite, identity: Identity, head: str, tail: str) -> str:
    """A pool card's whole page: the shell's head (its title, description and published address filled in), the
    card, the tail. The one way a card page is made, written by the build and served by `mkdocs serve` alike."""
    filled = (
        head.replace("@TITLE@", _html.escape(card_site.page_name(identity)))
        .replace("@PATH@", f"{CARD_DIR}/{card_site.slug_of[identity]}/")
        .replace("@DESC@", _html.escape(card_site.description(identity)))
    )
    return filled + card_site.render(identity) + tail


class _Job:
    """What every writer needs: the card site, the shell (None: no pages), the short link's shape (None: no short
    links) and the previous build's keys."""

    def __init__(self, site_dir: str, card_site: CardSite, shell, shape: str | None, known: dict[str, str]):
        self.site_dir, self.card_site, self.shell, self.shape, self.known = site_dir, card_site, shell, shape, known


def _write_cards(job: _Job, identities, bar=None) -> tuple[dict[str, str], int]:
    """Write these cards' files (one worker's share, or all of them), counting each card on `bar`: their keys,
    and how many files were written (the others were unchanged)."""
    keys: dict[str, str] = {}
    written = 0
    for identity in identities:
        slug = job.card_site.slug_of[identity]
        if job.shell is not None:
            rel = f"{CARD_DIR}/{slug}"
            keys[rel], fresh = keptpages.put(
                job.site_dir, rel, card_page_html(job.card_site, identity, *job.shell), job.known
            )
            written += fresh
        if job.shape is not None:
            rel = card_short_path(slug).rstrip("/")
            keys[rel], fresh = keptpages.put(
                job.site_dir, rel, short_link_text(job.shape, job.card_site, identity), job.known
            )
            written += fresh
        if bar is not None:
            bar.advance()
    return keys, written


_PARALLEL_FROM = 2000  # below this many pages a worker costs more than it saves (test builds, small pools)
JOBS_ENV = "L5R_BUILD_JOBS"  # read where a build starts (the CLI, the MkDocs glue), passed down as `jobs`


def jobs_setting(text: str | None) -> int | None:
    """The number of card page writers a setting asks for (JOBS_ENV's value); None when it asks for none."""
    text = (text or "").strip()
    return int(text) if text.isdigit() and int(text) > 0 else None


# Measured (every page and short link of the real pool written into an empty folder, 2 CPUs shared with other
# work, three rounds, wall seconds, user CPU seconds): 1 writer 5.3, 21.4, 11.6 s (2.7-3.9 u); 2 writers 6.1, 8.2,
# 7.5 s (3.6-3.9 u); 3 writers 6.4, 10.1, 8.4 s (3.7-4.1 u). A second writer on a second CPU shortens the step when
# the machine is busy and costs little CPU; a writer more than there are CPUs only adds CPU. The system time of
# the file writes swung from 2 to 12 s between rounds alike for every count. Machines with more than 2 CPUs were
# not measured: the cap of 4 is older.
def build_jobs(pages: int, wanted: int | None = None) -> int:
    """How many processes write the card pages: `wanted`, else one per usable CPU (at most 4) for a big pool;
    one where processes cannot be forked."""
    import multiprocessing

    if pages < _PARALLEL_FROM or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    if wanted:
        return wanted
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count() or 1
    return max(1, min(4, cpus))


def write_card_pages(
    site_dir: Path,
    card_site: CardSite,
    head: str | None,
    tail: str = "",
    identities=None,
    jobs: int | None = None,
    short_links: bool = False,
    rewritten: frozenset[str] = frozenset(),
) -> int:
    """Write pool cards' pages between the shell's `head` and `tail` (`shell.card_page_shell`; head None: no
    pages) and, with `short_links`, their short links: every pool card's, or these `identities`' (a test writes a
    few as the build writes them all), by `jobs` processes (None: `build_jobs` decides); the number of cards.
    Every card's: files unchanged since the previous build are left as they are, the pages of cards gone from the
    pool are removed, and the new keys are saved (keptpages). A few cards': every file is written and the keys
    are forgotten, so that the next build writes every file again. `rewritten`: the folders of `c/` the build
    writes after these (`keptpages.bring_back`)."""
    site_dir = Path(site_dir)
    whole = identities is None
    if identities is None:
        identities = card_site.page_identities()
    shape = short_link_shape() if short_links else None
    render = ""
    if whole:
        stored, stored_render = keptpages.stored_pages(site_dir)
        known = keptpages.bring_back(site_dir, stored, rewritten)
        render = _render_key(card_site, head, tail, shape)
        if render == stored_render and _all_there(
            site_dir, card_site, identities, head is not None, short_links, known
        ):
            if known != stored:  # else the record already says this, byte for byte: not written again
                keptpages.settle(site_dir, known, known, render)
            return len(identities)
    else:
        known = {}
        keptpages.forget_keys(site_dir)
    for top in (CARD_DIR if head is not None else None, SHORT_DIR if short_links else None):
        if top:
            (site_dir / top).mkdir(parents=True, exist_ok=True)
    for uri in ("", "cards/search/", "formats/"):  # file:// names, resolved once before any worker starts
        card_site.page(uri)
    job = _Job(str(site_dir), card_site, None if head is None else (head, tail), shape, known)
    jobs = build_jobs(len(identities), jobs)
    with meter("writing the card pages", len(identities), Unit.PAGES) as bar:
        if jobs == 1:
            keys, _ = _write_cards(job, identities, bar)
        else:
            keys = _forked_writers(job, identities, jobs, bar)
    if whole:
        keptpages.settle(site_dir, known, keys, render)
    return len(identities)


def _render_key(card_site: CardSite, head: str | None, tail: str, shape: str | None) -> str:
    """What every pool card's files are made from but each card's own facts (in the pool's stamp)."""
    import hashlib

    digest = hashlib.sha1()
    for part in (keptpages.package_digest(), card_site.pages_key(), head, tail, shape):
        digest.update(repr(part).encode("utf-8", "surrogatepass") + b"\0")
    return digest.hexdigest()


def _all_there(site_dir: Path, card_site: CardSite, identities, pages: bool, short_links: bool, known) -> bool:
    """Whether the previous build, made from the very same inputs, left these very files, all still there: then
    not a page needs rendering."""
    wanted = []
    for identity in identities:
        slug = card_site.slug_of[identity]
        if pages:
            wanted.append(f"{CARD_DIR}/{slug}")
        if short_links:
            wanted.append(card_short_path(slug).rstrip("/"))
    if len(wanted) != len(known) or any(rel not in known for rel in wanted):
        return False
    return _files_there(site_dir, [f"{rel}/index.html" for rel in wanted])


def _files_there(folder: Path, names: list[str]) -> bool:
    """Whether each of `names` (paths under `folder`) is a file. Asked of the folder's descriptor where the system
    can: tens of thousands of whole paths cost a third more to resolve and join."""
    if os.stat not in os.supports_dir_fd:
        return all(os.path.isfile(os.path.join(folder, name)) for name in names)
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return False
    try:
        return all(stat.S_ISREG(os.stat(name, dir_fd=descriptor).st_mode) for name in names)
    except OSError:
        return False
    finally:
        os.close(descriptor)


def _forked_writers(job: _Job, identities, jobs: int, bar) -> dict[str, str]:
    # Forked workers inherit the prepared CardSite (index, printings, checkers, template) through a module
    # global: nothing is pickled or re-read, each worker only gets its share's number, and sends back its keys.
    import gc
    import multiprocessing

    global _FORKED
    # Shares smaller than a worker's (every shares-th card), so that the bar moves as each is done.
    shares = jobs * _SHARES_A_JOB
    _FORKED = (job, identities, shares)
    keys: dict[str, str] = {}
    # Everything the workers inherit is set aside from the garbage collector: a worker's full collection would
    # otherwise walk the whole inherited heap, and touching each object copies its memory page into the worker.
    frozen_already = gc.get_freeze_count() > 0  # by the MkDocs glue, for the whole build
    gc.freeze()
    try:
        with multiprocessing.get_context("fork").Pool(jobs, initializer=_ended_by_terminate) as pool:
            for share_keys, count in pool.imap_unordered(_write_share, range(shares)):
                keys.update(share_keys)
                bar.advance(count)
            return keys
    finally:
        _FORKED = None
        if not frozen_already:
            gc.unfreeze()


_SHARES_A_JOB = 8


def _ended_by_terminate() -> None:
    """A forked worker's first step: SIGTERM ends it. The pool is closed with SIGTERM; a worker forked from a
    process that handles SIGTERM itself (a command that cleans up first, a test runner) would otherwise inherit that
    handler, outlive the signal, and keep the build waiting for it for ever."""
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _write_share(n: int) -> tuple[dict[str, str], int]:
    assert _FORKED is not None  # set before the workers were forked
    job, identities, shares = _FORKED
    share = identities[n::shares]
    keys, _ = _write_cards(job, share)
    return keys, len(share)
