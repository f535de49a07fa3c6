"""`mkdocs build` into the folder of a previous build reuses that build's page renderings
(l5r/site/glue/mkdocs_reuse.py, kept in the site folder's `.l5r-reuse.json.gz`): after any kind of edit the folder
must end byte for byte as a fresh build of the edited project writes it, and a damaged file must give a correct
build, never a traceback. Built from the small copy of the project (tests/small_project.py) without New Era
(Modern's and the AEG rules' pages are of every kind its are, and none of its pages is edited here: about a
quarter less CPU a build), without a card pool. The project and its first build are made once for the file; each
test builds into a copy of that build, and the one test that edits the project puts every file it edited back as
it was."""

from __future__ import annotations

import gzip
import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import BIN, ROOT, TEST_SITE_URL, small_project_copy
from l5r.site.glue import mkdocs_reuse

# The end-to-end tier: whole builds, servers or installs of their own (`make test-fast` leaves it out).
pytestmark = pytest.mark.endtoend

REUSE = mkdocs_reuse.REUSE_FILE
_NOISE = random.Random(7).randbytes(4096)  # the same in every pytest-xdist worker: the tests' ids are made from it


def _env(project: Path) -> dict:
    # The package copied beside the project comes first on the path, so that a test can edit its code.
    env = {k: v for k, v in os.environ.items() if k not in ("L5R_CARDPOOL", "PYTHONPATH")}
    env.update(NO_MKDOCS_2_WARNING="1", L5R_CARDPOOL="none", L5R_SITE_URL=TEST_SITE_URL, PYTHONPATH=str(project))
    return env


def _build(project: Path, site: Path, *options: str) -> str:
    result = subprocess.run(
        [str(BIN / "mkdocs"), "build", "--strict", *options, "--site-dir", str(site)],
        cwd=project,
        env=_env(project),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Traceback" not in result.stderr
    return result.stderr


def _tree(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def _differ(a: Path, b: Path) -> list[str]:
    one, two = _tree(a), _tree(b)
    return sorted(rel for rel in one.keys() | two.keys() if one.get(rel) != two.get(rel))


def _project(tmp_path_factory, folder: Path) -> Path:
    """The small project without New Era, with its own copy of the package and a theme override folder (a project
    `custom_dir` holding a copy of a partial the Codex's theme has), so that a test can edit either."""
    project = small_project_copy(tmp_path_factory, folder, new_era=False)
    shutil.copytree(ROOT / "l5r", project / "l5r", ignore=shutil.ignore_patterns("__pycache__"))
    overrides = project / "overrides" / "partials"
    overrides.mkdir(parents=True)
    shutil.copy2(ROOT / "l5r" / "site" / "theme" / "partials" / "copyright.html", overrides / "copyright.html")
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert "\ntheme:\n  name: material\n" in text
    config.write_text(
        text.replace("\ntheme:\n  name: material\n", "\ntheme:\n  name: material\n  custom_dir: overrides\n")
    )
    return project


@pytest.fixture(scope="module")
def first_build(tmp_path_factory) -> tuple[Path, Path]:
    """The project and its first build (a build into an empty folder): (project, site folder). A test builds into a
    copy of the site folder (the reuse file's keys name the project's config file, not the site folder)."""
    folder = tmp_path_factory.mktemp("reuse")
    project = _project(tmp_path_factory, folder)
    site = folder / "first-build"
    _build(project, site)
    assert (site / REUSE).is_file()
    return project, site


def _site_copy(first: Path, tmp_path: Path) -> Path:
    site = tmp_path / "site"
    shutil.copytree(first, site)
    return site


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path.name} no longer says {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# The files `_edits` changes, put back as they were when the test ends.
EDITED = (
    "data/formats/modern/rules.yml",
    "data/formats/modern/format.yml",
    "docs/credits.md",
    "overrides/partials/copyright.html",
    "l5r/site/planning/examples.py",
)


def _edits(project: Path) -> list[tuple[str, object]]:
    def rule_words():  # a rule's title (its text must quote the format's document word for word)
        _replace(project / "data" / "formats" / "modern" / "rules.yml", "title: Deck Size\n", "title: Size of a Deck\n")

    def short_name():  # the format's name in the nav of every page
        _replace(project / "data" / "formats" / "modern" / "format.yml", "short_name: Modern", "short_name: Modern Era")

    def docs_page():
        page = project / "docs" / "credits.md"
        page.write_text(page.read_text(encoding="utf-8") + "\nOne more line of thanks.\n", encoding="utf-8")

    def template():
        _replace(project / "overrides" / "partials" / "copyright.html", "{#-", "<!-- edited -->\n{#-")

    def package_code():  # what a verified example's fence renders: no page's Markdown changes
        _replace(
            project / "l5r" / "site" / "planning" / "examples.py",
            "    return searchindex.words_apart(present.render_fence(",
            '    return "<!-- edited -->" + searchindex.words_apart(present.render_fence(',
        )

    return [
        ("a docs/ page", docs_page),
        ("a rule's words", rule_words),
        ("a format's short name", short_name),
        ("a theme template", template),
        ("the package's code", package_code),
    ]


def test_a_rebuild_after_each_kind_of_edit_is_a_fresh_build(first_build, tmp_path):
    project, first = first_build
    site = _site_copy(first, tmp_path)
    # Content and modification time (the examples' key holds the files' times, as `mkdocs serve` looks at them).
    before = {name: ((project / name).read_bytes(), (project / name).stat()) for name in EDITED}
    try:
        for n, (what, edit) in enumerate(_edits(project)):
            edit()
            _build(project, site)
            fresh = tmp_path / f"fresh-{n}"
            _build(project, fresh)
            assert _differ(site, fresh) == [], f"after editing {what}"
        assert "<!-- edited -->" in (site / "scenarios" / "modern" / "index.html").read_text(encoding="utf-8")
        assert "Modern Era" in (site / "credits" / "index.html").read_text(encoding="utf-8")
    finally:
        for name, (data, stat) in before.items():
            (project / name).write_bytes(data)
            os.utime(project / name, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def _table(site: Path) -> dict:
    return json.loads(gzip.decompress((site / REUSE).read_bytes()))


def _write_table(site: Path, table: dict) -> None:
    (site / REUSE).write_bytes(gzip.compress(json.dumps(table).encode("utf-8")))


def test_an_entry_whose_key_is_the_same_is_used_and_one_whose_key_differs_is_not(first_build, tmp_path):
    """Proof that a rebuild reuses at all: an entry changed behind its key shows in the page (which no real
    entry's would), and the same change under another key does not, nor under another log level (under `-q` a
    page's warnings are not seen, so what a quiet build kept must not spare a plain build's warnings)."""
    project, first = first_build
    site = _site_copy(first, tmp_path)
    table = _table(site)
    key, html = table["themed"]["credits.md"]
    assert "</body>" in html
    table["themed"]["credits.md"] = [key, html.replace("</body>", "<!-- kept -->\n</body>")]
    _write_table(site, table)
    _build(project, site)
    assert "<!-- kept -->" in (site / "credits" / "index.html").read_text(encoding="utf-8")
    table["themed"]["credits.md"] = ["another key", html.replace("</body>", "<!-- kept -->\n</body>")]
    _write_table(site, table)
    _build(project, site)
    assert "<!-- kept -->" not in (site / "credits" / "index.html").read_text(encoding="utf-8")
    table["themed"]["credits.md"] = [key, html.replace("</body>", "<!-- kept -->\n</body>")]
    _write_table(site, table)
    _build(project, site, "--quiet")
    assert "<!-- kept -->" not in (site / "credits" / "index.html").read_text(encoding="utf-8")


def _damaged(table: dict) -> dict[str, bytes]:
    md_key = next(iter(table["markdown"]))
    wrong_shapes = json.loads(json.dumps(table))
    for row in wrong_shapes["markdown"].values():
        row[2] = [[1, 2, "three", False, []]]  # a table of contents entry that is not one
    for row in wrong_shapes["search"].values():
        row[1] = ["not an entry"]
    for row in wrong_shapes["themed"].values():
        row[1] = {"not": "html"}
    wrong_shapes["markdown"][md_key] = [wrong_shapes["markdown"][md_key][0], 7, [], None, None, None]
    whole = gzip.compress(json.dumps(table).encode("utf-8"))
    return {
        "garbage": _NOISE,
        "truncated": whole[: len(whole) // 2],
        "entries of the wrong shape": gzip.compress(json.dumps(wrong_shapes).encode("utf-8")),
    }


def test_a_damaged_reuse_file_gives_a_correct_build(first_build, tmp_path):
    project, fresh = first_build
    site = _site_copy(fresh, tmp_path)
    table = _table(site)
    for what, data in _damaged(table).items():
        (site / REUSE).write_bytes(data)
        _build(project, site)
        assert _differ(site, fresh) == [], f"after a {what} reuse file"


@pytest.mark.parametrize(
    "data",
    [b"", b"\x1f\x8b\x08\x00", _NOISE[:64], gzip.compress(b"[]"), gzip.compress(b'{"version": 1}')],
    ids=["empty", "a gzip header alone", "noise", "a list", "no tables"],
)
def test_a_reuse_file_that_cannot_be_read_gives_empty_tables(tmp_path, data):
    (tmp_path / REUSE).write_bytes(data)
    assert mkdocs_reuse.read_reuse_file(tmp_path, "e") == {"markdown": {}, "themed": {}, "search": {}}


def test_a_reuse_file_of_another_environment_is_not_read(tmp_path):
    rows = {"markdown": {}, "themed": {"a.md": ["k", "<p>a</p>"]}, "search": {}}
    (tmp_path / REUSE).write_bytes(gzip.compress(json.dumps({"version": 1, "environment": "e", **rows}).encode()))
    assert mkdocs_reuse.read_reuse_file(tmp_path, "e") == rows
    assert mkdocs_reuse.read_reuse_file(tmp_path, "f")["themed"] == {}


_NAV_PROJECT = {
    "mkdocs.yml": """site_name: Nav
theme:
  name: material
  features: [navigation.sections, navigation.indexes, navigation.prune]
hooks: [hook.py]
""",
    "hook.py": """from l5r.site.glue import mkdocs_reuse


def on_startup(command, dirty):
    mkdocs_reuse.start_reuse()


def on_env(env, config, files):
    return mkdocs_reuse.themed_env(env)
""",
    "docs/index.md": "# Home\n",
    "docs/one/index.md": "# One\n",
    "docs/one/a.md": "# A\n",
    "docs/one/deep/x.md": "# X\n",
    "docs/two/b.md": "---\nsubtitle: first\n---\n# B\n",
    "docs/two/c.md": "# C\n",
}

# In one process, as `mkdocs serve` rebuilds: each edit, then the site rebuilt with what the last build kept, and a
# fresh build of the same project with nothing kept; the pages that differ, and how many top nav items were kept.
_NAV_REBUILDS = """
import json, sys
from pathlib import Path
from mkdocs.commands.build import build
from mkdocs.config import load_config
from l5r.site.glue import mkdocs_reuse

project = Path(sys.argv[1])
caches = mkdocs_reuse.CACHES

def run(site):
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(site))
    config.plugins.on_startup(command="serve", dirty=False)
    build(config)

run(project / "served")
out = []
for name, old, new in json.loads(sys.argv[2]):
    path = project / name
    if old is None:  # a page moved: another address
        path.rename(project / new)
    else:
        path.write_text(path.read_text().replace(old, new), encoding="utf-8")
    run(project / "served")
    kept = (caches.markdown, caches.themed, caches.search, caches.nav)
    caches.markdown, caches.themed, caches.search, caches.nav = {}, {}, {}, {}
    run(project / "fresh")
    caches.markdown, caches.themed, caches.search, caches.nav = kept
    pages = sorted(p.relative_to(project / "fresh").as_posix() for p in (project / "fresh").rglob("*.html"))
    differ = [p for p in pages if (project / "served" / p).read_bytes() != (project / "fresh" / p).read_bytes()]
    out.append([name, differ, len(caches.nav)])
print(json.dumps(out))
"""


def test_a_top_nav_item_is_kept_only_while_what_it_shows_is_the_same(tmp_path):
    """Each page's top nav items the page is not in are kept between rebuilds (`mkdocs_reuse._NavItemModule`): after
    a page's title, its front matter shown in the nav (a subtitle) or its address changes, every page is what a
    fresh build writes. A tiny Material project of its own: what is checked is the nav, not the Codex."""
    import json
    import sys

    for name, text in _NAV_PROJECT.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    # The nav is the docs folder's (a title or an address in mkdocs.yml would change the config, which every kept
    # rendering is keyed by): a page's title is its heading.
    edits = [
        ("docs/one/a.md", "# A", "# A changed"),
        ("docs/two/b.md", "subtitle: first", "subtitle: second"),
        ("docs/one/deep/x.md", None, "docs/one/deep/y.md"),
    ]
    result = subprocess.run(
        [sys.executable, "-c", _NAV_REBUILDS, str(tmp_path), json.dumps(edits)],
        cwd=tmp_path,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    for name, differ, kept in json.loads(result.stdout.strip().splitlines()[-1]):
        assert kept, "top nav items were kept"
        assert not differ, f"after an edit of {name}: {differ}"
