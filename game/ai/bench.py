"""Speed of the computer players, the same code in CPython and in Pyodide.

``python -m game.ai.bench`` prints JSON: search iterations per second (an iteration is one
determinization + tree walk + playout to the end of the round) at fixed positions, full-game
playouts per second with the default policy, and seconds per decision for each level.
``scripts/bench_ai_pyodide.mjs`` runs the same function inside Pyodide. Times are process
CPU seconds, so a machine shared with other work does not inflate them (in Pyodide
``time.process_time`` is wall time, so the runner passes Node's CPU clock instead).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

from ..match import Game
from ..settings import standard_settings
from . import STRONGEST, Level, decide, parse_level
from .levels import GREEDY, HEURISTIC, SEARCH_1, SEARCH_2, SEARCH_3
from .search import SearchConfig, SearchPlayer, playout_step

CLOCK: Callable[[], float] = time.process_time
"""The clock every measurement uses; ``benchmark(clock=...)`` replaces it."""

POSITIONS = ((4, 6), (4, 60), (3, 20), (2, 20))
"""(players, greedy decisions played before measuring): early round 1 and later positions."""


def _to_move(game: Game) -> int:
    player = game.state.current
    assert player is not None
    return player


def position(players: int, moves: int) -> Game:
    game = Game(standard_settings(players), f"bench/{players}/{moves}")
    greedy = GREEDY.make()
    rng = random.Random(0)
    for _ in range(moves):
        game.play(decide(greedy, game.view(_to_move(game)), rng))
    return game


def iterations_per_second(game: Game, iterations: int) -> float:
    player = SearchPlayer("bench", SearchConfig(iterations=iterations))
    thinking = player.start(game.view(_to_move(game)), random.Random(1))
    started = CLOCK()
    thinking.step()
    return thinking.iterations / (CLOCK() - started)


def full_playouts_per_second(players: int, count: int) -> float:
    """Whole games from the deal with the playout policy for every seat."""
    rng = random.Random(2)
    started = CLOCK()
    for k in range(count):
        state = Game(standard_settings(players), f"playout/{k}").state
        while not state.is_over:
            state = playout_step(state, rng)
    return count / (CLOCK() - started)


def level_seconds(level: Level, game: Game) -> float:
    player = level.make()
    started = CLOCK()
    decide(player, game.view(_to_move(game)), random.Random(3))
    return CLOCK() - started


def decision_times(level: Level, players: int = 4, seed: str = "times",
                   opponent: Level = HEURISTIC) -> dict[str, Any]:
    """Seconds per decision of ``level`` over one whole game against ``opponent`` players
    (every decision, selections included): median, 95th percentile, maximum."""
    game = Game(standard_settings(players), seed)
    bots = [level.make()] + [opponent.make()] * (players - 1)
    rng = random.Random(4)
    times: list[float] = []
    while not game.state.is_over:
        player = _to_move(game)
        started = CLOCK()
        action = decide(bots[player], game.view(player, history=True), rng)
        if player == 0:
            times.append(CLOCK() - started)
        game.play(action)
    times.sort()
    return {"level": level.id, "players": players, "decisions": len(times),
            "median": round(times[len(times) // 2], 3),
            "p95": round(times[min(len(times) - 1, int(0.95 * len(times)))], 3),
            "max": round(times[-1], 3)}


def benchmark(iterations: int = 300, playouts: int = 10, levels: bool = True,
              clock: Callable[[], float] | None = None) -> dict[str, Any]:
    global CLOCK
    if clock is not None:
        CLOCK = clock
    result: dict[str, Any] = {"iterations_per_second": {}, "full_playouts_per_second": {},
                              "seconds_per_decision": {}}
    games = {f"{n}p after {m} moves": position(n, m) for n, m in POSITIONS}
    for name, game in games.items():
        result["iterations_per_second"][name] = round(iterations_per_second(game, iterations), 1)
    for n in (2, 3, 4):
        rate = full_playouts_per_second(n, playouts)
        result["full_playouts_per_second"][f"{n}p"] = round(rate, 2)
    if levels:
        game = games["4p after 6 moves"]
        for level in (GREEDY, SEARCH_1, SEARCH_2, SEARCH_3):
            result["seconds_per_decision"][f"{level.id} (4p after 6 moves)"] = round(
                level_seconds(level, game), 3)
    return result


def main(argv: list[str] | None = None, clock: Callable[[], float] | None = None) -> str:
    """``--decisions LEVEL [PLAYERS...]``: decision times of one level over whole games;
    no arguments: the full benchmark."""
    global CLOCK
    if clock is not None:
        CLOCK = clock
    args = list(argv or [])
    if args[:1] == ["--decisions"]:
        level = parse_level(args[1]) if len(args) > 1 else STRONGEST
        counts = [int(a) for a in args[2:]] or [4, 3, 2]
        return json.dumps([decision_times(level, n, f"times/{n}") for n in counts], indent=1)
    return json.dumps(benchmark(), indent=1)


if __name__ == "__main__":
    import sys
    print(main(sys.argv[1:]))
