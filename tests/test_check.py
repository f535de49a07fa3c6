"""`l5r check`: every kind of data error is reported as path:line:column: message, exit 1, no traceback. What it
says of damaged data is read from its `main` in this process (tests/conftest.py `l5r_here`); its usage errors, from
the console script."""

from __future__ import annotations

import re

import pytest

from conftest import l5r_here

LOCATED = re.compile(r"^(?P<path>[^:\s]+\.yml):(?P<line>\d+):(?P<col>\d+): (?P<msg>.+)$", re.M)


def _check(data_dir):
    result = l5r_here("check", "--data", data_dir)
    assert "Traceback" not in result.stdout + result.stderr
    return result


def _problems(result):
    return [m.groupdict() for m in LOCATED.finditer(result.stdout)]


def _damage(path, old, new, count=1):
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _line_of(path, needle):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def test_clean_data_passes(root):
    result = _check(root / "data")
    assert result.returncode == 0, result.stdout
    assert result.stdout.strip() == "data ok: data"  # named relative to where it was run (the repo root)


def test_yaml_syntax_error_is_located(data_copy):
    rules = data_copy / "formats/obsidian-hand/rules.yml"
    _damage(rules, "  - id: oh-ii-b\n", "  - id: [oh-ii-b\n")
    result = _check(data_copy)
    assert result.returncode == 1
    (problem,) = _problems(result)
    assert problem["path"].endswith("formats/obsidian-hand/rules.yml")
    assert "YAML syntax error" in problem["msg"]


def test_duplicate_key_is_rejected_not_silently_kept(data_copy):
    # PyYAML would keep the second `title:` and lose the first without a word.
    fmt = data_copy / "formats/new-era/format.yml"
    _damage(fmt, "short_name: New Era\n", "short_name: New Era\nshort_name: NE again\n")
    result = _check(data_copy)
    assert result.returncode == 1
    (problem,) = _problems(result)
    assert "duplicate key 'short_name'" in problem["msg"]
    assert int(problem["line"]) == _line_of(fmt, "NE again")


def test_schema_violation_names_the_field_and_line(data_copy):
    bans = data_copy / "formats/obsidian-hand/bans.yml"
    _damage(bans, 'added: "2016-02-15"', 'added: "15/02/2016"')
    result = _check(data_copy)
    assert result.returncode == 1
    (problem,) = _problems(result)
    assert "not an ISO date" in problem["msg"]
    assert int(problem["line"]) == _line_of(bans, "15/02/2016")


def test_unknown_field_is_a_schema_violation(data_copy):
    fmt = data_copy / "formats/modern/format.yml"
    _damage(fmt, "short_name: Modern\n", "short_name: Modern\nshortname: typo\n")
    result = _check(data_copy)
    (problem,) = _problems(result)
    assert "shortname" in problem["msg"] and "not allowed" in problem["msg"]


def test_duplicate_id_points_at_the_first_use(data_copy):
    abilities = data_copy / "formats/obsidian-hand/abilities.yml"
    _damage(abilities, "id: oh-ability-courage", "id: oh-ability-lobby")
    result = _check(data_copy)
    assert result.returncode == 1
    messages = [p["msg"] for p in _problems(result)]
    # The data folder is outside the current folder: its paths are absolute, so they can be opened from here.
    first = f"{data_copy.resolve()}/formats/obsidian-hand/abilities.yml:"
    assert any(m.startswith(f"duplicate id 'oh-ability-lobby' (already used at {first}") for m in messages), messages


def test_dangling_reference_is_reported(data_copy):
    bans = data_copy / "formats/obsidian-hand/bans.yml"
    _damage(bans, "card: hantei", "card: hantei-the-first")
    result = _check(data_copy)
    (problem,) = _problems(result)
    assert problem["msg"] == "card 'hantei-the-first' does not exist (no record has this id)"
    assert int(problem["line"]) == _line_of(bans, "hantei-the-first")


def test_reference_to_the_wrong_kind_of_record(data_copy):
    bans = data_copy / "formats/obsidian-hand/bans.yml"
    _damage(bans, "card: hantei", "card: oh-ii-b")
    result = _check(data_copy)
    (problem,) = _problems(result)
    assert "is a section, not a card" in problem["msg"]


def test_empty_file_is_reported(data_copy):
    (data_copy / "cards/empty-card.yml").write_text("# yaml-language-server: $schema=../schemas/card.schema.json\n")
    result = _check(data_copy)
    (problem,) = _problems(result)
    assert problem["path"].endswith("cards/empty-card.yml") and "empty" in problem["msg"]


def test_non_utf8_bytes_are_reported_with_their_position(data_copy):
    card = data_copy / "cards/hantei.yml"
    raw = card.read_bytes()
    card.write_bytes(raw.replace(b"title: Hantei", b"title: Hant\xe9i", 1))
    result = _check(data_copy)
    (problem,) = _problems(result)
    assert "not UTF-8" in problem["msg"] and "0xe9" in problem["msg"]
    assert int(problem["line"]) == raw.split(b"title: Hantei")[0].count(b"\n") + 1


def test_wrong_kind_says_what_is_allowed(data_copy):
    _damage(data_copy / "formats/aeg/changelog.yml", "kind: changelog", "kind: changes")
    result = _check(data_copy)
    (problem,) = _problems(result)
    assert "`kind:` says 'changes'" in problem["msg"]


def test_every_problem_is_reported_not_just_the_first(data_copy):
    _damage(data_copy / "cards/hantei.yml", "type: Personality", "type: Emperor")
    _damage(data_copy / "formats/modern/bans.yml", "card: keigo-sensei", "card: keigo-sensei-2")
    (data_copy / "cards/blank.yml").write_text("")
    result = _check(data_copy)
    assert result.returncode == 1
    paths = {p["path"].split("data/")[-1] for p in _problems(result)}
    assert {"cards/hantei.yml", "cards/blank.yml"} <= paths


def test_missing_data_folder_is_a_sentence_not_a_traceback(tmp_path):
    result = _check(tmp_path / "nope")
    assert result.returncode == 1
    assert "does not exist" in result.stdout
    (tmp_path / "file.yml").write_text("kind: card\n")
    assert "is a file, not the data folder" in _check(tmp_path / "file.yml").stdout


@pytest.mark.parametrize("argv", [("check", "--bogus"), ("frobnicate",)])
def test_usage_errors_exit_2(argv):
    result = l5r_here(*argv)  # what the command decides of its arguments, in this process
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "error" in result.stderr
