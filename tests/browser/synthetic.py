"""A site built with a synthetic card pool (made-up cards, written into a tmp folder; never real card text), online
and as the offline copy, once per test run: for the browser tests of the pages a player starts from (card search,
home page, deck checker page, site search), which need cards of every kind but not the thousands of the real pool
(a build takes seconds instead of the full-pool build's half minute).

240 cards: every combination of four types, four clans, three keyword sets and two legality tags, spread over
three sets of different years. The set names are real (the formats' legal card pools are lists of named sets);
their release dates here are made up.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from conftest import shared_once

from .conftest import Site, build_site, guarded_page, serve

SETS = [("Imperial Edition", "1996-05-01", "imperial_edition"), ("Samurai Edition", "2008-03-01", "samurai_edition"),
        ("A Line in the Sand", "2014-09-01", "a_line_in_the_sand")]
TYPES = [("Personality", "Dynasty"), ("Holding", "Dynasty"), ("Strategy", "Fate"), ("Item", "Fate")]
CLANS = ["Crab", "Crane", "Lion", "Unicorn"]
KEYWORDS = [["Duelist", "Samurai"], ["Courtier"], ["Samurai"]]
TAGS = [["Legacy"], []]
COUNT = 240


def title(n: int) -> str:
    return f"Zzyx {CLANS[n // 4 % 4]} {TYPES[n % 4][0]} {n:03d}"


def oracle_list() -> str:
    """An Oracle of the Void plain-text export of made-up cards: no Legality: line, so no format named."""
    dynasty = [n for n in range(40) if n % 4 in (0, 1)][:4]
    fate = [n for n in range(40) if n % 4 in (2, 3)][:4]
    lines = [f"# Dynasty - ({3 * len(dynasty)}) [{len(dynasty)} distinct]"]
    lines += [f"3 {title(n)} (Imperial Edition)" for n in dynasty]
    lines += ["", f"# Fate - ({3 * len(fate)}) [{len(fate)} distinct]"]
    lines += [f"3 {title(n)} (Imperial Edition)" for n in fate]
    return "\n".join(lines) + "\n"


def synthetic_pool(folder: Path) -> Path:
    (folder / "sets").mkdir(parents=True)
    by_set: dict[int, list] = {n: [] for n in range(len(SETS))}
    for n in range(COUNT):  # types, clans, keywords and tags in every combination, spread over the three sets
        s, t, c, k, g = (n // 4 + n // 48) % 3, n % 4, n // 4 % 4, n // 16 % 3, n // 48 % 2
        kind, deck = TYPES[t]
        by_set[s].append({"title": title(n), "types": [kind], "decks": [deck],
                          "clans": [CLANS[c]], "keywords": KEYWORDS[k] + [f"{CLANS[c]} Clan"],
                          "is_unique": n % 2 == 0, "text": "Made-up text.", "legality": TAGS[g],
                          "rarity": "Common", "artist": "Test Artist"})
    for s, (name, _, file) in enumerate(SETS):
        (folder / "sets" / f"{file}.yaml").write_text(yaml.safe_dump({"set": name, "cards": by_set[s]}),
                                                      encoding="utf-8")
    (folder / "set_info.yaml").write_text(yaml.safe_dump({"arcs": [{"name": "Test", "sets": [
        {"set_name": name, "release_date": date} for name, date, _ in SETS]}]}), encoding="utf-8")
    return folder


def _build(work: Path) -> None:
    pool = synthetic_pool(work / "pool")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", L5R_CARDPOOL=str(pool), L5R_CACHE_DIR=str(work / "cache"))
    for kind, config in (("online", "mkdocs.yml"), ("offline", "mkdocs.offline.yml")):
        build_site(work / kind, env, config)


@pytest.fixture(scope="session")
def small_sites(tmp_path_factory) -> Path:
    return shared_once(tmp_path_factory, "synthetic-pool-sites", _build)


@pytest.fixture(scope="session", params=["online", "offline"])
def small_site(request, small_sites):
    """The synthetic-pool site: served on 127.0.0.1 (directory URLs), or the offline build opened from file://."""
    folder = small_sites / request.param
    if request.param == "offline":
        yield Site("offline", folder.as_uri() + "/", folder)
        return
    with serve(folder) as root_url:
        yield Site("online", root_url, folder)


@pytest.fixture
def page(contexts, small_site):
    """A wiped tab at 1280 px; a request off the machine, a script error or a console error fails the test."""
    with guarded_page(contexts, viewport={"width": 1280, "height": 900}) as tab:
        yield tab


def axe_serious(page, axe_source: str) -> list:
    """axe-core's serious and critical violations on the page as it is now, the pointer resting off the content
    (a link under the pointer after a click shows the theme's hover colour, which is not the page's own)."""
    page.mouse.move(0, 0)
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')", timeout=10000)
    page.add_script_tag(content=axe_source)
    result = page.evaluate("axe.run(document, {resultTypes: ['violations'], preload: false})")
    return [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in result["violations"]
            if v["impact"] in ("serious", "critical")]
