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
    # Which side of a two-sided Stronghold a player uses: {second: …, first?: …} (OH III.A, NE Setting Up 3).
    stronghold_sides: Mapping = field(default_factory=lambda: MappingProxyType({}))
    rule_refs: Mapping = field(default_factory=lambda: MappingProxyType({}))
    extra: Mapping = field(default_factory=lambda: MappingProxyType({}))
    # The rules this format builds on that the Codex does not bundle ("the Twenty Festivals rules"): named
    # when the format's own documents leave a question open.
    unbundled_basis: str | None = None

    def rule(self, key: str, default: str | None = None) -> str | None:
        """The rule id that decides `key` in this format (for citing in results and problems)."""
        return self.rule_refs.get(key, default)


_KNOWN = {f.name for f in fields(Ruleset)} - {"format_id", "citation_prefix", "extra", "unbundled_basis"}


def ruleset_for(fmt: m.Format, codex: m.Codex | None = None) -> Ruleset:
    """Read a format's `ruleset:` mapping into its frozen Ruleset (with the codex: which unbundled rules the
    format builds on, named when a question is not stated)."""
    raw = dict(fmt.ruleset)
    values: dict = {}
    for key in _KNOWN & raw.keys():
        value = raw[key]
        if key in ("dynasty_deck", "fate_deck"):
            value = DeckSize(value.get("min"), value.get("max"))
        elif key in ("phases", "clan_alignments", "optional_phases", "end_of_turn"):
            value = tuple(value)
        values[key] = value
    extra = MappingProxyType({k: v for k, v in raw.items() if k not in _KNOWN})
    basis = None
    if codex is not None:
        unbundled = [f"the {f.short_name} rules" for f in codex.ancestry(fmt.id)[1:] if not f.bundled]
        basis = " and ".join(unbundled) or None
    return Ruleset(format_id=fmt.id, citation_prefix=fmt.citation_prefix, extra=extra, unbundled_basis=basis,
                   **values)


def rulesets(codex: m.Codex) -> Mapping[str, Ruleset]:
    return MappingProxyType({f.id: ruleset_for(f, codex) for f in codex.formats.values() if f.bundled})
