"""A small synthetic card pool for site builds in tests: invented titles and text, never real card text.

Its text carries `<script>`, `onerror=` and `javascript:` payloads (they must show as text and never run). One
entry uses a title the documents name, Border Keep • Experienced 2 (the Codex's record cards/border-keep-
experienced-2/, on Modern's ban list as mod-ban-border-keep-experienced-2), with invented text, so the page of a
card the documents name gains the pool's facts as in a real build.
"""

from __future__ import annotations

from pathlib import Path

import yaml

PAYLOAD = ('<b>Battle:</b> :bow: Bow a target.<br><script>window.__pwned = 1</script>'
           '<img src=x onerror="window.__pwned = 2"><a href="javascript:window.__pwned = 3">click</a>')
# Errata in the real pool quote the publisher's pages: an address in card text shows as written and is no link.
ADDRESS_TEXT = "Plain text. Errata: https://errata.example/courtier?x=1&y=2"
POOL = {
    "a_line_in_the_sand": {"set": "A Line in the Sand", "cards": [
        {"title": "Zzyx Test Samurai", "types": ["Personality"], "decks": ["Dynasty"], "clans": ["Crab"],
         "keywords": ["Samurai", "Crab Clan"], "is_unique": True, "text": PAYLOAD, "legality": ["Legacy", "Modern"],
         "rarity": "Rare", "artist": "Test Artist", "force": "2", "chi": "2"},
        {"title": "Zzyx Test Courtier", "types": ["Personality"], "decks": ["Dynasty"], "clans": ["Crane"],
         "keywords": ["Courtier"], "text": ADDRESS_TEXT, "legality": ["Modern"], "rarity": "Common",
         "artist": "Test Artist"}]},
    "promotional_test": {"set": "Promotional (Test)", "cards": [
        {"title": "Zzyx Test Promo", "types": ["Item"], "decks": ["Fate"], "keywords": [], "text": "A promo.",
         "legality": ["Legacy"], "rarity": "Promo", "artist": "Test Artist"}]},
    "coils_test": {"set": "Coils of Madness", "cards": [
        {"title": "Border Keep", "extended_title": "Border Keep • Experienced 2", "types": ["Holding"],
         "decks": ["Dynasty"], "keywords": ["Experienced 2", "Unique"], "is_unique": True,
         "text": "Invented text for a test.", "legality": ["Legacy"], "rarity": "Fixed", "artist": "Test Artist",
         "gold_cost": 0}]},
}


def write_pool(pool: Path) -> Path:
    """The synthetic pool written into `pool` (sets/*.yaml and set_info.yaml); returns `pool`."""
    (pool / "sets").mkdir(parents=True, exist_ok=True)
    for name, doc in POOL.items():
        (pool / "sets" / f"{name}.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    (pool / "set_info.yaml").write_text(yaml.safe_dump({"arcs": [{"name": "Test", "sets": [
        {"set_name": "A Line in the Sand", "release_date": "2014-08-01"}]}]}), encoding="utf-8")
    return pool


def built_with_pool(tmp_path_factory) -> Path:
    """A folder holding this pool (`pool/`) and the site built with it (`site/`: `mkdocs build --strict` of
    mkdocs.yml for the test builds' public address, with a cache folder of its own, `cache/`), built once per run:
    tests/test_card_page_design.py reads its files, tests/browser/test_card_pages.py opens its pages."""
    import os
    import subprocess
    import sys

    from conftest import ROOT, TEST_SITE_URL, shared_once

    def build(work: Path) -> None:
        pool = write_pool(work / "pool")
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", L5R_CARDPOOL=str(pool), L5R_CACHE_DIR=str(work / "cache"),
                   L5R_SITE_URL=TEST_SITE_URL)
        result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"),
                                 "--site-dir", str(work / "site")], cwd=ROOT, env=env, capture_output=True, text=True,
                                check=False)
        assert result.returncode == 0, result.stderr[-3000:]

    return shared_once(tmp_path_factory, "synthetic-pool-card-site", build)
