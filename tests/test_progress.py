"""Progress of the long steps (l5r/progress.py): on a terminal a step that runs past the delay shows a bar (or, for
a step that counts nothing, a status line with its time) on standard error; piped, or under CI (`CI=true`),
nothing is shown, so logs stay short. The pool's download counts bytes, its verification files, the card page
writers pages (also from forked workers), the offline zip files; a cold site build shows every step before its
card pages; and `make offline` says first which card pool it builds with."""

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
from pathlib import Path

import pytest
from conftest import FIXTURE_POOL, ROOT, shared_once, small_project

from l5r import progress
from l5r.cardpool import fetch, read
from l5r.site.cardpage import write

# The end-to-end tier: whole builds, servers or installs of their own (`make test-fast` leaves it out).
pytestmark = pytest.mark.endtoend

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


def _on_a_terminal(code: str, env: dict, cwd=None, timeout: float = 30) -> str:
    """What a Python process running `code` writes on a pseudo-terminal (standard output and error)."""
    main, child = pty.openpty()
    # A terminal of 24 rows of 100 columns (a new pseudo-terminal has no size, and a bar fits in no columns).
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-c", code], stdin=child, stdout=child, stderr=child, env=env, cwd=cwd, close_fds=True
    )
    os.close(child)
    out = b""
    while True:
        ready, _, _ = select.select([main], [], [], timeout)
        if not ready:
            break
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    process.wait(timeout=timeout)
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


def _piped(code: str) -> subprocess.Popen:
    """A Python process running `code` with its standard output and error piped, started now: the tests wait for
    it while they run another (each sleeps a second or two, with the CPU idle)."""
    return subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env()
    )


def test_a_step_is_silent_when_piped_and_under_ci():
    piped = _piped(STEP)
    under_ci = _on_a_terminal(STEP, _env(CI="true"))
    assert "checking the widgets" not in under_ci and "done" in under_ci, under_ci
    out, err = piped.communicate(timeout=30)
    assert piped.returncode == 0 and out == "done\n" and err == "", err


def test_a_quick_step_stays_silent_on_a_terminal():
    quick = STEP.replace("progress.DELAY = 0", "progress.DELAY = 60")
    shown = _on_a_terminal(quick, _env())
    assert "checking the widgets" not in shown and "done" in shown, shown


# A step that counts nothing: its status line, redrawn with its time by a thread while the step is busy in one call;
# a counting step inside it shows its bar beneath.
STATUS = """
import time
from l5r import progress
progress.DELAY = 0.3
with progress.status_line("preparing the widgets"):
    time.sleep(1.5)
    with progress.meter("counting the widgets", 10, progress.Unit.FILES) as bar:
        for _ in range(10):
            bar.advance()
print("done", flush=True)
"""


def test_a_status_line_shows_while_its_step_is_busy():
    shown = _on_a_terminal(STATUS, _env())
    drawn = shown.count("preparing the widgets… 00:0")
    assert drawn >= 2 and "preparing the widgets… 00:01" in shown, shown  # redrawn while the step sleeps
    assert shown.rstrip().endswith("done"), shown  # cleared when done


def test_a_status_line_is_silent_when_piped_quick_or_under_ci():
    piped = _piped(STATUS)
    assert "preparing" not in _on_a_terminal(STATUS, _env(CI="true"))
    quick = _on_a_terminal(STATUS.replace("time.sleep(1.5)", "pass"), _env())
    assert "preparing" not in quick and "done" in quick, quick
    out, err = piped.communicate(timeout=30)
    assert piped.returncode == 0 and out == "done\n" and err == "", err


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

    def pages_key(self) -> str:
        return repr(self.ids)


@pytest.mark.parametrize("cards, jobs", [(30, 1), (2100, 2)], ids=["one-writer", "forked-writers"])
def test_the_card_page_writers_count_every_page(recorder, monkeypatch, tmp_path, cards, jobs):
    monkeypatch.setattr(write, "card_page_html", lambda site, identity, head, tail: head + identity + tail)
    written = write.write_card_pages(tmp_path, _FakeCards(cards), "<p>", "</p>", jobs=jobs)
    assert written == cards == len(list((tmp_path / "card").iterdir()))
    [(total, unit, counted, closed)] = recorder.steps.values()
    assert (total, unit, counted, closed) == (cards, progress.Unit.PAGES, cards, True)


def test_make_offline_says_which_pool_it_builds_with(tmp_path):
    """The line comes before the build: here of a project whose config stops MkDocs at once (the offline copy's
    whole build and check are the browser tier's, tests/conftest.py `small_offline_copy`)."""
    project = tmp_path / "project"
    project.mkdir()
    (project / "mkdocs.offline.yml").write_text("site_name: [\n", encoding="utf-8")  # not YAML
    result = subprocess.run(
        [sys.executable, ROOT / "scripts" / "build_offline.py", "--dist", tmp_path / "dist", "--project", project],
        env=_env(L5R_CARDPOOL=str(FIXTURE_POOL), NO_MKDOCS_2_WARNING="1"),
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 1 and "the offline build failed" in result.stderr, result.stderr[-3000:]
    first = result.stdout.splitlines()[0]
    assert first.startswith("card pool: ") and "(from L5R_CARDPOOL)" in first, result.stdout


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


# -- A cold site build ----------------------------------------------------------------------------------------------

# Every step of a site build with a pool, in order, from the Codex's data to the pool's pages and short links: each can take
# seconds with the whole pool and a cold cache (or a previous build to remove), so none may pass in silence.
BUILD_STEPS = (
    "generating the pages",
    "reading the card pool",
    "removing the previous build",
    "building the pages",
    "preparing the card pages",
    "reading the cards' printings",
    "writing the card pages",  # and their short links, in the same pass
)

# `mkdocs build` with every step shown at once (no delay): the small pool's steps are quick.
BUILD = """
import sys
from l5r import progress
progress.DELAY = 0
from mkdocs.__main__ import cli
sys.argv = ["mkdocs", "build", "--site-dir", {site!r}]
cli()
"""


def _cold_build(tmp_path, tmp_path_factory, name: str, **env: str) -> tuple[Path, str, dict]:
    """A site folder holding a previous build's file, and what builds it with a pool and an empty cache folder:
    (site folder, Python code, environment). The pool is the synthetic one (tests/synthetic_pool.py, written once per
    run): every step a pool brings runs as with any pool, and the build takes three quarters of the CPU time it took
    with the fixture pool."""
    from synthetic_pool import write_pool

    pool = shared_once(tmp_path_factory, "synthetic-pool", write_pool)
    site = tmp_path / name / "site"
    site.mkdir(parents=True)
    (site / "old.html").write_text("a previous build", encoding="utf-8")
    extra = dict(L5R_CARDPOOL=str(pool), L5R_CACHE_DIR=str(tmp_path / name / "cache"), **env)
    return site, BUILD.format(site=str(site)), _env(NO_MKDOCS_2_WARNING="1", **extra)


def test_a_cold_build_shows_every_step_before_its_card_pages_on_a_terminal(tmp_path, tmp_path_factory):
    project = small_project(tmp_path_factory, new_era=False)  # what is built is not the point: its steps are
    site, code, env = _cold_build(tmp_path, tmp_path_factory, "terminal")
    shown = _on_a_terminal(code, env, cwd=project, timeout=300)
    assert "Documentation built" in shown and (site / "card").is_dir(), shown[-3000:]
    missing = [step for step in BUILD_STEPS if step not in shown]
    assert not missing, f"steps shown nothing on a terminal: {missing}"
    where = [shown.index(step) for step in BUILD_STEPS]
    assert where == sorted(where), "the steps are shown in the order the build runs them"
    assert not (site / "old.html").exists()


def test_a_cold_build_shows_no_progress_piped_or_under_ci(tmp_path, tmp_path_factory):
    project = small_project(tmp_path_factory, new_era=False)  # what is built is not the point: its steps are
    site, code, env = _cold_build(tmp_path, tmp_path_factory, "piped")
    piped = subprocess.run(
        [sys.executable, "-c", code], cwd=project, env=env, capture_output=True, text=True, check=False, timeout=300
    )
    assert piped.returncode == 0 and (site / "card").is_dir(), piped.stderr[-3000:]
    said = piped.stdout + piped.stderr
    assert not [step for step in BUILD_STEPS if step in said] and "\r" not in said, said
    site, code, env = _cold_build(tmp_path, tmp_path_factory, "ci", CI="true")
    under_ci = _on_a_terminal(code, env, cwd=project, timeout=300)
    assert "Documentation built" in under_ci, under_ci[-3000:]
    assert not [step for step in BUILD_STEPS if step in under_ci], under_ci


@pytest.mark.parametrize("dirty", [False, True], ids=["clean", "dirty"])
def test_the_previous_build_is_removed_unless_the_build_is_dirty(tmp_path, dirty):
    from types import SimpleNamespace

    from l5r.site.glue import mkdocs_glue

    (tmp_path / "card" / "a").mkdir(parents=True)
    (tmp_path / "card" / "a" / "index.html").write_text("old", encoding="utf-8")
    (tmp_path / ".nojekyll").write_text("", encoding="utf-8")  # MkDocs keeps dot files: so does the hook
    mkdocs_glue.startup("build", dirty)
    try:
        mkdocs_glue.pre_build(SimpleNamespace(site_dir=str(tmp_path)))
    finally:
        mkdocs_glue.startup("build", False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ([".nojekyll", "card"] if dirty else [".nojekyll"])
