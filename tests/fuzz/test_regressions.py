"""Every crash the fuzz tests found, as a plain test with the smallest input."""

from __future__ import annotations

import subprocess

import pytest

from conftest import run_l5r


def _check(data_dir):
    """`l5r check` as its own process: for the inputs that once killed the process."""
    result = run_l5r("check", "--data", data_dir)
    assert "Traceback" not in result.stdout + result.stderr
    return result


@pytest.fixture
def check(capsys):
    """`l5r check --data FOLDER` in this process (l5r.cli.main, as the console script calls it): its exit code
    and what it printed; an uncaught exception fails the test as a traceback would."""
    from l5r.cli import main

    def run(data_dir):
        capsys.readouterr()
        code = main(["check", "--data", str(data_dir)])
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(["l5r", "check"], code, out, err)

    return run


def _write(path, text):
    path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("depth", [200, 50_000])
def test_deep_nesting_is_a_located_problem_not_a_crash(data_copy, depth):
    # Found by the fuzzer: libyaml's composer recursed until the process died (segmentation fault).
    _write(data_copy / "redirects.yml", "kind: redirects\nredirects: " + "[" * depth + "]" * depth + "\n")
    result = _check(data_copy)
    assert result.returncode == 1
    assert "data/redirects.yml:2:" in result.stdout and "nested more than 64 levels deep" in result.stdout


def test_aliases_are_refused_before_they_expand(data_copy, check):
    # A few lines of aliases expand to billions of values ("billion laughs"); the Codex never uses them.
    laughs = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{n}: &{n} [{', '.join(['*' + prev] * 9)}]\n" for prev, n in zip("abcdefgh", "bcdefghi")
    )
    _write(data_copy / "redirects.yml", "kind: redirects\nredirects: []\n" + laughs)
    result = check(data_copy)
    assert result.returncode == 1
    assert "data/redirects.yml:4:8:" in result.stdout and "aliases (*name) are not used" in result.stdout


@pytest.mark.parametrize(
    "tag", ["!!python/name:os.system", "!!python/object/apply:os.system ['true']", "!!binary aGk=", "!custom 3"]
)
def test_unknown_tags_are_reported_never_constructed(data_copy, check, tag):
    # Found by the fuzzer: the scalar constructor raised ConstructorError (a traceback) on !!python/name.
    _write(data_copy / "redirects.yml", f"kind: redirects\nredirects: []\nx: {tag}\n")
    result = check(data_copy)
    assert result.returncode == 1
    assert "data/redirects.yml:3:4:" in result.stdout and "is not used in Codex data" in result.stdout


def test_kind_that_is_a_list_is_reported(data_copy, check):
    # Found by the fuzzer: `kind: []` made the schema lookup raise TypeError (unhashable list).
    path = data_copy / "cards/take-the-initiative.yml"
    _write(path, path.read_text(encoding="utf-8").replace("kind: card", "kind: []"))
    result = check(data_copy)
    assert result.returncode == 1
    assert "data/cards/take-the-initiative.yml:" in result.stdout and "`kind:` says" in result.stdout


def test_impossible_date_is_reported(data_copy, check):
    # Found by the fuzzer: 2015-02-30 matched the date pattern, then date.fromisoformat raised ValueError.
    path = data_copy / "formats/modern/bans.yml"
    text = path.read_text(encoding="utf-8")
    assert "2015-08-16" in text
    _write(path, text.replace("2015-08-16", "2015-02-30", 1))
    result = check(data_copy)
    assert result.returncode == 1
    assert "'2015-02-30' is not a day of the calendar" in result.stdout


@pytest.mark.parametrize(
    "file, old, new, expect",
    [
        (
            "formats/jade-hand-legacy/format.yml",
            "bundled: false\n",
            "bundled: false\nparent: jade-hand-legacy\n",
            "jade-hand-legacy → jade-hand-legacy",
        ),
        (
            "formats/jade-hand-legacy/format.yml",
            "bundled: false\n",
            "bundled: false\nparent: obsidian-hand\n",
            "jade-hand-legacy → obsidian-hand → jade-hand-legacy",
        ),
        (
            "cards/bayushi-kwanchai.yml",
            "soul_of: [bayushi-tangen]",
            "soul_of: [bayushi-irezu]",
            "bayushi-irezu → bayushi-kwanchai → bayushi-irezu",
        ),
    ],
)
def test_reference_cycles_are_reported(data_copy, check, file, old, new, expect):
    # These passed as "data ok": a format that is its own ancestor would make every walk up the chain endless.
    path = data_copy / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    _write(path, text.replace(old, new, 1))
    result = check(data_copy)
    assert result.returncode == 1
    assert f"goes round in a circle ({expect})" in result.stdout
