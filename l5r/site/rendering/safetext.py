"""Card text from the pool, made safe for a page: only <b>, <i> and <br> survive; icon codes become symbols.

Everything else is escaped, so a pool file holding `<script>`, `onerror=` or `javascript:` shows those words
as text and nothing runs (tests/test_cardpages.py and tests/browser/test_card_pages.py).

A web address the text quotes (errata notes cite the publisher's pages) stays plain text, and its `://` is
written `&#58;//`: a browser shows the same characters, but the page holds no `http://` a link checker, a
crawler or a `grep` of the offline copy would take for a link out of the Codex.
"""

from __future__ import annotations

import html
import re

from markupsafe import Markup

_TAG = re.compile(r"&lt;(/?)([bi]|br)\s*/?&gt;", re.I)
_ICON = re.compile(r":([A-Za-z][A-Za-z0-9-]{0,20}):")
_SCHEME_SEPARATOR = "&#58;//"  # "://" with its colon as a character reference: displayed alike, never an address
# What each icon code means, read as a player names it; unknown codes are shown by name.
ICON_NAMES = {
    "bow": "Bow",
    "g0": "0 Gold",
    "g1": "1 Gold",
    "g2": "2 Gold",
    "g3": "3 Gold",
    "g4": "4 Gold",
    "g5": "5 Gold",
    "g6": "6 Gold",
    "g8": "8 Gold",
    "g9": "9 Gold",
    "g10": "10 Gold",
    "gstar": "* Gold",
    "gc1": "1 Gold",
    "shadowlands": "Shadowlands",
    "ranged": "Ranged",
    "melee": "Melee",
    "fear": "Fear",
    "favor": "Imperial Favor",
    "pearl": "Pearl",
    "fire": "Fire",
    "earth": "Earth",
    "air": "Air",
    "water": "Water",
    "void": "Void",
    "maho": "Maho",
    "jade": "Jade",
    "X": "X",
    "Rank": "Rank",
}
_SYMBOLS = {"bow": "⤵", "favor": "✪", "shadowlands": "☠", "ranged": "➶", "melee": "⚔", "fear": "☄"}


def icon(code: str) -> str:
    name = ICON_NAMES.get(code) or code.replace("-", " ")
    symbol = _SYMBOLS.get(code, name)
    return (
        f'<span class="l5r-icon" role="img" aria-label="{html.escape(name)}" '
        f'title="{html.escape(name)}">{html.escape(symbol)}</span>'
    )


def safe_text(text: str | None) -> Markup:
    """The card's text as HTML: escaped, then balanced <b>/<i> and <br> restored, icon codes as symbols."""
    escaped = html.escape(str(text or ""), quote=True).replace("://", _SCHEME_SEPARATOR)
    out, open_tags, pos = [], [], 0
    for m in _TAG.finditer(escaped):
        out.append(escaped[pos : m.start()])
        pos = m.end()
        closing, tag = m.group(1), m.group(2).lower()
        if tag == "br":
            out.append("<br>")
        elif not closing:
            open_tags.append(tag)
            out.append(f"<{tag}>")
        elif tag in open_tags:  # close it and anything opened inside it; a stray closer is dropped
            while open_tags:
                inner = open_tags.pop()
                out.append(f"</{inner}>")
                if inner == tag:
                    break
    out.append(escaped[pos:])
    out.extend(f"</{t}>" for t in reversed(open_tags))
    return Markup(_ICON.sub(lambda m: icon(m.group(1)), "".join(out)))
