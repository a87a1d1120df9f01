"""Does the coach agree with itself? Games in which one seat follows every hint, then reviewed.

For each table size, ``--games`` games: seat 0 asks :func:`game.ai.explain.hint` at every
decision and plays it; the other seats are the ``heuristic`` level. After each game:

* **the page's review** (:class:`game.web.thinking.review.ReviewJob`, quick pass then the deep
  evaluation of each person's candidates, every request answered by the worker's code) of
  the hinting seat: how many hinted decisions it lists as costly (must be 0), and its CPU
  time for the whole game;
* **one voice**: every ``--check-every``-th hinted decision is put to
  :func:`game.ai.explain.review` on the same view: is its best the hint, and is the
  followed hint costly?
* **honest numbers**: ``--heuristic-decisions`` decisions of seat 1 (``heuristic``) per game
  where the evaluation's best differs from the played move are reviewed; each is then
  checked by a paired rollout to the end of the game (``--check-samples`` sampled states,
  both moves played out from each with the same random numbers by the playout policy for
  every seat; the measured loss is the mean difference of the final margin over the best
  opponent). The reported and the measured losses are correlated (Pearson r, 95 % interval
  by Fisher's z).

``--review-time N``: only the page's review time, side by side with another checkout: N games
per size in which seat 0 (the person reviewed) plays ``greedy`` and the others ``heuristic``,
the whole :class:`ReviewJob` (quick pass and deep candidates) timed in CPU seconds. It uses
only what the page's review had before the one evaluation, so the same file run from a
checkout of an older main (``PYTHONPATH=<checkout> python scripts/bench_coach.py
--review-time 5``) times the old review on the same games.

Prints JSON (and writes it to ``--json``). Intervals: Wilson's for proportions (95 %).
One process; run it under ``nice``: ``nice -n 15 .venv/bin/python scripts/bench_coach.py``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.actions import Action
from game.ai import decide
from game.ai.explain import hint, review
from game.ai.levels import GREEDY, HEURISTIC
from game.ai.search import playout_step
from game.match import Game
from game.settings import standard_settings
from game.state import State
from game.view import PlayerView, player_view
from game.web.thinking.coach import compute
from game.web.thinking.review import ReviewJob

CLOCK = time.process_time


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3))


def pearson(xs: list[float], ys: list[float]) -> dict[str, Any]:
    n = len(xs)
    if n < 4:
        return {"n": n, "r": None, "interval": None}
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    r = sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0
    r = max(-0.999999, min(0.999999, r))
    z, se = math.atanh(r), 1 / math.sqrt(n - 3)
    return {"n": n, "r": round(r, 3),
            "interval": (round(math.tanh(z - 1.96 * se), 3), round(math.tanh(z + 1.96 * se), 3))}


def final_margin(state: State, player: int) -> float:
    points = state.player_points()
    return float(points[player] - max(p for q, p in enumerate(points) if q != player))


def mean_interval(values: list[float]) -> dict[str, Any]:
    """Mean with a 95 % interval (normal approximation)."""
    n = len(values)
    if n < 2:
        return {"n": n, "mean": values[0] if values else None, "interval": None}
    mean = sum(values) / n
    se = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    return {"n": n, "mean": round(mean, 2),
            "interval": (round(mean - 1.96 * se, 2), round(mean + 1.96 * se, 2))}


def rollout_loss(view: PlayerView, best: Action, played: Action, samples: int,
                 seed: str) -> tuple[float, float]:
    """The paired rollout check: both moves played out to the end of the game on the same
    sampled states with the same random numbers; mean (best - played) final margin and
    its standard error."""
    diffs = []
    for k in range(samples):
        rng = random.Random(f"check/{seed}/{k}")
        state = view.sample_state(rng)
        play_seed = rng.getrandbits(64)
        margins = []
        for action in (best, played):
            r = random.Random(play_seed)
            s = state.apply(action)
            while not s.is_over:
                s = playout_step(s, r)
            margins.append(final_margin(s, view.player))
        diffs.append(margins[0] - margins[1])
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean, math.sqrt(var / len(diffs))


def play_game(n: int, seed: str, hints_followed: bool = True
              ) -> tuple[Game, list[State], dict[int, Action]]:
    """A game with seat 0 following every hint (else playing ``heuristic`` like the others);
    the states before every log step and the hint given at each of seat 0's steps."""
    settings = standard_settings(n)
    settings = replace(settings, players=tuple(
        replace(p, controller="human" if i == 0 else "heuristic")
        for i, p in enumerate(settings.players)))
    game = Game(settings, seed)
    heuristic = HEURISTIC.make()
    rng = random.Random(seed)
    hints: dict[int, Action] = {}
    while not game.state.is_over:
        player = game.state.current
        assert player is not None
        view = game.view(player)
        if player == 0 and hints_followed:
            action = hint(view).action
            hints[len(game.log)] = action
        else:
            action = decide(heuristic, view, rng)
        game.play(action)
    states: list[State] = []
    state = Game(settings, seed, resolve_chance=False).state
    for step in game.log:
        states.append(state)
        state = state.apply(step)
    return game, states, hints


def run(sizes: list[int], games: int, check_every: int, heuristic_decisions: int,
        check_samples: int, hints_followed: bool = True, first: int = 0) -> dict[str, Any]:
    out: dict[str, Any] = {"games": games, "check_every": check_every,
                           "heuristic_decisions": heuristic_decisions,
                           "check_samples": check_samples, "sizes": {}}
    for n in sizes:
        hinted = flagged_page = checked = same = flagged_direct = 0
        review_seconds: list[float] = []
        reported: list[float] = []
        measured: list[float] = []
        measured_error: list[float] = []
        flags: list[bool] = []
        heuristic_best = heuristic_costly = 0
        started = CLOCK()
        for g in range(first, first + games):
            seed = f"coach/{n}/{g}"
            game, states, hints = play_game(n, seed, hints_followed)
            hinted += len(hints)
            if not hints_followed:
                review_seconds.append(0.0)
            # the page's review of the one person, seat 0
            if hints_followed:
                job = ReviewJob.start("bench", game, states)
                t = CLOCK()
                while (request := job.next_request(True)) is not None:
                    job.record(request, compute(request))
                review_seconds.append(CLOCK() - t)
                flagged_page += sum(1 for item in job.items()
                                    if item.player == 0 and item.step in hints)
            # one voice, on every check_every-th hinted decision
            for k, (step, given) in enumerate(sorted(hints.items())):
                if k % check_every:
                    continue
                view = player_view(states[step], 0)
                judged = review(view, given)
                checked += 1
                same += judged.best == given
                flagged_direct += judged.costly
            # honest numbers: seat 1 (heuristic) against the paired rollout check
            taken = 0
            for step, action in enumerate(game.log):
                before = states[step]
                if before.current != 1 or taken >= heuristic_decisions or \
                        len(before.legal_actions()) < 2:
                    continue
                view = player_view(before, 1)
                judged = review(view, action)
                if judged.best == action:
                    heuristic_best += 1
                    continue
                taken += 1
                heuristic_costly += judged.costly
                flags.append(judged.costly)
                reported.append(judged.points_lost)
                loss, error = rollout_loss(view, judged.best, action, check_samples,
                                           f"{seed}/{step}")
                measured.append(loss)
                measured_error.append(error)
            print(f"{n}p game {g}: hinted {len(hints)}, page flagged {flagged_page}, "
                  f"same {same}/{checked}, review {review_seconds[-1]:.2f}s",
                  file=sys.stderr, flush=True)
        mean_review = sum(review_seconds) / len(review_seconds)
        sd_review = math.sqrt(sum((x - mean_review) ** 2 for x in review_seconds)
                              / max(1, len(review_seconds) - 1))
        out["sizes"][str(n)] = {
            "hinted_decisions": hinted,
            "hinted_flagged_by_page_review": flagged_page,
            "hinted_flagged_interval": wilson(flagged_page, hinted),
            "checked_decisions": checked,
            "review_best_is_hint": same,
            "review_best_is_hint_share": round(same / checked, 3) if checked else None,
            "review_best_is_hint_interval": wilson(same, checked),
            "hinted_flagged_by_direct_review": flagged_direct,
            "heuristic_decisions_where_best_is_played": heuristic_best,
            "heuristic_decisions_checked": len(reported),
            "heuristic_decisions_flagged": heuristic_costly,
            "loss_correlation": pearson(reported, measured),
            "mean_reported_loss": round(sum(reported) / max(1, len(reported)), 2),
            "mean_measured_loss": round(sum(measured) / max(1, len(measured)), 2),
            "measured_loss_when_flagged": mean_interval(
                [m for m, f in zip(measured, flags) if f]),
            "measured_loss_when_not_flagged": mean_interval(
                [m for m, f in zip(measured, flags) if not f]),
            "mean_check_standard_error": round(
                sum(measured_error) / max(1, len(measured_error)), 2),
            "pairs": [(round(a, 2), round(b, 2), f) for a, b, f in
                      zip(reported, measured, flags)],
            "review_cpu_seconds_per_game": (round(mean_review, 2), round(sd_review, 2)),
            "bench_cpu_seconds": round(CLOCK() - started, 1),
        }
        print(json.dumps({n: out["sizes"][str(n)]}), file=sys.stderr, flush=True)
    return out


def review_time(sizes: list[int], games: int) -> dict[str, Any]:
    """CPU seconds of a whole game's review, per game (see the module's docstring)."""
    greedy, heuristic = GREEDY.make(), HEURISTIC.make()
    out: dict[str, Any] = {}
    for n in sizes:
        seconds = []
        for g in range(games):
            seed = f"time/{n}/{g}"
            settings = standard_settings(n)
            settings = replace(settings, players=tuple(
                replace(p, controller="human" if i == 0 else "heuristic")
                for i, p in enumerate(settings.players)))
            game = Game(settings, seed)
            rng = random.Random(seed)
            while not game.state.is_over:
                player = game.state.current
                assert player is not None
                game.play(decide(greedy if player == 0 else heuristic, game.view(player), rng))
            states: list[State] = []
            state = Game(settings, seed, resolve_chance=False).state
            for step in game.log:
                states.append(state)
                state = state.apply(step)
            job = ReviewJob.start("time", game, states)
            t = CLOCK()
            while (request := job.next_request(True)) is not None:
                job.record(request, compute(request))
            seconds.append(round(CLOCK() - t, 2))
        out[str(n)] = seconds
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0,
                        help="the first game's number (runs over other games add up)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--check-every", type=int, default=1)
    parser.add_argument("--heuristic-decisions", type=int, default=4)
    parser.add_argument("--check-samples", type=int, default=24)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--review-time", type=int, default=0)
    parser.add_argument("--loss-check-only", action="store_true",
                        help="seat 0 plays heuristic too: only the heuristic seat's check")
    args = parser.parse_args()
    if args.review_time:
        print(json.dumps(review_time(args.sizes, args.review_time)))
        return
    result = run(args.sizes, args.games, args.check_every, args.heuristic_decisions,
                 args.check_samples, not args.loss_check_only, args.first)
    text = json.dumps(result, indent=1)
    if args.json:
        args.json.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
