"""`make serve ADDR=0.0.0.0:8000` serves the site on every network interface, for a phone on the same network
(README, "On a phone"), and says first which address to type there; the default stays this machine only; a
malformed ADDR is refused in one line before anything is built."""

from __future__ import annotations

import os
import shlex
import signal
import socket
import subprocess
import sys
import threading
import urllib.request

import pytest
from conftest import BIN, ROOT, small_project_copy, terminal_signals

sys.path.insert(0, str(ROOT / "scripts"))
import serve_address

# The end-to-end tier: whole builds, servers or installs of their own (`make test-fast` leaves it out).
pytestmark = pytest.mark.endtoend


def _make_serve(*assignments: str) -> list[list[str]]:
    """The commands `make serve` runs (make -n), each split as a shell would."""
    out = subprocess.run(
        ["make", "-n", "-s", "-W", "pyproject.toml", "serve", *assignments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [shlex.split(line) for line in out.splitlines() if "serve" in line]


def test_make_serve_passes_addr_to_mkdocs_and_says_the_address_first():
    *_, say, serve = _make_serve("ADDR=0.0.0.0:8123")
    assert say[-2:] == ["scripts/serve_address.py", "0.0.0.0:8123"]
    assert serve[1:3] == ["serve", "--dev-addr"] and serve[3] == "0.0.0.0:8123"
    *_, serve_default = _make_serve()
    assert serve_default[3] == "127.0.0.1:8000"


@pytest.mark.parametrize("bad", ["8000", "phone:8000", "0.0.0.0:http", "0.0.0.0:70000", ":8000"])
def test_a_malformed_address_is_refused_in_one_line(capsys, bad):
    assert serve_address.main([bad]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("make serve: ADDR="), err


def test_what_it_says_for_this_machine_and_for_the_network():
    assert serve_address.parse("[::]:8000") == ("::", 8000)
    alone = serve_address.lines("127.0.0.1", 8000, None)
    assert len(alone) == 1 and "ADDR=0.0.0.0:8000" in alone[0]
    shared = "\n".join(serve_address.lines("0.0.0.0", 8000, "192.168.1.20"))
    assert "http://192.168.1.20:8000/" in shared and "http://127.0.0.1:8000/" in shared


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("", 0))
        return int(s.getsockname()[1])


def test_served_on_every_interface_the_site_answers_at_the_network_address(tmp_path, tmp_path_factory):
    lan = serve_address.local_network_address()
    if lan is None:
        pytest.skip("this machine has no network address but loopback")
    work = small_project_copy(tmp_path_factory, tmp_path, new_era=False)  # what answers is the point
    port = _free_port()
    *_, serve = _make_serve(f"ADDR=0.0.0.0:{port}")
    env = {k: v for k, v in os.environ.items() if k not in ("L5R_CARDPOOL", "L5R_SITE_URL")}
    env.update(NO_MKDOCS_2_WARNING="1", L5R_CARDPOOL="none", TMPDIR=str(tmp_path))
    # The small copy has no l5r/ or hooks/ of its own to watch: the address as `make serve` gives it.
    proc = subprocess.Popen(
        [str(BIN / "mkdocs"), "serve", "--dev-addr", serve[3]],
        cwd=work,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=terminal_signals,
    )
    ready, log = threading.Event(), []

    def read() -> None:
        for line in proc.stdout:
            log.append(line)
            if "Serving on" in line:
                ready.set()
        ready.set()  # it stopped: no need to wait longer

    threading.Thread(target=read, daemon=True).start()
    try:
        assert ready.wait(240) and proc.poll() is None, "mkdocs serve did not start:\n" + "".join(log[-30:])
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with opener.open(f"http://{lan}:{port}/", timeout=30) as response:
            assert response.status == 200 and b"L5R Rules Codex" in response.read()
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
