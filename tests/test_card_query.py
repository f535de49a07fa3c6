"""The card search's query language (l5r/site/theme/card-query.js), run under Node as the page runs it: the grammar
(terms, quotes, OR, parentheses, "-", sort:), the errors a term the search cannot read gets (with its place in the
query, never a list of every card), and what each key finds over a small card table written here, checked against
answers worked out in Python from the same table. The syntax reference page (cards/syntax/) names every key the
parser knows, and no other."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from poolwalk import at_least_of, positions, sampling

ROOT = Path(__file__).resolve().parents[1]
THEME = ROOT / "l5r" / "site" / "theme"
TITLES = ROOT / "docs" / "assets" / "title-match.js"

# A small card table in the shape of assets/card-index.js (l5r/site/cardpage/cardsearch.py `index_document`).
TABLE: dict[str, Any] = {
    "root": "../../",
    "formats": [["obsidian-hand", "Obsidian Hand", "OH"], ["modern", "Modern", "MOD"]],
    "types": ["Personality", "Holding", "Item"],
    "clans": ["Crab", "Crane"],
    "decks": ["Dynasty", "Fate"],
    "keywords": ["Duelist", "Samurai", "Crab Clan"],
    "sets": ["Ivory Edition", "A Line in the Sand", "Imperial Edition"],
    "set_years": [2009, 2014, 1995],
    "stats": ["force", "chi", "focus", "gold_cost", "personal_honor", "honor_requirement", "province_strength"],
    "url": ["card/", "/"],
    "status": ["legal", "not-legal", "banned", "not-checked"],
    "syntax": "cards/syntax/",
    "as_of": "2026-11-28",
    "cards": [
        # title, exp, url, types, clans, deck, keywords, unique, verdicts, year, sets, stats
        ["Kakita Ibara", "", "", [0], [1], 0, [0, 1], 1, [0, 0], 2009, [0], "3,2,,7,3,5"],
        ["Oracle of Fire, Kakita Ibara", "Experienced", "", [0], [1], 0, [1], 1, [2, 0], 2014, [1], "5,4,,10,4,12"],
        ["Hida Kisada", "", "", [0], [0], 0, [1, 2], 1, [0, 1], 1995, [2, 0], "4,3,,8,2,4"],
        ["Border Keep", "", "", [1], [], 0, [], 0, [0, 0], 1995, [2], ",,,0"],
        ["Ancestral Sword", "", "", [2], [0], 1, [], 0, [1, 0], 1995, [2], "+2,+0,1,*"],
        ["Wall Section", "", "", [1], [0], 0, [], 0, [3, 0], 2014, [1], ",,,2,,,7"],
    ],
}
TEXTS = [
    "Battle: Challenge a target Personality to a duel.",
    "Fear 2. Open: bow a target Follower.",
    "Crab Clan. Reaction: after a battle, gain 1 Honor.",
    "Produces 1 Gold.",
    "Battle: :bow: Bow a target.",
    "The province's strength is increased.",
]

HARNESS = r"""
globalThis.window = globalThis;
require(process.argv[2]);
const Q = require(process.argv[3]);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const table = new Q.Table(input.table);
table.setTexts(input.texts);
function show(node) {
  if (!node) return null;
  if (node.k === "and" || node.k === "or") return "(" + node.k + " " + node.of.map(show).join(" ") + ")";
  if (node.k === "not") return "(not " + show(node.of) + ")";
  if (node.k === "term") return node.key + node.op + node.value;
  return node.k + ":" + node.value;
}
const out = input.queries.map(function (q) {
  const p = Q.parse(q);
  if (p.error) return { error: p.error.message, at: p.error.at, length: p.error.length };
  const c = Q.compile(p, table, { typos: false });
  if (c.error) return { error: c.error.message, at: c.error.at, length: c.error.length, tree: show(p.tree) };
  let hits = [];
  for (let n = 0; n < input.table.cards.length; n++) if (c.test(n)) hits.push(n);
  hits = Q.order(hits, table, p.sort, p.dir);
  return { tree: show(p.tree), hits: hits.map(function (n) { return input.table.cards[n][0]; }), sort: p.sort,
           dir: p.dir };
});
out.push({ keys: Object.keys(Q.keys) });
process.stdout.write(JSON.stringify(out));
"""


def node() -> str:
    found = shutil.which("node")
    assert found, "Node.js is needed (make node_modules installs the browser-side packages with npm, which has it)"
    return found


def run(queries: list[str], tmp_path: Path, table: dict[str, Any] = TABLE, texts: list[str] = TEXTS) -> list[Any]:
    harness = tmp_path / "harness.js"
    harness.write_text(HARNESS, encoding="utf-8")
    result = subprocess.run(
        [node(), str(harness), str(TITLES), str(THEME / "card-query.js")],
        input=json.dumps({"table": table, "texts": texts, "queries": queries}),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    answers: list[Any] = json.loads(result.stdout)
    return answers


def titles(*positions: int) -> list[str]:
    return [TABLE["cards"][n][0] for n in positions]


# (query, the cards it finds in their order)
FINDS = [
    ("kakita", titles(0, 1)),
    ('"kakita ibara"', titles(0)),
    ("o:duel", titles(0)),
    ("o:fear", titles(1)),
    ('o:"bow a target"', titles(1, 4)),
    ("o:bow", titles(1, 4)),  # the start of a word: "elbow" would not match
    ("e:ivory", titles(0, 2)),
    ("set:line", titles(1, 5)),  # a word of "A Line in the Sand"
    ('e:"imperial edition"', titles(2, 3, 4)),
    ("force>3", titles(1, 2)),
    ("force>=3", titles(0, 1, 2)),
    ("force=2", titles(4)),  # an item's "+2" compares as 2
    ("force!=3 t:personality", titles(1, 2)),
    ("cost<=7", titles(0, 3, 5)),  # "*" matches no comparison
    ("ph>=3", titles(0, 1)),
    ("hr<5", titles(2)),
    ("focus:1", titles(4)),
    ("ps>6", titles(5)),
    ("chi<1", titles(4)),
    ("year<2000", titles(2, 3, 4)),
    ("year>=2014", titles(1, 5)),
    ("c:crab OR c:crane", titles(0, 1, 2, 4, 5)),
    ("t:personality (c:crab OR o:fear)", titles(1, 2)),
    ("-(c:crab OR c:crane)", titles(3)),
    ("-t:personality -t:holding", titles(4)),
    ('k:duelist OR k:"crab clan"', titles(0, 2)),
    ("f:oh", titles(0, 2, 3)),
    ("-f:oh", titles(1, 4)),  # a card that cannot be checked (Wall Section) is neither
    ("banned:oh", titles(1)),
    ("banned:any", titles(1)),
    ("is:unique t:personality", titles(0, 1, 2)),
    ("t:personality sort:force", titles(0, 2, 1)),
    ("t:personality sort:force dir:desc", titles(1, 2, 0)),
    ("order:cost dir:desc", titles(1, 2, 0, 5, 3, 4)),  # cards without the stat last
    ("sort:year", titles(2, 3, 4, 0, 1, 5)),
    ("sort:force", titles(4, 0, 2, 1, 3, 5)),
    ("c:crab AND t:item", titles(4)),
    ("", titles(0, 1, 2, 3, 4, 5)),
]


def test_each_term_finds_what_the_reference_says(tmp_path: Path) -> None:
    answers = run([q for q, _ in FINDS], tmp_path)
    wrong = [(q, want, got) for (q, want), got in zip(FINDS, answers) if got.get("hits") != want]
    assert not wrong, "\n".join(f"{q!r}: wanted {w}, got {g}" for q, w, g in wrong)


# (query, the tree it parses to)
TREES = [
    ("a b", "(and word:a word:b)"),
    ("a OR b c", "(or word:a (and word:b word:c))"),
    ("(a OR b) c", "(and (or word:a word:b) word:c)"),
    ("-(a OR b)", "(not (or word:a word:b))"),
    ("--a", "(not (not word:a))"),
    ("t=item cost>=2", "(and type:item gold_cost>=2)"),
    ('o:"a b" "c d"', "(and text:a b phrase:c d)"),
    ("hida or kisada", "(and word:hida word:or word:kisada)"),  # lowercase or: a title word
    ("c:crab)x", None),
    ("sort:force", "(and )"),
]


def test_one_grammar_parses_terms_groups_and_negation(tmp_path: Path) -> None:
    answers = run([q for q, _ in TREES], tmp_path)
    for (query, tree), got in zip(TREES, answers):
        if tree is None:
            assert "error" in got, (query, got)
        else:
            assert got.get("tree") == tree, (query, got)


# (query, a part of the error's message, the marked part of the query)
ERRORS = [
    ("foo:bar", "not a search key", "foo:"),
    ("kakita force>high", "compares with a whole number", "force>high"),
    ("c:nowhere", "No clan is called", "c:nowhere"),
    ("e:atlantis", "No set is called", "e:atlantis"),
    ("f:vintage", "No format is called", "f:vintage"),
    ("banned:vintage", "No format is called", "banned:vintage"),
    ("is:rare", "is:unique", "is:rare"),
    ("t<personality", "only numbers compare", "t<personality"),
    ("year<12", "four digits", "year<12"),
    ("o:", "needs a value", "o:"),
    ('"kakita', "never closed", '"kakita'),
    ("(c:crab", "never closed", "("),
    ("c:crab)", "closes no", ")"),
    ("() x", "hold nothing", "()"),
    ("OR c:crab", "term before it", "OR"),
    ("c:crab OR", "term after it", "OR"),
    ("c:crab OR OR c:crane", "term after it", "OR"),
    ("(sort:force)", "orders the whole list", "sort:force"),
    ("-sort:force", "orders the whole list", "sort:force"),
    ("sort:force OR c:crab", "orders the whole list", "sort:force"),
    ("sort:rarity", "can be sorted by", "sort:rarity"),
    ("dir:up", "asc or desc", "dir:up"),
    ("sort<force", "write sort:", "sort<force"),
    ("AND c:crab", "on each side", "AND"),
]


def test_a_term_the_search_cannot_read_is_an_error_in_place_never_every_card(tmp_path: Path) -> None:
    answers = run([q for q, _, _ in ERRORS], tmp_path)
    for (query, message, marked), got in zip(ERRORS, answers):
        assert "hits" not in got, f"{query!r} listed cards: {got}"
        assert message in got["error"], (query, got)
        assert query[got["at"] : got["at"] + got["length"]] == marked, (query, got)


def test_random_queries_are_answered_or_refused_never_thrown(tmp_path: Path) -> None:
    """Every string over the grammar's characters is either a list or an error (the harness would exit non-zero on
    an exception): 3,000 of them, from a fixed seed."""
    import random

    pick = random.Random(44)
    alphabet = [
        "c:",
        "o:",
        "force",
        ">=",
        "<",
        "=",
        "!=",
        "(",
        ")",
        "-",
        '"',
        "OR",
        "AND",
        " ",
        "crab",
        "3",
        "sort:",
        "dir:",
        "desc",
        "kakita",
        "e:",
        "ivory",
        ":",
        "year",
        "2009",
        "x",
        "\\",
        "'",
        "\u00e9",
    ]
    queries = ["".join(pick.choice(alphabet) for _ in range(pick.randint(1, 12))) for _ in range(3000)]
    answers = run(queries, tmp_path)[:-1]
    assert len(answers) == len(queries)
    assert all(("hits" in a) != ("error" in a) for a in answers)


def test_the_syntax_reference_names_every_key_and_no_other(tmp_path: Path) -> None:
    from l5r.site.cardpage import cardsearch

    keys = set(run([], tmp_path)[-1]["keys"])
    page = cardsearch.syntax_markdown()
    listed = set(re.findall(r"<code>([a-z_]+):</code>", page.split("<tbody>")[1].split("</tbody>")[0]))
    assert listed == keys, f"only in the parser: {sorted(keys - listed)}; only on the page: {sorted(listed - keys)}"


@pytest.mark.parametrize("directory_urls", [True, False])
def test_a_rows_address_reads_back_as_the_card_pages_address(directory_urls: bool) -> None:
    """The index keeps a card's URL short ("" when it is the slug of the title, else the slug, else the whole URL);
    card-search.js's `cardUrl` rebuilds it. Here for titles that fold differently (accents, apostrophes,
    punctuation) and a URL outside the pool card pages."""
    from l5r.site.cardpage import cardsearch
    from l5r.site.rendering import searchindex

    before, after = cardsearch._url_pattern(directory_urls)
    cases = [
        ("Kakita Ibara", "", "kakita-ibara"),
        ("Koan's Jingasa", "", "koans-jingasa"),
        ("Idé", "", "ide"),
        ('"Failure, My Sensei"', "", "failure-my-sensei"),
        ("Aulus", "", "aulus-dynasty"),
        ("Border Keep", "Experienced 2", "border-keep-experienced-2"),
    ]
    rows = [
        [title, exp, cardsearch._url_cell(before + page_slug + after, title, exp, directory_urls)]
        for title, exp, page_slug in cases
    ]
    other = "cards/border-keep/" if directory_urls else "cards/border-keep.html"
    rows.append(["Border Keep", "", cardsearch._url_cell(other, "Border Keep", "", directory_urls)])
    assert rows[-1][2] == [other]
    script = (
        "globalThis.window = globalThis; require(process.argv[1]); const Q = require(process.argv[2]);"
        "const D = JSON.parse(process.argv[3]);"
        "process.stdout.write(JSON.stringify(D.cards.map(c => Q.rowUrl(D, c))));"
    )
    document = json.dumps({"url": [before, after], "cards": rows})
    result = subprocess.run(
        [node(), "-e", script, str(TITLES), str(THEME / "card-query.js"), document],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [before + s + after for _, _, s in cases] + [other]
    assert all(searchindex.slug(t + (" " + e if e else "")) == s for t, e, s in cases if s != "aulus-dynasty")


@pytest.fixture(scope="module")
def real_pool_table(tmp_path_factory, codex: Any) -> tuple[Any, dict]:
    """The card search's table of the whole real pool (the card site, its `index_document`), made once for the two
    tests that walk it: neither changes it, and making it is most of either's time."""
    from conftest import real_pool

    from l5r.site.cardpage import cardsearch

    pool = real_pool()
    assert pool is not None
    site = cardsearch.prepare(tmp_path_factory.mktemp("real-pool-site"), codex, pool=pool)
    return site, cardsearch.index_document(site)


@pytest.mark.realpool
def test_every_pool_card_row_leads_to_its_page_and_its_title_finds_it(tmp_path: Path, real_pool_table) -> None:
    """Over the whole real pool: every row of the card search's table rebuilds its card page's URL (`rowUrl`), and
    every card's quoted title ("Kakita Ibara") finds that card among the cards of the same folded title."""
    from l5r.site.cardpage import cardsearch

    site, document = real_pool_table
    rows = cardsearch._static_rows(site)[1]
    (tmp_path / "table.json").write_text(json.dumps(document), encoding="utf-8")
    script = r"""
globalThis.window = globalThis; require(process.argv[1]); const Q = require(process.argv[2]);
const D = JSON.parse(require("fs").readFileSync(process.argv[3], "utf8"));
const table = new Q.Table(D), lost = [];
D.cards.forEach((c, n) => {
  const p = Q.parse('"' + c[0].replace(/"/g, "") + (c[1] ? " " + c[1] : "") + '"');
  const test = p.error ? null : Q.compile(p, table, {typos: false}).test;
  if (!test || !test(n)) lost.push(c[0]);
});
process.stdout.write(JSON.stringify({urls: D.cards.map(c => Q.rowUrl(D, c)), lost: lost}));
"""
    result = subprocess.run(
        [node(), "-e", script, str(TITLES), str(THEME / "card-query.js"), str(tmp_path / "table.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert len(answer["urls"]) == len(rows) > 13000
    wrong = [(i.key, url) for (i, _), url in zip(rows, answer["urls"]) if url != site.url(i)]
    assert not wrong, f"{len(wrong)} rows lead elsewhere, e.g. {wrong[:5]}"
    assert not answer["lost"], f"{len(answer['lost'])} titles do not find their card, e.g. {answer['lost'][:5]}"


def _fixture_table(tmp_path: Path, codex: Any) -> dict:
    """The card search's table of the test pool, as the build writes it."""
    from conftest import FIXTURE_POOL

    from l5r.site.cardpage import cardsearch

    return cardsearch.index_document(cardsearch.prepare(tmp_path, codex, pool=FIXTURE_POOL))


def _levels_typed(tmp_path: Path, document: dict) -> tuple[int, list[str]]:
    """Every card of the card search's table `document` with an experience level, its title typed in the search
    with the level written in each style players use in decklists (tests/decks/styles.py LEVEL_STYLES: "Kuni Yori
    XP2", "Kuni Yori Exp II", "Exp2 Kuni Yori", ...): (how many queries were tried, the queries that do not find their card). Bare words,
    lower case, without the title's punctuation (which the query language reads as its own). Levels with a set's
    tag ("ExperiencedKYD", "Experienced 2CW": one word in the pool's title) are left out: the search matches the
    words typed to the title's words, and no player types "xpkyd"; "exp" alone finds them. A card with no level
    whose title has levelled cards is typed as the one before them ("Kuni Yori inexp", "Kuni Yori unexp", "Kuni Yori
    non-exp"), as decklists write it."""
    from decks.styles import LEVEL_STYLES, LINE_STYLES

    levelled = {title for title, experience, *_ in document["cards"] if experience}
    styles = [*LEVEL_STYLES.values(), LINE_STYLES["(non-exp)"]]
    queries = []
    walk = positions([c[0] for c in document["cards"]])
    for n, (title, experience, *_) in enumerate(document["cards"]):
        if n not in walk:
            continue
        if experience and not re.fullmatch(r"(?:In)?[Ee]xperienced(?: \d+(?:\.\d+)?)?", experience):
            continue  # a set's tag
        if not experience and title in levelled:
            experience = "Inexperienced"
        for style in styles:
            # as players type it: without the pool's italics tags ("Captain of the <i>Horokabe</i>")
            written = style(re.sub(r"</?i>", "", title), experience or None)
            if written is not None:
                queries.append([n, re.sub(r"[^\w\s']", " ", written).lower()])
    # as typed, without the typo-forgiving pass
    return len(queries), _queries_lost(tmp_path, document, [[n, q, False] for n, q in queries])


def test_a_level_typed_as_players_write_it_finds_the_card(tmp_path: Path, codex: Any) -> None:
    """The card search reads a level as the deck checker does (names.py reading_words): "xp2" and "exp ii" find
    "Experienced 2". Over every card of the test pool with a level (its sample in the quick loop: tests/poolwalk.py)."""
    table = _fixture_table(tmp_path, codex)
    tried, lost = _levels_typed(tmp_path, table)
    assert tried > at_least_of(500, [c[0] for c in table["cards"]])
    assert not lost, f"{len(lost)} of {tried} queries do not find their card, e.g. {lost[:8]}"


@pytest.mark.realpool
def test_a_level_typed_as_players_write_it_finds_the_card_in_the_real_pool(tmp_path: Path, real_pool_table) -> None:
    tried, lost = _levels_typed(tmp_path, real_pool_table[1])
    assert tried > at_least_of(10_000, [c[0] for c in real_pool_table[1]["cards"]])
    assert not lost, f"{len(lost)} of {tried} queries do not find their card, e.g. {lost[:8]}"


def _player_forms(title: str) -> list[tuple[str, bool]]:
    """A title typed as players type it, each form with whether it needs the typo-forgiving pass (the page's second,
    when nothing matches as typed): a hyphen's words joined ("Heavenly Ninjato of the Scorpion" for Ninja-to), a
    "The" before a title without one, its last word made plural ("Ambushes"), and two neighbouring letters of its
    longest word swapped ("Famuos Bazaar"). Bare lower-case words, as the search reads a query."""
    plain_title = re.sub(r"[^\w\s'-]", " ", re.sub(r"</?i>", "", title)).lower()
    words = plain_title.split()
    forms = []
    if re.search(r"[a-z]-[a-z]", plain_title):
        forms.append((re.sub(r"(?<=[a-z])-(?=[a-z])", "", plain_title), False))
    if words and words[0] not in ("the", "a", "an"):
        forms.append(("the " + plain_title, False))
    last = words[-1] if words else ""
    if re.fullmatch(r"[a-z]{3,}", last) and not last.endswith("s"):
        plural = last + ("es" if re.search(r"(?:x|z|ch|sh)$", last) else "s")
        forms.append((" ".join([*words[:-1], plural]), False))
    longest = max(words, key=len, default="")
    if len(longest) >= 5 and re.fullmatch(r"[a-z]+", longest) and longest[1] != longest[2]:
        swapped = longest[0] + longest[2] + longest[1] + longest[3:]
        forms.append((" ".join(swapped if w == longest else w for w in words), True))
    return forms


def _titles_typed_loosely(tmp_path: Path, document: dict) -> tuple[int, list[str]]:
    """Every card of the card search's table, its title typed in each of `_player_forms`: (how many queries were
    tried, the queries that do not find their card)."""
    walk = positions([c[0] for c in document["cards"]])
    queries = [
        [n, query, typos]
        for n, (title, *_) in enumerate(document["cards"])
        if n in walk
        for query, typos in _player_forms(title)
        if query.replace("-", "").strip()
    ]
    return len(queries), _queries_lost(tmp_path, document, queries)


# The start of a Node script over the card search's table: D (the table's document), queries (from a file) and
# table (card-query.js's Table of D), with title-match.js loaded first, as the page loads it.
_NODE_PRELUDE = r"""
globalThis.window = globalThis; require(process.argv[1]); const Q = require(process.argv[2]);
const D = JSON.parse(require("fs").readFileSync(process.argv[3], "utf8"));
const queries = JSON.parse(require("fs").readFileSync(process.argv[4], "utf8"));
const table = new Q.Table(D), lost = [];
"""


def _lost_in_node(tmp_path: Path, document: dict, queries: list, body: str) -> list[str]:
    """What `body` (after `_NODE_PRELUDE`) pushes to `lost`, run under Node over the table and the queries."""
    (tmp_path / "table.json").write_text(json.dumps(document), encoding="utf-8")
    (tmp_path / "queries.json").write_text(json.dumps(queries), encoding="utf-8")
    result = subprocess.run(
        [node(), "-e", _NODE_PRELUDE + body + "\nprocess.stdout.write(JSON.stringify(lost));\n", str(TITLES)]
        + [str(THEME / "card-query.js"), str(tmp_path / "table.json"), str(tmp_path / "queries.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def _queries_lost(tmp_path: Path, document: dict, queries: list) -> list[str]:
    """The queries ([card number, query, whether the typo-forgiving pass is on]) that do not find their card of
    the card search's table, run by the page's own card-query.js under Node."""
    body = r"""
queries.forEach(([n, q, typos]) => {
  const p = Q.parse(q);
  if (p.error || !Q.compile(p, table, {typos: typos}).test(n)) lost.push(q + " (" + D.cards[n][0] + ")");
});
"""
    return _lost_in_node(tmp_path, document, queries, body)


def _titles_pasted_with_their_counts(tmp_path: Path, document: dict) -> tuple[int, list[str]]:
    """Every card's title as a decklist's line gives it, its count before or after ("3 Iron Mine", "2x: Iron Mine",
    "Iron Mine x3", "Iron Mine (x3)", "Iron Mine - 3", "Iron Mine: 3"): a query that is a card's whole title with a count is searched without it first
    (card-query.js `countedTitle`); otherwise, where the query as typed finds no card, the query without its count
    (`uncounted`) finds the card; where it finds some (the card at level 3), the card is among them, unless the query
    is another card's whole title ("Imperial Gift (3)" is Imperial Gift 3). Run through the page's own order of
    searches (`searchPlan`). (How many queries were tried, those lost.)"""
    counts = [("3 ", ""), ("2x ", ""), ("2x: ", ""), ("x3 ", ""), ("", " x3"), ("", " (3)"), ("", " (x3)")]
    counts += [("", " - 3"), ("", ": 3"), ("", " *3"), ("", " 3x"), ("", " ×3")]
    typed = [re.sub(r"[^\w\s'&]", " ", re.sub(r"</?i>", "", title)).lower().strip() for title, *_ in document["cards"]]
    walk = positions([c[0] for c in document["cards"]])
    queries = [
        [n, f"{before}{title}{after}"]
        for n, title in enumerate(typed)
        if title and n in walk
        for before, after in counts
    ]
    body = r"""
// The page's searches for the query, in turn (card-query.js searchPlan): the first that finds a card lists it. Whether
// a search finds any card at all is asked only of the cards the count finds as a query of its own ("3": the cards at
// level 3), since a search as typed holds the count; a search without the count that misses the card is lost anyway.
const alone = {};
function foundAlone(word) {
  if (!(word in alone)) {
    const test = Q.compile(Q.parse(word), table, {typos: true}).test;
    alone[word] = D.cards.map((c, n) => n).filter(test);
  }
  return alone[word];
}
queries.forEach(([n, q]) => {
  const rest = Q.uncounted(q), count = rest === null ? null : q.replace(rest, "").trim();
  const plan = Q.searchPlan(q, table);
  // another card's whole title: "Imperial Gift (3)" is Imperial Gift 3
  if (rest !== null && table.wholeTitles && table.wholeTitles.has(globalThis.l5rTitles.fold(q))) return;
  let found = false;
  for (const t of plan.tries) {
    if (t.test(n)) { found = true; break; }
    if (t.rest !== null || foundAlone(count).some(t.test)) break;  // the page lists other cards, or none
  }
  if (rest === null || !found) lost.push(q + " (" + D.cards[n][0] + ")");
});
"""
    return len(queries), _lost_in_node(tmp_path, document, queries, body)


def test_a_title_pasted_with_its_count_finds_the_card(tmp_path: Path, codex: Any) -> None:
    tried, lost = _titles_pasted_with_their_counts(tmp_path, _fixture_table(tmp_path, codex))
    assert tried > 500
    assert not lost, f"{len(lost)} of {tried} queries do not find their card, e.g. {lost[:8]}"


@pytest.mark.realpool
def test_a_title_pasted_with_its_count_finds_the_card_in_the_real_pool(tmp_path: Path, real_pool_table) -> None:
    tried, lost = _titles_pasted_with_their_counts(tmp_path, real_pool_table[1])
    assert tried > at_least_of(50_000, [c[0] for c in real_pool_table[1]["cards"]])
    assert not lost, f"{len(lost)} of {tried} queries do not find their card, e.g. {lost[:8]}"


def _titles_not_listed_first(tmp_path: Path, document: dict, every: int = 1) -> tuple[int, list[str]]:
    """Every card's title (every `every`-th by name, and each that holds a quote mark) typed in the card search, as
    it is and pasted with a count ("3 Charge"): the page's searches in turn (card-query.js `searchPlan`), the cards found in its default
    order (`order`, by name) with the cards of that whole title first (`exactFirst`, a bracket that tells same-title
    cards apart left out): the first card listed has the title typed, though other titles that hold its words sort
    before it by name ("Banzai Charge"). (How many queries were tried, those whose first card is another.)"""
    titles = sorted({re.sub(r"\s*\([^()]*\)$", "", c[0]) for c in document["cards"]})
    # (and every title that holds a quote mark: 'Goblin "Barracks"' is no quoted title within it; and every one
    # written without its bracket: "Hida" for Hida (Bio), which "3 Hida" names before the cards at level 3)
    bracketed = {re.sub(r"\s*\([^()]*\)$", "", c[0]) for c in document["cards"] if c[0].endswith(")")}
    # (the quick loop's sample of titles in place of the stride: tests/poolwalk.py)
    picked = [titles[n] for n in sorted(positions(titles))] if sampling() else titles[::every]
    titles = sorted({*picked, *(t for t in titles if '"' in t), *bracketed})
    queries = [q for t in titles for q in (t, f"3 {t}")]
    body = r"""
const folded = (t) => globalThis.l5rTitles.fold(t.replace(/\s*\([^()]*\)$/, "")).trim();
queries.forEach((q) => {
  const plan = Q.searchPlan(q, table);
  let hits = [], searched = q;
  for (const t of plan.tries) {
    hits = D.cards.map((c, n) => n).filter(t.test);
    if (hits.length) { if (t.rest !== null) searched = t.rest; break; }
  }
  hits = Q.exactFirst(Q.order(hits, table, "name", "asc"), table, searched);
  const want = folded(q.replace(/^3 /, ""));
  if (!hits.length || folded(D.cards[hits[0]][0]) !== want) lost.push(q + (hits.length ? " (" + D.cards[hits[0]][0] + ")" : ""));
});
"""
    return len(queries), _lost_in_node(tmp_path, document, queries, body)


def test_a_cards_whole_title_typed_lists_that_card_first(tmp_path: Path, codex: Any) -> None:
    tried, lost = _titles_not_listed_first(tmp_path, _fixture_table(tmp_path, codex))
    assert tried > 100
    assert not lost, f"{len(lost)} of {tried} queries list another card first, e.g. {lost[:8]}"


@pytest.mark.realpool
def test_a_cards_whole_title_typed_lists_that_card_first_in_the_real_pool(tmp_path: Path, real_pool_table) -> None:
    tried, lost = _titles_not_listed_first(tmp_path, real_pool_table[1], every=7)
    assert tried > at_least_of(2_000, [c[0] for c in real_pool_table[1]["cards"]])
    assert not lost, f"{len(lost)} of {tried} queries list another card first, e.g. {lost[:8]}"


def test_a_title_typed_as_players_type_it_finds_the_card(tmp_path: Path, codex: Any) -> None:
    """The card search (and the header's, by the same title-match.js) finds a card by its title typed loosely: its
    hyphen's words joined, an extra "The", a plural, two letters swapped. Over every card of the test pool (its sample in the quick loop)."""
    table = _fixture_table(tmp_path, codex)
    tried, lost = _titles_typed_loosely(tmp_path, table)
    assert tried > at_least_of(500, [c[0] for c in table["cards"]])
    assert not lost, f"{len(lost)} of {tried} queries do not find their card, e.g. {lost[:8]}"


@pytest.mark.realpool
def test_a_title_typed_as_players_type_it_finds_the_card_in_the_real_pool(tmp_path: Path, real_pool_table) -> None:
    tried, lost = _titles_typed_loosely(tmp_path, real_pool_table[1])
    assert tried > at_least_of(30_000, [c[0] for c in real_pool_table[1]["cards"]])
    assert not lost, f"{len(lost)} of {tried} queries do not find their card, e.g. {lost[:8]}"
