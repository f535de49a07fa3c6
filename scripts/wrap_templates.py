"""Break the site templates' long lines where a line break renders nothing: `python scripts/wrap_templates.py
[--check] [TEMPLATE...]` (default: every template in l5r/site/templates).

The templates are rendered with `trim_blocks` and `lstrip_blocks` (l5r/site/rendering/render.py `jinja_env`), so two
places may take a line break without changing one byte of what a template renders:

- right after a block tag's `%}`: trim_blocks removes the newline that follows it;
- at a space inside a `{{ ... }}` or `{% ... %}` tag, outside its string literals: that whitespace is Jinja's.

A long line is broken at the last such place before LIMIT characters, preferring the end of a block tag, then a
space inside a tag at its outermost parentheses, after a comma; the continuation of a tag is indented. What is left
longer than LIMIT is text with no such place in it (a sentence of prose). Before writing, the template's tokens are
compared with the original's (Jinja's lexer, the newline trim_blocks removes aside): a difference is refused.
`--check` writes nothing and exits 1 when a template has a line left to break (tests/test_templates.py).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "l5r" / "site" / "templates"
LIMIT = 110
_INDENT = "    "  # a tag's continuation lines
_MIN_PIECE = 20  # no piece shorter than this, which would only move a line's start


def _break_points(line: str) -> list[tuple[int, str, int, bool]]:
    """(position, kind, parenthesis depth, after a comma) of every place a break renders nothing: kind "block"
    is just after a block tag (the break goes before `position`), "tag" a space inside a tag (it becomes the
    break)."""
    found: list[tuple[int, str, int, bool]] = []
    i, state, quote, depth, words = 0, "text", "", 0, 0
    while i < len(line):
        two = line[i : i + 2]
        if state == "text":
            if line[i : i + 3] == "{##":
                state, i = "comment", i + 3
            elif two in ("{{", "{%"):
                state, i, depth, words = ("var" if two == "{{" else "block"), i + 2, 0, 0
            else:
                i += 1
            continue
        if state == "comment":
            state, i = ("text", i + 3) if line[i : i + 3] == "##}" else ("comment", i + 1)
            continue
        char = line[i]
        if quote:  # inside a string literal of the tag: nothing here is Jinja's whitespace
            if char == "\\":
                i += 2
                continue
            quote = "" if char == quote else quote
            i += 1
            continue
        if char in "'\"":
            quote = char
        elif state == "var" and two == "}}":
            state, i = "text", i + 2
            continue
        elif state == "block" and two == "%}":
            state, i = "text", i + 2
            if i < len(line):
                found.append((i, "block", 0, True))
            continue
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == " " and i + 1 < len(line) and line[i + 1] not in " }%-|" and line[i - 1] not in "{%-":
            words += 1
            if words > 1:  # never between a tag's keyword (`if`, `for`) and what follows it
                found.append((i, "tag", depth, line[i - 1] == ","))
        i += 1
    return found


def wrap_line(line: str, limit: int = LIMIT) -> list[str]:
    """The line as lines of at most `limit` characters where it has places to break (see the module's text)."""
    points = _break_points(line)
    pieces: list[str] = []
    start, indent = 0, ""
    while len(indent) + len(line) - start > limit:
        reach = [p for p in points if start + _MIN_PIECE < p[0] <= start + limit - len(indent)]
        blocks = [p for p in reach if p[1] == "block"]
        if blocks:
            point = blocks[-1]
        elif reach:
            outermost = [p for p in reach if p[2] == min(q[2] for q in reach)]
            point = ([p for p in outermost if p[3]] or outermost)[-1]
        else:  # nothing within reach: the first place after it, if any
            later = [p for p in points if p[0] > start + _MIN_PIECE]
            if not later:
                break
            point = later[0]
        position, kind = point[0], point[1]
        pieces.append(indent + line[start:position])
        start = position + 1 if kind == "tag" else position
        indent = _INDENT if kind == "tag" else ""
    pieces.append(indent + line[start:])
    return pieces


def wrap_text(text: str, limit: int = LIMIT) -> str:
    return "\n".join(piece for line in text.split("\n") for piece in wrap_line(line, limit))


def tokens(source: str, name: str) -> list[tuple[str, str]]:
    """The template's tokens as the site's Jinja reads them, without the newline trim_blocks removes after a
    block tag (the only place `wrap_text` adds one outside a tag)."""
    sys.path.insert(0, str(ROOT))
    from l5r.site.rendering.render import jinja_env

    return [
        (t.type, t.value.rstrip("\n") if t.type == "block_end" else t.value)
        for t in jinja_env()._tokenize(source, name)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when a line is left to break")
    parser.add_argument("templates", nargs="*", type=Path, help="template files (default: every template)")
    args = parser.parse_args(argv)
    left = []
    for path in args.templates or sorted(TEMPLATES.glob("*.j2")):
        old = path.read_text(encoding="utf-8")
        new = wrap_text(old)
        if new == old:
            continue
        if args.check:
            left.append(path.name)
            continue
        if tokens(new, path.name) != tokens(old, path.name):
            print(f"{path}: wrapping would change what it renders; left as it is", file=sys.stderr)
            return 1
        path.write_text(new, encoding="utf-8")
        print(f"wrapped {path}")
    if left:
        print("long lines left to break (python scripts/wrap_templates.py): " + ", ".join(left), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
