"""The comparison summaries answer from each format's own documents: every Starting Holding (OH III.A: Bamboo
Harvesters for the player not going first), Modern's second player's Stronghold from its Section B addition
(MOD Going Second Legacy), a set named twice counted once (Modern's "Ivory Edition"), a card pool the format
does not name labelled as the Codex's reading, and no publisher no document names. The rules matrix page is in
the offline copy too."""

from __future__ import annotations

import pytest

from l5r.engine.ruleset import rulesets
from l5r.site.planning.compare import differences

from conftest import small_offline_copy


def _facts(codex, topic: str, fmt: str) -> dict[str, object]:
    facts = next(facts for f, facts in differences(codex, topic, rulesets(codex)) if f.id == fmt)
    return {x.label: x for x in facts}


def test_starting_holdings_include_the_second_players(codex):
    """oh-iii-a-starting-holdings: Bamboo Harvesters enters play only for the player not going first."""
    fact = _facts(codex, "setup", "obsidian-hand")["Starting Holdings"]
    assert "Border Keep (every player)" in fact.value
    assert "Bamboo Harvesters (the player not going first)" in fact.value


def test_moderns_second_player_stronghold_is_its_section_b_addition(codex):
    """mod-going-second-legacy: "A stronghold with only one side uses this side in both cases"."""
    fact = _facts(codex, "setup", "modern")["Second player's Stronghold"]
    assert fact.value != "not stated" and "only side" in fact.value
    assert fact.rule_id == "mod-going-second-legacy"


def test_a_set_named_twice_counts_once(codex):
    """mod-card-legality names Ivory Edition twice: one set."""
    legality = codex.format("modern").legality
    named = len(legality.sets)
    distinct = len({s.pool_set or s.as_written for s in legality.sets})
    assert named == distinct + 1
    assert f"{distinct} listed sets" in _facts(codex, "deck-construction", "modern")["Legal cards"].value


def test_a_pool_the_format_does_not_name_is_labelled_the_codexs_reading(codex):
    value = _facts(codex, "deck-construction", "obsidian-hand")["Legal cards"].value
    assert "Legacy card pool" in value and "Codex reading" in value


@pytest.mark.parametrize("fmt", ["obsidian-hand", "aeg"])
def test_no_publisher_no_document_names(codex, fmt):
    """Neither "The Obsidian Hand community" nor "Alderac Entertainment Group" is a document's words."""
    assert codex.format(fmt).source.publisher is None


@pytest.mark.browser  # (the offline copy's file checks share its build: the browser tier)
def test_the_rules_matrix_is_in_the_offline_copy(tmp_path_factory):
    site, _ = small_offline_copy(tmp_path_factory)
    page = site / "rules-matrix" / "index.html"
    if not page.exists():
        page = site / "rules-matrix.html"
    text = page.read_text(encoding="utf-8")
    assert "Rules matrix" in text and "not stated" in text
    assert (site / "api" / "v1" / "rules-matrix.json").exists()


def test_the_undated_ban_day_is_shown_as_the_codexs_reading(codex):
    """OH's undated entries are stated from its document's latest update: the bans page says it is the Codex's."""
    from l5r.site.planning.mdpages import PageRenderer
    from l5r.site.planning.plan import plan_site

    plan = plan_site(codex)
    page = next(p for p in plan.pages if p.uri == "formats/obsidian-hand/bans.md")
    text = PageRenderer(codex, plan).render(page)
    assert "The Codex's reading:</strong> the undated entries are read as stated from" in text
    assert codex.format("obsidian-hand").bans.stated_from.isoformat() == "2016-02-15"
