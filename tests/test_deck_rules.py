"""The deck checker applies every format's construction rules to real decklists built from pool cards.

Each test names the rule id it checks; the decks are tests/decks/*.txt (card titles only) changed a line
or two at a time, so every failing rule is the one the test is about.
"""

from __future__ import annotations

import datetime as dt

from decks.support import add, check, codes, codex, deck_text, only, remove
from l5r.site.api.deckdata import rule_citation

OH = deck_text("oh-crab.txt")
MODERN = deck_text("modern-crab.txt")
NEW_ERA = deck_text("new-era.txt")


# --- the base decks are legal, so every problem below comes from the change a test makes --------------


def test_base_decks_are_legal():
    for format_id, text in (("obsidian-hand", OH), ("modern", MODERN)):
        report = check(format_id, text)
        assert report.legal, (format_id, [(p.code, p.message) for p in report.problems])
    # New Era's base deck has no problem, but its cards cannot be checked: neither legal nor not legal.
    report = check("new-era", NEW_ERA)
    assert not report.problems and report.verdict == "cannot-be-checked" and report.legal is None


def test_yaml_decklist_is_the_same_deck():
    from decks.support import checker, AFTER_ALL_BANS
    from l5r.decklist import read_decklist
    from decks.support import DECKS

    report = checker("modern").check(read_decklist(DECKS / "modern-crab.yml"), AFTER_ALL_BANS)
    assert report.legal and report.counts == {"pre_game": 1, "dynasty": 50, "fate": 50}


# --- deck sizes -------------------------------------------------------------------------------------


def test_obsidian_hand_decks_need_at_least_40():
    """oh-ii-f-play-deck-and-deck-construction: 2 decks, each containing at least 40 cards (40/40)."""
    short = check("obsidian-hand", remove(OH, "A Simple Yari"))
    [problem] = only(short, "deck-size")
    assert problem.rule == "oh-ii-f-play-deck-and-deck-construction" and "Fate deck has 39" in problem.message
    assert check("obsidian-hand", add(OH, "Fate", "A Legion of One")).legal  # more than 40 is fine


def test_modern_decks_are_exactly_50():
    """mod-deck-size: both the Dynasty and Fate decks must be exactly 50 cards each."""
    for text in (add(MODERN, "Dynasty", "Hida Kaiji"), remove(MODERN, "Hida Kaoru")):
        [problem] = only(check("modern", text), "deck-size")
        assert problem.rule == "mod-deck-size" and "exactly 50" in problem.message


def test_a_count_of_one_is_singular_and_every_other_count_plural():
    """mod-deck-size and mod-copy-limit, as a player reads them: "has 1 card", "says 1 card", "1 is listed", but
    "0 cards", "2 cards", "2 copies". The page's checker words them the same (tests/deck-conformance/
    singular-counts.json, compared message for message in tests/browser/test_deck_check_page.py)."""
    report = check(
        "modern", "Stronghold:\nKaiu Shiro\nDynasty (2):\nPersonalities (2):\nHida Akeno\nFate (1):\nScout\nScout\n"
    )
    messages = [p.message for p in report.problems + report.warnings]
    assert "the Dynasty deck has 1 card; Modern requires exactly 50." in messages
    assert "the Fate deck has 2 cards; Modern requires exactly 50." in messages
    assert "line 7: 2 copies of Scout; at most 1 allowed (Modern's copy limit)." in messages
    assert "line 4: the sub-header \u201cPersonalities (2):\u201d says 2 cards but 1 is listed under it." in messages
    assert "line 6: the Fate header says 1 card but the section lists 2." in messages
    empty_fate = check("modern", "Stronghold:\nKaiu Shiro\nDynasty:\nHida Akeno\n")
    assert "the Fate deck has 0 cards; Modern requires exactly 50." in [p.message for p in empty_fate.problems]


def test_modern_cards_that_do_not_count_toward_deck_size():
    """mod-deck-size: Stone of Remembrance does not count, so the Dynasty deck holds 51 cards."""
    assert check("modern", add(MODERN, "Dynasty", "Stone of Remembrance")).legal


def test_modern_cards_that_change_the_minimum():
    """mod-deck-size: Coastal Lane (+2 Dynasty) and Hato-gurama (-1 Fate) move the 50."""
    coastal = add(MODERN, "Dynasty", "Coastal Lane")
    [problem] = only(check("modern", coastal), "deck-size")
    assert "51 cards" in problem.message and "exactly 52" in problem.message
    assert check("modern", add(coastal, "Dynasty", "Ashigaru Farmland")).legal is False  # a copy: highlander
    assert check("modern", add(coastal, "Dynasty", "Bamboo Irrigation", "Barley Farm")).legal is False
    assert check("modern", add(coastal, "Dynasty", "Border Village [A Line in the Sand]")).legal is False
    hato = add(remove(MODERN, "Accidental Confession", "Accessible Terrain"), "Fate", "Hato-gurama")
    assert check("modern", hato).legal  # 49 Fate cards with Hato-gurama's -1


def test_a_number_a_card_adds_is_cited_to_the_card_not_to_the_format():
    """mod-deck-size names the cards that change the 50 and gives no number: the +2 is Coastal Lane's own text.
    The finding names the card and says the +2 is its text's; the format's rule is cited for its own 50 only."""
    report = check("modern", add(MODERN, "Dynasty", "Coastal Lane"))
    [problem] = only(report, "deck-size")
    assert problem.card == "Coastal Lane"
    assert "+2 by Coastal Lane's own card text" in problem.message
    assert problem.message.endswith("on the number Modern requires (exactly 50).")
    assert rule_citation(codex(), problem.rule) == "MOD 1"
    plain_size = only(check("modern", remove(MODERN, "Accidental Confession")), "deck-size")
    assert [p.card for p in plain_size] == [None] and "own card text" not in plain_size[0].message


def test_new_era_decks_are_exactly_40():
    """ne-deck-construction: one Stronghold, 40 Dynasty cards, and 40 Fate cards."""
    report = check("new-era", add(NEW_ERA, "Fate", "Ancient Tome"))
    [problem] = only(report, "deck-size")
    assert problem.rule == "ne-deck-construction" and "Fate deck has 41" in problem.message


# --- copies -----------------------------------------------------------------------------------------


def test_three_copies_of_a_non_unique_card():
    """oh-ii-f-deck-restrictions: no more than three copies of any non-Unique card."""
    [problem] = only(check("obsidian-hand", add(OH, "Dynasty", "Hida Akeno")), "copy-limit")
    assert problem.rule == "oh-ii-f-deck-restrictions" and problem.message.startswith("line ")
    assert "4 copies of Hida Akeno" in problem.message


def test_one_copy_of_a_unique_card_and_experience_levels_are_different_cards():
    """oh-ii-f-deck-restrictions: one copy of each Unique card; experience levels are different cards."""
    two = check("obsidian-hand", add(OH, "Dynasty", "2 Hida Kisada (Imperial)"))
    assert only(two, "copy-limit")[0].rule == "oh-ii-f-deck-restrictions"
    levels = add(OH, "Dynasty", "Hida Kisada (Imperial)", "Hida Kisada - Experienced", "Hida Kisada • Inexperienced")
    assert "copy-limit" not in codes(check("obsidian-hand", levels))


def test_rings_are_unique():
    """oh-ii-f-deck-restrictions: All Ring cards are considered Unique."""
    [problem] = only(check("obsidian-hand", add(OH, "Fate", "2 Ring of Air")), "copy-limit")
    assert problem.rule == "oh-ii-f-deck-restrictions" and "at most 1" in problem.message


def test_modern_highlander():
    """mod-highlander: only 1 copy per card is allowed."""
    [problem] = only(check("modern", add(remove(MODERN, "Hida Kaoru"), "Dynasty", "Hida Kaiji")), "copy-limit")
    assert problem.rule == "mod-highlander" and "2 copies of Hida Kaiji" in problem.message


def test_card_text_allowing_more_copies():
    """mod-highlander overrides Shout of Defiance's own text; in Obsidian Hand card text wins (oh-i-1)."""
    modern = add(remove(MODERN, "Accidental Confession", "Accessible Terrain"), "Fate", "2 Shout of Defiance")
    [problem] = only(check("modern", modern), "copy-limit")
    assert problem.rule == "mod-highlander" and "allowing 6" in problem.message
    six = add(OH, "Fate", "6 Shout of Defiance")
    assert check("obsidian-hand", six).legal
    [problem] = only(check("obsidian-hand", add(six, "Fate", "Shout of Defiance")), "copy-limit")
    assert problem.rule == "oh-i-1" and "7 copies" in problem.message


def test_soul_of_chains_share_one_limit():
    """oh-ii-f-deck-restrictions: at most 3 in any combination of Bayushi Tangen, Kwanchai and Irezu."""
    three = add(OH, "Dynasty", "Bayushi Tangen", "Bayushi Kwanchai", "Bayushi Irezu")
    assert "copy-limit" not in codes(check("obsidian-hand", three))
    [problem] = only(check("obsidian-hand", add(three, "Dynasty", "Bayushi Tangen")), "copy-limit")
    assert problem.rule == "oh-ii-f-deck-restrictions" and "4 copies" in problem.message
    # Irezu and Tangen are linked only through Kwanchai, who is not in this deck: the chain still holds.
    chain = add(OH, "Dynasty", "2 Bayushi Tangen", "2 Bayushi Irezu")
    assert "copy-limit" in codes(check("obsidian-hand", chain))


def test_modern_soul_of_counts_as_the_same_card():
    """mod-highlander: a card in another card's "Soul of X" keyword is the same card (Hida Saiyuki, Kaiu Hisayuki)."""
    deck = add(remove(MODERN, "Hida Kaoru", "Hida Kaiji"), "Dynasty", "Hida Saiyuki", "Kaiu Hisayuki")
    [problem] = only(check("modern", deck), "copy-limit")
    assert problem.rule == "mod-highlander"


def test_counts_as_shares_the_limit():
    """oh-ii-f-deck-restrictions: a card that says it counts as another (Bayushi Hisa counts as Hisa)."""
    [problem] = only(check("obsidian-hand", add(OH, "Dynasty", "2 Bayushi Hisa", "2 Hisa")), "copy-limit")
    assert problem.rule == "oh-ii-f-deck-restrictions"
    assert "Bayushi Hisa" in problem.card and "Hisa" in problem.card


def test_listed_same_title_cards_are_separate_cards():
    """oh-ii-f-deck-restrictions: Hida Kisada (Obsidian, Emperor), Hida Yakamo (Oni or not) are separate."""
    deck = add(
        OH,
        "Dynasty",
        "Hida Kisada [Obsidian Edition]",
        "Hida Kisada [Emperor Edition]",
        "3 Hida Yakamo (Oni)",
        "Hida Yakamo (Hero)",
    )
    report = check("obsidian-hand", deck)
    assert "copy-limit" not in codes(report) and "unknown-card" not in codes(report)


def test_cards_once_treated_as_the_same_are_now_different():
    """oh-guidelines-deck-construction: Utaku Genshi and Utaku Uzuki are different cards for deck building."""
    assert "copy-limit" not in codes(check("obsidian-hand", add(OH, "Dynasty", "3 Utaku Genshi", "3 Utaku Uzuki")))


# --- pre-game cards ---------------------------------------------------------------------------------


def test_obsidian_hand_needs_its_starting_cards():
    """oh-ii-f-play-deck-and-deck-construction: 1 Stronghold, 1 Border Keep, 1 Bamboo Harvesters."""
    for title in ("Kaiu Shiro", "Border Keep", "Bamboo Harvesters"):
        [problem] = only(check("obsidian-hand", remove(OH, title)), "pregame")
        assert problem.rule == "oh-ii-f-play-deck-and-deck-construction" and problem.message.startswith("0 ")
    two = check("obsidian-hand", add(OH, "Pre-Game", "Border Keep - Exp 2"))
    assert [p.rule for p in only(two, "pregame")] == ["oh-ii-f-play-deck-and-deck-construction"]


def test_listed_border_keep_versions_are_all_allowed():
    """oh-ii-f-play-deck-and-deck-construction: Border Keep (inexperienced, non-, experienced, experienced 2)."""
    for version in ("Border Keep • Inexperienced", "Border Keep - Exp", "Border Keep (Experienced 2)"):
        deck = add(remove(OH, "Border Keep"), "Pre-Game", version)
        assert check("obsidian-hand", deck).legal, version


def test_one_wind_and_one_sensei():
    """oh-iii-a-winds and oh-iii-a-senseis: a play deck has only one Wind and only one Sensei."""
    winds = only(check("obsidian-hand", add(OH, "Pre-Game", "Left Hand of the Emperor")), "pregame")
    assert [p.rule for p in winds] == ["oh-iii-a-winds"]
    sensei = only(check("obsidian-hand", add(OH, "Pre-Game", "Tsujiken Sensei")), "pregame")
    assert [p.rule for p in sensei] == ["oh-iii-a-senseis"]
    assert check("obsidian-hand", remove(OH, "Iemasa Sensei", "Right Hand of the Emperor")).legal  # optional


def test_sensei_clan_restriction():
    """oh-iii-a-senseis: only a Sensei that is All Clans or names the Stronghold's Clan."""
    lion = add(remove(OH, "Iemasa Sensei"), "Pre-Game", "Kagako Sensei")
    [problem] = only(check("obsidian-hand", lion), "pregame")
    assert problem.rule == "oh-iii-a-senseis" and "Crab" in problem.message
    for allowed in ("Kobi Sensei", "Tanizaki Sensei"):  # All Clans; Crab among several clans
        assert check("obsidian-hand", add(remove(OH, "Iemasa Sensei"), "Pre-Game", allowed)).legal, allowed


def test_new_era_one_stronghold():
    """ne-deck-construction: each starting deck must only include one Stronghold."""
    [problem] = only(check("new-era", add(NEW_ERA, "Pre-Game", "Kyuden Hida")), "pregame")
    assert problem.rule == "ne-deck-construction"


def test_modern_bans_the_starting_holdings():
    """mod-ban-border-keep, mod-ban-bamboo-harvesters: Modern bans them; the Experienced Border Keep is fine."""
    report = check(
        "modern", add(remove(MODERN, "Hida Kaoru", "Hida Kaiji"), "Dynasty", "Border Keep", "Bamboo Harvesters")
    )
    assert sorted(p.rule for p in only(report, "banned")) == ["mod-ban-bamboo-harvesters", "mod-ban-border-keep"]
    assert check("modern", add(remove(MODERN, "Hida Kaoru"), "Dynasty", "Border Keep - Experienced")).legal


# --- which deck -------------------------------------------------------------------------------------


def test_starting_cards_never_go_in_the_decks():
    """oh-ii-f-play-deck-and-deck-construction: Border Keep and Bamboo Harvesters cannot be in either deck."""
    [problem] = only(check("obsidian-hand", add(OH, "Dynasty", "Border Keep - Experienced")), "wrong-deck")
    assert problem.rule == "oh-ii-f-play-deck-and-deck-construction" and "pre-game card" in problem.message


def test_fate_card_in_the_dynasty_deck_and_pregame_card_in_a_deck():
    """mod-deck-size / oh-ii-f-play-deck-and-deck-construction: Dynasty cards form the Dynasty deck."""
    fate_in_dynasty = add(remove(MODERN, "Hida Kaoru"), "Dynasty", "Ancient Tome [Gates of Chaos]")
    problems = only(check("modern", fate_in_dynasty), "wrong-deck")
    assert problems[0].rule == "mod-deck-size" and "Fate card in the Dynasty deck" in problems[0].message
    stronghold = only(check("obsidian-hand", add(OH, "Fate", "Kyuden Hida")), "wrong-deck")
    assert "pre-game card in the Fate deck" in stronghold[0].message
    token = only(check("obsidian-hand", add(OH, "Fate", "Armor")), "wrong-deck")
    assert "not a card for any deck" in token[0].message


def test_same_title_in_two_decks_is_found_by_its_section():
    """Aulus is a Personality and a Follower: the section decides which (oh-ii-f-deck-restrictions: types)."""
    report = check("modern", add(remove(MODERN, "Accessible Terrain"), "Fate", "Aulus"))
    assert report.legal


# --- bans -------------------------------------------------------------------------------------------


def test_banned_card():
    """oh-ban-hantei: Hantei is on the Obsidian Hand ban list."""
    [problem] = only(check("obsidian-hand", add(OH, "Dynasty", "Hantei")), "banned")
    assert problem.rule == "oh-ban-hantei" and problem.card == "Hantei"


def test_ban_list_as_of_a_date():
    """oh-ban-moshi-eihime: added 2016-02-15. The day before, the Obsidian Hand's list is not stated (its undated
    entries are read as on it from the document's latest update, 02/15/2016: one rule with Modern's "As of")."""
    deck = add(OH, "Dynasty", "Moshi Eihime")
    before = check("obsidian-hand", deck, on=dt.date(2016, 2, 14))
    assert "banned" not in codes(before) and before.bans == "not-stated" and before.legal is None
    assert [p.rule for p in only(check("obsidian-hand", deck, on=dt.date(2016, 2, 15)), "banned")] == [
        "oh-ban-moshi-eihime"
    ]


def test_a_dated_entry_holds_before_the_whole_list_is_stated():
    """oh-ban-house-of-the-black-lion: "[10/05/2015] House of Black Lion added to Banned List". Before the day the
    Obsidian Hand's whole list is stated (02/15/2016) the undated entries are not stated, but the entries its
    updates date still are: the deck is not legal from 10/05/2015, and cannot be checked the day before."""
    deck = add(remove(OH, "Kaiu Shiro", "Iemasa Sensei"), "Pre-Game", "House of the Black Lion")
    on = check("obsidian-hand", deck, on=dt.date(2015, 10, 5))
    assert [p.rule for p in only(on, "banned")] == ["oh-ban-house-of-the-black-lion"]
    assert on.verdict == "not-legal" and on.bans == "not-stated"
    before = check("obsidian-hand", deck, on=dt.date(2015, 10, 4))
    assert "banned" not in codes(before) and before.verdict == "cannot-be-checked"


def test_lifted_ban():
    """mod-ban-koans-jingasa: lifted on a day the document does not give; not on the list "As of August 16,
    2015". Before that day the document states no ban list: the ban part is "not stated", not "banned"."""
    deck = add(remove(MODERN, "Accidental Confession"), "Fate", "Koan’s Jingasa")  # curly apostrophe
    before = check("modern", deck, on=dt.date(2015, 8, 1))
    assert "banned" not in codes(before)
    assert before.verdict == "cannot-be-checked" and before.bans == "not-stated" and before.legal is None
    assert "bans-not-stated" in [w.code for w in before.warnings]
    assert check("modern", deck, on=dt.date(2015, 8, 16)).legal


def test_border_keep_is_not_allowed_before_the_first_stated_list():
    """mod-ban-border-keep is on the list "As of August 16, 2015"; before it, the bans are not stated, so a deck
    with Border Keep is not called legal for an earlier day either."""
    deck = add(remove(MODERN, "Chiisai"), "Dynasty", "Border Keep")
    assert "banned" in codes(check("modern", deck, on=dt.date(2015, 8, 16)))
    before = check("modern", deck, on=dt.date(2015, 8, 15))
    assert before.verdict == "cannot-be-checked" and before.bans == "not-stated"
    assert before.as_json()["legal"] is None and before.as_json()["verdict"] == "cannot-be-checked"


def test_rank_icon_category_ban():
    """oh-ban-rank-icon: cards with the Rank (Kabuto) icon."""
    [problem] = only(check("obsidian-hand", add(OH, "Fate", "Compromised Supply Lines")), "banned")
    assert problem.rule == "oh-ban-rank-icon"


def test_unreleased_and_promo_category_ban_and_banned_beats_not_legal():
    """oh-ban-unreleased-promos: a banned card is `banned`, not `not-legal` (on a day the list is stated)."""
    stone = add(OH, "Dynasty", "Stone of Remembrance")  # printed only as a Celestial promo
    assert check("obsidian-hand", stone, on=dt.date(2015, 11, 11)).bans == "not-stated"
    assert [p.rule for p in check("obsidian-hand", stone, on=dt.date(2016, 2, 15)).problems] == [
        "oh-ban-unreleased-promos"
    ]
    unreleased = add(OH, "Fate", "A Casual Stroll")  # an unreleased promo: not in the Legacy pool either
    assert codes(check("obsidian-hand", unreleased, on=dt.date(2015, 11, 1))) == ["not-legal"]
    assert codes(check("obsidian-hand", unreleased, on=dt.date(2016, 2, 15))) == ["banned"]


# --- legal card pool --------------------------------------------------------------------------------


def test_modern_legal_sets():
    """mod-card-legality: a card printed in none of the legal sets and with none of the legal bugs."""
    [problem] = only(
        check("modern", add(remove(MODERN, "Hida Kaoru"), "Dynasty", "Hida Kisada (Imperial)")), "not-legal"
    )
    assert problem.rule == "mod-card-legality" and problem.card == "Hida Kisada (Imperial)"


def test_modern_legal_bugs():
    """mod-legal-bugs: Scout is in no legal set but carries the Twenty Festivals bug."""
    assert check("modern", add(remove(MODERN, "Accessible Terrain"), "Fate", "Scout")).legal


def test_modern_set_names_map_to_the_pool():
    """mod-card-legality: every legal set the document lists is a set in the card pool (Evil Portents...)."""
    from decks.support import codex, index

    pool_sets = {s for i in index().identities for s in i.sets}
    missing = [s.as_written for s in codex().format("modern").legality.sets if s.pool_set not in pool_sets]
    assert not missing


def test_obsidian_hand_builds_on_legacy():
    """oh-guidelines: the Jade Hand Legacy pool; Aulus the Personality (Shattered Empire only) is not in it."""
    [problem] = only(check("obsidian-hand", add(OH, "Dynasty", "Aulus")), "not-legal")
    assert problem.rule == "oh-guidelines" and "Legacy" in problem.message
    # No Obsidian Hand text names a card pool: the Legacy pool is the Codex's reading, and the message says so.
    assert "Legacy cards — a Codex reading, not Obsidian Hand's words" in problem.message


def test_new_era_says_its_collection_is_not_in_the_pool():
    """ne-deck-construction: only New Era's own collection is legal, and the pool does not hold it."""
    report = check("new-era", add(remove(NEW_ERA, "Hida Akeno"), "Dynasty", "Certainly Not A Card"))
    assert report.verdict == "cannot-be-checked" and report.legal is None and "not in the card pool" in report.reason
    assert report.as_json()["verdict"] == "cannot-be-checked" and report.as_json()["legal"] is None
    [warning] = [w for w in report.warnings if w.code == "not-checked"]
    assert warning.rule == "ne-deck-construction" and "not in the card pool" in warning.message


# --- names and reporting ----------------------------------------------------------------------------


def test_unknown_and_ambiguous_cards():
    """oh-guidelines (the card pool): a title the pool lacks, and one naming two separate cards."""
    report = check("obsidian-hand", add(OH, "Dynasty", "Certainly Not A Card", "Hida Kisada"))
    unknown = only(report, "unknown-card")
    assert [p.line for p in unknown] == [p.line for p in unknown if p.line] and len(unknown) == 2
    assert "Hida Kisada (Imperial)" in unknown[1].message and "Hida Kisada (Emperor)" in unknown[1].message


def test_every_problem_is_reported():
    """Every rule broken at once is reported once each, each with its rule id."""
    text = add(
        remove(OH, "Kaiu Shiro", "A Simple Yari"),
        "Dynasty",
        "Hantei",
        "Aulus",
        "4 Hida Ikkaku",
        "Ancient Tome",
        "Certainly Not A Card",
        "0 Hida Kagura",
    )
    report = check("obsidian-hand", text)
    assert set(codes(report)) == {
        "pregame",
        "deck-size",
        "banned",
        "not-legal",
        "copy-limit",
        "wrong-deck",
        "unknown-card",
        "parse",
    }
    # Each with its rule id; a line that is no card line breaks no construction rule and cites none.
    assert all(p.rule for p in report.problems if p.code != "parse")
    assert not [p.rule for p in report.problems if p.code == "parse" and p.rule]


def test_a_modern_ban_message_says_as_of_not_since():
    """ "As of August 16, 2015, the following cards are banned" says nothing about when a ban began."""
    report = check("modern", add(remove(MODERN, "Hida Kaoru"), "Dynasty", "Border Keep"))
    [problem] = only(report, "banned")
    assert "since" not in problem.message and "as of 2015-08-16" in problem.message


def test_card_pages_say_bans_not_stated_before_modern_first_list():
    """The card pages' legality (DeckChecker.card_legality / card_timeline): before 2015-08-16 Modern states no
    ban list, so Border Keep's verdict is "not checked" (bans not stated), then banned; Koan's Jingasa is never
    banned on a day the document states (its lift is undated)."""
    from decks.support import checker, index

    modern = checker("modern")
    keep = index().card("border-keep")
    [(start, before), (day, after)] = modern.card_timeline(keep)
    assert start is None and before.status == "not-checked" and "not stated" in before.reason
    assert day == dt.date(2015, 8, 16) and after.status == "banned"
    koan = index().card("koans-jingasa")
    assert [v.status for _, v in modern.card_timeline(koan)][0] == "not-checked"
    assert "banned" not in [v.status for _, v in modern.card_timeline(koan)]


def test_a_cards_verdict_read_from_its_timeline_is_card_legality():
    """The card pages and the card search read today's verdict from the card's timeline
    (`DeckChecker.verdict_from_timeline`): on any day it is `card_legality`'s, the same object's fields, for every
    card of the fixture pool in every checkable format, on the days a verdict can change, the days either side
    and a day long after."""
    from decks.support import codex, index
    from l5r.site.cardpage.verdicts import checkers

    asked, one = 0, dt.timedelta(days=1)
    for c in checkers(codex(), index()):
        for ident in index().identities:
            days = {dt.date.min, dt.date(2030, 1, 1)}
            for ban in c.applicable_bans(ident):
                days.update(d for d in (ban.added, ban.lifted) if d is not None)
            if c.format.bans is not None and c.format.bans.stated_from is not None:
                days.add(c.format.bans.stated_from)
            for day in sorted(days):
                for near in {max(day, dt.date.min + one) - one, day, min(day, dt.date.max - one) + one}:
                    assert c.verdict_from_timeline(ident, near) == c.card_legality(ident, near), (c.name, ident)
                    asked += 1
    assert asked > 1000, "too few verdicts compared to mean anything"
