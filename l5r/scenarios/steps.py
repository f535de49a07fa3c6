"""`when:` — the step vocabulary. Each step is one sentence matched in full (case does not matter).

A step the engine does not take is *refused*, for one of three reasons (engine.game.Refusal): a rule
forbids it (`then: refused:`), the format's documents do not state the rule it needs (`then: not stated:`),
or the engine does not model it (`then: not modelled:`). The state does not change — except for what happens
anyway (a Reaction that cannot be taken does not stop the Honor loss it answers; the step's note says so) —
and the scenario must list the step under its reason. A sentence that matches no step is an error, never skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..engine import (
    abilities,
    battle,
    cardtypes,
    duel,
    effects,
    gold,
    honor,
    keywords,
    recruit,
    search,
    seppuku,
    setup,
    turn,
    victory,
    wording,
)
from ..engine.battle import BattleResult
from ..engine.game import OPPONENT, YOU, Game, NotStated, Refused
from .scenario import ScenarioError

P = r"(?P<p>you|your opponent)"
PS = r"(?P<p>your|your opponent's)"
CARD = r"(?P<card>[^\"]+?)"
TEXT = r"\"(?P<text>[^\"]+)\""


def player_id(word: str) -> str:
    return YOU if word.lower() in ("you", "your") else OPPONENT


@dataclass
class Run:
    """What the steps did, for the expectations to check."""

    game: Game
    battle: battle.Battle | None
    refused: list = field(default_factory=list)  # (step index, text, reason, rule id, kind)
    notes: dict = field(default_factory=dict)  # step index -> what happened, for the site
    conditions: list = field(default_factory=list)
    choices: list = field(default_factory=list)
    texts: list = field(default_factory=list)
    duel: duel.Duel | None = None
    battle_result: BattleResult | None = None
    forces: tuple | None = None
    phases: list | None = None
    searches: list = field(default_factory=list)
    ranged: list = field(default_factory=list)
    honor_steps: set = field(default_factory=set)
    discarded: dict = field(default_factory=dict)
    drawn: dict = field(default_factory=dict)
    gold_paid: dict = field(default_factory=dict)
    gold_unknown: dict = field(default_factory=dict)  # player: NotStated, when a cost paid was not stated
    resolutions: list = field(default_factory=list)
    reveals: list = field(default_factory=list)


@dataclass(frozen=True)
class Step:
    pattern: re.Pattern
    example: str
    help: str
    handler: object


STEPS: list[Step] = []


def step(pattern: str, example: str, help: str):
    def register(fn):
        STEPS.append(Step(re.compile(pattern + r"\.?$", re.I), example, help, fn))
        return fn

    return register


def named(run: Run, name: str):
    name = name.strip()
    if name not in run.game.cards:
        raise ScenarioError(f"no card named {name} is given")
    return run.game.card(name)


# ---------------------------------------------------------------------------------------------------------
# Turns and victory
# ---------------------------------------------------------------------------------------------------------


@step(rf"{PS} turn begins", "your turn begins", "A turn starts; a player beginning it at the Honor threshold wins.")
def _turn_begins(run: Run, p):
    victory.turn_begins(run.game, player_id(p))


@step(
    r"the turn ends",
    "the turn ends",
    "The active player's turn ends: the draw and the discard down to the maximum hand size in the format's "
    "order (a part the format does not state is not stated, and only that part), then dishonor checks.",
)
def _turn_ends(run: Run):
    active = run.game.active
    result = turn.end_turn(run.game)
    said = []
    for key, record in (("drawn", run.drawn), ("discarded", run.discarded)):
        if key not in result:
            continue
        record[active] = _add(record.get(active, 0), result[key])
        value = result[key]
        said.append(
            f"{'drew' if key == 'drawn' else 'discarded'} "
            f"{value if isinstance(value, int) else 'not stated (' + value.reason + ')'}"
        )
    return ", ".join(said)


def _add(total, more):
    """A running count of cards; once a part is not stated (a NotStated), the total is not stated either."""
    if isinstance(total, NotStated):
        return total
    if isinstance(more, NotStated):
        return more
    return total + more


@step(
    r"you take a turn (?P<how>and attack|without attacking)",
    "you take a turn without attacking",
    "Plays a whole turn; `phases` lists the phases it went through.",
)
def _take_turn(run: Run, how):
    run.phases = turn.phases_played(run.game, attack=how.lower() == "and attack")


@step(
    rf"one of {PS} Provinces is destroyed",
    "one of your opponent's Provinces is destroyed",
    "A Province is destroyed; a player with none left loses.",
)
def _province(run: Run, p):
    victory.province_destroyed(run.game, player_id(p))


# ---------------------------------------------------------------------------------------------------------
# Honor
# ---------------------------------------------------------------------------------------------------------

_MODS = r"(?P<mods>(?:,? (?:reduced|increased) by \d+)*)"
_FROM = r"(?P<src> from (?:your|your opponent's) card)?"


def _mods(text: str):
    inc = tuple(int(n) for n in re.findall(r"increased by (\d+)", text or ""))
    red = tuple(int(n) for n in re.findall(r"reduced by (\d+)", text or ""))
    return inc, red


@step(
    rf"{P} (?P<verb>gains?|loses?) (?P<n>\d+) Honor{_MODS}{_FROM}",
    "you gain 2 Honor, reduced by 3",
    "An Honor gain or loss, optionally reduced or increased by other effects, optionally from a card.",
)
def _honor(run: Run, p, verb, n, mods, src):
    pid = player_id(p)
    inc, red = _mods(mods)
    kind = "gain" if verb.lower().startswith("gain") else "loss"
    change = honor.change_honor(run.game, pid, kind, int(n), inc, red)
    run.honor_steps.add(pid)
    if src and kind == "loss" and ("opponent" in src) == (pid == YOU) and change.happened:
        run.game.player(pid).lost_honor_from_opponent_card = True
    victory.after_honor_change(run.game)
    word = "gain" if kind == "gain" else "loss"
    return f"a {change.points}-point {word}" + ("" if change.happened else f", which is not an Honor {word}")


@step(
    rf"{P} loses? (?P<n>\d+) Honor{_MODS} from an? (?:card effect|action) that (?P<link>targeted|was performed by) "
    rf"{CARD}, and he commits seppuku",
    "you lose 5 Honor from a card effect that targeted Doji Hoturi, and he commits seppuku",
    "The Seppuku Reaction before an Honor loss (formats where Seppuku is a Reaction).",
)
def _seppuku_reaction(run: Run, p, n, mods, link, card):
    pid = player_id(p)
    inc, red = _mods(mods)
    who = named(run, card)
    try:
        change = seppuku.before_honor_loss(run.game, pid, int(n), who.name, link.lower(), inc, red)
    except NotStated:
        run.honor_steps.add(pid)
        raise
    except Refused as refused:
        if refused.happened:  # the seppuku is refused, the Honor loss is not
            run.honor_steps.add(pid)
            victory.after_honor_change(run.game)
        raise
    run.honor_steps.add(pid)
    victory.after_honor_change(run.game)
    return f"{who.name} is rehonored, then destroyed; the loss is {change.points}"


@step(
    r"you make a Ranged (?P<n>\d+) Attack with \+(?P<bonus>\d+) strength for every (?P<per>\d+) points of "
    r"Family Honor you have",
    "you make a Ranged 3 Attack with +1 strength for every 10 points of Family Honor you have",
    "`ranged attack strength` is its strength.",
)
def _ranged(run: Run, n, bonus, per):
    strength = int(n) + honor.bonus_per_points(run.game, YOU, int(bonus), int(per))
    run.ranged.append(strength)
    return f"strength {strength}"


# ---------------------------------------------------------------------------------------------------------
# Recruiting and Gold
# ---------------------------------------------------------------------------------------------------------


@step(rf"{P} produces? (?P<n>\d+) Gold", "you produce 5 Gold", "A Gold source (e.g. a bowed Holding) produces Gold.")
def _produce(run: Run, p, n):
    gold.produce(run.game, player_id(p), int(n))


@step(
    rf"{P} recruits? {CARD}(?P<nodisc> without the Clan discount)?(?P<bm> paying Blood Money)?",
    "you recruit Doji Hoturi",
    "Brings a face-up card from your Province into play, paying its cost.",
)
def _recruit(run: Run, p, card, nodisc, bm):
    pid = player_id(p)
    who = named(run, card)
    cost = recruit.recruit(run.game, pid, who.name, take_discount=not nodisc, blood_money=bool(bm))
    run.gold_paid[pid] = run.gold_paid.get(pid, 0) + cost.total
    parts = [f"Gold Cost {cost.printed}"]
    if cost.unknown is not None:
        run.gold_unknown.setdefault(pid, cost.unknown)
        extra = f" + {cost.blood_money} Blood Money" if cost.blood_money else ""
        return f"enters play (Gold Cost {cost.printed}{extra}; the total is not stated: {cost.unknown.reason})"
    if cost.discount:
        parts.append(f"− {cost.discount} Clan discount")
    if cost.surcharge:
        parts.append(f"+ {cost.surcharge} out of Clan")
    if cost.blood_money:
        parts.append(f"+ {cost.blood_money} Blood Money")
    return f"pays {cost.total} Gold ({' '.join(parts)})"


@step(rf"{P} Proclaims? {CARD}", "you Proclaim Doji Hoturi", "Proclaim after recruiting a Personality.")
def _proclaim(run: Run, p, card):
    pid = player_id(p)
    gained = recruit.proclaim(run.game, pid, named(run, card).name)
    run.honor_steps.add(pid)
    return f"gains {gained} Honor"


# ---------------------------------------------------------------------------------------------------------
# Duels
# ---------------------------------------------------------------------------------------------------------


@step(
    r"(?P<a>[^\"]+?) challenges (?P<b>[^\"]+?) to a duel",
    "Kakita Toshimoko challenges Bayushi Kachiko to a duel",
    "Starts a duel; the challenged player has the first opportunity to focus or strike.",
)
def _challenge(run: Run, a, b):
    run.duel = duel.challenge(run.game, named(run, a).name, named(run, b).name)


@step(
    rf"{CARD} focuses the top card of (?:your|their|his|her) Fate deck",
    "Kakita Toshimoko focuses the top card of your Fate deck",
    "Focus without looking (NE Duels step 1): not modelled — the engine keeps no order of a deck's cards.",
)
def _focus_top(run: Run, card):
    _in_duel(run).focus_top_of_fate_deck(named(run, card).name)


@step(
    rf"{CARD} focuses (?:a card with Focus Value )?(?P<n>\d+)",
    "Kakita Toshimoko focuses a card with Focus Value 3",
    "The duelist's player focuses a card.",
)
def _focus(run: Run, card, n):
    _in_duel(run).focus(named(run, card).name, int(n))


@step(rf"{CARD} strikes", "Bayushi Kachiko strikes", "The duelist's player strikes: the duel resolves.")
def _strike(run: Run, card):
    result = _in_duel(run).strike(named(run, card).name, run.game)
    totals = ", ".join(f"{k} {v}" for k, v in result.totals.items())
    return f"totals: {totals}"


def _in_duel(run: Run) -> duel.Duel:
    if run.duel is None:
        raise ScenarioError("no duel has started (use “X challenges Y to a duel” first)")
    return run.duel


# ---------------------------------------------------------------------------------------------------------
# Battle
# ---------------------------------------------------------------------------------------------------------


@step(
    r"you assign (?P<names>[^\"]+?) to attack",
    "you assign Matsu Tsuko, Matsu Agetoki and Ikoma Ujiaki to attack",
    "Assigns units to attack (Brash lets the Defender draw).",
)
def _assign(run: Run, names):
    cards = [named(run, n) for n in re.split(r",\s*|(?<!\s)\s+and\s+", names) if n.strip()]
    keywords.assigned_to_attack(run.game, cards)


@step(
    r"the Force of each army is totalled",
    "the Force of each army is totalled",
    "Totals both armies of the given battle (`attacking force`, `defending force`).",
)
def _total(run: Run):
    b = _battle(run)
    run.forces = (battle.army_force(run.game, b.attacking), battle.army_force(run.game, b.defending))
    return f"attacking {run.forces[0]}, defending {run.forces[1]}"


@step(r"the battle resolves", "the battle resolves", "Resolves the given battle.")
def _resolve(run: Run):
    result = battle.resolve_battle(run.game, _battle(run))
    run.battle_result = result
    run.forces = (result.attacking_force, result.defending_force)
    return f"attacking Force {result.attacking_force}, defending Force {result.defending_force}"


def _battle(run: Run) -> battle.Battle:
    if run.battle is None:
        raise ScenarioError("no battle is given (add `battle:` to `given`)")
    return run.battle


# ---------------------------------------------------------------------------------------------------------
# Cards and keywords
# ---------------------------------------------------------------------------------------------------------


@step(rf"{PS} card bows {CARD}", "your opponent's card bows Hida Kisada", "A card effect bows a card.")
def _bow(run: Run, p, card):
    who = named(run, card)
    bowed = keywords.bow(run.game, who, player_id(p))
    return "bowed" if bowed else "the bowing is negated"


@step(rf"{CARD} gets (?P<sign>[+\-−])(?P<n>\d+) Chi", "Isawa Tadaka gets -2 Chi", "Changes a Personality's Chi.")
def _chi(run: Run, card, sign, n):
    delta = int(n) if sign == "+" else -int(n)
    keywords.change_chi(run.game, named(run, card), delta)


@step(rf"{CARD} is destroyed", "Hida Kisada is destroyed", "A card in play is destroyed.")
def _destroy(run: Run, card):
    who = named(run, card)
    if who.zone != "in play":
        raise ScenarioError(f"{who.name} is not in play")
    keywords.leaves_play(run.game, who)
    keywords.destroy(run.game, who)


@step(
    rf"{P} (?:equips?|attach(?:es)?) (?P<item>[^\"]+?) to {CARD}",
    "you equip Fine Katana to Doji Hoturi",
    "Attaches a card from hand to a Personality (an Ancestor bows him).",
)
def _equip(run: Run, p, item, card):
    who = named(run, card)
    was_bowed = who.bowed
    cardtypes.attach(run.game, named(run, item), who)
    return f"{who.name} bows to attach it" if who.bowed and not was_bowed else None


@step(
    rf"{P} transfers? (?P<item>[^\"]+?) to {CARD}",
    "you transfer Fine Katana to Doji Yasuyo",
    "Moves an attachment from one Personality to another.",
)
def _transfer(run: Run, p, item, card):
    cardtypes.transfer(run.game, named(run, item), named(run, card))


@step(
    rf"{CARD} loses the (?P<keyword>[^\"]+?) keyword",
    "Matsu Tsuko loses the Lion Clan keyword",
    "A card loses a keyword (a printed Clan Alignment too); Ancestors that needed it are destroyed.",
)
def _lose_keyword(run: Run, card, keyword):
    destroyed = cardtypes.lose_keyword(run.game, named(run, card), keyword.strip())
    return f"destroyed: {', '.join(destroyed)}" if destroyed else None


@step(
    rf"{CARD} commits seppuku",
    "Doji Hoturi commits seppuku",
    "The Seppuku player ability as an Open action (formats where it is one).",
)
def _seppuku(run: Run, card):
    who = named(run, card)
    seppuku.open_action(run.game, who.controller, who.name)


@step(rf"{P} Lobb(?:y|ies) with {CARD}", "you Lobby with Doji Hoturi", "The Lobby ability: take the Imperial Favor.")
def _lobby(run: Run, p, card):
    abilities.lobby(run.game, player_id(p), named(run, card).name)


@step(
    rf"{P} (?:discards?|uses?) the Imperial Favor",
    "you discard the Imperial Favor",
    "A rulebook Favor action (Favor Cycle, Favor Battle) discards the Imperial Favor.",
)
def _favor(run: Run, p):
    abilities.use_favor(run.game, player_id(p))


@step(
    rf"{CARD} uses Tactical Advantage, discarding a card with Focus Value (?P<n>\d+)",
    "Akodo Kaneka uses Tactical Advantage, discarding a card with Focus Value 3",
    "Tactical Advantage.",
)
def _tactical(run: Run, card, n):
    who = named(run, card)
    abilities.tactical_advantage(run.game, who.controller, who.name, int(n))


@step(
    rf"{P} discards? down to (?:your|his|their) maximum hand size",
    "you discard down to your maximum hand size",
    "Discards down to the maximum hand size (`you discarded`).",
)
def _discard(run: Run, p):
    pid = player_id(p)
    n = turn.discard_to_hand_size(run.game, pid)
    run.discarded[pid] = _add(run.discarded.get(pid, 0), n)
    return f"discards {n}"


# ---------------------------------------------------------------------------------------------------------
# Setting up, the Provinces and straightening
# ---------------------------------------------------------------------------------------------------------


def _first_player_known(run: Run):
    if run.game.first_player is None:
        raise ScenarioError("this step needs to know who goes first: add `first player:` to `given`")


@step(
    r"the starting Holdings are put into play",
    "the starting Holdings are put into play",
    "Before the first turn, the players' starting Holdings (listed under `pre-game cards`) enter play.",
)
def _starting_holdings(run: Run):
    _first_player_known(run)
    entered = setup.put_starting_holdings(run.game)
    return f"entered play: {', '.join(entered) or 'nothing'}"


@step(
    rf"{P} sets? (?:your|their|his) starting Family Honor",
    "you set your starting Family Honor",
    "The player's Family Honor starts at the Stronghold's Starting Family Honor.",
)
def _starting_honor(run: Run, p):
    pid = player_id(p)
    _stronghold_known(run, pid, "Starting Family Honor")
    return f"{setup.set_starting_honor(run.game, pid)} Family Honor"


def _stronghold_known(run: Run, pid: str, stat: str):
    if stat not in run.game.player(pid).stronghold_stats:
        raise ScenarioError(f"the Stronghold's {stat} is not given (`stronghold: Title: {{{stat.lower()}: …}}`)")


@step(
    rf"{PS} Stronghold gets (?P<sign>[+\-−])(?P<n>\d+) (?P<stat>Province Strength|Gold Production|Starting Family Honor)",
    "your Stronghold gets -1 Gold Production",
    "An effect or token changes one of the Stronghold's stats.",
)
def _stronghold_stat(run: Run, p, sign, n, stat):
    pid = player_id(p)
    stat = next(s for s in setup.STATS if s.lower() == stat.lower())
    _stronghold_known(run, pid, stat)
    setup.modify_stat(run.game, pid, stat, int(n) if sign == "+" else -int(n))


@step(
    rf"{P} search(?:es)? (?:your|their|his) Dynasty deck for a Legacy Holding and puts? {CARD} into play",
    "you search your Dynasty deck for a Legacy Holding and put Bamboo Harvesters into play",
    "The second player's Legacy Holding: into play bowed, ignoring costs.",
)
def _legacy(run: Run, p, card):
    _first_player_known(run)
    who = setup.going_second_legacy(run.game, player_id(p), named(run, card).name)
    return f"{who.name} enters play bowed, ignoring costs"


@step(
    rf"{P} takes? (?:your|their|his) starting hand",
    "you take your starting hand",
    "Setting up: the player takes the format's number of Fate cards as a starting hand (`cards in your hand`).",
)
def _starting_hand(run: Run, p):
    return f"{setup.take_starting_hand(run.game, player_id(p))} cards"


@step(
    rf"{P} uses? Legacy and finds? no Legacy Holding",
    "you use Legacy and find no Legacy Holding",
    "A Legacy search that finds no Legacy Holding (NE Legacy: its player loses the game).",
)
def _legacy_fails(run: Run, p):
    setup.legacy_finds_nothing(run.game, player_id(p))


@step(
    rf"{P} reveals? the cards in (?:your|their|his) Provinces(?:, not paying for (?P<declined>[^\"]+?))?",
    "you reveal the cards in your Provinces",
    "The start-of-turn reveal: face-down cards turn face-up; Regions attach, Celestials enter play.",
)
def _reveal(run: Run, p, declined):
    pid = player_id(p)
    names = [named(run, n).name for n in re.split(r",\s*|(?<!\s)\s+and\s+", declined or "") if n.strip()]
    result = cardtypes.reveal_provinces(run.game, pid, tuple(names))
    run.reveals.append(result)
    if result.gold_paid or any(run.game.card(n).gold_cost for n in names):
        run.gold_paid[pid] = run.gold_paid.get(pid, 0) + result.gold_paid
    return "; ".join(result.notes) or "nothing happens"


@step(
    rf"{P} straightens? all (?:your|their|his) bowed cards",
    "you straighten all your bowed cards",
    "The Straighten Phase: the player's bowed cards straighten (unless they must stay bowed).",
)
def _straighten(run: Run, p):
    done, held = turn.straighten_all(run.game, player_id(p))
    note = f"straightened: {', '.join(done) or 'nothing'}"
    return note + (f"; stays bowed: {', '.join(held)}" if held else "")


# ---------------------------------------------------------------------------------------------------------
# Wording and searching
# ---------------------------------------------------------------------------------------------------------


@step(
    rf"check {TEXT}",
    'check "If you have two Shugenja in play"',
    "Checks a condition against the cards you have in play (`the condition is met`).",
)
def _check(run: Run, text):
    met = _kept(run.conditions, lambda: wording.condition_met(run.game, text))
    run.conditions.append(met)
    return "met" if met else "not met"


@step(
    rf"you choose (?P<names>[^\"]+?) for {TEXT}",
    'you choose Kaiu Shoichi for "Bow a Samurai and a Courtier"',
    "Offers cards (or `nothing`) for an instruction (`the choice fulfils the text`).",
)
def _choose(run: Run, names, text):
    chosen = (
        []
        if names.strip().lower() == "nothing"
        else [named(run, n).name for n in re.split(r",\s*|(?<!\s)\s+and\s+", names) if n.strip()]
    )
    ok, why = _kept(run.choices, lambda: wording.choice_fulfils(run.game, text, chosen))
    run.choices.append(ok)
    return "fulfils it" if ok else f"does not fulfil it: {why}"


@step(
    rf"read {TEXT}",
    'read "Target a Samurai and a Shugenja. Bow him."',
    'Reads a card text, for `"him" refers to` expectations.',
)
def _read(run: Run, text):
    run.texts.append(text)


@step(
    rf"{P} resolves? {TEXT}(?:, choosing \"(?P<choice>[^\"]+)\")?",
    'you resolve "Bow all Shugenja"',
    "Resolves a short effect text (`the action is successful`); with a condition, choose an effect.",
)
def _resolve_text(run: Run, p, text, choice):
    result = effects.resolve_effect(run.game, player_id(p), text, choice)
    run.resolutions.append(result)
    if result.unanswered is not None:
        return f"resolved; whether it was successful is not stated ({result.unanswered.reason})"
    return "successful" if result.successful else "not successful: nothing changed"


_AREA = r"(?:your )?(?:Fate deck|Dynasty deck|discard pile|hand)"


@step(
    rf"{P} search(?:es)? (?P<areas>{_AREA}(?: and then {_AREA})?) for {TEXT} and selects? (?P<sel>[^\"]+?)",
    'you search your Fate deck for "a Ring" and select nothing',
    "Searches one or two areas (`the search is successful`).",
)
def _search(run: Run, p, areas, text, sel):
    names = [re.sub(r"^your ", "", a.strip(), flags=re.I) for a in re.split(r"(?<!\s)\s+and then\s+", areas)]
    names = [next(z for z in search.AREAS if z.lower() == n.lower()) for n in names]
    selected = None if sel.strip().lower() == "nothing" else named(run, sel).name
    result = _kept(run.searches, lambda: search.search(run.game, player_id(p), names, text, selected))
    run.searches.append(result)
    shuffled = ", ".join(result.shuffled) or "nothing"
    return f"searched {', '.join(result.searched)}; shuffled {shuffled}"


# Registered last so the general "X enters play …" never shadows a more specific sentence.
@step(
    rf"{CARD} enters play (?P<how>by its own text|by another card's effect)",
    "Ring of Fire enters play by its own text",
    "A Ring (listed `in hand`) enters play under its owner's control.",
)
def _ring_enters(run: Run, card, how):
    ring = named(run, card)
    entered = "by its own text" if how.lower() == "by its own text" else "by another card"
    if ring.zone == "hand":
        run.game.player(ring.owner).hand = max(0, run.game.player(ring.owner).hand - 1)
    victory.ring_enters_play(run.game, ring, ring.owner, entered)


def _kept(answers: list, ask):
    """Ask the engine; a question its format does not state leaves its NotStated where the answer would be,
    so the fact that reads the answer is "not stated" too, never "no step produced it"."""
    try:
        return ask()
    except NotStated as why:
        answers.append(why)
        raise


def match(text: str):
    """The step a sentence is, with its arguments; None if it is no step."""
    for s in STEPS:
        m = s.pattern.match(text.strip())
        if m:
            return s, {k: v for k, v in m.groupdict().items()}
    return None
