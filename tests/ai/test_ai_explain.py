"""Hints and post-game review: the AI side (reasons and estimated point differences)."""

from __future__ import annotations

import random
import typing

import pytest
from ai_helpers import advance, new_game

from game.ai import parse_level
from game.ai.explain import Reason, hint, reason_for, review
from game.ai.levels import HEURISTIC

SMALL = parse_level("search[iterations=20;root_width=4;inner_width=3;select_width=3]")
REASONS = set(typing.get_args(Reason))


@pytest.mark.parametrize("n,moves,options", [(4, 6, {}), (4, 0, {}), (2, 30, {}),
                                             (3, 40, {"godzilla": "baby"})])
def test_hint_is_legal_with_a_known_reason(n, moves, options):
    game = advance(new_game(n, "hint", **options), moves)
    view = game.view(game.state.current)
    result = hint(view, random.Random(1), level=SMALL)
    assert result.action in game.state.legal_actions()
    assert result.reason in REASONS
    assert result.city is None or 0 <= result.city < 6
    assert set(result.to_json()) == {"reason", "city", "city_name"}


def test_every_build_has_a_reason():
    game = advance(new_game(4, "reasons"), 30)
    view = game.view(game.state.current)
    for action in view.legal_actions():
        assert reason_for(view, action).reason in REASONS


@pytest.mark.parametrize("level", [HEURISTIC, SMALL], ids=["heuristic", "search"])
def test_review_costs_nothing_for_the_best_and_something_for_the_worst(level):
    game = advance(new_game(4, "review"), 14)
    view = game.view(game.state.current)
    from game.ai.heuristic import ranked_heuristic
    ranked = ranked_heuristic(view, random.Random(0))
    worst = ranked[-1][1]
    bad = review(view, worst, random.Random(2), level=level)
    assert bad.best in view.legal_actions() and bad.played == worst
    assert bad.points_lost >= 0
    good = review(view, bad.best, random.Random(2), level=level)
    assert good.points_lost >= 0
    assert good.best != good.played or good.points_lost == 0
    if level == HEURISTIC:  # deterministic values: the best costs nothing, the worst does
        assert good.points_lost == 0 and bad.points_lost > 0
