"""`pip install` / `pipx install` of the Codex's wheel gives an `l5r` that works anywhere: the wheel carries the
Codex's data (pyproject.toml's package data, l5r/codexdata), so `l5r deck check` in an empty folder checks a deck
against the installed data, not a project around it.

The wheel is built from a copy of the sources with the pinned setuptools of the test environment (no build
isolation, no network), installed into a fresh virtual environment with no index (the dependencies are read from the
test environment's own packages, so nothing is downloaded), and run from an empty folder with the fixture pool."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from conftest import FIXTURE_POOL, ROOT

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


@pytest.fixture(scope="module")
def installed(tmp_path_factory, wheel) -> Path:
    """A fresh virtual environment with the wheel installed; its `bin` folder."""
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
