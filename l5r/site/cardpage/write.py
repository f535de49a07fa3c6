"""Where a pool card page is written: `card/<slug>/index.html`, rendered between the shell's head and tail, by
forked workers for a big pool; `card_page_html` is also what `mkdocs serve` answers a card's address with."""

from __future__ import annotations

import html as _html
import os
from pathlib import Path
from typing import Any

from ...cardpool import Identity
from ...progress import Unit, meter
from ..cardlinks import CARD_DIR
from .article import CardSite

# What the forked card page writers share (write_card_pages sets it before they fork, then clears it).
_FORKED: Any = None


def card_page_html(card_site: CardSite, identity: Identity, head: str, tail: str) -> str:
    """A pool card's whole page: the shell's head (its title, description and published address filled in), the
    card, the tail. The one way a card page is made, written by the build and served by `mkdocs serve` alike."""
    filled = (
        head.replace("@TITLE@", _html.escape(identity.key))
        .replace("@PATH@", f"{CARD_DIR}/{card_site.slug_of[identity]}/")
        .replace("@DESC@", _html.escape(card_site.description(identity)))
    )
    return filled + card_site.render(identity) + tail


def _write_cards(site_dir: str, card_site: CardSite, head: str, tail: str, identities, bar=None) -> int:
    """Render and write these cards' pages (one worker's share, or all of them), counting each on `bar`."""
    count = 0
    for identity in identities:
        folder = os.path.join(site_dir, CARD_DIR, card_site.slug_of[identity])
        try:
            os.mkdir(folder)
        except FileExistsError:
            pass
        html = card_page_html(card_site, identity, head, tail)
        with open(os.path.join(folder, "index.html"), "w", encoding="utf-8") as stream:
            stream.write(html)
        count += 1
        if bar is not None:
            bar.advance()
    return count


_PARALLEL_FROM = 2000  # below this many pages a worker costs more than it saves (test builds, small pools)
JOBS_ENV = "L5R_BUILD_JOBS"  # read where a build starts (the CLI, the MkDocs glue), passed down as `jobs`


def jobs_setting(text: str | None) -> int | None:
    """The number of card page writers a setting asks for (JOBS_ENV's value); None when it asks for none."""
    text = (text or "").strip()
    return int(text) if text.isdigit() and int(text) > 0 else None


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
    site_dir: Path, card_site: CardSite, head: str, tail: str, identities=None, jobs: int | None = None
) -> int:
    """Write pool cards' pages between the shell's `head` and `tail` (`shell.card_page_shell`): every pool card's,
    or these `identities`' (a test writes a few as the build writes them all), by `jobs` processes (None:
    `build_jobs` decides); the number written."""
    site_dir = Path(site_dir)
    if identities is None:
        identities = card_site.page_identities()
    (site_dir / CARD_DIR).mkdir(parents=True, exist_ok=True)
    for uri in ("", "cards/search/", "formats/"):  # file:// names, resolved once before any worker starts
        card_site.page(uri)
    jobs = build_jobs(len(identities), jobs)
    with meter("writing the card pages", len(identities), Unit.PAGES) as bar:
        if jobs == 1:
            return _write_cards(str(site_dir), card_site, head, tail, identities, bar)
        return _forked_writers(site_dir, card_site, head, tail, identities, jobs, bar)


def _forked_writers(site_dir: Path, card_site: CardSite, head: str, tail: str, identities, jobs: int, bar) -> int:
    # Forked workers inherit the prepared CardSite (index, printings, checkers, template) through a module
    # global: nothing is pickled or re-read, each worker only gets its share's number.
    import multiprocessing

    global _FORKED
    # Shares smaller than a worker's (every shares-th card), so that the bar moves as each is done.
    shares = jobs * _SHARES_A_JOB
    _FORKED = (str(site_dir), card_site, head, tail, identities, shares)
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            written = 0
            for count in pool.imap_unordered(_write_share, range(shares)):
                written += count
                bar.advance(count)
            return written
    finally:
        _FORKED = None


_SHARES_A_JOB = 8


def _write_share(n: int) -> int:
    assert _FORKED is not None  # set before the workers were forked
    site_dir, card_site, head, tail, identities, shares = _FORKED
    return _write_cards(site_dir, card_site, head, tail, identities[n::shares])
