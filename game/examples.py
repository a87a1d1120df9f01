"""The scoring examples printed in the rules, as positions the page can ship (the in-app rules
draw them with the game's own board code and score them with the engine).

The same positions are the engine's test positions (``tests/engine/positions/*.json``, scored
in ``tests/engine/test_scoring_examples.py``); ``tests/web/test_rules_help.py`` checks that
these copies are identical to them. Format: ``game.position`` (colours, then 6 cities of 9
plots, each plot a list of ``[colour, floors]`` pieces from the bottom up).
"""

from __future__ import annotations

from typing import Any

from .board import Board
from .position import parse_board

EXAMPLES: dict[str, dict[str, Any]] = {
    "rules_1994_example": {
        "colours": ["blue", "black", "red", "green"],
        "cities": [
            [[], [], [], [], [["blue", 2]], [], [], [], []],
            [[["black", 1]], [], [], [], [["red", 1]], [], [], [], [["green", 2]]],
            [[["black", 3]], [], [["black", 2]], [], [["green", 1], ["blue", 4]], [], [["green", 2]], [], []],
            [[], [["black", 1]], [], [["black", 2]], [], [["red", 2]], [], [["green", 1]], []],
            [[], [], [], [], [["red", 3]], [], [], [], []],
            [[["blue", 1]], [], [], [], [["red", 2]], [], [], [], [["green", 1]]],
        ],
    },
    "platform_example": {
        "colours": ["blue", "white"],
        "cities": [
            [[["blue", 2]], [], [], [], [["white", 1]], [], [], [], [["blue", 1], ["white", 2]]],
            [[], [["blue", 3]], [], [["white", 1], ["blue", 2]], [], [], [], [], []],
            [[], [], [["blue", 1]], [], [], [["white", 2]], [["white", 4]], [], []],
            [[["white", 3]], [], [], [], [], [], [], [["blue", 2], ["white", 2], ["blue", 1]], []],
            [[], [], [["blue", 4]], [], [["blue", 3], ["white", 4]], [], [["blue", 1]], [], []],
            [[["blue", 1]], [["blue", 2]], [], [], [], [], [], [["white", 1]],
             [["white", 2], ["blue", 2], ["white", 1]]],
        ],
    },
}
"""``rules_1994_example``: the 1994 rules, end of round 1 (Blue 8, Black 9, Red 6, Green 4);
``platform_example``: the online platform's help page (Blue 13, White 15)."""


def example_board(name: str) -> tuple[tuple[str, ...], Board]:
    """The colours and the board of one example."""
    return parse_board(EXAMPLES[name])
