"""Compiled templates in the cache folder (l5r/site/template_cache.py): a folder per installation of the Codex, and
the folder of an installation that is gone removed when the next one is made, so that clones, virtual environments
and moved checkouts do not fill the user's cache for ever."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from jinja2 import DictLoader, Environment

import l5r
from l5r.site import template_cache
from l5r.site.render import jinja_env


def _compile(cache) -> None:
    """Compile a template through `cache`, as a build does (the compiled file is written on a miss)."""
    Environment(loader=DictLoader({"page.html": "{{ x }}"}), bytecode_cache=cache).get_template("page.html")


def _as_installation(monkeypatch, place: Path) -> None:
    monkeypatch.setattr(template_cache, "installation_paths", lambda: [str(place), sys.prefix])


def test_each_installation_compiles_into_its_own_folder_and_a_gone_ones_folder_goes(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    places = {name: tmp_path / name for name in ("gone", "kept", "newest")}
    folders = {}
    for name in ("gone", "kept"):
        places[name].mkdir()
        _as_installation(monkeypatch, places[name])
        made = template_cache.bytecode_cache(cache)
        _compile(made)
        folders[name] = Path(made.directory)
    assert folders["gone"] != folders["kept"]
    assert all(any(folder.glob("__jinja2_*.cache")) for folder in folders.values()), "nothing was compiled"
    jinja = cache / "jinja"
    earlier = jinja / "__jinja2_0123456789abcdef.cache"  # the one folder of every installation, as it was
    earlier.write_bytes(b"compiled")
    unnamed = jinja / "not-ours"  # no installation.txt: left alone
    unnamed.mkdir()
    places["gone"].rmdir()
    _as_installation(monkeypatch, places["newest"])
    newest = Path(template_cache.bytecode_cache(cache).directory)
    assert sorted(p.name for p in jinja.iterdir()) == sorted([folders["kept"].name, newest.name, unnamed.name])
    assert (newest / template_cache.INSTALLATION_FILE).read_text(encoding="utf-8").splitlines() == \
        [str(places["newest"]), sys.prefix]


def test_a_build_finds_this_installations_folder_again(tmp_path, monkeypatch):
    monkeypatch.setenv("L5R_CACHE_DIR", str(tmp_path))
    folder = Path(jinja_env().bytecode_cache.directory)
    assert folder.parent == tmp_path / "jinja"
    assert (folder / template_cache.INSTALLATION_FILE).read_text(encoding="utf-8").splitlines() == \
        [str(Path(l5r.__file__).resolve().parent), sys.prefix]
    (tmp_path / "jinja" / "other").mkdir()  # made meanwhile by another installation: not looked at again
    assert Path(jinja_env().bytecode_cache.directory) == folder
    assert sorted(p.name for p in (tmp_path / "jinja").iterdir()) == sorted([folder.name, "other"])


def test_an_installation_file_that_is_a_fifo_leaves_its_folder_alone_without_a_hang(tmp_path):
    """Read as every cache file is (l5r/data/safefile.py): opened without blocking, so a FIFO is no reader's wait."""
    odd = tmp_path / "jinja" / "0123456789ab"
    odd.mkdir(parents=True)
    os.mkfifo(odd / template_cache.INSTALLATION_FILE)
    code = ("import sys; from pathlib import Path; from l5r.site.template_cache import bytecode_cache; "
            "print(bytecode_cache(Path(sys.argv[1])).directory)")
    try:
        result = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True,
                                timeout=60, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail("making the template cache's folder waited on a FIFO for 60 s")
    assert result.returncode == 0, result.stderr
    assert odd.is_dir() and Path(result.stdout.strip()).parent == tmp_path / "jinja"
