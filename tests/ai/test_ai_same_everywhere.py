"""The same level is the same opponent in every browser.

The strongest level's budget is counted in iterations; its time cap
(``SearchConfig.max_seconds``) is far above what a decision takes in Chromium, so it only
stops a device far slower than a tablet. Given the seed and the iteration budget, a
decision depends on nothing else: not on the clock, the slicing, the platform or the
interpreter. The expected decisions below were computed once in CPython and recorded; this
file runs in the CPython suite and, with ``node tests/pyodide/run.mjs``, inside Pyodide (the
browser's Python), where it must give exactly the same moves and the same root visit counts.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from ai_helpers import advance, new_game

from game.actions import Action, action_to_json
from game.ai import STRONGEST, decide
from game.ai.search import SearchPlayer

# (players, random moves played from the deal, seed of the game):
POSITIONS = [(2, 21, "same/2"), (2, 30, "same/2b"), (3, 14, "same/3"), (4, 9, "same/4")]

EXPECTED: dict[str, tuple[dict[str, object], list[int]]] = {
    "same/2": ({"type": "select", "colour": "purple", "pieces": [2, 0, 0, 2]},
               [67, 57, 59, 55, 57, 64, 66, 67, 47, 61]),
    "same/2b": ({"type": "build", "card": [0, 0], "city": 1, "plot": 0, "colour": "blue",
                 "floors": 2}, [54, 33, 42, 33, 138, 38, 38, 75, 90, 59]),
    "same/3": ({"type": "build", "card": [1, 0], "city": 5, "plot": 3, "colour": "blue",
                "floors": 2}, [63, 63, 63, 31, 30, 30, 30, 30, 30, 30]),
    "same/4": ({"type": "build", "card": [2, 1], "city": 2, "plot": 7, "colour": "blue",
                "floors": 3}, [59, 35, 36, 55, 49, 121, 113, 35, 64, 33]),
}
"""seed -> (the decision as JSON, root visits per candidate), recorded in CPython 3.11 with
``search:3`` (600 iterations, 400 at 3-player tables; threat-aware replies at 3- and
4-player tables). ``game/ai`` adds floats left to right or with ``math.fsum``: ``sum()``
of floats rounds differently since Python 3.12, which would reorder two selections of
equal value (``same/2``) between CPython and Pyodide. A change of the search's valuation
(a two-player person's colours read together, foresight, the leaves' value) or of a table
size's configuration may change these decisions: record them again, in one interpreter,
and check the other agrees."""


def _uncapped() -> SearchPlayer:
    """The strongest level as registered, its far time cap lifted (a loaded test machine or a
    slow Pyodide must not end the search early: the point is the iteration budget)."""
    level = STRONGEST.make()
    assert isinstance(level, SearchPlayer)
    return SearchPlayer(level.id, replace(level.config, max_seconds=None),
                        {n: replace(c, max_seconds=None) for n, c in level.tables.items()})


def _decision(players: int, moves: int, seed: str) -> tuple[Action, list[int]]:
    game = advance(new_game(players, seed), moves)
    view = game.view(game.state.current)
    thinking = _uncapped().start(view, random.Random(f"{seed}/decide"))
    while not thinking.step(0.02):
        pass
    return thinking.best(), [visits for _, visits, _ in thinking.statistics()]


@pytest.mark.parametrize("players,moves,seed", POSITIONS)
def test_a_seeded_decision_is_the_recorded_one(players, moves, seed):
    action, visits = _decision(players, moves, seed)
    assert sum(visits) == _uncapped().config_for(players).iterations
    assert (action_to_json(action), visits) == EXPECTED[seed]


def test_the_budget_is_iterations_and_the_cap_is_far():
    """Every table size searches a fixed number of iterations; the cap on thinking is at
    least twice the 1 s a decision may take, so in Chromium it is not what ends a search."""
    level = STRONGEST.make()
    assert isinstance(level, SearchPlayer)
    for players in (2, 3, 4):
        config = level.config_for(players)
        assert config.iterations > 0
        assert config.max_seconds is None or config.max_seconds >= 2.0


def test_slicing_and_the_clock_do_not_change_a_decision():
    """One call, tiny time slices, and the blocking ``decide``: the same move."""
    players, moves, seed = POSITIONS[0]
    game = advance(new_game(players, seed), moves)
    view = game.view(game.state.current)
    player = _uncapped()
    expected = decide(player, view, random.Random(1))
    thinking = player.start(view, random.Random(1))
    while not thinking.step(0.0001):
        pass
    assert thinking.best() == expected
