"""Card titles written the ways players write them: the styles the whole-pool reading tests generate.

Each style turns a pool identity (title and experience level) into a decklist line's card part, or None when the
style changes nothing for that title (a title with no hyphen has no "hyphen as a space" form). The styles are the
classes issue-style reports name: case; "&" and "and"; hyphens as spaces, dropped or as dashes; apostrophes, "!",
commas and quotes dropped; accents dropped; a leading article dropped or added; British spellings ("Honour",
"Armour", "Defence", "Sabre"), informal ones ("Lite", "Nite", "Thru"); and every experience marker
players write ("XP", "xp2", "Exp", "exp.", "(Experienced 3)", "- exp 2", "• Experienced 2", "inexp", "Exp II"), after
the title or before it ("Exp Hida Kisada", "Exp2 Kuni Yori", "Experienced 2 Kuni Yori").
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable

TitleStyle = Callable[[str], "str | None"]


def _changed(before: str, after: str) -> str | None:
    return after if after != before else None


def _no_accents(title: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", title) if not unicodedata.combining(c))


TITLE_STYLES: dict[str, TitleStyle] = {
    "as printed": lambda t: t,
    "lower case": lambda t: _changed(t, t.lower()),
    "upper case": lambda t: _changed(t, t.upper()),
    "& as and": lambda t: _changed(t, t.replace("&", "and")),
    "and as &": lambda t: _changed(t, re.sub(r"\band\b", "&", t)),
    "hyphen as space": lambda t: _changed(t, t.replace("-", " ")),
    "hyphen dropped": lambda t: _changed(t, t.replace("-", "")),
    "hyphen as dash": lambda t: _changed(t, t.replace("-", "–")),
    "apostrophes dropped": lambda t: _changed(t, t.replace("'", "")),
    "curly apostrophes": lambda t: _changed(t, t.replace("'", "’")),
    "! and ? dropped": lambda t: _changed(t, t.replace("!", "").replace("?", "")),
    "commas dropped": lambda t: _changed(t, t.replace(",", "")),
    "quotes dropped": lambda t: _changed(t, t.replace('"', "")),
    "accents dropped": lambda t: _changed(t, _no_accents(t)),
    "leading The dropped": lambda t: t[4:] if t.startswith("The ") and len(t) > 4 else None,
    "leading The added": lambda t: None if re.match(r"\W*(?:the|an?)\b", t, re.I) else "The " + t,
    "all punctuation dropped": lambda t: _changed(t, re.sub(r"\s+", " ", re.sub(r"[^\w\s&]", "", t)).strip()),
    "British spelling": lambda t: _changed(t, _british(t)),
    # the informal spellings old posts use: "Elite Lite Infantry", "Nite Attack", "Thru the Mist" (whole words)
    "informal spelling": lambda t: _changed(t, _INFORMAL.sub(lambda m: _INFORMAL_FORMS[m.group(0).lower()], t)),
    # a Personality's subtitle in brackets instead of after its comma: "Akodo Kano (Master Tactician)"
    "subtitle in brackets": lambda t: (
        f"{t.partition(', ')[0]} ({t.partition(', ')[2]})" if ", " in t and "(" not in t and ")" not in t else None
    ),
    # the pool's italics in a few titles ("Tangen's <i>Lies</i>"): no player writes the tags
    "italics tags dropped": lambda t: _changed(t, re.sub(r"</?i>", "", t)),
    # the count's copies said in the title: "3 Ambushes", "2 Iron Mines", "3 Rice Paddies", "2 Ashigaru Spearmen"
    "made plural": lambda t: _plural(t),
}


def _plural(title: str) -> str | None:
    """The title with its last word made plural as English does, when it is a word of letters ("Rout" -> "Routs",
    "Ambush" -> "Ambushes", "Paddy" -> "Paddies", "Spearman" -> "Spearmen")."""
    match = re.search(r"(?<![\w'’-])([A-Za-z]{3,})$", title)
    if not match:
        return None
    word = match.group(1)
    if re.search(r"[^aeiou]y$", word, re.I):
        plural = word[:-1] + "ies"
    elif re.search(r"man$", word, re.I):
        plural = word[:-3] + "men"
    elif re.search(r"(?:s|x|z|ch|sh)$", word, re.I):
        plural = word + "es"
    else:
        plural = word + "s"
    return title[: match.start()] + plural


# The pool's American spellings as a British player writes them: "Honor's Cost" -> "Honour's Cost", "Armored
# Cavalry" -> "Armoured Cavalry", "Defenses" -> "Defences", "Saber" -> "Sabre" (word starts; -er words whole).
_AMERICAN = re.compile(
    r"\b(?:(?P<our>arm|ard|behavi|cand|clam|col|endeav|ferv|fav|glam|harb|hon|hum|lab|neighb|od|parl|ranc|rig|rum"
    r"|savi|splend)or|(?P<ence>def|lic|off|pret)ense|(?P<re>cent|fib|lust|meag|sab|somb|spect|theat)er\b)",
    re.I,
)


_INFORMAL_FORMS = {"light": "Lite", "night": "Nite", "through": "Thru", "tonight": "Tonite"}
_INFORMAL = re.compile(r"\b(?:light|night|through|tonight)\b", re.I)


def _british(title: str) -> str:
    def spelt(match: re.Match[str]) -> str:
        word = match.group(0)
        stem = match.group("our") or match.group("ence") or match.group("re")
        ending = "our" if match.group("our") else "ence" if match.group("ence") else "re"
        return stem + (ending.upper() if word.isupper() else ending)

    return _AMERICAN.sub(spelt, title)


_LEVEL = re.compile(r"^(?P<in>In)?[Ee]xperienced\s*(?P<n>\d+(?:\.\d+)?)?\s*(?P<tag>[A-Za-z]{2,3})?$")
_WORDS = ("One", "Two", "Three", "Four", "Five", "Six", "Seven")
_ORDINAL_ENDS = {"1": "st", "2": "nd", "3": "rd"}
_ROMAN = {"1": "I", "2": "II", "3": "III", "4": "IV", "5": "V", "6": "VI", "7": "VII"}

# A level marker: (title, the pool's experience level) -> the card as written, or None when it does not apply.
LevelStyle = Callable[[str, "str | None"], "str | None"]


def _marker(written: Callable[[str, str, str], str]) -> LevelStyle:
    """A marker after the title, from (digits, tag, title) to the text after it."""

    def style(title: str, experience: str | None) -> str | None:
        match = _LEVEL.match(experience or "")
        if not match or match.group("in"):
            return None
        return title + written(match.group("n") or "", match.group("tag") or "", title)

    return style


def _before(written: Callable[[str, str], str]) -> LevelStyle:
    """A marker before the title, from (digits, tag) to the text in front of it."""

    def style(title: str, experience: str | None) -> str | None:
        match = _LEVEL.match(experience or "")
        if not match or match.group("in"):
            return None
        return written(match.group("n") or "", match.group("tag") or "") + title

    return style


def _numbered(experience: str | None) -> bool:
    match = _LEVEL.match(experience or "")
    return bool(match and match.group("n"))


def _roman(n: str) -> str | None:
    return _ROMAN.get(n)


LEVEL_STYLES: dict[str, LevelStyle] = {
    "• Experienced N": lambda t, e: f"{t} • {e}" if e else None,
    "XPn": _marker(lambda n, tag, _: f" XP{n}{tag}"),
    "xp n": _marker(lambda n, tag, _: f" xp {n}{tag}".rstrip()),
    "Exp": _marker(lambda n, tag, _: f" Exp{(' ' + n) if n else ''}{tag}"),
    "exp.": _marker(lambda n, tag, _: f" exp.{(' ' + n) if n else ''}{tag}"),
    "(Experienced N)": _marker(lambda n, tag, _: f" (Experienced{(' ' + n) if n else ''}{tag})"),
    "- exp N": _marker(lambda n, tag, _: f" - exp{(' ' + n) if n else ''}{tag}"),
    ", Experienced N": _marker(lambda n, tag, _: f", Experienced{(' ' + n) if n else ''}{tag}"),
    # the level in square brackets, where a set's name also goes: "Kuni Yori [Exp 2]", "Hida Kisada [exp]"
    "[Exp N]": _marker(lambda n, tag, _: f" [Exp{(' ' + n) if n else ''}{tag}]"),
    # the number marked off: "Kuni Yori exp #2" ("#" also starts a comment), "Kuni Yori XP-2"
    "exp #N": lambda t, e: _marker(lambda n, tag, _: f" exp #{n}{tag}")(t, e) if _numbered(e) else None,
    "XP-N": lambda t, e: _marker(lambda n, tag, _: f" XP-{n}{tag}")(t, e) if _numbered(e) else None,
    # a full stop after the level, as a line written as a sentence ends: "Kuni Yori exp 2."
    "exp N.": _marker(lambda n, tag, _: f" exp{(' ' + n) if n else ''}{tag}."),
    # the marker misspelt, as posts misspell it: "Kuni Yori Experianced 2", "Kuni Yori Experience 2" (with a number
    # only: titles end in "Experience")
    "Experianced N": _marker(lambda n, tag, _: f" Experianced{(' ' + n) if n else ''}{tag}"),
    "Experience N": lambda t, e: _marker(lambda n, tag, _: f" Experience {n}{tag}")(t, e) if _numbered(e) else None,
    # the level in Roman numerals: "Kuni Yori Exp II" (levels with a number only)
    "Exp II": lambda t, e: (
        f"{t} Exp {_roman(m.group('n'))}{(' ' + m.group('tag')) if m.group('tag') else ''}"
        if (m := _LEVEL.match(e or "")) and not m.group("in") and _roman(m.group("n") or "")
        else None
    ),
    # the shortest shorthand: "Kuni Yori ex2", "Togashi Mitsu ex", "Kuni Yori e2" (a number after "e" only)
    "exN": _marker(lambda n, tag, _: f" ex{n}{tag}" if n else f" ex{(' ' + tag) if tag else ''}"),  # "ex CW"
    "eN": lambda t, e: _marker(lambda n, tag, _: f" e{n}{tag}")(t, e) if _numbered(e) else None,
    # the level's number in words, and as an ordinal before the marker: "Kuni Yori Exp Two", "Kuni Yori (2nd exp)"
    "Exp Two": lambda t, e: (
        f"{t} Exp {_WORDS[int(m.group('n')) - 1]}{(' ' + m.group('tag')) if m.group('tag') else ''}"
        if (m := _LEVEL.match(e or "")) and not m.group("in") and (m.group("n") or "").isdigit()
        else None
    ),
    "(2nd exp)": lambda t, e: (
        f"{t} ({m.group('n')}{_ORDINAL_ENDS.get(m.group('n'), 'th')} exp{(' ' + m.group('tag')) if m.group('tag') else ''})"
        if (m := _LEVEL.match(e or "")) and not m.group("in") and (m.group("n") or "").isdigit()
        else None
    ),
    # the level's number before the marker, as forums write it: "Kuni Yori 2xp", "Hida Kisada 3 exp" (the first
    # level too: "Togashi Mitsu 1xp")
    # (a figure of the pool's levels, 1 to 7; a set's tag after it stays the pool's own form's)
    "2xp": lambda t, e: (
        f"{t} {m.group('n') or '1'}xp"
        if (m := _LEVEL.match(e or "")) and not m.group("in") and not m.group("tag") and (m.group("n") or "1").isdigit()
        else None
    ),
    "2 exp": lambda t, e: (
        f"{t} {m.group('n') or '1'} exp"
        if (m := _LEVEL.match(e or "")) and not m.group("in") and not m.group("tag") and (m.group("n") or "1").isdigit()
        else None
    ),
    # the marker before the title: "Exp Hida Kisada", "Exp2 Kuni Yori", "Experienced 2 Kuni Yori", "XP2 Kuni Yori"
    "Exp title": _before(lambda n, tag: f"Exp{(' ' + n + tag) if n else ''} "),
    "XPn title": _before(lambda n, tag: f"XP{n}{tag if n else ''} "),
    "ExpN title": _before(lambda n, tag: f"Exp{n}{tag if n else ''} "),
    "Experienced N title": _before(lambda n, tag: f"Experienced{(' ' + n + tag) if n else ''} "),
    "Inexperienced": lambda t, e: f"{t} Inexperienced" if e == "Inexperienced" else None,
    "inexp": lambda t, e: f"{t} inexp" if e == "Inexperienced" else None,
    "- Inexp.": lambda t, e: f"{t} - Inexp." if e == "Inexperienced" else None,
    # the same as players also write it: "Kuni Yori unexp", "Unexperienced Kuni Yori" (and on a deck's line only,
    # "Kuni Yori (non-exp)": LINE_STYLES)
    "unexp": lambda t, e: f"{t} unexp" if e == "Inexperienced" else None,
    "Unexperienced title": lambda t, e: f"Unexperienced {t}" if e == "Inexperienced" else None,
    # the first level with its number, which the pool leaves out: "Kuni Yori - Exp 1", "Kuni Yori (Experienced I)"
    "- Exp 1": lambda t, e: f"{t} - Exp 1" if e == "Experienced" else None,
    "(Experienced I)": lambda t, e: f"{t} (Experienced I)" if e == "Experienced" else None,
}
# What only a decklist's line adds to a card (a search box gets none of it): the author's aside after the card,
# "Kuni Yori • Experienced 2 (my MVP)", "Iron Mine (my MVP)".
LINE_STYLES: dict[str, LevelStyle] = {
    "(aside)": lambda t, e: f"{t}{' • ' + e if e else ''} (my MVP)",
    # a comment after a colon, as a chat writes one: "Kuni Yori • Experienced 2: always"
    ": comment": lambda t, e: f"{t}{' • ' + e if e else ''}: always",
    # the level first with a hyphen: "Exp-2 Kuni Yori" (levels with a number)
    "Exp-N title": lambda t, e: _before(lambda n, tag: f"Exp-{n}{tag} ")(t, e) if _numbered(e) else None,
    # "Kuni Yori (non-exp)": two words in a search box, whose query language reads each word alone
    "(non-exp)": lambda t, e: f"{t} (non-exp)" if e == "Inexperienced" else None,
    # the word "version" after the level, as an author names a card's printing: "Kuni Yori (Exp 2 version)"
    "(Exp N version)": _marker(lambda n, tag, _: f" (Exp{(' ' + n) if n else ''}{tag} version)"),
}


def written_forms(title: str, experience: str | None) -> list[tuple[str, str]]:
    """(style name, the card as written) for every style that applies to this identity: each title style with
    the pool's own level, and the title as printed with each experience marker."""
    level = f" • {experience}" if experience else ""
    out = []
    for name, style in TITLE_STYLES.items():
        styled = style(title)
        if styled is not None and styled.strip():
            out.append((name, styled + level))
    for name, marker in (LEVEL_STYLES | LINE_STYLES).items():
        written = marker(title, experience)
        if written is not None and name != "• Experienced N":
            out.append((name, written))
    return out
