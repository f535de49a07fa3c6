"""Word-level diffs of old and new rules text, rendered with <del> and <ins>.

The text is split into words and the whitespace between them; a run of changed words separated only by
spaces is shown as one change ("<del>come from</del><ins>be performed by a card in</ins>") rather than
word by word.
"""

from __future__ import annotations

import difflib
import html
import re
from dataclasses import dataclass

_TOKEN = re.compile(r"\s+|[^\s]+")


@dataclass(frozen=True)
class Segment:
    """One run of the diff: `equal` text, or text removed (`old`) and/or added (`new`)."""

    op: str  # "equal" | "change"
    old: str
    new: str


def diff_segments(old: str, new: str) -> list[Segment]:
    """Old and new as runs of unchanged and changed text. Joining `old` of every segment gives back the old
    text; joining `new` gives back the new text."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    raw: list[Segment] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        old_part, new_part = "".join(a[i1:i2]), "".join(b[j1:j2])
        raw.append(Segment("equal" if op == "equal" else "change", old_part, new_part))
    return _merge(raw)


def _merge(segments: list[Segment]) -> list[Segment]:
    """Fold whitespace-only unchanged runs that sit between two changes into one change."""
    out: list[Segment] = []
    i = 0
    while i < len(segments):
        seg = segments[i]
        if seg.op == "change" and out and out[-1].op == "change":
            prev = out.pop()
            seg = Segment("change", prev.old + seg.old, prev.new + seg.new)
        elif (
            seg.op == "equal"
            and not seg.old.strip()
            and out
            and out[-1].op == "change"
            and i + 1 < len(segments)
            and segments[i + 1].op == "change"
        ):
            prev = out.pop()
            seg = Segment("change", prev.old + seg.old, prev.new + seg.new)
        out.append(seg)
        i += 1
    return out


def word_diff_inline(old: str, new: str) -> str:
    """The diff as inline HTML: unchanged text escaped, removals in <del>, additions in <ins>."""
    out = []
    for seg in diff_segments(old, new):
        if seg.op == "equal":
            out.append(html.escape(seg.old, quote=False))
            continue
        if seg.old:
            out.append(f"<del>{html.escape(seg.old, quote=False)}</del>")
        if seg.new:
            out.append(f"<ins>{html.escape(seg.new, quote=False)}</ins>")
    return "".join(out)


def word_diff(old: str, new: str, label: str = "Old → new, word by word:") -> str:
    """The diff as a block: a label with a key, then the text with its changes marked."""
    return (
        '<div class="l5r-diff">'
        f'<p class="l5r-diff__label">{html.escape(label, quote=False)} '
        '<span class="l5r-diff__key"><del>removed</del> <ins>added</ins></span></p>'
        f"<p>{word_diff_inline(old, new)}</p></div>"
    )
