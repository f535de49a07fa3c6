"""The chrome every pool card page shares, its one stylesheet and its one script (the site with the pool ≤ 60 MB,
a card page ≤ 40 KB).

Every pool card page repeats this chrome, so every byte of it is paid once per card of the pool (the sizes are
in the benchmark's output). The chrome keeps Material's look (its stylesheets and colour scheme, the header
bar) but names ONE stylesheet, assets/card-page.css, written once per build as the concatenation of the
stylesheets the search page's shell links (less those nothing on a card page uses), instead of five `<link>`
tags on every page. Concatenated, not `@import`ed: one request, and nothing that a file:// page could be refused.
"""

from __future__ import annotations

import re
from pathlib import Path

CARD_CSS = "assets/card-page.css"
# Stylesheets of the shell that nothing on a card page uses (print layout, history, scenarios, the deck checker
# page). The search box's (codex-search.css) is kept: a card page's header search shows format labels and card hits.
SKIPPED_CSS = ("print.css", "history.css", "scenarios.css", "deck-check.css")
_LINK = re.compile(r'<link rel="stylesheet" href="([^"]*)">')
_EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.I)
# The few rules that let the card page's short markup (a bare header bar, <main> holding the article directly)
# look like Material's longer chrome (.md-header__title links, .md-container > .md-main > .md-content).
CARD_RULES = """
/* card pages: l5r/site/cardpage/chrome.py (the short header bar a page has until assets/card-chrome.js replaces it) */
.l5r-bar{display:flex;flex-wrap:wrap;align-items:center;padding:0 .8rem}
.l5r-bar a{color:inherit;font-size:.9rem;line-height:2.4rem;margin:0 .4rem;white-space:nowrap}
.l5r-bar a:first-child{flex-grow:1;font-weight:700}
@media screen and (max-width:30em){.l5r-bar a{font-size:.8rem;margin:0 .3rem}}
.md-content .l5r-card-text{max-width:40rem}
"""
_SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/")
# Material's colour attributes on the shell's <body> (scheme, primary, accent): a card page's <body> goes without
# them (card-chrome.js sets them as the page loads), so every rule the stylesheet keys on one of the shell's
# values also holds for a <body> without that attribute, at the same specificity (:where adds none).
# The lookbehind starts a match only at a run of white space's first character: one pass over a long run, not one
# per character of it.
COLOUR_ATTR = re.compile(r'(?<!\s)\s+data-md-color-([a-z]+)="([^"]*)"')


def colours(shell_html: str) -> dict[str, str]:
    """The shell's colour attributes: {"scheme": "default", "primary": "red", …}."""
    body = re.search(r"<body[^>]*>", shell_html)
    return dict(COLOUR_ATTR.findall(body.group(0))) if body else {}


# Classes and attributes every pool card page leaves for card-chrome.js to add (the element as the page is written,
# before the script: the classes it then has, in front of any it has; attributes it then has, None: the element's
# words, hyphenated). The page without script looks the same: card-page.css's rules for a class, or for having
# the attribute, also hold for that element while the <body> has no colour scheme yet (the script sets one
# first), at the same specificity (:where adds none).
Upgrade = tuple[str, str, dict[str, str | None]]
UPGRADES: tuple[Upgrade, ...] = (
    ("body>a:first-child", "md-skip", {}),
    ("body>header", "md-header l5r-bar", {}),
    ("body>div", "md-container", {}),
    ("body>div>main", "md-main", {}),
    ("body>div>main>div", "md-main__inner md-grid", {}),
    ("body>div>main>div>div", "md-content", {}),
    ("body>div>main>div>div>article", "md-content__inner", {}),
    ("article>.l5r-cite", "", {"data-anchor": "card"}),
    ("article>.l5r-cite>a", "l5r-cite__link", {}),
    ("article>.l5r-cite>a>code", "l5r-cite__id", {}),
    ("#l5r-verdict", "l5r-verdict", {}),
    # The status cell's data-status is its words hyphenated ("not checked": not-checked), as the template writes.
    ("article>table.l5r-legality>tbody>tr>td:nth-child(2)", "", {"data-status": None}),
    ("article>dl:first-of-type", "l5r-card-facts", {}),
    ("#text+div", "l5r-card-text", {}),
    ("article>p:last-of-type", "l5r-card-source", {}),
)
_BEFORE_SCRIPT = "body:not([data-md-color-scheme])"


def _upgrade_default(css: str) -> str:
    for where, classes, attrs in UPGRADES:
        unset = (
            where.replace("body>", _BEFORE_SCRIPT + ">", 1)
            if where.startswith("body>")
            else f"{_BEFORE_SCRIPT} {where}"
        )
        for name in classes.split():
            css = re.sub(rf"\.{re.escape(name)}(?![\w-])", rf":is(\g<0>,:where({unset}))", css)
        for name in attrs:
            css = css.replace(f"[{name}]", f":is([{name}],:where({unset}))")
    return css


def _colour_default(css: str, colour: dict[str, str]) -> str:
    for name, value in colour.items():
        attr = f"data-md-color-{name}"
        unset = f":where(body:not([{attr}]))"
        css = re.sub(rf"\[{attr}=([\"']?){re.escape(value)}\1\]", rf":is(\g<0>,{unset})", css)
    return css


def shell_stylesheets(shell_html: str, shell_depth: int) -> tuple[list[str], list[str]]:
    """The shell's stylesheets: (site-relative paths of local ones to bundle, external `<link>` tags to keep)."""
    local, external = [], []
    for match in _LINK.finditer(shell_html):
        href = match.group(1)
        if any(href.split("?")[0].endswith(css) for css in SKIPPED_CSS):
            continue
        if _EXTERNAL.match(href):
            external.append(match.group(0))
            continue
        prefix = "../" * shell_depth
        local.append(href[len(prefix) :] if href.startswith(prefix) else href)
    return local, external


def write_card_css(site_dir: Path, local: list[str], colour: dict[str, str] | None = None) -> None:
    """assets/card-page.css: the bundled stylesheets, in the shell's order (the cascade stays the same).
    Their `url(...)` values are data: URIs or sit beside the bundle (assets/); a relative one from another folder
    is re-rooted so it still resolves from assets/."""
    parts = []
    for rel in local:
        path = site_dir / rel
        if not path.is_file():
            continue
        text = _SOURCE_MAP.sub("", path.read_text(encoding="utf-8"))
        folder = str(Path(rel).parent.as_posix())
        if folder not in ("assets", "."):
            sub = folder[len("assets/") :] + "/" if folder.startswith("assets/") else "../" + folder + "/"
            # The lookahead comes before the optional quote, so a quoted data: URI is never re-rooted.
            text = re.sub(
                r"url\((?!['\"]?(?:data:|[a-z][a-z0-9+.-]*:|/|#))(['\"]?)", r"url(\g<1>" + _re_escape(sub), text
            )
        parts.append(f"/* {rel} */\n{_colour_default(text, colour or {})}")
    (site_dir / CARD_CSS).write_text(_upgrade_default("\n".join(parts) + CARD_RULES), encoding="utf-8")


def _re_escape(text: str) -> str:
    # A replacement string's backslashes are its own escapes: a folder name is taken as written.
    return text.replace("\\", "\\\\")


def favicon(shell_html: str) -> str:
    found = re.search(r'<link rel="icon" href="[^"]*">', shell_html)
    return found.group(0) if found else ""


# -----------------------------------------------------------------------------------------------------------
# The site's chrome on every pool card page, from ONE shared script
# -----------------------------------------------------------------------------------------------------------
# Material's header (search box, colour toggle) and its navigation are tens of KB of markup: one copy per card
# page would be hundreds of MB. Each card page carries Material's page skeleton (toggles, container, an empty primary sidebar, a short
# header bar that works without script) and one script, assets/card-chrome.js, written once per build from the
# card search page's own chrome: it puts that header and navigation into the page, then loads the scripts the
# search page loads (Material's bundle, the Codex's), so the search box, the menu on a phone and "Copy citation"
# work as on every other page. Links in it are written from the site's root and completed in the browser from
# the script's own address, so the same file serves every card page, online and from disk.

CHROME_JS = "assets/card-chrome.js"
PAGE_JS = "assets/card-page.js"  # the date picker's script, loaded by CHROME_JS where a page has a timeline
_HEADER = re.compile(r'<header class="md-header[^"]*"[^>]*>.*?</header>', re.S)
_SIDEBAR = re.compile(
    r'<div class="md-sidebar md-sidebar--primary"[^>]*>(.*?)</div>\s*'
    r'(?=<div class="md-sidebar md-sidebar--secondary"|<div class="md-content")',
    re.S,
)
_CONFIG = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.S)
_SCRIPT_SRC = re.compile(r'<script src="([^"]+)"></script>')
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)
_URL_ATTR = re.compile(r'\b(href|src)="([^"#][^"]*)"')
# Scripts of the search page that a card page does not need (the deck checker's page script).
SKIPPED_JS = ("deck-check.js",)


def _from_root(url: str, shell_path: str) -> str | None:
    """A URL of the shell page as a path from the site's root (None when it leaves the site)."""
    from urllib.parse import urljoin

    if _EXTERNAL.match(url):
        return None
    joined = urljoin("http://site.invalid/" + shell_path, url)
    return joined[len("http://site.invalid/") :] if joined.startswith("http://site.invalid/") else None


def _rooted(html: str, shell_path: str) -> str:
    def swap(m):
        path = _from_root(m.group(2), shell_path)
        return m.group(0) if path is None else f'{m.group(1)}="@R@{path}"'

    return _URL_ATTR.sub(swap, html)


def _squeeze(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r">\s+<", "><", html)).strip()


def card_upgrades(format_ids: list[str], today: str) -> tuple[Upgrade, ...]:
    """What a pool card page of this build leaves for card-chrome.js besides UPGRADES: each legality row's format
    (the rows are the checked formats, in the same order on every page) and the timeline's day (the build's)."""
    rows: tuple[Upgrade, ...] = tuple(
        (f"article>table.l5r-legality>tbody>tr:nth-child({n})", "", {"data-format": f})
        for n, f in enumerate(format_ids, 1)
    )
    return (*rows, ("#l5r-card-timeline", "", {"data-today": today}))


def card_chrome_js(shell_html: str, shell_path: str, upgrades=()) -> str:
    """assets/card-chrome.js from the built card search page (`shell_path` its file, from the site's root);
    `upgrades`: this build's `card_upgrades`, added after UPGRADES."""
    import json

    header = _HEADER.search(shell_html)
    sidebar = _SIDEBAR.search(shell_html)
    config = _CONFIG.search(shell_html)
    header_html = header.group(0) if header else ""
    palette = "\n".join(m.group(1) for m in _INLINE_SCRIPT.finditer(header_html))
    header_html = _INLINE_SCRIPT.sub("", header_html)
    # The scripts of the shell's chrome, in its order (the offline copy's iframe-worker shim before Material's
    # bundle), not those of its article (the card search's own).
    scripts = []
    start, end = shell_html.find("<article"), shell_html.rfind("</article>")
    chrome = shell_html[:start] + shell_html[end:] if 0 <= start < end else shell_html
    for src in _SCRIPT_SRC.findall(chrome):
        if any(src.split("?")[0].endswith(js) for js in SKIPPED_JS):
            continue
        path = _from_root(src, shell_path)
        scripts.append(src if path is None else "@R@" + path)
    settings = json.loads(config.group(1)) if config else {}
    # Card pages are not in the sitemap, so Material's instant loading never swaps them in; from a card page,
    # a link is an ordinary page load.
    settings["features"] = [f for f in settings.get("features") or () if f != "navigation.instant"]
    search = _from_root(settings.get("search") or "", shell_path) if settings.get("search") else None
    parts = {
        "header": _squeeze(_rooted(header_html, shell_path)),
        "nav": _squeeze(_rooted(sidebar.group(1), shell_path)) if sidebar else "",
        "config": settings,
        "search": search,
        "scripts": scripts,
        "colours": colours(shell_html),
        "upgrades": (*UPGRADES, *upgrades),
    }
    data = json.dumps(parts, ensure_ascii=True, separators=(",", ":")).replace("</", "<\\/")
    return CHROME_SCRIPT.replace("@DATA@", data).replace("@PALETTE@", palette).replace("@PAGE_JS@", PAGE_JS)


CHROME_SCRIPT = """// The site's header (search box) and navigation on a pool card page (l5r/site/cardpage/chrome.py): one file for every
// card page; "@R@" in its markup stands for the site's root, read from this script's own address.
(function () {
  var parts = @DATA@;
  var me = document.currentScript;
  var root = me.src.replace(/assets\\/card-chrome\\.js(?:[?#].*)?$/, "");
  function rooted(text) { return text.split("@R@").join(root); }
  window.__md_scope = new URL(root);
  window.__md_hash = function (e) { return Array.from(e).reduce(function (h, c) { return (h << 5) - h + c.charCodeAt(0); }, 0); };
  window.__md_get = function (e, s, t) { s = s || localStorage; t = t || __md_scope; return JSON.parse(s.getItem(t.pathname + "." + e)); };
  window.__md_set = function (e, v, s, t) { s = s || localStorage; t = t || __md_scope; try { s.setItem(t.pathname + "." + e, JSON.stringify(v)); } catch (err) {} };
  // The classes and attributes the page leaves for this script (chrome.py UPGRADES), before anything moves.
  parts.upgrades.forEach(function (u) {
    document.querySelectorAll(u[0]).forEach(function (el) {
      if (u[1]) el.className = u[1] + (el.className ? " " + el.className : "");
      Object.keys(u[2]).forEach(function (name) {
        el.setAttribute(name, u[2][name] === null ? el.textContent.replace(/ /g, "-") : u[2][name]);
      });
    });
  });
  // Material's colour attributes, as the search page's <body> has them (not repeated on every card page).
  Object.keys(parts.colours).forEach(function (name) {
    if (!document.body.hasAttribute("data-md-color-" + name)) document.body.setAttribute("data-md-color-" + name, parts.colours[name]);
  });
  var bar = document.querySelector("header.md-header");
  if (bar && parts.header) {
    var box = document.createElement("div");
    box.innerHTML = rooted(parts.header);
    var header = box.firstElementChild;
    var topic = header.querySelector("[data-md-component=header-topic] .md-ellipsis");
    var h1 = document.querySelector("article h1");
    if (topic && h1) topic.textContent = h1.textContent;
    bar.replaceWith(header);
  }
  // Material's drawer and search toggles and the overlay come first in the body, as on every other page.
  var toggles = document.createElement("div");
  toggles.innerHTML = '<input class="md-toggle" data-md-toggle="drawer" type="checkbox" id="__drawer" autocomplete="off">' +
    '<input class="md-toggle" data-md-toggle="search" type="checkbox" id="__search" autocomplete="off">' +
    '<label class="md-overlay" for="__drawer"></label>';
  while (toggles.lastChild) document.body.insertBefore(toggles.lastChild, document.body.firstChild);
  // The components Material's bundle looks for (named here, not on every card page).
  [[".md-container", "container"], [".md-main", "main"], [".md-content", "content"]].forEach(function (c) {
    var el = document.querySelector(c[0]);
    if (el) el.setAttribute("data-md-component", c[1]);
  });
  var inner = document.querySelector(".md-main__inner");
  if (inner && parts.nav) {
    var side = document.createElement("div");
    side.className = "md-sidebar md-sidebar--primary";
    side.setAttribute("data-md-component", "sidebar");
    side.setAttribute("data-md-type", "navigation");
    side.innerHTML = rooted(parts.nav);
    inner.insertBefore(side, inner.firstChild);
  }
  try {
    (function () { @PALETTE@ })();
  } catch (err) {}
  var dialog = document.createElement("div");
  dialog.className = "md-dialog";
  dialog.setAttribute("data-md-component", "dialog");
  dialog.innerHTML = '<div class="md-dialog__inner md-typeset"></div>';
  document.body.appendChild(dialog);
  var config = parts.config;
  config.base = root;
  if (parts.search) config.search = rooted("@R@" + parts.search);
  var tag = document.createElement("script");
  tag.id = "__config";
  tag.type = "application/json";
  tag.textContent = JSON.stringify(config);
  document.body.appendChild(tag);
  // "Copy citation" (assets/codex.js) works only with script: the citation box gets its button here, not on
  // every card page.
  document.querySelectorAll(".l5r-cite").forEach(function (box) {
    if (box.querySelector(".l5r-copy")) return;
    var button = document.createElement("button");
    button.className = "l5r-copy";
    button.type = "button";
    button.textContent = "Copy citation";
    box.appendChild(button);
  });
  // Written while the page is still being read, so Material's bundle starts with the page, as it does elsewhere;
  // the date picker's script first, where the page has a timeline (before Material's bundle, as on a record's page).
  if (document.getElementById("l5r-card-timeline")) parts.scripts.unshift("@R@@PAGE_JS@");
  parts.scripts.forEach(function (src) {
    document.write('<script src="' + rooted(src).replace(/"/g, "&quot;") + '"><\\/script>');
  });
})();
"""
