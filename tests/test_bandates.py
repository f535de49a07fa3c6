"""How a ban date is worded: one function gives the parts of a dated statement (l5r/data/bandates.py), one
Jinja macro (`dated` in _macros.md.j2) renders them, and no template words a date by testing its qualifier."""

import dataclasses
import datetime as dt
import re
from pathlib import Path

import pytest

from l5r.data import bandates
from l5r.data import model as m
from l5r.site.rendering.render import jinja_env

TEMPLATES = Path(__file__).resolve().parents[1] / "l5r" / "site" / "templates"
D = dt.date(2015, 8, 16)


def ban(codex, **changes):
    """A real ban entry with its dates changed (the model is frozen: a copy)."""
    return dataclasses.replace(codex.records["mod-ban-keigo-sensei"], **changes)


@pytest.mark.parametrize(
    "precision, words, clause, aside",
    [
        ("exact", "2015-08-16", "since 2015-08-16", ""),
        ("on-or-before", "on or before 2015-08-16", "(on or before 2015-08-16)", ""),
        (
            "as-of",
            "on the list as of 2015-08-16",
            "(on the list as of 2015-08-16)",
            "on or before that day; from that day on is the Codex’s reading",
        ),
        ("inferred", "undated", "(undated)", "the Codex infers in force by 2015-08-16: a reason"),
    ],
)
def test_the_parts_of_an_added_date(codex, precision, words, clause, aside):
    st = bandates.statement(ban(codex, added=D, added_precision=precision, added_inference="a reason"), "added")
    assert (st.words, st.clause_words, st.aside_words) == (words, clause, aside)
    assert st.date == D and st.which == "added"
    assert st.qualifier == ("undated" if precision == "inferred" else precision)
    assert st.inferred == (precision in ("as-of", "inferred")) and bool(st.why) == st.inferred
    assert isinstance(st.qualifier, bandates.DateQualifier)


def test_a_lift_reads_off_the_list_and_on_its_day(codex):
    entry = ban(codex, lifted=D, lifted_precision="as-of")
    assert bandates.statement(entry, "lifted").words == "off the list as of 2015-08-16"
    assert bandates.status_phrase(entry) == "ban lifted (off the list as of 2015-08-16)"
    exact = ban(codex, lifted=D, lifted_precision="exact")
    assert bandates.status_phrase(exact) == "ban lifted on 2015-08-16"


def test_no_date_and_an_undated_lift(codex):
    none = ban(codex, added=None, lifted=None, lifted_by=None)
    assert bandates.statement(none, "added") is None and bandates.statement(none, "lifted") is None
    assert bandates.status_phrase(none) == "banned (no date given)"
    # The Koan lifts: lifted by an update the document does not date, and no day inferred.
    koan = codex.records["mod-ban-koans-jingasa"]
    st = bandates.statement(koan, "lifted")
    assert (st.qualifier, st.date, st.words, st.inferred, st.aside) == ("undated", None, "undated", False, ())
    assert bandates.status_phrase(koan) == "ban lifted (undated)"


def test_the_real_modern_as_of_ban(codex):
    entry = codex.records["mod-ban-keigo-sensei"]
    assert bandates.status_phrase(entry) == "banned (on the list as of 2015-08-16)"
    assert bandates.bounded([entry]) == [entry] and bandates.inferred_changes([entry]) == []


def render_dated(st, **kw):
    env = jinja_env()
    macros = env.get_template("_macros.md.j2").module
    return str(macros.dated(st, **kw))


def test_the_macro_marks_the_day_up_and_keeps_the_words(codex):
    st = bandates.statement(ban(codex, added=D, added_precision="as-of"), "added")
    html = render_dated(st, anchor_prefix="")
    assert 'data-qualifier="as-of"' in html
    assert 'on the list as of <a href="#as-of-2015-08-16"><time datetime="2015-08-16">2015-08-16</time></a>' in html
    assert f'<small class="l5r-inferred" title="{st.why}">(on or before that day; ' in html.replace("&#39;", "'")
    # The same words as the plain form, once the markup is gone.
    assert re.sub(r"<[^>]+>", "", html) == f"{st.words} ({st.aside_words})"
    clause = render_dated(bandates.statement(ban(codex, added=D, added_precision="exact"), "added"), form="clause")
    assert re.sub(r"<[^>]+>", "", clause) == "since 2015-08-16" and "<a " not in clause
    assert render_dated(st, this_day=D).count("this day") == 1
    assert render_dated(None, missing="no date given") == "no date given"


def test_the_macro_escapes_the_inference(codex):
    entry = ban(codex, added=D, added_precision="inferred", added_inference="<b>why</b>")
    html = render_dated(bandates.statement(entry, "added"))
    assert "<b>" not in html and "&lt;b&gt;why&lt;/b&gt;" in html


# Words and values that only the one function may choose: a template that compares a qualifier or a precision,
# or writes one of these phrases itself, is wording a date on its own.
QUALIFIER_VALUES = sorted({q.value for q in bandates.DateQualifier} | {p.value for p in m.DatePrecision})
WORDS = ("on or before", "as of this day", "infers in force", "banned since", "ban lifted ·")


def template_texts():
    """Each template's code (tags and expressions), without its comments."""
    for path in sorted(TEMPLATES.rglob("*.j2")):
        source = re.sub(r"\{##.*?##\}", "", path.read_text(encoding="utf-8"), flags=re.S)
        yield path.name, source


def qualifier_tests(source: str) -> list[str]:
    """The places a template tests a date qualifier or a precision: a qualifier value in quotes inside a tag or
    expression, or a `_precision`/`.qualifier` attribute read there."""
    found = []
    for code in re.findall(r"\{[{%](.*?)[%}]\}", source, flags=re.S):
        if re.search(r"_precision\b|\.qualifier\b\s*(==|!=|in\b)|'qualifier'|\"qualifier\"", code):
            found.append(code.strip())
        found += [code.strip() for q in QUALIFIER_VALUES if re.search(rf"""['"]{re.escape(q)}['"]""", code)]
    return found


def test_no_template_tests_a_date_qualifier_itself():
    offenders = {name: qualifier_tests(source) for name, source in template_texts()}
    assert not {name: found for name, found in offenders.items() if found}


def test_no_template_words_a_date_itself():
    words = {
        name: [w for w in WORDS if w in re.sub(r"\{[{%].*?[%}]\}", "", source, flags=re.S)]
        for name, source in template_texts()
        if name != "_macros.md.j2"
    }
    assert not {name: found for name, found in words.items() if found}


def test_the_scan_finds_what_it_looks_for():
    # The checks above pass on nothing if the scan never matches: these are the forms the templates used.
    assert qualifier_tests("{% if st.qualifier == 'undated' %}x{% endif %}")
    assert qualifier_tests("{% if e.added_precision == 'on-or-before' %} (on or before this day){% endif %}")
    assert qualifier_tests("{{ x | selectattr('lifted_precision', 'equalto', 'inferred') }}")
    assert not qualifier_tests("{{ m.dated(ban_dates.statement(e, 'added')) }} undated")
    assert len(list(template_texts())) > 10


def test_every_template_that_shows_a_ban_date_uses_the_macro():
    users = {
        name for name, source in template_texts() if "ban_dates.statement(" in source or "ban_dates.status(" in source
    }
    # A card record's page (card.md.j2) shows the ban history every card page shows: pool_card_bans.html.j2's
    assert users >= {"bans.md.j2", "compare_cards.md.j2", "pool_card_bans.html.j2", "print.md.j2"}
    for name, source in template_texts():
        if name in users:
            assert "m.dated(" in source, name
