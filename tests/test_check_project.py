"""`l5r check` checks the project it is run in: walk up to mkdocs.yml + data/, else the installed data.

Each damage is done to a *copy* of the project and the command is run from inside that copy, exactly as a user
who copied the project (or opened a second worktree) would: before this, all of them printed "data ok", because
the default data folder was the one beside the installed package. The console script itself runs from a clean copy
and from outside any project; the other runs call its `main` in this process (tests/conftest.py `l5r_here`).
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from conftest import BIN, ROOT, l5r_here, no_pool_env, run_l5r, small_project_copy


@pytest.fixture
def project_copy(tmp_path):
    """A copy of the project (config, docs, data) somewhere else, the way a user copies it."""
    target = tmp_path / "codex-copy"
    target.mkdir()
    shutil.copy2(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    shutil.copytree(ROOT / "data", target / "data")
    shutil.copytree(ROOT / "docs", target / "docs")
    return target


def _cut(path):
    text = path.read_bytes()
    path.write_bytes(text[: len(text) // 2])


def _damage_syntax(path):
    path.write_text(
        path.read_text(encoding="utf-8").replace("- id: oh-ii-b\n", "- id: [oh-ii-b\n", 1), encoding="utf-8"
    )


def _damage_duplicate_key(path):
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "short_name: New Era\n", "short_name: New Era\nshort_name: Again\n", 1
        ),
        encoding="utf-8",
    )


def _damage_list_not_mapping(path):
    path.write_text("- just\n- a list\n", encoding="utf-8")


def _damage_tabs(path):
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join("\t" + line[2:] if line.startswith("  ") else line for line in lines), encoding="utf-8")


def _damage_bytes(path):
    path.write_bytes(path.read_bytes().replace(b"Obsidian", b"Obsid\xffian", 1))


DAMAGE = {
    "syntax error": ("formats/obsidian-hand/rules.yml", _damage_syntax),
    "duplicate key": ("formats/new-era/format.yml", _damage_duplicate_key),
    "truncation": ("formats/obsidian-hand/rules.yml", _cut),
    "empty file": ("formats/modern/bans.yml", lambda p: p.write_text("", encoding="utf-8")),
    "list instead of mapping": ("formats/new-era/format.yml", _damage_list_not_mapping),
    "tab indentation": ("formats/obsidian-hand/format.yml", _damage_tabs),
    "non-UTF-8 bytes": ("formats/obsidian-hand/rules.yml", _damage_bytes),
}


@pytest.mark.parametrize("kind", sorted(DAMAGE))
@pytest.mark.parametrize("where", [".", "docs/scenarios"])
def test_damage_in_the_project_run_from_is_reported(project_copy, kind, where):
    rel, damage = DAMAGE[kind]
    damage(project_copy / "data" / rel)
    result = l5r_here("check", cwd=project_copy / where)
    out = result.stdout + result.stderr
    assert "Traceback" not in out
    assert result.returncode == 1, f"{kind} was not caught from {where}:\n{out}"
    first = result.stdout.splitlines()[0]
    # The first line names the folder it checked: the copy's data/, not the installed one.
    assert first.startswith("checked ") and first.rstrip(":").endswith("data"), first
    assert str(ROOT / "data") not in first
    if kind != "truncation":  # a file cut at a record boundary is valid YAML: its lost ids are what is reported
        assert rel in result.stdout


def test_clean_copy_names_its_own_folder(project_copy):
    result = run_l5r("check", cwd=project_copy / "docs")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "data ok: " + str((project_copy / "data").resolve())


def test_explicit_data_wins_over_the_project_around(project_copy):
    _damage_syntax(project_copy / "data/formats/obsidian-hand/rules.yml")
    result = l5r_here("check", "--data", ROOT / "data", cwd=project_copy)
    assert result.returncode == 0, result.stdout
    assert result.stdout.strip() == f"data ok: {(ROOT / 'data').resolve()}"


def test_outside_any_project_the_installed_data_is_checked(tmp_path):
    result = run_l5r("check", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == f"data ok: {(ROOT / 'data').resolve()}"


def test_a_folder_without_mkdocs_yml_is_not_a_project(tmp_path):
    # data/ alone is not enough: a decks folder with a data/ subfolder must not be taken for the Codex.
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "junk.yml").write_text("- 1\n", encoding="utf-8")
    result = l5r_here("check", cwd=tmp_path)
    assert result.returncode == 0
    assert str((ROOT / "data").resolve()) in result.stdout


def test_scenarios_run_uses_the_project_around(project_copy):
    _damage_duplicate_key(project_copy / "data/formats/new-era/format.yml")
    result = l5r_here("scenarios", "run", "docs", cwd=project_copy)
    assert "Traceback" not in result.stdout + result.stderr
    # One CLI contract (l5r/errors.py): data with problems is input the command cannot use, exit 2; the problems,
    # then `l5r <command>: <message>` naming the folder that was read, on stderr.
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1].startswith("l5r scenarios run: the data in data has 1 problem")
    assert "duplicate key 'short_name'" in result.stderr


def test_deck_check_uses_the_project_around(project_copy, tmp_path):
    _damage_duplicate_key(project_copy / "data/formats/new-era/format.yml")
    deck = tmp_path / "deck.txt"
    deck.write_text("Dynasty:\n1 Hida Kisada\n", encoding="utf-8")
    result = l5r_here("deck", "check", "--format", "modern", deck, cwd=project_copy)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1].startswith("l5r deck check: the data in data has 1 problem")
    assert "duplicate key 'short_name'" in result.stderr


@pytest.mark.endtoend  # (a build of its own under another setting: the end-to-end tier)
def test_mkdocs_build_with_another_config_uses_that_projects_data(project_copy, tmp_path):
    # `mkdocs build -f other/mkdocs.yml` reads the data beside that config, wherever it is run from.
    (project_copy / "hooks").symlink_to(ROOT / "hooks")
    _damage_duplicate_key(project_copy / "data/formats/new-era/format.yml")
    result = subprocess.run(
        [
            str(BIN / "mkdocs"),
            "build",
            "-q",
            "-f",
            str(project_copy / "mkdocs.yml"),
            "--site-dir",
            str(tmp_path / "site"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env=no_pool_env(),
    )
    assert result.returncode != 0
    assert "duplicate key 'short_name'" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.endtoend  # (a build of its own under another setting: the end-to-end tier)
def test_mkdocs_build_with_another_config_shows_that_projects_examples(tmp_path, tmp_path_factory):
    # The verified examples under a rule come from the built project's docs/ and data/, not the installed ones. The
    # other project: a copy of the small one (tests/small_project.py), which keeps Modern's examples.
    other = small_project_copy(tmp_path_factory, tmp_path, new_era=False)
    page = other / "docs/scenarios/modern.md"
    old = "Seppuku is a Repeatable Open action on a dishonorable Personality"
    new = "Seppuku as the other project words it"
    assert old in page.read_text(encoding="utf-8")
    page.write_text(page.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    site = tmp_path / "site"
    result = subprocess.run(
        [str(BIN / "mkdocs"), "build", "-q", "--strict", "-f", str(other / "mkdocs.yml"), "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env=no_pool_env(),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    shown = [p for p in site.rglob("*.html") if new in p.read_text(encoding="utf-8")]
    stale = [p for p in site.rglob("*.html") if old in p.read_text(encoding="utf-8")]
    # the scenarios page where it is written, and the rule page that shows it as a verified example
    assert len(shown) >= 2, shown
    assert stale == []
