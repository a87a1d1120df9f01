#!/usr/bin/env python3
"""Reloads at random moments: no stored step is ever lost (a measurement, not a test).

A table of four computer players plays by itself in the BUILT site (``?fast=1``: no pacing,
so writes come many times a second); the page is reloaded at a random moment again and
again, and after every reload the stored game is read from localStorage and replayed
through the engine in CPython: its log must start with every step stored before (nothing
lost, nothing changed) and be legal. Prints the figures for ``docs/reliability.md``:

    .venv/bin/python scripts/bench_reliability.py [--reloads 50] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "scripts"), str(ROOT / "tests" / "e2e")]

import serve  # noqa: E402
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, wait_ready  # noqa: E402

from game import save as game_save  # noqa: E402

PREFIX = "manhattan:save:"


def stored_game(page) -> tuple[str, str] | None:
    found = page.evaluate("""(prefix) => {
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (k.startsWith(prefix)) return [k, localStorage.getItem(k)];
      }
      return null;
    }""", PREFIX)
    return (found[0], found[1]) if found else None


def start_computer_table(page) -> None:
    """A new game of four computer players, through the setup screen's hooks."""
    page.click('[data-action="new-game"]')
    page.click('[data-action="setup-count"][data-value="4"]')
    for i in range(4):
        page.select_option(f'select[data-field="controller"][data-player="{i}"]',
                           "greedy" if i % 2 else "random")
    page.click('[data-action="setup-start"]')


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reloads", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    rng = random.Random(args.seed)
    url, server = serve.start_server(port=0)
    log: list = []
    reloads = lost = games = steps_seen = 0
    started = time.time()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(url + "?fast=1")
            wait_ready(page)
            start_computer_table(page)
            while reloads < args.reloads:
                page.wait_for_timeout(rng.uniform(100, 1500))
                page.reload()
                wait_ready(page)
                reloads += 1
                found = stored_game(page)
                if found is None:
                    print(f"reload {reloads}: no stored game", file=sys.stderr)
                    lost += len(log)
                    break
                data = json.loads(found[1])
                game = game_save.load(found[1])  # raises on any illegal step
                now = data["log"]
                if now[:len(log)] != log:
                    lost += len(log) - next((i for i, (x, y) in enumerate(zip(log, now))
                                             if x != y), min(len(log), len(now)))
                log = now
                steps_seen = max(steps_seen, len(game.log))
                if game.state.is_over:  # a finished table: start another one
                    games += 1
                    page.click('[data-action="home"]')
                    page.evaluate("(k) => localStorage.removeItem(k)", found[0])
                    start_computer_table(page)
                    log = []
            browser.close()
    finally:
        server.shutdown()
    load = os.getloadavg()
    print(f"reloads: {reloads}, games finished: {games}, most steps stored in one game: "
          f"{steps_seen}, steps lost: {lost}; {time.time() - started:.0f} s; "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
