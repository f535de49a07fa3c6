"""A pool card page's markup written as short as HTML lets it be written for the same document.

Every pool card page repeats its tables, its facts list and its attributes, so every byte of their markup is paid
once per card of the pool (the site with the pool ≤ 60 MB). The HTML standard lets a page leave out the end tags
of cells, rows, a table's head and body, list items and a description list's terms and details where the next
tag closes them, and the quotes around an attribute value with no space, quote, `=`, `<`, `>` or backtick in it:
a browser builds the very same document tree from either form, so nothing a player sees changes.

Links keep their quotes (`href`, `src`): the site's link checks read addresses from the markup as written. A card's
text is only <b>, <i>, <br> and symbols (cardtext.safe_text), and every value is escaped, so no `<` or `>` appears
inside a tag's attribute value.
"""

from __future__ import annotations

import re

# An end tag the next tag closes anyway (HTML's "optional tags"), with what may follow it right away.
_CELL_END = re.compile(r"</(?:td|th)>(?=<(?:td|th|tr|/tr|/tbody|/thead|/table|tbody)[\s>])")
_ROW_END = re.compile(r"</tr>(?=<(?:tr|/tbody|/thead|/table|tbody)[\s>])")
_TERM_END = re.compile(r"</(?:dt|dd)>(?=<(?:dt|dd|/dl)[\s>])")
_ITEM_END = re.compile(r"</li>(?=<(?:li|/ul|/ol)[\s>])")
_HEAD_END = re.compile(r"</thead>(?=<tbody>)")
_BODY_END = re.compile(r"</tbody>(?=</table>)")
# A start tag with a quoted value of an attribute that names no address: the only tags `_QUOTED` can shorten.
# Most tags of a card page (cells, terms, rows, links) have none, and passing over them here, in the pattern,
# spares a Python call per tag.
_TAG = re.compile(r'<[a-zA-Z][^<>]*?\s(?!href=|src=)[a-zA-Z][\w:-]*="[^<>]*>')
# A quoted value that needs no quotes, of an attribute that names no address.
_QUOTED = re.compile(r'(\s(?!href=|src=)[a-zA-Z][\w:-]*)="([^\s"\'=<>`&]+)"')


def _unquote(tag: re.Match) -> str:
    return _QUOTED.sub(r"\1=\2", tag.group(0))


def compact_html(markup: str) -> str:
    """`markup` (a card page's article, or its head) with the end tags and quotes the same document needs not."""
    for pattern in (_CELL_END, _ROW_END, _TERM_END, _ITEM_END, _HEAD_END, _BODY_END):
        markup = pattern.sub("", markup)
    return _TAG.sub(_unquote, markup)
