"""A Markdown extension that keeps links from running script (`javascript:`, `vbscript:` and `data:` URLs) and
images from loading from another machine.

Templates escape every value they print as HTML, but a title or note that reads `[x](javascript:…)` is still
Markdown link syntax wherever a value lands in Markdown (a table cell, a paragraph). Escaping Markdown as well
would depend on where the value lands; the link itself is the one place to look, so every link and image the
Markdown makes is checked here, after parsing, whatever wrote it.
"""

from __future__ import annotations

import html
import re

from markdown import Extension
from markdown.treeprocessors import Treeprocessor
from markdown.util import AMP_SUBSTITUTE

UNSAFE_SCHEMES = ("javascript:", "vbscript:", "data:")
URL_ATTRIBUTES = ("href", "src", "action", "formaction", "xlink:href", "poster")
_INVISIBLE = re.compile(r"[\x00-\x20\x7f]+")


# Attributes the browser loads by itself, with no click: an image in the Markdown of a title or a note would ask
# another machine for it on every page view (the site must work offline and leak nothing).
LOADING_ATTRIBUTES = ("src", "poster")
_REMOTE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)")


def is_remote_url(url: str) -> bool:
    """Does this URL leave the site (any scheme, or `//host/…`), rather than name a file of the site?"""
    plain = _INVISIBLE.sub("", html.unescape(url.replace(AMP_SUBSTITUTE, "&"))).lower()
    return bool(_REMOTE.match(plain))


def is_unsafe_url(url: str) -> bool:
    """Would a browser run this URL as script? (entities decoded, spaces and control characters dropped)."""
    plain = _INVISIBLE.sub("", html.unescape(url.replace(AMP_SUBSTITUTE, "&"))).lower()
    return plain.startswith(UNSAFE_SCHEMES)


class _SafeLinks(Treeprocessor):
    def run(self, root):
        for element in root.iter():
            for attribute in URL_ATTRIBUTES:
                value = element.get(attribute)
                if value is not None and (
                    is_unsafe_url(value) or (attribute in LOADING_ATTRIBUTES and is_remote_url(value))
                ):
                    # Not deleted: MkDocs' own link processor expects every <a> to keep its href.
                    element.set(attribute, "#")
                    element.set("data-l5r-unsafe-url", "removed")
        return None


class SafeLinksExtension(Extension):
    def extendMarkdown(self, md):  # noqa: N802 - Python-Markdown's name
        md.treeprocessors.register(_SafeLinks(md), "l5r_safe_links", 0)  # last, after every other tree change


def makeExtension(**kwargs):  # noqa: N802 - Python-Markdown's entry point name
    return SafeLinksExtension(**kwargs)
