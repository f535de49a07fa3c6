#!/usr/bin/env python3
"""Search budget: what one page loads for search must stay at or under 1.5 MB, even with the full card pool.

    python scripts/bench_search.py [--site DIR] [--cardpool DIR]

A page loads Material's index (search/search_index.json; search/search_index.js offline, the same bytes) and,
once the reader uses the search box, the compact card index (search/codex.js). Card pages are not in Material's
index, so only the card index grows with the pool. This builds the site (or reads --site), measures both, then
builds the card index for every distinct card of the shared card pool (../shared/data/cardpool, or
$L5R_CARDPOOL, or --cardpool) and measures the worst case a page can load. Exit 1 over budget or without a pool.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 1_500_000  # bytes


def find_pool(explicit: str | None = None) -> Path | None:
    for candidate in (explicit, os.environ.get("L5R_CARDPOOL"), ROOT.parent / "shared" / "data" / "cardpool"):
        if candidate and (Path(candidate) / "sets").is_dir():
            return Path(candidate)
    return None


def load_card_index(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    prefix = "window.__l5r_search="
    assert text.startswith(prefix), f"{path} is not a card index"
    return json.loads(text[len(prefix):].rstrip().rstrip(";"))


def pool_cards(pool: Path) -> list[SimpleNamespace]:
    """One card record per distinct card of the pool (title with experience; same-title cards kept apart)."""
    import yaml

    from l5r.site.search import slug

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    cards: dict[str, SimpleNamespace] = {}
    for path in sorted((pool / "sets").glob("*.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
        set_name = data.get("set") or path.stem
        for c in data.get("cards") or []:
            if c.get("is_back"):
                continue
            title = c.get("extended_title") or c.get("title") or ""
            if " • " in title:
                name, _, exp = title.partition(" • ")
                title = f"{name} ({exp})"
            key = title.lower()
            if key in cards:
                continue
            card_id = slug(title)
            cards[key] = SimpleNamespace(id=card_id, title=title, type=(c.get("types") or ["?"])[0],
                                         deck=(c.get("decks") or ["?"])[0], sets=(set_name,))
    return list(cards.values())


def measure(site: Path, pool: Path | None = None) -> dict:
    index = (site / "search" / "search_index.json").stat().st_size
    cards = (site / "search" / "codex.js").stat().st_size
    sizes = {"index": index, "cards": cards, "bundled_cards": len(load_card_index(site / "search" / "codex.js")["cards"])}
    if pool is not None:
        from l5r.data.load import load_codex
        from l5r.site.search import card_index_js

        codex = load_codex(ROOT / "data")
        everything = {c.id: c for c in pool_cards(pool)}
        everything.update(codex.cards)  # the bundled records win
        scaled = SimpleNamespace(cards=everything, formats=codex.formats, bundled_formats=codex.bundled_formats)
        sizes["pool_cards"] = len(everything)
        sizes["cards"] = len(card_index_js(scaled, True).encode("utf-8"))
    sizes["per_page"] = sizes["index"] + sizes["cards"]
    return sizes


def build(site: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
                   cwd=ROOT, env=env, check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--cardpool", help="the card pool folder (sets/*.yaml)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or Path(tmp) / "site"
        if args.site is None:
            build(site)
        built = measure(site)
        print(f"search/search_index.json: {built['index'] / 1e3:.1f} kB (rules; cards and print pages excluded)")
        print(f"search/codex.js:          {built['cards'] / 1e3:.1f} kB ({built['bundled_cards']} bundled cards)")
        print(f"per page, as built:       {built['per_page'] / 1e3:.1f} kB")
        pool = find_pool(args.cardpool)
        if pool is None:
            print("no card pool found (../shared/data/cardpool, $L5R_CARDPOOL or --cardpool): "
                  "cannot check the full-pool budget", file=sys.stderr)
            return 1
        full = measure(site, pool)
    print(f"search/codex.js, full pool: {full['cards'] / 1e3:.1f} kB ({full['pool_cards']} cards)")
    print(f"per page, full pool:      {full['per_page'] / 1e3:.1f} kB (budget {BUDGET / 1e3:.0f} kB)")
    if full["per_page"] > BUDGET or built["per_page"] > BUDGET:
        print("over the search budget", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
