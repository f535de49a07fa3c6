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
    for needed in ("Legend of the Five Rings", "make cardpool", "l5r cardpool fetch", "make serve",
                   "l5r deck check", "Copy citation", "Publish your own copy"):
        assert needed in first, f"README's first screen does not mention {needed!r}"
    # The maintainer's material lives elsewhere.
    for moved in ("pytest-xdist", "Zensical", "shared_once", "ProperDocs"):
        assert moved not in first, moved


def test_publish_your_own_copy_names_the_workflow_and_the_address_setting():
    readme = _text(ROOT / "README.md")
    section = readme[readme.index("## Publish your own copy"):]
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
