"""The physical material of Manhattan: cities, plots, cards, seats and building pieces.

Everything here is constant data; the rules in other modules are written in terms of it.
Plots are numbered 0-8 row-major as seen from the south edge (row 0 = north); a board
position is ``city * 9 + plot``.
"""

from __future__ import annotations

import re
import reprlib
from typing import Any, NamedTuple

from .errors import SaveError

CITIES: tuple[str, ...] = ("Sydney", "Manhattan", "Frankfurt", "Hong Kong", "Sao Paulo", "Cairo")
PLOTS_PER_CITY = 9
BOARD_SIZE = len(CITIES) * PLOTS_PER_CITY

SEATS: tuple[str, ...] = ("south", "west", "north", "east")
"""Seats in clockwise order, which is also turn order and the start marker's direction."""

PIECE_FLOORS: tuple[int, ...] = (1, 2, 3, 4)
PIECES_PER_COLOUR: tuple[int, ...] = (11, 6, 4, 3)
"""How many pieces of 1, 2, 3 and 4 floors each colour has (24 pieces, 47 floors)."""
FLOORS_PER_COLOUR = sum(f * n for f, n in zip(PIECE_FLOORS, PIECES_PER_COLOUR))
MAX_PIECE = max(PIECE_FLOORS)

HAND_SIZE = 4
COPIES_PER_CARD = 5

COLOURS: tuple[str, ...] = (
    "blue", "red", "yellow", "purple", "orange", "green", "black", "white",
)
"""Colour names a game may use (both editions' colours plus the online platform's white)."""


_CARD_TEXT = re.compile(r"[ ]*([0-2])[ ]*,[ ]*([0-2])[ ]*")


class Card(NamedTuple):
    """A building card: the marked cell of a 3x3 grid, read from the holder's own edge.

    ``row`` 0 is the row farthest from the player, ``col`` 0 the player's left.

    Its two written forms, each with its parser here (python-chess style: the value type
    parses and prints itself, so no module keeps its own copy of the checks):

    * JSON (saves, positions, the UI's stored pending move): ``[row, col]``;
      :meth:`to_json` / :meth:`from_json`;
    * text (``data-card`` attributes in the page, messages): ``"row,col"``;
      ``str(card)`` / :meth:`parse`.

    ``Card.from_json(card.to_json()) == Card.parse(str(card)) == card``. Both parsers raise
    :class:`~game.errors.SaveError` (a ``ValueError``) for anything else.
    """

    row: int
    col: int

    def __str__(self) -> str:
        return f"{self.row},{self.col}"

    def to_json(self) -> list[int]:
        return [self.row, self.col]

    @classmethod
    def from_json(cls, value: Any) -> Card:
        """A card from ``[row, col]`` (a JSON list, or a tuple): two whole numbers 0-2;
        booleans and ``1.0`` are refused."""
        if (isinstance(value, (list, tuple)) and len(value) == 2
                and all(type(v) is int and 0 <= v <= 2 for v in value)):
            return cls(value[0], value[1])
        raise SaveError(f"a card must be [row, col] with numbers 0-2, not {reprlib.repr(value)}")

    @classmethod
    def parse(cls, text: Any) -> Card:
        """A card from its text form ``"row,col"`` (spaces around the numbers allowed)."""
        match = _CARD_TEXT.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise SaveError(f"a card must be written row,col with numbers 0-2, "
                            f"not {reprlib.repr(text)}")
        return cls(int(match[1]), int(match[2]))


CARDS: tuple[Card, ...] = tuple(Card(r, c) for r in range(3) for c in range(3))
FULL_DECK: tuple[Card, ...] = tuple(card for card in CARDS for _ in range(COPIES_PER_CARD))
DECK_SIZE = len(FULL_DECK)


def _board_cell(seat: str, card: Card) -> tuple[int, int]:
    r, c = card
    if seat == "south":
        return r, c
    if seat == "west":
        return c, 2 - r
    if seat == "north":
        return 2 - r, 2 - c
    if seat == "east":
        return 2 - c, r
    raise ValueError(f"unknown seat {seat!r}")


_PLOT_OF: dict[tuple[str, Card], int] = {
    (seat, card): (lambda rc: rc[0] * 3 + rc[1])(_board_cell(seat, card))
    for seat in SEATS
    for card in CARDS
}


SEAT_PLOTS: dict[str, dict[Card, int]] = {
    seat: {card: _PLOT_OF[(seat, card)] for card in CARDS} for seat in SEATS}
"""The seat-to-plot table: ``SEAT_PLOTS[seat][card]`` is ``plot_for(seat, card)`` (one dict
lookup per card, for the computer players' hot loops)."""


def plot_for(seat: str, card: Card) -> int:
    """The plot (0-8, south-edge numbering) that ``card`` marks for a player at ``seat``."""
    return _PLOT_OF[(seat, card)]


def card_direction(seat: str, card: Card) -> tuple[int, int]:
    """The board direction (drow, dcol) a card points to from its centre, for Godzilla."""
    row, col = _board_cell(seat, card)
    return row - 1, col - 1


def plot_row_col(plot: int) -> tuple[int, int]:
    return divmod(plot, 3)


def grid_position(city: int, plot: int) -> tuple[int, int]:
    """Where a plot lies on the 6 x 9 grid of all plots (2 rows of 3 cities), as (row, col)."""
    city_row, city_col = divmod(city, 3)
    row, col = divmod(plot, 3)
    return city_row * 3 + row, city_col * 3 + col


def from_grid(row: int, col: int) -> tuple[int, int]:
    """The (city, plot) at a grid position; the grid wraps around (a torus)."""
    row %= 6
    col %= 9
    return (row // 3) * 3 + col // 3, (row % 3) * 3 + col % 3
