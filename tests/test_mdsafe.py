"""Markdown links from any text never run script (l5r/site/rendering/mdsafe.py)."""

from __future__ import annotations

import markdown
import pytest

from l5r.site.rendering.mdsafe import is_unsafe_url


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        " javascript:x",
        "java\tscript:x",
        "jav&#x61;script:x",
        "&#106;avascript:x",
        "vbscript:x",
        "data:text/html,<b>",
        "\x01javascript:x",
    ],
)
def test_script_urls_are_unsafe(url):
    assert is_unsafe_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://example.org/",
        "../ii-b/#oh-ii-b",
        "#anchor",
        "mailto:a@b.c",
        "formats/data-sets/",
        "javascriptish/page/",
    ],
)
def test_ordinary_urls_are_safe(url):
    assert not is_unsafe_url(url)


def test_links_and_images_lose_script_urls_in_markdown():
    html = markdown.markdown(
        "[x](javascript:alert(1)) ![i](data:image/svg+xml,x) [ok](../a/)", extensions=["l5r.site.rendering.mdsafe"]
    )
    assert "javascript:" not in html and "data:" not in html
    assert html.count('data-l5r-unsafe-url="removed"') == 2
    assert 'href="../a/"' in html


def test_images_never_load_from_another_machine():
    """`![x](http://host/x.png)` in a data title would be a request leaving the reader's machine."""
    html = markdown.markdown(
        "![a](http://xss.invalid/a.png) ![b](//xss.invalid/b.png) ![c](HTTPS://x.invalid/c) "
        "![ok](../assets/ok.png) [link](https://example.org/)",
        extensions=["l5r.site.rendering.mdsafe"],
    )
    assert "invalid" not in html
    assert html.count('data-l5r-unsafe-url="removed"') == 3
    assert 'src="../assets/ok.png"' in html and 'href="https://example.org/"' in html
