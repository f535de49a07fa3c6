"""The line reader's shortcuts answer as its patterns do. Before a pattern, the reader tests for a character the
pattern cannot match without (a bracket, a "#", a leading "x", "ea"), and skips the pattern when the character is
missing. Each case writes a line from pieces of the forms those patterns read (a collector's number, a clan in
brackets, "2 each:", "exp #2", a bullet, a footnote mark, a column's count, dot leaders) around a title, or glued to
random text, and requires:
- every pattern whose match a shortcut skips to match only lines that pass the shortcut's test;
- each step with shortcuts (`_undressed`, `_counts_and_titles_apart`, `_strip_comment`, `column_count`, `trailing_count`,
  `_without_set_prefix`, `undecorated`, `reading_words`, `split_experience`, `is_experience`, `is_level_remark`, `split_qualifier`) to give what its
  patterns give applied one after the other, with no shortcut; and a line read before, moved to another line, and
  a line with any of its fields changed (`CardLine.replaced`), to be what `dataclasses.replace` makes of it; and the measure of edits kept near the diagonal (`within_edits`) to answer
  as the whole table (`edit_distance`) does.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata

from hypothesis import example, given, settings, strategies as st

from l5r import decklist as d
from l5r.cardpool import names

PIECES = [
    "1 ", "3x ", "x3", "X2", "×3", "Rout", "Hida Kisada", " (TNO) 3", " (exp) 3", "(TNO) 12a", "[Lion] ", "(Crab) ",
    "3 [Lion] ", "(0g) ", "2f/3c ", "[2F] ", "(Iron Mine, Jade Pearl Inn) x3", "{A, B} 2", " each", "2 each: ",
    " ea.", " apiece", "apİece", "apıece", "EACH", "exp #2", "Exp#3", " # comment", " (#84/156)", "#3 ", "# ",
    "-1 ", "−2 ", "- ", "1. ", "12) ", "(2) - ", "[ 3 ] ", "[x3] ", "( 4 )  ", " [Gold]", " {Jade}", " [Exp 2]",
    "\t3", "  x3", "   ", " ....... 3", "..........3", "...", "…… 3", "…", "•  ", "* ", "■", "▶ ", "-Matsu", "†", "‡", ";", "*",
    " ", "(", ")", "[", "]", "{", "}", "> ", ">>", "<b>", "</b>", "[u]", "[/i]", "-----", "―――――", "|---|", ":---:", "==", "+2 ",
    "−1 ", "Fate (40)", "KYD-R ", "[TSE] [C] ", "SoD #12 ", "Kyūden", "Honour", "&", "'", "e2", "xp2", "Exp II", "0", "7", "٣", "\u00a0",
]  # fmt: skip
BEFORE = [
    "",
    "1 ",
    "3x ",
    "x3",
    "-1 ",
    "−2 ",
    "1. ",
    "(2) - ",
    "[x3] ",
    "3 [Lion] ",
    "(0g) ",
    "2 each: ",
    "#3 ",
    "• ",
    "-",
]
TITLES = [
    "Rout",
    "Hida Kisada",
    "Iron Mine, Jade Pearl Inn",
    "Kuni Yori exp #2",
    "Kyūden Hida",
    "Honour's Cost",
    "Exp 2 Hida Kisada",
]
AFTER = [
    "", " (TNO) 3", " x3", " x0", " (0)", " - 10", ",2", " ...3", " ... 3", " ....3", " …3", "…………3", " . . . 3", "\t3", "  x3", " each", " (2 each)", " apiece", " apİece",
    " # note", " (#84/156)", " [Gold]", " {Jade}", " [Exp 2]", " [IE] - note", " [Exp 2] - MVP", " xp2", " e٣", " (Exp II)", " - EXPERIENCED", " XP", " (Emperor)", " (newest exp)", "*", "†", ";",
]  # fmt: skip
NOISE = st.text(alphabet="aeixX ()[]#.-*;\t0123456789", max_size=4)
# a line as a list writes one (a count or a mark, a title, a count, a set or a remark after it), or pieces at random
LINES = st.one_of(
    st.tuples(st.sampled_from(BEFORE), st.sampled_from(TITLES), st.sampled_from(AFTER)).map("".join),
    st.tuples(st.sampled_from(BEFORE), st.sampled_from(TITLES), st.sampled_from(AFTER), NOISE).map("".join),
    st.lists(st.one_of(st.sampled_from(PIECES), NOISE), max_size=7).map("".join),
)
# 1,000 cases in `make test`, 250 in the quick loop, the profile's budget in `make fuzz`
MANY = settings(max_examples=min(25 * settings.default.max_examples, max(1000, settings.default.max_examples)))
# Lines each shortcut must let through, tried in every run besides the generated ones: each pattern's own form.
SHAPES = [
    "―――――", "-----", "KYD-R 3 Rout", "[TSE] [C] 2 Rout", "SoD #12 3 Rout", "<b>Dynasty</b>", "[b]Fate[/b]",
    "> 3 Rout", ">> Fate:", "|---|---|", ":---: | :---:", "Fate (40)Army Like a Tide", "+2 Rout", "−1 Rout, +1 Ambush",
    "Rout x0", "Rout (0)", "Iron Mine,3", "2x Carpenter Castle 3x Border Keep", "Rout x2 Ambush x3",
]  # fmt: skip


def _with_shapes(test):
    for shape in SHAPES:
        test = example(shape)(test)
    return test


# (what the shortcut tests, the pattern, how the reader applies it): a match means the test holds
SKIPPED_PATTERNS = [
    (lambda line: line[:1] in d._BULLET_STARTS, d._BULLET, "match"),
    (lambda line: line.endswith(("*", "†", "‡", ";")), d._FOOTNOTE_MARK, "search"),
    (lambda line: line[:1] in d._GLUED_COUNT_STARTS, d._GLUED_COUNT, "match"),
    (lambda line: line[:1].isdigit(), d._UNPARTED_LEADS, "match"),
    (lambda line: ")" in line, d._COLLECTOR_NUMBER, "match"),
    (lambda line: "(" in line or "[" in line, d._CLAN_BRACKET, "match"),
    (lambda line: "(" in line or "[" in line or "{" in line, d._GROUPED, "match"),
    (lambda line: "ea" in line.lower() or "ece" in line.lower(), d._EACH_BEFORE, "match"),
    (lambda line: "ea" in line.lower() or "ece" in line.lower(), d._EACH_AFTER, "match"),
    (lambda line: line[:1] in "-−", d._NEGATIVE_COUNT, "match"),
    (lambda line: line[:1].isdigit(), d._ITEM_NUMBER, "match"),
    (lambda line: line[:1] in "([", d._GROUP_NUMBER, "match"),
    (lambda line: line[:1] in "([", d._BRACKETED_COUNT, "match"),
    (lambda line: d._A_FIGURE.search(line), d._TRAILING_COUNT, "search"),
    (lambda line: "[" in line or "-" in line or "#" in line, d._SET_PREFIX, "match"),
    (lambda line: line.lstrip().startswith(">"), d._QUOTE_MARKS, "match"),
    (lambda line: line[:1] in d._RULE_STARTS, d._RULE_LINE, "match"),
    (lambda line: "---" in line, d._TABLE_RULE, "match"),
    (lambda line: ")" in line, d._CAPTIONED_HEADER, "match"),
    (lambda line: line[:1] in "+−-", d._CHANGE_LINE, "match"),
    (lambda line: "<" in line or "[" in line, d._DECORATION_TAG, "search"),
    (lambda line: "#" in line, d._LEVEL_NUMBER_MARK, "search"),
    (lambda line: line.endswith(("]", "}")), d._SET, "match"),
    (lambda line: line.endswith(")"), names._QUALIFIER, "match"),
    (lambda line: ":" in line, d._COUNT_LABEL, "match"),
    (lambda line: ":" in line, d._HEADER, "match"),
    (lambda line: line[:1].isdigit(), d._COUNT_FIRST_HEADER, "match"),
    *((lambda line: names._MARKER_CHARACTER.search(line), pattern, "match") for pattern in (
        names._TRAILING_EXPERIENCE, names._LEADING_EXPERIENCE, names._EXPERIENCE_ALONE, names._LEVEL_REMARK
    )),
]  # fmt: skip


@MANY
@_with_shapes
@given(LINES)
def test_a_pattern_matches_only_where_its_shortcut_lets_it(line: str) -> None:
    for text in (line, names.plain(line)):
        for shortcut, pattern, how in SKIPPED_PATTERNS:
            if getattr(pattern, how)(text):
                assert shortcut(text), f"{pattern.pattern!r} matches {text!r}, which its shortcut skips"


def _counts_and_titles_apart_in_full(line: str) -> str:
    line = d._GLUED_COUNT.sub(r"\1\2 ", line)
    if d._UNPARTED_LEADS.match(line):
        line = d._UNPARTED_BEFORE.sub(", ", line)
    elif d._UNPARTED_ENDS.search(line):
        line = d._UNPARTED_AFTER.sub(r"\1, ", line)
    line = d._COLLECTOR_NUMBER.sub(r"\g<line>", line)
    line = d._CLAN_BRACKET.sub(lambda m: m["count"] or "", line)
    if (stats := d._STAT_HEAD.match(line)) and d._STAT_LETTER.search(stats.group(0)):
        line = line[stats.end() :]
    line = d.grouped_titles(line)
    if d._SET_BEFORE_SEPARATOR.search(line):
        line = d._SQUARE_SET.sub(r"(\g<set>)", line)
    if each := d._EACH_BEFORE.match(line) or d._EACH_AFTER.match(line):
        line = f"{d.each_count(each['count'])}x: {line[each.end() :] if each.re is d._EACH_BEFORE else each['rest']}"
    return line


def _strip_comment_in_full(line: str) -> str:
    if line.lstrip().startswith("#"):
        if not d._HASH_COUNT.match(line):
            return ""
        line = d._HASH_COUNT.sub("", line, count=1)
    line = d._LEVEL_NUMBER_MARK.sub(r"\1 ", line)
    return re.sub(r"(?<!\s)\s+#.*$|\s{0,9}\(#\s?[0-9]{1,5}(?:/[0-9]{1,5})?\)\s{0,9}$", "", line).strip()


def _column_count_in_full(line: str) -> tuple[int, str] | None:
    cells = [cell for cell in d._COLUMN_GAP.split(d._DOT_LEADER.sub("\t", line.strip())) if cell.strip()]
    if len(cells) < 2:
        return None
    match = d._COLUMN_COUNT.match(cells[-1].strip())
    rest = " ".join(cells[:-1])
    if not match or not any(ch.isalpha() for ch in rest):
        return None
    return d._number(match.group("count")), rest


def _trailing_count_in_full(line: str) -> tuple[int, str] | None:
    line = line.rstrip()
    match = None
    for at in range(max(0, len(line) - d._TRAILING_COUNT_TAIL), len(line)):
        if at > 0 and not line[at - 1].isspace() and line[at] not in ",;:":
            continue
        if match := d._TRAILING_COUNT.match(line, at):
            break
    if not match:
        return None
    rest = line[: match.start()].rstrip()
    if match.group("e") is None:
        rest = re.sub(r"\s-+$", "", rest).rstrip() if rest.endswith("-") else rest
    if not any(ch.isalpha() for ch in rest):
        return None
    return d._number(next(g for g in match.group("a", "b", "c", "d", "e", "f") if g is not None)), rest


def _split_experience_in_full(name: str) -> tuple[str, str | None]:
    name = names.plain(name)
    match = names._TRAILING_EXPERIENCE.match(name)
    if not match or not match.group("title").strip(" -•,("):
        match = names._LEADING_EXPERIENCE.match(name)
        if not match or not match.group("title").strip(" -•,("):
            return name, None
    return match.group("title").strip(), match.group("exp")


def _reading_words_in_full(title: str) -> str:
    text = names._MARKS.sub("", unicodedata.normalize("NFKD", names.plain(title))).lower()
    for pattern, replacement in names._READING_STEPS:
        text = pattern.sub(replacement, text)
    text = names._SPELLINGS.sub(names._american, text)
    if "x" in text or any(ch.isdigit() for ch in text):
        text = names._LEVELS_WRITTEN.sub(names._level_words, text)
    return text.strip()


@MANY
@_with_shapes
@given(LINES)
def test_each_step_with_shortcuts_reads_as_its_patterns_in_full(line: str) -> None:
    flat = names.plain(line)
    assert d._undressed(flat) == d._FOOTNOTE_MARK.sub("", d._BULLET.sub("", flat))
    assert d._counts_and_titles_apart(flat) == _counts_and_titles_apart_in_full(flat)
    assert d._strip_comment(line) == _strip_comment_in_full(line)
    assert d.column_count(line) == _column_count_in_full(line)
    assert d.trailing_count(flat) == _trailing_count_in_full(flat)
    assert d._without_set_prefix(line) == d._SET_PREFIX.sub("", line, count=1)
    inner = d._DECORATION_TAG.sub("", flat).strip(d._DECORATION_CHARS)
    assert d.undecorated(flat) == (inner if inner and inner != flat else None)
    assert names.reading_words(line) == _reading_words_in_full(line)
    assert names.split_experience(line) == _split_experience_in_full(line)
    assert names.is_experience(line) == bool(names._EXPERIENCE_ALONE.match(flat))
    assert names.is_level_remark(line) == bool(names._LEVEL_REMARK.match(flat))
    qualified = names._QUALIFIER.match(flat)
    assert names.split_qualifier(line) == ((qualified["base"], qualified["qualifier"]) if qualified else (flat, None))
    if isinstance(card := d.parse_card_line(line, 1, None), d.CardLine):  # a line read before, at another line
        assert d._card_line(line, 7, "fate", {}) == dataclasses.replace(card, line=7, section="fate")
        _replaced_as_dataclasses_replaces(card, line)


# Every field a CardLine has, a value of its type for each: `CardLine.replaced` copies a line with any of them changed.
_CHANGES = {
    "line": 9,
    "section": "pre_game",
    "count": 2,
    "name": "Rout",
    "experience": "Experienced 2",
    "set_name": "Gold Edition",
    "written": "Rout (great)",
    "block": 3,
    "several": True,
    "each": True,
    "under": 4,
    "after_label": True,
    "item": 12,
    "group": 2,
    "figure": True,
    "uncounted": True,
}


def _replaced_as_dataclasses_replaces(card: d.CardLine, line: str) -> None:
    assert set(_CHANGES) == {f.name for f in dataclasses.fields(d.CardLine)}  # (a new field needs a value here)
    picked = {k: v for n, (k, v) in enumerate(_CHANGES.items()) if (len(line) >> (n % 6)) & 1 or n == len(line) % 14}
    for changes in (picked, _CHANGES, {}):
        copy, made = card.replaced(**changes), dataclasses.replace(card, **changes)
        assert copy == made and copy.__dict__ == made.__dict__ and hash(copy) == hash(made) and copy is not card
    try:
        card.replaced(sections="fate")
    except TypeError as refused:
        assert "sections" in str(refused)
    else:
        raise AssertionError("CardLine.replaced took a name that is no field")


# Near misses: short words over a few letters, so that most pairs are a few edits apart, swaps of neighbours among them.
_NEAR = st.text(alphabet="abcde", max_size=9)


@MANY
@given(_NEAR, _NEAR, st.integers(min_value=0, max_value=3))
def test_a_measure_near_the_diagonal_answers_as_the_whole_table(a: str, b: str, limit: int) -> None:
    # The glued-twice and header-word checks ask only whether two keys are within a few edits (checker.py `_unglued`,
    # decklist.py `near_header_word`): the band must answer that as the whole table does.
    assert d.within_edits(a, b, limit) == (d.edit_distance(a, b) <= limit)
    assert d.within_edits(a + b, b + a, limit) == (d.edit_distance(a + b, b + a) <= limit)
