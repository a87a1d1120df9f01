"""Shared helpers for the computer-player tests (imported as ``ai_helpers``): small-budget
players and game positions."""

from __future__ import annotations

import random

from game.ai import make_player
from game.ai.search import SearchConfig, SearchPlayer
from game.match import Game
from game.settings import standard_settings


def tiny_search(iterations: int = 6) -> SearchPlayer:
    """A search player with a test-sized budget (the real levels are too slow for
    property tests)."""
    return SearchPlayer("search:test", SearchConfig(iterations=iterations, root_width=4,
                                                    inner_width=3, select_width=3))


def tiny_strongest(iterations: int = 6) -> SearchPlayer:
    """The strongest level's configurations (game.ai.STRONGEST, every table size) with a
    test-sized budget."""
    from dataclasses import replace

    from game.ai import STRONGEST
    strongest = STRONGEST.make()
    assert isinstance(strongest, SearchPlayer)

    def tiny(config: SearchConfig) -> SearchConfig:
        return replace(config, iterations=iterations, max_seconds=None)
    return SearchPlayer("strongest:test", tiny(strongest.config),
                        {n: tiny(c) for n, c in strongest.tables.items()})


def tiny_beliefs(iterations: int = 6) -> SearchPlayer:
    """A small search whose determinizations come from the belief (``beliefs=True``)."""
    return SearchPlayer("beliefs:test", SearchConfig(iterations=iterations, root_width=4,
                                                     inner_width=3, select_width=3,
                                                     beliefs=True))


def all_players(iterations: int = 6) -> dict:
    """One of each kind: every registered non-search id (the page's and the yardstick's)
    plus a small search."""
    # (tests/ai/test_ai_search.py checks that this covers every registered kind)
    return {"random": make_player("random"), "greedy": make_player("greedy"),
            "heuristic": make_player("heuristic"), "threat": make_player("threat"),
            "majority": make_player("majority"), "planner": make_player("planner"),
            "defender": make_player("defender"), "search": tiny_search(iterations),
            "strongest": tiny_strongest(iterations)}


def advance(game: Game, moves: int, seed: str = "advance") -> Game:
    """Play ``moves`` random decisions (fewer if the game ends)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if game.state.is_over:
            break
        game.play(rng.choice(game.state.legal_actions()))
    return game


def new_game(n: int, seed: str = "t", **options) -> Game:
    return Game(standard_settings(n, **options), seed)
