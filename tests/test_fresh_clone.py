"""A clone of the repository alone, as a new user has it: `make test` passes with only the documented skips.

No card pool (neither L5R_CARDPOOL nor a fetched one: the clone gets an empty cache folder), no source documents,
no sibling folders. Every test then runs on the fixture pool under tests/fixtures/cardpool, and the tests marked
`realpool` or `seeds` are skipped with the one line tests/conftest.py gives for each missing input, and for no other
reason.

It runs the whole suite once more, so it runs only when asked: `pytest --fresh-clone tests/test_fresh_clone.py`
(.ci/run does, after `make test`).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import warnings
from pathlib import Path

import pytest
from conftest import MISSING_POOL, MISSING_SEEDS, ROOT

pytestmark = pytest.mark.freshclone

# What a user's environment never has; everything else (PATH, HOME, the pip and npm caches) is kept.
_WORKSHOP_VARIABLES = (
    "L5R_CARDPOOL",
    "L5R_SEEDS",
    "L5R_REQUIRE_INPUTS",
    "L5R_CACHE_DIR",
    "XDG_CACHE_HOME",
    "PYTEST_XDIST_WORKER",
    "PYTEST_XDIST_TESTRUNUID",
    "PYTEST_CURRENT_TEST",
    "SOURCE_DATE_EPOCH",  # the outer run's day: a fresh run picks its own
    "L5R_TEST_RUN",
)
_SUMMARY = re.compile(r"^=+ (?P<counts>.*\d+ (?:passed|failed).*) in [\d.]+s")
_SKIP_LINE = re.compile(r"^SKIPPED \[(?P<n>\d+)\] (?P<where>[^:]+:\d+): (?P<why>.*)$")


def _count(counts: str, word: str) -> int:
    match = re.search(rf"(\d+) {word}", counts)
    return int(match.group(1)) if match else 0


def _make_test(clone: Path, env: dict, folder: Path) -> tuple[int | None, str, str]:
    """`make test` in `clone`: its exit status (None when it ran past `_LIMIT`), what it printed on each stream.

    Its output goes to files, not pipes: reading a pipe to its end would also wait for any process the run left
    behind holding it. The run is a process group of its own, killed when `make` has ended, so nothing outlives it."""
    with (
        open(folder / "make.out", "w+", encoding="utf-8") as out,
        open(folder / "make.err", "w+", encoding="utf-8") as err,
    ):
        proc = subprocess.Popen(
            ["make", "test"],
            cwd=clone,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            text=True,
            start_new_session=True,
        )
        try:
            returncode: int | None = proc.wait(_LIMIT)
        except subprocess.TimeoutExpired:
            returncode = None
        finally:
            left = _group_members(proc.pid)
            if left and returncode is not None:
                warnings.warn(f"make test left {len(left)} processes running: {'; '.join(left)[:2000]}", stacklevel=1)
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:  # the group is gone: nothing was left behind
                pass
            proc.wait()
        out.seek(0)
        err.seek(0)
        return returncode, out.read(), err.read()


def _group_members(group: int) -> list[str]:
    """The command lines of the processes still in process group `group` (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text(encoding="utf-8", errors="replace").rsplit(")", 1)[1].split()
            if int(fields[2]) == group:  # after the name: state, parent, process group
                found.append(stat.with_name("cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"))
        except (OSError, IndexError, ValueError):  # ended meanwhile
            continue
    return found


# The whole suite once more: about 5 minutes on a 2-core machine, and this is six times that.
_LIMIT = 1800


@pytest.mark.timeout(_LIMIT + 120)
def test_make_test_passes_on_a_lone_clone_with_only_the_missing_input_skips(tmp_path):
    # A clone of what is committed: the suite must not depend on anything left uncommitted either.
    clone = tmp_path / "alone" / "codex"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    assert not any(p.name != "codex" for p in clone.parent.iterdir()), "the clone has no sibling folders"
    env = {k: v for k, v in os.environ.items() if k not in _WORKSHOP_VARIABLES}
    # An empty user cache folder (no fetched pool); pip keeps its own cache so the virtualenv installs quickly.
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    env.setdefault("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip"))
    returncode, stdout, stderr = _make_test(clone, env, tmp_path)
    out = stdout + stderr
    noise = ("WARNING: Location ",)  # pip's notes on index folders this machine lacks
    tail = "\n".join(
        [line for line in stdout.splitlines() if not line.startswith(noise)][-40:]
        + [line for line in stderr.splitlines() if not line.startswith(noise)][-10:]
    )
    assert returncode is not None, f"make test on a lone clone did not end within {_LIMIT} s:\n{tail}"
    assert returncode == 0, f"make test failed on a lone clone:\n{tail}"
    summary = next((m.group("counts") for line in out.splitlines() if (m := _SUMMARY.match(line))), None)
    assert summary, f"no pytest summary line:\n{tail}"
    assert _count(summary, "failed") == 0 and _count(summary, "error") == 0, summary
    assert _count(summary, "passed") > 1000, summary
    skips = [m for line in out.splitlines() if (m := _SKIP_LINE.match(line.strip()))]
    reasons = {m.group("why") for m in skips}
    assert reasons <= {MISSING_POOL, MISSING_SEEDS}, (
        f"skipped for another reason: {reasons - {MISSING_POOL, MISSING_SEEDS}}"
    )
    assert reasons == {MISSING_POOL, MISSING_SEEDS}, f"expected both inputs to be reported missing, got {reasons}"
    assert sum(int(m.group("n")) for m in skips) == _count(summary, "skipped"), summary
    shutil.rmtree(clone, ignore_errors=True)
