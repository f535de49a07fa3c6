"""One frozen Ruleset per format: the numbers that differ between formats, read from format.yml.

No engine module branches on a format id; it asks the Ruleset. A format that does not state a number
leaves it None, and the engine says so rather than guessing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Mapping

from ..data import model as m


@dataclass(frozen=True)
class DeckSize:
    min: int | None = None
    max: int | None = None


@dataclass(frozen=True)
class Reading:
    """A choice of the Codex, not a word of the format's documents: read a bundled format's pages as part of a
    basis the format's text names but the Codex does not bundle (Modern's "those established by AEG for 20
    Festivals" read from AEG's Comprehensive Rules pages). Off unless asked for; every answer that uses it
    carries its `label`."""

    id: str
    label: str
    basis: str  # the bundled format whose records the reading borrows
    because: str  # the format's own words the reading leans on
    refs: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    seppuku: Mapping = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class Ruleset:
    format_id: str
    citation_prefix: str
    dynasty_deck: DeckSize = DeckSize()
    fate_deck: DeckSize = DeckSize()
    copy_limit: int | None = None
    unique_copy_limit: int | None = None
    card_text_overrides_copy_limit: bool = True
    rings_are_unique: bool = False
    experience_levels_are_different_cards: bool = True
    soul_of_shares_limit: bool = False
    counts_as_shares_limit: bool = False
    honor_victory_at: int | None = None
    dishonor_loss_at: int | None = None
    dishonor_timing: str | None = None
    enlightenment_rings: int | None = None
    enlightenment_pregame_ring_exemption: bool = False
    enlightenment_same_type: bool = False  # NE: "five Rings (of the same type)"
    max_hand_size: int | None = None
    starting_hand: int | None = None
    provinces: int | None = None
    clan_discount: int | None = None
    out_of_clan_surcharge: int | None = None
    # "all-personalities", or "none" where the format's own Recruit states the cost without one (NE Recruit:
    # "paying all costs"); None: not stated (Modern), and the engine does not answer what a Personality costs.
    discount_applies_to: str | None = None
    proclaim_with_discount: bool = True
    honor_for_destroyed_cards: int | None = None
    duel_focus_limit: int | None = None
    phases: tuple[str, ...] = ()
    blood_money: Mapping = field(default_factory=lambda: MappingProxyType({}))
    pregame: Mapping = field(default_factory=lambda: MappingProxyType({}))
    card_pool: Mapping = field(default_factory=lambda: MappingProxyType({}))  # deck checker: legal pool
    seppuku: Mapping = field(default_factory=lambda: MappingProxyType({}))
    # Rules engine: Clan Alignment, gold, turn shape. Switches for rules without a number are their
    # presence in rule_refs (e.g. `honor_requirement`, `keyword_elite`).
    clan_alignments: tuple[str, ...] = ()
    clan_equivalents: Mapping = field(default_factory=lambda: MappingProxyType({}))
    conditional_clans: Mapping = field(default_factory=lambda: MappingProxyType({}))
    surcharge_exemptions: Mapping = field(default_factory=lambda: MappingProxyType({}))
    gold_splitting: bool | None = None
    gold_pooling: bool | None = None
    end_phase_draw: int | None = None
    # The end-of-turn steps in the document's order ("draw", "discard"); () when the documents give none.
    end_of_turn: tuple[str, ...] = ()
    # Lobby's Family Honor condition in the format's own words: {honor: …, words: "…"} (empty: not stated).
    lobby: Mapping = field(default_factory=lambda: MappingProxyType({}))
    optional_phases: tuple[str, ...] = ()
    phase_parts: Mapping = field(default_factory=lambda: MappingProxyType({}))
    # Card types and setting up (l5r/engine/cardtypes.py, setup.py): Regions a Province attaches
    # (MOD Region, NE 2.2); the Starting Holdings and Border Keep's first-turn immunity (OH III.A, Initial
    # Guidelines); the second player's Legacy Holding (MOD Going Second Legacy). Celestial, Ancestor, Sensei
    # and Starting Family Honor rules have no number: their switches are `celestial`, `ancestors`, `sensei`,
    # `starting_family_honor`, `region_cost` and `one_sided_stronghold` in rule_refs.
    regions_per_province: int | None = None
    starting_holdings: Mapping = field(default_factory=lambda: MappingProxyType({}))
    first_turn_immunity: Mapping = field(default_factory=lambda: MappingProxyType({}))
    going_second_legacy: Mapping = field(default_factory=lambda: MappingProxyType({}))
    # What a Legacy search that finds no Legacy Holding costs its player ("lose-the-game": NE Legacy); None:
    # not stated.
    legacy_not_found: str | None = None
    # Which side of a two-sided Stronghold a player uses: {second: …, first?: …} (OH III.A, NE Setting Up 3).
    stronghold_sides: Mapping = field(default_factory=lambda: MappingProxyType({}))
    rule_refs: Mapping = field(default_factory=lambda: MappingProxyType({}))
    extra: Mapping = field(default_factory=lambda: MappingProxyType({}))
    # The rules this format builds on that the Codex does not bundle ("the Twenty Festivals rules"): named
    # when the format's own documents leave a question open.
    unbundled_basis: str | None = None
    # The Codex readings switched on for this answer (see Reading), and those the format offers.
    # What the Codex leaves out of the format's own documents (AEG: the other pages of the Comprehensive
    # Rules; `unbundled_rest` in format.yml).
    unbundled_rest: str | None = None
    readings: tuple[Reading, ...] = ()
    offered_readings: tuple[str, ...] = ()

    def rule(self, key: str, default: str | None = None) -> str | None:
        """The rule id that decides `key` in this format (for citing in results and problems): the format's own
        record, else one a switched-on Codex reading borrows."""
        if key in self.rule_refs:
            return self.rule_refs[key]
        reading = self.reading_for(key)
        return reading.refs[key] if reading is not None else default

    def reading_for(self, key: str) -> Reading | None:
        """The switched-on Codex reading that answers `key`, when the format's own records do not."""
        if key in self.rule_refs:
            return None
        return next((r for r in self.readings if key in r.refs), None)

    @property
    def stands_alone(self) -> bool:
        """The format's documents name no basis and are whole: what they leave out is not in another text."""
        return self.unbundled_basis is None and self.unbundled_rest is None


_KNOWN = {f.name for f in fields(Ruleset)} - {
    "format_id",
    "citation_prefix",
    "extra",
    "unbundled_basis",
    "unbundled_rest",
    "readings",
    "offered_readings",
}
# Keys of a format's `ruleset:` that describe the format's documents rather than state a rule: what the Codex
# leaves out of them, and the labelled readings it offers.
DOCUMENT_KEYS = ("codex_readings", "unbundled_rest")


def declared_basis(codex: m.Codex, fmt: m.Format) -> tuple[m.Format, ...]:
    """The formats this one builds on, as its own text names them (each link quoted in `parent_evidence`); a
    link without the document's words is no basis."""
    chain = []
    for child, parent in zip(codex.ancestry(fmt.id), codex.ancestry(fmt.id)[1:]):
        if not child.parent_evidence:
            break
        chain.append(parent)
    return tuple(chain)


def _merged(fmt: m.Format, codex: m.Codex | None) -> dict:
    """The format's own `ruleset:` over those of the bundled formats its text names as its basis."""
    raw: dict = {}
    layers = [fmt] if codex is None else [*reversed(_bundled_prefix(declared_basis(codex, fmt))), fmt]
    for layer in layers:
        own = dict(layer.ruleset)
        refs = {**raw.get("rule_refs", {}), **own.get("rule_refs", {})}
        raw.update(own)
        raw["rule_refs"] = refs
    return raw


def _bundled_prefix(chain: tuple[m.Format, ...]) -> list[m.Format]:
    """The bases read until the first one the Codex does not bundle: past it, nothing is known."""
    out = []
    for f in chain:
        if not f.bundled:
            break
        out.append(f)
    return out


def _readings(fmt: m.Format, codex: m.Codex | None, wanted: tuple[str, ...]) -> tuple[Reading, ...]:
    found = []
    for spec in fmt.ruleset.get("codex_readings", ()):
        if spec["id"] not in wanted or codex is None or spec["basis"] not in codex.formats:
            continue
        basis = codex.formats[spec["basis"]].ruleset
        found.append(
            Reading(
                spec["id"],
                spec["label"],
                spec["basis"],
                spec["because"],
                MappingProxyType(dict(basis.get("rule_refs", {}))),
                MappingProxyType(dict(basis.get("seppuku", {}))),
            )
        )
    return tuple(found)


def ruleset_for(fmt: m.Format, codex: m.Codex | None = None, readings: tuple[str, ...] = ()) -> Ruleset:
    """Read a format's `ruleset:` mapping into its frozen Ruleset (with the codex: the bundled bases its text
    names, and which unbundled rules it builds on, named when a question is not stated). `readings`: the ids
    of the Codex readings the format offers to switch on (none unless asked)."""
    raw = _merged(fmt, codex)
    values: dict = {}
    for key in _KNOWN & raw.keys():
        value = raw[key]
        if key in ("dynasty_deck", "fate_deck"):
            value = DeckSize(value.get("min"), value.get("max"))
        elif key in ("phases", "clan_alignments", "optional_phases", "end_of_turn"):
            value = tuple(value)
        values[key] = value
    extra = MappingProxyType({k: v for k, v in raw.items() if k not in _KNOWN and k not in DOCUMENT_KEYS})
    basis = None
    if codex is not None:
        unbundled = [f"the {f.short_name} rules" for f in declared_basis(codex, fmt) if not f.bundled][:1]
        basis = " and ".join(unbundled) or None
    rest = fmt.ruleset.get("unbundled_rest")
    offered = tuple(spec["id"] for spec in fmt.ruleset.get("codex_readings", ()))
    unknown = [r for r in readings if r not in offered]
    if unknown:
        raise ValueError(
            f"the {fmt.short_name} format offers no Codex reading “{unknown[0]}”"
            + (f" (it offers: {', '.join(offered)})" if offered else " (it offers none)")
        )
    return Ruleset(
        format_id=fmt.id,
        citation_prefix=fmt.citation_prefix,
        extra=extra,
        unbundled_basis=basis,
        unbundled_rest=str(rest) if rest else None,
        readings=_readings(fmt, codex, readings),
        offered_readings=offered,
        **values,
    )


def rulesets(codex: m.Codex) -> Mapping[str, Ruleset]:
    return MappingProxyType({f.id: ruleset_for(f, codex) for f in codex.formats.values() if f.bundled})
