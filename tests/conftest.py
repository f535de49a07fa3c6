"""Shared fixtures: the repository, a loaded Codex, and one strict site build per test session."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


def site_build_env() -> dict:
    """The build's environment: the real card pool (L5R_CARDPOOL, else ../shared/data/cardpool) when there is
    one, as the site's deck checker and api/v1/cards.json are built from it."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    default = ROOT.parent / "shared" / "data" / "cardpool"
    if not env.get("L5R_CARDPOOL") and (default / "sets").is_dir():
        env["L5R_CARDPOOL"] = str(default)
    return env


def shared_once(tmp_path_factory, name: str, build) -> Path:
    """A folder `build(folder)` fills once per test run, shared by pytest-xdist's workers (issue 15).

    Under xdist every worker has its own session fixtures; a site build (half a minute with the card pool)
    would run once per worker. The workers of one run share the parent of their temporary folders: the first
    to take the lock builds there, the others wait and reuse the result. A failed build leaves no mark, so the
    next worker tries again and reports the same failure. Without xdist it is an ordinary temporary folder."""
    import fcntl

    if "PYTEST_XDIST_WORKER" not in os.environ:
        out = tmp_path_factory.mktemp(name)
        build(out)
        return out
    shared = tmp_path_factory.getbasetemp().parent
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


def _mkdocs_build(out: Path) -> None:
    env = site_build_env()
    result = subprocess.run(
        [str(BIN / "mkdocs"), "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, f"strict build failed:\n{result.stdout}\n{result.stderr}"


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The site, built once with `mkdocs build --strict` exactly as `make build` does (once per run, however
    many xdist workers)."""
    return shared_once(tmp_path_factory, "site", _mkdocs_build)


@pytest.fixture
def data_copy(tmp_path) -> Path:
    """A throwaway copy of data/ to damage."""
    target = tmp_path / "data"
    shutil.copytree(ROOT / "data", target)
    return target


def run_l5r(*args, cwd=None) -> subprocess.CompletedProcess:
    """Run the installed console script, as a user would."""
    return subprocess.run([str(BIN / "l5r"), *map(str, args)], cwd=cwd or ROOT,
                          capture_output=True, text=True, check=False)
