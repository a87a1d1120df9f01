"""Towers and the building rule, as small pure functions over immutable tuples.

A piece is ``(colour, floors)`` with ``colour`` an index into the game's colours; a tower is
a tuple of pieces from the bottom up; the board is a tuple of 54 towers indexed by
``city * 9 + plot``. Immutable tuples make copying a state a matter of copying references.
"""

from __future__ import annotations

from .material import BOARD_SIZE, MAX_PIECE

Piece = tuple[int, int]
Tower = tuple[Piece, ...]
Board = tuple[Tower, ...]

EMPTY_BOARD: Board = ((),) * BOARD_SIZE


def height(tower: Tower) -> int:
    return sum(floors for _, floors in tower)


def owner(tower: Tower) -> int | None:
    """The colour of the top piece, or None for an empty plot."""
    return tower[-1][0] if tower else None


def floors_of(tower: Tower, colour: int) -> int:
    return sum(floors for c, floors in tower if c == colour)


def floors_by_colour(tower: Tower) -> dict[int, int]:
    counts: dict[int, int] = {}
    for colour, floors in tower:
        counts[colour] = counts.get(colour, 0) + floors
    return counts


def floors_needed(tower: Tower, colour: int) -> int:
    """The smallest piece ``colour`` may place on ``tower`` (0 when any piece will do).

    On an opponent's tower the builder must, after placing, have at least as many floors in
    it as the colour on top; on an empty plot or an own tower any piece is allowed.
    """
    top = owner(tower)
    if top is None or top == colour:
        return 0
    return max(0, floors_of(tower, top) - floors_of(tower, colour))


def is_safe_from(tower: Tower, colour: int) -> bool:
    """True when ``colour`` can never take the tower over: no piece is big enough."""
    return floors_needed(tower, colour) > MAX_PIECE
