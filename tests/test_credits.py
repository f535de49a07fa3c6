"""Licence and credits: the Codex's own code and data are under the MIT License (LICENSE, pyproject.toml); NOTICE
and the site's Credits page name the source documents as they name themselves, the game_on_yasuki card database
(fetched by each user, never committed), the trademark, and that the Codex is fan-made and unofficial; every page's
footer carries the copyright line, a link to the Credits page and the repository's address (mkdocs.yml `copyright`,
`repo_url` from L5R_REPO_URL), online and in the offline copy, and the offline zip carries NOTICE and LICENSE."""

from __future__ import annotations

import html
import os
import re
import sys
import tomllib
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml
from conftest import ROOT, TEST_REPO_URL, TEST_SITE_URL, small_offline_copy

sys.path.insert(0, str(ROOT / "scripts"))
import build_offline

CREDITS = ROOT / "docs" / "credits.md"
NOTICE = ROOT / "NOTICE"
COPYRIGHT = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\ntheme:")[0].replace("!ENV", ""))[
    "copyright"
]
_FOOTER = re.compile(r'<div class="md-copyright">(.*?)</div>\s*</div>', re.DOTALL)
_HREF = re.compile(r'<a href="([^"]+)" class="l5r-credits">')


def _bundled_formats() -> list[dict]:
    out = []
    for path in sorted((ROOT / "data" / "formats").glob("*/format.yml")):
        record = yaml.safe_load(path.read_text(encoding="utf-8"))
        if record.get("bundled", True):
            out.append(record)
    return out


def test_the_licence_is_mit_and_the_package_says_so():
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and set(project["license-files"]) == {"LICENSE", "NOTICE"}
    assert project["authors"] and project["urls"] and any("Games" in c for c in project["classifiers"])


@pytest.mark.parametrize("path", [NOTICE, CREDITS], ids=["NOTICE", "credits-page"])
def test_the_credits_name_every_document_the_pool_and_the_trademark(path):
    text = " ".join(path.read_text(encoding="utf-8").split())
    formats = _bundled_formats()
    assert len(formats) >= 4
    for record in formats:
        assert record["name"] in text, f"{path.name} does not credit {record['name']}"
    for needed in (
        "game_on_yasuki",
        "l5r cardpool fetch",
        "Legend of the Five Rings is a trademark of its owner",
        "unofficial",
        "fan-made",
        "MIT License",
        "Alderac Entertainment Group",
    ):
        assert needed in text, f"{path.name} lacks {needed!r}"


def _footer(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    match = _FOOTER.search(text)
    assert match, f"{page}: no footer copyright"
    return match.group(1)


def _check_footers(root: Path, pages: list[Path], credits_page: Path) -> None:
    assert pages
    for page in pages:
        footer = _footer(page)
        assert html.escape(COPYRIGHT, quote=False) in footer, page
        assert f'href="{TEST_REPO_URL}"' in footer, page
        [href] = _HREF.findall(footer)
        base = urlsplit(TEST_SITE_URL).path  # the 404 page links from the site's root path
        target = Path(os.path.normpath(root / href[len(base) :] if href.startswith(base) else page.parent / href))
        if target.is_dir():
            target /= "index.html"
        assert target == credits_page, f"{page.relative_to(root)}: credits link {href} goes to {target}"


def _rendered_pages(root: Path) -> list[Path]:
    """The pages MkDocs renders with the theme (the pool's card pages have a shell of their own)."""
    return [p for p in sorted(root.rglob("*.html")) if "md-footer" in p.read_text(encoding="utf-8", errors="replace")]


def test_every_page_of_the_site_has_the_footer_and_the_credits_page(built_site):
    credits_page = built_site / "credits" / "index.html"
    assert "game_on_yasuki" in credits_page.read_text(encoding="utf-8")
    pages = _rendered_pages(built_site)
    assert len(pages) > 100
    _check_footers(built_site, pages, credits_page)


@pytest.mark.browser  # (the offline copy's file checks share its build: the browser tier)
def test_the_offline_copy_has_the_footer_and_the_credits_page(tmp_path_factory):
    site, _printed = small_offline_copy(tmp_path_factory)
    credits_page = site / "credits.html"
    assert "game_on_yasuki" in credits_page.read_text(encoding="utf-8")
    _check_footers(site, _rendered_pages(site), credits_page)


def test_no_footer_names_a_repository_when_none_is_set():
    # The partial's logic, rendered as MkDocs would with no repository (L5R_REPO_URL unset, repo_url empty).
    from jinja2 import Environment, FileSystemLoader

    env = Environment(loader=FileSystemLoader(str(ROOT / "l5r" / "site" / "theme")), autoescape=False)
    env.filters["url"] = lambda value: value
    template = env.get_template("partials/copyright.html")
    config = {"copyright": "<b>x</b>", "repo_url": ""}
    out = template.render(config=config, nav=None)
    assert "l5r-repository" not in out and "&lt;b&gt;x&lt;/b&gt;" in out
    out = template.render(config=dict(config, repo_url=TEST_REPO_URL), nav=None)
    assert f'href="{TEST_REPO_URL}"' in out


def test_the_offline_zip_carries_the_notice_and_the_licence(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>hi</p>", encoding="utf-8")
    dest = tmp_path / "copy.zip"
    build_offline.zip_site(site, dest, "l5r-codex-offline-2026-01-01", "2026-01-01")
    with zipfile.ZipFile(dest) as z:
        names = set(z.namelist())
        assert {"l5r-codex-offline-2026-01-01/NOTICE.txt", "l5r-codex-offline-2026-01-01/LICENSE.txt"} <= names
        assert z.read("l5r-codex-offline-2026-01-01/NOTICE.txt") == NOTICE.read_bytes()
        assert b"NOTICE.txt" in z.read("l5r-codex-offline-2026-01-01/READ-ME-FIRST.txt")


def test_the_offline_check_allows_the_repository_link_and_nothing_else(tmp_path):
    (tmp_path / "a.html").write_text(
        f'<a href="{TEST_REPO_URL}">repo</a> <a href="https://evil.example/">x</a>'
        f'<a href="{TEST_REPO_URL}/blob/main/data/x.yml#L3">Edit</a>'
        f'<a href="{TEST_REPO_URL}-fork/">a neighbour</a>',
        encoding="utf-8",
    )
    found = build_offline.outside_addresses(tmp_path, "", None, TEST_REPO_URL)
    assert len(found) == 2 and "evil.example" in found[0] and "-fork" in found[1], found
    assert len(build_offline.outside_addresses(tmp_path, "", None, "")) == 4


def test_every_pool_card_page_credits_the_card_database(built_site):
    """The pool's card pages have a shell of their own, without the theme's footer: each credits the database it
    reprints and links the Credits page."""
    pages = sorted((built_site / "card").glob("*/index.html"))
    assert len(pages) > 100
    credits_page = built_site / "credits" / "index.html"
    for page in pages:
        text = page.read_text(encoding="utf-8")
        found = re.search(
            r'<p(?: class="l5r-card-source")?>Card data: the game_on_yasuki card database \(<a href="([^"]+)">', text
        )
        assert found, f"{page.relative_to(built_site)}: no credit"
        assert Path(os.path.normpath(page.parent / found.group(1))) / "index.html" == credits_page, found.group(1)
