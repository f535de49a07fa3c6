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
