#!/usr/bin/env python3
"""`make bench`: under `mkdocs serve`, how long after a YAML edit the served page shows it.

Serves a scratch copy of the site (mkdocs.yml, hooks/, docs/, data/) exactly as `make serve` does, and times
two kinds of edit, three times each, until the page served over HTTP shows the new value:

- a rule's text (the everyday edit: three pages show it);
- a format's short name (shown in the nav of every page, so every page changes: the worst case).

Goals, per kind of edit (`KINDS`): ≤ 2 s without a card pool; with the full pool (L5R_CARDPOOL or `l5r cardpool
fetch`; then it runs both ways, and a pool card page is fetched too) ≤ 2 s for a rule's text and ≤ 3 s for a
format's short name. Reports the machine's load beside the figures.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EDITS = 3
# (what, file, text as it is, its edited form with {n}, page that shows it, goal in seconds without the pool,
# goal with it). A short name re-renders every page: with the pool it is given a second more than a rule's text.
KINDS = (
    (
        "a rule's text",
        Path("data/formats/obsidian-hand/rules.yml"),
        "No Gold Splitting or Pooling.",
        "No Gold Splitting or Pooling (bench {n}).",
        "formats/obsidian-hand/guidelines/",
        2.0,
        2.0,
    ),
    (
        "a format's short name (in every page's nav)",
        Path("data/formats/obsidian-hand/format.yml"),
        "short_name: Obsidian Hand\n",
        "short_name: Obsidian Hand bench{n}\n",
        "formats/obsidian-hand/",
        2.0,
        3.0,
    ),
)
POOL_CARD_PAGE = "card/kakita-ibara/"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.read().decode("utf-8", "replace")
    except OSError:
        return ""


def _pool() -> str | None:
    """L5R_CARDPOOL, else the pool `l5r cardpool fetch` installed."""
    from l5r.cardpool import PoolError, locate_pool

    try:
        found = locate_pool()
    except PoolError:
        return None
    return str(found) if found else None


def _terminal_signals() -> None:
    # Ctrl-C as a terminal gives it: run in the background by a script, this process has SIGINT ignored, and the
    # server would inherit that and never stop on the Ctrl-C below.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run(pool: str | None) -> tuple[dict, bool]:
    """Serve a scratch copy (with or without the pool) and time each kind of edit: {kind: [seconds]}."""
    work = Path(tempfile.mkdtemp(prefix="l5r-bench-serve-"))
    for name in ("mkdocs.yml", "hooks", "docs", "data"):
        src = ROOT / name
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, work / name)
    port = _free_port()
    # Served at the root: with a public address (L5R_SITE_URL) in the caller's environment, `mkdocs serve` serves
    # under its path, and every page this benchmark asks for at the root would be "not found".
    env = {k: v for k, v in os.environ.items() if k not in ("L5R_CARDPOOL", "L5R_SITE_URL")}
    env["NO_MKDOCS_2_WARNING"] = "1"
    env["TMPDIR"] = str(work / "tmp")  # its build folder: removed with the copy whatever happens
    (work / "tmp").mkdir()
    env["L5R_CARDPOOL"] = pool or "none"  # without: not even a fetched pool
    cmd = [
        str(Path(sys.executable).parent / "mkdocs"),
        "serve",
        "--livereload",
        "--watch",
        "data",
        "--dev-addr",
        f"127.0.0.1:{port}",
    ]
    proc = subprocess.Popen(
        cmd,
        cwd=work,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=_terminal_signals,
    )
    log: list[str] = []
    ready = threading.Event()

    def read():
        for line in proc.stdout:
            log.append(line)
            if "Serving on" in line:
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    base = f"http://127.0.0.1:{port}/"
    times: dict[str, list[float]] = {}
    ok = True
    try:
        if not ready.wait(600):
            print("mkdocs serve did not start:\n" + "".join(log[-30:]), file=sys.stderr)
            return times, False
        if pool:
            page = _get(base + POOL_CARD_PAGE)
            ok = "Kakita Ibara" in page
            print(f"  pool card page {POOL_CARD_PAGE}: {'served' if ok else 'MISSING'}")
        for what, file, before, after, url, _, _ in KINDS:
            path = work / file
            original = path.read_text(encoding="utf-8")
            assert before in original, f"{file} no longer has {before.strip()!r}; update the benchmark"
            times[what] = []
            for i in range(1, EDITS + 1):
                marker = after.format(n=i)
                time.sleep(1.5)  # let the previous rebuild settle
                path.write_text(original.replace(before, marker, 1), encoding="utf-8")
                start = time.monotonic()
                shown = marker.strip().removeprefix("short_name: ")
                while shown not in _get(base + url):
                    if time.monotonic() - start > 120:
                        print(f"edit {i} not visible after 120 s:\n" + "".join(log[-30:]), file=sys.stderr)
                        return times, False
                    time.sleep(0.05)
                times[what].append(time.monotonic() - start)
                print(f"  {what}, edit {i}: visible after {times[what][-1]:.2f} s")
            path.write_text(original, encoding="utf-8")
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C: mkdocs serve then removes its build folder (SIGTERM left it)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(work, ignore_errors=True)
    return times, ok


def main() -> int:
    pool = _pool()
    met = True
    for with_pool in [None, pool] if pool else [None]:
        label = f"with the card pool ({with_pool})" if with_pool else "without a card pool"
        print(f"mkdocs serve {label}:")
        times, ok = run(with_pool)
        met = met and ok and bool(times)
        for what, values in times.items():
            if not values:
                print(f"serve reload {label}, {what}: no edit became visible, nothing measured")
                continue
            median = statistics.median(values)
            goal = next(
                with_pool_goal if with_pool else goal for kind, *_, goal, with_pool_goal in KINDS if kind == what
            )
            met = met and median <= goal
            print(f"serve reload {label}, {what}: median {median:.2f} s over {len(values)} edits (goal ≤ {goal} s)")
    if not pool:
        print("no card pool found (L5R_CARDPOOL or `l5r cardpool fetch`): the with-pool goal was not measured")
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
