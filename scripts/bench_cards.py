#!/usr/bin/env python3
"""Card pool site benchmark, both builds in the same run.

1. The Codex with the pool: `mkdocs build --strict` (card pages written from one template into the shell).
2. A naive page-per-title bare MkDocs + Material build of the same pool: one Markdown page per title (its
   type, text and printings), search on, cards not in nav — what "a page per card" costs through MkDocs.
Both are built three times, in pairs (one Codex build, then one naive build), so a busy machine slows both alike:
the ratio is the median pair's, in wall time (the goal) and in CPU seconds (user+sys of the build processes). Each
build writes into a new, empty folder, and none is removed before the last is timed (a mass removal slows the file
system's next file creations: see `main`).
The site is built with a public address as published sites are (L5R_SITE_URL, else a placeholder of typical
length): it puts a canonical link and og:url on every page, which counts toward the size.
Then a warm rebuild: a scratch copy of the project built again into its folder after one rule's words are edited,
as a maintainer rebuilds (goal ≤ 0.1 of the naive build's wall time).
Reports: both times and their ratio (goal ≤ 0.35; in CPU seconds ≤ 0.5), the built site's size (goal ≤ 60 MB, file bytes), the
largest card page (goal ≤ 40 KB), the card search data one page loads (goal ≤ 1.5 MB), and the offline zip
(goal ≤ 30 MB) built with scripts/build_offline.py. Without a pool it says so and fails: nothing is projected.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BIN = Path(sys.executable).parent
PAIRS = 3
PLACEHOLDER_ADDRESS = "https://l5r-codex.example.org/"  # when L5R_SITE_URL is not set: a typical length
GOALS = {"ratio": 0.35, "cpu_ratio": 0.5, "warm_ratio": 0.1, "site_mb": 60.0, "page_kb": 40.0, "search_mb": 1.5}
GOALS["zip_mb"] = 30.0
# The rule a warm rebuild edits (in a scratch copy of the project): its words, shown on one page.
WARM_EDIT = (Path("data/formats/obsidian-hand/rules.yml"), "No Gold Splitting or Pooling.")


def _bytes(folder: Path) -> int:
    # Not the build's own record of its pool pages (`.l5r-page-keys.json.gz`, l5r/site/cardpage/keptpages.py):
    # it serves the next build on the same machine, and the publishing workflow removes it before the upload.
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.name.startswith(".l5r-"))


def _timed(cmd, cwd, env) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command's processes: user + sys)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"build failed: {' '.join(map(str, cmd))}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return took, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def naive_project(pool_dir: Path, folder: Path) -> int:
    """docs/ with one Markdown page per pool title (the naive design), index page only in nav."""
    import yaml
    from l5r.cardpool.read import read_set, set_files
    from l5r.site.rendering.searchindex import slug

    by_title: dict[str, list[dict]] = {}
    for path in set_files(pool_dir):
        for p in read_set(path):
            by_title.setdefault(str(p["title"]), []).append(p)
    docs = folder / "docs" / "cards"
    docs.mkdir(parents=True)
    (folder / "docs" / "index.md").write_text("# Cards\n", encoding="utf-8")
    used = set()
    for title, prints in by_title.items():
        name = slug(title) or "card"
        while name in used:
            name += "-x"
        used.add(name)
        first = prints[0]
        rows = "\n".join(f"| {p['_set']} | {p.get('rarity', '')} | {p.get('artist', '')} |" for p in prints)
        (docs / f"{name}.md").write_text(
            f"# {title}\n\n**Type:** {', '.join(first.get('types') or [])}\n\n{first.get('text', '')}\n\n"
            f"| Set | Rarity | Artist |\n|---|---|---|\n{rows}\n",
            encoding="utf-8",
        )
    (folder / "mkdocs.yml").write_text(
        yaml.safe_dump(
            {
                "site_name": "naive",
                "theme": {"name": "material"},
                "plugins": ["search"],
                "nav": ["index.md"],
            }
        ),
        encoding="utf-8",
    )
    return len(by_title)


def main() -> int:
    from l5r.cardpool import PoolError, locate_pool

    try:
        pool_dir = locate_pool()  # L5R_CARDPOOL, else the pool `l5r cardpool fetch` installed
    except PoolError:
        pool_dir = None
    if pool_dir is None:
        print(
            "bench_cards: no card pool (run `l5r cardpool fetch`, or set L5R_CARDPOOL=DIR); nothing measured",
            file=sys.stderr,
        )
        return 1
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env["L5R_SITE_URL"] = os.environ.get("L5R_SITE_URL", "").strip() or PLACEHOLDER_ADDRESS
    work = Path(tempfile.mkdtemp(prefix="l5r-bench-cards-"))
    try:
        # A warm pool cache is the normal case (the deck checker and earlier builds fill it): a first build warms
        # it. Both timed builds then write into an empty folder, so neither pays for clearing an old site.
        _timed([str(BIN / "mkdocs"), "build", "--strict", "--site-dir", str(work / "warm-up-site")], ROOT, env)
        titles = naive_project(pool_dir, work / "naive")
        pairs = []
        for n in range(PAIRS):
            # Each build writes into a new folder of its own, and no folder is removed until the timing is over: on
            # ext4 without a journal, a file made within a minute of a mass removal (six, while the freed inodes'
            # table blocks are unwritten) passes over each inode freed meanwhile, one by one, before it takes a free
            # one. With the previous build's every page and folder just removed, that search was half the CPU
            # samples of a build (perf: `recently_deleted` under `__ext4_new_inode`), and its system time swung
            # from 2 to 23 s: a cost of the removal, not of either build, landing on whichever ran next. The
            # earlier builds' writes are flushed (os.sync) before the clock starts, so neither build waits on them.
            site = work / f"site-{n}"
            os.sync()
            codex = _timed([str(BIN / "mkdocs"), "build", "--strict", "--site-dir", str(site)], ROOT, env)
            os.sync()
            naive_site = work / f"naive-site-{n}"
            naive = _timed([str(BIN / "mkdocs"), "build", "--site-dir", str(naive_site)], work / "naive", env)
            pairs.append((codex[0] / naive[0], codex, naive))
        ratio, (codex_s, codex_cpu), (naive_s, naive_cpu) = statistics.median_low(pairs)
        ratios = ", ".join(f"{r:.3f}" for r, _, _ in pairs)
        print(
            f"codex build with pool: {codex_s:.1f} s ({codex_cpu:.1f} s CPU); naive page-per-title "
            f"MkDocs+Material: {naive_s:.1f} s ({naive_cpu:.1f} s CPU); ratio {ratio:.3f} (goal ≤ {GOALS['ratio']}), "
            f"CPU ratio {codex_cpu / naive_cpu:.3f} (goal ≤ {GOALS['cpu_ratio']}); the {PAIRS} pairs' ratios: {ratios}",
            flush=True,
        )
        warm = _warm_rebuilds(work, env, naive_s, naive_cpu)
        site_mb = _bytes(site) / 1e6
        pages = list((site / "card").rglob("index.html"))
        page_kb = max(p.stat().st_size for p in pages) / 1e3
        search_page = site / "cards" / "search" / "index.html"
        search_mb = (
            sum(
                p.stat().st_size
                for p in (
                    search_page,
                    site / "assets" / "card-index.js",
                    site / "assets" / "title-match.js",
                    site / "assets" / "card-search.js",
                )
            )
            / 1e6
        )
        dist = work / "dist"
        subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "build_offline.py"), "--dist", str(dist)],
            cwd=ROOT,
            env=env,
            check=False,
            capture_output=True,
        )
        zips = list(dist.glob("*.zip"))
        zip_mb = zips[0].stat().st_size / 1e6 if zips else None
        if zips:
            with zipfile.ZipFile(zips[0]) as z:
                offline_cards = sum(1 for n in z.namelist() if "/card/" in n)
        print(f"pool: {pool_dir} ({titles} titles, {len(pages)} card pages written)")
        print(warm["line"])
        print(
            f"built site: {site_mb:.1f} MB of files for the address {env['L5R_SITE_URL']} (goal ≤ {GOALS['site_mb']})"
        )
        print(f"largest card page: {page_kb:.1f} KB (goal ≤ {GOALS['page_kb']})")
        print(f"card search page + its data: {search_mb:.2f} MB (goal ≤ {GOALS['search_mb']})")
        print(
            f"offline zip: {'not built' if zip_mb is None else f'{zip_mb:.1f} MB, {offline_cards} card files'} "
            f"(goal ≤ {GOALS['zip_mb']})"
        )
        ok = (
            ratio <= GOALS["ratio"]
            and codex_cpu / naive_cpu <= GOALS["cpu_ratio"]
            and warm["ratio"] <= GOALS["warm_ratio"]
            and site_mb <= GOALS["site_mb"]
            and page_kb <= GOALS["page_kb"]
            and search_mb <= GOALS["search_mb"]
            and zip_mb is not None
            and zip_mb <= GOALS["zip_mb"]
        )
        print("card goals met" if ok else "card goals MISSED")
        return 0 if ok else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _warm_rebuilds(work: Path, env: dict, naive_s: float, naive_cpu: float) -> dict:
    """A scratch copy of the project built once, then again with one rule's words edited, into the same folder
    (as a maintainer rebuilds after an edit), three times; each rebuild against the median naive build."""
    project = work / "warm-project"
    project.mkdir()
    for name in ("mkdocs.yml", "hooks", "docs", "data"):
        src = ROOT / name
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, project / name)
    site = work / "warm-site"
    build = [str(BIN / "mkdocs"), "build", "--strict", "--site-dir", str(site)]
    _timed(build, project, env)
    rule, words = WARM_EDIT
    text = (project / rule).read_text(encoding="utf-8")
    if words not in text:
        sys.exit(f"bench_cards: {rule} no longer says {words!r}: name another rule to edit (WARM_EDIT)")
    runs = []
    for n in range(PAIRS):
        (project / rule).write_text(text.replace(words, words[:-1] + f" (edit {n}).", 1), encoding="utf-8")
        runs.append(_timed(build, project, env))
    wall, cpu = statistics.median_low(runs)
    line = (
        f"warm rebuild, one rule's words edited: {wall:.1f} s ({cpu:.1f} s CPU), ratio {wall / naive_s:.3f} to the "
        f"naive build (goal ≤ {GOALS['warm_ratio']}), CPU ratio {cpu / naive_cpu:.3f}; the {PAIRS} rebuilds: "
        + ", ".join(f"{w:.1f} s / {c:.1f} CPU-s" for w, c in runs)
    )
    return {"ratio": wall / naive_s, "line": line}


if __name__ == "__main__":
    sys.exit(main())
