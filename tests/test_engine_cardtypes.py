"""Card types with their own rules: Celestials (mod-celestial), Regions (mod-region, ne-2-2) and Ancestors
(mod-ancestors)."""

from __future__ import annotations

import pytest

from l5r.engine import cardtypes
from l5r.engine.game import OPPONENT, YOU, Card, Game, NotStated, Player, Refused
from l5r.engine.ruleset import ruleset_for


def game(ruleset, *cards: Card) -> Game:
    g = Game(ruleset, {YOU: Player(YOU), OPPONENT: Player(OPPONENT)})
    for c in cards:
        g.cards[c.name] = c
    return g


def in_province(name, n, type_="Celestial", **kw) -> Card:
    return Card(name, type=type_, zone="province", province=n, face_up=False, **kw)


# -- Celestials (mod-celestial) ----------------------------------------------------------------------------


def test_a_revealed_celestial_replaces_the_one_you_control(rs):
    g = game(rs["modern"], Card("Old Sky", type="Celestial"), in_province("New Sky", 1))
    result = cardtypes.reveal_provinces(g, YOU)
    assert result.entered == ["New Sky"] and result.discarded == ["Old Sky"]
    assert g.card("New Sky").zone == "in play" and g.card("Old Sky").zone == "discard pile"


def _read(codex):
    """Modern with the Codex's labelled reading of AEG's pages: Modern states that restrictions are checked, not
    how their words are read (AEG Special wording rules)."""
    return ruleset_for(codex.format("modern"), codex, ("aeg-pages-as-twenty-festivals",))


def test_a_restriction_is_not_read_in_modern_without_the_reading(rs):
    g = game(rs["modern"], in_province("New Sky", 1, restriction="If you have a Shugenja in play"))
    with pytest.raises(NotStated):
        cardtypes.reveal_provinces(g, YOU)


def test_restrictions_not_met_for_all_skip_the_discard(codex):
    """mod-celestial: not met for all of them — the next two steps are skipped; the current one stays."""
    g = game(
        _read(codex),
        Card("Old Sky", type="Celestial"),
        in_province("New Sky", 1, restriction="If you have a Shugenja in play"),
    )
    result = cardtypes.reveal_provinces(g, YOU)
    assert result.returned == ["New Sky"] and result.entered == [] and result.discarded == []
    assert g.card("New Sky").zone == "province" and g.card("New Sky").face_up
    assert g.card("Old Sky").zone == "in play"


def test_restrictions_not_met_for_one_return_only_that_one(codex):
    g = game(
        _read(codex),
        Card("Old Sky", type="Celestial"),
        Card("Isawa Tadaka", keywords=("Shugenja",)),
        in_province("Sun", 1, restriction="If you have a Shugenja in play"),
        in_province("Moon", 2, restriction="If you have two Shugenja in play"),
    )
    result = cardtypes.reveal_provinces(g, YOU)
    assert result.entered == ["Sun"] and result.returned == ["Moon"] and result.discarded == ["Old Sky"]


def test_a_celestial_revealed_earlier_is_not_revealed_again(rs):
    sky = in_province("Face-up Sky", 1)
    sky.face_up = True
    g = game(rs["modern"], sky)
    assert cardtypes.reveal_provinces(g, YOU).entered == []
    assert sky.zone == "province"


def test_celestials_need_the_rule(rs):
    g = game(rs["new-era"], in_province("Sky", 1))
    with pytest.raises(NotStated):
        cardtypes.reveal_provinces(g, YOU)


# -- Regions (mod-region, ne-2-2) --------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["modern", "new-era"])
def test_a_region_attaches_to_its_province(rs, fmt):
    g = game(rs[fmt], in_province("Plains Above Evil", 2, type_="Region"))
    result = cardtypes.reveal_provinces(g, YOU)
    assert result.attached == ["Plains Above Evil"]
    card = g.card("Plains Above Evil")
    assert (card.zone, card.province) == ("in play", 2)


@pytest.mark.parametrize("fmt", ["modern", "new-era"])
def test_a_second_region_in_a_province_is_discarded(rs, fmt):
    old = Card("Shinomen Forest", type="Region", province=1)
    g = game(
        rs[fmt], old, in_province("Plains Above Evil", 1, type_="Region"), in_province("Kaiu Wall", 2, type_="Region")
    )
    result = cardtypes.reveal_provinces(g, YOU)
    assert result.discarded == ["Plains Above Evil"] and result.attached == ["Kaiu Wall"]
    assert g.card("Plains Above Evil").zone == "discard pile"


def test_a_region_whose_cost_is_not_paid_is_discarded(rs):
    g = game(
        rs["modern"],
        in_province("Plains Above Evil", 1, type_="Region", gold_cost=3),
        in_province("Kaiu Wall", 2, type_="Region", gold_cost=2),
    )
    result = cardtypes.reveal_provinces(g, YOU, declined=("Plains Above Evil",))
    assert result.discarded == ["Plains Above Evil"] and result.attached == ["Kaiu Wall"]
    assert result.gold_paid == 2


def test_declining_a_region_without_a_cost_is_refused_and_changes_nothing(rs):
    g = game(rs["modern"], in_province("Plains Above Evil", 1, type_="Region"))
    with pytest.raises(Refused):
        cardtypes.reveal_provinces(g, YOU, declined=("Plains Above Evil",))
    assert not g.card("Plains Above Evil").face_up


def test_new_era_does_not_state_region_costs(rs):
    g = game(rs["new-era"], in_province("Plains Above Evil", 1, type_="Region", gold_cost=3))
    with pytest.raises(NotStated):
        cardtypes.reveal_provinces(g, YOU)


def test_regions_need_the_rule(rs):
    g = game(rs["obsidian-hand"], in_province("Plains Above Evil", 1, type_="Region"))
    with pytest.raises(NotStated):
        cardtypes.reveal_provinces(g, YOU)


# -- Ancestors (mod-ancestors) -----------------------------------------------------------------------------


def test_an_ancestor_attaches_only_to_its_clan_and_bows_him(rs):
    tsuko = Card("Matsu Tsuko", clan="Lion Clan")
    kisada = Card("Hida Kisada", clan="Crab Clan")
    akodo = Card("Akodo", type="Ancestor", clan="Lion Clan", zone="hand")
    g = game(rs["modern"], tsuko, kisada, akodo)
    with pytest.raises(Refused):
        cardtypes.attach(g, akodo, kisada)
    assert not kisada.bowed and akodo.zone == "hand"
    cardtypes.attach(g, akodo, tsuko)
    assert akodo.attached_to == "Matsu Tsuko" and tsuko.bowed


def test_an_unaligned_ancestor_attaches_to_anyone_but_not_to_a_bowed_personality(rs):
    kisada = Card("Hida Kisada", clan="Crab Clan", bowed=True)
    spirit = Card("Wandering Spirit", type="Ancestor", zone="hand")
    g = game(rs["modern"], kisada, spirit)
    with pytest.raises(Refused):
        cardtypes.attach(g, spirit, kisada)
    kisada.bowed = False
    cardtypes.attach(g, spirit, kisada)
    assert spirit.attached_to == "Hida Kisada"


def test_losing_the_clan_alignment_destroys_the_ancestor(rs):
    tsuko = Card("Matsu Tsuko", clan="Lion Clan", keywords=("Samurai",))
    akodo = Card("Akodo", type="Ancestor", clan="Lion Clan", attached_to="Matsu Tsuko")
    g = game(rs["modern"], tsuko, akodo)
    assert cardtypes.lose_keyword(g, tsuko, "Samurai") == []
    assert cardtypes.lose_keyword(g, tsuko, "Lion Clan") == ["Akodo"]
    assert akodo.zone == "destroyed" and tsuko.zone == "in play"


def test_ancestors_are_not_transferred_but_items_are(rs):
    tsuko, agetoki = Card("Matsu Tsuko", clan="Lion Clan"), Card("Matsu Agetoki", clan="Lion Clan")
    akodo = Card("Akodo", type="Ancestor", clan="Lion Clan", attached_to="Matsu Tsuko")
    katana = Card("Fine Katana", type="Item", attached_to="Matsu Tsuko")
    g = game(rs["modern"], tsuko, agetoki, akodo, katana)
    with pytest.raises(Refused):
        cardtypes.transfer(g, akodo, agetoki)
    cardtypes.transfer(g, katana, agetoki)
    assert (akodo.attached_to, katana.attached_to) == ("Matsu Tsuko", "Matsu Agetoki")


def test_ancestors_need_the_rule(rs):
    g = game(rs["new-era"], Card("Matsu Tsuko"), Card("Akodo", type="Ancestor", zone="hand"))
    with pytest.raises(NotStated):
        cardtypes.attach(g, g.card("Akodo"), g.card("Matsu Tsuko"))


def test_other_attachments_still_follow_the_keywords(rs):
    """ne-kw-armor: cardtypes.attach hands non-Ancestors to the keyword rules."""
    g = game(
        rs["new-era"],
        Card("Hida Kisada"),
        Card("Armor 1", type="Item", keywords=("Armor",), zone="hand"),
        Card("Armor 2", type="Item", keywords=("Armor",), zone="hand"),
    )
    cardtypes.attach(g, g.card("Armor 1"), g.card("Hida Kisada"))
    with pytest.raises(Refused):
        cardtypes.attach(g, g.card("Armor 2"), g.card("Hida Kisada"))
    assert not g.card("Hida Kisada").bowed
