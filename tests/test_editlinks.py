"""'Edit this rule' for format maintainers: with a repository (`repo_url`, L5R_REPO_URL), every citation line of a
rule, keyword, ability, ban entry, legal set, ruling, changelog entry and card record links the YAML file and line
that define the record (l5r/site/rendering/editlinks.py); with none, no page has such a link."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from conftest import ROOT, TEST_REPO_URL

from l5r.data.load import load_codex
from l5r.data.model import Origin
from l5r.site.rendering import editlinks
from l5r.site.planning.mdpages import render_site_and_citations

# A citation line (heading or table cell) with what follows it up to its end.
_CITE = re.compile(r'<(div|span) class="l5r-cite[ "][^>]*\bdata-anchor="([^"]+)".*?</\1>', re.DOTALL)
_EDIT = re.compile(r'class="l5r-edit" href="([^"]+)"')
ROOT_URL = TEST_REPO_URL + "/blob/main/"


def test_the_source_root_comes_from_the_repository_and_the_edit_address():
    assert editlinks.source_root(TEST_REPO_URL) == ROOT_URL
    assert editlinks.source_root(TEST_REPO_URL + "/", "edit/trunk/docs/") == TEST_REPO_URL + "/edit/trunk/"
    assert editlinks.source_root(TEST_REPO_URL, "") == TEST_REPO_URL + "/"
    assert editlinks.source_root("") == editlinks.source_root(None) == ""
    assert editlinks.source_root("javascript:alert(1)//") == ""  # only a web address
    assert (
        editlinks.edit_url(ROOT_URL, Origin("data/formats/a b/rules.yml", 12))
        == ROOT_URL + "data/formats/a%20b/rules.yml#L12"
    )
    assert editlinks.edit_url("", Origin("data/x.yml", 1)) == ""


def test_mkdocs_yml_and_the_command_line_read_the_same_repository_setting():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert f'\nrepo_url: !ENV [{editlinks.REPO_URL_ENV}, ""]\n' in config
    # No page-wide edit address: generated pages have no Markdown file to edit, and an engine that builds them from
    # files (`l5r site generate`) would give them one where MkDocs' hooks give none.
    assert '\nedit_uri: ""\n' in config


def _cites(pages: dict[str, str]) -> list[tuple[str, str, str]]:
    """(page, anchor, the citation line's markup) for every citation line of the generated pages."""
    return [(uri, m.group(2), m.group(0)) for uri, text in pages.items() for m in _CITE.finditer(text)]


def test_every_citation_line_links_its_records_yaml_line(tmp_path):
    codex = load_codex(ROOT / "data")
    _plan, pages, _ = render_site_and_citations(codex, None, ROOT_URL)
    cites = _cites(pages)
    assert len(cites) > 300
    kinds, wrong = set(), []
    for uri, anchor, markup in cites:
        record = codex.records.get(anchor) or codex.cards.get(anchor)
        found = _EDIT.findall(markup)
        if record is None or len(found) != 1:
            wrong.append(f"{uri}#{anchor}: {found}")
            continue
        kinds.add(type(record).__name__)
        link = urlsplit(html.unescape(found[0]))
        path = unquote(link.path[len(urlsplit(ROOT_URL).path) :])
        line = int(link.fragment.removeprefix("L"))
        lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
        # The record starts at that line: its id is there or in the lines of the same mapping just below.
        if not (path.startswith("data/") and any(anchor in text for text in lines[line - 1 : line + 3])):
            wrong.append(f"{uri}#{anchor}: {path}:{line} does not define it")
    assert not wrong, f"{len(wrong)} citation lines without their record's line, e.g. {wrong[:5]}"
    assert {"Section", "Keyword", "Ability", "BanEntry", "CardRecord"} <= kinds, kinds


def test_without_a_repository_no_page_has_an_edit_link():
    codex = load_codex(ROOT / "data")
    _plan, pages, _ = render_site_and_citations(codex, None, "")
    assert _cites(pages) and not any("l5r-edit" in text for text in pages.values())


def test_the_built_site_links_the_repository(built_site):
    page = (built_site / "formats" / "modern" / "keywords" / "index.html").read_text(encoding="utf-8")
    found = _EDIT.findall(page)
    assert found and all(f.startswith(ROOT_URL + "data/formats/modern/keywords.yml#L") for f in found), found[:3]


def test_the_edit_links_stay_off_paper():
    assert (
        re.search(r"\.l5r-edit\b[^{]*\{\s*display: none", (ROOT / "docs/assets/print.css").read_text())
        or ".l5r-edit," in Path(ROOT / "docs/assets/print.css").read_text()
    )


def test_a_codex_loaded_from_another_folder_is_not_handed_out_here(tmp_path, monkeypatch):
    """Records name their YAML files from the folder the Codex was loaded in: a Codex a test (or a command) loaded
    elsewhere in the same process must not give this folder's edit links its paths."""
    monkeypatch.chdir(tmp_path)
    elsewhere = load_codex(ROOT / "data")
    monkeypatch.chdir(ROOT)
    here = load_codex(ROOT / "data")
    record = next(r for r in here.records.values() if r.origin is not None and r.origin.path)
    assert record.origin.path.startswith("data/"), record.origin
    assert elsewhere.records[record.id].origin.path.startswith("/"), elsewhere.records[record.id].origin
