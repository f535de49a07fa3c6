"""How card names are written and compared: one normal form for titles and experience levels.

Decklists, the documents and the card pool write the same card in many ways ("Koan’s Jingasa",
"Border Keep - Exp 2", "Isawa Tadaka, Seven Thunder (Experienced 2CW)"); every comparison goes
through `title_key` and `experience_key` so they all meet.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

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

# "Experienced 2CW", "Exp 2", "Exp. 3KYD", "ExperiencedCoM", "Inexperienced", "inexp", "Experienced 3.5", and the
# forum shorthand "XP", "xp2", "XP 2CW" (no pool title ends in the word "xp" or "exp")
_EXPERIENCE = r"(?P<exp>(?:(?:in)?exp(?:erienced|\.)?|xp)(?:\s*\d+(?:\.\d+)?)?(?:\s*[a-z]{2,3})?)"
EXPERIENCE_ALONE = _EXPERIENCE_ALONE = re.compile(rf"^{_EXPERIENCE}$", re.I)
# The experience level after a title: " - Exp 2", " • Experienced", ", Experienced 2CW", " Experienced" or "(...)".
TRAILING_EXPERIENCE = _TRAILING_EXPERIENCE = re.compile(
    rf"^(?P<title>.+?)(?<!\s)(?:\s*[-•,]\s*|\s+|\s*\(\s*){_EXPERIENCE}\s*\)?$", re.I
)
QUALIFIER = _QUALIFIER = re.compile(r"^(?P<base>.+?)(?<!\s)\s*\((?P<qualifier>[^()]+)\)$")


def plain(text: str) -> str:
    """Curly quotes and dashes made straight, runs of spaces made one."""
    # A deck line is read through this ten times: ASCII without a backtick needs no translation, and str.split()
    # splits at exactly the characters `\s` matches (both ask str.isspace), at a fraction of a regex's cost.
    if not text.isascii() or "`" in text:
        text = text.translate(_SAME_CHARACTERS)
    return " ".join(text.split())


def title_key(title: str) -> str:
    """The form two titles are compared in: plain, lower case."""
    return plain(title).lower()


def experience_key(experience: str | None) -> str:
    """'Exp 2 CW', 'Experienced 2CW' and 'experienced2cw' all give 'experienced2cw'; no level gives ''."""
    if not experience:
        return ""
    key = re.sub(r"[\s.]", "", experience.lower())
    key = re.sub(r"^(?:(in)?exp(?:erienced)?|xp)", lambda m: (m.group(1) or "") + "experienced", key)
    return key


def is_experience(text: str) -> bool:
    return bool(_EXPERIENCE_ALONE.match(plain(text)))


def split_experience(name: str) -> tuple[str, str | None]:
    """'Border Keep - Exp 2' -> ('Border Keep', 'Exp 2'); a name without a level -> (name, None)."""
    name = plain(name)
    match = _TRAILING_EXPERIENCE.match(name)
    if not match or not match.group("title").strip(" -•,("):
        return name, None
    return match.group("title").strip(), match.group("exp")


def split_qualifier(title: str) -> tuple[str, str | None]:
    """'Hida Kisada (Emperor)' -> ('Hida Kisada', 'Emperor'): the pool's way of telling same-title cards apart."""
    match = _QUALIFIER.match(plain(title))
    if not match:
        return plain(title), None
    return match.group("base"), match.group("qualifier")


# -- the reading key: a title as players write it -------------------------------------------------------------
# What a decklist or a search box may change in a title and still mean it: case, accents and macrons, "&" for
# "and", apostrophes dropped, any other punctuation (hyphens, commas, "!", quotes, dashes) as a space or as
# nothing, a leading article. Data, not code: the browser (assets/deck-check.js, assets/title-match.js) applies the
# same steps from this table (exported by l5r/site/api/deckdata.py), so both sides read a title alike.
_READING_MARKS = "[\u0300-\u036f]"  # after NFKD: the accents and macrons dropped ("Kyūden" -> "Kyuden")
# in order, on the lower-case text: each (pattern, replacement) (patterns are both Python and JavaScript)
_READING_REPLACE = (("&", " and "), ("['\u2019\u2018`\u00b4]", ""), ("[^a-z0-9]+", " "))
_READING_ARTICLES = ("the", "a", "an")  # one leading article is dropped ("The Wall is Breached" = "Wall is Breached")
READING_KEY_RULES: Final[dict[str, object]] = {
    "same": dict(sorted((chr(k), v) for k, v in _SAME_CHARACTERS.items())),  # as `plain`
    "marks": _READING_MARKS,
    "replace": [list(step) for step in _READING_REPLACE],
    "articles": list(_READING_ARTICLES),
}
_MARKS = re.compile(_READING_MARKS)
_READING_STEPS = tuple((re.compile(pattern), replacement) for pattern, replacement in _READING_REPLACE)
_ARTICLES = frozenset(_READING_ARTICLES)


def reading_words(title: str) -> str:
    """A title folded to lower-case words: 'Zin'tik'kir's Scout' -> 'zintikkirs scout', 'Hch-tik' -> 'hch tik',
    'Pearls & Spirits' -> 'pearls and spirits', accents and macrons dropped. The card searches match words of it."""
    text = _MARKS.sub("", unicodedata.normalize("NFKD", plain(title))).lower()
    for pattern, replacement in _READING_STEPS:
        text = pattern.sub(replacement, text)
    return text.strip()


def reading_key(title: str) -> str:
    """The key a title is recognised by however a player writes it: `reading_words` without a leading article and
    without spaces ('The Wall is Breached', 'wall is breached!' and 'Wall-is-Breached' all give 'wallisbreached').
    Two cards may share one; a lookup by it that finds several says so (the name is ambiguous), never picks."""
    words = reading_words(title).split(" ")
    if len(words) > 1 and words[0] in _ARTICLES:
        words = words[1:]
    return "".join(words)
