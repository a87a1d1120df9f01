"""Every computer player only ever makes legal decisions, under every rule option."""

from __future__ import annotations

import random

import pytest
from ai_helpers import all_players
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import decide
from game.match import Game
from game.settings import standard_settings

options = st.fixed_dictionaries({
    "godzilla": st.sampled_from(["off", "godzilla", "baby"]),
    "progressive": st.booleans(),
    "anti_trust": st.booleans(),
    "secret_selection": st.booleans(),
    "tie_break": st.booleans(),
})


@pytest.mark.slow
@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.sampled_from([2, 3, 4]), opts=options, short=st.booleans(),
       seed=st.integers(0, 10**6), shift=st.integers(0, 6))
def test_players_make_only_legal_decisions(n, opts, short, seed, shift):
    if n in (3, 4) and short:
        opts = dict(opts, rounds=6 if n == 4 else 4)
    game = Game(standard_settings(n, **opts), seed)
    bots = all_players(iterations=3)
    kinds = ["search", "heuristic", "strongest", "threat", "greedy", "majority", "random"]
    # every kind plays in every game size: the kinds rotate through the seats with ``shift``
    seats = [bots[kinds[(p + shift) % len(kinds)]] for p in range(n)]
    rng = random.Random(seed)
    while not game.state.is_over:
        player = game.state.current
        view = game.view(player)
        decision = decide(seats[player], view, rng)
        assert decision in game.state.legal_actions(), (seats[player].id, decision)
        game.play(decision)
    assert game.state.phase == "over"


OPTIONS = [
    (3, {"godzilla": "godzilla"}), (4, {"godzilla": "baby"}), (2, {"progressive": True}),
    (3, {"anti_trust": True}), (4, {"secret_selection": True}), (2, {"tie_break": False}),
    (4, {"rounds": 6}), (3, {"rounds": 4, "secret_selection": True, "anti_trust": True}),
]
LINEUPS = {"levels": ["strongest", "heuristic", "search", "greedy"],
           "yardstick": ["threat", "majority", "threat", "majority"]}


@pytest.mark.parametrize("lineup", sorted(LINEUPS))
@pytest.mark.parametrize("n,opts", OPTIONS)
def test_every_kind_plays_a_whole_game_under_each_option(n, opts, lineup):
    """Each rule option on its own, the levels (and, as a second line-up, the yardstick
    players) in every game (deterministic)."""
    game = Game(standard_settings(n, **opts), f"option/{sorted(opts.items())}")
    bots = all_players(iterations=3)
    seats = [bots[kind] for kind in LINEUPS[lineup][:n]]
    rng = random.Random(1)
    while not game.state.is_over:
        player = game.state.current
        decision = decide(seats[player], game.view(player), rng)
        assert decision in game.state.legal_actions(), (seats[player].id, decision)
        game.play(decision)
