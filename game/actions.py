"""Actions: the decisions players make and the chance outcomes the game records.

Actions are small immutable values. Each has a JSON form used in saves and logs; the JSON
form names colours and cards as people do, so a save is readable and hand-editable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import SaveError
from .material import PIECE_FLOORS, Card


@dataclass(frozen=True, slots=True)
class Select:
    """Take this round's pieces for one colour: ``pieces[i]`` pieces of ``PIECE_FLOORS[i]`` floors."""

    colour: str
    pieces: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Build:
    """Play ``card`` and place a ``floors`` piece of ``colour`` on ``plot`` of ``city``.

    ``plot`` is implied by the card and the player's seat; it is part of the action so that
    logs and user interfaces say where the piece went without knowing the seat.
    """

    card: Card
    city: int
    plot: int
    colour: str
    floors: int


@dataclass(frozen=True, slots=True)
class ReturnPiece:
    """No legal build exists: play ``card`` without building and return a piece to the box."""

    card: Card
    colour: str
    floors: int


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: the new draw pile, top card first (the deal at setup, or a reshuffle)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ChooseStartPlayer:
    """Chance: the randomly chosen start player (only when the settings leave it open)."""

    player: int


@dataclass(frozen=True, slots=True)
class PlaceGodzilla:
    """Chance: the city on whose centre plot Godzilla starts."""

    city: int


@dataclass(frozen=True, slots=True)
class OrderCities:
    """Chance: the order in which cities open under progressive construction."""

    order: tuple[int, ...]


Decision = Select | Build | ReturnPiece
ChanceOutcome = Shuffle | ChooseStartPlayer | PlaceGodzilla | OrderCities
Action = Decision | ChanceOutcome

CHANCE_TYPES = (Shuffle, ChooseStartPlayer, PlaceGodzilla, OrderCities)


def is_chance(action: Action) -> bool:
    return isinstance(action, CHANCE_TYPES)


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Select):
        return {"type": "select", "colour": action.colour, "pieces": list(action.pieces)}
    if isinstance(action, Build):
        return {"type": "build", "card": action.card.to_json(), "city": action.city,
                "plot": action.plot, "colour": action.colour, "floors": action.floors}
    if isinstance(action, ReturnPiece):
        return {"type": "return", "card": action.card.to_json(), "colour": action.colour,
                "floors": action.floors}
    if isinstance(action, Shuffle):
        return {"type": "shuffle", "cards": [c.to_json() for c in action.cards]}
    if isinstance(action, ChooseStartPlayer):
        return {"type": "start_player", "player": action.player}
    if isinstance(action, PlaceGodzilla):
        return {"type": "godzilla", "city": action.city}
    if isinstance(action, OrderCities):
        return {"type": "city_order", "order": list(action.order)}
    raise TypeError(f"not an action: {action!r}")


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise SaveError(f"{data.get('type')}: {key!r} must be a whole number from {low} to {high}")
    return value


def _str(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise SaveError(f"{data.get('type')}: {key!r} must be text")
    return value


def action_from_json(data: Any) -> Action:
    """Parse one action; shape errors raise SaveError (legality is checked by the rules)."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise SaveError("an action must be an object with a 'type'")
    kind = data["type"]
    if kind == "select":
        pieces = data.get("pieces")
        if (not isinstance(pieces, list) or len(pieces) != len(PIECE_FLOORS)
                or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
                           for n in pieces)):
            raise SaveError("select: 'pieces' must be 4 counts (1-, 2-, 3- and 4-floor pieces)")
        return Select(_str(data, "colour"), (pieces[0], pieces[1], pieces[2], pieces[3]))
    if kind == "build":
        return Build(Card.from_json(data.get("card")), _int(data, "city", 0, 5),
                     _int(data, "plot", 0, 8), _str(data, "colour"), _int(data, "floors", 1, 4))
    if kind == "return":
        return ReturnPiece(Card.from_json(data.get("card")), _str(data, "colour"),
                           _int(data, "floors", 1, 4))
    if kind == "shuffle":
        cards = data.get("cards")
        if not isinstance(cards, list):
            raise SaveError("shuffle: 'cards' must be a list of cards")
        return Shuffle(tuple(Card.from_json(c) for c in cards))
    if kind == "start_player":
        return ChooseStartPlayer(_int(data, "player", 0, 3))
    if kind == "godzilla":
        return PlaceGodzilla(_int(data, "city", 0, 5))
    if kind == "city_order":
        order = data.get("order")
        if not isinstance(order, list) or not all(isinstance(c, int) for c in order):
            raise SaveError("city_order: 'order' must be a list of city numbers")
        return OrderCities(tuple(order))
    raise SaveError(f"unknown action type {kind!r}")
