#!/usr/bin/env python3
"""Measure the web page: bytes of a first visit and time to "ready" (not a test).

Why: the game ships a ~14 MB runtime (Pyodide) to the browser. These figures say
what a first visit costs and how fast the page starts cold, with a warm HTTP cache,
and offline from the service worker, so regressions (a bigger runtime, a slower
boot, a broken cache) are visible. Results go to docs/performance.md ("Web page").

It serves the BUILT site (dist/, run scripts/build.py first) with scripts/serve.py
on the loopback and drives Debian's Chromium with Playwright (.venv):

    .venv/bin/python scripts/bench_web.py [--runs 5] [--json]

Measures:
* first visit: every response's raw transfer size (encoded body + headers, as the
  browser counts them: our server sends no compression, Netlify would; a gzip -9
  estimate of the same bodies is printed too), split into the page's own requests
  up to data-ready and the service worker's precache requests afterwards;
* navigation -> html[data-ready="true"] wall time, median of N runs each:
  cold  = a brand-new on-disk browser profile each run (service workers blocked),
  warm  = one profile, HTTP cache primed, navigated again (service workers blocked),
  offline = service worker active, network switched off.
Profiles are real on-disk ones (launch_persistent_context): the in-memory cache
of incognito contexts drops the 9.6 MB wasm and would distort "warm".
The machine's load average is printed: shared cores make the times noisy.
Loopback transfer is near-instant: the times are compile + interpreter start +
game start, i.e. a lower bound for a real network.
"""

from __future__ import annotations

import argparse
import faulthandler
import json
import os
import statistics
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

import serve  # noqa: E402
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, DIST, wait_ready, wait_service_worker  # noqa: E402


def category(path: str) -> str:
    if path.endswith(".wasm"):
        return "wasm"
    if path.endswith(".zip"):
        return "stdlib zip"
    if path.endswith(".pack"):
        return "game python"
    if path.startswith("vendor/"):
        return "runtime js/json"
    if path.endswith(".py") or path.endswith(".toml"):
        return "game python"
    return "shell (html, css, js, icons)"


def progress(message: str) -> None:
    print("bench: " + message, file=sys.stderr, flush=True)


def timed_ready(page, url: str) -> float:
    t0 = time.perf_counter()
    page.goto(url)
    wait_ready(page)
    return time.perf_counter() - t0


def fresh_profile(pw, tmp: Path, name: str, **kwargs):
    """A new browser with its own on-disk profile (a real HTTP disk cache: the
    in-memory cache of Playwright's incognito contexts does not keep the 9.6 MB wasm)."""
    return pw.chromium.launch_persistent_context(
        str(tmp / name), executable_path=CHROMIUM, args=CHROMIUM_ARGS, **kwargs
    )


def first_visit_bytes(context, url: str) -> dict:
    """The page's own requests until ready, then the SW precache (revalidations)."""
    page = context.pages[0] if context.pages else context.new_page()
    page_requests, sw_requests = [], []
    page.on("requestfinished", lambda r: page_requests.append(r))
    context.on("requestfinished", lambda r: r.service_worker and sw_requests.append(r))
    page.goto(url)
    wait_ready(page)
    wait_service_worker(page)  # its probe page's requests are not counted
    page.wait_for_timeout(500)
    out = {"page": {}, "service_worker": {"requests": 0, "bytes": 0}, "gzip_estimate": 0}

    def size(request):
        sizes = request.sizes()
        return sizes["responseBodySize"] + sizes["responseHeadersSize"]

    for request in page_requests:
        path = request.url[len(url):].split("?")[0] or "index.html"
        cat = out["page"].setdefault(category(path), {"requests": 0, "bytes": 0})
        cat["requests"] += 1
        cat["bytes"] += size(request)
        if (DIST / path).is_file():
            out["gzip_estimate"] += len(zlib.compress((DIST / path).read_bytes(), 9))
    for request in sw_requests:
        out["service_worker"]["requests"] += 1
        out["service_worker"]["bytes"] += size(request)
    out["page_total"] = {
        "requests": sum(c["requests"] for c in out["page"].values()),
        "bytes": sum(c["bytes"] for c in out["page"].values()),
    }
    return out


def bench(runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    url, server = serve.start_server(port=0, directory=DIST)
    result = {"runs": runs, "load_average_before": [round(x, 1) for x in os.getloadavg()]}
    cold, warm, offline = [], [], []
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            progress("first visit")
            context = fresh_profile(pw, tmp, "first")
            result["chromium"] = context.browser.version if context.browser else None
            result["first_visit"] = first_visit_bytes(context, url)
            context.close()

            progress("cold x%d" % runs)
            for i in range(runs):  # cold: a brand-new profile each time
                context = fresh_profile(pw, tmp, "cold%d" % i, service_workers="block")
                cold.append(timed_ready(context.new_page(), url))
                context.close()

            progress("warm x%d" % runs)
            context = fresh_profile(pw, tmp, "warm", service_workers="block")
            page = context.new_page()
            timed_ready(page, url)  # prime the HTTP cache
            for _ in range(runs):
                warm.append(timed_ready(page, url))
            context.close()

            progress("offline x%d" % runs)
            context = fresh_profile(pw, tmp, "offline")
            page = context.new_page()
            timed_ready(page, url)
            wait_service_worker(page)
            context.set_offline(True)
            for _ in range(runs):
                offline.append(timed_ready(page, url))
            context.close()
    finally:
        server.shutdown()
    result["load_average_after"] = [round(x, 1) for x in os.getloadavg()]
    for name, values in (("cold", cold), ("warm", warm), ("offline", offline)):
        result[name] = {
            "median_s": round(statistics.median(values), 2),
            "min_s": round(min(values), 2),
            "max_s": round(max(values), 2),
        }
    return result


def report(r: dict) -> str:
    fv = r["first_visit"]
    lines = ["First visit (fresh profile), raw transfer sizes:"]
    for cat, c in sorted(fv["page"].items(), key=lambda kv: -kv[1]["bytes"]):
        lines.append("  %-30s %3d requests %10.2f MB" % (cat, c["requests"], c["bytes"] / 1e6))
    t = fv["page_total"]
    lines.append("  %-30s %3d requests %10.2f MB" % ("page total until ready", t["requests"], t["bytes"] / 1e6))
    lines.append("  %-30s %13s %10.2f MB" % ("same bodies, gzip -9 estimate", "", fv["gzip_estimate"] / 1e6))
    sw = fv["service_worker"]
    lines.append(
        "  %-30s %3d requests %10.3f MB" % ("service worker precache", sw["requests"], sw["bytes"] / 1e6)
    )
    lines.append(
        "Navigation -> data-ready, median of %d (min-max); load average before %s, after %s:"
        % (r["runs"], r["load_average_before"], r["load_average_after"])
    )
    for name, label in (("cold", "cold (fresh profile)"), ("warm", "warm (HTTP cache)"), ("offline", "offline (service worker)")):
        v = r[name]
        lines.append("  %-30s %5.2f s  (%.2f-%.2f)" % (label, v["median_s"], v["min_s"], v["max_s"]))
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Web page size and boot-time benchmark")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if not (DIST / "sw.js").is_file():
        print("dist/ is not built: run python3 scripts/build.py", file=sys.stderr)
        return 2
    faulthandler.dump_traceback_later(20 * 60, exit=True)  # never hang a terminal forever
    result = bench(args.runs)
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
