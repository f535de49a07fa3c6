"""Write the sha256 of every file PyPI serves for each pin of requirements.lock into the lock itself.

    python3 scripts/hash_requirements.py           # rewrite requirements.lock in place
    python3 scripts/hash_requirements.py --check   # exit 1 when a pin's hashes differ from PyPI's

`make` installs the lock with `pip install --require-hashes`: a file whose hash is not listed is refused, so a
release replaced on the index (or a mirror serving something else) stops the install instead of running. Every
file of the release is listed (each platform's wheels and the sdist), so the same lock installs on any machine.
Run it after changing a pin (the pins are the `name==version` lines; the hashes under them are rewritten).
Standard library only: it runs before the virtualenv exists.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import urllib.request
from pathlib import Path

LOCK = Path(__file__).resolve().parent.parent / "requirements.lock"
# PyPI's simple API in its JSON form (PEP 691): every file of a project with its sha256.
PYPI = "https://pypi.org/simple/{name}/"
ACCEPT = "application/vnd.pypi.simple.v1+json"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\;]+)")


# ---------------------------------------------------------------------------------------------------------------------
# Reading and writing the lock
# ---------------------------------------------------------------------------------------------------------------------


def _entries(text: str) -> list[tuple[str, tuple[str, str] | None]]:
    """The lock as (comment or blank line, None) and (pin line, (name, version)), hash lines dropped."""
    entries: list[tuple[str, tuple[str, str] | None]] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("--hash="):
            continue
        pin = PIN.match(stripped)
        entries.append((stripped, (pin[1], pin[2])) if pin else (line, None))
    return entries


def _render(entries: list[tuple[str, tuple[str, str] | None]], hashes: dict[tuple[str, str], list[str]]) -> str:
    out = []
    for line, pin in entries:
        if pin is None:
            out.append(line)
            continue
        name, version = pin
        out.append(f"{name}=={version} \\")
        digests = hashes[pin]
        out += [f"    --hash=sha256:{d}" + (" \\" if i < len(digests) - 1 else "") for i, d in enumerate(digests)]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------------------------------
# PyPI
# ---------------------------------------------------------------------------------------------------------------------


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _release_of(filename: str) -> tuple[str, str] | None:
    """(project, version) a distribution file's name gives: a wheel's first two fields, an sdist's stem."""
    if filename.endswith(".whl"):
        name, version = filename[:-4].split("-")[:2]
        return _canonical(name), version
    for suffix in (".tar.gz", ".zip"):
        if filename.endswith(suffix) and "-" in filename:
            name, version = filename[: -len(suffix)].rsplit("-", 1)
            return _canonical(name), version
    return None


def _pypi_hashes(name: str, version: str) -> list[str]:
    """The sha256 of every file of the release, sorted (a yanked file is still served to an exact pin)."""
    request = urllib.request.Request(PYPI.format(name=_canonical(name)), headers={"Accept": ACCEPT})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            files = json.load(response)["files"]
    except (OSError, ValueError, KeyError) as error:
        raise SystemExit(f"hash_requirements: cannot read PyPI's file list of {name}: {error}") from None
    digests = sorted(
        {
            f["hashes"]["sha256"]
            for f in files
            if _release_of(f["filename"]) == (_canonical(name), version) and "sha256" in f["hashes"]
        }
    )
    if not digests:
        raise SystemExit(f"hash_requirements: PyPI serves no file for {name}=={version}")
    return digests


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with PyPI, change nothing")
    args = parser.parse_args(argv)
    text = LOCK.read_text(encoding="utf-8")
    entries = _entries(text)
    hashes = {pin: _pypi_hashes(*pin) for _, pin in entries if pin}
    new = _render(entries, hashes)
    if args.check:
        if new != text:
            print(
                "hash_requirements: requirements.lock differs from PyPI's files; run "
                "python3 scripts/hash_requirements.py",
                file=sys.stderr,
            )
            return 1
        return 0
    LOCK.write_text(new, encoding="utf-8")
    print(f"hash_requirements: {len(hashes)} pins, {sum(map(len, hashes.values()))} hashes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
