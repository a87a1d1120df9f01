#!/usr/bin/env python3
"""Memory of the page with and without the thinking worker (a benchmark, not a test).

The thinking worker is a second Pyodide in a Web Worker: a second interpreter
and WebAssembly heap in the tab's renderer process. Tablets have less memory than this
machine, so how much it costs is worth knowing. For each start a fresh headless Chromium
opens the BUILT site (scripts/serve.py on the loopback, as the e2e tests do) and the
proportional set size (PSS, ``/proc/<pid>/smaps_rollup``: shared pages split among the
processes sharing them) of every Chromium process it started is summed, per kind of
process (browser, renderer, gpu, utility, zygote):

* ``blank``: Chromium on ``about:blank`` (the browser's own cost);
* ``page``: the game with ``?aiworker=off`` (no worker), ready, then after ``--moves``
  decisions of four ``search:3`` computers;
* ``worker``: the game as deployed: ready (``html[data-ai-worker=resting]``: the start
  screen wants no worker, the game starts it), then after the same decisions.

    .venv/bin/python scripts/bench_memory.py [--moves 8]

Results are written by hand to docs/performance.md ("Memory").
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "tests" / "e2e")]

from bench_ui import bench_level, load, served_site  # noqa: E402
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SETTLE_SECONDS = 3.0
"""Wait after a step before measuring (a collected garbage, a finished paint)."""


def _parent(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _descends_from(pid: int, ancestor: int) -> bool:
    seen = 0
    while pid > 1 and seen < 64:
        if pid == ancestor:
            return True
        parent = _parent(pid)
        if parent is None:
            return False
        pid, seen = parent, seen + 1
    return False


def _kind(pid: int) -> str | None:
    """The Chromium process kind from its command line (None: not Chromium)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            args = f.read().split(b"\0")
    except OSError:
        return None
    if len(args) == 1 or (len(args) == 2 and not args[1]):
        args = args[0].split(b" ")  # a child process rewrites its argv as one string
    if not args or b"chrom" not in os.path.basename(args[0]):
        return None
    for arg in args:
        if arg.startswith(b"--type="):
            return arg[len(b"--type="):].decode().replace("-process", "")
    return "browser"


def proc_kib(pid: int, name: str, field: str) -> int:
    """A ``field: <n> kB`` line of ``/proc/<pid>/<name>`` (0 when the process is gone)."""
    try:
        with open(f"/proc/{pid}/{name}") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def _pss_kib(pid: int) -> int:
    return proc_kib(pid, "smaps_rollup", "Pss")


def chromium_pss() -> dict[str, float]:
    """MB of PSS per process kind (and ``total``) of the Chromium processes this script started."""
    me = os.getpid()
    sizes: dict[str, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        pid = int(entry)
        kind = _kind(pid)
        if kind is None or not _descends_from(pid, me):
            continue
        sizes[kind] = sizes.get(kind, 0.0) + _pss_kib(pid) / 1024
    sizes["total"] = sum(sizes.values())
    return sizes


def measure(playwright, url: str, mode: str, moves: int,
            timeout_s: float) -> list[tuple[str, dict[str, float]]]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        if mode == "blank":
            page.goto("about:blank")
            time.sleep(SETTLE_SECONDS)
            return [("blank", chromium_pss())]
        query = "?fast=1" if mode == "worker" else "?fast=1&aiworker=off"
        load(page, url, None, query)
        if mode == "worker":  # the start screen wants no worker: it comes with the game
            page.wait_for_selector('html[data-ai-worker="resting"]', state="attached",
                                   timeout=timeout_s * 1000)
        time.sleep(SETTLE_SECONDS)
        rows = [(f"{mode}: ready", chromium_pss())]
        r = bench_level(page, url, "search:3", moves, timeout_s, query)
        time.sleep(SETTLE_SECONDS)
        rows.append((f"{mode}: after {r['n']} search:3 decisions {r['sources']}",
                     chromium_pss()))
        return rows
    finally:
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args()
    with served_site() as (p, url):
        print(f"load average: {os.getloadavg()[0]:.2f}")
        print("PSS in MB: total = browser + renderer + gpu + utility + zygote")
        for mode in ("blank", "page", "worker"):
            for name, sizes in measure(p, url, mode, args.moves, args.timeout):
                parts = "  ".join(f"{k} {v:6.1f}" for k, v in sorted(sizes.items())
                                  if k != "total")
                print(f"  {name:60s} total {sizes['total']:6.1f}   {parts}")


if __name__ == "__main__":
    main()
