"""requirements.lock is the whole set `make` installs, each pin with the sha256 of its files: the Makefile installs it
with `pip install --require-hashes --no-deps`, so nothing is resolved and a file whose hash is not listed is refused.

What that needs, checked here without the network: every pin is exact and carries hashes; every dependency of
pyproject.toml (the package's, the `test` extra's and the build backend) is locked at the version pyproject names;
and every package those need in turn, as the installed metadata says, is locked at a version it accepts (pip
resolves nothing, so a missing one would be missing from the virtualenv). Each check is shown to fail on a broken
copy. The hashes themselves come from PyPI (scripts/hash_requirements.py --check compares them, with the network).
"""

from __future__ import annotations

import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"
sys.path.insert(0, str(ROOT / "scripts"))
import hash_requirements  # noqa: E402  (scripts/ is not a package)

HASH = re.compile(r"^--hash=sha256:[0-9a-f]{64}$")


def parse_lock(text: str) -> tuple[dict[str, str], list[str]]:
    """The lock's pins ({canonical name: version}) and what is wrong with its form: a requirement that is not an
    exact pin, a pin without a hash, a hash that is not a sha256, a name locked twice."""
    pins: dict[str, str] = {}
    problems: list[str] = []
    # pip's own reading: a backslash joins a line to the next; a comment runs to the end of its line.
    joined = re.sub(r"\\\n", " ", text)
    for line in joined.splitlines():
        line = line.split(" #", 1)[0].strip() if not line.lstrip().startswith("#") else ""
        if not line:
            continue
        requirement, *options = line.split()
        pin = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9.+!-]+)", requirement)
        if not pin:
            problems.append(f"{requirement}: not an exact pin (name==version)")
            continue
        name = canonicalize_name(pin[1])
        if name in pins:
            problems.append(f"{requirement}: {name} is locked twice")
        pins[name] = pin[2]
        if not options:
            problems.append(f"{requirement}: no --hash (pip --require-hashes refuses it)")
        problems += [f"{requirement}: {o} is not a sha256 hash" for o in options if not HASH.match(o)]
    return pins, problems


def pyproject_problems(pyproject: dict, pins: dict[str, str]) -> list[str]:
    """The pyproject dependencies (package, every extra, build backend) not locked at the version they name."""
    project = pyproject["project"]
    wanted = list(project["dependencies"]) + list(pyproject["build-system"]["requires"])
    wanted += [r for extra in project.get("optional-dependencies", {}).values() for r in extra]
    problems = []
    for text in wanted:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        if name not in pins:
            problems.append(f"pyproject.toml needs {text}; requirements.lock has no {name}")
        elif not requirement.specifier.contains(pins[name], prereleases=True):
            problems.append(f"pyproject.toml needs {text}; requirements.lock has {name}=={pins[name]}")
    return problems


def closure_problems(
    pins: dict[str, str], requires: dict[str, list[str]], roots: list[tuple[str, set[str]]], environment: dict[str, str]
) -> list[str]:
    """Walk what each package requires (on this platform, with the extras asked for) from the roots: every package
    reached must be locked at a version its dependant accepts."""
    problems, seen = [], set()
    todo = list(roots)
    while todo:
        name, extras = todo.pop()
        if (name, frozenset(extras)) in seen:
            continue
        seen.add((name, frozenset(extras)))
        for text in requires.get(name, []):
            requirement = Requirement(text)
            if requirement.marker and not any(
                requirement.marker.evaluate({**environment, "extra": e}) for e in (extras or {""})
            ):
                continue
            needed = canonicalize_name(requirement.name)
            if needed not in pins:
                problems.append(f"{name} needs {text}; requirements.lock has no {needed}")
            elif not requirement.specifier.contains(pins[needed], prereleases=True):
                problems.append(f"{name} needs {text}; requirements.lock has {needed}=={pins[needed]}")
            todo.append((needed, set(requirement.extras)))
    return problems


def installed_requires() -> dict[str, list[str]]:
    """Each installed distribution's requirements, from its metadata (the virtualenv `make` built from the lock)."""
    return {canonicalize_name(d.metadata["Name"]): list(d.requires or []) for d in metadata.distributions()}


def this_environment() -> dict[str, str]:
    from packaging.markers import default_environment

    return dict(default_environment())


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


ROOTS = [("l5r-codex", {"test"})]


# ---------------------------------------------------------------------------------------------------------------------
# The lock as it is
# ---------------------------------------------------------------------------------------------------------------------


def test_every_pin_is_exact_and_hashed():
    pins, problems = parse_lock(LOCK.read_text(encoding="utf-8"))
    assert problems == []
    assert len(pins) >= 50  # the whole set: the package's, the test extra's and their dependencies


def test_pyproject_dependencies_are_locked_at_their_versions():
    pins, _ = parse_lock(LOCK.read_text(encoding="utf-8"))
    assert pyproject_problems(_pyproject(), pins) == []


def test_every_dependency_of_a_dependency_is_locked():
    pins, _ = parse_lock(LOCK.read_text(encoding="utf-8"))
    requires = installed_requires()
    assert "l5r-codex" in requires, "the project is installed in this environment (`make .venv/.installed`)"
    assert closure_problems(pins, requires, ROOTS, this_environment()) == []


def test_the_lock_is_in_the_form_its_script_writes():
    # scripts/hash_requirements.py rewrites the lock from its pins: the committed file is already in that form,
    # so a regenerated lock differs only where PyPI's files do.
    text = LOCK.read_text(encoding="utf-8")
    entries = hash_requirements._entries(text)
    hashes: dict[tuple[str, str], list[str]] = {}
    current = None
    for line in text.splitlines():
        pin = hash_requirements.PIN.match(line.strip())
        if pin:
            current = (pin[1], pin[2])
            hashes[current] = []
        elif line.strip().startswith("--hash=sha256:") and current:
            hashes[current].append(line.strip().split(":", 1)[1].rstrip(" \\"))
    assert all(h == sorted(h) for h in hashes.values())
    assert hash_requirements._render(entries, hashes) == text


def test_the_makefile_installs_the_lock_by_hash_and_checks_it():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    rule = makefile[makefile.index("$(STAMP): pyproject.toml requirements.lock") :]
    rule = rule[: rule.index("@touch $(STAMP)")]
    assert "install --quiet --require-hashes --no-deps -r requirements.lock" in rule
    assert "--no-deps --no-build-isolation -e ." in rule
    assert "$(PIP) check" in rule
    assert "-c requirements.lock" not in rule


@pytest.mark.parametrize(
    "filename, release",
    [
        ("tqdm-4.70.1-py3-none-any.whl", ("tqdm", "4.70.1")),
        ("ruamel.yaml-0.19.1.tar.gz", ("ruamel-yaml", "0.19.1")),
        ("pyyaml_env_tag-1.1-py3-none-any.whl", ("pyyaml-env-tag", "1.1")),
        ("types_PyYAML-6.0.12.20261113.tar.gz", ("types-pyyaml", "6.0.12.20261113")),
        ("mypy-2.4.1-cp311-cp311-manylinux_2_17_x86_64.whl", ("mypy", "2.4.1")),
        ("project-1.0.exe", None),
    ],
)
def test_the_script_reads_a_files_release_from_its_name(filename, release):
    assert hash_requirements._release_of(filename) == release


# ---------------------------------------------------------------------------------------------------------------------
# Each check fails on a broken copy
# ---------------------------------------------------------------------------------------------------------------------


def _without_hashes_of(text: str, pin: str) -> str:
    """The lock with every hash line of `pin` gone."""
    broken, count = re.subn(
        rf"^({re.escape(pin)}) \\\n(    --hash=sha256:[0-9a-f]{{64}}( \\)?\n)+", r"\1\n", text, flags=re.M
    )
    assert count == 1, f"the lock changed: update this test's pin {pin}"
    return broken


@pytest.mark.parametrize("damage", ["unhashed", "loose", "short-hash", "twice"])
def test_the_form_check_fails_on_a_broken_copy(damage):
    text = LOCK.read_text(encoding="utf-8")
    assert "tqdm==4.70.1 \\\n" in text, "the lock changed: update this test's pin"
    broken = {
        "unhashed": lambda: _without_hashes_of(text, "tqdm==4.70.1"),
        "loose": lambda: text.replace("tqdm==4.70.1 \\", "tqdm>=4.70 \\"),
        "short-hash": lambda: re.sub(r"(tqdm==4\.70\.1 \\\n    --hash=sha256:)[0-9a-f]{64}", r"\g<1>abc", text),
        "twice": lambda: text + "tqdm==4.70.1 --hash=sha256:" + "0" * 64 + "\n",
    }[damage]()
    assert broken != text
    assert parse_lock(broken)[1]


def test_a_pin_left_without_hashes_is_seen():
    pins, problems = parse_lock(_without_hashes_of(LOCK.read_text(encoding="utf-8"), "tqdm==4.70.1"))
    assert pins["tqdm"] == "4.70.1" and problems == ["tqdm==4.70.1: no --hash (pip --require-hashes refuses it)"]


@pytest.mark.parametrize("drop", ["tqdm", "pytest-xdist", "setuptools"], ids=["package", "test-extra", "build"])
def test_the_pyproject_check_fails_without_a_pin(drop):
    pins, _ = parse_lock(LOCK.read_text(encoding="utf-8"))
    del pins[drop]
    assert [p for p in pyproject_problems(_pyproject(), pins) if p.endswith(f"requirements.lock has no {drop}")]
    pins[drop] = "0.0.1"
    assert pyproject_problems(_pyproject(), pins)


@pytest.mark.parametrize("drop", ["idna", "execnet", "mypy-extensions"], ids=["requests", "pytest-xdist", "mypy"])
def test_the_closure_check_fails_without_a_dependency_of_a_dependency(drop):
    pins, _ = parse_lock(LOCK.read_text(encoding="utf-8"))
    del pins[drop]
    assert any(f"has no {drop}" in p for p in closure_problems(pins, installed_requires(), ROOTS, this_environment()))
    pins[drop] = "0.0.1"
    assert closure_problems(pins, installed_requires(), ROOTS, this_environment())
