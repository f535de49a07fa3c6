"""Generation does not depend on MkDocs: `l5r site generate OUT` writes the generated pages for any
engine, and ProperDocs 1.6.7 (the MkDocs fork that keeps `hooks:`) builds the same site page for page."""

from __future__ import annotations

import re
import subprocess

import pytest
import yaml

from conftest import (
    BIN,
    TEST_SITE_URL,
    hookless_build,
    l5r_here,
    no_pool_env,
    project_site,
    redirected_project,
    run_l5r,
    shared_once,
    small_project,
    small_project_site,
)

# The end-to-end tier: whole builds, servers or installs of their own (`make test-fast` leaves it out).
pytestmark = pytest.mark.endtoend

GENERATOR = re.compile(rb'\s*<meta name="generator" content="[^"]*">')
ID = re.compile(r'\bid="([^"]+)"')


def test_generate_writes_every_generated_page_feed_and_the_nav(tmp_path, codex, monkeypatch, capsys):
    from l5r.cli import main
    from l5r.site.building.generate import NAV_FILE, generate

    # The command in this process (what it writes is the point), both sides without a card pool.
    monkeypatch.setenv("L5R_CARDPOOL", "none")
    out = tmp_path / "generated"
    assert main(["site", "generate", str(out), "--site-url", TEST_SITE_URL]) == 0, capsys.readouterr().err
    expected = generate(codex, TEST_SITE_URL, pool_dir=None)
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
    assert result.returncode == 2 and "format.yml" in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1].startswith("l5r site generate: the data in ")
    assert not (tmp_path / "out").exists()


# -- An engine without hooks (Zensical): generate, build, `l5r site postbuild` ---------------------------------
# Of the small copy of the project (tests/small_project.py), without the card pool: the passes that only the pool
# needs (its card pages, written by the Codex itself) are the same call in both builds.


@pytest.fixture(scope="session", params=["offline", "online"])
def both_builds(request, tmp_path_factory):
    """(the hooks build, the hook-less build then `l5r site postbuild`) of the small copy of the project: offline
    and without a public address, as the run's other build of it is (`small_project_site`); online, with two
    records renamed and redirects from their old addresses (tests/conftest.py `redirected_project`, which
    tests/test_permalinks.py follows too): the same site but for those anchors, and the redirect stubs and
    moved-anchor markers compared as well."""
    if request.param == "online":
        shared = redirected_project(tmp_path_factory)
        return shared / "site", shared / "hookless" / "site"
    hooks = small_project_site(tmp_path_factory, offline=True, site_url=None)
    env = no_pool_env()
    env.pop("L5R_SITE_URL", None)
    work = shared_once(
        tmp_path_factory,
        "small-hookless-offline-no-address",
        lambda out: hookless_build(small_project(tmp_path_factory), out, offline=True, env=env),
    )
    return hooks, work / "site"


@pytest.fixture(scope="session")
def properdocs_site(tmp_path_factory):
    """The small copy of the project with two records renamed and redirects from their old addresses
    (tests/conftest.py `redirected_project`) built by ProperDocs as that fixture builds it with MkDocs: strict, for
    the test address, without a card pool."""
    project = redirected_project(tmp_path_factory) / "repo"

    def build(out):
        result = subprocess.run(
            [str(BIN / "properdocs"), "build", "-f", "mkdocs.yml", "--strict", "--site-dir", str(out)],
            cwd=project,
            env=no_pool_env(L5R_SITE_URL=TEST_SITE_URL),
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, f"ProperDocs strict build failed:\n{result.stdout}\n{result.stderr}"

    return shared_once(tmp_path_factory, "properdocs-small-site", build)


def test_properdocs_builds_the_same_site_page_for_page(tmp_path_factory, properdocs_site):
    """ProperDocs builds mkdocs.yml, hooks and all, into the MkDocs build: the same files, the same anchors on every
    page, the same bytes but the generator's name, the redirect stubs of the moved pages included. Both of the small
    copy of the project with its renamed records (the build the hook-less engine is compared with too), without a
    card pool: the pool's pages and the pool's facts on the card records are written by the Codex's own pass after
    the engine (l5r/site/building/postbuild.py, the same call under either engine)."""
    built_site = redirected_project(tmp_path_factory) / "site"
    files = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*") if p.is_file()}
    other = {p.relative_to(properdocs_site).as_posix() for p in properdocs_site.rglob("*") if p.is_file()}
    assert files == other, f"only MkDocs: {sorted(files - other)[:10]}; only ProperDocs: {sorted(other - files)[:10]}"
    pages = sorted(f for f in files if f.endswith(".html"))
    assert len(pages) > 50
    differ = []
    for page in pages:
        ours = (built_site / page).read_bytes()
        theirs = (properdocs_site / page).read_bytes()
        if ours == theirs:  # most pages: nothing more to compare
            continue
        # Same anchors on every page (what permalinks point at) ...
        assert set(ID.findall(ours.decode())) == set(ID.findall(theirs.decode())), page
        # ... and the same bytes apart from the generator's name in <meta name="generator">.
        if GENERATOR.sub(b"", ours) != GENERATOR.sub(b"", theirs):
            differ.append(page)
    assert not differ, f"pages that differ beyond the generator tag: {differ[:10]}"
    for data in ("search/search_index.json", "permalinks.json", "sitemap.xml", "feed.xml"):
        assert (built_site / data).read_bytes() == (properdocs_site / data).read_bytes(), data
    # Not vacuous: the moved page's redirect stub and the moved anchor's marker are among the files compared.
    moved = properdocs_site / "formats/new-era"
    assert b"proxies-renamed/#ne-proxies-renamed" in (moved / "proxies/index.html").read_bytes()
    assert b'data-l5r-moved="ne-kw-absent"' in (moved / "keywords/index.html").read_bytes()


def _files(folder):
    # Not the hooks' records for the next build into the folder (`.l5r-*`: l5r/site/glue/mkdocs_reuse.py), which
    # no reader opens and the published site leaves out.
    return {
        p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() and not p.name.startswith(".l5r-")
    }


def test_a_hookless_build_then_postbuild_is_the_hooks_build(both_builds, request):
    """Every file, byte for byte: the same pages (same anchors, titles escaped for the tooltips, moved-anchor
    markers, offline links and no feed links offline), the same search index (tags, card and print pages left
    out, in the same order), permalinks.json, short links, card index, sitemap."""
    hooks, hookless = both_builds
    ours, theirs = _files(hooks), _files(hookless)
    assert ours == theirs, (
        f"only with hooks: {sorted(ours - theirs)[:10]}; only hook-less: {sorted(theirs - ours)[:10]}"
    )
    pages = sorted(f for f in ours if f.endswith(".html"))
    assert len(pages) > 50 and "permalinks.json" in ours and "search/codex.js" in ours
    anchors, differ = [], []
    for name in sorted(ours):
        a, b = (hooks / name).read_bytes(), (hookless / name).read_bytes()
        if a == b:
            continue
        differ.append(name)
        if name.endswith(".html") and set(ID.findall(a.decode())) != set(ID.findall(b.decode())):
            anchors.append(name)
    assert not anchors, f"pages whose anchors differ: {anchors[:10]}"
    assert not differ, f"files that differ: {differ[:10]}"
    # Not vacuous: the passes did their work (tags in the search index; online, the moved anchors' marker and the
    # stub of the page that moved; offline, links to page files and the search index as a script).
    assert b'"tags":["MOD 2"]' in (hookless / "search/search_index.json").read_bytes()
    if request.node.callspec.params["both_builds"] == "online":
        assert b'data-l5r-moved="ne-kw-absent"' in (hookless / "formats/new-era/keywords/index.html").read_bytes()
        assert b"proxies-renamed/#ne-proxies-renamed" in (hookless / "formats/new-era/proxies/index.html").read_bytes()
    else:
        assert b'href="formats/modern/index.html"' in (hookless / "index.html").read_bytes()
        assert (hookless / "search/search_index.js").is_file()


def test_postbuild_refuses_a_site_twice_and_a_folder_never_built(tmp_path, both_builds):
    """Before loading any data (a user's mistake is told at once, and the site is left as it is). The command in this
    process (`l5r_here`): the refusal is what it decides; the console script ran the post-build itself."""
    _, hookless = both_builds
    again = l5r_here("site", "postbuild", hookless)
    assert again.returncode == 2 and "already post-built" in again.stderr and "Traceback" not in again.stderr
    assert again.stderr.startswith("l5r site postbuild: ")
    empty = l5r_here("site", "postbuild", tmp_path)
    assert empty.returncode == 2 and "no search/search_index.json" in empty.stderr and "Traceback" not in empty.stderr
    missing = l5r_here("site", "postbuild", tmp_path / "nowhere")
    assert missing.returncode == 2 and "is not a folder" in missing.stderr and "Traceback" not in missing.stderr


def test_generated_card_and_print_pages_leave_the_search_index_by_their_own_front_matter(codex):
    from l5r.site.building.generate import generate

    pages = generate(codex).pages  # no card pool
    excluded = [uri for uri in pages if uri.startswith(("card/", "cards/", "print/"))]
    assert len(excluded) > 10
    for uri in excluded:
        meta = yaml.safe_load(pages[uri].split("---\n", 2)[1])
        assert meta["search"]["exclude"] is True, uri


def test_the_chromes_indentation_is_cut_and_the_article_and_raw_text_kept():
    """Material's templates indent the chrome every page repeats (header, navigation, footer: a fifth of a page):
    the post-build pass cuts white space between two of its tags to one line break, which a browser shows the
    same; the article, a <pre>'s and a <script>'s text stay byte for byte."""
    from l5r.site.building.postbuild import ARTICLE, squeeze_chrome

    raw = "<pre>a >\n    <b>x</b></pre><script>if (a >\n  <b) {}</script>"
    article = f"{ARTICLE}<p>one</p>\n    <pre>  kept >\n    <i>as it is</i></pre>\n  </article>"
    page = (
        f"<html>\n  <head>\n    <title>t</title>\n  </head>\n  <body>\n    {raw}\n      {article}\n  </body>\n</html>\n"
    )
    squeezed = squeeze_chrome(page)
    assert squeezed == f"<html>\n<head>\n<title>t</title>\n</head>\n<body>\n{raw}\n{article}\n</body>\n</html>\n"
    assert squeeze_chrome("<p>\n  no article\n</p>") == "<p>\n  no article\n</p>"


def test_the_chrome_is_cut_as_one_pattern_over_the_whole_part_would():
    """The chrome's white space is cut between the raw elements, found first (postbuild.py `_squeeze`): the same
    text as one pattern over the whole part, raw element or white space at each point, cuts, for generated text made
    of tags, raw elements in either case, white space of every kind and words."""
    import random

    from l5r.site.building.postbuild import _squeeze

    whole = re.compile(r"(<(script|style|pre|textarea)\b.*?</\2>)|(?<=>)[ \t]*\n\s*(?=<|\Z)", re.S | re.I)
    pieces = ["<", ">", " ", "\t", "\n", "\r", "\f", "\u00a0", "a", "<b>", "<script>", "</script>", "<PRE>", "</pre>"]
    pieces += ["<style x>", "</STYLE>", "<textarea>", "</textarea>", "<scripts>", "</p>\n  <li>"]
    chance = random.Random(5)
    for _ in range(50_000):
        text = "".join(chance.choice(pieces) for _ in range(chance.randint(0, 30)))
        assert _squeeze(text) == whole.sub(lambda m: m.group(1) or "\n", text), repr(text)


def test_a_built_pages_chrome_carries_no_indentation(tmp_path_factory):
    """On the project's build: no page's chrome has a line break followed by indentation between two tags."""
    site = project_site(tmp_path_factory)
    pages = [site / "index.html", site / "formats" / "index.html", site / "cards" / "search" / "index.html"]
    for path in pages:
        page = path.read_text(encoding="utf-8")
        chrome = page[: page.find("<article")] + page[page.rfind("</article>") :]
        chrome = re.sub(r"<(script|style|pre|textarea)\b.*?</\1>", "<raw/>", chrome, flags=re.S)
        assert not re.search(r">[ \t]*\n\s+<", chrome), path
