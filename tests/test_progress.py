"""Progress of the long steps (l5r/progress.py): on a terminal a step that runs past the delay shows a bar on
standard error; piped, or under CI (`CI=true`), nothing is shown, so logs stay short. The pool's download counts
bytes, its verification files, the card page writers pages (also from forked workers), the offline zip files; and
`make offline` says first which card pool it builds with."""

from __future__ import annotations

import fcntl
import http.server
import io
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import threading

import pytest
from conftest import FIXTURE_POOL, ROOT, small_offline_copy

from l5r import progress
from l5r.cardpool import fetch, read
from l5r.site.cardpage import write

# A step of 40 files, a little slower than the bar's refresh, with no delay before the bar appears.
STEP = """
import time
from l5r import progress
progress.DELAY = 0
with progress.meter("checking the widgets", 40, progress.Unit.FILES) as bar:
    for _ in range(40):
        bar.advance()
        time.sleep(0.02)
print("done", flush=True)
"""


def _on_a_terminal(code: str, env: dict) -> str:
    """What a Python process running `code` writes on a pseudo-terminal (standard output and error)."""
    main, child = pty.openpty()
    # A terminal of 24 rows of 100 columns (a new pseudo-terminal has no size, and a bar fits in no columns).
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-c", code], stdin=child, stdout=child, stderr=child, env=env, close_fds=True
    )
    os.close(child)
    out = b""
    while True:
        ready, _, _ = select.select([main], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    process.wait(timeout=30)
    os.close(main)
    return out.decode("utf-8", "replace")


def _env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env.update(extra)
    return env


def test_a_step_shows_its_progress_on_a_terminal():
    shown = _on_a_terminal(STEP, _env())
    assert "checking the widgets" in shown and "/40" in shown and "files" in shown, shown
    assert "done" in shown


def test_a_step_is_silent_when_piped_and_under_ci():
    piped = subprocess.run([sys.executable, "-c", STEP], capture_output=True, text=True, env=_env(), check=True)
    assert piped.stdout == "done\n" and piped.stderr == ""
    under_ci = _on_a_terminal(STEP, _env(CI="true"))
    assert "checking the widgets" not in under_ci and "done" in under_ci, under_ci


def test_a_quick_step_stays_silent_on_a_terminal():
    quick = STEP.replace("progress.DELAY = 0", "progress.DELAY = 60")
    shown = _on_a_terminal(quick, _env())
    assert "checking the widgets" not in shown and "done" in shown, shown


@pytest.mark.parametrize("value, shown", [("", True), ("0", True), ("false", True), ("true", False), ("1", False)])
def test_the_ci_variable(monkeypatch, value, shown):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("CI", value)
    assert progress.shown_on(Terminal()) is shown
    assert progress.shown_on(io.StringIO()) is False


# -- The steps that count -----------------------------------------------------------------------------------------


class _Recorder:
    """Stands in for `progress.meter`: what each step titled and counted."""

    def __init__(self) -> None:
        self.steps: dict[str, list] = {}

    def __call__(self, what, total, unit=progress.Unit.FILES, stream=None):
        record = self.steps.setdefault(what, [total, unit, 0, False])
        recorder = self

        class Bar:
            def advance(self, n: int = 1) -> None:
                record[2] += n

            def close(self) -> None:
                record[3] = True

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.close()

        del recorder
        return Bar()


@pytest.fixture
def recorder(monkeypatch) -> _Recorder:
    found = _Recorder()
    monkeypatch.setattr(fetch, "meter", found)
    monkeypatch.setattr(write, "meter", found)
    monkeypatch.setattr(read, "meter", found)
    return found


def test_the_download_counts_bytes(recorder, tmp_path):
    body = os.urandom(300_000)

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        os.environ.setdefault("NO_PROXY", "127.0.0.1")
        fetch._download(f"http://127.0.0.1:{server.server_port}/pool.tar.gz", tmp_path / "pool.tar.gz", tmp_path)
    finally:
        server.shutdown()
    [(total, unit, counted, closed)] = recorder.steps.values()
    assert (total, unit, counted, closed) == (len(body), progress.Unit.BYTES, len(body), True)


def test_verifying_counts_every_file_of_the_manifest(recorder, tmp_path):
    manifest = fetch.load_manifest()
    fetch.verify(tmp_path, manifest)  # an empty folder: every file missing, every file counted
    [(total, unit, counted, closed)] = recorder.steps.values()
    assert total == counted == len(manifest.files) and unit is progress.Unit.FILES and closed


class _FakeCards:
    """What `write_card_pages` asks of the card site."""

    def __init__(self, n: int) -> None:
        self.ids = [f"card {i}" for i in range(n)]
        self.slug_of = {i: i.replace(" ", "-") for i in self.ids}

    def page(self, uri: str) -> str:
        return uri

    def page_identities(self) -> list[str]:
        return self.ids


@pytest.mark.parametrize("cards, jobs", [(30, 1), (2100, 2)], ids=["one-writer", "forked-writers"])
def test_the_card_page_writers_count_every_page(recorder, monkeypatch, tmp_path, cards, jobs):
    monkeypatch.setattr(write, "card_page_html", lambda site, identity, head, tail: head + identity + tail)
    written = write.write_card_pages(tmp_path, _FakeCards(cards), "<p>", "</p>", jobs=jobs)
    assert written == cards == len(list((tmp_path / "card").iterdir()))
    [(total, unit, counted, closed)] = recorder.steps.values()
    assert (total, unit, counted, closed) == (cards, progress.Unit.PAGES, cards, True)


def test_make_offline_says_which_pool_it_builds_with(tmp_path_factory):
    _site, printed = small_offline_copy(tmp_path_factory)
    first = printed.splitlines()[0]
    assert first.startswith("card pool: ") and "(from L5R_CARDPOOL)" in first, printed


def test_the_offline_zip_counts_its_files(monkeypatch, tmp_path):
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_offline

    found = _Recorder()
    monkeypatch.setattr(progress, "meter", found)
    site = tmp_path / "site"
    (site / "a").mkdir(parents=True)
    for name in ("index.html", "a/b.html", "a/c.css"):
        (site / name).write_text("x", encoding="utf-8")
    build_offline.zip_site(site, tmp_path / "copy.zip", "copy", "2026-01-01")
    assert found.steps == {"zipping the offline copy": [3, progress.Unit.FILES, 3, True]}
    assert FIXTURE_POOL.is_dir()


def test_reading_the_pool_counts_its_set_files(recorder):
    identities = read.read_identities(FIXTURE_POOL)
    [(total, unit, counted, closed)] = recorder.steps.values()
    assert identities and total == counted == len(read.set_files(FIXTURE_POOL)) > 0 and closed
    assert unit is progress.Unit.FILES
