"""A small synthetic card pool for site builds in tests: invented titles and text, never real card text. One site is
built with it per run (online, and as the offline copy in tests/browser/synthetic.py) for every test that needs
pool cards but not the thousands of the real pool (a build takes seconds instead of the full-pool build's half
minute).

Two kinds of cards, apart by their titles' first word:
- "Zzyx Test …" (POOL): a few cards whose text carries `<script>`, `onerror=` and `javascript:` payloads (they
  must show as text and never run) and a web address. One entry uses a title the documents name, Border Keep •
  Experienced 2 (the Codex's record cards/border-keep-experienced-2/, on Modern's ban list as
  mod-ban-border-keep-experienced-2), with invented text, so the page of a card the documents name gains the pool's
  facts as in a real build.
- "Qvox <clan> <type> NNN" (`title(n)`): 240 cards for the pages a player starts from (card search, home page,
  deck checker, site search): every combination of four types, four clans, three keyword sets and two legality
  tags, spread over three sets of different years. The set names are real (the formats' legal card pools are lists
  of named sets); their release dates here are made up.
"""

from __future__ import annotations

from pathlib import Path

import yaml

PAYLOAD = (
    "<b>Battle:</b> :bow: Bow a target.<br><script>window.__pwned = 1</script>"
    '<img src=x onerror="window.__pwned = 2"><a href="javascript:window.__pwned = 3">click</a>'
)
# Errata in the real pool quote the publisher's pages: an address in card text shows as written and is no link.
ADDRESS_TEXT = "Plain text. Errata: https://errata.example/courtier?x=1&y=2"
POOL = {
    "a_line_in_the_sand": {
        "set": "A Line in the Sand",
        "cards": [
            {
                "title": "Zzyx Test Samurai",
                "types": ["Personality"],
                "decks": ["Dynasty"],
                "clans": ["Crab"],
                "keywords": ["Samurai", "Crab Clan"],
                "is_unique": True,
                "text": PAYLOAD,
                "legality": ["Legacy", "Modern"],
                "rarity": "Rare",
                "artist": "Test Artist",
                "force": "2",
                "chi": "2",
            },
            {
                "title": "Zzyx Test Courtier",
                "types": ["Personality"],
                "decks": ["Dynasty"],
                "clans": ["Crane"],
                "keywords": ["Courtier"],
                "text": ADDRESS_TEXT,
                "legality": ["Modern"],
                "rarity": "Common",
                "artist": "Test Artist",
            },
        ],
    },
    "promotional_test": {
        "set": "Promotional (Test)",
        "cards": [
            {
                "title": "Zzyx Test Promo",
                "types": ["Item"],
                "decks": ["Fate"],
                "keywords": [],
                "text": "A promo.",
                "legality": ["Legacy"],
                "rarity": "Promo",
                "artist": "Test Artist",
            }
        ],
    },
    "coils_test": {
        "set": "Coils of Madness",
        "cards": [
            {
                "title": "Border Keep",
                "extended_title": "Border Keep • Experienced 2",
                "types": ["Holding"],
                "decks": ["Dynasty"],
                "keywords": ["Experienced 2", "Unique"],
                "is_unique": True,
                "text": "Invented text for a test.",
                "legality": ["Legacy"],
                "rarity": "Fixed",
                "artist": "Test Artist",
                "gold_cost": 0,
            }
        ],
    },
}


SETS = [
    ("Imperial Edition", "1996-05-01", "imperial_edition"),
    ("Samurai Edition", "2008-03-01", "samurai_edition"),
    ("A Line in the Sand", "2014-08-01", "a_line_in_the_sand"),
]
TYPES = [("Personality", "Dynasty"), ("Holding", "Dynasty"), ("Strategy", "Fate"), ("Item", "Fate")]
CLANS = ["Crab", "Crane", "Lion", "Unicorn"]
KEYWORDS = [["Duelist", "Samurai"], ["Courtier"], ["Samurai"]]
TAGS = [["Legacy"], []]
COUNT = 240


def title(n: int) -> str:
    """The title of the n-th of the 240 cards for a player's pages."""
    return f"Qvox {CLANS[n // 4 % 4]} {TYPES[n % 4][0]} {n:03d}"


def oracle_list() -> str:
    """An Oracle of the Void plain-text export of made-up cards: no Legality: line, so no format named."""
    dynasty = [n for n in range(40) if n % 4 in (0, 1)][:4]
    fate = [n for n in range(40) if n % 4 in (2, 3)][:4]
    lines = [f"# Dynasty - ({3 * len(dynasty)}) [{len(dynasty)} distinct]"]
    lines += [f"3 {title(n)} (Imperial Edition)" for n in dynasty]
    lines += ["", f"# Fate - ({3 * len(fate)}) [{len(fate)} distinct]"]
    lines += [f"3 {title(n)} (Imperial Edition)" for n in fate]
    return "\n".join(lines) + "\n"


def _player_cards() -> dict[str, list]:
    by_set: dict[str, list] = {file: [] for _, _, file in SETS}
    for n in range(COUNT):  # types, clans, keywords and tags in every combination, spread over the three sets
        s, t, c, k, g = (n // 4 + n // 48) % 3, n % 4, n // 4 % 4, n // 16 % 3, n // 48 % 2
        kind, deck = TYPES[t]
        by_set[SETS[s][2]].append(
            {
                "title": title(n),
                "types": [kind],
                "decks": [deck],
                "clans": [CLANS[c]],
                "keywords": KEYWORDS[k] + [f"{CLANS[c]} Clan"],
                "is_unique": n % 2 == 0,
                "text": "Made-up text. " + TEXTS[n % 5],
                "legality": TAGS[g],
                "rarity": "Common",
                "artist": "Test Artist",
                **_stats(n),
            }
        )
    by_set[SETS[0][2]] += [EXPERIENCED_BASE, EXPERIENCED]
    return by_set


# Invented card text for the card search's o: (a phrase in every fifth card), and stats for its comparisons.
TEXTS = ["Battle: Bow a target Follower.", "Fear 2.", "Open: Gain 1 Honor.", "Reaction: Draw a card.", "Limited: Duel."]


def _stats(n: int) -> dict[str, int | str]:
    """Stats by type: a Personality's force, chi, personal honor and honor requirement, a Holding's gold cost and
    an Item's bonuses ("+1"), all following from n."""
    kind, m = TYPES[n % 4][0], n // 4
    if kind == "Personality":
        return {
            "force": m % 7,
            "chi": m % 5,
            "personal_honor": m % 4,
            "honor_requirement": m % 9,
            "gold_cost": 3 + m % 8,
        }
    if kind == "Holding":
        return {"gold_cost": m % 6}
    if kind == "Item":
        return {"force": f"+{m % 3}", "chi": "+0", "focus": m % 4, "gold_cost": m % 5}
    return {"focus": m % 5}


# A card and its experienced version (the home page's box and the header's open the card whose title is typed):
# "Qvox Twin" also starts the experienced one's title, so a title search lists both.
EXPERIENCED = {
    "title": "Qvox Twin",
    "extended_title": "Qvox Twin • Experienced",
    "types": ["Personality"],
    "decks": ["Dynasty"],
    "clans": ["Crab"],
    "keywords": ["Experienced", "Samurai"],
    "text": "Made-up.",
    "legality": ["Legacy"],
    "rarity": "Rare",
    "artist": "Test Artist",
    "force": 3,
}
# The base card's clan is written as the clan's keyword, as a few cards of the real pool have it: the card search's
# clan list shows the clan once ("Crab"), never beside "Crab Clan".
EXPERIENCED_BASE = {key: value for key, value in EXPERIENCED.items() if key != "extended_title"} | {
    "keywords": ["Samurai"],
    "clans": ["Crab Clan"],
    "force": 2,
}


def write_pool(pool: Path) -> Path:
    """The synthetic pool, both kinds of cards, written into `pool` (sets/*.yaml and set_info.yaml); returns
    `pool`."""
    (pool / "sets").mkdir(parents=True, exist_ok=True)
    docs = {name: {"set": doc["set"], "cards": list(doc["cards"])} for name, doc in POOL.items()}
    for (name, _, file), cards in zip(SETS, _player_cards().values()):
        docs.setdefault(file, {"set": name, "cards": []})["cards"] += cards
    for file, doc in docs.items():
        (pool / "sets" / f"{file}.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    (pool / "set_info.yaml").write_text(
        yaml.safe_dump(
            {"arcs": [{"name": "Test", "sets": [{"set_name": name, "release_date": date} for name, date, _ in SETS]}]}
        ),
        encoding="utf-8",
    )
    return pool


# Card text and errata quoting web addresses, as the real pool's errata cite the publisher's pages.
QUOTED = ("See https://rules.example/faq and http://old.example/x.", 'Errata: <a href="https://errata.example/t">t</a>')
QUOTING_TITLE = "Zzyx Test Herald"


def write_quoting_pool(pool: Path) -> Path:
    """The synthetic pool plus one card, QUOTING_TITLE, whose text and errata are QUOTED; returns `pool`."""
    write_pool(pool)
    path = pool / "sets" / "a_line_in_the_sand.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["cards"].append(
        {
            "title": QUOTING_TITLE,
            "types": ["Strategy"],
            "decks": ["Fate"],
            "keywords": [],
            "text": QUOTED[0],
            "errata_text": QUOTED[1],
            "legality": ["Modern"],
            "rarity": "Common",
        }
    )
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return pool


def build_env(pool: Path) -> dict:
    """The environment of a build with this pool: the pool, the test builds' public address, and a cache folder of
    the build's own beside the pool (`cache/`)."""
    import os

    from conftest import TEST_SITE_URL

    return dict(
        os.environ,
        NO_MKDOCS_2_WARNING="1",
        L5R_CARDPOOL=str(pool),
        L5R_SITE_URL=TEST_SITE_URL,
        L5R_CACHE_DIR=str(pool.parent / "cache"),
    )


def built_with_pool(tmp_path_factory, alongside=None) -> Path:
    """A folder holding this pool (`pool/`) and the site built with it (`site/`: `mkdocs build --strict` of
    mkdocs.yml for the test builds' public address, with a cache folder of its own, `cache/`), built once per run:
    the browser tests open its pages (tests/browser/synthetic.py). `alongside(folder, environment)`, when given,
    runs while the site builds, with the same pool and cache: a build is one process, and the other test worker
    often waits for this folder with its core idle."""
    import subprocess
    import sys

    from conftest import ROOT, shared_once

    def build(work: Path) -> None:
        env = build_env(write_pool(work / "pool"))
        # Its messages go to a file, not a pipe: a pipe nobody reads while `alongside` runs could fill and stall it.
        log = work / "build.log"
        with open(log, "w", encoding="utf-8") as stream:
            site = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "mkdocs",
                    "build",
                    "--strict",
                    "-f",
                    str(ROOT / "mkdocs.yml"),
                    "--site-dir",
                    str(work / "site"),
                ],
                cwd=ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=stream,
            )
            try:
                if alongside is not None:
                    alongside(work, env)
            finally:
                site.wait()
        assert site.returncode == 0, log.read_text(encoding="utf-8")[-3000:]

    return shared_once(tmp_path_factory, "synthetic-pool-card-site", build)
