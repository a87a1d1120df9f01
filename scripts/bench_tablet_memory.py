#!/usr/bin/env python3
"""A game's memory against the runtime's own floor, in WebKit and Chromium (a benchmark).

An iPad's tab allows little memory, and two bare interpreters already take a good part of
it, so every figure is given as a ratio to the floor measured in the same run, in the same
engine. One run, per engine:

1. **The floor pages**, each in a fresh tab of a fresh profile: ``about:blank``; a bare page
   that calls ``loadPyodide()`` from the site's vendored Pyodide (``vendor/pyodide-*``, with
   the site's standard library zip); that page plus one module worker that calls
   ``loadPyodide()`` as well: **the floor** (the game runs two interpreters, the page's and
   the thinking worker's). The pages are small files written to a temporary directory and
   served under ``/bench-floor/`` by the same loopback server as the site (the site's
   headers, its Content-Security-Policy included).
2. **The game** in a fresh profile: the first visit (a cold boot: the snapshot made and
   stored); ``--games`` whole games in that one tab, one person (seat 0) against three
   computers at ``--level`` (seeded; the person's turns by the page's own test step,
   ``tests/e2e/ui_driver.STEP_JS``); then ``--reopens`` reopens (the tab closed, its
   ``pagehide`` run, a new one opened: the snapshot restored).

A sampler thread reads memory every 0.25 s the whole time:

* WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver, under Xvfb): the RSS of the tab's
  ``WebKitWebProcess`` (the page and all its workers run in it: the figure an iPad's per-tab
  limit applies to), its RssAnon (what is not a mapped file: the closer figure to an iPad's
  count) and the JIT code resident in its JIT pool. JavaScriptCore runs with the iPad's
  64 MB JIT pool (``tests/browsers/drivers.IPAD_JIT_POOL_BYTES``) and sizes its collections
  by an iPad's 4 GB of memory (``IPAD_RAM_BYTES``; on this 24 GB machine it would let a
  heap grow twice as far before collecting), as in the test pass.
  At the end of each idle time (below), the same process's resident memory by kind of
  mapping (``resident_by_mapping``: files, the C heap, the JIT pool, anonymous mappings of
  4-64 MB, which hold the interpreters' WebAssembly memories, and smaller ones).
* Chromium (Debian's, through Playwright): the PSS (``/proc/<pid>/smaps_rollup``) of the
  tab's renderer process (page and workers).

The tab's process is the largest one of its kind in a fresh profile and, after a reopen,
the one that has worked most since the old tab was left (``TabProcess``): a closed tab's
process can live on, Chromium may put the new tab into it, and small processes start
beside (a spare renderer; Chromium's own interface, never counted).

Each phase gives a **peak** (the largest sample from its start to the end of its idle time)
and a **settled** figure: after the phase, the tab is left idle ``SETTLE_SECONDS`` (5 s),
and settled is the median of the samples of that idle time's last second. Chromium also
gives, after that, the figure 2 s after a garbage collection of the page's JavaScript heap
forced through the DevTools protocol (``HeapProfiler.collectGarbage``: the page's heap only,
not the workers'), and the page's DOM nodes before and after it (``Performance.getMetrics``,
``Nodes``: live and detached ones, until the collector takes them). WebKit has no such
command through WebDriver: its figures are without a forced collection.

    .venv/bin/python scripts/bench_tablet_memory.py [--browsers chromium,webkit] [--seed 7]
        [--level search:3] [--games 5] [--reopens 10] [--dist PATH] [--json FILE]

``--level greedy --games 1 --reopens 2`` is a run of a few minutes that checks it works.
``--dist`` measures another built site (e.g. a checkout's ``dist/``, served with that
checkout's ``netlify.toml`` headers when it has one). WebKit needs a display: the script
runs itself again under ``xvfb-run -a -s '-screen 0 1280x1024x24' dbus-run-session --`` when
DISPLAY is unset. Figures go by hand to docs/performance.md ("Memory on a tablet").
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "tests" / "e2e"), str(ROOT / "tests" / "browsers")]

import serve  # noqa: E402
from bench_memory import _descends_from, _kind, _pss_kib, proc_kib  # noqa: E402
from drivers import IPAD_JIT_POOL_BYTES, IPAD_RAM_BYTES, WORKER_SETTLED_JS, jit_pool_kib  # noqa: E402
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, DIST  # noqa: E402
from ui_driver import STEP_JS  # noqa: E402

QUERY = "?fast=1"
SAMPLE_SECONDS = 0.25
SETTLE_SECONDS = 5.0
"""Idle time after a phase; its last second's samples give the settled figure."""
SETTLED_WINDOW = 1.0
AFTER_GC_SECONDS = 2.0
FLOOR_PREFIX = "/bench-floor/"

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
THINKS_JS = """() => {
  window.__thinks = [];
  if (window.__thinksObserved) return true;
  window.__thinksObserved = true;
  new MutationObserver(() => {
    const app = document.getElementById("app");
    if (app.dataset.thinkMs !== undefined)
      window.__thinks.push([+app.dataset.thinkMs, app.dataset.thinkSource]);
  }).observe(document.getElementById("app"), {attributes: true, attributeFilter: ["data-think-ms"]});
  return true;
}"""
ELEMENTS_JS = "() => document.getElementsByTagName('*').length"
FLOOR_READY_JS = """() => {
  const state = document.documentElement.dataset.floor || "";
  if (state.startsWith("error")) throw new Error(state);
  return state === "ready";
}"""

# The floor pages: no inline script (the site's CSP allows 'self' only).
FLOOR_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>floor</title>
<script type="module" src="%s"></script></head><body>floor</body></html>
"""
BARE_MJS = """import {loadPyodide} from "%(pyodide)s";
const root = document.documentElement;
const failed = (error) => { root.dataset.floor = "error: " + String(error && (error.stack || error)); };
async function start() {
  const pyodide = await loadPyodide({stdLibURL: "%(stdlib)s"});
  pyodide.runPython("import sys");
  window.__pyodide = pyodide;
}
const started = [start()];
if (%(worker)s) {
  const worker = new Worker("floor-worker.mjs", {type: "module"});
  started.push(new Promise((resolve, reject) => {
    worker.onmessage = (event) => event.data === "ready" ? resolve() : reject(event.data);
    worker.onerror = (event) => reject(event.message || "the worker failed");
  }));
  window.__worker = worker;
}
Promise.all(started).then(() => { root.dataset.floor = "ready"; }, failed);
"""
WORKER_MJS = """import {loadPyodide} from "%(pyodide)s";
loadPyodide({stdLibURL: "%(stdlib)s"}).then((pyodide) => {
  pyodide.runPython("import sys");
  self.__pyodide = pyodide;
  postMessage("ready");
}, (error) => postMessage("error: " + String(error && (error.stack || error))));
"""
FLOOR_PAGES = [("about:blank", "about:blank"),
               ("bare loadPyodide() page", FLOOR_PREFIX + "bare.html"),
               ("bare page + a worker with loadPyodide() (the floor)", FLOOR_PREFIX + "worker.html")]


def write_floor_pages(directory: Path, dist: Path) -> None:
    """The floor pages for the site in ``dist``: its vendored Pyodide and standard library."""
    pyodide = sorted(dist.glob("vendor/pyodide-*/pyodide.mjs"))
    stdlib = sorted(dist.glob("vendor/pyodide-*/stdlib-*.zip"))
    if not pyodide or not stdlib:
        sys.exit(f"{dist} has no vendor/pyodide-*/pyodide.mjs and stdlib-*.zip")
    names = {"pyodide": "/" + pyodide[0].relative_to(dist).as_posix(),
             "stdlib": "/" + stdlib[0].relative_to(dist).as_posix()}
    for name, worker in (("bare", "false"), ("worker", "true")):
        (directory / f"{name}.html").write_text(FLOOR_HTML % f"{name}.mjs")
        (directory / f"{name}.mjs").write_text(BARE_MJS % dict(names, worker=worker))
    (directory / "floor-worker.mjs").write_text(WORKER_MJS % names)


class BenchHandler(serve.SiteHandler):
    """The site, and under ``FLOOR_PREFIX`` the floor pages from their own directory."""

    floor_directory = ""

    def translate_path(self, path: str) -> str:
        url_path = path.split("?", 1)[0].split("#", 1)[0]
        if url_path.startswith(FLOOR_PREFIX):
            return os.path.join(self.floor_directory, os.path.basename(url_path))
        return super().translate_path(path)


def start_server(dist: Path, floor_directory: Path) -> tuple[str, serve.SiteServer]:
    """The loopback server (a free port): ``dist`` with its checkout's netlify.toml headers
    (this checkout's when it has none), the floor pages beside it. Returns (base URL, server)."""
    netlify = dist.parent / "netlify.toml"
    rules = serve.load_header_rules(netlify if netlify.is_file() else serve.NETLIFY_TOML)
    handler_class = type("Handler", (BenchHandler,), {"rules": rules,
                                                      "floor_directory": str(floor_directory)})
    server = serve.SiteServer(("127.0.0.1", 0),
                              functools.partial(handler_class, directory=str(dist)))
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return "http://127.0.0.1:%d" % server.server_address[1], server


# ------------------------------------------------------------------ memory of the tab

def _comm(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return ""


def _mine() -> list[int]:
    me = os.getpid()
    return [int(e) for e in os.listdir("/proc") if e.isdigit() and _descends_from(int(e), me)]


def chromium_renderers() -> list[int]:
    """The renderers that can hold a page (not Chromium's own interface, ``--top-chrome-webui``)."""
    return [pid for pid in _mine() if _kind(pid) == "renderer" and not _webui(pid)]


def _webui(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"--top-chrome-webui" in f.read()
    except OSError:
        return False


def webkit_web_processes() -> list[int]:
    return [pid for pid in _mine() if _comm(pid).startswith("WebKitWebProces")]


def chromium_sizes(pids: list[int]) -> tuple[int, dict[str, float]]:
    """The largest of ``pids`` (renderers) and its PSS in MB."""
    best = max(((_pss_kib(pid), pid) for pid in pids), default=(0, 0))
    return best[1], {"pss": best[0] / 1024}


def webkit_sizes(pids: list[int]) -> tuple[int, dict[str, float]]:
    """The largest of ``pids`` (WebKitWebProcesses) and, in MB, its RSS, its anonymous part
    (RssAnon) and the JIT code resident in its JIT pool (drivers.jit_pool_kib)."""
    best, sizes = 0, {"rss": 0.0, "anon": 0.0, "jit": 0.0}
    for pid in pids:
        rss = proc_kib(pid, "status", "VmRSS") / 1024
        if rss <= sizes["rss"]:
            continue
        pool = jit_pool_kib(pid)
        best, sizes = pid, {"rss": rss, "anon": proc_kib(pid, "status", "RssAnon") / 1024,
                            "jit": pool[1] / 1024 if pool else 0.0}
    return best, sizes


def resident_by_mapping(pid: int) -> dict[str, float]:
    """The process's resident memory (MB) by kind of mapping, from ``/proc/<pid>/smaps``:
    mapped files; the C heap (``[heap]``); anonymous executable mappings (the JIT pool);
    anonymous mappings of 4-64 MB (in WebKit each interpreter's WebAssembly memory is one,
    30-36 MB; large allocations); smaller anonymous mappings (the allocators' pages: script
    heaps, the DOM, rendering); the rest (stacks, larger mappings)."""
    kinds: dict[str, float] = {}
    kind = "other"
    try:
        with open(f"/proc/{pid}/smaps") as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 5 and "-" in parts[0] and ":" in parts[3]:
                    low, high = (int(x, 16) for x in parts[0].split("-"))
                    name = parts[5] if len(parts) > 5 else ""
                    size = high - low
                    if name.startswith("/"):
                        kind = "files"
                    elif name == "[heap]":
                        kind = "c_heap"
                    elif name:
                        kind = "other"
                    elif "x" in parts[1]:
                        kind = "jit_pool"
                    elif 4 << 20 <= size < 64 << 20:
                        kind = "anon_4_64mb"
                    elif size < 4 << 20:
                        kind = "anon_small"
                    else:
                        kind = "other"
                elif parts and parts[0] == "Rss:":
                    kinds[kind] = kinds.get(kind, 0.0) + int(parts[1]) / 1024
    except OSError:
        return {}
    return {k: round(v, 1) for k, v in kinds.items()}


def cpu_ticks(pid: int) -> int:
    """The process's CPU time so far (user and system, clock ticks; 0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, ValueError, IndexError):
        return 0


class TabProcess:
    """Which process is the tab.

    In a fresh profile: the largest process of its kind. After a reopen: the one that has
    worked most since the old tab was closed (the new tab boots two interpreters), old or
    new; while the old tab closes, and until one has worked half a second, the largest
    process that was not there before. A closed tab's process can live on (WebKit keeps
    the last ones; Chromium may put the new tab into it), a closing tab still works (its
    ``pagehide``), and a reopen starts small processes that are not the tab (a spare
    renderer, Chromium's own interface), so neither "the largest" nor "the new one" nor
    "the busiest since the old tab was left" is always the tab."""

    def __init__(self, processes: Callable[[], list[int]],
                 sizes: Callable[[list[int]], tuple[int, dict[str, float]]]) -> None:
        self.processes, self._sizes = processes, sizes
        self.pid = 0
        self.old = 0
        self.before: set[int] | None = None  # the processes when the old tab was left
        self.cpu_at_close: dict[int, int] | None = None

    WORK_TICKS = os.sysconf("SC_CLK_TCK") // 2
    """Half a second of CPU: a tab's boot takes more, a spare process or a closed tab less."""

    def sizes(self) -> dict[str, float]:
        candidates = self.processes()
        if self.before is not None:
            busiest = None
            if self.cpu_at_close is not None and candidates:
                at = self.cpu_at_close
                worked = {pid: cpu_ticks(pid) - at.get(pid, 0) for pid in candidates}
                busiest = max(candidates, key=worked.__getitem__)
                if worked[busiest] < self.WORK_TICKS:
                    busiest = None
            before = self.before
            candidates = [busiest] if busiest else [p for p in candidates if p not in before]
        pid, sizes = self._sizes(candidates)
        self.pid = pid
        return sizes

    def leave(self) -> None:
        """Before a reopen (then ``closed()`` once the old tab is closed)."""
        self.before = None
        self.sizes()
        self.old = self.pid
        self.before, self.cpu_at_close = set(self.processes()), None

    def closed(self) -> None:
        """The old tab is closed, the new one not yet opened: from now on the tab is the
        process that works most."""
        self.cpu_at_close = {pid: cpu_ticks(pid) for pid in self.processes()}

    def entered(self) -> str:
        """After a reopen: what the new tab runs in (said in the phase's row)."""
        self.sizes()
        return "the old tab's process" if self.pid == self.old else "a new one"

    def fresh(self, close: Callable[[], None]) -> None:
        """``close()`` the profile and wait (up to 15 s) for its processes to end."""
        before = set(self.processes())
        close()
        deadline = time.monotonic() + 15
        while before & set(self.processes()) and time.monotonic() < deadline:
            time.sleep(0.1)
        self.before = self.cpu_at_close = None


class Sampler(threading.Thread):
    """``measure()`` every SAMPLE_SECONDS in the background, each sample tagged with the
    phase it was taken in (``phase``, set by the scenario)."""

    def __init__(self, measure: Callable[[], dict[str, float]]) -> None:
        super().__init__(daemon=True)
        self.measure = measure
        self.phase = ""
        self.samples: list[tuple[str, float, dict[str, float]]] = []
        self.stopped = False
        self.lock = threading.Lock()

    def run(self) -> None:
        next_time = time.monotonic()
        while not self.stopped:
            phase, sizes = self.phase, self.measure()
            if phase:
                with self.lock:
                    self.samples.append((phase, time.monotonic(), sizes))
            next_time += SAMPLE_SECONDS
            time.sleep(max(0.0, next_time - time.monotonic()))

    def of(self, phase: str) -> list[tuple[float, dict[str, float]]]:
        with self.lock:
            return [(t, sizes) for p, t, sizes in self.samples if p == phase]

    def wait_samples(self, phase: str, count: int = 2) -> None:
        deadline = time.monotonic() + 30
        while len(self.of(phase)) < count and time.monotonic() < deadline:
            time.sleep(0.05)


class PlaywrightTab:
    """The few steps the benchmarks need, in Chromium through Playwright."""

    def __init__(self, playwright) -> None:
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.context = self.browser.new_context(viewport={"width": 1024, "height": 768})
        self.page = self.context.new_page()

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reopen(self, url: str, closed: Callable[[], None] = lambda: None) -> None:
        """A new tab, the old one closed first (its ``pagehide`` run; then ``closed()``)."""
        closed_tab = self.page
        closed_tab.close(run_before_unload=True)
        deadline = time.monotonic() + 30
        while not closed_tab.is_closed() and time.monotonic() < deadline:
            time.sleep(0.05)
        closed()
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


class ChromiumEngine(PlaywrightTab):
    """Chromium for this benchmark: a fresh profile per measured page, the tab's renderer
    (TabProcess), DevTools for a forced collection and the DOM nodes."""

    name = "chromium"

    def __init__(self, playwright) -> None:
        super().__init__(playwright)
        self.tab = TabProcess(chromium_renderers, chromium_sizes)
        self._devtools()

    def sizes(self) -> dict[str, float]:
        return self.tab.sizes()

    def fresh_profile(self) -> None:
        self.tab.fresh(self.context.close)
        self.context = self.browser.new_context(viewport={"width": 1024, "height": 768})
        self.page = self.context.new_page()
        self._devtools()

    def _devtools(self) -> None:
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.send("Performance.enable")

    def reopen(self, url: str) -> str:
        """After ``self.tab.leave()``: the reopen, and what the new tab runs in."""
        PlaywrightTab.reopen(self, url, self.tab.closed)
        self._devtools()
        return self.tab.entered()

    forced_gc = True

    def mappings(self) -> dict[str, float]:
        return {}

    def collect_garbage(self) -> bool:
        if self.forced_gc:
            self.cdp.send("HeapProfiler.collectGarbage")
        return self.forced_gc

    def page_metrics(self, suffix: str = "") -> dict[str, float]:
        """The page's DOM nodes (live and detached) and its JavaScript heap in use (MB)."""
        metrics = {m["name"]: m["value"] for m in self.cdp.send("Performance.getMetrics")["metrics"]}
        return {"nodes" + suffix: int(metrics.get("Nodes", 0)),
                "js_heap" + suffix: round(metrics.get("JSHeapUsedSize", 0) / 2 ** 20, 1)}


class WebKitEngine:
    """WebKit for this benchmark: a fresh MiniBrowser per measured page, the tab's web
    process (TabProcess); no forced collection (WebDriver has no command for it)."""

    name = "webkit"

    def __init__(self) -> None:
        self.driver = self._start()
        self.tab = TabProcess(webkit_web_processes, webkit_sizes)

    @staticmethod
    def _start():
        from drivers import WebKitDriver  # tests/browsers/drivers.py (the iPad's JIT pool)

        return WebKitDriver()

    def sizes(self) -> dict[str, float]:
        return self.tab.sizes()

    def fresh_profile(self) -> None:
        self.tab.fresh(self.driver.close)
        self.driver = self._start()

    def goto(self, url: str) -> None:
        self.driver.goto(url)

    def reopen(self, url: str) -> str:
        """After ``self.tab.leave()``: the reopen, and what the new tab runs in."""
        self.driver.reopen(url, closed=self.tab.closed)
        return self.tab.entered()

    def evaluate(self, fn: str, *args):
        return self.driver.evaluate(fn, *args)

    def wait_for(self, fn: str, timeout: float) -> object:
        return self.driver.wait_for(fn, timeout=timeout)

    def tap(self, selector: str) -> None:
        self.driver.tap(selector)

    def collect_garbage(self) -> bool:
        return False

    def page_metrics(self, suffix: str = "") -> dict[str, float]:
        return {}

    def mappings(self) -> dict[str, float]:
        return resident_by_mapping(self.tab.pid) if self.tab.pid else {}

    def close(self) -> None:
        self.driver.close()


# ------------------------------------------------------------------ the scenario

def attribute_is(name: str, value: str) -> str:
    return f"() => document.documentElement.getAttribute({name!r}) === {value!r}"


class Run:
    """One engine's run: the phases' figures as they are measured."""

    def __init__(self, engine, sampler: Sampler) -> None:
        self.engine, self.sampler = engine, sampler
        self.phases: list[dict] = []

    def start(self, phase: str) -> None:
        self.sampler.phase = phase
        self.sampler.wait_samples(phase, 1)

    def settle(self, phase: str, **extra: object) -> dict:
        """Idle SETTLE_SECONDS, then the phase's peak and settled figures (and, where the
        engine can, the figure after a forced collection)."""
        idle = phase + " (idle)"
        extra.update(self.engine.page_metrics())
        extra["elements"] = self.engine.evaluate(ELEMENTS_JS)
        self.sampler.phase = idle
        time.sleep(SETTLE_SECONDS)
        samples = self.sampler.of(phase) + self.sampler.of(idle)
        last = self.sampler.of(idle)
        last = [sizes for t, sizes in last if t >= last[-1][0] - SETTLED_WINDOW] if last else []
        keys = list(samples[0][1]) if samples else []
        mappings = self.engine.mappings()
        if mappings:
            extra["resident_by_mapping"] = mappings
        row: dict = {"phase": phase,
                     "peak": {k: max(s[k] for _, s in samples) for k in keys},
                     "settled": {k: statistics.median(s[k] for s in last) for k in keys}}
        if self.engine.collect_garbage():
            collected = phase + " (after a forced collection)"
            self.sampler.phase = collected
            time.sleep(AFTER_GC_SECONDS)
            after = self.sampler.of(collected)
            after = [s for t, s in after if t >= after[-1][0] - SETTLED_WINDOW] if after else []
            row["after_gc"] = {k: statistics.median(s[k] for s in after) for k in keys}
            extra.update(self.engine.page_metrics("_after_gc"))
        row.update(extra)
        self.phases.append(row)
        print("  " + format_row(row, self.engine.name), flush=True)
        return row


def play_game(tab, level: str, seed: int, timeout: float,
              each_turn: Callable[[], None] = lambda: None) -> tuple[int, list]:
    """One person (seat 0) against three computers, to the final standings: the person's
    steps, and each computer decision's [ms, where it was decided]. ``each_turn`` runs
    whenever the person is due, and at the end."""
    tab.evaluate(THINKS_JS)
    tab.tap('[data-action="new-game"]')
    tab.wait_for("() => document.getElementById('app').dataset.screen === 'setup'", timeout=timeout)
    tab.tap('[data-action="setup-count"][data-value="4"]')
    tab.evaluate(SETUP_JS, [level, seed])
    tab.tap('[data-action="setup-start"]')
    rng = random.Random(seed)
    steps = 0
    while True:
        screen = tab.wait_for(PERSON_OR_END_JS, timeout=timeout)
        each_turn()
        if screen == "final":
            return steps, tab.evaluate("() => window.__thinks")
        seen = tab.evaluate(STEP_JS, rng.randrange(2 ** 31))
        if isinstance(seen, dict) and "error" in seen:
            raise RuntimeError(f"a person's step failed: {seen}")
        steps += 1


def floor(run: Run, base: str, timeout: float) -> None:
    for phase, path in FLOOR_PAGES:
        run.engine.fresh_profile()
        run.start(phase)
        run.engine.goto(path if path.startswith("about:") else base + path)
        if not path.startswith("about:"):
            run.engine.wait_for(FLOOR_READY_JS, timeout=timeout)
        run.settle(phase)


def game(run: Run, base: str, level: str, seed: int, games: int, reopens: int,
         timeout: float) -> None:
    tab = run.engine
    url = base + "/" + QUERY
    tab.fresh_profile()
    run.start("first visit")
    tab.goto(url)
    tab.wait_for(attribute_is("data-ready", "true"), timeout=timeout)
    tab.wait_for(WORKER_SETTLED_JS, timeout=timeout)
    tab.wait_for("() => document.documentElement.hasAttribute('data-boot-snapshot-stored')",
                 timeout=timeout)
    stored = tab.evaluate("() => document.documentElement.getAttribute('data-boot-snapshot-stored')")
    run.settle("first visit", snapshot=stored)
    for number in range(1, games + 1):
        phase = f"game {number}"
        run.start(phase)
        steps, thinks = play_game(tab, level, seed + number - 1, timeout)
        times = sorted(ms for ms, _ in thinks)
        run.settle(phase, person_steps=steps, decisions=len(times),
                   think_median_ms=statistics.median(times) if times else None,
                   think_sources=sorted({source for _, source in thinks}))
    for number in range(1, reopens + 1):
        phase = f"reopen {number}"
        tab.tab.leave()
        run.start(phase)
        process = tab.reopen(url)
        tab.wait_for(attribute_is("data-ready", "true"), timeout=timeout)
        state = tab.evaluate("() => document.documentElement.getAttribute('data-boot-snapshot')")
        tab.wait_for(WORKER_SETTLED_JS, timeout=timeout)
        run.settle(phase, snapshot=state, process=process)


def format_row(row: dict, engine: str) -> str:
    figures = "  ".join(f"{key} {row['peak'][key]:6.1f} / {row['settled'][key]:6.1f}"
                        for key in row["peak"])
    if "after_gc" in row:
        figures += "  after GC " + " ".join(f"{v:6.1f}" for v in row["after_gc"].values())
    notes = [f"{key} {row[key]}" for key in ("elements", "nodes", "nodes_after_gc", "js_heap", "js_heap_after_gc", "snapshot", "process", "person_steps",
                                             "decisions", "think_median_ms", "think_sources", "resident_by_mapping")
             if row.get(key) is not None]
    return f"{row['phase']:52s} {figures}   " + "; ".join(notes)


def summary(engine: str, phases: list[dict]) -> dict:
    """Ratios to the floor and the targets, printed and returned."""
    by_name = {row["phase"]: row for row in phases}
    base = by_name[FLOOR_PAGES[-1][0]]
    keys = ["rss", "anon"] if engine == "webkit" else ["pss"]
    print(f"  ratios to the floor (peak / settled; {', '.join(keys)}):")
    for row in phases:
        if row["phase"] in dict(FLOOR_PAGES):
            continue
        ratios = "  ".join(f"{k} {row['peak'][k] / base['peak'][k]:.2f} / "
                           f"{row['settled'][k] / base['settled'][k]:.2f}" for k in keys)
        print(f"    {row['phase']:20s} {ratios}")
    play = [row for row in phases if row["phase"] not in dict(FLOOR_PAGES)]
    games = [row for row in play if row["phase"].startswith("game ")]
    main_key = keys[0]
    targets: dict[str, tuple[float, float, bool]] = {}
    if engine == "webkit":
        worst = max(row["peak"]["anon"] for row in play)
        targets["anonymous peak <= 1.5x the floor's"] = (
            worst / base["peak"]["anon"], 1.5, worst / base["peak"]["anon"] <= 1.5)
        worst = max(row["settled"]["rss"] for row in play)
        targets["settled RSS <= 1.25x the floor's"] = (
            worst / base["settled"]["rss"], 1.25, worst / base["settled"]["rss"] <= 1.25)
    else:
        worst = max(row["settled"]["pss"] for row in play)
        targets["tab settled <= 1.5x the floor's"] = (
            worst / base["settled"]["pss"], 1.5, worst / base["settled"]["pss"] <= 1.5)
    if len(games) > 1:
        growth = games[-1]["settled"][main_key] - games[0]["settled"][main_key]
        targets[f"settled growth from game 1 to game {len(games)} <= 5 MB"] = (growth, 5.0, growth <= 5.0)
    for name, (value, _, met) in targets.items():
        print(f"  target: {name}: {value:.2f} ({'met' if met else 'NOT met'})")
    return {name: {"value": value, "limit": limit, "met": met}
            for name, (value, limit, met) in targets.items()}


def bench(browser: str, base: str, args: argparse.Namespace) -> dict:
    def measured(engine) -> dict:
        sampler = Sampler(engine.sizes)
        sampler.start()
        run = Run(engine, sampler)
        try:
            floor(run, base, args.timeout)
            game(run, base, args.level, args.seed, args.games, args.reopens, args.timeout)
        finally:
            sampler.stopped = True
            engine.close()
        return {"phases": run.phases, "targets": summary(browser, run.phases)}

    if browser == "chromium":
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            engine = ChromiumEngine(playwright)
            engine.forced_gc = not args.no_gc
            return measured(engine)
    print(f"  (JIT pool {IPAD_JIT_POOL_BYTES >> 20} MB and collections sized by "
          f"{IPAD_RAM_BYTES >> 30} GB of memory, the iPad's; rss / anon = the tab's "
          "WebKitWebProcess RSS and RssAnon, jit = the JIT code resident in its pool)")
    return measured(WebKitEngine())


def under_a_display(browsers: list[str], dist: Path = DIST) -> None:
    """WebKit needs an X display: without one, run this script again under Xvfb (and a D-Bus
    session) and exit with its status. Also refuses to run without a built site."""
    if "webkit" in browsers and not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", "dbus-run-session", "--",
                   sys.executable, *sys.argv]
        sys.exit(subprocess.call(command, stderr=subprocess.DEVNULL))
    if not (dist / "index.html").is_file():
        sys.exit(f"{dist} is not built: run scripts/build.py first")


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--browsers", default="chromium,webkit")
    parser.add_argument("--seed", type=int, default=7, help="game n is played with seed + n - 1")
    parser.add_argument("--level", default="search:3", help="the computers' level")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--reopens", type=int, default=10)
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site to measure")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--no-gc", action="store_true",
                        help="Chromium: no forced collection after a phase (it lowers what follows)")
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args()
    browsers = args.browsers.split(",")
    dist = args.dist.resolve()
    under_a_display(browsers, dist)
    results: dict = {"dist": str(dist), "level": args.level, "seed": args.seed, "games": args.games,
                     "reopens": args.reopens, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                     "load_start": load()}
    print(f"{results['date']}; {dist}; {args.level}, seed {args.seed}, {args.games} games, "
          f"{args.reopens} reopens; MB, peak / settled")
    print(f"load average: {results['load_start']}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-floor-") as floor_directory:
        write_floor_pages(Path(floor_directory), dist)
        base, server = start_server(dist, Path(floor_directory))
        try:
            for browser in browsers:
                print(f"{browser} (load average {load()}):", flush=True)
                results[browser] = bench(browser, base, args)
        finally:
            server.shutdown()
            server.server_close()
    results["load_end"] = load()
    print(f"load average: {results['load_end']}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
