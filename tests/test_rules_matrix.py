"""The rules matrix (l5r/engine/ruletable.py, l5r/site/planning/matrix.py): every question the engine answers, in every
format, derived from the engine itself.

- the table and the engine's source name the same rule_refs keys (a key the engine reads without a row, or a row
  no engine code reads, fails);
- for the keywords and wording rules one format states (and every other probed rule), the engine itself is asked
  in every format: it answers where the cell says *stated* and says "not stated" where the cell does, so a rule
  applied where its format's documents never state it (AEG's search in New Era) fails;
- every stated cell has a source: a record of the format or of a bundled basis its text names (a Codex reading's
  cells are labelled);
- the page and the API document show the engine's cells;
- `l5r check` fails on a format whose answers lean on a basis no document names.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest

from l5r.engine import (
    abilities,
    battle,
    duel,
    effects,
    keywords,
    recruit,
    search,
    seppuku,
    setup,
    turn,
    victory,
    wording,
)
from l5r.engine import game as engine_game
from l5r.engine.game import OPPONENT, YOU, Card, Game, NotStated, Player, Refused
from l5r.engine.ruleset import Ruleset, declared_basis, ruleset_for, rulesets
from l5r.engine.ruletable import ENGINE_KEYS, ENGINE_RULES, CellKind, basis_problems, cell_for, rules_matrix
from l5r.site.planning.matrix import MATRIX_PAGE, matrix_document, matrix_schema

from conftest import l5r_here

ENGINE = Path(engine_game.__file__).parent
FORMATS = ("obsidian-hand", "new-era", "modern", "aeg")


def _game(rs: Ruleset, *cards: Card) -> Game:
    g = Game(rs, {YOU: Player(YOU, honor=5), OPPONENT: Player(OPPONENT, honor=5)})
    for card in cards:
        g.cards[card.name] = card
    return g


# ---------------------------------------------------------------------------------------------------------
# The table and the engine's source name the same keys
# ---------------------------------------------------------------------------------------------------------

_KEYED = {"stated": 1, "number": 1, "rule": 0, "reading_for": 0}


def _is_ruleset(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id in ("rs", "ruleset", "rules")) or (
        isinstance(node, ast.Attribute) and node.attr == "ruleset"
    )


def _engine_keys() -> set[str]:
    """Every rule_refs key the engine reads: a string literal passed to stated/number/rule/_rule/_read_by_wording/
    _may_draw, a keyword of a `for keyword, … in ((…), …)` loop, or a Ruleset value read as `rs.<key>`."""
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and _is_ruleset(node.value):
                found.add(node.attr)
            if (
                isinstance(node, ast.For)
                and isinstance(node.target, ast.Tuple)
                and getattr(node.target.elts[0], "id", "") == "keyword"
                and isinstance(node.iter, ast.Tuple)
            ):
                found.update(
                    "keyword_" + e.elts[0].value.lower()
                    for e in node.iter.elts
                    if isinstance(e, ast.Tuple) and isinstance(e.elts[0], ast.Constant)
                )
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            args = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if name in _KEYED and len(node.args) > _KEYED[name] and isinstance(node.args[_KEYED[name]], ast.Constant):
                found.add(node.args[_KEYED[name]].value)
            elif name == "_rule" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                found.add("keyword_" + node.args[1].value.lower().replace(" ", "_"))
            elif name == "_may_draw" and len(node.args) > 2 and isinstance(node.args[2], ast.Constant):
                found.add("keyword_" + node.args[2].value.lower())
            elif name == "_read_by_wording":
                found.update(args)
    return found


# Keys only the deck checker reads for its own messages (l5r/engine/deck/), beside its rows above.
_DECK_ONLY = {
    "deck_size",
    "deck_sections",
    "pregame_stronghold",
    "card_pool",
    "card_text_overrides_copy_limit",
    "rings_are_unique",
    "experience_levels_are_different_cards",
    "soul_of_shares_limit",
    "counts_as_shares_limit",
    "max_proxies_tournament",
    "clan_equivalents",
    "conditional_clans",
    "surcharge_exemptions",
    "readings",
    "unbundled_basis",
    "unbundled_rest",
    "offered_readings",
    "extra",
    "rule_refs",
    "citation_prefix",
    "format_id",
}


def _all_rule_keys() -> list[set[str]]:
    from l5r.data.load import load_codex

    return [set(dict(f.ruleset.get("rule_refs", {}))) for f in load_codex().bundled_formats]


def test_the_table_has_every_key_the_engine_reads_and_no_other():
    found = _engine_keys()
    assert len(found) >= 50, len(found)  # the guard: the scan found the engine's reads at all
    # Two keys the engine reads only as a second choice of citation, under a row of their own elsewhere.
    helpers = {"starting_holdings", "tactical_once_per_turn"}
    assert sorted(ENGINE_KEYS - found) == []
    keys_of_rules = {k for rs_ in _all_rule_keys() for k in rs_}
    assert sorted((found & keys_of_rules) - ENGINE_KEYS - helpers - _DECK_ONLY) == []


# ---------------------------------------------------------------------------------------------------------
# Each cell is what the engine does: probes over every format
# ---------------------------------------------------------------------------------------------------------


def _kw(keyword: str, **kw: object) -> Card:
    return Card(f"{keyword} card", keywords=(keyword,), **kw)  # type: ignore[arg-type]


def _bow_stalwart(rs: Ruleset) -> None:
    g = _game(rs, _kw("Stalwart", controller=OPPONENT, owner=OPPONENT))
    keywords.bow(g, g.card("Stalwart card"), YOU)


def _destroy_expendable(rs: Ruleset) -> None:
    g = _game(rs, _kw("Expendable"))
    keywords.destroy(g, g.card("Expendable card"))
    turn.hand(g.player(YOU))


def _chi_death(rs: Ruleset) -> None:
    g = _game(rs, Card("P", chi=1))
    keywords.change_chi(g, g.card("P"), -1)


def _second(keyword: str, kensai: bool = False) -> Callable[[Ruleset], None]:
    def probe(rs: Ruleset) -> None:
        holder = Card("P", keywords=("Kensai",) if kensai else ())
        first = Card("First", type="Item", keywords=(keyword,), attached_to="P")
        g = _game(rs, holder, first, Card("Second", type="Item", keywords=(keyword,), zone="hand"))
        try:
            keywords.attach_item(g, g.card("Second"), g.card("P"))
        except Refused:
            pass  # the rule is stated and forbids it

    return probe


def _may_draw(keyword: str) -> Callable[[Ruleset], None]:
    def probe(rs: Ruleset) -> None:
        g = _game(rs, _kw(keyword))
        if keyword == "Brash":
            keywords.assigned_to_attack(g, [g.card("Brash card")])
        else:
            keywords.enters_play(g, g.card(f"{keyword} card"))
        if OPPONENT in g.may_draw_unknown:
            raise g.may_draw_unknown[OPPONENT]

    return probe


def _elite(rs: Ruleset) -> None:
    g = _game(rs, _kw("Elite", force=2, bowed=True))
    battle.contributes(g, g.card("Elite card"))


def _enlightened(rs: Ruleset) -> None:
    g = _game(rs, _kw("Enlightened", force=2), Card("Ring", type="Ring"))
    battle.card_force(g, g.card("Enlightened card"))


def _conqueror(rs: Ruleset) -> None:
    g = _game(rs, _kw("Conqueror", force=5), Card("D", force=1, owner=OPPONENT, controller=OPPONENT))
    battle.resolve_battle(g, battle.Battle(YOU, 1, ["Conqueror card"], ["D"]))


def _duelist(rs: Ruleset) -> None:
    g = _game(rs, _kw("Duelist", chi=2), Card("Other", chi=2, owner=OPPONENT, controller=OPPONENT))
    d = duel.challenge(g, "Duelist card", "Other")
    d.strike("Other", g)


def _singular(rs: Ruleset) -> None:
    g = _game(
        rs,
        Card("Ring", type="Ring", keywords=("Singular",)),
        Card("Ring 2", type="Ring", keywords=("Singular",), zone="hand"),
    )
    try:
        recruit.singular_allowed(g, YOU, g.card("Ring 2"))
    except Refused:
        pass


def _condition(rs: Ruleset) -> None:
    wording.condition_met(_game(rs, Card("S", keywords=("Shugenja",))), "If you have a Shugenja in play")


def _choice(rs: Ruleset) -> None:
    g = _game(rs, Card("S", keywords=("Samurai",)), Card("C", keywords=("Courtier",)))
    wording.choice_fulfils(g, "Bow a Samurai and a Courtier", ["S", "C"])


def _pronoun(rs: Ruleset) -> None:
    wording.pronoun_in(_game(rs), "Target a Samurai and a Shugenja. Bow him.", "him")


def _possessive(rs: Ruleset) -> None:
    g = _game(rs, Card("K"))
    wording.player_of(g, g.card("K"))


def _or_condition(rs: Ruleset) -> None:
    g = _game(rs, Card("K", bowed=False))
    try:
        effects.resolve_effect(g, YOU, "If K is bowed, gain 2 Honor or give him +2F", "gain 2 Honor")
    except Refused:
        pass


def _successful(rs: Ruleset) -> None:
    assert effects.resolve_effect(_game(rs), YOU, "Bow all Shugenja").successful is False


def _search(areas: tuple[str, ...]) -> Callable[[Ruleset], None]:
    def probe(rs: Ruleset) -> None:
        g = _game(rs, Card("Katana", type="Item", zone="Fate deck"))
        search.search(g, YOU, list(areas), "a Ring", None)

    return probe


def _seppuku(rs: Ruleset) -> None:
    g = _game(
        rs,
        Card("D", keywords=("Samurai", "Courtier", "Shugenja"), dishonorable=True),
        Card("E", keywords=("Samurai", "Courtier", "Shugenja"), dishonorable=True),
    )
    answered = 0
    for ask in (
        lambda: seppuku.open_action(g, YOU, "D"),
        lambda: seppuku.before_honor_loss(g, YOU, 3, "E", "targeted"),
    ):
        try:
            ask()
            answered += 1
        except (NotStated, Refused):
            pass
    if not answered:
        raise NotStated("neither form of Seppuku is stated")


def _military(rs: Ruleset) -> None:
    g = _game(rs)
    g.player(OPPONENT).provinces = 1
    victory.province_destroyed(g, OPPONENT)


def _enlightenment(rs: Ruleset) -> None:
    g = _game(rs, Card("Ring", type="Ring", element="Air", zone="hand"))
    victory.ring_enters_play(g, g.card("Ring"), YOU, "by its own text")
    if g.undecided:
        raise g.undecided[0]


def _starting_hand(rs: Ruleset) -> None:
    setup.take_starting_hand(_game(rs), YOU)


def _legacy(rs: Ruleset) -> None:
    setup.legacy_finds_nothing(_game(rs), YOU)


def _lobby(rs: Ruleset) -> None:
    g = _game(rs, Card("L", personal_honor=2))
    g.player(YOU).honor = 9
    abilities.lobby(g, YOU, "L")


def _max_hand(rs: Ruleset) -> None:
    turn.max_hand_size(_game(rs), _game(rs).player(YOU))


def _wind_favor(rs: Ruleset) -> None:
    g = _game(rs)
    g.player(YOU).wind_in_play = g.player(YOU).imperial_favor = True
    try:
        abilities.use_favor(g, YOU)
    except Refused:
        pass


def _seppuku_form(open_action: bool) -> Callable[[Ruleset], None]:
    def probe(rs: Ruleset) -> None:
        g = _game(rs, Card("D", keywords=("Samurai", "Courtier", "Shugenja"), dishonorable=True))
        try:
            if open_action:
                seppuku.open_action(g, YOU, "D")
            else:
                seppuku.before_honor_loss(g, YOU, 3, "D", "targeted")
        except Refused:
            pass  # decided: forbidden by the format's record

    return probe


def _honor_victory(rs: Ruleset) -> None:
    g = _game(rs)
    victory.turn_begins(g, YOU)
    if g.undecided:
        raise g.undecided[0]


PROBES: dict[str, Callable[[Ruleset], None]] = {
    "keyword_stalwart": _bow_stalwart,
    "keyword_expendable": _destroy_expendable,
    "keyword_chi_death": _chi_death,
    "keyword_armor": _second("Armor"),
    "keyword_weapon": _second("Weapon"),
    "keyword_overconfident": _may_draw("Overconfident"),
    "keyword_brash": _may_draw("Brash"),
    "keyword_elite": _elite,
    "keyword_enlightened": _enlightened,
    "keyword_duelist": _duelist,
    "keyword_singular": _singular,
    "wording_numbers": _condition,
    "wording_conjunctions": _choice,
    "wording_referring": _condition,
    "wording_pronouns": _pronoun,
    "wording_possessive": _possessive,
    "wording_conditions": _or_condition,
    "action_successful": _successful,
    "search": _search(("Fate deck",)),
    "search_multiple_areas": _search(("discard pile", "Fate deck")),
    "seppuku": _seppuku,
    "enlightenment_rings": _enlightenment,
    "starting_hand": _starting_hand,
    "legacy_not_found": _legacy,
    "lobby": _lobby,
    "max_hand_size": _max_hand,
    "honor_victory_at": _honor_victory,
    "winds_forbid_favor": _wind_favor,
    "seppuku_open": _seppuku_form(True),
    "seppuku_reaction": _seppuku_form(False),
}
# Probes that need another stated rule first in some formats: (key, format) -> the rule it also needs.
_NEEDS = {
    "keyword_duelist": "duel_focus_limit",
    "keyword_conqueror": "battle_resolution",
    "wording_referring": "wording_numbers",
    "wording_numbers": "wording_referring",
    "wording_conjunctions": "wording_numbers",
    "keyword_kensai": "keyword_weapon",
    "search_multiple_areas": "search",
}


def test_every_keyword_and_wording_row_has_a_probe():
    """The class: keywords and wording rules one format states are asked of the engine in every format."""
    class_rows = {r.key for r in ENGINE_RULES if r.key.startswith(("keyword_", "wording_"))}
    assert sorted(class_rows - PROBES.keys() - {"keyword_conqueror", "keyword_kensai"}) == []


PROBES["keyword_conqueror"] = _conqueror
PROBES["keyword_kensai"] = _second("Weapon", kensai=True)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("key", sorted(PROBES))
def test_each_cell_is_what_the_engine_does(codex, rs, key, fmt):
    """Ask the engine the row's question in the format: "not stated" exactly where the cell says not stated."""
    ruleset = rs[fmt]
    rule = next(r for r in ENGINE_RULES if r.key == key)
    cell = cell_for(codex, ruleset, rule)
    needed = _NEEDS.get(key)
    if needed and ruleset.rule(needed) is None:
        # Asked through a rule the format does not state: that one answers "not stated" first.
        with pytest.raises(NotStated):
            PROBES[key](ruleset)
        return
    try:
        PROBES[key](ruleset)
        answered = True
    except NotStated:
        answered = False
    assert answered == (cell.kind == CellKind.STATED), (key, fmt, cell)


# ---------------------------------------------------------------------------------------------------------
# Every stated cell has a source the format's text names
# ---------------------------------------------------------------------------------------------------------


def test_every_stated_cell_cites_a_record_of_the_format_or_its_declared_basis(codex):
    matrix = rules_matrix(codex)
    stated = 0
    for row in matrix.rows:
        for fid, cell in row.cells:
            if cell.kind != CellKind.STATED:
                continue
            stated += 1
            fmt = codex.format(fid)
            allowed = {fid, *(b.id for b in declared_basis(codex, fmt) if b.bundled)}
            assert cell.rule_id in codex.records, (row.key, fid)
            assert codex.records[cell.rule_id].format_id in allowed, (row.key, fid, cell.rule_id)
            assert cell.reading is None and cell.words, (row.key, fid)
    assert stated >= 80, stated


def test_a_reading_is_labelled_on_every_cell_it_answers(codex):
    fmt = codex.format("modern")
    read = ruleset_for(fmt, codex, ("aeg-pages-as-twenty-festivals",))
    plain = ruleset_for(fmt, codex)
    borrowed = 0
    for rule in ENGINE_RULES:
        cell, own = cell_for(codex, read, rule), cell_for(codex, plain, rule)
        if cell.kind == CellKind.STATED and own.kind != CellKind.STATED:
            borrowed += 1
            assert codex.records[cell.rule_id].format_id == "aeg"
            assert cell.reading and cell.reading.startswith("Codex reading"), rule.key
        elif cell.kind == CellKind.STATED:
            assert cell.reading is None and cell.rule_id == own.rule_id, rule.key  # Modern's own record
    assert borrowed >= 5
    with pytest.raises(ValueError, match="offers no Codex reading"):
        ruleset_for(codex.format("new-era"), codex, ("aeg-pages-as-twenty-festivals",))


def test_no_format_declares_a_basis_its_documents_do_not_name(codex):
    """twenty-festivals and jade-hand-legacy once named AEG as their parent; no document says so."""
    assert basis_problems(codex) == []
    assert all(f.parent is None or f.parent_evidence for f in codex.formats.values())
    assert rulesets(codex)["new-era"].stands_alone


# ---------------------------------------------------------------------------------------------------------
# The page and the API document show the engine's cells
# ---------------------------------------------------------------------------------------------------------


def test_the_page_shows_every_cell_of_the_engine(codex):
    from l5r.site.planning.mdpages import PageRenderer
    from l5r.site.planning.plan import plan_site

    plan = plan_site(codex)
    page = next(p for p in plan.pages if p.uri == MATRIX_PAGE)
    text = PageRenderer(codex, plan).render(page)
    matrix = rules_matrix(codex)
    lines = {line.split(" | ")[0].lstrip("| "): line for line in text.splitlines() if line.startswith("| ")}
    for row in matrix.rows:
        line = next(v for k, v in lines.items() if k.replace("\\", "") == row.question)
        cells = line.strip().strip("|").split(" | ")[1:]
        assert len(cells) == len(matrix.formats), row.key
        for (fid, cell), shown in zip(row.cells, cells):
            assert re.match(r"\*\*stated\*\* |\*\*not modelled\*\* |<span class=\"l5r-matrix__unstated\"", shown), shown
            assert cell.kind.value in shown, (row.key, fid, shown)
            if cell.rule_id:
                assert f'#{cell.rule_id}"' in shown, (row.key, fid)
    for f in matrix.formats:
        counts = matrix.counts()[f.id]
        assert re.search(
            rf"\| {re.escape(f.short_name)} \| {counts['stated']} \| {counts['not stated']} \| "
            rf"{counts['not modelled']} \|",
            text,
        ), f.id


def test_the_api_document_is_the_engine_table_and_matches_its_schema(codex):
    doc = matrix_document(codex, 1)
    jsonschema.Draft202012Validator(matrix_schema(1)).validate(doc)
    matrix = rules_matrix(codex)
    assert [r["key"] for r in doc["rows"]] == [r.key for r in matrix.rows]
    for row, drow in zip(matrix.rows, doc["rows"]):
        for fid, cell in row.cells:
            assert drow["cells"][fid]["kind"] == cell.kind.value and drow["cells"][fid]["rule_id"] == cell.rule_id
    assert json.loads(json.dumps(doc)) == doc


# ---------------------------------------------------------------------------------------------------------
# `l5r check` fails on an undeclared basis
# ---------------------------------------------------------------------------------------------------------


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_check_fails_on_a_parent_no_document_names(data_copy):
    _edit(
        data_copy / "formats" / "twenty-festivals" / "format.yml", "bundled: false\n", "parent: aeg\nbundled: false\n"
    )
    result = l5r_here("check", "--data", data_copy)
    assert result.returncode == 1, result.stdout
    assert "twenty-festivals names aeg as its parent" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_check_fails_on_an_answer_from_a_basis_the_format_does_not_name(data_copy):
    _edit(
        data_copy / "formats" / "new-era" / "format.yml",
        "  rule_refs:\n",
        "  rule_refs:\n    search: aeg-glossary-search\n",
    )
    result = l5r_here("check", "--data", data_copy)
    assert result.returncode == 1, result.stdout
    assert re.search(
        r"format\.yml:\d+:1: format new-era answers `search` from aeg-glossary-search, a record of aeg", result.stdout
    ), result.stdout


# ---------------------------------------------------------------------------------------------------------
# A Codex reading is never silent: the example that switches it on shows its label
# ---------------------------------------------------------------------------------------------------------


def test_an_example_with_a_reading_shows_its_label_and_one_without_does_not():
    from l5r.scenarios.present import render_fence

    body = """title: x
format: modern
{reading}rules: [aeg-glossary-search]
given:
  you:
    fate deck: [Fine Katana]
when:
  - you search your Fate deck for "a Ring" and select nothing
then:
  {then}
"""
    read = render_fence(
        body.format(reading="reading: aeg-pages-as-twenty-festivals\n", then="the search is successful: no")
    )
    plain = render_fence(
        body.format(reading="", then='not stated: you search your Fate deck for "a Ring" and select nothing')
    )
    assert "l5r-scenario--ok" in read and "l5r-scenario--ok" in plain
    assert "Codex reading, not Modern&#x27;s words" in read and "those established by AEG for 20 Festivals" in read
    assert "Codex reading" not in plain


def test_the_matrix_is_kept_for_the_same_codex_object_only(codex):
    """A site's generation asks for the matrix three times: the last Codex object's is kept, and another Codex
    (a rebuild's, after an edit) gets its own."""
    import dataclasses

    first = rules_matrix(codex)
    assert rules_matrix(codex) is first
    one = next(f for f in codex.bundled_formats)
    fewer = dataclasses.replace(codex, formats={one.id: one})
    assert [f.id for f in rules_matrix(fewer).formats] == [one.id] != [f.id for f in first.formats]
    assert rules_matrix(codex).formats == first.formats
