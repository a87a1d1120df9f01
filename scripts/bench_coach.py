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

Games are played round-robin over the sizes (game ``g`` at every size, then ``g + 1``);
``--log`` appends each game's record as a JSON line as soon as it ends, so a run stopped
early counts, and runs over other games (``--first``) add up: ``--summarize LOG...``
prints the figures of the logs together.

``--review-time N``: only the page's review time: N games per size in which seat 0 (the
person reviewed) plays ``greedy`` and the others ``heuristic``, the whole
:class:`ReviewJob` (quick pass and deep candidates) timed in CPU seconds, in all and per
level. It drives the job through either form of its interface and seats the players
through either name of the seat's field, so the same file run over an older checkout's
``game`` package times that review on the same games:
``scripts/bench_coach_pyodide.mjs --side-by-side DIR`` does so inside Pyodide, the
worker's runtime, alternating the two.

Prints JSON (and writes it to ``--json``). Intervals: Wilson's for proportions, Fisher's z
for correlations, normal for means (95 %). One process; run it under ``nice``:
``nice -n 15 .venv/bin/python scripts/bench_coach.py``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.actions import Action
from game.ai import decide
from game.ai.explain import hint, review
from game.ai.levels import GREEDY, HEURISTIC
from game.ai.search import playout_step
from game.match import Game
from game.settings import PlayerSpec, Settings, standard_settings
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


def seated(settings: Settings) -> Settings:
    """``settings`` with seat 0 a person (the one hinted and reviewed), the others
    ``heuristic``. (The seat's field has a different name in older checkouts, which
    ``--review-time`` also runs.)"""
    field = "played_by" if "played_by" in {f.name for f in fields(PlayerSpec)} \
        else "controller"
    seats: list[PlayerSpec] = []
    for i, spec in enumerate(settings.players):
        change: dict[str, Any] = {field: "human" if i == 0 else "heuristic"}
        seats.append(replace(spec, **change))
    return replace(settings, players=tuple(seats))


def reviewed(job: Any, seconds: dict[str, float] | None = None) -> Any:
    """The page's review job run to its end, every request answered by the worker's
    ``compute``: a frozen job driven by ``planned``/``next_request``/``recorded``, or (an
    older checkout's) a job changed in place by ``next_request(deep)``/``record``.
    ``seconds`` gets the CPU time of the answers per level (the quick and the deep pass)."""
    def answer(request: Any) -> Any:
        t = CLOCK()
        result = compute(request)
        if seconds is not None:
            seconds[request.level.id] = seconds.get(request.level.id, 0.0) + CLOCK() - t
        return result
    if hasattr(job, "planned"):
        job = job.planned(True)
        while (request := job.next_request()) is not None:
            job = job.recorded(request, answer(request)).planned(True)
        return job
    while (request := job.next_request(True)) is not None:
        job.record(request, answer(request))
    return job


def costly_steps(job: Any) -> set[tuple[int, int]]:
    """(player, step) of each decision the finished review lists as costly."""
    if hasattr(job, "items"):
        return {(item.player, item.step) for item in job.items()}
    from game.web.frames.review_frames import review_items
    return {(item.player, item.step) for item in review_items(job)}


def play_game(n: int, seed: str, hints_followed: bool = True
              ) -> tuple[Game, list[State], dict[int, Action]]:
    """A game with seat 0 following every hint (else playing ``heuristic`` like the others);
    the states before every log step and the hint given at each of seat 0's steps."""
    settings = seated(standard_settings(n))
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


def game_record(n: int, g: int, check_every: int, heuristic_decisions: int,
                check_samples: int, hints_followed: bool = True) -> dict[str, Any]:
    """One game of table size ``n`` (seed ``coach/{n}/{g}``), reviewed and checked: the
    counts and the (reported, measured) loss pairs :func:`summary` adds up."""
    started = CLOCK()
    seed = f"coach/{n}/{g}"
    game, states, hints = play_game(n, seed, hints_followed)
    record: dict[str, Any] = {
        "players": n, "game": g, "hints_followed": hints_followed, "hinted": len(hints), "flagged_page": 0, "checked": 0,
        "same": 0, "flagged_direct": 0, "review_seconds": None, "heuristic_best": 0,
        "pairs": []}
    # the page's review of the one person, seat 0
    if hints_followed:
        t = CLOCK()
        job = reviewed(ReviewJob.start("bench", game, states))
        record["review_seconds"] = round(CLOCK() - t, 3)
        record["flagged_page"] = sum(1 for player, step in costly_steps(job)
                                     if player == 0 and step in hints)
    # one voice, on every check_every-th hinted decision
    for k, (step, given) in enumerate(sorted(hints.items())):
        if k % check_every:
            continue
        judged = review(player_view(states[step], 0), given)
        record["checked"] += 1
        record["same"] += judged.best == given
        record["flagged_direct"] += judged.costly
    # honest numbers: seat 1 (heuristic) against the paired rollout check
    for step, action in enumerate(game.log):
        before = states[step]
        if before.current != 1 or len(record["pairs"]) >= heuristic_decisions or \
                len(before.legal_actions()) < 2:
            continue
        view = player_view(before, 1)
        judged = review(view, action)
        if judged.best == action:
            record["heuristic_best"] += 1
            continue
        loss, error = rollout_loss(view, judged.best, action, check_samples,
                                   f"{seed}/{step}")
        record["pairs"].append({"step": step, "reported": round(judged.points_lost, 3),
                                "error": round(judged.error, 3), "costly": judged.costly,
                                "measured": round(loss, 3),
                                "measured_error": round(error, 3)})
    record["bench_cpu_seconds"] = round(CLOCK() - started, 1)
    return record


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Per table size (and the loss check over all sizes): the figures with their 95 %
    intervals. A game played twice (the same size and number) counts once."""
    unique = {(r["players"], r["game"], r["hints_followed"]): r for r in records}
    out: dict[str, Any] = {}
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in unique.values():
        groups.setdefault(str(r["players"]), []).append(r)
    groups = dict(sorted(groups.items()))
    groups["all"] = list(unique.values())
    for key, rs in groups.items():
        hinted = sum(r["hinted"] for r in rs)
        flagged = sum(r["flagged_page"] for r in rs)
        checked = sum(r["checked"] for r in rs)
        same = sum(r["same"] for r in rs)
        timed = [r["review_seconds"] for r in rs if r["review_seconds"] is not None]
        pairs = [p for r in rs for p in r["pairs"]]
        reported = [p["reported"] for p in pairs]
        measured = [p["measured"] for p in pairs]
        out[key] = {
            "games": len(rs),
            "games_following_hints": len(timed),
            "hinted_decisions": hinted,
            "hinted_flagged_by_page_review": flagged,
            "hinted_flagged_interval": wilson(flagged, hinted),
            "checked_decisions": checked,
            "review_best_is_hint": same,
            "review_best_is_hint_share": round(same / checked, 3) if checked else None,
            "review_best_is_hint_interval": wilson(same, checked),
            "hinted_flagged_by_direct_review": sum(r["flagged_direct"] for r in rs),
            "review_cpu_seconds_per_game": mean_interval(timed),
            "bench_cpu_seconds": round(sum(r["bench_cpu_seconds"] for r in rs), 1),
            "heuristic_decisions_where_best_is_played": sum(r["heuristic_best"] for r in rs),
            "heuristic_decisions_checked": len(pairs),
            "heuristic_decisions_flagged": sum(p["costly"] for p in pairs),
            "loss_correlation": pearson(reported, measured),
            "mean_reported_loss": mean_interval(reported),
            "mean_measured_loss": mean_interval(measured),
            "measured_loss_when_flagged": mean_interval(
                [p["measured"] for p in pairs if p["costly"]]),
            "measured_loss_when_not_flagged": mean_interval(
                [p["measured"] for p in pairs if not p["costly"]]),
            "mean_check_standard_error": round(
                sum(p["measured_error"] for p in pairs) / max(1, len(pairs)), 2),
        }
    return out


def run(sizes: list[int], games: int, check_every: int, heuristic_decisions: int,
        check_samples: int, hints_followed: bool = True, first: int = 0,
        log: Path | None = None) -> dict[str, Any]:
    """Games ``first .. first + games - 1`` at every size, round-robin (game ``g`` at each
    size, then ``g + 1``), so a run stopped early has as many games at every size; each
    game's record is appended to ``log`` (a JSON line) as soon as it is done."""
    records = []
    for g in range(first, first + games):
        for n in sizes:
            record = game_record(n, g, check_every, heuristic_decisions, check_samples,
                                 hints_followed)
            record.update(check_every=check_every, check_samples=check_samples)
            records.append(record)
            if log is not None:
                with log.open("a") as out:
                    out.write(json.dumps(record) + "\n")
            print(f"{n}p game {g}: hinted {record['hinted']}, page flagged "
                  f"{record['flagged_page']}, same {record['same']}/{record['checked']}, "
                  f"review {record['review_seconds']}s, pairs {len(record['pairs'])}, "
                  f"{record['bench_cpu_seconds']} CPU s", file=sys.stderr, flush=True)
    return summary(records)


def timing_game(n: int, g: int) -> tuple[Game, list[State]]:
    """Game ``g`` of ``--review-time`` at table size ``n`` (seat 0, the person reviewed,
    plays ``greedy``, the others ``heuristic``) and the states before its log's steps."""
    greedy, heuristic = GREEDY.make(), HEURISTIC.make()
    seed = f"time/{n}/{g}"
    settings = seated(standard_settings(n))
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
    return game, states


def time_review(game: Game, states: list[State]) -> dict[str, float]:
    """CPU seconds of the page's whole review of ``game``, and per level (the quick pass's
    and the deep pass's answers)."""
    t = CLOCK()
    parts: dict[str, float] = {}
    reviewed(ReviewJob.start("time", game, states), parts)
    return {"seconds": round(CLOCK() - t, 3), **{level: round(s, 3) for level, s in parts.items()}}


def review_time(sizes: list[int], games: int, first: int = 0) -> dict[str, Any]:
    """CPU seconds of a whole game's review, per game (see the module's docstring)."""
    out: dict[str, Any] = {}
    for n in sizes:
        out[str(n)] = [{"game": g, **time_review(*timing_game(n, g))}
                       for g in range(first, first + games)]
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
    parser.add_argument("--json", type=Path, help="write the summary here too")
    parser.add_argument("--log", type=Path,
                        help="append each game's record here (JSON lines) as it ends")
    parser.add_argument("--summarize", type=Path, nargs="+",
                        help="only the summary of these logs (runs add up)")
    parser.add_argument("--review-time", type=int, default=0)
    parser.add_argument("--loss-check-only", action="store_true",
                        help="seat 0 plays heuristic too: only the heuristic seat's check")
    args = parser.parse_args()
    if args.review_time:
        print(json.dumps(review_time(args.sizes, args.review_time, args.first)))
        return
    if args.summarize:
        result = summary([json.loads(line) for path in args.summarize
                          for line in path.read_text().splitlines() if line.strip()])
    else:
        result = run(args.sizes, args.games, args.check_every, args.heuristic_decisions,
                     args.check_samples, not args.loss_check_only, args.first, args.log)
    text = json.dumps(result, indent=1)
    if args.json:
        args.json.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
