"""Matches between computer players, for benchmarks and strength measurements.

``selfplay(..., jobs=N)`` plays the games in ``N`` processes. Every game depends only on its
own seed (``"{seed}/{g}"``: the deal, the chance steps and the players' generator), so the
summary is the same whatever ``jobs`` is (apart from the timings).
"""

from __future__ import annotations

import math
import os
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from .actions import Build, ReturnPiece
from .ai import ComputerPlayer, Level, decide, parse_level
from .match import Game
from .material import MAX_PIECE
from .settings import standard_settings


def play_game(bots: list[ComputerPlayer], seed: str, options: dict[str, Any],
              think_time: list[float] | None = None,
              think_count: list[int] | None = None,
              big_pieces: list[list[int]] | None = None) -> Game:
    """One game between ``bots`` (one per player, in player order) from ``seed``.

    When given, ``think_time[p]`` / ``think_count[p]`` accumulate the CPU seconds player ``p``
    spent choosing (process time, so a busy machine does not inflate it) and the number of
    its decisions; ``big_pieces[p][r]`` counts the 4-floor pieces player ``p`` placed (or
    returned) in round ``r + 1``.
    """
    game = Game(standard_settings(len(bots), **options), seed)
    rng = random.Random(f"{seed}/players")
    # process time in CPython; Pyodide's time.process_time can raise, so wall time there
    clock = time.perf_counter if sys.platform == "emscripten" else time.process_time
    while not game.state.is_over:
        player = game.state.current
        assert player is not None
        started = clock()
        decision = decide(bots[player], game.view(player, history=True), rng)
        if think_time is not None and think_count is not None:
            think_time[player] += clock() - started
            think_count[player] += 1
        if (big_pieces is not None and isinstance(decision, (Build, ReturnPiece))
                and decision.floors == MAX_PIECE):
            rounds = big_pieces[player]
            while len(rounds) < game.state.round:
                rounds.append(0)
            rounds[game.state.round - 1] += 1
        game.play(decision)
    return game


def cpu_count() -> int:
    """The CPUs this process may run on (its affinity where the platform says; at least 1):
    the most processes ``selfplay`` starts."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (ties count as fractional wins)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _one_game(task: tuple[list[Level], str, dict[str, Any]]) -> dict[str, Any]:
    """Play one game (levels in player order) and return what the summary needs."""
    levels, game_seed, options = task
    n = len(levels)
    think_time = [0.0] * n
    think_count = [0] * n
    big = [[] for _ in range(n)]  # type: list[list[int]]
    game = play_game([level.make() for level in levels], game_seed, options, think_time,
                     think_count, big)
    state = game.state
    rounds = state.settings.round_count
    per_round = [[sum(scoring.colours[c].total for c in colours) for scoring in state.scorings]
                 for colours in state.settings.player_colours]
    standings = state.standings()
    winners = [s.player for s in standings if s.winner]
    decided = {s.player: s.decided_by for s in standings}
    return {
        "points": state.player_points(), "winners": winners, "decided_by": decided,
        "decisions": len(game.decisions()), "think_time": think_time,
        "think_count": think_count, "per_round": per_round,
        "big_pieces": [b + [0] * (rounds - len(b)) for b in big],
    }


def selfplay(bots: Sequence[Level | str], games: int, seed: str | int,
             options: dict[str, Any], rotate: bool = False, jobs: int = 1) -> dict[str, Any]:
    """Play ``games`` games and summarise wins (ties split) and mean points per seat.

    Margins are points above the mean of the other players. ``winner_margin`` is the
    winners' mean margin (a shared win counts by its share): how large a win usually is
    between these players, the scale for a bot's ``mean_margin`` and ``margin_in_wins``.

    With ``rotate``, game ``g`` shifts the bots by ``g`` places (player ``p`` is played by
    ``bots[(p + g) % n]``) so every bot sits at every edge equally often; the per-seat
    figures then describe seats, and ``by_bot`` describes the bots. ``jobs`` > 1 plays the
    games in that many processes (same results), at most :func:`cpu_count` and the number
    of games (the summary's ``jobs`` is the number used). A bot is a level or its id
    (read here: an unknown id raises ValueError before any game).
    """
    jobs = max(1, min(jobs, cpu_count(), games))
    levels = [parse_level(b) if isinstance(b, str) else b for b in bots]
    bot_ids = [level.id for level in levels]
    n = len(bot_ids)
    wins = [0.0] * n
    points = [0] * n
    decisions = 0
    winner_margin = 0.0
    per_bot: dict[str, dict[str, Any]] = {
        b: {"seats": 0, "wins": 0.0, "points": 0, "decisions": 0, "seconds": 0.0,
            "margin": 0.0, "win_margin": 0.0, "tie_break_wins": 0.0, "per_round": None,
            "big_pieces": None}
        for b in bot_ids}
    tasks = []
    orders = []
    for g in range(games):
        shift = g % n if rotate else 0
        order = [(p + shift) % n for p in range(n)]
        orders.append(order)
        tasks.append(([levels[i] for i in order], f"{seed}/{g}", options))
    load_before = _load()
    started = time.perf_counter()
    if jobs > 1 and sys.platform != "emscripten":  # Pyodide cannot start processes
        import multiprocessing
        with multiprocessing.get_context("spawn" if os.name == "nt" else "fork").Pool(
                jobs) as pool:
            results = pool.map(_one_game, tasks, chunksize=1)
    else:
        results = [_one_game(task) for task in tasks]
    seconds = time.perf_counter() - started
    for order, result in zip(orders, results):
        decisions += result["decisions"]
        winners = result["winners"]
        game_points = result["points"]
        margins = [total - (sum(game_points) - total) / (n - 1) for total in game_points]
        for p in winners:
            winner_margin += margins[p] / len(winners)
            wins[p] += 1 / len(winners)
            stats = per_bot[bot_ids[order[p]]]
            stats["wins"] += 1 / len(winners)
            stats["win_margin"] += margins[p] / len(winners)
            if result["decided_by"][p] in ("tallest", "majorities"):
                stats["tie_break_wins"] += 1 / len(winners)
        for p, total in enumerate(game_points):
            points[p] += total
            stats = per_bot[bot_ids[order[p]]]
            stats["seats"] += 1
            stats["points"] += total
            stats["margin"] += margins[p]
            stats["decisions"] += result["think_count"][p]
            stats["seconds"] += result["think_time"][p]
            for key in ("per_round", "big_pieces"):
                row = result[key][p]
                if stats[key] is None:
                    stats[key] = [0] * len(row)
                stats[key] = [a + b for a, b in zip(stats[key], row)]
    by_bot = {}
    for b, s in per_bot.items():
        seats = int(s["seats"])
        low, high = wilson_interval(s["wins"], seats)
        by_bot[b] = {
            "seats": seats,
            "wins": round(s["wins"], 3),
            "win_rate": round(s["wins"] / seats, 4) if seats else None,
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "even_share": round(1 / n, 4),
            "tie_break_wins": round(s["tie_break_wins"], 3),
            "mean_score": round(s["points"] / seats, 2) if seats else None,
            "mean_margin": round(s["margin"] / seats, 2) if seats else None,
            "margin_in_wins": round(s["win_margin"] / s["wins"], 2) if s["wins"] else None,
            "points_per_round": [round(x / seats, 2) for x in s["per_round"] or []],
            "big_pieces_per_round": [round(x / seats, 2) for x in s["big_pieces"] or []],
            "decisions": int(s["decisions"]),
            "seconds_per_decision": (round(s["seconds"] / s["decisions"], 4)
                                     if s["decisions"] else None),
        }
    return {
        "games": games,
        "players": n,
        "bots": bot_ids,
        "seed": str(seed),
        "options": options,
        "rotate": rotate,
        "jobs": jobs,
        "wins": [round(w, 3) for w in wins],
        "win_rate": [round(w / games, 4) for w in wins] if games else [],
        "mean_score": [round(p / games, 2) for p in points] if games else [],
        "winner_margin": round(winner_margin / games, 2) if games else None,
        "by_bot": by_bot,
        "seconds": round(seconds, 3),
        "load_average": [load_before, _load()],
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "decisions_per_second": round(decisions / seconds, 1) if seconds else None,
    }


def _load() -> float | None:
    """The 1-minute load average (None where the platform has none, e.g. Pyodide)."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None
