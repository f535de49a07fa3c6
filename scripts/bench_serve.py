#!/usr/bin/env python3
"""`make bench` (issue 15): under `mkdocs serve`, how long after a YAML edit the served page shows it.

Serves a scratch copy of the site (mkdocs.yml, hooks/, docs/, data/) exactly as `make serve` does, edits one
YAML value (a format's short name, shown on its overview page) a few times, and times each edit until the page
served over HTTP shows the new value. Goal: ≤ 2 s. Reports the machine's load beside the figures.
"""

from __future__ import annotations

import os
import shutil
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
GOAL_SECONDS = 2.0
EDITS = 3
FILE = Path("data/formats/obsidian-hand/format.yml")
LINE = "short_name: Obsidian Hand\n"
PAGE = "formats/obsidian-hand/"


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


def main() -> int:
    work = Path(tempfile.mkdtemp(prefix="l5r-bench-serve-"))
    for name in ("mkdocs.yml", "hooks", "docs", "data"):
        src = ROOT / name
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, work / name)
    port = _free_port()
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    cmd = [str(Path(sys.executable).parent / "mkdocs"), "serve", "--livereload", "--watch", "data",
           "--dev-addr", f"127.0.0.1:{port}"]
    proc = subprocess.Popen(cmd, cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log: list[str] = []
    ready = threading.Event()

    def read():
        for line in proc.stdout:
            log.append(line)
            if "Serving on" in line:
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    url = f"http://127.0.0.1:{port}/{PAGE}"
    times = []
    try:
        if not ready.wait(300):
            print("mkdocs serve did not start:\n" + "".join(log[-30:]), file=sys.stderr)
            return 1
        path = work / FILE
        original = path.read_text(encoding="utf-8")
        assert LINE in original, f"{FILE} no longer has {LINE.strip()!r}; update the benchmark"
        for i in range(1, EDITS + 1):
            marker = f"Obsidian Hand bench{i}"
            time.sleep(1.0)  # let the previous rebuild settle
            path.write_text(original.replace(LINE, f"short_name: {marker}\n"), encoding="utf-8")
            start = time.monotonic()
            while marker not in _get(url):
                if time.monotonic() - start > 120:
                    print(f"edit {i} not visible after 120 s:\n" + "".join(log[-30:]), file=sys.stderr)
                    return 1
                time.sleep(0.05)
            times.append(time.monotonic() - start)
            print(f"edit {i}: visible after {times[-1]:.2f} s")
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(work, ignore_errors=True)
    median = statistics.median(times)
    load = os.getloadavg()
    print(f"serve reload (YAML edit -> page shows it): median {median:.2f} s over {len(times)} edits "
          f"(goal ≤ {GOAL_SECONDS} s); load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0 if median <= GOAL_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
