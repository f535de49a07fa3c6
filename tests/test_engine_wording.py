"""Special wording rules (aeg-wording-*) and searching (aeg-glossary-search, aeg-glossary-search-multiple-areas)."""

from __future__ import annotations

import pytest

from l5r.engine import search, wording
from l5r.engine.game import OPPONENT, YOU, Card, Game, Player, Refused
from l5r.engine.ruleset import rulesets


@pytest.fixture
def g(codex):
    game = Game(rulesets(codex)["aeg"], {YOU: Player(YOU), OPPONENT: Player(OPPONENT)})
    for card in (
        Card("Shugenja 1", keywords=("Shugenja",)),
        Card("Shugenja 2", keywords=("Shugenja",)),
        Card("Shugenja 3", keywords=("Shugenja",)),
        Card("Shugenja 4", keywords=("Shugenja",)),
        Card("Both", keywords=("Samurai", "Courtier")),
        Card("Courtier", keywords=("Courtier",)),
        Card("Dark Shugenja", keywords=("Shadowlands", "Shugenja")),
        Card("Monk", keywords=("Monk",)),
        Card("Berserkers", type="Follower"),
        Card("Maiden", keywords=("Battle Maiden",)),
        Card("Guardian", keywords=("Temple Guardian",)),
        Card("Theirs", keywords=("Samurai",), controller=OPPONENT, owner=OPPONENT),
    ):
        game.cards[card.name] = card
    return game


@pytest.mark.parametrize(
    "text, met",
    [
        ("If you have two Shugenja in play", True),  # aeg-wording-numbers-two-or-more: met by more
        ("If you have a Samurai in play", True),  # aeg-wording-numbers-a-or-any
        ("If you have exactly two Shugenja in play", False),  # aeg-wording-numbers-exactly
        ("If you have exactly five Shugenja in play", True),
        ("If you have zero or one Samurai in play", True),
        ("If you have six Shugenja in play", False),
    ],
)
def test_quantities(g, text, met):
    assert wording.condition_met(g, text) is met


@pytest.mark.parametrize(
    "text, chosen, ok",
    [
        ("Bow a Samurai and a Courtier", ["Both"], False),  # aeg-wording-conjunctions-and
        ("Bow a Samurai and a Courtier", ["Both", "Courtier"], True),
        ("Bow up to three of your Personalities", [], True),  # aeg-wording-numbers-up-to
        ("Bow up to three of your Personalities", ["Theirs"], False),  # "your"
        ("Target a Shadowlands Shugenja or Monk", ["Monk"], False),  # aeg-wording-conjunctions-modifiers
        ("Target a Shadowlands Shugenja or Monk", ["Dark Shugenja"], True),
        ("Target a Shadowlands Shugenja or a Monk", ["Monk"], True),  # ...-modifier-first-only
        ("Target a Shadowlands Shugenja or a Monk", ["Shugenja 1"], False),
        ("Target a Samurai or Shugenja", ["Both"], True),  # aeg-wording-conjunctions-or-both
        ("Bow a Berserker", ["Berserkers"], False),  # aeg-wording-referring-all-meanings
        ("Bow two Berserkers", ["Berserkers", "Shugenja 1"], False),
        ("Bow a Battle Maiden", ["Maiden"], True),  # aeg-wording-referring-partial-words
        ("Bow a Temple", ["Guardian"], False),  # aeg-wording-referring-single-words
        ("Bow a Samurai", ["Both", "Theirs"], False),  # "a" chooses one card
    ],
)
def test_choices(g, text, chosen, ok):
    assert wording.choice_fulfils(g, text, chosen)[0] is ok


def test_term_plural_matches_singular_but_not_the_reverse():
    """aeg-wording-referring-plurals and -all-meanings."""
    assert wording.term_matches("Berserkers", Card("Berserker"))
    assert wording.term_matches("Berserkers", Card("Berserkers"))
    assert not wording.term_matches("Berserker", Card("Berserkers"))
    assert wording.term_matches("Personalities", Card("X"))


@pytest.mark.parametrize(
    "text, pronoun, referent",
    [
        ("Target a Samurai and a Shugenja. Bow him.", "him", "the Shugenja"),  # aeg-wording-pronouns-last-mentioned A
        ("Target a Personality and an Item. Give him +2F", "him", "the Personality"),  # example C
        ("Target a Personality and an Item. Bow it.", "it", "the Item"),
        # Example B: a Personality cannot oppose himself, so "him" skips the Personality "opposing him".
        ("Target one of your Personalities: Bow a target Personality opposing him.", "him", "your Personality"),
        # Without a relation nothing has with itself, the last Personality mentioned is "him" again.
        ("Target one of your Personalities: Bow a target Personality. Give him +1F.", "him", "the target Personality"),
        ("Target a Courtier: Bow a Samurai other than him.", "him", "the Courtier"),
    ],
)
def test_pronouns(text, pronoun, referent):
    assert wording.pronoun_referent(text, pronoun) == referent


def test_his_player():
    """aeg-wording-possessive: the controller in play, the owner out of play."""
    assert wording.his_player(Card("X", owner=OPPONENT, controller=YOU)) == YOU
    assert wording.his_player(Card("X", owner=OPPONENT, controller=YOU, zone="discard pile")) == OPPONENT


def test_unreadable_text_is_an_error_not_a_guess(g):
    with pytest.raises(wording.Unreadable):
        wording.condition_met(g, "Whenever the moon is full")


def test_unsuccessful_search_bars_the_description_and_still_shuffles(g):
    g.cards["Katana"] = Card("Katana", type="Item", zone="Fate deck")
    first = search.search(g, YOU, ["Fate deck"], "a Ring", None)
    assert (first.successful, first.shuffled) == (False, ("Fate deck",))
    with pytest.raises(Refused):
        search.search(g, YOU, ["Fate deck"], "a  ring", None)
    assert search.search(g, YOU, ["Fate deck"], "an Item", "Katana").successful


@pytest.mark.parametrize(
    "areas, found_in, searched, shuffled",
    [
        (["discard pile", "Fate deck"], "discard pile", ("discard pile",), ()),
        (["discard pile", "Fate deck"], "Fate deck", ("discard pile", "Fate deck"), ("Fate deck",)),
        (["Fate deck", "discard pile"], "discard pile", ("Fate deck", "discard pile"), ("Fate deck",)),
    ],
)
def test_searching_two_areas(g, areas, found_in, searched, shuffled):
    """aeg-glossary-search-multiple-areas: a deck is shuffled only if it was actually searched."""
    g.cards["Ring"] = Card("Ring", type="Ring", zone=found_in)
    result = search.search(g, YOU, areas, "a Ring", "Ring")
    assert (result.searched, result.shuffled) == (searched, shuffled)


def test_successful_means_an_actual_change(g):
    """aeg-glossary-successful: "Bow all Shugenja" with none unbowed changes nothing; ongoing effects do."""
    from l5r.engine import effects

    assert effects.resolve_effect(g, YOU, "Bow all Shugenja").successful is True
    assert effects.resolve_effect(g, YOU, "Bow all Shugenja").successful is False
    assert effects.resolve_effect(g, YOU, "Until the end of the game, all Ninja have -1F").successful is True
    assert effects.resolve_effect(g, YOU, "gain 0 Honor").successful is False


def test_a_condition_carries_to_both_effects(g):
    """aeg-wording-conjunctions-conditions: "If Ono is honorable, gain 2 Honor or give him +2F"."""
    from l5r.engine import effects

    g.cards["Ono"] = Card("Ono", dishonorable=True)
    for choice in ("gain 2 Honor", "give him +2F"):
        with pytest.raises(Refused):
            effects.resolve_effect(g, YOU, "If Ono is honorable, gain 2 Honor or give him +2F", choice)
    g.card("Ono").dishonorable = False
    effects.resolve_effect(g, YOU, "If Ono is honorable, gain 2 Honor or give him +2F", "give him +2F")
    assert g.card("Ono").force_bonus == 2
