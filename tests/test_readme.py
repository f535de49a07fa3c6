"""The README is for users and says only true things: its first screen says what the Codex is, how to get the card
pool, check a deck, cite a rule and publish; every `make` target and `l5r` command that README.md and CONTRIBUTING.md
name exists; no page names a folder of the machine the Codex is developed on."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUIDES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "data" / "README.md"]
DOCS = sorted((ROOT / "docs").rglob("*.md"))
FIRST_SCREEN_LINES = 30


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_the_first_screen_is_for_users():
    first = "\n".join(_text(ROOT / "README.md").splitlines()[:FIRST_SCREEN_LINES])
    for needed in (
        "Legend of the Five Rings",
        "make cardpool",
        "l5r cardpool fetch",
        "make serve",
        "make test",
        "l5r deck check",
        "Copy citation",
        "Publish your own copy",
        "ADDR=0.0.0.0",
        # where the data comes from, and its terms
        "game_on_yasuki",
        "FROM=",
        "MIT License",
        "NOTICE",
        "Credits",
        "trademark",
        "unofficial",
    ):
        assert needed in first, f"README's first screen does not mention {needed!r}"
    # The maintainer's material lives elsewhere (CONTRIBUTING.md).
    for moved in (
        "pytest-xdist",
        "Zensical",
        "shared_once",
        "ProperDocs",
        "cardpool pin",
        "L5R_CARDPOOL",
        "--cardpool",
        "tests/",
        "manifest.json",
    ):
        assert moved not in first, moved


def test_the_maintainers_material_is_in_contributing_and_out_of_the_players_menu():
    contributing = _text(ROOT / "CONTRIBUTING.md")
    for moved in ("l5r cardpool pin", "L5R_CARDPOOL", "tests/deck-conformance/"):
        assert moved in contributing, moved
        assert moved not in _text(ROOT / "README.md"), moved
    config = _text(ROOT / "mkdocs.yml")
    nav = config[config.index("\nnav:\n") :]
    assert "architecture.md" not in nav, "Architecture is a maintainers' page: not in the players' menu"
    assert "/architecture.md" in config.split("\nnav:\n")[0], "still built, out of the menu (not_in_nav)"


def test_publish_your_own_copy_names_the_workflow_and_the_address_setting():
    readme = _text(ROOT / "README.md")
    section = readme[readme.index("## Publish your own copy") :]
    section = section[: section.index("\n## ", 4)]
    for needed in ("Fork", "Pages", "GitHub Actions", ".github/workflows/publish.yml", "L5R_SITE_URL", "offline"):
        assert needed in section, needed
    assert (ROOT / ".github" / "workflows" / "publish.yml").is_file()


def _make_targets() -> set[str]:
    text = _text(ROOT / "Makefile")
    targets = set(re.findall(r"^([A-Za-z][\w.-]*)\s*:(?!=)", text, re.M))
    for phony in re.findall(r"^\.PHONY:(.*)$", text, re.M):
        targets |= set(phony.split())
    return targets


def test_every_make_target_the_guides_name_exists():
    targets = _make_targets()
    assert {"serve", "test", "build", "offline"} <= targets  # the parser reads this Makefile
    named = set()
    for guide in GUIDES:
        named |= set(re.findall(r"`make ([a-z][\w-]*)", _text(guide)))
        named |= set(re.findall(r"^make ([a-z][\w-]*)", _text(guide), re.M))
    assert named, "the guides name no make target"
    assert named <= targets, f"make targets the guides name but the Makefile lacks: {sorted(named - targets)}"


def test_no_guide_or_page_names_the_workshop_folder():
    for path in GUIDES + DOCS:
        text = _text(path)
        assert not re.search(r"(?:\.\./|/work/)shared\b|\bshared/data\b|\bshared/seeds\b", text), path
        assert ".invalid" not in text, path


def test_make_cardpool_that_cannot_download_says_how_to_give_a_copy_with_make(tmp_path):
    """The README tells make users `make cardpool FROM=PATH-or-URL`: when the download fails, make says so in its own
    spelling (the command's own message names `--from`). The network is a proxy that refuses every connection."""
    import os
    import socket
    import subprocess

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{s.getsockname()[1]}"
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy") and k != "L5R_CARDPOOL"}
    env.update(L5R_CACHE_DIR=str(tmp_path / "cache"), https_proxy=closed, HTTPS_PROXY=closed)
    result = subprocess.run(
        ["make", "-s", "-o", ".venv/.installed", "cardpool"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode != 0
    assert "make cardpool FROM=PATH-or-URL" in result.stderr, result.stderr
    given = subprocess.run(
        ["make", "-s", "-o", ".venv/.installed", "cardpool", f"FROM={tmp_path / 'none'}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert given.returncode != 0 and "FROM=" not in given.stderr, given.stderr  # FROM given: nothing to add
