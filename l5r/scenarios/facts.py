"""`then:` — the expectations. Each key is a fact the engine computes; its value is what the rules say.

A fact that nothing in the scenario produced (a duel winner without a duel) is an error, so a scenario
cannot pass by asserting something no step checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine import battle, setup, turn, victory, wording
from ..engine.game import OPPONENT, YOU, NotStated
from .scenario import ScenarioError
from .steps import Run, player_id


class NeverChecked(ScenarioError):
    """The expectation names something no step in the scenario produced."""


@dataclass(frozen=True)
class FactPattern:
    pattern: re.Pattern
    example: str
    help: str
    getter: object
    kind: str  # "value" | "yes/no" | "list" | "ordered list" | "mapping"


FACTS: list[FactPattern] = []


def fact(pattern: str, example: str, help: str, kind: str = "value"):
    def register(fn):
        FACTS.append(FactPattern(re.compile(pattern + "$", re.I), example, help, fn, kind))
        return fn

    return register


def player_word(pid: str | None) -> str:
    return {YOU: "you", OPPONENT: "your opponent", None: "nobody"}[pid]


def _one_or_list(values: list, what: str):
    if not values:
        raise NeverChecked(f"no step produced {what}")
    return values[0] if len(values) == 1 else values


@fact(r"(?P<p>your|your opponent's) Honor", "your Honor: 7", "Family Honor now.")
def _honor(run: Run, p):
    who = run.game.player(player_id(p))
    if who.honor_unknown is not None:
        raise who.honor_unknown
    return who.honor


@fact(
    r"(?P<p>you|your opponent) (?P<verb>gained|lost) Honor",
    "you gained Honor: no",
    "Whether an Honor gain (or loss) of 1 or more points happened in the steps.",
    "yes/no",
)
def _changed(run: Run, p, verb):
    pid = player_id(p)
    if pid not in run.honor_steps and not any(c.player == pid for c in run.game.honor_changes):
        raise NeverChecked(f"no step changes {'your' if pid == YOU else 'your opponent’s'} Honor")
    kind = "gain" if verb.lower() == "gained" else "loss"
    return any(c.player == pid and c.kind == kind and c.happened for c in run.game.honor_changes)


@fact(
    r"winner",
    "winner: you",
    "Who has won the game: you, your opponent, nobody (yet), nobody (both lost) "
    "when both players lose at once, or not stated when a victory the format's documents do not give "
    "could have been reached.",
)
def _winner(run: Run):
    game = run.game
    if game.losers:
        return "nobody (both lost)"
    if game.winner is None and game.undecided:
        raise game.undecided[0]
    return player_word(game.winner)


@fact(r"gold paid", "gold paid: 5", "The Gold you paid for what you recruited, and for Regions.")
def _gold(run: Run):
    if YOU not in run.gold_paid:
        raise NeverChecked("you recruited nothing and paid for no Region")
    if YOU in run.gold_unknown:
        raise run.gold_unknown[YOU]
    return run.gold_paid[YOU]


@fact(r"the condition is met", "the condition is met: yes", 'The result of `check "…"`.', "yes/no")
def _condition(run: Run):
    return _answer(_one_or_list(run.conditions, 'a condition check (`check "…"`)'))


@fact(
    r"the choice fulfils the text", "the choice fulfils the text: no", 'The result of `you choose … for "…"`.', "yes/no"
)
def _choice(run: Run):
    return _answer(_one_or_list(run.choices, 'a choice (`you choose … for "…"`)'))


@fact(
    r"\"(?P<pronoun>\w+)\" refers to",
    '"him" refers to: the Shugenja',
    "What a pronoun in the text read refers to (a list, in order, when several texts were read).",
)
def _pronoun(run: Run, pronoun):
    return _one_or_list([wording.pronoun_in(run.game, text, pronoun) for text in run.texts], 'a text read (`read "…"`)')


@fact(
    r"\"his player\" of (?P<card>.+)",
    '"his player" of Bayushi Kachiko: your opponent',
    "Whose a card is: its controller in play, its owner out of play.",
)
def _his_player(run: Run, card):
    if card.strip() not in run.game.cards:
        raise ScenarioError(f"no card named {card.strip()} is given")
    return player_word(wording.player_of(run.game, run.game.card(card.strip())))


def _the_duel(run: Run):
    if run.duel is None or run.duel.result is None:
        raise NeverChecked("no duel was resolved (a duelist must strike)")
    return run.duel.result


@fact(r"duel winner", "duel winner: Kakita Toshimoko", "The duelist who won, or nobody.")
def _duel_winner(run: Run):
    return _the_duel(run).winner or "nobody"


@fact(r"duel losers?", "duel losers: [Bayushi Kachiko]", "Every duelist who lost (both, on a tie).", "list")
def _duel_losers(run: Run):
    return list(_the_duel(run).losers)


@fact(r"duel totals", "duel totals: {Kakita Toshimoko: 7, Bayushi Kachiko: 5}", "Focus Values plus Chi.", "mapping")
def _duel_totals(run: Run):
    return dict(_the_duel(run).totals)


def _the_battle(run: Run):
    if run.battle_result is None:
        raise NeverChecked("no battle was resolved (`the battle resolves`)")
    return run.battle_result


@fact(r"battle winner", "battle winner: attacker", "attacker, defender, or nobody (a tie).")
def _battle_winner(run: Run):
    return _the_battle(run).winner or "nobody"


@fact(r"(?P<side>attacking|defending) force", "attacking force: 7", "An army's total Force.")
def _force(run: Run, side):
    if run.forces is None:
        raise NeverChecked("no army's Force was totalled")
    return run.forces[0 if side.lower() == "attacking" else 1]


@fact(r"province destroyed", "province destroyed: yes", "Whether the battle destroyed the Province.", "yes/no")
def _province(run: Run):
    return _the_battle(run).province_destroyed


@fact(r"destroyed", "destroyed: [Hida Kisada]", "Every card destroyed so far.", "list")
def _destroyed(run: Run):
    return [c.name for c in run.game.cards.values() if c.zone == "destroyed"]


@fact(
    r"phases",
    "phases: [Straighten, Events, Action, Dynasty, End]",
    "The phases of the turn taken, in order.",
    "ordered list",
)
def _phases(run: Run):
    if run.phases is None:
        raise NeverChecked("no turn was taken (`you take a turn …`)")
    return run.phases


@fact(
    r"the (?P<name>[\w/]+) Phase is part of",
    "the Event Phase is part of: the Action Phase",
    "The phase a named phase belongs to for card effects.",
)
def _phase_part(run: Run, name):
    return f"the {turn.phase_for_card_effects(run.game, name)} Phase"


@fact(
    r"the action is successful",
    "the action is successful: no",
    'Whether the effect resolved (`you resolve "…"`) changed the game state.',
    "yes/no",
)
def _successful(run: Run):
    return _one_or_list([r.successful for r in run.resolutions], 'a resolved effect (`you resolve "…"`)')


def _answer(value):
    """A yes/no the engine could not give: the step that would have produced it was not stated, and so is
    its answer (an expectation takes "not stated" as its value); one unanswered among several answers the
    whole list the same way."""
    for item in value if isinstance(value, list) else [value]:
        if isinstance(item, NotStated):
            raise item
    return value


def _the_search(run: Run):
    if not run.searches:
        raise NeverChecked("no search was made")
    return _answer(run.searches[-1])


@fact(r"the search is successful", "the search is successful: no", "Whether the last search selected a card.", "yes/no")
def _search_ok(run: Run):
    return _the_search(run).successful


@fact(r"searched", "searched: [discard pile]", "The areas the last search looked through.", "ordered list")
def _searched(run: Run):
    return list(_the_search(run).searched)


@fact(r"shuffled", "shuffled: [Fate deck]", "The decks the last search shuffled.", "list")
def _shuffled(run: Run):
    return list(_the_search(run).shuffled)


@fact(r"ranged attack strength", "ranged attack strength: 3", "The strength of the Ranged Attack made.")
def _ranged(run: Run):
    return _one_or_list(run.ranged, "a Ranged Attack")


@fact(r"cards in (?P<p>your|your opponent's) hand", "cards in your hand: 8", "How many cards the player holds.")
def _hand(run: Run, p):
    return turn.hand(run.game.player(player_id(p)))


@fact(r"(?P<p>you|your opponent) (?P<what>discarded|drew)", "you discarded: 2", "Cards discarded (drawn) in the steps.")
def _discarded(run: Run, p, what):
    record = run.discarded if what.lower() == "discarded" else run.drawn
    pid = player_id(p)
    if pid not in record:
        raise NeverChecked(f"no step made {player_word(pid)} {'discard' if what.lower() == 'discarded' else 'draw'}")
    if isinstance(record[pid], NotStated):
        raise record[pid]
    return record[pid]


@fact(
    r"cards (?P<p>you|your opponent) may draw",
    "cards your opponent may draw: 1",
    "Cards a player may draw because of Overconfident or Brash.",
)
def _may_draw(run: Run, p):
    if player_id(p) in run.game.may_draw_unknown:
        raise run.game.may_draw_unknown[player_id(p)]
    return run.game.may_draw.get(player_id(p), 0)


@fact(
    r"(?P<p>you|your opponent) (?:has|have) the Imperial Favor",
    "you have the Imperial Favor: yes",
    "Who holds the Imperial Favor.",
    "yes/no",
)
def _favor(run: Run, p):
    return run.game.player(player_id(p)).imperial_favor


@fact(r"(?P<p>your|your opponent's) Provinces", "your opponent's Provinces: 0", "Provinces the player has left.")
def _provinces(run: Run, p):
    left = run.game.player(player_id(p)).provinces
    if left is None:  # neither given nor stated by the format (OH, Modern): never a default of 4
        raise victory.provinces_not_stated(run.game)
    return left


@fact(
    r"(?P<p>your|your opponent's) Stronghold's (?P<printed>printed )?(?P<stat>Province Strength|Gold Production|"
    r"Starting Family Honor)",
    "your Stronghold's printed Gold Production: 6",
    "A Stronghold stat: printed (a Sensei's modifiers count as printed), or now (with effects and tokens).",
)
def _stronghold_stat(run: Run, p, printed, stat):
    pid = player_id(p)
    stat = next(s for s in setup.STATS if s.lower() == stat.lower())
    if stat not in run.game.player(pid).stronghold_stats:
        raise ScenarioError(f"the Stronghold's {stat} is not given")
    return (setup.printed_stat if printed else setup.stat)(run.game, pid, stat)


@fact(
    r"(?P<p>your|your opponent's) Stronghold's side",
    "your Stronghold's side: its only side",
    "Which side of the Stronghold the player uses.",
)
def _stronghold_side(run: Run, p):
    pid = player_id(p)
    sides = run.game.player(pid).stronghold_sides
    if sides is None:
        raise ScenarioError("the Stronghold's `sides` are not given")
    if sides > 1 and run.game.first_player is None:
        raise ScenarioError("which side a two-sided Stronghold uses depends on who goes first: give `first player`")
    return setup.stronghold_side(run.game, pid)


@fact(r"(?P<p>your|your opponent's) maximum hand size", "your maximum hand size: 8", "A number, or none.")
def _max_hand(run: Run, p):
    value = turn.max_hand_size(run.game, run.game.player(player_id(p)))
    return "none" if value is None else value


# ---------------------------------------------------------------------------------------------------------
# A card's state: `Doji Hoturi: bowed, at home`
# ---------------------------------------------------------------------------------------------------------

STATUS_WORDS = (
    "bowed",
    "unbowed",
    "destroyed",
    "in play",
    "out of play",
    "in hand",
    "in a Province",
    "in the discard pile",
    "attached to …",
    "at home",
    "at the battlefield",
    "dishonorable",
    "honorable",
    "force N",
    "chi N",
)
_ZONE_WORDS = {
    "in play": "in play",
    "destroyed": "destroyed",
    "hand": "in hand",
    "province": "in a Province",
    "discard pile": "in the discard pile",
    "Fate deck": "in the Fate deck",
    "Dynasty deck": "in the Dynasty deck",
    "pre-game": "out of play",
}


def card_status(run: Run, name: str, asked: list[str]) -> list[str]:
    """The card's actual state, in the same words and order as the expectation asked."""
    card = run.game.card(name)
    actual = []
    for word in asked:
        w = word.lower().strip()
        if w in ("bowed", "unbowed"):
            actual.append("bowed" if card.bowed else "unbowed")
        elif w in ("destroyed", "in play", "in hand", "in a province", "in the discard pile"):
            actual.append(_ZONE_WORDS.get(card.zone, card.zone))
        elif w == "out of play":
            actual.append("in play" if card.zone == "in play" else "out of play")
        elif w.startswith("attached to "):
            actual.append(_attached(card))
        elif w in ("at home", "at the battlefield"):
            actual.append("at home" if card.at == "home" else "at the battlefield")
        elif w in ("dishonorable", "honorable"):
            actual.append("dishonorable" if card.dishonorable else "honorable")
        elif re.fullmatch(r"force -?\d+", w):
            actual.append(f"force {battle.card_force(run.game, card)}")
        elif re.fullmatch(r"chi -?\d+", w):
            actual.append(f"chi {card.chi}")
        else:
            raise ScenarioError(f"“{word}” is not a card state; use: {', '.join(STATUS_WORDS)}")
    return actual


def _attached(card) -> str:
    """What a card in play is attached to: a Personality, or (a Region) its Province."""
    if card.zone != "in play":
        return "not attached (not in play)"
    if card.attached_to is not None:
        return f"attached to {card.attached_to}"
    if card.type == "Region" and card.province is not None:
        return f"attached to Province {card.province}"
    return "not attached"


def find(key: str):
    for f in FACTS:
        m = f.pattern.match(key.strip())
        if m:
            return f, m.groupdict()
    return None
