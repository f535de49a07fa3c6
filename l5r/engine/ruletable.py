"""The engine's rule table: every question the engine answers, and where each format's answer comes from.

One row per rule_refs key the engine reads (`stated(rs, key, …)`, `rs.rule(key)`, `number(rs, key, …)`; a test
holds the table and the engine's source equal). For each format a row is *stated* (the record that gives it:
the format's own, one of a bundled basis its text names, or one a switched-on Codex reading borrows, labelled),
*not stated* (the engine's own sentence, naming the unbundled basis) or *not modelled* (the format's documents
give the rule, the engine does not model it: its keywords and abilities the table has no row for).

The rules matrix page, its API document and `l5r check` read this table, so none of them can disagree with the
engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from ..data import model as m
from ..data.lastanswer import LastAnswer
from . import seppuku
from .game import OPPONENT, YOU, Game, NotStated, Player, not_stated
from .ruleset import Ruleset, declared_basis, ruleset_for


class CellKind(StrEnum):
    """What the engine does with one question in one format."""

    STATED = "stated"
    NOT_STATED = "not stated"
    NOT_MODELLED = "not modelled"


@dataclass(frozen=True)
class EngineRule:
    """One question the engine answers: the rule_refs key that decides it, what it asks, and its group."""

    key: str
    question: str
    group: str
    # A question the engine answers beyond one rule_refs key: asks the engine for the record that decides it
    # (NotStated where none does). None: the format's rule_refs key `key` decides it.
    ask: Callable[[Ruleset], str] | None = None


def _rows(group: str, *rows: tuple[str, str]) -> tuple[EngineRule, ...]:
    return tuple(EngineRule(key, question, group) for key, question in rows)


def _seppuku_form(timing: str) -> Callable[[Ruleset], str]:
    def ask(ruleset: Ruleset) -> str:
        game = Game(ruleset, {YOU: Player(YOU), OPPONENT: Player(OPPONENT)})
        return seppuku.form_rule(game, timing)

    return ask


ENGINE_RULES: tuple[EngineRule, ...] = (
    *_rows(
        "Deck construction",
        ("dynasty_deck", "Dynasty deck size"),
        ("fate_deck", "Fate deck size"),
        ("copy_limit", "Copies of a card"),
        ("unique_copy_limit", "Copies of a Unique card"),
        ("pregame", "Pre-game cards (Stronghold and others)"),
    ),
    *_rows(
        "Setting up",
        ("starting_hand", "Cards in the starting hand"),
        ("provinces", "Provinces a player has"),
        ("starting_family_honor", "Starting Family Honor"),
        ("stronghold_sides", "Which side of a two-sided Stronghold"),
        ("one_sided_stronghold", "Which side a one-sided Stronghold uses"),
        ("starting_holdings", "Starting Holdings"),
        ("first_turn_immunity", "First-turn immunity (Border Keep)"),
        ("going_second_legacy", "The second player's Legacy Holding"),
        ("sensei", "A Sensei's modifiers"),
        ("legacy_not_found", "A Legacy search that finds nothing"),
    ),
    *_rows(
        "Victory",
        ("honor_victory_at", "Honor victory"),
        ("dishonor_loss_at", "Dishonor loss"),
        ("dishonor_timing", "When a dishonored player loses"),
        ("enlightenment_rings", "Enlightenment victory"),
        ("enlightenment_pregame_ring_exemption", "Rings in play before the first player is chosen"),
        ("enlightenment_same_type", "Enlightenment: Rings of the same type"),
        ("military_victory", "Military victory"),
    ),
    *_rows(
        "The turn",
        ("phases", "The phases of a turn"),
        ("optional_phases", "Phases a player may skip"),
        ("phase_parts", "Phases that are parts of another"),
        ("end_of_turn", "End of the turn: draw and discard order"),
        ("end_phase_draw", "Cards drawn at the end of the turn"),
        ("max_hand_size", "Maximum hand size"),
    ),
    *_rows(
        "Honor",
        ("honor_gains_and_losses", "Reduced and increased Honor gains and losses"),
        ("points_of_family_honor", "“Points of Family Honor”"),
        ("honor_requirement", "Honor Requirement"),
        ("clan_honor", "Clan Honor"),
        ("blood_money", "Blood Money"),
    ),
    *_rows(
        "Clans and Gold",
        ("clan_alignments", "Clan Alignments"),
        ("clan_discount", "Clan discount"),
        ("out_of_clan_surcharge", "Out-of-Clan surcharge"),
        ("discount_applies_to", "Which Personalities get the discount"),
        ("proclaim", "Proclaim"),
        ("proclaim_with_discount", "Proclaim after the Clan discount"),
        ("gold_splitting", "Gold from one source paying several costs"),
        ("gold_pooling", "Extra Gold carried to other purchases"),
    ),
    *_rows(
        "Battle and duels",
        ("battle_resolution", "Battle resolution"),
        ("honor_for_destroyed_cards", "Honor per destroyed card"),
        ("duel_focus_limit", "Duels"),
        ("tactical_advantage", "Tactical Advantage"),
        ("tactical_once_per_turn", "Tactical actions once per turn"),
    ),
    *_rows(
        "Player abilities",
        ("seppuku", "Seppuku"),
        ("lobby", "Lobby"),
        ("winds_forbid_favor", "Winds and the Imperial Favor"),
    ),
    EngineRule(
        "seppuku_open", "Seppuku as an Open action (given or forbidden)", "Player abilities", _seppuku_form("open")
    ),
    EngineRule(
        "seppuku_reaction",
        "Seppuku as a Reaction before an Honor loss (given or forbidden)",
        "Player abilities",
        _seppuku_form("before-honor-loss"),
    ),
    *_rows(
        "Card types",
        ("celestial", "Celestials"),
        ("region", "Regions"),
        ("region_cost", "A Region's cost"),
        ("regions_per_province", "Regions per Province"),
        ("ancestors", "Ancestors"),
    ),
    *_rows(
        "Keywords",
        ("keyword_elite", "Elite"),
        ("keyword_stalwart", "Stalwart"),
        ("keyword_singular", "Singular"),
        ("keyword_overconfident", "Overconfident"),
        ("keyword_brash", "Brash"),
        ("keyword_conqueror", "Conqueror"),
        ("keyword_duelist", "Duelist"),
        ("keyword_enlightened", "Enlightened"),
        ("keyword_chi_death", "Chi Death"),
        ("keyword_expendable", "Expendable"),
        ("keyword_armor", "Armor"),
        ("keyword_weapon", "Weapon"),
        ("keyword_kensai", "Kensai"),
    ),
    *_rows(
        "Searching and wording",
        ("search", "Searching"),
        ("search_multiple_areas", "Searching two areas"),
        ("action_successful", "A successful action"),
        ("wording_numbers", "Numbers in card text"),
        ("wording_conjunctions", "“And” and “or” in card text"),
        ("wording_conditions", "A condition before “or”"),
        ("wording_pronouns", "Pronouns in card text"),
        ("wording_possessive", "“His player”"),
        ("wording_referring", "What a term refers to"),
    ),
)
ENGINE_KEYS = frozenset(r.key for r in ENGINE_RULES if r.ask is None)


@dataclass(frozen=True)
class Cell:
    """One question in one format: stated (with the record and its words), not stated, or not modelled."""

    kind: CellKind
    rule_id: str | None = None
    citation: str = ""
    words: str = ""
    reason: str = ""
    reading: str | None = None  # the label of the Codex reading the answer leans on


@dataclass(frozen=True)
class Row:
    key: str
    question: str
    group: str
    cells: tuple[tuple[str, Cell], ...]  # (format id, cell), in the formats' order

    def cell(self, format_id: str) -> Cell:
        return dict(self.cells)[format_id]


@dataclass(frozen=True)
class Matrix:
    formats: tuple[m.Format, ...]
    rows: tuple[Row, ...]

    def counts(self) -> dict[str, dict[str, int]]:
        """Per format: how many questions are stated, not stated and not modelled."""
        out = {f.id: {k.value: 0 for k in CellKind} for f in self.formats}
        for row in self.rows:
            for fid, cell in row.cells:
                out[fid][cell.kind.value] += 1
        return out


def record_words(record: object, limit: int = 400) -> str:
    """The record's own words, verbatim (cut at `limit` characters with an ellipsis)."""
    parts: list[str] = []
    # A heading's record has no words of its own: its parts' words, in order (NE Turn Sequence: 1.1 …).
    walk = getattr(record, "walk", None)
    for part in walk() if callable(walk) else (record,):
        for block in getattr(part, "text", ()) or ():
            parts.extend(s for s in block.strings() if s)
        if len(" ".join(parts)) > limit:
            break
    words = " ".join(" ".join(parts).split())
    return words if len(words) <= limit else words[: limit - 1].rstrip() + "…"


def cell_for(codex: m.Codex, ruleset: Ruleset, rule: EngineRule) -> Cell:
    """What the engine does with `rule` in this ruleset's format: the record it cites, or its NotStated."""
    if rule.ask is not None:
        try:
            rule_id: str | None = rule.ask(ruleset)
        except NotStated as unknown:
            return Cell(CellKind.NOT_STATED, reason=unknown.reason)
        reading = next((r for r in ruleset.readings if rule_id in r.refs.values()), None)
    else:
        rule_id = ruleset.rule(rule.key)
        reading = ruleset.reading_for(rule.key)
    if rule_id is None:
        return Cell(
            CellKind.NOT_STATED, reason=not_stated(ruleset, rule.question[0].lower() + rule.question[1:]).reason
        )
    record = codex.records.get(rule_id)
    return Cell(
        CellKind.STATED,
        rule_id,
        getattr(record, "citation", rule_id),
        record_words(record),
        reading=reading.label if reading is not None else None,
    )


def _unmodelled(codex: m.Codex, formats: tuple[m.Format, ...]) -> list[Row]:
    """Keywords and player abilities a format's documents give that the engine has no row for: one row each,
    not modelled where a format gives it, not stated where none of its records does."""
    modelled = {r.key for r in ENGINE_RULES}
    names: dict[str, dict[str, m.Record]] = {}
    for f in formats:
        for kind, items in (("keyword", f.keywords), ("ability", f.abilities)):
            for item in items:
                name = str(getattr(item, "term", None) or getattr(item, "name", ""))
                key = f"{kind}_" + "_".join(name.lower().replace("’", "").replace("'", "").split())
                if key in modelled or _modelled_elsewhere(key):
                    continue
                names.setdefault(key, {})[f.id] = item
    rows = []
    for key, by_format in sorted(names.items()):
        kind, name = key.split("_", 1)
        label = next(iter(by_format.values()))
        title = str(getattr(label, "term", None) or getattr(label, "name", name))
        cells = []
        for f in formats:
            rs = ruleset_for(f, codex)
            rec = by_format.get(f.id)
            if rec is None:
                cells.append((f.id, Cell(CellKind.NOT_STATED, reason=not_stated(rs, f"the {title} {kind}").reason)))
            else:
                cells.append(
                    (
                        f.id,
                        Cell(
                            CellKind.NOT_MODELLED,
                            rec.id,
                            rec.citation,
                            record_words(rec),
                            reason="the engine does not model it",
                        ),
                    )
                )
        rows.append(Row(key, f"{title} ({kind})", "Not modelled by the engine", tuple(cells)))
    return rows


# Abilities and keyword records the engine answers under another key (a row above).
_SAME_AS = {
    "ability_seppuku": "seppuku",
    "ability_lobby": "lobby",
    "ability_proclaim": "proclaim",
    "ability_tactical_advantage": "tactical_advantage",
    "keyword_tactician": "tactical_advantage",
    "keyword_discipline": "tactical_once_per_turn",
    "keyword_blood_money": "blood_money",
    "keyword_clan_honor": "clan_honor",
    "ability_legacy": "legacy_not_found",
    "keyword_duels": "duel_focus_limit",
    "keyword_paying_gold_costs": "gold_splitting",
    "ability_recruit": "clan_discount",
    "keyword_search": "search",
    "keyword_seppuku": "seppuku",
    "keyword_successful": "action_successful",
    "keyword_searching_multiple_areas": "search_multiple_areas",
}


def _modelled_elsewhere(key: str) -> bool:
    return key in _SAME_AS


def rules_matrix(codex: m.Codex) -> Matrix:
    """Every row of the engine's rule table, one cell per bundled format, then the not-modelled rows. The last
    Codex's is kept (`_MATRIX`): a site's generation asks three times (its page, the examples' plan, the API)."""
    return _MATRIX.answer(lambda: _rules_matrix(codex), (codex,))


def _rules_matrix(codex: m.Codex) -> Matrix:
    formats = codex.bundled_formats
    rows = []
    for rule in ENGINE_RULES:
        cells = tuple((f.id, cell_for(codex, ruleset_for(f, codex), rule)) for f in formats)
        rows.append(Row(rule.key, rule.question, rule.group, cells))
    return Matrix(formats, (*rows, *_unmodelled(codex, formats)))


_MATRIX: LastAnswer[Matrix] = LastAnswer()  # the last Codex object's (it is frozen: the same object, the same answer)


# ---------------------------------------------------------------------------------------------------------
# `l5r check`: an answer that leans on a basis the format's text does not name
# ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BasisProblem:
    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:1: {self.message}"


def basis_problems(codex: m.Codex) -> list[BasisProblem]:
    """Every engine answer of a format whose record is neither the format's own nor one of a basis its text names
    (quoted in `parent_evidence`) and the Codex bundles; and every parent link no document's words declare."""
    problems = []
    for f in codex.bundled_formats:
        where = f.origin
        if f.parent and not f.parent_evidence:
            problems.append(
                BasisProblem(
                    where.path,
                    where.line,
                    f"format {f.id} names {f.parent} as its parent, but no "
                    "words of its document say so (`parent_evidence`): an undeclared basis",
                )
            )
        allowed = {f.id, *(b.id for b in declared_basis(codex, f) if b.bundled)}
        for key, rule_id in dict(f.ruleset.get("rule_refs", {})).items():
            record = codex.records.get(rule_id)
            owner = getattr(record, "format_id", None)
            if record is not None and owner not in allowed:
                problems.append(
                    BasisProblem(
                        where.path,
                        where.line,
                        f"format {f.id} answers `{key}` from {rule_id}, a "
                        f"record of {owner}, which its documents do not name as their basis",
                    )
                )
    for f in codex.formats.values():
        if f.parent and not f.parent_evidence and not f.bundled:
            problems.append(
                BasisProblem(
                    f.origin.path,
                    f.origin.line,
                    f"format {f.id} names {f.parent} as its parent, "
                    "but no words of a document say so: an undeclared basis",
                )
            )
    return problems


def reading_rows(codex: m.Codex) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """Each Codex reading a format offers: (format id, reading id, its label, the rows it would answer that the
    format's own records do not). Shown beside the matrix, never mixed into its cells."""
    out = []
    for f in codex.bundled_formats:
        plain = ruleset_for(f, codex)
        for reading_id in plain.offered_readings:
            read = ruleset_for(f, codex, (reading_id,))
            keys = tuple(r.key for r in ENGINE_RULES if plain.rule(r.key) is None and read.rule(r.key) is not None)
            label = next(r.label for r in read.readings)
            out.append((f.id, reading_id, " ".join(label.split()), keys))
    return out
