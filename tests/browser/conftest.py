"""Browser tests: the online site and the offline copy in Debian's headless Chromium, driven by Playwright.

Each site variant is built once per session: the online site is the strict build of tests/conftest.py
(`built_site`), served over HTTP on 127.0.0.1; the offline copy is what `make offline` makes (scripts/
build_offline.py), unzipped and opened from file://. Every page a test opens records its requests and console
messages; a request to any other machine or a console error fails the test, and a failed test leaves a
full-page screenshot in test-artifacts/.
"""

from __future__ import annotations

import functools
import http.server
import re
import subprocess
import sys
import threading
import zipfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import shared_once, site_build_env  # tests/conftest.py

from l5r.data.buildday import build_day

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ARTIFACTS = ROOT / "test-artifacts"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
LOCAL_SCHEMES = {"file", "data", "blob", "about", "chrome-error"}


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.scheme in {"http", "https", "ws", "wss"} and (parts.hostname or "") in LOCAL_HOSTS


# ---------------------------------------------------------------------------------------------------------
# The two site variants
# ---------------------------------------------------------------------------------------------------------


@dataclass
class Site:
    """A built site and how to address its pages (directory URLs online, .html files offline)."""

    kind: str  # "online" | "offline"
    root_url: str  # ends with /
    directory: Path

    def url(self, uri: str, anchor: str | None = None) -> str:
        """Address of the page generated from `uri` (`formats/oh/ii-b.md`, `index.md`)."""
        if self.kind == "online":
            path = (
                "" if uri == "index.md" else (uri[: -len("index.md")] if uri.endswith("/index.md") else uri[:-3] + "/")
            )
        else:
            path = uri[:-3] + ".html"
        return self.root_url + path + (f"#{anchor}" if anchor else "")

    def file(self, uri: str) -> Path:
        """The built HTML file of the page generated from `uri`."""
        if self.kind == "online":
            rel = (
                "index.html"
                if uri == "index.md"
                else (uri[: -len("index.md")] + "index.html" if uri.endswith("/index.md") else uri[:-3] + "/index.html")
            )
        else:
            rel = uri[:-3] + ".html"
        return self.directory / rel


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@contextmanager
def serve(folder: Path):
    """Serve a built site folder on 127.0.0.1 (an ephemeral port) while the block runs; yields its root URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(folder)))
    # shutdown() waits for the loop's next look at its flag: every 0.5 s by default.
    threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.02}, name="site-server", daemon=True
    ).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def online_site(built_site: Path):
    """The strict site build, served on 127.0.0.1 (an ephemeral port) for the whole session."""
    with serve(built_site) as root_url:
        yield Site("online", root_url, built_site)


@contextmanager
def guarded_page(contexts: "BrowserContexts", console_errors: bool = True, **context_options):
    """A wiped tab, in the file's shared context with these options, whose requests never leave the machine; after
    the block, a request that tried to, or an uncaught script error (and a console error, unless `console_errors`
    is False), fails the test."""
    errors = []
    with contexts.get(**context_options).tab() as (tab, _, outside):
        tab.on("pageerror", lambda e: errors.append(str(e)))
        if console_errors:
            tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        yield tab
    assert not outside, f"requests left the machine: {outside}"
    assert not errors, f"script errors: {errors}"


@dataclass
class OfflineBuild:
    zip_path: Path
    folder: Path  # the unzipped copy (the folder inside the zip)
    output: str


def build_offline_copy(dist: Path, environ: dict) -> OfflineBuild:
    """`make offline` (scripts/build_offline.py) into `dist`, with `environ`, then unzipped beside the zip as a
    player would."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_offline.py"), "--dist", str(dist)],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, f"scripts/build_offline.py failed:\n{result.stdout}\n{result.stderr}"
    zips = sorted(dist.glob("*.zip"))
    assert len(zips) == 1, f"expected one zip in {dist}, found {zips}"
    with zipfile.ZipFile(zips[0]) as z:
        z.extractall(dist / "unzipped")
    folders = [p for p in (dist / "unzipped").iterdir() if p.is_dir()]
    assert len(folders) == 1, f"the zip should hold one folder, found {folders}"
    return OfflineBuild(zips[0], folders[0], result.stdout)


@pytest.fixture(scope="session")
def offline_build(tmp_path_factory) -> OfflineBuild:
    """`make offline` into a scratch dist/, then unzipped as a player would (once per run, shared by xdist's
    workers: tests/conftest.py `shared_once`)."""

    def build(work: Path) -> None:
        done = build_offline_copy(work / "dist", site_build_env())
        (work / "output.txt").write_text(done.output, encoding="utf-8")

    work = shared_once(tmp_path_factory, "offline", build)
    [zip_path] = sorted((work / "dist").glob("*.zip"))
    [folder] = [p for p in (work / "dist" / "unzipped").iterdir() if p.is_dir()]
    return OfflineBuild(zip_path, folder, (work / "output.txt").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def offline_site(offline_build: OfflineBuild) -> Site:
    return Site("offline", offline_build.folder.as_uri() + "/", offline_build.folder)


@pytest.fixture(scope="session", params=["online", "offline"])
def site(request) -> Site:
    """Each browser test runs on the online site and on the offline copy."""
    return request.getfixturevalue(f"{request.param}_site")


# ---------------------------------------------------------------------------------------------------------
# Pages of each type, found from the site plan (so a page that moves is still found)
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    uri: str
    anchor: str | None = None


@pytest.fixture(scope="session")
def plan(codex):
    from l5r.site.planning.plan import plan_site

    return plan_site(codex)


def record_target(plan, record_id: str) -> Target:
    uri, anchor = plan.anchors[record_id]
    return Target(uri, anchor)


def first(items, what: str):
    for item in items:
        return item
    raise AssertionError(f"the data has no {what}")


@pytest.fixture(scope="session")
def page_types(codex, plan) -> dict[str, Target]:
    """One page of every type the site has: where axe, console and network checks run."""
    oh = codex.formats["obsidian-hand"]
    ne = codex.formats["new-era"]
    section = first((s for s in oh.sections if s.number), "numbered Obsidian Hand section")
    keyword = first(ne.keywords, "New Era keyword")
    ban = first(oh.bans.entries if oh.bans else [], "Obsidian Hand ban entry")
    change = first(oh.changelog, "Obsidian Hand changelog entry")
    ability = first(oh.abilities, "Obsidian Hand player ability")
    card = codex.cards.get("bayushi-tangen") or first(codex.cards.values(), "card")
    return {
        "home": Target("index.md"),
        "format-overview": Target(plan.anchors[oh.id][0]),
        "rule-section": Target(plan.anchors[section.id][0]),
        "abilities": Target(plan.anchors[ability.id][0]),
        "keywords": Target(plan.anchors[keyword.id][0]),
        "bans": Target(plan.anchors[ban.id][0]),
        "changelog": Target(plan.anchors[change.id][0]),
        "card": Target(plan.anchors[card.id][0]),
        "print": Target("print/obsidian-hand.md"),
    }


PAGE_TYPES = ["home", "format-overview", "rule-section", "abilities", "keywords", "bans", "changelog", "card", "print"]


# ---------------------------------------------------------------------------------------------------------
# The browser's contexts and tabs (the browser itself: tests/conftest.py `browser`)
# ---------------------------------------------------------------------------------------------------------


# A fresh browser context per test cost about 1.8 CPU-seconds a page load of this site; a fresh tab in a context kept
# open, about 1.1; a tab kept open and wiped between tests, about a third less again (12 loads, the machine's busy
# time: the tab's renderer, compositor and Playwright's own set-up of a page are not started again). Each test is
# lent a wiped tab of the context that its file's tests with the same options share. What a test could leave for
# the next is wiped: its document (the tab goes to about:blank), its listeners, routes and init scripts, the
# viewport and media it emulated, the pointer's place; cookies, when a test starts; an origin's local and session
# storage, at a lent tab's first load of it in the test (a token of the lending's own tells), and at a new tab's
# first load of it. A tab a test closed, or left with what cannot be taken back (a function exposed to pages), is
# not kept.
_NEW_TAB = """(() => {
  if (window.top !== window) return;
  try {
    if (!sessionStorage.getItem('__l5r_tab')) { localStorage.clear(); sessionStorage.setItem('__l5r_tab', '1'); }
  } catch (e) { /* an origin without storage */ }
})();"""
_LENT_TAB = """(() => {
  if (window.top !== window) return;
  try {
    if (sessionStorage.getItem('__l5r_lent') !== %(token)s) {
      localStorage.clear(); sessionStorage.clear();
      sessionStorage.setItem('__l5r_tab', '1'); sessionStorage.setItem('__l5r_lent', %(token)s);
    }
  } catch (e) { /* an origin without storage */ }
})();"""
_DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's, for a context given none


class SharedContext:
    """A browser context kept for a test file, recording the requests of the tabs that are open (a file's tab kept
    for several tests and a test's own tab may be open at once: each sees both's). Requests off the machine fail in
    Chromium itself (tests/conftest.py CHROMIUM_ARGS); each open tab records them as kept from leaving."""

    def __init__(self, browser, options: dict):
        self.context = browser.new_context(**options)
        self.viewport = options.get("viewport", _DEFAULT_VIEWPORT)
        self.context.add_init_script(_NEW_TAB)
        self._open: list[tuple[list[str], list[str]]] = []  # (requests, blocked) of each open tab
        self._idle: list[_KeptTab] = []  # wiped tabs waiting for the next test
        self._lent: set = set()  # the tabs lent now
        self._lendings = 0
        self.context.on("request", self._request)

    def _request(self, request):
        url = request.url
        for requests, blocked in self._open:
            requests.append(url)
            if not is_local(url):
                blocked.append(url)

    @contextmanager
    def tab(self):
        """A wiped tab (kept from an earlier test, or new), with any tab the test opened from it closed after the
        block: (page, every request made while it was open, the requests kept from leaving)."""
        self.context.clear_cookies()
        self._lendings += 1
        kept = self._idle.pop() if self._idle else self._new_tab()
        page = kept.page
        self._lent.add(page)
        before = set(self.context.pages)
        impl = page._impl_obj  # Playwright's own page: its listeners, to take back those the test added
        listeners = {event: list(impl.listeners(event)) for event in impl.event_names()}
        page.add_init_script(_LENT_TAB % {"token": repr(f"{id(self)}-{self._lendings}")})
        seen = ([], [])
        self._open.append(seen)
        try:
            yield page, *seen
        finally:
            # By identity: two open tabs' records are equal whenever both are empty, or a test emptied one.
            self._open = [other for other in self._open if other is not seen]
            # The tabs it opened; not those lent since it started, to tests or fixtures, and kept again.
            ours = {k.page for k in self._idle} | self._lent
            for opened in [p for p in self.context.pages if p not in before and p not in ours]:
                opened.close()
            self._lent.discard(page)
            if not page.is_closed() and not kept.spent and self._wiped(kept, listeners):
                self._idle.append(kept)
            elif not page.is_closed():
                page.close()

    def _new_tab(self) -> "_KeptTab":
        kept = _KeptTab(self.context.new_page())
        page = kept.page
        # The init scripts added while a test has the tab are taken back after it; what a page was given to call
        # cannot be.
        add_init_script = page.add_init_script

        def added(*args, **kwargs):
            script = add_init_script(*args, **kwargs)
            kept.scripts.append(script)
            return script

        def spending(method):
            def spent(*args, **kwargs):
                kept.spent = True
                return method(*args, **kwargs)

            return spent

        page.add_init_script = added
        page.expose_function = spending(page.expose_function)
        page.expose_binding = spending(page.expose_binding)
        return kept

    def _wiped(self, kept: "_KeptTab", listeners: dict) -> bool:
        """Take back what the test did to the tab; False when it could not be (a crashed tab): then it is closed."""
        try:
            self._wipe(kept, listeners)
        except Exception:  # noqa: BLE001 - the tab is closed instead; the test's own outcome stands
            return False
        return True

    def _wipe(self, kept: "_KeptTab", listeners: dict) -> None:
        page = kept.page
        impl = page._impl_obj
        for event in impl.event_names():
            for listener in impl.listeners(event):
                if listener not in listeners.get(event, ()):
                    impl.remove_listener(event, listener)
        if impl._routes:
            page.unroute_all(behavior="ignoreErrors")
        while kept.scripts:
            kept.scripts.pop().close()
        # A cookie a page's script sets reaches the context's cookie store after the script has returned; the page
        # reading its cookies waits for the write, so the clearing when the tab is next lent cannot come first.
        page.evaluate("() => { try { return document.cookie; } catch (e) { return ''; } }")
        page.goto("about:blank")
        if page.viewport_size != self.viewport:
            page.set_viewport_size(self.viewport)
        page.emulate_media(media="null")
        page.mouse.move(0, 0)


@dataclass
class _KeptTab:
    """A tab a SharedContext lends test after test: the init scripts added while it is lent, and whether it was
    given what cannot be taken back."""

    page: object
    scripts: list = field(default_factory=list)
    spent: bool = False


class BrowserContexts:
    """The shared contexts of one test file, one per set of context options (viewport, touch, ...)."""

    def __init__(self, browser):
        self.browser = browser
        self._open: dict[str, SharedContext] = {}

    def get(self, **options) -> SharedContext:
        key = repr(sorted(options.items()))
        if key not in self._open:
            self._open[key] = SharedContext(self.browser, options)
        return self._open[key]

    def close(self) -> None:
        for shared in self._open.values():
            shared.context.close()


@pytest.fixture(scope="module")
def contexts(browser):
    """This test file's shared browser contexts (`SharedContext.tab` lends each test a wiped tab)."""
    pool = BrowserContexts(browser)
    yield pool
    pool.close()


@dataclass
class Tab:
    """A page with everything it asked the network for and everything it said on the console."""

    page: object
    site: Site
    requests: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    def open(self, target: Target | str, anchor: str | None = None):
        if isinstance(target, Target):
            url = self.site.url(target.uri, anchor or target.anchor)
        else:
            url = target
        self.page.goto(url, wait_until="load")
        self.page.wait_for_function("() => document.documentElement.classList.contains('js')")
        return self.page

    def outside_requests(self) -> list[str]:
        return sorted({u for u in self.requests + self.blocked if not is_local(u)})

    def search(self, query: str):
        """Type a query into Material's search box; returns once results (or 'no results') are shown."""
        page = self.page
        box = page.locator(".md-search__input")
        box.click()
        # The index loads in a worker; typing before it is ready leaves "Type to start searching".
        page.wait_for_function(
            """() => {
            const meta = document.querySelector('.md-search-result__meta');
            return meta && !/initializing/i.test(meta.textContent);
        }""",
            timeout=20000,
        )
        # The results (and the count) of a query typed before in this tab go first, so the wait below is for this
        # query's (Material empties the list itself before it shows new results).
        page.evaluate("""() => {
            document.querySelectorAll('.md-search-result__item').forEach(item => item.remove());
            document.querySelector('.md-search-result__meta').textContent = '';
        }""")
        # Material searches on keyup: set the whole query, then one key press, so exactly one search runs.
        box.fill(query)
        box.press("End")
        page.wait_for_function(
            """() => {
                const meta = document.querySelector('.md-search-result__meta');
                const items = document.querySelectorAll('.md-search-result__item');
                return items.length > 0 || (meta && /no matching/i.test(meta.textContent));
            }""",
            timeout=15000,
        )
        return page

    def card_hits(self, query: str) -> list[dict]:
        """The card matches listed for `query` (waits until the list is for that query)."""
        self.page.wait_for_function(
            "q => { const box = document.querySelector('.l5r-card-hits');"
            " return box && box.getAttribute('data-query') === q; }",
            arg=query,
            timeout=10000,
        )
        return self.page.eval_on_selector_all(
            ".l5r-card-hit__link",
            """links => links.map(a => ({
            label: a.querySelector('.l5r-result-format').textContent,
            title: a.querySelector('.l5r-card-hit__title').textContent,
            facts: a.querySelector('.l5r-card-hit__facts').textContent, href: a.href}))""",
        )


@contextmanager
def recorded_tab(contexts: BrowserContexts, site: Site, viewport: dict | None = None):
    """A wiped tab on `site` at 1280 px (or `viewport`), as a Tab that records its requests and console errors (a
    request off the machine is never let out, only recorded)."""
    shared = contexts.get(viewport=viewport or {"width": 1280, "height": 900})
    if site.kind == "online":
        shared.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.root_url.rstrip("/"))
    with shared.tab() as (page, requests, blocked):
        state = Tab(page, site, requests, blocked)
        page.on(
            "console",
            lambda m: (
                state.console_errors.append(f"{m.type}: {m.text} ({m.location.get('url', '')})")
                if m.type == "error"
                else None
            ),
        )
        page.on("pageerror", lambda e: state.console_errors.append(f"uncaught: {e}"))
        yield state


@contextmanager
def checked_tab(state: Tab, request):
    """One test's use of `state`: a full-page screenshot in test-artifacts/ when the test fails; when it passes,
    a request that tried to leave the machine or a console error fails it."""
    shot = ARTIFACTS / (re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid.split("::", 1)[-1])[:150] + ".png")
    shot.unlink(missing_ok=True)  # a screenshot left by an earlier failure of this test
    yield state
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        try:
            state.page.screenshot(path=str(shot), full_page=True)
        except Exception as exc:  # a crashed page cannot be photographed; the failure itself is reported
            print(f"screenshot failed: {exc}")
    if report is not None and report.passed:
        assert not state.outside_requests(), f"requests left the machine: {state.outside_requests()}"
        assert not state.console_errors, f"console errors: {state.console_errors}"


@contextmanager
def kept_tab_for_test(state: Tab, request):
    """A tab kept for several tests (a module's fixture's `recorded_tab`), answering for this test alone: what it
    asked the network for and what the console said since the test began; a screenshot if it fails."""
    for seen in (state.requests, state.blocked, state.console_errors):
        seen.clear()
    with checked_tab(state, request):
        yield state


@pytest.fixture
def tab(contexts, site, request):
    """A wiped tab on `site`: records requests and console errors; screenshot on failure."""
    with recorded_tab(contexts, site) as state, checked_tab(state, request):
        yield state


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture(scope="session")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(
            f"{AXE.relative_to(ROOT)} is missing: run `make node_modules` (npm ci; `make test` does it).", pytrace=False
        )
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def today() -> str:
    return build_day().isoformat()
