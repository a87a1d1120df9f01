"""Every computer player only ever makes legal decisions, under every rule option."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from game.ai import decide
from game.match import Game
from game.settings import standard_settings

from ai_helpers import all_players

options = st.fixed_dictionaries({
    "godzilla": st.sampled_from(["off", "godzilla", "baby"]),
    "progressive": st.booleans(),
    "anti_trust": st.booleans(),
    "secret_selection": st.booleans(),
    "tie_break": st.booleans(),
})


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.sampled_from([2, 3, 4]), opts=options, short=st.booleans(),
       seed=st.integers(0, 10**6), shift=st.integers(0, 3))
def test_players_make_only_legal_decisions(n, opts, short, seed, shift):
    if n in (3, 4) and short:
        opts = dict(opts, rounds=6 if n == 4 else 4)
    game = Game(standard_settings(n, **opts), seed)
    bots = all_players(iterations=3)
    kinds = ["search", "greedy", "random", "search"][:n]  # every kind at every seat count
    seats = [bots[kinds[(p + shift) % n]] for p in range(n)]
    rng = random.Random(seed)
    while not game.state.is_over:
        player = game.state.current
        view = game.view(player)
        decision = decide(seats[player], view, rng)
        assert decision in game.state.legal_actions(), (seats[player].id, decision)
        game.play(decision)
    assert game.state.phase == "over"
