"""What a shared link says when it unfurls in a chat or a forum (Open Graph and Twitter card meta).

Each page names itself: a rule by its citation and heading, then its own words as written (as many as a preview
holds, never only a first sentence that announces what follows); a card by its
type and its legality (l5r/site/cardpage/article.py words that); any other page by its own first paragraph (the
theme override, l5r/site/theme/main.html). Short links (`c/<citation>/`) say what the record they forward to
says.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from ...data import model as m
from . import citelabel

_MAX = 200
_SENTENCE_END = re.compile(r"(?<=[.!?])[”\"’)]*\s+(?=[A-Z“\"(])")


def _shorten(text: str, limit: int = _MAX) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def first_sentence(blocks) -> str:
    """The first sentence of verbatim text blocks (a list's first item when the text opens with a list)."""
    for block in blocks or ():
        for string in block.strings():
            text = " ".join(str(string).split())
            if text:
                return _shorten(_SENTENCE_END.split(text, 1)[0])
    return ""


def _strings_of(record: Any, codex: m.Codex | None = None) -> Iterator[str]:
    """The record's own words in reading order: its text (or notes), then each sub-section's heading and words. A
    text that ends announcing a list the record keeps as references ("the following cards are banned:", an
    update's `touches`) goes on with the names of what it references, as the document lists them."""
    found: list[str] = []
    for attr in ("text", "notes"):
        blocks = getattr(record, attr, ()) or ()
        found = [" ".join(str(s).split()) for block in blocks for s in block.strings()]
        found = [s for s in found if s]
        if found:
            break
    yield from found
    touched = [codex.records.get(t) for t in getattr(record, "touches", ()) or ()] if codex is not None else []
    names = [str(getattr(r, "as_written", None) or r.title) for r in touched if r is not None]
    if found and found[-1].endswith(":") and names:
        yield ", ".join(names) + "."
    for sub in getattr(record, "sections", ()) or ():
        title = str(getattr(sub, "title", "") or "")
        if title:
            yield title + ":" if not title.endswith((".", ":", "?", "!")) else title
        yield from _strings_of(sub, codex)


def _text_of(record: Any, limit: int = _MAX, codex: m.Codex | None = None) -> str:
    """The rule's own words, as many as a preview holds: not just a first sentence, which may only announce what
    follows ("There are some exceptions to this rule:"); cut at the last sentence end that keeps most of them, else
    at a word."""
    words: list[str] = []
    size = 0
    for text in _strings_of(record, codex):
        words.append(text)
        size += len(text) + 1
        if size > limit:
            break
    text = " ".join(words)
    if len(text) <= limit:
        return text
    ends = [m.end() for m in _SENTENCE_END.finditer(text[: limit + 1])]
    if ends and ends[-1] >= limit * 0.6:
        return text[: ends[-1]].rstrip()
    return _shorten(text, limit)


def record_description(record, codex: m.Codex | None = None) -> str:
    """A rule (any record with text): its citation and heading as a reader sees them, then its own words."""
    label = citelabel.label(record, codex)
    if getattr(record, "record_kind", "") == "card":
        kind = " · ".join(x for x in (record.type, record.clan, f"{record.deck} deck" if record.deck else "") if x)
        return f"{label}: {kind}." if kind else label
    head = record_title(record, codex)
    sentence = _text_of(record, max(60, _MAX - len(head) - 2), codex)
    if not sentence and getattr(record, "as_written", None):  # a ban entry: the card as the list writes it
        sentence = str(record.as_written)
    if not sentence and getattr(record, "question", None):  # a ruling
        sentence = str(record.question)
    sep = " " if head.endswith((".", ":", "?", "!")) else ": "  # a heading that is a sentence ends itself
    return _shorten(f"{head}{sep}{sentence}" if sentence else head)


def record_title(record, codex: m.Codex | None = None) -> str:
    """A rule's title for a shared link: its citation as a reader sees it, and its title."""
    if getattr(record, "record_kind", "") == "card":
        return record.full_title
    label = citelabel.label(record, codex)
    title = str(getattr(record, "title", "") or "")
    if not title or title in label:
        return label
    return f"{label} — {title}"
