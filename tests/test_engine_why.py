"""The engine says why, and never guesses: every refusal is forbidden (a cited rule), not stated
(the format's documents are silent, naming what is missing) or not modelled; every Ruleset value is stated by
the format's own documents or one it builds on."""

from __future__ import annotations

import pytest

from l5r.engine import recruit, setup, victory
from l5r.engine.game import OPPONENT, YOU, Card, Game, NotModelled, NotStated, Player, Refusal, Refused
from l5r.engine.ruleset import DOCUMENT_KEYS, Ruleset, _KNOWN
from package_source import file_nodes


def game(ruleset, *cards: Card, first=YOU, **honor) -> Game:
    g = Game(ruleset, {YOU: Player(YOU), OPPONENT: Player(OPPONENT)}, first_player=first)
    for c in cards:
        g.cards[c.name] = c
    for pid, value in honor.items():
        g.player(pid).honor = value
    return g


def test_three_kinds_of_refusal():
    assert {Refused.kind, NotStated.kind, NotModelled.kind} == {"forbidden", "not stated", "not modelled"}
    assert all(issubclass(k, Refusal) for k in (Refused, NotStated, NotModelled))


# -- Every Ruleset value is stated by the format's documents or one it builds on ---------------------------

DECK_CHECKER_ALIASES = {"dynasty_deck": "deck_size", "fate_deck": "deck_size"}


def test_every_ruleset_value_cites_a_rule_of_its_own_inheritance_chain(codex):
    """A value with no rule of the format's chain behind it would answer from another format or a default."""
    problems = []
    for fmt in codex.bundled_formats:
        chain = {f.id for f in codex.ancestry(fmt.id)}
        refs = dict(fmt.ruleset.get("rule_refs", {}))
        for key in fmt.ruleset:
            if key == "rule_refs" or key in DOCUMENT_KEYS:  # about the documents, not a rule they state
                continue
            ref = refs.get(key) or refs.get(DECK_CHECKER_ALIASES.get(key, ""))
            if ref is None:
                problems.append(f"{fmt.id}: `{key}` cites no rule")
            elif ref not in codex.records or codex.records[ref].format_id not in chain:
                problems.append(f"{fmt.id}: `{key}` cites {ref}, not a rule of {sorted(chain)}")
        for key, ref in refs.items():
            if ref in codex.records and codex.records[ref].format_id not in chain:
                problems.append(f"{fmt.id}: rule_refs `{key}` cites {ref} from another format")
    assert not problems, "\n".join(problems)


def test_unstated_numbers_are_none_not_a_default():
    """The defaults that would answer a question are None ("not stated"); switch-like defaults answer nothing."""
    blank = Ruleset("x", "X")
    for key in (
        "honor_victory_at",
        "dishonor_loss_at",
        "dishonor_timing",
        "enlightenment_rings",
        "max_hand_size",
        "discount_applies_to",
        "duel_focus_limit",
    ):
        assert getattr(blank, key) is None, key
    assert "unbundled_basis" not in _KNOWN  # computed from the inheritance chain, never set in data


def test_modern_names_the_unbundled_twenty_festivals_rules(rs):
    assert "Twenty Festivals" in rs["modern"].unbundled_basis
    assert "Jade Hand Legacy" in rs["obsidian-hand"].unbundled_basis
    assert rs["new-era"].unbundled_basis is None  # New Era builds on no other text


# -- Modern: Honor victory and the Clan discount are not stated ---------------------------------------------


def test_modern_honor_victory_is_not_stated_never_nobody(rs):
    """MOD: "Rules for playing Modern are the same as those established by AEG for 20 Festivals"; no Modern
    text gives an Honor victory, so starting a turn at 45 Honor leaves the game undecided."""
    g = game(rs["modern"], **{YOU: 45})
    victory.turn_begins(g, YOU)
    assert g.winner is None and g.undecided and "Twenty Festivals" in g.undecided[0].reason


def test_new_era_honor_victory_is_stated(rs):
    """NE ne-victory-honor: 40 Honor at the start of your turn wins."""
    g = game(rs["new-era"], **{YOU: 40})
    victory.turn_begins(g, YOU)
    assert g.winner == YOU and not g.undecided


def test_modern_clan_discount_is_not_stated(rs):
    g = game(rs["modern"], Card("Matsu Tsuko", clan="Lion Clan", gold_cost=6, zone="province"))
    g.player(YOU).clan = "Lion Clan"
    cost = recruit.recruit_cost(g, YOU, g.card("Matsu Tsuko"))
    assert isinstance(cost.unknown, NotStated) and "Clan discount" in cost.unknown.reason


def test_new_era_recruit_states_no_discount(rs):
    """NE ne-ability-recruit: "Bring into play … paying all costs" — the printed Gold Cost, no discount."""
    g = game(rs["new-era"], Card("Matsu Tsuko", clan="Lion", gold_cost=6, zone="province"))
    g.player(YOU).clan = "Lion"
    cost = recruit.recruit_cost(g, YOU, g.card("Matsu Tsuko"))
    assert cost.unknown is None and cost.total == 6


# -- Stronghold sides (oh-iii-a-strongholds, ne-setup-3) ----------------------------------------------------


@pytest.mark.parametrize("fid, side", [("obsidian-hand", "the white-bordered side"), ("new-era", "the B side")])
def test_the_player_not_going_first_uses_the_stated_side(rs, fid, side):
    g = game(rs[fid], first=OPPONENT)
    g.player(YOU).stronghold_sides = 2
    assert setup.stronghold_side(g, YOU) == side


def test_obsidian_hand_does_not_state_the_first_players_side(rs):
    g = game(rs["obsidian-hand"], first=YOU)
    g.player(YOU).stronghold_sides = 2
    with pytest.raises(NotStated, match="going first"):
        setup.stronghold_side(g, YOU)


# -- Dishonor: both players in one turn (OH Dishonor Victory) ----------------------------------------------


def test_both_players_reaching_dishonor_in_one_turn_both_lose(rs):
    """OH: "If a player reaches -20 or less Familiy Honor, he/she loses the game at the end of the current
    turn." Both reach it: both lose, nobody wins (the first loser's opponent does not win)."""
    g = game(rs["obsidian-hand"])
    victory.turn_begins(g, YOU)
    g.player(YOU).honor = g.player(OPPONENT).honor = -20
    g.player(YOU).reached_dishonor_this_turn = g.player(OPPONENT).reached_dishonor_this_turn = True
    victory.turn_ends(g)
    assert g.winner is None and set(g.losers) == {YOU, OPPONENT} and g.over


# -- Possessives are not keywords (aeg-wording-possessive) -------------------------------------------------


def test_any_number_of_your_personalities_reads_your_as_whose():
    from l5r.engine.wording import parse_selection

    (slot,) = parse_selection("any number of your Personalities")
    assert slot.yours and slot.alternatives[0].modifiers == () and slot.quantity.kind == "any-number"


# -- A Shugenja cannot commit seppuku, and the Honor loss still happens (aeg-glossary-seppuku) --------------


def test_refused_seppuku_reaction_still_loses_the_honor(rs):
    from l5r.engine import seppuku

    g = game(rs["aeg"], Card("Isawa Kaede", keywords=("Shugenja",)), **{YOU: 6})
    with pytest.raises(Refused) as refused:
        seppuku.before_honor_loss(g, YOU, 4, "Isawa Kaede", "targeted")
    assert refused.value.rule_id == "aeg-glossary-seppuku" and "still happens" in refused.value.happened
    assert g.player(YOU).honor == 2 and g.card("Isawa Kaede").zone == "in play"


# -- Every "forbidden" refusal cites the rule that forbids -------------------------------------------------


def test_every_forbidden_refusal_in_the_engine_passes_a_rule_id(root):
    """A `Refused` without a rule would be a "no" with no reason; an impossible request (a card that is not
    there) is `Impossible`, a mistake in the question, not a refusal."""
    import ast

    missing = []
    for path in sorted((root / "l5r" / "engine").glob("*.py")):
        for node in file_nodes(path):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Refused":
                if len(node.args) < 2 and not any(k.arg == "rule_id" for k in node.keywords):
                    missing.append(f"{path.name}:{node.lineno}")
    assert not missing, missing


# -- Stalwart (mod-kw-stalwart) against many bowings at once; not stated where the format is silent ---------


def test_bow_all_negates_each_stalwart_personalitys_first_bowing(rs):
    from l5r.engine import effects

    g = game(
        rs["modern"],
        Card("Hida Kisada", keywords=("Stalwart",), controller=OPPONENT, owner=OPPONENT),
        Card("Hida Yakamo", controller=OPPONENT, owner=OPPONENT),
    )
    effects.resolve_effect(g, YOU, "Bow all Personalities")
    assert not g.card("Hida Kisada").bowed and g.card("Hida Yakamo").bowed


def test_stalwart_is_not_stated_in_the_obsidian_hand_and_nothing_bows(rs):
    from l5r.engine import effects

    g = game(
        rs["obsidian-hand"],
        Card("Hida Kisada", keywords=("Stalwart",), controller=OPPONENT, owner=OPPONENT),
        Card("Hida Yakamo", controller=OPPONENT, owner=OPPONENT),
    )
    with pytest.raises(NotStated, match="Stalwart"):
        effects.resolve_effect(g, YOU, "Bow all Personalities")
    assert not g.card("Hida Yakamo").bowed  # refused before anything bowed


# -- A conditional Clan Alignment: "only if their respective Stronghold is in play" (oh-ii-a) ---------------


def test_hare_clan_counts_while_the_opponents_shiro_usagi_is_in_play(rs):
    from l5r.engine.clan import personality_clan

    g = game(rs["obsidian-hand"], Card("Usagi Oda", clan="Hare Clan"))
    g.player(YOU).stronghold, g.player(OPPONENT).stronghold = "Kyuden Hida", "Shiro Usagi"
    assert personality_clan(g, g.card("Usagi Oda"), g.player(YOU)) == "Hare Clan"
    g.player(OPPONENT).stronghold = "Shiro Matsu"
    assert personality_clan(g, g.card("Usagi Oda"), g.player(YOU)) is None


# -- How many Provinces: New Era states four (ne-setup-6); the others do not --------------------------------


def test_new_era_players_start_with_the_four_provinces_setting_up_6_states(rs):
    """NE ne-setup-6: "Take four cards from the top of your Dynasty deck […] These cards mark your Provinces."""
    g = game(rs["new-era"])
    assert rs["new-era"].provinces == 4 and g.player(YOU).provinces == g.player(OPPONENT).provinces == 4
    victory.province_destroyed(g, OPPONENT)
    assert g.player(OPPONENT).provinces == 3 and g.winner is None


@pytest.mark.parametrize("fid", ["obsidian-hand", "modern"])
def test_provinces_are_not_stated_where_the_documents_do_not_state_them(rs, fid):
    """OH II.E only says a player with no Provinces remaining loses; neither OH nor Modern gives the number."""
    g = game(rs[fid])
    assert g.player(YOU).provinces is None  # never New Era's four, never a default
    with pytest.raises(NotStated):
        victory.province_destroyed(g, OPPONENT)
    assert g.winner is None


def test_obsidian_hand_names_the_missing_number_and_the_unbundled_rules(rs):
    g = game(rs["obsidian-hand"])
    with pytest.raises(NotStated, match="how many Provinces") as why:
        victory.province_destroyed(g, OPPONENT)
    assert "Jade Hand Legacy" in why.value.reason


# -- Not modelled: a stated rule the engine does not model (NE Duels step 1, the top card of the Fate deck) -----


def test_focusing_the_top_card_of_the_fate_deck_is_not_modelled_and_changes_nothing(rs):
    """NE ne-kw-duels-step-1: "take the top card of your Fate deck without looking at it". The engine keeps no
    deck order: NotModelled, citing the rule that states it — and what the rules forbid is still answered first."""
    from l5r.engine import duel

    g = game(
        rs["new-era"],
        Card("Kakita Toshimoko", chi=4),
        Card("Bayushi Kachiko", chi=3, controller=OPPONENT, owner=OPPONENT),
    )
    d = duel.challenge(g, "Kakita Toshimoko", "Bayushi Kachiko")
    with pytest.raises(Refused):  # out of turn: forbidden, not "not modelled"
        d.focus_top_of_fate_deck("Kakita Toshimoko")
    with pytest.raises(NotModelled) as why:
        d.focus_top_of_fate_deck("Bayushi Kachiko")
    assert why.value.kind == "not modelled" and why.value.rule_id == "ne-kw-duels-step-1"
    assert "order" in why.value.reason
    assert d.focused == {"Kakita Toshimoko": [], "Bayushi Kachiko": []} and d.to_act == "Bayushi Kachiko"
    for _ in range(8):  # four focuses each: a fifth is forbidden, from the hand or the deck alike
        d.focus(d.to_act, 1)
    with pytest.raises(Refused, match="must strike"):
        d.focus_top_of_fate_deck("Bayushi Kachiko")


# -- The classes of wrong answers: each has a verified scenario citing the rule whose words decide it ---

WRONG_ANSWER_CLASSES = [
    # (class, scenario title, cited rule, words of that rule, then-key, expected answer)
    (
        "a stated side called unstated (OH)",
        "The player not going first uses the white-bordered side",
        "oh-iii-a-strongholds",
        "Players that do not go first must use the white-bordered side",
        "your Stronghold's side",
        "the white-bordered side",
    ),
    (
        "a stated side called unstated (NE)",
        "The player who does not start uses the B side",
        "ne-setup-3",
        "The player who does not start changes their Stronghold to the B side",
        "your opponent's Stronghold's side",
        "the B side",
    ),
    (
        "both players dishonored in one turn",
        "Both players reach -20 Honor in one turn and both lose",
        "oh-guidelines-dishonor-victory",
        "he/she loses the game at the end of the current turn",
        "winner",
        "nobody (both lost)",
    ),
    (
        "a Clan Alignment while a Stronghold is in play (any player's)",
        "Hare Clan is a Clan Alignment while your opponent's Shiro Usagi is in play",
        "oh-ii-a",
        "only if their respective Stronghold is in play",
        None,
        None,
    ),
    (
        "Stalwart against an effect bowing many",
        "Stalwart negates a bowing by an effect that bows many Personalities at once",
        "mod-kw-stalwart",
        "negate his first bowing each turn",
        None,
        None,
    ),
    (
        "possessives are not keywords",
        "“Any number of your Personalities” — “your” says whose, it is not a keyword",
        "aeg-wording-possessive",
        "possessive terms refer to a card in play controlled by the player",
        None,
        None,
    ),
    (
        "NE Rings (of the same type)",
        'Five Rings of five elements — but "of the same type" is not defined',
        "ne-victory-enlightenment",
        "(of the same type)",
        "winner",
        "not stated",
    ),
    (
        "NE reduced Honor gain",
        "A reduced Honor gain is not stated in New Era",
        "ne-4-3-c",
        "gains 2 Honor",
        "not stated",
        ["you gain 2 Honor, reduced by 3"],
    ),
    ("Modern Honor victory", "Modern states no Honor victory", "mod-amendments", "", "winner", "not stated"),
    (
        "Modern Clan discount",
        "Modern states no Clan discount",
        "mod-blood-money",
        "he pays 2 more Gold during recruitment",
        "gold paid",
        "not stated",
    ),
    (
        "OH Provinces",
        "How many Provinces a player starts with is not stated",
        "oh-ii-e-military",
        "no Provinces remaining",
        "your opponent's Provinces",
        "not stated",
    ),
    ("NE Provinces", "Every player starts with four Provinces", "ne-setup-6", "Take four cards", "your Provinces", 4),
    (
        "not modelled",
        "Focusing the top card of the Fate deck is not modelled",
        "ne-kw-duels-step-1",
        "take the top card of your Fate deck without looking at it",
        "not modelled",
        ["Bayushi Kachiko focuses the top card of her Fate deck"],
    ),
    (
        "a refused Seppuku still loses the Honor",
        "In the AEG rules a Shugenja cannot commit seppuku — and the Honor loss still happens",
        "aeg-glossary-seppuku",
        "before you lose Honor from an action that targeted",
        "your Honor",
        2,
    ),
]


def _words(record) -> str:
    blocks = tuple(getattr(record, "text", ())) + tuple(getattr(record, "notes", ()))
    for s in getattr(record, "sections", ()):
        blocks += tuple(s.text)
    return " ".join(" ".join(t for b in blocks for t in b.strings()).replace("’", "'").split())


@pytest.mark.parametrize(
    "cls, title, rule, words, key, answer", WRONG_ANSWER_CLASSES, ids=[c[0] for c in WRONG_ANSWER_CLASSES]
)
def test_each_wrong_answer_class_has_a_verified_scenario_citing_the_rule(
    root, codex, cls, title, rule, words, key, answer
):
    from l5r.scenarios.collect import collect
    from l5r.scenarios.runner import run_scenario

    found = [s for s in collect([root / "docs", root / "data"], root) if s.title == title]
    assert len(found) == 1, f"{cls}: no scenario titled “{title}”"
    scenario = found[0]
    assert rule in scenario.data["rules"], f"{cls}: the scenario does not cite {rule}"
    assert words in _words(codex.records[rule]), f"{cls}: {rule} does not say “{words}”"
    outcome = run_scenario(scenario, codex)
    assert outcome.passed, outcome.report()
    if key is not None:
        assert scenario.data["then"][key] == answer
