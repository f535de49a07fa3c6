"""`mkdocs serve` reuses what an edit did not touch (l5r/site/glue/mkdocs_serve.py): what it serves after an edit must
be, byte for byte, what a plain build of the edited data writes. Served and built from the small copy of the
project (tests/small_project.py) without New Era: every kind of record and page in fewer pages."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.request

import pytest

from conftest import BIN, small_project_copy, terminal_signals

# The end-to-end tier: whole builds, servers or installs of their own (`make test-fast` leaves it out).
pytestmark = pytest.mark.endtoend

# The script MkDocs' live server puts before </body> of every page it serves.
LIVERELOAD = re.compile(rb"<script>\s*var livereload = function.*?</script>(?=</body>)", re.S)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.read()
    except OSError:
        return b""


def test_served_pages_after_an_edit_are_what_a_build_writes(tmp_path, tmp_path_factory):
    work = small_project_copy(tmp_path_factory, tmp_path, new_era=False)
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    # Served at the server's root, whatever public address the calling shell has (L5R_SITE_URL would move it).
    # The run's cache folder, as every build of the run has it: a cold one would cost the first build the data's
    # schema check, which is not what this test is about.
    env = {k: v for k, v in os.environ.items() if k not in ("L5R_CARDPOOL", "L5R_SITE_URL")}
    env.update(NO_MKDOCS_2_WARNING="1", L5R_CARDPOOL="none")
    # `mkdocs serve` builds into a folder of its own under TMPDIR and removes it when stopped with Ctrl-C.
    serve_tmp = tmp_path / "serve-tmp"
    serve_tmp.mkdir()
    env["TMPDIR"] = str(serve_tmp)
    proc = subprocess.Popen(
        [str(BIN / "mkdocs"), "serve", "--livereload", "--watch", "data", "--dev-addr", f"127.0.0.1:{port}"],
        cwd=work,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=terminal_signals,
    )
    log: list[str] = []
    ready = threading.Event()

    def read():
        for line in proc.stdout:
            log.append(line)
            if "Serving on" in line:
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        assert ready.wait(240), "mkdocs serve did not start:\n" + "".join(log[-30:])
        # An everyday edit (a rule's text: three pages change) and one that changes every page (the nav).
        rules = work / "data/formats/modern/rules.yml"
        rules.write_text(
            rules.read_text(encoding="utf-8").replace(
                "Only 1 copy per card is allowed:", "Only 1 copy per card is allowed (served):"
            ),
            encoding="utf-8",
        )
        fmt = work / "data/formats/modern/format.yml"
        fmt.write_text(
            fmt.read_text(encoding="utf-8").replace("short_name: Modern\n", "short_name: Modern Served\n"),
            encoding="utf-8",
        )
        start = time.monotonic()
        while not (
            b"Modern Served" in _get(url + "formats/modern/")
            and b"(served)" in _get(url + "formats/modern/deck-construction/")
        ):
            assert time.monotonic() - start < 120, "the edit never showed:\n" + "".join(log[-30:])
            time.sleep(0.2)
        time.sleep(1.0)  # both edits in one rebuild or two: wait for a quiet moment, then read every page
        # The plain build of the same data, for the same address (the served site's site_url is the server's).
        config = (work / "mkdocs.yml").read_text(encoding="utf-8")
        (work / "plain.yml").write_text(re.sub(r"(?m)^site_url: .*$", f"site_url: {url}", config), encoding="utf-8")
        built = tmp_path / "built"
        result = subprocess.run(
            [str(BIN / "mkdocs"), "build", "-q", "-f", "plain.yml", "--site-dir", str(built)],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        pages = sorted(p.relative_to(built).as_posix() for p in built.rglob("*.html"))
        assert len(pages) > 50
        differ = []
        for page in pages:
            served = _get(url + page)
            if LIVERELOAD.sub(b"", served) != (built / page).read_bytes():
                differ.append(page)
        assert not differ, f"{len(differ)} served pages differ from the build, e.g. {differ[:5]}"
        for data in ("search/search_index.json", "permalinks.json"):
            assert _get(url + data) == (built / data).read_bytes(), data
    finally:
        stopped = _stop(proc)
    # Stopped as a user stops it, with Ctrl-C: it ends, and takes its build folder with it (a server ended by
    # SIGTERM left one behind, a whole site, in the temporary folder, at every run).
    assert stopped, "mkdocs serve did not end within 10 s of Ctrl-C:\n" + "".join(log[-30:])
    assert not list(serve_tmp.iterdir()), f"left behind: {sorted(p.name for p in serve_tmp.iterdir())}"


def _stop(proc: subprocess.Popen) -> bool:
    """Ctrl-C (SIGINT), as a user stops the server; killed when it has not ended 10 s later. True if it ended."""
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(10)
        return True
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return False


def test_a_build_freezes_what_it_loaded_and_serve_does_not(monkeypatch):
    """What a `mkdocs build` has loaded is set aside from the garbage collector's full collections (gc.freeze), the
    pending garbage with it (a collection would walk it all once more), and the collector waits while it is loaded;
    not under `mkdocs serve`, whose rebuilds load anew. A load that fails leaves the collector on and nothing
    frozen. The card page writers' own freeze, before they fork, then leaves it frozen."""
    import gc

    from l5r.site.cardpage import write
    from l5r.site.glue import mkdocs_glue, mkdocs_serve

    calls = []
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    monkeypatch.setattr(gc, "unfreeze", lambda: calls.append("unfreeze"))
    monkeypatch.setattr(gc, "collect", lambda: calls.append("collect") or 0)
    monkeypatch.setattr(mkdocs_serve, "serving", lambda: False)
    with mkdocs_glue._set_aside_from_the_collector():
        calls.append(f"loading, collector on: {gc.isenabled()}")
    assert calls == ["loading, collector on: False", "freeze"], "a build freezes, and collects nothing first"
    assert gc.isenabled()

    calls.clear()
    with pytest.raises(ValueError), mkdocs_glue._set_aside_from_the_collector():
        raise ValueError("a data file with problems")
    assert calls == [] and gc.isenabled(), "a failed load freezes nothing"

    monkeypatch.setattr(mkdocs_serve, "serving", lambda: True)
    with mkdocs_glue._set_aside_from_the_collector():
        calls.append(f"loading, collector on: {gc.isenabled()}")
    assert calls == ["loading, collector on: True"], "serve does not"

    class _Bar:
        def advance(self, count):
            pass

    for frozen, expected in ((1, ["freeze"]), (0, ["freeze", "unfreeze"])):
        calls.clear()
        monkeypatch.setattr(gc, "get_freeze_count", lambda n=frozen: n)
        monkeypatch.setattr(write, "_write_cards", _no_cards)
        write._forked_writers(None, [], 1, _Bar())
        assert calls == expected, f"writers with {frozen} frozen before them"


def _no_cards(job, share):
    return {}, 0


def test_full_collections_wait_until_a_rebuild_is_served(monkeypatch):
    """Under `mkdocs serve` a rebuild runs without the collector's full collections (with the pool, ~0.45 s each,
    before the edit could show): one runs after the rebuild, unless another rebuild has begun by then."""
    import gc

    from l5r.site.glue import mkdocs_serve

    original = gc.get_threshold()
    collected = []
    monkeypatch.setattr(gc, "collect", lambda *a: collected.append(gc.get_threshold()) or 0)
    during = []

    class _Server:
        def builder(self):
            during.append((gc.get_threshold(), len(collected)))

    server = _Server()
    try:
        mkdocs_serve.collecting_after_rebuilds(server)
        server.builder()
        assert during == [((original[0], original[1], mkdocs_serve._NO_FULL_COLLECTION), 0)]
        assert collected == [], "not before the rebuilt page can be served"
        assert gc.get_threshold()[2] == mkdocs_serve._NO_FULL_COLLECTION, "nor started by the next allocations"
        time.sleep(mkdocs_serve.COLLECT_AFTER + 0.5)
        assert collected == [original], "after it, with the thresholds as they were"
        assert gc.get_threshold() == original

        collected.clear()
        mkdocs_serve.rebuild_ends(delay=0.2)
        mkdocs_serve.rebuild_starts()  # another edit, before the collection
        time.sleep(0.5)
        assert collected == [], "a rebuild begun meanwhile is not slowed by it"
        mkdocs_serve.rebuild_ends(delay=0.05)
        time.sleep(0.4)
        assert collected == [original], "it collects after itself"
    finally:
        mkdocs_serve.rebuild_starts()  # nothing left pending
        gc.set_threshold(*original)
        mkdocs_serve._COLLECTOR.threshold = None


def test_a_pages_passes_are_reused_for_the_same_page_and_moved_anchors(codex):
    """`mkdocs serve` keeps each page's passes (postbuild.page_html) while the page the theme gave and its
    moved-anchor markers are the same: whatever the order of rebuilds, each result is what the passes give."""
    import dataclasses

    from l5r.site.building import postbuild
    from l5r.site.building.generate import Generated
    from l5r.site.glue import mkdocs_serve
    from l5r.site.planning.plan import plan_site

    plan = plan_site(codex)
    moved = codex.redirects[0]
    page_file = moved.old.partition("#")[0] + "index.html"
    with_markers = postbuild.PagePasses(codex, Generated(plan, {}, {}), True, False, {})
    without = dataclasses.replace(with_markers, codex=dataclasses.replace(codex, redirects=()))
    pages = [
        f'<html><body>\n  <nav></nav>\n{postbuild.ARTICLE}<p><abbr title="a &lt;b&gt;">{word}</abbr></p>'
        "</article>\n  <footer></footer></body></html>"
        for word in ("one", "two")
    ]
    given = []
    for page, passes, where in [
        (pages[0], with_markers, page_file),
        (pages[0], without, page_file),  # a redirect removed: the markers go
        (pages[1], without, page_file),  # the page changed
        (pages[1], without, "other/index.html"),  # another page, no markers: kept apart
        (pages[1], with_markers, "other/index.html"),
        (pages[1], with_markers, page_file),
    ]:
        given.append(mkdocs_serve.passed_page(page, where, passes))
        assert given[-1] == postbuild.page_html(page, where, passes), (where, passes is with_markers)
    assert "l5r-moved" in given[0] and "l5r-moved" not in given[1]
    # What else the passes read, they are run for each time: the home page's latest updates, the offline links.
    assert postbuild.page_html_key(pages[0], "index.html", with_markers) is None
    offline = dataclasses.replace(with_markers, offline=True)
    assert postbuild.page_html_key(pages[0], "other/index.html", offline) is None
    assert postbuild.page_html_key(pages[0], "other/index.html", with_markers) is not None


def test_a_served_file_written_again_holds_exactly_the_new_bytes(tmp_path):
    """The served folder's files are written over in place (`mkdocs_serve.overwrite_in_place`), not emptied first:
    shorter, longer or the same length, the file then holds the new bytes and nothing of the old; a file that is
    not there is left to MkDocs' own write."""
    from l5r.site.glue import mkdocs_serve

    page = tmp_path / "index.html"
    for content in (b"<p>a long first page</p>\n" * 40, b"<p>short</p>", b"<p>SHORT</p>", b"<p>longer again</p>" * 9):
        if not page.exists():
            page.write_bytes(b"")
        assert mkdocs_serve.overwrite_in_place(str(page), content)
        assert page.read_bytes() == content
    assert not mkdocs_serve.overwrite_in_place(str(tmp_path / "new" / "index.html"), b"x")
    assert not (tmp_path / "new").exists()


def test_the_theme_files_are_listed_again_only_when_a_theme_folder_changes(tmp_path, monkeypatch):
    """`mkdocs serve` keeps the list of the theme's static files (`mkdocs_serve.theme_static_files`) while every
    theme folder has the modification time it had when they were listed: a file added, removed or renamed in any
    of them (a new folder too) lists them again, and so does a folder changed too recently to tell."""
    from types import SimpleNamespace

    from l5r.site.glue import mkdocs_serve

    monkeypatch.setattr(mkdocs_serve, "SESSION", mkdocs_serve.ServeSession())
    theme = tmp_path / "theme"
    (theme / "assets").mkdir(parents=True)
    (theme / "assets" / "a.css").write_text("a", encoding="utf-8")
    config = SimpleNamespace(theme=SimpleNamespace(dirs=[str(theme)], static_templates={"404.html"}))
    listings = []

    def listed():
        found = sorted((p.relative_to(theme).as_posix(), str(theme)) for p in theme.rglob("*") if p.is_file())
        listings.append(found)
        return found

    def settle(*folders, age=60):
        for folder in folders:
            os.utime(folder, (time.time() - age, time.time() - age))

    def files():
        return [path for path, _ in mkdocs_serve.theme_static_files(config, listed)]

    assert files() == ["assets/a.css"] and len(listings) == 1
    assert files() == ["assets/a.css"] and len(listings) == 2, "a folder changed just now is not kept"
    settle(theme, theme / "assets")
    assert files() == ["assets/a.css"] and len(listings) == 3
    assert files() == ["assets/a.css"] and len(listings) == 3, "kept while no folder changed"
    (theme / "assets" / "b.css").write_text("b", encoding="utf-8")
    settle(theme / "assets", age=30)
    assert files() == ["assets/a.css", "assets/b.css"] and len(listings) == 4
    (theme / "new").mkdir()
    (theme / "new" / "c.js").write_text("c", encoding="utf-8")
    settle(theme, theme / "new", age=20)
    assert files() == ["assets/a.css", "assets/b.css", "new/c.js"] and len(listings) == 5
    assert files() == ["assets/a.css", "assets/b.css", "new/c.js"] and len(listings) == 5
    (theme / "new" / "c.js").rename(theme / "new" / "d.js")
    settle(theme / "new", age=10)
    assert files() == ["assets/a.css", "assets/b.css", "new/d.js"] and len(listings) == 6
    config.theme.static_templates = {"404.html", "sitemap.xml"}  # other settings: listed again
    assert len(files()) == 3 and len(listings) == 7


def test_the_search_index_is_written_after_the_rebuild_and_read_only_once_written(monkeypatch):
    """Under the live server a rebuild's search index is made after the rebuild (`mkdocs_serve.search_after_rebuilds`),
    from the pages' inputs noted as the rebuild rendered them, in their order, then tagged: a request for it waits
    until it is written, and so do the next rebuild and the server's shutdown. A rebuild that stopped part-way
    writes none, and leaves nothing waiting. (tests above: what it writes is a plain build's index.)"""
    from types import SimpleNamespace

    from l5r.site.glue import mkdocs_serve

    done: list = []
    later = mkdocs_serve._SearchLater(add=lambda index, page: done.append(("entries", page.url)))
    later.written.set()
    monkeypatch.setattr(mkdocs_serve, "_SEARCH", later)
    release = threading.Event()

    def write():
        release.wait(10)
        done.append("written")

    def build(noted=("a/", "b/"), finish=True):
        assert mkdocs_serve.search_later()
        later.pages.extend((None, SimpleNamespace(url=url)) for url in noted)
        if finish:
            later.write = write
            mkdocs_serve.tag_search_later(lambda: done.append("tagged"))

    server = SimpleNamespace(builder=build)
    mkdocs_serve.search_after_rebuilds(server)
    assert not mkdocs_serve.search_later(), "only a rebuild of the live server writes its index later"
    server.builder()
    assert not mkdocs_serve.search_later()
    asked = threading.Thread(target=mkdocs_serve.search_index_written, args=(SimpleNamespace(),))
    asked.start()
    asked.join(0.3)
    assert asked.is_alive(), "a request for the index waits while it is being written"
    assert done == [("entries", "a/"), ("entries", "b/")]
    release.set()
    asked.join(5)
    assert not asked.is_alive() and done[2:] == ["written", "tagged"]

    done.clear()
    release.clear()
    server.builder()
    nxt = threading.Thread(target=server.builder, kwargs={"noted": ("c/",)})
    nxt.start()
    nxt.join(0.3)
    assert nxt.is_alive() and "written" not in done, "the next rebuild waits for the index being written"
    release.set()
    nxt.join(5)
    mkdocs_serve.search_written_out()
    assert done == [("entries", "a/"), ("entries", "b/"), "written", "tagged", ("entries", "c/"), "written", "tagged"]

    done.clear()
    server.builder(finish=False)  # stopped before its end: nothing written, nobody kept waiting
    assert later.written.is_set() and later.job is None and done == []

    def broken(**kwargs):
        build()
        raise RuntimeError("a build that failed after the search plugin's end")

    server.builder = broken
    mkdocs_serve.search_after_rebuilds(server)
    with pytest.raises(RuntimeError):
        server.builder()
    assert later.written.is_set() and later.job is None and done == []


def test_the_live_server_polls_data_quicker_and_rebuilds_sooner_after_a_change():
    """`mkdocs_serve.quicker_polling`: the folders watched after on_serve are polled every 0.2 s, not 0.5 s, and a
    rebuild waits `SETTLE` seconds, not MkDocs' tenth of a second, for more changes (a poll reports its changes at
    once). A server without these settings is left as it is."""
    from types import SimpleNamespace

    from mkdocs.livereload import LiveReloadServer

    from l5r.site.glue import mkdocs_serve

    server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=_free_port(), root=".")
    try:
        assert server.build_delay > mkdocs_serve.SETTLE, "MkDocs' own wait, which this cuts"
        mkdocs_serve.quicker_polling(server)
        assert server.observer._timeout == 0.2
        assert server.build_delay == mkdocs_serve.SETTLE
    finally:
        server.server_close()
    bare = SimpleNamespace()
    mkdocs_serve.quicker_polling(bare)
    assert vars(bare) == {}
