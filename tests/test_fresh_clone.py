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
import subprocess
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
    "L5R_TEST_RUN",
)
_SUMMARY = re.compile(r"^=+ (?P<counts>.*\d+ (?:passed|failed).*) in [\d.]+s")
_SKIP_LINE = re.compile(r"^SKIPPED \[(?P<n>\d+)\] (?P<where>[^:]+:\d+): (?P<why>.*)$")


def _count(counts: str, word: str) -> int:
    match = re.search(rf"(\d+) {word}", counts)
    return int(match.group(1)) if match else 0


def test_make_test_passes_on_a_lone_clone_with_only_the_missing_input_skips(tmp_path):
    # A clone of what is committed: the suite must not depend on anything left uncommitted either.
    clone = tmp_path / "alone" / "codex"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    assert not any(p.name != "codex" for p in clone.parent.iterdir()), "the clone has no sibling folders"
    env = {k: v for k, v in os.environ.items() if k not in _WORKSHOP_VARIABLES}
    # An empty user cache folder (no fetched pool); pip keeps its own cache so the virtualenv installs quickly.
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    env.setdefault("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip"))
    result = subprocess.run(
        ["make", "test"], cwd=clone, env=env, capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL
    )
    out = result.stdout + result.stderr
    noise = ("WARNING: Location ",)  # pip's notes on index folders this machine lacks
    tail = "\n".join(
        [line for line in result.stdout.splitlines() if not line.startswith(noise)][-40:]
        + [line for line in result.stderr.splitlines() if not line.startswith(noise)][-10:]
    )
    assert result.returncode == 0, f"make test failed on a lone clone:\n{tail}"
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
