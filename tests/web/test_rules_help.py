"""The rules help with pictures: drawn by the game's board code, numbers from the engine,
the printed scoring examples with their printed totals, our decisions marked, every language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.examples import EXAMPLES
from game.web import messages as M
from game.web.screens.rules_help import render_rules

POSITIONS = Path(__file__).resolve().parents[1] / "engine" / "positions"
PRINTED = {"rules_1994_example": {"blue": 8, "black": 9, "red": 6, "green": 4},
           "platform_example": {"blue": 13, "white": 15}}


@pytest.fixture(autouse=True)
def english():
    yield
    M.set_language("en")


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_shipped_examples_are_the_engine_test_positions(name):
    assert EXAMPLES[name] == json.loads((POSITIONS / f"{name}.json").read_text())


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_rules_help_draws_every_picture_with_the_printed_numbers(lang):
    M.set_language(lang)
    tree = render_rules()
    for figure in ("seats", "takeover", "godzilla", "rules_1994_example", "platform_example"):
        block = tree.find(data_rules_figure=figure)
        assert block is not None, figure
        svgs = [el for el in block.walk() if el.tag == "svg" and "diagram" in
                str(el.attrs.get("class"))]
        assert svgs and all(el.attrs.get("aria-label") for el in svgs), figure
    for name, printed in PRINTED.items():
        block = tree.find(data_rules_figure=name)
        totals = {el.attrs["data-example-colour"]:
                  int(el.find(data_example_total=True).attrs["data-example-total"])
                  for el in block.find_all(data_example_colour=True)}
        assert totals == printed, name
    # one card, four seats: four different plots marked
    seats = tree.find(data_rules_figure="seats")
    marked = [el.attrs["data-pos"] for el in seats.walk()
              if el.attrs.get("class") == "plot legal"]
    assert len(set(marked)) == 4
    # building on an opponent's tower: one allowed, one refused (crossed)
    takeover = tree.find(data_rules_figure="takeover")
    assert len([el for el in takeover.walk() if el.attrs.get("class") == "refused-cross"]) == 1
    assert "3" in takeover.text()
    # our decisions are marked as such in every language
    assert len(tree.find_all(data_decision="true")) >= 3
