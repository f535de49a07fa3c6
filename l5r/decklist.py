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

Nothing here knows cards: a line is only split into count, name, experience level and set. Lines that
are not card lines become `issues`; the deck checker reports them as `parse` problems.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from .cardpool.names import is_experience, plain, split_experience
from .data.yamlsource import ShapeError, check_shape

PREGAME, DYNASTY, FATE = "pre_game", "dynasty", "fate"
SECTIONS = (PREGAME, DYNASTY, FATE)
SECTION_NAMES = {PREGAME: "Pre-Game", DYNASTY: "Dynasty", FATE: "Fate"}
DECK_OF_SECTION = {PREGAME: "Pre-Game", DYNASTY: "Dynasty", FATE: "Fate"}  # the pool's `decks` values

_HEADERS = {
    "pre-game": PREGAME, "pregame": PREGAME, "pre game": PREGAME, "stronghold": PREGAME, "sensei": PREGAME,
    "wind": PREGAME, "winds": PREGAME, "starting holdings": PREGAME,
    "dynasty": DYNASTY, "dynasty deck": DYNASTY, "fate": FATE, "fate deck": FATE,
}
# Sub-headings many decklists use inside a deck ("Personalities (14):"); they change nothing.
_LABELS = {
    "personalities", "personality", "holdings", "holding", "events", "event", "regions", "region",
    "celestials", "celestial", "strategies", "strategy", "items", "item", "followers", "follower",
    "spells", "spell", "rings", "ring", "ancestors", "ancestor", "attachments",
}
_HEADER = re.compile(r"^(?P<name>[A-Za-z][A-Za-z -]*?)\s*(?:\(\s*(?P<count>\d+)\s*\)|(?P<bare>\d+))?\s*:\s*$")
_COUNT = re.compile(r"^(?P<count>\d+)\s*(?:[x×]\s*|\s)\s*(?P<rest>\S.*)$", re.I)
_SET = re.compile(r"^(?P<rest>.*?)\s*\[(?P<set>[^\[\]]+)\]$")
_BULLET = re.compile(r"^[-*]\s+")
_YAML_KEYS = {"pre_game": PREGAME, "pregame": PREGAME, "pre-game": PREGAME, "stronghold": PREGAME,
              "dynasty": DYNASTY, "fate": FATE}
_YAML_METADATA = {"name", "format", "author", "notes", "description", "date", "clan"}
MAX_COPIES_ON_A_LINE = 99


class DecklistError(Exception):
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


@dataclass(frozen=True)
class LineIssue:
    line: int
    message: str


@dataclass(frozen=True)
class Decklist:
    source: str
    cards: tuple[CardLine, ...]
    issues: tuple[LineIssue, ...] = ()
    declared: tuple[tuple[str, int, int], ...] = ()  # (section, count a header states, its line)

    def section(self, section: str) -> tuple[CardLine, ...]:
        return tuple(c for c in self.cards if c.section == section)


MAX_DECK_BYTES = 8 * 1024 * 1024  # a real decklist is a few kilobytes; /dev/zero or a disk image is not one


def read_decklist(path: str | Path) -> Decklist:
    """Read a deck file; `-` reads standard input. YAML when the name ends in .yml/.yaml."""
    path = str(path)
    try:
        if path == "-":
            import sys
            raw = sys.stdin.buffer.read(MAX_DECK_BYTES + 1)
        else:
            with open(path, "rb") as handle:  # read at most the limit: /dev/zero never ends
                raw = handle.read(MAX_DECK_BYTES + 1)
    except FileNotFoundError:
        raise DecklistError(f"deck file {path} does not exist") from None
    except IsADirectoryError:
        raise DecklistError(f"deck file {path} is a folder, not a file") from None
    except OSError as exc:
        raise DecklistError(f"cannot read deck file {path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_DECK_BYTES:
        raise DecklistError(f"deck file {path} is over {MAX_DECK_BYTES // (1024 * 1024)} MB; "
                            "a decklist is a short text file")
    text = _decode(raw, path)
    if path.lower().endswith((".yml", ".yaml")):
        return parse_yaml(text, path)
    return parse_text(text, path)


def _decode(raw: bytes, path: str) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DecklistError(f"deck file {path} is not UTF-8 text (byte 0x{raw[exc.start]:02x} on line {line}); "
                            "save it as UTF-8") from None


def parse_text(text: str, source: str = "<deck>") -> Decklist:
    cards, issues, declared = [], [], []
    section = None
    for number, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1):  # line numbers as an editor counts
        line = _strip_comment(raw)
        if not line:
            continue
        header = _HEADER.match(line)
        if header:
            name = plain(header.group("name")).lower()
            count = header.group("count") or header.group("bare")
            if name in _HEADERS:
                section = _HEADERS[name]
                if count:
                    declared.append((section, int(count), number))
            elif name not in _LABELS:
                issues.append(LineIssue(number, f"“{line}” is not a section header (Pre-Game:, Dynasty:, Fate:)"))
            continue
        parsed = parse_card_line(line, number, section)
        if isinstance(parsed, LineIssue):
            issues.append(parsed)
        else:
            cards.append(parsed)
    return Decklist(source, tuple(cards), tuple(issues), tuple(declared))


def parse_yaml(text: str, source: str = "<deck>") -> Decklist:
    try:
        check_shape(text, max_depth=8, aliases="aliases (*name) are not used in decklists; write the card out")
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except ShapeError as exc:
        raise DecklistError(f"deck file {source} line {exc.line}: {exc.message}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark else ""
        raise DecklistError(f"deck file {source} is not valid YAML{where}") from None
    if not isinstance(root, yaml.MappingNode):
        raise DecklistError(f"deck file {source} must be a YAML mapping with pre_game, dynasty and fate lists")
    cards, issues = [], []
    for key_node, value_node in root.value:
        key = str(key_node.value).strip().lower()
        line = key_node.start_mark.line + 1
        if key in _YAML_METADATA:
            continue
        if key not in _YAML_KEYS:
            issues.append(LineIssue(line, f"“{key_node.value}” is not a deck section (pre_game, dynasty, fate)"))
            continue
        section = _YAML_KEYS[key]
        items = value_node.value if isinstance(value_node, yaml.SequenceNode) else None
        if items is None:
            if not (isinstance(value_node, yaml.ScalarNode) and value_node.value in ("", "~", "null")):
                issues.append(LineIssue(line, f"`{key_node.value}:` must be a list of card lines"))
            continue
        for item in items:
            item_line = item.start_mark.line + 1
            if not isinstance(item, yaml.ScalarNode) or not str(item.value).strip():
                issues.append(LineIssue(item_line, "a list item that is not a card line"))
                continue
            parsed = parse_card_line(_strip_comment(str(item.value)), item_line, section)
            (issues if isinstance(parsed, LineIssue) else cards).append(parsed)
    return Decklist(source, tuple(cards), tuple(issues))


def parse_card_line(line: str, number: int, section: str | None) -> CardLine | LineIssue:
    """'3x Border Keep - Exp 2 [Coils of Madness]' -> CardLine(count=3, name='Border Keep', ...)."""
    line = whole = _BULLET.sub("", plain(line))
    count = 1
    if re.match(r"^[-−]\d+\s*(?:[x×]\s*|\s)", line):  # "-1 Title": a negative count, not a bullet
        return LineIssue(number, f"“{whole}”: a card line needs a count from 1 to {MAX_COPIES_ON_A_LINE}")
    match = _COUNT.match(line)
    if match:
        count, line = int(match.group("count")), match.group("rest").strip()
        if not 1 <= count <= MAX_COPIES_ON_A_LINE:
            return LineIssue(number, f"“{whole}”: a card line needs a count from 1 to {MAX_COPIES_ON_A_LINE}")
    set_name = None
    match = _SET.match(line)
    if match:
        line, set_name = match.group("rest").strip(), plain(match.group("set"))
    if not re.search(r"[A-Za-z]", line) or is_experience(line):
        return LineIssue(number, f"“{line or '(empty)'}” is not a card line (expected e.g. “3 Card Title”)")
    name, experience = split_experience(line)
    return CardLine(number, section, count, name, experience, set_name, line)


def _strip_comment(line: str) -> str:
    if line.lstrip().startswith("#"):
        return ""
    return re.sub(r"\s+#.*$", "", line).strip()
