"""The pool's printings of every card (text, stats, rarity, artists, errata) and the sets' release dates: read
once per build, cached like the deck checker's index."""

from __future__ import annotations

import hashlib
import json
import zlib
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml

from ...cardpool import cache
from ...cardpool.names import plain
from ...cardpool.read import MAX_SET_BYTES, MAX_SET_VALUES, deck_of, read_set, set_files
from ...data.safefile import UnreadableFile, read_text
from ...data.yamlsource import ShapeError, load_checked
from ...progress import Unit, meter

STATS = (
    ("force", "Force"),
    ("chi", "Chi"),
    ("focus", "Focus"),
    ("gold_cost", "Gold cost"),
    ("personal_honor", "Personal honor"),
    ("honor_requirement", "Honor requirement"),
    ("province_strength", "Province strength"),
    ("gold_production", "Gold production"),
    ("starting_honor", "Starting honor"),
)
_KEPT = ("text", "errata_text", "rarity", "artist", "_set") + tuple(k for k, _ in STATS)
_KEPT = ("text", "errata_text", "rarity", "artist", "_set") + tuple(k for k, _ in STATS)


@dataclass
class PoolPrintings:
    by_identity: Mapping  # (key, deck) -> [printing dict]
    release: dict  # set name -> "YYYY-MM-DD"


def read_printings(pool_dir: Path) -> PoolPrintings:
    by_identity: dict = defaultdict(list)
    files = set_files(pool_dir)
    # The pool is read a second time for the text it was read without (l5r/cardpool/read.py keeps no card text):
    # as long as the first reading when nothing is cached.
    with meter("reading the cards' printings", len(files), Unit.FILES) as bar:
        for path in files:
            bar.advance()
            for p in read_set(path):
                if p.get("is_back"):
                    continue
                key = (plain(str(p.get("extended_title") or p["title"])), deck_of(p))
                by_identity[key].append({k: p[k] for k in _KEPT if p.get(k) not in (None, "")})
    return PoolPrintings(dict(by_identity), _release_dates(pool_dir))


def load_printings(pool_dir: Path, cache_dir="default") -> PoolPrintings:
    """The pool's printings, from the cache while the pool and this module are unchanged. Cached as ONE string (the
    cache's tagged encoding of one small dict a printing took as long to decode as reading the pool again): a line
    per card, parsed by the json module's own decoder when the card is first asked for (`printings_json`)."""
    if cache_dir == "default":
        cache_dir = cache.default_cache_dir()
    return cache.cached(
        pool_dir,
        {},
        cache_dir,
        lambda: printings_json(read_printings(pool_dir)),
        kind="card-printings",
        finish=lambda text: printings_from_json(text, pool_dir),
        extra=(_CODE,),
    )


_CODE = hashlib.sha1(Path(__file__).read_bytes()).hexdigest()  # what is kept of a printing is said here


def printings_json(printings: PoolPrintings) -> str:
    """The printings as one text: a line of JSON with the release dates, every card's (key, deck) and a checksum of
    the rest, then a line of JSON per card with its printings, in the same order (JSON writes no line break inside
    a value). A build that renders no card page reads the lines of the few it asks for (a warm rebuild: the card
    records'), not all fourteen thousand."""
    lines = "\n".join(_json(prints) for prints in printings.by_identity.values())
    head = {"release": printings.release, "keys": list(printings.by_identity), "lines": _checksum(lines)}
    return _json(head) + "\n" + lines


def printings_from_json(text, pool_dir: Path) -> PoolPrintings:
    """`printings_json` read back; a cache that does not hold that shape, or whose lines are not the ones it was
    written with, is read from the pool again."""
    try:
        head_line, _, lines = text.partition("\n")
        head = json.loads(head_line)
        keys, release = [(key, deck) for key, deck in head["keys"]], head["release"]
        if isinstance(release, dict) and head["lines"] == _checksum(lines):
            rows = lines.split("\n") if keys else []
            if len(rows) == len(keys):
                return PoolPrintings(PrintingsByCard(dict(zip(keys, rows))), release)
    except (TypeError, ValueError, KeyError, AttributeError):
        pass
    return read_printings(pool_dir)


class PrintingsByCard(Mapping):
    """(key, deck) -> [printing dict], each card's decoded from its line the first time it is asked for."""

    def __init__(self, lines: dict[tuple[str, str], str]):
        self._lines = lines
        self._decoded: dict[tuple[str, str], list] = {}

    def __getitem__(self, key):
        found = self._decoded.get(key)
        if found is None:
            found = self._decoded[key] = json.loads(self._lines[key])
        return found

    def __iter__(self):
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _checksum(lines: str) -> int:
    return zlib.crc32(lines.encode("utf-8", "surrogatepass"))


def _release_dates(pool_dir: Path) -> dict:
    try:
        text = read_text(pool_dir / "set_info.yaml", MAX_SET_BYTES)
        info = load_checked(text, loader=yaml.CSafeLoader, max_expansion=MAX_SET_VALUES)
    except (UnreadableFile, ShapeError, yaml.YAMLError):  # release dates are optional: the pages go without
        return {}
    out = {}
    for arc in (info or {}).get("arcs") or ():
        for s in arc.get("sets") or ():
            if isinstance(s, dict) and s.get("set_name") and s.get("release_date"):
                out[str(s["set_name"])] = str(s["release_date"])
    return out
