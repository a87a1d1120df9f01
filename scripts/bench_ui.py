#!/usr/bin/env python3
"""Measure the user interface in the browser (a benchmark, not a test).

1. Tap-to-updated-board: on a mid-game position (round 3, many towers), a tap on a card,
   on a piece (the legal plots light up) and on a plot (the tentative piece appears) is
   timed inside the page from the click event to the board showing the change, and to
   the next painted frame (two requestAnimationFrame callbacks later). The click goes
   through the same delegated listener a finger uses.
2. Computer players in the browser: a table of four computers of one level plays with
   ``?fast=1`` (no pacing); the page reports each move's thinking time in
   ``#app[data-think-ms]`` (search is sliced with ``await asyncio.sleep(0)``, so the
   page stays responsive meanwhile). Median and maximum per level.

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
from pathlib import Path

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
    from webkit import make_controller, setup_game, tap_decision

    from game.web.storage import MemoryBackend
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


def bench_level(page, url: str, level: str, moves: int, timeout_s: float) -> dict:
    load(page, url, None)
    page.click('[data-action="new-game"]')
    for i in range(4):
        page.select_option(f'select[data-field="controller"][data-player="{i}"]', level)
    page.evaluate("""() => { window.__thinks = [];
        new MutationObserver(() => {
            const v = document.getElementById("app").dataset.thinkMs;
            if (v !== undefined) window.__thinks.push(+v);
        }).observe(document.getElementById("app"),
                   {attributes: true, attributeFilter: ["data-think-ms"]}); }""")
    page.click('[data-action="setup-start"]')
    page.wait_for_function(f"() => window.__thinks.length >= {moves}",
                           timeout=timeout_s * 1000, polling=200)
    values = page.evaluate("() => window.__thinks")
    return {"n": len(values), "median": statistics.median(values), "max": max(values),
            "mean": statistics.mean(values)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--moves", type=int, default=16)
    parser.add_argument("--levels", default="random,greedy,search:1,search:2,search:3")
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args()
    if not (DIST / "index.html").is_file():
        sys.exit("dist/ is not built: run python3 scripts/build.py")
    from playwright.sync_api import sync_playwright
    url, server = serve.start_server(port=0)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1024, "height": 768})
            print(f"load average: {os.getloadavg()[0]:.2f}")
            taps = bench_taps(page, url, args.taps)
            print("tap -> board updated (ms, median of n; painted = to the next frame)")
            for kind, r in taps.items():
                print(f"  {kind:5s} n={r['n']:3d}  handled {r['handled']:6.1f}  painted "
                      f"{r['painted']:6.1f}  (max {r['max_painted']:6.1f})  python "
                      f"{r['python']:5.1f}  render {r['render']:5.1f}")
            print("computer players, thinking time per move in the browser (ms)")
            for level in args.levels.split(","):
                r = bench_level(page, url, level, args.moves, args.timeout)
                print(f"  {level:9s} n={r['n']:3d}  median {r['median']:8.1f}  mean "
                      f"{r['mean']:8.1f}  max {r['max']:8.1f}")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
