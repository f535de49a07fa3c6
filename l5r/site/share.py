"""What a shared link says when it unfurls in a chat or a forum (Open Graph and Twitter card meta).

Each page names itself: a rule by its citation and the first sentence of its text, as written; a card by its
type and its legality (l5r/site/cardpage/article.py words that); any other page by its own first paragraph (the
theme override, l5r/site/theme/main.html). Short links (`c/<citation>/`) say what the record they forward to
says.
"""

from __future__ import annotations

import re

from ..data import model as m
from . import citelabel

_MAX = 200
_SENTENCE_END = re.compile(r"(?<=[.!?])[”\"’)]*\s+(?=[A-Z“\"(])")


def _shorten(text: str, limit: int = _MAX) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def first_sentence(blocks) -> str:
    """The first sentence of verbatim text blocks (a list's first item when the text opens with a list)."""
    for block in blocks or ():
        for string in block.strings():
            text = " ".join(str(string).split())
            if text:
                return _shorten(_SENTENCE_END.split(text, 1)[0])
    return ""


def _text_of(record) -> str:
    for attr in ("text", "notes"):
        found = first_sentence(getattr(record, attr, ()))
        if found:
            return found
    for sub in getattr(record, "sections", ()) or ():  # a section whose words are all in its sub-sections
        found = _text_of(sub)
        if found:
            return found
    return ""


def record_description(record, codex: m.Codex | None = None) -> str:
    """A rule (any record with text): its citation as a reader sees it, then its first sentence."""
    label = citelabel.label(record, codex)
    if getattr(record, "record_kind", "") == "card":
        kind = " · ".join(x for x in (record.type, record.clan, f"{record.deck} deck" if record.deck else "") if x)
        return f"{label}: {kind}." if kind else label
    sentence = _text_of(record)
    if not sentence and getattr(record, "as_written", None):  # a ban entry: the card as the list writes it
        sentence = str(record.as_written)
    if not sentence and getattr(record, "question", None):  # a ruling
        sentence = str(record.question)
    return _shorten(f"{label}: {sentence}" if sentence else f"{label} — {record.title}")


def record_title(record, codex: m.Codex | None = None) -> str:
    """A rule's title for a shared link: its citation as a reader sees it, and its title."""
    if getattr(record, "record_kind", "") == "card":
        return record.full_title
    label = citelabel.label(record, codex)
    title = str(getattr(record, "title", "") or "")
    if not title or title in label:
        return label
    return f"{label} — {title}"
