#!/usr/bin/env python3
"""Where a game's memory goes in Chromium: the page's and the thinking worker's heaps, and
the bytes the two send each other per decision (a benchmark).

``scripts/bench_tablet_memory.py`` measures the tab from outside (its process's RSS or PSS);
this looks inside the tab, through the DevTools protocol, at the two JavaScript realms that
hold a game: the page and the computers' thinking worker (the boot snapshot's maker has
ended by then). For each it reports ``Runtime.getHeapUsage``: the JavaScript heap in use,
and the memory of its array buffers (``backingStorageSize``), which is mostly its
interpreter's WebAssembly memory (Pyodide's whole C heap: Python's objects live there). Both
are read after every person's step of a game (the peak of the game) and at its end, before
and after a garbage collection forced in that realm (``HeapProfiler.collectGarbage``).

The worker is reached through the page's DevTools session: ``Target.setAutoAttach`` without
flattening, so its commands go through ``Target.sendMessageToTarget`` (Playwright's own
sessions are flat, and its Python API offers no session on a dedicated worker).

The messages: an init script wraps the page's ``Worker`` and counts the characters of every
request to the thinking worker (``ai-ask``: one player's view as JSON, a level and a seed)
and of every answer (``ai-answer``: a decision as JSON). The texts are ASCII, so characters
are bytes.

One person (seat 0) against three computers at ``--level``, ``--games`` whole games in one
tab after a first visit (the snapshot made and stored, the worker started from it), the
person's turns by the page's own test step (``tests/e2e/ui_driver.STEP_JS``): the game of
``bench_tablet_memory.play_game``.

    .venv/bin/python scripts/bench_game_heaps.py [--level search:3] [--games 3] [--seed 7]
        [--json FILE]

Figures go by hand to docs/performance.md ("Memory on a tablet").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "tests" / "e2e")]

import serve  # noqa: E402
from bench_tablet_memory import WORKER_SETTLED_JS, PlaywrightTab, play_game  # noqa: E402
from e2e_helpers import DIST  # noqa: E402

MB = 1024 * 1024
WORKER_NAME = "manhattan-ai"

COUNT_MESSAGES = """(() => {
  const counts = window.__workerMessages = {asks: [], answers: []};
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const m = event.data;
        if (m && m.kind === "ai-answer") counts.answers.push((m.text || "").length);
      });
    }
    postMessage(message, ...rest) {
      if (message && message.kind === "ai-ask") counts.asks.push((message.text || "").length);
      return super.postMessage(message, ...rest);
    }
  };
})();"""


class Realms:
    """The page's DevTools session, and the thinking worker's reached through it."""

    def __init__(self, page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.workers: dict[str, str] = {}
        self.replies: dict[int, dict] = {}
        self.next_id = 0
        self.cdp.on("Target.attachedToTarget", self._attached)
        self.cdp.on("Target.receivedMessageFromTarget", self._received)
        self.cdp.send("Target.setAutoAttach",
                      {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False})
        self.cdp.send("HeapProfiler.enable")

    def _attached(self, event: dict) -> None:
        info = event["targetInfo"]
        if info["type"] == "worker":
            self.workers[info.get("title", "")] = event["sessionId"]

    def _received(self, event: dict) -> None:
        message = json.loads(event["message"])
        if "id" in message:
            self.replies[message["id"]] = message

    def worker(self, method: str, params: dict | None = None) -> dict:
        session = self.workers[WORKER_NAME]
        self.next_id += 1
        ident = self.next_id
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(
            {"id": ident, "method": method, "params": params or {}})})
        deadline = time.monotonic() + 60
        while ident not in self.replies:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the worker did not answer {method}")
            self.page.wait_for_timeout(20)  # lets Playwright deliver the session's events
        reply = self.replies.pop(ident)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def usage(self) -> dict[str, float]:
        page = self.cdp.send("Runtime.getHeapUsage")
        worker = self.worker("Runtime.getHeapUsage")
        return {"page_js": page["usedSize"] / MB, "page_buffers": page["backingStorageSize"] / MB,
                "worker_js": worker["usedSize"] / MB,
                "worker_buffers": worker["backingStorageSize"] / MB}

    def collect(self) -> dict[str, float]:
        self.cdp.send("HeapProfiler.collectGarbage")
        self.worker("HeapProfiler.enable")
        self.worker("HeapProfiler.collectGarbage")
        return self.usage()


def open_game(tab: PlaywrightTab, url: str, reopen: bool = False) -> Realms:
    """The game opened (or reopened in a new tab) and ready, with its worker; its realms."""
    if reopen:
        tab.reopen(url)
    else:
        tab.goto(url)
    tab.page.wait_for_selector('html[data-ready="true"]', state="attached", timeout=120_000)
    tab.page.wait_for_function(WORKER_SETTLED_JS, timeout=120_000)
    return Realms(tab.page)


def play(tab: PlaywrightTab, realms: Realms, level: str, seed: int) -> dict:
    """One person against three computers to the final standings (``play_game``); the heaps
    whenever the person is due, and the messages."""
    tab.evaluate("() => { window.__workerMessages.asks = []; window.__workerMessages.answers = []; }")
    samples: list[dict[str, float]] = []
    steps, _ = play_game(tab, level, seed, timeout=600,
                         each_turn=lambda: samples.append(realms.usage()))
    messages = tab.evaluate("() => window.__workerMessages")
    return {"steps": steps, "samples": samples, "asks": messages["asks"],
            "answers": messages["answers"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="search:3")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--query", default="?fast=1",
                        help="the page's address after the site's (default ?fast=1)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    url, server = serve.start_server(port=0, directory=DIST)
    rows = []
    print(f"bench_game_heaps: {args.games} games, one person against three {args.level}, "
          f"seed {args.seed}; load {os.getloadavg()[0]:.2f}", flush=True)
    try:
        with sync_playwright() as playwright:
            tab = PlaywrightTab(playwright)
            tab.context.add_init_script(COUNT_MESSAGES)
            realms = open_game(tab, url + args.query)
            if "snapshot=0" not in args.query:
                tab.page.wait_for_selector("html[data-boot-snapshot-stored]", state="attached",
                                           timeout=120_000)
            start = {"phase": "first visit", "end": realms.usage(), "after_gc": realms.collect()}
            rows.append(start)
            print(line(start), flush=True)
            for number in range(1, args.games + 1):
                played = play(tab, realms, args.level, args.seed + number - 1)
                end = realms.usage()
                row = {"phase": f"game {number}", "steps": played["steps"],
                       "peak": {k: max(s[k] for s in played["samples"]) for k in end},
                       "end": end, "after_gc": realms.collect(),
                       "decisions": len(played["asks"]),
                       "ask_chars": stats(played["asks"]), "answer_chars": stats(played["answers"])}
                rows.append(row)
                print(line(row), flush=True)
            realms = open_game(tab, url + args.query, reopen=True)  # both interpreters restored
            reopened = {"phase": "reopened", "end": realms.usage(), "after_gc": realms.collect(),
                        "snapshot": tab.page.get_attribute("html", "data-boot-snapshot")}
            rows.append(reopened)
            print(line(reopened), flush=True)
            tab.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"load at the end {os.getloadavg()[0]:.2f}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


def stats(sizes: list[int]) -> dict[str, float]:
    if not sizes:
        return {"count": 0}
    return {"count": len(sizes), "total": sum(sizes), "median": statistics.median(sizes),
            "max": max(sizes)}


def line(row: dict) -> str:
    def figures(sizes: dict[str, float]) -> str:
        return " ".join(f"{key} {value:6.1f}" for key, value in sizes.items())
    text = f"{row['phase']:12s}"
    if "peak" in row:
        text += f" peak: {figures(row['peak'])} |"
    text += f" end: {figures(row['end'])} | after GC: {figures(row['after_gc'])} (MB)"
    if "snapshot" in row:
        text += f" snapshot {row['snapshot']}"
    if "decisions" in row:
        asks, answers = row["ask_chars"], row["answer_chars"]
        text += (f"\n             {row['steps']} steps, {row['decisions']} requests to the worker: "
                 f"{asks.get('total', 0) / 1024:.0f} kB out (median {asks.get('median', 0):.0f} B,"
                 f" max {asks.get('max', 0)} B), {answers.get('total', 0) / 1024:.1f} kB back "
                 f"(median {answers.get('median', 0):.0f} B)")
    return text


if __name__ == "__main__":
    sys.exit(main())
