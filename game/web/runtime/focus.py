"""Keyboard focus on the page, the decisions without the DOM (the page, game/web/runtime/,
reads the elements and their boxes and moves the focus; the choices are made here and
tested in CPython, tests/web/test_focus.py).

- After a redraw the focused control is found again by its ``data-*`` attributes
  (:func:`focus_selectors`): the same control if it is still there and enabled, else the
  closest thing to it, else the panel's first control.
- The arrow keys move between the plots (and cities) of the board as they lie on screen
  (:func:`nearest`): the board is turned for each seat, so geometry, not numbering, decides.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
"""Where each arrow key moves on the board (screen directions)."""
NAVIGABLE = '[data-action="plot"], [data-action="zoom"]'
"""The board's elements the arrow keys move between."""
FOCUS_KEYS = ("action", "city", "plot", "card", "floors", "colour", "id", "field", "player",
              "value", "zoom", "select-inc", "select-dec")
"""The data-* attributes that tell one control from another, to find it again after a
redraw (focus stays where it was)."""


def focus_selectors(data: Mapping[str, str], in_menu: bool) -> list[str] | None:
    """Selectors that find the focused control again after a redraw, most exact first;
    ``data``: its ``data-*`` attributes (without the prefix), ``in_menu``: it is a tool of
    the game menu. None for an element that is not a control."""
    if "action" not in data and "field" not in data:
        return None
    exact = "".join(f'[data-{k}="{data[k]}"]' for k in FOCUS_KEYS if k in data)
    found = [exact]
    if in_menu:  # a tool of the game menu: if the menu closed, its button
        found.append('[data-action="menu"]')
    if "city" in data and "plot" in data:  # a plot, tappable or not any more
        found.append(f'[data-city="{data["city"]}"][data-plot="{data["plot"]}"]')
    if "action" in data:
        found.append(f'[data-action="{data["action"]}"]:not([disabled])')
    # The control is gone or disabled (a confirmed step): the panel's first control.
    found += ['.panel [data-action]:not([disabled])', '[data-action]:not([disabled])']
    return found


def nearest(origin: tuple[float, float], step: tuple[int, int],
            centres: Sequence[tuple[float, float]]) -> int | None:
    """The index of the centre next to ``origin`` in the direction ``step`` (an arrow of
    :data:`ARROWS`): ahead by more than a pixel, little off the line (sideways distance
    counts twice); None when nothing lies that way."""
    x0, y0 = origin
    dx, dy = step
    best: int | None = None
    best_score: float | None = None
    for i, (cx, cy) in enumerate(centres):
        x, y = cx - x0, cy - y0
        along = x * dx + y * dy
        if along <= 1:
            continue
        score = along + 2 * (abs(x * dy) + abs(y * dx))
        if best_score is None or score < best_score:
            best, best_score = i, score
    return best
