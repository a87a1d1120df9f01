#!/usr/bin/env python3
"""Measure the user interface in the browser (a benchmark, not a test).

1. Tap-to-updated-board: on a mid-game position (round 3, many towers), a tap on a card,
   on a piece (the legal plots light up) and on a plot (the tentative piece appears) is
   timed inside the page from the click event to the board showing the change, and to
   the next painted frame (two requestAnimationFrame callbacks later). The click goes
   through the same delegated listener a finger uses.
2. Computer players in the browser: a table of four (``--players``) computers of one level plays with
   ``?fast=1`` (no pacing); the page reports each decision's time in
   ``#app[data-think-ms]`` and where it was made in ``data-think-source`` (``worker``: the
   thinking worker, timed from the question to the answer; ``main``: the page's own sliced
   loop, with ``--main`` also measured with ``?aiworker=off``). Median, p95 and maximum per
   level (selections included), and the longest main-thread task meanwhile (``longtask``
   observer: tasks over 50 ms).

It serves the BUILT site (run scripts/build.py first) with scripts/serve.py on the
loopback and drives Debian's Chromium with Playwright (.venv):

    .venv/bin/python scripts/bench_ui.py [--taps 30] [--moves 16] [--levels random,greedy,...]

Results are written by hand to docs/performance.md ("User interface" and "Computer players
in the browser").
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "scripts"), str(ROOT / "tests" / "e2e"),
                str(ROOT / "tests" / "web")]

import serve  # noqa: E402
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, DIST, wait_ready  # noqa: E402

TAP_JS = """
async ([selector, done]) => {
  const el = document.querySelector(selector);
  const t0 = performance.now();
  el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  const updated = document.querySelector(done) !== null;
  const t1 = performance.now();
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const t2 = performance.now();
  return {updated, handled: t1 - t0, painted: t2 - t0,
          python: +document.getElementById("app").dataset.handleMs,
          render: +document.getElementById("app").dataset.renderMs};
}
"""


def mid_game_save() -> dict:
    from play_kit import make_controller, setup_game, tap_decision

    from game.web.saves.storage import MemoryBackend
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 4, names=["Ann", "Bob", "Cy", "Dee"], start="0")
    rng = random.Random(5)
    while not (c.session.state.round == 3 and c.session.state.phase == "build"
               and c.screen_name == "pass"):
        if c.screen_name == "pass":
            c.handle("reveal")
        elif c.screen_name == "scoring":
            c.handle("continue")
        else:
            tap_decision(c, rng.choice(c.session.state.legal_actions()))
    return dict(backend.data)


def load(page, url: str, data: dict | None, query: str = "?fast=1") -> None:
    page.goto(url + "manifest.webmanifest")
    page.evaluate("(data) => { localStorage.clear(); for (const [k, v] of Object.entries(data))"
                  " localStorage.setItem(k, v); }", data or {})
    page.goto(url + query)
    wait_ready(page)


def bench_taps(page, url: str, taps: int) -> dict:
    data = mid_game_save()
    rows = {"card": [], "piece": [], "plot": []}
    load(page, url, data)
    page.click('[data-action="reveal"]')
    for _ in range(taps):
        page.click('[data-action="undo"]:not([disabled])') if page.locator(
            '[data-action="undo"]:not([disabled])').count() else None
        page.click('[data-action="undo"]:not([disabled])') if page.locator(
            '[data-action="undo"]:not([disabled])').count() else None
        r = page.evaluate(TAP_JS, ['[data-action="card"]', '[aria-pressed="true"][data-card]'])
        rows["card"].append(r)
        r = page.evaluate(TAP_JS, ['[data-action="piece"]', '[data-legal="true"]'])
        rows["piece"].append(r)
        if not r["updated"]:
            continue
        r = page.evaluate(TAP_JS, ['[data-legal="true"]', '[data-pending="true"]'])
        rows["plot"].append(r)
    out = {}
    for kind, values in rows.items():
        assert values and all(v["updated"] for v in values), kind
        out[kind] = {k: statistics.median(v[k] for v in values)
                     for k in ("handled", "painted", "python", "render")}
        out[kind]["max_painted"] = max(v["painted"] for v in values)
        out[kind]["n"] = len(values)
    return out


def bench_level(page, url: str, level: str, moves: int, timeout_s: float,
                query: str = "?fast=1", players: int = 4) -> dict:
    """A table of ``players`` ``level`` computers: each decision's time (``data-think-ms``: from
    the question to the answer when the worker decides, the page's own thinking time when
    it does), where it was decided, and the main thread's long tasks meanwhile (a
    ``longtask`` PerformanceObserver: every task over 50 ms)."""
    load(page, url, None, query)
    page.click('[data-action="new-game"]')
    if "aiworker=off" not in query:  # the setup wakes the worker: up before the game starts
        page.wait_for_selector('html[data-ai-worker="ready"]', state="attached",
                               timeout=timeout_s * 1000)
    page.click(f'[data-action="setup-count"][data-value="{players}"]')
    for i in range(players):
        page.select_option(f'select[data-field="controller"][data-player="{i}"]', level)
    page.evaluate("""() => { window.__thinks = []; window.__sources = [];
        window.__longtasks = []; window.__windows = [];
        new PerformanceObserver((list) => {
            for (const e of list.getEntries())
                window.__longtasks.push([e.startTime, e.duration]);
        }).observe({type: "longtask"});
        new MutationObserver(() => {
            const app = document.getElementById("app");
            const v = app.dataset.thinkMs;
            if (v !== undefined) {
                window.__thinks.push(+v);
                window.__sources.push(app.dataset.thinkSource);
                window.__windows.push([+app.dataset.thinkStart, +app.dataset.thinkEnd]);
            }
        }).observe(document.getElementById("app"),
                   {attributes: true, attributeFilter: ["data-think-ms"]}); }""")
    page.click('[data-action="setup-start"]')
    page.wait_for_function(f"() => window.__thinks.length >= {moves}",
                           timeout=timeout_s * 1000, polling=200)
    values = page.evaluate("() => window.__thinks")
    sources = page.evaluate("() => window.__sources")
    tasks = page.evaluate("() => window.__longtasks")
    windows = page.evaluate("() => window.__windows")
    longtasks = [d for _, d in tasks]
    # While thinking: a long task that began after a decision was asked for and before
    # its answer came (``data-think-end`` is taken first thing in the task that receives
    # the answer and draws the move: that task is not thinking).
    thinking = [d for t, d in tasks if any(a <= t < b - 2 for a, b in windows)]
    ordered = sorted(values)
    return {"n": len(values), "median": statistics.median(values), "max": max(values),
            "mean": statistics.mean(values),
            "p95": ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))],
            "sources": {s: sources.count(s) for s in sorted(set(sources))},
            "longest_task": max(longtasks, default=0.0), "long_tasks": len(longtasks),
            "longest_thinking": max(thinking, default=0.0), "long_thinking": len(thinking)}


@contextmanager
def served_site() -> Iterator[tuple[Any, str]]:
    """Playwright and the URL of the built site (dist/) served on the loopback, for as long
    as the block runs (exits with a hint when dist/ is not built)."""
    if not (DIST / "index.html").is_file():
        sys.exit("dist/ is not built: run python3 scripts/build.py")
    from playwright.sync_api import sync_playwright
    url, server = serve.start_server(port=0)
    try:
        with sync_playwright() as playwright:
            yield playwright, url
    finally:
        server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--moves", type=int, default=16)
    parser.add_argument("--levels", default="random,greedy,search:1,search:2,search:3")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4,
                        help="computers at the table (the search plays differently by size)")
    parser.add_argument("--no-taps", action="store_true", help="skip the tap benchmark")
    parser.add_argument("--main", action="store_true",
                        help="also measure with the worker off (?aiworker=off)")
    args = parser.parse_args()
    with served_site() as (p, url):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        print(f"load average: {os.getloadavg()[0]:.2f}")
        taps = {} if args.no_taps else bench_taps(page, url, args.taps)
        if taps:
            print("tap -> board updated (ms, median of n; painted = to the next frame)")
        for kind, r in taps.items():
            print(f"  {kind:5s} n={r['n']:3d}  handled {r['handled']:6.1f}  painted "
                  f"{r['painted']:6.1f}  (max {r['max_painted']:6.1f})  python "
                  f"{r['python']:5.1f}  render {r['render']:5.1f}")
        print("computer players, time per decision in the browser (ms); longest "
              "main-thread task meanwhile")
        for level in args.levels.split(","):
            for query in ("?fast=1",) + (("?fast=1&aiworker=off",) if args.main else ()):
                r = bench_level(page, url, level, args.moves, args.timeout, query,
                                args.players)
                print(f"  {level:9s} {query:22s} n={r['n']:3d}  median {r['median']:8.1f}"
                      f"  p95 {r['p95']:8.1f}  max {r['max']:8.1f}  sources {r['sources']}"
                      f"\n    long tasks (> 50 ms) while thinking: {r['long_thinking']}, longest "
                      f"{r['longest_thinking']:.1f}; in all: {r['long_tasks']}, longest "
                      f"{r['longest_task']:.1f} (drawing moves included)")
                print(f"    load average: {os.getloadavg()[0]:.2f}")
        browser.close()


if __name__ == "__main__":
    main()
