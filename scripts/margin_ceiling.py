#!/usr/bin/env python3
"""How large a margin can a player reach against three ``heuristic`` players, or against the
yardstick pool? (a measurement, not a test; docs/ai.md, "Fifth series" and "Why the 4-player
win rate stays near 50%")

The aim for the strongest level is a mean margin of +5 points over the opponents' mean at
4-player tables; every search variant tried stayed at +1 to +2. This plays one subject in seat
``g % players`` of game ``g`` (seed ``<seed>/<g>``) against ``heuristic`` players:

- ``oracle``: a **cheating** player, an estimate of the ceiling. It sees the real game: every
  hand, the draw pile and the chance outcomes the seed will produce, and it knows that its
  opponents play ``heuristic``. For each of its ``--width`` best candidates (``heuristic``'s
  ranking) it plays the real game on to the end with every player, itself included, playing
  ``heuristic``, and takes the candidate with the best final margin (+3 for a win, split in
  a tie). One rollout a candidate is exact: nothing in it is random.
- ``rollouts``: the same player made fair: each rollout starts from a determinization of its
  view (``PlayerView.sample_state``: hidden cards and chance drawn afresh), ``--samples`` of
  them, shared by all candidates.
- any level id (``search:3``, ...): the level itself, on the same deals and seats.

``--opponents mixed`` plays the yardstick's mixed line instead
(``scripts/bench_yardstick.py``): game ``g`` has that line's seed ``<seed>/<players>p/<g>``,
seat and opponents (``heuristic``, ``threat``, ``majority`` in rotation), so a level's games
here are the line's games in ``docs/yardstick/pool.jsonl`` (seed ``yard``); ``oracle`` and
``rollouts`` then model each opponent by the level it really is (the subject itself still by
``heuristic``); with ``--model heuristic`` they model every opponent as ``heuristic``, which
separates knowing the cards from knowing how the others play. The pool's players use the
random generator only to order actions of equal value, so the oracle's foresight of them is
exact up to such ties.

    .venv/bin/python scripts/margin_ceiling.py oracle --games 48 --seed i14o-4p [--jobs 2]
    .venv/bin/python scripts/margin_ceiling.py oracle --opponents mixed --seed yard --games 48

Prints one JSON line per game, then the win rate (ties split, 95% Wilson interval), the mean
margin and its standard error, the mean margin in wins, the mean points of the subject and of
its opponents, and the wall seconds per game. A full-game rollout between four ``heuristic``
players takes ~0.5 s in CPython, so ``oracle`` needs about a minute a game and ``rollouts``
``--samples`` times that.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import multiprocessing
import os
import random
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from bench_yardstick import line_opponents  # scripts/, beside this file

from game.actions import Action
from game.ai import POOL, ComputerPlayer, decide, make_player
from game.ai.heuristic import ranked_heuristic
from game.ai.selection import ranked_selections
from game.match import Game
from game.selfplay import wilson_interval
from game.settings import standard_settings
from game.state import CHANCE, SELECT, State
from game.view import PlayerView, player_view

WIN_BONUS = 3.0
"""Points a rollout's value adds for a win (about a usual win's margin at 4 players)."""

YARDSTICK = make_player("heuristic")


def margin(points: list[int], player: int) -> float:
    others = [x for q, x in enumerate(points) if q != player]
    return points[player] - sum(others) / len(others)


def outcome_value(state: State, player: int) -> float:
    winners = [s.player for s in state.standings() if s.winner]
    bonus = WIN_BONUS / len(winners) if player in winners else 0.0
    return margin(state.player_points(), player) + bonus


def candidates(view: PlayerView, width: int) -> list[Action]:
    if view.phase == SELECT:
        return list(ranked_selections(view)[:width])
    return [a for _, a in ranked_heuristic(view, random.Random(0))[:width]]


def oracle_decision(game: Game, player: int, width: int,
                    models: list[ComputerPlayer]) -> Action:
    """The candidate whose exact continuation (the real game, every player playing its
    ``models`` entry) ends best."""
    options = candidates(game.view(player), width)
    values = []
    for action in options:
        future = copy.copy(game)
        future.log = list(game.log)
        future.play(action)
        rng = random.Random(len(game.log))
        while not future.state.is_over:
            mover = future.state.current
            assert mover is not None
            future.play(decide(models[mover], future.view(mover), rng))
        values.append(outcome_value(future.state, player))
    return options[values.index(max(values))]


def rollout_decision(view: PlayerView, width: int, samples: int, seed: str,
                     models: list[ComputerPlayer]) -> Action:
    """The candidate with the best mean outcome over ``samples`` determinizations."""
    options = candidates(view, width)
    totals = [0.0] * len(options)
    for i in range(samples):
        start = view.sample_state(random.Random(f"{seed}/{i}"))
        for j, action in enumerate(options):
            state = start.apply(action)
            rng = random.Random(f"{seed}/{i}/r")
            while not state.is_over:
                if state.phase == CHANCE:
                    state = state.apply(state.sample_chance(rng))
                else:
                    mover = state.current
                    assert mover is not None
                    state = state.apply(decide(models[mover], player_view(state, mover), rng))
            totals[j] += outcome_value(state, view.player)
    return options[totals.index(max(totals))]


def play(task: tuple[str, str, int, list[str], int, int, str]) -> dict[str, Any]:
    subject, seed, seat, opponents, width, samples, model = task
    players = len(opponents) + 1
    level: ComputerPlayer | None = None
    if subject not in ("oracle", "rollouts"):
        level = make_player(subject)
    others = [make_player(i) for i in opponents]
    # who plays each seat, the subject's by ``heuristic``: the oracle's model of the game
    seated = others[:seat] + [YARDSTICK] + others[seat:]
    models = seated if model == "real" else [YARDSTICK] * players
    started = time.perf_counter()
    game = Game(standard_settings(players), seed)
    rng = random.Random(f"{seed}/players")
    while not game.state.is_over:
        mover = game.state.current
        assert mover is not None
        view = game.view(mover)
        if mover != seat:
            action = decide(seated[mover], view, rng)
        elif level is not None:
            action = decide(level, view, rng)
        elif len(legal := view.legal_actions()) == 1:
            action = legal[0]
        elif subject == "oracle":
            action = oracle_decision(game, mover, width, models)
        else:
            action = rollout_decision(view, width, samples, f"{seed}/{len(game.log)}", models)
        game.play(action)
    state = game.state
    points = state.player_points()
    winners = [s.player for s in state.standings() if s.winner]
    return {"subject": subject, "seed": seed, "seat": seat, "opponents": opponents,
            "model": model, "width": width, "samples": samples, "points": points,
            "margin": margin(points, seat),
            "win": 1 / len(winners) if seat in winners else 0.0,
            "seconds": round(time.perf_counter() - started, 1)}


def deal(opponents: str, seed: str, players: int, g: int) -> tuple[str, int, list[str]]:
    """Game ``g``'s seed, the subject's seat and the other seats' level ids: three
    ``heuristic`` (seeds ``<seed>/<g>``, the first study's deals), or the yardstick's mixed line
    (its seeds and opponents, ``bench_yardstick.line_opponents``)."""
    if opponents == "mixed":
        pool = [level.id for level in POOL]
        return f"{seed}/{players}p/{g}", g % players, line_opponents("mixed", pool, players, g)
    return f"{seed}/{g}", g % players, ["heuristic"] * (players - 1)


def summary(results: list[dict[str, Any]]) -> str:
    n = len(results)
    wins = sum(r["win"] for r in results)
    margins = [r["margin"] for r in results]
    mean = sum(margins) / n
    spread = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1)) if n > 1 else 0.0
    won = [r["margin"] for r in results if r["win"] > 0]
    low, high = wilson_interval(wins, n)
    own = sum(r["points"][r["seat"]] for r in results) / n
    others = sum((sum(r["points"]) - r["points"][r["seat"]]) / (len(r["points"]) - 1)
                 for r in results) / n
    return (f"games {n}  wins {100 * wins / n:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)  "
            f"margin {mean:+.2f} (se {spread / math.sqrt(n):.2f})  "
            f"in wins {sum(won) / len(won) if won else 0.0:+.2f}  "
            f"points {own:.1f} / {others:.1f}  "
            f"s per game {sum(r['seconds'] for r in results) / n:.0f}  "
            f"load {os.getloadavg()[0]:.1f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("subject", help="oracle, rollouts or a level id such as search:3")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--first", type=int, default=0, help="number of the first game")
    parser.add_argument("--seed", default="i14o-4p")
    parser.add_argument("--opponents", choices=("heuristic", "mixed"), default="heuristic",
                        help="three heuristic players, or the yardstick's mixed line")
    parser.add_argument("--model", choices=("real", "heuristic"), default="real",
                        help="how oracle and rollouts foresee the opponents: as the levels they "
                             "are, or all as heuristic (with --opponents mixed: knowing the "
                             "cards but not the minds)")
    parser.add_argument("--width", type=int, default=8, help="candidates weighed")
    parser.add_argument("--samples", type=int, default=2, help="determinizations (rollouts)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    tasks = [(args.subject, *deal(args.opponents, args.seed, args.players, g), args.width,
              args.samples, args.model) for g in range(args.first, args.first + args.games)]
    results = []
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for result in pool.imap(play, tasks):
            print(json.dumps(result), flush=True)
            results.append(result)
    print(summary(results))


if __name__ == "__main__":
    main()
