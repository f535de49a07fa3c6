"""Generation does not depend on MkDocs (issue 15): `l5r site generate OUT` writes the generated pages for any
engine, and ProperDocs 1.6.7 (the MkDocs fork that keeps `hooks:`) builds the same site page for page."""

from __future__ import annotations

import re
import subprocess

import pytest
import yaml

from conftest import BIN, ROOT, run_l5r, shared_once, site_build_env

GENERATOR = re.compile(rb'\s*<meta name="generator" content="[^"]*">')
ID = re.compile(r'\bid="([^"]+)"')


def test_generate_writes_every_generated_page_feed_and_the_nav(tmp_path, codex):
    from l5r.site.generate import NAV_FILE, generate

    out = tmp_path / "generated"
    result = run_l5r("site", "generate", out)
    assert result.returncode == 0, result.stderr
    expected = generate(codex, "https://codex.l5r.invalid/")
    written = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()} - {NAV_FILE}
    assert written == set(expected.pages) | set(expected.files)
    for uri, text in expected.pages.items():
        assert (out / uri).read_text(encoding="utf-8") == text, uri
    assert yaml.safe_load((out / NAV_FILE).read_text(encoding="utf-8")) == {"nav": expected.nav}
    assert "formats/obsidian-hand/ii-b.md" in written and "feed.xml" in written


def test_generate_refuses_a_file_as_its_folder(tmp_path):
    target = tmp_path / "a-file"
    target.write_text("x")
    result = run_l5r("site", "generate", target)
    assert result.returncode == 2 and "is a file, not a folder" in result.stderr and "Traceback" not in result.stderr


def test_generate_reports_bad_data_without_a_traceback(tmp_path, data_copy):
    (data_copy / "formats" / "obsidian-hand" / "format.yml").write_text("id: [unclosed\n")
    result = run_l5r("site", "generate", tmp_path / "out", "--data", data_copy)
    assert result.returncode == 1 and "format.yml" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.fixture(scope="session")
def properdocs_site(tmp_path_factory):
    def build(out):
        result = subprocess.run([str(BIN / "properdocs"), "build", "-f", "mkdocs.yml", "--strict", "--site-dir",
                                 str(out)], cwd=ROOT, env=site_build_env(),  # the same pool as built_site's
                                capture_output=True, text=True, check=False)
        assert result.returncode == 0, f"ProperDocs strict build failed:\n{result.stdout}\n{result.stderr}"

    return shared_once(tmp_path_factory, "properdocs-site", build)


def test_properdocs_builds_the_same_site_page_for_page(built_site, properdocs_site):
    files = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*") if p.is_file()}
    other = {p.relative_to(properdocs_site).as_posix() for p in properdocs_site.rglob("*") if p.is_file()}
    assert files == other, f"only MkDocs: {sorted(files - other)[:10]}; only ProperDocs: {sorted(other - files)[:10]}"
    pages = sorted(f for f in files if f.endswith(".html"))
    assert len(pages) > 100
    differ = []
    for page in pages:
        ours = (built_site / page).read_bytes()
        theirs = (properdocs_site / page).read_bytes()
        if ours == theirs:  # most pages (every pool card page): nothing more to compare
            continue
        # Same anchors on every page (what permalinks point at) ...
        assert set(ID.findall(ours.decode())) == set(ID.findall(theirs.decode())), page
        # ... and the same bytes apart from the generator's name in <meta name="generator">.
        if GENERATOR.sub(b"", ours) != GENERATOR.sub(b"", theirs):
            differ.append(page)
    assert not differ, f"pages that differ beyond the generator tag: {differ[:10]}"
    for data in ("search/search_index.json", "permalinks.json", "sitemap.xml", "feed.xml"):
        assert (built_site / data).read_bytes() == (properdocs_site / data).read_bytes(), data
