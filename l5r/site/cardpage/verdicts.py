"""A card's legality in every format, as `l5r deck check` decides it: `DeckChecker.card_legality`
(l5r/engine/deck/legality.py). For a past date in the browser each page embeds `DeckChecker.card_timeline` per
format: the verdicts the Python function returned at every day a ban on this card starts or stops; the page's
script only picks the segment the chosen day falls in (no rule is re-implemented in JavaScript)."""

from __future__ import annotations

import datetime as dt
import hashlib
import json

from ...cardpool import CardIndex, Identity
from ...data import model as m
from ...engine.deck import DeckChecker, checkable
from ...engine.ruleset import ruleset_for


def checkers(codex: m.Codex, index: CardIndex, stand_in_names: bool = False) -> list[DeckChecker]:
    """A deck checker per checkable format; `stand_in_names`: each calls its format by `stand_in_name` (then
    `reword` gives its sentences the format's name)."""
    out = []
    for f in codex.bundled_formats:
        ruleset = ruleset_for(f)
        if checkable(f, ruleset):
            out.append(DeckChecker(f, ruleset, index, name=stand_in_name(f) if stand_in_names else None))
    return out


def stand_in_name(fmt: m.Format) -> str:
    """What a checker's sentences call the format until `reword` names it: private-use characters around its id,
    in no card title, pool tag or rule."""
    return f"\ue000{fmt.id}\ue001"


def reword(text: str, words: dict[str, str]) -> str:
    """A sentence with each stand-in name (`words`: stand-in -> the format's short name) replaced by the name."""
    if "\ue000" in text:
        for stand_in, name in words.items():
            text = text.replace(stand_in, name)
    return text


def _verdict_inputs(f: m.Format) -> tuple:
    """What a format's verdicts are worked out from besides its names: its place among the formats, ruleset, ban
    list, card legality rules, and its rules' ids, numbers and headings (a verdict cites a rule, never its words)."""
    return (
        f.parent,
        f.relation,
        f.bundled,
        f.ruleset,
        f.bans,
        f.legality,
        tuple((s.id, s.number, s.heading) for s in f.all_sections()),
    )


def computed_verdicts_key(codex: m.Codex, index: CardIndex) -> tuple:
    """Everything the verdicts of checkers with stand-in names are worked out from: `verdicts_key` but the words
    that name each format, and not the day (a verdict is asked for by its day). The names of a format with legal
    bugs still count where the pool tags a card with them: its checker reads such a card's standing as unsettled
    (`DeckChecker.pool_standing`)."""
    tags = frozenset().union(*(i.pool_tags for i in index.identities))
    parts = [
        repr(
            (
                f.id,
                sorted(tags & {f.name, f.short_name}) if f.legality and f.legality.legal_bugs else (),
                *_verdict_inputs(f),
            )
        )
        for f in codex.formats.values()
    ]
    return (hashlib.sha1("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest(), id(index))


class PoolVerdicts:
    """The deck checker's verdicts for the pool's cards: each card's timeline per format (the checker's
    `card_timeline`), today's verdicts read from it, and how many cards' timelines hold each segment. Worked out
    once per build; under `mkdocs serve`, by checkers with stand-in names, once while `computed_verdicts_key` is
    the same (`CardSite.prepare`)."""

    def __init__(self, checks: list[DeckChecker]):
        self.checks = checks
        self._today: dict = {}
        self._counts: dict[tuple, int] | None = None

    def verdicts_on(self, identity: Identity, on: dt.date) -> list:
        """`card_legality(identity, on)` per format, read from the card's timelines."""
        key = (identity, on)
        found = self._today.get(key)
        if found is None:
            found = self._today[key] = [c.verdict_from_timeline(identity, on) for c in self.checks]
        return found

    def segment_counts(self, identities) -> dict[tuple, int]:
        """`segment_counts` over these cards' timelines (the pool's page cards, the same every time it is asked)."""
        if self._counts is None:
            self._counts = segment_counts(c.card_timeline(i) for i in identities for c in self.checks)
        return self._counts


def verdicts_key(codex: m.Codex, index: CardIndex, today: dt.date) -> tuple:
    """Everything the card verdicts of `checkers` are worked out from: every bundled format's names, ruleset, ban
    list and card legality rules, and its rules' ids, numbers and headings (a verdict cites a rule by its id and
    names its format), never a rule's words; the card index (the same object while the pool and the card
    records are: l5r/cardpool/cache.py); the day."""
    parts = [repr((f.id, f.name, f.short_name, f.citation_prefix, *_verdict_inputs(f))) for f in codex.formats.values()]
    return (hashlib.sha1("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest(), id(index), today)


def legality_rows(identity: Identity, checks: list[DeckChecker], on: dt.date, now=None, timelines=None) -> list[dict]:
    """Per format: today's verdict (`now`, when the caller already has it: one per check), the timeline (`timelines`,
    likewise), the bans."""
    if now is None:
        now = [c.card_legality(identity, on) for c in checks]
    if timelines is None:
        timelines = [c.card_timeline(identity) for c in checks]
    return [
        {"format": c.format, "now": verdict, "timeline": timeline, "bans": c.applicable_bans(identity)}
        for c, verdict, timeline in zip(checks, now, timelines)
    ]


def _segments(timeline) -> list[tuple]:
    # A segment as a tuple (its JSON is the same as a list's): counted and looked up as itself, written as JSON
    # only once per distinct segment.
    return [(d.isoformat() if d else None, str(v.status), v.reason, tuple(b.id for b in v.bans)) for d, v in timeline]


def segment_key(segment) -> str:
    return json.dumps(segment, ensure_ascii=True, separators=(",", ":"))


def segment_counts(timelines) -> dict[tuple, int]:
    """How many of these timelines (`DeckChecker.card_timeline` results, one per card and format) hold each
    segment; a one-segment timeline is never embedded (`timeline_json`) and counts for nothing."""
    counts: dict[tuple, int] = {}
    for timeline in timelines:
        if len(timeline) > 1:
            for segment in _segments(timeline):
                counts[segment] = counts.get(segment, 0) + 1
    return counts


def shared_segments(counts: dict[tuple, int], words: dict[str, str] | None = None) -> list[list]:
    """The timeline segments several cards embed (the same day, verdict and reason: a format's "bans not stated"
    before its list starts, the verdict from that day on), most used first: the build writes them once into the
    date picker's script (assets/card-page.js) and a page names each by its number in this list. `counts`:
    `segment_counts`; `words`: the stand-in names its reasons are to be `reword`ed with."""
    if words:
        worded: dict[tuple, int] = {}
        for (day, status, reason, bans), n in counts.items():
            segment = (day, status, reword(reason, words), bans)
            worded[segment] = worded.get(segment, 0) + n
        counts = worded
    keyed = {segment_key(segment): n for segment, n in counts.items() if n > 1}
    shared = sorted(keyed, key=lambda key: (-keyed[key], key))
    return [json.loads(key) for key in shared]


def shared_numbers(shared: list[list]) -> dict[tuple, int]:
    """Each of the build's `shared_segments` by its number, as `timeline_json` looks a segment up."""
    return {(s[0], s[1], s[2], tuple(s[3])): n for n, s in enumerate(shared)}


def timeline_json(rows, shared: dict[tuple, int] | None = None) -> str:
    """The per-format verdict segments the page's date picker reads: [[from|null, status, reason, ban ids]], a
    segment of the build's `shared_segments` as its number there (`shared`: `shared_numbers`).
    A format whose verdict never changes is left out (its row already shows it)."""
    shared = shared or {}
    data = {
        r["format"].id: [shared.get(s, s) for s in _segments(r["timeline"])] for r in rows if len(r["timeline"]) > 1
    }
    if not data:
        return ""
    return json.dumps(data, ensure_ascii=True, separators=(",", ":")).replace("<", "\\u003c")


def expand_timeline(data: dict, shared: list[list]) -> dict:
    """A page's embedded timeline with every shared segment's number replaced by the segment (as card-page.js
    reads it)."""
    return {fmt: [shared[s] if isinstance(s, int) else s for s in segments] for fmt, segments in data.items()}


def segments_script(shared: list[list]) -> str:
    """The first line of assets/card-page.js: the build's shared segments, for every page's date picker."""
    data = json.dumps(shared, ensure_ascii=True, separators=(",", ":")).replace("<", "\\u003c")
    return f"window.__l5r_card_segments={data};\n"


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
