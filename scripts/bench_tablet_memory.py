#!/usr/bin/env python3
"""Peak memory of a whole game on the built site, in Chromium and in WebKit (a benchmark).

Issue 22, point 3: an iPad's tab allows little memory. One fresh browser per engine plays:

1. a first visit (a cold boot: the page's interpreter, then the one worker, which makes
   and stores the boot snapshot and then thinks for the computers);
2. a game of one person against three ``search:3`` computers (seeded), the person's turns
   played by taps of the page's own test step (``tests/e2e/ui_driver.STEP_JS``), to the
   final standings;
3. a reopen (the snapshot restored) and the same game again.

Each computer decision's time (``data-think-ms``) is printed too, for the ratio of
WebKit's thinking to Chromium's. A sampler thread reads memory every 0.25 s the whole time and keeps each phase's peak:

* Chromium: the PSS (``/proc/<pid>/smaps_rollup``) of its largest renderer process (the
  tab: page and workers) and of all its processes;
* WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver, under Xvfb): the RSS of the
  largest ``WebKitWebProcess`` (the page and all its workers run in it: the figure an iPad's
  per-tab limit applies to), its RssAnon, the JIT code resident in its JIT pool, and the
  RSS of all of them. JavaScriptCore runs with the iPad's 64 MB JIT pool
  (``tests/browsers/drivers.IPAD_JIT_POOL_BYTES``), as in the test pass.

    .venv/bin/python scripts/bench_tablet_memory.py [--browsers chromium,webkit] [--seed 7]

WebKit needs a display: ``xvfb-run -a -s '-screen 0 1280x1024x24' dbus-run-session -- ...``
(the script re-runs itself that way when DISPLAY is unset). Figures go by hand to
docs/performance.md ("Memory on a tablet").
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "tests" / "e2e"), str(ROOT / "tests" / "browsers")]

import serve  # noqa: E402
from bench_memory import _descends_from, _kind, _pss_kib, proc_kib  # noqa: E402
from drivers import IPAD_JIT_POOL_BYTES, jit_pool_kib  # noqa: E402
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, DIST  # noqa: E402
from ui_driver import STEP_JS  # noqa: E402

LEVEL = "search:3"
QUERY = "?fast=1"
WORKER = "ready"
"""The page's query and the thinking worker's state once started (``--no-worker``: the page
thinks itself, one interpreter after the first visit's snapshot worker has gone)."""
SETUP_JS = """([level, seed]) => {
  const set = (selector, value) => {
    const el = document.querySelector(selector);
    el.value = value;
    el.dispatchEvent(new Event("change", {bubbles: true}));
  };
  for (let i = 1; i < 4; i++) set(`select[data-field="controller"][data-player="${i}"]`, level);
  set('select[data-field="controller"][data-player="0"]', "human");
  return true;
}"""
PERSON_OR_END_JS = """() => {
  const app = document.getElementById("app");
  const s = app.dataset.screen;
  if (s === "pass" || s === "scoring" || s === "final") return s;
  return s === "play" && document.querySelector('.panel [data-action="confirm"]') ? s : "";
}"""


def _rss_kib(pid: int) -> int:
    return proc_kib(pid, "status", "VmRSS")


def _comm(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return ""


def chromium_sizes() -> dict[str, float]:
    """MB: the tab (the largest renderer's PSS) and every Chromium process this script started."""
    me = os.getpid()
    tab = total = 0.0
    for entry in os.listdir("/proc"):
        if entry.isdigit() and _descends_from(int(entry), me):
            kind = _kind(int(entry))
            if kind is None:
                continue
            pss = _pss_kib(int(entry)) / 1024
            total += pss
            if kind == "renderer":  # the largest: a closed tab's renderer may linger
                tab = max(tab, pss)
    return {"tab": tab, "all": total}


def webkit_sizes() -> dict[str, float]:
    """MB: the largest WebKitWebProcess's RSS (the tab), its anonymous part (RssAnon: what
    is not a mapped library, the closer figure to an iPad's count), the resident part of
    its JIT pool (the JIT code, tests/browsers/drivers.jit_pool_kib), and all WebKit
    processes' RSS."""
    me = os.getpid()
    tab = anon = jit = total = 0.0
    for entry in os.listdir("/proc"):
        if entry.isdigit() and _descends_from(int(entry), me):
            name = _comm(int(entry))
            if not name.startswith(("WebKit", "MiniBrowser")):
                continue
            rss = _rss_kib(int(entry)) / 1024
            total += rss
            if name.startswith("WebKitWebProces") and rss > tab:
                tab = rss
                anon = proc_kib(int(entry), "status", "RssAnon") / 1024
                pool = jit_pool_kib(int(entry))
                jit = pool[1] / 1024 if pool else 0.0
    return {"tab": tab, "anon": anon, "jit": jit, "all": total}


class Sampler(threading.Thread):
    """Peaks of ``measure()`` per phase, sampled every 0.25 s in the background."""

    def __init__(self, measure) -> None:
        super().__init__(daemon=True)
        self.measure, self.phase, self.peaks, self.stopped = measure, "start", {}, False

    def run(self) -> None:
        while not self.stopped:
            sizes = self.measure()
            peak = self.peaks.setdefault(self.phase, dict.fromkeys(sizes, 0.0))
            for key, value in sizes.items():
                peak[key] = max(peak[key], value)
            time.sleep(0.25)


class PlaywrightTab:
    """The few steps the benchmark needs, in Chromium through Playwright."""

    def __init__(self, playwright) -> None:
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.context = self.browser.new_context(viewport={"width": 1024, "height": 768})
        self.page = self.context.new_page()

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reopen(self, url: str) -> None:
        """A new tab (a new renderer), the old one closed: what reopening the game is."""
        self.page.close()
        self.page = self.context.new_page()
        self.page.goto(url)

    def evaluate(self, fn: str, *args):
        return self.page.evaluate(fn, list(args) if len(args) != 1 else args[0])

    def wait_for(self, fn: str, timeout: float) -> object:
        return self.page.wait_for_function(fn, timeout=timeout * 1000, polling=200).json_value()

    def tap(self, selector: str) -> None:
        self.page.click(selector)

    def close(self) -> None:
        self.browser.close()


def attribute_is(name: str, value: str) -> str:
    return f"() => document.documentElement.getAttribute({name!r}) === {value!r}"


THINKS_JS = """() => {
  window.__thinks = [];
  new MutationObserver(() => {
    const app = document.getElementById("app");
    if (app.dataset.thinkMs !== undefined)
      window.__thinks.push([+app.dataset.thinkMs, app.dataset.thinkSource]);
  }).observe(document.getElementById("app"), {attributes: true, attributeFilter: ["data-think-ms"]});
  return true;
}"""


def play_game(tab, seed: int, timeout: float) -> tuple[int, list]:
    """One person (seat 0) against three computers, to the final standings: the person's
    steps, and each computer decision's [ms, where it was decided]."""
    tab.evaluate(THINKS_JS)
    tab.tap('[data-action="new-game"]')
    tab.wait_for("() => document.getElementById('app').dataset.screen === 'setup'", timeout=timeout)
    tab.tap('[data-action="setup-count"][data-value="4"]')
    tab.evaluate(SETUP_JS, [LEVEL, seed])
    tab.tap('[data-action="setup-start"]')
    rng = random.Random(seed)
    steps = 0
    while True:
        screen = tab.wait_for(PERSON_OR_END_JS, timeout=timeout)
        if screen == "final":
            return steps, tab.evaluate("() => window.__thinks")
        seen = tab.evaluate(STEP_JS, rng.randrange(2 ** 31))
        if isinstance(seen, dict) and "error" in seen:
            raise RuntimeError(f"a person's step failed: {seen}")
        steps += 1


def run(tab, sampler: Sampler, url: str, seed: int, timeout: float) -> None:
    sampler.phase = "first visit (cold boot, snapshot made)"
    tab.goto(url + QUERY)
    tab.wait_for(attribute_is("data-ready", "true"), timeout=timeout)
    tab.wait_for(attribute_is("data-ai-worker", WORKER), timeout=timeout)
    tab.wait_for("() => document.documentElement.hasAttribute('data-boot-snapshot-stored')",
                 timeout=timeout)
    stored = tab.evaluate("() => document.documentElement.getAttribute('data-boot-snapshot-stored')")
    sampler.phase = "game after the first visit"
    steps, thinks = play_game(tab, seed, timeout)
    sampler.phase = "reopen (snapshot restored) and a game"
    tab.reopen(url + QUERY)
    tab.wait_for(attribute_is("data-ready", "true"), timeout=timeout)
    state = tab.evaluate("() => document.documentElement.getAttribute('data-boot-snapshot')")
    if state != "restored":  # why not: was the entry there?
        state += " (cache: %s)" % tab.evaluate(
            "async () => (await (await caches.open('manhattan-boot-snapshot')).keys()).length")
    tab.wait_for(attribute_is("data-ai-worker", WORKER), timeout=timeout)
    if tab.evaluate("() => document.getElementById('app').dataset.screen") != "start":
        tab.tap('[data-action="home"]')
    tab.wait_for("() => document.getElementById('app').dataset.screen === 'start'", timeout=timeout)
    thinks += play_game(tab, seed, timeout)[1]
    print(f"    snapshot: {stored}; reopen: {state}; {steps} person steps a game")
    times = sorted(ms for ms, _ in thinks)
    sources = sorted({source for _, source in thinks})
    if times:
        print(f"    {LEVEL} decisions: {len(times)} ({', '.join(sources)}), median "
              f"{statistics.median(times):.0f} ms, p90 {times[int(0.9 * (len(times) - 1))]:.0f} ms, "
              f"max {times[-1]:.0f} ms")


def sampled(tab, measure, url: str, seed: int, timeout: float) -> dict:
    sampler = Sampler(measure)
    sampler.start()
    try:
        run(tab, sampler, url, seed, timeout)
    finally:
        sampler.stopped = True
        tab.close()
    return sampler.peaks


def bench(browser: str, url: str, seed: int, timeout: float) -> dict:
    if browser == "chromium":
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            return sampled(PlaywrightTab(playwright), chromium_sizes, url, seed, timeout)
    from drivers import WebKitDriver  # tests/browsers/drivers.py (the iPad's JIT pool)

    return sampled(WebKitDriver(), webkit_sizes, url, seed, timeout)


def under_a_display(browsers: list[str]) -> None:
    """WebKit needs an X display: without one, run this script again under Xvfb (and a D-Bus
    session) and exit with its status. Also refuses to run without a built site."""
    if "webkit" in browsers and not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", "dbus-run-session", "--",
                   sys.executable, *sys.argv]
        sys.exit(subprocess.call(command, stderr=subprocess.DEVNULL))
    if not (DIST / "index.html").is_file():
        sys.exit("dist/ is not built: run scripts/build.py first")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--browsers", default="chromium,webkit")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--no-worker", action="store_true",
                        help="?aiworker=off: the computers think on the page")
    args = parser.parse_args()
    browsers = args.browsers.split(",")
    under_a_display(browsers)
    if args.no_worker:
        global QUERY, WORKER
        QUERY, WORKER = "?fast=1&aiworker=off", "off"
    url, server = serve.start_server(port=0, directory=DIST)
    try:
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        for browser in browsers:
            print(f"{browser}: peak MB (tab = {'renderer PSS' if browser == 'chromium' else 'WebKitWebProcess RSS'})")
            peaks = bench(browser, url, args.seed, args.timeout)
            if browser == "webkit":
                print(f"  (its JIT pool: {IPAD_JIT_POOL_BYTES >> 20} MB, the iPad's; anon = "
                      "RssAnon of the tab, jit = the JIT code resident in it)")
            for phase, sizes in peaks.items():
                print(f"  {phase:42s} " + "   ".join(f"{key} {value:6.1f}"
                                                      for key, value in sizes.items()))
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
