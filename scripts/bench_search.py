#!/usr/bin/env python3
"""Search budget: what one page loads for search must stay at or under 1.5 MB, with the full card pool.

    python scripts/bench_search.py [--site DIR] [--cardpool DIR]

A page loads Material's index (search/search_index.json; search/search_index.js offline, the same bytes) and,
once the reader uses the search box, the compact card index (search/codex.js). Card pages are not in Material's
index, so only the card index grows with the pool. This builds the site with the whole card pool
(--cardpool, $L5R_CARDPOOL, or the pool `l5r cardpool fetch` installed) — or reads a site built with it (--site) — and
measures what its pages load, as built: nothing is projected. Exit 1 over budget, without a pool, or when the
site was not built with one.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 1_500_000  # bytes


def find_pool(explicit: str | None = None) -> Path | None:
    """--cardpool, else L5R_CARDPOOL, else the pool `l5r cardpool fetch` installed."""
    from l5r.cardpool import PoolError, locate_pool

    try:
        return locate_pool(explicit)
    except PoolError:
        return None


def load_card_index(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    prefix = "window.__l5r_search="
    assert text.startswith(prefix), f"{path} is not a card index"
    return json.loads(text[len(prefix) :].rstrip().rstrip(";"))


POOL_ROW = 6  # a card index row ending in 1 is a pool card's (l5r/site/rendering/searchindex.py card_index)


def measure(site: Path) -> dict:
    """What a page of this built site loads for search, and how many pool cards its card index lists."""
    index = (site / "search" / "search_index.json").stat().st_size
    cards = (site / "search" / "codex.js").stat().st_size
    rows = load_card_index(site / "search" / "codex.js")["cards"]
    pool_rows = sum(1 for row in rows if len(row) > POOL_ROW and row[POOL_ROW] == 1)
    return {
        "index": index,
        "cards": cards,
        "bundled_cards": len(rows) - pool_rows,
        "pool_cards": pool_rows,
        "per_page": index + cards,
    }


def build(site: Path, pool: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", L5R_CARDPOOL=str(pool))
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
        cwd=ROOT,
        env=env,
        check=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--cardpool", help="the card pool folder (sets/*.yaml)")
    args = parser.parse_args(argv)
    pool = find_pool(args.cardpool)
    if pool is None and args.site is None:
        print(
            "bench_search: no card pool found (--cardpool, $L5R_CARDPOOL or `l5r cardpool fetch`): "
            "the full-pool budget cannot be measured; nothing measured",
            file=sys.stderr,
        )
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or Path(tmp) / "site"
        if args.site is None:
            build(site, pool)
        built = measure(site)
    print(f"search/search_index.json: {built['index'] / 1e3:.1f} kB (rules; cards and print pages excluded)")
    print(
        f"search/codex.js:          {built['cards'] / 1e3:.1f} kB ({built['bundled_cards']} Codex card records, "
        f"{built['pool_cards']} pool cards)"
    )
    print(f"per page, as built:       {built['per_page'] / 1e3:.1f} kB (budget {BUDGET / 1e3:.0f} kB)")
    if built["pool_cards"] == 0:
        print(
            "bench_search: this site was built without a card pool; the full-pool budget is not measured",
            file=sys.stderr,
        )
        return 1
    if built["per_page"] > BUDGET:
        print("over the search budget", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
