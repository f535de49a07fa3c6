"""Titles as players write them, at random: any pool title in any style of tests/decks/styles.py, with a typo of
distance 1 on top (a letter dropped, doubled, swapped with its neighbour or replaced). The checker must never
pick a card silently: the line reads as its card, or as another card with a `read-as` warning saying which (a
typo may land nearer another title), or is reported (unknown or ambiguous). A style without a typo must read as
its card or be reported as ambiguous, as the whole-pool test (tests/test_deck_title_styles.py) requires of every
title; this samples the same with the typos that test leaves out.
"""

from __future__ import annotations

from hypothesis import given, strategies as st

from decks import support
from decks.styles import written_forms
from l5r.decklist import parse_card_line
from l5r.engine.deck.report import Findings

_SECTION = {"Pre-Game": "pre_game", "Dynasty": "dynasty", "Fate": "fate"}
_IDENTITIES: list = []


def _identities() -> list:
    if not _IDENTITIES:
        _IDENTITIES.extend(i for i in support.index().identities if i.in_pool and i.deck != "Other")
    return _IDENTITIES


@st.composite
def typo(draw, text: str) -> str:
    if len(text) < 3:
        return text
    at = draw(st.integers(1, len(text) - 1))
    kind = draw(st.sampled_from(["drop", "double", "swap", "replace"]))
    if kind == "drop":
        return text[:at] + text[at + 1 :]
    if kind == "double":
        return text[:at] + text[at] + text[at:]
    if kind == "swap":
        return text[: at - 1] + text[at] + text[at - 1] + text[at + 1 :]
    return text[:at] + draw(st.sampled_from("aeiourstnlm")) + text[at + 1 :]


@st.composite
def written_card(draw):
    target = draw(st.sampled_from(_identities()))
    style, text = draw(st.sampled_from(written_forms(target.title, target.experience)))
    typed = draw(typo(text)) if draw(st.booleans()) else text
    return target, style, text, typed


@given(written_card(), st.sampled_from(["obsidian-hand", "modern"]))
def test_a_title_with_a_typo_is_read_with_a_warning_or_reported_never_silently_misread(case, format_id):
    target, style, text, typed = case
    checker = support.checker(format_id)
    card = parse_card_line(f"1 {typed}", 1, _SECTION[target.deck])
    if not hasattr(card, "name"):
        return  # the typo made it no card line (a parse problem, reported)
    out = Findings()
    checker._suggested = 0
    entry = checker._entry(card, out)
    got = entry.identity
    read_as = [w for w in out.warnings if w.code == "read-as" and got is not None and w.card == got.key]
    named = checker.index.named(card.name, card.experience)
    if got is None:
        assert any(p.code == "unknown-card" for p in out.problems), (typed, out.problems)
    elif got is not target:
        # another card: it is the text's own title, or the reading is said
        assert got in named or read_as, f"“{typed}” ({style} of {target.key}) silently read as {got.key}"
    if typed == text and got is not target and got is not None:
        assert got in named or read_as or target.deck == "Other", (typed, got.key)
