"""The two deck checkers, one answer: Hypothesis writes decklists, the Python checker (`l5r deck check`) and the
browser one (docs/assets/deck-check.js under Node) read them, and their JSON must be the same, messages included.

The decklists cover every syntax the readers detect (hand-written text with every header style, Oracle of the
Void text and tab exports, Sun and Moon, game_on_yasuki, YAML), every count form (`3`, `3x`, `3×`, `2*`,
`3x: A, B`, `Title x3`, `Title (x2)`, `Title - 3`), and the fixture pool's titles in every style of
tests/decks/styles.py, with a typo of distance 1 now and then, a set in brackets, remarks and junk lines, and
the author's commentary between the card lines (sentences long and short, blank lines, sub-headers with counts).
Each Hypothesis example is a batch of decklists run through one Node process: `make test` runs 40 batches of
10 (400 decklists), `make fuzz` 1,000 batches (10,000). The tests after it show the check fails when one side's
reading pattern is changed alone.
"""

from __future__ import annotations

import json
import os
import quopri
import random
import re


import pytest
from hypothesis import Phase, given, settings, strategies as st

from decks import support
from decks.node_checker import NODE, Differential, first_difference
from decks.styles import LEVEL_STYLES, LINE_STYLES, TITLE_STYLES

from .support import Quiet

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

BATCH = 10
# batches: `make fuzz` runs its budget in lists, `make test` 40 batches, the quick loop 10 (tests/fuzz/conftest.py)
_EXAMPLES = (
    max(1, settings().max_examples // BATCH)
    if os.environ.get("L5R_FUZZ_PROFILE") == "fuzz"
    else settings().max_examples
)


@pytest.fixture(scope="module")
def both():
    differential = Differential(support.index())
    yield Quiet(differential, "both deck checkers")
    differential.close()


def _identities():
    return [i for i in support.index().identities if i.in_pool]


IDENTITIES = None


def _typo(text: str, rng: random.Random) -> str:
    """One edit: a letter dropped, doubled, swapped with its neighbour or replaced."""
    if len(text) < 4:
        return text
    at = rng.randrange(1, len(text) - 1)
    kind = rng.choice("drop double swap replace".split())
    if kind == "drop":
        return text[:at] + text[at + 1 :]
    if kind == "double":
        return text[:at] + text[at] + text[at:]
    if kind == "swap":
        return text[: at - 1] + text[at] + text[at - 1] + text[at + 1 :]
    return text[:at] + rng.choice("aeiourstn") + text[at + 1 :]


@st.composite
def card_text(draw) -> str:
    """A card as a player writes it: a pool title in some style, its level in some marker, maybe a typo."""
    global IDENTITIES
    if IDENTITIES is None:
        IDENTITIES = _identities()
    ident = draw(st.sampled_from(IDENTITIES))
    style = draw(st.sampled_from(sorted(TITLE_STYLES)))
    title = TITLE_STYLES[style](ident.title) or ident.title
    if ", " in title and draw(st.integers(0, 3)) == 0:  # without its subtitle ("Okazaki", "Asahina Takuma")
        title = title.partition(", ")[0]
    text = title
    if ident.experience:
        marker = draw(st.sampled_from(sorted(LEVEL_STYLES | LINE_STYLES)))
        text = (LEVEL_STYLES | LINE_STYLES)[marker](title, ident.experience) or f"{title} • {ident.experience}"
    if draw(st.integers(0, 9)) == 0:
        text = _typo(text, random.Random(draw(st.integers(0, 2**16))))
    elif draw(st.integers(0, 9)) == 0:  # its words abbreviated ("Fam. Bazaar", "Cntg. Hse.", "Fam Baz")
        text = _abbreviated(text, random.Random(draw(st.integers(0, 2**16))))
    return text


def _abbreviated(text: str, rng: random.Random) -> str:
    """Some words of four letters or more cut short: to their first letters, with a full stop or not, or to letters
    of them in order."""
    words = text.split(" ")
    for n, word in enumerate(words):
        if len(word) >= 4 and word.isalpha() and rng.random() < 0.6:
            kind = rng.choice(["prefix", "prefix", "bare", "letters"])
            if kind == "letters":
                kept = [ch for ch in word[1:] if ch.lower() not in "aeiou"][:3]
                words[n] = word[0] + "".join(kept) + "."
            else:
                words[n] = word[: rng.randint(1, len(word) - 1)] + ("." if kind == "prefix" else "")
    return " ".join(words)


COUNTS = ["", "1 ", "2 ", "3 ", "3x ", "3× ", "2* ", "1x ", "0 ", "100 ", "-1 ", "x3 ", "3 - ", "3x - ", "2 copies of "]
COUNTS += ["three ", "Two x ", "one copy of ", "3 of ", "2 three "]  # a count in words, "of" after a count
COUNTS += ["(3) ", "[2x] ", "3) ", "(x3) ", "[_3_] ", "[ 2 ] "]  # a count in brackets before the title (a form's)
COUNTS += ["1. ", "12) "]  # an item's number (with a count after the title, it is no count)
COUNTS += ["x3", "a pair of ", "a single ", "2 each: ", "3 ea. ", "1 each of ", "2x each -> "]  # glued; for each
COUNTS += ["two each of ", "Rings (1 each): ", "Holdings (3 each): "]
COUNTS += ["2pcs ", "2 Stk. ", "3 cps ", "3 copies ", "2 copies: ", "three copies "]  # a count with a word after it
COUNTS += ["<3> "]  # angle brackets as round ones
COUNTS += ["[x3] Rout / "]  # one count for each title after it in brackets
COUNTS += ["Lion - ", "Crab: ", "3 [Crab] ", "Neutral - 2 ", "(Unicorn) "]  # a clan before the title
COUNTS += ["sensei ", "SH "]  # a pre-game label with no colon
COUNTS += ["King: ", "Bishops: 2* ", "Theme: ", "Crab: 2 "]  # the author's label before a card, and its count
COUNTS += ["May the Best Man Win: 3* ", "Masters/Teachers (mine): 2* ", "Theme (Naga): "]  # longer labels
COUNTS += ["(0g) ", "4g: ", "[2/2 | 4g] ", "4F 2C 6G - ", "F2 ", "3F/3C/6g  3x "]  # statistics before the title
COUNTS += ["IvE-C 3x ", "[TCS][U] 2x ", "IvE #112 (C) x3 ", "ALitS-R 1 ", "IvE 3x "]  # a collection's set and rarity
# a post's markup around a line ("[*]3x Rout", "<li>3x Rout</li>", "Rout<br />")
MARKUP = [
    ("[*]", ""),
    ("<li>", "</li>"),
    ("", "<br />"),
    ("[b]", "[/b]"),
    ("[color=red]", "[/color] <-- MVP"),
    ("*", "*"),
]
MARKUP += [("`", "`"), ("🏯 ", " ⭐"), ("", " :fire:")]  # a chat's code marks and emoji
MARKUP += [("[[", "]]"), ("[[Card:x|", "]]"), ("[", "](https://example.org/c)")]  # a wiki's or markdown's link
MARKUP += [("{{card|", "}}"), (", "), ("", " <!-- cut -->"), ("[[Category:", "]]")]  # a wiki page's
# bullets and a reply's quote marks, in hand-written lists only ("- > 2 ..." in YAML is a block scalar)
TEXT_COUNTS = ["• 3 ", "> 2 ", ">> • 1 ", "+ 3x ", "→ 2 ", "3,", "2;", "3 , "]  # (a CSV row's count: "3,Rout")
TEXT_COUNTS += ["- [x] 3 ", "* [ ] ", "~~2 Rout~~ 1 ", "HidaTetsu wrote:3 ", "Proxy Holding: "]  # a post's marks
TEXT_COUNTS += ["#3 ", "# 2 "]  # a count after a number sign
TEXT_COUNTS += ["-", "○ ", "a.\t3 ", "ii)\t"]  # a dash glued, a hollow bullet, a word processor's outline
AFTER = [
    "",
    "",
    "",
    " x3",
    " ........ 3",  # a printed sheet's dot leaders, spaced or glued, or in a word processor's ellipses
    "…………3",
    " = 3",  # an equals sign or an arrow before the count
    " -> 2",
    " [Ivory Edition] - great card",  # a set in square brackets, then the author's remark
    " ... my favourite",  # a remark after an ellipsis
    " (three)",  # a count in words after the title, and one for each of several
    " 54/156 R",  # a printing's number or a card's statistics after the title
    " 2F/4C 6g PH3",
    " (#84/156)",
    "s (borrowed)",  # made plural, with a remark
    " x3 copies",
    " times three",
    ", two copies",
    " (2 each)",
    "..........2",
    " (x2)",
    " (3)",
    " - 3",
    " <Strategy>",  # angle brackets as round ones
    " ✓✓✓",  # a check mark for each copy
    " (IvE) 150",  # a set's code and a collector number
    " / Terreno abierto",  # a translation after the title, or the title after one
    " (Iron Mine)",
    " 3 of",  # a count with a word after it, or between dashes
    " -3-",
    " [Emperor Edition]",
    " [Gold Edition] x2",
    " (great early)",
    " - for the gold",
    " (TotV)",
    ",3",
    "; 2",
    ": always",
    " // the best",
    " = MVP",
    " [Crab]",
    "s",
    "es",
    " (Clan War)",
    " - Samurai Edition",  # a set's name after a dash, a comma or a slash
    ", Celestial",
    " / SE",
    ", 1,000 Years of Darkness",
    " (Exp 2, Gold Edition)",
    " (Fire and Shadow; exp)",
    " [Jade] (exp2)",
    " (Experienced 3 - Celestial)",
    " [BBP] (Hero)",
    " {Mantis}",
    " {SE}",
    " -x3",
    " *3",
    " - 3x",
    " x2.",
    " (TDoW)",
    " (Celestial)",
    " (HE3)",
    " [Dead of Winter]",
    " [Twenty Festivals]",
    " (3 copies)",
    " x2 (great early)",
    " - 2 copies",
    "\t3",
    "\tx2",
    "    3",
    "  (great early)\t2",
    "*",
    " †",
    ";",
    " x3 *",
    " *promo*",  # the author's remark in markdown's italics
    " (MVP all day. A traditional",
    " (for the gold",
    " 2",
    " ........ 3",
    " ...  x2",
    " x3 // MVP",  # the count, then the author's remark after a mark
    " (2) - the best",
    " x2: always",
    " - 3 <-- tech",
    " x3 @ $0.50",  # a price, as a list of cards for sale writes one
    " - $1 ea",
    " (2) (£0.25 each)",
    " — 4 €",
    " (only 1!)",  # the author's remark in brackets, after a title several cards share too
    ", the best card in the deck",  # the author's remark after a comma, after the count too
    " x3, always",
    " {3}",  # a count in curly brackets
    "...3",  # three dots or one ellipsis glued to the title and the count
    "…2",
    " x2 (MVP)",  # an aside in brackets after the count, on a line of several titles too
    " [Ivory Edition] // great",  # a set, then a remark after a mark; a count, then a set and a remark
    " x3 (IE) (MVP)",
    " - 3 [Siege: Clan War]: always",
    " {IE} <-- tech",
    " - Exp (IE) // great",  # a level, then a set and a remark
    " - Exp 2 x3 [Gold Edition] // great",
]
# a header with its first card on the line ("Holdings (3): 3x Iron Mine"), in hand-written lists
LABELS_ON_THE_LINE = ["Holdings (3): ", "Personalities - ", "Fate: ", "Events: ", "Stronghold (1): ", "Decklist: "]
# a list copied from a page's source: its HTML entities
ENTITIES = [("'", "&#39;"), ("'", "&rsquo;"), ("&", "&amp;"), (" ", "&nbsp;"), ("-", "&#x2013;"), ("e", "&bogus;")]
# a list's first line: the deck's name, after a label or not, the player's, a greeting
FIRST_LINES = [
    "Deck: Crab Berserker Rush",
    "Decklist: Hida Kisada Honor",
    "Deck Name: Rout x3",
    "Crab Rush (Kotei 2012)",
]
FIRST_LINES += [
    "Deck: Iron Mine",
    "Player: Isawa Fan #1",
    "Deck - Moto Chagatai",
    "Hi all,",
    "Hello everyone!",
    "Hey Ide",
]
HEADERS = {
    "text": [
        "Pre-Game:",
        "Stronghold:",
        "Dynasty:",
        "Fate:",
        "Dynasty (40):",
        "Fate deck (40 cards)",
        "Holdings (14)",
        "Personalities:",
        "# Follower (9)",
        "Strategy -- 20 cards",
        "Dynasty Total: 40",
        "Total Fate: 40",
        "Quantity | Card Name",
        "- Stronghold: Kaiu Shiro",
        "Total\t80",
        "DYNASTY\tQty",
        "Qty\tCard\tType\tGold Cost",
        "| Qty | Card | Set |",
        "|---|---|---|",
        "**Sensei:** Kaelung Sensei",
        "Fate (40)      Qty",
        "[list]",
        "<ul>",
        "[b]Dynasty (40)[/b]",
        "<h3>Fate</h3>",
        "Qty\tCard\tSet",
        "Author: someone",
        "Sensei - Kaelung Sensei",
        "Wind: None",
        "Sensei: -",
        "Holdings: n/a",
        "Fate (52 I think)",
        "Dynasty (40 cards, more or less)",
        "Stronghold: Kaiu Shiro. Start with Ring of Water",
        # headers and sub-headers in other languages, with accents or without
        "Personnages (18) :",
        "Evènements",
        "ESTRATEGIAS",
        "Gegenstände:",
        "Mazo de Destino (40)",
        "Sensei : Aucun",
        "Strong Hold: Kyuden Hida",  # the stronghold's label misspelt, or with an arrow after it
        "Stronghold -> Kyuden Hida; Sensei: Kaiu Sensei",
        "Sensei of choice: Kaiu Sensei",  # a label qualified as posts qualify it
        "Stronghold (Crab): Kyuden Hida",
        "-------",
        "---",
        "***",
        "___",
        "* * *",
        "====",
        "By Nick Zube",
        # the author's headings ("Decklist:", "Combos:") and misspelt headers, which stay problems
        "Decklist:",
        "Combos:",
        "Sideboard:",
        # cards outside the deck below them
        "Maybe (3):",
        "Cut",
        "Options:",
        "3 each:",  # one count for each title under it
        "Dynastie (40) :",  # other languages' headers and labels, headers in drawn brackets
        "Forteresse : Kaiu Shiro",
        "<<< FATE >>>",
        "-=[ Holdings (12) ]=-",
        # a post's own lines and a deck builder's statistics; changes to a list posted before
        "Quote from: HidaTetsu on March 12, 2015, 08:41:07 PM",
        "Posted on June 3, 2015 by tamori_tea — 4 Comments",
        "Exported from L5R DeckBuilder 2.1 on 2015-06-03 14:22",
        "Average gold cost: 2.4",
        "MVP: Kaiu Shiro",  # a tournament report's words on a card of the list
        "Personalities: 17 | Holdings: 14 | Events: 0",
        "-1 Tsuruchi Taito, +1 Tsuruchi Kaito",
        "+2 Fearful Volley",
        # a forum reply's attributions and edits; groups by cost, by use and by how many; a label alone, then None
        "HidaTetsu wrote:",
        "Originally Posted by HidaTetsu",
        "Quote:",
        "~~3 Counting House~~",
        "2 gold:",
        "6g:",
        "Core:",
        "3-ofs: Iron Mine, Copper Mine",
        "Singletons:",
        "Sensei",
        "None",
        "My Crab deck v1.0",
        "3x each of the following:",
        "Dinastía / Dynasty (40)",  # a deck's header in two languages, after the deck's name, cut short, outlined
        "Crab Wall - Dynasty (40)",
        "// Fate",  # an export's comment marks before a header, and a comment after them
        "// cut for now",
        "||3x Kaiu Shiro||",  # a chat's spoiler bars
        "Conflict Deck (40)",  # a line only a deck of the other game (the LCG) has
        "Total Influence: (13/13)",
        "Dyn. (40)",
        "1.\tFate (40)",
        "Rings (1 each):",  # a group's name with the count for each title under it; the decks by their backs' colour
        "Black (40)",
        "Green Deck:",
        "40 Dynasty cards",  # a header's count before it, after "=" or "|", as "40/40", with "cards total"
        "Holdings = 3",
        "FOLLOWERS / 8",  # a header's count marked as a card line's ("x8", "#2", "{3}", "| 8", "8 Followers:")
        "Followers x8",
        "Spells #2",
        "Items {3}",
        "Holdings | 6",
        "8 Followers:",
        "Iron Mine / 3",  # (a title so marked is no header)
        "Dynasty cards:",  # the words for the deck's list after its name
        "Fate Deck List",
        "Holdings cards (14)",
        "Seeker of Air",  # the other game's role alone on a line, after its clan
        "Dragon: Seeker of Fire",
        "Wins: 3",  # a figure about the deck, shaped as a card and its count
        "Barely farm: 3",  # a misspelt card so shaped, an unknown one
        "Scouting Far Afield: 2",
        "Dynasty (40): Personalities (20) Holdings (17) Regions (3)",  # a deck's summary line above its list
        "Dynasty (40): 3 Iron Mine, 3 Copper Mine, Hida Kisada\nFate (40): 2 Rout, 3 Ambush",  # a deck a line
        "Fate (40) - Strategies 24 / Items 6",
        "SH/Sensei: Kaiu Shiro / Aranai Sensei",  # the pre-game cards on one line
        "Stronghold: Kaiu Shiro | Sensei: Aranai Sensei",
        "Stronghold: Kaiu Shiro, Sensei: Aranai Sensei, Wind: Wind of Justice",
        "BK/BH",  # pre-game cards abbreviated, after a pre-game label or under a header
        "Kiho (2)",  # a group's heading with its count, over the copies under it (or not)
        "Battle Actions - 3",
        "Tactics (2):",
        "Duels: 1",
        "Ninja (1)",
        "Kiho:",  # a heading named by a keyword or a kind of action, no count
        "Battle Actions:",
        "2 Ring of Void",  # a title with its small words left out
        "1 Speed Blade",
        "1 Isawa Tadaka - Experienced 2CW",  # a title without its subtitle, at a level only the subtitled one has
        "Pregame: BK, BH",
        "Kyuden Hida / BK / BH",  # on the stronghold's own line, with no header
        "King: Akodo Ginawa",  # the author's label before a card
        "Hida Kisada exp. 2",  # a level's word cut short by a full stop, then its number
        "3 Jade Works IE",  # a set's acronym after a space alone
        "3 Jade Works - 2 gold",  # a cost or a focus the author notes after the title
        "Hida Kuon (Inexp)",  # the card with no level, as "Inexperienced"
        "Kuni Yori inexp",
        "Rout, 3 focus",
        "Hida Kuon SE x2",
        "Akodo Kano Exp. II. Great card.",
        "Pawns: 3* Iron Mine, 1* Rout",  # ... and before titles between commas
        "King: Hida Kisada; Queen: Hida O-Ushi",  # ... and labelled cards run on one line
        "Rook: 2* Rout, Knight: Hida Kisada (Imperial) / Pawns: 3* Iron Mine, Ambush",
        '<superzone name="Dynasty">',  # a deck tool's XML export: its zones and its other tags
        '  <section name="Fate" shared="False">',
        '<?xml version="1.0" encoding="utf-8"?>',
        "</superzone>",
        "12 Comments",  # a social site's own text; the comments under its count
        "2y Like Reply",
        "· 8 yr. ago",
        "hide",
        "Posted by u/ShibaTsukimi",
        "Fate | 40",
        "Dynasty 40/40",
        "Fate: 40 cards total",
        # a printed sheet's dot leaders; an East Asian keyboard's full-width colon and brackets
        "DYNASTY .................. 40",
        "Stronghold .......... Kaiu Shiro",
        "Stronghold\uff1a Kaiu Shiro",
        "Fate\uff08\uff14\uff10\uff09",
        "Dynasy:",
        "Holdngs (3):",
        "Total: 80",
        "40 cards",  # a count of the cards above, its word after it or before it
        "6 total",
        "Total 40",
        "Cards: 80",
        "**Dynasty (40)**",
        "--- Fate (40) ---",
        "== Pre-Game ==",
        "<b>Holdings</b>",
        "[b]Personalities (3)[/b]",
        "__Followers__",
        "- Strategies",
        "**Notes:**",
        "Stronghold: Kaiu Shiro (40/40)",
        "Events & Regions (5)",
        "Qty,Card,Set",
        "Cost  Qty  Card",
        "Dynasty Deck (forty cards):",
        "Fate Deck: forty-five",
        "Stronghold - Kaiu Shiro",
        "Count;Name",
        "From: Dave Price",
        "Subject: my list",
        "```",
        "Items/Followers:",
        "Spells and Rings (3)",
        "Holdings, Personalities",
        "Pregame: Border Keep, Bamboo Harvesters",
        "My Crab deck [40 / 41 cards]",
        "Dynasty 40 / Fate 40",
        "40 Dynasty / 40 Fate",
        "Dynasty (40), Fate (41)",
        "",
        "",
    ],
    "oracle": [
        "Qty\tCard\tSet",
        "# Pre-Game - (2) [2 distinct]",
        "# Stronghold - (1) [1 distinct]",
        "# Dynasty - (40) [15 distinct]",
        "# Holding - (12) [5 distinct]",
        "# Fate - (40) [20 distinct]",
        "# Strategy - (20) [8 distinct]",
        "",
    ],
    "yasuki": ["Pre-Game:", "Dynasty: # (40)", "Fate: # (40)", "name: my deck", "author: me"],
}


# The author's remarks between card lines, shaped as posted lists write them (the lists of the conformance cases
# posted-*-remarks): a sentence long or short, with a sentence mark or none, two sentences, a count in front, a
# pool title inside; and short title-like lines that name no card (those stay unknown cards).
REMARK_WORDS = (
    "the deck runs gold early tempo is extremely useful against this environment and a removal "
    "personality naval I'd run but with only quite stable given number of attachments"
).split()
POSTED_REMARKS = [
    "Reserve personality to retain tempo.",
    "mark.sullivan@example.com",
    "Thanks,",
    "Thanks for reading, -Dragonfly",  # a post's closing words, its author's name after them
    "Cheers again - Matt",
    "-----Original Message-----",
    "ShosuroFan — Today at 9:42 PM",
    "follow @KakitaFan for more",
    "more at www.example.org/lists",
    "Honor meta on a personality.",
    "Gaijin Pepper",
    "Great card.",
    "Efficient removal. I'd run 3x of it (and not run the other), but the inclusion makes her HR risky.",
    "4 Force for both is extremely useful against the myriad of fear/melee/ranged 3 in the environment.",
    "What Have You Done!? It was the only play.",
    "(MVP all day.)",
    "Why not run more gold?",
    "So much fun!",
    "Current decklist is:",
    "Good vs. Crab; run 3 of it in every build you make.",
    "The Chess Masters and Teachers of the deck: 3* Iron Mine, 2* Copper Mine, Hida Kisada (trade pieces)",
    # a deck written in sentences: the cards it names are said in the remark's warning
    "For the Dynasty I run three Iron Mines and two Copper Mines, with Hida Akeno and Ambush for the Fate.",
    "I will play Rout and the Pearls & Spirits, (Merchant Guard) too.",
    # a remark wrapped mid-sentence at a fixed width, its last words alone on the next line
    "not be assigned to the same province (bishops can't ever end up on the same\nsquare).",
    "If you bring out Tsuko and experienced Gohei normally (not overlaying) you should\ndiscard a pawn",
]


@st.composite
def remark(draw) -> str:
    if draw(st.booleans()):
        return draw(st.sampled_from(POSTED_REMARKS))
    words = [draw(st.sampled_from(REMARK_WORDS)) for _ in range(draw(st.integers(1, 16)))]
    if draw(st.integers(0, 3)) == 0:
        words.insert(draw(st.integers(0, len(words))), draw(card_text()))
    text = " ".join(words)
    text = text[:1].upper() + text[1:] + draw(st.sampled_from(["", ".", ".", "!", "?", "...", "!?", ")."]))
    if draw(st.integers(0, 4)) == 0:
        text += " " + draw(st.sampled_from(POSTED_REMARKS))
    return draw(st.sampled_from(["", "", "", "4 ", "3x ", "- "])) + text


def _dressed(draw, count: str, cards: str, after: str) -> str:
    """A hand-written line as posts dress it: a label before it, markup around it, a table's cells, an entity."""
    line = f"{count}{cards}{after}"
    if draw(st.integers(0, 15)) == 0:  # a deck tool's XML export: OCTGN's card with its count, Lackey's one copy
        line = draw(
            st.sampled_from(['<card qty="2" id="c1">{}</card>', '\t<card><name id="c">{}</name><set>IE</set></card>'])
        )
        line = line.format(cards)
    if draw(st.integers(0, 11)) == 0:  # the count after a colon, as a figure is written ("Iron Mine: 3")
        line = f"{cards}{draw(st.sampled_from([': 3', ':2', ' : 1', ': 17']))}"
    if draw(st.integers(0, 7)) == 0:
        line = draw(st.sampled_from(LABELS_ON_THE_LINE)) + line
    if draw(st.integers(0, 7)) == 0:
        before, after_tag = draw(st.sampled_from(MARKUP))
        line = before + line + after_tag
    if draw(st.integers(0, 11)) == 0:  # a table's row with no column names above it
        cells = [count.strip() or "1", f"{cards}{after}", draw(st.sampled_from(["Strategy", "Exp 2", ""]))]
        line = draw(st.sampled_from(["| {} | {} | {} |", "{} | {} | {}", "{1}\t{2}\t{0}"])).format(*cells)
    if draw(st.integers(0, 7)) == 0:
        character, entity = draw(st.sampled_from(ENTITIES))
        line = line.replace(character, entity, 1)
    if draw(st.integers(0, 11)) == 0:  # a character a paste carries (decklist.py PASTED_CHARACTERS), anywhere
        at = draw(st.integers(0, len(line)))
        line = (
            line[:at] + draw(st.sampled_from(["\u200b", "\u00ad", "\ufeff", "\u3000", "\uff13", "\uff1a"])) + line[at:]
        )
    return line


def _in_two_columns(draw, lines: list[str]) -> list[str]:
    """The lines laid out in two columns, as a handout prints them, with a header at the head of each or none."""
    half = len(lines) // 2
    width = max(len(line) for line in lines[:half]) + draw(st.integers(2, 8))
    head = [f"{'Dynasty (40)':<{width}}Fate (40)"] if draw(st.booleans()) else []
    left, right = lines[:half], lines[half:]
    return head + [f"{a:<{width}}{b}" for a, b in zip(left + [""] * len(right), right)]


def _several_on_a_line(draw, count: str, cards: str) -> tuple[str, str]:
    """Now and then several titles on the line: one count for them all, a count before each, or one after each."""
    kind = draw(st.integers(0, 12))
    if kind == 0:
        separator = draw(st.sampled_from([", ", "/"]))  # ("Border Keep/Bamboo Harvesters": a slash with no spaces)
        return draw(st.sampled_from(["3x: ", "2x: ", "1: "])), f"{cards}{separator}{draw(card_text())}"
    if kind == 12:  # titles grouped in brackets, one count for each: "(A, B) x3", "3x {A / B}", "A, B - 2 apiece"
        opening, closing = draw(st.sampled_from(["()", "[]", "{}"]))
        group = f"{cards}{draw(st.sampled_from([', ', ' / ', ' & ', '; ', ' | ']))}{draw(card_text())}"
        before, after = draw(
            st.sampled_from([("", " x3"), ("3x ", ""), ("", " - 2"), ("x2 ", ""), ("", " 2 each"), ("2 ", " x3")])
        )
        if draw(st.booleans()):
            return "", f"{group} - 2 apiece"
        return "", f"{before}{opening}{group}{closing}{after}"
    if kind == 1:  # "3 Iron Mine, 2 Copper Mine": a count before each title
        count = draw(st.sampled_from(["3 ", "2x ", "1 ", ""]))  # (none: "Border Keep, Bamboo Harvesters")
        for _ in range(draw(st.integers(1, 3))):
            separator = draw(
                st.sampled_from(
                    # (" ": titles run on with no separator, "2x Carpenter Castle 3x Border Keep")
                    [
                        ", ",
                        " / ",
                        "/",
                        " | ",
                        "; ",
                        " + ",
                        " & ",
                        " and ",
                        " AND ",
                        " · ",
                        " ~ ",
                        " // ",
                        " - ",
                        " -- ",
                        " ",
                    ]
                )
            )
            # (each count in a form a line's count takes: "1*: Tsuo", "(2) Ambush", "2: Rout")
            cards += separator + draw(st.sampled_from(["2 ", "1x ", "3 ", "", "2* ", "1*: ", "(2) ", "2: "]))
            cards += draw(card_text())
            cards += draw(st.sampled_from(["", "", "", "s", "es", " x2", " - 3"]))  # "2 Ambushes; 1 Rout", "Rout x2"
    elif kind == 2:  # "Iron Mine x3 & Copper Mine x2": a count after each title
        count = draw(st.sampled_from(["", "", "Holdings: "]))
        for _ in range(draw(st.integers(1, 3))):
            separator = draw(st.sampled_from([", ", " & ", " and ", "; ", " / ", " - ", " // ", " · ", " "]))
            # (an aside in brackets after a count, a set before it: "Rout x3 (MVP), Ambush [IE] x2")
            cards += (
                draw(st.sampled_from([" x2", " (3)", " 2x", " x 1", "", " - 2", ": 3", " *2", " x3 (MVP)", " [IE] x2"]))
                + separator
            )
            cards += draw(card_text())
    return count, cards


def _an_items_number(draw, item: int, mark: str, style: str) -> tuple[str, str]:
    """A numbered list's item's number, and the style of the next: now and then the style changes for the lines after
    ("4) Rout", "5 - Ambush", "6 Iron Mine": a number after the item above it is the list's next item)."""
    if mark == "group":
        return f"({item}) - ", style
    if draw(st.integers(0, 3)) == 0:
        style = draw(st.sampled_from([". ", ") ", " - ", " ", ": "]))
    return f"{item}{style}" + draw(st.sampled_from(["", "", "", "2x ", "3 "])), style


def _a_reply_quoting(draw, lines: list[str]) -> list[str]:
    """A reply below the list that quotes some of its lines again, under an attribution line or with quote marks."""
    quoted = draw(st.lists(st.sampled_from(lines), min_size=1, max_size=4))
    mark = draw(st.sampled_from(["> ", ">> ", ""]))
    attribution = draw(st.sampled_from(["HidaTetsu wrote:", "Originally Posted by HidaTetsu", "Quote:", ""]))
    return ["", attribution, *(mark + line for line in quoted)]


@st.composite
def decklist(draw) -> dict:
    syntax = draw(st.sampled_from(["text", "text", "text", "oracle", "oracle-tab", "sunandmoon", "yasuki", "yaml"]))
    fmt = draw(st.sampled_from(["obsidian-hand", "modern", "new-era"]))
    lines: list[str] = []
    if syntax == "sunandmoon":
        lines.append(f"Legality: {draw(st.sampled_from(['Modern', 'Obsidian Hand', 'Ivory', 'modern']))}")
    if syntax == "yaml":
        lines += ["name: a deck", draw(st.sampled_from(["dynasty:", "pre_game:", "fate:"]))]
    elif syntax == "text" and draw(st.integers(0, 5)) == 0:  # the deck's name first, after a label or not
        lines.append(draw(st.sampled_from(FIRST_LINES)))
    # a numbered list ("1. Ambush", "2) Rout"): its numbers run on, or start again at 1 after a header
    numbered = syntax == "text" and draw(st.integers(0, 5)) == 0
    mark, item = draw(st.sampled_from([". ", ") ", "group"])), 0  # or numbered groups: "(2) - Counter Cards"
    style = mark
    for _ in range(draw(st.integers(1, 14))):
        kind = draw(st.integers(0, 9))
        if kind == 0 and syntax in ("text", "oracle", "oracle-tab", "yasuki"):
            lines.append(draw(st.sampled_from(HEADERS["oracle" if syntax == "oracle-tab" else syntax])))
            item = 0 if numbered and draw(st.booleans()) else item
            continue
        if syntax == "yaml" and kind == 0:
            lines.append(draw(st.sampled_from(["pre_game:", "dynasty:", "fate:", "Stronghold:"])))
            continue
        count = draw(st.sampled_from(COUNTS + (TEXT_COUNTS if syntax == "text" else [])))
        if numbered:
            item += 1 + (draw(st.integers(0, 9)) == 0)  # now and then a number left out
            count, style = _an_items_number(draw, item, mark, style)
        cards = draw(card_text())
        if not numbered:  # (a numbered list's lines as numbered lists hold them: an item's number, a title, a remark)
            count, cards = _several_on_a_line(draw, count, cards)
        after = draw(st.sampled_from(AFTER))
        if syntax == "oracle-tab":
            line = f"{count.strip(' x×*') or '1'}\t{cards}" + (f"\t({after.strip(' ()[]')})" if after.strip() else "")
        elif syntax in ("yasuki", "yaml"):
            line = f"  - {count}{cards}{after}"
        else:
            dressed = syntax == "text" and not (numbered and draw(st.integers(0, 3)))
            line = _dressed(draw, count, cards, after) if dressed else f"{count}{cards}{after}"
        if syntax == "text" and draw(st.integers(0, 11)) == 0 and len(line) > 6:  # broken at a line's end
            at = draw(st.integers(3, len(line) - 2))
            lines.append(line[:at] + "-")
            line = line[at:]
        lines.append(line)
        if draw(st.integers(0, 19)) == 0 and syntax != "yaml":
            lines.append(draw(st.sampled_from(["%%% ??? not a card", "3", "x3", "()", "Nonsense (3):"])))
        if draw(st.integers(0, 4)) == 0 and syntax not in ("yaml", "oracle-tab"):
            lines.append(("  - " if syntax == "yasuki" else "") + draw(remark()))
            if draw(st.booleans()):
                lines.append("")
    if syntax == "text" and draw(st.integers(0, 5)) == 0 and lines:
        lines += _a_reply_quoting(draw, lines)
    if syntax == "text" and draw(st.integers(0, 9)) == 0:  # two decks in one post, the second written as the first
        lines += ["", *lines]
    if syntax == "text" and draw(st.integers(0, 9)) == 0 and len(lines) > 1:
        lines = _in_two_columns(draw, lines)
    if syntax == "text" and draw(st.integers(0, 11)) == 0:  # a paste site's line numbers, running 1 by 1 or not
        first, skip = draw(st.integers(0, 12)), draw(st.sampled_from([1, 1, 1, 2]))
        lines = [f"{first + n * skip:02d} | {line}" for n, line in enumerate(lines)]
    source = "deck.yml" if syntax == "yaml" else "deck.txt"
    text = "\n".join(lines) + "\n"
    if syntax == "text" and draw(st.integers(0, 11)) == 0:  # a mail's body in quoted-printable, as kept raw
        ending, head = draw(st.sampled_from([("", "Content-Transfer-Encoding: quoted-printable\n\n"), (" ", "")]))
        charset = draw(st.sampled_from(["utf-8", "cp1252"]))  # a mail program's charset: UTF-8 or Windows-1252
        body = "\n".join(line + ending for line in lines).encode(charset, errors="replace")
        text = head + quopri.encodestring(body).decode("ascii")
    return {
        "text": text,
        "format": None if syntax == "sunandmoon" and draw(st.booleans()) else fmt,
        "as_of": draw(st.sampled_from(["2016-03-01", "2015-01-01", "2012-06-01", "2026-11-28", "2015-11-01"])),
        "input_format": draw(st.sampled_from([None, None, None, syntax])),
        "source": source,
        "strict": draw(st.integers(0, 7)) == 0,
    }


def _same_error(answer: dict) -> dict:
    """An error as the page has it: the page has no file name ("deck file deck.yml is ..." is "the decklist is")."""
    if "error" in answer:
        # (the page reads YAML with a small reader of its own: it may blame the line after PyYAML's)
        return {
            "error": re.sub(r"YAML \(line \d+\)", "YAML", re.sub(r"^deck file \S+ ", "the decklist ", answer["error"]))
        }
    return answer


def _assert_same(both, cases) -> None:
    python, browser = both.value.run(cases)
    for case, mine, theirs in zip(cases, map(_same_error, python), map(_same_error, browser)):
        assert "crash" not in theirs, f"deck-check.js crashed:\n{theirs['crash']}\non:\n{json.dumps(case, indent=1)}"
        diff = first_difference(mine, theirs)
        assert diff is None, f"the checkers differ at {diff}\non the decklist:\n{json.dumps(case, indent=1)}"


# no shrinking: a batch runs one Node process, and the failure names the one decklist that differs already
@settings(max_examples=_EXAMPLES, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(st.lists(decklist(), min_size=BATCH, max_size=BATCH))
def test_python_and_browser_checkers_give_the_same_json(both, cases):
    _assert_same(both, cases)


# The reading classes found on posted lists, each once, so a difference in one does not wait for the generator
# to draw it: counts before and after titles ("x3 T", "3 - T", "3 copies of T", "T (3 copies)"), a count column
# ("T<TAB>3", "T    x2"), headers dressed as headings, the deck totals after the stronghold.
POSTED_CLASSES = [
    "Kyuden Kyotei (40/40)\n\n**Dynasty (40)**\nx3 Hida Akeno\n3 - Iron Mine\n3 copies of Copper Mine\n",
    "Stronghold: Kaiu Shiro [40 / 41 cards]\n--- Fate (40) ---\nMerchant Guard (3 copies)\nIron Mine\t2\n",
    "== Pre-Game ==\nKaiu Shiro\n<b>Holdings</b>\n10 Koku\t3\nCopper Mine    x2\n[b]Followers (3)[/b]\n3x - Merchant Guard\n",
    "Dynasty:\n3 Hida Akeno\n**Notes:**\nGood vs. Crab; run 3.\n- Strategies\nTest of Honor - 2 copies\n",
    "Stronghold: Kaiu Shiro\nDynasty (5):\n3\tHida Akeno\n2\tCopper Mine\nFate:\n3\tMerchant Guard\n",
    "Dynasty:\n1 Hida Kisada (Exp 2)\n1 Hida Kisada - Exp 2\n1 Hida Akeno (XP)\n",
    "Dynasty:\nCopper Mine x3 (4 gold)\nIron Mine - 2 (Gold Edition)\nHida Akeno (x2) (the best)\n",
    "Kaiu Shiro (6/40)\n3 Hida Akeno\n2 Copper Mine\n2 Merchant Guard\nDynasty Total: 5\n",
    "> Dynasty (5):\n> • 3 Hida Akeno\n>> · 2 Copper Mine\n> Fate:\n+ 3 Merchant Guard\n",
    "SH - Kaiu Shiro\nDynasty:\n1 Exp Hida Kisada\n1 Experienced 2 Hida Kisada\n1 XP Hida Akeno\nExpansion\n",
    "Dynasty 40 / Fate 40\nHoldings (3): 3x Iron Mine\nPersonalities - Hida Akeno (MVP all day. A\nFate: 3 Merchant Guard\n"
    "2 Pearls &amp; Spirits\n1 Akodo&#8217;s Guidance\n",
    "Dynasty:\nHoldings: 3 Iron Mine, 2 Copper Mine\n1 Hida Akeno, 2x Iron Mine, Copper Mine\n3x: Iron Mine, 2 Hida Akeno\n",
    "Dynasty\n1. Hida Akeno\n2. Hida Akeno\n3) Iron Mine\n3) Iron Mine\n4 - Copper Mine\n5 Copper Mine\nFate\n1. Rout\n"
    "2: Rout\n3 - 2x Ambush\n",
    # titles without their subtitles (or a Personality's family name): one card's, one title's at several levels
    "Dynasty:\n1 Okazaki\n1 Tochiko\n1 Zenathaar\n1 Lord of the Kumo\n2 Daigotsu Kanpeki\n1 Tadaka, Seven Thunder\n"
    "Fate:\n1 Lies\n1 No More Games\n",
    # a subtitle in brackets, where the name before it is a card of its own
    "Dynasty:\n1 Isawa Tadaka (Seven Thunder)\n1 Hida Kisada (the Little Bear)\n1 Isawa Tadaka (the best)\n",
    # a given name and a level only a subtitled title of that name is printed at
    "Dynasty:\n1 Tadaka exp 2cw\n1 Kisada exp\n1 Tadaka exp 3\n",
    # (drawn by the generator: two levels marked with "#" on one line, each a level's number, no comment)
    "Dynasty:\nAkodo Tsudoken exp #2 x2; Tsuruchi Nobumoto exp #2 (#84/156)\n",
    # the pre-game cards shortened, groups' headings with their counts or named by a keyword, small words left out
    "Kaiu Shiro\nBK/BH\n\nFate:\nKiho (2)\n1 Rout\n1 Ambush\nBattle Actions:\n2 Rout\n1 Ring of Void\n",
    # a list copied from a page with card images: an image and its caption glued, a caption glued to a header
    "Kaiu ShiroKaiu Shiro\n\nDynasty – (6)\n3x Iron Mine\n3x Hida AkenoHida Akeno\n\nFate – (6)Ambush\n3x Rout\n",
    # a post of several decks with no headers: a stronghold's line after half of each deck opens the second
    (
        "Kotei roundup: two decks that made the cut\n"
        "\n"
        "Good Stuff Crab, T8 (discuss here):\n"
        "\n"
        "Kaiu Shiro\n"
        "\n"
        "3x Abundant Farmlands\n"
        "3x Acrobat Troupe\n"
        "3x Agasha Asai\n"
        "3x Akodo Dojo\n"
        "3x Akodo Kage\n"
        "3x Akodo Kusamoto\n"
        "3x Akodo Raemon\n"
        "\n"
        "3x A Brave New World\n"
        "3x A Breed Apart\n"
        "3x A Brilliant Shot\n"
        "3x A Casual Stroll\n"
        "3x A Fallen Friend\n"
        "3x A False Accusation\n"
        "3x A Good Day to Die\n"
        "\n"
        "Double Dip Lion, T16:\n"
        "\n"
        "House of the Black Lion\n"
        "\n"
        "3x Akodo Kage\n"
        "2x Agasha Asai\n"
        "\n"
        "3x A Fallen Friend\n"
        "3x Hida Kisada\n"
    ),
    # (drawn by the generator: a list in two columns where the left part of a line opens a second deck, and the
    # right part of the same line is read no more)
    (
        "Dynasty (40)                                                                                       Fate (40)\n"
        "2 three M-                                                                                         3) Kitsu Marimi\n"
        "ara's Touch*                                                                                       Stronghold： Kaiu Shiro\n"
        "x3 Rout [Jade] (exp2)                                                                              (0g) FTHL. OF THE MADs (b-\n"
        "3x: Evil Portents, Aberrations = MVP                                                               orrowed)\n"
        "○ Border Keep exp #2 54/156 R                                                                      The Chess Masters and Teachers of the deck: 3* Iron Mine, 2* Copper Mine, Hida Kisada (trade pieces)\n"
        "2 Han. of the Jd. D.\tx2                                                                            \n"
        '\t<card><name id="c">A Terrible Oath</name><set>IE</set></card>                                     \n'
        "What Have You Done!? It was the only play.                                                         HidaTetsu wrote:\n"
        "| Holdings: | UTAGAWA x2 · Doji Hakusekis • Experienced x2 · Agasha Asai (#84/156) | Exp 2 |       Stronghold： Kaiu Shiro\n"
        "__Followers__                                                                                      Stronghold： Kaiu Shiro\n"
        "Control 2x, The Yoritomo Alliances (borrowed)                                                      ara's Touch*\n"
        "                                                                                                   3x: Evil Portents, Aberrations = MVP\n"
    ),
]


def test_the_posted_list_classes_read_alike(both):
    _assert_same(both, [{"text": text, "format": "obsidian-hand", "as_of": "2016-03-01"} for text in POSTED_CLASSES])


# -- the differential test can fail: one side's pattern changed alone -------------------------------------------


def _fixed_cases() -> list[dict]:
    return [
        {"text": text, "format": "obsidian-hand", "as_of": "2016-03-01"}
        for text in (
            "Dynasty:\n2* Hida Akeno\n3x: Hida Akeno, Iron Mine\n",
            "Fate:\n1 Pearls and Spirits\n1 Kunji XP\n",
            "Dynasty:\n1 Moto Taigo, Shogun\n",
        )
    ]


def test_a_pattern_changed_in_the_browsers_data_alone_is_caught(both, tmp_path):
    def no_star_count(doc: dict) -> None:
        doc["reading"]["count"]["source"] = doc["reading"]["count"]["source"].replace("*", "")  # no "2*" count

    assert _differs_with_changed_data(both, tmp_path, no_star_count, _fixed_cases())


def test_the_pools_measure_of_prose_changed_in_the_browsers_data_alone_is_caught(both, tmp_path):
    """The browser takes what the pool's titles look like from the data: changed there alone, remarks differ."""
    cases = [
        {"text": f"Dynasty:\n1 Iron Mine\n{line}\n", "format": "obsidian-hand", "as_of": "2016-03-01"}
        for line in POSTED_REMARKS
    ]
    python, browser = both.value.run(cases)
    assert all(first_difference(a, b) is None for a, b in zip(python, browser))
    assert sum("author's remark" in w["message"] for a in python for w in a["warnings"]) >= 5

    def longer_titles(doc: dict) -> None:
        doc["reading"]["prose"]["longest_title"] += 20
        doc["reading"]["prose"]["ending_words"] = {".": 20}

    assert _differs_with_changed_data(both, tmp_path, longer_titles, cases)


def _differs_with_changed_data(both, tmp_path, change, cases: list[dict]) -> bool:
    """Whether the browser checker, reading the data changed by `change` alone, answers a case otherwise."""
    data = both.value.data.read_text(encoding="utf-8")
    prefix, body = data.split("=", 1)
    doc = json.loads(body.rstrip().rstrip(";"))
    change(doc)
    changed = Differential.__new__(Differential)
    changed.__dict__.update(both.value.__dict__)
    changed._node = None  # its own Node process, reading the changed data
    changed.data = tmp_path / "deck-check-data.js"
    changed.data.write_text(f"{prefix}={json.dumps(doc)};\n", encoding="utf-8")
    try:
        python, browser = changed.run(cases)
    finally:
        if changed._node is not None:
            changed._node.kill()
            changed._node.wait()
    return any(first_difference(a, b) for a, b in zip(python, browser))


def test_a_pattern_changed_in_python_alone_is_caught(both, monkeypatch):
    import re

    from l5r import decklist
    from l5r.cardpool import names

    python, browser = both.value.run(_fixed_cases())
    assert all(first_difference(a, b) is None for a, b in zip(python, browser))
    monkeypatch.setattr(
        names, "_TRAILING_EXPERIENCE", re.compile(names.TRAILING_EXPERIENCE.pattern.replace("|xp", ""), re.I)
    )  # Python alone forgets "XP"
    monkeypatch.setattr(decklist, "_COUNT", re.compile(decklist.COUNT_PATTERN.pattern.replace("*", ""), re.I))
    python = [both.value.python(c) for c in _fixed_cases()]
    assert any(first_difference(a, b) for a, b in zip(python, browser))


def test_a_quoted_yaml_title_with_words_after_it_is_refused_by_both(both):
    # The generated case that first showed it: the browser's YAML reader took `"A", Experienced x3` as a title
    # where PyYAML (parse_yaml) refuses the file; and single quotes alike.
    _assert_same(
        both,
        [
            {
                "text": f"name: a deck\ndynasty:\n  - {item}\n",
                "format": "modern",
                "as_of": "2016-03-01",
                "source": "deck.yml",
            }
            # ... and as the value of a mapping item ("- 2x: ..." is a mapping to YAML), which the generator drew
            # with the pool's quoted title '"Failure, My Sensei"'
            for item in (
                '"Hida Kisada", Experienced x3',
                "'Hida Kisada' x3",
                '"Hida Kisada"  # a comment',
                '2x: "Hida Kisada", Iron Mine [Emperor Edition]',
                "2x: 'Hida Kisada' x3",
                '2x: "Hida Kisada"  # a comment',
            )
        ],
    )


def test_a_flow_collection_as_a_yaml_item_is_read_alike_by_both(both):
    # The generated case that first showed it: "- [2x] Wandering Budoka" (a count in brackets, as text lists write
    # it) is no YAML to PyYAML, and the browser's reader took it for a card line; "- [Iron Mine]" is a list, no card.
    python, browser = both.value.run(
        [
            {
                "text": f"name: a deck\ndynasty:\n  - {item}\n",
                "format": "modern",
                "as_of": "2016-03-01",
                "source": "d.yml",
            }
            for item in ("[2x] Iron Mine", "[Iron Mine]", "{a: b}", "[Iron Mine] # a remark")
        ]
    )
    assert [_same_error(a) for a in python] == [_same_error(b) for b in browser]
    assert "error" in python[0] and all("error" not in answer for answer in python[1:])
