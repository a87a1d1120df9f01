#!/usr/bin/env python3
"""Reopening the game on a tablet-class CPU: Chromium throttled 4x, and WebKit (a benchmark).

One primed profile per engine (a first visit that made and stored the
boot snapshot, and a hotseat game of two people left on its pass screen), then ``--runs``
reopens, each in a new tab after the previous one was closed (so the page kept its screen
for the next start on ``pagehide``), interleaved: Chromium at full speed, Chromium with
``Emulation.setCPUThrottlingRate`` 4, WebKit at full speed (WebKitGTK's MiniBrowser through
WebKitWebDriver under Xvfb; no throttling there, so WebKit is given as its ratio to
unthrottled Chromium in the same run).

For each reopen, from navigation start (ms): the first contentful paint, ``shell:kept-screen``
(assets/boot.js drew the start or pass screen kept from the last visit), the boot module's
marks (``boot:snapshot-read``, ``boot:python-ready``, ``boot:game-imported``) and
``app:ready`` (Python drew its screen and answers taps). "Visible" is the later of the first
contentful paint and the kept screen; "playable" is ``app:ready``.

    .venv/bin/python scripts/bench_tablet_boot.py [--runs 5] [--browsers chromium,webkit]

Figures go by hand to docs/performance.md ("Reopening on a tablet").
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "tests" / "e2e"), str(ROOT / "tests" / "browsers")]

import serve  # noqa: E402
from bench_tablet_memory import PlaywrightTab, attribute_is, under_a_display  # noqa: E402
from e2e_helpers import DIST  # noqa: E402

MARKS = ("shell:kept-screen", "boot:snapshot-read", "boot:python-ready", "boot:game-imported",
         "app:ready")
TIMES_JS = """() => {
  const out = {state: document.documentElement.getAttribute("data-boot-snapshot"),
               kept: document.documentElement.getAttribute("data-kept-screen")};
  for (const e of performance.getEntriesByType("paint")) out[e.name] = e.startTime;
  for (const e of performance.getEntriesByType("mark")) out[e.name] = e.startTime;
  return out;
}"""
HOTSEAT_JS = """() => {
  for (const [i, name] of [[0, "Ann"], [1, "Bob"]]) {
    const el = document.querySelector(`input[data-field="name"][data-player="${i}"]`);
    el.value = name;
    el.dispatchEvent(new Event("input", {bubbles: true}));
  }
  return true;
}"""


class ThrottledTab(PlaywrightTab):
    """Chromium, each new tab's CPU slowed ``rate`` times (CDP) before it navigates."""

    def __init__(self, playwright, rate: float) -> None:
        super().__init__(playwright)
        self.rate = rate

    def reopen(self, url: str) -> None:
        closed_tab = self.page
        closed_tab.close(run_before_unload=True)  # pagehide runs: the screen is kept
        deadline = time.monotonic() + 30
        while not closed_tab.is_closed() and time.monotonic() < deadline:
            time.sleep(0.05)
        self.page = self.context.new_page()
        if self.rate != 1:
            cdp = self.context.new_cdp_session(self.page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.rate})
        self.page.goto(url)


def prime(tab, url: str, timeout: float) -> None:
    """First visit: the snapshot made and stored; a game of two people on its pass screen."""
    tab.goto(url)
    tab.wait_for(attribute_is("data-ready", "true"), timeout=timeout)
    tab.wait_for(attribute_is("data-boot-snapshot-stored", "stored"), timeout=timeout)
    tab.tap('[data-action="new-game"]')
    tab.wait_for("() => document.getElementById('app').dataset.screen === 'setup'", timeout=timeout)
    tab.tap('[data-action="setup-count"][data-value="2"]')
    tab.evaluate(HOTSEAT_JS)
    tab.tap('[data-action="setup-start"]')
    tab.wait_for("() => document.getElementById('app').dataset.screen === 'pass'", timeout=timeout)


def reopen(tab, url: str, timeout: float) -> dict:
    tab.reopen(url)
    tab.wait_for(attribute_is("data-ready", "true"), timeout=timeout)
    times = tab.evaluate(TIMES_JS)
    times["visible"] = max(times.get("first-contentful-paint", 0.0),
                           times.get("shell:kept-screen", 0.0))
    return times


def open_tabs(browsers: list[str], playwright) -> dict:
    tabs: dict = {}
    if "chromium" in browsers:
        tabs["chromium"] = ThrottledTab(playwright, 1)
        tabs["chromium 4x"] = ThrottledTab(playwright, 4)
    if "webkit" in browsers:
        from drivers import WebKitDriver  # tests/browsers/drivers.py

        tabs["webkit"] = WebKitDriver()
    return tabs


def summary(samples: list[dict], key: str) -> str:
    values = [s[key] for s in samples if key in s]
    if not values:
        return "      -"
    return f"{statistics.median(values):7.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--browsers", default="chromium,webkit")
    parser.add_argument("--timeout", type=float, default=300)
    args = parser.parse_args()
    browsers = args.browsers.split(",")
    under_a_display(browsers)
    from playwright.sync_api import sync_playwright

    url, server = serve.start_server(port=0, directory=DIST)
    try:
        with sync_playwright() as playwright:
            tabs = open_tabs(browsers, playwright)
            try:
                print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
                for tab in tabs.values():
                    prime(tab, url, args.timeout)
                samples: dict[str, list[dict]] = {name: [] for name in tabs}
                for _ in range(args.runs):
                    for name, tab in tabs.items():
                        samples[name].append(reopen(tab, url, args.timeout))
                print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
            finally:
                for tab in tabs.values():
                    tab.close()
    finally:
        server.shutdown()
        server.server_close()
    keys = ("first-contentful-paint", "shell:kept-screen", "visible", *MARKS[1:])
    print(f"medians of {args.runs} reopens, ms from navigation start")
    print(f"{'':14s}" + "".join(f"{k.split(':')[-1][:13]:>14s}" for k in keys) + "   restored / kept")
    for name, rows in samples.items():
        states = sum(1 for r in rows if r.get("state") == "restored")
        kept = sum(1 for r in rows if r.get("kept"))
        print(f"{name:14s}" + "".join(f"{summary(rows, k):>14s}" for k in keys)
              + f"   {states}/{len(rows)} / {kept}/{len(rows)}")
    if "webkit" in samples and "chromium" in samples:
        ratios = []
        for key in ("visible", "boot:python-ready", "app:ready"):
            w = [r[key] for r in samples["webkit"] if key in r]
            c = [r[key] for r in samples["chromium"] if key in r]
            if w and c:
                ratios.append(f"{key} {statistics.median(w) / statistics.median(c):.2f}")
        print("webkit / chromium (medians): " + ", ".join(ratios))


if __name__ == "__main__":
    main()
