"""Deck legality: is this decklist legal in this format on this day?

Every number and switch comes from the format's data: deck sizes and copy limits from its Ruleset, the
pre-game cards from `ruleset.pregame.slots`, the ban list from bans.yml (as it stood on the day asked),
the legal card pool from sets.yml (`format.legality`) or `ruleset.card_pool`. Each problem names the rule
id it comes from; problem codes are an interface (see docs/deck-check.md).

    checker = DeckChecker(codex.format("modern"), ruleset, index)   # once per format
    report = checker.check(decklist, on=date(2015, 9, 1))            # fast: the benchmark's unit
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Mapping

from ..cardpool import ANY_NUMBER, CardIndex, Identity
from ..cardpool.names import title_key
from ..data import model as m
from ..decklist import DECK_OF_SECTION, DYNASTY, FATE, PREGAME, SECTION_NAMES, SECTIONS, CardLine, Decklist
from .ruleset import Ruleset

PROBLEM_CODES = ("parse", "unknown-card", "wrong-deck", "pregame", "deck-size", "copy-limit", "banned", "not-legal")
_SECTION_OF_DECK = {deck: section for section, deck in DECK_OF_SECTION.items()}
_OTHER_DECK = "Other"
_SHARED = {"soul_of": "cards joined by Soul of keywords share one limit",
           "counts_as": "a card that counts as another for deck construction shares its limit"}


class DeckRulesError(Exception):
    """The format's own deck data cannot be used (a slot names a card the Codex does not have)."""


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    card: str | None = None
    rule: str | None = None
    line: int | None = None

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "card": self.card, "rule": self.rule, "line": self.line}


@dataclass(frozen=True)
class DeckReport:
    format_id: str
    as_of: dt.date
    problems: tuple[Finding, ...]
    warnings: tuple[Finding, ...]
    counts: Mapping[str, int] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.problems

    def as_json(self) -> dict:
        return {
            "format": self.format_id, "legal": self.legal, "as_of": self.as_of.isoformat(),
            "problems": [p.as_dict() for p in self.problems], "warnings": [w.as_dict() for w in self.warnings],
            "counts": dict(self.counts),
        }


@dataclass(frozen=True)
class _Entry:
    """A card line and the card it names (None when unknown or when the format's cards are not in the pool)."""

    line: CardLine
    identity: Identity | None
    section: str | None


@dataclass(frozen=True)
class _Slot:
    """One kind of pre-game card the format asks for: 1 Stronghold, 1 Border Keep (these versions), 0-1 Wind..."""

    key: str
    label: str
    types: frozenset[str]
    cards: frozenset[Identity]
    min: int
    max: int | None
    clan_of: str | None  # the slot whose clans this card's clan restriction must name (a Sensei's Stronghold)
    any_clan: str | None  # the restriction that allows every clan ("All Clans")
    rule: str | None

    def takes(self, identity: Identity) -> bool:
        return identity in self.cards if self.cards else bool(self.types.intersection(identity.types))


class _Findings:
    def __init__(self):
        self.problems: list[Finding] = []
        self.warnings: list[Finding] = []

    def problem(self, code, message, card=None, rule=None, line=None):
        self.problems.append(Finding(code, message, card, rule, line))

    def warn(self, code, message, card=None, rule=None, line=None):
        self.warnings.append(Finding(code, message, card, rule, line))


class DeckChecker:
    """The deck rules of one format, prepared once and applied to any number of decklists."""

    def __init__(self, fmt: m.Format, ruleset: Ruleset, index: CardIndex):
        self.format = fmt
        self.rules = ruleset
        self.index = index
        self.name = fmt.short_name
        pool = dict(ruleset.card_pool)
        self._pool_rules = pool
        self._cards_in_pool = pool.get("in_pool", True)
        self._slots = tuple(_slot(raw, ruleset, index) for raw in ruleset.pregame.get("slots", ()))
        self._slot_cards = frozenset(c for s in self._slots for c in s.cards)
        self._card_bans, self._category_bans = _bans(fmt, index)
        legality = fmt.legality
        self._legal_sets = frozenset(title_key(s) for s in legality.pool_sets) if legality else frozenset()
        self._legal_tags = frozenset(legality.bug_pool_tags if legality else ()) | frozenset(pool.get("pool_tags", ()))
        self._pool_rule = (legality.id if legality else None) or ruleset.rule("card_pool")
        self._sections_rule = ruleset.rule("deck_sections") or ruleset.rule("deck_size")

    # -- the check ---------------------------------------------------------------------------------

    def check(self, deck: Decklist, on: dt.date) -> DeckReport:
        out = _Findings()
        for issue in deck.issues:
            out.problem("parse", f"line {issue.line}: {issue.message}", rule=self._sections_rule, line=issue.line)
        entries = self._resolve(deck, out)
        counts = {s: sum(e.line.count for e in entries if e.section == s) for s in SECTIONS}
        self._check_declared_counts(deck, counts, out)
        self._check_sizes(entries, out)
        if not self._cards_in_pool:
            self._check_pregame_count(counts[PREGAME], out)
            return DeckReport(self.format.id, on, tuple(out.problems), tuple(out.warnings), counts)
        self._check_sections(entries, out)
        self._check_pregame(entries, out)
        self._check_copies(entries, out)
        banned = self._check_bans(entries, on, out)
        self._check_pool(entries, banned, out)
        return DeckReport(self.format.id, on, tuple(out.problems), tuple(out.warnings), counts)

    # -- naming the cards --------------------------------------------------------------------------

    def _resolve(self, deck: Decklist, out: _Findings) -> list[_Entry]:
        if not self._cards_in_pool:
            collection = self._pool_rules.get("collection", f"{self.name}'s card collection")
            out.warn("not-checked", f"{collection} is not in the card pool, so the Codex cannot tell which cards "
                     f"these are: card types, copies, bans and legality were not checked; only deck sizes and the "
                     f"number of pre-game cards were.", rule=self._pool_rule)
            return [_Entry(c, None, c.section) for c in deck.cards]
        if not self.index.has_pool:
            out.warn("no-card-pool", f"no card pool was given (--cardpool or L5R_CARDPOOL), so only the "
                     f"{len(self.index)} cards the rules documents name are known.")
        return [self._entry(card, out) for card in deck.cards]

    def _entry(self, card: CardLine, out: _Findings) -> _Entry:
        deck = DECK_OF_SECTION.get(card.section) if card.section else None
        found = self.index.find(card.name, card.experience, card.set_name, deck)
        if found.identity is None and not found.candidates and card.experience:
            found = self.index.find(card.written, None, card.set_name, deck)  # a title that ends like a level
        if found.note:
            out.warn("set-ignored", f"line {card.line}: {found.note}.", card=card.written, line=card.line)
        if found.identity is None:
            out.problem("unknown-card", self._unknown(card, found.candidates), card=card.written,
                        rule=self._pool_rule, line=card.line)
            return _Entry(card, None, card.section)
        section = card.section
        if section is None:
            section = _SECTION_OF_DECK.get(found.identity.deck, DYNASTY)
            out.warn("no-section", f"line {card.line}: no section header above {card.written}; counted in the "
                     f"{SECTION_NAMES[section]} section.", card=found.identity.key, line=card.line)
        return _Entry(card, found.identity, section)

    def _unknown(self, card: CardLine, candidates: tuple[Identity, ...]) -> str:
        where = f"line {card.line}: "
        if candidates:
            options = "; ".join(f"{c.describe()}, printed in {', '.join(c.sets[:3])}" for c in candidates)
            first = candidates[0]
            return (f"{where}“{card.written}” names {len(candidates)} different cards ({options}); write which, "
                    f"e.g. “{first.key}” or “{card.written} [{first.sets[0]}]”.")
        set_part = f" [{card.set_name}]" if card.set_name else ""
        source = "the card pool" if self.index.has_pool else "the Codex's card records (no card pool given)"
        return f"{where}no card “{card.written}{set_part}” in {source}."

    # -- which deck each card goes in --------------------------------------------------------------

    def _check_sections(self, entries, out):
        for e in entries:
            ident = e.identity
            if ident is None:
                continue
            where = SECTION_NAMES[e.section]
            if ident.deck == _OTHER_DECK:
                message = f"{ident.describe()} is not a card for any deck (a token, proxy, biography or the like)."
            elif ident in self._slot_cards and e.section != PREGAME:
                message = (f"{ident.key} is a pre-game card in {self.name}: it starts the game in play and "
                           f"cannot be in the {where} deck.")
            elif e.section == PREGAME and not ident.pregame and ident not in self._slot_cards:
                message = f"{ident.describe()} is a {ident.deck} card, not a pre-game card."
            elif e.section != PREGAME and ident.deck != DECK_OF_SECTION[e.section] and ident not in self._slot_cards:
                what = "pre-game" if ident.pregame else ident.deck
                message = f"{ident.describe()} is a {what} card in the {where} deck."
            else:
                continue
            out.problem("wrong-deck", f"line {e.line.line}: {message}", ident.key, self._sections_rule, e.line.line)

    # -- pre-game cards ----------------------------------------------------------------------------

    def _check_pregame(self, entries, out):
        pregame = [e for e in entries if e.section == PREGAME and e.identity is not None]
        if not self._slots:
            out.warn("not-checked", f"{self.name}'s rules state no pre-game requirements (Stronghold, Sensei, "
                     f"Wind); the pre-game cards were only checked for being pre-game cards.")
            return
        filled: dict[str, list[_Entry]] = defaultdict(list)
        for e in pregame:
            slot = next((s for s in self._slots if s.takes(e.identity)), None)
            if slot is not None:
                filled[slot.key].append(e)
            elif e.identity.pregame:
                out.problem("pregame", f"line {e.line.line}: {self.name} allows no {e.identity.describe()} among "
                            f"the pre-game cards.", e.identity.key, self.rules.rule("pregame", self._sections_rule),
                            e.line.line)
        for slot in self._slots:
            have = sum(e.line.count for e in filled[slot.key])
            if have < slot.min or (slot.max is not None and have > slot.max):
                out.problem("pregame", f"{have} {_plural(slot.label, have)} among the pre-game cards; {self.name} "
                            f"requires {_between(slot.min, slot.max)}.", slot.label, slot.rule)
            if slot.clan_of:
                self._check_clans(slot, filled[slot.key], filled[slot.clan_of], out)

    def _check_clans(self, slot, cards, owners, out):
        clans = {c for e in owners for c in e.identity.clans}
        if not clans:
            return
        for e in cards:
            allowed = set(e.identity.clans)
            if slot.any_clan in allowed or allowed & clans:
                continue
            out.problem("pregame", f"line {e.line.line}: {e.identity.key} may only start with a "
                        f"{' or '.join(sorted(allowed)) or 'no'} {self._slot_label(slot.clan_of)}; this deck's is "
                        f"{' / '.join(sorted(clans))}.", e.identity.key, slot.rule, e.line.line)

    def _slot_label(self, key):
        return next((s.label for s in self._slots if s.key == key), key)

    def _check_pregame_count(self, have, out):
        """When cards cannot be identified: the number of pre-game cards is all there is to check."""
        if not self._slots:
            return
        low = sum(s.min for s in self._slots)
        high = None if any(s.max is None for s in self._slots) else sum(s.max for s in self._slots)
        if have < low or (high is not None and have > high):
            wanted = ", ".join(f"{_between(s.min, s.max)} {s.label}" for s in self._slots)
            out.problem("pregame", f"{have} pre-game cards; {self.name} requires {wanted}.",
                        rule=self._slots[0].rule)

    # -- deck sizes --------------------------------------------------------------------------------

    def _check_sizes(self, entries, out):
        for section, size, rule_key in ((DYNASTY, self.rules.dynasty_deck, "dynasty_deck"),
                                        (FATE, self.rules.fate_deck, "fate_deck")):
            deck = DECK_OF_SECTION[section]
            in_deck = [e for e in entries if e.section == section]
            counted = sum(e.line.count for e in in_deck if e.identity is None or e.identity.counts_toward_deck_size)
            listed = sum(e.line.count for e in in_deck)
            change = sum(e.line.count * n for e in entries if e.identity for d, n in e.identity.deck_size_change
                         if d == deck)
            low, high = (None if v is None else v + change for v in (size.min, size.max))
            if (low is not None and counted < low) or (high is not None and counted > high):
                not_counted = f" ({listed} listed, {listed - counted} of them not counting toward it)" \
                    if listed != counted else ""
                changed = f" after cards that change it ({change:+d})" if change else ""
                out.problem("deck-size", f"the {deck} deck has {counted} cards{not_counted}; {self.name} requires "
                            f"{_between(low, high)}{changed}.", rule=self.rules.rule(rule_key, self.rules.rule(
                                "deck_size")))

    def _check_declared_counts(self, deck, counts, out):
        for section, declared, line in deck.declared:
            if counts[section] != declared:
                out.warn("declared-count", f"line {line}: the {SECTION_NAMES[section]} header says {declared} "
                         f"cards but the section lists {counts[section]}.", line=line)

    # -- copies ------------------------------------------------------------------------------------

    def _check_copies(self, entries, out):
        if self.rules.copy_limit is None and self.rules.unique_copy_limit is None:
            out.warn("not-checked", f"{self.name}'s rules state no limit on copies of a card; copies were not checked.")
            return
        copies: dict[Identity, int] = defaultdict(int)
        first_line: dict[Identity, int] = {}
        for e in entries:
            if e.identity is not None:
                copies[e.identity] += e.line.count
                first_line.setdefault(e.identity, e.line.line)
        reported: set[frozenset] = set()
        for members, shared_by in self._limit_groups(copies):
            present = sorted((i for i in members if i in copies), key=first_line.get)
            total = sum(copies[i] for i in present)
            limit, rule, why = min((self._limit(i) for i in present), key=lambda lim: lim[0])
            if total <= limit or frozenset(present) in reported:
                continue
            reported.add(frozenset(present))
            if shared_by:
                others = [i.key for i in sorted(members, key=lambda i: i.key) if i not in copies]
                why += f"; {_SHARED[shared_by]}" + (f"; the limit also covers {_names(others)}" if others else "")
                rule = self.rules.rule(f"{shared_by}_shares_limit", rule)
            names, line = _names([i.key for i in present]), first_line[present[0]]
            out.problem("copy-limit", f"line {line}: {total} copies of {names}; at most {limit} allowed ({why}).",
                        names, rule, line)

    def _limit_groups(self, present) -> list[tuple[frozenset, str | None]]:
        """Each set of cards that share one limit: every card's Soul of chain, and each card together with
        the cards that count as it. Counts-as is not passed on: two versions an Ancestor counts as stay
        different cards to each other (OH II.F)."""
        groups = []
        for identity in present:
            chain = self._chain(identity)
            groups.append((chain, "soul_of" if len(chain) > 1 else None))
        if self.rules.counts_as_shares_limit:
            targets = {t for i in present for t in self.index.counts_as(i)}
            targets |= {i for i in present if self.index.counted_as_by(i)}
            for target in sorted(targets, key=lambda i: i.key):
                members = self._chain(target).union(*(self._chain(a) for a in self.index.counted_as_by(target)))
                groups.append((frozenset(members), "counts_as"))
        return groups

    def _chain(self, identity: Identity) -> frozenset:
        members = self.index.soul_chain(identity) if self.rules.soul_of_shares_limit else {identity}
        if not self.rules.experience_levels_are_different_cards:
            members = members | {level for i in members for level in self.index.all_levels(i)}
        return frozenset(members)

    def _limit(self, identity: Identity) -> tuple[int, str | None, str]:
        ring = self.rules.rings_are_unique and "Ring" in identity.types
        if identity.unique or ring:
            limit = self.rules.unique_copy_limit
            rule = self.rules.rule("rings_are_unique" if ring and not identity.unique else "unique_copy_limit")
            why = "Rings are Unique" if ring and not identity.unique else "a Unique card"
        else:
            limit, rule, why = self.rules.copy_limit, self.rules.rule("copy_limit"), f"{self.name}'s copy limit"
        if limit is None:
            limit = self.rules.copy_limit or self.rules.unique_copy_limit
        text = identity.max_copies
        if text is not None and text > limit:
            if self.rules.card_text_overrides_copy_limit:
                return text, self.rules.rule("card_text_overrides_copy_limit"), "the card's own text sets its limit"
            rule = self.rules.rule("card_text_overrides_copy_limit", rule)
            allows = "any number" if text >= ANY_NUMBER else str(text)
            why += f", which in {self.name} overrides the card's own text allowing {allows}"
        return limit, rule, why

    # -- bans --------------------------------------------------------------------------------------

    def _check_bans(self, entries, on, out) -> set[Identity]:
        banned: set[Identity] = set()
        for e in entries:
            ident = e.identity
            if ident is None:
                continue
            hits = [b for b in self._card_bans.get(ident, ()) if b.in_force(on)]
            hits += [b for b in self._category_bans if b.in_force(on) and _matches(b.match, ident)]
            for ban in hits:
                banned.add(ident)
                what = "" if ban.card else f" ({ban.as_written})"
                since = f" since {ban.added.isoformat()}" if ban.added else ""
                out.problem("banned", f"line {e.line.line}: {ident.key} is on {self.name}'s ban list{what}{since}.",
                            ident.key, ban.id, e.line.line)
        return banned

    # -- legal card pool ---------------------------------------------------------------------------

    def _check_pool(self, entries, banned, out):
        if not (self._legal_sets or self._legal_tags):
            out.warn("not-checked", f"{self.name} names no legal card pool the Codex can check; "
                     f"card legality was not checked.")
            return
        skipped = 0
        for e in entries:
            ident = e.identity
            if ident is None or ident in banned or ident.deck == _OTHER_DECK:
                continue
            if not ident.in_pool:
                skipped += 1
                continue
            if any(title_key(s) in self._legal_sets for s in ident.sets) or ident.pool_tags & self._legal_tags:
                continue
            out.problem("not-legal", f"line {e.line.line}: {ident.key} is not in {self.name}'s card pool "
                        f"({self._pool_description()}).", ident.key, self._pool_rule, e.line.line)
        if skipped:
            out.warn("not-checked", f"{skipped} card line(s) name cards known only from the Codex's records; "
                     f"without the card pool their legality was not checked.")

    def _pool_description(self) -> str:
        parts = []
        legality = self.format.legality
        if self._legal_sets:
            parts.append("printed in none of its legal sets")
        if legality and legality.legal_bugs:
            parts.append(f"with none of its legal bugs ({', '.join(legality.legal_bugs)})")
        if self._pool_rules.get("pool_tags"):
            parts.append(f"not in the card pool's {' / '.join(self._pool_rules['pool_tags'])} cards")
        return "; ".join(parts)


# ---------------------------------------------------------------------------------------------------------
# Reading the format's data
# ---------------------------------------------------------------------------------------------------------


def _slot(raw: Mapping, ruleset: Ruleset, index: CardIndex) -> _Slot:
    cards = []
    for card_id in raw.get("cards", ()):
        identity = index.card(card_id)
        if identity is None:
            raise DeckRulesError(f"{ruleset.format_id} format.yml: pre-game slot '{raw['key']}' names card "
                                 f"'{card_id}', which has no record in data/cards")
        cards.append(identity)
    types = frozenset(raw.get("types", ()))
    label = raw.get("label") or (cards[0].title if cards else " or ".join(sorted(types)))
    return _Slot(key=raw["key"], label=label, types=types, cards=frozenset(cards), min=raw.get("min", 0),
                 max=raw.get("max"), clan_of=raw.get("clan_of"), any_clan=raw.get("any_clan"),
                 rule=ruleset.rule(f"pregame_{raw['key']}", ruleset.rule("pregame")))


def _bans(fmt: m.Format, index: CardIndex):
    by_card: dict[Identity, list[m.BanEntry]] = defaultdict(list)
    categories = []
    for ban in fmt.bans.entries if fmt.bans else ():
        if ban.card:
            identity = index.card(ban.card)
            if identity is not None:
                by_card[identity].append(ban)
        elif ban.match:
            categories.append(ban)
    return dict(by_card), tuple(categories)


# What a category ban's `match:` can ask of a card (bans.schema.json lists the same keys).
_MATCHERS = {
    "icon": lambda identity, value: str(value).lower() in identity.icons,
    "promo_or_unreleased": lambda identity, value: identity.in_pool and identity.promo_only == bool(value),
    "legality_missing": lambda identity, value: identity.in_pool and (not identity.pool_tags) == bool(value),
}


def _matches(match: Mapping, identity: Identity) -> bool:
    return all(_MATCHERS[key](identity, value) for key, value in match.items())


def _between(low: int | None, high: int | None) -> str:
    if low is not None and low == high:
        return f"exactly {low}"
    if high is None:
        return f"at least {low}"
    if not low:
        return f"at most {high}"
    return f"{low} to {high}"


def _plural(label: str, n: int) -> str:
    return label if n == 1 or label.endswith("s") else f"{label}s"


def _names(keys: list[str]) -> str:
    return keys[0] if len(keys) == 1 else ", ".join(keys[:-1]) + f" and {keys[-1]}"


def checkable(fmt: m.Format, ruleset: Ruleset) -> bool:
    """Whether the format states deck rules the checker can apply (a deck size at least)."""
    return fmt.bundled and any(v is not None for s in (ruleset.dynasty_deck, ruleset.fate_deck)
                               for v in (s.min, s.max))


__all__ = ["PROBLEM_CODES", "DeckChecker", "DeckReport", "DeckRulesError", "Finding", "checkable"]
