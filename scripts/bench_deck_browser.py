#!/usr/bin/env python3
"""Benchmark: the deck-check page's checker with the full card pool, in Chromium.

Goals: what the page loads for the checker (assets/deck-check.js + assets/deck-check-data.js) is at
most 1.5 MB (1,500,000 bytes), and a 100-card deck checks in at most 50 ms. The data is generated exactly as the
site build does (l5r/site/api/), written beside the page's script as the site ships it (minified,
l5r/site/building/ownscripts.py) in a scratch folder and opened from file://
in Debian's Chromium. Prints the sizes, the time to read the data, and the median check time per format.

It cannot run without the card pool (L5R_CARDPOOL, or `l5r cardpool fetch`) or without Chromium; it then
says so and exits 1: it never reports an estimate as a measurement.
"""

from __future__ import annotations

import gzip
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from l5r.cardpool import PoolError, locate_pool  # noqa: E402
from l5r.data.load import load_codex  # noqa: E402
from l5r.site.api import site_outputs  # noqa: E402
from l5r.site.building.ownscripts import shipped_script  # noqa: E402
from l5r.site.planning.plan import plan_site  # noqa: E402

BYTES_GOAL = 1_500_000
CHECK_GOAL_MS = 50.0
DECK = ROOT / "tests" / "decks" / "modern-crab.txt"  # 1 Stronghold, 50 Dynasty and 50 Fate cards
FORMATS = ("modern", "obsidian-hand")
RUNS = 50
CHROMIUM = Path(os.environ.get("L5R_CHROMIUM", "/usr/bin/chromium"))
SCRIPT = ROOT / "docs" / "assets" / "deck-check.js"

_MEASURE = """async ([text, misspelt, formats, runs]) => {
  const t0 = performance.now();
  L5RDeck.prepare();
  const prepare = performance.now() - t0;
  const out = {prepare, formats: {}};
  for (const f of formats) {
    L5RDeck.check(text, f, '2015-09-01', 'text');  // warm-up
    const times = [];
    for (let n = 0; n < runs; n++) {
      const s = performance.now();
      L5RDeck.check(text, f, '2015-09-01', 'text');
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    out.formats[f] = {median: times[Math.floor(times.length / 2)], max: times[times.length - 1]};
  }
  // Misspelt titles: each unknown card scores every pool title for "did you mean" (the table of title bigrams
  // is built on the first one, once per page).
  const s0 = performance.now();
  L5RDeck.check(misspelt, formats[0], '2015-09-01', 'text');
  const first = performance.now() - s0, times = [];
  for (let n = 0; n < runs; n++) {
    const s = performance.now();
    L5RDeck.check(misspelt, formats[0], '2015-09-01', 'text');
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  out.misspelt = {first, median: times[Math.floor(times.length / 2)]};
  return out;
}"""
# Three titles of DECK misspelt (two letters swapped): unknown-card problems with suggestions.
MISSPELT = {"Kaiu Shiro": "Kaiu Shrio", "Hida Akeno": "Hida Aekno", "A Breed Apart": "A Bread Apart"}


def main() -> int:
    try:
        pool = locate_pool()  # L5R_CARDPOOL, else the pool `l5r cardpool fetch` installed
    except PoolError as exc:
        print(f"bench_deck_browser: cannot run: {exc}", file=sys.stderr)
        return 1
    if pool is None:
        print(
            "bench_deck_browser: cannot run: no card pool (run `l5r cardpool fetch`, or set L5R_CARDPOOL); the "
            "budget is for the full pool, so nothing was measured",
            file=sys.stderr,
        )
        return 1
    if not CHROMIUM.exists():
        print(f"bench_deck_browser: cannot run: no Chromium at {CHROMIUM} (set L5R_CHROMIUM)", file=sys.stderr)
        return 1
    codex = load_codex()
    outputs = site_outputs(codex, plan_site(codex), True, pool_dir=pool)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        (folder / "assets").mkdir()
        data = folder / "assets" / "deck-check-data.js"
        data.write_text(outputs["assets/deck-check-data.js"], encoding="utf-8")
        # (as the site ships it: minified after the build)
        shipped = shipped_script(SCRIPT.read_text(encoding="utf-8"))
        (folder / "assets" / "deck-check.js").write_text(shipped, encoding="utf-8")
        (folder / "page.html").write_text(
            '<!doctype html><meta charset="utf-8"><script src="assets/deck-check-data.js">'
            '</script><script src="assets/deck-check.js"></script>',
            encoding="utf-8",
        )
        sizes = {p.name: p.stat().st_size for p in (data, folder / "assets" / "deck-check.js")}
        total = sum(sizes.values())
        gz = sum(len(gzip.compress(p.read_bytes())) for p in (data, folder / "assets" / "deck-check.js"))
        print(
            "checker download: "
            + ", ".join(f"{k} {v:,} B" for k, v in sizes.items())
            + f"; total {total:,} B ({gz:,} B gzipped)"
        )
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
            try:
                page = browser.new_page()
                page.goto((folder / "page.html").as_uri(), wait_until="load")
                text = DECK.read_text(encoding="utf-8")
                misspelt = text
                for right, wrong in MISSPELT.items():
                    assert right in misspelt, f"{DECK.name} no longer holds {right}"
                    misspelt = misspelt.replace(right, wrong)
                result = page.evaluate(_MEASURE, [text, misspelt, list(FORMATS), RUNS])
            finally:
                browser.close()
    print(f"reading the card table in the page: {result['prepare']:.0f} ms (once per page)")
    worst = 0.0
    for format_id, t in result["formats"].items():
        worst = max(worst, t["median"])
        print(
            f"{format_id}: 101-card deck checked in {t['median']:.2f} ms in Chromium (median of {RUNS}; "
            f"max {t['max']:.2f} ms)"
        )
    m = result["misspelt"]
    print(
        f"{FORMATS[0]}: the same deck with {len(MISSPELT)} misspelt titles (did-you-mean suggestions): "
        f"{m['first']:.1f} ms the first time (builds the title table), then {m['median']:.2f} ms (median)"
    )
    worst = max(worst, m["median"])
    ok_bytes, ok_time = total <= BYTES_GOAL, worst <= CHECK_GOAL_MS
    print(f"goal: checker download <= {BYTES_GOAL:,} B: {'met' if ok_bytes else 'MISSED'}")
    print(f"goal: per-check time <= {CHECK_GOAL_MS:.0f} ms: {'met' if ok_time else 'MISSED'}")
    return 0 if ok_bytes and ok_time else 1


if __name__ == "__main__":
    sys.exit(main())
