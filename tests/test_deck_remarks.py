"""The author's commentary between card lines: a line of prose that names no card is read as a remark, with a
warning, and counted in no deck; a line that looks like a title stays an unknown card (engine/deck/prose.py).

The shape of prose is measured on the pool's titles; the rule served is the deck size count (oh-ii-f: the decks
hold the cards listed, so a sentence must never be counted as copies of a card).
"""

from __future__ import annotations

import pytest

from decks.support import check, index
from l5r.engine.deck.prose import LONG_MARGIN, ProseRule, prose_rule, word_count

TITLES = [
    "For Shame!",
    "I Do Not Die So Easily!",
    "Lies, Lies, Lies...",
    "Shall We?",
    "Iron Mine",
    "Lord of the Kumo, The Great Sea Spider",
    "The Line Must Be Drawn Here!",
]


def _remarks(report) -> list[str]:
    return [w.message for w in report.warnings if w.code == "read-as" and "author's remark" in w.message]


def test_the_measure_is_taken_on_the_titles():
    rule = ProseRule.of_titles(TITLES)
    # one leading article is not counted: "The Line Must Be Drawn Here!" has five words, as players may drop "The"
    assert rule.longest_title == 8
    assert rule.ending_words == {"!": 6, "...": 3, "?": 2}
    assert not rule.breaks_in_titles
    assert word_count("The Fall Back!") == 2


@pytest.mark.parametrize(
    "line",
    [
        "Reserve personality to retain tempo.",  # no title ends in a lone full stop
        "Efficient removal. I'd run more",  # two sentences
        "Why not run more gold in it?",  # "?" ends titles of two words at most here
        "It is the best card in this whole deck by far and I run three",  # longer than any title by more than the margin
        "Current decklist is:",  # the colon that leads into a list
        "mark.sullivan@example.com",  # an address: an e-mail's, a web page's, a name after "@"
        "follow @KakitaFan",
        "www.example.org/lists",
    ],
)
def test_prose_is_told_by_a_shape_no_title_has(line):
    assert ProseRule.of_titles(TITLES).reason(line) is not None


def test_an_address_is_no_remark_where_a_pool_title_holds_one():
    """The shapes are measured on the pool: were a title to hold an address, a line with one could be a title."""
    assert ProseRule.of_titles([*TITLES, "Letters to @Kakita"]).reason("follow @KakitaFan") is None


@pytest.mark.parametrize(
    "line", ["Gaijin Pepper", "Great card.", "So much fun!", "The Mighty Big Holding", "Shall We?", "Lies, Lies..."]
)
def test_a_line_shaped_like_a_title_is_not_prose(line):
    assert ProseRule.of_titles(TITLES).reason(line) is None


def test_a_did_you_mean_the_line_could_be_written_for_keeps_it_a_title():
    rule = ProseRule.of_titles(TITLES)
    assert rule.reason("Iron Mien is good.", ["Iron Mine"]) is None
    # a sentence longer than the suggested title by more than the margin cannot be written for it
    sentence = "Embrace the Void on Enlightened Warrior can funnel that fate back to you."
    assert word_count(sentence) > word_count("Zenathaar, Warrior of the Bright Eye") + LONG_MARGIN
    assert rule.reason(sentence, ["Zenathaar, Warrior of the Bright Eye"]) is not None


def test_every_pool_title_is_no_prose():
    rule = prose_rule(index())
    assert not [t for t in {i.title for i in index().identities} if rule.reason(t) is not None]


def test_the_measure_is_kept_beside_the_index_and_read_back_as_measured(tmp_path, monkeypatch):
    """Each deck check is a new process: the pool's measure is kept in the cache folder beside the index it was
    taken on, and read back as it was measured, measuring no title; a kept measure that is not one (a count
    written as a word) is taken again."""
    import json

    from decks.support import codex, pool_dir
    from l5r.cardpool import cache, load_index
    from l5r.engine.deck import prose

    monkeypatch.setattr(cache, "_IN_PROCESS", {})  # (this worker's index is kept in another folder)
    idx = load_index(pool_dir(), codex().cards, tmp_path)
    measured = ProseRule.of_titles({i.title for i in idx.identities})

    def new_process():
        prose._MEASURED.clear()
        cache._IN_PROCESS.pop("prose-rule", None)

    new_process()
    assert prose_rule(idx) == measured
    (kept,) = tmp_path.glob("prose-rule-*.json")
    new_process()
    with monkeypatch.context() as m:
        m.setattr(ProseRule, "of_titles", classmethod(lambda cls, titles: pytest.fail("measured again")))
        assert prose_rule(idx) == measured

    document = json.loads(kept.read_text(encoding="utf-8"))
    document["value"] = json.dumps({**json.loads(document["value"]), "longest_title": "eight"})
    kept.write_text(json.dumps(document), encoding="utf-8")
    new_process()
    assert prose_rule(idx) == measured


def test_a_remark_is_counted_in_no_deck_and_said():
    report = check(
        "obsidian-hand",
        "Dynasty:\n3 Iron Mine\nReserve personality to retain tempo.\n4 Force for him "
        "is extremely useful against the myriad of fear in the environment.\n",
    )
    assert report.counts["dynasty"] == 3
    assert not [p for p in report.problems if p.code == "unknown-card"]
    remarks = _remarks(report)
    assert len(remarks) == 2 and remarks[0].startswith("line 3: read “Reserve personality to retain tempo.” as")
    assert "counted in no deck" in remarks[1]


def test_a_line_like_a_title_that_names_no_card_stays_an_unknown_card():
    report = check("obsidian-hand", "Dynasty:\n3 Iron Mine\n2 Gaijin Pepper\nGreat card.\n")
    assert report.counts["dynasty"] == 6
    assert [p.line for p in report.problems if p.code == "unknown-card"] == [3, 4]
    assert not _remarks(report)


def test_a_sub_headers_count_leaves_the_remarks_out():
    text = (
        "Dynasty:\n# Holdings (6)\n3 Iron Mine\nThe gold structure above has been quite stable, with the option of "
        "explosive gold starts.\n\n3 Copper Mine\n4 Force for him is extremely useful against the myriad of fear "
        "in the environment.\n\n"
    )
    report = check("obsidian-hand", text)
    assert not [w for w in report.warnings if w.code == "declared-count"], report.warnings


def test_a_line_the_reader_refuses_is_a_remark_when_it_is_prose():
    report = check(
        "obsidian-hand",
        "Dynasty:\n3 Iron Mine\nCurrent decklist is:\nGood vs. Crab; run 3 of it in every build you make.\nCombos:\n",
    )
    assert [int(m.split(":")[0].split()[1]) for m in _remarks(report)] == [3, 4]
    # "Combos:" under the last card, nothing but remarks below it: the author's heading (below)
    assert not [p for p in report.problems if p.code == "parse"] and _headings(report) == [5]


def _headings(report) -> list[int]:
    return [w.line for w in report.warnings if w.code == "read-as" and "the author's heading" in w.message]


# A line shaped as a header ("Word:") whose word is no deck, type or label word: a posted list's own heading above
# the list ("Decklist:", "My deck:") or under it ("Combos:", "Notes:"), followed by the author's remarks. Where it
# changes no deck it is said in a warning; where cards are both above and below it ("Ideas:"), the cards under
# it may be meant for no deck, and it stays a problem (a header of cards outside the deck, "Sideboard:", says so) (oh-ii-f: the decks hold the cards listed), as does a
# misspelt header ("Dynasy:", "Holdngs:") wherever it is.
@pytest.mark.parametrize(
    "text, headings, parse",
    [
        ("Decklist:\nDynasty:\n3 Iron Mine\n", [1], []),
        ("My deck:\n\nDynasty:\n3 Iron Mine\nFate:\n3 A Breed Apart\n", [1], []),
        ("Dynasty:\n3 Iron Mine\n\nCombos:\nIron Mine pays for everything the deck wants to play early.\n", [4], []),
        ("Dynasty:\n3 Iron Mine\nNotes:\n", [3], []),
        ("Dynasty:\n3 Iron Mine\nNotes:\nTotal: 80\n", [3], []),  # the whole deck's total: a line about the deck
        ("Dynasty:\n3 Iron Mine\nIdeas:\n3 Copper Mine\n", [], [3]),
        ("Dynasy:\n3 Iron Mine\n", [], [1]),
        ("Dynasty:\n3 Iron Mine\nHoldngs:\n", [], [3]),
    ],
)
def test_an_authors_heading_changes_no_deck(text, headings, parse):
    report = check("obsidian-hand", text)
    assert _headings(report) == headings, report.warnings
    assert [p.line for p in report.problems if p.code == "parse"] == parse


def test_a_long_line_that_lists_cards_is_no_remark():
    report = check(
        "obsidian-hand",
        "Dynasty:\nThe Chess Masters and Teachers of the deck: 3* Iron Mine, 2* Copper "
        "Mine, Hida Kisada (trade pieces)\n",
    )
    assert not _remarks(report)
    assert [p.code for p in report.problems if p.line == 2] in (["parse"], ["unknown-card"])


def test_a_sentence_that_names_a_card_in_passing_is_a_remark():
    report = check(
        "obsidian-hand",
        "Dynasty:\n3 Iron Mine\nJust to start out, I picked the new holding, Copper Mine, "
        "for the strategy it gives the deck.\n",
    )
    assert report.counts["dynasty"] == 3 and len(_remarks(report)) == 1


# A count of the cards above it, its words after the number or before it with no colon, as a post sums up a deck
# ("40 cards", "6 total", "40 cards total", "Total 40", "Cards: 40"): a line about the deck, never copies of a card
# titled "cards" or "total" (no card is). The deck's count is its cards' (oh-ii-f-the-play-deck-and-deck-construction).
@pytest.mark.parametrize("summary", ["6 cards", "6 total", "6 cards total", "6 total cards", "Total 6", "Cards: 6"])
def test_a_count_of_the_cards_above_is_no_card(summary):
    report = check("obsidian-hand", f"Fate:\n3 Rout\n3 Ambush\n{summary}\n")
    assert report.counts["fate"] == 6, report.problems
    assert not [p for p in report.problems if p.line == 4], report.problems


def test_words_after_a_list_whose_lines_read_only_through_labels_are_the_authors():
    """The list is over where the last line read as a card is, however it was read (`King: Akodo Toturi`, `Rout x2;
    2* Ambush`), not where the last title as written is: the words after it are the author's, the opening line's
    paragraph too ("Cheers, Kevin"); a card after them makes them the list's lines again."""
    text = "Fate:\nKing: Rout\nRout x2; 2* Ambush\n\nHope you like it!\nCheers, Kevin\n"
    report = check("obsidian-hand", text)
    assert not [p for p in report.problems if p.code == "unknown-card"], report.problems
    assert {w.line for w in report.warnings if "after the list (its last card line is line 3)" in w.message} == {5, 6}
    report = check("obsidian-hand", text + "\n1 Rout\n")
    assert [p.line for p in report.problems if p.code == "unknown-card"] == [5, 6]
