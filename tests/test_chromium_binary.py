"""Which Chromium the browser tests drive (tests/conftest.py `chromium_binary`): L5R_CHROMIUM when set, else
Debian's chromium-headless-shell when installed, else chromium, the binary the failure message then names."""

from __future__ import annotations

import conftest


def test_l5r_chromium_names_the_binary(monkeypatch, tmp_path):
    monkeypatch.setenv("L5R_CHROMIUM", str(tmp_path / "my-chromium"))
    assert conftest.chromium_binary() == tmp_path / "my-chromium"


def test_the_headless_shell_when_installed_else_chromium(monkeypatch, tmp_path):
    monkeypatch.delenv("L5R_CHROMIUM", raising=False)
    shell, full = tmp_path / "chromium-headless-shell", tmp_path / "chromium"
    monkeypatch.setattr(conftest, "HEADLESS_SHELL", shell)
    monkeypatch.setattr(conftest, "FULL_CHROMIUM", full)
    assert conftest.chromium_binary() == full
    shell.write_bytes(b"")
    assert conftest.chromium_binary() == shell


def test_the_failure_message_says_how_to_install_it():
    message = conftest.CHROMIUM_MISSING.format(path="/usr/lib/chromium/chromium-headless-shell")
    assert "/usr/lib/chromium/chromium-headless-shell" in message and "make test" in message
    assert "apt-get install chromium-headless-shell" in message and "L5R_CHROMIUM" in message
