"""Decklists as players post them by hand (blogs, forums, tournament reports): headers, labels, a title line,
remarks, near-certain typos, unknown cards in the totals, and the verdicts "cannot be checked" and "not a
decklist". docs/deck-check.md, "Lists written by hand", describes the rules; the browser checker ports them.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import l5r_here
from decks.support import ROOT, check, codex, index, pool_dir
from poolwalk import at_least, targets
from l5r.decklist import (
    DYNASTY,
    FATE,
    PREGAME,
    parse_card_line,
    parse_decklist,
    parse_text,
    read_header,
    trailing_count,
    unescaped,
)
from l5r.engine.deck import DeckChecker
from l5r.engine.ruleset import ruleset_for

L5R = Path(sys.executable).parent / "l5r"
DAY = dt.date(2016, 3, 1)


# -- headers as players write them (the reader alone: no card pool) ------------------------------------------


@pytest.mark.parametrize(
    "line, kind, section, count",
    [
        ("Dynasty deck (40 cards)", "section", DYNASTY, 40),
        ("Fate deck (40 cards)", "section", FATE, 40),
        ("Dynasty – (40)", "section", DYNASTY, 40),
        ("Fate — 40 cards", "section", FATE, 40),
        ("# Dynasty (40)", "section", DYNASTY, 40),
        ("Fate Deck: 40", "section", FATE, 40),
        ("DYNASTY", "section", DYNASTY, None),
        ("Holdings (14)", "label", None, 14),
        ("Personalities (22)", "label", None, 22),
        ("Follower – (12)", "label", None, 12),
        ("Strategy – (20)", "label", None, 20),
        ("# Follower (9)", "label", None, 9),
        ("Senseis (1)", "section", PREGAME, 1),
        # the count before the header, after "=" or "|", out of the deck's size, with "cards" before it or "total"
        ("40 Dynasty cards", "section", DYNASTY, 40),
        ("40 Fate", "section", FATE, 40),
        ("12 Holdings:", "label", None, 12),
        ("Holdings = 3", "label", None, 3),
        # the words for the deck's list after its name
        ("Dynasty cards:", "section", DYNASTY, None),
        ("PRE GAME CARDS", "section", PREGAME, None),  # the deck's cards, with no count or colon
        ("Dynasty cards", "section", DYNASTY, None),
        ("Fate Cards", "section", FATE, None),  # (the pool's "Fate Cards" is a rules insert no deck holds)
        ("Fate Deck List", "section", FATE, None),
        ("Dynasty list:", "section", DYNASTY, None),
        ("Fate decklist", "section", FATE, None),
        ("Holdings cards (14)", "label", None, 14),
        ("Fate | 40", "section", FATE, 40),
        ("Dynasty 40/40", "section", DYNASTY, 40),
        ("Fate cards (40)", "section", FATE, 40),
        ("Fate: 40 cards total", "section", FATE, 40),
        # the decks by the colour of their backs
        ("Black (40)", "section", DYNASTY, 40),
        ("Green Deck:", "section", FATE, None),
    ],
)
def test_hand_written_headers(line, kind, section, count):
    assert read_header(line.replace("–", "-").replace("—", "-")) == (kind, section, count) or read_header(line) == (
        kind,
        section,
        count,
    )
    deck = parse_text(f"{line}\n3 Hida Akeno\n")
    assert len(deck.cards) == 1 and deck.cards[0].name == "Hida Akeno" and not deck.issues
    assert deck.headers == 1


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Dynasty (40): Personalities (20) Holdings (17) Regions (3)", (DYNASTY, 40)),
        ("Fate (40) - Strategies 24 / Items 6 / Followers 6 / Spells 4", (FATE, 40)),
        ("Pre-Game (4): Stronghold (1) Sensei (1) Border Keep (1) Bamboo Harvesters (1)", (PREGAME, 4)),
        ("Fate: Strategies 24, Items 16", (FATE, None)),
        # cards, not a summary: one kind of card and a title, a sub-header's line, no deck header
        ("Fate: Rings 1, Rout 3", None),
        ("Holdings: Personalities (3) Regions (2)", None),
        ("Dynasty (40): Iron Mine (3) Stables (2)", None),
        ("Dynasty - 3 Iron Mine", None),
    ],
)
def test_a_decks_summary_line_gives_its_count_and_no_section(line, expected):
    from l5r.decklist import summary_line

    assert summary_line(line) == expected


@pytest.mark.parametrize(
    "line",
    [
        "Hida Akeno",
        "3 Holdings",
        "Crab deck",
        "Dynasty of the Hida",
        "3 Fate Cards",
        "Rings (1 each):",
        "Border Keep - Pre-game",  # a card with its deck after it (with a count or a colon, a deck's name and header)
        "Iron Mine - Dynasty",
    ],
)
def test_card_lines_are_not_headers(line):
    assert read_header(line) is None


def test_a_deck_card_with_its_deck_written_after_it_is_that_card():
    """Every deck card of the pool, with its deck after a dash as some lists note it ("Border Keep - Pre-game", "Rout -
    Fate"): a card line, not a deck's name before its header (that one has a count or a colon: "Crab Rush - Dynasty
    (40)")."""
    decks = {"Pre-Game": "Pre-game", "Dynasty": "Dynasty", "Fate": "Fate"}
    read = [
        f"{i.title} - {decks[i.deck]}"
        for i in index().identities
        if i.deck in decks and read_header(f"{i.title} - {decks[i.deck]}") is not None
    ]
    assert read == []
    assert read_header("Crab Rush - Dynasty (40)") == ("section", DYNASTY, 40)  # the check can fail


# Headers dressed as headings in forum posts and pages (Markdown, BBCode, HTML, rules of "=" or "-" around them)
# were parse problems or unknown cards, so the cards under them went to the wrong deck. Every deck, type and label
# word, with a count and without, must read decorated exactly as it reads bare.
_DECORATIONS = ["**{}**", "__{}__", "== {} ==", "--- {} ---", "<b>{}</b>", "[b]{}[/b]", "<strong>{}</strong>", "- {}"]


@pytest.mark.parametrize("decoration", _DECORATIONS)
def test_every_header_word_reads_decorated(decoration):
    from l5r.decklist import READER_TABLES

    words = sorted({*READER_TABLES["headers"], *READER_TABLES["labels"]})  # type: ignore[misc]
    differ = []
    for word in words:
        for header in (word.title(), f"{word.title()} (3)", f"{word.upper()}:"):
            body = "\n3 Hida Akeno\n\n3 Copper Mine\n"
            bare = parse_text(header + body)
            dressed = parse_text(decoration.format(header) + body)
            if (bare.cards, bare.issues, bare.declared, bare.subtotals, bare.headers) != (
                dressed.cards,
                dressed.issues,
                dressed.declared,
                dressed.subtotals,
                dressed.headers,
            ):
                differ.append(decoration.format(header))
    assert not differ, differ[:5]


# A header's count marked as a card line's count is ("FOLLOWERS / 8", "Followers x8", "Holdings, 6", "8 Followers:")
# was an unknown card: the cards under it went uncounted against it. Every deck, type and label word reads so as it
# reads with its count in brackets.
_COUNT_MARKS = ["{} x3", "{} / 3", "{}/3", "{} #3", "{} {{3}}", "{} ~ 3", "{}, 3", "{}........3", "{} | 3", "3 {}:"]


@pytest.mark.parametrize("mark", _COUNT_MARKS)
def test_every_header_word_reads_with_its_count_marked_as_a_card_lines(mark):
    from l5r.decklist import READER_TABLES

    words = sorted({*READER_TABLES["headers"], *READER_TABLES["labels"]})  # type: ignore[misc]
    differ = []
    for word in words:
        body = "\n3 Hida Akeno\n\n3 Copper Mine\n"
        bare = parse_text(f"{word.title()} (3)" + body)
        marked = parse_text(mark.format(word.title()) + body)
        if (bare.cards, bare.issues, bare.declared, [t[1:] for t in bare.subtotals], bare.headers) != (
            marked.cards,
            marked.issues,
            marked.declared,
            [t[1:] for t in marked.subtotals],
            marked.headers,
        ):
            differ.append(mark.format(word.title()))
    assert len(words) > 100 and not differ, differ[:5]
    # a title so marked stays a card line: three copies, or one of "Iron Mine / 3"
    assert parse_text(mark.format("Iron Mine") + "\n").cards, mark


# A header with its count, then the author's remark after a mark ("Dynasty (40) // lots of holdings", "Fate (40) - 18
# strategies, 12 followers") was an unknown card of 40 copies, or the header and an unknown card: the remark is the
# author's, the header read as without it (decklist.py _header_remarked). After a sub-header, only the marks no card
# follows; after a pre-game header, none (a dash leads its card: "Stronghold (1) - Kyuden Hida").
_REMARKS_AFTER_A_HEADER = ["{} // lots of them", "{} <-- too many", "{} -- mostly cheap"]
_REMARKS_AFTER_A_DECK = [
    "{} - mostly holdings",
    "{} — all Crab",
    "{} - 20 Holdings / 20 Personalities",
    "{} - 18 strategies, 12 followers",
]


def _headers_with_a_remark() -> list[tuple[str, str]]:
    """(the header bare, the header with a remark) for every deck and kind word, with a count in each way a header
    writes one, each remark's form in turn."""
    from l5r.decklist import READER_TABLES

    headers: dict = READER_TABLES["headers"]  # type: ignore[assignment]
    labels = sorted(READER_TABLES["labels"])  # type: ignore[arg-type]
    decks = sorted(w for w, section in headers.items() if section in (DYNASTY, FATE))
    counted = ["{} (3)", "{}: 3", "{} [3]"]
    out = []
    for n, word in enumerate(decks + labels):
        forms = _REMARKS_AFTER_A_HEADER + (_REMARKS_AFTER_A_DECK if n < len(decks) else [])
        header = counted[n % len(counted)].format(word.title())
        out += [(header, form.format(header)) for form in (forms[n % len(forms)], forms[(n + 1) % len(forms)])]
    return out


def test_every_deck_and_kind_header_reads_with_the_authors_remark_after_it_in_both_checkers():
    from decks.node_checker import first_difference, kept

    body = "\n3 Hida Akeno\n\n3 Copper Mine\n"
    pairs = _headers_with_a_remark()
    differ = []
    for header, remarked in pairs:
        bare, said = parse_text(header + body), parse_text(remarked + body)
        if (bare.cards, bare.issues, bare.declared, bare.subtotals, bare.headers) != (
            said.cards,
            said.issues,
            said.declared,
            said.subtotals,
            said.headers,
        ):
            differ.append(remarked)
    assert len(pairs) > 200 and not differ, differ[:5]
    # a pre-game header's dash leads its card, and a count after a deck's dash its first card
    assert [c.name for c in parse_text("Stronghold (1) - Kyuden Hida\nFate (40) - 3 Rout\n").cards] == [
        "Kyuden Hida",
        "Rout",
    ]
    text = "".join(remarked + body for _, remarked in pairs[::7])
    python, browser = kept(index()).run([{"text": text, "format": "obsidian-hand", "as_of": "2016-03-01"}])
    assert first_difference(python[0], browser[0]) is None


def test_the_pages_words_above_a_list_are_no_cards_and_every_title_there_still_is_in_both_checkers():
    """The lines above a list's first header (or stronghold label), none with a count, are the page's words above
    the list where they name no card ("for more Yoritomo's Alliance webpages!", "By Nick Zube": decklist.py
    `_words_above`), read with a warning; every deck card's title there is still that card, as a line of its own
    above a list reads (and a line of them, with a count, is the list's: no words above it then)."""
    from decks.node_checker import first_difference, kept

    titles = sorted({i.title for i in targets(index()) if i.in_pool and i.deck in ("Pre-Game", "Dynasty", "Fate")})
    page = "Click on the Mantis Mon\nfor more Yoritomo's Alliance webpages!\n\n\nThe theoretical Deck\nBy Nick Zube\n\n"
    text = page + "\n".join(titles) + "\n\nDynasty:\n3 Iron Mine\n"
    report = check("obsidian-hand", text)
    above = [w.line for w in report.warnings if "words above the list" in w.message]
    assert len(titles) >= at_least(500, index()) and above == [2, 5, 6], [text.splitlines()[n - 1] for n in above]
    counted = check("obsidian-hand", page + "3 Rout\n\nDynasty:\n3 Iron Mine\n")
    assert [p.line for p in counted.problems if p.code == "unknown-card"] == [2, 5, 6]  # a list above: its lines
    python, browser = kept(index()).run([{"text": text, "format": "obsidian-hand", "as_of": "2016-03-01"}])
    assert first_difference(python[0], browser[0]) is None


def test_a_headers_count_is_compared_with_its_lines_where_the_cards_cannot_be_known_in_both_checkers():
    """Checked against a format whose cards the pool does not hold (New Era Edition), every header's count is
    compared with the cards written under it, as against the others: a `declared-count` warning exactly where they
    differ. Each said "the section lists 0", the report's own counts beside it saying 40 (NE Deck Construction)."""
    from decks.node_checker import first_difference, kept

    codex_ = codex()
    fmt = codex_.format("new-era")
    checker = DeckChecker(fmt, ruleset_for(fmt), index(), codex_.set_acronyms)
    files = sorted((ROOT / "tests" / "decks").glob("*.txt"))
    stated, cases = 0, []
    for path in files:
        text = path.read_text(encoding="utf-8")
        deck = parse_decklist(text, path.name)
        report = checker.check(deck, dt.date(2016, 3, 1))
        under = {s: sum(c.count for c in deck.cards if c.section == s) for s in (PREGAME, DYNASTY, FATE)}
        differ = sorted(line for section, count, line in deck.declared if under[section] != count)
        said = sorted(w.line for w in report.warnings if w.code == "declared-count")
        assert said == differ, path.name
        stated += len(deck.declared)
        cases.append({"text": text, "format": "new-era", "as_of": "2016-03-01", "source": path.name})
    assert stated > 20
    python, browser = kept(index()).run(cases)
    assert [first_difference(p, b) for p, b in zip(python, browser)] == [None] * len(cases)


def test_a_decorated_heading_of_the_author_is_a_heading():
    deck = parse_text("Dynasty:\n3 Hida Akeno\n**Notes:**\n")
    assert [(i.line, i.heading) for i in deck.issues] == [(3, True)]


@pytest.mark.parametrize(
    "label", ["Sensei of choice:", "My Sensei:", "Sensei used:", "Chosen Sensei -", "Sensei (Crab):"]
)
def test_a_pregame_label_qualified_as_posts_write_it_carries_its_card(label):
    deck = parse_text(f"Stronghold: Kyuden Hida\n{label} Kaiu Sensei\nDynasty:\n3 Iron Mine\n")
    assert [(c.name, c.section) for c in deck.cards] == [
        ("Kyuden Hida", PREGAME),
        ("Kaiu Sensei", PREGAME),
        ("Iron Mine", DYNASTY),
    ]
    assert not deck.issues


def test_pregame_labels_carry_their_card():
    deck = parse_text("Stronghold: Shiro Daidoji\nSensei - Kaelung Sensei\nWind: Wind of Justice\nDynasty:\n1 X\n")
    assert [(c.section, c.name) for c in deck.cards[:3]] == [
        (PREGAME, "Shiro Daidoji"),
        (PREGAME, "Kaelung Sensei"),
        (PREGAME, "Wind of Justice"),
    ]
    assert not deck.issues


def test_a_header_carries_the_first_of_its_cards_on_its_line():
    deck = parse_text(
        "Holdings (4): 3x Iron Mine\n1 Copper Mine\nPersonalities - Hida Akeno\nFate: 3 Rout\n"
        "Stronghold (1): Kaiu Shiro\nKuni Yori exp2: the best\n"
    )
    assert [(c.section, c.count, c.name) for c in deck.cards] == [
        (DYNASTY, 3, "Iron Mine"),
        (DYNASTY, 1, "Copper Mine"),
        (DYNASTY, 1, "Hida Akeno"),
        (FATE, 3, "Rout"),
        (PREGAME, 1, "Kaiu Shiro"),
        (PREGAME, 1, "Kuni Yori exp2: the best"),  # no header word before the colon: a card line as written
    ]
    assert [(label, stated, listed) for label, stated, listed, _ in deck.subtotals] == [
        ("Holdings (4)", 4, 4),
        ("Stronghold (1)", 1, 2),
    ]
    assert deck.headers == 4


@pytest.mark.parametrize(
    "head", ["Qty\tCard\tSet", "Quantity | Card Name", "| # | Title | Type |", "Count, Name, Edition", "No. Card"]
)
def test_the_column_names_of_a_pasted_table_are_no_card(head):
    for text in (f"{head}\n3\tRout\tGold Edition\n", f"{head}\nFate:\n3 Rout\n"):
        deck = parse_decklist(text)
        assert [(c.count, c.name) for c in deck.cards] == [(3, "Rout")] and not deck.issues, text


@pytest.mark.parametrize("line", ["Card", "Qty", "3 Card Name", "Title Deed", "Set Rout"])
def test_a_line_that_is_not_only_column_names_is_read_as_before(line):
    assert parse_text(f"Fate:\n{line}\n").cards or parse_text(f"Fate:\n{line}\n").issues


@pytest.mark.parametrize(
    "line, section, count",
    [
        ("Dynasty Total: 40", DYNASTY, 40),
        ("Total Dynasty: 41", DYNASTY, 41),
        ("Total Fate: 42 cards", FATE, 42),
        ("Total cards in the Fate deck: 39", FATE, 39),
        ("Pre-Game total 3", PREGAME, 3),
    ],
)
def test_a_deck_total_under_a_list_is_a_declared_count_either_way_round(line, section, count):
    deck = parse_text(f"Dynasty:\n3 Iron Mine\n{line}\n")
    assert deck.declared[-1] == (section, count, 3) and len(deck.cards) == 1 and not deck.issues


@pytest.mark.parametrize(
    "line, dynasty, fate",
    [
        ("Dynasty 40 / Fate 40", 40, 40),
        ("Dynasty (40), Fate (41)", 40, 41),
        ("Dynasty: 40 Fate: 42", 40, 42),
        ("dynasty deck 40 cards and fate deck 40 cards", 40, 40),
        ("40 Dynasty / 41 Fate", 40, 41),
    ],
)
def test_both_deck_totals_on_a_line_of_their_own_are_declared_counts(line, dynasty, fate):
    deck = parse_text(f"{line}\nDynasty:\n3 Iron Mine\n")
    assert deck.declared[:2] == ((DYNASTY, dynasty, 1), (FATE, fate, 1))
    assert [c.name for c in deck.cards] == ["Iron Mine"] and not deck.issues


@pytest.mark.parametrize(
    "written, read",
    [
        ("3 Akodo&#39;s Guidance", "Akodo's Guidance"),
        ("3 Akodo&#x27;s Guidance", "Akodo's Guidance"),
        ("3 Akodo&rsquo;s Guidance", "Akodo's Guidance"),
        ("2 Pearls &amp; Spirits", "Pearls & Spirits"),
        ("1 Kyuden&nbsp;Hida", "Kyuden Hida"),
    ],
)
def test_html_entities_of_a_copied_page_are_read_as_their_characters(written, read):
    (card,) = parse_text(f"Dynasty:\n{written}\n").cards
    assert card.name == read


@pytest.mark.parametrize("text", ["Rout &bogus;", "Rout &#0;", "Rout &#xD800;", "Rout &#99999999;", "R&D; Rout"])
def test_what_is_no_known_entity_or_no_character_stays_as_written(text):
    assert unescaped(text) == text


def test_metadata_lines_and_the_title_line_are_not_cards():
    deck = parse_text("Crab Berserkers, Kotei 2012\nAuthor: Someone\nClan: Crab\nDynasty:\n3 Hida Akeno\n")
    assert deck.title_line == 1 and [c.name for c in deck.cards] == ["Crab Berserkers, Kotei 2012", "Hida Akeno"]
    assert not deck.issues


def test_a_decorated_title_line_is_no_parse_problem():
    deck = parse_text("=== My Crab deck! ===\nDynasty:\n3 Hida Akeno\n")
    assert deck.title_line == 1 and not deck.issues


def test_sub_header_counts_end_at_the_blank_line_after_their_cards():
    deck = parse_text(
        "Dynasty - (40)\n\nEvent - (2)\n1x Alliance\n1x Wisdom Gained\n\n3x Famous Bazaar\n"
        "# Follower (9)\n3 A\n3 B\n2 C\n"
    )
    assert [(label, stated, listed) for label, stated, listed, _ in deck.subtotals] == [
        ("Event - (2)", 2, 2),
        ("Follower (9)", 9, 8),
    ]


def test_a_sub_header_count_covers_runs_split_by_blank_lines_until_it_is_reached():
    # annotated posted lists (strangeassembly.com, 2015): one type's cards in runs, a blank line between them
    deck = parse_text(
        "# Dynasty (9)\n# Personality (9)\n3 A\n\n3 B\n\n3 C\n\n3 D\n# Fate (4)\n# Item (2)\n1 E\n\n1 F\n\n1 G\n"
    )
    assert [(label, stated, listed) for label, stated, listed, _ in deck.subtotals] == [
        ("Personality (9)", 9, 9),
        ("Item (2)", 2, 2),
    ]
    # its count reached, the next blank line ends it (D is under no sub-header); short of it, the next header does
    deck = parse_text("Dynasty:\nEvent (3)\n1 A\n\n1 B\n\n1 C\n\n1 D\nHoldings (1)\n1 E\n")
    assert [(stated, listed) for _, stated, listed, _ in deck.subtotals] == [(3, 3), (1, 1)]
    deck = parse_text("Dynasty:\nEvent (3)\n1 A\n\nHoldings (1)\n1 E\n")
    assert [(stated, listed) for _, stated, listed, _ in deck.subtotals] == [(3, 1), (1, 1)]


def test_oracle_type_sub_header_counts_are_kept():
    deck = parse_decklist(
        "# Dynasty - (40) [2 distinct]\n# Holding - (4) [2 distinct]\n3 Copper Mine\n"
        "1 Iron Mine\n# Personality - (3) [1 distinct]\n2 Hida Akeno\n",
        "deck.txt",
    )
    assert deck.input_format == "oracle"
    assert [(stated, listed) for _, stated, listed, _ in deck.subtotals] == [(4, 4), (3, 2)]


# -- with the card pool ------------------------------------------------------------------------------------


def _codes(report, kind="warnings"):
    return [f.code for f in getattr(report, kind)]


def test_near_certain_typos_are_read_and_counted_with_a_warning():
    """Barley Farm, Traveling Peddler, Weigh the Cost, Thorough Preparations, Central Castle, The Honorable Garrison
    of the Lion and Fall Back! as players misspell them."""
    text = (
        "Stronghold: Central Castle?\nDynasty:\n1 Barely farm\n1 Travelling peddler\n"
        "Fate:\n1 Weight the cost\n1 Thorough Preperations\n1 Fall Back\n"
    )
    report = check("obsidian-hand", text)
    read = {f.line: f.message for f in report.warnings if f.code == "read-as"}
    assert read == {
        1: "line 1: read “Central Castle?” as “Central Castle”.",
        3: "line 3: read “Barely farm” as “Barley Farm”.",
        4: "line 4: read “Travelling peddler” as “Traveling Peddler”.",
        6: "line 6: read “Weight the cost” as “Weigh the Cost”.",
        7: "line 7: read “Thorough Preperations” as “Thorough Preparations”.",
        8: "line 8: read “Fall Back” as “Fall Back!”.",
    }
    assert "unknown-card" not in _codes(report, "problems")
    assert report.counts == {PREGAME: 1, DYNASTY: 2, FATE: 3}
    garrison = check("obsidian-hand", "Stronghold:\nHonorable Garrison of the Lion\n")
    assert [f.message for f in garrison.warnings if f.code == "read-as"] == [
        "line 2: read “Honorable Garrison of the Lion” as “The Honorable Garrison of the Lion”."
    ]


# "Togashi Mitsu (XP)" was read as the inexperienced Togashi Mitsu (the bracketed level taken for a set, then for a
# remark), with only a read-as warning, where "Togashi Mitsu XP" names the missing level. A level in brackets or
# after a dash must read as the same level written bare, for every title of the fixture pool.
@pytest.mark.parametrize("marker", ["XP", "Exp 2", "experienced"])
def test_a_level_in_brackets_reads_as_the_level_written_bare(marker):
    def outcome(text):
        report = check("obsidian-hand", text)
        return (
            report.counts,
            sorted((f.code, f.line, f.card) for f in report.problems if f.code != "unknown-card"),
            sorted((f.code, f.line) for f in report.problems),
            sorted((f.code, f.line) for f in report.warnings),
        )

    differ = []
    for title in sorted({i.title for i in targets(index())}):
        bare = outcome(f"Dynasty:\n1 {title} {marker}\n")
        # (with no count too: a title holding a separator is tried as titles apart first, "Black and White (XP)"; a
        # line that starts with a number starts with its count, "10 Koku (XP)")
        uncounted = [] if title[:1].isdigit() else [f"{title} ({marker})"]
        for form in (f"1 {title} ({marker})", f"1 {title} - {marker}", *uncounted):
            if outcome(f"Dynasty:\n{form}\n") != bare:
                differ.append(form)
    assert not differ, differ[:5]


def test_strict_titles_turn_near_certain_typos_into_problems():
    deck = parse_text("Dynasty:\n3 Barely farm\n")
    fmt = codex().formats["obsidian-hand"]
    strict = DeckChecker(fmt, ruleset_for(fmt), index(), strict_titles=True).check(deck, DAY)
    [problem] = [p for p in strict.problems if p.code == "unknown-card"]
    assert problem.suggestions == ("Barley Farm",) and "read-as" not in _codes(strict)
    assert strict.counts[DYNASTY] == 3  # still counted where it is written


def test_strict_titles_on_the_command_line(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Dynasty:\n3 Barely farm\n", encoding="utf-8")
    base = ["deck", "check", "--json", "--format", "obsidian-hand", "--cardpool", str(pool_dir())]
    loose = json.loads(l5r_here(*base, deck).stdout)  # l5r.cli.main, what the console script calls
    strict = json.loads(l5r_here(*base, "--strict-titles", deck).stdout)
    assert "read-as" in [w["code"] for w in loose["warnings"]]
    assert "unknown-card" in [p["code"] for p in strict["problems"]]


def test_a_far_typo_is_not_guessed():
    report = check("obsidian-hand", "Dynasty:\n1 Barlxy Fxrm Estate\n")
    assert "read-as" not in _codes(report) and "unknown-card" in _codes(report, "problems")


def test_unknown_cards_count_toward_the_section_they_are_written_in():
    report = check("obsidian-hand", "Dynasty deck (3 cards)\n2 Certainly Not A Card\n1 Hida Akeno\n")
    assert report.counts[DYNASTY] == 3 and "declared-count" not in _codes(report)


def test_unknown_cards_without_a_header_count_with_the_cards_around_them():
    report = check("obsidian-hand", "3 Hida Akeno\n2 Certainly Not A Card\n\n1 Another Unknown Thing\n")
    assert report.counts[DYNASTY] == 5
    assert [(f.code, f.line) for f in report.warnings if f.code in ("no-section", "unplaceable")] == [
        ("no-section", 1),
        ("no-section", 2),
        ("unplaceable", 4),
    ]


def test_a_title_with_one_card_reads_as_it_whatever_its_level():
    """ "1x Moto Taigo, Shogun": the one card of that title is Experienced 2; it is read, with a warning naming it."""
    report = check("obsidian-hand", "Dynasty:\n1x Moto Taigo, Shogun\n")
    assert "unknown-card" not in _codes(report, "problems")
    [read] = [w for w in report.warnings if w.code == "read-as"]
    assert read.card == "Moto Taigo, Shogun • Experienced 2" and read.line == 2
    assert "the only card titled Moto Taigo, Shogun" in read.message


def test_a_suggestion_never_repeats_the_rejected_text():
    report = check("obsidian-hand", "Dynasty:\n1x Moto Taigo, Shogun - exp 9\n")
    [problem] = [p for p in report.problems if p.code == "unknown-card"]
    assert "Moto Taigo, Shogun - exp 9" not in problem.suggestions


def test_remarks_after_a_card_are_not_part_of_its_title():
    report = check("obsidian-hand", "Dynasty:\n3 Hida Akeno (great early)\n2 Copper Mine - for the gold\n")
    assert "unknown-card" not in _codes(report, "problems") and "set-ignored" not in _codes(report)
    assert report.counts[DYNASTY] == 5


def test_pregame_kinds_under_pre_game_are_sub_headers():
    # a posted list (kolatinformant, 2014): "# Pre-Game (2)" over "# Stronghold (1)" and "# Sensei (1)"
    deck = parse_text(
        "# Pre-Game (2)\n\n# Stronghold (1)\n1 Kaiu Shiro\n\n# Sensei (1)\n1 Akikazu Sensei\n"
        "# Dynasty (1)\n1 Hida Akeno\n"
    )
    assert deck.declared == ((PREGAME, 2, 1), (DYNASTY, 1, 8))
    assert [(label, stated, listed) for label, stated, listed, _ in deck.subtotals] == [
        ("Stronghold (1)", 1, 1),
        ("Sensei (1)", 1, 1),
    ]
    assert [c.section for c in deck.cards] == [PREGAME, PREGAME, DYNASTY]


def test_type_sub_headers_name_the_deck_when_no_deck_header_does():
    # a posted list (a geocities page): "Stronghold: ...", then type sub-headers and no deck header
    deck = parse_text(
        "Stronghold: Kaiu Shiro\n\nPersonalities\nHida Akeno x3\n\nFollowers\nMerchant Guard x3\n"
        "\nActions\nWeigh the Cost x2\n"
    )
    assert [(c.name, c.section) for c in deck.cards] == [
        ("Kaiu Shiro", PREGAME),
        ("Hida Akeno", DYNASTY),
        ("Merchant Guard", FATE),
        ("Weigh the Cost", FATE),
    ]


def _kinds_abroad() -> list[tuple[str, str]]:
    """(a kind of card as another language heads it, written as players type it: capitalised, in capitals, without
    its accents; the English word it stands for)."""
    import unicodedata

    from l5r.decklist import _TYPE_WORDS_ABROAD

    def bare(word: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))

    return [
        (written, english)
        for word, english in sorted(_TYPE_WORDS_ABROAD.items())
        for written in sorted(
            {word.capitalize(), word.upper(), bare(word).capitalize(), word[0].upper() + bare(word)[1:]}
        )
    ]


@pytest.mark.parametrize(("kind", "english"), _kinds_abroad())
def test_a_kind_of_card_headed_in_another_language_is_a_sub_header_as_in_english(kind, english):
    # "Personnages (18) :", "Estrategias", "GEGENSTÄNDE:": as "Personalities (18):" is read, the deck it names too
    from l5r.decklist import _TYPE_DECKS

    for heading in (f"{kind} (1) :", f"{kind}:", kind, f"{kind} (1)"):
        deck = parse_text(f"Stronghold: Kyuden Hida\n{heading}\n1 Rout\n")
        assert not deck.issues and [t[1] for t in deck.subtotals] == ([1] if "(1)" in heading else []), heading
        assert [c.section for c in deck.cards][1:] == [_TYPE_DECKS.get(english)], heading


@pytest.mark.parametrize(
    ("header", "section"),
    [
        ("Mazo de Dinastía (40)", DYNASTY),
        ("Mazo de Dinastia:", DYNASTY),
        ("Baraja de Destino", FATE),
        ("Pioche Dynastie (40) :", DYNASTY),
        ("Pioche de destin :", FATE),
        ("Mazzo del Destino (40)", FATE),
        ("Dynastiedeck (40)", DYNASTY),
        ("Schicksalsdeck:", FATE),
        ("Baralho de Dinastia (40)", DYNASTY),
        ("Fortezza: Kyuden Hida", PREGAME),
    ],
)
def test_a_deck_headed_with_another_languages_word_for_a_deck_is_that_deck(header, section):
    deck = parse_text(f"{header}\n1 Rout\n")
    assert not deck.issues and deck.cards[0].section == section


@pytest.mark.parametrize(
    "none", ["Aucun", "aucune", "Rien", "ninguno", "Ninguna", "nada", "keiner", "Keine", "nessuno"]
)
def test_no_card_said_in_another_language_is_no_card(none):
    deck = parse_text(f"Stronghold: Kyuden Hida\nSensei : {none}\nDynasty:\n3 Iron Mine\n")
    assert [c.name for c in deck.cards] == ["Kyuden Hida", "Iron Mine"] and not deck.issues


def test_type_sub_headers_under_a_deck_header_stay_in_it():
    # "Pre-Game:" then "Holdings": an OH starting holding listed as the player filed it
    deck = parse_text("Pre-Game:\nHoldings (1)\nBorder Keep\nFate:\nPersonalities\nHida Akeno\n")
    assert [c.section for c in deck.cards] == [PREGAME, FATE]


def test_deck_totals_rules_and_a_byline_are_no_cards():
    deck = parse_text(
        "The Seven Swords Deck\nBy Nick Zube\n\nPersonalities\nHida Akeno x3\n-----------\nDynasty Total: 3\n"
    )
    assert [c.name for c in deck.cards] == ["The Seven Swords Deck", "Hida Akeno"] and not deck.issues
    assert deck.title_line == 1 and deck.declared == ((DYNASTY, 3, 7),)


# -- a count written after the title ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line, count, name, set_name",
    [
        ("Barley Farm x3", 3, "Barley Farm", None),
        ("Barley Farm X3", 3, "Barley Farm", None),
        ("Barley Farm x 3", 3, "Barley Farm", None),
        ("Barley Farm ×2", 2, "Barley Farm", None),
        ("Barley Farm (x3)", 3, "Barley Farm", None),
        ("Barley Farm (3)", 3, "Barley Farm", None),
        ("Barley Farm [3x]", 3, "Barley Farm", None),
        ("Barley Farm 3x", 3, "Barley Farm", None),
        ("Barley Farm - 3", 3, "Barley Farm", None),
        ("Barley Farm – 3", 3, "Barley Farm", None),
        ("Barley Farm - x3", 3, "Barley Farm", None),
        ("Barley Farm - 3x", 3, "Barley Farm", None),
        ("Barley Farm *3", 3, "Barley Farm", None),
        ("Barley Farm * 2", 2, "Barley Farm", None),
        ("Barley Farm x3.", 3, "Barley Farm", None),
        ("- Barley Farm x2", 2, "Barley Farm", None),
        ("Barley Farm x3 [Gold Edition]", 3, "Barley Farm", "Gold Edition"),
        ("Barley Farm [Gold Edition] x3", 3, "Barley Farm", "Gold Edition"),
        ("Yoritomo (Exp. 2) x2", 2, "Yoritomo", None),
        ("Hida Kisada - exp2 x3", 3, "Hida Kisada", None),
    ],
)
def test_a_count_after_the_title_is_read(line, count, name, set_name):
    card = parse_card_line(line, 1, DYNASTY)
    assert (card.count, card.name, card.set_name) == (count, name, set_name)


@pytest.mark.parametrize(
    "line",
    [
        "Hida Kisada - exp 2",
        "Ring of Earth",
        "Matrix3",
        "x3",
        "Hida Kisada (Exp)",
        "Moto Taigo, Shogun",
        # a single space before a bare number is part of the line ("Imperial Gift 3" is a title); "3 of" is no count
        # form ("Of One Mind" is a title)
        "Imperial Gift 3",
        "Famous Bazaar 3",
    ],
)
def test_a_title_keeps_what_is_no_count(line):
    card = parse_card_line(line, 1, DYNASTY)
    assert card.count == 1 and trailing_count(line) is None


# Count forms posted lists use that the reader once missed: "x3 Title" and "3 - Title" were parse problems or
# unknown cards, "Title (3 copies)" and a count in a column of its own ("Title<TAB>3", pasted from a table) were read
# as one copy. Every title of the fixture pool, with and without its experience level, must read in each form as
# "3 Title" reads: three copies of the same name, level and set.
_COUNT_FORMS = [
    "x3 {}",
    "x 3 {}",
    "3 - {}",
    "3 – {}",
    "3x - {}",
    "3 copies of {}",
    "{} (3 copies)",
    "{} - 3 copies",
    "{} 3 copies",
    "{}\t3",
    "{}\tx3",
    "{} \t 3x",
    "{}    3",
    "- {}\t3",
    "{} [Gold Edition]\t3",
]


@pytest.mark.parametrize("form", _COUNT_FORMS)
def test_every_title_reads_in_every_count_form(form):
    written = sorted({(i.title + (f" - {i.experience}" if i.experience else "")) for i in targets(index())})
    assert len(written) > 100
    missed = []
    column = "\t" in form or "  " in form
    for title in written:
        if title[:1].isdigit() and not column:
            continue  # "10 Koku x3": a count written first wins over one after the title (the reader's rule)
        expected = parse_card_line(f"3 {title}", 1, DYNASTY)
        if form.endswith("[Gold Edition]\t3"):
            expected = parse_card_line(f"3 {title} [Gold Edition]", 1, DYNASTY)
        got = parse_card_line(form.format(title), 1, DYNASTY)
        if getattr(got, "count", None) != 3 or (got.name, got.experience, got.set_name) != (
            expected.name,
            expected.experience,
            expected.set_name,
        ):
            missed.append((form.format(title), got))
    assert not missed, missed[:5]


# "Jade Works x3 (4 gold)": a count after the title, then the author's remark in brackets. The count was not
# found (the line did not end with it), so the line was one unknown card. Every fixture-pool title must read as
# "3 Title (remark)" reads: three copies, the remark left after the title for the checker.
@pytest.mark.parametrize("form", ["{} x3 (great early)", "{} (x3) (great early)", "{} - 3 (great early)"])
def test_every_title_reads_with_a_count_then_a_remark(form):
    missed = []
    for title in sorted({i.title for i in targets(index())}):
        if title[:1].isdigit():
            continue  # "10 Koku x3 (...)": a count written first wins (the reader's rule)
        expected = parse_card_line(f"3 {title} (great early)", 1, DYNASTY)
        got = parse_card_line(form.format(title), 1, DYNASTY)
        if getattr(got, "count", None) != 3 or (got.name, got.written) != (expected.name, expected.written):
            missed.append((form.format(title), got))
    assert not missed, missed[:5]
    report = check("obsidian-hand", "Dynasty:\nCopper Mine x3 (4 gold)\n")
    assert report.counts[DYNASTY] == 3 and "unknown-card" not in _codes(report, "problems")


def test_a_count_column_follows_a_tab_or_spaces_only():
    assert parse_card_line("Famous Bazaar 3", 1, DYNASTY).count == 1
    assert parse_card_line("Famous Bazaar\t3", 1, DYNASTY).count == 3
    assert parse_card_line("Imperial Gift 3\t2", 1, DYNASTY).name == "Imperial Gift 3"
    # a count column wins over a number the line starts with: it is laid out as the count
    card = parse_card_line("10 Koku\t3", 1, DYNASTY)
    assert card.count == 3 and card.name == "10 Koku"


# "Kyuden Kyotei (40/40)" (a posted list's first line): the deck's Dynasty and Fate totals after the stronghold.
# The reader kept them as a remark and never compared them; now they are declared counts. Every title of the
# fixture pool (names with a number in brackets of their own, "Hida Akeno (2/3)", are no totals below the lists).
@pytest.mark.parametrize("form", ["{} (40/40)", "{} [40 / 41]", "Stronghold: {} (40/40 cards)"])
def test_every_title_reads_with_the_deck_totals_after_it(form):
    # (a title that alone is a header, the pool's rules insert "Fate Cards", reads as one without the totals)
    titles = sorted({i.title for i in targets(index()) if read_header(i.title) is None})
    differ = []
    for title in titles:
        bare = parse_text(
            form.replace(" (40/40 cards)", "").replace(" [40 / 41]", "").replace(" (40/40)", "").format(title) + "\n"
        )
        deck = parse_text(form.format(title) + "\n")
        fate = 41 if "41" in form else 40
        if deck.cards != bare.cards or deck.declared != ((DYNASTY, 40, 1), (FATE, fate, 1)):
            differ.append((form.format(title), deck.cards, deck.declared))
    assert not differ, differ[:3]


def test_deck_totals_after_the_stronghold_are_compared():
    report = check("obsidian-hand", "Kyuden Kyotei (40/40)\nDynasty:\n3 Hida Akeno\nFate:\n2 Merchant Guard\n")
    assert [(f.code, f.line) for f in report.warnings if f.code == "declared-count"] == [
        ("declared-count", 1),
        ("declared-count", 1),
    ]
    deck = parse_text("Dynasty:\n3 Hida Akeno (2/3)\n")
    assert not deck.declared and deck.cards[0].written == "Hida Akeno (2/3)"


# A list typed with a tab after each count ("3<TAB>Copper Mine", as a table pastes) under hand-written headers was
# taken for Oracle of the Void's tab export: every header became an unknown card and every card went to no deck.
# With any deck, type or label word as a header (or a "Stronghold: ..." label) it is read as text; Oracle's own
# tab export (only "# Dynasty - (40)" headers) still is the tab export.
@pytest.mark.parametrize("style", ["{}:", "{} (3)", "# {} (3)", "{}"])
def test_tab_lines_under_hand_written_headers_are_text(style):
    from l5r.decklist import READER_TABLES, detect_input_format

    words = sorted({*READER_TABLES["headers"], *READER_TABLES["labels"]})  # type: ignore[misc]
    wrong = []
    for word in words:
        text = f"{style.format(word.title())}\n3\tHida Akeno\n2\tCopper Mine\n"
        deck = parse_decklist(text)
        if detect_input_format(text) != "text" or [c.count for c in deck.cards] != [3, 2] or deck.issues:
            wrong.append(text)
    assert not wrong, wrong[:3]
    label = "Stronghold: Kaiu Shiro\n3\tHida Akeno\n"
    assert detect_input_format(label) == "text" and len(parse_decklist(label).cards) == 2
    oracle = "# Dynasty - (3) [1 distinct]\n3\tHida Akeno\t(Emperor Edition)\n"
    assert detect_input_format(oracle) == "oracle-tab"


# A list with no headers states its totals too; its lines count in the decks the pool places their cards in. They
# were compared with the lines written under headers only, so every deck "listed 0".
@pytest.mark.parametrize(
    "text",
    [
        "Kaiu Shiro ({d}/{f})\n3 Hida Akeno\n2 Copper Mine\n2 Merchant Guard\n",
        "Kaiu Shiro\n3 Hida Akeno\n2 Copper Mine\n2 Merchant Guard\nDynasty Total: {d}\nFate Total: {f}\n",
    ],
)
def test_totals_of_a_list_without_headers_count_the_placed_cards(text):
    agree = check("obsidian-hand", text.format(d=5, f=2))
    assert agree.counts[DYNASTY] == 5 and agree.counts[FATE] == 2
    assert "declared-count" not in _codes(agree)
    differ = check("obsidian-hand", text.format(d=40, f=2))
    assert [w.message for w in differ.warnings if w.code == "declared-count"] == [
        next(w.message for w in differ.warnings if w.code == "declared-count")
    ]
    assert "says 40 cards but the section lists 5" in next(
        w.message for w in differ.warnings if w.code == "declared-count"
    )


# Bullets a list keeps when copied from a rendered page or a word processor ("• 3 Copper Mine"), and the quote
# marks of a mailing-list or forum reply quoting a list ("> 3 Copper Mine", ">> Fate:"), were parse problems on
# every line. Every title of the fixture pool and every header word must read under them as they read bare.
@pytest.mark.parametrize("prefix", ["• ", "· ", "▪ ", "◦ ", "‣ ", "● ", "+ ", "> ", ">> ", "> > ", " >", "> • "])
def test_every_line_reads_under_bullets_and_quote_marks(prefix):
    from l5r.decklist import READER_TABLES

    titles = sorted({i.title for i in targets(index())})
    lines = [f"{count}{title}" for title in titles for count in ("3 ", "")]
    if ">" in prefix or prefix.strip() in "•·▪◦‣●+":  # quoted or bulleted headers too
        words = sorted({*READER_TABLES["headers"], *READER_TABLES["labels"]})  # type: ignore[misc]
        lines += [f"{word.title()} (3):" for word in words]
    differ = [prefix + line for line in lines if _read_under(prefix, line) != _read_bare(line)]
    assert not differ, differ[:5]


def _read_under(prefix: str, line: str) -> tuple:
    """What a line under a Dynasty header reads as, with a prefix before it."""
    read = parse_text(f"Dynasty:\n{prefix}{line}\n")
    return read.cards, read.issues, read.declared, read.headers


@functools.lru_cache(maxsize=None)
def _read_bare(line: str) -> tuple:
    """The line read with no prefix: once, for every prefix compared with it."""
    return _read_under("", line)


# The level written before the title ("Exp Togashi Mitsu", "Experienced 2 Togashi Mitsu", "XP2 Hida Sozen") was an
# unknown card "Exp Togashi Mitsu". For every title of the fixture pool with a level, the level before it reads as
# the same level after it; titles that start like a marker ("Expansion", "Inexpensive Armor") keep their word.
@pytest.mark.parametrize("marker", ["Exp", "Exp.", "exp 2", "Experienced", "Experienced 3", "XP", "xp2", "Inexp"])
def test_every_title_reads_with_its_level_before_it(marker):
    differ = []
    for title in sorted({i.title for i in targets(index())}):
        if not title[:1].isalpha() and title[:1] not in "\"'":
            continue  # "Exp 10 Koku": a title must start with a letter or a quote after a level (the reader's rule)
        if re.search(r" [1-7]$", title) and not re.search(r"\d", marker):
            # "Imperial Gift 3 Exp": a figure before the marker is the level ("Kuni Yori 2xp"); no such title has a
            # level (test_no_title_ending_in_a_figure_has_a_level)
            continue
        before = parse_card_line(f"2 {marker} {title}", 1, DYNASTY)
        after = parse_card_line(f"2 {title} {marker}", 1, DYNASTY)
        if (getattr(before, "name", None), getattr(before, "experience", None)) != (after.name, after.experience):
            differ.append((f"2 {marker} {title}", before))
        bare = parse_card_line(f"2 {title}", 1, DYNASTY)
        if title.split()[0].lower().startswith(("exp", "inexp", "xp")) and bare.name != title:
            differ.append((title, bare))
    assert not differ, differ[:5]


def _titles_ending_in_a_figure_with_a_level(identities) -> list[str]:
    return sorted({i.key for i in identities if i.experience and re.search(r"(?:^|\s)[1-7]$", i.title)})


def test_no_title_ending_in_a_figure_has_a_level():
    """ "Kuni Yori 2xp", "Hida Kisada 3 exp": a figure of 1 to 7 before the marker is the level (names.py
    _FIGURE_LEVEL), which a title ending in that figure would lose; none of the pool's titles so ending has a level."""
    assert _titles_ending_in_a_figure_with_a_level(index().identities) == []
    assert parse_card_line("1 Kuni Yori 2xp", 1, DYNASTY).experience == "2xp"
    assert parse_card_line("1 Imperial Gift 3 exp", 1, DYNASTY).name == "Imperial Gift"  # the reading it guards


@pytest.mark.realpool
def test_no_real_pool_title_ending_in_a_figure_has_a_level():
    from conftest import real_pool
    from decks.support import CACHE
    from l5r.cardpool import load_index

    assert _titles_ending_in_a_figure_with_a_level(load_index(real_pool(), codex().cards, CACHE).identities) == []


def test_sh_is_the_stronghold_label():
    deck = parse_text("SH: Kaiu Shiro\nDynasty:\n3 Hida Akeno\n")
    assert [(c.section, c.name) for c in deck.cards] == [(PREGAME, "Kaiu Shiro"), (DYNASTY, "Hida Akeno")]
    assert not deck.issues


def test_a_count_before_the_title_wins():
    # "1 The Golden Plains of the Unicorn (2)" (a posted list): the count is the one written first
    card = parse_card_line("1 The Golden Plains of the Unicorn (2)", 1, PREGAME)
    assert card.count == 1


@pytest.mark.parametrize("line", ["Barley Farm x0", "Barley Farm (x100)", "Barley Farm - 1000000000000"])
def test_an_impossible_count_after_the_title_is_a_parse_problem(line):
    deck = parse_text(f"Dynasty:\n{line}\n")
    assert not deck.cards and len(deck.issues) == 1 and "needs a count from 1 to 99" in deck.issues[0].message


def test_counts_after_titles_make_the_totals():
    report = check(
        "obsidian-hand", "Dynasty:\nHida Akeno x3\nCopper Mine (x2)\nBarley Farm - 3\nFate:\nMerchant Guard 3x\n"
    )
    assert "unknown-card" not in _codes(report, "problems")
    assert report.counts[DYNASTY] == 8 and report.counts[FATE] == 3


def test_a_first_line_with_a_count_after_it_is_no_title():
    assert parse_text("Hida Akeno x3\nDynasty:\n").title_line is None


def test_mismatched_sub_header_counts_are_warnings():
    report = check("obsidian-hand", "Dynasty:\n# Personality (3)\n1 Hida Akeno\n1 Hida Kisada - exp\n")
    assert [(f.code, f.line) for f in report.warnings if f.code == "declared-count"] == [("declared-count", 2)]


# -- verdicts ------------------------------------------------------------------------------------------------


def test_text_that_is_no_decklist():
    report = check("obsidian-hand", "Dear all,\nthe tournament starts at ten.\nBring snacks!\n")
    assert report.verdict == "not-a-decklist" and report.legal is None and not report.problems
    assert report.as_json()["verdict"] == "not-a-decklist" and report.as_json()["legal"] is None


def test_one_card_line_is_a_decklist():
    report = check("obsidian-hand", "Hello there\n3 Hida Akeno\n")
    assert report.verdict == "not-legal"


@pytest.mark.parametrize(
    "text, fmt, day, code, verdict",
    [
        ("Hello there, this is no deck.\n", "obsidian-hand", "2016-03-01", 4, "not-a-decklist"),
        (None, "new-era", "2016-03-01", 3, "cannot-be-checked"),
    ],
)
def test_exit_codes(tmp_path, text, fmt, day, code, verdict):
    deck = tmp_path / "deck.txt"
    deck.write_text(
        text if text is not None else (ROOT / "tests" / "decks" / "new-era.txt").read_text("utf-8"), encoding="utf-8"
    )
    # The command in this process (`l5r_here`): the exit code is what `main` decides, and the console script exits
    # with it (tests/test_deck_cli.py runs the script).
    result = l5r_here("deck", "check", "--json", "--format", fmt, "--as-of", day, "--cardpool", pool_dir(), deck)
    assert result.returncode == code, result.stderr
    assert json.loads(result.stdout)["verdict"] == verdict
    readable = l5r_here("deck", "check", "--format", fmt, "--as-of", day, "--cardpool", pool_dir(), deck)
    assert readable.returncode == code
    assert {3: "CANNOT BE CHECKED", 4: "NOT A DECKLIST"}[code] in readable.stdout
    # One clean sentence: the reason after the verdict does not say the verdict again on its line.
    line = next(x for x in readable.stdout.splitlines() if verdict.replace("-", " ").upper() in x)
    assert line.lower().count(verdict.replace("-", " ")) == 1, line


def test_exit_codes_are_documented():
    help_text = subprocess.run([str(L5R), "deck", "check", "--help"], capture_output=True, text=True).stdout
    assert "3  cannot be checked" in help_text and "4  not a decklist" in help_text
    doc = (ROOT / "docs" / "deck-check.md").read_text(encoding="utf-8")
    assert "cannot be checked" in doc and "not a decklist" in doc and "| 3 |" in doc and "| 4 |" in doc


# A footnote mark after a card ("3 Marketplace*", "1 Rout †") or a stray semicolon ("3 Rout;") made the line "not a
# card line". For every title of the fixture pool, the marked line reads as the bare one.
@pytest.mark.parametrize("mark", ["*", " *", "**", " †", "‡", ";", " (*)", "(†)"])
def test_every_title_reads_with_a_footnote_mark_after_it(mark):
    differ = []
    for title in sorted({i.title for i in targets(index())}):
        bare = parse_card_line(f"2 {title}", 1, DYNASTY)
        marked = parse_card_line(f"2 {title}{mark}", 1, DYNASTY)
        if (getattr(marked, "name", None), getattr(marked, "count", None)) != (bare.name, bare.count):
            differ.append((f"2 {title}{mark}", marked))
    assert not differ, differ[:5]
    # the mark is taken off the end only: a count written "2*" stays a count
    assert parse_card_line(f"2* Iron Mine{mark}", 1, DYNASTY).count == 2


@pytest.mark.parametrize("written", ["Neutral - Iron Mnie", "Crab: Iron Mnie", "Unaligned - Iron Mnie x3"])
def test_a_misspelt_title_after_a_clan_is_guessed_from_the_title(written):
    """ "Lion - Akodo Shika": the clan before the title is no part of what the guesses compare (checker.py
    _suggest, `_card_after_words`): the near-certain typo is read as its card, as on a line of its own, and under
    --strict-titles "did you mean" names the title meant."""
    report = check("obsidian-hand", f"Dynasty:\n{written}\n")
    assert not [p for p in report.problems if p.code == "unknown-card"], report.problems
    assert any(w.code == "read-as" and "Iron Mine" in w.message for w in report.warnings), report.warnings
    assert report.counts[DYNASTY] == (3 if "x3" in written else 1)
    fmt = codex().formats["obsidian-hand"]
    strict = DeckChecker(fmt, ruleset_for(fmt), index(), strict_titles=True).check(
        parse_text(f"Dynasty:\n{written}\n"), DAY
    )
    [unknown] = [p for p in strict.problems if p.code == "unknown-card"]
    assert list(unknown.suggestions)[:1] == ["Iron Mine"], unknown


def _deck_opening(text: str) -> int | None:
    """The line where a list says its first deck starts (a Dynasty header, or a stronghold's label or a pre-game
    header), counted from 0, when it has cards in both decks; else None."""
    from l5r.decklist import _PREGAME_LABEL, _STRONGHOLD_LABEL, plain

    sections = {card.section for card in parse_decklist(text).cards}
    if not {DYNASTY, FATE} <= sections:
        return None
    for at, line in enumerate(text.splitlines()):
        header = read_header(plain(line).lstrip("# "))
        label = _PREGAME_LABEL.match(plain(line))
        if (header and header[0] == "section" and header[1] in (DYNASTY, PREGAME)) or (
            label and _STRONGHOLD_LABEL.match(label["label"])
        ):
            return at
    return None


def _stronghold_line(text: str) -> int | None:
    """The line of the list's first card line that is one stronghold, written alone (no count or one copy), in a list
    written by hand (a deck builder's export is one deck)."""
    deck = parse_decklist(text)
    for card in deck.cards if deck.input_format == "text" else ():
        found = index().find(card.name, card.experience, card.set_name).identity
        if found is not None and "Stronghold" in found.types and card.count == 1:
            return card.line - 1
    return None


def _twice_misread() -> tuple[list[str], int]:
    """Every posted list of the conformance suite and every list of tests/decks written by hand, posted twice in one
    text (as a post of two players' decks is): where the list says where its decks start (a header, or with no
    headers a stronghold's line after half of each deck), the check says a second deck starts no later than the line
    where the second copy opens its decks, and finds the problems (codes and lines) and the counts it finds for the
    list posted once; where it does not, no second deck is said. (The second deck may
    start above the second copy, at the first copy's last lines when they are loose: the author's remarks, which
    count in no deck.)"""
    from decks.conformance import cases

    lists = [(c.id, c.text) for c in cases() if c.id.startswith("posted") and c.input_format in (None, "text")]
    lists += [(p.name, p.read_text("utf-8")) for p in sorted((ROOT / "tests" / "decks").glob("*.txt"))]
    misread, opened = [], 0
    for name, text in lists:
        once = DeckChecker(codex().format("obsidian-hand"), ruleset_for(codex().format("obsidian-hand")), index())
        twice = DeckChecker(codex().format("obsidian-hand"), ruleset_for(codex().format("obsidian-hand")), index())
        first = once.check(parse_decklist(text), dt.date(2016, 3, 1))
        second_copy = len(text.rstrip("\n").split("\n")) + 2
        both = twice.check(parse_decklist(text.rstrip("\n") + "\n\n" + text), dt.date(2016, 3, 1))
        said = [w.line for w in both.warnings if w.code == "second-deck"]
        opening = _deck_opening(text)
        if opening is None:  # no header opens its decks: its stronghold's line does, after half of each deck
            opening = _stronghold_line(text)
            if opening is None or min(first.counts["dynasty"], first.counts["fate"]) < 20:
                misread += [f"{name}: a second deck said at {said}, though no line opens its decks"] if said else []
                continue
        opened += 1
        problems = sorted((p.code, p.line) for p in first.problems)
        if not said or said[0] > second_copy + opening:
            misread.append(f"{name}: second deck said at {said}, the second copy opens at line {second_copy + opening}")
        elif sorted((p.code, p.line) for p in both.problems) != problems or both.counts != first.counts:
            twice_problems = sorted((p.code, p.line) for p in both.problems)
            misread.append(f"{name}: {first.counts}, {problems} once; {both.counts}, {twice_problems} twice")
    return misread, opened


def test_every_list_posted_twice_is_checked_as_its_first_deck_with_a_second_deck_warning():
    misread, opened = _twice_misread()
    assert misread == []
    assert opened >= 10


def test_a_deck_written_in_sentences_says_the_cards_it_names():
    """A remark read away (prose.py) that names cards in its words says which: a deck written in sentences is not
    read, and the warning must not claim it names no card. A single word names a card only capitalised and not
    first ("I will" names no Will)."""
    report = check(
        "obsidian-hand",
        "Dynasty:\n3 Hida Akeno\nFor the Dynasty I run three Iron Mines and two Copper Mines, because the deck needs "
        "the gold early and often.\nI will run more of it next time, I think, if the meta stays as it is now.\n",
    )
    remarks = [w.message for w in report.warnings if w.code == "read-as" and "author's remark" in w.message]
    assert len(remarks) == 2
    assert "it names Iron Mine, Copper Mine in its words" in remarks[0]
    assert "names no card" in remarks[1] and " Will" not in remarks[1]


# -- a deck of another game (checker.py _check_other_game) ---------------------------------------------------


def _known_lines(count: int) -> list[str]:
    """`count` card lines of the Obsidian Hand base deck's Dynasty and Fate sections, each a card of the pool."""
    lines = [
        line
        for line in (ROOT / "tests" / "decks" / "oh-crab.txt").read_text(encoding="utf-8").splitlines()
        if line[:1].isdigit()
    ]
    assert len(lines) >= count, "test setup: the base deck has too few card lines"
    return lines[:count]


@pytest.mark.parametrize(
    "known, unknown",
    [(5, 5), (4, 5), (4, 6), (0, 9), (0, 10), (3, 7), (9, 1), (20, 20), (20, 21), (1, 30)],
)
def test_a_list_is_said_to_be_another_games_when_more_than_half_its_card_lines_name_no_card(known, unknown):
    """At least ten card lines (OTHER_GAME_LINES_AT_LEAST), more than half of them naming no card of the pool: one
    other-game warning, at the first unknown title, with both numbers; the unknown-card problems stay. Exactly half,
    or fewer than ten lines: none. Both formats with a card pool."""
    from l5r.engine.deck.checker import OTHER_GAME_LINES_AT_LEAST

    made_up = [f"3 Vrolmq Xastebb {n}" for n in range(unknown)]
    text = "Dynasty:\n" + "\n".join(_known_lines(known) + made_up) + "\n"
    first_unknown = known + 2
    said = (known + unknown) >= OTHER_GAME_LINES_AT_LEAST and 2 * unknown > known + unknown
    for format_id in ("obsidian-hand", "modern"):
        report = check(format_id, text, DAY)
        warned = [w for w in report.warnings if w.code == "other-game"]
        assert [w.line for w in warned] == ([first_unknown] if said else []), (format_id, known, unknown)
        if said:
            assert report.warnings[0] is warned[0]  # above the unknown lines' own warnings, which it explains
            assert f"{unknown} of the list's {known + unknown} card lines" in warned[0].message
            assert "Vrolmq Xastebb 0" in warned[0].message and "the Codex's reading" in warned[0].message
        assert len([p for p in report.problems if p.code == "unknown-card"]) == unknown


def test_only_the_lists_of_another_game_in_the_suite_are_said_to_be():
    """Every conformance case (each a CCG list as players write it, but for the other game's), checked as the case
    asks: an other-game warning where the case expects one and nowhere else (the conformance cases compare only the
    codes each one names)."""
    from decks.conformance import cases
    from l5r.engine.deck import check_text

    wrong = []
    for case in cases():
        if case.pool != "real":
            continue
        result = check_text(
            codex(),
            case.text,
            index(),
            dt.date.fromisoformat(case.as_of),
            format_id=case.format or "obsidian-hand",
            input_format=case.input_format,
            strict_titles=case.strict_titles,
        )
        said = sorted(w.line for w in result.report.warnings if w.code == "other-game")
        if said != sorted(case.expect.get("lines", {}).get("other-game", [])):
            wrong.append((case.id, said))
    assert wrong == []


@pytest.mark.parametrize(
    "line, other_game",
    [
        ("Seeker of Air", True),
        ("Seeker of the Void", True),
        ("Dragon: Seeker of Fire", True),
        ("Support of the Crab", True),
        ("Support of the Scorpion Clan", True),
        ("Keeper of Air", False),  # the LCG's role and a CCG card
        ("Seeker of Knowledge", False),
    ],
)
def test_the_other_games_role_alone_on_a_line_is_no_card_line(line, other_game):
    """The LCG's role card below its stronghold (decklist.py `_OTHER_GAME`): no card line, and the list is said to be
    the other game's; the roles that are CCG titles too stay card lines."""
    deck = parse_text(f"Yojin no Shiro\n{line}\n\nDynasty:\n3 Iron Mine\n", "posted")
    assert (deck.other_game == (line, 2)) is other_game
    assert any(card.line == 2 for card in deck.cards) is not other_game


def _misspelt(title: str) -> str | None:
    """The title with two letters of its longest word swapped, as fingers slip ("Barley Farm" -> "Barely Farm")."""
    words = title.split()
    longest = max(range(len(words)), key=lambda n: len(words[n]))
    word = words[longest]
    if len(word) < 5 or not word.isalpha():
        return None
    at = len(word) // 2
    swapped = word[: at - 1] + word[at] + word[at - 1] + word[at + 1 :]
    return None if swapped == word else " ".join(words[:longest] + [swapped] + words[longest + 1 :])


def test_a_misspelt_title_written_as_a_figure_reads_as_it_does_before_its_count():
    """Every title of two words or more of the fixture pool, misspelt, with its count after a colon ("Barely farm:
    3"): read as "3 Barely farm" is, loosely and under --strict-titles, when that line's guess is near-certain (the
    same card, the same copies, the same warning or problem); otherwise a figure about the deck, as before. A
    single word written so ("Ties: 3", "Score: 3") is a figure, never guessed at (checker.py _typo_of_a_title)."""
    fmt = codex().formats["obsidian-hand"]
    strict = DeckChecker(fmt, ruleset_for(fmt), index(), strict_titles=True)

    def read(text, checker=None):
        report = (checker or DeckChecker(fmt, ruleset_for(fmt), index())).check(parse_text(text, "deck"), DAY)
        return (
            report.counts,
            sorted((f.code, f.card) for f in report.problems if f.code in ("unknown-card",)),
            sorted(f.message.split(": ", 1)[1] for f in report.warnings if f.code == "read-as"),
        )

    differ, guessed, figures = [], 0, 0
    for title in sorted({i.title for i in targets(index()) if " " in i.title and i.deck in ("Dynasty", "Fate")}):
        typo = _misspelt(title)
        if typo is None or index().find(typo).identity is not None:
            continue
        near_certain = any(f"read “{typo}” as" in message for message in read(f"Dynasty:\n3 {typo}\n")[2])
        guessed += near_certain
        for checker in (None, strict):
            figure = read(f"Dynasty:\n{typo}: 3\n", checker)
            as_counted = read(f"Dynasty:\n3 {typo}\n", checker)
            said = f"read “{typo}: 3” as a figure about the deck, not a card: no card is titled “{typo}”; counted in no deck."
            if figure == ({"pre_game": 0, "dynasty": 0, "fate": 0}, [], [said]) and not near_certain:
                figures += 1
            elif figure != as_counted:  # a name with a comma is no figure's: read as "3 <name>" is, as before
                differ.append((typo, "strict" if checker else "loose", figure, as_counted))
    assert differ == [], differ[:5]
    assert guessed >= at_least(20, index()) and figures >= at_least(20, index()), (guessed, figures)
    for word in ("Ties", "Score", "Matches", "Courtiers", "Terrains"):
        report = check("obsidian-hand", f"Dynasty:\n{word}: 3\n")
        assert report.counts["dynasty"] == 0 and any("figure about the deck" in w.message for w in report.warnings)


def test_every_list_of_the_suite_counts_the_same_without_its_blank_lines():
    """Every posted list of the conformance suite and every list of tests/decks, posted with no blank line between its
    runs (as forums and mail often strip them): the same counts in each deck. An unknown card with no header above it
    counts where the nearest known cards above and below it go, when both go to one deck (checker.py
    _by_neighbours); with the blank lines, where the known cards of its run go."""
    from decks.conformance import cases

    lists = [(c.id, c.text) for c in cases() if c.id.startswith("posted") and c.input_format in (None, "text")]
    lists += [(p.name, p.read_text("utf-8")) for p in sorted((ROOT / "tests" / "decks").glob("*.txt"))]
    differ = []
    for name, text in lists:
        apart = check("obsidian-hand", text, DAY).counts
        together = check("obsidian-hand", re.sub(r"\n[ \t]*\n+", "\n", text), DAY).counts
        if together != apart:
            differ.append((name, apart, together))
    assert differ == [] and len(lists) >= 30


_COUNT_FIRST = re.compile(r"(?m)^[ \t]*(\d+)[ \t]*[xX]?[ \t]+(?=[A-Za-z\"'’])(.+?)[ \t]*$")


def test_every_list_of_the_suite_reads_alike_with_its_counts_after_a_colon():
    """Every posted list of the conformance suite and every list of tests/decks with each count written after its title
    and a colon ("Iron Mine: 3", as a figure is written): the same counts, and every unknown card still an unknown
    card where a card line of its run is next to it (checker.py _figures_among_cards). An unknown name alone in its run
    ("De Bellis Yoditorum: 1" under a blank line) is written as a figure about the deck is ("Wins: 3"), and stays one."""
    from decks.conformance import cases

    lists = [(c.id, c.text) for c in cases() if c.id.startswith("posted") and c.input_format in (None, "text")]
    lists += [(p.name, p.read_text("utf-8")) for p in sorted((ROOT / "tests" / "decks").glob("*.txt"))]
    differ, alone_seen = [], 0
    for name, text in lists:
        colon = _COUNT_FIRST.sub(r"\2: \1", text)
        written, moved = check("obsidian-hand", text, DAY), check("obsidian-hand", colon, DAY)
        lines = text.split("\n")
        filled = [bool(line.strip()) for line in lines]
        alone = {  # a line with a blank line (or the text's start or end) on either side, its count moved
            n + 1
            for n in range(len(lines))
            if filled[n]
            and not (n > 0 and filled[n - 1])
            and not (n + 1 < len(lines) and filled[n + 1])
            and _COUNT_FIRST.match(lines[n])
        }
        unknown = {p.line for p in written.problems if p.code == "unknown-card"}
        alone_seen += len(unknown & alone)
        if moved.counts != written.counts and not unknown & alone:
            differ.append((name, written.counts, moved.counts))
        if {p.line for p in moved.problems if p.code == "unknown-card"} != unknown - alone:
            differ.append((name, sorted(unknown), sorted(p.line for p in moved.problems if p.code == "unknown-card")))
    assert differ == [] and len(lists) >= 30
    assert alone_seen >= 1  # the case of a name alone in its run is met, and stays a figure


# The pre-game cards as players shorten them, wherever the list puts its pre-game cards: under a pre-game header,
# after a pre-game label with no deck header since, or in a run of lines with no header that names a stronghold; each
# alone on a line or together ("BK, BH", "BK/BH", a slash with no spaces between two titles). Obsidian Hand's pre-game
# slots name Border Keep and Bamboo Harvesters (oh-ii-f-play-deck-and-deck-construction); on a deck's line "BK" names
# no card.
@pytest.mark.parametrize(
    "opening",
    [
        "Pre-Game:\nKyuden Hida\nBK\nBH",
        "Pre-Game:\nKyuden Hida\nBK/BH",
        "Stronghold: Kyuden Hida\nBK\nBH",
        "Stronghold: Kyuden Hida\nBK, BH",
        "Stronghold: Kyuden Hida\nBK / BH",
        "Stronghold: Kyuden Hida, BK, BH",
        "Pregame: Kyuden Hida\nPregame: BK/BH",
        "Kyuden Hida\nBK/BH",
        "Kyuden Hida\nBK\nBH",
        "Kyuden Hida\nBorder Keep/Bamboo Harvesters",
        # on the stronghold's own line, with no header: its run of lines opens with a pre-game card
        "Kyuden Hida, BK, BH",
        "Kyuden Hida / BK / BH",
        "Kyuden Hida + BK + BH",
    ],
)
def test_the_pre_game_cards_shortened_wherever_the_list_puts_them(opening):
    report = check("obsidian-hand", f"{opening}\n\nDynasty:\n3 Iron Mine\n\nFate:\n3 Ambush\n", on=dt.date(2016, 3, 1))
    assert report.counts["pre_game"] == 3, report.problems
    assert not [p for p in report.problems if p.code in ("unknown-card", "pregame", "parse")], report.problems


def test_a_pre_game_card_shortened_on_a_decks_line_names_no_card():
    report = check("obsidian-hand", "Kyuden Hida\nBorder Keep\nBamboo Harvesters\n\nDynasty:\n3 Iron Mine\nBK\n")
    assert [p.line for p in report.problems if p.code == "unknown-card"] == [7]


@pytest.mark.parametrize(
    "line",
    [
        "Strong Hold: Kyuden Hida",
        "Stonghold: Kyuden Hida",
        "Stronhold - Kyuden Hida",
        "Stronghold -> Kyuden Hida",
        "Stronghold => Kyuden Hida",
        "Stronghold → Kyuden Hida",
        "Stronghold = Kyuden Hida",
        "Fortezza: Kyuden Hida",
        # qualified as posts also qualify it
        "Stronghold used: Kyuden Hida",
        "Stronghold of choice: Kyuden Hida",
        "My Stronghold: Kyuden Hida",
        "Stronghold (Crab): Kyuden Hida",
        "SH played - Kyuden Hida",
    ],
)
def test_the_strongholds_label_as_posts_write_it_names_the_stronghold(line):
    # misspelt ("Strong Hold", "Stonghold"), or with an arrow or an equals sign after it: never the list's name line
    deck = parse_text(f"{line}\nDynasty:\n3 Iron Mine\n")
    assert [(c.name, c.section) for c in deck.cards] == [("Kyuden Hida", PREGAME), ("Iron Mine", DYNASTY)]
    assert not deck.issues and deck.title_line is None


@pytest.mark.parametrize("separator", ["; ", ", ", " / ", " | ", " + "])
def test_pregame_labels_one_after_another_on_a_line_name_their_cards(separator):
    deck = parse_text(f"Stronghold: Kyuden Hida{separator}Sensei: Kaiu Sensei\nDynasty:\n3 Iron Mine\n")
    assert deck.cards[0].section == PREGAME and deck.cards[0].several and not deck.issues
    assert re.split(r"\s*[;,/|+]\s*", deck.cards[0].written) == ["Kyuden Hida", "Kaiu Sensei"]


# A post's closing words were an unknown card when they said more than one word ("Thanks for reading, -Dragonfly":
# the author's name after them on the line).
@pytest.mark.parametrize(
    "closing",
    [
        "Thanks,",
        "Best regards,",
        "Thanks for reading, -Dragonfly",
        "Cheers - Matt",
        "Thanks again, all!",
        "Thank you for your feedback.",
        "thx guys",
    ],
)
def test_a_posts_closing_words_and_the_signature_under_them_are_no_cards(closing):
    deck = parse_text(f"Dynasty:\n3 Iron Mine\n{closing}\nMatt Smith\n")
    assert [c.written for c in deck.cards] == ["Iron Mine"]
    assert [i.line for i in deck.issues if i.signature] == [3, 4]


# A deck's whole list on its header's line, then the next deck's header with its list on the next line: the second
# line was taken for the first one's list wrapped (decklist.py unwrapped), and the two made one unknown card.
@pytest.mark.parametrize(
    "second",
    [
        "Fate (40): 2 Rout, 3 Ambush",
        "Fate: 2 Rout, 3 Ambush",
        "FATE DECK (40) - 2 Rout, 3 Ambush",
        "Strategies (5): 2 Rout, 3 Ambush",
    ],
)
def test_a_header_with_its_list_on_the_line_after_another_is_no_wrapped_line(second):
    deck = parse_text(f"Stronghold: Kyuden Hida\nDynasty (40): 3 Iron Mine, 3 Copper Mine, Hida Kisada\n{second}\n")
    # (a kind of card's sub-header under the Dynasty header stays in it: the checker says the wrong deck)
    third = FATE if second.lower().startswith("fate") else DYNASTY
    assert [(c.line, c.section) for c in deck.cards] == [(1, PREGAME), (2, DYNASTY), (3, third)]
    assert "Hida Kisada" in deck.cards[1].written and "Ambush" in deck.cards[2].written
    # (a list wrapped at a comma still carries on: "Dynasty (40): 3 Iron Mine," then "3 Copper Mine")
    wrapped = parse_text("Dynasty (40): 3 Iron Mine, 3 Copper Mine,\nHida Kisada, 2 Rout\n")
    assert len(wrapped.cards) == 1 and "Rout" in wrapped.cards[0].written


# Markdown's italics with one star were parse problems ("1 Hida Iseki *promo*", "1 *Hida Iseki* (promo)"): the words
# are the card's title, or after a title the author's remark, as in brackets. A count's, a footnote's or a bullet's
# star is none.
@pytest.mark.parametrize(
    "line, count, written",
    [
        ("1 Hida Iseki *promo*", 1, "Hida Iseki (promo)"),
        ("1 *Hida Iseki* (promo)", 1, "Hida Iseki (promo)"),
        ("3x *Rout*", 3, "Rout"),
        ("*3 Rout*", 3, "Rout"),
        ("3 *700 Soldier Plain*", 3, "700 Soldier Plain"),
        ("3 Banzai! *my MVP*", 3, "Banzai! (my MVP)"),
        ("- 3 *Rout* *MVP*", 3, "Rout (MVP)"),
        ("3 Hida Iseki *(my MVP)*", 3, "Hida Iseki (my MVP)"),
        ("2* Rout", 2, "Rout"),
        ("Rout *3", 3, "Rout"),
        ("3 Rout*", 3, "Rout"),
        ("* Rout", 1, "Rout"),
    ],
)
def test_markdowns_italics_are_taken_out_as_a_title_or_a_remark(line, count, written):
    deck = parse_text(f"Dynasty:\n{line}\n")
    assert [(c.count, c.written) for c in deck.cards] == [(count, written)] and not deck.issues
