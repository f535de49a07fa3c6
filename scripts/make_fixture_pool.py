"""Write the small card pool the tests run on (tests/fixtures/cardpool/) from a real card pool.

    python scripts/make_fixture_pool.py REAL_POOL_DIR

The fixture pool has the real pool's file layout (sets/*.yaml, set_info.yaml) and holds only the cards the tests
name: every title found in the tests, in the Codex's card records and ban lists, and in
tests/fixtures/cardpool/titles.txt (one title a line, for cards a test reaches another way). Of each printing it
keeps the facts the tests need: title, types, decks, clans, keywords, numbers, uniqueness, legality, set,
rarity. It never keeps the publisher's card text, flavor text, errata or artist: a card's text is the
project's own sentence from tests/fixtures/cardpool/texts.yml (written here for the deck-building phrases the
checker reads), else sentences this script writes from the deck-building facts the checker reads off the real
text (copies allowed, "considered" names, deck size changes, icon codes), else a plain line. Of set_info.yaml it keeps arcs, set names, release
dates and sizes.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from l5r.cardpool import cardtext  # noqa: E402
from l5r.cardpool.names import split_experience, title_key  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "cardpool"
KEPT = (
    "title",
    "extended_title",
    "types",
    "decks",
    "clans",
    "keywords",
    "gold_cost",
    "force",
    "chi",
    "honor_requirement",
    "personal_honor",
    "focus",
    "province_strength",
    "starting_honor",
    "gold_production",
    "is_unique",
    "legality",
    "is_banned",
    "rarity",
    "is_back",
    "is_proxy",
    "collector_number",
)
SET_KEPT = ("set_name", "release_date", "size")
# Where the tests and the Codex name cards.
SOURCES = ("tests", "data/cards", "data/formats", "docs")
_SKIP = ("tests/fixtures",)
_COUNT = re.compile(r"^\s*(?:[-*#]\s*)?(?:\d+\s*[xX×]?\s+)?")
_QUOTED = re.compile(r"""["']([^"'\n]{3,80})["']""")


def _candidates(line: str):
    line = line.strip()
    if ": " in line:  # a YAML or label value: `pool_title: A Moment of Truth (AoD)`, `Stronghold: Shiro Daidoji`
        yield line.split(": ", 1)[1].strip().strip("'\"")
    yield _COUNT.sub("", line).strip()
    for part in re.split(r"\t|\s+-\s+|\s*\[|\s*\{", _COUNT.sub("", line)):
        yield part.strip()
    for quoted in _QUOTED.findall(line):
        yield quoted.strip()
        yield _COUNT.sub("", quoted).strip()


def _lines(path: Path):
    text = path.read_text(encoding="utf-8", errors="replace")
    yield from text.splitlines()
    if path.suffix == ".json":  # decklists inside conformance cases are strings with "\n" in them
        try:
            stack = [json.loads(text)]
        except ValueError:
            return
        while stack:
            value = stack.pop()
            if isinstance(value, dict):
                stack.extend(value.values())
            elif isinstance(value, list):
                stack.extend(value)
            elif isinstance(value, str):
                yield from value.splitlines()


def wanted_titles(known: dict[str, str]) -> set[str]:
    """Every pool title (its title_key) the tests and the Codex's data name."""
    found: set[str] = set()
    listed = OUT / "titles.txt"
    if listed.exists():
        for line in listed.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                key = title_key(line)
                if key not in known:
                    raise SystemExit(f"titles.txt: no card titled {line.strip()!r} in the pool")
                found.add(key)
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*")):
            if not path.is_file() or path.suffix not in (".txt", ".yml", ".yaml", ".json", ".py", ".md", ".tsv"):
                continue
            if any(path.relative_to(ROOT).as_posix().startswith(skip) for skip in _SKIP):
                continue
            for line in _lines(path):
                for candidate in _candidates(line):
                    for name in (candidate, split_experience(candidate)[0], candidate.split(" (")[0]):
                        key = title_key(name).strip(" ,;:.")
                        if key in known:
                            found.add(key)
    return found


_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


def _own_text(card: dict) -> str:
    """The deck-building facts of a printing's real text, in sentences of this project (never the text itself)."""
    real = str(card.get("text") or "")
    title = str(card["title"])
    sentences = []
    copies = cardtext.max_copies(real, title)
    if copies is not None:
        many = "any number of" if copies == cardtext.ANY_NUMBER else f"up to {_WORDS.get(copies, copies)}"
        sentences.append(f"You may include {many} copies of this card in your deck.")
    for target in cardtext.counts_as(real):
        sentences.append(f"This card is considered {target} for deck construction.")
    for deck, amount in cardtext.deck_size_change(real):
        way = "increased" if amount > 0 else "decreased"
        sentences.append(f"Your minimum {deck} deck size is {way} by {abs(amount)}.")
    if not cardtext.counts_toward_deck_size(real):
        sentences.append("This card does not count towards your minimum deck size.")
    codes = sorted(cardtext.icons(real))
    if codes:
        sentences.append("Icons: " + " ".join(f":{code.title()}:" for code in codes) + ".")
    return " ".join(sentences) or "A card of the Codex's test pool."


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    real = Path(argv[0])
    sets = sorted((real / "sets").glob("*.yaml"))
    if not sets:
        print(f"make_fixture_pool: {real} has no sets/*.yaml", file=sys.stderr)
        return 2
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    docs = {path.name: yaml.load(path.read_text(encoding="utf-8"), Loader=loader) for path in sets}
    known = {title_key(c["title"]): c["title"] for d in docs.values() for c in d["cards"] if c.get("title")}
    wanted = wanted_titles(known)
    for doc in docs.values():  # one card of every set: set names, acronyms and legal set lists meet the pool
        wanted.add(title_key(next(c["title"] for c in doc["cards"] if c.get("title"))))
    texts = yaml.safe_load((OUT / "texts.yml").read_text(encoding="utf-8")) if (OUT / "texts.yml").exists() else {}
    texts = {title_key(k): v for k, v in (texts or {}).items()}
    out_sets = OUT / "sets"
    if out_sets.exists():
        for old in out_sets.glob("*.yaml"):
            old.unlink()
    out_sets.mkdir(parents=True, exist_ok=True)
    printings = 0
    for name, doc in docs.items():
        cards = []
        for card in doc["cards"]:
            if title_key(str(card.get("title") or "")) not in wanted:
                continue
            kept = {k: card[k] for k in KEPT if k in card}
            kept["text"] = texts.get(title_key(card["title"])) or _own_text(card)
            cards.append(kept)
        if cards:
            printings += len(cards)
            body = yaml.safe_dump({"set": doc["set"], "cards": cards}, allow_unicode=True, sort_keys=False, width=120)
            (out_sets / name).write_text(body, encoding="utf-8")
    info = yaml.load((real / "set_info.yaml").read_text(encoding="utf-8"), Loader=loader)
    slim = {
        "arcs": [
            {"name": arc["name"], "sets": [{k: s[k] for k in SET_KEPT if k in s} for s in arc["sets"]]}
            for arc in info["arcs"]
        ]
    }
    (OUT / "set_info.yaml").write_text(
        yaml.safe_dump(slim, allow_unicode=True, sort_keys=False, default_flow_style=False), encoding="utf-8"
    )
    print(json.dumps({"titles": len(wanted), "printings": printings, "sets": len(list(out_sets.glob("*.yaml")))}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
