"""The pool's printings of every card (text, stats, rarity, artists, errata) and the sets' release dates: read
once per build, cached like the deck checker's index."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import yaml

from ...cardpool import cache
from ...cardpool.names import plain
from ...cardpool.read import MAX_SET_BYTES, MAX_SET_VALUES, deck_of, read_set, set_files
from ...data.safefile import UnreadableFile, read_text
from ...data.yamlsource import ShapeError, check_shape
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
    by_identity: dict  # (key, deck) -> [printing dict]
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
    """The pool's printings, from the cache while the pool is unchanged. Cached as ONE JSON string (the cache's
    tagged encoding of one small dict a printing took as long to decode as reading the pool again), parsed by the
    json module's own decoder."""
    if cache_dir == "default":
        cache_dir = cache.default_cache_dir()
    return cache.cached(
        pool_dir,
        {},
        cache_dir,
        lambda: printings_json(read_printings(pool_dir)),
        kind="card-printings",
        finish=lambda text: printings_from_json(text, pool_dir),
    )


def printings_json(printings: PoolPrintings) -> str:
    return json.dumps(
        {
            "by_identity": [[key, deck, prints] for (key, deck), prints in printings.by_identity.items()],
            "release": printings.release,
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def printings_from_json(text, pool_dir: Path) -> PoolPrintings:
    """`printings_json` read back; a cache that does not hold that shape is read from the pool again."""
    try:
        document = json.loads(text)
        by_identity = {(key, deck): prints for key, deck, prints in document["by_identity"]}
        release = document["release"]
        if isinstance(release, dict) and all(isinstance(p, list) for p in by_identity.values()):
            return PoolPrintings(by_identity, release)
    except (TypeError, ValueError, KeyError):
        pass
    return read_printings(pool_dir)


def _release_dates(pool_dir: Path) -> dict:
    try:
        text = read_text(pool_dir / "set_info.yaml", MAX_SET_BYTES)
        check_shape(text, loader=yaml.CSafeLoader, max_expansion=MAX_SET_VALUES)
        info = yaml.load(text, Loader=yaml.CSafeLoader)
    except (UnreadableFile, ShapeError, yaml.YAMLError):  # release dates are optional: the pages go without
        return {}
    out = {}
    for arc in (info or {}).get("arcs") or ():
        for s in arc.get("sets") or ():
            if isinstance(s, dict) and s.get("set_name") and s.get("release_date"):
                out[str(s["set_name"])] = str(s["release_date"])
    return out
