"""`pip install` / `pipx install` of the Codex's wheel gives an `l5r` that works anywhere: the wheel carries the
Codex's data (pyproject.toml's package data, l5r/codexdata), so `l5r deck check` in an empty folder checks a deck
against the installed data, not a project around it.

The wheel is built from a copy of the sources with the pinned setuptools of the test environment (no build
isolation, no network), and run from an empty folder with the fixture pool, installed two ways with no index:
- by pip into a fresh virtual environment, the dependencies read from the test environment's own packages (so
  nothing is downloaded or installed but the wheel);
- by the pinned pipx, as a user installs it (its home and its app folder temporary): pipx reads the metadata of
  every dependency, so pip installs them into pipx's environment from wheels of the test environment's own
  packages, the lock's pins, repacked here (`wheelhouse`). pipx's shared pip is the interpreter's bundled one,
  not upgraded from the index, and is kept from one run to the next (`shared_libs_folder`)."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from conftest import FIXTURE_POOL, ROOT
from packaging.requirements import Requirement

# The end-to-end tier: whole builds, servers or installs of their own (`make test-fast` leaves it out).
pytestmark = pytest.mark.endtoend

# What the wheel is built from: the package, its metadata and the data it carries.
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "NOTICE", "l5r", "data")
DECK = ROOT / "tests" / "decks" / "modern-crab.txt"


def _copy_sources(dest: Path) -> Path:
    dest.mkdir()
    for name in SOURCES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, symlinks=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(src, dest / name)
    return dest


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    sources = _copy_sources(work / "src")
    out = work / "dist"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--disable-pip-version-check",
            "--quiet",
            "-w",
            str(out),
            str(sources),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    [built] = out.glob("l5r_codex-*.whl")
    return built


def _pip_install(tmp_path_factory, wheel: Path) -> Path:
    """A fresh virtual environment with the wheel installed by pip; its `bin` folder."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    bin_dir = venv / "bin"
    python = bin_dir / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # The dependencies: the test environment's packages, read after the new environment's own. Its .pth files are
    # not run from there, so its editable install of the Codex is not seen: `l5r` is the wheel's.
    Path(purelib, "test-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--no-deps",
            "--no-index",
            "--no-compile",
            "--disable-pip-version-check",
            "--quiet",
            str(wheel),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return bin_dir


def _name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _dependencies(project: str) -> list[metadata.Distribution]:
    """The test environment's distributions that `project` needs, directly or not (its extras left out)."""
    found = {_name(d.metadata["Name"]): d for d in metadata.distributions()}
    needed, todo = set(), [_name(project)]
    while todo:
        for line in found[todo.pop()].requires or ():
            requirement = Requirement(line)
            name = _name(requirement.name)
            if name not in needed and (not requirement.marker or requirement.marker.evaluate({"extra": ""})):
                needed.add(name)
                todo.append(name)
    return [found[n] for n in sorted(needed)]


_KEPT_INFO = ("METADATA", "WHEEL", "entry_points.txt", "top_level.txt")


def _repack(dist: metadata.Distribution, out: Path) -> Path:
    """A wheel of an installed distribution: its files as installed, but compiled files and scripts (pip makes them
    again), with a RECORD of its own. Its tags are the ones it was installed with (its WHEEL file)."""
    files = dist.files or []
    info = next(f for f in files if f.name == "METADATA").parent
    tags = [
        line.split(":", 1)[1].strip().split("-") for line in dist.read_text("WHEEL").splitlines() if line[:4] == "Tag:"
    ]
    tag = "-".join(".".join(sorted({t[i] for t in tags})) for i in range(3))
    kept = [
        f
        for f in files
        if "__pycache__" not in f.parts and f.parts[0] != ".." and (f.parent != info or f.name in _KEPT_INFO)
    ]
    wheel = out / f"{re.sub(r'[-.]+', '_', dist.metadata['Name'])}-{dist.version}-{tag}.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_STORED) as archive:  # read once, by pip: not worth compressing
        for f in kept:
            archive.write(f.locate(), f.as_posix())
        archive.writestr(f"{info}/RECORD", "".join(f"{f.as_posix()},,\n" for f in kept) + f"{info}/RECORD,,\n")
    return wheel


@pytest.fixture(scope="module")
def wheelhouse(tmp_path_factory) -> Path:
    """A folder of wheels of every dependency of the Codex, made from the test environment's packages (the lock's
    pins): what pip installs them from, with no index."""
    out = tmp_path_factory.mktemp("wheelhouse")
    for dist in _dependencies("l5r-codex"):
        _repack(dist, out)
    return out


def pipx_env(home: Path) -> dict:
    """pipx's folders under `home`, and no upgrade of its shared pip (which would ask the index)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIPX_", "PIP_", "VIRTUAL_ENV", "PYTHON"))}
    env.update(
        PIPX_HOME=str(home / "home"),
        PIPX_BIN_DIR=str(home / "bin"),
        PIPX_MAN_DIR=str(home / "man"),
        PIPX_DISABLE_SHARED_LIBS_AUTO_UPGRADE="1",
        PIPX_DEFAULT_PYTHON=sys.executable,
    )
    return env


def shared_libs_folder(config) -> Path | None:
    """The folder of pipx's shared libraries (the pip pipx runs, from the interpreter's bundled wheel), kept in
    pytest's cache folder from one run to the next as a user's pipx keeps it from one install to the next: making it
    (a virtual environment, then ensurepip) was about 4 of the pipx install's 15 CPU-seconds, for the same files every
    time. Named by what makes it: the interpreter, its bundled pip and pipx. None without pytest's cache
    (`-p no:cacheprovider`): pipx then makes it under its own temporary home."""
    cache = getattr(config, "cache", None)
    if cache is None:
        return None
    from importlib.metadata import version

    bundled = sorted(p.name for p in Path(sysconfig.get_path("stdlib"), "ensurepip", "_bundled").glob("pip-*.whl"))
    made_by = repr((sys.executable, sys.version, bundled, version("pipx")))
    return cache.mkdir("pipx-shared-libs") / hashlib.sha1(made_by.encode()).hexdigest()[:12]


def _pipx_install(tmp_path_factory, wheel: Path, wheelhouse: Path, shared_libs: Path | None) -> Path:
    """The wheel installed by pipx, its dependencies from `wheelhouse`; pipx's app folder."""
    env = pipx_env(tmp_path_factory.mktemp("pipx"))
    if shared_libs is not None:
        env["PIPX_SHARED_LIBS"] = str(shared_libs)
    # --isolated: pip reads no configuration of the machine's (a find-links or an index of its own). --no-compile:
    # pip compiles none of the installed modules (a sixth of the pipx test's CPU-seconds, for modules the commands
    # never import); the commands compile what they import, as Python does for any uncompiled module.
    pip_args = f"--isolated --no-index --no-compile --find-links {wheelhouse}"
    with contextlib.ExitStack() as stack:
        if shared_libs is not None:  # two runs at once in one checkout: one makes the shared libraries
            lock = stack.enter_context(open(shared_libs.with_name(shared_libs.name + ".lock"), "w"))
            fcntl.flock(lock, fcntl.LOCK_EX)
        result = subprocess.run(
            [sys.executable, "-m", "pipx", "install", f"--pip-args={pip_args}", str(wheel)],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
    assert result.returncode == 0, result.stdout + result.stderr
    return Path(env["PIPX_BIN_DIR"])


@pytest.fixture(scope="module", params=["pip", "pipx"])
def installed(request, tmp_path_factory, wheel) -> Path:
    """The wheel installed by pip into a fresh virtual environment, or by pipx: the folder its `l5r` is in."""
    if request.param == "pipx":
        wheelhouse = request.getfixturevalue("wheelhouse")
        return _pipx_install(tmp_path_factory, wheel, wheelhouse, shared_libs_folder(request.config))
    return _pip_install(tmp_path_factory, wheel)


def _run(bin_dir: Path, where: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("L5R_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(L5R_CARDPOOL=str(FIXTURE_POOL), L5R_CACHE_DIR=str(where.parent / "cache"), PATH=str(bin_dir))
    return subprocess.run(
        [str(bin_dir / "l5r"), *args], cwd=where, env=env, capture_output=True, text=True, check=False, timeout=300
    )


def test_the_wheel_carries_the_data_and_the_notices(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    data = {p.relative_to(ROOT / "data").as_posix() for p in (ROOT / "data").rglob("*") if p.is_file()}
    missing = sorted(d for d in data if f"l5r/codexdata/{d}" not in names)
    assert not missing, f"data files the wheel lacks: {missing[:10]}"
    assert any(n.endswith("licenses/LICENSE") for n in names) and any(n.endswith("licenses/NOTICE") for n in names)
    assert not any(n.startswith(("tests/", "docs/", "data/")) for n in names)


def test_an_installed_l5r_works_from_an_empty_folder(tmp_path, installed):
    empty = tmp_path / "empty"
    empty.mkdir()
    version = _run(installed, empty, "--version")
    assert version.returncode == 0 and version.stdout.startswith("l5r "), version.stderr
    status = _run(installed, empty, "cardpool", "status")
    assert status.returncode == 0, status.stdout + status.stderr
    check = _run(installed, empty, "check")
    # The data it checked is the copy installed with the package, not a folder around the empty one.
    assert check.returncode == 0 and "codexdata" in check.stdout + check.stderr, check.stdout + check.stderr
    deck = _run(installed, empty, "deck", "check", "--format", "modern", str(DECK))
    assert deck.returncode in (0, 1), deck.stdout + deck.stderr  # a verdict: legal or not, never "no data"
    assert "does not exist" not in deck.stdout + deck.stderr
    assert "Traceback" not in deck.stderr
    assert list(empty.iterdir()) == [], "the commands leave the folder they ran in as it was"
