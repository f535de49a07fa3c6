"""How card names are written and compared: one normal form for titles and experience levels.

Decklists, the documents and the card pool write the same card in many ways ("Koan’s Jingasa",
"Border Keep - Exp 2", "Isawa Tadaka, Seven Thunder (Experienced 2CW)"); every comparison goes
through `title_key` and `experience_key` so they all meet.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Final, cast

_SAME_CHARACTERS = str.maketrans(
    {
        "’": "'",
        "‘": "'",
        "`": "'",
        "´": "'",
        "“": '"',
        "”": '"',
        "–": "-",
        "—": "-",
        "\u00a0": " ",
    }
)

# "Experienced 2CW", "Exp 2", "Exp. 3KYD", "ExperiencedCoM", "Inexperienced", "inexp", "Experienced 3.5", the
# forum shorthand "XP", "xp2", "XP 2CW", "ex", "ex4", "e2" (no letter after "ex": "Hasty Exit", "Mountains of Exile"
# keep theirs), the level in Roman numerals, "Exp II" (the pool's levels go up to 7; no pool title ends in the word
# "xp", "ex" or "exp"), and the number marked off: "exp #2", "XP-2". The card before its experienced versions as
# players also write it: "non-exp", "non exp", "unexp", "Unexperienced" (no pool title ends in the word "non" or "un")
# ... and the marker misspelt as posts misspell it: "Experianced", "Expierenced", "Experinced" (no word of a title), and
# "Experience" with a level's number after it ("Hida Kisada Experience 2": titles end in "Experience", "Voice of
# Experience", never with a number after it)
_MISSPELT = r"erianced|ierenced|erinced|ereinced|erenced|irienced|eriecned|eriencd|eriened|erieced|eirenced|eriance"
_MISSPELT_MARKER = rf"{_MISSPELT}|erience(?=\s*[#-]?\s*(?:[1-7](?![0-9])|(?:two|three|four|five|six|seven)(?![a-z])))"
_MARKER = rf"(?:(?:in|un|non[\s-]?)?exp(?:erienced|{_MISSPELT_MARKER}|\.)?|xp|ex(?![a-z])|e(?=\d))"
LEVEL_MARKER: Final[str] = _MARKER  # the same words, for the deck reader's patterns (decklist.py)
# The level's number in words after the marker ("Exp Two", "Experienced Three"), or in figures before it, as an
# ordinal or bare ("2nd exp", "(3rd Experienced)", the forums' "2xp", "3 exp"; no pool title ends in a figure of 1
# to 7 and a marker). Not an ordinal in words: titles end in them ("Toturi the First XP4" is Toturi the First at
# level 4, "Kincho the Sixth").
_LEVEL_IN_WORDS = r"(?:one|two|three|four|five|six|seven)(?![a-z])"
_ORDINAL = r"(?:[1-7](?:st|nd|rd|th))"
# (a bare figure only before "exp", "experienced" or "xp", and no number after them: "Imperial Gift 3 exp 2" is the
# title "Imperial Gift 3" at level 2)
_FIGURE_LEVEL = r"(?:[1-7]\s*(?:exp(?:erienced|\.)?|xp)(?![a-z])(?!\s*[#-]?\s*\d))"
_LEVEL = rf"(?:\d+(?:\.\d+)?|(?:vii|vi|iv|v|i{{1,3}})(?![a-z])|{_LEVEL_IN_WORDS})"
LEVEL_NUMBER: Final[str] = _LEVEL  # a level's number after the marker, for the deck reader's patterns (checker.py)
_EXPERIENCE = rf"(?P<exp>(?:{_FIGURE_LEVEL}|(?:{_ORDINAL}\s*)?{_MARKER}(?:\s*[#-]?\s*{_LEVEL})?)(?:\s*[a-z]{{2,3}})?)"
EXPERIENCE_ALONE = _EXPERIENCE_ALONE = re.compile(rf"^{_EXPERIENCE}$", re.I)
# The experience level after a title: " - Exp 2", " • Experienced", ", Experienced 2CW", " Experienced" or "(...)", and
# a full stop after it, as a line written as a sentence ends ("Kuni Yori exp 2."; no title ends in a level and one).
# ... and the word "version" after it, as players name a card's printing ("Hida Kuon (Exp 2 version)", "Bayushi
# Hisoka exp version"; no pool title holds the word)
TRAILING_EXPERIENCE = _TRAILING_EXPERIENCE = re.compile(
    rf"^(?P<title>.+?)(?<!\s)(?:\s*[-•,]\s*|\s+|\s*\(\s*){_EXPERIENCE}(?:\s+version)?\s*\)?\.?$", re.I
)
# The level before the title, as some lists write it: "Exp Togashi Mitsu", "Exp. 2 Hida Kisada", "Exp-2 Hida Kisada", "Experienced 2
# Togashi Mitsu", "XP2 Hida Sozen", "Inexp Togashi Mitsu". A space must follow the marker, so no title is cut
# ("Expansion", "Inexpensive Armor", "Experience a Personality" keep their first word), and a letter or a quote
# must start the title. The level is one digit (a set's tag may follow it: "Exp 2CW Isawa Tadaka"), never a Roman
# numeral: "Exp 10 Koku" and "Exp I Am Ready" keep "10 Koku" and "I Am Ready" whole.
LEADING_EXPERIENCE = _LEADING_EXPERIENCE = re.compile(
    rf"^(?P<exp>{_MARKER}(?:[\s-]?[1-9](?:\.[0-9])?(?:[a-z]{{2,3}}(?![a-z]))?)?)\.?\s+(?P<title>[A-Za-z\"'].*)$", re.I
)
# A level in Roman numerals, as its number: "Exp II" is "Experienced 2". Data: the browser's experienceKey reads it.
ROMAN_LEVELS: Final[dict[str, str]] = {"i": "1", "ii": "2", "iii": "3", "iv": "4", "v": "5", "vi": "6", "vii": "7"}
ROMAN_LEVEL = _ROMAN_LEVEL = re.compile(r"^((?:in)?experienced)(vii|vi|iv|v|i{1,3})(?=[a-z]{0,3}$)")
# A level in words, as its number: "Exp Two" and "2nd exp" are "Experienced 2". On the experience key, before the
# marker is made "experienced" ("2ndexp" -> "exp2") and after ("experiencedtwo" -> "experienced2"). Data: the
# browser's experienceKey reads them.
LEVEL_WORDS: Final[dict[str, str]] = {
    **{word: str(n) for n, word in enumerate(("one", "two", "three", "four", "five", "six", "seven"), start=1)},
    **{f"{n}{end}": str(n) for n, end in zip(range(1, 8), ("st", "nd", "rd", "th", "th", "th", "th"))},
    **{str(n): str(n) for n in range(1, 8)},  # "2xp"
}
# The marker on the experience key (spaces and dots gone), as the pool writes it: "ex4", "xp2", "exp2" -> "experienced".
MARKER_KEY = _MARKER_KEY = re.compile(
    rf"^(?:(in|un|non)?exp(?:erienced|{_MISSPELT}|erience)?|xp|ex|e(?=\d))"
)  # ("unexp": "inexperienced")
ORDINAL_LEVEL = _ORDINAL_LEVEL = re.compile(r"^([1-7](?:st|nd|rd|th)?)((?:in)?exp(?:erienced)?|xp)")
WORD_LEVEL = _WORD_LEVEL_KEY = re.compile(r"^((?:in)?experienced)(one|two|three|four|five|six|seven)(?=[a-z]{0,3}$)")
# "Exp 1", "exp1", "Experienced I": the first level, which the pool writes without a number ("Experienced"; no card's
# level is "Experienced 1"). On the experience key, after the Roman numeral is read.
FIRST_LEVEL = _FIRST_LEVEL = re.compile(r"^((?:in)?experienced)1(?=[a-z]{0,3}$)")
# A few words in brackets after a title that speak of a level in a way no pattern above reads ("Kuni Yori (newest
# exp)", "Hida Kisada (Experienced version)"): the line states a level, so it is never read as the card without one.
# Three words at most: a longer remark is the author's ("(the exp is better)" is one too, and reads as unknown).
LEVEL_REMARK = _LEVEL_REMARK = re.compile(rf"^(?=\S+(?:\s+\S+){{0,2}}$).*?(?<![a-z]){_MARKER}(?![a-z])", re.I)
QUALIFIER = _QUALIFIER = re.compile(r"^(?P<base>.+?)(?<!\s)\s*\((?P<qualifier>[^()]+)\)$")


# The three foldings every title comparison goes through are kept by the text folded: a deck line is folded again
# at each step of its reading, and each card lookup folds the pool's titles it compares with. Bounded in number (the
# least recently used dropped) and kept for a title's or a line's length only, so a deck of made-up names or of
# huge lines cannot grow them without end: a few tens of megabytes at most.
_FOLDINGS_KEPT = 1 << 15
_FOLDED_LENGTH_KEPT = 160


def plain(text: str) -> str:
    """Curly quotes and dashes made straight, runs of spaces made one."""
    return _plain_kept(text) if len(text) <= _FOLDED_LENGTH_KEPT else _plain(text)


@functools.lru_cache(maxsize=_FOLDINGS_KEPT)
def _plain_kept(text: str) -> str:
    return _plain(text)


def _plain(text: str) -> str:
    # A deck line is read through this ten times: ASCII without a backtick needs no translation, and str.split()
    # splits at exactly the characters `\s` matches (both ask str.isspace), at a fraction of a regex's cost.
    if not text.isascii() or "`" in text:
        text = text.translate(_SAME_CHARACTERS)
    return " ".join(text.split())


# The pool sets a ship's or a book's name in italics inside a few titles ("Tangen's <i>Lies</i>", "Yasuki Soden, Captain
# of the <i>Horokabe</i>"), and not in every printing (its Experienced card is "Tangen's Lies"). No player writes the
# tags: titles are compared without them. Data: the browser's titleKey and reading key take the same pattern.
FORMATTING_TAGS: Final[str] = "</?(?:i|em|b)>"
_FORMATTING = re.compile(FORMATTING_TAGS, re.I)


def title_key(title: str) -> str:
    """The form two titles are compared in: plain, without the pool's italics tags, lower case."""
    return _title_key_kept(title) if len(title) <= _FOLDED_LENGTH_KEPT else _title_key(title)


@functools.lru_cache(maxsize=_FOLDINGS_KEPT)
def _title_key_kept(title: str) -> str:
    return _title_key(title)


def _title_key(title: str) -> str:
    text = plain(title)
    return (_FORMATTING.sub("", text) if "<" in text else text).lower()


# Every card lookup compares the level written with the level of each card of the title: the keys of the few
# dozen spellings of a level are kept (bounded, so a deck of made-up levels cannot grow them without end).
@functools.lru_cache(maxsize=1024)
def experience_key(experience: str | None) -> str:
    """'Exp 2 CW', 'Experienced 2CW', 'Exp II CW', 'XP-2 CW' and 'experienced2cw' all give 'experienced2cw'; no
    level gives ''."""
    if not experience:
        return ""
    key = re.sub(r"[\s.#-]", "", experience.lower())
    key = _ORDINAL_LEVEL.sub(lambda m: m.group(2) + LEVEL_WORDS[m.group(1)], key)  # "2ndexp" -> "exp2"
    key = _MARKER_KEY.sub(lambda m: ("in" if m.group(1) else "") + "experienced", key)
    key = _WORD_LEVEL_KEY.sub(lambda m: m.group(1) + LEVEL_WORDS[m.group(2)], key)
    key = _ROMAN_LEVEL.sub(lambda m: m.group(1) + ROMAN_LEVELS[m.group(2)], key)
    return _FIRST_LEVEL.sub(r"\1", key)


# Every level marker (`_MARKER`) holds an "x", but "e" and a digit: text with neither names no level, and the
# patterns that read one are skipped (a search for one character costs a fraction of their match).
_MARKER_CHARACTER = re.compile(r"[xX\d]")


def is_experience(text: str) -> bool:
    text = plain(text)
    return bool(_MARKER_CHARACTER.search(text) and _EXPERIENCE_ALONE.match(text))


def is_level_remark(text: str) -> bool:
    text = plain(text)
    return bool(_MARKER_CHARACTER.search(text) and _LEVEL_REMARK.match(text))


def split_experience(name: str) -> tuple[str, str | None]:
    """'Border Keep - Exp 2' -> ('Border Keep', 'Exp 2'), 'Exp 2 Border Keep' -> the same; a name without a
    level -> (name, None)."""
    name = plain(name)
    if not _MARKER_CHARACTER.search(name):
        return name, None
    match = _TRAILING_EXPERIENCE.match(name)
    if not match or not match.group("title").strip(" -•,("):
        match = _LEADING_EXPERIENCE.match(name)
        if not match or not match.group("title").strip(" -•,("):
            return name, None
    return match.group("title").strip(), match.group("exp")


# -- a set's name as players write it ----------------------------------------------------------------------------
# A decklist may name the set of a card's printing in brackets, rarely as the pool spells it: "(Celestial)", "(Gold
# Ed.)", "(Clan War)" for "Siege: Clan War", "(CE15)", "(TDoW)", "(PotD)". Each set is known by a few keys, made from
# its own name: letters and numbers only, in lower case; without a leading "The" or the word "Edition" (or with "Ed"
# for it); the part after a colon; the first letter of each word (a number whole, in figures or Roman numerals:
# "Chaos Reigns Part III" is CRPIII). Two sets may share a key ("DoW":
# Drums of War, The Dead of Winter): a key is only ever matched against the sets a card was printed in. Acronyms
# no rule makes ("IvE", "EmpE") are data/set-acronyms.yml's.
_SET_WORD = re.compile(r"[a-z0-9]+")


def set_key(text: str) -> str:
    """A set's name, or what a decklist wrote for one, as a key: letters and numbers, lower case."""
    return "".join(_SET_WORD.findall(plain(text).lower().replace("'", "").replace("\u2019", "")))


def set_keys(set_name: str) -> frozenset[str]:
    """Every key a set is known by (see above): "The Dead of Winter" -> deadofwinter, thedeadofwinter, tdow, dow..."""
    name = plain(set_name).lower().replace("'", "").replace("\u2019", "")
    keys: set[str] = set()
    # "&" and "and" alike: "Fire & Shadow" is written "Fire and Shadow", "F&S" and "FandS" too (the pool's own tag)
    names = {name, name.replace("&", " and "), re.sub(r"\band\b", "&", name)}
    for part in {part for written in names for part in (written, written.split(":", 1)[-1])}:
        words = _SET_WORD.findall(part)
        for form in (words, words[1:] if words[:1] == ["the"] and len(words) > 1 else words):
            without = [w for w in form if w != "edition"] or form
            for written in (form, without, ["ed" if w == "edition" else w for w in form]):
                keys.add("".join(written))
                keys.add("".join(w if w.isdigit() or w in ROMAN_LEVELS else w[0] for w in written))
                keys.add("".join(w if w.isdigit() or w in ROMAN_LEVELS or w == "and" else w[0] for w in written))
    return frozenset(k for k in keys if len(k) > 1)  # one letter ("G") is no set's name


def split_qualifier(title: str) -> tuple[str, str | None]:
    """'Hida Kisada (Emperor)' -> ('Hida Kisada', 'Emperor'): the pool's way of telling same-title cards apart."""
    text = plain(title)
    match = _QUALIFIER.match(text) if text.endswith(")") else None
    if not match:
        return text, None
    return match.group("base"), match.group("qualifier")


# -- the reading key: a title as players write it -------------------------------------------------------------
# What a decklist or a search box may change in a title and still mean it: case, accents and macrons, "&" for
# "and", apostrophes dropped, any other punctuation (hyphens, commas, "!", quotes, dashes) as a space or as
# nothing, a leading article. Data, not code: the browser (assets/deck-check.js, assets/title-match.js) applies the
# same steps from this table (exported by l5r/site/api/deckdata.py), so both sides read a title alike.
_READING_MARKS = "[\u0300-\u036f]"  # after NFKD: the accents and macrons dropped ("Kyūden" -> "Kyuden")
# in order, on the lower-case text: each (pattern, replacement) (patterns are both Python and JavaScript)
_READING_REPLACE = ((FORMATTING_TAGS, ""), ("&", " and "), ("['\u2019\u2018`\u00b4]", ""), ("[^a-z0-9]+", " "))
_READING_ARTICLES = ("the", "a", "an")  # one leading article is dropped ("The Wall is Breached" = "Wall is Breached")
# British spellings read as the pool's American ones, word starts on the folded words: "Honour's Cost",
# "Armoured Cavalry", "Defences", "Sabre" (and informal ones: "Lite"). The pool's titles hold none of these forms (a generated test over
# the pool checks it), so a title's own words never change; "grey" stays, as the pool writes it ("The Grey Crane").
_OUR_STEMS = (
    "arm ard behavi cand clam col endeav ferv fav glam harb hon hum lab neighb od parl ranc rig rum savi splend"
)
_ENCE_STEMS = "def lic off pret"
_RE_WORDS = "cent fib lust meag sab somb spect theat"  # whole words only: "centred" is left as written
# ... and the informal spellings old posts use, whole words too: "Elite Lite Infantry", "Nite Attack"
# (with an "s" after them, as a plural or a possessive without its apostrophe: "Behind Nite's Shadow")
_INFORMAL_WORDS = {
    **{word + end: standard + end for word, standard in (("lite", "light"), ("nite", "night")) for end in ("", "s")},
    **{"thru": "through", "tonite": "tonight"},
}
_WHOLE_WORDS = [(f"{stem}re", f"{stem}er") for stem in _RE_WORDS.split()] + list(_INFORMAL_WORDS.items())
_SPELLING_WORDS: Final[dict[str, str]] = dict(
    sorted(
        [(f"{stem}our", f"{stem}or") for stem in _OUR_STEMS.split()]
        + [(f"{stem}ence", f"{stem}ense") for stem in _ENCE_STEMS.split()]
        + _WHOLE_WORDS
    )
)
_SPELLING_PATTERN = (
    r"\b(?:"
    + "|".join(word for word in _SPELLING_WORDS if word not in dict(_WHOLE_WORDS))
    + "|(?:"
    + "|".join(sorted(dict(_WHOLE_WORDS)))
    + r")\b)"
)
# A level written in the words, as the searches are typed ("kuni yori xp2", "kuni yori exp ii", "exp two"): the
# marker and its number, an ordinal in figures before the marker ("2nd exp"), or "xp" alone, as the pool's
# "experienced 2" ("exp" alone stays: it begins "Expanding" as well), and the card before its experienced versions as
# players also write it, "unexp", "non exp", "unexperienced", as the pool's "inexperienced"; the marker misspelt too
# ("experianced", and "experience" before a number: `_MISSPELT_MARKER`). A title's own words
# never change: its level is already "experienced 2" (a generated test over the pool checks it).
_LEVEL_WORDS = (
    rf"\b(?:(in)?exp(?:erienced|{_MISSPELT}|erience)?|xp|ex(?= ?\d)|e(?=\d)) ?"
    r"(\d+|vii|vi|iv|v|i{1,3}|one|two|three|four|five|six|seven)\b"
    rf"|\b([1-7])(?:st|nd|rd|th)? ?(?:exp(?:erienced)?|xp)\b|\bxp\b|\bexp(?:{_MISSPELT})\b|\b(un|non ?)exp(?:erienced)?\b"
)
READING_KEY_RULES: Final[dict[str, object]] = {
    "same": dict(sorted((chr(k), v) for k, v in _SAME_CHARACTERS.items())),  # as `plain`
    "formatting": FORMATTING_TAGS,  # taken out of a title by title_key (and the first of the steps below)
    "marks": _READING_MARKS,
    "replace": [list(step) for step in _READING_REPLACE],
    # after the steps: each match of the pattern, as the word it names
    "spellings": {"pattern": _SPELLING_PATTERN, "words": _SPELLING_WORDS},
    # then each match of the pattern as "experienced" (after "in" when it is there), a space and the level's
    # number (a Roman numeral's from the table), or as "experienced" alone when it holds no number or the number 1
    # (the second group, or the third: an ordinal's figure); a number in words from "words"; "inexperienced" when
    # the fourth group matched ("unexp")
    "levels": {"pattern": _LEVEL_WORDS, "roman": ROMAN_LEVELS, "words": LEVEL_WORDS},
    "articles": list(_READING_ARTICLES),
}
_MARKS = re.compile(_READING_MARKS)
_READING_STEPS = tuple((re.compile(pattern), replacement) for pattern, replacement in _READING_REPLACE)
_ARTICLES = frozenset(_READING_ARTICLES)
_SPELLINGS = re.compile(_SPELLING_PATTERN)
_LEVELS_WRITTEN = re.compile(_LEVEL_WORDS)
_A_DIGIT = re.compile("[0-9]")


def reading_words(title: str) -> str:
    """A title folded to lower-case words: 'Zin'tik'kir's Scout' -> 'zintikkirs scout', 'Hch-tik' -> 'hch tik',
    'Pearls & Spirits' -> 'pearls and spirits', accents and macrons dropped, British spellings as American ones
    ('Honour' -> 'honor'), a level in the words as the pool writes it ('xp2', 'exp ii' -> 'experienced 2'). The card
    searches match words of it."""
    return _reading_words_kept(title) if len(title) <= _FOLDED_LENGTH_KEPT else _reading_words(title)


@functools.lru_cache(maxsize=_FOLDINGS_KEPT)
def _reading_words_kept(title: str) -> str:
    return _reading_words(title)


def _reading_words(title: str) -> str:
    text = plain(title)
    if not text.isascii():  # (ASCII is its own NFKD form, with no marks)
        text = _MARKS.sub("", unicodedata.normalize("NFKD", text))
    text = text.lower()
    for pattern, replacement in _READING_STEPS:
        text = pattern.sub(replacement, text)
    text = _SPELLINGS.sub(_american, text)
    # (every marker holds an "x" but "e2", which a digit follows; the steps left only a-z, 0-9 and spaces)
    if "x" in text or _A_DIGIT.search(text):
        text = _LEVELS_WRITTEN.sub(_level_words, text)
    return text.strip()


def _american(match: re.Match[str]) -> str:
    return _SPELLING_WORDS[match.group(0)]


def _level_words(match: re.Match[str]) -> str:
    if match.group(4):
        return "inexperienced"  # "unexp", "non exp"
    level = match.group(2) or match.group(3)
    if level is None:
        return "experienced"
    number = ROMAN_LEVELS.get(level) or LEVEL_WORDS.get(level, level)
    # the first level, "exp 1", is the pool's "experienced" without a number (FIRST_LEVEL)
    return f"{match.group(1) or ''}experienced" + ("" if number == "1" else f" {number}")


# The small words a title is written with or without ("Temple of Heavenly Crab" for Temple of the Heavenly Crab,
# "Temple of the Elements" for Temple to the Elements): a name the same as one deck card's title without them is
# that card's, read as a near-certain typo (index.py same_but_small_words).
SMALL_WORDS: Final[tuple[str, ...]] = ("the", "a", "an", "of", "to", "in", "and")
# The clans' names, great and minor, as titles write them before the word "Clan" ("Ancestral Sword of Crab Clan")
CLAN_WORDS: Final[tuple[str, ...]] = (
    "crab", "crane", "dragon", "lion", "mantis", "phoenix", "scorpion", "unicorn", "spider", "badger", "bat", "boar",
    "centipede", "dragonfly", "falcon", "fox", "hare", "monkey", "oriole", "ox", "snake", "sparrow", "tanuki",
    "tortoise", "wasp",
)  # fmt: skip


def small_words_key(title: str) -> str:
    """A title's reading words without its small words (`SMALL_WORDS`), space-separated: "Temple of Heavenly Crab"
    and "Temple of the Heavenly Crab" both give "temple heavenly crab". The word "Clan" after a clan's name is one
    too: "Ancestral Sword of the Crab" and "Ancestral Sword of Crab Clan" both give "ancestral sword crab"
    (`CLAN_WORDS`; "Duty to the Clan", "A Clan United" keep it)."""
    words = [w for w in reading_key_words(title) if w]
    return " ".join(
        w
        for n, w in enumerate(words)
        if w not in SMALL_WORDS and not (w == "clan" and n and words[n - 1] in CLAN_WORDS)
    )


def reading_key_words(title: str) -> list[str]:
    """`reading_words` as a list, without one leading article ('The Impregnable Fortress' -> ['impregnable',
    'fortress'])."""
    words = reading_words(title).split(" ")
    return words[1:] if len(words) > 1 and words[0] in _ARTICLES else words


# a title's words abbreviated as players write them (`abbreviated_words`): a word's first letters, so many without a
# full stop ("Fam Bazaar"; a longer one is a word of its own: "Imperial Legion" is no Imperial Legionaries), any with
# one ("R. of Earth", and "Cntg. Hse.": its letters in order);
# and on a pre-game card's line, a name of this many letters, at least this many capitals, one word's first letter
# each ("BK", "BH"): elsewhere an acronym fits too many titles to read as one ("SotB" is six cards, "MVP" none)
ABBREVIATION_RULES: Final[dict[str, object]] = {
    "bare_prefix_letters": [3, 4],
    "acronym_letters": [2, 6],
    "acronym_capitals_at_least": 2,
}
_ABBREVIATIONS = cast(dict, ABBREVIATION_RULES)


def abbreviated_words(written: str, pre_game: bool = False) -> list[tuple[str, bool]] | None:
    """A name written with its title's words abbreviated, as its reading words, each with whether a full stop ended
    it ("Fam. Bazaar" -> [("fam", True), ("bazaar", False)]); on a pre-game card's line, an acronym as one letter a
    word ("BK" -> b, k); None for a name of no words."""
    text = plain(written)
    letters = _ABBREVIATIONS["acronym_letters"]
    if (
        pre_game
        and " " not in text
        and text.isalpha()
        and text.isascii()
        and letters[0] <= len(text) <= letters[1]
        and sum(ch.isupper() for ch in text) >= _ABBREVIATIONS["acronym_capitals_at_least"]
    ):
        return [(ch.lower(), True) for ch in text]
    words: list[tuple[str, bool]] = []
    for token in text.split(" "):
        parts = reading_words(token).split()
        words += [(part, token.endswith(".") and n == len(parts) - 1) for n, part in enumerate(parts)]
    if len(words) > 1 and words[0][0] in _ARTICLES and not words[0][1]:  # ("The." is Theological, cut short)
        words = words[1:]
    return words or None


def abbreviates(written: str, stopped: bool, word: str) -> bool:
    """Whether a written word stands for a title's word (`abbreviated_words`): the word itself; its first letters,
    fewer than all ("Fam" for famous: three or four, or any with a full stop, "R." for ring); or, with a full stop,
    some of its letters in order from its first ("Cntg." for counting, "Hse." for house)."""
    if written == word:
        return True
    if not written or len(written) >= len(word) or written[0] != word[0]:
        return False
    if word.startswith(written):
        return (
            stopped
            or _ABBREVIATIONS["bare_prefix_letters"][0] <= len(written) <= _ABBREVIATIONS["bare_prefix_letters"][1]
        )
    if not stopped:
        return False
    rest = iter(word[1:])
    return all(ch in rest for ch in written[1:])  # (each letter found after the one before it)


def reading_key(title: str) -> str:
    """The key a title is recognised by however a player writes it: `reading_key_words` without spaces ('The Wall
    is Breached', 'wall is breached!' and 'Wall-is-Breached' all give 'wallisbreached'). Two cards may share one; a
    lookup by it that finds several says so (the name is ambiguous), never picks."""
    return "".join(reading_key_words(title))
