"""Recruiting and Gold: OH Recruit (oh-ability-recruit) with the Clan discount and out-of-clan surcharge on all
Personalities (oh-guidelines-deck-construction), Clan Alignments (oh-ii-a, ne-clan-alignments), Blood Money
(ne-kw-blood-money, mod-blood-money), Clan Honor (ne-kw-clan-honor), Proclaim (oh-ability-proclaim,
ne-ability-proclaim) and paying Gold (oh-guidelines-deck-construction, ne-kw-paying-gold-costs)."""

from __future__ import annotations

import textwrap

import pytest

from l5r.engine import gold, recruit
from l5r.engine.game import OPPONENT, YOU, Card, Game, NotStated, Player, Refused


def game(ruleset, clan, honor=10, **cards) -> Game:
    g = Game(ruleset, {YOU: Player(YOU, honor=honor, clan=clan), OPPONENT: Player(OPPONENT)})
    for name, fields in cards.items():
        g.cards[name] = Card(name, zone="province", **fields)
    return g


@pytest.mark.parametrize(
    "player_clan, card, cost",
    [
        ("Crab Clan", {"clan": "Crab Clan"}, 5),  # discount
        ("Crab Clan", {"clan": "Crane Clan"}, 9),  # surcharge
        ("Crab Clan", {}, 7),  # unaligned Personality
        (None, {}, 7),  # unaligned player: no discount...
        (None, {"clan": "Crab Clan"}, 7),  # ...and no surcharge (oh-ii-a)
        ("Brotherhood of Shinsei", {"keywords": ("Monk",)}, 5),  # Monk = Brotherhood of Shinsei
        ("Mantis Clan", {"keywords": ("Yoritomo’s Alliance",)}, 5),  # curly apostrophe as in the document
        ("Mantis Clan", {"keywords": ("Yoritomo's Alliance",)}, 5),  # and a typed one
        ("Crab Clan", {"clan": "Badger Clan"}, 7),  # not a Clan Alignment in OH
        ("Shadowlands Horde", {"clan": "Crab Clan", "keywords": ("Shadowlands",)}, 7),
        ("Shadowlands Horde", {"clan": "Crab Clan"}, 9),
    ],
)
def test_obsidian_hand_recruit_cost(rs, player_clan, card, cost):
    g = game(rs["obsidian-hand"], player_clan, X={"gold_cost": 7, **card})
    assert recruit.recruit_cost(g, YOU, g.card("X")).total == cost


def test_hare_clan_counts_only_with_its_stronghold(rs):
    """oh-ii-a: Hare Clan is a Clan Alignment only while Shiro Usagi is in play."""
    g = game(rs["obsidian-hand"], "Hare Clan", X={"gold_cost": 6, "clan": "Hare Clan"})
    assert recruit.recruit_cost(g, YOU, g.card("X")).total == 6
    g.player(YOU).stronghold = "Shiro Usagi"
    assert recruit.recruit_cost(g, YOU, g.card("X")).total == 4


def test_new_era_has_no_discount(rs):
    g = game(rs["new-era"], "Crab", X={"gold_cost": 7, "clan": "Crab"})
    assert recruit.recruit_cost(g, YOU, g.card("X")).total == 7


@pytest.mark.parametrize("fmt, clan, extra", [("new-era", "Scorpion", 3), ("modern", "Scorpion Clan", 2)])
def test_blood_money(rs, fmt, clan, extra):
    g = game(
        rs[fmt],
        clan,
        honor=2,
        X={"gold_cost": 6, "clan": clan, "honor_requirement": 5},
        Y={"gold_cost": 6, "clan": "Other", "honor_requirement": 5},
    )
    with pytest.raises(Refused):
        recruit.recruit(g, YOU, "X")
    assert recruit.recruit(g, YOU, "X", blood_money=True).total == 6 + extra
    with pytest.raises(Refused):  # only for a Personality with your Clan Alignment
        recruit.recruit(g, YOU, "Y", blood_money=True)


def test_obsidian_hand_states_no_honor_requirement_rule(rs):
    g = game(rs["obsidian-hand"], "Crab Clan", X={"gold_cost": 6, "honor_requirement": 5})
    with pytest.raises(NotStated):
        recruit.recruit(g, YOU, "X")


def test_clan_honor(rs):
    """ne-kw-clan-honor: after losing Honor from an opponent's card, Honor Requirements of your Clan are ignored."""
    g = game(rs["new-era"], "Crab", honor=1, X={"gold_cost": 6, "clan": "Crab", "honor_requirement": 5})
    with pytest.raises(Refused):
        recruit.recruit(g, YOU, "X")
    g.player(YOU).lost_honor_from_opponent_card = True
    assert recruit.recruit(g, YOU, "X").total == 6


def test_proclaim_and_the_discount(rs):
    """oh-ability-recruit: no Proclaim on Personalities recruited for 2 less; full price allows it."""
    g = game(
        rs["obsidian-hand"],
        "Crane Clan",
        honor=10,
        A={"gold_cost": 7, "clan": "Crane Clan", "personal_honor": 3},
        B={"gold_cost": 7, "clan": "Crane Clan", "personal_honor": 2},
    )
    recruit.recruit(g, YOU, "A")
    with pytest.raises(Refused):
        recruit.proclaim(g, YOU, "A")
    assert recruit.recruit(g, YOU, "B", take_discount=False).total == 7
    assert recruit.proclaim(g, YOU, "B") == 2
    assert g.player(YOU).honor == 12


def test_proclaim_once_per_turn_in_new_era(rs):
    g = game(
        rs["new-era"],
        "Crane",
        honor=0,
        A={"gold_cost": 1, "clan": "Crane", "personal_honor": 1},
        B={"gold_cost": 1, "clan": "Crane", "personal_honor": 1},
    )
    recruit.recruit(g, YOU, "A")
    recruit.proclaim(g, YOU, "A")
    recruit.recruit(g, YOU, "B")
    with pytest.raises(Refused):
        recruit.proclaim(g, YOU, "B")


@pytest.mark.parametrize("fmt, second_ok", [("obsidian-hand", False), ("new-era", True)])
def test_gold_splitting(rs, fmt, second_ok):
    """OH: No Gold Splitting or Pooling; NE: Gold from one source pays different costs."""
    g = game(rs[fmt], None)
    gold.produce(g, YOU, 5)
    assert gold.pay(g, YOU, 3) in (3, 5)
    if second_ok:
        assert gold.pay(g, YOU, 2) == 2
    else:
        with pytest.raises(Refused):
            gold.pay(g, YOU, 2)


def test_gold_sources_cover_with_least_waste(rs):
    """Without splitting, whole sources pay a cost; the engine wastes as little Gold as it can."""
    g = game(rs["obsidian-hand"], None)
    for amount in (6, 2, 3):
        gold.produce(g, YOU, amount)
    assert gold.pay(g, YOU, 5) == 5  # 2 + 3, not the 6
    assert g.player(YOU).gold_sources == [6]


def test_paying_produced_gold_in_every_format(rs):
    """Paying a cost from produced Gold answers in every format: what its documents state (oh-guidelines-deck-
    construction, ne-kw-paying-gold-costs), or "not stated" where they say nothing of splitting or pooling (Modern
    and AEG) — never an internal error."""
    for fmt, ruleset in rs.items():
        g = game(ruleset, None)
        gold.produce(g, YOU, 5)
        said = (ruleset.gold_splitting, ruleset.gold_pooling)
        if True not in said and None in said:
            with pytest.raises(NotStated, match="how Gold from one source pays several costs"):
                gold.pay(g, YOU, 3)
        else:
            assert gold.pay(g, YOU, 3) in (3, 5), fmt


def test_recruit_after_producing_gold_in_every_format(rs, codex):
    """The scenario a player writes — produce Gold, then recruit — ends in a verdict in every format."""
    from l5r.scenarios.collect import parse
    from l5r.scenarios.runner import run_scenario

    for fmt, ruleset in rs.items():
        cited = sorted(ruleset.rule_refs.values())[0]  # the runner wants a rule of the format; any will do here
        scenario = parse(
            textwrap.dedent(f"""\
            title: Recruit after producing Gold
            format: {fmt}
            rules: [{cited}]
            given:
              you:
                in provinces:
                  - Crab Ashigaru: {{type: Holding, gold cost: 2}}
            when:
              - you produce 5 Gold
              - you recruit Crab Ashigaru
            then:
              Crab Ashigaru: in play
            """),
            "tests/test_engine_recruit.py",
            1,
        )
        outcome = run_scenario(scenario, codex)
        assert outcome.error is None, (fmt, outcome.report())
        said = (ruleset.gold_splitting, ruleset.gold_pooling)
        if True not in said and None in said:
            assert "+ not stated: [you recruit Crab Ashigaru]" in outcome.report(), (fmt, outcome.report())
        else:
            assert outcome.passed, (fmt, outcome.report())
