"""The game state the rules chapters act on: two players, their cards, whose turn it is, who has won.

Only what the encoded rules need is modelled. Cards are known by their title; a scenario names each card
once. Engine chapters change this state and raise `Refused` when the rules forbid what was asked.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .ruleset import Ruleset

YOU, OPPONENT = "you", "opponent"
PLAYERS = (YOU, OPPONENT)


class Refusal(Exception):
    """The engine does not do what was asked, and says why. Each refusal is one of three kinds:

    - ``forbidden`` (Refused): a rule of the format forbids it; `rule_id` cites that rule;
    - ``not stated`` (NotStated): the format's documents do not answer the question; `reason` names what
      is missing (and, where the format builds on rules the Codex does not bundle, which ones);
    - ``not modelled`` (NotModelled): the documents may answer it, but the engine does not model it.

    The engine never answers a question of the second or third kind from a default or another format.
    """

    kind = "refused"

    def __init__(self, reason: str, rule_id: str | None = None, happened: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.rule_id = rule_id
        # What happens anyway: a Reaction that cannot be taken does not stop the event it reacts to (the
        # Honor loss of a seppuku the Personality cannot commit still happens).
        self.happened = happened


class Refused(Refusal):
    """The rules forbid this: `reason` is one sentence a player understands, `rule_id` decides it."""

    kind = "forbidden"


class NotStated(Refusal):
    """The format's documents do not state the rule this needs: the engine does not guess."""

    kind = "not stated"


class NotModelled(Refusal):
    """The engine does not model this (the documents may well answer it)."""

    kind = "not modelled"


class Impossible(Exception):
    """What was asked cannot happen in this game state (recruiting a card that is not in a Province, a step
    after the game ended): a mistake in the question, not a rule's answer — so not a refusal."""


def missing_text(ruleset: Ruleset) -> str:
    """Where the unanswered rule would be: the unbundled rules this format builds on, if any."""
    if ruleset.unbundled_basis:
        return f" (they build on {ruleset.unbundled_basis}, which the Codex does not bundle)"
    if ruleset.unbundled_rest:
        return f" ({ruleset.unbundled_rest}, which the Codex does not bundle, may)"
    return ""


def not_stated(ruleset: Ruleset, what: str, rule_id: str | None = None) -> NotStated:
    """The format's documents leave `what` open; `rule_id`: the format's own record that comes closest (cited,
    so a reader sees the words that leave it open, never another format's)."""
    return NotStated(f"the {ruleset.citation_prefix} documents do not state {what}{missing_text(ruleset)}", rule_id)


def number(ruleset: Ruleset, key: str, what: str) -> int:
    """A number of the format's Ruleset as its documents state it, or NotStated: never 0, never a default and
    never another format's number. `key` is the Ruleset field (and its rule_refs key, cited when stated)."""
    value = getattr(ruleset, key)
    if value is None:
        raise not_stated(ruleset, what)
    return value


def stated(ruleset: Ruleset, key: str, what: str) -> str:
    """The rule id that states `key` in this format, or NotStated naming what is missing."""
    rule_id = ruleset.rule(key)
    if rule_id is None:
        raise not_stated(ruleset, what)
    return rule_id


def other(player: str) -> str:
    return OPPONENT if player == YOU else YOU


@dataclass
class Card:
    name: str
    type: str = "Personality"
    keywords: tuple[str, ...] = ()
    owner: str = YOU
    controller: str = YOU
    zone: str = "in play"  # in play | province | hand | deck | discard pile | destroyed | removed
    force: int = 0
    chi: int = 0
    gold_cost: int | None = None
    personal_honor: int = 0
    honor_requirement: int | None = None
    clan: str | None = None
    bowed: bool = False
    dishonorable: bool = False
    face_up: bool = True
    focus_value: int | None = None
    element: str | None = None
    ring_type: str | None = None  # NE "five Rings (of the same type)": the documents do not say what it is
    entered: str | None = None  # rings: "by its own text" | "by another card" | "before the first player"
    attached_to: str | None = None
    at: str = "home"  # home | battlefield
    force_bonus: int = 0
    province: int | None = None  # the Province (1 = leftmost) it is in, or a Region in play is attached to
    restriction: str | None = None  # a condition on entering play ("If you have a Shugenja in play")
    immune_until_turns_ended: int | None = None  # unaffected by other players' cards until its controller
    #                                               has ended this many turns (OH Border Keep)
    stays_bowed_until_turn: int | None = None  # does not straighten before its controller's turn N begins

    def has(self, keyword: str) -> bool:
        return any(k.lower() == keyword.lower() for k in self.keywords)


@dataclass
class Player:
    id: str
    honor: int = 0
    clan: str | None = None  # None: unaligned
    stronghold: str | None = None
    hand: int = 0
    max_hand_size: int | None = None
    max_hand_size_modifier: int = 0
    no_max_hand_size: bool = False
    # Provinces left. None until the game starts: then the format's stated number (NE Setting Up 6: four);
    # a format whose documents do not state it (OH, Modern) leaves it None, "not stated", never a default.
    provinces: int | None = None
    imperial_favor: bool = False
    wind_in_play: bool = False
    # Set when the number of cards in hand is no longer known: a step drew a number of cards the format's
    # documents do not state (the Obsidian Hand's Draw Phase). Every later answer that needs the hand says so.
    hand_unknown: "NotStated | None" = None
    # Set when an Honor change of a size the documents do not state happened (a Seppuku Reaction the format
    # does not state, before a loss it would have reduced): every later answer that needs the Honor says so.
    honor_unknown: "NotStated | None" = None
    lost_honor_from_opponent_card: bool = False
    reached_dishonor_this_turn: bool = False
    unsuccessful_searches: set[str] = field(default_factory=set)
    gold_sources: list[int] = field(default_factory=list)  # unspent gold, one entry per source
    gold_tracked: bool = False  # True once the player produced Gold: costs are then paid from sources
    turns_taken: int = 0  # turns begun
    turns_ended: int = 0
    stronghold_sides: int | None = None
    stronghold_stats: dict[str, int] = field(default_factory=dict)  # printed: Province Strength, Gold Production…
    sensei: str | None = None
    sensei_modifiers: dict[str, int] = field(default_factory=dict)
    stat_modifiers: dict[str, int] = field(default_factory=dict)  # effects and tokens on the Stronghold's stats
    legacy_holdings_taken: int = 0


@dataclass
class Game:
    ruleset: Ruleset
    players: dict[str, Player]
    cards: dict[str, Card] = field(default_factory=dict)
    active: str = YOU
    first_player_chosen: bool = True
    first_player: str | None = None  # who goes (went) first, when a rule needs it
    winner: str | None = None
    win_reason: str | None = None
    used_this_turn: set[tuple[str, str]] = field(default_factory=set)  # (ability, card or player)
    bowings_from_others_this_turn: set[str] = field(default_factory=set)
    honor_changes: list = field(default_factory=list)  # every HonorChange, in order
    recruits: list = field(default_factory=list)  # (player, card name, RecruitCost)
    may_draw: dict[str, int] = field(default_factory=dict)  # cards a player may draw (Overconfident, Brash)
    # Where a card's drawing keyword is not stated in the format: how many cards the player may draw is not.
    may_draw_unknown: dict[str, "NotStated"] = field(default_factory=dict)
    # Victory checks the format's documents do not state (e.g. Modern's Honor victory): while nobody has
    # won, "who has won" is then not stated either, never "nobody".
    undecided: list = field(default_factory=list)  # NotStated
    losers: tuple[str, ...] = ()  # set when players lose without another winning (both at once)

    def __post_init__(self):
        for p in self.players.values():
            if p.provinces is None:
                p.provinces = self.ruleset.provinces

    def player(self, player_id: str) -> Player:
        return self.players[player_id]

    def card(self, name: str) -> Card:
        return self.cards[name]

    def in_play(self, controller: str | None = None) -> list[Card]:
        return [
            c for c in self.cards.values() if c.zone == "in play" and (controller is None or c.controller == controller)
        ]

    def attachments(self, card: Card) -> list[Card]:
        return [c for c in self.cards.values() if c.attached_to == card.name and c.zone == "in play"]

    def unit(self, card: Card) -> list[Card]:
        """A Personality and the cards attached to him."""
        return [card, *self.attachments(card)]

    def declare_winner(self, player: str, reason: str):
        if self.winner is None:
            self.winner, self.win_reason = player, reason

    def declare_losers(self, losers, reason: str):
        """Players who lose the game: one loser's opponent wins; when both lose at once, nobody wins."""
        losers = tuple(dict.fromkeys(losers))
        if not losers or self.winner is not None or self.losers:
            return
        if len(losers) == 1:
            self.declare_winner(other(losers[0]), reason)
        else:
            self.losers, self.win_reason = losers, reason

    def leave_undecided(self, why: "NotStated"):
        if all(w.reason != why.reason for w in self.undecided):
            self.undecided.append(why)

    @property
    def over(self) -> bool:
        return self.winner is not None or bool(self.losers)

    def check_not_over(self):
        if self.over:
            raise Impossible(f"the game is already over ({self.win_reason})")

    def start_turn(self, player: str):
        self.active = player
        self.used_this_turn.clear()
        self.bowings_from_others_this_turn.clear()
        threshold = self.ruleset.dishonor_loss_at
        for p in self.players.values():
            # No dishonor loss stated (Modern): nobody has reached a threshold the documents do not give.
            p.reached_dishonor_this_turn = threshold is not None and p.honor <= threshold
        self.player(player).turns_taken += 1
