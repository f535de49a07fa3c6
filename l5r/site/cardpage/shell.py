"""The head and tail every pool card page is written between: the chrome of the built card search page
(cards/search/), made compact (chrome.py writes the one stylesheet and the one script it names)."""

from __future__ import annotations

import html as _html
import re
from pathlib import Path

from . import chrome
from .article import CardSite

_BODY = re.compile(r"<body[^>]*>")
_CANONICAL = re.compile(r'<link rel="canonical" href="([^"]*)"')
_ROOT = "../../"  # the shell (cards/search/) and every card page (card/<slug>/) sit two folders deep


def compact_shell(shell_html: str, site_name: str, page=lambda uri: uri, shell_depth: int = 2) -> tuple[str, str]:
    """The chrome of a card page, from the MkDocs-rendered shell: its colour scheme, ONE shared stylesheet
    (assets/card-page.css, see l5r/site/chrome.py), Material's page skeleton and ONE shared script
    (assets/card-chrome.js) that puts the site's header, search box and navigation into it. Without script the
    page still has a short header bar (site name, card search, formats). Each page fills in @TITLE@, @DESC@ (its
    description for shared links) and @PATH@ (its path from the site's root)."""
    _, external = chrome.shell_stylesheets(shell_html, shell_depth)
    icon = chrome.favicon(shell_html)
    # For file:// the shell is cards/search.html, one folder deep; a card page (card/<slug>/index.html) is two.
    if icon and shell_depth != 2:
        icon = icon.replace('href="', 'href="' + "../" * (2 - shell_depth), 1)
    body = _BODY.search(shell_html)
    name = _html.escape(site_name)
    # The published address of each card page (what "Copy citation" shares from disk, as on every other page,
    # and what a shared link names): the site's address, read from the shell's own canonical link, then the
    # card's path.
    canonical = _CANONICAL.search(shell_html)
    published = ""
    if canonical and canonical.group(1).endswith(("cards/search/", "cards/search.html")):
        site_root = canonical.group(1).rsplit("cards/search", 1)[0]
        # Search engines read the canonical link, link unfurlers og:url (Facebook's and Slack's do not fall back).
        published = f'<link rel="canonical" href="{site_root}@PATH@"><meta property=og:url content="{site_root}@PATH@">'
    # Every byte here is repeated on every card page (the site must stay under 60 MB): what the shared script can add
    # (Material's toggles, overlay and sidebar, the body's colour attributes) it adds. The description is said for
    # search engines (the meta description, their snippet) and for chats (Open Graph's, which Twitter reads too).
    # No og:type: "website" is what Facebook takes when a page names none, and Twitter's summary card is named by
    # twitter:card. Quotes only where a value needs them or a reader of the markup looks for them (compact.py).
    head = (
        f"<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport "
        f'content="width=device-width,initial-scale=1"><title>@TITLE@ - {name}</title>'
        f'<meta name=description content="@DESC@"><meta property=og:title content="@TITLE@">'
        f'<meta property=og:description content="@DESC@"><meta name=twitter:card content=summary>'
        f"{published}{icon}<link rel=stylesheet href={_ROOT}{chrome.CARD_CSS}>{''.join(external)}</head>"
        f'{_short_body(body.group(0) if body else "<body>")}<a href="#card">Skip to content</a>'
        f'<header><a href="{_ROOT}{page("")}">{name}</a> '
        f'<a href="{_ROOT}{page("cards/search/")}">Card search</a> <a href="{_ROOT}{page("formats/")}">Formats</a>'
        f"</header><div><main><div><div><article class=md-typeset>"
    )
    # The end tags of the body and the document are implied (compact.py).
    tail = f"</article></div></div></main></div><script src={_ROOT}{chrome.CHROME_JS}></script>"
    return head, tail


def _short_body(tag: str) -> str:
    """The shell's <body> tag less Material's colour attributes (assets/card-chrome.js puts them back, and
    card-page.css gives a page without script the same colours: chrome.py)."""
    return chrome.COLOUR_ATTR.sub("", tag).replace(' dir="ltr"', " dir=ltr")


def card_page_shell(site_dir: Path, card_site: CardSite, site_name: str) -> tuple[str, str]:
    """The head and tail every card page is written between, from the built card search page; writes the card
    pages' one stylesheet (assets/card-page.css) beside it."""
    shell_file = site_dir / ("cards/search/index.html" if card_site.directory_urls else "cards/search.html")
    shell_html = shell_file.read_text(encoding="utf-8")
    depth = 2 if card_site.directory_urls else 1
    chrome.write_card_css(site_dir, chrome.shell_stylesheets(shell_html, depth)[0], chrome.colours(shell_html))
    (site_dir / chrome.CHROME_JS).write_text(
        chrome.card_chrome_js(
            shell_html,
            shell_file.relative_to(site_dir).as_posix(),
            chrome.card_upgrades([c.format.id for c in card_site.checks], card_site.today.isoformat()),
        ),
        encoding="utf-8",
    )
    return compact_shell(shell_html, site_name, card_site.page, shell_depth=depth)
