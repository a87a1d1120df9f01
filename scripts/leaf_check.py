#!/usr/bin/env python3
"""How well does the search's leaf value foresee the end of the game? (a measurement, not a test)

The search values a leaf by each player's projected final points (``projected_points``:
points so far plus the board, and foresight's outlook, weighted by the scorings to come) and
turns the margin over the best opponent into a reward. This plays games between ``heuristic``
players (5% of their decisions random, for variety), takes about half of the positions
(builds and selections) and compares, per round, the projected margin with the final one:

- ``corr``: Pearson correlation of projected and final margin (own minus the best opponent);
- ``scale``: the least-squares factor that maps the projected margin onto the final one
  (1: calibrated; below 1: the projection exaggerates leads);
- ``winner``: how often the player with the highest projection wins (a tie for the highest
  splits; even share: 1/players);
- the same for the points so far alone (``points:``), as the plainest guess.

    .venv/bin/python scripts/leaf_check.py --players 3 --games 400 [--seed leaf]

Mid-round positions use the round's own scoring fully (as a leaf cut 8 decisions from the
root does), selections the weights of a leaf at the end of a round. See docs/ai.md,
"What a leaf foresees".
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai import decide, make_player
from game.ai.search import projected_points
from game.match import Game
from game.settings import standard_settings
from game.state import SELECT


def margins(values: list[float]) -> list[float]:
    return [v - max(w for q, w in enumerate(values) if q != p) for p, v in enumerate(values)]


def correlation(xs: list[float], ys: list[float]) -> float:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def collect(players: int, games: int, seed: str) -> list[tuple[int, list[float], list[float],
                                                                list[int], list[int]]]:
    """(scorings done, projection, points so far, final points, winners) per sampled position."""
    bots = [make_player("heuristic") for _ in range(players)]
    rows = []
    for g in range(games):
        game = Game(standard_settings(players), f"{seed}/{g}")
        rng = random.Random(f"{seed}/{g}/players")
        sampled = []
        while not game.state.is_over:
            state = game.state
            if rng.random() < 0.5:
                projection = projected_points(state, 1.0, mid_round=state.phase != SELECT)
                sampled.append((len(state.scorings), projection,
                                [float(p) for p in state.player_points()]))
            player = state.current
            assert player is not None
            if rng.random() < 0.05:
                action = rng.choice(state.legal_actions())
            else:
                action = decide(bots[player], game.view(player), rng)
            game.play(action)
        final = game.state.player_points()
        winners = [s.player for s in game.state.standings() if s.winner]
        rows += [(done, proj, pts, final, winners) for done, proj, pts in sampled]
    return rows


def report(rows: list[tuple[int, list[float], list[float], list[int], list[int]]],
           players: int) -> str:
    lines = [f"{'round':>5} {'positions':>9}  {'leaf: corr':>10} {'scale':>6} {'winner':>7}"
             f"  {'points: corr':>12} {'winner':>7}"]
    for done in sorted({r[0] for r in rows}):
        subset = [r for r in rows if r[0] == done]
        out = []
        for leaf in (True, False):
            xs: list[float] = []
            ys: list[float] = []
            hits = 0.0
            for row in subset:
                guess = row[1] if leaf else row[2]
                xs += margins(guess)
                ys += margins([float(f) for f in row[3]])
                top = max(guess)
                leaders = [p for p in range(players) if guess[p] == top]
                hits += sum(p in row[4] for p in leaders) / len(leaders)  # a tie: split
            scale = sum(x * y for x, y in zip(xs, ys)) / (sum(x * x for x in xs) or 1.0)
            out.append((correlation(xs, ys), scale, hits / len(subset)))
        (c, s, w), (c0, _, w0) = out
        lines.append(f"{done + 1:>5} {len(subset):>9}  {c:>10.3f} {s:>6.2f} {w:>7.1%}"
                     f"  {c0:>12.3f} {w0:>7.1%}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", default="leaf")
    args = parser.parse_args(argv)
    rows = collect(args.players, args.games, args.seed)
    print(f"{args.players} players, {args.games} games of heuristic players, seed {args.seed}")
    print(report(rows, args.players))


if __name__ == "__main__":
    main()
