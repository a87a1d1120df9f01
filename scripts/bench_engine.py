"""Benchmark: full 4-player random games per second in CPython and inside Pyodide, one run.

Why a script and not a test: these machines are shared and noisy, so speed is reported as
figures (and the Pyodide/CPython ratio measured back to back) rather than asserted.
Both runs execute the same command, ``python -m game selfplay --bots random,random,random,random``,
and must print the same games (same seed), which doubles as a determinism check.

    python3 scripts/bench_engine.py [--games N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def selfplay_command(games: int) -> list[str]:
    return ["game", "selfplay", "--bots", "random,random,random,random",
            "--games", str(games), "--seed", "bench"]


def run(command: list[str]) -> dict:
    out = subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    games = parser.parse_args().games
    cpython = run([sys.executable, "-m", *selfplay_command(games)])
    pyodide = run(["node", "scripts/pyodide_run.mjs", *selfplay_command(games)])
    same = (cpython["wins"], cpython["mean_score"]) == (pyodide["wins"], pyodide["mean_score"])
    print(json.dumps({
        "games": games,
        "cpython_games_per_second": cpython["games_per_second"],
        "pyodide_games_per_second": pyodide["games_per_second"],
        "cpython_decisions_per_second": cpython["decisions_per_second"],
        "pyodide_decisions_per_second": pyodide["decisions_per_second"],
        "cpython_over_pyodide": round(cpython["games_per_second"] / pyodide["games_per_second"], 2),
        "identical_results": same,
    }, indent=1))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
