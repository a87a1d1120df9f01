"""The page's events in, taps out: pure translation of what the browser reports (the
element tapped, the key, where a finger went) into a UI action and its data, and the two
small states the events keep.

The functions read the elements through their protocols (game/web/runtime/js_types.py) and change
nothing; the decisions that wait for time are frozen states with pure updates that return
the timers to start or cancel as effects (:class:`Press`, the long press; :class:`Resize`,
the redraw at the next frame). Tested with a fake DOM in CPython (tests/web/test_events.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..values.effects import CancelTimer, Effect, Timer
from .focus import ARROWS, NAVIGABLE
from .js_types import DomElement, FormControl, present

Tap = tuple[str, dict[str, Any]]
"""A UI action's name and its data (``Controller.handle``'s arguments)."""

LONG_PRESS_MS = 550
LONG_PRESS_SLOP = 12  # CSS px a finger may move and still be pressing
PLOT = "svg.board [data-city][data-plot]"


def data_of(el: DomElement) -> dict[str, Any]:
    """The ``data-*`` attributes of ``el``, without the prefix."""
    data: dict[str, Any] = {}
    attrs = el.attributes
    for i in range(int(attrs.length)):
        attr = attrs.item(i)
        name = str(attr.name)
        if name.startswith("data-"):
            data[name[5:]] = str(attr.value)
    return data


def closest(target: DomElement, selector: str) -> DomElement | None:
    """``target.closest(selector)``; None for a text node or the document (no closest())."""
    try:
        found = target.closest(selector)
    except Exception:
        return None
    return found if present(found) else None


def click(target: DomElement, menu_open: bool) -> Tap | None:
    """The tap a click on ``target`` makes: the closest element with ``data-action`` and
    its ``data-*``; a tap outside the open game menu closes it; nothing for a disabled
    control or a chooser (a ``<select>`` acts on change)."""
    try:  # a text node or the document has no closest()
        el = target.closest("[data-action]")
        outside_menu = menu_open and not present(target.closest(".tb-menu"))
    except Exception:
        return None
    if not present(el):
        return ("menu-close", {}) if outside_menu else None
    if el.hasAttribute("disabled") or str(el.tagName) == "SELECT":
        return None
    data = data_of(el)
    return str(data.pop("action", "")), data


@dataclass(frozen=True)
class Escape:
    """What Escape may close, most urgent first (the page's state when it is pressed)."""

    menu_open: bool
    rules_open: bool
    zoomed: bool
    undo_enabled: bool


KeyResult = tuple[Tap | None, bool, tuple[DomElement, tuple[int, int]] | None]
"""A key's tap (or None), whether the browser's own handling is prevented, and the
board element and arrow step the focus moves by (the DOM's geometry decides: the page)."""


def key(name: str, target: DomElement, escape: Escape) -> KeyResult:
    """Keyboard play: Enter or Space acts on a focused plot or city (buttons do so by
    themselves) or a control drawn as ``role="button"``, the arrow keys move between plots
    as they lie on screen, Escape closes the game menu or the rules or the zoomed city, else
    takes back the tentative step."""
    el = closest(target, "[data-action]")
    try:
        button = target.matches("button")
    except Exception:  # not an element
        return None, False, None
    on_board = el is not None and el.matches(NAVIGABLE) and not button
    role_button = (el is not None and target.hasAttribute("data-action")
                   and target.getAttribute("role") == "button" and not button)
    if name in ("Enter", " ") and el is not None and (on_board or role_button):
        data = data_of(el)
        return (str(data.pop("action", "")), data), True, None
    if name in ARROWS and el is not None and on_board:
        return None, True, (el, ARROWS[name])
    if name == "Escape":
        if escape.menu_open:
            return ("menu-close", {}), True, None
        if escape.rules_open:
            return ("rules-close", {}), False, None
        if escape.zoomed:
            return ("zoom-out", {}), False, None
        if escape.undo_enabled:
            return ("undo", {}), True, None
    return None, False, None


def change(el: FormControl) -> list[Tap]:
    """The taps a control's ``change`` makes: a slider's action with its step, the
    language, a field's final value. (Files chosen are read by the page first:
    ``data-import``, ``data-restore``.)"""
    taps: list[Tap] = []
    if el.hasAttribute("data-slider"):
        taps.append((str(el.getAttribute("data-slider")), {"step": str(el.value)}))
    if el.getAttribute("data-action") == "language":
        return taps + [("language", {"value": str(el.value)})]
    if el.hasAttribute("data-change"):  # a control that names its own action (the statistics)
        data = data_of(el)
        data["value"] = str(el.value)
        return taps + [(str(el.getAttribute("data-change")), data)]
    if not el.hasAttribute("data-field"):
        return taps
    data = data_of(el)
    data["value"] = bool(el.checked) if str(el.type) == "checkbox" else str(el.value)
    data["committed"] = "true"  # a name is final when the field is left: redraw then
    return taps + [("field", data)]


def typed(el: FormControl) -> Tap | None:
    """A name typed (``input``): the field's value, drawn only when the field is left."""
    if el.getAttribute("data-field") != "name":
        return None
    data = data_of(el)
    data["value"] = str(el.value)
    return "field", data


# ---------------------------------------------------------------- the long press
@dataclass(frozen=True)
class Press:
    """A long press (LONG_PRESS_MS without moving more than LONG_PRESS_SLOP px) on a plot
    of the board opens the inspector of that tower, and the click that ends it does nothing
    else. ``plot``: the plot pressed (None: no press), where it began, and whether the next
    click is swallowed."""

    plot: dict[str, Any] | None = None
    x: float = 0.0
    y: float = 0.0
    swallow_click: bool = False


NO_PRESS = Press()


def plot_at(target: DomElement) -> dict[str, Any] | None:
    """The plot of the board under ``target`` (its city and plot), if any."""
    el = closest(target, PLOT)
    if el is None:
        return None
    return {"city": str(el.getAttribute("data-city")), "plot": str(el.getAttribute("data-plot"))}


def pointer_down(press: Press, plot: dict[str, Any] | None, primary: bool, x: float,
                 y: float) -> tuple[Press, list[Effect]]:
    """A finger or the main button down: a press on a plot starts the timer."""
    effects: list[Effect] = [CancelTimer("long-press")] if press.plot is not None else []
    if plot is None or not primary:
        return NO_PRESS, effects
    return Press(plot, x, y), effects + [Timer("long-press", LONG_PRESS_MS)]


def pointer_move(press: Press, x: float, y: float) -> tuple[Press, list[Effect]]:
    """Moving more than the slop is no long press."""
    if press.plot is not None and abs(x - press.x) + abs(y - press.y) > LONG_PRESS_SLOP:
        return replace(press, plot=None), [CancelTimer("long-press")]
    return press, []


def pointer_end(press: Press) -> tuple[Press, list[Effect]]:
    """The finger up (or the press cancelled) before the time: no long press."""
    if press.plot is None:
        return press, []
    return replace(press, plot=None), [CancelTimer("long-press")]


def long_press(press: Press) -> tuple[Press, Tap | None]:
    """The timer ran out: the plot's inspector opens, the click that follows is swallowed."""
    if press.plot is None:
        return press, None
    return Press(swallow_click=True), ("inspect-plot", press.plot)


def clicked(press: Press) -> tuple[Press, bool]:
    """A click: True when it ends a long press (nothing else to do)."""
    if press.swallow_click:
        return replace(press, swallow_click=False), True
    return press, False


def context_menu(press: Press, plot: dict[str, Any] | None) -> tuple[bool, Tap | None]:
    """A right click (or a browser's own long-press menu) on a plot: the browser's menu is
    prevented (True) and the inspector opens, unless the long press handles it."""
    if plot is None:
        return False, None
    if press.plot is not None or press.swallow_click:
        return True, None
    return True, ("inspect-plot", plot)


# ---------------------------------------------------------------------- resizing
@dataclass(frozen=True)
class Resize:
    """The page's width when last drawn and whether a redraw waits for the next frame."""

    width: int | None = None
    pending: bool = False


def resized(state: Resize) -> tuple[Resize, list[Effect]]:
    """The board's size may change: draw again at the next frame (at most once)."""
    if state.pending:
        return state, []
    return replace(state, pending=True), [Timer("resize", None)]


def frame_due(state: Resize, width: int) -> tuple[Resize, bool]:
    """The next frame after a resize: True when the width changed (turned or resized: the
    whole board is shown to measure it again, ``zoom-out``); the page is drawn either way."""
    return Resize(width, False), width != state.width
