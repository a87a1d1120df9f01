"""Matches between computer players, for benchmarks and strength measurements."""

from __future__ import annotations

import math
import random
import time
from typing import Any

from .ai import ComputerPlayer, decide, make_player
from .match import Game
from .settings import standard_settings


def play_game(bots: list[ComputerPlayer], seed: str, options: dict[str, Any],
              think_time: list[float] | None = None,
              think_count: list[int] | None = None) -> Game:
    """One game between ``bots`` (one per player, in player order) from ``seed``.

    When given, ``think_time[p]`` / ``think_count[p]`` accumulate the CPU seconds player ``p``
    spent choosing (process time, so a busy machine does not inflate it) and the number of
    its decisions.
    """
    game = Game(standard_settings(len(bots), **options), seed)
    rng = random.Random(f"{seed}/players")
    clock = time.process_time
    while not game.state.is_over:
        player = game.state.current
        assert player is not None
        started = clock()
        decision = decide(bots[player], game.view(player), rng)
        if think_time is not None and think_count is not None:
            think_time[player] += clock() - started
            think_count[player] += 1
        game.play(decision)
    return game


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (ties count as fractional wins)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def selfplay(bot_ids: list[str], games: int, seed: str | int,
             options: dict[str, Any], rotate: bool = False) -> dict[str, Any]:
    """Play ``games`` games and summarise wins (ties split) and mean points per seat.

    With ``rotate``, game ``g`` shifts the bots by ``g`` places (player ``p`` is played by
    ``bot_ids[(p + g) % n]``) so every bot sits at every edge equally often; the per-seat
    figures then describe seats, and ``by_bot`` describes the bots.
    """
    bots = [make_player(b) for b in bot_ids]
    n = len(bots)
    wins = [0.0] * n
    points = [0] * n
    decisions = 0
    per_bot: dict[str, dict[str, float]] = {
        b: {"seats": 0, "wins": 0.0, "points": 0, "decisions": 0, "seconds": 0.0}
        for b in bot_ids}
    started = time.perf_counter()
    for g in range(games):
        shift = g % n if rotate else 0
        order = [(p + shift) % n for p in range(n)]
        think_time = [0.0] * n
        think_count = [0] * n
        game = play_game([bots[i] for i in order], f"{seed}/{g}", options,
                         think_time, think_count)
        decisions += len(game.decisions())
        standings = game.state.standings()
        winners = [s.player for s in standings if s.winner]
        for p in winners:
            wins[p] += 1 / len(winners)
            per_bot[bot_ids[order[p]]]["wins"] += 1 / len(winners)
        for p, total in enumerate(game.state.player_points()):
            points[p] += total
            stats = per_bot[bot_ids[order[p]]]
            stats["seats"] += 1
            stats["points"] += total
            stats["decisions"] += think_count[p]
            stats["seconds"] += think_time[p]
    seconds = time.perf_counter() - started
    by_bot = {}
    for b, s in per_bot.items():
        seats = int(s["seats"])
        low, high = wilson_interval(s["wins"], seats)
        by_bot[b] = {
            "seats": seats,
            "wins": round(s["wins"], 3),
            "win_rate": round(s["wins"] / seats, 4) if seats else None,
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(s["points"] / seats, 2) if seats else None,
            "decisions": int(s["decisions"]),
            "seconds_per_decision": (round(s["seconds"] / s["decisions"], 4)
                                     if s["decisions"] else None),
        }
    return {
        "games": games,
        "players": n,
        "bots": bot_ids,
        "options": options,
        "rotate": rotate,
        "wins": [round(w, 3) for w in wins],
        "win_rate": [round(w / games, 4) for w in wins] if games else [],
        "mean_score": [round(p / games, 2) for p in points] if games else [],
        "by_bot": by_bot,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "decisions_per_second": round(decisions / seconds, 1) if seconds else None,
    }
