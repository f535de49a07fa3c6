"""Every title of the pool, written every way players write it, reads as its card (issue-style classes, not cases).

For each identity of the pool (the fixture pool always, the whole real pool under the `realpool` marker) and each
style of tests/decks/styles.py, the line `1 <title as styled>` under the section of the card's deck must be:

- read as that card; or
- reported as ambiguous (an unknown-card problem naming it among the cards the name fits), when another card
  shares the reading; or
- read as the card whose title the text is, letter for letter (a style that turns one title into another); or
- read as the one card of the name in the format's card pool, with a warning naming the choice, when this card
  is not in it.

Anything else is a wrong pick (another card, silently) or a miss (no card), and fails with the first examples.
The rule served: the deck rules count copies of identities (oh-ii-f-deck-restrictions), so each line must name one.
"""

from __future__ import annotations

import collections
import datetime as dt
import dataclasses
import re
from dataclasses import dataclass
from typing import Callable, cast

import pytest

from decks import support
from decks.styles import written_forms
from poolwalk import at_least, positions, sampling, targets
from l5r.cardpool import CardIndex, Identity
from l5r.cardpool.index import _keys_of_set
from l5r.cardpool.names import (
    READING_KEY_RULES,
    experience_key,
    plain,
    reading_key,
    set_key,
    split_experience,
    title_key,
)
from l5r.decklist import (
    SECTIONS,
    CardLine,
    LineIssue,
    headerless_row,
    near_header_word,
    parse_card_line,
    parse_text,
)
from l5r.engine.deck import DeckChecker, check_text
from l5r.engine.deck.checker import prose_measured, singulars
from l5r.engine.deck.prose import prose_rule
from l5r.engine.deck.report import Findings
from l5r.engine.ruleset import ruleset_for

_SECTION = {"Pre-Game": "pre_game", "Dynasty": "dynasty", "Fate": "fate"}
assert set(_SECTION.values()) == set(SECTIONS)


def _real_index() -> CardIndex:
    """The whole real pool's card index (the `realpool` tests': loaded once per process, load_index keeps it)."""
    from conftest import real_pool
    from l5r.cardpool import load_index

    return load_index(real_pool(), support.codex().cards, support.CACHE)


@dataclass
class Tally:
    cases: int = 0
    titles: int = 0
    styles: int = 0
    outcomes: collections.Counter = None  # type: ignore[assignment]
    failures: list = None  # type: ignore[assignment]
    collisions: set = None  # type: ignore[assignment]
    prose_shaped: list = None  # type: ignore[assignment]


def read_every_style(index: CardIndex, format_id: str, read_before: dict | None = None) -> Tally:
    """`read_before`: each title's written forms, their lines as read and the prose shape's reason (the same for
    every format), filled by the first walk and read by the next."""
    read_before = {} if read_before is None else read_before
    fmt = support.codex().format(format_id)
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)
    tally = Tally(outcomes=collections.Counter(), failures=[], collisions=set(), prose_shaped=[])
    prose = prose_rule(index)
    styles_seen: set[str] = set()
    titles: set[str] = set()
    for target in targets(index):
        if not target.in_pool:
            continue
        titles.add(target.title)
        section = _SECTION.get(target.deck)
        forms = read_before.get((target.title, target.experience, section))
        if forms is None:
            forms = read_before[target.title, target.experience, section] = []
            for style, text in written_forms(target.title, target.experience):
                card = parse_card_line(f"1 {text}", 1, section)
                # a title that failed to read must stay an unknown card, never a remark read away (the checker
                # measures the line as its guesses read it: without its experience level); the shape is the
                # pool's and the line's, the same in every format
                shape = prose_measured(card) if isinstance(card, CardLine) else None
                forms.append((style, text, card, prose.reason(shape) if shape is not None else None))
        for style, text, card, prose_reason in forms:
            styles_seen.add(style)
            tally.cases += 1
            outcome = _outcome(checker, index, target, card)
            if prose_reason is not None:
                tally.prose_shaped.append((style, text, target.key, prose_reason))
            tally.outcomes[outcome] += 1
            if outcome == "ambiguous":
                tally.collisions.add(text)
            if outcome in ("wrong pick", "not read", "taken for a remark"):
                tally.failures.append((style, text, target.key, outcome))
    tally.titles, tally.styles = len(titles), len(styles_seen)
    return tally


_KEYED: dict[int, tuple[CardIndex, dict[str, Identity]]] = {}


def _keyed(index: CardIndex) -> dict[str, Identity]:
    """The index's cards by key, made once per index (a warning names a card by its key)."""
    kept = _KEYED.get(id(index))
    if kept is None or kept[0] is not index:
        kept = _KEYED[id(index)] = (index, {i.key: i for i in index.identities})
    return kept[1]


def _outcome(checker: DeckChecker, index: CardIndex, target: Identity, read: CardLine | LineIssue) -> str:
    """`read`: the line `1 <form>` as parse_card_line reads it under the section the card's deck is listed under
    (the line reads the same under every section but for the section it records)."""
    if not isinstance(read, CardLine):
        return "not read"
    card = read
    out = Findings()
    checker._suggested = 0
    entry = checker._entry(card, out)
    # a card for no deck with no deck's header above it is read, and counted in no deck: the card it was read as
    apart = [w.card for w in out.warnings if w.card and "a card for no deck" in w.message]
    if entry is None and not apart:  # read as the author's remark: a title must never be taken for prose
        return "taken for a remark"
    got = entry.identity if entry is not None else _keyed(index)[apart[0]]
    if got is target:
        return "read"
    if got is None:
        problems = [p for p in out.problems if p.code == "unknown-card"]
        # (the title names several cards: a problem that names the card among them; but a level written, of which
        # the problem names the titles' levels, is one the line failed to read)
        if any(target.key in p.message and "different cards" in p.message for p in problems):
            return "ambiguous"
        twins = [i for i in index.titled_loosely(target.title) if i is not target and i.experience == target.experience]
        if twins and any(target.key in p.message for p in problems):
            return "ambiguous"  # "Fight For My Favor", "Fight for My Favor": two cards, at one level
        if any(target in index.find(s, card.experience).candidates for s in singulars(card.name)):
            return "ambiguous"  # "Fight For My Favors": the singular is two cards' title, and both are suggested
        return "not read"
    if got in index.named(card.name, card.experience) and target not in index.named(card.name, card.experience):
        return "another card's own title"
    if _loose(card.written) == _loose(got.title) != _loose(target.title):
        # "The Breeding Grounds" is the card "Breeding Grounds" with an article, not "The Breeding Ground" made
        # plural; "The Dragon's Talons" is "The Dragons' Talons" but for an apostrophe
        return "another card's own title"
    if target.deck == "Other" and got.deck != "Other" and title_key(got.title) == title_key(target.title):
        return "the deck card of a token's or proxy's title"  # a decklist names the card it can hold
    chose = [w for w in out.warnings if w.code == "read-as" and w.card == got.key and "card pool" in w.message]
    if chose and checker.pool_standing(target) is not True:
        return "chosen by the format"
    return "wrong pick"


def _loose(text: str) -> str:
    """A title's letters and digits, lower case, without a leading article."""
    return re.sub(r"^(?:the|an?)(?=.)", "", re.sub(r"[^0-9a-z]", "", text.lower().replace(" • ", " ")))


def _report(tally: Tally, pool: str) -> str:
    counts = ", ".join(f"{n} {what}" for what, n in sorted(tally.outcomes.items()))
    return (
        f"{pool}: {tally.titles} titles × {tally.styles} styles = {tally.cases} written forms: {counts}; "
        f"{len(tally.prose_shaped)} shaped like prose; "
        f"{len(tally.collisions)} shared readings reported as ambiguous "
        f"({'; '.join(sorted(tally.collisions)[:20])})"
    )


def _assert_all_read(tally: Tally, pool: str, capsys) -> None:
    with capsys.disabled():
        print("\n" + _report(tally, pool))
    examples = "\n".join(
        f"  {style}: “{text}” for {key}: {outcome}" for style, text, key, outcome in tally.failures[:25]
    )
    assert not tally.failures, f"{len(tally.failures)} of {tally.cases} forms misread ({pool}):\n{examples}"
    # the shape that makes a line the author's remark (engine/deck/prose.py) is one no title has, in any style
    assert not tally.prose_shaped, f"titles shaped like prose ({pool}): {tally.prose_shaped[:10]}"
    assert tally.outcomes["read"] > 0.9 * tally.cases


def test_every_fixture_pool_title_reads_in_every_style(capsys):
    tally = read_every_style(support.index(), "obsidian-hand")
    assert tally.titles >= 50 and tally.styles >= 20
    _assert_all_read(tally, "fixture pool", capsys)


@pytest.fixture(scope="module")
def real_pool_forms() -> dict:
    """The real pool's titles' written forms as read, shared by its walks in each format (the same titles give the
    same lines): each line is read once, not once a format."""
    return {}


@pytest.mark.realpool
@pytest.mark.parametrize("format_id", ["obsidian-hand", "modern"])
def test_every_real_pool_title_reads_in_every_style(capsys, format_id, real_pool_forms):
    index = _real_index()
    tally = read_every_style(index, format_id, real_pool_forms)
    assert tally.titles > at_least(12_000, index)
    _assert_all_read(tally, f"real pool, {format_id}", capsys)


def _british_titles(titles) -> list[str]:
    spellings = re.compile(str(cast(dict, READING_KEY_RULES["spellings"])["pattern"]))
    return sorted({t for t in titles if spellings.search(t.lower())})


def _level_remark_titles(titles) -> list[str]:
    from l5r.cardpool.names import is_level_remark, split_qualifier

    return sorted({t for t in titles if (q := split_qualifier(t)[1]) is not None and is_level_remark(q)})


def test_no_pool_title_ends_in_brackets_that_speak_of_a_level():
    """A line's few words in brackets with a level's word ("Kuni Yori (2nd exp)") are a level it states
    (names.py is_level_remark): a title of the pool ending so would lose its brackets to it."""
    assert _level_remark_titles(i.title for i in support.index().identities) == []
    assert _level_remark_titles(["Kuni Yori (2nd exp)", "Hida Kisada (XP version)", "Iron Mine (exp gold)"]) == [
        "Hida Kisada (XP version)",
        "Iron Mine (exp gold)",
        "Kuni Yori (2nd exp)",
    ]  # the check can fail
    assert _level_remark_titles(["Hida Kisada (Emperor)", "Kuni Yori (a level the expansion never had)"]) == []


@pytest.mark.realpool
def test_no_real_pool_title_ends_in_brackets_that_speak_of_a_level():
    index = _real_index()
    assert _level_remark_titles(i.title for i in index.identities) == []


def _only_levels_with_an_aside(index: CardIndex, format_id: str) -> tuple[int, list[str]]:
    """Each title whose one deck card has an experience level, and no deck card without one, written without the
    level and with the author's aside ("Akodo Ginawa (great)", "Fudo (great)": Fudo without a level is a token): read
    as that card (the level left out, said in a warning). (titles tried, misreads)"""
    fmt = support.codex().format(format_id)
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)
    tried, misread = 0, []
    for title in sorted({i.title for i in index.identities if i.experience and i.in_pool and i.deck != "Other"}):
        cards = [i for i in index.titled_loosely(title) if i.deck != "Other"]  # as the checker finds them
        bare = index.find(title)  # the title alone, no level: another deck card's ("Teskath" is "The Teskath")?
        if len(cards) != 1 or bare.candidates or (bare.identity is not None and bare.identity.deck != "Other"):
            continue
        tried += 1
        card = dataclasses.replace(parse_card_line(f"1 {title} (great)", 1, None), section=_SECTION[cards[0].deck])
        entry = checker._entry(card, Findings())
        if entry is None or entry.identity is not cards[0]:
            misread.append(f"{title} (great): {entry.identity.key if entry and entry.identity else None}")
    return tried, misread


def test_a_fixture_pool_title_with_only_a_level_reads_with_an_aside():
    tried, misread = _only_levels_with_an_aside(support.index(), "obsidian-hand")
    assert tried >= 5 and misread == []


@pytest.mark.realpool
def test_a_real_pool_title_with_only_a_level_reads_with_an_aside():

    tried, misread = _only_levels_with_an_aside(_real_index(), "modern")
    assert tried >= 200 and misread == [], misread[:20]


def _sets_as_written(index: CardIndex, format_id: str) -> tuple[int, list[str]]:
    """Each card, and each set it was printed in, written "Title (Set)" with the set as the pool spells it and as its
    shortest key (names.py set_keys: "TDoW", "CE15"): a card with no level, or the one card of its title printed in
    that set, is read as that card with no set-ignored warning, or the text is another card's own title ("Hida
    Kisada (Emperor)"); so is the set after a dash, a comma or a slash, in turn ("Hida Kuon - SE"), and its acronym
    after a space alone ("Hida Kuon SE"). A card with a level is also written with its level and the set together: "Title (Experienced
    2, Set)", "Title (Set; Experienced 2)", "Title [Set] (Experienced 2)"; and in square brackets before the author's
    remark, "Title [Set] - my MVP". (lines tried, misreads)"""
    fmt = support.codex().format(format_id)
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)
    acronyms = {k.lower(): v for k, v in support.codex().set_acronyms.items()}
    keys_of = _keys_of_set  # (the index's own keys of each set: asked of for every card printed in one)
    tried, misread = 0, []
    for target in targets(index):
        if not target.in_pool or target.deck == "Other":
            continue
        for set_name in target.sets:
            same_title = [i for i in index.titled(target.title) if i.deck != "Other" and set_name in i.sets]
            for written in (set_name, min(sorted(keys_of(set_name)), key=len).upper()):
                if acronyms.get(written.lower(), set_name) != set_name:
                    continue  # "PE": the acronym table's Pearl Edition, not Promotional – Emperor
                key = set_key(written)
                if any(key in keys_of(s) for i in index.titled(target.title) for s in i.sets if s != set_name):
                    continue  # "PI": Pre-Imperial and Promotional – Imperial both printed Hida Sukune
                texts = [] if target.experience and same_title != [target] else [f"{target.title} ({written})"]
                if texts and not index.titled_loosely(written):
                    # after a dash, a comma or a slash, in turn ("Hida Kuon - Samurai Edition", "Iron Mine, CE";
                    # a set's name that is a card's title too is that card: "Rout/Gold")
                    texts.append(f"{target.title}{(' - ', ', ', ' / ')[tried % 3]}{written}")
                    if re.fullmatch(r"[A-Z][A-Za-z]{0,3}[A-Z0-9][A-Za-z0-9]{0,2}", written):
                        texts.append(f"{target.title} {written}")  # an acronym after a space alone: "Jade Works IE"
                if target.experience and "," not in written and ";" not in written:
                    level = target.experience
                    texts += [f"{target.title} ({level}, {written})", f"{target.title} ({written}; {level})"]
                    texts += [f"{target.title} [{written}] ({level})"]
                if f"{target.title} ({written})" in texts and "]" not in written:
                    texts.append(f"{target.title} [{written}] - my MVP")  # the set, then the author's remark
                for text in texts:
                    tried += 1
                    if (wrong := _misread_with_its_set(checker, index, target, text)) is not None:
                        misread.append(wrong)
    return tried, misread


def _misread_with_its_set(checker: DeckChecker, index: CardIndex, target: Identity, text: str) -> str | None:
    """What "1 <text>" was read as, when that is not the target with no set-ignored warning (and the text is no
    other card's own title); None when it is read right."""
    card = parse_card_line(f"1 {text}", 1, _SECTION[target.deck])
    if not isinstance(card, CardLine):
        return f"{text}: no card line"
    out = Findings()
    checker._suggested = 0  # (as check() starts each list)
    entry = checker._entry(card, out)
    got = entry.identity if entry else None
    if got is not None and got is not target and index.named(text):
        return None  # the text is another card's own title
    if got is not target or any(w.code == "set-ignored" for w in out.warnings):
        return f"{text}: {got.key if got else None} {[w.code for w in out.warnings]}"
    return None


def test_every_fixture_pool_card_reads_with_the_sets_it_was_printed_in():
    tried, misread = _sets_as_written(support.index(), "obsidian-hand")
    assert tried >= 1000 and misread == [], misread[:20]


@pytest.mark.realpool
def test_every_real_pool_card_reads_with_the_sets_it_was_printed_in():
    index = _real_index()
    tried, misread = _sets_as_written(index, "modern")
    assert tried >= at_least(20_000, index) and misread == [], (len(misread), misread[:20])


def _titles_read_otherwise_on_a_line(titles) -> list[str]:
    """Titles a hand-written line would not keep whole: a header (kinds of card joined: "Items & Followers"), one that
    starts as a header with its first card on the line
    ("Holdings: Copper Mine", decklist.py _LABELLED_CARD), that holds an HTML entity (read as its character),
    that is made of a table's column names ("Card Name": a pasted table's first row, skipped), that says a label
    has no card ("Wind: None"), that heads cards outside the deck ("Sideboard", "Maybe: Rout"), or that holds a
    character a paste carries (decklist.py PASTED_CHARACTERS: made another before the line is read)."""
    from l5r.decklist import (
        _ATTRIBUTION,
        _CHANGE_LINE,
        _CHECKBOX,
        _CLAN_BRACKET,
        _COST_HEADING,
        _COUNT_LABEL,
        _EACH_AFTER,
        _EACH_ALONE,
        _EACH_BEFORE,
        _EDITOR_NUMBER,
        _EMOJI,
        _GLUED_COUNT,
        _LABELLED_CARD,
        _LINK,
        _MARKUP,
        _METADATA_LINE,
        _NO_CARD,
        _RULE_LINE,
        _STATS_LINE,
        _STRUCK,
        _TABLE_HEAD,
        _VALEDICTION,
        _ITALIC,
        _UNDERSCORED,
        _WROTE,
        _COUNT_FIRST_HEADER,
        _PREGAME_LABEL,
        _OTHER_GAME,
        _SITE_LINE,
        _STAT_HEAD,
        _STAT_LETTER,
        _read_header,
        summary_line,
        as_pasted,
        unescaped,
        unexclaimed,
    )

    def header_first(title: str) -> bool:
        match = _LABELLED_CARD.match(title)
        return match is not None and _read_header(match.group("head")) is not None

    return sorted(
        {
            t
            for t in titles
            if header_first(t)
            or unescaped(t) != t
            or _TABLE_HEAD.match(t)
            or _NO_CARD.match(t)
            or _read_header(t) is not None  # "Events & Regions": kinds of card joined, a sub-header
            or _METADATA_LINE.match(t)  # "To: ...": an e-mail's header line
            or _EMOJI.search(t)  # "3x Rout ⭐", "3x Rout :fire:": a chat's emoji, taken out
            or unexclaimed(t) != t  # "3x Rout !!!", "Rout :)": a chat's marks at the line's end, taken out
            or _LINK.search(t)  # "[[Ambush]]", "[Rout](https://...)": a link, read as its text
            or _MARKUP.search(re.sub(r"</?i>", "", t))  # "**Rout**", a wiki's bold: taken out (not the pool's <i>)
            or _RULE_LINE.match(t)  # "--": an e-mail's signature mark
            or _VALEDICTION.match(t)  # "Thanks,": a mail's closing word, the signature under it
            or _ITALIC.search(t)  # "*Rout*": markdown's italics, taken out
            or _UNDERSCORED.search(t)  # "_Rout_", "__Rout__": markdown's emphasis with underscores, as italics
            or as_pasted(t) != t  # "Rout\u200b", "\uff13 Rout": an invisible or full-width character
            or _GLUED_COUNT.match(t)  # "x3Rout": a count glued to a title
            or _CLAN_BRACKET.match(t)  # "[Lion] Matsu Agai": a clan in brackets before a title
            or _EDITOR_NUMBER.match(t)  # "07 | Rout": a paste site's line number
            or _STATS_LINE.match(t)  # "Average gold cost: 2.4": a deck builder's statistics
            or _CHANGE_LINE.match(t)  # "+2 Rout": a change to a list posted before
            or _STRUCK.search(t)  # "~~3 Rout~~": struck out
            or _CHECKBOX.match(t)  # "- [x] 3 Rout": a task list's box
            or _WROTE.match(t)  # "HidaTetsu wrote:": a forum reply's attribution
            or _ATTRIBUTION.match(t)
            or _COST_HEADING.match(t)  # "2 gold:": a heading over the cards of one cost
            or _COUNT_LABEL.match(t)  # "3-ofs: Rout", "Singletons:": one count for the titles after it
            or _EACH_BEFORE.match(t)  # "2 each: Rout": one count for each title after it
            or _EACH_AFTER.match(t)
            or _EACH_ALONE.match(t)
            # "40 Dynasty cards": a deck's header, its count first (tried with a copy count)
            or _COUNT_FIRST_HEADER.match(f"3 {t}")
            or summary_line(t) is not None  # "Dynasty (40): Personalities (20) Holdings (17)": a deck's summary
            or _PREGAME_LABEL.match(t)  # "SH/Sensei: Rout": pre-game labels before their cards
            # "(0g) Rout", "4F 2C - Rout": a card's statistics before its title
            or ((stats := _STAT_HEAD.match(f"{t} x3")) is not None and _STAT_LETTER.search(stats.group(0)))
            or _OTHER_GAME.match(t)  # "Conflict Deck (40)": a line only the other game's decks have
            or _SITE_LINE.match(t)  # "Like", "12 Comments": a social site's own text
            or _SITE_LINE.match(f"3 {t}")
            or _read_header(f"{t} (40)") not in (None, _read_header("Fate (40)"))  # "Fate cards (40)"
        }
    )


def _deck_titles(index: CardIndex) -> list[str]:
    """Every title of the pool, but a card's that no deck holds and that is a deck's header word with "cards" after
    it (the rules insert "Fate Cards"): alone on a line, that is the header (decklist.py `_read_header`)."""
    from l5r.decklist import _read_header

    return [i.title for i in index.identities if not (i.deck == "Other" and _read_header(i.title) is not None)]


def test_no_pool_title_reads_as_a_header_with_its_card_an_entity_or_column_names():
    assert _titles_read_otherwise_on_a_line(_deck_titles(support.index())) == []
    assert _titles_read_otherwise_on_a_line(
        [
            "Holdings: Copper Mine",
            "Fate - Rout",
            "Kuni Yori exp2: ok",
            "Pearls &amp; Spirits",
            "Pearls & Spirits",
            "Card Name",
            "Items & Followers",
            "To: the Wall",
            "Rout ⭐",
            "Rout !!!",
            "Fall Back!",
            "[Rout](https://example.org/rout)",
            "Sent from my iPhone",
            "'''Rout'''",
            "Thanks,",
            "-----Original Message-----",
            "ShosuroFan — Today at 9:42 PM",
            "Sideboard",
            "Maybe: Rout",
            "Rout\u200b",
            "Fate\uff1a Rout",
            "Dynasty cards",
        ]
    ) == [
        "'''Rout'''",
        "-----Original Message-----",
        "Card Name",
        "Dynasty cards",
        "Fate - Rout",
        "Fate\uff1a Rout",
        "Holdings: Copper Mine",
        "Items & Followers",
        "Maybe: Rout",
        "Pearls &amp; Spirits",
        "Rout !!!",
        "Rout ⭐",
        "Rout\u200b",
        "Sent from my iPhone",
        "ShosuroFan — Today at 9:42 PM",
        "Sideboard",
        "Thanks,",
        "To: the Wall",
        "[Rout](https://example.org/rout)",
    ]  # the check can fail


@pytest.mark.realpool
def test_no_real_pool_title_reads_as_a_header_with_its_card_an_entity_or_column_names():
    index = _real_index()
    assert _titles_read_otherwise_on_a_line(_deck_titles(index)) == []


def _titles_read_with_a_count(titles) -> list[str]:
    """Titles a line holding nothing else would read as a count parted from another title by a comma or semicolon, as
    a CSV row's ("3,Rout", "Rout;2"; "1,000 Cuts Technique" keeps its number). (A title that starts with a number and
    a space reads as a count on a line of its own, as any line does: the pool's are tokens, "10 Koku", no deck's.)"""
    return sorted(
        {
            t
            for t in titles
            if re.search(r"[0-9]\s*[,;]|[,;]\s*[0-9]", t)
            and isinstance(read := parse_card_line(t, 1, None), CardLine)
            and read.count != 1
        }
    )


def test_no_pool_title_reads_as_a_count_and_a_title():
    assert _titles_read_with_a_count(i.title for i in support.index().identities) == []
    assert _titles_read_with_a_count(["1,000 Cuts Technique", "3,Rout", "Rout;2", "Rout, 2 ways"]) == [
        "3,Rout",
        "Rout;2",
    ]  # the check can fail


@pytest.mark.realpool
def test_no_real_pool_title_reads_as_a_count_and_a_title():
    index = _real_index()
    assert _titles_read_with_a_count(i.title for i in index.identities) == []


def _first_levels_with_a_number(levels) -> list[str]:
    return sorted({lv for lv in levels if lv and re.fullmatch(r"(?i)(in)?experienced ?(1|i)[a-z]{0,3}", lv)})


def test_no_fixture_pool_level_is_the_first_written_with_its_number():
    """ "Exp 1" reads as the pool's "Experienced" (names.py FIRST_LEVEL): a card whose level the pool wrote
    "Experienced 1" would then be read as another card."""
    assert _first_levels_with_a_number(i.experience for i in support.index().identities) == []
    assert _first_levels_with_a_number(["Experienced 1", "Experienced 1CW", "Experienced 10", "Experienced"]) == [
        "Experienced 1",
        "Experienced 1CW",
    ]  # the check can fail


@pytest.mark.realpool
def test_no_real_pool_level_is_the_first_written_with_its_number():
    index = _real_index()
    assert _first_levels_with_a_number(i.experience for i in index.identities) == []


def test_no_fixture_pool_title_is_spelt_the_british_way():
    """The reading key turns "Honour" into "honor" (names.py): a title of the pool spelt the British way would be read
    under another spelling than its own, and its slug would no longer be its folded words."""
    assert _british_titles(i.title for i in support.index().identities) == []
    assert _british_titles(["Honour's Cost", "Sabre"]) == ["Honour's Cost", "Sabre"]  # the check can fail


@pytest.mark.realpool
def test_no_real_pool_title_is_spelt_the_british_way():
    index = _real_index()
    assert _british_titles(i.title for i in index.identities) == []


def _misread_in_numbered_lists(identities) -> list[str]:
    """Every title, as an item of a numbered list ("1. Ambush", "2) Rout", one section's items after another, the
    numbers running on), of a numbered list whose style changes every ten items ("10. Rout", "11) Ambush", "21 -
    Kolat Master", "31 Iron Mine") and slips (a number written twice now and then), and in a list whose numbers run
    as no list's do ("3. Ambush", "2) Rout", as "3 Ambush"), read as the same card part as the title on its own line:
    one copy in the numbered lists, the number's copies in the other."""
    identities = [i for i in identities if i.deck in _SECTION]
    misread = []
    numbered, changing, counted, alone = [], [], [], {}
    for n, identity in enumerate(identities, start=1):
        written = identity.title + (f" • {identity.experience}" if identity.experience else "")
        written = re.sub(r"</?i>", "", written)  # the pool's italics, which no player writes (a list's markup)
        numbered.append((n, f"{(n - 1) % 300 + 1}. {written}"))  # 1 to 300, then from 1 again
        # 1 to 320, then from 1 again (in the first style); the style changes every ten items, and in each forty
        # the 7th item's number is the 6th's again
        item = (n - 1) % 320 + 1
        style = (".", ")", " -", "")[(item - 1) // 10 % 4]
        changing.append((n, f"{item - (item % 40 == 7)}{style} {written}"))
        counted.append((n, f"{3 if n % 2 else 2}{'.' if n % 4 < 2 else ')'} {written}"))  # 3, 2, ...: no list's
        alone[n] = parse_card_line(f"1 {written}", n, None)
    for lines, numbered_as in ((numbered, True), (changing, True), (counted, False)):
        deck = parse_text("Cards:\n" + "\n".join(line for _, line in lines))
        assert (deck.numbered is not None) is numbered_as
        read = {card.line - 1: card for card in deck.cards}
        for n, line in lines:
            card, own = read.get(n), alone[n]
            want = 1 if numbered_as else int(line[0])  # (the counted list's numbers are one digit)
            if not (
                isinstance(card, CardLine)
                and isinstance(own, CardLine)
                and (card.name, card.experience, card.count) == (own.name, own.experience, want * own.count)
            ):
                misread.append(line)
    return misread


def test_every_pool_title_reads_as_a_numbered_lists_item_and_after_a_count_so_written():
    assert _misread_in_numbered_lists(support.index().identities) == []


@pytest.mark.realpool
def test_every_real_pool_title_reads_as_a_numbered_lists_item_and_after_a_count_so_written():
    index = _real_index()
    assert _misread_in_numbered_lists(targets(index)) == []


def _titles_read_as_group_headings(index: CardIndex, format_id: str) -> list[str]:
    """Every title of a deck card written as a numbered group's name ("(1) - Ambush", "(2) - Rout", 99 to a list, the
    numbers running 1, 2, 3 ...) that is read as the author's heading, not a card: a title must never be read away."""
    fmt = support.codex().format(format_id)
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)
    titles = sorted({i.key for i in targets(index) if i.in_pool and i.deck in _SECTION})
    read_away = []
    for start in range(0, len(titles), 99):
        chunk = [re.sub(r"</?i>", "", t) for t in titles[start : start + 99]]
        deck = parse_text("\n".join(f"({n}) - {title}" for n, title in enumerate(chunk, start=1)))
        assert len(deck.groups) == len(chunk)
        report = checker.check(deck, dt.date(2016, 3, 1))
        read_away += [w.message for w in report.warnings if "heading of a group" in w.message]
    return read_away


def test_no_pool_title_is_read_as_a_numbered_groups_heading():
    assert _titles_read_as_group_headings(support.index(), "obsidian-hand") == []


@pytest.mark.realpool
def test_no_real_pool_title_is_read_as_a_numbered_groups_heading():
    index = _real_index()
    assert _titles_read_as_group_headings(index, "obsidian-hand") == []


def _titles_misread_in_headerless_rows(identities) -> list[str]:
    """Every title in a table's row with no row of column names ("| 3 | Title | Personality | Gold |", "3 | Title",
    "Title<TAB>Personality<TAB>3", its level in a cell of its own): the row reads as the count and the title, with
    the level after it, never another cell."""
    misread = []
    for identity in identities:
        title = re.sub(r"</?i>", "", identity.title)
        level = [identity.experience] if identity.experience else []
        want = f"3 {title}" + (f" - {identity.experience}" if identity.experience else "")
        for row, separator in (
            (" | ".join(["| 3", title, *level, "Personality", "Gold Edition |"]), "|"),
            (" | ".join(["3", title, *level]), "|"),
            ("\t".join([title, *level, "Personality", "3"]), "\t"),
        ):
            if headerless_row(row, separator) != want:
                misread.append(row)
    return misread


def test_every_pool_title_reads_in_a_tables_row_with_no_column_names():
    assert _titles_misread_in_headerless_rows(support.index().identities) == []
    assert _titles_misread_in_headerless_rows([Identity("Exp 2", "Exp 2", None, "Fate")]) != []  # the check can fail


@pytest.mark.realpool
def test_every_real_pool_title_reads_in_a_tables_row_with_no_column_names():
    index = _real_index()
    assert _titles_misread_in_headerless_rows(targets(index)) == []


def _titles_misread_after_dot_leaders(titles) -> list[str]:
    """Every title with a printed sheet's dot leaders before its count, spaced and glued ("Rout ........ 3",
    "Rout..........3", "Rout . . . . 3", "Rout...3"), and in a word processor's ellipses ("Rout …… 3", "Rout…………3", "Rout...…3",
    "Rout…3"): the line reads
    as 3 of the title, the title whole (its own dots too: "Lies, Lies, Lies...", "Meanwhile…")."""
    misread = []
    for title in titles:
        title = re.sub(r"</?i>", "", title)
        for line in (
            f"{title} ........ 3",
            f"{title}..........3",
            f"{title} …… 3",
            f"{title}…………3",
            f"{title}...…3",
            f"{title} . . . . 3",
            f"{title}...3",  # three dots or one ellipsis glued to the title and the count alike
            f"{title}…3",
        ):
            read = parse_card_line(line, 1, None)
            if not isinstance(read, CardLine) or read.count != 3 or reading_key(read.written) != reading_key(title):
                misread.append(line)
    return misread


def test_every_pool_title_reads_after_dot_leaders():
    assert _titles_misread_after_dot_leaders(i.title for i in support.index().identities) == []
    assert _titles_misread_after_dot_leaders(["Exp 2"]) != []  # the check can fail


@pytest.mark.realpool
def test_every_real_pool_title_reads_after_dot_leaders():
    index = _real_index()
    assert _titles_misread_after_dot_leaders(i.title for i in targets(index)) == []


def _titles_misread_with_counts_as_players_word_them(titles, share: int = 1) -> list[str]:
    """Every title with its count in words ("a pair of Rout", "Rout (three)", "Rout times three", "Rout, three
    copies"), glued ("x3Rout"), for each of several ("2 each: Rout", "Rout (2 each)", "3 ea. Rout"), with a word or
    dashes ("Rout 3 of", "Rout -3-", "Rout - 3x", "2pcs Rout", "2 Stk. Rout", "3 copies Rout", "2 copies: Rout"), after a number sign ("#3 Rout"), a star
    ("Rout *3") or before a full stop ("Rout x3."): the count's
    words part from the title, and the title stays whole (compared by the reading key). `share`: each title in one
    in so many of the forms, in turn (title n takes forms n, n + share, ...)."""
    from l5r.decklist import _strip_comment
    from l5r.engine.deck.checker import NUMBER_WORDS, WORDED_COUNT, WORDED_COUNT_AFTER

    misread = []
    for place, title in enumerate(titles):
        title = re.sub(r"</?i>", "", title)
        worded = (
            (f"a pair of {title}", WORDED_COUNT, 2),
            (f"{title} (three)", WORDED_COUNT_AFTER, 3),
            (f"{title} times three", WORDED_COUNT_AFTER, 3),
            (f"{title}, three copies", WORDED_COUNT_AFTER, 3),
            # ("copies Of One Mind" is "copies of One Mind" as written: "2 copies: Of One Mind" reads it)
            *([] if title.lower().startswith("of ") else [(f"three copies {title}", WORDED_COUNT, 3)]),
        )
        for line, pattern, count in worded[place % share :: share]:
            match = pattern.match(line)
            if not match or match["rest"] != title or NUMBER_WORDS[match["word"].lower()] != count:
                misread.append(line)
        figures = (
            (f"x3{title}", 3),
            (f"2 each: {title}", 2),
            (f"{title} (2 each)", 2),
            (f"3 ea. {title}", 3),
            (f"{title} 3 of", 3),  # a count with a word after it, or between dashes
            (f"{title} -3-", 3),
            (f"2pcs {title}", 2),
            (f"2 Stk. {title}", 2),
            (f"#3 {title}", 3),  # after a number sign
            (f"{title} *3", 3),  # a star for the times sign, a dash and "3x", a full stop after the count
            (f"{title} - 3x", 3),
            (f"{title} x3.", 3),
            *([] if title.lower().startswith("of ") else [(f"3 copies {title}", 3)]),  # "copies" with no "of"
            (f"2 copies: {title}", 2),
            (f"1 copy - {title}", 1),
            (f"3 ~ {title}", 3),  # a tilde for the dash after the count
            (f"{title} = 3", 3),  # an equals sign or an arrow before the count after the title
            (f"{title} -> 2", 2),
            (f"{title} => 2", 2),
            (f"{title} → 3", 3),
            (f"{title} {{3}}", 3),  # in curly brackets, as in round or square ones
        )
        for line, count in figures[place % share :: share]:
            if title[:1].isalpha() or title[:1] in "\"'":  # (a count glued to a title that starts so)
                read = parse_card_line(_strip_comment(line), 1, None)
                if (
                    not isinstance(read, CardLine)
                    or read.count != count
                    or reading_key(read.written) != reading_key(title)
                ):
                    misread.append(line)
    return misread


def test_every_pool_title_reads_with_counts_as_players_word_them():
    assert _titles_misread_with_counts_as_players_word_them(i.title for i in support.index().identities) == []
    assert _titles_misread_with_counts_as_players_word_them(["Exp 2"]) != []  # the check can fail


@pytest.mark.realpool
def test_every_real_pool_title_reads_with_counts_as_players_word_them():
    # (the fixture pool's walk above tries every title in every form; here each title a quarter of them)
    index = _real_index()
    assert _titles_misread_with_counts_as_players_word_them((i.title for i in targets(index)), share=4) == []


def _titles_misread_among_others(index: CardIndex, share: int = 1) -> list[str]:
    """Every title on a line of titles, each with its own count after it ("<title> x2 & Rout x1", "Rout - 1, <title> -
    2", "Rout: 1, <title>: 2") or before it ("1 Rout and 2 <title>", "1 Rout - 2 <title>", "1 Rout, (2) <title>",
    "3*: Rout, 2*: <title>"), the two mixed ("3 Rout, <title> x2"), with an aside after a count ("Rout x3 (MVP), <title> x2
    (meh)"), run on with no separator ("2x <title> 3x Rout"), after one count for each ("two each of Rout and <title>"), and a copy
    of each between a slash with no spaces ("Rout/<title>"): the line is read as the two
    cards, each with its count, and the title stays whole though it may hold a separator itself ("Black and White",
    "Pearls & Spirits", "Moto Taigo, Shogun").
    `share`: each title on one in so many of the lines, in turn (title n takes lines n, n + share, ... of its own):
    every form meets that share of the titles, every title that share of the forms."""
    fmt = support.codex().format("obsidian-hand")
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)
    misread = []
    # (a token's or a proxy's title names no card a deck holds: "The False Nimuro")
    titles = {i.title for i in targets(index) if i.in_pool and i.deck in _SECTION and title_key(i.title) != "rout"}
    for place, title in enumerate(sorted(titles)):
        lines = (
            (f"{title} x2 & Rout x1", [(2, title), (1, "Rout")]),
            (f"1 Rout and 2 {title}", [(1, "Rout"), (2, title)]),
            (f"1 Rout - 2 {title}", [(1, "Rout"), (2, title)]),
            (f"two each of Rout and {title}", [(2, "Rout"), (2, title)]),
            (f"Rout/{title}", [(1, "Rout"), (1, title)]),  # a slash with no spaces, as "Border Keep/Bamboo Harvesters"
            # each part's count in a form a line's count takes, before its title or after it
            (f"1 Rout, (2) {title}", [(1, "Rout"), (2, title)]),
            (f"3*: Rout, 2*: {title}", [(3, "Rout"), (2, title)]),
            (f"1: Rout, 2: {title}", [(1, "Rout"), (2, title)]),
            (f"3 Rout, {title} x2", [(3, "Rout"), (2, title)]),
            (f"Rout - 1, {title} - 2", [(1, "Rout"), (2, title)]),
            (f"Rout: 1, {title}: 2", [(1, "Rout"), (2, title)]),
            (f"Rout *1, {title} *2", [(1, "Rout"), (2, title)]),
            # an aside in brackets after a count, left for the checker to read as after a title
            (f"Rout x3 (MVP), {title} x2 (meh)", [(3, "Rout (MVP)"), (2, f"{title} (meh)")]),
            # a set in square brackets after each title, read as in round ones ("Rout (IE)": the part's own)
            (f"3 Rout [IE], 2 {title} [SE]", [(3, "Rout (IE)"), (2, f"{title} (SE)")]),
            # titles run on with no separator, each count in the form of the line's own
            (f"2x {title} 3x Rout", [(2, title), (3, "Rout")]),
            (f"Rout x2 {title} x3", [(2, "Rout"), (3, title)]),
            # a count of one before titles apart is each one's, whichever way it is read
            (f"1 Rout / {title}", [(1, "Rout"), (1, title)]),
            (f"1 {title}, Rout", [(1, title), (1, "Rout")]),
            # a title with no count of its own after counted ones is one copy; after a count for each, that count
            # (unless "Ambush, <title>" is itself a title: "Ambush, Strategist" is Ambush Strategist)
            *(
                []
                if index.titled_loosely(f"Ambush {title}")
                else [
                    (f"2 Rout, 3 Ambush, {title}", [(2, "Rout"), (3, "Ambush"), (1, title)]),
                    (f"1 Rout, 2x: Ambush, {title}", [(1, "Rout"), (2, "Ambush"), (2, title)]),
                    # a count after the last title is its own, though a title before it is counted before it
                    (f"Rout (3), 2 Ambush; {title} x2", [(3, "Rout"), (2, "Ambush"), (2, title)]),
                ]
            ),
            # (a line that starts with a number starts with its count: "1 700 Soldier Plain", as alone)
            *(
                []
                if title[:1].isdigit()
                else [
                    (f"{title}/Rout", [(1, title), (1, "Rout")]),
                    (f"{title} x2, 3 Rout", [(2, title), (3, "Rout")]),
                    (f"{title} (2), 3 Rout", [(2, title), (3, "Rout")]),
                ]
            ),
        )
        for line, expected in lines[place % share :: share]:
            card = parse_card_line(line, 1, "fate")
            read = checker._several(card, Findings()) if isinstance(card, CardLine) else []
            if [(c.count, reading_key(c.written)) for c in read] != [(n, reading_key(t)) for n, t in expected]:
                misread.append(line)
    return misread


def test_no_pool_title_holds_more_parts_than_the_checker_tries_as_one():
    """checker.py TITLE_PARTS_AT_MOST: a run of more parts between list separators is never tried as one title."""
    from l5r.decklist import LIST_SEPARATOR
    from l5r.engine.deck.checker import TITLE_PARTS_AT_MOST

    titles = {i.title for i in support.index().identities} | {"Lies, Lies, Lies..."}
    assert max(len(LIST_SEPARATOR.split(t)) for t in titles) <= TITLE_PARTS_AT_MOST
    assert len(LIST_SEPARATOR.split("A, B, C, D, E, F, G")) > TITLE_PARTS_AT_MOST  # the check can fail


@pytest.mark.realpool
def test_no_real_pool_title_holds_more_parts_than_the_checker_tries_as_one():
    from l5r.decklist import LIST_SEPARATOR
    from l5r.engine.deck.checker import TITLE_PARTS_AT_MOST

    assert max(len(LIST_SEPARATOR.split(i.title)) for i in _real_index().identities) <= TITLE_PARTS_AT_MOST


def test_every_pool_title_reads_among_others_on_one_line():
    assert _titles_misread_among_others(support.index()) == []


@pytest.mark.realpool
def test_every_real_pool_title_reads_among_others_on_one_line():
    # (the fixture pool's walk above tries every title in every form; here each title a quarter of them)
    assert _titles_misread_among_others(_real_index(), share=4) == []


def _whose_count_lists(index: CardIndex, bracketed: bool | None = None) -> tuple[str, list[str]]:
    """A list with, for every deck card's title, the line "3 Rout, <title>" (a count before titles apart: each one's,
    or the first one's only?), and what its `unknown-card` problem should show for each: both ways to write it.
    `bracketed`: only the titles that end in a bracket (True), or that do not (False)."""
    from l5r.decklist import LIST_SEPARATOR

    # (one title each, no "Rout, <title>" of its own; a title that ends in the pool's bracket, "Hida Kisada
    # (Imperial)", is read so too, never as the card the bracket names, as a translated title's is: "Mina de Hierro
    # (Iron Mine)")
    titles = sorted(
        t
        for t in {i.title for i in targets(index) if i.in_pool and i.deck in _SECTION}
        if len(LIST_SEPARATOR.split(t)) == 1
        and title_key(t) != "rout"
        and not index.titled_loosely(f"Rout, {t}")
        and (bracketed is None or t.endswith(")") is bracketed)
    )
    lines = [f"3 Rout, {title}" for title in titles]
    shown = [f"(“3 Rout, 1 {title}”), or “3x:” for 3 copies of each (“3x: Rout, {title}”)" for title in titles]
    return "Fate:\n" + "\n".join(lines) + "\n", shown


def _whose_count_not_shown(index: CardIndex, bracketed: bool | None = None) -> tuple[int, list[str]]:
    """`_whose_count_lists` read by the Python checker: (the lines, those whose `unknown-card` problem does not show
    both ways to write it); and the browser's checker must read the list alike."""
    text, shown = _whose_count_lists(index, bracketed)
    fmt = support.codex().format("obsidian-hand")
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)
    out, not_shown = Findings(), []
    for card, part in zip(parse_text(text).cards, shown):
        checker._suggested = 0
        before = len(out.problems)
        checker._entry(card, out)
        said = [p.message for p in out.problems[before:] if p.code == "unknown-card"]
        if not any(part in message for message in said):
            not_shown.append(card.written)
    assert _difference_between_the_checkers(index, text) is None
    return len(shown), not_shown


def test_a_count_before_titles_apart_shows_both_ways_to_write_it_in_both_checkers():
    """ "3 Rout, Ambush" does not say whose its count is: neither checker reads it as either, and both show the two
    ways to write it, for every fixture pool title after "Rout, ". (The reading is each checker's unknown-card path,
    the same for every title: the real pool's titles are read in the same path by the walk above.)"""
    lines, not_shown = _whose_count_not_shown(support.index())
    assert lines > 50 and not_shown == []
    # the check can fail: a line whose parts are no titles shows no such help
    fmt = support.codex().format("obsidian-hand")
    checker = DeckChecker(fmt, ruleset_for(fmt), support.index(), support.codex().set_acronyms)
    out = Findings()
    checker._entry(parse_text("Fate:\n3 Not A Card, Rout\n").cards[0], out)
    assert "3x:" not in out.problems[0].message


@pytest.mark.realpool
def test_every_real_pool_title_in_its_pools_bracket_after_titles_apart_and_a_count_is_no_translation():
    """ "3 Rout, Hida Kisada (Imperial)": the bracket is the pool's title's own, not a translated title's card (checker.py
    `_remarks_tried`): like "3 Rout, Ambush", the line shows both ways to write its count, in both checkers, for every
    real-pool title that ends in a bracket."""
    lines, not_shown = _whose_count_not_shown(_real_index(), bracketed=True)
    assert lines > 10 and not_shown == [], not_shown[:20]


def _titles_misread_in_a_deck_tools_export(titles) -> list[str]:
    """Every title as a deck tool's XML export holds it, its characters as XML writes them: OCTGN's '<card qty="2"
    id="…">Title</card>' reads as "2 Title", Lackey's '<card><name id="…">Title</name><set>…</set></card>' as "1
    Title" (decklist.py deck_tool_line, after `unescaped`)."""
    from xml.sax.saxutils import escape

    from l5r.decklist import deck_tool_line, unescaped

    misread = []
    for title in (re.sub(r"</?i>", "", t) for t in titles):  # (the pool's italics, which no export holds)
        for line, expected in (
            (f'    <card qty="2" id="4f0c-0010">{escape(title)}</card>', f"2 {title}"),
            (f'\t\t<card><name id="x">{escape(title)}</name><set>IvoryEdition</set></card>', f"1 {title}"),
        ):
            if deck_tool_line(unescaped(line)) != expected:
                misread.append(line)
    return misread


def test_every_pool_title_reads_in_a_deck_tools_export():
    assert _titles_misread_in_a_deck_tools_export(i.title for i in support.index().identities) == []
    assert _titles_misread_in_a_deck_tools_export(["Rout <b>"]) != []  # the check can fail


@pytest.mark.realpool
def test_every_real_pool_title_reads_in_a_deck_tools_export():
    assert _titles_misread_in_a_deck_tools_export(i.title for i in _real_index().identities) == []


def _one_line_reader(index: CardIndex, several: bool = False):
    """A function reading one line under a deck header as the Obsidian Hand checker does: `read(line, section)` is
    (the count, the identity read), or None when the line is no single card line, or names none. `several`: a line of
    several titles is parted first (checker.py `_several`), and one that parts in more than one is None."""
    fmt = support.codex().format("obsidian-hand")
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)

    def read(line: str, section: str = "Dynasty"):
        parsed = parse_text(f"{section}:\n{line}\n")
        if len(parsed.cards) != 1 or parsed.issues:
            return None
        checker._suggested = 0  # (as check() starts each list)
        out = Findings()
        lines = checker._several(parsed.cards[0], out) if several else parsed.cards
        if len(lines) != 1:
            return None
        entry = checker._entry(lines[0], out)
        return None if entry is None else (lines[0].count, entry.identity)

    return read


# A remark in brackets after a title's level: the pool's word for a set, a card's own title, the author's words
_REMARKS_AFTER_A_LEVEL = ("(Emperor)", "(Imperial)", "(my MVP)")
# a second remark after the one in brackets, after a mark (checker.py `_remarks_taken_off`: "Shiba Tsukune - Exp 3
# (Emperor) // MVP")
_REMARKS_AFTER_A_REMARK = (
    "// MVP",
    "- the best card",
    "-- always",
    ": a must",
    "= key",
    "; MVP",
    "| MVP",
    "~ tech",
    "* MVP",
    "!!!",
    ":)",
    "?!",
)
# the author's words after the level with no mark, or after a bracket with none (checker.py LEVEL_THEN_WORDS,
# BRACKET_THEN_WORDS; decklist.py _SET_BEFORE_WORDS): "Hida Kuon Exp. Great card", "Hida Kuon exp 2 ver."
_WORDS_AFTER_A_LEVEL = (
    "great card",
    "MVP",
    "ver.",
    "best in the deck",
    "DE",
    "(DE) must have",
    "[my MVP] must have",
    "Diamond Edition",
)


def _levels_before_a_remark_misread(index: CardIndex) -> tuple[list[str], list[str]]:
    """Every deck card's title with a level written after it (after a comma or a space; "Exp 2", which most titles
    have no card at, and "Exp", which many have), then a remark in brackets ("Akodo Toturi, Exp 2 (Emperor)", "Hida
    Kisada, Exp 2 (Imperial)"), and so again with another remark after that one ("... (Emperor) // MVP"), and with a
    chat's mark glued to the level ("Hida Kuon Exp 2!"), and with the author's words after it with no mark ("Hida Kuon
    Exp 2 great card"): read as the
    line without the remarks is, the card at that level or the problem that no card of the title has it, never the
    title at another level (checker.py `_by_title_alone`) nor the card the bracket names. (misread, the lines
    walked)"""
    reading = _one_line_reader(index)
    misread, walked = [], []
    titles = sorted({re.sub(r"</?i>", "", i.title) for i in targets(index) if i.in_pool and i.deck in _SECTION})
    for n, title in enumerate(titles):
        if split_experience(title)[1] is not None or title.endswith(")"):
            continue
        for level in ("Exp 2", "Exp"):
            written = f"{title}{(', ', ' ')[n % 2]}{level}"
            alone = reading(f"1 {written}")
            if alone is None:
                continue
            remarked = f"{written} {_REMARKS_AFTER_A_LEVEL[n % 3]}"
            # (the second remark after the bracket, or in its place: "Asahina Hira Exp !!!")
            second = f"{(remarked, written)[n // 2 % 2]} {_REMARKS_AFTER_A_REMARK[n % len(_REMARKS_AFTER_A_REMARK)]}"
            # (and a chat's mark glued to the level: "Hida Kuon Exp 2!", "Hida Kisada, Exp?!")
            glued = f"{written}{('!', '?!')[n // 3 % 2]}"
            spaced = f"{written} {_WORDS_AFTER_A_LEVEL[n // 2 % len(_WORDS_AFTER_A_LEVEL)]}"
            for line in (remarked, second, glued, spaced):
                walked.append(line)
                # (a level with a set's tag read without it too: "Bayushi Aramoro, Exp (my MVP)" is Bayushi Aramoro
                # • ExperiencedKYD, as the line without its remark is)
                got = reading(f"1 {line}")
                if got != alone:
                    misread.append(f"{line}: {got and got[1] and got[1].key}, alone {alone[1] and alone[1].key}")
    return misread, walked


def test_every_pool_title_with_a_level_then_a_remark_reads_as_without_the_remark_in_both_checkers():
    index = support.index()
    misread, walked = _levels_before_a_remark_misread(index)
    assert len(walked) > at_least(1_000, index) and misread == [], f"{len(misread)} of {len(walked)}: {misread[:20]}"
    # (an odd stride: the lines with one remark and with two alternate)
    assert _lines_read_alike(index, walked[::3]) is None


@pytest.mark.realpool
def test_every_real_pool_title_with_a_level_then_a_remark_reads_as_without_the_remark_in_both_checkers():
    index = _real_index()
    misread, walked = _levels_before_a_remark_misread(index)
    assert len(walked) > at_least(20_000, index) and misread == [], f"{len(misread)} of {len(walked)}: {misread[:20]}"
    assert _lines_read_alike(index, walked[:: 81 if not sampling() else 13]) is None


_LEVEL_WORDS = ("Two", "Three", "Four", "Five", "Six")


def _levels_in_words_misread(index: CardIndex) -> tuple[list[str], list[str]]:
    """Every deck card's title that has a card at the first level ("Experienced"), with a level's number in words
    after it ("Hida Kisada Experienced Two", "Exp Three", the numbers in turn): read as the level in figures is ("Exp
    2": the card at that level, a subtitled one, or the problem that no card of the title has it), never as copies of
    the card at the first level (checker.py `_worded`: a count in words after a title). (misread, the lines walked)"""
    reading = _one_line_reader(index, several=True)
    misread, walked = [], []
    firsts = sorted({(i.title, i.deck) for i in targets(index) if i.experience == "Experienced" and i.deck in _SECTION})
    for n, (title, deck) in enumerate(firsts):
        number = n % len(_LEVEL_WORDS)
        in_figures = reading(f"1 {title} Exp {number + 2}", deck)
        for marker in ("Experienced", "Exp"):
            line = f"1 {title} {marker} {_LEVEL_WORDS[number]}"
            walked.append(line)
            if (got := reading(line, deck)) != in_figures:
                misread.append(f"{line}: {got and got[1] and got[1].key}, in figures {in_figures}")
    return misread, walked


def test_every_pool_title_with_a_level_in_words_reads_as_in_figures_in_both_checkers():
    index = support.index()
    misread, walked = _levels_in_words_misread(index)
    assert len(walked) > at_least(50, index) and misread == [], f"{len(misread)} of {len(walked)}: {misread[:20]}"
    assert _lines_read_alike(index, [w.removeprefix("1 ") for w in walked]) is None


@pytest.mark.realpool
def test_every_real_pool_title_with_a_level_in_words_reads_as_in_figures_in_both_checkers():
    index = _real_index()
    misread, walked = _levels_in_words_misread(index)
    assert len(walked) > at_least(1_000, index) and misread == [], f"{len(misread)} of {len(walked)}: {misread[:20]}"
    assert _lines_read_alike(index, [w.removeprefix("1 ") for w in walked[::3]]) is None


def _titles_misread_before_a_colon(index: CardIndex) -> list[str]:
    """Every title with its count after a colon, as a figure is written ("<title>: 3"), or a title that starts with a
    number with its count after it ("700 Soldier Plain x3"):
    read as the line "3 <title>" is (the same card, three copies), never as a figure about the deck (decklist.py
    _FIGURE) nor as a count the title's own number gives ("700 Soldier Plain: 3")."""
    reading = _one_line_reader(index)
    misread = []
    for title in sorted({i.title for i in targets(index) if i.in_pool and i.deck in _SECTION}):
        plain_reading = reading(f"3 {title}")
        # (" x3" after any other title is a style of the walk above; after a number the count must not be the number)
        lines = [f"{title}: 3", *([f"{title} x3"] if title[:1].isdigit() else [])]
        misread += [line for line in lines if reading(line) != plain_reading]
    return misread


def test_every_pool_title_reads_before_a_colon_and_its_count():
    assert _titles_misread_before_a_colon(support.index()) == []


@pytest.mark.realpool
def test_every_real_pool_title_reads_before_a_colon_and_its_count():
    assert _titles_misread_before_a_colon(_real_index()) == []


# The author's remark after the title's count, after each mark a remark follows (decklist.py _REMARK_AFTER_COUNT)
_COUNT_THEN_REMARK = (
    "{} x3 // MVP",
    "{} x3 - the best",
    "{} (3) -- always",
    "{} x3: always",
    "{} 3x = must",
    "{} x3 ... great",
    "{} - 3 <-- MVP",
    "{} x3 … tech",
    "{} x3, always",
    "3 {}, the best card in the deck",  # (after a comma: checker.py COMMA_BEFORE_REMARK)
    "3 {} : MVP",
    "3 {}; tech",
    "3 {} | MVP",
    "3 {} ~ always",
    "3 {} !!!",  # (marks alone: checker.py MARKS_TAIL)
    "3 {} :)",
    "3 {} (great)!",
    "3 {} **MVP**",  # (markdown's bold after a title: a remark, as its italics are; decklist.py _BOLD)
    "{} x3 **the best**",
    "3 {} * MVP",  # (a star between spaces: decklist.py _CARD_NAME, checker.py SAID_AFTER)
    "3 {} _MVP_",  # (and with underscores: decklist.py _UNDERSCORED)
    "{} x3 __always__",
    "3 {} (MVP) great card",  # (words after a bracket, no mark: checker.py BRACKET_THEN_WORDS)
    "3 {} [my note] must have",
)


def _misread_in_forms_in_turn(
    index: CardIndex, items, kinds: list[tuple[tuple[str, ...], int]], plain: str = "3 {}"
) -> list[str]:
    """The lines of `items` written in forms, that do not read as `plain` does ("3 <title>"): for each kind of forms,
    `per title` of them each item, the forms in turn (item n takes forms n·k, n·k+1, ...): every form meets a share
    of the items, every item some form of every kind. An item is a title, or a tuple of what the forms hold in order
    (a title, its level, a set: "{0}", "{1}", "{2}")."""
    reading = _one_line_reader(index)
    misread = []
    for n, item in enumerate(items):
        fields = item if isinstance(item, tuple) else (item,)
        expected = reading(plain.format(*fields))
        forms = [forms[(per * n + k) % len(forms)] for forms, per in kinds for k in range(per)]
        misread += [line for line in (f.format(*fields) for f in forms) if reading(line) != expected]
    return misread


def _titles_misread_before_a_remark(index: CardIndex) -> list[str]:
    """Every title before the author's remark after an ellipsis, spaced or glued, in dots or in one character ("3 Rout
    ... my favourite", "3 Rout... great", "3 Rout … MVP"; checker.py SAID_AFTER), and with its count after it, then a
    remark after any mark one follows ("Rout x3 // MVP", "Rout x3 - the best", "Rout (3) -- always", "Rout x3,
    always": decklist.py _REMARK_AFTER_COUNT), or after a comma ("3 Rout, the best card in the deck"): read as the
    line "3 <title>" is. Each title in one form of dots and two of the others, the forms in turn.
    A title that ends a sentence itself ("Fall Back!", "Lies, Lies, Lies...") makes the line two sentences, which
    reads as the author's words (prose.py): left out, as the title before a remark after a full stop would be."""
    dots = ("3 {} ... my favourite", "3 {}... great", "3 {} … MVP")
    titles = sorted({i.title for i in targets(index) if i.in_pool and i.deck in _SECTION})
    sentences = [t for t in titles if not t.endswith(("!", "?", ".", "…"))]
    return _misread_in_forms_in_turn(index, sentences, [(dots, 1), (_COUNT_THEN_REMARK, 2)])


def test_every_pool_title_reads_before_a_remark_after_dots_or_after_its_count():
    assert _titles_misread_before_a_remark(support.index()) == []


@pytest.mark.realpool
def test_every_real_pool_title_reads_before_a_remark_after_dots_or_after_its_count():
    assert _titles_misread_before_a_remark(_real_index()) == []


# A set after the title or after its count, then the author's remark, in brackets or after a mark (decklist.py
# _count_before_brackets, _SET_BEFORE_REMARK): "{0}" the title, "{1}" a set it was printed in
_SET_THEN_REMARK = (
    "3 {0} [{1}] // great",
    "{0} x3 [{1}] (MVP)",
    "{0} - 3 ({1}) <-- tech",
    "{0} [{1}] x3: always",
    "3x {0} {{{1}}} - the best",
    "{0} (x3) [{1}] = must",
    "{0} *3 ({1}) ... great",
    "{0} x3 ({1}) (only 1!)",
    # (the remark with no mark after the set's bracket: decklist.py _SET_BEFORE_WORDS)
    "3 {0} [{1}] must have",
    "{0} x3 {{{1}}} great card",
)


def _titles_misread_with_a_set_and_a_remark(index: CardIndex) -> list[str]:
    """Every title with a set it was printed in after it or after its count, then the author's remark in brackets or
    after a mark ("3 Rout [Ivory Edition] // great", "Rout x3 [Ivory Edition] (MVP)", "Rout - 3 (Ivory Edition) <--
    tech"): read as "3 <title> [<set>]" is, each title in two of the forms, the forms in turn. (A title that ends a
    sentence is left out, as in `_titles_misread_before_a_remark`.)"""
    printed: dict[str, str] = {}
    for i in sorted(targets(index), key=lambda i: i.key):
        if i.in_pool and i.deck in _SECTION and i.sets and not i.title.endswith(("!", "?", ".", "…")):
            printed.setdefault(i.title, i.sets[0])
    return _misread_in_forms_in_turn(index, sorted(printed.items()), [(_SET_THEN_REMARK, 2)], "3 {0} [{1}]")


# A card's level, then a set, then the author's remark (checker.py `_states_a_level`, `_with_acronym`): "{0}" the
# title, "{1}" the level as the pool writes it, "{2}" a set the card was printed in
_LEVEL_SET_THEN_REMARK = (
    "3 {0} - {1} (IE) // great",
    "{0} - {1} x3 [{2}] // great",
    "{0} ({1}) x3 (MVP)",
    "3 {0} {1} [{2}] - the best",
    "{0} - {1} [{2}] x3 <-- tech",
)


def _levels_misread_with_a_set_and_a_remark(index: CardIndex) -> list[str]:
    """Every card with a level, its level, a set and the author's remark after its title ("3 Kakita Shinichi -
    Experienced (IE) // great", "Asako Bairei - Experienced 3 x3 [Gold Edition] // great"): read as "3 <title> -
    <level> [<set>]" is, never as the card at no level (the level is no remark), each card in two of the forms in
    turn."""
    levelled = sorted(
        (i.title, i.experience, i.sets[0])
        for i in targets(index)
        if i.in_pool and i.deck in _SECTION and i.experience and i.sets
    )
    return _misread_in_forms_in_turn(index, levelled, [(_LEVEL_SET_THEN_REMARK, 2)], "3 {0} - {1} [{2}]")


def test_every_pool_card_with_a_level_reads_with_a_set_and_a_remark_after_it():
    assert _levels_misread_with_a_set_and_a_remark(support.index()) == []


@pytest.mark.realpool
def test_every_real_pool_card_with_a_level_reads_with_a_set_and_a_remark_after_it():
    assert _levels_misread_with_a_set_and_a_remark(_real_index()) == []


def test_every_pool_title_reads_with_a_set_and_a_remark_after_it():
    assert _titles_misread_with_a_set_and_a_remark(support.index()) == []


@pytest.mark.realpool
def test_every_real_pool_title_reads_with_a_set_and_a_remark_after_it():
    assert _titles_misread_with_a_set_and_a_remark(_real_index()) == []


# A price after a card, as a list of cards for sale writes one (decklist.py _PRICE)
_PRICED = (
    "3 {} - $0.50",
    "{} x3 @ $1.25",
    "3x {} ($0.25 ea)",
    "{} x3 — 0,50 €",
    "3 {} £2",
    "{} (3) [$1 each]",
    "3 {} 25¢",
    "3 {} ... $4.00",
)


def _titles_misread_with_a_price(index: CardIndex) -> list[str]:
    """Every title with a price after it or after its count ("3 <title> - $0.50", "<title> x3 @ $1.25", "3x <title>
    ($0.25 ea)"): read as the line "3 <title>" is, each title in two of the forms, the forms in turn. No pool title
    holds a currency's sign, so none loses its end."""
    titles = sorted({i.title for i in targets(index) if i.in_pool and i.deck in _SECTION})
    signed = [title for title in titles if set(title) & set("$€£¥¢")]
    return signed + _misread_in_forms_in_turn(index, titles, [(_PRICED, 2)])


def test_every_pool_title_reads_with_a_price_after_it():
    assert _titles_misread_with_a_price(support.index()) == []


@pytest.mark.realpool
def test_every_real_pool_title_reads_with_a_price_after_it():
    assert _titles_misread_with_a_price(_real_index()) == []


def _titles_misread_after_a_clan(titles) -> list[str]:
    """Every title after a clan's name, as a list sorted by clan writes it ("Lion - Rout", "Crab: Rout": the checker's
    CLAN_PREFIX leaves the title whole, as after a pre-game label with no colon, "sensei Rout"; "3 [Lion] Rout": the reader reads 3 of the title)."""
    from l5r.engine.deck.checker import CLAN_PREFIX

    misread = []
    for title in titles:
        title = re.sub(r"</?i>", "", title)
        if not (title[:1].isalnum() or title[:1] in "\"'"):
            continue  # (a clan's name is left out only before a letter, a figure or a quote)
        for line in (f"Lion - {title}", f"Crab: {title}", f"sensei {title}"):  # (a label with no colon too)
            if not (match := CLAN_PREFIX.match(line)) or match["rest"] != title:
                misread.append(line)
        read = parse_card_line(f"3 [Lion] {title}", 1, None)
        if not isinstance(read, CardLine) or read.count != 3 or reading_key(read.written) != reading_key(title):
            misread.append(f"3 [Lion] {title}")
    return misread


def test_every_pool_title_reads_after_a_clan():
    assert _titles_misread_after_a_clan(i.title for i in support.index().identities) == []
    assert _titles_misread_after_a_clan(["Exp 2"]) != []  # the check can fail


@pytest.mark.realpool
def test_every_real_pool_title_reads_after_a_clan():
    index = _real_index()
    assert _titles_misread_after_a_clan(i.title for i in index.identities) == []


def _titles_misread_when_wrapped(titles) -> list[str]:
    """Every title broken at a hyphen at a line's end, as a PDF or a mail wrapped at 72 columns breaks it: inside its
    longest word ("3 Hida Tak-", "euchi") and at each hyphen of its own ("3 Kaiu-", "Built Defenses"). The list reads
    one card line, the title's (compared by the reading key: a break at the title's own hyphen before a small letter,
    "Jumonji-" and "yari", reads as "Jumonjiyari", which the key reads as the title)."""
    lines, wanted = ["Cards:"], {}  # one list of them all, read once: the line each starts on -> its title
    for title in titles:
        title = re.sub(r"</?i>", "", title)
        words = [m for m in re.finditer(r"[A-Za-z]{4,}", title) if not m.group(0).isupper()]
        breaks = [m.start() + len(m.group(0)) // 2 for m in words[:1]] + [m.end() for m in re.finditer(r"-", title)]
        for at in breaks:
            first, rest = title[:at].rstrip("-"), title[at:].lstrip("-")
            if first and rest and first[-1].isalpha() and rest[0].isalpha():
                wanted[len(lines) + 1] = (title, f"{first}- / {rest}")
                lines += [f"3 {first}-", rest, ""]
    read = {card.line: card for card in parse_text("\n".join(lines)).cards}
    return [
        shown
        for line, (title, shown) in wanted.items()
        if line not in read or read[line].count != 3 or reading_key(read[line].written) != reading_key(title)
    ] + [f"line {card.line}: {card.written}" for line, card in read.items() if line not in wanted]


def test_every_pool_title_broken_at_a_lines_end_reads_whole():
    assert _titles_misread_when_wrapped(i.title for i in support.index().identities if i.deck in _SECTION) == []
    assert _titles_misread_when_wrapped(["Rout"]) == []  # (too short to break)


@pytest.mark.realpool
def test_every_real_pool_title_broken_at_a_lines_end_reads_whole():
    index = _real_index()
    assert _titles_misread_when_wrapped({i.title for i in targets(index) if i.deck in _SECTION}) == []


def _misread_in_two_columns(identities) -> list[str]:
    """Every deck card title in a list laid out in two columns, Dynasty on the left and Fate on the right as a printed
    handout has them ("DYNASTY (40)      FATE (40)", then "3 Hida Reigoro      3 Will"): each is read in its column's
    deck, with its count, as its own line is."""
    dynasty = [re.sub(r"</?i>", "", i.key) for i in identities if i.deck == "Dynasty"]
    fate = [re.sub(r"</?i>", "", i.key) for i in identities if i.deck == "Fate"]
    width = max(map(len, dynasty + fate)) + 8
    rows = [f"{'3 ' + d:<{width}}2 {f}" for d, f in zip(dynasty, fate)]
    deck = parse_text("\n".join([f"{'DYNASTY (40)':<{width}}FATE (40)", *rows]))
    read = collections.defaultdict(list)
    for card in deck.cards:
        read[card.line].append(card)
    misread = []
    for number, (d, f) in enumerate(zip(dynasty, fate), start=2):
        want = [(3, "dynasty", parse_card_line(f"3 {d}", 1, None)), (2, "fate", parse_card_line(f"2 {f}", 1, None))]
        got = read.get(number, [])
        if [(c.count, c.section, c.name, c.experience) for c in got] != [
            (n, s, w.name, w.experience) for n, s, w in want if isinstance(w, CardLine)
        ]:
            misread.append(f"{d} | {f}")
    return misread


def test_every_pool_title_reads_in_a_list_of_two_columns():
    assert _misread_in_two_columns(support.index().identities) == []


@pytest.mark.realpool
def test_every_real_pool_title_reads_in_a_list_of_two_columns():
    index = _real_index()
    assert _misread_in_two_columns(targets(index)) == []


def _misread_in_wrapped_lists(index: CardIndex) -> list[str]:
    """Every title of a deck card with no level, 30 to a line of titles each with its count ("3 A, 3 B, ..."), the
    line wrapped at 72 columns as a mail wraps it (at spaces and at hyphens): the wrapped list reads as the one line
    does, part for part (by the reading key: a title broken at its own hyphen reads as one word). (How the one line
    is parted into titles is the test of lists of titles, not of wrapping.) Not read so: the list's last title broken
    with no comma after it ("..., 3 A" then "False Accusation"), which looks like a card line of its own."""
    import textwrap

    fmt = support.codex().format("obsidian-hand")
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)
    checker._suggested = 0
    titles = sorted(
        {re.sub(r"</?i>", "", i.title) for i in targets(index) if i.deck in ("Dynasty", "Fate") and not i.experience}
    )

    def parts(text: str) -> list[str]:
        cards = parse_text(text).cards
        return [reading_key(one.written) for card in cards for one in checker._several(card, Findings())]

    misread, tried = [], 0
    for start in range(0, len(titles), 30):
        line = ", ".join(f"3 {t}" for t in titles[start : start + 30])
        wrapped = textwrap.wrap(line, 72)
        if len(wrapped) > 1 and not re.search(r",\s+[0-9]+\s", wrapped[-1]) and not wrapped[-2].endswith(","):
            continue  # the last title broken, no count after it: "3 A" then "False Accusation" (a known limit)
        tried += 1
        if parts("\n".join(wrapped)) != parts(line):
            misread.append(line[:60])
    assert tried > 0.6 * len(range(0, len(titles), 30))
    return misread


def test_every_pool_title_reads_in_a_list_wrapped_at_72_columns():
    assert _misread_in_wrapped_lists(support.index()) == []


@pytest.mark.realpool
def test_every_real_pool_title_reads_in_a_list_wrapped_at_72_columns():
    index = _real_index()
    assert _misread_in_wrapped_lists(index) == []


def _family_slips(identities) -> list[tuple[str, str]]:
    """(the name written, the Personality meant) for each deck's Personality of two words ("Ikoma Satoru") written with
    another family's name ("Matsu Satoru", the family of the Personality after it in the pool), where at most two
    Personalities of two words share its given name."""
    personalities = sorted(
        {i.title for i in identities if "Personality" in i.types and i.deck != "Other" and i.title.count(" ") == 1}
    )
    by_given = collections.Counter(t.split(" ")[1].lower() for t in personalities)
    families = [t.split(" ")[0] for t in personalities]
    slips = []
    for n, title in enumerate(personalities):
        family, given = title.split(" ")
        other = next((f for f in families[n + 1 :] + families[:n] if f.lower() != family.lower()), None)
        if other and by_given[given.lower()] <= 2:
            slips.append((f"{other} {given}", title))
    return slips


def _slips_not_suggested(index: CardIndex, slips) -> list[str]:
    """The slips whose Personality `suggest` leaves out: the first it names (index.py family_slips, at most two); the
    whole "did you mean" for the first hundred (a deck's, MAX_SUGGESTED_PER_DECK), the rest by the slips alone."""
    return [
        f"{written} (for {meant}): {index.suggest(written)}"
        for n, (written, meant) in enumerate(slips)
        if meant not in (index.suggest(written) if n < 100 else index.family_slips(written)[:2])
    ]


def test_a_personalitys_family_name_slip_suggests_the_personality():
    """ "Matsu Satoru" is Ikoma Satoru with the family name slipped: "did you mean" names it first (index.py suggest)."""
    index = support.index()
    slips = _family_slips(index.identities)
    assert _slips_not_suggested(index, slips) == []
    assert _slips_not_suggested(index, [("Matsu Satoru", "Hida Kisada")]) != []  # the check can fail


@pytest.mark.realpool
def test_every_real_pool_personalitys_family_name_slip_suggests_it_in_both_checkers():
    index = _real_index()
    slips = _family_slips(index.identities)
    assert len(slips) > 500
    assert _slips_not_suggested(index, slips) == []
    # the browser's checker suggests the same titles: one list of the first 100 slips, checked by both
    text = "Dynasty:\n" + "\n".join(f"1 {written}" for written, _ in slips[:100])
    assert _difference_between_the_checkers(index, text) is None


def _shortened_misread(index: CardIndex) -> list[str]:
    """Every deck's Personality of two words written by its given name alone, where no other such Personality has it,
    and every pre-game card's title cut after each of its words (a leading article aside), where no other pre-game
    title starts so: each reads as its card (index.py shortened); counted here from the titles, not by it."""
    from l5r.cardpool.names import reading_key_words as words

    misread = []
    personalities = {
        i.title for i in index.identities if "Personality" in i.types and i.deck != "Other" and i.title.count(" ") == 1
    }
    given = collections.Counter(title_key(t).split(" ")[1] for t in personalities)
    # a given name that is also a title before its subtitle ("Toturi": Akodo Toturi, and Toturi, the Black Lion) is
    # short for both (`_subtitles_left_out_misread`)
    heads = {
        " ".join(words(i.title.partition(", ")[0])) for i in index.identities if ", " in i.title and i.deck != "Other"
    }
    for title in sorted(personalities):
        name = title.split(" ")[1]
        if given[title_key(name)] == 1 and " ".join(words(name)) not in heads and index.shortened(name, False) != title:
            misread.append(f"{name} (for {title}): {index.shortened(name, False)}")
    pre_game = sorted({i.title for i in index.identities if i.deck == "Pre-Game"})
    cut = collections.Counter(tuple(words(t)[:n]) for t in pre_game for n in range(1, len(words(t)) + 1))
    for title in pre_game:
        for n in range(1, len(words(title)) + 1):
            if cut[tuple(words(title)[:n])] == 1 and index.shortened(" ".join(words(title)[:n]), True) != title:
                misread.append(f"{' '.join(words(title)[:n])} (for {title})")
    return misread


def test_every_pool_name_shortened_as_players_write_it_reads_as_its_card():
    assert _shortened_misread(support.index()) == []


@pytest.mark.realpool
def test_every_real_pool_name_shortened_as_players_write_it_reads_as_its_card():
    index = _real_index()
    assert _shortened_misread(index) == []


def _subtitles_left_out_misread(index: CardIndex) -> tuple[list[str], dict[str, list[str]]]:
    """Every deck card's title with a subtitle after its comma, written without it ("Asahina Takuma" for Asahina
    Takuma, Twin Forks Governor), and a Personality's without its family name ("Kano, Master Tactician" for Akodo
    Kano, Master Tactician), where the name is no card's title: the one card of the one title it stands for is read
    (at its one level, when it has levels only); a title of several cards, or several titles, is an unknown card
    whose "did you mean" names them (with, for a name of one word, the Personalities of two words with that given
    name). (misread, the names walked by their card's deck); worked out here from the titles."""
    from l5r.cardpool.names import reading_key_words as words

    reading = _line_reader(index)
    deck_titles = {i.title: i for i in index.identities if i.deck != "Other"}
    people = {t for t, i in deck_titles.items() if "Personality" in i.types}
    forms: dict[str, tuple[str, list[str]]] = {}  # the name's reading words -> (the name, the titles it stands for)

    def stands_for(name: str, title: str) -> None:
        if key := " ".join(w for w in words(name) if w):
            forms.setdefault(key, (name, []))[1].append(title)

    for title in deck_titles:
        head, comma, _ = title.partition(", ")
        if comma:
            stands_for(head, title)
            if title in people and title_key(head).count(" ") == 1:
                stands_for(title.split(" ", 1)[1], title)
    # a name of one word is a Personality's given name too ("Tochiko": Heichi Tochiko)
    given_names: dict[str, list[str]] = collections.defaultdict(list)
    for person in people:
        if (key := title_key(person)).count(" ") == 1:
            given_names[key.split(" ")[1]].append(person)
    misread: list[str] = []
    walked: dict[str, list[str]] = collections.defaultdict(list)
    for _, (name, titles) in sorted(forms.items()):
        deck = deck_titles[titles[0]].deck
        if deck == "Pre-Game" or index.titled_loosely(name) or singulars(name):
            # the name is a card's own title, or reads as a plural: not this class (and a pre-game card's title
            # cut short is read by its first words, `_shortened_misread`)
            continue
        walked[deck].append(name)
        titles = sorted(set(titles + given_names.get(title_key(name), [])), key=lambda t: (title_key(t), t))
        identity, said = reading(name, _SECTION[deck])
        got = identity.title if identity is not None else None
        if len(titles) > 1:
            if got is not None or said != [titles[:3]]:
                misread.append(f"{name}: {got} {said} (not unknown, suggesting {titles[:3]})")
            continue
        found = index.find(titles[0], None, None, deck)
        cards = (
            [found.identity]
            if found.identity
            else list(found.candidates) or [i for i in index.titled(titles[0]) if i.deck != "Other"]
        )
        if len(cards) == 1 and got != titles[0]:
            misread.append(f"{name}: {got} {said} (not {titles[0]})")
        elif len(cards) > 1 and (got is not None or said != [[c.key for c in cards][:3]]):
            misread.append(f"{name}: {got} {said} (not unknown, suggesting {[c.key for c in cards][:3]})")
    return misread, walked


def test_every_pool_title_without_its_subtitle_reads_as_its_card_or_suggests_them():
    misread, walked = _subtitles_left_out_misread(support.index())
    assert sum(map(len, walked.values())) >= 5 and misread == []


@pytest.mark.realpool
def test_every_real_pool_title_without_its_subtitle_reads_as_its_card_or_suggests_them_in_both_checkers():
    index = _real_index()
    misread, walked = _subtitles_left_out_misread(index)
    assert sum(map(len, walked.values())) >= 100 and misread == [], misread[:20]
    # the browser's checker reads them alike: one list of them all, under their decks' headers
    text = "".join(f"{deck}:\n" + "".join(f"1 {head}\n" for head in heads) for deck, heads in sorted(walked.items()))
    assert _difference_between_the_checkers(index, text) is None


def _subtitles_in_brackets_misread(index: CardIndex) -> tuple[list[str], list[str]]:
    """Every Dynasty or Fate card's title with a subtitle after its comma, printed at levels only, whose name before
    the comma is another card's title, written with the subtitle in brackets and no level ("Akodo Kano (Master
    Tactician)", of which only Experienced 2 is printed): never read as the other card with a remark; the one card
    of that title where it has one. (misread, the lines walked)."""
    reading = _dynasty_line_reader(index)
    by_title = collections.defaultdict(list)
    for i in index.identities:
        if i.deck in ("Dynasty", "Fate"):
            by_title[i.title].append(i)
    misread, walked = [], []
    for title, cards in sorted(by_title.items()):
        head, comma, rest = title.partition(", ")
        if not comma or "(" in title or any(not c.experience for c in cards) or not index.titled(head):
            continue
        written = f"{head} ({rest})"
        walked.append(written)
        got = reading(written)
        meant = [i for i in index.titled_loosely(written) if i.deck in ("Dynasty", "Fate")]  # (two may differ in case)
        if (got is not None and got not in meant) or (len(meant) == 1 and got is not meant[0]):
            misread.append(f"{written}: {got and got.key} (not {[c.key for c in meant]})")
    return misread, walked


@pytest.mark.realpool
def test_every_real_pool_subtitle_in_brackets_with_no_level_reads_as_its_card_in_both_checkers():
    index = _real_index()
    misread, walked = _subtitles_in_brackets_misread(index)
    assert len(walked) >= 20 and misread == [], misread[:20]
    assert _lines_read_alike(index, walked) is None


def _given_names_with_a_level_misread(index: CardIndex) -> tuple[list[str], list[str]]:
    """Every given name of the Personalities of two words (before a subtitle), with each level one of their titles
    alone is printed at, written "<given name> <level>" ("Kano Experienced 2" for Akodo Kano, Master Tactician, the
    one Kano at that level), where the name is no card's own title: read as that title's card at that level.
    (misread, the lines walked); worked out here from the titles."""
    reading = _dynasty_line_reader(index)
    people = collections.defaultdict(set)  # given name -> the titles
    for i in index.identities:
        head = title_key(i.title.partition(", ")[0])
        if "Personality" in i.types and i.deck == "Dynasty" and head.count(" ") == 1:
            people[head.split(" ")[1]].add(i.title)
    misread, walked = [], []
    for _, titles in sorted(people.items()):
        name = min(titles).partition(", ")[0].split(" ")[1]
        if index.titled_loosely(name) or singulars(name):
            continue
        at = collections.defaultdict(list)  # experience key -> the cards of the titles at that level
        for title in titles:
            for i in index.titled(title):
                if i.experience and i.deck == "Dynasty":
                    at[experience_key(i.experience)].append(i)
        for cards in at.values():
            if len({c.title for c in cards}) != 1 or len(cards) != 1:
                continue
            written = f"{name} {cards[0].experience}"
            walked.append(written)
            if (got := reading(written)) is not cards[0]:
                misread.append(f"{written}: {got and got.key} (not {cards[0].key})")
    return misread, walked


def test_a_given_name_with_a_level_reads_as_the_one_card_of_that_name_at_that_level():
    misread, walked = _given_names_with_a_level_misread(support.index())
    assert walked and misread == []


@pytest.mark.realpool
def test_every_real_pool_given_name_with_a_level_reads_as_its_card_in_both_checkers():
    index = _real_index()
    misread, walked = _given_names_with_a_level_misread(index)
    assert len(walked) > 200 and misread == [], f"{len(misread)} of {len(walked)}: {misread[:20]}"
    assert _lines_read_alike(index, walked[:300]) is None


def _titles_misread_in_italics(titles) -> list[str]:
    """Every title in markdown's italics ("3x *Rout*"), and with the author's remark in italics after it ("3 Rout *my
    MVP*"): the line reads as "3 Rout" does, the remark in brackets after the title (decklist.py _ITALIC)."""
    misread = []
    for title in sorted(set(titles)):
        title = re.sub(r"</?i>", "", title)
        plain_read = parse_text(f"Dynasty:\n3 {title}\n")
        if len(plain_read.cards) != 1 or plain_read.issues:
            continue  # (a title read otherwise alone is the other walks' to try)
        for line, written in ((f"3x *{title}*", title), (f"3 {title} *my MVP*", f"{title} (my MVP)")):
            read = parse_text(f"Dynasty:\n{line}\n")
            expected = dataclasses.replace(plain_read.cards[0], written=written)
            got = read.cards[0] if len(read.cards) == 1 and not read.issues else None
            if got is None or (got.count, got.written) != (expected.count, expected.written):
                misread.append(line)
    return misread


def test_every_pool_title_reads_in_italics_and_before_a_remark_in_them():
    assert _titles_misread_in_italics(i.title for i in support.index().identities) == []
    assert _titles_misread_in_italics(["Rout*"]) != []  # the check can fail: a title's own star is no italics'


@pytest.mark.realpool
def test_every_real_pool_title_reads_in_italics_and_before_a_remark_in_them():
    index = _real_index()
    misread = _titles_misread_in_italics(i.title for i in targets(index))
    assert misread == [], misread[:20]


def _levels_without_their_tag_misread(index: CardIndex) -> tuple[list[str], list[str]]:
    """Every deck card whose level the pool writes with a set's tag (Ikoma Ujiaki • Experienced 2KYD, Hida Yakamo,
    Seven Thunder • Experienced 2CW), where it is the one deck card of its title at that level whatever the tag: its
    full title with the level written without the tag ("Ikoma Ujiaki - Exp 2", "Toturi exp 3", "Exp" for the first
    level) reads as that card (checker.py `_level_without_its_tag`). (misread, the lines walked.)"""
    reading = _line_reader(index)
    misread, walked = [], []
    for ident in sorted(index.identities, key=lambda i: i.key):
        level = experience_key(ident.experience)
        tagged = re.fullmatch(r"(experienced(?:[0-9]+(?:\.[0-9]+)?)?)([a-z]{2,4})", level)
        if not tagged or ident.deck not in ("Dynasty", "Fate") or not ident.in_pool:
            continue
        same = [
            i
            for i in index.titled(ident.title)
            if i.deck != "Other"
            and experience_key(i.experience).startswith(tagged[1])
            and re.fullmatch(r"[a-z]{0,4}", experience_key(i.experience)[len(tagged[1]) :])
        ]
        if same != [ident]:
            continue
        number = tagged[1].removeprefix("experienced")
        title = re.sub(r"</?i>", "", ident.title)
        written = (
            f"{title} - Exp {number}".rstrip() if len(walked) % 2 else f"{title} exp{' ' + number if number else ''}"
        )
        walked.append(written)
        if (got := reading(written, ident.deck.lower())[0]) is not ident:
            misread.append(f"{written}: {got and got.key} (not {ident.key})")
    return misread, walked


def test_a_level_written_without_its_tag_reads_as_the_one_card_at_that_level():
    misread, walked = _levels_without_their_tag_misread(support.index())
    assert misread == []
    # (the fixture pool: one such card at least, or the walk tries nothing)
    assert walked, "the fixture pool holds no card whose level carries a set's tag alone at its level"


@pytest.mark.realpool
def test_every_real_pool_level_written_without_its_tag_reads_as_its_card_in_both_checkers():
    index = _real_index()
    misread, walked = _levels_without_their_tag_misread(index)
    assert len(walked) >= 10 and misread == [], f"{len(misread)} of {len(walked)}: {misread[:20]}"
    assert _lines_read_alike(index, walked) is None


def _given_names_at_a_level_no_card_has(index: CardIndex) -> tuple[list[str], list[str]]:
    """Every deck's Personality of two words whose given name no other such Personality (nor a title before its
    subtitle) has, and none of whose cards (nor those of a subtitled title with that given name) is at the first
    level, written "<given name> exp" ("Reigoro exp"): an
    unknown card whose "did you mean" names the title's cards, not a card read at a level the line does not state.
    (misread, the lines walked)."""
    from l5r.cardpool.names import reading_key_words as words

    reading = _line_reader(index)
    personalities = {
        i.title for i in index.identities if "Personality" in i.types and i.deck != "Other" and i.title.count(" ") == 1
    }
    given = collections.Counter(title_key(t).split(" ")[1] for t in personalities)
    heads = {
        " ".join(words(i.title.partition(", ")[0])) for i in index.identities if ", " in i.title and i.deck != "Other"
    }
    named_so = collections.defaultdict(list)  # a given name -> the cards of its titles of two words and a subtitle
    for i in index.identities:
        head = title_key(i.title.partition(", ")[0])
        if "Personality" in i.types and i.deck != "Other" and ", " in i.title and head.count(" ") == 1:
            named_so[head.split(" ")[1]].append(i)
    misread, walked = [], []
    for title in sorted(personalities):
        name = title.split(" ")[1]
        cards = [i for i in index.titled(title) if i.deck != "Other"]
        if given[title_key(name)] > 1 or " ".join(words(name)) in heads or index.titled_loosely(name):
            continue
        # (no title of that given name, subtitled ones too, at the first level: `_given_names_with_a_level_misread`)
        if any(experience_key(i.experience) == experience_key("exp") for i in cards + named_so[title_key(name)]):
            continue
        walked.append(f"{name} exp")
        identity, said = reading(f"{name} exp", "dynasty")
        if identity is not None or said != [[c.key for c in cards][:3]]:
            misread.append(f"{name} exp: {identity and identity.key} {said} (not {[c.key for c in cards][:3]})")
    return misread, walked


def test_a_given_name_at_a_level_its_cards_lack_suggests_them():
    misread, walked = _given_names_at_a_level_no_card_has(support.index())
    assert walked and misread == []


@pytest.mark.realpool
def test_every_real_pool_given_name_at_a_level_its_cards_lack_suggests_them_in_both_checkers():
    index = _real_index()
    misread, walked = _given_names_at_a_level_no_card_has(index)
    assert len(walked) > 300 and misread == [], misread[:20]
    assert _lines_read_alike(index, walked[:200]) is None


def _given_names_of_several_cards(index: CardIndex) -> list[tuple[str, list[str]]]:
    """(given name, the cards its title names) for every deck's Personality of two words whose given name no other
    such Personality has, and whose title is several cards' ("Kisada": Hida Kisada (Imperial) and (Emperor))."""
    personalities = {
        i.title for i in index.identities if "Personality" in i.types and i.deck != "Other" and i.title.count(" ") == 1
    }
    given = collections.Counter(title_key(t).split(" ")[1] for t in personalities)
    out = []
    for title in sorted(personalities):
        name, found = title.split(" ")[1], index.find(title, None, None, "Dynasty")
        if given[title_key(name)] == 1 and found.identity is None and len(found.candidates) > 1:
            out.append((name, [c.key for c in found.candidates][:3]))
    return out


def _given_names_not_suggesting_their_cards(index: CardIndex, names: list[tuple[str, list[str]]]) -> list[str]:
    """Each name on a line of its own: an unknown card whose suggestions are the cards its title names, in order."""
    fmt = support.codex().format("obsidian-hand")
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)
    deck = parse_text("Dynasty:\n" + "\n".join(f"1 {name}" for name, _ in names))
    report = checker.check(deck, dt.date(2016, 3, 1))
    said = {p.line: list(p.suggestions or ()) for p in report.problems if p.code == "unknown-card"}
    return [f"{name}: {said.get(n)} (not {cards})" for n, (name, cards) in enumerate(names, 2) if said.get(n) != cards]


def test_a_given_name_whose_title_is_several_cards_suggests_them():
    """ "3 Kisada": the title it is short for (index.py shortened) names two cards; the line is an unknown card, and
    "did you mean" names those two, not titles that merely look like it (checker.py _by_typo)."""
    index = support.index()
    names = _given_names_of_several_cards(index)
    assert names and _given_names_not_suggesting_their_cards(index, names) == []
    assert _given_names_not_suggesting_their_cards(index, [("Kisada", ["Hida Kisada"])]) != []  # the check can fail


@pytest.mark.realpool
def test_every_real_pool_given_name_whose_title_is_several_cards_suggests_them_in_both_checkers():
    index = _real_index()
    names = _given_names_of_several_cards(index)
    assert len(names) >= 3  # Kisada, Yakamo, Keyo
    assert _given_names_not_suggesting_their_cards(index, names) == []
    text = "Dynasty:\n" + "\n".join(f"1 {name}" for name, _ in names)
    assert _difference_between_the_checkers(index, text) is None


def _difference_between_the_checkers(index: CardIndex, text: str) -> str | None:
    """Where the browser's checker (under Node) and the Python one first differ on one list in Obsidian Hand; None:
    the same JSON."""
    from decks.node_checker import first_difference, kept

    python, browser = kept(index).run([{"text": text, "format": "obsidian-hand", "as_of": "2016-03-01"}])
    return first_difference(python[0], browser[0])


def _line_reader(index: CardIndex) -> Callable[[str, str], tuple[Identity | None, list[list[str]]]]:
    """The card the line "1 <text>" names under a section's header in Obsidian Hand (None: no card), as the checker
    reads it, and the suggestions of each `unknown-card` problem it reports."""
    fmt = support.codex().format("obsidian-hand")
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)

    def reading(text: str, section: str) -> tuple[Identity | None, list[list[str]]]:
        read = parse_card_line(f"1 {text}", 1, section)
        if not isinstance(read, CardLine):
            return None, []
        checker._suggested = 0  # (as check() starts each list)
        out = Findings()
        entry = checker._entry(read, out)
        said = [list(p.suggestions or ()) for p in out.problems if p.code == "unknown-card"]
        return (entry.identity if entry is not None else None), said

    return reading


def _dynasty_line_reader(index: CardIndex) -> Callable[[str], Identity | None]:
    """The card the line "1 <text>" names under a Dynasty header (`_line_reader`)."""
    reading = _line_reader(index)
    return lambda text: reading(text, "dynasty")[0]


def _lines_read_alike(index: CardIndex, lines: list[str]) -> str | None:
    """`_difference_between_the_checkers` on one list of these lines, each "1 <line>" under a Dynasty header."""
    return _difference_between_the_checkers(index, "Dynasty:\n" + "".join(f"1 {line}\n" for line in lines))


def _glued_twice_misread(index: CardIndex) -> tuple[list[str], int]:
    """Every deck card's title written twice with no space between, as a web page's card image and its caption are
    copied ("Iron MineIron Mine"; and with its last word made plural the second time, "Iron MineIron Mines"): read as
    the title written once is read, once (checker.py _glued_twice). A title that starts with no capital or ends with
    no small letter glues no such seam, and is not tried; nor is one that ends in a level's words ("Kitsu Kouki •
    Experienced" is a pool title): glued, its level is read nowhere. Returns the misreadings and the forms tried."""
    reading = _dynasty_line_reader(index)

    misread, tried = [], 0
    titles = sorted({re.sub(r"</?i>", "", i.title) for i in targets(index) if i.in_pool and i.deck == "Dynasty"})
    for title in titles:
        if not (title[:1].isupper() and title[-1:].islower()) or split_experience(title)[1] is not None:
            continue
        once = reading(title)
        if once is None:
            continue
        for text in (title + title, title + title + "s"):
            tried += 1
            if (got := reading(text)) is not once:
                misread.append(f"{text}: {got.key if got else None}, not {once.key}")
    return misread, tried


def test_every_pool_title_glued_to_itself_reads_as_it_once():
    misread, tried = _glued_twice_misread(support.index())
    assert tried > at_least(500, support.index()) and misread == []


@pytest.mark.realpool
def test_every_real_pool_title_glued_to_itself_reads_as_it_once():
    index = _real_index()
    misread, tried = _glued_twice_misread(index)
    assert tried > at_least(5000, index) and misread == []


def _titles_read_as_a_captioned_header(titles) -> list[str]:
    """Every title as a line of its own, alone or after a count: never a header with a picture's caption glued to it
    (decklist.py _captioned_header), which would take the line for no card."""
    from l5r.decklist import _CAPTIONED_HEADER, read_header

    out = []
    for title in titles:
        for line in (title, f"3 {title}", f"3x {title}"):
            glued = _CAPTIONED_HEADER.match(plain(line))
            if glued and read_header(glued["header"].rstrip()) is not None:
                out.append(line)
    return out


def test_no_pool_title_reads_as_a_header_with_a_caption_and_every_title_is_a_caption_there():
    index = support.index()
    assert _titles_read_as_a_captioned_header(i.title for i in index.identities) == []
    assert _titles_read_as_a_captioned_header(["Fate – (40)Army Like a Tide"]) != []  # the check can fail
    titles = sorted({re.sub(r"</?i>", "", i.title) for i in index.identities if i.deck in ("Dynasty", "Fate")})
    titles = [t for t in titles if t[:1].isupper() and "(" not in t and ")" not in t]
    deck = parse_text("Pre-Game\n1 Kaiu Shiro\n" + "\n".join(f"Fate – (40){t}\n1 Rout" for t in titles))
    assert [i.text for i in deck.issues if i.caption] == titles
    assert all(c.section == "fate" for c in deck.cards if c.name == "Rout") and len(deck.cards) == len(titles) + 1


@pytest.mark.realpool
def test_no_real_pool_title_reads_as_a_header_with_a_caption():
    assert _titles_read_as_a_captioned_header(i.title for i in _real_index().identities) == []


def _abbreviated_forms(title: str, every: bool) -> list[str]:
    """A title of two words or more with its words abbreviated as a post written on a phone has them: each word of
    five letters or more cut to its first three and a full stop ("Fam. Baz."; `every`), or the first such word alone
    ("Fam. Bazaar"). (A title of one word is no player's to abbreviate: "Exp." for Expansion is a level.)"""
    words = re.sub(r"</?i>", "", title).split(" ")
    long = [n for n, w in enumerate(words) if len(w) >= 5 and w.isalpha()]
    if not long or len(words) < 2:
        return []
    return [" ".join(f"{w[:3]}." if (n in long if every else n == long[0]) else w for n, w in enumerate(words))]


def _abbreviations_misread(index: CardIndex) -> tuple[list[str], collections.Counter]:
    """Every deck card's title with its words abbreviated (`_abbreviated_forms`), on a deck's line: read as the
    title written whole is read (the level the checker chooses, said in a warning), or, where the short form fits
    several titles, an unknown card; never another card, but one whose title the form is, letter for letter ("Dai.
    Tan." is the card Daitan). (names.py abbreviated_words: each written word stands for one word of the title, so
    the title itself always fits its abbreviation.)"""
    reading = _dynasty_line_reader(index)

    misread, outcomes = [], collections.Counter()
    titles = sorted({i.title for i in targets(index) if i.in_pool and i.deck in ("Dynasty", "Fate")})
    for n, title in enumerate(titles):  # every other title with every long word cut, the others with their first
        forms = _abbreviated_forms(title, every=n % 2 == 0)
        whole = reading(re.sub(r"</?i>", "", title)) if forms else None
        for form in forms:
            got = reading(form)
            if got is None:
                outcome = "unknown"
            elif got is whole:
                outcome = "read"
            elif reading_key(got.title) == reading_key(form):
                outcome = "another card's own title"
            else:
                outcome = "other"
                misread.append(f"{form} (for {title}): read as {got.key}, the whole title as {whole}")
            outcomes[outcome] += 1
    return misread, outcomes


def test_every_pool_title_with_its_words_abbreviated_reads_as_its_card_or_as_none():
    misread, outcomes = _abbreviations_misread(support.index())
    assert misread == []
    assert outcomes["read"] > 0.8 * sum(outcomes.values()), outcomes


@pytest.mark.realpool
def test_every_real_pool_title_with_its_words_abbreviated_reads_as_its_card_or_as_none(capsys):
    misread, outcomes = _abbreviations_misread(_real_index())
    with capsys.disabled():
        print(f"\nreal pool, abbreviated titles: {dict(outcomes)}")
    assert misread[:40] == []
    assert outcomes["read"] > 0.8 * sum(outcomes.values()), outcomes


def _titles_misread_in_a_quoted_printable_mail(titles) -> list[str]:
    """Every title on a card line of a mail's body in quoted-printable, as a list's archive keeps it raw: with the
    mail's header line, and without it, where each line ends in an encoded blank ("3 Iron Mine=20", as a mail
    program writes the blank it keeps); in UTF-8, and in Windows-1252 (each title it can write). Decoded (decklist.py quoted_printable_decoded), each line is the line
    written; a long line's soft break leaves a blank line in its place."""
    import quopri

    from l5r.decklist import as_pasted

    lines = [f"3 {re.sub(r'</?i>', '', t)}" for t in sorted(set(titles))]
    misread = []
    mail = "Content-Transfer-Encoding: quoted-printable\n\n"
    for head, ending, charset in ((mail, "", "utf-8"), ("", " ", "utf-8"), (mail, "", "cp1252")):
        if charset == "cp1252":  # a mail program's Windows-1252: the titles it can write
            lines = [line for line in lines if line.encode("cp1252", errors="replace").decode("cp1252") == line]
        body = quopri.encodestring("\n".join(line + ending for line in lines).encode(charset)).decode("ascii")
        decoded = [line for line in as_pasted(head + body).split("\n")[2 if head else 0 :] if line]
        misread += [f"{want!r}, read {got!r}" for want, got in zip(lines, decoded) if got.rstrip() != want]
        misread += [f"{len(decoded)} lines of {len(lines)}"] if len(decoded) != len(lines) else []
    return misread[:20]


def test_every_pool_title_reads_in_a_quoted_printable_mail():
    assert _titles_misread_in_a_quoted_printable_mail(i.title for i in support.index().identities) == []
    assert _titles_misread_in_a_quoted_printable_mail(["Caf=E9"]) != []  # the check can fail


@pytest.mark.realpool
def test_every_real_pool_title_reads_in_a_quoted_printable_mail():
    assert _titles_misread_in_a_quoted_printable_mail(i.title for i in _real_index().identities) == []


def _titles_misread_after_a_set_code(titles, parse: bool) -> list[str]:
    """No title starts as a collection's set code and rarity do before a count (decklist.py _SET_PREFIX: "IvE-C 3x",
    "[IvE][U] 3x", "IvE #112 (C) x3"), so none loses its start when it starts a line; and (`parse`: the fixture pool,
    whose titles cover the title styles) every title after such a code reads as "3x <title>" does, in a list of them
    all. (The code is left out at the line's start, before its count: what follows it is read as it is.)"""
    from l5r.decklist import _SET_PREFIX

    titles = sorted({re.sub(r"</?i>", "", t) for t in titles})
    misread = [f"{t}: shaped as a set code" for t in titles if _SET_PREFIX.match(f"{t} 3x Rout")]
    misread += [f"{t}: shaped as a set code" for t in titles if _SET_PREFIX.match(t)]
    if not parse:
        return misread
    plain_read = parse_text("Dynasty:\n" + "\n".join(f"3x {t}" for t in titles))
    want = {card.line: (card.count, card.name, card.experience) for card in plain_read.cards}
    for prefix in ("IvE-C ", "[IvE][U] ", "IvE #112 (C) "):
        deck = parse_text("Dynasty:\n" + "\n".join(f"{prefix}{'x3' if '#' in prefix else '3x'} {t}" for t in titles))
        got = {card.line: (card.count, card.name, card.experience) for card in deck.cards}
        misread += [f"{prefix}… {titles[line - 2]}: {got.get(line)}" for line in want if got.get(line) != want[line]]
    return misread[:20]


def test_every_pool_title_reads_after_a_set_code():
    assert _titles_misread_after_a_set_code((i.title for i in support.index().identities), parse=True) == []
    assert _titles_misread_after_a_set_code(["AB-C 3 Men"], parse=True) != []  # the check can fail


@pytest.mark.realpool
def test_no_real_pool_title_is_shaped_as_a_set_code():
    assert _titles_misread_after_a_set_code((i.title for i in _real_index().identities), parse=False) == []


def _titles_misread_in_a_bracketed_group(titles) -> list[str]:
    """Every title in a group of titles in brackets with one count for each ("(<title>, Rout) x3", "3x {Rout /
    <title>}", "[<title> & Rout] - 2"; decklist.py grouped_titles): read as "3x: <title>, Rout" is (the count for
    each title, which the walk of titles among others on one line reads), the title whole. A title with brackets of
    its own holds no group: its line is left as written."""
    from l5r.decklist import grouped_titles

    misread = []
    for title in sorted({re.sub(r"</?i>", "", t) for t in titles}):
        for line, want in (
            (f"({title}, Rout) x3", f"3x: {title}, Rout"),
            (f"3x {{Rout / {title}}}", f"3x: Rout / {title}"),
            (f"[{title} & Rout] - 2", f"2x: {title} & Rout"),
        ):
            got = grouped_titles(line)
            if got != (line if re.search(r"[()\[\]{}]", title) else want):
                misread.append(f"{line}: {got}")
    return misread[:20]


def test_every_pool_title_reads_in_a_bracketed_group():
    assert _titles_misread_in_a_bracketed_group(i.title for i in support.index().identities) == []
    assert _titles_misread_in_a_bracketed_group([" Rout "]) != []  # the check can fail


@pytest.mark.realpool
def test_every_real_pool_title_reads_in_a_bracketed_group():
    assert _titles_misread_in_a_bracketed_group(i.title for i in _real_index().identities) == []


def test_a_shortened_names_warning_says_which_shortening_it_read():
    """The `read-as` warning of a name read as the title it shortens says how the Codex read it: a pre-game card's
    title cut short, a Personality's given name, the title without its subtitle, or without its family name."""
    from l5r.deckmessages import say

    fmt = support.codex().format("obsidian-hand")
    checker = DeckChecker(fmt, ruleset_for(fmt), support.index(), support.codex().set_acronyms)
    text = "Sensei: Akagi\nDynasty:\n3x Ayameko\n1 Okazaki\n1 Tadaka, Seven Thunder\n1 Tadaka exp 2cw\n"
    report = checker.check(parse_text(text), dt.date(2016, 3, 1))
    said = {w.line: w.message for w in report.warnings if w.code == "read-as"}
    how = {1: "pre-game", 3: "given", 4: "subtitle", 5: "family", 6: "given"}
    assert {n: say(f"shortened.{kind}") in said.get(n, "") for n, kind in how.items()} == dict.fromkeys(how, True)
    # and no other kind: each warning names one
    assert all(sum(say(f"shortened.{k}") in said[n] for k in set(how.values())) == 1 for n in how)


def _shared_titles_misread_before_a_remark(index: CardIndex) -> list[str]:
    """Every title several cards share, with the author's remark in brackets after it ("Hida Kisada (only 1!)"): the
    problem says the title names several cards and gives an example to write, with the title as written and no
    remark ("write which, e.g. “Hida Kisada (Imperial)” or “Hida Kisada [Battle of Beiden Pass]”"), and no
    warning calls the remark a set the card was not printed in."""
    fmt = support.codex().format("obsidian-hand")
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)
    shared: dict[str, set] = {}
    for i in index.identities:
        if i.in_pool and i.deck in ("Dynasty", "Fate") and not i.experience:
            shared.setdefault(title_key(re.sub(r"\s\([^()]*\)$", "", i.title)), set()).add(i)
    misread, asked = [], 0
    for cards in (c for c in shared.values() if len(c) > 1):
        title = re.sub(r"\s\([^()]*\)$", "", min(c.title for c in cards))
        deck = next(iter(cards)).deck
        report = checker.check(parse_text(f"{deck}:\n{title} (only 1!)\n"), dt.date(2016, 3, 1))
        several = [p.message for p in report.problems if p.code == "unknown-card"]
        if not several:
            continue  # (read as one card of its deck, or the format's choice: no example asked for)
        asked += 1
        if any(w.code == "set-ignored" for w in report.warnings) or "only 1!" in several[0] or title not in several[0]:
            misread.append(f"{title} (only 1!)")
    return misread if asked else ["(no title of several cards was asked about)"]


def test_every_pool_title_of_several_cards_before_a_remark_in_brackets_is_said_without_it():
    assert _shared_titles_misread_before_a_remark(support.index()) == []


@pytest.mark.realpool
def test_every_real_pool_title_of_several_cards_before_a_remark_in_brackets_is_said_without_it():
    assert _shared_titles_misread_before_a_remark(_real_index()) == []


_HEADING_FORMS = ("{} (2)", "{} - 2", "{}: 2", "{} (2):")


def _group_headings_misread(index: CardIndex, forms=_HEADING_FORMS, totals=(2, 3)) -> list[str]:
    """A group's heading with its count, as players sort a deck's cards by what they do: every keyword of the pool's
    Fate and Dynasty cards (and some with " Actions" after them, as "Battle Actions"), written "<keyword> (2)",
    "<keyword> - 2", "<keyword>: 2" or "<keyword> (2):" over two copies of a card of its deck, is the author's heading,
    counted in no deck (decklist.py counted_headings; the decks hold the cards listed, oh-ii-f), where "2 <keyword>"
    names no card (nor several) or one of another deck or of none; else it reads as "2 <keyword>" does ("<keyword> (2):" is no
    card line: a heading whatever it names). Over copies that add up to another count it is no heading. And every
    title of a deck card so written stays its card."""
    codex = support.codex()
    misread = []

    def check(text: str):
        return check_text(codex, text, index, dt.date(2016, 3, 1), format_id="obsidian-hand").report

    def lines_said(report, words: tuple[str, ...]) -> set[int]:
        return {f.line for f in (*report.problems, *report.warnings) if any(w in f.message for w in words)}

    for deck in ("Fate", "Dynasty"):
        cards = sorted({i.title for i in targets(index) if i.deck == deck and i.in_pool and "<" not in i.title})
        under = [t for t in cards if index.find(t, None).identity is not None][:1]
        # (a heading is short: up to three words, 24 characters)
        shaped = re.compile(r"(?=.{1,24}$)[A-Za-z][A-Za-z'-]*(?: [A-Za-z'-]+){0,2}")
        words = sorted({k for i in index.identities if i.deck == deck for k in i.keywords if shaped.fullmatch(k)})
        words = [words[n] for n in sorted(positions(words))]  # (the quick loop's sample of the real pool's)
        words += [f"{w} Actions" for w in words[::25]]
        # (a header's or a label's word, "Sensei", "Stronghold", is read as one: the lines under it change deck)
        words = [w for w in words if (read := parse_text(f"{w}:\n")).issues or read.cards]
        plain_report = check(f"{deck}:\n" + "".join(f"2 {w}\n2 {under[0]}\n\n" for w in words))
        unknown = {p.line for p in plain_report.problems if p.code == "unknown-card"}
        # (a card of another deck, or of none: a token's title, "Shugenja", as players head their Shugenja with it)
        other_deck = {p.line for p in plain_report.problems if p.code == "wrong-deck"}
        heading = {
            w
            for n, w in enumerate(words)
            if (2 + 3 * n in unknown and not index.find(w, None).candidates) or 2 + 3 * n in other_deck
        }
        for form in forms:
            for total in totals:
                text = f"{deck}:\n" + "".join(f"{form.format(w)}\n{total} {under[0]}\n\n" for w in words)
                headed = lines_said(check(text), ("the author's heading of the cards under it",))
                for n, word in enumerate(words):
                    # ("Kiho (2):" is no card line, whatever its words: a heading where its count is the copies under
                    # it, unless its word is a header's misspelt, "Actor" for "Action", which stays a problem)
                    expected = not near_header_word(word) if form.endswith(":") else word in heading
                    if (2 + 3 * n in headed) != (total == 2 and expected):
                        misread.append(f"{form.format(word)} over {total} copies ({deck})")
        text = f"{deck}:\n" + "".join(f"{t} (2)\n2 {under[0]}\n\n" for t in cards)
        headed = lines_said(check(text), ("the author's heading of the cards under it",))
        misread += [f"{cards[(line - 2) // 3]} (2) ({deck})" for line in sorted(headed)]
    assert misread or heading, "no keyword named no card: the walk tried nothing"
    return misread


def test_every_pool_keyword_written_as_a_groups_heading_reads_as_one():
    assert _group_headings_misread(support.index()) == []


@pytest.mark.realpool
def test_every_real_pool_keyword_written_as_a_groups_heading_reads_as_one():
    # (every form and both totals are walked on the fixture pool above; here the one form over its own count)
    assert _group_headings_misread(_real_index(), forms=_HEADING_FORMS[:1], totals=(2,)) == []


def _subtitled_levels_misread(index: CardIndex) -> list[str]:
    """Every card of a subtitled title at a level ("Akodo Kano, Master Tactician • Experienced 2"), written without its
    subtitle and with its level as players shorten both ("1 Akodo Kano exp2", "1 Akodo Kano - Experienced 2"): read
    as that card, with a warning, where no card of the title before the comma has that level and no other subtitled
    title of it does; where another does, an unknown card (the deck rules count the card each line names, oh-ii-f)."""
    codex = support.codex()
    subtitled = [
        i for i in index.identities if ", " in i.title and i.experience and i.deck in ("Dynasty", "Fate") and i.in_pool
    ]
    at_level = collections.defaultdict(set)  # (the title before the comma, the level) -> the cards
    for i in subtitled:
        at_level[(reading_key(i.title.partition(", ")[0]), experience_key(i.experience))].add(i.key)
    cases = []
    for i in sorted(subtitled, key=lambda i: i.key):
        base = i.title.partition(", ")[0]
        if "<" in base or any(experience_key(j.experience) == experience_key(i.experience) for j in index.titled(base)):
            continue  # ("Hida Kisada exp" is Hida Kisada • Experienced, whatever else is so subtitled)
        if not index.titled(base):
            continue  # (no card of the short title: a name only shortened, the title walk's "subtitle left out")
        short = re.sub(r"Experienced ?", "exp", i.experience)
        one = at_level[(reading_key(base), experience_key(i.experience))] == {i.key}
        cases += [(f"1 {base} {short}", i.key, one), (f"1 {base} - {i.experience}", i.key, one)]
    misread = []
    for deck in ("Dynasty", "Fate"):
        text = f"{deck}:\n" + "".join(f"{line}\n\n" for line, _, _ in cases)
        report = check_text(codex, text, index, dt.date(2016, 3, 1), format_id="obsidian-hand").report
        read = {w.line: w.card for w in report.warnings if w.code == "read-as" and w.card}
        unknown = {p.line for p in report.problems if p.code == "unknown-card"}
        for n, (line, key, one) in enumerate(cases):
            at = 2 + 2 * n
            if (read.get(at) == key) != one or (not one and at not in unknown):
                misread.append(f"{line} ({deck})")
    assert cases, "no card of a subtitled title at a level its short title lacks: the walk tried nothing"
    return misread


def test_every_pool_subtitled_card_at_a_level_reads_without_its_subtitle():
    assert _subtitled_levels_misread(support.index()) == []


@pytest.mark.realpool
def test_every_real_pool_subtitled_card_at_a_level_reads_without_its_subtitle():
    assert _subtitled_levels_misread(_real_index()) == []


_CLAN_AFTER_A_NAME = re.compile(r"\b(Crab|Crane|Dragon|Lion|Mantis|Phoenix|Scorpion|Unicorn|Spider) Clan\b")
_OF_A_CLAN = re.compile(r"\bof (?!the )([A-Z][a-z]+)\b(?=$| )")


def _small_words_left_out_misread(index: CardIndex) -> tuple[list[str], int]:
    """Every deck card's title written with one of its small words left out ("Temple of Heavenly Crab" for Temple of
    the Heavenly Crab; names.py SMALL_WORDS), or the word "Clan" after a clan's name ("Ancestral Sword of the Crab"
    for Ancestral Sword of Crab Clan): read as that card, where no other title is the same without its small
    words, else an unknown card or another card of that title ("Guard House" is a title); never as another card else.
    (The number of lines tried comes back too.)"""
    from l5r.cardpool.names import SMALL_WORDS, small_words_key

    fmt = support.codex().format("obsidian-hand")
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)
    titles = {}
    for i in index.identities:
        if i.deck in _SECTION and i.deck != "Pre-Game" and i.in_pool and "<" not in i.title:
            titles.setdefault(i.title, i)
    alike = collections.Counter(small_words_key(t) for t in titles)
    misread, tried = [], 0
    for title, identity in sorted(titles.items()):
        if identity.experience or len(index.titled(title)) != 1:
            continue
        words = title.split(" ")
        lines = [  # ("The" first is read away already)
            " ".join(words[:at] + words[at + 1 :])
            for at in range(1, len(words) - 1)
            if words[at].lower() in SMALL_WORDS
        ]
        # ... and "Clan" after a clan's name left out, as players name the clan ("Ancestral Sword of the Crab" for
        # Ancestral Sword of Crab Clan)
        if _CLAN_AFTER_A_NAME.search(title):
            lines.append(_OF_A_CLAN.sub(r"of the \1", _CLAN_AFTER_A_NAME.sub(r"\1", title)))
        for line in lines:
            tried += 1
            read = parse_text(f"{identity.deck}:\n1 {line}\n")
            checker._suggested = 0
            entry = checker._entry(read.cards[0], Findings()) if read.cards and not read.issues else None
            found = getattr(entry, "identity", None)
            if index.titled_loosely(line):
                continue  # ("Guard House", of Guard the House, is a title itself)
            if (found is not None and found.title != title) or (alike[small_words_key(title)] == 1) != (
                found is not None
            ):
                misread.append(f"1 {line} ({title}) -> {getattr(found, 'key', None)}")
    return misread, tried


# A sentence about a card after its title and a comma, as a paragraph of a post writes one (checker.py COMMA_SENTENCE)
_SENTENCE_ABOUT_A_CARD = "{}, however, is useful anywhere, since it gives any personality a decent bonus."


def _sentences_about_a_card_misread(index: CardIndex) -> tuple[list[str], list[str]]:
    """Every deck card's title, then a comma and a sentence about it, on a line with no count ("Footman's Pike,
    however, is useful anywhere, since ..."): the author's words, no card (it was one copy of the card, with a remark);
    with a count before it ("3 Footman's Pike, however, ..."), that count of the card, as "3 <title>" reads. (misread,
    the lines with no count.) Such a line is read only after every cut of a remark, the near titles searched and
    the prose measured: one title in eight is tried, in the order of their titles."""
    reading = _one_line_reader(index)
    titles = sorted({i.title for i in targets(index) if i.in_pool and i.deck in ("Dynasty", "Fate")})
    misread, lines = [], []
    for title in titles[::8]:
        if "," in title or (alone := reading(f"3 {title}", "Fate")) is None:
            continue
        line = _SENTENCE_ABOUT_A_CARD.format(title)
        lines.append(line)
        if reading(line, "Fate") is not None:
            misread.append(line)
        if reading(f"3 {line}", "Fate") != alone:
            misread.append(f"3 {line}")
    return misread, lines


def test_every_pool_title_in_a_sentence_after_a_comma_is_no_card_without_a_count_in_both_checkers():
    misread, lines = _sentences_about_a_card_misread(support.index())
    assert len(lines) > at_least(40, support.index()) // 8 and misread == [], misread[:5]
    assert _difference_between_the_checkers(support.index(), "Fate:\n" + "\n".join(lines[::5]) + "\n") is None


@pytest.mark.realpool
def test_every_real_pool_title_in_a_sentence_after_a_comma_is_no_card_without_a_count_in_both_checkers():
    misread, lines = _sentences_about_a_card_misread(_real_index())
    assert len(lines) > at_least(600, _real_index()) // 8 and misread == [], misread[:5]
    assert (
        _difference_between_the_checkers(
            _real_index(), "Fate:\n" + "\n".join(lines[:: 5 if not sampling() else 1]) + "\n"
        )
        is None
    )


def _clans_named_without_clan(index: CardIndex) -> list[str]:
    """Every title with "Clan" after a clan's name, written without it ("Ancestral Sword of the Crab")."""
    titles = sorted({i.title for i in index.identities if _CLAN_AFTER_A_NAME.search(i.title)})
    return [_OF_A_CLAN.sub(r"of the \1", _CLAN_AFTER_A_NAME.sub(r"\1", t)) for t in titles]


def test_every_pool_title_with_a_small_word_left_out_reads_as_its_card():
    misread, tried = _small_words_left_out_misread(support.index())
    assert tried and misread == []
    assert _lines_read_alike(support.index(), _clans_named_without_clan(support.index())) is None


@pytest.mark.realpool
def test_every_real_pool_title_with_a_small_word_left_out_reads_as_its_card():
    misread, tried = _small_words_left_out_misread(_real_index())
    assert tried and misread == []
    clans = _clans_named_without_clan(_real_index())
    assert len(clans) > 50 and _lines_read_alike(_real_index(), clans) is None


def _keyword_headings_misread(index: CardIndex) -> tuple[list[str], int]:
    """Every keyword the pool's deck cards carry, and each kind of action they print (checker.py ACTION_KINDS), as a
    heading between a deck's card lines with no count ("Kiho:", "Kihos:", "Battle Actions:", "Ninja cards:"): the
    author's heading of a group of the deck's cards (or a remark), in a warning, never a problem (a heading of cards meant for no
    deck, "Ideas:", stays one; so does a header's misspelling, "Actor:" for "Action:"). (Also the number tried.)"""
    from l5r.engine.deck.checker import ACTION_KINDS

    codex = support.codex()
    shaped = re.compile(r"[A-Za-z][A-Za-z -]{0,30}")  # (a header's shape: letters, spaces and hyphens)
    keywords = sorted({k for i in index.identities if i.deck != "Other" for k in i.keywords if shaped.fullmatch(k)})
    keywords = [keywords[n] for n in sorted(positions(keywords))]  # (the quick loop's sample of the real pool's)
    names = keywords + [f"{k}s" for k in keywords[::7]] + [f"{k} Actions" for k in ACTION_KINDS] + ["Ninja cards"]
    # (a header's or a label's word, "Sensei", is read as one; a header's misspelling stays a problem)
    names = [
        n for n in names if (parse_text(f"{n}:\n").issues or parse_text(f"{n}:\n").cards) and not near_header_word(n)
    ]
    misread = []
    for deck in ("Fate", "Dynasty"):
        card = next(i.title for i in sorted(index.identities, key=lambda i: i.key) if i.deck == deck and i.in_pool)
        text = f"{deck}:\n1 {card}\n" + "".join(f"{n}:\n1 {card}\n" for n in names) + f"Ideas:\n1 {card}\n"
        report = check_text(codex, text, index, dt.date(2016, 3, 1), format_id="obsidian-hand").report
        # (said in a warning: as a group's heading, or first as the author's remark, "Champion of Chugo:" ending in a
        # colon as a sentence may)
        said = {w.line for w in report.warnings if w.code == "read-as"}
        problems = {p.line for p in report.problems if p.code == "parse"}
        misread += [f"{n}: ({deck})" for at, n in enumerate(names) if 3 + 2 * at not in said or 3 + 2 * at in problems]
        if 3 + 2 * len(names) not in problems:
            misread.append(f"Ideas: ({deck})")
    return misread, len(names)


def test_every_pool_keyword_as_a_heading_between_cards_reads_as_one():
    misread, tried = _keyword_headings_misread(support.index())
    assert tried and misread == []


@pytest.mark.realpool
def test_every_real_pool_keyword_as_a_heading_between_cards_reads_as_one():
    misread, tried = _keyword_headings_misread(_real_index())
    assert tried and misread == []


# the words a list writes before a card: a clan (a list sorted by clan), the author's label (a themed list's role)
_WORDS_BEFORE_A_CARD = ("Crab - {}", "Lion: {}", "King: {}", "Chess Masters/Teachers (mine): {}")


def _forms_read_otherwise_after_words(index: CardIndex, stride: int) -> tuple[list[str], list[str]]:
    """Every `stride`-th deck card of the pool, in every style of tests/decks/styles.py, after a clan's name or the
    author's label ("Crab - Hida Kisada 2 exp", "King: Kuni Yori 2xp"): read as the same form alone on its line is
    (checker.py `_card_after_words`: the rest goes through the whole lookup, guesses and all), and never as a card
    when alone it names none, unless the whole line is a title. (misread, the prefixed lines tried.)"""
    fmt = support.codex().format("obsidian-hand")
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)

    def read(text: str, section: str) -> Identity | None:
        card = parse_card_line(f"1 {text}", 1, section)
        if not isinstance(card, CardLine):
            return None
        checker._suggested = 0  # (as check() starts each list)
        out = Findings()
        lines = checker._several(card, out)
        entry = checker._entry(lines[0], out) if len(lines) == 1 else None
        return entry.identity if entry is not None else None

    misread, tried = [], []
    for target in targets(index)[::stride]:
        section = _SECTION.get(target.deck)
        if not target.in_pool or section is None:
            continue
        for style, text in written_forms(target.title, target.experience):
            alone = read(text, section)
            for words in _WORDS_BEFORE_A_CARD:
                line = words.format(text)
                tried.append(line)
                got = read(line, section)
                if got is not alone and not (got is not None and _loose(line) == _loose(got.title)):
                    # (but "Lion: Scout" is the card Lion Scout: the whole line is its title)
                    misread.append(f"{style}: “{line}” read as {got and got.key}, alone as {alone and alone.key}")
    return misread, tried


def test_every_pool_title_in_every_style_reads_after_a_clan_or_a_label_as_alone():
    misread, tried = _forms_read_otherwise_after_words(support.index(), 1)
    assert len(tried) > at_least(1_000, support.index()) and misread == [], misread[:20]


@pytest.mark.realpool
def test_real_pool_titles_in_every_style_read_after_a_clan_or_a_label_as_alone_in_both_checkers():
    index = _real_index()
    misread, tried = _forms_read_otherwise_after_words(index, 25)
    assert len(tried) > at_least(10_000, index) and misread == [], misread[:20]
    # the browser's checker reads them alike
    assert _lines_read_alike(index, tried[::3]) is None


def _titles_taken_for_a_wrapped_remark(index: CardIndex, titles: list[str]) -> list[str]:
    """Each title in small letters on the line after a remark wrapped mid-sentence ("These are the cards …" ending in
    no sentence mark): read as the title alone is, never as the remark's last words (checker.py `_wraps_a_remark`),
    so a card line under the author's prose is never lost. Returns the titles read as the remark's end."""
    remark = "These are the cards that I would play in this deck every time against a player of the"
    text = "Fate:\n" + "".join(f"{remark}\n{t.lower()}\n\n" for t in titles)
    report = check_text(support.codex(), text, index, dt.date(2016, 3, 1), format_id="obsidian-hand").report
    wrapped = {w.line for w in report.warnings if w.code == "read-as" and "remark on line" in w.message}
    return [t for n, t in enumerate(titles) if 3 + 3 * n in wrapped]


def test_no_pool_title_under_a_remark_wrapped_mid_sentence_is_taken_for_its_end():
    titles = sorted({i.title for i in targets(support.index()) if i.deck in _SECTION})
    assert _titles_taken_for_a_wrapped_remark(support.index(), titles) == []
    assert _titles_taken_for_a_wrapped_remark(support.index(), ["square)."]) == ["square)."]  # the check can fail


@pytest.mark.realpool
def test_no_real_pool_title_under_a_remark_wrapped_mid_sentence_is_taken_for_its_end():
    index = _real_index()
    titles = sorted({i.title for i in targets(index) if i.deck in _SECTION})
    assert _titles_taken_for_a_wrapped_remark(index, titles) == []


def _titles_taken_for_words_after_the_list(index: CardIndex, titles: list[str]) -> list[str]:
    """Each title on the line after a remark that opens a paragraph after the list (checker.py `_prose_around`: the
    author's words after the list are read as such where they name no card): read as its card, never as those words,
    so that a card written after the author's prose is never lost. Returns the titles read as the author's words."""
    opening = "Fate:\n3 Rout\n\nLet me know what you think of this deck, I have played it at two koteis so far.\n"
    taken = []
    for title in titles:
        text = f"{opening}{title}\n"
        report = check_text(support.codex(), text, index, dt.date(2016, 3, 1), format_id="obsidian-hand").report
        if any(w.code == "read-as" and "after the list" in w.message for w in report.warnings):
            taken.append(title)
    return taken


def test_no_pool_title_after_the_list_is_taken_for_the_authors_words():
    titles = sorted({i.title for i in targets(support.index()) if i.deck in _SECTION})
    assert _titles_taken_for_words_after_the_list(support.index(), titles) == []
    assert _titles_taken_for_words_after_the_list(support.index(), ["Comments?"]) == ["Comments?"]  # it can fail


@pytest.mark.realpool
def test_no_real_pool_title_after_the_list_is_taken_for_the_authors_words():
    index = _real_index()
    titles = sorted({i.title for i in targets(index) if i.deck in _SECTION})[::40]
    assert _titles_taken_for_words_after_the_list(index, titles) == []


def _levels_with_a_full_stop_misread(index: CardIndex) -> tuple[list[str], int]:
    """Every deck card's title at a level, and the name before its comma ("Hida Kisada" of Hida Kisada, Clan
    Champion), its level written with the marker cut short by a full stop ("Hida Kisada exp. 2", "Exp. II"): read as
    the same level written without it ("exp 2") is, never the full stop taken for a sentence's end (the title, then
    "2." as a remark: the card at its first level)."""
    reading = _one_line_reader(index)
    romans = {"2": "II", "3": "III", "4": "IV", "5": "V"}
    misread, tried = [], 0
    names = {
        (name, level)
        for i in index.identities
        if i.in_pool and i.deck in ("Dynasty", "Fate") and (level := experience_key(i.experience)[11:]) in romans
        for name in {re.sub(r"</?i>", "", i.title), re.sub(r"</?i>", "", i.title).split(",")[0]}
    }
    for name, level in sorted(names):
        meant = reading(f"{name} exp {level}")
        tried += 1
        for written in (f"{name} exp. {level}", f"{name} Exp. {romans[level]}", f"{name} (exp. {level})"):
            if reading(written) != meant:
                misread.append(written)
    return misread, tried


def test_every_pool_level_cut_short_by_a_full_stop_reads_as_the_level():
    misread, tried = _levels_with_a_full_stop_misread(support.index())
    assert tried >= 5 and misread == []


@pytest.mark.realpool
def test_every_real_pool_level_cut_short_by_a_full_stop_reads_as_the_level():
    misread, tried = _levels_with_a_full_stop_misread(_real_index())
    assert tried >= 100 and misread == [], misread[:20]


def _titles_misread_with_a_stat_noted(index: CardIndex, every: int = 1) -> list[str]:
    """Every deck card's title with a statistic noted after it as authors note a cost or a focus ("3 Jade Works - 2
    gold", "3 Rout, 3 focus"; the word in turn, checker.py STAT_WORDS): read as the line without it is, never as copies
    of the cards titled Gold, Honor or Focus. `every`: of the titles holding no comma, dash, slash, figure or such a
    word, one in that many (the others are read as any title is)."""
    from l5r.engine.deck.checker import STAT_WORDS

    reading = _one_line_reader(index, several=True)
    misread = []
    titles = sorted({(i.title, i.deck) for i in targets(index) if i.in_pool and i.deck in ("Dynasty", "Fate")})
    risky = re.compile(rf"[-,/0-9]|{'|'.join(STAT_WORDS)}", re.I)
    for n, (title, deck) in enumerate(titles):
        if n % every and not risky.search(title):
            continue
        word, mark = STAT_WORDS[n % len(STAT_WORDS)], (" - ", ", ", " / ")[n % 3]
        meant = reading(f"3 {title}", deck)
        if meant is not None and reading(f"3 {title}{mark}{n % 4 + 1} {word}", deck) != meant:
            misread.append(f"3 {title}{mark}{n % 4 + 1} {word}")
    return misread


def test_every_pool_title_with_a_stat_noted_after_it_reads_as_its_card():
    assert _titles_misread_with_a_stat_noted(support.index()) == []


@pytest.mark.realpool
def test_every_real_pool_title_with_a_stat_noted_after_it_reads_as_its_card():
    misread = _titles_misread_with_a_stat_noted(_real_index(), every=8)
    assert misread == [], misread[:20]


def _unlevelled_cards_misread_as_inexperienced(index: CardIndex, every: int = 1) -> tuple[list[str], int]:
    """Every deck card with no level, its title written with "Inexperienced" as players write the card before its
    experienced versions ("Hida Kuon (Inexp)", "Hida Kuon inexp", "Inexperienced Hida Kuon", "Hida Kuon (non-exp)",
    "Hida Kuon unexp"): read as the title alone
    is, where no card of the title, nor a subtitled one it is short for, is printed Inexperienced (then that card:
    "Kuni Yori (Inexp)" is Kuni Yori, the Corruptor • Inexperienced, and the walk leaves it out). `every`: of the
    titles no other card shares, one in that many."""
    read_line = _one_line_reader(index)

    def reading(line: str, section: str):
        read = read_line(f"1 {line}", section)
        return None if read is None else read[1]

    misread, tried = [], 0
    for n, ident in enumerate(sorted(targets(index), key=lambda i: i.key)):
        title = re.sub(r"</?i>", "", ident.title)
        if ident.experience or ident.deck not in ("Dynasty", "Fate") or not ident.in_pool or "(" in title:
            continue
        shared = [i for t in {title, *index.short_for(title)} for i in index.titled(t) if i is not ident]
        if any(i.experience and "inexp" in i.experience.lower() for i in shared) or (n % every and not shared):
            continue
        if any(i.title != ident.title for i in index.read_loosely(title)):
            continue  # ("Fight for My Favor", "The Fight for My Favor": one reading, two cards)
        meant = reading(title, ident.deck)
        if meant is not ident:
            continue  # (a title read otherwise alone is the walk of styles' to try)
        tried += 1
        # (a level before a title that starts with a figure is read as the level's number: "Inexperienced 700 ...")
        for written in (
            f"{title} (Inexp)",
            f"{title} inexp",
            *([] if title[:1].isdigit() else [f"Inexperienced {title}"]),
            # and as players also write the card before its experienced versions
            (f"{title} (non-exp)", f"{title} unexp", f"{title} non exp")[n % 3],
        ):
            if reading(written, ident.deck) is not meant:
                misread.append(written)
    return misread, tried


def test_every_pool_card_with_no_level_reads_written_inexperienced():
    misread, tried = _unlevelled_cards_misread_as_inexperienced(support.index())
    assert tried >= at_least(100, support.index()) and misread == [], misread[:20]


@pytest.mark.realpool
def test_every_real_pool_card_with_no_level_reads_written_inexperienced():
    index = _real_index()
    misread, tried = _unlevelled_cards_misread_as_inexperienced(index, every=8)
    assert tried >= at_least(1000, index) and misread == [], misread[:20]


def _titles_misread_after_labels_on_one_line(index: CardIndex, every: int = 1) -> list[str]:
    """Every title among the author's labelled cards run on one line ("King: <title>; Queen: Rout", "Rook: 2* Rout,
    Knight: <title>"): read as the two cards, each with its count, as each labelled card alone is. `every`: of the
    titles holding no separator, colon, bracket or figure, one in that many (the label's reading of a title is the
    test of labels, `test_every_pool_title_in_every_style_reads_after_a_clan_or_a_label_as_alone`)."""
    fmt = support.codex().format("obsidian-hand")
    checker = DeckChecker(fmt, ruleset_for(fmt), index, support.codex().set_acronyms)
    risky = re.compile(r"[,;:/|+&()\[\]0-9-]|\band\b")
    misread = []
    titles = {i.title for i in targets(index) if i.in_pool and i.deck in _SECTION and title_key(i.title) != "rout"}
    for n, title in enumerate(sorted(titles)):
        if n % every and not risky.search(title):
            continue
        for line, expected in (
            (f"King: {title}; Queen: Rout", [(1, title), (1, "Rout")]),
            (f"Rook: 2* Rout, Knight: {title}", [(2, "Rout"), (1, title)]),
        ):
            card = parse_card_line(line, 1, "fate")
            read = checker._several(card, Findings()) if isinstance(card, CardLine) else []
            if [(c.count, reading_key(c.written)) for c in read] != [(n, reading_key(t)) for n, t in expected]:
                misread.append(line)
    return misread


def test_every_pool_title_reads_after_labels_run_on_one_line():
    assert _titles_misread_after_labels_on_one_line(support.index()) == []


@pytest.mark.realpool
def test_every_real_pool_title_reads_after_labels_run_on_one_line():
    misread = _titles_misread_after_labels_on_one_line(_real_index(), every=8)
    assert misread == [], misread[:20]


def _cards_for_no_deck_counted(index: CardIndex) -> tuple[list[str], int]:
    """Every card of the pool for no deck (a token, proxy, biography: the pool's "Other"), its title on the line under
    the stronghold's, with no deck's header above it ("1 Imperial Favor"), then the decks: counted in no deck, said in
    a warning (checker.py `_entry`), where the line reads as that card and not as a deck card of its title; and under
    a Dynasty header, the wrong-deck problem (OH II.F: the decks hold Dynasty and Fate cards). (misread, tried)"""
    from l5r.decklist import _read_header

    misread, tried = [], 0
    day = dt.date(2016, 3, 1)
    for identity in targets(index):
        if identity.deck != "Other" or not identity.in_pool or split_experience(identity.title)[1] is not None:
            continue
        title = re.sub(r"</?i>", "", identity.title)
        if title[:1].isdigit() or _read_header(title) is not None:
            continue  # "10 Koku": a figure first is the line's count; "Fate Cards" alone on a line is a header
        text = f"Kyuden Hida\n1 {title}\n\nDynasty:\n3 Iron Mine\n{title}\nFate:\n3 Rout\n"
        report = check_text(support.codex(), text, index, day, format_id="obsidian-hand").report
        apart = [w for w in report.warnings if w.line == 2 and "a card for no deck" in w.message]
        if not apart:
            continue  # the line reads as a deck card of the title ("Air": the ring), or as no card
        tried += 1
        under = {p.code for p in report.problems if p.line == 6}
        if report.counts != {"pre_game": 1, "dynasty": 4, "fate": 3} or "wrong-deck" not in under | {
            w.code for w in report.warnings if w.line == 6
        }:
            misread.append(f"{title}: {report.counts}, line 6: {sorted(under)}")
    return misread, tried


def test_every_pool_card_for_no_deck_listed_apart_is_counted_in_none():
    misread, tried = _cards_for_no_deck_counted(support.index())
    assert tried >= at_least(5, support.index()) and misread == [], misread[:20]


@pytest.mark.realpool
def test_every_real_pool_card_for_no_deck_listed_apart_is_counted_in_none_in_both_checkers():
    index = _real_index()
    misread, tried = _cards_for_no_deck_counted(index)
    assert tried >= at_least(50, index) and misread == [], misread[:20]
    assert _difference_between_the_checkers(index, "Kyuden Hida\n1 Imperial Favor\n\nDynasty:\n3 Iron Mine\n") is None
