"""Keyboard focus without the DOM (game/web/runtime/focus.py): the selectors that find the focused
control again after a redraw, and the plot an arrow key moves to."""

from __future__ import annotations

from game.web.runtime.focus import ARROWS, focus_selectors, nearest


def test_a_plot_is_found_again_exactly_then_by_place_then_by_action() -> None:
    found = focus_selectors({"action": "plot", "city": "2", "plot": "5", "tabindex": "0"},
                            in_menu=False)
    assert found == ['[data-action="plot"][data-city="2"][data-plot="5"]',
                     '[data-city="2"][data-plot="5"]',
                     '[data-action="plot"]:not([disabled])',
                     '.panel [data-action]:not([disabled])', '[data-action]:not([disabled])']


def test_a_menu_tool_falls_back_to_the_menu_button_and_a_field_is_a_control() -> None:
    tool = focus_selectors({"action": "export"}, in_menu=True)
    assert tool is not None and tool[:2] == ['[data-action="export"]', '[data-action="menu"]']
    field = focus_selectors({"field": "name", "player": "1"}, in_menu=False)
    assert field is not None and field[0] == '[data-field="name"][data-player="1"]'
    assert focus_selectors({"city": "2"}, in_menu=False) is None  # not a control


def test_an_arrow_moves_to_the_nearest_plot_that_way_on_screen() -> None:
    centres = [(0.0, 0.0), (10.0, 0.0), (20.0, 1.0), (9.0, 8.0), (0.0, -10.0), (10.5, 0.0)]
    assert nearest((0.0, 0.0), ARROWS["ArrowRight"], centres) == 1
    assert nearest((0.0, 0.0), ARROWS["ArrowUp"], centres) == 4
    assert nearest((0.0, 0.0), ARROWS["ArrowDown"], centres) == 3
    assert nearest((0.0, 0.0), ARROWS["ArrowLeft"], centres) is None  # nothing that way
    assert nearest((0.0, 0.0), ARROWS["ArrowRight"], [(0.5, 0.0)]) is None  # not a pixel ahead
