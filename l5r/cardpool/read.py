"""Read a card pool folder (sets/*.yaml) into card identities.

The pool holds one entry per printing; printings of the same title, experience level and deck are one
identity. Only the facts the deck checker needs are kept (no card text), so the cache stays small.
"""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path

import yaml

from ..data.safefile import MB, UnreadableFile, read_text, regular_file_problem
from ..data.yamlsource import ShapeError, error_line, load_checked
from . import cardtext
from .identity import Identity
from .names import plain, split_experience
from ..errors import CodexError
from ..progress import Unit, meter

try:  # the C loader is ten times faster on the 13 MB pool
    _Loader: type[yaml.SafeLoader | yaml.CSafeLoader] = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader

PROMO_RARITY = "Promo"
PROMO_SET_PREFIX = "Promotional"
UNRELEASED_TAG = "Unreleased"
# Stats that can print an icon instead of a number ("[Rank•7]" Province Strength).
_ICON_STATS = (
    "force",
    "chi",
    "focus",
    "gold_cost",
    "personal_honor",
    "honor_requirement",
    "province_strength",
    "gold_production",
    "starting_honor",
)


MAX_SET_BYTES = 8 * MB  # the largest set file is 0.35 MB
# Aliases may stand for at most this many values in one set file: the pool's own files use a few (PyYAML writes
# `&id001` for a list two cards share), nine nested levels of them stand for billions.
MAX_SET_VALUES = 2_000_000


_LIST_FIELDS = {
    "decks": "Dynasty",
    "types": "Personality",
    "clans": "Crab",
    "keywords": "Samurai",
    "legality": "Modern",
}


class PoolError(CodexError):
    """The card pool folder cannot be read; the message is one sentence for the user."""


def set_files(pool_dir: Path) -> list[Path]:
    files = sorted((pool_dir / "sets").glob("*.yaml"))
    if not files:
        raise PoolError(f"{pool_dir} is not a card pool folder: it has no sets/*.yaml files")
    for path in files:  # a loop of links or a FIFO is named here, before anything is read or stamped
        problem = regular_file_problem(path)
        if problem:
            raise PoolError(f"card pool file {path} {problem}")
    return files


def read_identities(pool_dir: Path) -> tuple[Identity, ...]:
    """Every identity in the pool, in a stable order."""
    groups: dict[tuple[str, str], list[dict]] = {}
    files = set_files(pool_dir)
    bar = meter("reading the card pool", len(files), Unit.FILES)  # half a minute when nothing is cached
    for path in files:
        bar.advance()
        for printing in _printings(path):
            if printing.get("is_back"):  # the back face of a two-sided Stronghold is the same card
                continue
            groups.setdefault(_identity_key(printing), []).append(printing)
    bar.close()
    memo: dict = {}
    return tuple(_shared(_identity(key, printings), memo) for key, printings in groups.items())


def _printings(path: Path) -> list[dict]:
    try:
        text = read_text(path, MAX_SET_BYTES)
        doc = load_checked(text, loader=_Loader, max_expansion=MAX_SET_VALUES, duplicate_keys=True)
    except UnreadableFile as exc:
        raise PoolError(f"card pool file {path} {exc.reason}") from None
    except ShapeError as exc:
        raise PoolError(f"card pool file {path} line {exc.line}: {exc.message}") from None
    except yaml.YAMLError as exc:
        where = f" line {line}" if (line := error_line(exc)) else ""
        raise PoolError(f"card pool file {path}{where} is not valid YAML") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise PoolError(f"card pool file {path} has no `cards:` list")
    set_name = str(doc.get("set") or path.stem)
    cards = [c for c in doc["cards"] if isinstance(c, dict) and c.get("title")]
    for card in cards:
        for field in _LIST_FIELDS:
            if not isinstance(card.get(field) or [], list):
                shown = str(card[field])[:40]
                raise PoolError(
                    f"card pool file {path}: card “{plain(str(card['title']))[:80]}” has `{field}: {shown}`; "
                    f"it must be a list such as [{_LIST_FIELDS[field]}]"
                )
        card["_set"] = set_name
    return cards


def _deck(printing: dict) -> str:
    decks = printing.get("decks") or ["Other"]
    if printing.get("is_proxy") or "Proxy" in (printing.get("types") or ()):
        return "Other"  # proxy tokens never go into a deck
    return str(decks[0])


def _identity_key(printing: dict) -> tuple[str, str]:
    # Same title but a different deck (a Follower and a Personality both called Aulus) are separate cards.
    return plain(str(printing.get("extended_title") or printing["title"])), _deck(printing)


def _identity(key: tuple[str, str], printings: list[dict]) -> Identity:
    full_name, deck = key
    first = printings[0]
    title = plain(str(first["title"]))
    experience = None
    if first.get("extended_title"):
        _, experience = split_experience(full_name)
    text = " ".join(dict.fromkeys(str(p.get("text") or "") for p in printings))  # reprints repeat it
    keywords = _union(p.get("keywords") for p in printings)
    return Identity(
        key=full_name,
        title=title,
        experience=experience,
        deck=deck,
        types=_union(p.get("types") for p in printings),
        clans=_union(p.get("clans") for p in printings),
        keywords=keywords,
        unique=any(p.get("is_unique") for p in printings) or "Unique" in keywords,
        sets=_union([p["_set"]] for p in printings),
        pool_tags=frozenset(_union(p.get("legality") for p in printings)),
        promo_only=all(_promotional(p) for p in printings),
        icons=cardtext.icons(text, *(p.get(stat) for p in printings for stat in _ICON_STATS)),
        max_copies=cardtext.max_copies(text, title),
        counts_as=tuple(dict.fromkeys(cardtext.counts_as(text))),
        soul_of=tuple(k[len("Soul of ") :] for k in keywords if k.startswith("Soul of ")),
        counts_toward_deck_size=cardtext.counts_toward_deck_size(text),
        deck_size_change=tuple(dict.fromkeys(cardtext.deck_size_change(text))),
    )


def _shared(identity: Identity, memo: dict) -> Identity:
    """Equal tuples and sets become one object, which the in-process cache then holds once."""
    values = {f.name: getattr(identity, f.name) for f in fields(identity)}
    return replace(
        identity,
        **{
            name: memo.setdefault(value, value)
            for name, value in values.items()
            if isinstance(value, (tuple, frozenset))
        },
    )


def _promotional(printing: dict) -> bool:
    return (
        printing.get("rarity") == PROMO_RARITY
        or printing["_set"].startswith(PROMO_SET_PREFIX)
        or UNRELEASED_TAG in (printing.get("legality") or ())
    )


def _union(lists) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for values in lists:
        for value in values or ():
            seen.setdefault(str(value), None)
    return tuple(seen)


# Public names for the site's card pages (l5r/site/cardpage/printings.py), which read the same printings.
read_set = _printings
deck_of = _deck
