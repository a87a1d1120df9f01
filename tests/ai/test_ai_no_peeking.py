"""A computer player decides from what its seat may know: hidden information cannot matter.

Two full states that differ only in other players' hands, the draw pile's order and (under
secret selection) other players' still-hidden piece choices must give the same decision for
the same seed, for every player type.
"""

from __future__ import annotations

import random

import pytest
from ai_helpers import advance, all_players, new_game

from game.ai import decide
from game.view import player_view


def _twin(state, player, seed):
    """A different full state with the same view for ``player``."""
    view = player_view(state, player)
    for k in range(50):
        other = view.sample_state(random.Random(f"{seed}/{k}"))
        if (other.hands != state.hands or other.deck != state.deck
                or other.supply != state.supply):
            return other
    raise AssertionError("could not find a state with different hidden information")


POSITIONS = [
    (4, {}, 9), (4, {}, 0), (3, {"godzilla": "baby"}, 30), (2, {}, 17),
    (2, {"progressive": True, "anti_trust": True}, 40),
    (4, {"secret_selection": True}, 1),  # selection phase with a hidden earlier choice
    (3, {"secret_selection": True, "godzilla": "godzilla"}, 50),
]


@pytest.mark.parametrize("n,options,moves", POSITIONS)
def test_same_view_same_decision(n, options, moves):
    game = advance(new_game(n, "peek", **options), moves)
    state = game.state
    player = state.current
    twin = _twin(state, player, "twin")
    assert player_view(twin, player) == player_view(state, player)
    assert any(twin.hands[p] != state.hands[p] for p in range(n) if p != player) \
        or twin.deck != state.deck or twin.supply != state.supply
    for name, bot in all_players(iterations=25).items():
        for seed in range(3):
            a = decide(bot, player_view(state, player), random.Random(seed))
            b = decide(bot, player_view(twin, player), random.Random(seed))
            assert a == b, (name, seed)


def test_secret_selection_hides_earlier_choices():
    """The position used above really has hidden selections (else the test proves less)."""
    game = advance(new_game(4, "peek", secret_selection=True), 1)
    state = game.state
    view = player_view(state, state.current)
    assert state.phase == "select"
    assert any(s is None for s in view.supply)


def _drain(generator):
    while True:
        try:
            next(generator)
        except StopIteration as done:
            return done.value


@pytest.mark.parametrize("n,options,moves", POSITIONS[:4])
def test_sliced_path_and_whole_path_agree_and_do_not_peek(n, options, moves):
    """The page's sliced loop (``think``) and a worker's single call (``decide``) give the
    same decision, and neither depends on hidden information."""
    from game.ai import think
    game = advance(new_game(n, "paths", **options), moves)
    state = game.state
    player = state.current
    twin = _twin(state, player, "paths")
    for name, bot in all_players(iterations=12).items():
        whole = decide(bot, player_view(state, player), random.Random(7))
        sliced = _drain(think(bot, player_view(twin, player), random.Random(7),
                              slice_seconds=0.0005))
        assert whole == sliced, name
