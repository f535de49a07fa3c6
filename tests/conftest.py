"""Shared fixtures: the repository, a loaded Codex, and one strict site build per test session."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def codex():
    from l5r.data.load import load_codex

    return load_codex(ROOT / "data")


@pytest.fixture(scope="session")
def rs(codex):
    """Every bundled format's frozen Ruleset, by format id (the engine tests' `rs["obsidian-hand"]`)."""
    from l5r.engine.ruleset import rulesets

    return rulesets(codex)


# ---------------------------------------------------------------------------------------------------------
# Inputs from outside the repository: the real card pool and the source documents
# ---------------------------------------------------------------------------------------------------------
# The suite runs on a clone alone: tests that need card data read the small pool committed under
# tests/fixtures/cardpool (the real pool's layout, the project's own card text). The few tests that need the whole
# real pool (`@pytest.mark.realpool`) or the five source documents (`@pytest.mark.seeds`) are skipped without them,
# with one line saying what is missing and the command that provides it; under L5R_REQUIRE_INPUTS=1 (.ci/run)
# that skip is a failure, so CI runs the whole suite.

FIXTURE_POOL = ROOT / "tests" / "fixtures" / "cardpool"
REQUIRE_INPUTS = "L5R_REQUIRE_INPUTS"
MISSING_POOL = (
    "missing input: the real card pool (run `make cardpool`, or set L5R_CARDPOOL to a pool folder); "
    "this test needs the whole pool"
)
MISSING_SEEDS = "missing input: the source documents (set L5R_SEEDS to the folder that holds them)"


def real_pool() -> Path | None:
    """The real card pool a user's command would use (--cardpool aside): L5R_CARDPOOL, else the fetched pool."""
    from l5r.cardpool import PoolError, locate_pool

    try:
        found = locate_pool(None)
    except PoolError:
        return None
    return found if found is not None and found.resolve() != FIXTURE_POOL.resolve() else None


def seeds_dir() -> Path | None:
    """The folder of the five source documents, from L5R_SEEDS."""
    folder = os.environ.get("L5R_SEEDS")
    return Path(folder) if folder and Path(folder).is_dir() and any(Path(folder).glob("*.txt")) else None


def pytest_runtest_setup(item):
    for marker, present, missing in (("realpool", real_pool, MISSING_POOL), ("seeds", seeds_dir, MISSING_SEEDS)):
        if item.get_closest_marker(marker) and present() is None:
            if os.environ.get(REQUIRE_INPUTS) == "1":
                pytest.fail(f"{missing} ({REQUIRE_INPUTS}=1: CI runs every test)", pytrace=False)
            pytest.skip(missing)


# The Chromium the browser tests drive: Debian's chromium-headless-shell, Chromium's own headless build (the same
# Blink, V8 and network stack, without the browser's window and UI process; Playwright runs headless tests on it
# too), which `make browser` installs beside chromium. It costs about a quarter less CPU a page than chromium: 12
# loads in fresh tabs took 7.0-7.3 busy CPU-s against 9.7-10.3; the browser tier, in two pairs, 310 and 332 busy
# CPU-s against 491 and 418. Without it the tests use chromium; L5R_CHROMIUM names any other binary.
HEADLESS_SHELL, FULL_CHROMIUM = Path("/usr/lib/chromium/chromium-headless-shell"), Path("/usr/bin/chromium")
CHROMIUM_MISSING = (
    "Chromium is not installed at {path}. `make test` installs Debian's chromium-headless-shell and "
    "chromium through scripts/ensure_debian.sh (`make browser`; as root: apt-get install "
    "chromium-headless-shell); set L5R_CHROMIUM to use another binary."
)


def chromium_binary() -> Path:
    """L5R_CHROMIUM, else the headless shell, else chromium (the path the failure message names when neither is
    installed)."""
    if os.environ.get("L5R_CHROMIUM"):
        return Path(os.environ["L5R_CHROMIUM"])
    return HEADLESS_SHELL if HEADLESS_SHELL.exists() else FULL_CHROMIUM


# How the tests start it. chromium's headless mode is the whole browser without a window, and each tab it opens
# loads the address bar's drop-down (chrome://omnibox-popup.top-chrome/, two pages of the browser's own) that nobody
# sees: about half the CPU of opening a tab and loading a page of this site (12 loads in fresh tabs: 22-25
# CPU-seconds with it, 12.3 without). The two features that load it are turned off.
#
# Requests off the machine fail inside Chromium: every address but the machine's own (which Chromium never sends
# through a proxy) goes to a "proxy" on a local port that refuses connections, a port this process holds bound and
# never listens on. Letting Playwright route every request through the test process instead, to let the local ones
# pass, cost about a fifth of the CPU of a page load (12 loads: 7.5-8.9 busy CPU-s against 6.1-6.9). The tabs of a
# test run share one renderer process (--renderer-process-limit=1): starting one for each new tab cost about a
# tenth more.
#
# Playwright gives Chromium a --disable-features switch of its own, and Chromium keeps only the last of two such
# switches: ours names Playwright's features too, or Chromium would turn those back on (paint holding, optimization
# hints, the media router, HTTPS upgrades of the test server's addresses). tests/test_chromium_switches.py checks
# this list against the installed Playwright's.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
_REFUSING_PORT = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
_REFUSING_PORT.bind(("127.0.0.1", 0))
OFF_MACHINE_PROXY = f"http://127.0.0.1:{_REFUSING_PORT.getsockname()[1]}"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--disable-features=" + ",".join((*PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup")),
    f"--proxy-server={OFF_MACHINE_PROXY}",
    "--renderer-process-limit=1",
]


@pytest.fixture(scope="session")
def browser():
    """One Chromium for all of a test process's tests, closed at its end. Started by the first test that needs it;
    a browser per test file, or per stretch of the browser tier between two other files, meant a new Chromium and a
    new Playwright driver each time (about two CPU-seconds apiece). Playwright's sync API allows one running
    instance at a time: a test that needs a browser takes this one."""
    chromium = chromium_binary()
    if not chromium.exists():
        pytest.fail(CHROMIUM_MISSING.format(path=chromium), pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


# The public address the test builds are given (L5R_SITE_URL), whatever the calling shell has: a path below the
# host, as GitHub Pages gives a project site.
TEST_SITE_URL = "https://example.org/codex/"
# The repository the test builds link in their footer (L5R_REPO_URL, as the publishing workflow gives its own).
TEST_REPO_URL = "https://github.com/example/l5r-codex"


def site_build_env(pool: Path | None = None) -> dict:
    """The build's environment: the public address TEST_SITE_URL, and the card pool the site is built with (the
    fixture pool unless another is named), as the card pages, the site's deck checker and api/v1/cards.json are
    built from it."""
    return dict(
        os.environ,
        NO_MKDOCS_2_WARNING="1",
        L5R_SITE_URL=TEST_SITE_URL,
        L5R_REPO_URL=TEST_REPO_URL,
        L5R_CARDPOOL=str(pool or FIXTURE_POOL),
    )


def terminal_signals() -> None:
    """A child's `preexec_fn`: Ctrl-C as a terminal gives it. A test run started in the background by a script (a
    shell without job control) has SIGINT ignored, every process it starts inherits that, and Python then installs
    no KeyboardInterrupt handler: the command would never hear the test's Ctrl-C."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def no_pool_env(**extra: str) -> dict:
    """The calling environment for a command or build that needs no card pool: not even the pool `l5r cardpool
    fetch` installed in the user cache is read (on a machine that has one, a build with it takes half a minute
    where a build without it takes a few seconds)."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", L5R_CARDPOOL="none", L5R_REPO_URL=TEST_REPO_URL)
    env.update(extra)  # the test builds' repository too (footer, Edit links), unless the caller names another
    return env


# ---------------------------------------------------------------------------------------------------------
# Site builds shared by the whole run, removed in the background when it ends
# ---------------------------------------------------------------------------------------------------------
# A site build with the card pool holds tens of thousands of files. Left under pytest's temporary folders, removing an old
# run's builds (pytest keeps the last three) cost 5-20 s at the end of every run; they live in a
# folder of their own, which the run removes in a background process once it is over.

_RUN_ENV = "L5R_TEST_RUN"


def _run_folder() -> Path:
    return Path(tempfile.gettempdir()) / "l5r-test-builds" / os.environ[_RUN_ENV]


# The run's temporary files go to memory when the machine has room there. A site build writes a folder and a file
# per card page (14,000 of each with the whole pool); on this project's ext4 disks that is most of a build's time,
# all of it in the kernel: the whole-pool build took 24 CPU-seconds writing to /tmp, 10 writing to /dev/shm. A
# machine whose /dev/shm is small (a container's 64 MB) or absent, or with under 6 GB of memory to spare, keeps the
# system's temporary folder; so does a run given TMPDIR.
_MEMORY = Path("/dev/shm")
# A whole run holds under a GB there at once (pytest keeps its last three runs' files; the fresh-clone test adds a
# clone and its virtualenv), and what is stored there is memory: the machine must have it to spare as well.
_MEMORY_FREE = 2 * 2**30
_MEMORY_AVAILABLE = 6 * 2**30


def _available_memory() -> int:
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _memory_folder() -> Path | None:
    try:
        stat = os.statvfs(_MEMORY)
    except OSError:
        return None
    if (
        stat.f_bavail * stat.f_frsize < _MEMORY_FREE
        or _available_memory() < _MEMORY_AVAILABLE
        or not os.access(_MEMORY, os.W_OK)
    ):
        return None
    folder = _MEMORY / f"l5r-tests-{os.getuid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


def pytest_configure(config):
    # The controlling process names the run and picks its temporary folder before pytest-xdist starts its workers
    # (they inherit both), and before pytest makes its own temporary folders.
    if not hasattr(config, "workerinput"):
        os.environ[_RUN_ENV] = uuid.uuid4().hex
        # One day for the whole run, as a reproducible build names it: a run that crosses midnight would otherwise
        # build a site on one day and compare it with a build, a check or a date of the next.
        os.environ.setdefault("SOURCE_DATE_EPOCH", str(int(time.time())))
        if "TMPDIR" not in os.environ and (memory := _memory_folder()) is not None:
            os.environ["TMPDIR"] = str(memory)
            tempfile.tempdir = None  # read again from TMPDIR


def pytest_unconfigure(config):
    if hasattr(config, "workerinput") or not os.environ.get(_RUN_ENV):
        return
    folder = _run_folder()
    if folder.exists():
        subprocess.Popen(
            ["rm", "-rf", str(folder)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )


# The longest test files start first. pytest-xdist (`--dist loadfile`) hands out files in collection order, one
# at a time as a worker frees up; a long file handed out last keeps one worker busy while the other idles
# (the last file, test_serve, ran alone for 12 s). Order only: every test still runs. The order is the files'
# measured times in a whole run (`--junitxml`, longest first), after the two that start the shared builds: the
# offline copy on one worker, the builds of the small copy of the project on the other (each built by the first
# test that needs it); the longest single test goes early too.
_LONG_FIRST = (
    "browser/test_offline_copy.py",  # the offline build with the card pool, then a walk of all its pages
    "test_site_engines.py",  # the ProperDocs build, builds with and without hooks, online and offline
    # the longest single test (mkdocs serve of the small project, two edits, then a plain build to compare with),
    # started early so that it never runs alone at the end
    "test_serve.py",
    # three cold builds of the small project, and a wheel installed by pip and by pipx: 40-50 s each, which ran
    # last (collection order) while the other worker had finished
    "test_progress.py",
    "test_wheel.py",
    # the quick loop's longest files (`make test-fast` leaves out every file above): every
    # pool title in every style, the fetches from slow mirrors, every card page of the real pool
    "test_deck_title_styles.py",
    "test_cardpool_fetch.py",
    "test_card_consistency.py",
    "browser/test_pages.py",  # every page type online and offline, axe-core on each
    "browser/test_injection.py",  # a build of a copy of the project with script-looking text planted in the data
    "browser/test_card_search.py",
    "browser/test_card_pages.py",
    "browser/test_jobs_walk.py",
    "browser/test_deck_check_page.py",
    "browser/test_search.py",
    "browser/test_player_pages.py",
    "browser/test_citation_address.py",
    "browser/test_search_as_players_use_it.py",
    "test_permalinks.py",  # builds of the small project with a renamed anchor, with hooks and without
    "test_check_project.py",  # builds of other projects
    "browser/test_compare_pages.py",
    "browser/test_links.py",
    "test_card_page_design.py",
    "test_patterns.py",  # 120-odd patterns timed on 16 KB and 256 KB texts
    "test_hostile_input.py",
    "test_scenarios.py",
    "test_public_address.py",
    "fuzz/test_regressions.py",
    "test_site_pages.py",  # a walk of every link of the site with the card pool
    "test_fidelity.py",
    "browser/test_card_search_syntax.py",  # the card search's query language at two widths, online and offline
    "browser/test_site_search_ranking.py",
    "browser/test_phone_layout.py",
)


# A file handed out test by test (each test function with its parameters, which may share a module's fixture), not
# whole: with the real pool, every pool title in every style is half the quick loop's CPU time (about 150 of 300
# s on 2 cores), which one worker ran alone while the other ran every other file. Its tests share no build, only
# the card index that each process loads from the cache in a fraction of a second.
_SPLIT_BY_TEST = ("tests/test_deck_title_styles.py",)


@pytest.hookimpl(optionalhook=True)  # (a run with `-p no:xdist` has no such hook)
def pytest_xdist_make_scheduler(config, log):
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class FileOrTestScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.split("::", 1)[0].endswith(_SPLIT_BY_TEST):
                return nodeid.split("[", 1)[0]
            return super()._split_scope(nodeid)

    return FileOrTestScheduling(config, log)


def pytest_addoption(parser):
    parser.addoption(
        "--fresh-clone",
        action="store_true",
        help="also run tests/test_fresh_clone.py: `make test` on a clone with no card pool and no documents",
    )
    parser.addoption(
        "--pool-walk",
        choices=("every", "sample"),
        default="every",
        help="the real pool's walks over every title: every card (the default, `make test`), or a stable sample "
        "that keeps every shape of title (`make test-fast`; tests/poolwalk.py)",
    )


@pytest.fixture(autouse=True)
def _pool_walk(request):
    """Under `--pool-walk=sample` a walk through `targets` takes the sample of its pool, the fixture pool's or the
    real one's (tests/poolwalk.py); without the option every walk takes every card."""
    if request.config.getoption("--pool-walk") != "sample":
        yield
        return
    from poolwalk import sampled

    with sampled(True):
        yield


def pytest_collection_modifyitems(config, items):
    if not config.getoption("--fresh-clone"):
        # The fresh-clone test runs the whole suite again inside a clone: only when asked (.ci/run asks).
        kept = [item for item in items if not item.get_closest_marker("freshclone")]
        if len(kept) != len(items):
            config.hook.pytest_deselected(items=[item for item in items if item.get_closest_marker("freshclone")])
            items[:] = kept

    def rank(item) -> int:
        path = item.path.relative_to(ROOT / "tests").as_posix()
        return _LONG_FIRST.index(path) if path in _LONG_FIRST else len(_LONG_FIRST)

    items.sort(key=rank)  # stable: the order within a file and among the others is kept


def shared_once(tmp_path_factory, name: str, build) -> Path:
    """A folder `build(folder)` fills once per test run, shared by pytest-xdist's workers.

    Under xdist every worker has its own session fixtures; a site build (half a minute with the card pool)
    would run once per worker. The first worker to take the lock builds, the others wait and reuse the result.
    A failed build leaves no mark, so the next worker tries again and reports the same failure."""
    import fcntl

    shared = _run_folder()
    shared.mkdir(parents=True, exist_ok=True)
    out, done = shared / name, shared / f"{name}.built"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not done.exists():
            if out.exists():
                shutil.rmtree(out)
            out.mkdir()
            build(out)
            done.write_text("ok\n", encoding="utf-8")
    return out


def project_site(tmp_path_factory) -> Path:
    """This repository's site as `make build` builds it (`mkdocs build --strict` of mkdocs.yml, hooks and all), for
    the test address and with the fixture card pool: built once per run, whatever asks first, and shared by every
    test and xdist worker. What the build said on stderr is kept beside it, in `<folder>.stderr`.

    Most tests read it, many for its card pages and deck checker. The offline copy of the whole project is
    `make offline`'s (tests/browser/conftest.py `offline_build`, which fails on any page naming an address but the
    public one); the tests that compare an offline setting or an address with another read offline builds of the
    small copy of the project (`small_project_site`)."""
    return shared_once(
        tmp_path_factory, "site-online", lambda out: _strict_build(ROOT, out, False, TEST_SITE_URL, with_pool=True)
    )


def small_project(tmp_path_factory, *, new_era: bool = True) -> Path:
    """tests/small_project.py's small copy of the project (every kind of record and page, half the pages), written
    once per run: the sources the tests build when they compare one engine, setting or command with another.
    Without New Era (`new_era=False`: Modern and the AEG rules, whose pages are of every kind New Era's are), a
    build takes a fifth to a quarter less CPU, for the tests that build it again and again."""
    from small_project import LEFT_OUT_FORMATS, write_small_project

    if new_era:
        return shared_once(tmp_path_factory, "small-project", write_small_project)
    left_out = (*LEFT_OUT_FORMATS, "new-era")
    return shared_once(
        tmp_path_factory, "small-project-without-new-era", lambda out: write_small_project(out, left_out)
    )


def small_project_copy(tmp_path_factory, folder: Path, *, new_era: bool = True) -> Path:
    """A copy of the small project in `folder`/repo, to edit."""
    work = folder / "repo"
    shutil.copytree(small_project(tmp_path_factory, new_era=new_era), work)
    return work


def small_project_site(tmp_path_factory, *, offline: bool = False, site_url: str | None = TEST_SITE_URL) -> Path:
    """The small copy of the project (tests/small_project.py) built with `mkdocs build --strict` (of
    mkdocs.offline.yml for the offline copy), hooks and all, for the test address or none, without a card pool: for
    the tests that compare a setting with another (a public address or none, hooks or none) page for page, and the
    offline settings. The offline copy for the test address is `small_offline_copy`'s, with a pool."""
    assert site_url in (TEST_SITE_URL, None), "one shared build per address: TEST_SITE_URL or none"
    assert not (offline and site_url), "the offline copy with the test address is small_offline_copy()"
    name = f"small-{'offline' if offline else 'online'}" + ("" if site_url else "-no-address")
    project = small_project(tmp_path_factory)
    return shared_once(tmp_path_factory, name, lambda out: _strict_build(project, out, offline, site_url, False))


def small_offline_copy(tmp_path_factory) -> tuple[Path, str]:
    """The offline copy of the small project as `make offline` makes it (scripts/build_offline.py: the strict build
    of mkdocs.offline.yml, then its check that no page loads from or names an address but the public one), for the
    test address, with the synthetic pool plus a card whose text and errata quote web addresses
    (tests/synthetic_pool.py `write_quoting_pool`), built once per run: (the site folder, what the script printed)."""
    from synthetic_pool import write_quoting_pool

    project = small_project(tmp_path_factory)

    def build(out: Path) -> None:
        pool = write_quoting_pool(out / "pool")
        env = dict(site_build_env(pool), L5R_CACHE_DIR=str(out / "cache"))
        result = subprocess.run(
            [
                sys.executable,
                str(ROOT / "scripts" / "build_offline.py"),
                "--dist",
                str(out / "dist"),
                "--no-zip",
                "--project",
                str(project),
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stdout + result.stderr[-3000:]
        (out / "build_offline.stdout").write_text(result.stdout, encoding="utf-8")

    work = shared_once(tmp_path_factory, "small-offline-copy", build)
    return work / "dist" / "offline-site", (work / "build_offline.stdout").read_text(encoding="utf-8")


def _strict_build(project: Path, out: Path, offline: bool, site_url: str | None, with_pool: bool) -> None:
    env = site_build_env() if with_pool else no_pool_env(L5R_SITE_URL=TEST_SITE_URL)
    if site_url is None:
        env.pop("L5R_SITE_URL")
    config = "mkdocs.offline.yml" if offline else "mkdocs.yml"
    result = subprocess.run(
        [str(BIN / "mkdocs"), "build", "-f", config, "--strict", "--site-dir", str(out)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, f"strict build failed:\n{result.stdout}\n{result.stderr}"
    out.with_name(out.name + ".stderr").write_text(result.stderr, encoding="utf-8")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The site, built once with `mkdocs build --strict` exactly as `make build` does (`project_site`)."""
    return project_site(tmp_path_factory)


@pytest.fixture
def data_copy(tmp_path) -> Path:
    """A throwaway copy of data/ to damage."""
    target = tmp_path / "data"
    shutil.copytree(ROOT / "data", target)
    return target


@pytest.fixture
def small_data_copy(tmp_path, tmp_path_factory) -> Path:
    """A throwaway copy of the small project's data/ (tests/small_project.py: every kind of record, the same
    schemas), for the tests of how the data is read and remembered, which load it whole more than once."""
    target = tmp_path / "data"
    shutil.copytree(small_project(tmp_path_factory) / "data", target)
    return target


def run_l5r(*args, cwd=None) -> subprocess.CompletedProcess:
    """Run the installed console script, as a user would."""
    return subprocess.run(
        [str(BIN / "l5r"), *map(str, args)], cwd=cwd or ROOT, capture_output=True, text=True, check=False
    )


def l5r_here(*args, cwd=None, env: dict | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run `l5r` in this process, from `cwd`: `l5r.cli.main`, the function the console script calls, with its
    output and exit code as `run_l5r` returns them; `env` stands for the whole environment and `stdin` for standard
    input while it runs. For the many runs whose point is what the command decides (which project it finds, what it
    says of bad input, what a deck check reports); starting Python and importing the package again costs about a
    third of a second a run. The console script itself is run by `run_l5r` (tests/test_cli_contract.py and others)."""
    import io

    from l5r.cli import main

    argv = [*map(str, args)]
    out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    before, saved = os.getcwd(), dict(os.environ)
    handlers = signal_handlers()
    os.chdir(cwd or ROOT)
    if env is not None:
        os.environ.clear()
        os.environ.update(env)
    try:
        with contextlib.ExitStack() as stack:
            stack.enter_context(contextlib.redirect_stdout(out))
            stack.enter_context(contextlib.redirect_stderr(err))
            if stdin is not None:
                stack.enter_context(_standard_input(stdin))
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse's usage errors and --help
                code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
    finally:
        os.chdir(before)
        os.environ.clear()
        os.environ.update(saved)
    texts = []
    for stream in (out, err):
        stream.flush()
        texts.append(stream.buffer.getvalue().decode("utf-8"))
    # A command run inside another program leaves its signals as it found them: a SIGTERM handler left behind was
    # inherited by the card page writers a later build forked, which then outlived the pool's SIGTERM.
    left = {sig.name for sig, handler in signal_handlers().items() if handler != handlers[sig]}
    assert not left, f"l5r {' '.join(argv)} left its own handler of {', '.join(sorted(left))} in the calling process"
    return subprocess.CompletedProcess(["l5r", *argv], int(code), *texts)


def signal_handlers() -> dict:
    """This process's handler of every signal Python can handle."""
    import signal

    found = {}
    for sig in signal.valid_signals():
        try:
            found[signal.Signals(sig)] = signal.getsignal(sig)
        except (ValueError, OSError):  # a real-time signal without a name, or one Python cannot read
            continue
    return found


@contextlib.contextmanager
def _standard_input(text: str):
    """`sys.stdin` reading `text` (as UTF-8 bytes, through `.buffer` too) while the block runs."""
    import io

    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8")
    try:
        yield
    finally:
        sys.stdin = saved


# ---------------------------------------------------------------------------------------------------------
# The site built as an engine without `hooks:` (Zensical) would build it
# ---------------------------------------------------------------------------------------------------------


class _IgnorePythonTags(yaml.SafeLoader):
    """Reads mkdocs.yml's nav: the `!!python/name:` values of its Markdown extensions are left as None."""


_IgnorePythonTags.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
_IgnorePythonTags.add_constructor("!ENV", lambda loader, node: None)  # site_url: read by MkDocs from the build's env


def hookless_build(project: Path, work: Path, *, offline: bool = False, env: dict | None = None) -> Path:
    """The project's site built with no MkDocs hook at all, as another engine would: `l5r site generate` into a copy
    of docs/, a config with no hooks (it inherits the project's mkdocs.yml for the theme, plugins, Markdown
    extensions, extra CSS and JavaScript; `hooks: []`; the nav is the generated `.l5r-nav.yml` followed by
    mkdocs.yml's hand-written entries but Home; the Codex's theme folder as `custom_dir`, for the feed link; for the
    offline copy the settings its hook makes: page files, no instant navigation, the vendored shim as polyfill, no
    generator link), a
    plain `mkdocs build --strict`, then `l5r site postbuild`. Returns the built folder, work/site."""
    from l5r.site.building import offline as offline_copy
    from l5r.site.building.feeds import THEME_DIR
    from l5r.site.building.generate import NAV_FILE

    env = dict(env if env is not None else site_build_env())
    docs = work / "docs"
    shutil.copytree(project / "docs", docs)
    flags = ["--offline"] if offline else []
    data = ["--data", str(project / "data")]

    def run(*args):
        result = subprocess.run([*map(str, args)], cwd=project, env=env, capture_output=True, text=True, check=False)
        assert result.returncode == 0, f"{args[:3]} failed:\n{result.stdout}\n{result.stderr}"

    run(BIN / "l5r", "site", "generate", docs, *flags, *data)
    base = yaml.load((project / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_IgnorePythonTags)
    generated = yaml.safe_load((docs / NAV_FILE).read_text(encoding="utf-8"))["nav"]
    nav = generated + [
        item
        for item in base.get("nav") or []
        if item not in generated and not (isinstance(item, dict) and "Home" in item)
    ]
    config = {
        "INHERIT": str(project / "mkdocs.yml"),
        "docs_dir": "docs",
        "hooks": [],
        "nav": nav,
        "theme": {"custom_dir": str(THEME_DIR)},
    }
    if offline:
        config["theme"]["features"] = offline_copy.theme_features(base["theme"].get("features"))
        config["use_directory_urls"] = False
        config["extra"] = offline_copy.without_generator(
            {"polyfills": offline_copy.polyfills((base.get("extra") or {}).get("polyfills"))}
        )
    (work / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    site = work / "site"
    run(BIN / "mkdocs", "build", "--strict", "-f", work / "mkdocs.yml", "--site-dir", site)
    run(BIN / "l5r", "site", "postbuild", site, *flags, *data)
    return site


# ---------------------------------------------------------------------------------------------------------
# A project whose published anchors moved: built with its hooks and without, once per run
# ---------------------------------------------------------------------------------------------------------


def rename_record(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert f"id: {old}\n" in text
    path.write_text(text.replace(f"id: {old}\n", f"id: {new}\n"), encoding="utf-8")


RENAMED = (
    ("data/formats/new-era/rules.yml", "ne-proxies", "ne-proxies-renamed"),  # its page moves
    ("data/formats/new-era/keywords.yml", "ne-kw-absent", "ne-kw-absent-renamed"),
)  # its page stays
REDIRECTS = (
    "redirects:\n"
    "  - from: formats/new-era/proxies/#ne-proxies\n"
    "    to: ne-proxies-renamed\n"
    "  - from: formats/new-era/keywords/#ne-kw-absent\n"
    "    to: ne-kw-absent-renamed\n"
)


def redirected_project(tmp_path_factory) -> Path:
    """A copy of the small project (`repo/`, tests/small_project.py) where a rule section and a keyword were renamed
    and data/redirects.yml sends their old addresses to the new ones, built once per run without a card pool, for
    the test address: with its hooks (`site/`, what the build said in `site.log`) and by an engine without hooks
    then `l5r site postbuild` (`hookless/site`). tests/test_permalinks.py follows the old addresses;
    tests/test_site_engines.py compares the two builds file for file, and the first with ProperDocs' build of `repo/`
    (a site with moved anchors: the redirect stubs and markers are compared too)."""

    def build(out: Path) -> None:
        work = small_project_copy(tmp_path_factory, out)
        for path, old, new in RENAMED:
            rename_record(work / path, old, new)
        redirects = work / "data/redirects.yml"
        text = redirects.read_text(encoding="utf-8")  # the copy's own redirects (the card pages' move) are kept
        text = (
            text.replace("redirects: []", REDIRECTS)
            if "redirects: []" in text
            else text.replace("\nredirects:\n", "\n" + REDIRECTS, 1)
        )
        redirects.write_text(text, encoding="utf-8")
        env = site_build_env()
        env["L5R_CARDPOOL"] = "none"  # not even a pool `l5r cardpool fetch` installed
        result = subprocess.run(
            [str(BIN / "mkdocs"), "build", "--strict", "-d", str(out / "site")],
            cwd=work,
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        (out / "site.log").write_text(result.stdout + result.stderr, encoding="utf-8")
        (out / "hookless").mkdir()
        hookless_build(work, out / "hookless", env=env)

    return shared_once(tmp_path_factory, "redirected-project", build)
