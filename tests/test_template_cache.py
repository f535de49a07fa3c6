"""Compiled templates in the cache folder (l5r/site/rendering/template_cache.py): a folder per installation of the Codex, and
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
from l5r.site.rendering import template_cache
from l5r.site.rendering.render import jinja_env


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
    assert all(any(folder.glob("*.code")) for folder in folders.values()), "nothing was compiled"
    jinja = cache / "jinja"
    earlier = jinja / "__jinja2_0123456789abcdef.cache"  # the one folder of every installation, as it was
    earlier.write_bytes(b"compiled")
    unnamed = jinja / "not-ours"  # no installation.txt: left alone
    unnamed.mkdir()
    places["gone"].rmdir()
    _as_installation(monkeypatch, places["newest"])
    newest = Path(template_cache.bytecode_cache(cache).directory)
    assert sorted(p.name for p in jinja.iterdir()) == sorted([folders["kept"].name, newest.name, unnamed.name])
    assert (newest / template_cache.INSTALLATION_FILE).read_text(encoding="utf-8").splitlines() == [
        str(places["newest"]),
        sys.prefix,
    ]


def test_a_build_finds_this_installations_folder_again(tmp_path, monkeypatch):
    monkeypatch.setenv("L5R_CACHE_DIR", str(tmp_path))
    folder = Path(jinja_env().bytecode_cache.directory)
    assert folder.parent == tmp_path / "jinja"
    assert (folder / template_cache.INSTALLATION_FILE).read_text(encoding="utf-8").splitlines() == [
        str(Path(l5r.__file__).resolve().parent),
        sys.prefix,
    ]
    (tmp_path / "jinja" / "other").mkdir()  # made meanwhile by another installation: not looked at again
    assert Path(jinja_env().bytecode_cache.directory) == folder
    assert sorted(p.name for p in (tmp_path / "jinja").iterdir()) == sorted([folder.name, "other"])


def test_an_installation_file_that_is_a_fifo_leaves_its_folder_alone_without_a_hang(tmp_path):
    """Read as every cache file is (l5r/data/safefile.py): opened without blocking, so a FIFO is no reader's wait."""
    odd = tmp_path / "jinja" / "0123456789ab"
    odd.mkdir(parents=True)
    os.mkfifo(odd / template_cache.INSTALLATION_FILE)
    code = (
        "import sys; from pathlib import Path; from l5r.site.rendering.template_cache import bytecode_cache; "
        "print(bytecode_cache(Path(sys.argv[1])).directory)"
    )
    try:
        result = subprocess.run(
            [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=60, check=False
        )
    except subprocess.TimeoutExpired:
        pytest.fail("making the template cache's folder waited on a FIFO for 60 s")
    assert result.returncode == 0, result.stderr
    assert odd.is_dir() and Path(result.stdout.strip()).parent == tmp_path / "jinja"


# ---------------------------------------------------------------------------------------------------------
# A file or folder planted in the cache is never code that runs (issue: hostile input, round three)
# ---------------------------------------------------------------------------------------------------------

OTHER_USER = 54321  # any uid but this one's: the tests run where the owner of a file can be set (as root)

needs_chown = pytest.mark.skipif(os.geteuid() != 0, reason="planting another user's file needs chown (root)")


def _key(name: str) -> str:
    import hashlib

    return hashlib.sha1(name.encode("utf-8")).hexdigest()  # Jinja's key of a template without a file name


class _Marker:
    """Code that, when it runs, leaves a file: what a planted cache file would do."""

    def __init__(self, where: Path):
        self.where = where

    def __reduce__(self):
        return (Path.touch, (self.where,))


def _planted_files(folder: Path, marker: Path, name: str = "page.html") -> None:
    """A file of Jinja's own cache whose pickled checksum runs code, and a compiled file of the Codex's layout whose
    code leaves the marker (written as this user's cache writes it, with the right header), both for `name`."""
    import hashlib
    import pickle

    from jinja2.bccache import Bucket, bc_magic

    (folder / f"__jinja2_{_key(name)}.cache").write_bytes(bc_magic + pickle.dumps(_Marker(marker)))
    env = Environment(loader=DictLoader({name: "{{ x }}"}))
    bucket = Bucket(env, _key(name), hashlib.sha1(b"{{ x }}").hexdigest())
    bucket.code = compile(
        f"open({str(marker)!r}, 'w').close()\n"
        "def root(context, missing=None, environment=None):\n    yield 'planted'\n"
        "blocks = {}\ndebug_info = ''\n",
        "<planted>",
        "exec",
    )
    if hasattr(template_cache, "CodeCache"):
        template_cache.CodeCache(folder).dump_bytecode(bucket)


@needs_chown
def test_a_planted_compiled_template_never_runs(tmp_path):
    """Jinja's own cache unpickles the checksum of every file it finds (`pickle.load` runs what it holds): a file
    planted there ran code at the next `l5r site generate`. Only a file this user owns, that no one else can write
    to, is loaded, and never with pickle."""
    marker = tmp_path / "ran"
    made = template_cache.bytecode_cache(tmp_path / "cache")
    folder = Path(made.directory)
    _planted_files(folder, marker)
    for planted in folder.iterdir():
        if planted.name != template_cache.INSTALLATION_FILE:
            os.chown(planted, OTHER_USER, OTHER_USER)
    made = template_cache.bytecode_cache(tmp_path / "cache")
    page = Environment(loader=DictLoader({"page.html": "{{ x }}"}), bytecode_cache=made).get_template("page.html")
    assert page.render(x="mine") == "mine"
    assert not marker.exists(), "a planted file ran"


def test_a_compiled_file_others_can_write_is_not_loaded(tmp_path):
    marker = tmp_path / "ran"
    made = template_cache.bytecode_cache(tmp_path / "cache")
    _planted_files(Path(made.directory), marker)
    for planted in Path(made.directory).iterdir():
        os.chmod(planted, 0o666)
    page = Environment(loader=DictLoader({"page.html": "{{ x }}"}), bytecode_cache=made).get_template("page.html")
    assert page.render(x="mine") == "mine" and not marker.exists()


def test_code_compiled_in_another_environment_is_not_reused(tmp_path):
    """The same template compiled where a filter is plain and loaded where it takes the context (MkDocs' `url`):
    Jinja's cache handed out the other environment's code, which called the filter without its context."""
    from jinja2 import pass_context

    cache = tmp_path / "cache"
    plain = Environment(
        loader=DictLoader({"page.html": "{{ x | shout }}"}), bytecode_cache=template_cache.bytecode_cache(cache)
    )
    plain.filters["shout"] = lambda value: value.upper()
    assert plain.get_template("page.html").render(x="a") == "A"
    contextual = Environment(
        loader=DictLoader({"page.html": "{{ x | shout }}"}), bytecode_cache=template_cache.bytecode_cache(cache)
    )
    contextual.filters["shout"] = pass_context(lambda context, value: value.upper() + "!")
    assert contextual.get_template("page.html").render(x="a") == "A!"


def test_a_fifo_as_a_compiled_template_is_a_miss_not_a_hang(tmp_path):
    folder = Path(template_cache.bytecode_cache(tmp_path).directory)
    for name in (f"__jinja2_{_key('page.html')}.cache", f"{_key('page.html')}.code"):
        os.mkfifo(folder / name)
    code = (
        "import sys; from pathlib import Path; from jinja2 import DictLoader, Environment; "
        "from l5r.site.rendering.template_cache import bytecode_cache; "
        "env = Environment(loader=DictLoader({'page.html': '{{ x }}'}), "
        "bytecode_cache=bytecode_cache(Path(sys.argv[1]))); "
        "print(env.get_template('page.html').render(x='ok'))"
    )
    try:
        result = subprocess.run(
            [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=60, check=False
        )
    except subprocess.TimeoutExpired:
        pytest.fail("a FIFO in the template cache hung the build for 60 s")
    assert result.returncode == 0 and result.stdout == "ok\n", result.stderr


@needs_chown
def test_a_cache_folder_of_another_user_is_not_used_and_said_once(tmp_path, capsys):
    jinja = tmp_path / "jinja"
    jinja.mkdir()
    os.chown(jinja, OTHER_USER, OTHER_USER)
    getattr(template_cache, "_NOTED", set()).clear()
    assert template_cache.bytecode_cache(tmp_path) is None
    assert template_cache.bytecode_cache(tmp_path) is None
    err = capsys.readouterr().err
    assert (
        err.count("\n") == 1
        and err.startswith("note: compiled templates are not kept between builds: ")
        and "belongs to another user" in err
    ), err


def test_a_cache_folder_others_can_write_to_is_narrowed_to_its_owner(tmp_path):
    jinja = tmp_path / "jinja"
    jinja.mkdir()
    os.chmod(jinja, 0o777)
    folder = Path(template_cache.bytecode_cache(tmp_path).directory)
    assert (jinja.stat().st_mode & 0o777, folder.stat().st_mode & 0o777) == (0o700, 0o700)
    _compile(template_cache.bytecode_cache(tmp_path))
    assert all(p.stat().st_mode & 0o077 == 0 for p in folder.glob("*.code"))
