"""The turn (oh-guidelines-turn-structure, ne-turn, mod-straighten-event-end), hand size (oh-ii-c, ne-6-2,
ne-6-4), Seppuku in each format (aeg-glossary-seppuku, oh-ability-seppuku, ne-ability-seppuku,
mod-ability-seppuku), keywords (mod-kw-stalwart, mod-kw-overconfident, ne-kw-chi-death, ne-kw-kensai) and
player abilities (oh-ability-lobby, ne-ability-lobby, oh-iii-a-winds, mod-tactician)."""

from __future__ import annotations

import pytest

from l5r.engine import abilities, keywords, seppuku, turn
from l5r.engine.game import OPPONENT, YOU, Card, Game, NotStated, Player, Refused


def game(ruleset, *cards: Card, you=0, opponent=0, hand=0) -> Game:
    g = Game(ruleset, {YOU: Player(YOU, honor=you, hand=hand), OPPONENT: Player(OPPONENT, honor=opponent)})
    for c in cards:
        g.cards[c.name] = c
    return g


def test_phases_come_from_the_ruleset(rs):
    oh, ne = game(rs["obsidian-hand"]), game(rs["new-era"])
    assert len(turn.phases_played(oh, attack=True)) == 9
    assert "Attack/Battle" not in turn.phases_played(oh, attack=False)
    assert turn.phases_played(ne, attack=False) == ["Straighten", "Events", "Action", "Dynasty", "End"]


def test_modern_phases_for_card_effects(rs):
    g = game(rs["modern"])
    assert turn.phase_for_card_effects(g, "Event") == "Action"
    assert turn.phase_for_card_effects(g, "End") == "Dynasty"
    with pytest.raises(NotStated):
        turn.phase_for_card_effects(g, "Attack")  # Modern's own document does not list its phases


@pytest.mark.parametrize(
    "fmt, hand, drawn, discarded, kept",
    [
        ("new-era", 8, 1, 1, 8),  # 6.2 draws before 6.4 discards
        ("new-era", 5, 1, 0, 6),
    ],
)
def test_end_of_turn(rs, fmt, hand, drawn, discarded, kept):
    g = game(rs[fmt], hand=hand)
    assert turn.end_turn(g) == {"drawn": drawn, "discarded": discarded}
    assert g.player(YOU).hand == kept


def test_obsidian_hand_discards_before_a_draw_of_no_stated_number(rs):
    # OH's turn structure: "… Dynasty Phase – Discard Phase – Draw Phase – End Phase"; no OH text says how many
    # cards the Draw Phase draws: not stated, citing OH's turn structure, never 0 and never New Era's one.
    g = game(rs["obsidian-hand"], hand=11)
    result = turn.end_turn(g)
    assert list(result) == ["discarded", "drawn"]
    assert result["discarded"] == 3
    assert isinstance(result["drawn"], NotStated)
    assert result["drawn"].rule_id == "oh-guidelines-turn-structure"
    assert "OH documents" in result["drawn"].reason and "NE" not in result["drawn"].reason
    assert g.player(YOU).turns_ended == 1  # the turn still ends
    with pytest.raises(NotStated):
        turn.hand(g.player(YOU))


@pytest.mark.parametrize("hand", [0, 6])
def test_modern_turn_end_refuses_only_the_discard_that_needs_a_number(rs, hand):
    g = game(rs["modern"], hand=hand)
    result = turn.end_turn(g)
    assert g.player(YOU).turns_ended == 1
    assert isinstance(result["drawn"], NotStated)
    if hand == 0:
        assert result["discarded"] == 0  # nothing to discard: the maximum is not needed
    else:
        assert isinstance(result["discarded"], NotStated)
        assert "maximum hand size" in result["discarded"].reason and "MOD documents" in result["discarded"].reason


def test_max_hand_size_is_a_stat(rs):
    g = game(rs["obsidian-hand"], hand=12)
    g.player(YOU).max_hand_size_modifier = 2
    assert turn.discard_to_hand_size(g, YOU) == 2
    g.player(YOU).no_max_hand_size = True
    g.player(YOU).hand = 30
    assert turn.discard_to_hand_size(g, YOU) == 0


@pytest.mark.parametrize(
    "fmt, keyword, allowed",
    [
        ("aeg", "Courtier", True),
        ("aeg", "Shugenja", False),
        ("obsidian-hand", "Shugenja", True),
        ("obsidian-hand", "Ronin", False),
    ],
)
def test_seppuku_reaction(rs, fmt, keyword, allowed):
    g = game(rs[fmt], Card("P", keywords=(keyword,), dishonorable=True), you=8)
    if not allowed:
        with pytest.raises(Refused):
            seppuku.before_honor_loss(g, YOU, 5, "P", "targeted")
        return
    change = seppuku.before_honor_loss(g, YOU, 5, "P", "targeted")
    assert (change.points, g.player(YOU).honor, g.card("P").zone, g.card("P").dishonorable) == (
        1,
        7,
        "destroyed",
        False,
    )


@pytest.mark.parametrize("fmt, reaction", [("new-era", Refused), ("modern", NotStated)])
def test_seppuku_open_action(rs, fmt, reaction):
    """NE's rule book stands alone and gives the Open ability only: a Reaction is forbidden. Modern adds the Open
    ability to the unbundled Twenty Festivals rules: a Reaction is not stated (MOD Seppuku)."""
    g = game(
        rs[fmt], Card("Honorable", keywords=("Samurai",)), Card("Fallen", keywords=("Samurai",), dishonorable=True)
    )
    with pytest.raises(Refused):
        seppuku.open_action(g, YOU, "Honorable")
    seppuku.open_action(g, YOU, "Fallen")
    assert g.card("Fallen").zone == "destroyed"
    with pytest.raises(reaction):
        seppuku.before_honor_loss(g, YOU, 3, "Honorable", "targeted")


def test_stalwart(rs):
    g = game(rs["modern"], Card("S", keywords=("Stalwart",), controller=OPPONENT))
    assert keywords.bow(g, g.card("S"), YOU) is False
    assert keywords.bow(g, g.card("S"), YOU) is True
    g.start_turn(OPPONENT)
    g.card("S").bowed = False
    assert keywords.bow(g, g.card("S"), YOU) is False  # the first bowing of the new turn


def test_stalwart_is_only_a_keyword_where_stated(rs):
    # Only Modern's glossary states Stalwart (mod-kw-stalwart); New Era's documents do not, so whether another
    # player's effect bows a Stalwart Personality there is not stated (never answered from Modern).
    g = game(rs["new-era"], Card("S", keywords=("Stalwart",), controller=OPPONENT))
    with pytest.raises(NotStated, match="Stalwart"):
        keywords.bow(g, g.card("S"), YOU)
    assert g.card("S").bowed is False
    assert keywords.bow(g, g.card("S"), OPPONENT) is True  # its own controller's effects bow it as usual


def test_overconfident_and_chi_death(rs):
    mod = game(rs["modern"], Card("O", keywords=("Overconfident",)))
    keywords.enters_play(mod, mod.card("O"))
    keywords.leaves_play(mod, mod.card("O"))
    assert mod.may_draw == {OPPONENT: 2}
    ne = game(rs["new-era"], Card("C", chi=1))
    keywords.change_chi(ne, ne.card("C"), -3)
    assert (ne.card("C").chi, ne.card("C").zone) == (0, "destroyed")


def test_kensai_two_weapons(rs):
    g = game(
        rs["new-era"],
        Card("K", keywords=("Kensai",)),
        Card("W1", type="Item", keywords=("Weapon",), zone="hand"),
        Card("W2", type="Item", keywords=("Weapon",), zone="hand"),
        Card("W3", type="Item", keywords=("Weapon",), zone="hand"),
    )
    keywords.attach_item(g, g.card("W1"), g.card("K"))
    keywords.attach_item(g, g.card("W2"), g.card("K"))
    with pytest.raises(Refused):
        keywords.attach_item(g, g.card("W3"), g.card("K"))


@pytest.mark.parametrize(
    "fmt, mine, theirs, ok",
    [
        ("obsidian-hand", 10, 9, True),
        ("new-era", 9, 9, False),
        ("obsidian-hand", 9, 10, False),
        ("new-era", 10, 9, True),
    ],
)
def test_lobby(rs, fmt, mine, theirs, ok):
    g = game(rs[fmt], Card("P", personal_honor=1), you=mine, opponent=theirs)
    if ok:
        abilities.lobby(g, YOU, "P")
        assert g.player(YOU).imperial_favor and g.card("P").bowed
    else:
        with pytest.raises(Refused) as refused:
            abilities.lobby(g, YOU, "P")
        assert refused.value.kind == "forbidden"
        assert refused.value.rule_id == ("oh-ability-lobby" if fmt == "obsidian-hand" else "ne-ability-lobby")


def test_obsidian_hand_lobby_on_tied_honor_is_not_stated_in_its_own_words(rs, codex):
    g = game(rs["obsidian-hand"], Card("P", personal_honor=1), you=10, opponent=10)
    with pytest.raises(NotStated) as unanswered:
        abilities.lobby(g, YOU, "P")
    exc = unanswered.value
    assert exc.rule_id == "oh-ability-lobby"
    assert "the highest Family Honor among all players" in exc.reason
    assert "higher Family Honor than your opponent" not in exc.reason  # New Era's sentence
    assert not g.card("P").bowed and not g.player(YOU).imperial_favor


@pytest.mark.parametrize("fmt", ["obsidian-hand", "new-era"])
def test_lobby_words_are_the_cited_records_own(rs, codex, fmt):
    """The words a Lobby refusal quotes are verbatim in the record it cites."""
    record = codex.records[rs[fmt].rule("lobby")]
    assert record.format_id == fmt
    text = " ".join(b.text for b in record.text)
    assert rs[fmt].lobby["words"] in " ".join(text.split())


def test_winds_forbid_favor_actions_in_the_obsidian_hand(rs):
    g = game(rs["obsidian-hand"])
    g.player(YOU).imperial_favor = g.player(YOU).wind_in_play = True
    with pytest.raises(Refused):
        abilities.use_favor(g, YOU)
    g.player(YOU).wind_in_play = False
    abilities.use_favor(g, YOU)
    assert not g.player(YOU).imperial_favor


def test_one_tactical_action_per_tactician(rs):
    g = game(rs["modern"], Card("T", keywords=("Tactician",)), Card("U", keywords=("Tactician",)))
    abilities.tactical_advantage(g, YOU, "T", 2)
    abilities.tactical_advantage(g, YOU, "U", 1)
    with pytest.raises(Refused):
        abilities.tactical_advantage(g, YOU, "T", 3)
    assert g.card("T").force_bonus == 2
