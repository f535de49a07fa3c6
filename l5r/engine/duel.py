"""Duels: focusing and striking in turn, the focus limit, totals of Focus Values plus Chi, ties, Duelist.

NE Duels (ne-kw-duels, steps 1–4) and Duelist (ne-kw-duelist). The focus limit is the Ruleset's
`duel_focus_limit`; a format that states no duel rules gets NotStated.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .game import Card, Game, NotModelled, Refused, not_stated, stated


@dataclass(frozen=True)
class DuelResult:
    winner: str | None
    losers: tuple[str, ...]
    totals: dict


@dataclass
class Duel:
    challenger: Card
    challenged: Card
    rule: str
    limit: int
    to_act: str = ""  # the duelist whose player must now focus or strike
    focused: dict = field(default_factory=dict)
    result: DuelResult | None = None

    def __post_init__(self):
        # The challenged player has the first opportunity to focus or strike.
        self.to_act = self.challenged.name
        self.focused = {self.challenger.name: [], self.challenged.name: []}

    def _opponent(self, name: str) -> str:
        return self.challenger.name if name == self.challenged.name else self.challenged.name

    def _check_turn(self, name: str, verb: str):
        if self.result is not None:
            raise Refused("the duel is over", self.rule)
        if name not in self.focused:
            raise Refused(f"{name} is not in this duel", self.rule)
        if name != self.to_act:
            raise Refused(
                f"it is {self.to_act}'s player who chooses to focus or strike now, so {name} cannot {verb}", self.rule
            )

    def focus(self, name: str, focus_value: int):
        self._may_focus(name)
        self.focused[name].append(focus_value)
        self.to_act = self._opponent(name)

    def focus_top_of_fate_deck(self, name: str):
        """NE Duels step 1: "To focus, you either choose a card from your hand, or take the top card of your
        Fate deck without looking at it". The rule is stated; the engine keeps the cards of a deck but not their
        order, so which card is on top (and its Focus Value) is not modelled. What the rules forbid is still
        answered first: focusing out of turn, or a fifth time."""
        self._may_focus(name)
        raise NotModelled(
            "the engine keeps no order of the cards in a Fate deck, so it does not know which card "
            "is on top or its Focus Value (a card focused from hand, with its Focus Value, is "
            "modelled)",
            self.rule,
        )

    def _may_focus(self, name: str):
        self._check_turn(name, "focus")
        if len(self.focused[name]) >= self.limit:
            raise Refused(f"{name}'s player has focused {self.limit} times in this duel and must strike", self.rule)

    def strike(self, name: str, game: Game) -> DuelResult:
        self._check_turn(name, "strike")
        self.result = _resolve(self, game)
        return self.result


def challenge(game: Game, challenger: str, challenged: str) -> Duel:
    game.check_not_over()
    rule = stated(game.ruleset, "duel_focus_limit", "the rules of duels")
    a, b = game.card(challenger), game.card(challenged)
    if a.controller == b.controller:
        raise Refused("a duel is between Personalities of different players", rule)
    limit = game.ruleset.duel_focus_limit
    if limit is None:  # a rule of duels that gives no number of focuses
        raise not_stated(game.ruleset, "how many times each player may focus in a duel", rule)
    return Duel(a, b, rule, limit)


def _resolve(duel: Duel, game: Game) -> DuelResult:
    """Each side totals Focus Values plus Chi; higher wins, a tie makes both lose (Duelist breaks ties)."""
    totals = {c.name: sum(duel.focused[c.name]) + c.chi for c in (duel.challenger, duel.challenged)}
    a, b = duel.challenger, duel.challenged
    if totals[a.name] != totals[b.name]:
        winner = a if totals[a.name] > totals[b.name] else b
        return DuelResult(winner.name, (b.name if winner is a else a.name,), totals)
    duelists = [c for c in (a, b) if c.has("Duelist")]
    if len(duelists) == 1 and not game.ruleset.rule("keyword_duelist"):
        raise not_stated(game.ruleset, "what the Duelist keyword does (so who wins the tied duel)")
    if game.ruleset.rule("keyword_duelist"):
        if len(duelists) == 1:
            winner = duelists[0]
            return DuelResult(winner.name, (b.name if winner is a else a.name,), totals)
    return DuelResult(None, (a.name, b.name), totals)
