"""The page's events as taps (game/web/runtime/events.py), over a fake DOM: a click on an
element with ``data-action``, a disabled one, a tap outside the open menu, the keys, the
long press as a frozen state that returns its timers, the context menu, a resize."""

from __future__ import annotations

from fakebrowser import FakeDocument, FakeElement

from game.web.runtime import events as E
from game.web.values.effects import CancelTimer, Timer


def el(doc, tag, parent=None, **attrs):
    node = FakeElement(doc, tag)
    for k, v in attrs.items():
        node.setAttribute(k.replace("_", "-"), v)
    if parent is not None:
        parent.appendChild(node)
    return node


def board():
    doc = FakeDocument()
    app = el(doc, "main", doc.body, id="app")
    svg = el(doc, "svg", app, **{"class": "board"})
    plot = el(doc, "g", svg, data_action="plot", data_city="2", data_plot="5")
    cell = el(doc, "rect", plot)
    return doc, app, svg, plot, cell


def test_a_click_acts_on_the_closest_element_with_an_action():
    doc, app, svg, plot, cell = board()
    assert E.click(cell, menu_open=False) == ("plot", {"city": "2", "plot": "5"})
    button = el(doc, "button", app, data_action="confirm")
    label = el(doc, "span", button)
    assert E.click(label, menu_open=False) == ("confirm", {})


def test_a_disabled_control_and_a_chooser_do_nothing_on_click():
    doc, app, *_ = board()
    disabled = el(doc, "button", app, data_action="confirm", disabled="")
    chooser = el(doc, "select", app, data_action="language")
    assert E.click(disabled, menu_open=False) is None
    assert E.click(chooser, menu_open=False) is None


def test_a_tap_outside_the_open_menu_closes_it():
    doc, app, *_ = board()
    menu = el(doc, "div", app, **{"class": "tb-menu"})
    inside = el(doc, "p", menu)
    outside = el(doc, "p", app)
    assert E.click(outside, menu_open=True) == ("menu-close", {})
    assert E.click(inside, menu_open=True) is None
    assert E.click(outside, menu_open=False) is None


class NoElement:
    """A text node or the document: no closest(), no matches()."""


def test_a_target_that_is_no_element_makes_no_tap():
    assert E.click(NoElement(), menu_open=True) is None
    assert E.key("Escape", NoElement(), E.Escape(True, False, False, False)) == (None, False, None)
    assert E.plot_at(NoElement()) is None


NOTHING_OPEN = E.Escape(False, False, False, False)


def test_enter_and_space_act_on_a_plot_and_a_role_button_only():
    doc, app, svg, plot, cell = board()
    assert E.key("Enter", cell, NOTHING_OPEN) == (("plot", {"city": "2", "plot": "5"}), True, None)
    entry = el(doc, "li", app, data_action="log-step", data_step="3", role="button")
    assert E.key(" ", entry, NOTHING_OPEN) == (("log-step", {"step": "3"}), True, None)
    button = el(doc, "button", app, data_action="confirm")
    assert E.key("Enter", button, NOTHING_OPEN) == (None, False, None)  # a button acts itself


def test_the_arrows_move_on_the_board():
    doc, app, svg, plot, cell = board()
    assert E.key("ArrowLeft", cell, NOTHING_OPEN) == (None, True, (plot, (-1, 0)))
    button = el(doc, "button", app, data_action="confirm")
    assert E.key("ArrowLeft", button, NOTHING_OPEN) == (None, False, None)


def test_escape_closes_the_most_urgent_thing_first():
    doc, app, *_ = board()
    assert E.key("Escape", app, E.Escape(True, True, True, True)) == (("menu-close", {}), True, None)
    assert E.key("Escape", app, E.Escape(False, True, True, True)) == (("rules-close", {}), False, None)
    assert E.key("Escape", app, E.Escape(False, False, True, True)) == (("zoom-out", {}), False, None)
    assert E.key("Escape", app, E.Escape(False, False, False, True)) == (("undo", {}), True, None)
    assert E.key("Escape", app, NOTHING_OPEN) == (None, False, None)


def test_a_change_sends_a_slider_the_language_and_a_field():
    doc, app, *_ = board()
    slider = el(doc, "input", app, data_slider="replay-at")
    slider.value = "4"
    assert E.change(slider) == [("replay-at", {"step": "4"})]
    language = el(doc, "select", app, data_action="language")
    language.value = "de"
    assert E.change(language) == [("language", {"value": "de"})]
    box = el(doc, "input", app, type="checkbox", data_field="progressive")
    box.checked = True
    assert E.change(box) == [("field", {"field": "progressive", "value": True, "committed": "true"})]
    name = el(doc, "input", app, data_field="name", data_player="1")
    name.value = "Bo"
    assert E.typed(name) == ("field", {"field": "name", "player": "1", "value": "Bo"})
    assert E.typed(box) is None


def test_a_long_press_opens_the_inspector_and_swallows_its_click():
    doc, app, svg, plot, cell = board()
    press, effects = E.pointer_down(E.NO_PRESS, E.plot_at(cell), True, 10, 10)
    assert effects == [Timer("long-press", E.LONG_PRESS_MS)]
    press, effects = E.pointer_move(press, 15, 14)  # within the slop
    assert effects == [] and press.plot is not None
    press, tap = E.long_press(press)
    assert tap == ("inspect-plot", {"city": "2", "plot": "5"})
    assert E.context_menu(press, E.plot_at(cell)) == (True, None)  # the press handles it
    press, effects = E.pointer_end(press)
    assert effects == []
    press, swallowed = E.clicked(press)
    assert swallowed and press == E.NO_PRESS
    assert E.clicked(press) == (press, False)  # the next click acts


def test_moving_or_lifting_the_finger_cancels_the_press():
    doc, app, svg, plot, cell = board()
    press, _ = E.pointer_down(E.NO_PRESS, E.plot_at(cell), True, 10, 10)
    moved, effects = E.pointer_move(press, 10 + E.LONG_PRESS_SLOP + 1, 10)
    assert effects == [CancelTimer("long-press")] and E.long_press(moved)[1] is None
    lifted, effects = E.pointer_end(press)
    assert effects == [CancelTimer("long-press")] and E.long_press(lifted)[1] is None
    again, effects = E.pointer_down(press, E.plot_at(cell), True, 0, 0)  # a second finger
    assert effects == [CancelTimer("long-press"), Timer("long-press", E.LONG_PRESS_MS)]


def test_no_press_off_the_board_or_with_a_secondary_button():
    doc, app, svg, plot, cell = board()
    assert E.pointer_down(E.NO_PRESS, E.plot_at(app), True, 0, 0) == (E.NO_PRESS, [])
    assert E.pointer_down(E.NO_PRESS, E.plot_at(cell), False, 0, 0) == (E.NO_PRESS, [])


def test_a_context_menu_on_a_plot_opens_its_inspector():
    doc, app, svg, plot, cell = board()
    assert E.context_menu(E.NO_PRESS, E.plot_at(cell)) == (True, ("inspect-plot", {"city": "2", "plot": "5"}))
    assert E.context_menu(E.NO_PRESS, E.plot_at(app)) == (False, None)  # the browser's own menu


def test_a_resize_draws_once_at_the_next_frame():
    state = E.Resize(800)
    state, effects = E.resized(state)
    assert effects == [Timer("resize", None)]
    state, effects = E.resized(state)  # more resize events before the frame: nothing more
    assert effects == []
    state, changed = E.frame_due(state, 800)
    assert not changed and not state.pending
    state, _ = E.resized(state)
    state, changed = E.frame_due(state, 390)  # turned: the board is measured again
    assert changed and state == E.Resize(390)
