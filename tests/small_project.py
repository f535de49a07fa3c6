"""A small copy of this project, for the tests that build a site only to compare one engine, setting or command with
another (hooks or none, MkDocs or ProperDocs, served or built, with a public address or without).

What those tests check is the passes, not the documents: the copy has every kind of record and page in half the
pages, and builds in under half the time of the whole project (tests/test_small_project.py checks the kinds). It
keeps the project's mkdocs.yml, hooks and theme as they are; Modern, with the AEG rules it builds on (rule
sections, keywords, abilities, a dated ban list, a changelog, rulings, legal sets), and New Era (a glossary, the
Oracle address its text quotes); the card records those name, the cards the examples play and the titles two
records share; redirects and the lock of the copy's own anchors; a home page and Modern's verified examples. The
whole project is built by tests/conftest.py `project_site`. Without New Era (`left_out`), the copy still has every
kind of page (a sixth fewer pages, a third fewer short links), for the tests that build it again and again and edit
Modern's records only."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent

# The Obsidian Hand Ruleset and the Legacy format it changes are left out: they are half of the project's pages.
LEFT_OUT_FORMATS = ("obsidian-hand", "jade-hand-legacy")
# The hand-written pages kept (and the assets every page loads): the verified examples are rendered by the
# `scenario` fence, the one Markdown extension of the Codex's own.
DOCS = ("assets", "scenarios/modern.md", "credits.md")
NAV = [
    {"Home": "index.md"},
    {"Verified examples": ["scenarios/index.md", {"Modern": "scenarios/modern.md"}]},
    {"Credits": "credits.md"},
]
HOME = """\
# L5R Rules Codex

A small copy of the Codex, for the tests: [Modern](formats/modern/index.md) (`MOD`),
{new_era}[AEG base rules](formats/aeg/index.md) (`AEG`),
[compare them](compare/index.md), [every card the documents name](cards/index.md),
[what's new](whats-new.md) and Modern's [verified examples](scenarios/modern.md).
"""
NEW_ERA_LINK = "[New Era](formats/new-era/index.md) (`NE`), "
# The examples page links its index, which links every format's examples: the copy's own lists the one it keeps.
EXAMPLES_INDEX = """\
# Verified examples

The examples of [Modern](modern.md), run against the rules engine.
"""


def write_small_project(folder: Path, left_out: tuple[str, ...] = LEFT_OUT_FORMATS) -> Path:
    """The small project in `folder` (created), ready to build with `mkdocs build` there; returns `folder`.
    `left_out`: the formats it leaves out (New Era may be one of them: a copy of Modern and the AEG rules alone)."""
    from l5r.data.load import load_codex
    from l5r.site.rendering import permalinks
    from l5r.site.planning.plan import plan_site

    folder.mkdir(parents=True, exist_ok=True)
    for name in ("hooks", "overrides"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, folder / name)
    shutil.copy2(ROOT / "mkdocs.offline.yml", folder / "mkdocs.offline.yml")
    if (ROOT / "node_modules").is_dir():  # the offline copy's vendored shim (a missing one is the build's to say)
        (folder / "node_modules").symlink_to(ROOT / "node_modules")
    _write_config(folder / "mkdocs.yml")
    _copy_docs(folder / "docs", NEW_ERA_LINK if "new-era" not in left_out else "")
    _copy_data(folder / "data", folder / "docs", left_out)
    # The lock of what this copy publishes: the project's lists anchors of records it does not have.
    codex = load_codex(folder / "data")
    (folder / permalinks.LOCK_FILE).write_text(permalinks.lock_text(codex, plan_site(codex), set()), encoding="utf-8")
    return folder


def _write_config(path: Path) -> None:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    head, nav = text.split("\nnav:\n", 1)
    assert all(line.startswith((" ", "#")) or not line.strip() for line in nav.splitlines()), (
        "mkdocs.yml: `nav:` is expected to be its last setting"
    )
    path.write_text(head + "\n" + yaml.safe_dump({"nav": NAV}, sort_keys=False), encoding="utf-8")


def _copy_docs(docs: Path, new_era_link: str) -> None:
    for name in DOCS:
        src, dst = ROOT / "docs" / name, docs / name
        dst.parent.mkdir(parents=True, exist_ok=True)
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, dst)
    (docs / "index.md").write_text(HOME.format(new_era=new_era_link), encoding="utf-8")
    (docs / "scenarios" / "index.md").write_text(EXAMPLES_INDEX, encoding="utf-8")


def _copy_data(data: Path, docs: Path, left_out: tuple[str, ...]) -> None:
    shutil.copytree(ROOT / "data", data, ignore=shutil.ignore_patterns("cards"))
    for name in left_out:
        shutil.rmtree(data / "formats" / name)
    # The card records the kept formats name by id (ban lists, abilities), those the kept pages' examples play, and
    # the titles two records share (the card index lists them under the title).
    named = "\n".join(p.read_text(encoding="utf-8") for p in sorted((data / "formats").rglob("*.yml")))
    played = "\n".join(p.read_text(encoding="utf-8") for p in sorted(docs.rglob("*.md")))
    records = {
        p: yaml.safe_load(p.read_text(encoding="utf-8"))["title"]
        for p in sorted((ROOT / "data" / "cards").glob("*.yml"))
    }
    shared = {t for t, n in Counter(records.values()).items() if n > 1}
    (data / "cards").mkdir()
    for record, title in records.items():
        if re.search(rf"(?<![\w-]){re.escape(record.stem)}(?![\w-])", named) or title in played or title in shared:
            shutil.copy2(record, data / "cards" / record.name)
    # The redirects of card records the copy leaves out would name records it does not have.
    left_out = {r.stem for r in records} - {r.stem for r in (data / "cards").glob("*.yml")}
    redirects = data / "redirects.yml"
    kept = [line for line in _redirect_entries(redirects.read_text(encoding="utf-8")) if line[1] not in left_out]
    head = redirects.read_text(encoding="utf-8").split("\nredirects:", 1)[0]
    redirects.write_text(
        head + "\nredirects:" + ("".join(f"\n  - from: {f}\n    to: {to}" for f, to in kept) or " []") + "\n",
        encoding="utf-8",
    )


def _redirect_entries(text: str) -> list[tuple[str, str]]:
    """(from, to) of every redirect in data/redirects.yml."""
    return [(r["from"], r["to"]) for r in yaml.safe_load(text)["redirects"] or ()]
