"""The engine answers only what the format states: a Ruleset value the format does not give is "not stated",
never read as 0, as True, or as another format's number.

The check is mechanical: it reads every Ruleset value the engine's source reads (`game.ruleset.x`, `rs.x`, a
local name holding one) and fails on `<value> or <default>` and `<value>.get(key, <default>)`. A count guard
makes sure it found the reads at all, and the detector is tried on known bad lines first.
"""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

import pytest

from l5r.engine import game as engine_game
from l5r.engine.ruleset import Ruleset
from package_source import parsed

ENGINE = Path(engine_game.__file__).parent
FIELDS = {f.name for f in fields(Ruleset)} - {"format_id", "citation_prefix", "rule_refs", "unbundled_basis"}
RULESET_NAMES = {"rs", "ruleset"}


def _is_ruleset(node: ast.AST) -> bool:
    """`rs`, `ruleset`, `game.ruleset`, `self.ruleset`…"""
    if isinstance(node, ast.Name):
        return node.id in RULESET_NAMES
    return isinstance(node, ast.Attribute) and node.attr == "ruleset"


def _value_read(node: ast.AST, aliases: set[str]) -> bool:
    """A read of a Ruleset value: `<ruleset>.field` or a local name assigned from one."""
    if isinstance(node, ast.Attribute) and node.attr in FIELDS and _is_ruleset(node.value):
        return True
    return isinstance(node, ast.Name) and node.id in aliases


def _empty_collection(node: ast.AST) -> bool:
    """`()` or `[]`: a list the format's mapping leaves out lists nothing (no Starting Holding "for the player
    not going first"); that is what the data says, not a number filled in."""
    return isinstance(node, (ast.Tuple, ast.List)) and not node.elts


def scan(source: str) -> tuple[int, list[str]]:
    """(how many Ruleset value reads, the defaulted ones as 'line: code')."""
    tree = parsed(source)
    reads, bad = 0, []
    scopes = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))] or [tree]
    seen: set[int] = set()
    for scope in [tree, *scopes]:
        aliases: set[str] = set()
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign) and _value_read(node.value, set()):
                aliases.update(t.id for t in node.targets if isinstance(t, ast.Name))
        for node in ast.walk(scope):
            if id(node) in seen:
                continue
            if isinstance(node, ast.Attribute) and _value_read(node, set()):
                seen.add(id(node))
                reads += 1
            if (
                isinstance(node, ast.BoolOp)
                and isinstance(node.op, ast.Or)
                and any(_value_read(v, aliases) for v in node.values[:-1])
            ):
                seen.add(id(node))
                bad.append(f"{node.lineno}: {ast.unparse(node)}")
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "get"
                and _value_read(node.func.value, aliases)
                and (len(node.args) > 1 or node.keywords)
                and not _empty_collection(node.args[1] if len(node.args) > 1 else node.keywords[0].value)
            ):
                seen.add(id(node))
                bad.append(f"{node.lineno}: {ast.unparse(node)}")
    return reads, bad


@pytest.mark.parametrize(
    "line",
    [
        "drawn = game.ruleset.end_phase_draw or 0",
        "x = rs.dishonor_loss_at or -10**9",
        "carries = rs.gold_splitting or rs.gold_pooling",
        "def f(game):\n    terms = game.ruleset.blood_money\n    return terms.get('clan_aligned_only', True)",
        "y = self.ruleset.max_hand_size or 8",
    ],
)
def test_the_scan_finds_a_defaulted_ruleset_value(line):
    reads, bad = scan(line)
    assert bad, line


@pytest.mark.parametrize(
    "line",
    [
        "rule = rs.rule('gold_splitting') or rs.rule('gold_pooling')",  # rule ids, not values
        "n = game.may_draw.get(p, 0) + 1",
        "holdings = rs.starting_holdings.get('player_not_going_first', ())",
        "if rs.max_hand_size is None:\n    raise x",
    ],
)
def test_the_scan_leaves_other_code_alone(line):
    assert scan(line)[1] == []


def test_no_ruleset_value_is_read_with_a_default():
    files = sorted(ENGINE.rglob("*.py"))
    reads, bad = 0, []
    for path in files:
        n, found = scan(path.read_text())
        reads += n
        bad += [f"{path.relative_to(ENGINE.parent)}:{b}" for b in found]
    # The guard: the engine reads dozens of Ruleset values; finding few means the scan looks at nothing.
    assert len(files) >= 15 and reads >= 45, (len(files), reads)
    assert bad == [], "a Ruleset value the format may not state is read with a default:\n" + "\n".join(bad)


def test_every_number_of_the_ruleset_is_not_stated_unless_the_format_states_it():
    """A Ruleset number left out of format.yml is None ("not stated"), never a 0 the engine would act on."""
    numbers = [f for f in fields(Ruleset) if "int" in str(f.type) and "bool" not in str(f.type)]
    assert len(numbers) >= 12, [f.name for f in numbers]
    assert [f.name for f in numbers if f.default is not None] == []
