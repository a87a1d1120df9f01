"""The evaluations the players rely on agree with the rules' own scoring."""

from __future__ import annotations

import random

from ai_helpers import advance, new_game
from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import Build
from game.ai import decide
from game.ai.evaluate import colour_values, player_values, relative
from game.ai.greedy import GreedyPlayer, ranked_actions
from game.ai.policy import FLOOR_COST, scored_builds, to_build
from game.ai.selection import ranked_selections
from game.scoring import score_board

game_setups = st.tuples(st.sampled_from([2, 3, 4]), st.booleans(), st.booleans(),
                        st.integers(0, 90), st.integers(0, 10**6))


@settings(max_examples=40, deadline=None)
@given(game_setups)
def test_colour_values_without_bonus_is_the_scoring(setup):
    n, progressive, anti_trust, moves, seed = setup
    game = advance(new_game(n, str(seed), progressive=progressive, anti_trust=anti_trust),
                   moves, str(seed))
    board = game.state.board
    k = len(game.settings.colours)
    expected = [c.total for c in score_board(board, k).colours]
    assert colour_values(board, k, safe_bonus=0.0) == expected


@settings(max_examples=40, deadline=None)
@given(game_setups)
def test_fast_build_estimates_match_the_board_evaluation(setup):
    """The playout policy's incremental estimate equals the full re-evaluation (no Godzilla)."""
    n, progressive, anti_trust, moves, seed = setup
    game = advance(new_game(n, str(seed), progressive=progressive, anti_trust=anti_trust),
                   moves, str(seed))
    state = game.state
    if state.phase != "build":
        return
    player = state.current
    k = len(state.settings.colours)

    def value(board):
        return relative(player_values(colour_values(board, k), state.settings), player)

    before = value(state.board)
    legal = set(state.legal_actions())
    scored = scored_builds(state)
    assert scored or not any(isinstance(a, Build) for a in legal)
    for s in scored:
        build = to_build(state, s)
        assert build in legal
        after = value(state.apply(build).board)
        assert abs(s[0] - (after - before - FLOOR_COST * build.floors)) < 1e-9, build


@settings(max_examples=25, deadline=None)
@given(game_setups)
def test_ranked_selections_are_exactly_the_legal_ones(setup):
    n, progressive, _, moves, seed = setup
    game = advance(new_game(n, str(seed), progressive=progressive), moves, str(seed))
    state = game.state
    if state.phase != "select":
        return
    ranked = ranked_selections(game.view(state.current))
    assert sorted(map(repr, ranked)) == sorted(map(repr, state.legal_actions()))


def test_greedy_takes_the_obviously_best_build():
    """Greedy's choice has the highest relative value of all legal builds."""
    game = advance(new_game(4, "greedy"), 30)
    view = game.view(game.state.current)
    ranked = ranked_actions(view, random.Random(0))
    choice = decide(GreedyPlayer(), view, random.Random(0))
    assert choice == ranked[0][1]
    assert ranked[0][0] >= max(v for v, _ in ranked)
    assert ranked[0][0] > ranked[-1][0]
