"""Board geometry, seen from one seat: where each plot is drawn on the screen.

The board is 2 rows of 3 cities, 3 x 3 plots each: a 6 x 9 grid of plots seen from the south
edge. It is always drawn wide, a long edge at the bottom (:func:`board_seat`): the north
seat sees it turned round, so their edge is at the bottom too; the west and east seats see
it from the south, their edge at the side, and their cards are drawn turned the same way
(:func:`card_turn`), so a card's marked cell still points at the plot it marks. A portrait
board for the short edges would give them another page (a tall board beside the panel,
smaller plots): every seat gets the same page and the same plot size instead, as the board
of a digital board game stays put while the turn goes round. Text stays upright: plots are
placed in screen coordinates instead of rotating a drawn picture.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from ...material import CITIES, PLOTS_PER_CITY, SEATS, grid_position

PLOT = 100          # side of one plot, in SVG units
GAP = 34            # street between two cities
MARGIN = 46         # space around the board for seat labels
LABEL = 30          # space above each city for its name

ROWS, COLS = 6, 9   # the board seen from the south edge


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float


def screen_cell(seat: str, row: int, col: int) -> tuple[int, int]:
    """The (row, col) on screen of board grid cell (row, col) when ``seat`` is at the bottom."""
    if seat == "south":
        return row, col
    if seat == "north":
        return ROWS - 1 - row, COLS - 1 - col
    if seat == "west":       # west edge (col 0) at the bottom, north edge at the left
        return COLS - 1 - col, row
    if seat == "east":       # east edge at the bottom, north edge at the right
        return col, ROWS - 1 - row
    raise ValueError(f"unknown seat {seat!r}")


def board_seat(seat: str) -> str:
    """The edge the board is drawn from for a viewer at ``seat``: their own if it is a long
    edge (south, north), else the south (the board stays wide for every seat)."""
    return "north" if seat == "north" else "south"


def card_turn(seat: str) -> int:
    """Clockwise quarter turns a card of ``seat``'s hand is drawn with, so that its near
    edge lies along the seat's edge on the board drawn from :func:`board_seat`."""
    return {"bottom": 0, "left": 1, "top": 2, "right": 3}[edge_of(board_seat(seat), seat)]


def grid_shape(seat: str) -> tuple[int, int]:
    """(rows, cols) of plots on screen."""
    return (ROWS, COLS) if seat in ("south", "north") else (COLS, ROWS)


def size(seat: str) -> tuple[float, float]:
    """Width and height of the whole drawing (the SVG viewBox) for ``seat``."""
    rows, cols = grid_shape(seat)
    width = 2 * MARGIN + cols * PLOT + (cols // 3 - 1) * GAP
    height = 2 * MARGIN + rows * PLOT + (rows // 3 - 1) * (GAP + LABEL) + LABEL
    return width, height


def _x(col: int) -> float:
    return MARGIN + col * PLOT + (col // 3) * GAP


def _y(row: int) -> float:
    return MARGIN + LABEL + row * PLOT + (row // 3) * (GAP + LABEL)


@cache
def plot_rect(seat: str, city: int, plot: int) -> Rect:
    """Where plot ``plot`` of ``city`` is drawn when ``seat`` is at the bottom."""
    row, col = screen_cell(seat, *grid_position(city, plot))
    return Rect(_x(col), _y(row), PLOT, PLOT)


@cache
def city_rect(seat: str, city: int) -> Rect:
    """The 3 x 3 block of a city on screen."""
    rects = [plot_rect(seat, city, p) for p in range(PLOTS_PER_CITY)]
    x = min(r.x for r in rects)
    y = min(r.y for r in rects)
    return Rect(x, y, 3 * PLOT, 3 * PLOT)


def edge_of(viewer_seat: str, seat: str) -> str:
    """Which screen edge (``bottom``, ``left``, ``top``, ``right``) ``seat`` is drawn at."""
    turn = (SEATS.index(seat) - SEATS.index(viewer_seat)) % 4
    return ("bottom", "left", "top", "right")[turn]


def all_plots() -> list[tuple[int, int]]:
    return [(c, p) for c in range(len(CITIES)) for p in range(PLOTS_PER_CITY)]
