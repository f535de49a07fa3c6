"""`l5r cardpool fetch|status|pin` and the pool resolution order, on made-up pools: no machine here reaches GitHub,
so the download path runs against HTTP servers on 127.0.0.1 that this file starts, serving archives it builds from
made-up files and a made-up manifest. A failed or interrupted fetch must leave no folder behind and say in one
sentence what went wrong."""

from __future__ import annotations

import errno
import http.server
import io
import json
import os
import signal
import socket
import subprocess
import sys
import tarfile
import threading
import time
import zipfile
from pathlib import Path

import pytest

from conftest import l5r_here, terminal_signals  # tests/conftest.py
from l5r.cardpool import NO_POOL, PoolError, choose_pool, locate_pool
from l5r.cardpool import fetch as pool_fetch

L5R = Path(sys.executable).parent / "l5r"
REPO_BASE = "src/yasuki_core/assets/database"
# Made-up set files in the pool's own layout; the text is this file's own, no card of the game.
FILES = {
    "sets/alpha_test_set.yaml": "set: Alpha Test Set\ncards:\n- title: Made-Up Stronghold\n  types: [Stronghold]\n"
    "  decks: [Pre-Game]\n  text: Nothing of the game.\n",
    "sets/beta_test_set.yaml": "set: Beta Test Set\ncards:\n- title: Made-Up Holding\n  types: [Holding]\n"
    "  decks: [Dynasty]\n  gold_cost: '2'\n",
    "set_info.yaml": "sets:\n- name: Alpha Test Set\n- name: Beta Test Set\n",
}


# -----------------------------------------------------------------------------------------------------------
# Made-up pools, manifests and archives
# -----------------------------------------------------------------------------------------------------------


def _pool_folder(where: Path, files=FILES) -> Path:
    for name, text in files.items():
        (where / name).parent.mkdir(parents=True, exist_ok=True)
        (where / name).write_text(text, encoding="utf-8")
    return where


def _manifest(tmp_path: Path, commit: str = "ab" * 20, repository: str = "someone/made_up_pool"):
    """A manifest of FILES (written to tmp_path/manifest.json) and its path."""
    folder = _pool_folder(tmp_path / "manifest-source")
    probe = pool_fetch.Manifest(repository, commit)
    manifest = pool_fetch.Manifest(repository, commit, probe.sources, pool_fetch.file_facts(folder, probe))
    return manifest, pool_fetch.write_manifest(manifest, tmp_path / "manifest.json")


def _repo_members(files=FILES, top="made_up_pool-" + "ab" * 20):
    """The members a GitHub archive of the repository holds: one top folder, the repository's paths, more files."""
    members = {
        f"{top}/README.md": "a repository file the pool does not take\n",
        f"{top}/{REPO_BASE}/card_ids.txt": "not a pool file\n",
    }
    members.update({f"{top}/{REPO_BASE}/{name}": text for name, text in files.items()})
    return members


def _tar_gz(members: dict[str, str], links: dict[str, str] | None = None) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, text in members.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        for name, target in (links or {}).items():
            info = tarfile.TarInfo(name)
            info.type, info.linkname = tarfile.SYMTYPE, target
            tar.addfile(info)
    return out.getvalue()


def _zip(members: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, text in members.items():
            z.writestr(name, text)
    return out.getvalue()


def _left_in(cache: Path) -> list[str]:
    """What the pool's cache folder holds besides its lock file."""
    root = cache / pool_fetch.POOL_FOLDER
    return sorted(p.name for p in root.iterdir() if p.name != ".lock") if root.is_dir() else []


# -----------------------------------------------------------------------------------------------------------
# Local servers
# -----------------------------------------------------------------------------------------------------------


class _Server:
    """An HTTP server on 127.0.0.1 serving `routes`: path -> (status, body, how) with how one of "ok",
    "truncated" (announces the full length, sends half, closes) or "slow" (sends a little, then waits)."""

    def __init__(self, routes):
        self.routes = routes
        self.release = threading.Event()
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                status, body, how = server.routes.get(self.path, (404, b"not here", "ok"))
                self.send_response(status)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if how == "truncated":
                    self.wfile.write(body[: len(body) // 2])
                    self.wfile.flush()
                    self.close_connection = True
                    return
                if how == "slow":
                    self.wfile.write(body[:100])
                    self.wfile.flush()
                    server.release.wait(30)
                    return
                self.wfile.write(body)

            def do_CONNECT(self):  # as a proxy: every tunnel refused
                self.send_error(502, "Bad Gateway")

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        # shutdown() waits for the loop's next look at its flag: every 0.5 s by default, half a second a test.
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()


class _BadGateway(_Server):
    """A proxy that answers every request 502."""

    def __init__(self):
        super().__init__({})
        self.routes = _Always502()


class _Always502(dict):
    def get(self, key, default=None):
        return 502, b"bad gateway", "ok"


@pytest.fixture
def no_proxy_env(monkeypatch):
    for name in (
        "http_proxy",
        "https_proxy",
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "all_proxy",
        "ALL_PROXY",
        "no_proxy",
        "NO_PROXY",
    ):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def made_up(tmp_path, no_proxy_env):
    manifest, path = _manifest(tmp_path)
    return manifest, path, tmp_path / "cache"


# -----------------------------------------------------------------------------------------------------------
# Download path
# -----------------------------------------------------------------------------------------------------------


def test_a_served_archive_is_fetched_verified_and_installed(made_up):
    manifest, _, cache = made_up
    with _Server({"/pool.tar.gz": (200, _tar_gz(_repo_members()), "ok")}) as server:
        result = pool_fetch.fetch(f"{server.url}/pool.tar.gz", manifest=manifest, cache_dir=cache)
    assert result.folder == cache / "cardpool" / manifest.commit
    assert pool_fetch.verify(result.folder, manifest) == []
    assert sorted(str(p.relative_to(result.folder)) for p in result.folder.rglob("*") if p.is_file()) == sorted(
        [*FILES, pool_fetch.RECORD_FILE]
    )  # only the two source paths' files, nothing else of the archive
    record = json.loads((result.folder / pool_fetch.RECORD_FILE).read_text(encoding="utf-8"))
    assert record["from"] == f"{server.url}/pool.tar.gz" and record["commit"] == manifest.commit
    assert record["fetched_at"].endswith("Z")
    assert _left_in(cache) == [manifest.commit]
    assert pool_fetch.installed(manifest, cache).folder == result.folder


def test_a_corrupted_archive_fails_its_checksum_and_installs_nothing(made_up):
    manifest, _, cache = made_up
    members = _repo_members({**FILES, "sets/beta_test_set.yaml": FILES["sets/beta_test_set.yaml"] + "# changed\n"})
    with _Server({"/pool.tar.gz": (200, _tar_gz(members), "ok")}) as server:
        with pytest.raises(pool_fetch.FetchError) as caught:
            pool_fetch.fetch(f"{server.url}/pool.tar.gz", manifest=manifest, cache_dir=cache)
    assert str(caught.value).startswith(
        "bad checksum: sets/beta_test_set.yaml is not the file of someone/made_up_pool@ababab"
    )
    assert "nothing was installed" in str(caught.value)
    assert _left_in(cache) == []


def test_a_truncated_archive_is_refused(made_up, tmp_path):
    manifest, _, cache = made_up
    whole = _tar_gz(_repo_members())
    with _Server({"/cut.tar.gz": (200, whole, "truncated")}) as server:
        with pytest.raises(
            pool_fetch.FetchError,
            match=r"^the download from http://127\.0\.0\.1:\d+/cut\.tar\.gz "
            r"was cut short after [\d,]+ of [\d,]+ bytes",
        ):
            pool_fetch.fetch(f"{server.url}/cut.tar.gz", manifest=manifest, cache_dir=cache)
    assert _left_in(cache) == []
    # The same archive cut short on disk (a partial download kept from elsewhere): said to be truncated or corrupt.
    local = tmp_path / "cut.tar.gz"
    local.write_bytes(whole[: len(whole) * 2 // 3])
    with pytest.raises(pool_fetch.FetchError, match=r"cut\.tar\.gz is truncated or corrupt \(.+\); nothing was "):
        pool_fetch.fetch(local, manifest=manifest, cache_dir=cache)
    local.write_bytes(b"\x1f\x8b" + b"garbage" * 100)
    with pytest.raises(pool_fetch.FetchError, match=r"cut\.tar\.gz is (not a readable|truncated or corrupt)"):
        pool_fetch.fetch(local, manifest=manifest, cache_dir=cache)
    assert _left_in(cache) == []


def test_http_404_says_so(made_up):
    manifest, _, cache = made_up
    with _Server({}) as server:
        with pytest.raises(
            pool_fetch.FetchError,
            match=r"^HTTP error 404 \(Not Found\) from http://127\.0\.0\.1:"
            r"\d+/missing\.tar\.gz$",
        ):
            pool_fetch.fetch(f"{server.url}/missing.tar.gz", manifest=manifest, cache_dir=cache)
    assert _left_in(cache) == []


def test_no_network_says_so(made_up):
    manifest, _, cache = made_up
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(
        pool_fetch.FetchError,
        match=r"^no network: cannot reach 127\.0\.0\.1 \(connection refused\)"
        r"; with a copy of the pool, give it with --from PATH$",
    ):
        pool_fetch.fetch(f"http://127.0.0.1:{port}/pool.tar.gz", manifest=manifest, cache_dir=cache)
    assert _left_in(cache) == []


def test_a_proxy_that_answers_502_is_named_as_the_problem(made_up, monkeypatch):
    manifest, _, cache = made_up
    with _BadGateway() as proxy:
        # The proxy's address with a password in it: the message names the proxy without the password.
        address = proxy.url.replace("http://", "http://user:secret@")
        monkeypatch.setenv("http_proxy", address)
        monkeypatch.setenv("https_proxy", address)
        with pytest.raises(pool_fetch.FetchError) as plain:
            pool_fetch.fetch("http://pool.example.org/pool.tar.gz", manifest=manifest, cache_dir=cache)
        with pytest.raises(pool_fetch.FetchError) as tunnel:
            pool_fetch.fetch("https://pool.example.org/pool.tar.gz", manifest=manifest, cache_dir=cache)
    assert str(plain.value) == (
        f"proxy error: the proxy {proxy.url} answered HTTP 502 (Bad Gateway) for http://pool.example.org/pool.tar.gz"
    )
    assert (
        str(tunnel.value) == f"proxy error: the proxy {proxy.url} refused to connect to pool.example.org (502 Bad "
        "Gateway)"
    )
    assert "secret" not in str(plain.value) + str(tunnel.value)
    assert _left_in(cache) == []


def test_a_full_disk_says_so_and_leaves_nothing(made_up, tmp_path, monkeypatch):
    manifest, _, cache = made_up
    archive = tmp_path / "pool.tar.gz"
    archive.write_bytes(_tar_gz(_repo_members()))
    real_write = os.write
    budget = [40]  # bytes the "disk" still takes

    def full(fd, data):
        if len(data) > budget[0]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        budget[0] -= len(data)
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(pool_fetch.FetchError) as caught:
        pool_fetch.fetch(archive, manifest=manifest, cache_dir=cache)
    monkeypatch.undo()
    assert str(caught.value).startswith(f"the disk is full: no room to write the card pool under {cache / 'cardpool'}")
    assert _left_in(cache) == []


# Runs a program with SIGINT's default action (exec keeps it), whatever the test run inherited.
def test_an_interrupted_fetch_leaves_no_folder(made_up, tmp_path, monkeypatch):
    manifest, path, cache = made_up
    # In the process: Ctrl-C while a file is being written.
    archive = tmp_path / "pool.tar.gz"
    archive.write_bytes(_tar_gz(_repo_members()))

    def interrupted(fd, data):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "write", interrupted)
    with pytest.raises(KeyboardInterrupt):
        pool_fetch.fetch(archive, manifest=manifest, cache_dir=cache)
    monkeypatch.undo()
    assert _left_in(cache) == []
    # The real command, stopped by Ctrl-C (SIGINT) and by SIGTERM while the download hangs halfway.
    body = _tar_gz(_repo_members()) + b"\0" * 500_000
    for sig in (signal.SIGINT, signal.SIGTERM):
        with _Server({"/slow.tar.gz": (200, body, "slow")}) as server:
            proc = subprocess.Popen(
                [str(L5R), "cardpool", "fetch", "--from", f"{server.url}/slow.tar.gz", "--manifest", str(path)],
                env=_env(cache, PYTHONFAULTHANDLER="1"),
                cwd=tmp_path,
                preexec_fn=terminal_signals,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            root = cache / "cardpool"
            deadline = time.monotonic() + 30
            while not any(root.glob(".staging-*/download")) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert any(root.glob(".staging-*/download")), "the download never started"
            proc.send_signal(sig)
            try:
                out, err = proc.communicate(timeout=90)  # generous: a loaded CI machine runs Python slowly
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGABRT)  # faulthandler writes where every thread was
                out, err = proc.communicate(timeout=30)
                pytest.fail(f"{sig.name}: the fetch did not stop within 90 s; it was at:\n{err}")
        assert proc.returncode == 130, (sig, out, err)
        assert err.strip() == "l5r cardpool fetch: interrupted; nothing was installed"
        assert _left_in(cache) == []


def test_a_folder_a_killed_run_left_is_swept_by_the_next_fetch(made_up, tmp_path):
    manifest, _, cache = made_up
    stale = cache / "cardpool" / ".staging-killed"
    (stale / "pool" / "sets").mkdir(parents=True)
    _pool_folder(tmp_path / "pool")
    pool_fetch.fetch(tmp_path / "pool", manifest=manifest, cache_dir=cache)
    assert _left_in(cache) == [manifest.commit]


def test_a_failed_fetch_keeps_the_pool_installed_before(made_up, tmp_path):
    manifest, _, cache = made_up
    pool_fetch.fetch(_pool_folder(tmp_path / "good"), manifest=manifest, cache_dir=cache)
    bad = _pool_folder(tmp_path / "bad", {**FILES, "set_info.yaml": "sets: []\n"})
    with pytest.raises(pool_fetch.FetchError, match="^bad checksum: set_info.yaml"):
        pool_fetch.fetch(bad, manifest=manifest, cache_dir=cache)
    assert pool_fetch.verify(pool_fetch.installed(manifest, cache).folder, manifest) == []
    assert _left_in(cache) == [manifest.commit]


# -----------------------------------------------------------------------------------------------------------
# --from: a pool folder, a checkout, local archives; what is refused
# -----------------------------------------------------------------------------------------------------------


def test_from_a_pool_folder_a_checkout_and_archives(made_up, tmp_path):
    manifest, _, cache = made_up
    checkout = tmp_path / "checkout"
    for name, text in _repo_members(top="x").items():
        (checkout / name[2:]).parent.mkdir(parents=True, exist_ok=True)
        (checkout / name[2:]).write_text(text, encoding="utf-8")
    zipped = tmp_path / "mirror.zip"
    zipped.write_bytes(_zip(_repo_members()))
    flat = tmp_path / "flat.tgz"
    flat.write_bytes(_tar_gz(FILES))  # an archive of a pool folder itself
    for source in (_pool_folder(tmp_path / "pool"), checkout, zipped, flat):
        result = pool_fetch.fetch(source, manifest=manifest, cache_dir=cache)
        assert pool_fetch.verify(result.folder, manifest) == [], source
        assert result.record["from"] == str(source.resolve())
    assert _left_in(cache) == [manifest.commit]


def test_missing_files_and_strangers_are_named(made_up, tmp_path):
    manifest, _, cache = made_up
    short = _pool_folder(tmp_path / "short", {k: v for k, v in FILES.items() if k != "sets/beta_test_set.yaml"})
    with pytest.raises(pool_fetch.FetchError) as caught:
        pool_fetch.fetch(short, manifest=manifest, cache_dir=cache)
    assert str(caught.value) == (
        f"missing file: {short} has no {REPO_BASE}/sets/beta_test_set.yaml (a file of "
        "someone/made_up_pool@abababa); nothing was installed"
    )
    extra = _pool_folder(tmp_path / "extra", {**FILES, "sets/gamma.yaml": "set: Gamma\ncards: []\n"})
    with pytest.raises(pool_fetch.FetchError, match=r"^sets/gamma\.yaml is not a file of someone/made_up_pool"):
        pool_fetch.fetch(extra, manifest=manifest, cache_dir=cache)
    with pytest.raises(pool_fetch.FetchError, match=r"holds neither the repository's files .* nor a card pool"):
        pool_fetch.fetch(tmp_path / "manifest-source" / "sets", manifest=manifest, cache_dir=cache)
    with pytest.raises(pool_fetch.FetchError, match="no such file or folder"):
        pool_fetch.fetch(tmp_path / "nowhere", manifest=manifest, cache_dir=cache)
    with pytest.raises(pool_fetch.FetchError, match="only http:// and https:// addresses"):
        pool_fetch.fetch("ftp://mirror.example.org/pool.tar.gz", manifest=manifest, cache_dir=cache)
    assert _left_in(cache) == []


def test_links_and_path_traversal_in_an_archive_never_reach_the_disk(made_up, tmp_path):
    manifest, _, cache = made_up
    top = "made_up_pool-x"
    linked = tmp_path / "linked.tar.gz"
    members = {k: v for k, v in _repo_members(top=top).items() if not k.endswith("set_info.yaml")}
    linked.write_bytes(_tar_gz(members, links={f"{top}/{REPO_BASE}/set_info.yaml": "/etc/passwd"}))
    with pytest.raises(
        pool_fetch.FetchError,
        match=rf"{top}/{REPO_BASE}/set_info\.yaml is a link, not a plain "
        "file; the archive was refused",
    ):
        pool_fetch.fetch(linked, manifest=manifest, cache_dir=cache)
    escaping = tmp_path / "escaping.tar.gz"
    escaping.write_bytes(
        _tar_gz(
            {**_repo_members(top=top), f"{top}/../../escaped.yaml": "outside\n", "../sets/escaped.yaml": "outside\n"}
        )
    )
    result = pool_fetch.fetch(escaping, manifest=manifest, cache_dir=cache)  # those members are not taken
    assert pool_fetch.verify(result.folder, manifest) == []
    assert not list(tmp_path.rglob("escaped.yaml"))
    assert _left_in(cache) == [manifest.commit]


# -----------------------------------------------------------------------------------------------------------
# Resolution order: --cardpool, L5R_CARDPOOL, the fetched pool, none
# -----------------------------------------------------------------------------------------------------------


def _install_as_pinned(tmp_path: Path, cache: Path) -> Path:
    """A made-up pool installed where the package's pinned commit is looked for."""
    pinned = pool_fetch.load_manifest()
    manifest, _ = _manifest(tmp_path, commit=pinned.commit, repository=pinned.repository)
    return pool_fetch.fetch(_pool_folder(tmp_path / "for-cache"), manifest=manifest, cache_dir=cache).folder


def test_resolution_order(tmp_path, no_proxy_env):
    cache = tmp_path / "cache"
    option, env = _pool_folder(tmp_path / "option"), _pool_folder(tmp_path / "env")
    assert choose_pool(None, {}, cache_dir=cache).origin == "none"
    assert "get the card pool with `l5r cardpool fetch`" in choose_pool(None, {}, cache_dir=cache).line()
    fetched = _install_as_pinned(tmp_path, cache)
    environ = {"L5R_CARDPOOL": str(env)}
    assert (choose_pool(option, environ, cache).path, choose_pool(option, environ, cache).origin) == (
        option,
        "--cardpool",
    )
    assert (choose_pool(None, environ, cache).path, choose_pool(None, environ, cache).origin) == (env, "L5R_CARDPOOL")
    chosen = choose_pool(None, {}, cache)
    assert (chosen.path, chosen.origin) == (fetched, "fetched")
    assert chosen.line() == f"card pool: the fetched pool jessegrabowski/game_on_yasuki@5a2ec8e in {fetched}"
    assert locate_pool(None, {}, cache) == fetched
    # `none` asks for no pool even with one installed.
    assert choose_pool(NO_POOL, environ, cache).path is None
    assert choose_pool(None, {"L5R_CARDPOOL": NO_POOL}, cache).path is None
    assert (
        choose_pool(None, {"L5R_CARDPOOL": NO_POOL}, cache).line()
        == "card pool: none (L5R_CARDPOOL=none); only the Codex's own card records are known"
    )
    with pytest.raises(PoolError, match="no such card pool folder"):
        choose_pool(tmp_path / "nowhere", {}, cache)


# -----------------------------------------------------------------------------------------------------------
# The real `l5r` console script, from a fresh folder
# -----------------------------------------------------------------------------------------------------------


def _env(cache: Path, **extra) -> dict:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("L5R_CARDPOOL", "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "no_proxy", "NO_PROXY")
    }
    env.update(L5R_CACHE_DIR=str(cache), **extra)
    return env


def _l5r(*args, cache: Path, cwd: Path, **extra):
    result = subprocess.run(
        [str(L5R), *map(str, args)],
        cwd=cwd,
        env=_env(cache, **extra),
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert "Traceback" not in result.stdout + result.stderr
    return result


def _l5r_here(*args, cache: Path, cwd: Path, **extra):
    """`_l5r` in this process (tests/conftest.py `l5r_here`), for what the command decides and says: the console
    script's own process (its exit, its signals, a FIFO it must not wait on) is what `_l5r` runs."""
    result = l5r_here(*args, cwd=cwd, env=_env(cache, **extra))
    assert "Traceback" not in result.stdout + result.stderr
    return result


def test_the_console_script_fetches_reports_status_and_fails_in_one_sentence(tmp_path, no_proxy_env):
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    cache = tmp_path / "cache"
    manifest, path = _manifest(tmp_path)
    status = _l5r("cardpool", "status", "--manifest", path, cache=cache, cwd=fresh)
    assert status.returncode == 0
    assert status.stdout.splitlines()[0].startswith("in use now: card pool: none, so only the Codex's own card")
    assert "fetched pool: none installed; get the card pool with `l5r cardpool fetch`" in status.stdout

    with _Server({"/pool.tar.gz": (200, _tar_gz(_repo_members()), "ok")}) as server:
        done = _l5r(
            "cardpool", "fetch", "--from", f"{server.url}/pool.tar.gz", "--manifest", path, cache=cache, cwd=fresh
        )
    assert done.returncode == 0, done.stderr
    folder = cache / "cardpool" / manifest.commit
    assert (
        done.stdout.splitlines()[-1] == f"card pool installed: 3 files (0.0 MB) verified against the manifest, "
        f"in {folder}"
    )
    status = _l5r("cardpool", "status", "--manifest", path, cache=cache, cwd=fresh)
    assert status.returncode == 0
    assert f"fetched pool: {folder}\n  from {server.url}/pool.tar.gz, fetched 20" in status.stdout
    assert "verifies: yes, all 3 files match the manifest" in status.stdout
    (folder / "sets" / "alpha_test_set.yaml").write_text("tampered\n", encoding="utf-8")
    status = _l5r("cardpool", "status", "--manifest", path, cache=cache, cwd=fresh)
    assert status.returncode == 1
    assert "verifies: NO, 1 problem(s), first: bad checksum: sets/alpha_test_set.yaml" in status.stdout

    failed = _l5r("cardpool", "fetch", "--from", tmp_path / "nowhere", "--manifest", path, cache=cache, cwd=fresh)
    assert failed.returncode == 2
    assert (
        failed.stderr == f"l5r cardpool fetch: {tmp_path / 'nowhere'}: no such file or folder (give a checkout, "
        "a pool folder, an archive or a URL)\n"
    )


def test_commands_say_first_which_pool_they_use(tmp_path, no_proxy_env):
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    cache = tmp_path / "cache"
    deck = fresh / "deck.txt"
    deck.write_text("Pre-Game:\n1 Made-Up Stronghold\nDynasty:\n40 Made-Up Holding\nFate:\n", encoding="utf-8")
    none = _l5r_here("deck", "check", "--format", "modern", deck, cache=cache, cwd=fresh)
    assert none.returncode in (0, 1), none.stderr
    assert none.stdout.splitlines()[0] == (
        "card pool: none, so only the Codex's own card records are known; get "
        "the card pool with `l5r cardpool fetch` (or `make cardpool`)"
    )
    folder = _install_as_pinned(tmp_path, cache)
    text = _l5r_here("deck", "check", "--format", "modern", deck, cache=cache, cwd=fresh)
    assert (
        text.stdout.splitlines()[0] == f"card pool: the fetched pool jessegrabowski/game_on_yasuki@5a2ec8e in {folder}"
    )
    as_json = _l5r_here("deck", "check", "--format", "modern", "--json", deck, cache=cache, cwd=fresh)
    json.loads(as_json.stdout)  # pure JSON
    assert as_json.stderr.splitlines()[0].startswith("card pool: the fetched pool ")
    env_pool = _pool_folder(tmp_path / "env-pool")
    given = _l5r_here("deck", "check", "--format", "modern", deck, cache=cache, cwd=fresh, L5R_CARDPOOL=str(env_pool))
    assert given.stdout.splitlines()[0] == f"card pool: {env_pool} (from L5R_CARDPOOL)"


def test_pin_rewrites_the_manifest_from_another_commit(tmp_path, no_proxy_env):
    cache = tmp_path / "cache"
    manifest, path = _manifest(tmp_path)
    newer = {**FILES, "sets/gamma_test_set.yaml": "set: Gamma Test Set\ncards: []\n"}
    archive = tmp_path / "newer.tar.gz"
    archive.write_bytes(_tar_gz(_repo_members(newer)))
    bad = _l5r_here("cardpool", "pin", "cd" * 19, "--from", archive, "--manifest", path, cache=cache, cwd=tmp_path)
    assert bad.returncode == 2 and "is not a full 40-character commit id" in bad.stderr
    pinned = _l5r_here("cardpool", "pin", "cd" * 20, "--from", archive, "--manifest", path, cache=cache, cwd=tmp_path)
    assert pinned.returncode == 0, pinned.stderr
    new = pool_fetch.load_manifest(path)
    assert (new.repository, new.commit, sorted(new.files)) == (manifest.repository, "cd" * 20, sorted(newer))
    assert "text" not in path.read_text(encoding="utf-8")  # facts about the files, never their content
    fetched = _l5r_here("cardpool", "fetch", "--from", archive, "--manifest", path, cache=cache, cwd=tmp_path)
    assert fetched.returncode == 0 and (cache / "cardpool" / ("cd" * 20) / "sets" / "gamma_test_set.yaml").is_file()


def test_the_committed_manifest_pins_the_repository_commit_and_source_paths():
    manifest = pool_fetch.load_manifest()
    assert (manifest.repository, manifest.commit) == (
        "jessegrabowski/game_on_yasuki",
        "5a2ec8ebd030ea842bf8322f4505ab1027fae022",
    )
    assert manifest.archive_url == (
        "https://github.com/jessegrabowski/game_on_yasuki/archive/5a2ec8ebd030ea842bf8322f4505ab1027fae022.tar.gz"
    )
    assert [(s.repository_path, s.pool_path) for s in manifest.sources] == [
        (f"{REPO_BASE}/sets/*.yaml", "sets/*.yaml"),
        (f"{REPO_BASE}/set_info.yaml", "set_info.yaml"),
    ]
    assert len([n for n in manifest.files if n.startswith("sets/")]) == 130 and "set_info.yaml" in manifest.files
    assert all(len(digest) == 64 and size > 0 for size, digest in manifest.files.values())


@pytest.mark.realpool
def test_the_real_pool_verifies_against_the_committed_manifest(tmp_path, no_proxy_env):
    from conftest import real_pool

    manifest = pool_fetch.load_manifest()
    result = pool_fetch.fetch(real_pool(), manifest=manifest, cache_dir=tmp_path / "cache")
    assert pool_fetch.verify(result.folder, manifest) == []
    assert len(list((result.folder / "sets").glob("*.yaml"))) == 130


@pytest.mark.endtoend  # (a generation of the small project's pages of its own: the end-to-end tier)
def test_site_generate_and_the_mkdocs_hooks_say_first_which_pool_they_use(tmp_path, tmp_path_factory, no_proxy_env):
    from conftest import FIXTURE_POOL, project_site, small_project

    cache = tmp_path / "cache"
    folder = _install_as_pinned(tmp_path, cache)
    # Of the small copy of the project's data: what it says first is the point, not the pages.
    generated = _l5r(
        "site",
        "generate",
        tmp_path / "out",
        "--data",
        small_project(tmp_path_factory) / "data",
        cache=cache,
        cwd=tmp_path,
    )
    assert generated.returncode == 0, generated.stderr
    assert (
        generated.stdout.splitlines()[0] == f"card pool: the fetched pool jessegrabowski/game_on_yasuki@5a2ec8e "
        f"in {folder}"
    )
    # The hooks: what the run's shared site build (`mkdocs build --strict`, L5R_CARDPOOL naming the fixture pool)
    # said on stderr.
    built = project_site(tmp_path_factory)
    stderr = built.with_name(built.name + ".stderr").read_text(encoding="utf-8")
    first = next(line for line in stderr.splitlines() if line.strip())
    assert first.split(None, 2)[-1].lstrip("- ").strip() == f"card pool: {FIXTURE_POOL} (from L5R_CARDPOOL)"


def test_fetching_again_without_from_keeps_a_pool_that_verifies(tmp_path, no_proxy_env):
    cache = tmp_path / "cache"
    manifest, path = _manifest(tmp_path)
    pool_fetch.fetch(_pool_folder(tmp_path / "pool"), manifest=manifest, cache_dir=cache)
    again = _l5r("cardpool", "fetch", "--manifest", path, cache=cache, cwd=tmp_path)
    assert again.returncode == 0 and "is installed and verifies" in again.stdout  # no download tried
    (cache / "cardpool" / manifest.commit / "set_info.yaml").write_text("tampered\n", encoding="utf-8")
    # A damaged pool is downloaded again: here from GitHub, which no machine of the tests reaches.
    again = _l5r(
        "cardpool",
        "fetch",
        "--manifest",
        path,
        cache=cache,
        cwd=tmp_path,
        https_proxy="http://127.0.0.1:9",
        no_proxy="",
    )
    assert again.returncode == 2 and again.stderr.startswith(
        "l5r cardpool fetch: proxy error: cannot reach the proxy http://127.0.0.1:9"
    )


# -----------------------------------------------------------------------------------------------------------
# A manifest that would lead the fetch elsewhere (issue: hostile input, round three)
# -----------------------------------------------------------------------------------------------------------


def _raw_manifest(tmp_path: Path, **fields) -> Path:
    """The made-up manifest with some fields replaced as text, as a merged change to manifest.json could."""
    _, path = _manifest(tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc.update(fields)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "fields",
    [
        {"commit": "../../victim"},
        {"commit": "AB" * 20},
        {"commit": "ab" * 20 + "\n"},
        {"commit": "ab" * 19},
        {"repository": "attacker/repo/archive/main.tar.gz#"},
        {"repository": "someone/made_up_pool\n"},
        {"repository": "someone/.."},
        {"repository": "../made_up_pool"},
        {"repository": "someone/x?y"},
        {"files": [{"name": "../../outside.yaml", "size": 1, "sha256": "ab" * 32}]},
        {"files": [{"name": "sets/x.yaml", "size": 1, "sha256": "not a digest"}]},
        {"sources": [{"repository_path": "../../*.yaml", "pool_path": "sets/*.yaml"}]},
    ],
)
def test_a_manifest_that_leads_outside_its_place_is_refused_and_nothing_moves(tmp_path, no_proxy_env, fields):
    """The pool's place is <cache>/cardpool/<commit>: a commit of `../../victim` once renamed that folder away,
    deleted it and put the pool there; a repository with `/archive/x.tar.gz#` downloaded another archive."""
    cache = tmp_path / "cache"
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("the user's own file\n", encoding="utf-8")
    path = _raw_manifest(tmp_path, **fields)
    with pytest.raises(pool_fetch.FetchError, match=r"^the card pool manifest .* is refused: ") as caught:
        pool_fetch.load_manifest(path)
    assert "\n" not in str(caught.value)
    run = _l5r_here(
        "cardpool", "fetch", "--from", _pool_folder(tmp_path / "pool"), "--manifest", path, cache=cache, cwd=tmp_path
    )
    assert run.returncode == 2 and len(run.stderr.splitlines()) == 1 and "is refused" in run.stderr, run.stderr
    assert (victim / "keep.txt").read_text(encoding="utf-8") == "the user's own file\n"
    assert not (cache / "cardpool").exists() or _left_in(cache) == []


def test_a_manifest_made_in_code_with_a_bad_commit_installs_nothing_outside(made_up, tmp_path):
    manifest, _, cache = made_up
    victim = cache / "victim"
    victim.mkdir(parents=True)
    bad = pool_fetch.Manifest(manifest.repository, "../victim", manifest.sources, manifest.files)
    with pytest.raises(pool_fetch.FetchError, match="is refused"):
        pool_fetch.fetch(_pool_folder(tmp_path / "pool"), manifest=bad, cache_dir=cache)
    assert victim.is_dir() and not any(victim.iterdir())
    with pytest.raises(pool_fetch.FetchError, match="is refused"):
        pool_fetch.installed(bad, cache)
    # The place itself a link to a folder elsewhere: resolved, it is not inside the cache; nothing is read or moved.
    (cache / "cardpool").mkdir(exist_ok=True)
    (cache / "cardpool" / manifest.commit).symlink_to(victim, target_is_directory=True)
    for attempt in (
        lambda: pool_fetch.installed(manifest, cache),
        lambda: pool_fetch.fetch(tmp_path / "pool", manifest=manifest, cache_dir=cache),
    ):
        with pytest.raises(
            pool_fetch.FetchError,
            match=r"^the card pool's place is refused: .* is not a folder "
            r"directly inside .* \(a symbolic link\?\)$",
        ):
            attempt()
    assert victim.is_dir() and not any(victim.iterdir())


@pytest.mark.parametrize(
    "repository",
    ["someone/made_up_pool\nextra", "../made_up_pool", "a/b/c", "attacker/repo/archive/main.tar.gz#", "someone/"],
)
def test_pin_refuses_a_repository_that_is_no_owner_and_name(tmp_path, no_proxy_env, repository):
    cache = tmp_path / "cache"
    _, path = _manifest(tmp_path)
    before = path.read_bytes()
    archive = tmp_path / "pool.tar.gz"
    archive.write_bytes(_tar_gz(_repo_members()))
    run = _l5r_here(
        "cardpool",
        "pin",
        "cd" * 20,
        "--from",
        archive,
        "--repository",
        repository,
        "--manifest",
        path,
        cache=cache,
        cwd=tmp_path,
    )
    assert run.returncode == 2 and len(run.stderr.splitlines()) == 1, run.stderr
    assert "is not a repository's owner/name" in run.stderr
    assert path.read_bytes() == before
    with pytest.raises(pool_fetch.FetchError, match="was not written"):
        pool_fetch.write_manifest(pool_fetch.Manifest(repository, "cd" * 20), tmp_path / "other.json")


# -----------------------------------------------------------------------------------------------------------
# Hostile archives, mirrors, caches and locks (issue: hostile input, round three)
# -----------------------------------------------------------------------------------------------------------


def _in_subprocess(code: str, *args, timeout: float = 60, what: str = "the fetch") -> subprocess.CompletedProcess:
    """Run `code` (which may set the fetch's limits first) in a fresh Python: a regression that hangs fails here
    after `timeout` seconds instead of hanging the test run."""
    try:
        return subprocess.run(
            [sys.executable, "-c", code, *map(str, args)], capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{what} was still waiting after {timeout} s")


_FETCH = (
    "import sys; from pathlib import Path; from l5r.cardpool import fetch as f; {setup}\n"
    "m = f.load_manifest(sys.argv[1])\n"
    "try:\n    f.fetch(sys.argv[2], manifest=m, cache_dir=Path(sys.argv[3])); print('installed')\n"
    "except f.FetchError as e:\n    print('FetchError:', e)\n"
)


class _Handlers:
    """An HTTP server on 127.0.0.1: path -> handler(request) doing all the answering (a header of its choice, a
    redirect, a trickle of bytes)."""

    def __init__(self, routes):
        outer = self
        self.routes = routes
        self.stop = threading.Event()
        self.seen = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                outer.seen.append(dict(self.headers))
                outer.routes.get(self.path, lambda h: h.send_error(404))(self)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()


def _trickle(server: _Handlers, seconds: float = 90):
    def answer(h):
        h.send_response(200)
        h.send_header("Content-Length", str(10**6))
        h.end_headers()
        deadline = time.monotonic() + seconds
        try:
            while time.monotonic() < deadline and not server.stop.is_set():
                h.wfile.write(b"\0")
                h.wfile.flush()
                server.stop.wait(0.2)
        except OSError:
            pass

    return answer


@pytest.mark.parametrize(
    "setup, said",
    [
        ("f.RATE_WINDOW = 1; f.MIN_RATE = 1000", "is too slow: "),
        ("f.DEADLINE = 0.3; f.MIN_RATE = 0", "did not end within 0.3 s"),
    ],
)
def test_a_mirror_that_trickles_bytes_is_given_up(tmp_path, no_proxy_env, setup, said):
    """A mirror sending one byte every 30 s never met the 60 s timeout of one read: a minimum rate (on average over
    each minute) and a deadline for the whole download end it, in one line. Here a byte every 0.2 s, the limits
    made small."""
    _, path = _manifest(tmp_path)
    with _Handlers({}) as server:
        server.routes["/pool.tar.gz"] = _trickle(server)
        started = time.monotonic()
        result = _in_subprocess(_FETCH.format(setup=setup), path, f"{server.url}/pool.tar.gz", tmp_path / "cache")
    assert result.stdout.startswith("FetchError: the download from http://127.0.0.1:"), result.stdout + result.stderr
    assert said in result.stdout and result.stdout.endswith("nothing was installed\n")
    assert time.monotonic() - started < 30
    assert _left_in(tmp_path / "cache") == []


def _silent(server: _Handlers):
    def answer(h):
        h.send_response(200)
        h.send_header("Content-Length", str(10**6))
        h.end_headers()
        h.wfile.write(b"\0" * 10)
        h.wfile.flush()
        server.stop.wait(90)

    return answer


@pytest.mark.parametrize(
    "setup, said",
    [
        ("f.RATE_WINDOW = 1; f.MIN_RATE = 1000", "is too slow: 10 bytes in the last 1 s"),
        ("f.DEADLINE = 0.3; f.MIN_RATE = 0", "did not end within 0.3 s (10 bytes received)"),
    ],
)
def test_a_mirror_that_falls_silent_is_given_up_at_the_deadline_not_after_a_timeout(
    tmp_path, no_proxy_env, setup, said
):
    """One read used to wait the whole socket timeout (60 s) even past the download's deadline or the end of a rate
    window; each read now waits at most until the nearer of the two, whose sentence is then the one shown."""
    _, path = _manifest(tmp_path)
    with _Handlers({}) as server:
        server.routes["/pool.tar.gz"] = _silent(server)
        started = time.monotonic()
        result = _in_subprocess(_FETCH.format(setup=setup), path, f"{server.url}/pool.tar.gz", tmp_path / "cache")
        took = time.monotonic() - started
    assert result.stdout.startswith("FetchError: the download from http://127.0.0.1:"), result.stdout + result.stderr
    assert said in result.stdout and result.stdout.endswith("nothing was installed\n"), result.stdout
    assert took < 30  # well short of the 60 s socket timeout the read would have waited
    assert _left_in(tmp_path / "cache") == []


def test_a_fetch_waits_for_a_running_one_for_a_while_and_says_so(tmp_path, no_proxy_env):
    """Every other fetch (even --from a local folder) waited on the lock in silence, for ever."""
    import fcntl

    _, path = _manifest(tmp_path)
    root = tmp_path / "cache" / "cardpool"
    root.mkdir(parents=True)
    with open(root / ".lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        result = _in_subprocess(
            _FETCH.format(setup="f.LOCK_WAIT = 0.3"), path, _pool_folder(tmp_path / "pool"), tmp_path / "cache"
        )
    assert result.stderr == (
        "l5r cardpool fetch: another fetch of the card pool is running; waiting for it to end (at most 0.3 s)\n"
    )
    assert result.stdout == (
        f"FetchError: another fetch of the card pool has held {root / '.lock'} for 0.3 s; try again when it has ended\n"
    )


def test_a_lock_that_is_a_fifo_or_a_link_is_refused_and_its_target_kept(tmp_path, no_proxy_env):
    _, path = _manifest(tmp_path)
    root = tmp_path / "cache" / "cardpool"
    root.mkdir(parents=True)
    os.mkfifo(root / ".lock")
    result = _in_subprocess(_FETCH.format(setup=""), path, _pool_folder(tmp_path / "pool"), tmp_path / "cache")
    assert result.stdout == (
        f"FetchError: the card pool's lock file {root / '.lock'} is not a regular file; remove it and fetch again\n"
    ), result.stdout + result.stderr
    (root / ".lock").unlink()
    target = tmp_path / "precious.txt"
    target.write_text("kept\n", encoding="utf-8")
    (root / ".lock").symlink_to(target)
    result = _in_subprocess(_FETCH.format(setup=""), path, tmp_path / "pool", tmp_path / "cache")
    assert result.stdout == (
        f"FetchError: the card pool's lock file {root / '.lock'} is a symbolic link; remove it and fetch again\n"
    ), result.stdout + result.stderr
    assert target.read_text(encoding="utf-8") == "kept\n"


def _installed_record(tmp_path: Path) -> tuple[Path, Path]:
    cache = tmp_path / "cache"
    folder = _install_as_pinned(tmp_path, cache)
    return cache, folder / pool_fetch.RECORD_FILE


@pytest.mark.parametrize("kind", ["fifo", "huge"])
def test_a_fetched_record_that_is_a_fifo_or_huge_is_one_line(tmp_path, no_proxy_env, kind):
    """fetched.json read as every cache file is: a FIFO hung `deck check` and `cardpool status`, a 1.5 GB one
    ended in a MemoryError traceback. Here 64 MB (a sparse file), the limit being 1 MB."""
    cache, record = _installed_record(tmp_path)
    record.unlink()
    if kind == "fifo":
        os.mkfifo(record)
    else:
        with open(record, "wb") as stream:
            stream.truncate(64 * 1024**2)
    deck = tmp_path / "deck.txt"
    deck.write_text("Dynasty:\n1 Made-Up Holding\n", encoding="utf-8")
    for args in (("cardpool", "status"), ("deck", "check", "--format", "modern", deck)):
        try:
            result = _l5r(*args, cache=cache, cwd=tmp_path)
        except subprocess.TimeoutExpired:
            pytest.fail(f"l5r {args[0]} {args[1]} waited on {record}")
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result.stderr
        assert f"the fetched pool's record {record} " in result.stderr
        assert ("named pipe" if kind == "fifo" else "larger than 1 MB") in result.stderr
    again = _l5r("cardpool", "fetch", "--from", _pool_folder(tmp_path / "pool"), cache=cache, cwd=tmp_path)
    assert again.returncode == 0 or "is refused" not in again.stderr  # a fetch replaces the damaged folder


def _tar_of(members: list[tuple[str, bytes]], mode: str = "w:gz") -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode=mode) as tar:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def test_an_archive_that_unpacks_to_far_more_than_it_is_is_refused_at_the_header(made_up, tmp_path, monkeypatch):
    """A 3 KB .tar.bz2 of 4 GB of zeros cost 10 s of unpacking: a member is refused on its header when the archive
    would unpack past the limit (here 1 MB, the archive a few KB)."""
    manifest, _, cache = made_up
    monkeypatch.setattr(pool_fetch, "UNPACKED_FLOOR", 1024**2, raising=False)
    monkeypatch.setattr(pool_fetch, "UNPACKED_RATIO", 10, raising=False)
    for mode, name in (("w:gz", "bomb.tar.gz"), ("w:bz2", "bomb.tar.bz2")):
        members = list(_repo_members().items())
        archive = tmp_path / name
        zeros = [("top/zeros.bin", bytes(8 * 1024**2))]  # between the pool's files: refused before the rest
        archive.write_bytes(
            _tar_of([(n, t.encode()) for n, t in members[:1]] + zeros + [(n, t.encode()) for n, t in members[1:]], mode)
        )
        with pytest.raises(pool_fetch.FetchError, match=r"unpacks to more than 1 MB; the archive was refused$"):
            pool_fetch.fetch(archive, manifest=manifest, cache_dir=cache)
    assert _left_in(cache) == []


def test_an_archive_of_too_many_members_is_refused_without_a_list_of_them(made_up, tmp_path, monkeypatch):
    """4 million empty members took 116 s and 1.77 GB: members are counted as they come, none kept. Here 10,000
    members: 2.5 MB traced at the peak, 6 MB when tarfile's list of the members read is kept."""
    import tracemalloc

    manifest, _, cache = made_up
    many = [(f"top/empty/{n}", b"") for n in range(10_000)] + [(n, t.encode()) for n, t in _repo_members().items()]
    archive = tmp_path / "many.tar.gz"
    archive.write_bytes(_tar_of(many))
    tracemalloc.start()
    try:
        pool_fetch.fetch(archive, manifest=manifest, cache_dir=cache)  # within the limit: installed
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * 1024**2, f"{peak / 1024**2:.1f} MB traced for 10,000 members"
    monkeypatch.setattr(pool_fetch, "MAX_MEMBERS", 5_000, raising=False)
    with pytest.raises(pool_fetch.FetchError, match=r"holds more than 5,000 members; the archive was refused$"):
        pool_fetch.fetch(archive, manifest=manifest, cache_dir=cache)
    zipped = tmp_path / "many.zip"
    zipped.write_bytes(_zip({name: data.decode() for name, data in many[:5_001]}))
    with pytest.raises(pool_fetch.FetchError, match=r"holds more than 5,000 members; the archive was refused$"):
        pool_fetch.fetch(zipped, manifest=manifest, cache_dir=cache)


def test_too_many_pool_named_files_are_refused(made_up, tmp_path, monkeypatch):
    """200,000 empty pool-named files took 41 s: a pool of 131 files is refused past 10,000 (here 100)."""
    manifest, _, cache = made_up
    monkeypatch.setattr(pool_fetch, "MAX_POOL_FILES", 100, raising=False)
    named = {f"sets/extra_{n}.yaml": "" for n in range(150)}
    archive = tmp_path / "named.tar.gz"
    archive.write_bytes(_tar_gz(_repo_members({**FILES, **named})))
    with pytest.raises(pool_fetch.FetchError, match=r"more than 100 of the files the card pool would take"):
        pool_fetch.fetch(archive, manifest=manifest, cache_dir=cache)
    with pytest.raises(pool_fetch.FetchError, match=r"more than 100 of the files the card pool would take"):
        pool_fetch.fetch(_pool_folder(tmp_path / "folder", {**FILES, **named}), manifest=manifest, cache_dir=cache)
    monkeypatch.setattr(pool_fetch, "MAX_DOWNLOAD", 1024)
    with pytest.raises(pool_fetch.FetchError, match=r"more than the 0 GB a card pool archive may be; refused$"):
        pool_fetch.fetch(archive, manifest=manifest, cache_dir=cache)


def test_a_content_length_that_is_no_ascii_number_is_one_line(made_up):
    """`Content-Length: ²` passed str.isdigit() and ended in a traceback."""
    manifest, _, cache = made_up

    def answer(h):
        h.send_response(200)
        h.send_header("Content-Length", "\u00b2")
        h.end_headers()
        h.wfile.write(b"xx")

    with _Handlers({"/pool.tar.gz": answer}) as server:
        with pytest.raises(
            pool_fetch.FetchError,
            match=r"answered with a Content-Length that is not a number "
            r"\(\"\\u00b2\"\); refused$",
        ):
            pool_fetch.fetch(f"{server.url}/pool.tar.gz", manifest=manifest, cache_dir=cache)


def test_a_redirect_to_anything_but_http_is_refused(made_up):
    manifest, _, cache = made_up

    def answer(h):
        h.send_response(302)
        h.send_header("Location", "ftp://user:pw@elsewhere.example/pool.tar.gz")
        h.send_header("Content-Length", "0")
        h.end_headers()

    with _Handlers({"/pool.tar.gz": answer}) as server:
        with pytest.raises(pool_fetch.FetchError) as caught:
            pool_fetch.fetch(f"{server.url}/pool.tar.gz", manifest=manifest, cache_dir=cache)
    assert str(caught.value) == (
        f"{server.url}/pool.tar.gz redirects to ftp://elsewhere.example/pool.tar.gz, which "
        "is not an http:// or https:// address; refused"
    )


def test_a_mirrors_password_is_sent_never_shown(tmp_path, no_proxy_env):
    """The password was printed in the first line, and `user:password@127.0.0.1` was looked up as a host name (a
    refused connection blamed on DNS)."""
    cache = tmp_path / "cache"
    _, path = _manifest(tmp_path)
    body = _tar_gz(_repo_members())

    def answer(h):
        h.send_response(200)
        h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        h.wfile.write(body)

    with _Handlers({"/pool.tar.gz": answer}) as server:
        address = server.url.replace("http://", "http://mirror:s3cret@") + "/pool.tar.gz"
        done = _l5r_here("cardpool", "fetch", "--from", address, "--manifest", path, cache=cache, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "s3cret" not in done.stdout + done.stderr and f"from {server.url}/pool.tar.gz" in done.stdout
    assert server.seen[0].get("Authorization") == "Basic bWlycm9yOnMzY3JldA=="  # mirror:s3cret
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    refused = _l5r_here(
        "cardpool",
        "fetch",
        "--from",
        f"http://mirror:s3cret@127.0.0.1:{port}/pool.tar.gz",
        "--manifest",
        path,
        "--force",
        cache=cache,
        cwd=tmp_path,
    )
    assert refused.returncode == 2 and "s3cret" not in refused.stdout + refused.stderr
    assert refused.stderr == (
        "l5r cardpool fetch: no network: cannot reach 127.0.0.1 (connection refused); with a "
        "copy of the pool, give it with --from PATH\n"
    )


def test_a_garbage_archive_is_one_line(tmp_path, no_proxy_env):
    """tarfile's reason listed every compression it tried, a line each: five lines."""
    _, path = _manifest(tmp_path)
    for name, data in (("garbage.gz", bytes(range(256)) * 8), ("garbage.tar.gz", b"\x1f\x8b\x08\x00" + b"x" * 500)):
        (tmp_path / name).write_bytes(data)
        result = _l5r_here(
            "cardpool", "fetch", "--from", tmp_path / name, "--manifest", path, cache=tmp_path / "cache", cwd=tmp_path
        )
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result.stderr
        assert (
            f"{name} is not a readable .tar.gz or .zip archive (" in result.stderr
            or "truncated or corrupt" in result.stderr
        )


def test_a_pool_file_swapped_for_a_fifo_is_refused_not_waited_on(tmp_path, no_proxy_env):
    """`--from FOLDER` checked is_file() and then opened with a blocking open(): a file swapped for a FIFO in
    between hung the fetch. The swap is made certain here: is_file() says yes to everything."""
    _, path = _manifest(tmp_path)
    folder = _pool_folder(tmp_path / "pool")
    (folder / "sets" / "beta_test_set.yaml").unlink()
    os.mkfifo(folder / "sets" / "beta_test_set.yaml")
    setup = "Path.is_file = lambda self: True"
    result = _in_subprocess(_FETCH.format(setup=setup), path, folder, tmp_path / "cache")
    assert result.stdout == (
        f"FetchError: cannot read {folder / 'sets' / 'beta_test_set.yaml'}: it is a named pipe "
        "(FIFO), not a regular file\n"
    ), result.stdout + result.stderr
