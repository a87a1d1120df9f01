#!/usr/bin/env python3
"""Work per tap in CPython: the controller's handling of a tap plus the frame and the screen
drawn after it, on a mid-game position (a benchmark, not a test).

Uses only ``Controller.handle`` and ``Controller.render``, which every version of the UI
has, so the same script measures two checkouts side by side (``docs/performance.md``,
"Work per tap"):

    python3 scripts/bench_taps.py [--cycles 200]
    python3 scripts/bench_taps.py --replay [--cycles 20]

``--replay`` steps instead through the replay of a whole two-person game, one step forward a
tap, from its first step to its last (what a person stepping through a replay, or the log
open beside a game, costs).

Prints the CPU milliseconds per tap (``time.process_time``: this process's own CPU time, so
a loaded machine changes it far less than wall time; median of the cycles) and the total.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "web")]

from play_kit import make_controller, play_to_end, setup_game  # noqa: E402

from game.actions import Build  # noqa: E402


def mid_game():
    """A four-person table in round 3, building, the player on turn holding the device."""
    c = make_controller()
    setup_game(c, 4, names=["Ann", "Bob", "Cy", "Dee"], start="0")
    play_to_end(c, random.Random(11),
                until=lambda c: c.session.state.round == 3 and c.session.state.phase == "build")
    if c.screen_name == "pass":
        c.handle("reveal")
    return c


def replay_taps():
    """A whole two-person game, its replay open: the controller and one tap per step."""
    c = make_controller()
    setup_game(c, 2, names=["Ann", "Bob"], start="0")
    play_to_end(c, random.Random(33))
    c.handle("replay")
    steps = len(c.session.game.log)
    return c, [("replay-step", {"step": str(step)}) for step in range(steps)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycles", type=int, default=None,
                        help="rounds of taps (default 200, with --replay 20)")
    parser.add_argument("--replay", action="store_true",
                        help="step through a whole game's replay instead")
    args = parser.parse_args()
    if args.replay:
        c, taps = replay_taps()
        run(c, taps, args.cycles or 20)
        return 0
    c = mid_game()
    build = next(a for a in c.session.state.legal_actions() if isinstance(a, Build))
    taps = [("card", {"card": f"{build.card.row},{build.card.col}"}),
            ("piece", {"floors": str(build.floors), "colour": build.colour}),
            ("plot", {"city": str(build.city), "plot": str(build.plot)}),
            ("undo", {}), ("undo", {})]
    run(c, taps, args.cycles or 200)
    return 0


def run(c, taps: list[tuple[str, dict[str, str]]], cycles: int) -> None:
    """Each tap handled and the page drawn after it, ``cycles`` times over."""
    per_tap = []
    started = time.process_time()
    for _ in range(cycles):
        t0 = time.process_time()
        for name, data in taps:
            c.handle(name, data)
            c.render()
        per_tap.append((time.process_time() - t0) * 1000 / len(taps))
    total = time.process_time() - started
    print(f"taps: {cycles * len(taps)}, CPU ms per tap (median): "
          f"{statistics.median(per_tap):.2f}, total {total:.2f} s CPU")


if __name__ == "__main__":
    sys.exit(main())
