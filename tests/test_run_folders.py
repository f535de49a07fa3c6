"""Where a test run keeps its temporary files (tests/conftest.py `_memory_folder`): in memory when the machine has
room there, else the system's temporary folder."""

from __future__ import annotations

import os
from types import SimpleNamespace

import conftest

GB = 2**30


def _statvfs(free: int):
    return lambda path: SimpleNamespace(f_bavail=free // 4096, f_frsize=4096)


def test_memory_is_used_only_with_room_there_and_memory_to_spare(monkeypatch, tmp_path):
    monkeypatch.setattr(conftest, "_MEMORY", tmp_path)
    monkeypatch.setattr(conftest, "_available_memory", lambda: 16 * GB)
    monkeypatch.setattr(os, "statvfs", _statvfs(8 * GB))
    assert conftest._memory_folder() == tmp_path / f"l5r-tests-{os.getuid()}"
    monkeypatch.setattr(os, "statvfs", _statvfs(64 * 2**20))  # a container's /dev/shm
    assert conftest._memory_folder() is None
    monkeypatch.setattr(os, "statvfs", _statvfs(8 * GB))
    monkeypatch.setattr(conftest, "_available_memory", lambda: 4 * GB)
    assert conftest._memory_folder() is None


def test_no_dev_shm_keeps_the_system_folder(monkeypatch, tmp_path):
    monkeypatch.setattr(conftest, "_MEMORY", tmp_path / "absent")
    assert conftest._memory_folder() is None


def test_the_memory_to_spare_is_read_from_the_system():
    assert conftest._available_memory() > 0  # /proc/meminfo's MemAvailable, in bytes


def test_a_test_that_waits_for_ever_fails_at_the_time_limit_with_where_it_waited(tmp_path, pytestconfig):
    """pyproject.toml gives every test a time limit (pytest-timeout): a test that never ends fails, naming the line
    it waited on, and the run goes on, where it would otherwise hold CI until CI's own limit, with nothing printed."""
    import subprocess
    import sys

    assert float(pytestconfig.getini("timeout")) > 0
    waits = tmp_path / "test_waits.py"
    waits.write_text("import threading\n\n\ndef test_waits():\n    threading.Event().wait()\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(conftest.ROOT / "pyproject.toml"), "--rootdir", str(tmp_path)]
        + ["-p", "no:cacheprovider", "-p", "no:xdist", "-o", "timeout=0.5", str(waits)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 1, result.stdout[-2000:]
    assert "Timeout (>0.5s)" in result.stdout and "test_waits.py:5" in result.stdout, result.stdout[-2000:]
