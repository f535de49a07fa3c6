"""Copies: how many of one card a deck may hold, and which cards share one limit.

Unique cards (and Rings where the format says so) have the unique limit, others the copy limit; a card's
own text may raise it where the format lets card text beat the rules. Cards joined by Soul of keywords
share one limit down the whole chain; a card that counts as another shares that card's limit, but the
sharing is not passed on (two versions an Ancestor counts as stay different cards to each other).
"""

from __future__ import annotations

from collections import defaultdict

from ...cardpool import ANY_NUMBER, CardIndex, Identity
from ...deckmessages import say
from ..ruleset import Ruleset
from .report import Findings, noun_count, names


def check_copies(rules: Ruleset, index: CardIndex, name: str, entries, out: Findings):
    if rules.copy_limit is None and rules.unique_copy_limit is None:
        out.warn("not-checked", say("not-checked.copies", name=name))
        return
    copies: dict[Identity, int] = defaultdict(int)
    first_line: dict[Identity, int] = {}
    for e in entries:
        if e.identity is not None:
            copies[e.identity] += e.count
            first_line.setdefault(e.identity, e.line.line)
    reported: set[frozenset] = set()
    for members, shared_by in _limit_groups(rules, index, copies):
        present = sorted((i for i in members if i in copies), key=first_line.__getitem__)
        total = sum(copies[i] for i in present)
        limit, rule, why = min((_limit(rules, name, i) for i in present), key=lambda lim: lim[0])
        if total <= limit or frozenset(present) in reported:
            continue
        reported.add(frozenset(present))
        if shared_by:
            others = [i.key for i in sorted(members, key=lambda i: i.key) if i not in copies]
            shared = say("copy-limit.soul-of") if shared_by == "soul_of" else say("copy-limit.counts-as")
            why = say("copy-limit.shared", why=why, shared=shared)
            if others:
                why = say("copy-limit.covers", why=why, cards=names(others))
            rule = rules.rule(f"{shared_by}_shares_limit", rule)
        cards, line = names([i.key for i in present]), first_line[present[0]]
        out.problem(
            "copy-limit",
            say("copy-limit", line=line, copies=noun_count(total, "copy", "copies"), cards=cards, limit=limit, why=why),
            cards,
            rule,
            line,
        )


def _limit_groups(rules: Ruleset, index: CardIndex, present) -> list[tuple[frozenset, str | None]]:
    """Each set of cards that share one limit: every card's Soul of chain, and each card with the cards
    that count as it."""
    groups = []
    for identity in present:
        chain = _chain(rules, index, identity)
        groups.append((chain, "soul_of" if len(chain) > 1 else None))
    if rules.counts_as_shares_limit:
        targets = {t for i in present for t in index.counts_as(i)} | {i for i in present if index.counted_as_by(i)}
        for target in sorted(targets, key=lambda i: i.key):
            members = _chain(rules, index, target).union(
                *(_chain(rules, index, a) for a in index.counted_as_by(target))
            )
            groups.append((frozenset(members), "counts_as"))
    return groups


def _chain(rules: Ruleset, index: CardIndex, identity: Identity) -> frozenset:
    members = index.soul_chain(identity) if rules.soul_of_shares_limit else {identity}
    if not rules.experience_levels_are_different_cards:
        members = members | {level for i in members for level in index.all_levels(i)}
    return frozenset(members)


def _limit(rules: Ruleset, name: str, identity: Identity) -> tuple[int, str | None, str]:
    """(how many, the rule that says so, why in words) for one card."""
    ring = rules.rings_are_unique and "Ring" in identity.types
    if identity.unique or ring:
        limit = rules.unique_copy_limit
        rule = rules.rule("rings_are_unique" if ring and not identity.unique else "unique_copy_limit")
        why = say("copy-limit.ring") if ring and not identity.unique else say("copy-limit.unique")
    else:
        limit, rule, why = rules.copy_limit, rules.rule("copy_limit"), say("copy-limit.format", name=name)
    if limit is None:
        limit = rules.copy_limit or rules.unique_copy_limit
    assert limit is not None  # check_copies checks nothing when neither limit is stated
    text = identity.max_copies
    if text is not None and text > limit:
        if rules.card_text_overrides_copy_limit:
            return text, rules.rule("card_text_overrides_copy_limit"), say("copy-limit.card-text")
        rule = rules.rule("card_text_overrides_copy_limit", rule)
        allows = say("copy-limit.any-number") if text >= ANY_NUMBER else str(text)
        why = say("copy-limit.overridden", why=why, name=name, allows=allows)
    return limit, rule, why
