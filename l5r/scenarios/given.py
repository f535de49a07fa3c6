"""`given:` — the starting state, read into an engine Game. Every field is known; anything else is an error.

given:
  turn: you                    # whose turn it is (you / your opponent)
  first player chosen: no      # before the first player is chosen (pre-game Rings)
  you:
    honor: 12
    clan: Crane Clan           # or: unaligned
    in play: [Doji Hoturi: {keywords: [Samurai, Courtier], chi: 4}]
  your opponent: {honor: 3}
  battle: {province strength: 3, attacking: [Matsu Tsuko], defending: [Hida Kisada]}
"""

from __future__ import annotations

from ..engine.battle import Battle
from ..engine.game import OPPONENT, YOU, Card, Game, Player
from ..engine.ruleset import Ruleset
from .scenario import Scenario, ScenarioError

PLAYER_NAMES = {"you": YOU, "your opponent": OPPONENT}

# Card zones a player lists cards under, and the zone each puts them in.
ZONES = {
    "in play": "in play",
    "in provinces": "province",
    "in hand": "hand",
    "fate deck": "Fate deck",
    "dynasty deck": "Dynasty deck",
    "discard pile": "discard pile",
    "rings": "in play",
    "pre-game cards": "pre-game",
}

PLAYER_FIELDS = {
    "honor": "Family Honor (may be negative)",
    "clan": "the player's Clan Alignment, or `unaligned`",
    "stronghold": "the title of the player's Stronghold, or `Title: {sides: 1, gold production: 5, …}`",
    "sensei": "the player's Sensei: `Title: {province strength: 1, gold production: -1, starting family honor: 2}`",
    "hand": "how many cards are in the player's hand (cards listed under `in hand` also count)",
    "maximum hand size": "a number, or `none` for no maximum (default: the format's)",
    "maximum hand size modifier": "e.g. +2",
    "provinces": "how many Provinces the player has left (default: the number the format states — New Era 4; not stated in the others)",
    "imperial favor": "yes if the player has the Imperial Favor",
    "wind in play": "yes if the player has a Wind in play",
    **{zone: "a list of cards" for zone in ZONES},
}

CARD_FIELDS = {
    "type": "Personality (the default), Follower, Item, Holding, Ring…",
    "keywords": "a list, e.g. [Samurai, Courtier]",
    "clan": "the printed Clan Alignment, e.g. Crab Clan",
    "force": "Force (for Items: the Force bonus they give)",
    "chi": "Chi",
    "gold cost": "Gold Cost",
    "personal honor": "Personal Honor",
    "honor requirement": "Honor Requirement",
    "focus value": "Focus Value",
    "element": "a Ring's element: Air, Earth, Fire, Water or Void",
    "ring type": "a Ring's type, for NE's “five Rings (of the same type)” (the documents do not say what it is)",
    "entered": "how a Ring in play entered: by its own text, by another card, before the first player",
    "bowed": "yes if bowed",
    "dishonorable": "yes if dishonorable",
    "face-down": "yes if face-down (cards in provinces are face-up by default)",
    "owner": "you or your opponent, when someone else controls it",
    "attachments": "a list of cards attached to this Personality",
    "copies": "how many copies: they are named “Title 1”, “Title 2”…",
    "province": "which Province (1 = leftmost) it is in; for a Region in play, the Province it is attached to",
    "restriction": "a restriction on entering play, read like `check`: “If you have a Shugenja in play”",
}

# A Stronghold's printed stats (and a Sensei's modifiers to them), by their field names.
STRONGHOLD_FIELDS = {
    "sides": None,
    "province strength": "Province Strength",
    "gold production": "Gold Production",
    "starting family honor": "Starting Family Honor",
}

BATTLE_FIELDS = {
    "attacker": "who attacks (default: the player whose turn it is)",
    "province strength": "the Province Strength of the battle's Province",
    "attacking": "the Personalities leading the attacking units (listed `in play`)",
    "defending": "the Personalities leading the defending units (listed `in play`)",
}

TOP_FIELDS = {
    "turn": "whose turn it is: you (default) or your opponent",
    "first player chosen": "no while the game has not yet chosen its first player",
    "first player": "who goes (or went) first: you or your opponent",
    "you": "your state",
    "your opponent": "your opponent's state",
    "battle": "a battle at one Province",
}

_ENTERED = ("by its own text", "by another card", "before the first player")


def build(scenario: Scenario, ruleset: Ruleset) -> tuple[Game, Battle | None]:
    given = scenario.data.get("given") or {}
    if not isinstance(given, dict):
        raise ScenarioError("`given` is a mapping (you, your opponent, turn, battle…)", scenario.line_of("given"))
    _known(given, TOP_FIELDS, scenario, ("given",), "given")
    game = Game(ruleset, {YOU: Player(YOU), OPPONENT: Player(OPPONENT)})
    game.active = _player(given.get("turn", "you"), scenario, ("given", "turn"))
    game.first_player_chosen = _bool(given.get("first player chosen", True), scenario, ("given", "first player chosen"))
    if "first player" in given:
        game.first_player = _player(given["first player"], scenario, ("given", "first player"))
    for name, pid in PLAYER_NAMES.items():
        _player_state(game, pid, given.get(name) or {}, scenario, ("given", name))
    battle = _battle(game, given["battle"], scenario) if "battle" in given else None
    return game, battle


def _known(mapping: dict, fields: dict, scenario: Scenario, keys: tuple, where: str):
    for key in mapping:
        if str(key).lower() not in fields:
            raise ScenarioError(
                f"unknown field “{key}” in {where}; known fields: {', '.join(fields)}", scenario.line_of(*keys, key)
            )


def _player(value, scenario, keys) -> str:
    pid = PLAYER_NAMES.get(str(value).lower())
    if pid is None:
        raise ScenarioError(f"“{value}” is not a player: write `you` or `your opponent`", scenario.line_of(*keys))
    return pid


def _bool(value, scenario, keys) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(f"“{value}” should be yes or no", scenario.line_of(*keys))
    return value


def _int(value, scenario, keys) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"“{value}” should be a whole number", scenario.line_of(*keys))
    return value


def _player_state(game: Game, pid: str, raw, scenario: Scenario, keys: tuple):
    if not isinstance(raw, dict):
        raise ScenarioError("a player's state is a mapping (honor, clan, in play…)", scenario.line_of(*keys))
    where = "you" if pid == YOU else "your opponent"
    _known(raw, PLAYER_FIELDS, scenario, keys, where)
    raw = {str(k).lower(): v for k, v in raw.items()}
    p = game.player(pid)
    _player_facts(p, raw, scenario, keys)
    _hand_size_limit(p, raw, scenario, keys)
    p.imperial_favor = _bool(raw.get("imperial favor", False), scenario, keys + ("imperial favor",))
    p.wind_in_play = _bool(raw.get("wind in play", False), scenario, keys + ("wind in play",))
    for zone_key, zone in ZONES.items():
        _zone_cards(game, p, zone_key, zone, raw.get(zone_key) or [], scenario, keys)
    if "hand" in raw:
        p.hand = _int(raw["hand"], scenario, keys + ("hand",))
    # A player in the dip-and-die danger zone at the start is already "at any point" in this turn.
    if game.ruleset.dishonor_loss_at is not None and p.honor <= game.ruleset.dishonor_loss_at:
        p.reached_dishonor_this_turn = True


def _player_facts(p: Player, raw: dict, scenario: Scenario, keys: tuple) -> None:
    """Honor, Clan, Stronghold, Sensei and Provinces."""
    if "honor" in raw:
        p.honor = _int(raw["honor"], scenario, keys + ("honor",))
    if "clan" in raw:
        if not isinstance(raw["clan"], str):
            raise ScenarioError(
                "a player's `clan` is a Clan Alignment (e.g. Crab Clan) or `unaligned`", scenario.line_of(*keys, "clan")
            )
        p.clan = None if str(raw["clan"]).lower() == "unaligned" else str(raw["clan"])
    if "stronghold" in raw:
        p.stronghold, stats = _titled(raw["stronghold"], scenario, keys + ("stronghold",))
        if "sides" in stats:
            p.stronghold_sides = stats.pop("sides")
        p.stronghold_stats = stats
    if "sensei" in raw:
        p.sensei, p.sensei_modifiers = _titled(raw["sensei"], scenario, keys + ("sensei",))
        p.sensei_modifiers.pop("sides", None)
    if "provinces" in raw:
        p.provinces = _int(raw["provinces"], scenario, keys + ("provinces",))


def _hand_size_limit(p: Player, raw: dict, scenario: Scenario, keys: tuple) -> None:
    """`maximum hand size` (a number, or none) and `maximum hand size modifier`."""
    if "maximum hand size" in raw:
        value = raw["maximum hand size"]
        if value is None or str(value).lower() == "none":
            p.no_max_hand_size = True
        else:
            p.max_hand_size = _int(value, scenario, keys + ("maximum hand size",))
    if "maximum hand size modifier" in raw:
        p.max_hand_size_modifier = _int(
            raw["maximum hand size modifier"], scenario, keys + ("maximum hand size modifier",)
        )


def _zone_cards(game: Game, p: Player, zone_key: str, zone: str, entries, scenario: Scenario, keys: tuple) -> None:
    """The cards a player's state lists under one zone key (`in play`, `in provinces`, `rings`…)."""
    made = _cards(entries, scenario, keys + (zone_key,), p.id, zone, game)
    for index, card in enumerate(made):
        if zone_key == "rings":
            card.type = "Ring"
        if zone_key == "in hand":
            p.hand += 1
        if zone_key == "in provinces" and card.province is None:
            card.province = index + 1  # listed left to right, one card in each Province
        if zone_key == "in play" and card.type == "Region" and card.province is None:
            raise ScenarioError(
                f"{card.name} is a Region in play, attached to a Province: give its `province`",
                scenario.line_of(*keys, zone_key),
            )


def _titled(value, scenario, keys) -> tuple[str, dict]:
    """A Stronghold or Sensei: its title, or `Title: {stat: number, …}`."""
    if isinstance(value, str):
        return value, {}
    if not (isinstance(value, dict) and len(value) == 1 and isinstance(next(iter(value.values())) or {}, dict)):
        raise ScenarioError("write the title, or `Title: {gold production: 5, …}`", scenario.line_of(*keys))
    title, props = next(iter(value.items()))
    props = props or {}
    _known(props, STRONGHOLD_FIELDS, scenario, keys + (title,), str(title))
    stats = {}
    for key, number in props.items():
        name = STRONGHOLD_FIELDS[str(key).lower()] or "sides"
        stats[name] = _int(number, scenario, keys + (title, key))
    return str(title), stats


def _cards(entries, scenario, keys, pid, zone, game, attached_to=None) -> list[Card]:
    if not isinstance(entries, list):
        raise ScenarioError("a list of cards is written as a YAML list", scenario.line_of(*keys))
    made = []
    for i, entry in enumerate(entries):
        here = keys + (i,)
        props: object
        if isinstance(entry, str):
            name, props = entry, {}
        elif isinstance(entry, dict) and len(entry) == 1:
            name, props = next(iter(entry.items()))
            props = props or {}
        else:
            raise ScenarioError("a card is its title, or `Title: {field: value, …}`", scenario.line_of(*here))
        if not isinstance(props, dict):
            raise ScenarioError(f"the fields of {name} are a mapping", scenario.line_of(*here))
        _known(props, CARD_FIELDS, scenario, here + (name,), str(name))
        props = {str(k).lower(): v for k, v in props.items()}
        copies = _int(props.pop("copies", 1), scenario, here + (name, "copies"))
        if not 1 <= copies <= MAX_COPIES:  # each copy is a card object: a billion of them exhausts memory
            raise ScenarioError(f"`copies` is a number from 1 to {MAX_COPIES}", scenario.line_of(*here, name, "copies"))
        names = [str(name)] if copies == 1 else [f"{name} {n}" for n in range(1, copies + 1)]
        for card_name in names:
            card = _card(card_name, props, scenario, here + (name,), pid, zone, attached_to)
            if card.name in game.cards:
                raise ScenarioError(
                    f"two cards are named {card.name}; give each card its own title", scenario.line_of(*here)
                )
            game.cards[card.name] = card
            made.append(card)
            _cards(
                props.get("attachments") or [],
                scenario,
                here + (name, "attachments"),
                pid,
                zone,
                game,
                attached_to=card.name,
            )
    return made


MAX_COPIES = 100


def _card(name, props, scenario, keys, pid, zone, attached_to) -> Card:
    keywords = props.get("keywords") or []
    if isinstance(keywords, str):
        keywords = [k.strip() for k in keywords.split(",") if k.strip()]
    if not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords):
        raise ScenarioError(
            f"the `keywords` of {name} are a list of words, e.g. [Samurai, Courtier]",
            scenario.line_of(*keys, "keywords"),
        )
    if "clan" in props and not isinstance(props["clan"], str):
        raise ScenarioError(
            f"the `clan` of {name} is a Clan Alignment, e.g. Crab Clan", scenario.line_of(*keys, "clan")
        )
    owner = _player(props["owner"], scenario, keys + ("owner",)) if "owner" in props else pid
    card = Card(
        name=name,
        type=str(props.get("type", "Follower" if attached_to else "Personality")),
        keywords=tuple(str(k) for k in keywords),
        owner=owner,
        controller=pid,
        zone=zone,
        clan=props.get("clan"),
        attached_to=attached_to,
    )
    for field_name, attr in (
        ("force", "force"),
        ("chi", "chi"),
        ("gold cost", "gold_cost"),
        ("personal honor", "personal_honor"),
        ("honor requirement", "honor_requirement"),
        ("focus value", "focus_value"),
        ("province", "province"),
    ):
        if field_name in props:
            setattr(card, attr, _int(props[field_name], scenario, keys + (field_name,)))
    for field_name, attr in (("bowed", "bowed"), ("dishonorable", "dishonorable")):
        if field_name in props:
            setattr(card, attr, _bool(props[field_name], scenario, keys + (field_name,)))
    if "face-down" in props:
        card.face_up = not _bool(props["face-down"], scenario, keys + ("face-down",))
    if "element" in props:
        card.element = str(props["element"])
        card.type = "Ring"
    if "ring type" in props:
        card.ring_type = str(props["ring type"])
        card.type = "Ring"
    if "restriction" in props:
        card.restriction = str(props["restriction"])
    if "entered" in props:
        if props["entered"] not in _ENTERED:
            raise ScenarioError(f"`entered` is one of: {', '.join(_ENTERED)}", scenario.line_of(*keys, "entered"))
        card.entered = props["entered"]
    return card


def _battle(game: Game, raw, scenario: Scenario) -> Battle:
    keys = ("given", "battle")
    if not isinstance(raw, dict):
        raise ScenarioError("`battle` is a mapping", scenario.line_of(*keys))
    _known(raw, BATTLE_FIELDS, scenario, keys, "battle")
    attacker = _player(
        raw.get("attacker", "you" if game.active == YOU else "your opponent"), scenario, keys + ("attacker",)
    )
    sides = {}
    for side in ("attacking", "defending"):
        names = raw.get(side) or []
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ScenarioError(f"`{side}` lists the titles of cards in play", scenario.line_of(*keys, side))
        for n in names:
            if n not in game.cards:
                raise ScenarioError(
                    f"no card named {n} is given (list it under `in play`)", scenario.line_of(*keys, side)
                )
            for card in game.unit(game.card(n)):
                card.at = "battlefield"
        sides[side] = [str(n) for n in names]
    strength = _int(raw.get("province strength", 0), scenario, keys + ("province strength",))
    return Battle(attacker, strength, sides["attacking"], sides["defending"])
