"""How card names are written and compared: one normal form for titles and experience levels.

Decklists, the documents and the card pool write the same card in many ways ("Koan’s Jingasa",
"Border Keep - Exp 2", "Isawa Tadaka, Seven Thunder (Experienced 2CW)"); every comparison goes
through `title_key` and `experience_key` so they all meet.
"""

from __future__ import annotations

import re

_SAME_CHARACTERS = str.maketrans({
    "’": "'", "‘": "'", "`": "'", "´": "'", "“": '"', "”": '"', "–": "-", "—": "-", "\u00a0": " ",
})

# "Experienced 2CW", "Exp 2", "Exp. 3KYD", "ExperiencedCoM", "Inexperienced", "Experienced 3.5"
_EXPERIENCE = r"(?P<exp>(?:in)?exp(?:erienced|\.)?(?:\s*\d+(?:\.\d+)?)?(?:\s*[a-z]{2,3})?)"
_EXPERIENCE_ALONE = re.compile(rf"^{_EXPERIENCE}$", re.I)
# The experience level after a title: " - Exp 2", " • Experienced", ", Experienced 2CW", " Experienced" or "(...)".
_TRAILING_EXPERIENCE = re.compile(
    rf"^(?P<title>.+?)(?<!\s)(?:\s*[-•,]\s*|\s+|\s*\(\s*){_EXPERIENCE}\s*\)?$", re.I)
_QUALIFIER = re.compile(r"^(?P<base>.+?)(?<!\s)\s*\((?P<qualifier>[^()]+)\)$")


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
    key = re.sub(r"^(in)?exp(erienced)?", lambda m: (m.group(1) or "") + "experienced", key)
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
