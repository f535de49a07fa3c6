"""The browser deck checker's data (assets/deck-check-data.js): the formats as the API gives them, the card
table, and where each cited rule lives. The browser checker (docs/assets/deck-check.js) runs the same steps as
l5r/engine/deck over this data, so the rules stay in the data: bans resolved to card rows, pre-game slots, legal
sets and tags, the rule id of every check."""

from __future__ import annotations

import json
import re

from ...cardpool import CardIndex, pool_facts
from ...cardpool.names import (
    EXPERIENCE_ALONE,
    FIRST_LEVEL,
    LEADING_EXPERIENCE,
    LEVEL_REMARK,
    ABBREVIATION_RULES,
    READING_KEY_RULES,
    LEVEL_WORDS,
    MARKER_KEY,
    ORDINAL_LEVEL,
    ROMAN_LEVEL,
    ROMAN_LEVELS,
    WORD_LEVEL,
    TRAILING_EXPERIENCE,
    set_keys,
    title_key,
)
from ...decklist import COUNT_PATTERN, READER_PATTERNS, READER_TABLES
from ...deckmessages import DECK_MESSAGES
from ...cardpool.names import CLAN_WORDS, QUALIFIER, SMALL_WORDS
from ...engine.deck.checker import (
    ACTION_KINDS,
    GROUP_NAME_TAILS,
    BARE_COUNT_AFTER,
    GLUED_TWICE,
    GLUED_TWICE_EDITS,
    HEADERLESS_FIRST_DECK,
    OTHER_GAME_LINES_AT_LEAST,
    NAMED_SHOWN,
    NAMED_SPAN_MARKS,
    NAMED_WORDS_AT_MOST,
    NUMBER_WORDS,
    PLURAL_ENDINGS,
    SAID_AFTER,
    AFTER_A_LEVEL,
    BRACKET_THEN_WORDS,
    LEVEL_THEN_WORDS,
    COMMA_SENTENCE,
    WORD_AFTER_A_LEVEL,
    COMMA_BEFORE_REMARK,
    SUBTITLE_SLIP_EDITS,
    SENTENCE_AFTER_TITLE,
    STAT_WORDS,
    SET_AFTER_TITLE_LONGEST,
    SET_AFTER_TITLE_MARK,
    SHORTHAND_LEVEL,
    TAG_AFTER,
    UNTAGGED_LEVEL,
    TRAILING_REMARK,
    UNCLOSED_REMARK,
    WORDED_COUNT,
    WORDED_COUNT_AFTER,
    CLAN_PREFIX,
    DECK_LABELS,
    LABEL_BEFORE_CARD,
    STAT_TAIL,
    TITLE_PARTS_AT_MOST,
    TRANSLATED,
)
from ...engine.deck.prose import ADDRESS, BRACKETED, SEGMENT, SENTENCE_BREAK, SENTENCE_END, WORD, prose_rule
from ...engine.deck.report import AS_OF_WORDS, VERDICT_WORDS
from ...data import model as m
from ..rendering import citelabel
from .documents import API_VERSION, cards_document, checkable_formats, format_document


def _checker_bans(fmt_doc: dict) -> dict:
    """The browser checker answers "as of" questions as the CLI does (bans.as_of): an undated lift counts from
    the day the Codex infers, which its results mark as the Codex's inference."""
    bans = [dict(b, lifted=b["lifted"] or (b["lifted_inferred"] or {}).get("date")) for b in fmt_doc["bans"]]
    return dict(fmt_doc, bans=bans)


def checker_data(codex: m.Codex, index: CardIndex, rule_urls: dict[str, str], with_cards: bool = True) -> dict:
    """Everything deck-check.js needs: the formats, the card table, and where each cited rule lives. Without
    `with_cards` the card table is None, in its place."""
    formats = [_checker_bans(format_document(codex, f)) for f in checkable_formats(codex)]
    cited = {r for f in formats for r in _cited(f)}
    return {
        "api_version": API_VERSION,
        "formats": formats,
        "cards": cards_document(index) if with_cards else None,
        # how the page names the pool it checks against: its size and whether it is the pinned database
        "pool": pool_facts(index.pool_dir).as_json() if index.pool_dir is not None else None,
        "card_ids": {i.card_id: n for n, i in enumerate(index.identities) if i.card_id},
        "set_acronyms": dict(codex.set_acronyms),  # what exporters write in (…) -> the pool's set name
        # each set of the pool by the keys players write it as (names.py set_keys: "(Celestial)", "(TDoW)")
        "set_keys": {s: sorted(set_keys(s)) for s in sorted({s for i in index.identities for s in i.sets})},
        "rule_urls": {r: rule_urls[r] for r in sorted(cited) if r in rule_urls},
        "rule_citations": {r: _citation(codex, r) for r in sorted(cited) if _citation(codex, r)},
        # the reading rules, and what the pool's titles look like (a line of prose between the card lines is the
        # author's remark: engine/deck/prose.py measures it on this same pool)
        # ... and the keywords the pool's deck cards carry: a heading so named is a group of the deck's cards
        "reading": dict(
            reading_rules(), prose=prose_rule(index).as_json(), deck_keywords=sorted(index.deck_keywords())
        ),
    }


def reading_rules() -> dict[str, object]:
    """How a line's title and level are read, as the Python reader has them: the reading key's steps and the
    patterns (Python regular expressions written so JavaScript runs them alike; named groups renamed)."""
    return {
        "key": READING_KEY_RULES,
        "abbreviations": ABBREVIATION_RULES,  # a title's words abbreviated ("Fam. Bazaar"; "BK" on a pre-game line)
        # the cards a remark names in its words (checker.py _cards_named_in)
        "named": {"words_at_most": NAMED_WORDS_AT_MOST, "marks": NAMED_SPAN_MARKS, "shown": NAMED_SHOWN},
        # a stronghold's line opens a second deck in a post with no headers (checker.py _first_of_headerless_decks)
        "headerless_first_deck": list(HEADERLESS_FIRST_DECK),
        # a list most of whose card lines name no card is a deck of another game (checker.py _check_other_game)
        "other_game_lines_at_least": OTHER_GAME_LINES_AT_LEAST,
        # a title written twice with no space between (checker.py _glued_twice): where the parts meet, the edits
        "glued_twice": {"pattern": js_pattern(GLUED_TWICE), "edits": GLUED_TWICE_EDITS},
        "experience_alone": js_pattern(EXPERIENCE_ALONE),
        "trailing_experience": js_pattern(TRAILING_EXPERIENCE),
        "leading_experience": js_pattern(LEADING_EXPERIENCE),
        # a level in Roman numerals, on the experience key ("experiencedii"), and the number each stands for
        "roman_levels": {"pattern": js_pattern(ROMAN_LEVEL), "numbers": ROMAN_LEVELS},
        "marker_key": js_pattern(MARKER_KEY),  # the marker on the experience key ("ex4" -> "experienced4")
        # a level in words: an ordinal before the marker ("2ndexp"), a number word after it ("experiencedtwo")
        "level_words": {"ordinal": js_pattern(ORDINAL_LEVEL), "word": js_pattern(WORD_LEVEL), "numbers": LEVEL_WORDS},
        "first_level": js_pattern(FIRST_LEVEL),  # then "experienced1" as "experienced"
        "count": js_pattern(COUNT_PATTERN),
        "shorthand_level": js_pattern(SHORTHAND_LEVEL),
        # a level written without the set's tag the pool's level carries (checker.py _level_without_its_tag)
        "level_tag": {"untagged": js_pattern(UNTAGGED_LEVEL), "tag": js_pattern(TAG_AFTER)},
        # a set's name after a dash, a comma or a slash (checker.py _set_after_title)
        "set_after_title": {"mark": js_pattern(SET_AFTER_TITLE_MARK), "longest": SET_AFTER_TITLE_LONGEST},
        "qualifier": js_pattern(QUALIFIER),
        "level_remark": js_pattern(LEVEL_REMARK),
        "trailing_remark": js_pattern(TRAILING_REMARK),
        "said_after": js_pattern(SAID_AFTER),
        "after_a_level": js_pattern(AFTER_A_LEVEL),
        "level_then_words": js_pattern(LEVEL_THEN_WORDS),
        "comma_sentence": js_pattern(COMMA_SENTENCE),
        "word_after_a_level": js_pattern(WORD_AFTER_A_LEVEL),
        "bracket_then_words": js_pattern(BRACKET_THEN_WORDS),
        "comma_before_remark": {"pattern": js_pattern(COMMA_BEFORE_REMARK), "edits": SUBTITLE_SLIP_EDITS},
        "sentence_after_title": js_pattern(SENTENCE_AFTER_TITLE),
        "stat_words": list(STAT_WORDS),
        "stat_tail": js_pattern(STAT_TAIL),
        "translated": js_pattern(TRANSLATED),
        "unclosed_remark": js_pattern(UNCLOSED_REMARK),
        "worded_count": {"pattern": js_pattern(WORDED_COUNT), "numbers": NUMBER_WORDS},
        "worded_count_after": js_pattern(WORDED_COUNT_AFTER),
        "clan_prefix": js_pattern(CLAN_PREFIX),
        # the author's label before a card line under a deck's header (checker.py _labelled)
        "label_before_card": {"pattern": js_pattern(LABEL_BEFORE_CARD), "deck_labels": list(DECK_LABELS)},
        "bare_count_after": js_pattern(BARE_COUNT_AFTER),
        "title_parts_at_most": TITLE_PARTS_AT_MOST,
        "plural_endings": PLURAL_ENDINGS,
        # a heading named by a kind of action the cards print, or a keyword, and these words after it (checker.py)
        "action_kinds": ACTION_KINDS,
        "group_name_tails": GROUP_NAME_TAILS,
        "clan_words": CLAN_WORDS,  # the word "Clan" after one is a small word too (names.py small_words_key)
        "small_words": SMALL_WORDS,  # a title written with or without them is a near-certain typo (names.py)
        "prose_patterns": {
            "word": js_pattern(WORD),
            "sentence_end": js_pattern(SENTENCE_END),
            "sentence_break": js_pattern(SENTENCE_BREAK),
            "segment": js_pattern(SEGMENT),
            "bracketed": js_pattern(BRACKETED),
            "address": js_pattern(ADDRESS),
        },
        "patterns": {name: js_pattern(pattern) for name, pattern in READER_PATTERNS.items()},
        "tables": READER_TABLES,
        "verdict_words": VERDICT_WORDS,
        "as_of_words": AS_OF_WORDS,
        # every sentence both checkers say, by key (deck-check.js `say` fills the fields as deckmessages.py does)
        "messages": DECK_MESSAGES,
    }


def js_pattern(pattern: re.Pattern[str]) -> dict[str, str]:
    """A compiled Python pattern as JavaScript's RegExp(source, flags) reads it."""
    source = pattern.pattern.replace("(?P<", "(?<")
    # a character beyond the first 65,536 ("\U0001F300"): JavaScript writes it "\u{1F300}", under its "u" flag
    astral = re.sub(r"\\U([0-9A-Fa-f]{8})", lambda m: "\\u{%X}" % int(m.group(1), 16), source)
    flags = ("i" if pattern.flags & re.I else "") + ("u" if astral != source else "")
    return {"source": astral, "flags": flags}


def _cited(fmt_doc: dict):
    yield from fmt_doc["ruleset"]["rule_refs"].values()
    if fmt_doc["legality"] and fmt_doc["legality"]["rule"]:
        yield fmt_doc["legality"]["rule"]
    for ban in fmt_doc["bans"]:
        yield ban["id"]


def _citation(codex: m.Codex, rule: str) -> str | None:
    """The rule's citation as every page shows it (`OH II.F, Deck Restrictions`, not the id: citelabel.py)."""
    return rule_citation(codex, rule)


def rule_citation(codex: m.Codex, rule: str) -> str | None:
    """The citation a deck check shows for a rule id: its record's label, or for a format's card legality list
    (`mod-card-legality`, `mod-legal-bugs`, which are no record) the list's own heading under the format's
    prefix (`MOD Card Legality`); None for an id the Codex does not know (shown as it is, never guessed)."""
    record = codex.records.get(rule)
    if record is not None:
        return citelabel.label(record, codex) or None
    for fmt in codex.formats.values():
        legality = fmt.legality
        if legality is not None and rule in (legality.id, legality.bugs_id):
            words = legality.title if rule == legality.id else f"{legality.title}, bugs"
            return f"{fmt.citation_prefix} {words}"
    return None


def checker_script(codex: m.Codex, index: CardIndex, rule_urls: dict[str, str], cards_json: str | None = None) -> str:
    """A script that assigns a global, so the page works from file:// (no fetch of local files). `cards_json`: the
    card table's JSON as api/v1/cards.json holds it (without its line end), when the caller has it."""
    if cards_json is None:
        data = json.dumps(checker_data(codex, index, rule_urls), ensure_ascii=False, separators=(",", ":"))
    else:
        # The card table goes in as written (a megabyte the caller keeps), the rest as json.dumps writes a dict.
        fields = checker_data(codex, index, rule_urls, with_cards=False)
        data = "{" + ",".join(f"{_json(k)}:{cards_json if k == 'cards' else _json(v)}" for k, v in fields.items()) + "}"
    return f"window.L5R_DECK_DATA={data};\n"


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def title_lookup_key(title: str) -> str:
    """The key of `titles` in the card table (the same normal form deck-check.js computes)."""
    return title_key(title)


# -- the header search's and the card search's title rule (docs/assets/title-match.js) ---------------------------
_RULES_BLOCK = re.compile(
    r"(// BEGIN reading rules[^\n]*\n(?:\s*//[^\n]*\n)*)(\s*)var RULES = .*?;\n(\s*// END reading rules)", re.S
)


def title_match_script(script: str) -> str:
    """title-match.js with the reading rules Python has (names.py READING_KEY_RULES) between its markers: the
    searches fold titles by the deck checker's rules, written once."""
    rules = json.dumps(READING_KEY_RULES, ensure_ascii=True, separators=(", ", ": "))
    match = _RULES_BLOCK.search(script)
    if match is None:
        raise ValueError("title-match.js has no reading rules block")
    return (
        script[: match.start()]
        + f"{match.group(1)}{match.group(2)}var RULES = {rules};\n{match.group(3)}"
        + script[match.end() :]
    )


if __name__ == "__main__":  # python -m l5r.site.api.deckdata --title-match: write the rules into title-match.js
    import sys
    from pathlib import Path

    if sys.argv[1:] != ["--title-match"]:
        sys.exit("usage: python -m l5r.site.api.deckdata --title-match")
    target = Path(__file__).resolve().parents[3] / "docs" / "assets" / "title-match.js"
    target.write_text(title_match_script(target.read_text(encoding="utf-8")), encoding="utf-8")
