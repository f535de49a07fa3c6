"""Read a decklist — plain text or YAML — into card lines with their line numbers.

Text:

    # comments start with #
    Pre-Game:                 (or Stronghold:, Pregame:; any case; "Dynasty (40):" counts are optional)
    Shiro no Yogin
    Dynasty (40):
    3 Hida Tampako
    3x Border Keep - Exp 2 [Coils of Madness]
    Fate:
    Isawa Tadaka, Seven Thunder (Experienced 2CW)

YAML: a mapping with `pre_game`, `dynasty` and `fate` lists of such card lines.

And what players export (`parse_decklist` detects which; `--input-format` names it):

- `oracle`: Oracle of the Void plain text — `# Dynasty - (40) [15 distinct]` deck headers, `# Holding - (12)`
  type sub-headers (they belong to the deck header above them), card lines `3 Title - exp2 (Set Name)`.
- `oracle-tab`: Oracle of the Void tab-delimited — `3<TAB>Title - exp<TAB>(Set Name)`, same headers.
- `sunandmoon`: Sun and Moon — first line `Legality: Modern`, no headers, `3 Title (TotV)` with set acronyms
  (data/set-acronyms.yml); the checker sorts each card into its deck by the pool's `decks`.
- `yasuki`: game_on_yasuki's deck YAML, read line by line as game_on_yasuki itself reads it
  (jessegrabowski/game_on_yasuki, src/yasuki_core/decklist.py: `Pre-Game:` / `Dynasty: # (40)` keys, items
  `- 3x Title • Experienced [Set] {art: Title [Other Set]}`; the `{art: ...}` trailer only picks card art).

Sources: game_on_yasuki's reader was read in its repository (cited above). No source of the Oracle of the Void
or Sun and Moon exporters could be found in the searchable code index; their syntax here is the one the
developers' guide quotes from real exports (`# Dynasty - (40) [15 distinct]`, `3 Title - exp (Set)`,
`3<TAB>Title<TAB>(Set)`, `Legality: Modern`, acronyms such as TotV, HE1, IG2, TwentyFestivals).
The exact rules (regexes, detection order) are in docs/deck-check.md; the browser checker ports them.

Nothing here knows cards: a line is only split into count, name, experience level and set. Lines that
are not card lines become `issues`; the deck checker reports them as `parse` problems.
"""

from __future__ import annotations

import bisect
import dataclasses

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from .cardpool.names import (
    LEADING_EXPERIENCE,
    LEVEL_MARKER,
    is_experience,
    is_level_remark,
    plain,
    split_experience,
    split_qualifier,
)
from .data.safefile import UnreadableFile, decode, read_text, too_large
from .data.yamlsource import ShapeError, check_shape, error_line
from .deckmessages import say
from .errors import CodexError

PREGAME, DYNASTY, FATE = "pre_game", "dynasty", "fate"
SECTIONS = (PREGAME, DYNASTY, FATE)
SECTION_NAMES = {PREGAME: "Pre-Game", DYNASTY: "Dynasty", FATE: "Fate"}
DECK_OF_SECTION = {PREGAME: "Pre-Game", DYNASTY: "Dynasty", FATE: "Fate"}  # the pool's `decks` values

_HEADERS = {
    "pre-game": PREGAME,
    "pregame": PREGAME,
    "pre game": PREGAME,
    "stronghold": PREGAME,
    "sensei": PREGAME,
    "wind": PREGAME,
    "winds": PREGAME,
    "starting holdings": PREGAME,
    "special holdings": PREGAME,  # OCTGN's section of the pre-game holdings, in its decks' XML
    "senseis": PREGAME,
    "strongholds": PREGAME,
    "dynasty": DYNASTY,
    "dynasty deck": DYNASTY,
    "dyn": DYNASTY,  # as a list written in haste shortens it ("DYN", "Dyn:")
    "fate": FATE,
    "fate deck": FATE,
    # ... and as French, Spanish, Italian and German players write them ("Dynastie (40) :", "Destino (40)",
    # "Forteresse :"): the game's decks, whatever the language of the post around them
    "dynastie": DYNASTY,
    "dinastia": DYNASTY,
    "dinastía": DYNASTY,
    "destin": FATE,
    "destino": FATE,
    "schicksal": FATE,
    # ... and by the colour of their backs, as players call the decks ("Black (40)", "Green Deck:")
    "black": DYNASTY,
    "black deck": DYNASTY,
    "green": FATE,
    "green deck": FATE,
    "forteresse": PREGAME,
    "fortaleza": PREGAME,
    "festung": PREGAME,
    "fortezza": PREGAME,
    # ... and with those languages' word for a deck ("Mazo de Dinastía", "Pioche Destin", "Schicksalsdeck")
    "mazo de dinastía": DYNASTY,
    "mazo de destino": FATE,
    "baraja de dinastía": DYNASTY,
    "baraja de destino": FATE,
    "pioche dynastie": DYNASTY,
    "pioche de dynastie": DYNASTY,
    "pioche destin": FATE,
    "pioche de destin": FATE,
    "deck dynastie": DYNASTY,
    "deck destin": FATE,
    "mazzo dinastia": DYNASTY,
    "mazzo della dinastia": DYNASTY,
    "mazzo destino": FATE,
    "mazzo del destino": FATE,
    "dynastiedeck": DYNASTY,
    "schicksalsdeck": FATE,
    "baralho de dinastia": DYNASTY,
    "baralho de destino": FATE,
}
# Sub-headings many decklists use inside a deck ("Personalities (14):"); they change nothing.
_LABELS = {
    "personalities",
    "personality",
    "holdings",
    "holding",
    "events",
    "event",
    "regions",
    "region",
    "celestials",
    "celestial",
    "strategies",
    "strategy",
    "items",
    "item",
    "followers",
    "follower",
    "spells",
    "spell",
    "rings",
    "ring",
    "ancestors",
    "ancestor",
    "attachments",
    "actions",
    "action",
    # ... and the groups a deck builder sorts a deck's cards in, by what they do ("Core:", "Flex:", "Tech (3):")
    "core",
    "flex",
    "flex slots",
    "tech",
    "meta",
    "staples",
    "engine",
    "removal",
    "utility",
    "tricks",
    "answers",
    "threats",
    "win conditions",
    "combo pieces",
    "deck",  # ... and a Magic player's export's word over the deck's cards ("Deck", then "// Dynasty")
}
# The deck a type sub-header's cards belong to, when no deck header above says it (a list that starts with
# "Stronghold: ..." and goes on "Personalities", "Holdings", "Followers", "Actions").
_TYPE_DECKS = {
    "personalities": DYNASTY,
    "personality": DYNASTY,
    "holdings": DYNASTY,
    "holding": DYNASTY,
    "events": DYNASTY,
    "event": DYNASTY,
    "regions": DYNASTY,
    "region": DYNASTY,
    "celestials": DYNASTY,
    "celestial": DYNASTY,
    "strategies": FATE,
    "strategy": FATE,
    "actions": FATE,
    "action": FATE,
    "items": FATE,
    "item": FATE,
    "followers": FATE,
    "follower": FATE,
    "spells": FATE,
    "spell": FATE,
    "rings": FATE,
    "ring": FATE,
    "attachments": FATE,
}
# The kinds of card as French, Spanish, Italian, German and Portuguese players head them ("Personnages (18) :",
# "Estrategias", "Gegenstände"), each with the English word it stands for: sub-headings as those are, and each written
# with its accents or without them ("Evènements", "Événements", "Evenements"). No pool title is one of them ("Possession"
# is a card's: the singular is left out).
_TYPE_WORDS_ABROAD = {
    # French
    "personnages": "personalities", "personnage": "personality", "possessions": "holdings", "propriétés": "holdings",
    "domaines": "holdings", "évènements": "events", "événements": "events", "évènement": "event", "événement": "event",
    "régions": "regions", "stratégies": "strategies", "stratégie": "strategy", "objets": "items", "objet": "item",
    "suivants": "followers", "suivant": "follower", "sorts": "spells", "anneaux": "rings", "ancêtres": "ancestors",
    "célestes": "celestials",
    # Spanish
    "personalidades": "personalities", "personalidad": "personality", "propiedades": "holdings",
    "posesiones": "holdings", "eventos": "events", "evento": "event", "regiones": "regions",
    "estrategias": "strategies", "estrategia": "strategy", "objetos": "items", "seguidores": "followers",
    "hechizos": "spells", "conjuros": "spells", "anillos": "rings", "ancestros": "ancestors",
    # Italian
    "personalità": "personalities", "personaggi": "personalities", "possedimenti": "holdings",
    "proprietà": "holdings", "eventi": "events", "regioni": "regions", "strategie": "strategies", "oggetti": "items",
    "seguaci": "followers", "incantesimi": "spells", "anelli": "rings", "antenati": "ancestors",
    # German
    "persönlichkeiten": "personalities", "besitztümer": "holdings", "ländereien": "holdings",
    "ereignisse": "events", "regionen": "regions", "strategien": "strategies", "gegenstände": "items",
    "gefolgsleute": "followers", "gefolge": "followers", "anhänger": "followers", "zauber": "spells",
    "zaubersprüche": "spells", "ringe": "rings", "ahnen": "ancestors", "vorfahren": "ancestors",
    # Portuguese
    "propriedades": "holdings", "estratégias": "strategies", "itens": "items", "magias": "spells",
    "feitiços": "spells", "anéis": "rings", "regiões": "regions",
}  # fmt: skip


def _unaccented(word: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", word) if not unicodedata.combining(ch))


def _take_words_abroad() -> None:
    """The words of other languages into the tables of sub-headings and headers, each also without its accents."""
    for word, english in _TYPE_WORDS_ABROAD.items():
        for written in dict.fromkeys((word, _unaccented(word))):  # (in a fixed order: the tables are exported)
            _LABELS.add(written)
            if english in _TYPE_DECKS:
                _TYPE_DECKS[written] = _TYPE_DECKS[english]
    for word in [w for w in _HEADERS if _unaccented(w) != w]:
        _HEADERS[_unaccented(word)] = _HEADERS[word]  # "Dinastia", "Mazo de Dinastia"


_take_words_abroad()
# Headers over cards its author lists outside the deck: a sideboard, the cards being thought about, the cards cut
# ("Sideboard (3):", "Maybe:", "Cut:", "Considering"), the cards its owner still has to find ("Missing:"). Their cards
# are read (a misspelt one is still said) but counted in no deck, up to the next deck or type header or pre-game
# label. No pool title is one of them.
_ASIDE_HEADERS = {
    "sideboard",
    "side board",
    "maybe",
    "maybes",
    "maybeboard",
    "cut",
    "cuts",
    "cut cards",
    "considering",
    "considered",
    "under consideration",
    "options",
    "possible additions",
    "not included",
    "left out",
    # and the cards of the deck its owner still lacks, listed apart ("# Missing:", "Still need:"): counted above
    "missing",
    "missing cards",
    "still missing",
    "need",
    "needed",
    "still need",
    "still needed",
    "to buy",
    "wanted",
    "want list",
}
# The words that name the pre-game cards as a whole; "Stronghold (1)", "Sensei (1)", "Wind" name a kind of them
# and are sub-headers: their counts cover their own lines, not the whole pre-game.
_PREGAME_WORDS = {"pre-game", "pregame", "pre game"}
_HEADER = re.compile(r"^(?P<name>[A-Za-z][A-Za-z -]*?)\s*(?:\(\s*(?P<count>\d+)\s*\)|(?P<bare>\d+))?\s*:\s*$")
# Headers as players write them by hand (forum posts, blogs, tournament reports), after `plain` made every dash
# "-": "Dynasty deck (40 cards)", "Fate Deck: 40", "Holdings (14)", "Dynasty - (40)", "# Follower (9)",
# "Strategy -- 20 cards", "PERSONALITIES:", a printed sheet's "DYNASTY .......... 40". A name, then any of: "deck",
# a dash, a colon or dot leaders, a count in brackets or bare with or without "cards", a closing colon. A line of
# the name alone is a header only when the name is one (`_HEADERS`, `_LABELS`); the reader never takes an unknown
# word followed by a number for a header. A few
# words after the count in its brackets are the author's remark: "Fate (52 I think)".
# A deck's count in words, as a header may give it: "Dynasty Deck (forty cards):", "Fate Deck: forty-five".
HEADER_COUNT_TENS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90
}  # fmt: skip
HEADER_COUNT_UNITS: dict[str, int] = {
    word: n
    for n, word in enumerate(
        "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen".split(),
        start=1,
    )
}
_COUNT_IN_WORDS = (
    rf"(?:{'|'.join(HEADER_COUNT_TENS)})(?:[- ](?:{'|'.join(list(HEADER_COUNT_UNITS)[:9])}))?"
    rf"|{'|'.join(sorted(HEADER_COUNT_UNITS, key=len, reverse=True))}"
)
# (the count after a dash, a colon, "=" or "|", in brackets or bare, with "cards" or not; "Fate cards (40)",
# "Holdings = 3", "Fate | 40", "Dynasty 40/40", "Fate: 40 cards total"). "cards" after the name only before a count of
# 10 or more: "Fate Cards" is a card's title, and "Fate Cards (3)" three copies of it.
# The words after a header's name that name the deck or its list, not another deck: "Dynasty deck", "Dynasty Deck
# List", "Fate list:", and before a colon "Dynasty cards:" ("Fate Cards" alone is a card's title, and "Fate Cards (3)"
# three copies of it).
_HEADER_NAME_TAIL = re.compile(r"\s(?:deck(?:\s?list)?|decklist|list)$")
_CARDS_TAIL = re.compile(r"\scards$")
_LOOSE_HEADER = re.compile(
    r"^#*\s*(?P<name>[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ' &/,+-]*?\.?)(?:\s+deck)?"
    r"(?:\s+cards(?=\s*(?:[-:=|]+|\.{3,})?\s*[(\[]?\s*[1-9][0-9]))?\s*(?:(?:[-:=|]+|\.{3,})\s*)?"
    r"(?:[(\[]\s*(?P<count>\d+)(?:\s*cards?)?(?:\s+[A-Za-z?!.,' ]{1,30})?\s*[)\]]"
    r"|(?P<bare>\d+)(?:\s?/\s?\d+)?(?:\s*cards?)?(?:\s+total)?"
    rf"|[(\[]?\s*(?<![A-Za-zÀ-ÿ])(?P<words>{_COUNT_IN_WORDS})(?:\s*cards?)?\s*[)\]]?)?\s*:?\s*$",
    re.I,
)
# A deck's header, or a kind of card's, with its count before it ("40 Dynasty cards", "40 Fate", "12 Holdings:"): read
# as "Dynasty (40)". The count is 10 or more: "3 Holdings" stays a card line, and "3 Fate Cards" three copies of the card
# "Fate Cards". No card title is such a word (a generated test looks).
_COUNT_FIRST_HEADER = re.compile(
    rf"^(?P<count>[1-9][0-9]{{1,2}})\s(?P<name>{'|'.join(sorted(_HEADERS, key=len, reverse=True))}"
    r"|personalities|holdings|events|regions|strategies|items|followers|spells|celestials|ancestors)"
    r"(?:\s(?:deck|cards?)){0,2}\s?:?$",
    re.I,
)
# A header's word with its count marked as a card line's count is ("Followers x8", "FOLLOWERS / 8", "Holdings, 6",
# "Spells #2", "Items {3}", "Events ~ 2", "Rings........3", and before it with a colon, "8 Followers:"): read as
# "Followers (8)" where the word is one of the tables' (`_header_word`), never where it is a title's.
_HEADER_WORDS = r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'&-]{0,30}(?:\s[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'&-]{0,30}){0,3}?"
_COUNT_MARKED_HEADER = re.compile(
    rf"^(?:(?P<lead>[0-9]{{1,3}})\s{{1,3}}(?P<head>{_HEADER_WORDS})\s{{0,3}}:"
    rf"|#{{0,6}}\s{{0,3}}(?P<name>{_HEADER_WORDS})\s{{0,3}}(?:[/~,#x×*]|\.{{2,40}}|\{{(?=\s{{0,3}}[0-9]{{1,3}}\s{{0,3}}\}}))"
    r"\s{0,3}(?P<count>[0-9]{1,3})\s{0,3}\}?\s{0,3}:?)$",
    re.I,
)
# What parts titles on one line: a comma, a semicolon, or a slash, a bar, a plus, an ampersand, "and", a middle dot,
# a tilde or "//" between spaces ("3 Doji Natsuyo / 3 Kakita Inaka", "Kyuden Hida + Border Keep", "3 Iron Mine & 2
# Stables", "Hida Akeno and Hida Kuon", "3 Iron Mine · 3 Stables"), and a dash between spaces before a count ("3
# Togashi Ango - 3 Togashi Korimi"; elsewhere a dash leads a level or a remark: "Hida Kisada - Exp"); the spaces after
# it stay with the part (a count after a space is the part's own). A title that holds one ("Black and White", "Pearls &
# Spirits") is read whole first: the checker splits only a line that names no card, and only where every part names
# one ("3 Hiruma Daizen -- 2 would be fine too" stays whole, its remark read away). A slash with no space either side
# is one too ("Border Keep/Bamboo Harvesters", "BK/BH"; not a closing tag's "</"): no pool title holds a slash ("Kuni
# Yori exp2/3" names no card split there either, and stays whole).
LIST_SEPARATOR = _LIST_SEPARATOR = re.compile(
    r"[,;]|(?<=[^\s/<])/(?=[^\s/])|(?<=\s)(?://|[/|+&·~]|and|-{1,2}(?=\s{1,3}[0-9]{1,2}\s?[x×]?\s))(?=\s)", re.I
)
# A slash with no space either side, that `LIST_SEPARATOR` reads: the line is titles of a copy each, as one with spaces
# after its separators is, if the whole is none.
_GLUED_SLASH = re.compile(r"[^\s/<]/[^\s/]")
# Titles, each with its count after it, on one line: "Iron Mine x3 & Stables x2", "Personalities: Ikoma Ichimoko x2
# and Akodo Kenaro x2.", "Copper Mine (2), Counting House (3)", "Rout - 2, Ambush - 1", "Rout: 2, Ambush: 3", "Rout *2,
# Ambush *3" (the forms `_TRAILING_COUNT` reads after one title). One item: the title (the shortest run of characters
# that a count and then a `LIST_SEPARATOR`, or the line's end, follow), its count, and the author's aside in brackets
# after the count ("Rout x3 (MVP), Ambush x2"); read as "3 Iron Mine, 2 Stables", "3 Rout (MVP), 2 Ambush", the aside
# left for the checker to read as after a title (`counted_run`). No pool title holds a count form before a separator.
_RUN_ITEM = re.compile(
    r"^\s{0,3}(?P<title>[^\s,;].{0,150}?)"
    r"(?:\s{1,3}(?:[x×*]\s?(?P<a>[0-9]{1,2})|(?P<b>[0-9]{1,2})\s?[x×]|[(\[]\s?[x×]?\s?(?P<c>[0-9]{1,2})\s?[x×]?\s?[)\]]"
    r"|-{1,2}\s{0,3}(?P<d>[0-9]{1,2}))|\s{0,3}:\s{0,3}(?P<e>[0-9]{1,2}))"
    r"(?:\s{0,3}(?P<aside>\((?=[^()]{0,60}[A-Za-z])[^()]{1,60}\)))?"
    r"\s{0,3}(?:(?P<sep>//|-{1,2}|[,;/|+&·~]|and(?=\s))|\.?\s{0,3}$)",
    re.I,
)
# "Events & Regions (5)", "Items/Followers", "Holdings and Regions:": one sub-header over the kinds it joins
_LABEL_JOIN = re.compile(r" ?(?:&|\+|/|,|\band\b) ?")  # (the name is `plain`: one space between words)
# "Stronghold: Shiro Daidoji", "Sensei - Kaelung Sensei", "Wind: Wind of Justice": a pre-game label with its card.
# "SH: Kyuden Kyotei" is the stronghold as players abbreviate it (no card title starts with "SH:" or "SH -"); a
# printed sheet's "Stronghold .......... Kyuden Hida" draws dots after the label, a post an arrow or an equals sign
# ("Stronghold -> Kyuden Hida", "Sensei = Kaiu Sensei").
# Several labels on one line name their cards in turn ("SH/Sensei/Wind: A / B / C"), and a label may stand inside the
# line after a separator ("Stronghold: X / Sensei: Y", "Stronghold: X | Sensei: Y", "Stronghold: X, Sensei: Y":
# `_INNER_PREGAME_LABEL`, left out; "Stronghold: X; Sensei: Y" too). The stronghold's label as it is misspelt in posts
# ("Strong Hold:", "Stonghold:", "Stronhold:", "Strongold:"): no card title starts with one.
_STRONGHOLD_WORD = r"(?:stronghold|strong hold|stonghold|stronhold|strongold|stornghold|sronghold|stronghod)"
_PREGAME_WORD = rf"(?:{_STRONGHOLD_WORD}|sh|sensei|winds?|pre-?game|pre game|forteresse|fortaleza|festung|fortezza|holdings in play)"
# A second deck's name and author above its stronghold: up to so many paragraphs of so many lines (`_second_deck_at`).
_SECOND_DECK_PARAGRAPHS, _SECOND_DECK_PARAGRAPH_LINES = 4, 2
# a label that names the stronghold first ("Stronghold: X", "SH/Sensei: X / Y"): a deck's first line
_STRONGHOLD_LABEL = re.compile(
    rf"^(?:{_STRONGHOLD_WORD}|sh|forteresse|fortaleza|festung|fortezza|pre-?game|pre game)\b", re.I
)
# The label as posts also qualify it: "Sensei of choice:", "Stronghold used:", "Wind played:", "My Sensei:", "Stronghold
# (Crab):".
_PREGAME_LABEL = re.compile(
    rf"^(?:(?:my|chosen|our)\s)?(?P<label>{_PREGAME_WORD}(?:\s?[/&+,]\s?{_PREGAME_WORD}){{0,4}})"
    r"(?:\s(?:of\s)?choice|\s(?:used|played|chosen|taken)|\s?\([A-Za-z ]{1,20}\))?"
    r"\s*(?::|-{1,2}>|=>|→|\s=|\s-|\.{3,})\s*(?P<card>\S.*)$",
    re.I,
)
_INNER_PREGAME_LABEL = re.compile(rf"(?P<separator>(?<=\s)[/|+;]|[,;])\s?{_PREGAME_WORD}\s?(?::|-)\s?", re.I)
# Lines about the deck, not in it: "Author: ...", "Clan: Crab", "Deck name: ...", "Event: Kotei 2012", and the
# whole deck's total under a list ("Total: 80", "Total cards: 82", "Cards: 80"), which names no deck to check it
# against.
_METADATA_LINE = re.compile(
    r"^(?:(?:deck\s*name|name|author|player|clan|format|date|event|tournament|place|placing|"
    r"result|record|legality|total(?:\s+cards)?|cards(?:\s+total)?"
    r"|from|sent|to|cc|subject"  # and an e-mail's header lines, as a forwarded list keeps them
    r"|content-[a-z-]{1,30}|mime-version|message-id|reply-to|in-reply-to|x-[a-z-]{1,30}"
    r"|quote\s+from|share\s+this|originally\s+posted\s+by"  # and a forum's quote line, a blog's share buttons
    # ... and a tournament report's words on a card of the list ("MVP: Akodo Kenaro", "Worst card - Rout")
    r"|mvps?|lvps?|(?:worst|best)\s+(?:card|performer|pick)s?|most\s+improved|honou?rable\s+mentions?"
    r"|card\s+of\s+the\s+(?:day|tournament|event|weekend))\s*(?::|\s-{1,2}\s)"
    r"|sent\s+from\s+my\s+\S[^:]{0,40}$"  # ... and a phone's footer under the list ("Sent from my iPhone")
    # ... and a deck builder's or a blog's line about the list ("Exported from L5R DeckBuilder 2.1 on 2015-06-03",
    # "Posted on June 3, 2015 by tamori_tea")
    r"|(?:exported|generated|created|made)\s+(?:from|with|by|in|using)\s+\S|posted\s+on\s+\S"
    # ... and a deck's name with its version, wherever it stands ("The Great Walls of Honor v1.0", "Mantis Archers v3")
    r"|[A-Za-z][^0-9]{0,80}\sv\.?\s?[0-9]{1,2}(?:\.[0-9]{1,2}){0,2}$"
    # ... and a chat's line naming who posted and when ("ShosuroFan — Today at 9:42 PM", "Kakita — 11/28/2026 9:42 PM")
    r"|[^\s:][^:]{0,60}?\s[-–—]\s(?:(?:today|yesterday)\s+at|[0-9]{1,2}/[0-9]{1,2}/[0-9]{2,4},?)"
    r"\s+[0-9]{1,2}:[0-9]{2}(?:\s?[ap]\.?m\.?)?\s*$"
    # ... and a table's row of the whole deck's total, its count in a column of its own ("Total<TAB>80")
    r"|(?:grand\s+)?total(?:\s+cards)?(?:\t|\s{2,})\s{0,9}[0-9]{1,6}\s{0,9}$"
    # ... and a count of the cards above, its words after it or before it with no colon ("40 cards", "6 total",
    # "40 cards total", "Total 40"): no card is titled "Cards" or "Total"
    r"|[0-9]{1,4}\s{1,3}(?:cards?(?:\s{1,3}total)?|total(?:\s{1,3}cards?)?)\.?\s{0,9}$"
    r"|total(?:\s{1,3}cards?)?\s{1,3}[0-9]{1,4}\.?\s{0,9}$)",
    re.I,
)
# A deck builder's statistics under a list: labels, each with a number ("Average gold cost: 2.4", "Force curve: 0: 2,
# 1: 5", "Personalities: 17 | Holdings: 14 | Events: 0") or a price ("Deck price: 40€", "Total: $25.00"). Lines about
# the deck, as _METADATA_LINE's are (but for a mail's signature, where "Tel: 555 201 4432" is the signature's own).
# A deck tool's XML export, as LackeyCCG's .dek and OCTGN's .o8d files hold a deck: a zone named by a deck or a kind of
# card ('<superzone name="Dynasty">', '<section name="Sensei" shared="False">'), read as that header; a card, with its
# count or one line per copy ('<card qty="3" id="…">Hida Reigoro</card>', '<card><name id="IronMine">Iron
# Mine</name><set>IvoryEdition</set></card>'), read as "3 Hida Reigoro"; and the file's other tags alone, left out.
_XML_ZONE = re.compile(
    r"^\s*<(?:superzone|section|zone)\s[^<>]{0,200}?\bname\s?=\s?\"(?P<name>[^\"<>]{1,40})\"[^<>]{0,200}>\s*$", re.I
)
_XML_CARD = re.compile(
    r"^\s*<card\b(?:[^<>]{0,300}?\bqty\s?=\s?\"(?P<qty>[0-9]{1,3})\")?[^<>]{0,300}>\s*(?:<name\b[^<>]{0,200}>)?"
    r"(?P<title>[^<>]{1,200}?)\s*(?:</name>)?\s*(?:<set\b[^<>]{0,100}>[^<>]{0,100}</set>)?\s*</card>\s*$",
    re.I,
)
_XML_OTHER = re.compile(
    r"^\s*<(?:\?xml|/?(?:deck|meta|game|superzone|section|zone|notes?)\b)[^<>]{0,300}>(?:.{0,300}?</(?:game|notes?)>)?\s*$",
    re.I,
)
# A line only a deck of the Legend of the Five Rings LCG has (Fantasy Flight Games, 2017 on; players call its decks
# "L5R decks" too): its conflict deck, provinces, role and influence ("Conflict Deck (40)", "Total Conflict: (40)
# Total Dynasty: (40)", "Province: (5)", "Role: Keeper of Void", "Total Influence: (13/13)", "3x Embrace the Void (6
# influence)"), and its role card alone on a line ("Seeker of Air", "Dragon: Seeker of Fire", "Support of the Crab";
# its other roles, "Keeper of Air", are CCG titles too). The CCG has none of these words in a deck's parts, and no
# card of these titles. Such a line is no card line (but for the last).
_OTHER_GAME = re.compile(
    r"^(?:total\s+(?:conflict|influence)\b.{0,60}|conflict(?:\s+deck)?\s?(?:\(\s?[0-9]{1,3}\s?\)|[0-9]{1,3})?\s?:?"
    r"|provinces?(?:\s+deck)?\s?:?\s?(?:\(\s?[0-9]{1,2}\s?\)|[0-9]{1,2})?|role\s?:.{0,60}"
    r"|(?:[a-z]{3,12}\s?:\s?)?(?:seeker\s+of\s+(?:the\s+)?(?:air|earth|fire|water|void)"
    r"|support\s+of\s+the\s+[a-z]{3,12}(?:\s+clan)?)"
    r"|(?P<card>.{1,120}\(\s?[0-9]{1,2}\s+influence\s?\)))$",
    re.I,
)
# A deck's summary line above its list: the deck's header, then its kinds of card each with a count ("Dynasty (40):
# Personalities (20) Holdings (17) Regions (3)", "Fate (40) - Strategies 24 / Items 6 / Followers 6 / Spells 4",
# "Pre-Game (4): Stronghold (1) Sensei (1) Border Keep (1) Bamboo Harvesters (1)"). Its count is the deck's; it
# changes no section, as its cards are listed below it (`summary_line`).
_SUMMARY = re.compile(
    r"^(?P<head>[A-Za-z][A-Za-z' -]{1,20}?)\s?(?:[(\[]\s?(?P<count>[0-9]{1,3})\s?[)\]])?(?:\s?:|\s-{1,2}\s|\s–\s)\s?"
    r"(?P<items>\S.*)$"
)
_SUMMARY_ITEM = re.compile(
    r"^\s{0,3}(?P<name>[A-Za-z][A-Za-z' -]{0,30}?)\s?(?:[(\[]\s?[0-9]{1,3}\s?[)\]]|[0-9]{1,3})\s{0,3}(?:[/,;|·]\s{0,3})?"
)
# A social site's own text, copied with the post it shows: counts of comments and likes ("12 Comments"), how long
# ago ("8 yr. ago", "2y Like Reply", "· 8 yr. ago"), its buttons and links ("See more", "Like", "Share", "hide",
# "View 9 more comments", "Write a comment…"), a thread's levels and votes ("level 1", "95% Upvoted"), who posted
# where ("Posted by u/ShibaTsukimi", "r/l5r"), a post's date ("2 February 2015 ·"). No card title is one. The lines
# under its count of comments ("12 Comments", "Most relevant") are the comments: cards named there are outside the
# deck, as under "Sideboard:".
_SITE_WORDS = r"(?:like|comment|share|save|hide|report|reply|edited)"
_SITE_LINE = re.compile(
    r"^(?:op\s?)?(?:·\s?)?(?:"
    r"(?P<comments>[0-9]{1,6}\s(?:comments?|repl(?:y|ies))|most\srelevant|newest|all\scomments)"
    r"|[0-9]{1,6}\s(?:likes?|shares?|upvotes?|points?|votes?|reactions?|views?)"
    r"|[0-9]{1,3}\s?(?:y|yrs?|years?|mo|months?|w|wks?|weeks?|d|days?|h|hrs?|hours?|m|mins?|minutes?)\.?(?:\sago)?"
    rf"(?:\s?·?\s?{_SITE_WORDS})*"
    r"|[0-9]{1,2}\s(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}(?:\s[0-9]{4})?"
    r"(?:\sat\s[0-9]{1,2}:[0-9]{2}(?:\s?[ap]m)?)?\s?·"
    r"|posted\sby\su/\S{1,40}(?:\s.{0,60})?|u/\S{1,40}|r/\S{1,40}|level\s[0-9]{1,2}|[0-9]{1,3}%\supvoted"
    r"|see\s(?:more|less|translation)"
    r"|view\s(?:[0-9]{1,4}\s)?(?:more|previous)\s(?:comments|replies)|write\sa\s(?:comment|reply)(?:…|\.{3})?"
    rf"|(?:{_SITE_WORDS}|give\saward|author|top\sfan|follow)(?:\s?·?\s?{_SITE_WORDS})*"
    r")$",
    re.I,
)
# ... of which one label and a whole number may be a card and its count ("Iron Mine: 3", "Moshi Madohime: 2")
# A group's heading shaped as a card with its count after it, in brackets or after a dash ("Kiho (3)", "Battle Actions
# - 10", "Dueling Tricks (4)", "Toturi's Army (2):"): one to four words with no figure. Where the counts of the card lines under it add up to
# its count and it names no card, it is the author's heading (`counted_headings`; the checker decides, knowing cards).
_HEADING_SHAPED = re.compile(
    r"^[A-Za-z][A-Za-z'&/.-]{0,24}(?:\s[A-Za-z&][A-Za-z'&/.-]{0,24}){0,3}\s?(?:\(\s?(?P<count>[0-9]{1,2})\s?\)|-{1,2}\s?(?P<after_dash>[0-9]{1,2})):?$"
)
_FIGURE = re.compile(r"^(?P<label>[A-Za-z][A-Za-z +'/-]{0,30}?)\s?:\s?(?P<count>[0-9]{1,2})$")
_STATS_LINE = re.compile(
    r"^[A-Za-z][A-Za-z +'/-]{0,30}:\s?[$€£¥]?[0-9][0-9.,:+/%\s-]{0,60}[$€£¥¢]?"
    r"(?:[|·;]\s?[A-Za-z][A-Za-z +'/-]{0,30}:\s?[$€£¥]?[0-9][0-9.,:+/%\s-]{0,60}[$€£¥¢]?){0,20}$"
)
# "Dynasty Total: 40", "Total Dynasty: 40", "Total cards in the Fate deck: 40" under a list: what its author counted
# in that deck (a declared count, no header).
_DECK_TOTAL = re.compile(
    r"^(?:(?P<name>dynasty|fate|pre-?game)(?:\s+deck)?\s+total|total\s+(?:cards\s+)?(?:in\s+)?(?:the\s+)?"
    r"(?P<after_total>dynasty|fate|pre-?game)(?:\s+deck)?)\s*[-:]?\s*(?P<count>[0-9]+)(?:\s*cards?)?\s*$",
    re.I,
)
# "Dynasty 40 / Fate 40", "Dynasty (40), Fate (40)", "Dynasty: 40 Fate: 40", "40 Dynasty / 40 Fate" on a line of its
# own: both decks' totals, declared counts as a header's are; the section does not change.
_BOTH_TOTALS = re.compile(
    r"^(?:dynasty(?:\s+deck)?\s{0,9}[:(-]?\s{0,9}(?P<dynasty>[0-9]{1,6})\s{0,9}\)?(?:\s{0,9}cards?)?\s{0,9}[/,;|&+-]?"
    r"\s{0,9}(?:and\s)?fate(?:\s+deck)?\s{0,9}[:(-]?\s{0,9}(?P<fate>[0-9]{1,6})\s{0,9}\)?(?:\s{0,9}cards?)?"
    r"|(?P<dynasty_first>[0-9]{1,6})\s{0,9}dynasty\s{0,9}[/,;|&+-]?\s{0,9}(?:and\s)?(?P<fate_second>[0-9]{1,6})\s{0,9}fate)"
    r"\s{0,9}$",
    re.I,
)
# "Holdings: 3x Copper Mine", "Personalities (22): 3 Matsu Fumiyo", "Fate - 3 Rout": a header with the first of its
# cards on the same line. The head must be a deck, type or label word (`_read_header`); no pool title starts with
# one followed by a colon or a dash (a generated test over the pool checks it).
_LABELLED_CARD = re.compile(
    r"^(?P<head>[A-Za-z][A-Za-z' ]{0,40}?(?:\s?[(\[]\s?[0-9]{1,6}(?:\s?cards?)?\s?[)\]])?)\s?(?::|\s-+)\s?"
    r"(?P<card>\S.*)$",
    re.I,
)
# A header with its count, then the author's remark after a mark: "Dynasty (40) // lots of holdings", "Fate Deck:
# 40 // items", "Dynasty Deck (40) - mostly holdings", "Holdings (18) -- mostly mines". `_header_remarked` reads it.
_HEADER_THEN_REMARK = re.compile(
    r"^(?P<head>[^/<>\-—–]*?[0-9][)\]]?)\s+(?P<mark>//|<-+|-{2,}|[-—–])\s+(?P<remark>\S.*)$"
)
# The parts of a remark that counts the deck's kinds ("18 strategies, 12 followers", "20 Holdings / 20 Personalities")
_KINDS_COUNTED_APART = re.compile(r"(?<!\s)\s*(?:[,;/&+]|\band\b)\s*", re.I)
# What a label says where its card would be when the deck has none: "Wind: None", "Sensei: -", "Wind: n/a",
# "Sensei: No sensei", and in French, Spanish, German, Italian or Portuguese ("Sensei : Aucun", "Sensei: ninguno"). No card title is one of these (a generated test over the pool checks it).
_NO_CARD = re.compile(
    r"^(?:none|nothing|n/?a|no\s(?:sensei|wind|stronghold|cards?|one)|-{1,9}|\?{1,3}"
    r"|aucune?|rien|ningun[oa]|nada|keine?r?|nessun[oa]|nenhum[a]?)\.?$",
    re.I,
)
# The markup of a post's source, around or inside a line, as a list copied from a page's HTML or a forum's BBCode keeps
# it: "<li>3x Rout</li>", "<strong>Stronghold:</strong> Kyuden Hida", "Border Keep<br />", "<h3>Dynasty (40)</h3>",
# A chat's emoji about a line ("🏯 **Stronghold:** ...", "3x Yogo Katsuta ⭐", "**Dynasty (40)** 👇", "3x Rout :fire:"):
# pictographs, dingbats and symbols (with their joiners and variation selectors), and a ":shortcode:", taken out
# before the line is read. No pool title holds one (a generated test looks).
_EMOJI = re.compile(
    r"[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]+|:(?=[0-9_+-]{0,29}[a-z])[a-z0-9_+-]{2,30}:"
)
# Marks alone at a line's end, as a chat adds them: a smiley after a space ("Rout :)", "Rout ;-)"), exclamation or
# question marks after a space, after a bracket or three or more ("3x Rout !!!", "Rout (great)!", "Hida Kisada
# exp!!!"), or one after a level ("Hida Kuon Exp2!", "Hida Kisada exp!"). Taken out, the last first, before the line
# is read; a title's own marks are kept ("Fall Back!", "What Have You Done!?"): no pool title ends so (a generated
# test looks).
_EXCLAIMED = re.compile(
    r"(?:\s[:;][-']?[()DPp]|\s[!?]+|(?<=\))[!?]+|[!?]{3,}"
    r"|(?:(?<=\d)|(?<=exp)|(?<=xp)|(?<=exp\.)|(?<=experienced))[!?]+)$",
    re.I,
)
_EXCLAIMED_ENDS = tuple("!?()DPp")
# "[*]3x Rout", "[b]Stronghold:[/b] Kyuden Hida", "[color=red]3x Rout[/color]", "[list]", and markdown's bold
# ("**Stronghold:** Kyuden Hida"). Taken out before the line is
# read; a line of markup alone is no line. "[s]" (struck out) is not taken out: a struck card is not the list's.
_MARKUP = re.compile(
    r"</?(?:a|b|i|u|em|strong|li|ul|ol|p|br|h[1-6]|div|span|font|small|big|tt|code|pre|blockquote)"
    r"(?:\s[^<>]{0,200})?\s?/?>"
    r"|\[/?(?:b|i|u|list|\*|code|quote|color|size|font|url|li|center|left|right)(?:=[^\[\]]{0,80})?\]"
    r"|\*\*|__"  # and markdown's bold: "**Sensei:** Gidayu Sensei" (no title holds "**" or "__")
    r"|`+"  # and its code marks, as a chat writes a line: "`3x Bayushi Mifuyu`", a "```" fence alone
    r"|'{2,5}"  # and a wiki's bold and italics (two apostrophes in a row or more; no title holds them)
    r"|<!--.{0,500}?-->",  # and a comment in a page's source ("<!-- cut: 3 Ambush -->"): its author cut the line
    re.I,
)
# ... and markdown's italics with one star around words ("1 Hida Iseki *promo*", "3 *Hida Iseki* (foil)"): the words
# kept. The stars hug the words, and no letter, digit or star stands outside them: a count's star ("2* Rout",
# "Rout *3"), a footnote's ("Rout*") and a bullet's ("* Rout") are none. No pool title holds such a pair (a generated
# test looks).
_ITALIC = re.compile(r"(?<![\w*])\*(?=[^\s*])(?P<inner>[^*]{1,120}?)(?<=[^\s*])\*(?![\w*])")
# ... and markdown's bold around words reads as its italics does ("3 Rout **MVP**" as "3 Rout (MVP)", "**Sensei:**
# Gidayu Sensei" and "3x **Rout**" as before): the two stars made one before the markup is taken off.
_BOLD = re.compile(r"(?<![\w*])\*\*(?=[^\s*])(?P<inner>[^*]{1,120}?)(?<=[^\s*])\*\*(?![\w*])")
# ... and its emphasis with underscores, one or two ("3 Rout _MVP_", "3 Rout __MVP__", "3x __Rout__"): as with stars.
# No pool title holds an underscore; a form's blank around a count ("[_3_] Iron Mine") is none: no figure first.
_UNDERSCORED = re.compile(r"(?<![\w_])__?(?=[^\s_0-9])(?P<inner>[^_]{1,120}?)(?<=[^\s_])__?(?![\w_])")
# After a title, the italic words are the author's remark, as in brackets ("1 Hida Iseki *promo*"); after nothing, a
# count, a list's number, a bullet, a label's colon or a dash they are the card's title ("3x *Rout*", "1. *Rout*",
# "Stronghold: *Kyuden Hida*").
_ITALIC_AFTER_WORDS = re.compile(r"[^\s:=>•*-]\*?\s*$")
_ITALIC_AFTER_COUNT = re.compile(r"^[-*•\s]{0,9}(?:[0-9]{1,3}\s?[x×*.)]?|[x×]\s?[0-9]{1,3})?\s*$", re.I)


def _italic_text(match: re.Match[str]) -> str:
    before, inner = match.string[: match.start()], match["inner"]
    remark = _ITALIC_AFTER_WORDS.search(before) and not _ITALIC_AFTER_COUNT.match(before) and inner[:1] not in "(["
    return f"({inner})" if remark else inner


# A title broken at a hyphen at the end of a line, as a PDF or a mail wrapped at 72 columns breaks it ("3 Hida Tak-",
# then "euchi"): a letter and the hyphen end the line, and a letter starts the next, which holds no count. No pool
# title ends in a hyphen.
_WRAPPED = re.compile(r"[A-Za-z]-$")
_WRAP_REST = re.compile(r"^[A-Za-z]")
# ... and a list of titles, each with its count, wrapped between lines ("Dynasty (40): 3 Akodo Shunori, ..., 3 Ikoma",
# then "Shika, 1 Akodo Atsutane, ..., 3", then "Humble House, 3 Deeds and Words"): a line that lists so, and a next
# line that starts with a letter and lists so too, or follows a line ending in a comma (then it may start with a
# count) or a count after one. A CSV row's "Iron Mine,3" is no such list: a space and a title follow the count.
_COUNTED_LIST = re.compile(r",\s+[0-9]{1,2}\s+[A-Za-z\"']")
_LIST_CUT = re.compile(r",(?P<count>\s+[0-9]{1,2})?\s*$")
# ... but a line that ends in a title's count after it ("Counting House, 2 Stables, Jade Works x1", "…, Rout (2)")
# ends a title: the list under it, though it starts with a letter, is a line of its own.
_LIST_ENDS_COUNTED = re.compile(r"\s(?:[x×*]\s?[0-9]{1,2}|[(\[][x×]?\s?[0-9]{1,2}\s?[x×]?[)\]])\s*$", re.I)
# A card linked as a wiki or a markdown post links it: a wiki's page is the card's title ("[[Ambush]]", "[[Kakita
# Genshi|Genshi]]", "[[Card:Rout]]", "{{card|Rout}}"; a category's or a file's link is none), a markdown link's text
# ("[Rout](https://...)", "[Rout](/cards/rout)"); the address is left out. No pool title holds "[[", "{{" or "](".
_LINK = re.compile(
    r"\[\[(?P<category>(?:category|file|image)\s{0,9}:)?(?:[A-Za-z]{1,20}\s{0,9}:\s{0,9}(?!\s))?"
    r"(?P<wiki>[^\[\]|:]{1,200})(?:\|[^\[\]|]{0,200})?\]\]"
    r"|\{\{[^{}|]{0,40}\|\s{0,9}(?P<template>[^{}|]{1,200}?)\s{0,9}\}\}"
    r"|\[(?P<text>[^\[\]]{1,200})\]\((?:https?:|www\.|/|#)[^()\s]{0,500}\)",
    re.I,
)
# A character written as an HTML entity, as a list copied from a page's source or a forum archive keeps it
# ("Akodo&#39;s Guidance", "Pearls &amp; Spirits", "Kyuden&nbsp;Hida"): read as the character. Numbers stand for their
# code point; the names are those such copies hold. Any other "&...;" stays as written.
_ENTITY = re.compile(r"&(?:#(?P<dec>[0-9]{1,7})|#[xX](?P<hex>[0-9a-fA-F]{1,6})|(?P<name>[A-Za-z]{2,8}));")
_ENTITIES = {
    "amp": "&",
    "quot": '"',
    "apos": "'",
    "lt": "<",
    "gt": ">",
    "nbsp": " ",
    "rsquo": "’",
    "lsquo": "‘",
    "ldquo": "“",
    "rdquo": "”",
    "ndash": "–",
    "mdash": "—",
    "hellip": "…",
    "bull": "•",
    "middot": "·",
    "times": "×",
    "eacute": "é",
    "ucirc": "û",
    "ocirc": "ô",
    "ouml": "ö",
    "uuml": "ü",
}
# "Kyuden Kyotei (40/40)": the deck's two totals after the stronghold or the deck's name, Dynasty then Fate (as
# players write "40/40"); declared counts, compared as a header's are, and not part of the title.
# Searched for (its repeats bounded, so each start costs a few steps); what stands before it is the line's rest.
_SPLIT_TOTALS = re.compile(
    r"[(\[]\s{0,9}(?P<dynasty>[0-9]{1,6})\s{0,9}/\s{0,9}(?P<fate>[0-9]{1,6})(?:\s{0,9}cards)?\s{0,9}[)\]]\s{0,9}$",
    re.I,
)
# A table's first row names its columns: which one holds the count, which the title ("Qty<TAB>Card<TAB>Type<TAB>Gold
# Cost", "| Quantity | Card Name | Set |"). Its rows are then read by those columns alone (a cost or a set column is
# no count). A markdown table's rule row ("|---|:--|") is no line.
_COUNT_COLUMN = re.compile(r"^(?:qty|quantity|count|copies|amount|#|no\.?)$", re.I)
_TITLE_COLUMN = re.compile(r"^(?:card|card\s?name|card\s?title|name|title)$", re.I)
_TABLE_RULE = re.compile(r"^\|?(?:\s{0,9}:?-{3,}:?\s{0,9}\|){1,20}\s{0,9}(?::?-{3,}:?\s{0,9})?$")
# A header over a table's count column: "DYNASTY<TAB>Qty", "Fate (40)      Qty". The header is read; the column's name
# says nothing more.
_HEAD_OVER_COLUMN = re.compile(
    r"^(?P<head>[^\t]*?\S)(?:\t|\s{2,})\s{0,9}(?:qty|quantity|count|copies|#|no\.?)\s{0,9}$", re.I
)
# "1. Akodo Kano x1", "12) Rout - 3": an item's number before a line that states its count of its own. A number and a
# full stop or a bracket alone ("2. Rout") is an item's number where the list's numbers run as a numbered list's do
# (`numbered_list`: 1, 2, 3 ..., starting again at 1 in each part), else the line's count, as "2 Rout". No pool title
# starts with one ("700 Soldier Plain", "1,000 Cuts Technique" do not).
# A deck or type header with its count in brackets, then a web page's picture caption glued to it, as a page with
# a card's image under its header is copied: "Fate – (40)Army Like a Tide" (`_captioned_header`)
_CAPTIONED_HEADER = re.compile(r"^(?P<header>[^()]{1,40}?\(\s?[0-9]{1,3}\s?\))(?P<caption>[A-Z][^()]{0,80})$")
# In a numbered list, a line whose number is the one after the item above it, in another style ("20) Shinomen Marsh",
# then "21 - Shinomen Marsh", "22 Bountiful Fields"): the list's next item, one copy, as "21. Shinomen Marsh" reads
# (a list of counts runs so by chance only, and never through a numbered list's items)
_RUN_CONTINUED = re.compile(r"^(?P<item>[0-9]{1,3})(?:\s{0,9}[-–—:]\s{1,9}|\s{1,9})(?P<rest>\S.*)$")
# The share of a numbered list's steps from one item to the next that run as a numbered list's do (`numbered_list`)
_NUMBERED_STEPS = (3, 4)
_ITEM_NUMBER = re.compile(r"^(?P<item>[0-9]{1,3})[.)]\s{1,9}(?P<rest>\S.*)$")
# Dot leaders between a title and its count, as a table laid out in text draws them: "Fortifications ....... 3", and
# a printed sheet's, glued to the title: "Secluded Outpost..........3" (four dots or more: "Lies, Lies, Lies...<TAB>3"
# keeps its title's own three); spaced one by one ("Ambush . . . . 2"); and as a word processor writes the dots, in
# ellipses ("Rout …… 3", "Charge!…………2", "Meanwhile… …3": one ellipsis glued to the title is its own, as three dots
# are, unless the count is glued to it too: "Hida Benjiro...3", "Rout…3")
_DOT_LEADER = re.compile(
    r"(?:\s{1,9}(?:\.{3,}|…[.…]*)|(?:\s\.){3,}|\.{4,}|…[.…]+|\.+…[.…]*|(?:\.{3}|…)(?=[x×]?[0-9]))\s{0,9}"
    r"(?=[x×]?\s?[0-9]{1,24}\s?[x×]?\s{0,9}$)",
    re.I,
)
# The first row of a table or a spreadsheet pasted as the list: the columns' names, a count's and a title's among
# them ("Qty<TAB>Card<TAB>Set", "Quantity | Card Name", "# Title"). No pool title is made of such words.
_TABLE_HEAD = re.compile(
    r"^(?=.*\b(?:card|name|title)\b)(?:\s{0,9}[|,;]?\s{0,9}(?:qty|quantity|count|copies|amount|#|no\.?|card|cards|name|"
    r"title|set|edition|type|deck|cost|gold|gp|fp|force|chi|f/c|stats|focus|honor|ph|hr|rarity|clan|notes?|comments?|"
    r"remarks?)"
    r"(?![A-Za-z0-9])){2,12}\s{0,9}[|,;]?\s{0,9}$",
    re.I,
)
# A rule drawn between blocks: three or more of - = _ ~ * ― (Markdown's rule, "---", "***", "___", and a forum's
# "=====" alike), or one of them three times or more with a space between ("* * *", "- - -"); an e-mail's signature
# mark, "-- " (the name under it stays a line to read: it may be a card's), and a mail's rule with words
# ("-----Original Message-----"; a deck header so dressed, "--- Fate (40) ---", is read before it).
_RULE_LINE = re.compile(
    r"^(?:[-=_~*―]{3,}|([-=_~*―])(?: \1){2,}|--|[-=_~*]{3,} ?[A-Za-z][A-Za-z ]{0,38} ?[-=_~*]{3,})$"
)
_RULE_STARTS = "-=_~*―"  # the characters a rule line (`_RULE_LINE`) starts with: no other line is tried
# A list laid out in two columns, as a printed handout or a PDF is ("DYNASTY (40)      FATE (40)", then "3 Hida
# Reigoro      3 Will"): the columns are parted by a tab or four spaces or more.
_TWO_COLUMN_GAP = re.compile(r"\t+| {4,}")
# A mail's or a post's closing word ("Thanks,", "Cheers!", "Best regards,"), with what a post's adds ("Thanks for
# reading!", "Thanks again, all") and the author's name after it on the same line ("Thanks for reading, -Dragonfly",
# "Cheers - Matt"): the lines under it are its author's signature (a name, a job, a telephone), up to a header, a
# rule, a quoted line or a line with a count. No pool title starts so (a generated test looks).
_VALEDICTION = re.compile(
    r"^(?:thanks|thank you|thx|cheers|regards|best regards|kind regards|best wishes|sincerely|all the best|best)"
    r"(?:,?\s(?:for\s(?:reading|looking|your\s(?:time|help|input|comments|feedback))|again|all|everyone|guys|folks)){0,2}"
    r"\s?[,!.]{0,3}(?:\s{0,3}[-~]{1,2}\s?[A-Za-z][\w .']{0,30})?$",
    re.I,
)
# "By Nick Zube" under the deck's title line: who wrote it, not a card.
_BYLINE = re.compile(r"^(?:posted by|written by|by)\s+(?P<first>\S)", re.I)
# "3 Title", "3x Title", "3× Title", "2* Title", and one count for a list of titles: "3x: Title A, Title B". Posted
# lists also write "x3 Title", "3 - Title", "3 ~ Title", "3x - Title", "3 copies of Title", "3 copies Title", "2 copies: Title"
# (no card title starts with "x" and a digit, a dash, "copy" or "copies"). Not "3 of Title": with "Of One Mind" a
# title, it would read its "Of" away; "3 copies of Of One Mind" reads it. An "x" after a space is a count's only before a space or a colon
# ("1 X Akodo's Guidance"): "2 XP Hida Sozen" is two of XP Hida Sozen, not of "P Hida Sozen".
COUNT_PATTERN = _COUNT = re.compile(
    r"^(?:[x×]\s*)?(?P<count>[0-9]+)(?:(?:[x×*]|\s+[x×*](?=[\s:]))\s*(?:-+\s)?(?P<colon>:)?\s*|\s*(?P<bare>:)\s*|"
    r"\s*(?:-+|~)\s|\s*cop(?:y|ies)(?:\sof\s|\s?[:-]?\s)|\s{0,2}(?:pcs?|stk|cps)\.?\s|\s{0,9}[,;]\s{0,9}(?=[^\s0-9,;])|\s)\s*(?P<rest>\S.*)$",
    re.I,
)
# A card's statistics before its title, as a list sorted by cost or a collector's sheet writes them: gold, force and
# chi ("(0g) Iron Mine x3", "4g: Counting House x2", "[2/2 | 4g] Moto Alagh x3", "4F 2C 6G - Moto Ulagan x2", "F2 Sneak
# Attack x3", "3F/3C/6g  3x Iuchi Chiwa"): left out, when one of them names its statistic by its letter (a bare "2/2"
# or "3" may be a count). No pool title starts so (a generated test looks).
_STAT = r"(?:[+-]?[0-9]{1,2}[fcg]|[fcg][0-9]{1,2}|[+-]?[0-9]{1,2}[fc]?/[+-]?[0-9]{1,2}[fcg]?)(?![a-z0-9])"
_STAT_HEAD = re.compile(
    rf"^(?:[(\[]\s?)?{_STAT}(?:\s?[/|,]\s?{_STAT}|\s{_STAT}){{0,3}}\s?[)\]]?\s?(?::|-{{1,2}})?\s+(?=\S)", re.I
)
_STAT_LETTER = re.compile(r"[0-9][fcg](?![a-z])|(?<![a-z])[fcg][0-9]", re.I)
# Angle brackets a list uses as round ones, around no tag a page writes: a card's type or a remark after the title
# ("2 Kolat Master <Strategy>"), a count before it ("<3> Ninja Thief"). Read as round brackets. What they hold starts
# and ends with a letter or a digit (a header's drawn "<<< PRE-GAME >>>" holds spaces there).
_ANGLE_BRACKETS = re.compile(r"<(?P<inner>[A-Za-z0-9](?:[^<>]{0,38}[A-Za-z0-9.])?)>")
# A check mark for each copy after the title ("Famous Bazaar ✓✓✓"), as a list ticked off on a phone counts them
_CHECK_MARKS = re.compile(r"\s(?P<marks>[✓✔☑]{1,9})\s{0,9}$")
# A chat's spoiler bars around a line ("||3x Rout||", Discord's), and an export's comment marks before a header ("//
# Fate", as a Magic player's export writes one): taken out.
_SPOILER = re.compile(r"^\s{0,9}\|\|(?P<inner>[^|].{0,300}?)\|\|\s{0,9}$")
_COMMENT_MARKS = re.compile(r"^\s{0,9}//\s{0,9}(?=\S)")
# A set's code and a collector number after the title, as a Magic player's export writes every line ("1 Aranai Sensei
# (TNO) 3", "3 Coastal Lane (TNO) 131"): the number is the card's in the set, never a count (a level's brackets aside)
_COLLECTOR_NUMBER = re.compile(
    r"^(?P<line>[0-9]{1,2}[x×]?\s.{1,150}?\((?!(?:in)?exp|xp)[A-Za-z][A-Za-z0-9]{1,7}\))\s[0-9]{1,4}[a-z]?$", re.I
)
# "#3 Ninja Thief", "# 3 Stables": a count after a number sign, which would make the line a comment (no comment
# starts with a count and a title)
_HASH_COUNT = re.compile(r"^\s*#\s?(?=[0-9]{1,2}\s?[x×]?\s{1,3}[A-Za-z\"'])", re.I)
# "x3Two Steady Breaths": a count glued to the title after its "x", as a chat types it, read as "x3 Two Steady
# Breaths" (no card title starts with "x" and a digit).
_GLUED_COUNT = re.compile(r"^([x×])([0-9]{1,2})(?=[A-Za-z\"'])", re.I)
# Titles each with its count, with no separator between them, as a quick post runs them on: "2x Carpenter Castle 3x
# Border Keep", "Rout x2 Ambush x3". Read with a comma put in before the next count ("2x Carpenter Castle, 3x Border
# Keep"), when the line's own count is of the same form: "x" (or "×", "*") by the figure. No pool title holds such a
# count inside it (tests/test_deck_title_styles.py).
_UNPARTED_LEADS = re.compile(r"^[0-9]{1,2}\s?[x×*]\s", re.I)
_UNPARTED_BEFORE = re.compile(r"(?<=[^\s,;/&+|~·-])\s{1,3}(?=[0-9]{1,2}\s?[x×*]\s{1,3}\S)", re.I)
_UNPARTED_ENDS = re.compile(r"\s[x×*]\s?[0-9]{1,2}\s*$", re.I)
_UNPARTED_AFTER = re.compile(r"(\s[x×*]\s?[0-9]{1,2})\s{1,3}(?=[^\s,;/&+|~·(\[-])", re.I)
# A clan named before a card, as a list sorted by clan writes it: "Lion - Akodo Kenaro x3", "Crab: Hiruma Daizen",
# "Neutral - Iron Mine", "Sensei: Lion - Satoru Sensei" (the checker reads those, knowing the cards: "Imperial" and
# "Naga" are cards' titles too), and in brackets before the title, "3 [Lion] Kitsu Watanabe", left out here (no pool
# title starts with a bracket and a clan's name; after a count, the count stays: "3 [Lion] 700 Soldier Plain").
CLAN_NAMES = (
    "crab", "crane", "dragon", "lion", "mantis", "phoenix", "scorpion", "unicorn", "spider", "naga", "ratlings?",
    "nezumi", "shadowlands", "brotherhood", "ronin", "neutral", "unaligned", "imperial", "minor clans?",
)  # fmt: skip
_CLAN_BRACKET = re.compile(
    rf"^(?P<count>[0-9]{{1,2}}\s?[x×]?\s)?[(\[](?:{'|'.join(CLAN_NAMES)})[)\]]\s?(?=[A-Za-z0-9\"'])", re.I
)
# A change to a list its author posted before: each part a count with a sign glued to it, then a title ("-1 Tsuruchi
# Taito, +1 Tsuruchi Kaito", "+2 Fearful Volley"), or a plus glued to a title, one to add ("+Agasha Beiru (earth
# shug, recruits fortifications)": a remark in brackets may hold commas). The author's remark on the list, no card
# line (the list holds the cards). A bullet has a space after it ("- 3 Rout", "+ 3 Rout").
_CHANGE_PART = r"(?:[+−-][0-9]{1,2}\s?[x×]?\s|\+(?=[A-Z\"']))(?:[^,;()]|\([^()]{0,120}\)){1,160}"
_CHANGE_LINE = re.compile(rf"^{_CHANGE_PART}(?:[,;]\s?{_CHANGE_PART}){{0,20}}$")
# Text struck out, as a post edited in place shows a card cut ("~~3 Counting House~~ 2 Counting House", "[s]3 Rout[/s]",
# "<del>3 Rout</del>"): no part of the list; taken out, with its marks, before the line is read. And a task list's box
# before an item ("- [x] 3 Ikoma Shika", "* [ ] 1 Ring of Water"): taken out, the item read.
_STRUCK = re.compile(r"~~[^~]{0,300}~~|\[s\][^\[]{0,300}\[/s\]|<(?:s|del|strike)>[^<]{0,300}</(?:s|del|strike)>", re.I)
_CHECKBOX = re.compile(r"^\s{0,9}(?:[-*+]\s{1,9})?\[[ xX✓✔]\]\s{0,9}")
# A forum reply's line naming whom it quotes ("HidaTetsu wrote:", "Originally Posted by HidaTetsu", "Quote:", "Post by
# KuniWitch » Tue Mar 03, 2015 9:12 pm"), and "wrote:" with the quoted text glued after it ("HidaTetsu wrote:3 Rout"):
# the attribution is left out (what is glued after it is read as a line).
_WROTE = re.compile(r"^\s{0,9}[^\s:][^:]{0,40}?\s(?:wrote|said|writes|says)\s?:\s?", re.I)
_ATTRIBUTION = re.compile(r"^(?:originally\s+posted\s+by\s+\S.{0,60}|quote\s?:|post\s+by\s+\S.{0,60}».{0,60})$", re.I)
_POST_BY = re.compile(r"^post\s+by\s", re.I)  # (the post's own line, above its text: no quote follows it)
# A heading over the cards of one cost, as a list sorted by gold cost writes it ("2 gold:", "4 Gold -", "5 Gold Cost:",
# "Cost 5:", "6g:", "0g"): no card line (with no colon or dash, "3 Gold" is three copies of the card Gold).
_COST_HEADING = re.compile(
    r"^(?:[0-9]{1,2}\s?(?:gold|g)(?:\s?cost)?\s?(?::|-+)|[0-9]{1,2}\s?g|cost\s?[0-9]{1,2}\s?:?|[0-9]{1,2}\s?cost\s?:?)$",
    re.I,
)
# A label over (or before) titles that gives each one count: "3-ofs: Famous Bazaar, Poorly Placed Garden", "2-of:
# Counting House", "Singletons: Stables, Iron Mine", "Playsets:" (three of each, as many as a deck may hold of most
# cards), a group's name with the count for each in brackets ("Rings (1 each):"). Read as "3x: Famous Bazaar, ..."
# with titles after it, as "3 each:" without.
_COUNT_LABEL = re.compile(
    r"^(?:(?P<count>[0-9]{1,2})\s?-?\s?ofs?|(?P<one>singles|singletons?|one-ofs?)|(?P<three>playsets?|full\s+sets?)"
    r"|[A-Za-z][A-Za-z' ]{0,30}?\s?[(\[]\s?(?P<each>[0-9]{1,2})\s?(?:[x×]\s?)?each\s?[)\]])"
    r"\s?:\s?(?P<rest>.*)$",
    re.I,
)
# A text editor's or a paste site's line numbers before every line ("07 | 3 Daigotsu Jemaru", "08 | "): numbers that
# run 1 by 1 on every line, blank ones too, and a bar or a colon after each. Left out before the lines are read.
_EDITOR_NUMBER = re.compile(r"^\s{0,3}(?P<n>[0-9]{1,4})\s?[|:│]\s?")
# One count for each of several titles, in words: "2 each: Ide Kotono, Iuchi Chiwa", "3 ea. Stables, Iron Mine", "3 of
# each: ...", "1 each of A, B", "2x each -> A, B", and after them: "Ide Kotono, Iuchi Chiwa (2 each)", "Stables,
# Iron Mine - 3 ea.". Read as "2x: Ide Kotono, Iuchi Chiwa" (the count for each title). No pool title starts with
# "each" or "ea." or ends in either.
# ... and the count in words ("two each of Insight and Seeking the Way").
_EACH_COUNT = rf"(?P<count>[0-9]{{1,2}}|{'|'.join(sorted(list(HEADER_COUNT_UNITS)[:10], key=len, reverse=True))})"
_EACH_BEFORE = re.compile(
    rf"^{_EACH_COUNT}\s?(?:[x×]\s?)?(?:of\s)?(?:each(?:\sof)?|ea\.?|apiece)(?![a-z])\s?(?::|->|→|=>)?\s?(?=\S)",
    re.I,
)
_EACH_AFTER = re.compile(
    r"^(?P<rest>.*?\S)\s?(?:[-,:]\s?|[(\[]\s?)?(?:[x×]\s?)?(?P<count>[0-9]{1,2})\s?(?:[x×]\s?)?(?:of\s)?"
    r"(?<![a-z])(?:each|ea\.?|apiece)\s?[)\]]?$",
    re.I,
)
# ... and on a line of its own, over the titles under it that give no count of their own, up to a blank line or a
# header ("3 each:", "3x each of the following:", then "Moto Chinua", "Iuchi Chiwa").
_EACH_ALONE = re.compile(
    rf"^{_EACH_COUNT}\s?(?:[x×]\s?)?(?:of\s)?(?:each|ea\.?)(?:\sof\s(?:the\s)?(?:following|these))?"
    r"\s?(?::|->|→|=>)?$",
    re.I,
)
# Titles grouped in brackets with one count for each, after the group or before it: "(Iron Mine, Jade Pearl Inn,
# Famous Bazaar) x3", "3x {Hida Reigoro; Hida Kurabi}", "[Ambush / Rout] - 2". Read as "3x: Iron Mine, ..." (the
# count for each title); the brackets must hold two parts or more, and nothing but the count may stand outside them.
_GROUPED = re.compile(
    r"^(?:(?:[x×]\s?(?P<b1>[0-9]{1,2})|(?P<b2>[0-9]{1,2})\s?[x×]?)\s?:?\s?)?[(\[{]"
    r"(?P<titles>[^()\[\]{}]{1,300}?(?:[,;]|\s[/&+|]\s?)[^()\[\]{}]{1,300})[)\]}]"
    r"(?:\s?(?:[-:]\s?)?(?:[x×]\s?(?P<a1>[0-9]{1,2})|(?P<a2>[0-9]{1,2})\s?(?:[x×]|each|ea\.?|apiece)?))?\s*$",
    re.I,
)
# "(3) Daigotsu Murota", "[2x] Rout", "(x3) Rout": the count in brackets before the title, as "3 Title" (no title starts with a
# number in brackets; "3) Title" stays unread: it may be an item's number)
# "(2) - Personality Control", "[3]: Counter Cards": a group's number and a dash or colon before its name, as a post
# numbers the groups it sorts its cards in. Read as "(2) Title" (the count) unless the numbers run 1, 2, 3 ... and
# the line names no card: then it is the author's heading (`numbered_groups`; the checker decides, knowing cards).
_GROUP_NUMBER = re.compile(r"^[(\[]\s{0,9}(?P<group>[0-9]{1,2})\s{0,9}[)\]]\s{0,9}[-:]\s{1,9}\S")
_BRACKETED_COUNT = re.compile(
    r"^[(\[][\s_]{0,9}(?:[x×]\s{0,9})?(?P<count>[0-9]{1,6})\s{0,9}[x×]?[\s_]{0,9}[)\]]\s{1,9}(?P<rest>\S.*)$", re.I
)
_SET = re.compile(r"^(?P<rest>.*?)(?<!\s)\s*[\[{](?P<set>[^\[\]{}]+)[\]}]$")
# A level and a set in one bracket, in either order ("Hida Yakamo (Exp 2, Jade)", "[Jade Edition; exp 2]",
# "(Experienced 2 - Jade)"), read as "Hida Yakamo (Exp 2) [Jade]" when one part is a level and the other is not; and
# a set in square brackets before a round one ("Hida Yakamo [Jade] (exp2)", "Hida Yakamo [BBP] (Hero)"), the round
# one read with the title (`_level_and_set`). A set may be in curly brackets too ("Hiruma Aki {SE}").
_LEVEL_AND_SET = re.compile(
    r"^(?P<rest>.*?\S)\s*[(\[](?P<a>[^()\[\],;]+?)\s*(?:[,;/]|\s-\s)\s*(?P<b>[^()\[\],;]+?)\s*[)\]]$"
)
_SET_BEFORE_BRACKET = re.compile(r"^(?P<rest>.*?\S)\s*[\[{](?P<set>[^\[\]{}]+)[\]}]\s*\((?P<level>[^()]+)\)$")
# A set (or a level) in square brackets (or curly ones), then the author's remark after a dash or another mark a remark
# follows: "Charge [Ivory Edition] - great card", "Charge [IE] // great", "Charge {IE}: always"
_SET_BEFORE_REMARK = re.compile(
    r"^(?P<rest>.*?\S)\s*[\[{](?P<set>[^\[\]{}]{1,60})[\]}]"
    r"(?P<remark>\s+(?:-{1,3}|//|<-{1,9}|-{1,9}>|=|\.{3,9}|…)\s+\S.*|:\s+\S.*)$"
)
# ... or the author's words with no mark, or a level, after it: "Iron Mine [Gold] must have", "Hida Kuon [Diamond] Exp
# 3" (not a count: "Iron Mine [Gold] x3" is read as one)
_SET_BEFORE_WORDS = re.compile(
    r"^(?P<rest>.*?\S)\s*[\[{](?P<set>[^\[\]{}]{1,60})[\]}]\s+(?![x×]?\s?[0-9])(?P<words>[^\s()\[\]{}][^()\[\]{}]*)$"
)
# A count written after the title, as players post lists by hand: "Barley Farm x3", "Barley Farm x 3",
# "Barley Farm (x3)", "Barley Farm (3)", "Barley Farm [3x]", "Barley Farm {3}", "Barley Farm 3x", "Barley Farm - 3",
# "Barley Farm - x3", "Barley Farm -x3", "Barley Farm - 3x", "Barley Farm *3" (a star for the times sign), "Barley
# Farm (3 copies)", "Barley Farm 3 copies", "Barley Farm = 3", "Barley Farm -> 3", and a CSV row's "Barley Farm,3"; a full stop may end it ("Barley Farm
# x3.", as a sentence ends). Matched in the last TAIL characters only (the form is short), so a long line costs no more than a short one; what stands
# before it must be a space (or the form starts with the CSV row's "," or ";").
# Every repeat is bounded by the tail's length: an unbounded run tried from every start is quadratic.
_TRAILING_COUNT = re.compile(
    r"(?:[(\[{]\s{0,24}(?:[x×]\s{0,24}(?P<a>[0-9]{1,24})|(?P<b>[0-9]{1,24})\s{0,24}(?:[x×]|cop(?:y|ies))?)"
    r"\s{0,24}[)\]}]|[x×*]\s{0,24}(?P<c>[0-9]{1,24})(?:\s{0,24}cop(?:y|ies))?"
    r"|(?P<d>[0-9]{1,24})\s{0,24}(?:[x×]|cop(?:y|ies)|of|pcs?\.?|stk\.?)"
    r"|(?:-{1,24}>?|=>?|→)\s{0,24}[x×]?\s{0,24}(?P<e>[0-9]{1,24})(?:\s{0,3}(?:-{1,3}|[x×]))?|[,;:]\s{0,24}(?P<f>[0-9]{1,24}))\.?\s{0,24}$",
    re.I,
)
_TRAILING_COUNT_TAIL = 24
# Every form of _TRAILING_COUNT holds a figure: a line with none in its tail ends in no count, and its positions are
# not tried (most titles hold no figure).
_A_FIGURE = re.compile("[0-9]")
# A set in square or curly brackets before a separator, on a line of several titles ("3 Rout [IE], 2 Ambush [SE]",
# "Rout [IE] x3 & Ambush [SE] x2"): every such bracket on the line is read as a round one, each part's own, as "3 Rout
# (IE), 2 Ambush (SE)" is (a square bracket at a line's end is the line's set, which would be the last title's only)
_SET_BEFORE_SEPARATOR = re.compile(
    r"[\[{][^\[\]{}()]{1,60}[\]}]\s{0,3}(?:[x×*]?\s?[0-9]{1,2}\s?[x×]?\s{0,3})?(?:[,;|+&·~]|/\s|and\s)\s{0,3}[^\s,;]"
)
_SQUARE_SET = re.compile(r"[\[{](?P<set>[^\[\]{}()]{1,60})[\]}]")
# What stands in brackets, round, square or curly (`_count_before_remark`: a set's colon is no remark's mark)
_IN_BRACKETS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]|\{[^{}]*\}")
# A bracket that ends a line, at most so many characters long with its space before it (`_count_before_brackets`)
_END_BRACKET_TAIL = 82
_END_BRACKET = re.compile(r"(?<=\S)\s*(?P<bracket>\([^()]{0,80}\)|\[[^\[\]]{0,80}\]|\{[^{}]{0,80}\})$")
# At most so many brackets after a count that follows a title ("Iron Mine x3 [Ivory Edition] (MVP)": a set and a
# remark; `_count_before_brackets`)
_BRACKETS_AFTER_COUNT = 3
# A mark before the author's remark after a title's count ("Rout x3 // MVP", "Rout x3 - the best", "Rout x3: always",
# "Rout x3 = must", "Rout x3 ... great", "Rout x3 <-- MVP", "Rout x3, always"): the marks the checker reads a remark
# after (checker.py SAID_AFTER, COMMA_BEFORE_REMARK, `_remarks_taken_off`), each tried from the left.
_REMARK_AFTER_COUNT = re.compile(r"(?:\s(?://|-{1,2}|<-{1,9}|=)|[:,]|\s?(?:\.{3,9}|…))\s")
# A count in a column of its own after the title, as a table or a spreadsheet is pasted: "Famous Bazaar<TAB>3",
# "Famous Bazaar      x3" (a tab or a run of spaces before it: a single space before a bare number stays part of
# the line, as in "Imperial Gift 3"). plain() makes every run of spaces one, so the columns are read before it.
_COLUMN_GAP = re.compile(r"\t| {2,}")
_COLUMN_COUNT = re.compile(r"^(?:[x×] ?)?(?P<count>[0-9]{1,24}) ?[x×]?$", re.I)
# A header dressed as a heading, as forum posts and pages write one: "**Dynasty (40)**", "__Fate__", "== Fate ==",
# "--- Fate (40) ---", "<b>Holdings</b>", "[b]Personalities[/b]": read as the header inside. The tags and the
# characters around it (one tag at each end, any run of the characters) are taken off; the rest must be a header.
_DECORATION_TAG = re.compile(
    r"^(?:<(?:b|strong|u|i|em)>|\[(?:b|u|i)\])|(?:</(?:b|strong|u|i|em)>|\[/(?:b|u|i)\])$", re.I
)
# and the bullets of _BULLET ("• Holdings (14)"), and brackets drawn around a header ("<<< PRE-GAME >>>",
# "-=[ Holdings (12) ]=-")
_DECORATION_CHARS = "*_=~- •·▪◦‣●+<>[]■□◆◇▶―"
# A list item's bullet: "- ", "* ", and the bullets a list copied from a rendered page or a word processor keeps
# ("• ", "· ", "▪ ", "◦ ", "‣ ", "● ", "+ "), and the squares and diamonds an East Asian post marks items
# with, a space after them or none ("■ Dynasty", "◆Rout").
_BULLET = re.compile(r"^(?:[-*•·▪◦‣●○+→►»➤]\s+|[■□◆◇▶]\s*|-(?=[A-Z]))")  # (and "-Matsu Gohei": a dash glued)
# A collection's set code and rarity before a card line's count, as a spreadsheet sorted by set writes them ("IvE-C
# 3x Bayushi Dakatsu", "[IvE][U] 3x House of the Red Lotus", "IvE #112 (C) x3 Delicate Gamble"), left out before
# anything else is read ("[U]" is no underline, " #112" no comment). No pool title starts so (a generated test
# looks); a code without a rarity or a number ("IvE 3x Iron Mine") is left as written.
_SET_PREFIX = re.compile(
    r"^\s{0,9}(?:\[[A-Za-z0-9]{1,8}\]\s?\[(?:[CURFPS]|SR|UR)\]|[A-Za-z][A-Za-z0-9]{0,7}-(?:[CURFPS]|SR|UR)"
    r"|[A-Za-z][A-Za-z0-9]{0,7}\s?#\s?[0-9]{1,4}(?:\s?\((?:[CURFPS]|SR|UR)\))?)\s{1,9}(?=(?:[x×]\s?)?[0-9])"
)
# A word processor's outline before a line: a letter or a Roman numeral and a tab ("a.<TAB>3 A Ready Soul"), left out;
# a number and a tab before a header ("1.<TAB>Strategies (24)"), the header (before a card, a numbered list's item)
_OUTLINE_MARK = re.compile(r"^\s{0,9}(?:(?P<letter>[a-z]|[ivx]{1,4})|[0-9]{1,2})[.)]\t\s{0,9}(?=\S)")
# A footnote mark after a card, as posted lists mark a card the author explains below ("3 Marketplace*", "1 Rout †"),
# or a stray semicolon ("3 Rout;"), the mark in brackets too ("3 Rout (*)"): no pool title ends in one, and the card
# is read without it.
_FOOTNOTE_MARK = re.compile(r"(?<=\S)\s*(?:[*†‡]+|;|\(\s?[*†‡]+\s?\))$")
_BULLET_STARTS = "-*•·▪◦‣●○+→►»➤■□◆◇▶"  # the characters `_BULLET` can start with
_GLUED_COUNT_STARTS = "xX×"  # the characters `_GLUED_COUNT` can start with
# A price after a card, as a list of cards for sale or a shop's cart writes one ("Kitsu Hyun x3 @ $0.50", "3x Inner Fire
# - $0.10", "Shiba Emiri x2 ($1 ea)", "1 A Cleansing Death — 4 €"): a currency's sign before or after the figure, a
# mark before it, "each" after it; taken off the line's end. No pool title holds a currency's sign.
_PRICE = re.compile(
    r"\s{0,3}(?:[-–—:=@/,;|~]|\.{2,9}|…)?\s{0,3}[(\[]?\s{0,2}"
    r"(?:[$€£¥]\s?[0-9]{1,5}(?:[.,][0-9]{1,2})?|[0-9]{1,5}(?:[.,][0-9]{1,2})?\s?[$€£¥¢])"
    r"(?:\s{0,2}(?:ea\.?|each|apiece|a piece|per card|/\s?ea(?:ch)?\.?))?\s{0,2}[)\]]?\s{0,3}$",
    re.I,
)
_PRICE_SIGNS = "$€£¥¢"
_NEGATIVE_COUNT = re.compile(r"^[-−]\d+\s*(?:[x×]\s*|\s)")
_A_LETTER = re.compile(r"[A-Za-z]")
# A comment after " #", and a card's number in brackets ("Yogo Katsuta (#84/156)"). (The whole run of spaces before
# the "#" only: from each space of a long run the rest would be tried again.)
_COMMENT_AFTER = re.compile(r"(?<!\s)\s+#.*$|\s{0,9}\(#\s?[0-9]{1,5}(?:/[0-9]{1,5})?\)\s{0,9}$")
# Quote marks before a line, as a mailing-list or forum reply quotes a posted list ("> 3 Hida Akeno", ">> Fate:"):
# the quoted list is read as it was written.
_QUOTE_MARKS = re.compile(r"^[ \t]{0,9}(?:>[ \t]?){1,9}")
_YAML_KEYS = {
    "pre_game": PREGAME,
    "pregame": PREGAME,
    "pre-game": PREGAME,
    "stronghold": PREGAME,
    "dynasty": DYNASTY,
    "fate": FATE,
}
_YAML_METADATA = {"name", "format", "author", "notes", "description", "date", "clan"}
MAX_COPIES_ON_A_LINE = 99
MAX_DECK_BYTES = 8 * 1024 * 1024  # a real decklist is a few kilobytes; /dev/zero or a disk image is not one
INPUT_FORMATS = ("text", "yaml", "oracle", "oracle-tab", "sunandmoon", "yasuki")

# -- the export syntaxes (docs/deck-check.md "Which exports are understood" gives the same rules) ------------
# Sun and Moon's first line.
_LEGALITY = re.compile(r"^\s*legality\s*:\s*(?P<format>\S.*?)\s*$", re.I)
# Oracle of the Void headers: "# Dynasty - (40) [15 distinct]", "# Holding - (12) [5 distinct]".
_ORACLE_HEADER = re.compile(
    r"^#\s*(?P<name>[A-Za-z][A-Za-z -]*?)\s+-\s+\(\s*(?P<count>\d+)\s*\)(?:\s*\[\s*\d+\s+distinct\s*\])?\s*$", re.I
)
# The deck names Oracle of the Void writes as headers (templates/l5r.js headerize: the card database's `deck`).
_ORACLE_DECKS = {"pre-game", "dynasty", "fate"}
# Oracle of the Void tab-delimited card line: count TAB title [TAB set].
_TAB_LINE = re.compile(r"^\s*\d+\t")
# A set in round brackets at the end of a card line: "3 Hida Kisada - exp (Emperor Edition)", "(TotV)".
_PAREN_SET = re.compile(r"^(?P<rest>.*?)(?<!\s)\s*\((?P<set>[^()]+)\)\s*$")
# game_on_yasuki: section keys ("Dynasty: # (40)", old lower-case "pre_game:"), items, metadata, art trailer.
_YASUKI_KEY = re.compile(
    r"^(?P<key>pre[-_ ]?game|dynasty|fate)\s*:\s*(?:#\s*\(\s*(?P<count>\d+)\s*\)\s*)?(?:#.*)?$", re.I
)
_YASUKI_ITEM = re.compile(r"^\s*-\s+(?P<item>\S.*?)\s*$")
_YASUKI_META = re.compile(r"^(?:name|author|date|format|notes|description|clan)\s*:", re.I)
_ART = re.compile(r"(?<!\s)\s*\{art:[^{}]*\}\s*$", re.I)
# "Kuni Yori exp #2": a "#" between a level's marker and its number marks the number; it starts no comment
_LEVEL_NUMBER_MARK = re.compile(rf"(?<![A-Za-z])({LEVEL_MARKER})\s*#(?=[0-9])", re.I)
# What a card name can look like: it starts with a letter, digit, quote or "(", and holds only characters
# some card title uses, or a `LIST_SEPARATOR` does ("·", "~"), or a star by a count ("Bishops: 2* Matsu Turi", a
# label before the card; "Rout, 2 Ambush, Jade Works *1": the checker reads them), or a star between spaces, a mark
# the author's remark follows ("Rout * MVP"). "%%% ??? not a card line" is a parse problem, never a card.
_CARD_NAME = re.compile(
    r"^(?:[^\W_]|[\"'(])(?:[\w\s'\-,()!.&\"<>?/+:•…|=;·~]|(?<=[0-9])\*|\*(?=\s?[0-9])|(?<=\s)\*(?=\s))*$"
)


# What the browser checker reads from the checker's data (l5r/site/api/deckdata.py reading_rules), so both read a
# decklist by the same patterns and words: every pattern here is written so JavaScript runs it alike (named groups
# in order, no possessive or Unicode-class syntax). _CARD_NAME (Python's Unicode \w) and _BYLINE stay each side's.
# Characters a paste carries that a reader does not see, or sees as others, made what they are before anything is
# read: the invisible ones taken out (a zero-width space or non-joiner, a word joiner, a byte-order mark inside the
# text, a soft hyphen: "3 Secluded\u200bOutpost" from a blog's page, "Counting\u00adHouse" from a word processor;
# the keycap mark of "3\ufe0f\u20e3 Rout"), and the full-width forms an East Asian keyboard types ("\uff13\u3000Rout",
# "Stronghold\uff1a", "Dynasty\uff08\uff14\uff10\uff09") as the ASCII characters they stand for. No pool title holds one
# (a generated test looks). Data: the browser's checker applies the same table first.
PASTED_CHARACTERS: dict[str, str] = {
    **{ch: "" for ch in "\u200b\u200c\u2060\ufeff\u00ad\u20e3"},
    "\u3000": " ",
    **{chr(code): chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)},
}
_PASTED = str.maketrans(PASTED_CHARACTERS)
# A mail's body in quoted-printable, as a list's archive keeps it raw ("3 Iron Mine=20", a line cut by a soft break,
# "Exp=" then "erienced"; "=E2=80=A2" for "•"): decoded where the mail says it is so (its header line), or where
# `_QP_LINES_AT_LEAST` lines end in an encoded blank or a soft break and every "=" of the text is an escape ("Holdings =
# 3" is no mail's). Each run of escapes is UTF-8's bytes, or where they are none, Windows-1252's (a mail's charset
# line is not needed: Latin-1's letters are no UTF-8); a soft break joins the line after it to its line and leaves
# that one blank (lines keep their numbers).
_QP_HEADER = re.compile(r"^\s{0,9}content-transfer-encoding:\s{0,9}quoted-printable\s{0,9}$", re.I)
_QP_LINE_END = re.compile(r"(?:=20|=09|=)\s{0,9}$")
_QP_STRAY = re.compile(r"=(?![0-9A-Fa-f]{2}|\s{0,9}$)")  # an "=" that is no escape and no soft break
_QP_ESCAPES = re.compile(r"(?:=[0-9A-Fa-f]{2}){1,400}")
_QP_SOFT_BREAK = re.compile(r"=\s{0,9}$")
_QP_LINES_AT_LEAST = 3
# Windows-1252's characters for the bytes 0x80 to 0x9F where it has one (its five unassigned bytes stay Latin-1's, as a
# browser's decoder has them). Data: the browser's checker decodes by this table, as not every JavaScript runtime
# knows the encoding.
_CP1252_HIGH = {b: bytes([b]).decode("cp1252") for b in range(0x80, 0xA0) if b not in b"\x81\x8d\x8f\x90\x9d"}
# A mail's or a post's greeting above the list ("Hi all,", "Hello everyone!", "Hey guys"; no title starts so): no card
# line, and no line that makes the text a decklist ("Dear all, the tournament starts at ten." is none).
_GREETING = re.compile(
    r"^(?:hi|hello|hey|hiya|greetings|dear|howdy|good\s+(?:morning|evening|afternoon))\b[^.!?,:]{0,30}[,!.:]?\s*$", re.I
)

READER_PATTERNS: dict[str, re.Pattern[str]] = {
    "header": _HEADER,
    "loose_header": _LOOSE_HEADER,
    "header_name_tail": _HEADER_NAME_TAIL,
    "cards_tail": _CARDS_TAIL,
    "greeting": _GREETING,
    "grouped": _GROUPED,
    "set_prefix": _SET_PREFIX,
    "stronghold_label": _STRONGHOLD_LABEL,
    "qp_header": _QP_HEADER,
    "qp_line_end": _QP_LINE_END,
    "qp_stray": _QP_STRAY,
    "qp_escapes": _QP_ESCAPES,
    "qp_soft_break": _QP_SOFT_BREAK,
    "count_first_header": _COUNT_FIRST_HEADER,
    "count_marked_header": _COUNT_MARKED_HEADER,
    "label_join": _LABEL_JOIN,
    "list_separator": _LIST_SEPARATOR,
    "glued_slash": _GLUED_SLASH,
    "run_item": _RUN_ITEM,
    "pregame_label": _PREGAME_LABEL,
    "inner_pregame_label": _INNER_PREGAME_LABEL,
    "metadata_line": _METADATA_LINE,
    "deck_total": _DECK_TOTAL,
    "rule_line": _RULE_LINE,
    "valediction": _VALEDICTION,
    "set": _SET,
    "level_and_set": _LEVEL_AND_SET,
    "set_before_bracket": _SET_BEFORE_BRACKET,
    "set_before_remark": _SET_BEFORE_REMARK,
    "set_before_words": _SET_BEFORE_WORDS,
    "header_then_remark": _HEADER_THEN_REMARK,
    "kinds_counted_apart": _KINDS_COUNTED_APART,
    "trailing_count": _TRAILING_COUNT,
    "split_totals": _SPLIT_TOTALS,
    "table_head": _TABLE_HEAD,
    "count_column": _COUNT_COLUMN,
    "title_column": _TITLE_COLUMN,
    "table_rule": _TABLE_RULE,
    "head_over_column": _HEAD_OVER_COLUMN,
    "item_number": _ITEM_NUMBER,
    "captioned_header": _CAPTIONED_HEADER,
    "run_continued": _RUN_CONTINUED,
    "dot_leader": _DOT_LEADER,
    "no_card": _NO_CARD,
    "both_totals": _BOTH_TOTALS,
    "labelled_card": _LABELLED_CARD,
    "entity": _ENTITY,
    "bracketed_count": _BRACKETED_COUNT,
    "glued_count": _GLUED_COUNT,
    "unparted_leads": _UNPARTED_LEADS,
    "unparted_before": _UNPARTED_BEFORE,
    "unparted_ends": _UNPARTED_ENDS,
    "unparted_after": _UNPARTED_AFTER,
    "hash_count": _HASH_COUNT,
    "collector_number": _COLLECTOR_NUMBER,
    "check_marks": _CHECK_MARKS,
    "spoiler": _SPOILER,
    "comment_marks": _COMMENT_MARKS,
    "outline_mark": _OUTLINE_MARK,
    "angle_brackets": _ANGLE_BRACKETS,
    "byline": _BYLINE,
    "negative_count": _NEGATIVE_COUNT,
    "comment_after": _COMMENT_AFTER,
    "stat_head": _STAT_HEAD,
    "stat_letter": _STAT_LETTER,
    "clan_bracket": _CLAN_BRACKET,
    "change_line": _CHANGE_LINE,
    "stats_line": _STATS_LINE,
    "figure": _FIGURE,
    "heading_shaped": _HEADING_SHAPED,
    "summary": _SUMMARY,
    "other_game": _OTHER_GAME,
    "xml_zone": _XML_ZONE,
    "xml_card": _XML_CARD,
    "xml_other": _XML_OTHER,
    "summary_item": _SUMMARY_ITEM,
    "site_line": _SITE_LINE,
    "editor_number": _EDITOR_NUMBER,
    "each_before": _EACH_BEFORE,
    "each_after": _EACH_AFTER,
    "each_alone": _EACH_ALONE,
    "struck": _STRUCK,
    "checkbox": _CHECKBOX,
    "wrote": _WROTE,
    "attribution": _ATTRIBUTION,
    "post_by": _POST_BY,
    "cost_heading": _COST_HEADING,
    "count_label": _COUNT_LABEL,
    "group_number": _GROUP_NUMBER,
    "markup": _MARKUP,
    "italic": _ITALIC,
    "bold": _BOLD,
    "underscored": _UNDERSCORED,
    "italic_after_words": _ITALIC_AFTER_WORDS,
    "italic_after_count": _ITALIC_AFTER_COUNT,
    "two_column_gap": _TWO_COLUMN_GAP,
    "wrapped": _WRAPPED,
    "wrap_rest": _WRAP_REST,
    "counted_list": _COUNTED_LIST,
    "list_ends_counted": _LIST_ENDS_COUNTED,
    "list_cut": _LIST_CUT,
    "link": _LINK,
    "emoji": _EMOJI,
    "exclaimed": _EXCLAIMED,
    "in_brackets": _IN_BRACKETS,
    "set_before_separator": _SET_BEFORE_SEPARATOR,
    "square_set": _SQUARE_SET,
    "end_bracket": _END_BRACKET,
    "price": _PRICE,
    "remark_after_count": _REMARK_AFTER_COUNT,
    "column_gap": _COLUMN_GAP,
    "column_count": _COLUMN_COUNT,
    "decoration_tag": _DECORATION_TAG,
    "bullet": _BULLET,
    "footnote_mark": _FOOTNOTE_MARK,
    "level_number_mark": _LEVEL_NUMBER_MARK,
    "quote_marks": _QUOTE_MARKS,
    "legality": _LEGALITY,
    "oracle_header": _ORACLE_HEADER,
    "tab_line": _TAB_LINE,
    "paren_set": _PAREN_SET,
    "yasuki_key": _YASUKI_KEY,
    "yasuki_item": _YASUKI_ITEM,
    "yasuki_meta": _YASUKI_META,
    "art": _ART,
}
READER_TABLES: dict[str, object] = {
    "headers": _HEADERS,
    "labels": sorted(_LABELS),
    "type_decks": _TYPE_DECKS,
    "pregame_words": sorted(_PREGAME_WORDS),
    "yaml_keys": _YAML_KEYS,
    "yaml_metadata": sorted(_YAML_METADATA),
    "oracle_decks": sorted(_ORACLE_DECKS),
    "input_formats": list(INPUT_FORMATS),
    "max_copies": MAX_COPIES_ON_A_LINE,
    "trailing_tail": _TRAILING_COUNT_TAIL,
    "brackets_after_count": _BRACKETS_AFTER_COUNT,
    "end_bracket_tail": _END_BRACKET_TAIL,
    "decoration_chars": _DECORATION_CHARS,
    "section_names": SECTION_NAMES,
    "max_deck_bytes": MAX_DECK_BYTES,
    "entities": _ENTITIES,
    "header_count_words": {"tens": HEADER_COUNT_TENS, "units": HEADER_COUNT_UNITS},
    "pasted": PASTED_CHARACTERS,
    "qp_lines_at_least": _QP_LINES_AT_LEAST,
    "cp1252_high": {str(b): ch for b, ch in _CP1252_HIGH.items()},
    "second_deck_paragraphs": [_SECOND_DECK_PARAGRAPHS, _SECOND_DECK_PARAGRAPH_LINES],
    "numbered_steps": list(_NUMBERED_STEPS),
    "aside_headers": sorted(_ASIDE_HEADERS),
}


class DecklistError(CodexError):
    """The deck file cannot be read at all; the message is one sentence for the user."""


@dataclass(frozen=True)
class CardLine:
    line: int
    section: str | None  # None: above every section header
    count: int
    name: str  # the title as written, quotes made plain, without count, experience or set
    experience: str | None
    set_name: str | None
    written: str  # the card part of the line as written, for messages and second guesses
    block: int = 0  # which run of lines between blank lines it is in (plain text): cards around it share a deck
    # "3x: Title A, Title B": a count and a colon before titles (or no count: "Border Keep, Bamboo Harvesters");
    # if the whole names no card, each title between commas gets the count (the checker decides, knowing the cards)
    several: bool = False
    # the line's count is for each title after it, written with a colon ("3x: Title A, Title B"); a count without one
    # is the first title's ("2* Charge, Retreat": one Retreat)
    each: bool = False
    # the line of the sub-header with a count ("Holding (16)") above it, up to the next header (a blank line may
    # end a sub-header's cards once they reach its count: the checker applies that rule, knowing remarks)
    under: int | None = None
    # under a pre-game label ("Stronghold: X") and no deck header: a pre-game card there needs no header to say so
    after_label: bool = False
    # the number a numbered list gives the line ("2. Rout", "12) Rout - 3"), as written; None without one
    item: int | None = None
    # the group number before a dash or colon ("(2) - Personality Control"), as written; None without one
    group: int | None = None
    # "Iron Mine: 3", shaped as a deck builder's figure ("Wins: 3"): a card and its count where the words name a
    # card, else a figure about the deck (the checker decides, knowing the cards)
    figure: bool = False
    # no count written on the line ("Footman's Pike, however, is useful anywhere, ..."), a header's for each aside
    uncounted: bool = False

    def replaced(self, **changes: object) -> CardLine:
        """`dataclasses.replace(self, **changes)` at a fraction of its cost: every line of a list is copied so at
        least once as it is read, and each guess of the checker's copies it again. A CardLine has no __post_init__
        and no slots, so a copy of its fields is the same object `replace` makes; a name that is no field is refused
        as `replace` refuses it."""
        if not changes.keys() <= _CARD_LINE_FIELDS:
            raise TypeError(f"CardLine has no field {sorted(changes.keys() - _CARD_LINE_FIELDS)[0]!r}")
        copy = object.__new__(CardLine)
        copy.__dict__.update(self.__dict__, **changes)
        return copy


_CARD_LINE_FIELDS = frozenset(f.name for f in dataclasses.fields(CardLine))


@dataclass(frozen=True)
class LineIssue:
    line: int
    message: str
    # a line of words that is no card line ("Current decklist is:", "Good vs. Crab; run 3"): its text, which the
    # checker may read as the author's remark (engine/deck/prose.py); None for other issues
    text: str | None = None
    # "Decklist:", "Combos:": a line shaped as a header whose name is no deck, type or label word, nor a misspelling
    # of one; the checker reads it as the author's heading where it changes no deck (above every card, or with
    # only the author's remarks below it), else it stays a problem
    heading: bool = False
    # the closing word of a mail and the signature under it ("Thanks,", "Mark Sullivan", "Tel: ..."): no card line
    signature: bool = False
    # a card line under a header of cards outside the deck ("Sideboard:", "Maybe:"): that header, as written
    aside: str | None = None
    # a web page's picture caption glued to a header ("Fate – (40)Army Like a Tide"): no card line
    caption: bool = False
    # a change to a list posted before ("-1 Tsuruchi Taito, +1 Tsuruchi Kaito"): the author's remark, no card line
    change: bool = False
    # a card line of the list quoted again in a reply ("> 3 Rout", or under "HidaTetsu wrote:"): the line it repeats
    requoted: int | None = None
    # a line shaped as a header ("Kiho:", "Battle Actions (3):"): its name as written ("Kiho", "Battle Actions")
    name: str | None = None


@dataclass(frozen=True)
class Decklist:
    source: str
    cards: tuple[CardLine, ...]
    issues: tuple[LineIssue, ...] = ()
    declared: tuple[tuple[str, int, int], ...] = ()  # (section, count a header states, its line)
    input_format: str = "text"  # which of INPUT_FORMATS it was read as
    legality: tuple[str, int] | None = None  # Sun and Moon's "Legality: <format>" as written, and its line
    headers: int = 0  # header, sub-header and label lines read (a decklist has some; prose has none)
    # the line of a numbered list's first item, where the numbers before the cards were read as the items' numbers
    # ("1. Ambush", "2. Rout": one copy each; `numbered_list`), not as counts
    numbered: int | None = None
    # the lines numbered as groups ("(1) - Direct Dishonor", "(2) - Personality Control"), where their numbers run
    # 1, 2, 3 ... (`numbered_groups`): one that names no card is the author's heading
    groups: tuple[int, ...] = ()
    # the lines shaped as a group's heading with its count ("Kiho (3)", "Battle Actions - 10", "Kiho (3):") where the
    # counts of the card lines under it add up to it (`counted_headings`): one that names no card is the author's
    # heading: (line, count)
    headings: tuple[tuple[int, int], ...] = ()
    # sub-headers with a count ("Holdings (14)", "# Follower - (12)"): (label as written, count it states,
    # card copies listed under it up to the next header, its line)
    subtotals: tuple[tuple[str, int, int, int], ...] = ()
    title_line: int | None = None  # a first line above every header without a count: maybe the deck's name
    # the lines above the first header (or stronghold label) when every card line there has no count: the page's
    # words above the list ("The theoretical Seven Swords Deck", "By Nick Zube"), each a card only if it names one
    above_list: tuple[int, ...] = ()
    # a line only a deck of the other game has (`_OTHER_GAME`), as written, and its line: the first one
    other_game: tuple[str, int] | None = None
    # where a second deck in the same text starts (`_TextReader._second_deck_at`): the deck read ends above it
    second_deck: int | None = None

    def section(self, section: str) -> tuple[CardLine, ...]:
        return tuple(c for c in self.cards if c.section == section)


def read_decklist(path: str | Path, input_format: str | None = None) -> Decklist:
    """Read a deck file; `-` reads standard input. The syntax is detected unless `input_format` names it."""
    return parse_decklist(read_deck_text(path), str(path), input_format)


def read_deck_text(path: str | Path) -> str:
    """A deck file's text (`-`: standard input), refused with a DecklistError when too large or undecodable."""
    path = str(path)
    if path != "-":
        try:
            return read_text(path, MAX_DECK_BYTES, bom=True)
        except UnreadableFile as exc:
            raise DecklistError(f"{_deck(path)} {exc.reason}") from None
    import sys

    raw = sys.stdin.buffer.read(MAX_DECK_BYTES + 1)
    if len(raw) > MAX_DECK_BYTES:
        raise DecklistError(f"{_deck(path)} {too_large(MAX_DECK_BYTES)}")
    try:
        return decode(raw, bom=True)
    except UnreadableFile as exc:
        raise DecklistError(f"{_deck(path)} {exc.reason}") from None


def as_pasted(text: str) -> str:
    """A quoted-printable mail's body decoded, then the text with PASTED_CHARACTERS made what they stand for."""
    text = quoted_printable_decoded(text) if "=" in text else text
    return text if text.isascii() else text.translate(_PASTED)


def quoted_printable_decoded(text: str) -> str:
    """A quoted-printable mail's body decoded (`_QP_HEADER`), its lines kept where they were; other text as it is."""
    lines = _lines(text)
    if not any(_QP_HEADER.match(line) for line in lines) and (
        sum(bool(_QP_LINE_END.search(line)) for line in lines) < _QP_LINES_AT_LEAST
        or any(_QP_STRAY.search(line) for line in lines)
    ):
        return text
    out: list[str] = []
    carried = None  # the line a soft break cut, which the next line carries on
    for line in lines:
        if carried is None:
            out.append(line)
            at = len(out) - 1
        else:
            out[carried] += line
            out.append("")
            at = carried
        soft = _QP_SOFT_BREAK.search(out[at])
        out[at], carried = (out[at][: soft.start()], at) if soft else (out[at], None)
    return "\n".join(_QP_ESCAPES.sub(lambda m: _qp_bytes(m.group(0)), line) for line in out)


def _qp_bytes(escapes: str) -> str:
    """A run of quoted-printable escapes as UTF-8, else as Windows-1252 (`_CP1252_HIGH`; each other byte is Latin-1's)."""
    raw = bytes.fromhex(escapes.replace("=", ""))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return "".join(_CP1252_HIGH.get(b, chr(b)) for b in raw)


def parse_decklist(text: str, source: str = "<deck>", input_format: str | None = None) -> Decklist:
    """Read a decklist in any syntax players export; `input_format` (one of INPUT_FORMATS) skips detection."""
    text = as_pasted(text)
    chosen = input_format or detect_input_format(text, source)
    if chosen not in INPUT_FORMATS:
        raise DecklistError(say("file.input-format", input_format=chosen, choices=", ".join(INPUT_FORMATS)))
    return _READERS[chosen](text, source)


def detect_input_format(text: str, source: str = "<deck>") -> str:
    """Which syntax a decklist is in; the first rule that fits wins (docs/deck-check.md lists them)."""
    lines = _lines(text)
    first = next((line for line in lines if line.strip()), "")
    # (a list written by hand under "Legality: Ivory Extended" is read as one, its line kept as Sun and Moon's is)
    if _LEGALITY.match(first) and not _written_by_hand(lines):
        return "sunandmoon"
    if any(_TAB_LINE.match(line) for line in lines) and not _written_by_hand(lines):
        return "oracle-tab"
    if any(_ORACLE_HEADER.match(line.strip()) for line in lines):
        return "oracle"
    if any("{art:" in line.lower() for line in lines) or any(
        (m := _YASUKI_KEY.match(line.strip())) and m.group("count") for line in lines
    ):
        return "yasuki"
    if source.lower().endswith((".yml", ".yaml")):
        return "yaml"
    return "text"


def _written_by_hand(lines: list[str]) -> bool:
    """Whether a list with "3<TAB>Title" lines also has a header or label as players write them by hand
    ("Dynasty:", "Holdings (14)", "Stronghold: Kaiu Shiro"): a list typed or pasted from a table, read as text.
    Oracle of the Void's tab export has only its own "# Dynasty - (40)" headers; read as one, such a list lost
    every header (each became an unknown card) and every card went to no deck."""
    for line in lines:
        stripped = plain(line)
        if not stripped or _TAB_LINE.match(line) or _ORACLE_HEADER.match(stripped):
            continue
        if read_header(stripped) or _PREGAME_LABEL.match(stripped):
            return True
    return False


def _deck(source: str) -> str:
    """How an error names the decklist: by its file (the page, with one pasted decklist, says "the decklist")."""
    return say("file.deck", source=source)


def _lines(text: str) -> list[str]:
    return re.split(r"\r\n|\r|\n", text)  # line numbers as an editor counts them


def read_header(line: str) -> tuple[str, str | None, int | None] | None:
    """A header line as players write it: (kind, section or None for a sub-header, count or None); None when
    the line is no header. `kind` is "section" or "label"."""
    header = _read_header(line)
    return header[:3] if header else None


def _in_header_tables(name: str) -> bool:
    return name in _HEADERS or name in _LABELS or name in _ASIDE_HEADERS


def _as_tabled(name: str) -> str:
    """A header's name (lower case) as the tables of headers, sub-headers and asides hold it: as written, or, a word
    not there, without its accents ("Evènements": each word of the tables is there without them too)."""
    return name if name.isascii() or _in_header_tables(name) else _unaccented(name)


def _header_word(name: str) -> bool:
    """Whether `name` is a word of the tables of headers, sub-headers or asides, as written or without accents."""
    return _in_header_tables(_as_tabled(_HEADER_NAME_TAIL.sub("", name.lower().strip())))


def _read_header(line: str) -> tuple[str, str | None, int | None, str] | None:
    """read_header, and the header's name (lower case, without "deck")."""
    colon = ":" in line  # (`_COUNT_LABEL` and `_HEADER` end in one; `_COUNT_FIRST_HEADER` starts with a digit)
    if colon and _COUNT_LABEL.match(
        plain(line)
    ):  # "Rings (1 each):": the count of each title under it, no sub-header's
        return None
    if line[:1].isdigit() and (first := _COUNT_FIRST_HEADER.match(line)):  # "40 Dynasty cards": as "Dynasty (40)"
        line = f"{first['name']} ({first['count']})"
    elif (marked := _COUNT_MARKED_HEADER.match(line)) and _header_word(name := marked["name"] or marked["head"]):
        line = f"{name} ({marked['count'] or marked['lead']})"  # "Followers x8", "FOLLOWERS / 8": as "Followers (8)"
    match = (_HEADER.match(line) if colon else None) or _LOOSE_HEADER.match(line)
    if not match:
        return None
    name = _HEADER_NAME_TAIL.sub("", plain(match.group("name")).lower().strip(" -'"))
    # "Dynasty cards:", "PRE GAME CARDS": the deck's cards. (The pool's "Fate Cards" is a rules insert no deck holds:
    # alone on a line it is the header; with a count, "3 Fate Cards", a card line, and with the decks' totals after
    # it, "Fate Cards (40/40)", the card as a stronghold's line with them reads.)
    stated = match.group("count") or match.group("bare") or (match.re is _LOOSE_HEADER and match.group("words"))
    if match.re is _HEADER or not stated:
        name = _CARDS_TAIL.sub("", name)
    name = _as_tabled(name)
    count = match.group("count") or match.group("bare")
    number = _number(count) if count else None
    if match.re is _LOOSE_HEADER and match.group("words"):
        number = count_in_words(match.group("words"))
    if name in _HEADERS:
        return "section", _HEADERS[name], number, name
    if name in _LABELS:
        return "label", None, number, name
    if name in _ASIDE_HEADERS:
        return "aside", None, number, name
    name = name.rstrip(".")  # "Dyn. (40)": a word cut short
    if (
        name not in _HEADERS
        and " - " in name
        and name.rsplit(" - ", 1)[1] in _HEADERS
        and (number is not None or match.re is _HEADER)  # ("Border Keep - Pre-game": a card, its deck after it)
    ):
        name = name.rsplit(" - ", 1)[1]  # "Heavy Infantry Dojo Rush - Dynasty (40)": the deck's name before its header
    if name in _HEADERS:
        return "section", _HEADERS[name], number, name
    kinds = _LABEL_JOIN.split(name)
    if len(kinds) > 1 and all(kind in _HEADERS for kind in kinds) and len({_HEADERS[k] for k in kinds}) == 1:
        return "section", _HEADERS[kinds[0]], number, kinds[0]  # "Dinastía / Dynasty (40)": a deck in two languages
    if len(kinds) > 1 and all(kind in _LABELS for kind in kinds):
        # the joined kinds' deck, when they share one, as one kind's sub-header gives it ("Items & Followers")
        decks = {_TYPE_DECKS.get(kind) for kind in kinds}
        return "label", None, number, kinds[0] if len(decks) == 1 else name
    return None


def count_in_words(words: str) -> int:
    """ "forty" -> 40, "Forty-Five" -> 45, "twelve" -> 12: a header's count in words (`_COUNT_IN_WORDS`)."""
    parts = re.split(r"[- ]", words.lower())
    return HEADER_COUNT_TENS.get(parts[0], 0) + sum(HEADER_COUNT_UNITS.get(p, 0) for p in parts)


def edit_distance(a: str, b: str) -> int:
    """Edits from a to b: insert, delete, replace, or swap two neighbours ("Barely" -> "Barley" is one). The one
    measure of a near miss, for titles (the deck checker) and header words alike."""
    if a == b:
        return 0
    prev2, prev = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if prev2 is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return prev[-1]


def within_edits(a: str, b: str, limit: int) -> bool:
    """`edit_distance(a, b) <= limit`, measured only near the diagonal: a cell more than `limit` off it is more than
    `limit` edits, as is a pair of lengths that far apart, and the measure stops at the first row past the limit.
    A title glued to itself or a header's word is compared so with a few others, at a fraction of the whole table."""
    if abs(len(a) - len(b)) > limit:
        return False
    if a == b:
        return True
    over = limit + 1
    prev2: list[int] = []
    prev = [min(j, over) for j in range(len(b) + 1)]
    for i in range(1, len(a) + 1):
        low, high = max(1, i - limit), min(len(b), i + limit)
        row = [over] * (len(b) + 1)
        row[0] = min(i, over)
        for j in range(low, high + 1):
            cell = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cell = min(cell, prev2[j - 2] + 1)
            row[j] = min(cell, over)
        if min(row[low - 1 : high + 1]) > limit:
            return False
        prev2, prev = prev, row
    return prev[-1] <= limit


def near_header_word(name: str) -> bool:
    """Whether a header-shaped line's name is a deck, type or label word or close to one ("Dynasy", "Holdngs"):
    a misspelt header, which stays a problem, where any other name ("Decklist", "Combos") is the author's own."""
    squashed = re.sub(r"[\s'-]+", "", name.lower())
    squashed = squashed[:-4] if squashed.endswith("deck") and len(squashed) > 4 else squashed
    by_length = _SQUASHED_HEADER_WORDS
    return any(
        within_edits(squashed, known, limit)
        for length in range(len(squashed) - 2, len(squashed) + 3)
        for known, limit in by_length.get(length, ())
    )


def _squashed_header_words() -> dict[int, tuple[tuple[str, int], ...]]:
    """Each deck, type and label word without its spaces, apostrophes and hyphens, and the edits a misspelling of it may
    make (two for a word of six letters or more, else one), by its length (no word more than two letters longer or
    shorter is within two edits)."""
    by_length: dict[int, list[tuple[str, int]]] = {}
    for known in sorted({re.sub(r"[\s'-]+", "", word) for word in (*_HEADERS, *_LABELS)}):
        by_length.setdefault(len(known), []).append((known, 2 if len(known) >= 6 else 1))
    return {length: tuple(words) for length, words in by_length.items()}


_SQUASHED_HEADER_WORDS = _squashed_header_words()  # (the tables are complete once the module is read)


def parse_text(text: str, source: str = "<deck>") -> Decklist:
    """A decklist written by hand (or pasted from a post): each line is a blank, a header, a deck total, a rule,
    a byline, a comment, metadata, or a card line (`_TextReader` has one step for each)."""
    deck = _read_text(text, source, numbered=False)
    if groups := numbered_groups(deck.cards):
        deck = dataclasses.replace(deck, groups=groups)
    first_item = numbered_list(deck.cards)
    if first_item is None:
        return deck
    # "1. Ambush", "2. Rout": the numbers of a numbered list, read again as such (rare: the list is read twice);
    # where every item's line gives its own count ("1) 2x Ambush"), the reading is the same, and nothing is said
    again = _read_text(text, source, numbered=True)
    if [(c.line, c.count) for c in again.cards] == [(c.line, c.count) for c in deck.cards]:
        return deck
    return dataclasses.replace(again, numbered=first_item, groups=groups)


def _read_text(text: str, source: str, numbered: bool) -> Decklist:
    reader = _TextReader(numbered)
    for number, raw in enumerate(unwrapped(without_editor_numbers(_lines(text))), start=1):
        reader.line(number, raw)
    return reader.decklist(source)


def without_editor_numbers(lines: list[str]) -> list[str]:
    """The lines without a text editor's or a paste site's line numbers (`_EDITOR_NUMBER`), where every line but
    blank ones at the end has one and they run 1 by 1 (three lines or more); else the lines as they are."""
    last = len(lines)
    while last and not lines[last - 1].strip():
        last -= 1
    numbers = [m for line in lines[:last] if (m := _EDITOR_NUMBER.match(line))]
    if last < 3 or len(numbers) < last or any(int(m["n"]) != int(numbers[0]["n"]) + i for i, m in enumerate(numbers)):
        return lines
    return [line[m.end() :] for line, m in zip(lines, numbers)] + lines[last:]


def _header_remarked(line: str) -> str | None:
    """The header of a line that is a header with its count, then the author's remark after a mark
    (`_HEADER_THEN_REMARK`), else None. After a deck's header any such mark; after a sub-header (`Holdings (18)`) a
    mark a card never follows (`//`, an arrow, two dashes or more), as a dash may lead its first card ("Personalities
    (1) - Hida Kisada"); never after a pre-game header, whose card a dash leads ("Stronghold (1) - Kyuden Hida"). A
    remark that starts with a count is the first card, unless each of its parts counts a kind ("Fate (40) - 18
    strategies, 12 followers")."""
    remarked = _HEADER_THEN_REMARK.match(line)
    header = _read_header(remarked["head"]) if remarked else None
    if remarked is None or header is None or header[2] is None or summary_line(line) is not None:
        return None  # ("Fate (4) - Strategies 3 / Rings 1": a summary above the list, `summary_line`)
    if remarked["remark"][:1].isdigit():  # a count: the first card ("Fate (40) - 3 Rout"), unless it counts kinds
        parts = [part for part in _KINDS_COUNTED_APART.split(remarked["remark"]) if part]
        if not all(_read_header(part) for part in parts):
            return None
    kind, section = header[0], header[1]
    deck = kind == "section" and section in (DYNASTY, FATE)
    return remarked["head"] if deck or (kind == "label" and remarked["mark"] not in "-—–") else None


def _headed_card(line: str) -> bool:
    """Whether the line is a header with the first of its cards ("Fate (40): 2 Spiked Tetsubo, 3 Echoes of Disgrace"):
    the next deck's list, never the last one's carried on."""
    labelled = _LABELLED_CARD.match(_BULLET.sub("", plain(line)))
    return labelled is not None and _read_header(labelled["head"]) is not None


def unwrapped(lines: list[str]) -> list[str]:
    """The lines with each title broken at a hyphen joined again on its first line ("Tak-" and "euchi" are "Takeuchi";
    "Kaiu-" and "Built Defenses" are "Kaiu-Built Defenses": a capital after the break keeps the hyphen), the line
    of its rest left blank so the lines keep their numbers."""
    out, head, joined = list(lines), 0, False  # head: the line the text being joined starts on
    for at in range(len(out) - 1):
        head = head if joined else at  # (a line joined to the one before it is blank now: its head carries on)
        joined = False
        line, rest = out[head].rstrip(), out[at + 1].strip()
        if not rest or _read_header(plain(rest)) is not None or _headed_card(rest):
            continue
        listed = _COUNTED_LIST.search(line) or _COUNT.match(line.strip())  # a list, or a card line with its count
        cut, letter = listed and _LIST_CUT.search(line), _WRAP_REST.match(rest) and not _COUNT.match(rest)
        opens = not _COUNT.match(rest)  # a title's part, whatever starts it: "(Imperial), 3 ...", "& Steel, 3 ..."
        if letter and _WRAPPED.search(line):
            out[head], out[at + 1], joined = (line[:-1] if rest[0].islower() else line) + rest, "", True
        elif (cut and (opens or not cut["count"])) or (
            opens
            and _COUNTED_LIST.search(line)
            and (_COUNTED_LIST.search(rest) or _LIST_CUT.search(rest))
            and not _LIST_ENDS_COUNTED.search(line)
        ):
            out[head], out[at + 1], joined = f"{line} {rest}", "", True  # the line after may carry it on too
    return out


def numbered_groups(cards: Sequence[CardLine]) -> tuple[int, ...]:
    """The lines of the groups a post numbers ("(1) - Direct Dishonor", "(2) - Personality Control"), where there are
    two or more and their numbers run 1, 2, 3 ...; else ()."""
    groups = [card for card in cards if card.group is not None]
    if len(groups) < 2 or [card.group for card in groups] != list(range(1, len(groups) + 1)):
        return ()
    return tuple(card.line for card in groups)


def counted_headings(
    cards: Sequence[CardLine], shaped: dict[int, tuple[int, int, str | None]]
) -> tuple[tuple[int, int], ...]:
    """The lines shaped as a group's heading with its count (`_HEADING_SHAPED`, a figure's "Kiho: 3", a header's
    "Kiho (3):"; `shaped`: line -> (count, block, section)) where the card lines right under it, within its run of
    lines, its section and before the next line so shaped, reach its count exactly, one line or more (a group need not
    end at a blank line: "Battle (4)", two lines of 2, then the deck's other cards): (line, count) each, in line
    order. A list written "Rout (3)" throughout has every line so shaped, and no heading is read in it."""
    lines, marks = [card.line for card in cards], sorted(shaped)
    found = []
    for at, line in enumerate(marks):
        count, block, section = shaped[line]
        end = marks[at + 1] if at + 1 < len(marks) else None
        total = 0
        for card in cards[bisect.bisect_right(lines, line) :]:
            if card.block != block or card.section != section or (end and card.line >= end):
                break
            total += card.count
            if total >= count:
                break
        if total == count:
            found.append((line, count))
    return tuple(found)


def numbered_list(cards: Sequence[CardLine]) -> int | None:
    """The line of the first item, where the numbers before the card lines ("1. Ambush", "2) Rout") run as a numbered
    list's: the first is 1, they reach 2, and of the steps from one item to the next at least `_NUMBERED_STEPS` (three
    in four) are to 1 or to the number after. A list numbered by hand slips (a number skipped or written twice, a line
    of several items, "19. Ring of Earth 20. Ring of Water"), and a list of counts runs so by chance only. Else None:
    the numbers are the lines' counts ("3. Ambush", "2. Rout", as "3 Ambush"). A list numbered "1." throughout reads
    the same either way."""
    items = [card for card in cards if card.item is not None]
    numbers = [card.item for card in cards if card.item is not None]
    if not numbers or numbers[0] != 1 or 2 not in numbers:
        return None
    steps = [after in (1, before + 1) for before, after in zip(numbers, numbers[1:])]
    run, of = _NUMBERED_STEPS
    return None if sum(steps) * of < run * len(steps) else items[0].line


class _TextReader:
    """parse_text's state while it reads the lines in order; `numbered`: a number before a card line ("2. Rout") is
    a numbered list's, not the line's count."""

    def __init__(self, numbered: bool = False) -> None:
        self.numbered = numbered
        self.cards: list[CardLine] = []
        self.issues: list[LineIssue] = []
        self.declared: list[tuple[str, int, int]] = []
        self.subtotals: list[tuple[str, int, int, int]] = []
        self.section: str | None = None
        self.headers = 0
        self.title_line: int | None = None
        self.open_label: list | None = None  # [label, count, listed so far, line] of the sub-header lines sit under
        # the lines shaped as a group's heading with its count: line -> (count, block, section) (`counted_headings`)
        self.heading_shaped: dict[int, tuple[int, int, str | None]] = {}
        self.label_line: int | None = None  # the line of the sub-header with a count above, blank lines aside
        self.seen_content = False
        self.block = 0
        # Whether a deck header ("Dynasty:", "Fate deck (40 cards)", "Pre-Game") set the section: a type
        # sub-header ("Followers") then belongs to it; else (no header yet, or a "Stronghold: ..." label, or a type
        # sub-header set it) the type names the deck its lines go in.
        self.stated = False
        self.after_label = False  # a pre-game label read, and no deck header since (`CardLine.after_label`)
        self.read_before: dict[str, CardLine | LineIssue] = {}
        self.columns: tuple[str, int, int] | None = None  # a table's columns, from its first row (table_columns)
        self.signature = False  # under a mail's closing word ("Thanks,"): its author's signature
        # a list laid out in two columns: [the left column's section, the right one's, where the right one starts]
        self.two_columns: list | None = None
        self.in_cell = False  # reading one column's part of a line
        self.aside: str | None = None  # under a header of cards outside the deck ("Sideboard:"): its words
        self.each: int | None = None  # under "3 each:": the count of each title under it that gives none
        self.label_alone = False  # the line before was a pre-game label alone ("Sensei"): "None" under it is no card
        self.figure = False  # the line is shaped as a deck builder's figure (`CardLine.figure`)
        self.legality: tuple[str, int] | None = None  # "Legality: Modern" above the list, as Sun and Moon writes it
        self.other_game: tuple[str, int] | None = None  # a line only the other game's decks have (`_OTHER_GAME`)
        self.second_deck: int | None = None  # where a second deck starts (`_second_deck_at`): the rest is not read
        self.maybe_second: int | None = None  # where one starts if a header of its cards follows
        self.decks_read: set[str | None] = set()  # the sections cards were read in
        self.deck_opened = False  # a stronghold's label or a pre-game header read (`_opens_a_deck`)
        self.above_list: tuple[int, ...] | None = None  # (`_words_above`: decided at the first header)
        self.lines_read: list[int] = []  # the lines that are not blank
        self.first_dynasty: int | None = None  # the first deck's Dynasty header
        # A reply's quote: after its attribution line ("HidaTetsu wrote:", "Originally Posted by X", "Quote:") up to a
        # blank line, or a line with quote marks ("> 3 Rout"). A card line quoted so that repeats one read before
        # outside a quote (the same count and card) is the list quoted again, counted once; a list quoted alone
        # (a mail's reply under its original) is read as written.
        self.quoting = False
        self.line_quoted = False
        self.cards_read: dict[str, int] = {}  # each card line read outside a quote (`_card_said`) -> its line

    def decklist(self, source: str) -> Decklist:
        self._close_label()
        return Decklist(
            source,
            tuple(self.cards),
            tuple(self.issues),
            tuple(self.declared),
            headers=self.headers,
            subtotals=tuple(self.subtotals),
            title_line=self.title_line,
            above_list=self.above_list or (),
            legality=self.legality,
            other_game=self.other_game,
            second_deck=self.second_deck,
            headings=counted_headings(self.cards, self.heading_shaped),
        )

    def line(self, number: int, raw: str) -> None:
        if self.second_deck is not None:
            return
        self._note_line(number, raw)
        if not self.in_cell and self._in_two_columns(number, raw):
            return
        raw = _without_set_prefix(unescaped(raw))
        if "<" in raw:  # a deck tool's XML export
            tool_line = deck_tool_line(raw)
            if tool_line is None:
                return
            raw = tool_line
        if not raw.isascii() or ":" in raw:
            raw = _CHECK_MARKS.sub(lambda m: f" x{len(m['marks'])}", raw)  # "Famous Bazaar ✓✓✓": a copy a mark
            raw = _EMOJI.sub("", raw)
        raw = unexclaimed(raw)
        if "~~" in raw or "[" in raw or "<" in raw:  # "~~3 Counting House~~ 2 Counting House", "- [x] 3 Rout"
            kept = _CHECKBOX.sub("", _STRUCK.sub("", raw), count=1)
            if kept != raw and not kept.strip():
                return  # a line struck out whole: its author cut it
            raw = kept
        if ":" in raw and (wrote := _WROTE.match(raw)):  # "HidaTetsu wrote:", "HidaTetsu wrote:3 Rout"
            self.quoting = True
            if not raw[wrote.end() :].strip():
                self.headers += 1
                return
            raw = raw[wrote.end() :]
        if (bare := without_markup(raw)) is None:
            return  # "[list]", "<ul>": markup alone
        raw = _ITALIC.sub(_italic_text, bare) if "*" in bare else bare
        quoted = raw.lstrip().startswith(">")
        self.line_quoted = quoted or self.quoting
        if quoted:
            raw = _QUOTE_MARKS.sub("", raw, count=1)
        if (unmarked := without_line_marks(raw)) is None:
            return
        raw = unmarked
        if self.columns is not None and _METADATA_LINE.match(raw.strip()):
            self.headers += 1  # "TOTAL<TAB><TAB>33": the table's row of the whole deck's total
            return
        if self.columns is not None and (row := table_row(raw, self.columns)) is not None:
            raw = row  # "1<TAB>Mountain Summit Temple<TAB>Stronghold<TAB><TAB>": by the columns the first row names
        elif (
            ("|" in raw or raw.count("\t") >= 2)
            and _read_header(plain(raw)) is None  # "Followers | 8": a header, its count after a bar
            and (row := headerless_row(raw, "|" if "|" in raw else "\t")) is not None
        ):
            raw = row  # "| 3 | Rout | Strategy |": a table's row with no row of column names above it
        stripped = plain(raw)
        if self._signed(number, stripped, quoted) or _GREETING.match(stripped):
            return
        if _TABLE_HEAD.match(stripped):  # a table's row of column names
            self.columns = table_columns(raw) or self.columns
            return
        if not stripped:
            self._blank()
        elif not (
            self._header(number, stripped)
            or ((inner := undecorated(stripped)) is not None and self._header(number, inner))
            or (
                (over := _HEAD_OVER_COLUMN.match(raw.strip())) is not None and self._header(number, plain(over["head"]))
            )
            or ((head := _header_remarked(stripped)) is not None and self._header(number, head))
            or self._captioned_header(number, stripped)
            or self._deck_total(number, stripped)
            or (stripped[:1] in _RULE_STARTS and _RULE_LINE.match(stripped))
            or ("---" in stripped and _TABLE_RULE.match(stripped))
            or self._byline(stripped)
        ):
            self._content(number, raw)

    def _in_two_columns(self, number: int, raw: str) -> bool:
        """Whether the line was read as two columns' parts (`column_parts`): a deck header at the head of each
        column ("DYNASTY (40)      FATE (40)") starts a list laid out so, each column then read in its own deck; two
        pre-game labels side by side ("Stronghold: X      Sensei: Y") are read one after the other."""
        parts = column_parts(raw)
        if self.two_columns is None:
            if len(parts) != 2:
                return False
            headers = [_read_header(plain(text)) for _, text in parts]
            if all(h is not None and h[0] == "section" and h[1] is not None for h in headers):
                self.two_columns = [None, None, parts[1][0]]
                for column, (_, text) in enumerate(parts):
                    self._in_column(number, text, column)
                return True
            if all(_PREGAME_LABEL.match(_BULLET.sub("", plain(text))) for _, text in parts):
                for _, text in parts:
                    self._in_column(number, text, None)
                return True
            return False
        if not parts:
            return False
        if len(parts) > 2:
            self.two_columns = None  # no longer two columns: read as any line is
            return False
        for at, text in parts:
            self._in_column(number, text, 1 if at >= self.two_columns[2] - 2 else 0)
        return True

    def _in_column(self, number: int, text: str, column: int | None) -> None:
        """One column's part of a line, read as a line in that column's deck (its header sets it)."""
        if column is not None and self.two_columns is not None:
            self.section = self.two_columns[column]
        self.in_cell = True
        try:
            self.line(number, text)
        finally:
            self.in_cell = False
        if column is not None and self.two_columns is not None:
            self.two_columns[column] = self.section

    def _signed(self, number: int, stripped: str, quoted: bool) -> bool:
        """Whether the line is a mail's closing word or the signature under it (kept as no card line, said by the
        checker); a header, a rule, a quoted line or a line with a count ends the signature."""
        if self.signature and stripped:
            ends = (
                _read_header(stripped) is not None
                or (stripped[:1] in _RULE_STARTS and _RULE_LINE.match(stripped))
                or quoted
                or _COUNT.match(stripped)
                or _METADATA_LINE.match(stripped)
            )
            self.signature = not ends
        elif not self.signature and _VALEDICTION.match(stripped):
            self.signature = True
        if self.signature and stripped:
            self.issues.append(LineIssue(number, say("line.signature", line=stripped), stripped, signature=True))
        return self.signature

    def _close_label(self) -> None:
        if self.open_label is not None:
            label, count, listed, line = self.open_label
            self.subtotals.append((label, count, listed, line))
        self.open_label = None

    def _blank(self) -> None:
        self.block += 1
        self.each = None
        self.quoting = False
        # "Event - (2)", its two cards, a blank line: done. Not before its cards reach its count: a posted list
        # splits one type's cards into runs by blank lines ("# Personality (21)", then a card and the author's
        # remark, a blank line, the next card...), and its count is for them all.
        if self.open_label is not None and self.open_label[2] >= self.open_label[1]:
            self._close_label()

    def _captioned_header(self, number: int, stripped: str) -> bool:
        """ "Fate – (40)Army Like a Tide": a header with its count, then a web page's picture caption glued to it
        (the page shows a card's image there): the header; the caption is no card line (a `caption` issue, said in a
        warning)."""
        glued = _CAPTIONED_HEADER.match(stripped) if ")" in stripped else None
        if glued is None or not self._header(number, glued["header"].rstrip()):
            return False
        caption = glued["caption"].strip()
        self.issues.append(LineIssue(number, say("line.caption", line=caption), caption, caption=True))
        return True

    def _header(self, number: int, stripped: str) -> bool:
        header = (
            _read_header(stripped)
            if stripped.startswith("#")
            or not stripped[:1].isdigit()
            or _COUNT_FIRST_HEADER.match(stripped)
            or (stripped.endswith(":") and _COUNT_MARKED_HEADER.match(stripped))  # "8 Followers:"
            else None
        )
        if not header:
            return False
        kind, to, count, name = header
        opening = self._deck_opening(kind, to, name)
        if kind in ("section", "label"):
            self._words_above()
        if opening and kind == "section" and to == PREGAME:
            self._name_above(number)
        if opening and self._second_deck_at(number, to):
            return True
        if kind == "section" and to == DYNASTY and self.first_dynasty is None:
            self.first_dynasty = number
        self.headers += 1
        self._close_label()
        self.each = None
        self.label_alone = kind == "section" and to == PREGAME and name not in _PREGAME_WORDS and count is None
        self.aside = plain(stripped.lstrip("#")).rstrip(" :") if kind == "aside" else None
        if self.aside is not None:  # its count, if any, is of cards outside the deck: no deck's, no sub-header's
            self.label_line = None
            self.seen_content = True
            return True
        if kind == "section" and to == PREGAME and name not in _PREGAME_WORDS:
            # "# Stronghold (1)", "Senseis (1)": a kind of pre-game card; its count covers its own lines
            if self.section != PREGAME:
                self.section, self.stated = PREGAME, False
            if count is not None:
                self.open_label = [stripped.lstrip("# ").strip(), count, 0, number]
        elif kind == "section" and to is not None:
            self.section, self.stated = to, True
            if count is not None:
                self.declared.append((to, count, number))
        else:
            if name in _TYPE_DECKS and not self.stated:
                self.section = _TYPE_DECKS[name]
            if count is not None:
                self.open_label = [stripped.lstrip("# ").strip(), count, 0, number]
        self.label_line = None if self.open_label is None else number
        self.seen_content = True
        return True

    def _deck_opening(self, kind: str, to: str | None, name: str) -> bool:
        """Whether a header may open a deck (`_second_deck_at`): a Dynasty header, a pre-game or stronghold header;
        and below a second stronghold, the first header of its deck's cards (a deck's or a type's)."""
        if kind == "section" and (
            to == DYNASTY or name in _PREGAME_WORDS or (to == PREGAME and _STRONGHOLD_LABEL.match(name))
        ):
            return True
        return self.maybe_second is not None and (to in (DYNASTY, FATE) or name in _TYPE_DECKS)

    def _name_above(self, number: int) -> None:
        """ "MY DECK - Crane Honor" right above the first deck's stronghold (its label or a pre-game header), under the
        post's own words: the deck's name, as a first line is (`title_line`: the checker reads it as a card if it names
        one), when every card line read so far, it last, is in no section and has no count (the words above are
        prose), and it leads into nothing ("Current decklist is:" is the author's remark)."""
        if self.cards and self.cards[-1].line == number - 1 and not self.cards[-1].written.endswith(":"):
            if all(card.section is None and card.uncounted for card in self.cards):
                self.title_line = number - 1

    def _words_above(self) -> None:
        """At the first header or stronghold label: the card lines read so far are the page's words above the list
        (`Decklist.above_list`) when each writes no count ("Click on the Mantis Mon / for more Yoritomo's Alliance
        webpages!", "The theoretical Seven Swords Deck", "By Nick Zube"); the checker reads each that names no card
        as such, with a warning."""
        if self.above_list is None:
            above = all(card.section is None and card.uncounted for card in self.cards)
            self.above_list = tuple(card.line for card in self.cards) if above else ()

    def _note_line(self, number: int, raw: str) -> None:
        """The lines read that are not blank (`_second_deck_start`)."""
        if raw.strip() and (not self.lines_read or self.lines_read[-1] != number):  # (two columns: cell by cell)
            self.lines_read.append(number)

    def _second_deck_at(self, number: int, to: str | None) -> bool:
        """Whether a Dynasty header (`to`), or a stronghold's label or a pre-game header, starts a second deck at this
        line: cards were read in both decks above it and, before a pre-game line, one opened the first deck too; a
        Dynasty header opens one only below lines of the second deck's own (its name, its stronghold: see below), a
        stronghold's label or a pre-game header only when a header of its deck's cards follows (else it is a second
        stronghold in one deck, which the pre-game rules judge)
        ("MY DECK - Crane Honor" and its list, then "HIS DECK - Mantis Money", "Stronghold: ..."). The second deck
        starts above the line, at its paragraph's first line, when the lines above it name no card with a count and
        are no header (its name, its stronghold, its author); so does each paragraph before it so written, of two
        lines at most, four at most (`_SECOND_DECK_PARAGRAPHS`: "The theoretical Seven Swords Deck", "By Nick Zube", a
        blank line). Those lines and the rest of the text are no part of the deck read."""
        opens = to == PREGAME
        if self.maybe_second is not None and not opens:  # a header of the second deck's own cards: it is one
            start = self.maybe_second
        else:
            first_deck = {DYNASTY, FATE} <= self.decks_read and (self.deck_opened or not opens)
            self.deck_opened = self.deck_opened or opens
            if not first_deck:
                return False
            start = self._second_deck_start(number, to)
            if to == DYNASTY and start == number:  # "Dynasty:" right under the Fate cards: more of the deck's cards
                return False
            if opens:  # a second deck only if a header of its own cards follows (else two strongholds in one deck)
                self.maybe_second = start if self.maybe_second is None else self.maybe_second
                return False
        self.cards = [c for c in self.cards if c.line < start]
        self.issues = [i for i in self.issues if i.line < start]
        if self.title_line is not None and self.title_line >= start:
            self.title_line = None
        self.second_deck = start
        return True

    def _second_deck_start(self, number: int, to: str | None) -> int:
        """Where the second deck that a header or label at `number` opens starts (`_second_deck_at`)."""
        # a line that may be a name or a byline
        loose = {card.line for card in self.cards if card.uncounted} | {issue.line for issue in self.issues}
        cards_at = {card.line for card in self.cards}
        # opened by a Dynasty header, as the first deck was: as many lines with a count above it as the first deck had
        # above its own are the second deck's pre-game cards ("1 The Golden Plains of the Unicorn")
        first = self.first_dynasty or 0
        opening = sum(1 for line in cards_at - loose if line < first) if to == DYNASTY else 0
        paragraphs: list[list[int]] = []
        for line in (line for line in self.lines_read if line < number):
            if paragraphs and line == paragraphs[-1][-1] + 1:
                paragraphs[-1].append(line)
            else:
                paragraphs.append([line])
        start = number
        if paragraphs and paragraphs[-1][-1] == number - 1:  # the header's own paragraph: its lines above it
            if to == DYNASTY:  # "A Simple Yari", "Dynasty:": a Dynasty header under a card, no blank line between
                return start
            for line in reversed(paragraphs.pop()):
                if line not in loose and not (line in cards_at and opening > 0):
                    return start
                opening -= line not in loose
                start = line
        for paragraph in reversed(paragraphs[-_SECOND_DECK_PARAGRAPHS:]):
            counted = [line for line in paragraph if line not in loose]
            if len(paragraph) > _SECOND_DECK_PARAGRAPH_LINES or not set(counted) <= cards_at or len(counted) > opening:
                break
            opening -= len(counted)
            start = paragraph[0]
        return start

    def _deck_total(self, number: int, stripped: str) -> bool:
        both = _BOTH_TOTALS.match(stripped)
        if both:  # "Dynasty 40 / Fate 40": a count for each deck
            self.headers += 1
            self.declared += [
                (DYNASTY, _number(both.group("dynasty") or both.group("dynasty_first")), number),
                (FATE, _number(both.group("fate") or both.group("fate_second")), number),
            ]
            self.seen_content = True
            return True
        total = _DECK_TOTAL.match(stripped)
        if not total:
            return False
        # "Dynasty Total: 40": a count for the deck; the section does not change
        self.headers += 1
        self.declared.append(
            (
                _HEADERS[(total.group("name") or total.group("after_total")).lower().replace("pregame", "pre-game")],
                _number(total.group("count")),
                number,
            )
        )
        self.seen_content = True
        return True

    def _byline(self, stripped: str) -> bool:
        """ "By Nick Zube" under the deck's title line."""
        byline = _BYLINE.match(stripped)
        if (
            byline
            and byline.group("first").isalpha()
            and self.title_line is not None
            and self.section is None
            and len(self.cards) <= 1
        ):
            self.headers += 1
            return True
        return False

    def _about_the_list(self, number: int, line: str) -> bool:
        """Whether the line is about the lines of the list, no card line: what it says is taken in."""
        if (other := _OTHER_GAME.match(line)) and self.other_game is None:
            self.other_game = (line, number)
        if other and not other["card"]:  # "Conflict Deck (40)": the other game's deck part, no card line
            pass
        elif each := _EACH_ALONE.match(line):  # "3 each:": the count of the titles under it
            self.each = each_count(each["count"])
        elif (legality := _LEGALITY.match(line)) and self.legality is None and not self.cards:
            self.legality = (plain(legality["format"]), number)
        elif (summary := summary_line(line)) is not None:  # "Dynasty (40): Personalities (20) Holdings (17)"
            if summary[1] is not None:
                self.declared.append((summary[0], summary[1], number))
        elif site := _SITE_LINE.match(line):  # "12 Comments", "2y Like Reply": the social site's own text
            if site["comments"]:
                self._close_label()
                self.aside, self.label_line, self.each = line, None, None
            self.headers += 1
            return True  # (the line under "Posted by u/…" may still be the deck's name, as the first line is)
        elif _ATTRIBUTION.match(line):  # "Quote:", "Originally Posted by X": a reply's quote follows
            self.quoting = self.quoting or not _POST_BY.match(line)
        elif not _COST_HEADING.match(line):  # "2 gold:": a heading over the cards of one cost
            return False
        self.headers += 1
        self.seen_content = True
        return True

    def _content(self, number: int, raw: str) -> None:
        line = _strip_comment(raw)
        if not line or self._about_the_list(number, plain(line)):
            return
        if counted := _COUNT_LABEL.match(plain(line)):  # "3-ofs: A, B", "Singletons:", "Playsets:", "Rings (1 each):"
            count = 1 if counted["one"] else 3 if counted["three"] else _number(counted["count"] or counted["each"])
            if not counted["rest"].strip():
                self.each, self.seen_content = count, True
                self.headers += 1
                return
            line = f"{count}x: {counted['rest']}"
        if self.label_alone and _NO_CARD.match(plain(line)):  # "Sensei", then "None" on the line under it
            self.label_alone, self.seen_content = False, True
            return
        self.label_alone = False
        if plain(line)[:1] in "+−-" and _CHANGE_LINE.match(plain(line)) and ("+" in line or self.section is None):
            # "-1 Tsuruchi Taito, +1 Tsuruchi Kaito", "+2 Fearful Volley": a change to the list (in a deck's list, a
            # count below 1 alone stays a problem)
            self.issues.append(LineIssue(number, say("line.change", line=plain(line)), plain(line), change=True))
            self.seen_content = True
            return
        self.seen_content, first = True, not self.seen_content
        header = _HEADER.match(line) or ((inner := undecorated(plain(line))) is not None and _HEADER.match(inner))
        if header and not _METADATA_LINE.match(line):
            if stated := header.group("count") or header.group("bare"):  # "Kiho (3):"
                self.heading_shaped[number] = (int(stated), self.block, self.section)
            self.issues.append(
                LineIssue(
                    number,
                    say("line.not-header", line=line),
                    plain(line),
                    heading=not near_header_word(header.group("name")),
                    name=header.group("name"),
                )
            )
            return
        figure = _FIGURE.match(plain(line))
        if _METADATA_LINE.match(line) or (
            _STATS_LINE.match(plain(line)) and (figure is None or _read_header(figure["label"]) is not None)
        ):
            self.headers += 1
            return
        self.figure = figure is not None
        if figure is not None:  # "Iron Mine: 3": as "3 Iron Mine"
            line = f"{figure['count']} {figure['label']}"
        label = _PREGAME_LABEL.match(_BULLET.sub("", plain(line)))  # "- Sensei: Kaelung Sensei" too
        if label and _STRONGHOLD_LABEL.match(label["label"]):
            self._words_above()
            self._name_above(number)
            if self._second_deck_at(number, PREGAME):
                return
        if label:
            self.headers += 1
            self._close_label()
            self.label_line = None
            self.aside = None
            if self.section != PREGAME:
                self.section, self.stated = PREGAME, False
            line = _INNER_PREGAME_LABEL.sub(r"\g<separator> ", label.group("card"))
        elif (labelled := _LABELLED_CARD.match(_BULLET.sub("", plain(line)))) and self._header(
            number, labelled.group("head")
        ):
            if self.second_deck is not None:  # "Dynasty: 3 Yoritomo Ichido", the second deck's first line
                return
            line = labelled.group("card")  # "Holdings: 3x Copper Mine": the header, then its card
        else:
            labelled = None
        if (label or labelled) and _NO_CARD.match(line):
            if label and not self.stated:
                self.section, self.after_label = None, True  # (as after a label with its card, below)
            return  # "Wind: None", "Sensei: -": the label, and no card
        totals = _SPLIT_TOTALS.search(plain(line)) if self.section in (None, PREGAME) else None
        rest = plain(line)[: totals.start()].rstrip() if totals else ""
        if totals and any(ch.isalpha() for ch in rest):  # a letter (the page's \p{L})
            self.headers += 1
            self.declared += [
                (DYNASTY, _number(totals.group("dynasty")), number),
                (FATE, _number(totals.group("fate")), number),
            ]
            line = rest
        self._card(number, line, first)
        if label and not self.stated:
            # "Stronghold: X" is a label, no deck header: the lines after it go where their cards go ("Three Isawa
            # Amihiko" under it, when the Dynasty header was not read, is a Dynasty card), as with no header at all
            self.section, self.after_label = None, True

    def _card(self, number: int, line: str, first: bool) -> None:
        above = self.cards[-1].item if self.numbered and self.cards else None
        if above is not None and (run := _RUN_CONTINUED.match(plain(line))) and int(run["item"]) == above + 1:
            line = f"{run['item']}. {run['rest']}"
        parsed = _card_line(line, number, self.section, self.read_before, self.numbered)
        if self.aside is not None and isinstance(parsed, CardLine):
            text = plain(line)
            self.issues.append(
                LineIssue(number, say("line.aside", line=text, header=self.aside), text, aside=self.aside)
            )
            return
        if isinstance(parsed, LineIssue):
            if first and self.section is None:
                self.title_line = number  # "== My Crab deck! ==" above the list: its name, not a card line
            else:
                self.issues.append(parsed)
            return
        bare = _BULLET.sub("", plain(line))
        counted = _COUNT.match(bare) or trailing_count(bare) or column_count(line)
        if self.figure:  # "Kiho: 3"
            self.heading_shaped[number] = (parsed.count, self.block, self.section)
        elif ("(" in bare or "-" in bare) and (shaped := _HEADING_SHAPED.match(bare)):
            self.heading_shaped[number] = (int(shaped["count"] or shaped["after_dash"]), self.block, self.section)
        if first and self.section is None and not counted:
            self.title_line = number  # "Crab Berserkers (Kotei 2012, 1st)": the checker decides if it is a card
        parsed = parsed.replaced(
            block=self.block,
            under=self.label_line,
            after_label=self.after_label and self.section is None,
            count=self.each if self.each is not None and not counted else parsed.count,
            figure=self.figure,
            uncounted=not counted,
        )
        said = _card_said(parsed)
        if self.line_quoted and said in self.cards_read:  # the list's line quoted again in a reply
            text = plain(line)
            first_line = self.cards_read[said]
            self.issues.append(
                LineIssue(number, say("line.requoted", line=text, first=first_line), text, requoted=first_line)
            )
            return
        if not self.line_quoted:
            self.cards_read.setdefault(said, number)
        self.cards.append(parsed)
        self.decks_read.add(parsed.section)
        if self.open_label is not None:
            self.open_label[2] += parsed.count


def without_line_marks(line: str) -> str | None:
    """The line without what a chat, an export or a word processor marks it with: spoiler bars ("||3x Rout||"),
    comment marks before a header ("// Fate"), an outline's mark ("a.<TAB>3 A Ready Soul", "1.<TAB>Strategies (24)");
    None for a comment after comment marks ("// cut for now")."""
    if "||" in line and (spoiler := _SPOILER.match(line)):
        line = spoiler["inner"]
    if "//" in line and (marks := _COMMENT_MARKS.match(line)):
        if _read_header(plain(line[marks.end() :])) is None:
            return None
        line = line[marks.end() :]
    if "\t" in line and (outline := _OUTLINE_MARK.match(line)):
        if outline["letter"] or _read_header(plain(line[outline.end() :])) is not None:
            line = line[outline.end() :]
    return line


def without_markup(line: str) -> str | None:
    """The line without a post's HTML, BBCode, markdown or wiki markup (`_MARKUP`; a link as its text, angle brackets
    around no tag as round ones), None for a line of markup alone ("[list]", "<ul>")."""
    if not ("<" in line or "[" in line or "**" in line or "_" in line or "`" in line or "{{" in line or "''" in line):
        return line
    if _RULE_LINE.match(line.strip()):
        return line  # "***", "___": Markdown's rule, not its emphasis
    if "[" in line or "{{" in line:
        line = _LINK.sub(_link_text, line)  # "3x [Rout](https://...)": "3x Rout"
    if "**" in line:
        line = _BOLD.sub(r"*\g<inner>*", line)  # then read as italics are (`_ITALIC`)
    if "_" in line:
        line = _UNDERSCORED.sub(r"*\g<inner>*", line)
    bare = _MARKUP.sub("", line)
    if bare != line and not bare.strip():
        return None
    return _ANGLE_BRACKETS.sub(r"(\g<inner>)", bare) if "<" in bare else bare


def deck_tool_line(line: str) -> str | None:
    """A line of a deck tool's XML export as the line a player writes (`_XML_ZONE`, `_XML_CARD`), None for its other
    tags alone; any other line as it is."""
    if zone := _XML_ZONE.match(line):
        return zone["name"]
    if card := _XML_CARD.match(line):
        return f"{card['qty'] or 1} {card['title']}"
    return None if _XML_OTHER.match(line) else line


def summary_line(line: str) -> tuple[str, int | None] | None:
    """(the deck, its count or None) for a deck's summary line (`_SUMMARY`): a deck's header, then names each with a
    count, two of them or more and at least half of them a header's or a sub-header's word ("Personalities (20)",
    "Sensei (1)"); else None ("Fate: Rings 2, Rout 3" lists cards)."""
    summary = _SUMMARY.match(line)
    head = _read_header(summary["head"]) if summary else None
    if summary is None or head is None or head[0] != "section" or head[1] is None:
        return None
    names, rest = [], summary["items"]
    while rest.strip():
        item = _SUMMARY_ITEM.match(rest)
        if item is None or not item.group(0):
            return None
        names.append(item["name"])
        rest = rest[item.end() :]
    kinds = sum(_read_header(name) is not None for name in names)
    if kinds < 2 or 2 * kinds < len(names):
        return None
    return head[1], _number(summary["count"]) if summary["count"] else None


def _card_said(card: CardLine) -> str:
    """What a card line says, as a quote of it says it again: its count, title and level (case and spaces aside)."""
    return f"{card.count}|{plain(card.name).lower()}|{plain(card.experience or '').lower()}"


def parse_yaml(text: str, source: str = "<deck>") -> Decklist:
    try:
        check_shape(
            text,
            max_depth=8,
            aliases="aliases (*name) are not used in decklists; write the card out",
            duplicate_keys=True,
        )
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except ShapeError as exc:
        raise DecklistError(say("file.line", deck=_deck(source), line=exc.line, reason=exc.message)) from None
    except yaml.YAMLError as exc:
        where = say("file.at-line", line=line) if (line := error_line(exc)) else ""
        raise DecklistError(say("file.not-yaml", deck=_deck(source), at=where)) from None
    if not isinstance(root, yaml.MappingNode):
        raise DecklistError(say("file.not-mapping", deck=_deck(source)))
    cards: list[CardLine] = []
    issues: list[LineIssue] = []
    first_at: dict[str, tuple[str, int]] = {}  # each key as read (case and spaces aside) -> as written, its line
    for key_node, value_node in root.value:
        key = str(key_node.value).strip().lower()
        line = key_node.start_mark.line + 1
        if key in first_at:  # `Dynasty:` then `dynasty:`: the same section to this reader, given twice
            written, at = first_at[key]
            reason = say("file.duplicate-key", key=key_node.value, first=at, written=written)
            raise DecklistError(say("file.line", deck=_deck(source), line=line, reason=reason))
        first_at[key] = (str(key_node.value), line)
        if key in _YAML_METADATA:
            continue
        if key not in _YAML_KEYS:
            issues.append(LineIssue(line, say("line.not-section", key=key_node.value)))
            continue
        section = _YAML_KEYS[key]
        items = value_node.value if isinstance(value_node, yaml.SequenceNode) else None
        if items is None:
            if not (isinstance(value_node, yaml.ScalarNode) and value_node.value in ("", "~", "null")):
                issues.append(LineIssue(line, say("line.not-list", key=key_node.value)))
            continue
        for item in items:
            item_line = item.start_mark.line + 1
            if not isinstance(item, yaml.ScalarNode) or not str(item.value).strip() or item.tag.endswith(":null"):
                issues.append(LineIssue(item_line, say("line.not-item")))
                continue
            _keep(parse_card_line(_strip_comment(str(item.value)), item_line, section), cards, issues)
    return Decklist(source, tuple(cards), tuple(issues), input_format="yaml")


def parse_oracle(text: str, source: str = "<deck>", tabbed: bool = False) -> Decklist:
    """Oracle of the Void's plain text (or, `tabbed`, its tab-delimited) export."""
    cards: list[CardLine] = []
    issues: list[LineIssue] = []
    declared: list[tuple[str, int, int]] = []
    subtotals: list[tuple[str, int, int, int]] = []
    section = None
    open_label: list | None = None  # the type sub-header the lines sit under: [label, count, listed, line]
    columns: tuple[str, int, int] | None = None  # a table's columns, from its first row (table_columns)
    for number, raw in enumerate(_lines(text), start=1):
        line = raw.strip()
        if not line:
            continue
        header = _ORACLE_HEADER.match(line)
        if header:
            if open_label is not None:
                subtotals.append(tuple(open_label))
            open_label = None
            name = plain(header.group("name")).lower()
            if name in _HEADERS and not (
                section == PREGAME and _HEADERS[name] == PREGAME and name not in _ORACLE_DECKS
            ):
                section = _HEADERS[name]  # a deck (or, with no "Pre-Game" above, a pre-game type: Stronghold)
                declared.append((section, _number(header.group("count")), number))
            else:
                # a card-type sub-header ("# Holding - (12)", "# Stronghold - (1)" under "# Pre-Game - (3)"):
                # Oracle writes one whenever the type changes; it belongs to the deck above it, and its count
                # covers the lines up to the next header
                open_label = [plain(line.lstrip("# ")), _number(header.group("count")), 0, number]
            continue
        if _TABLE_HEAD.match(plain(line)):  # a table's row of column names
            columns = table_columns(raw) or columns
            continue
        if line.startswith("#"):
            continue
        if columns is not None and (row := table_row(raw, columns)) is not None:
            line = row  # by the columns the first row names
        elif "\t" in raw:
            parts = [p.strip() for p in raw.split("\t") if p.strip()]
            line = " ".join(parts[:2]) + (f" [{_unbracket(parts[2])}]" if len(parts) > 2 else "")
            if len(parts) > 3:
                issues.append(LineIssue(number, say("line.columns", line=plain(raw))))
                continue
        else:
            line = _paren_set(line)
        parsed = parse_card_line(line, number, section)
        if open_label is not None and not isinstance(parsed, LineIssue):
            parsed = parsed.replaced(under=open_label[3])
            open_label[2] += parsed.count
        _keep(parsed, cards, issues)
    if open_label is not None:
        subtotals.append(tuple(open_label))
    return Decklist(
        source,
        tuple(cards),
        tuple(issues),
        tuple(declared),
        input_format="oracle-tab" if tabbed else "oracle",
        subtotals=tuple(subtotals),
    )


def parse_sunandmoon(text: str, source: str = "<deck>") -> Decklist:
    """Sun and Moon's export: `Legality: <format>`, then `3 Title (ACRONYM)` lines without deck headers."""
    cards: list[CardLine] = []
    issues: list[LineIssue] = []
    legality = None
    section = None
    for number, raw in enumerate(_lines(text), start=1):
        line = _strip_comment(raw)
        if not line:
            continue
        match = _LEGALITY.match(line)
        if match and legality is None and not cards:
            legality = (plain(match.group("format")), number)
            continue
        header = _HEADER.match(line)
        if header and plain(header.group("name")).lower() in _HEADERS:  # tolerated, though S&M writes none
            section = _HEADERS[plain(header.group("name")).lower()]
            continue
        _keep(parse_card_line(_paren_set(line), number, section), cards, issues)
    return Decklist(source, tuple(cards), tuple(issues), input_format="sunandmoon", legality=legality)


def parse_yasuki(text: str, source: str = "<deck>") -> Decklist:
    """game_on_yasuki's deck YAML, line by line as game_on_yasuki reads it (a `{art: ...}` trailer is not YAML)."""
    cards: list[CardLine] = []
    issues: list[LineIssue] = []
    declared: list[tuple[str, int, int]] = []
    section = None
    for number, raw in enumerate(_lines(text), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key = _YASUKI_KEY.match(line)
        if key:
            section = _YAML_KEYS[re.sub(r"[-_ ]", "", key.group("key").lower()).replace("pregame", "pre_game")]
            if key.group("count"):
                declared.append((section, _number(key.group("count")), number))
            continue
        if _YASUKI_META.match(line):
            continue
        item = _YASUKI_ITEM.match(raw)
        if not item:
            issues.append(LineIssue(number, say("line.not-deck-line", line=plain(line))))
            continue
        if section is None:
            issues.append(LineIssue(number, say("line.before-sections", line=plain(line))))
            continue
        entry = _ART.sub("", item.group("item"))
        if len(entry) >= 2 and entry[0] == entry[-1] and entry[0] in "\"'":
            entry = entry[1:-1]
        _keep(parse_card_line(_strip_comment(entry), number, section), cards, issues)
    return Decklist(source, tuple(cards), tuple(issues), tuple(declared), input_format="yasuki")


def _keep(parsed: CardLine | LineIssue, cards: list[CardLine], issues: list[LineIssue]) -> CardLine | LineIssue:
    """A parsed line into the cards or the issues."""
    if isinstance(parsed, LineIssue):
        issues.append(parsed)
    else:
        cards.append(parsed)
    return parsed


def _level_and_set(line: str) -> str:
    """'Hida Yakamo (Exp 2, Jade)', 'Hida Yakamo [Jade] (exp2)' -> 'Hida Yakamo (Exp 2) [Jade]': a level and a set
    written together, in one bracket or the set's first; 'Charge [Ivory Edition] - great card' -> 'Charge - great card
    [Ivory Edition]' (or "// great card", "<-- great card", ": great card"): the set after the author's remark, where
    it is read (a level in round brackets before it, where a level is read); 'Charge [Ivory Edition] great card' ->
    'Charge (great card) [Ivory Edition]', the author's words in brackets; a line with no such pair, as it is."""
    if not line.endswith((")", "]")):
        if ("]" in line or "}" in line) and (remarked := _SET_BEFORE_REMARK.match(line)) is not None:
            rest, inside, remark = remarked["rest"], remarked["set"].strip(), remarked["remark"].strip()
            space = "" if remark.startswith(":") else " "  # ("Charge [IE]: great", as "Charge: great" is read)
            return f"{rest} ({inside}){space}{remark}" if is_experience(inside) else f"{rest}{space}{remark} [{inside}]"
        return _words_after_a_set(line)
    if (both := _LEVEL_AND_SET.match(line)) is not None:
        a, b = both["a"].strip(), both["b"].strip()
        if is_experience(a) != is_experience(b):
            level, set_name = (a, b) if is_experience(a) else (b, a)
            return f"{both['rest']} ({level}) [{set_name}]"
    if (first := _SET_BEFORE_BRACKET.match(line)) is not None:
        # "Hida Yakamo [BBP] (Hero)", "Hida Yakamo [Jade] (exp2)": the title's own bracket (or a level, a remark)
        # goes with the title, the set after it
        return f"{first['rest']} ({first['level'].strip()}) [{first['set'].strip()}]"
    return line


def _words_after_a_set(line: str) -> str:
    """'Iron Mine [Gold] must have' -> 'Iron Mine (must have) [Gold]', the author's words in brackets where the checker
    reads a remark (after a level in square brackets: 'Kuni Yori (Exp 2) great'); 'Hida Kuon [Diamond] Exp 3' -> 'Hida
    Kuon Exp 3 [Diamond]'; any other line as it is."""
    if ("]" not in line and "}" not in line) or (spaced := _SET_BEFORE_WORDS.match(line)) is None:
        return line
    rest, inside, words = spaced["rest"], spaced["set"].strip(), spaced["words"].strip()
    if is_experience(words):
        return f"{rest} {words} [{inside}]"
    return f"{rest} ({inside}) {words}" if is_experience(inside) else f"{rest} ({words}) [{inside}]"


def _paren_set(line: str) -> str:
    """'3 Title - exp (Set Name)' -> '3 Title - exp [Set Name]': a last bracket that is no experience level."""
    match = _PAREN_SET.match(line)
    if not match or is_experience(match.group("set")) or not match.group("rest").strip():
        return line
    return f"{match.group('rest')} [{match.group('set').strip()}]"


def _unbracket(text: str) -> str:
    text = text.strip()
    return text[1:-1].strip() if text[:1] in "([" and text[-1:] in ")]" else text


def _card_line(
    line: str, number: int, section: str | None, read_before: dict, numbered: bool = False
) -> CardLine | LineIssue:
    """`parse_card_line`, reading each distinct line once per decklist: a long list names the same cards again
    and again (a long list holds far fewer distinct lines than lines), and reading a line is most of a check."""
    known = read_before.get(line)
    if known is None:
        known = read_before[line] = parse_card_line(line, 0, None, numbered)
    if isinstance(known, LineIssue):
        return LineIssue(number, known.message, known.text)
    return known.replaced(line=number, section=section)


def _undressed(line: str) -> str:
    """A plain line without its bullet (`_BULLET`) and its footnote mark (`_FOOTNOTE_MARK`)."""
    if line[:1] in _BULLET_STARTS:
        line = _BULLET.sub("", line)
    return _FOOTNOTE_MARK.sub("", line) if line.endswith(("*", "†", "‡", ";", ")")) else line


def _counts_and_titles_apart(line: str) -> str:
    """The line with its count glued to its title ("x3Rout"), its price, its collector's number, a clan in brackets and its
    stats before the title taken apart or out, and a count for each of several titles written as "3x: A, B"."""
    # Each step looks first for a character its pattern cannot match without (a bracket, a leading "x", "ea"): most
    # lines are a count and a title, and a test of `in` costs a fraction of a failed match.
    if any(sign in line for sign in _PRICE_SIGNS):
        line = _PRICE.sub("", line)  # "Kitsu Hyun x3 @ $0.50": the price, no part of the card's line
    if line[:1] in _GLUED_COUNT_STARTS:
        line = _GLUED_COUNT.sub(r"\1\2 ", line)
    line = counts_parted(line)
    if ")" in line:
        line = _COLLECTOR_NUMBER.sub(r"\g<line>", line)  # "1 Aranai Sensei (TNO) 3": the card's number in its set
    bracketed_at_all = "(" in line or "[" in line
    if bracketed_at_all:
        line = _CLAN_BRACKET.sub(lambda m: m["count"] or "", line)  # "3 [Lion] Kitsu Watanabe"
    if (stats := _STAT_HEAD.match(line)) and _STAT_LETTER.search(stats.group(0)):  # "(0g) Iron Mine x3"
        line = line[stats.end() :]
    if bracketed_at_all or "{" in line:
        line = grouped_titles(line)  # "(Iron Mine, Jade Pearl Inn) x3": the count for each title
    if ("[" in line or "{" in line) and _SET_BEFORE_SEPARATOR.search(line):
        line = _SQUARE_SET.sub(r"(\g<set>)", line)  # "3 Rout [IE], 2 Ambush [SE]": as "3 Rout (IE), 2 Ambush (SE)"
    lowered = line.lower()  # "each", "ea." and "apiece" (whose "i" may be a dotted or a dotless one, as re.I reads it)
    if ("ea" in lowered or "ece" in lowered) and (each := _EACH_BEFORE.match(line) or _EACH_AFTER.match(line)):
        # "2 each: A, B", "A, B (2 each)"
        line = f"{each_count(each['count'])}x: {line[each.end() :] if each.re is _EACH_BEFORE else each['rest']}"
    return line


def counts_parted(line: str) -> str:
    """The line with a comma before each count of titles run on with no separator ("2x Carpenter Castle 3x Border
    Keep", "Rout x2 Ambush x3": `_UNPARTED_BEFORE`, `_UNPARTED_AFTER`), else as it is."""
    if line[:1].isdigit() and _UNPARTED_LEADS.match(line):
        return _UNPARTED_BEFORE.sub(", ", line)
    if _UNPARTED_ENDS.search(line):
        return _UNPARTED_AFTER.sub(r"\1, ", line)
    return line


def unexclaimed(raw: str) -> str:
    """The line without the marks a chat adds at its end (`_EXCLAIMED`): "3x Rout !!!" is "3x Rout"."""
    text = raw.rstrip()
    if not text.endswith(_EXCLAIMED_ENDS):
        return raw
    while match := _EXCLAIMED.search(text):
        text = text[: match.start()].rstrip()
    return text


def parse_card_line(line: str, number: int, section: str | None, numbered: bool = False) -> CardLine | LineIssue:
    """'3x Border Keep - Exp 2 [Coils of Madness]' -> CardLine(count=3, name='Border Keep', ...). `numbered`: a
    number before the line ("2. Rout") is a numbered list's item number, not its count."""
    whole = _undressed(plain(line))
    # "Famous Bazaar<TAB>3": the count in a column after the title. The column wins over a number the line starts
    # with: a table's count column is laid out as one, and "10 Koku<TAB>3" is three copies of 10 Koku.
    column = column_count(line)
    line = _undressed(plain(column[1])) if column else whole
    count = column[0] if column else 1
    line = _counts_and_titles_apart(line)
    if line[:1] in "-−" and _NEGATIVE_COUNT.match(line):  # "-1 Title": a negative count, not a bullet
        return LineIssue(number, say("line.count", line=whole, most=MAX_COPIES_ON_A_LINE))
    item_number = None if column or not line[:1].isdigit() else _ITEM_NUMBER.match(line)
    item = int(item_number["item"]) if item_number else None
    if item_number:
        rest = item_number["rest"]
        own = _COUNT.match(rest)  # "2. 700 Soldier Plain": a title's own number, no count
        if (own and 1 <= _number(own["count"]) <= MAX_COPIES_ON_A_LINE) or trailing_count(rest):
            line = rest  # "1. Akodo Kano x1": the item's number, then the card and its count
        else:  # one copy of a numbered list's item; "3. Rout", in no numbered list, as "3 Rout"
            line = f"{1 if numbered else item} {rest}"
    opens_bracket = not column and line[:1] in "(["
    group = int(grouped["group"]) if opens_bracket and (grouped := _GROUP_NUMBER.match(line)) else None
    bracketed = _BRACKETED_COUNT.match(line) if opens_bracket else None
    if bracketed:  # "[x3] Ambush / Rout / Strength of the Bear": the count for each title after it
        for_each = "x:" if group is None and _LIST_SEPARATOR.search(bracketed["rest"]) else ""
        line = f"{bracketed.group('count')}{for_each} {bracketed.group('rest')}"
    match, line = (None, line) if column else _leading_count(line)
    trailing = None
    several = each = False
    if column:
        pass
    elif match:
        count, line = _number(match.group("count")), match.group("rest").strip()
        # "3x: A, B" (the count for each title), or "3 Iron Mine, 2 Copper Mine" (a count before each), or one copy
        # of each ("1 Rout / Ambush": a count of one is each title's, whichever way it is read)
        each = bool(_LIST_SEPARATOR.search(line)) and bool(match.group("colon") or match.group("bare"))
        several = each or (
            bool(_LIST_SEPARATOR.search(line)) and (counted_after_commas(line) or (count == 1 and _titles_apart(line)))
        )
    else:
        trailing, several = _count_after_title(line)
        count, line = trailing or (count, line)
    set_name = None
    if "#" in line:
        line = _LEVEL_NUMBER_MARK.sub(r"\1 ", line)  # "exp #2": as "exp 2" (a comment's "#" was stripped before)
    line = _level_and_set(line)
    match = _SET.match(line) if line.endswith(("]", "}")) else None
    if match and is_experience(match.group("set")):  # "Kuni Yori [Exp 2]": a level in square brackets, as in round
        line, match = f"{match.group('rest').strip()} ({match.group('set').strip()})", None
    if match:
        line, set_name = match.group("rest").strip(), plain(match.group("set"))
        if not _COUNT.match(whole) and not trailing and not column:
            trailing = trailing_count(line)  # "Barley Farm x3 [Gold]": the count between the title and the set
            if trailing:
                count, line = trailing
    if not 1 <= count <= MAX_COPIES_ON_A_LINE:
        return LineIssue(number, say("line.count", line=whole, most=MAX_COPIES_ON_A_LINE))
    # "Exp Ono": the level before the title (names.py LEADING_EXPERIENCE), not a level alone with a set tag "Ono"
    leading = LEADING_EXPERIENCE.match(line)
    if not _A_LETTER.search(line) or (is_experience(line) and not leading) or not _CARD_NAME.match(line):
        # (the line as written: "3 ?" says its count too)
        return LineIssue(number, say("line.not-card", line=whole or say("line.not-card.empty")), line or None)
    name, experience = split_experience(line)
    if experience is None:
        base, remark = split_qualifier(line)
        if remark is not None and is_level_remark(remark):  # "Kuni Yori (newest exp)": a level, if unread
            name, experience = base, remark
    return CardLine(
        number, section, count, name, experience, set_name, line, several=several, each=each, item=item, group=group
    )


_READERS = {
    "text": parse_text,
    "yaml": parse_yaml,
    "oracle": parse_oracle,
    "oracle-tab": lambda text, source: parse_oracle(text, source, tabbed=True),
    "sunandmoon": parse_sunandmoon,
    "yasuki": parse_yasuki,
}


def trailing_count(line: str) -> tuple[int, str] | None:
    """(count, the title before it) for a line that ends in a count ("Barley Farm x3", "Barley Farm (3)",
    "Barley Farm - 3"), else None. The count must follow a space (or the space and a dash), so "Matrix3" or
    "Ring of Earth" keep their last characters, and the title before it must not be empty."""
    line = line.rstrip()
    start = max(0, len(line) - _TRAILING_COUNT_TAIL)
    if not _A_FIGURE.search(line, start):
        return None
    match = None
    for at in range(start, len(line)):  # the leftmost start in the tail whose rest is one count form
        if at > 0 and not line[at - 1].isspace() and line[at] not in ",;:":  # "Iron Mine,3": a CSV row's count
            continue
        match = _TRAILING_COUNT.match(line, at)
        if match:
            break
    if not match:
        return None
    rest = line[: match.start()].rstrip()
    if match.group("e") is None:
        rest = re.sub(r"\s-+$", "", rest).rstrip() if rest.endswith("-") else rest  # "Barley Farm - x3"
    if not any(ch.isalpha() for ch in rest):  # a letter (the page's \p{L})
        return None
    digits = next(g for g in match.group("a", "b", "c", "d", "e", "f") if g is not None)
    return _number(digits), rest


def column_count(line: str) -> tuple[int, str] | None:
    """(count, the title before it) for a line whose last column is a count ("Famous Bazaar<TAB>3", "Famous
    Bazaar    x3"), else None: the columns are split at a tab or at two spaces or more, before plain() joins them,
    and the title before the count must hold a letter."""
    line = line.strip()
    if "\t" not in line and "  " not in line and "..." not in line and "…" not in line and " . ." not in line:
        return None  # no gap, no leader: one column
    cells = [cell for cell in _COLUMN_GAP.split(_DOT_LEADER.sub("\t", line)) if cell.strip()]
    if len(cells) < 2:
        return None
    match = _COLUMN_COUNT.match(cells[-1].strip())
    rest = " ".join(cells[:-1])
    if not match or not any(ch.isalpha() for ch in rest):  # a letter (the page's \p{L})
        return None
    return _number(match.group("count")), rest


def _without_set_prefix(raw: str) -> str:
    """The line without a set code and collector's number before its count (`_SET_PREFIX`): each of their forms holds
    a "[", a "-" or a "#", and a line with none is not tried."""
    return _SET_PREFIX.sub("", raw, count=1) if "[" in raw or "-" in raw or "#" in raw else raw


def undecorated(stripped: str) -> str | None:
    """The header inside a decorated line ("**Dynasty (40)**" -> "Dynasty (40)", "<b>Holdings</b>" ->
    "Holdings"), or None when the line has no decoration or nothing inside it."""
    tagged = "<" in stripped or "[" in stripped  # (each tag `_DECORATION_TAG` reads opens so)
    inner = (_DECORATION_TAG.sub("", stripped) if tagged else stripped).strip(_DECORATION_CHARS)
    return inner if inner and inner != stripped else None


def _count_after_title(line: str) -> tuple[tuple[int, str] | None, bool]:
    """For a line with no count before its title: (count, the line without it) where a count follows the title, else
    None; and whether the line may hold several titles (`CardLine.several`)."""
    trailing = trailing_count(line)  # "Barley Farm x3": the count after the title, before any set
    if trailing and _counted_before_after_commas(_LIST_SEPARATOR.split(trailing[1])[1:]):
        return None, True  # "Iron Mine, 2 Copper Mine, Jade Works x2": the count after the last title is its own
    if trailing:
        return trailing, False
    if trailing := _count_before_brackets(line):
        # "Jade Works x3 (4 gold)", "Iron Mine x3 (IE) (MVP)": the count, then the author's remark or a set in
        # brackets, which stay for the reader and the checker to read as they read them after a title
        return trailing, False
    if trailing := _count_before_remark(line):
        # "Rout x3 // MVP": the count, then the author's remark after a mark, which stays for the checker to read away
        # as it reads one after a title ("Rout x3 // Ambush": the titles apart, as before)
        return trailing, _titles_apart(trailing[1])
    # "Pregame: Border Keep, Bamboo Harvesters": a copy of each title, if the whole is none
    return None, _titles_apart(line)


def _count_before_remark(line: str) -> tuple[int, str] | None:
    """(count, the line without it) for a line whose count stands after its title and before the author's remark
    ("Rout x3 // MVP" is (3, "Rout // MVP")), else None: the first mark of a remark (`_REMARK_AFTER_COUNT`) with a
    count before it. A colon after a count that follows a colon is the count for each title after it ("Holdings: 3x:
    Copper Mine, Jade Works"), no remark's mark."""
    # (a colon in a bracket before it is a set's: "Rout [Siege: Clan War] x3: always"; found once, for a long line)
    first_colon = _IN_BRACKETS.sub(lambda bracket: "_" * len(bracket.group()), line).find(":") if ":" in line else -1
    for mark in _REMARK_AFTER_COUNT.finditer(line):
        if mark.group().startswith(":") and -1 < first_colon < mark.start():
            continue
        counted = trailing_count(line[: mark.start()]) or _count_before_brackets(line[: mark.start()])
        if counted:  # ("Rout x3 [Ivory Edition] // MVP": a set between the count and the remark)
            return counted[0], counted[1] + line[mark.start() :]
    return None


def _count_before_brackets(line: str) -> tuple[int, str] | None:
    """(count, the line without it) for a line whose count stands after its title and before brackets, at most
    `_BRACKETS_AFTER_COUNT` of them, round, square or curly ("Jade Works x3 (4 gold)" is (3, "Jade Works (4 gold)"), "Iron
    Mine - 3 [Ivory Edition] (MVP)" is (3, "Iron Mine [Ivory Edition] (MVP)")), else None."""
    rest, brackets = _words_after_a_set(line.rstrip()), ""  # ("Jade Works x3 [Gold] great card")
    for _ in range(_BRACKETS_AFTER_COUNT):
        # (looked for in the line's last characters only, as a count is: a long line costs no more than a short one)
        tail = rest[-_END_BRACKET_TAIL:]
        bracket = _END_BRACKET.search(tail) if rest[-1:] in ")]}" else None
        if bracket is None:
            return None
        rest, brackets = rest[: len(rest) - len(tail) + bracket.start()].rstrip(), f" {bracket['bracket']}{brackets}"
        if counted := trailing_count(rest):
            return counted[0], counted[1] + brackets
    return None


def _titles_apart(line: str) -> bool:
    """Whether the line may hold several titles: a separator with a space after it, or a slash with none around it
    ("Border Keep, Bamboo Harvesters", "Rout / Ambush", "Border Keep/Bamboo Harvesters")."""
    return any(part[:1].isspace() for part in _LIST_SEPARATOR.split(line)[1:]) or bool(_GLUED_SLASH.search(line))


def counted_after_commas(line: str) -> bool:
    """Whether a part of the line after a comma (or another `_LIST_SEPARATOR`) and a space holds its own count, before
    its title or after it ("Iron Mine, 2 Copper Mine", "3 Doji Natsuyo / 3 Kakita Inaka", "3 Rout, Ambush x2"): a list
    of counted titles on one line ("1,000 Cuts Technique" has no space after its comma)."""
    parts = _LIST_SEPARATOR.split(line)[1:]
    # (a count after the last title needs no space before it: "3 Rout, 1,000 Cuts Technique x2")
    return _counted_before_after_commas(parts) or bool(parts and trailing_count(parts[-1]))


def _counted_before_after_commas(parts: list[str]) -> bool:
    """Whether a part after the first (each with the separator's space before it) starts with its own count."""
    return any(part[:1].isspace() and part_count(part.strip()) for part in parts)


def _leading_count(line: str) -> tuple[re.Match[str] | None, str]:
    """The count before the line's title (`_COUNT`), and the line: titles each with its count after it read as counted
    before ("Iron Mine x3 & Stables x2", "10 Koku x2, Rout x1": `counted_run`); a number no count reaches is the title's
    own when a count follows the title ("700 Soldier Plain x2", "700 Soldier Plain x2 // MVP")."""
    if run := counted_run(line):
        line = run
    match = _COUNT.match(line)
    if (
        match
        and _number(match["count"]) > MAX_COPIES_ON_A_LINE
        # (or "700 Soldier Plain x2 // MVP", "700 Soldier Plain x2 (Diamond Edition)")
        and (trailing_count(line) or _count_before_remark(line) or _count_before_brackets(line))
    ):
        match = None
    return match, line


def counted_run(line: str) -> str | None:
    """ "3 Iron Mine, 2 Stables" for a line of two titles or more, each with its count after it ("Iron Mine x3 &
    Stables x2", "Ikoma Ichimoko x2 and Akodo Kenaro x2."), else None (`_RUN_ITEM`)."""
    items: list[str] = []
    rest = line
    while rest.strip():
        item = _RUN_ITEM.match(rest)
        if not item or not any(ch.isalpha() for ch in item["title"]):
            return None
        if part_count(item["title"]) and _LIST_SEPARATOR.search(item["title"]):
            return None  # "Iron Mine x3, 2 Copper Mine; Jade Works x2": an item is two titles, the first counted before
        aside = f" {item['aside']}" if item["aside"] else ""
        items.append(f"{_number(item['a'] or item['b'] or item['c'] or item['d'] or item['e'])} {item['title']}{aside}")
        rest = rest[item.end() :]
        if item["sep"] is None:
            break
    return ", ".join(items) if len(items) > 1 and not rest.strip() else None


def grouped_titles(line: str) -> str:
    """ "3x: A, B, C" for titles grouped in brackets with one count for each (`_GROUPED`), the count before or after
    the group (one of them only); else the line as it is."""
    group = _GROUPED.match(line)
    if not group:
        return line
    before, after = group["b1"] or group["b2"], group["a1"] or group["a2"]
    if (before is None) == (after is None):  # no count, or two: no group read so
        return line
    return f"{before or after}x: {group['titles'].strip()}"


def each_count(written: str) -> int:
    """The count of "3 each", "two each of" (`_EACH_COUNT`)."""
    return HEADER_COUNT_UNITS[written.lower()] if written.isalpha() else _number(written)


def part_count(part: str) -> tuple[int, str, bool] | None:
    """(count, title, whether the count is for each title after it) for a part of a line that starts with a count, in a
    form a line's count takes ("2 Copper Mine", "2x Copper Mine", "(2) Ambush"; for each: "1*: Tsuo", "2: Rout"), else
    None."""
    if match := _COUNT.match(part):
        each = bool(match.group("colon") or match.group("bare"))
        return _number(match.group("count")), match.group("rest").strip(), each
    if match := _BRACKETED_COUNT.match(part):
        return _number(match.group("count")), match.group("rest").strip(), False
    return None


def table_columns(line: str) -> tuple[str, int, int] | None:
    """(separator, the count's column, the title's column) of a table's first row that names them, else None."""
    # a spreadsheet saved as CSV ("Qty,Card,Set", or with ";" where "," is a decimal mark) is a table too
    separator = next((sep for sep in ("\t", "|", ",", ";") if sep in line), None)
    if separator is None and _COLUMN_GAP.search(line.strip()):
        separator = "  "  # columns lined up with spaces ("Cost  Qty  Card"): a run of two or more parts them
    if separator is None:
        return None
    cells = table_cells(line, separator)
    count = next((n for n, cell in enumerate(cells) if _COUNT_COLUMN.match(cell)), None)
    title = next((n for n, cell in enumerate(cells) if _TITLE_COLUMN.match(cell)), None)
    return None if count is None or title is None else (separator, count, title)


def table_cells(line: str, separator: str) -> list[str]:
    """A table row's cells, empty ones kept ("1<TAB>Rout<TAB><TAB>"); a markdown row's outer bars left out; a CSV
    row's cells as CSV quotes them ("3,\"Hida Kisada, the Little Bear\",Ivory Edition")."""
    if separator in ",;":
        return [plain(cell) for cell in _csv_cells(line.strip(), separator)]
    if separator == "  ":
        return [plain(cell) for cell in _COLUMN_GAP.split(line.strip())]
    cells = [plain(cell) for cell in line.strip().split(separator)]
    if separator == "|":
        cells = cells[1:] if cells and not cells[0] else cells
        cells = cells[:-1] if cells and not cells[-1] else cells
    return cells


def _csv_cells(line: str, separator: str) -> list[str]:
    """A CSV row's cells: a cell in double quotes may hold the separator, and a doubled quote inside is one."""
    cells, cell, quoted, at = [], [], False, 0
    while at < len(line):
        char = line[at]
        if quoted and char == '"' and line[at + 1 : at + 2] == '"':
            cell.append('"')
            at += 1
        elif char == '"' and (quoted or not "".join(cell).strip()):
            quoted = not quoted
        elif char == separator and not quoted:
            cells.append("".join(cell))
            cell = []
        else:
            cell.append(char)
        at += 1
    return [*cells, "".join(cell)]


def table_row(line: str, columns: tuple[str, int, int]) -> str | None:
    """A row of the table read by its columns, as a card line ("3 Rout"); None for a line that is no such row."""
    separator, count, title = columns
    if separator not in line and not (separator == "  " and _COLUMN_GAP.search(line.strip())):
        return None
    cells = table_cells(line, separator)
    if len(cells) <= max(count, title) or not cells[title]:
        return None
    number = _COLUMN_COUNT.match(cells[count])
    return f"{number['count']} {cells[title]}" if number else None


def column_parts(line: str) -> list[tuple[int, str]]:
    """A line's parts between gaps of a tab or four spaces or more, each with where it starts: "3 Hida Reigoro      3
    Will" -> [(0, "3 Hida Reigoro"), (20, "3 Will")]."""
    line = line.rstrip()
    parts, at = [], 0
    for gap in _TWO_COLUMN_GAP.finditer(line):
        if line[at : gap.start()].strip():
            parts.append((at, line[at : gap.start()]))
        at = gap.end()
    if line[at:].strip():
        parts.append((at, line[at:]))
    return parts


def _link_text(link: re.Match[str]) -> str:
    """The card a link names (`_LINK`): a wiki page's title, a template's argument or a markdown link's text."""
    return "" if link["category"] else link["wiki"] or link["template"] or link["text"]


def headerless_row(line: str, separator: str = "|") -> str | None:
    """A row of a table with no row of column names, its cells parted by "|" ("| 3 | Rout | Strategy |", "3 | Ring of
    Fire") or by tabs, three cells or more ("Rout<TAB>Strategy<TAB>3"), as a card line: where exactly one cell is a count, the first other cell with a letter is the title, and a
    cell that is a level goes with it ("| 1 | Hida Yakamo | Exp 2 | Jade |" -> "1 Hida Yakamo - Exp 2"); the other
    cells (a type, a set, a cost) are left out. None for a line that is no such row ("2 Ambush | 1 Rout" lists
    titles, each with its count)."""
    cells = [cell for cell in table_cells(line, separator) if cell]
    counts = [number for cell in cells if (number := _COLUMN_COUNT.match(cell))]
    if len(cells) < (2 if separator == "|" else 3) or len(counts) != 1:
        return None
    words = [cell for cell in cells if not _COLUMN_COUNT.match(cell) and any(ch.isalpha() for ch in cell)]
    titles = [cell for cell in words if not is_experience(cell)]
    levels = [cell for cell in words if is_experience(cell)]
    if not titles:
        return None
    return f"{counts[0]['count']} {titles[0]}" + (f" - {levels[0]}" if levels else "")


def unescaped(line: str) -> str:
    """A line with its HTML entities read as their characters ("Akodo&#39;s Guidance" -> "Akodo's Guidance"); an
    entity this reader does not know, or a number that is no character, stays as written."""
    return _ENTITY.sub(_entity, line) if "&" in line else line


def _entity(match: re.Match[str]) -> str:
    if match.group("name") is not None:
        return _ENTITIES.get(match.group("name").lower(), match.group(0))
    code = int(match.group("dec")) if match.group("dec") is not None else int(match.group("hex"), 16)
    return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else match.group(0)


def _number(digits: str) -> int:
    """A count as written; a run of digits too long for any deck counts as one more than any limit (int() of
    5,000 digits raises ValueError)."""
    return int(digits) if len(digits) <= 6 else 10**6


def _strip_comment(line: str) -> str:
    if "#" not in line:  # (every step below reads a "#")
        return line.strip()
    if line.lstrip().startswith("#"):
        if not _HASH_COUNT.match(line):
            return ""
        line = _HASH_COUNT.sub("", line, count=1)  # "#3 Ninja Thief": the count after a number sign
    line = _LEVEL_NUMBER_MARK.sub(r"\1 ", line)
    return _COMMENT_AFTER.sub("", line).strip()
