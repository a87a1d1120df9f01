#!/usr/bin/env python3
"""What drawing a game costs the browser beyond the page itself (a benchmark, not a test).

One person against three computers (``bench_tablet_memory.play_game``), one game in a tab
reopened after a first visit (the snapshot restored, as most games are played):

* ``chromium``: the same game three times in the tab, each looked at one way (a profiler
  or a trace changes when the collector runs): the page's heaps (``Runtime.getHeapUsage``:
  JavaScript, Blink's Oilpan heap of DOM nodes, styles and layout, array buffers) 5 s
  after the game and after a forced collection, with the tab's PSS; V8's sampling heap
  profiler, the objects the collector took included: what the page's JavaScript
  allocated, by function; a DevTools trace (``devtools.timeline``): style recalculations
  and the elements each restyled, layouts, and with ``--why`` what invalidated them.
* ``webkit``: the tab's RSS and RssAnon every 0.25 s from the first visit to 5 s after the
  game, with JavaScriptCore's log of its collections (``JSC_logGC=1`` in the web process's
  environment) in the same order: when each virtual machine (the page, the snapshot maker,
  the thinking worker) collected, and its heap before and after.

    .venv/bin/python scripts/bench_render_garbage.py [chromium|webkit] [--level greedy]
        [--seed 7] [--dist PATH]

Figures go by hand to docs/performance.md ("What a render allocates").
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_tablet_memory as tablet

TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline"]
MB = 2 ** 20


def reopened(engine: Any, url: str, timeout: float) -> None:
    """A first visit (the snapshot made and stored), then the tab closed and opened again."""
    engine.goto(url)
    engine.wait_for(tablet.WORKER_SETTLED_JS, timeout)
    engine.wait_for("() => document.documentElement.hasAttribute('data-boot-snapshot-stored')",
                    timeout)
    engine.tab.leave()
    engine.reopen(url)
    engine.wait_for(tablet.WORKER_SETTLED_JS, timeout)


def restyles(trace: list[dict]) -> None:
    recalcs = [event["args"].get("elementCount", 0) for event in trace
               if event.get("name") == "UpdateLayoutTree" and event.get("ph") == "X"]
    layouts = sum(1 for event in trace if event.get("name") == "Layout" and event.get("ph") == "X")
    recalcs.sort()
    median = recalcs[len(recalcs) // 2] if recalcs else 0
    print(f"style recalculations {len(recalcs)}, elements restyled {sum(recalcs)} "
          f"(median {median}, largest {recalcs[-1] if recalcs else 0}); layouts {layouts}")
    causes: collections.Counter[tuple[str, str, bool]] = collections.Counter()
    for event in trace:
        if event.get("name") == "StyleRecalcInvalidationTracking":
            data = event["args"]["data"]
            causes[(data.get("reason", ""), data.get("extraData", ""), bool(data.get("subtree")))] += 1
    if causes:  # with --why
        print("  invalidations (reason, detail, subtree): " + "; ".join(
            f"{reason} {detail} {'subtree ' if subtree else ''}{n}"
            for (reason, detail, subtree), n in causes.most_common(6)))


def allocations(profile: dict, top: int = 12) -> None:
    by_function: collections.Counter[str] = collections.Counter()

    def walk(node: dict) -> None:
        frame = node["callFrame"]
        where = frame["url"].rsplit("/", 1)[-1]
        by_function[f"{frame['functionName'] or '(anonymous)'} ({where})"] += node["selfSize"]
        for child in node.get("children", []):
            walk(child)

    walk(profile["head"])
    print(f"JavaScript allocated by the page in the game: {sum(by_function.values()) / MB:.1f} MB "
          "(sampled, collected objects included)")
    for name, size in by_function.most_common(top):
        print(f"  {size / MB:7.2f} MB  {name}")


def heaps(engine: Any, moment: str) -> None:
    usage = engine.cdp.send("Runtime.getHeapUsage")
    print(f"{moment}: tab PSS {engine.sizes()['pss']:.0f} MB; JavaScript heap "
          f"{usage['usedSize'] / MB:.1f}, Blink's heap (embedder) "
          f"{usage['embedderHeapUsedSize'] / MB:.1f}, array buffers "
          f"{usage['backingStorageSize'] / MB:.1f} MB")


def chromium(base: str, args: argparse.Namespace) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        engine = tablet.ChromiumEngine(playwright)
        try:
            reopened(engine, base + "/" + tablet.QUERY, args.timeout)
            time.sleep(2)
            engine.cdp.send("HeapProfiler.collectGarbage")
            # Three games on the same deal, each looked at one way: a profiler or a trace
            # running changes when the collector runs and what the page allocates.
            steps, thinks = tablet.play_game(engine, args.level, args.seed, args.timeout)
            print(f"{args.level}, seed {args.seed}: {steps} steps of the person, "
                  f"{len(thinks)} computer decisions")
            time.sleep(tablet.SETTLE_SECONDS)
            heaps(engine, "5 s after the game")
            engine.cdp.send("HeapProfiler.collectGarbage")
            time.sleep(2)
            heaps(engine, "after a forced collection")
            engine.cdp.send("HeapProfiler.enable")
            engine.cdp.send("HeapProfiler.startSampling", {
                "samplingInterval": 8192, "includeObjectsCollectedByMajorGC": True,
                "includeObjectsCollectedByMinorGC": True})
            tablet.play_game(engine, args.level, args.seed, args.timeout)
            allocations(engine.cdp.send("HeapProfiler.stopSampling")["profile"])
            # What invalidated styles is worth its cost only when asked: the trace then
            # takes the script's stack at each invalidation and its buffer may overflow.
            categories = TRACE_CATEGORIES + (
                ["disabled-by-default-devtools.timeline.invalidationTracking"] if args.why else [])
            engine.browser.start_tracing(page=engine.page, categories=categories)
            tablet.play_game(engine, args.level, args.seed, args.timeout)
            restyles(json.loads(engine.browser.stop_tracing())["traceEvents"])
        finally:
            engine.close()


GC_LINE = re.compile(r"GC<(0x[0-9a-f]+)>: START \w+ (\d+)kb => (\w+)Collection.*?=> (\d+)kb",
                     re.S)


def webkit(base: str, args: argparse.Namespace) -> None:
    from selenium import webdriver

    os.environ["JSC_logGC"] = "1"  # noqa: SIM112 (JavaScriptCore's option, spelt so)
    log = tempfile.NamedTemporaryFile("w+", prefix="jsc-gc-", suffix=".log")
    plain_service = webdriver.WebKitGTKService
    # The web process writes to MiniBrowser's stderr, which WebKitWebDriver passes on.
    webdriver.WebKitGTKService = lambda **kw: plain_service(log_output=log, **kw)  # type: ignore
    started = time.time()
    samples: list[tuple[float, float, float]] = []
    stopped = threading.Event()

    def mark(what: str) -> None:
        log.write(f"\nMARK {time.time() - started:.1f} {what}\n")
        log.flush()

    engine = tablet.WebKitEngine()

    def sample() -> None:
        while not stopped.is_set():
            try:
                sizes = engine.tab.sizes()
                samples.append((time.time() - started, sizes["rss"], sizes["anon"]))
            except (OSError, KeyError, ValueError):
                pass  # between processes
            stopped.wait(0.25)

    sampler = threading.Thread(target=sample, daemon=True)
    try:
        engine.fresh_profile()
        mark("first visit")
        engine.goto(base + "/" + tablet.QUERY)
        sampler.start()
        engine.wait_for(tablet.WORKER_SETTLED_JS, args.timeout)
        engine.wait_for("() => document.documentElement.hasAttribute("
                        "'data-boot-snapshot-stored')", args.timeout)
        time.sleep(tablet.SETTLE_SECONDS)
        mark("game")
        tablet.play_game(engine, args.level, args.seed, args.timeout)
        mark("game over")
        time.sleep(tablet.SETTLE_SECONDS)
        mark("5 s later")
    finally:
        stopped.set()
        sampler.join(2)
        engine.close()
    log.seek(0)
    text = log.read()
    print("collections, in order (virtual machine: kind, heap before -> after):")
    for line in re.split(r"(?=MARK )|(?=\[GC<0x[0-9a-f]+>: START)", text):
        if line.startswith("MARK "):
            at, what = line.splitlines()[0].split(None, 2)[1:]  # (the rest: other output)
            near = [s for s in samples if s[0] >= float(at)][:1]
            figures = f" (tab RSS {near[0][1]:.0f}, RssAnon {near[0][2]:.0f} MB)" if near else ""
            print(f"  -- {what.strip()} at {at} s{figures}")
        else:
            found = GC_LINE.search(line)
            if found:
                vm, before, kind, after = found.groups()
                print(f"  {vm}: {kind}, {int(before) / 1024:.0f} -> {int(after) / 1024:.0f} MB")
    if samples:
        peak = max(samples, key=lambda s: s[2])
        print(f"RssAnon peak {peak[2]:.0f} MB at {peak[0]:.1f} s (RSS {peak[1]:.0f} MB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine", nargs="?", default="chromium", choices=["chromium", "webkit"])
    parser.add_argument("--level", default="greedy", help="the computers' level")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--dist", type=Path, default=tablet.DIST, help="the built site")
    parser.add_argument("--why", action="store_true",
                        help="chromium: also what invalidated the styles (a heavier trace)")
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args()
    dist = args.dist.resolve()
    tablet.under_a_display([args.engine], dist)
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {dist}; "
          f"load average {tablet.load()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-floor-") as floor_directory:
        tablet.write_floor_pages(Path(floor_directory), dist)
        base, server = tablet.start_server(dist, Path(floor_directory))
        try:
            (chromium if args.engine == "chromium" else webkit)(base, args)
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
