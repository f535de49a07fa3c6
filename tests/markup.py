"""A pool card page as the tests read it: written out in full, every attribute value in double quotes and every end
tag the page leaves for the next tag to imply (l5r/site/cardpage/compact.py) put back, so one pattern reads a
page whichever of HTML's two spellings of the same document it is written in. Text, character references and
attribute values stay byte for byte as written."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_ATTR = re.compile(r"""(\s+)([^\s=>/"']+)(?:(\s*=\s*)("[^"]*"|'[^']*'|[^\s>"']+))?""")
_TRACKED = {"table", "thead", "tbody", "tr", "td", "th", "dl", "dt", "dd", "ul", "ol", "li"}
# A start tag closes the open elements its parent may not hold beside it: (tag) -> what it closes, innermost first.
_CLOSES = {
    "td": ("td", "th"),
    "th": ("td", "th"),
    "tr": ("td", "th", "tr"),
    "tbody": ("td", "th", "tr", "thead"),
    "dt": ("dt", "dd"),
    "dd": ("dt", "dd"),
    "li": ("li",),
}


def _quoted(tag: str) -> str:
    def quote(m: re.Match) -> str:
        space, name, eq, value = m.groups()
        if value is None:
            return space + name
        if value[0] not in "\"'":
            value = f'"{value}"'
        return f"{space}{name}{eq}{value}"

    head, _, rest = tag.partition(" ")
    return head + _ATTR.sub(quote, " " + rest)[0 if rest else 1 :] if rest else tag


class _Writer(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.out: list[str] = []
        self.open: list[str] = []

    def _close(self, names) -> None:
        while self.open and self.open[-1] in names:
            self.out.append(f"</{self.open.pop()}>")

    def handle_starttag(self, tag, attrs):
        if tag in _CLOSES:
            self._close(_CLOSES[tag])
        self.out.append(_quoted(self.get_starttag_text() or ""))
        if tag in _TRACKED:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.out.append(_quoted(self.get_starttag_text() or ""))

    def handle_endtag(self, tag):
        if tag in _TRACKED and tag in self.open:
            while self.open[-1] != tag:
                self.out.append(f"</{self.open.pop()}>")
            self.open.pop()
        self.out.append(f"</{tag}>")

    def handle_data(self, data):
        self.out.append(data)

    def handle_entityref(self, name):
        self.out.append(f"&{name};")

    def handle_charref(self, name):
        self.out.append(f"&#{name};")

    def handle_comment(self, data):
        self.out.append(f"<!--{data}-->")

    def handle_decl(self, decl):
        self.out.append(f"<!{decl}>")


def written_out(page: str) -> str:
    """`page` with every attribute value quoted and every implied end tag written."""
    writer = _Writer()
    writer.feed(page)
    writer.close()
    return "".join(writer.out)


_LEGALITY = re.compile(r'<table class="l5r-legality">.*?</table>', re.S)


def with_row_formats(page: str, format_ids, today: str = "") -> str:
    """A pool card page (written out) with what its script adds for the tests' patterns (cardpage/chrome.py
    UPGRADES and `card_upgrades`): each legality row's data-format, by position, its status cell's data-status
    (the cell's words, hyphenated), and the timeline's data-today."""
    ids = iter(format_ids)

    def status(row: re.Match) -> str:
        return f'{row.group(1)}<td data-status="{row.group(2).replace(" ", "-")}">{row.group(2)}</td>'

    def rows(table: re.Match) -> str:
        found = re.sub(r"<tr>(?=<td>)", lambda _: f'<tr data-format="{next(ids)}">', table.group(0))
        return re.sub(r"(<tr data-format=\"[^\"]+\"><td>[^<]*</td>)<td>([^<]*)</td>", status, found)

    page = _LEGALITY.sub(rows, page, count=1)
    return page.replace('id="l5r-card-timeline">', f'id="l5r-card-timeline" data-today="{today}">', 1)
