"""The site templates keep to readable lines: a line longer than scripts/wrap_templates.py's LIMIT has no place
where a break would render nothing (it is prose), and wrapping never changes what a template renders."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = sorted((ROOT / "l5r" / "site" / "templates").glob("*.j2"))

_spec = importlib.util.spec_from_file_location("wrap_templates", ROOT / "scripts" / "wrap_templates.py")
wrap = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(wrap)

# Being rewritten elsewhere as this is written (the card pages' ban history and citations): once that lands, run
# `python scripts/wrap_templates.py` and empty this.
NOT_YET: set[str] = set()  # every template is wrapped


WRAPPED = [p for p in TEMPLATES if p.name not in NOT_YET]


@pytest.mark.parametrize("path", WRAPPED, ids=[p.name for p in WRAPPED])
def test_no_line_is_left_to_break(path):
    text = path.read_text(encoding="utf-8")
    assert wrap.wrap_text(text) == text, f"run `python scripts/wrap_templates.py {path.relative_to(ROOT)}`"


def test_the_templates_not_yet_wrapped_still_need_it():
    """The list above shrinks: a template in it that has nothing left to break is taken off."""
    names = {p.name: p for p in TEMPLATES}
    assert NOT_YET <= set(names)
    done = [
        n
        for n in NOT_YET
        if wrap.wrap_text(names[n].read_text(encoding="utf-8")) == names[n].read_text(encoding="utf-8")
    ]
    assert done == [], f"take {done} off NOT_YET"


@pytest.mark.parametrize("path", TEMPLATES, ids=[p.name for p in TEMPLATES])
def test_wrapping_renders_the_same(path):
    """Every template wrapped reads as the same tokens to the site's Jinja (what it renders, for any input)."""
    text = path.read_text(encoding="utf-8")
    assert wrap.tokens(wrap.wrap_text(text, limit=40), path.name) == wrap.tokens(text, path.name)


def test_the_token_check_sees_a_break_that_renders():
    """A newline after a variable tag is output; after a block tag trim_blocks removes it."""
    assert wrap.tokens("{{ a }}\nb", "t") != wrap.tokens("{{ a }}b", "t")
    assert wrap.tokens("{% if a %}\nb{% endif %}", "t") == wrap.tokens("{% if a %}b{% endif %}", "t")
    assert wrap.tokens("{{ f(a,\n    'x y') }}", "t") == wrap.tokens("{{ f(a, 'x y') }}", "t")


def test_a_long_line_breaks_only_where_nothing_renders():
    line = (
        "<td>{% if e.card %}{{ h.link(e.card, 'a b c') }}{% else %}{{ e.as_written | e }}{% endif %}</td>"
        "<td>{{ m.dated(e, anchor_prefix='', update=h.link(e.added_by, 'update') if e.added_by else none) }}</td>"
    )
    pieces = wrap.wrap_line(line, limit=60)
    assert len(pieces) > 2 and all(len(p) <= 60 for p in pieces[:-1])
    assert wrap.tokens("\n".join(pieces), "t") == wrap.tokens(line, "t")
    prose = "word " * 40
    assert wrap.wrap_line(prose, limit=60) == [prose]  # text outside tags is output: never broken
