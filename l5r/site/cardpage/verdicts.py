"""A card's legality in every format, as `l5r deck check` decides it: `DeckChecker.card_legality`
(l5r/engine/deck/legality.py). For a past date in the browser each page embeds `DeckChecker.card_timeline` per
format: the verdicts the Python function returned at every day a ban on this card starts or stops; the page's
script only picks the segment the chosen day falls in (no rule is re-implemented in JavaScript)."""

from __future__ import annotations

import datetime as dt
import json

from ...cardpool import CardIndex, Identity
from ...data import model as m
from ...engine.deck import DeckChecker, checkable
from ...engine.ruleset import ruleset_for


def checkers(codex: m.Codex, index: CardIndex) -> list[DeckChecker]:
    out = []
    for f in codex.bundled_formats:
        ruleset = ruleset_for(f)
        if checkable(f, ruleset):
            out.append(DeckChecker(f, ruleset, index))
    return out


def legality_rows(identity: Identity, checks: list[DeckChecker], on: dt.date, now=None) -> list[dict]:
    """Per format: today's verdict (`now`, when the caller already has it: one per check), the timeline, the bans."""
    if now is None:
        now = [c.card_legality(identity, on) for c in checks]
    return [
        {"format": c.format, "now": verdict, "timeline": c.card_timeline(identity), "bans": c.applicable_bans(identity)}
        for c, verdict in zip(checks, now)
    ]


def timeline_json(rows) -> str:
    """The per-format verdict segments the page's date picker reads: [[from|null, status, reason, ban ids]].
    A format whose verdict never changes is left out (its row already shows it): most cards embed nothing."""
    data = {
        r["format"].id: [
            [d.isoformat() if d else None, v.status, v.reason, [b.id for b in v.bans]] for d, v in r["timeline"]
        ]
        for r in rows
        if len(r["timeline"]) > 1
    }
    if not data:
        return ""
    return json.dumps(data, ensure_ascii=True, separators=(",", ":")).replace("<", "\\u003c")


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def verdict_sentence(verdicts) -> str:
    """The verdicts in words, formats with the same verdict together, in the table's order: "Legal in Obsidian
    Hand and Modern; not checked in New Era." Each verdict is named as the table names it (whatever
    `card_legality` returned), nothing is re-decided here."""
    groups: dict[str, list[str]] = {}
    for name, status in verdicts:
        groups.setdefault(status, []).append(name)
    if not groups:
        return ""
    text = "; ".join(f"{status.replace('-', ' ')} in {_and(names)}" for status, names in groups.items())
    return text[:1].upper() + text[1:] + "."
