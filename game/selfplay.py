"""Matches between computer players, for benchmarks and strength measurements."""

from __future__ import annotations

import random
import time
from typing import Any

from .ai import ComputerPlayer, make_player
from .match import Game
from .settings import standard_settings


def play_game(bots: list[ComputerPlayer], seed: str, options: dict[str, Any]) -> Game:
    """One game between ``bots`` (one per player, in player order) from ``seed``."""
    game = Game(standard_settings(len(bots), **options), seed)
    rng = random.Random(f"{seed}/players")
    while not game.state.is_over:
        player = game.state.current
        assert player is not None
        game.play(bots[player].choose(game.view(player), rng))
    return game


def selfplay(bot_ids: list[str], games: int, seed: str | int,
             options: dict[str, Any]) -> dict[str, Any]:
    """Play ``games`` games and summarise wins (ties split) and mean points per seat."""
    bots = [make_player(b) for b in bot_ids]
    n = len(bots)
    wins = [0.0] * n
    points = [0] * n
    decisions = 0
    started = time.perf_counter()
    for g in range(games):
        game = play_game(bots, f"{seed}/{g}", options)
        decisions += len(game.decisions())
        standings = game.state.standings()
        winners = [s.player for s in standings if s.winner]
        for p in winners:
            wins[p] += 1 / len(winners)
        for p, total in enumerate(game.state.player_points()):
            points[p] += total
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "players": n,
        "bots": bot_ids,
        "options": options,
        "wins": [round(w, 3) for w in wins],
        "win_rate": [round(w / games, 4) for w in wins] if games else [],
        "mean_score": [round(p / games, 2) for p in points] if games else [],
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "decisions_per_second": round(decisions / seconds, 1) if seconds else None,
    }
