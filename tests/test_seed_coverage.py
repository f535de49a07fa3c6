"""Every line of every source document is somewhere in data/ (scripts/seed_coverage.py)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import seeds_dir

ROOT = Path(__file__).resolve().parent.parent
# The five source documents (L5R_SEEDS); tests that read them carry the `seeds` mark (tests/conftest.py).
SEEDS = seeds_dir() or Path("L5R_SEEDS-is-not-set")
SCRIPT = ROOT / "scripts" / "seed_coverage.py"
pytestmark = pytest.mark.seeds


def _run(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True)


def test_every_document_is_fully_covered():
    result = _run(SEEDS)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 5
    assert all("100.00 %" in line for line in lines), result.stdout


def test_a_line_missing_from_the_data_is_reported(tmp_path):
    # The check must be able to fail: add a line no data file holds.
    seeds = tmp_path / "seeds"
    shutil.copytree(SEEDS, seeds)
    doc = seeds / "002_ffcd381288e46baf.txt"
    doc.write_text(doc.read_text(encoding="utf-8") + "\nKAMI RULE – Every turn, the Emperor wins.\n", encoding="utf-8")
    result = _run(seeds)
    assert result.returncode == 1
    assert "002_ffcd381288e46baf.txt:" in result.stdout
    assert "not in data: KAMI RULE – Every turn, the Emperor wins." in result.stdout


def test_whitespace_and_quote_styles_are_normalized(tmp_path):
    seeds = tmp_path / "seeds"
    shutil.copytree(SEEDS, seeds)
    doc = seeds / "000_f05ef39847fd66e3.txt"
    text = doc.read_text(encoding="utf-8")
    doc.write_text(text.replace("The Governor’s Estate", "The   Governor's Estate"), encoding="utf-8")
    assert _run(seeds).returncode == 0


def test_debris_is_exempt_only_through_the_reviewed_list():
    import yaml

    spec = yaml.safe_load((ROOT / "scripts" / "seed_exemptions.yml").read_text(encoding="utf-8"))
    exempt = {line for doc in spec["documents"] for line in doc.get("exempt", [])}
    assert exempt <= {
        "From Legend of the Five Rings Rules",
        "Jump to: navigation, search",
        "Contents",
        "Back to the Comprehensive Rules",
        "Personal tools",
    }


def test_a_missing_source_folder_is_an_input_error(tmp_path):
    result = _run(tmp_path / "none")
    assert result.returncode == 2 and "Traceback" not in result.stderr
