#!/usr/bin/env python3
"""Boot benchmark: the game against the bare runtime it is built from (not a test).

Why ratios: the machine is shared (2 cores, other engineers' suites), so absolute times
swing by 2x between runs. Three pages are opened interleaved, the order rotated each
round, and the figure that counts is game / bare runtime measured side by side:

* game          the built site (dist/), exactly as deployed;
* bare-pyodide  a page that imports the same vendored `pyodide.mjs`, calls `loadPyodide()`
                (the npm package's own `python_stdlib.zip`, as vendored before) and runs one
                line of Python (it sets html[data-ready]);
* bare-pyscript the same vendored PyScript core running one inline line of Python on the
                same vendored Pyodide;
* game-floor    (cold starts only) the game's page and boot exactly as built, but importing
                none of the game: the boot module's import list emptied and a one-line
                entry point. It is what a cold start costs before any game code runs, so
                floor / bare is the best ratio a cold start can reach with this runtime.

The reference pages live beside dist/ in a temporary folder (symlinks to dist/ plus
`vendor/bench-*` links to the same runtime files), served by scripts/serve.py, so they get
the production headers (the immutable cache rule of /vendor/* included).

Starts, each measured --runs times per page (default 5):
  cold     a fresh on-disk browser profile (empty HTTP cache, no snapshot, SW blocked);
  warm     the same profile again after one priming visit (HTTP cache; for the game also
           the memory snapshot the first visit made), service workers blocked;
  offline  service worker active (a tiny cache-first one for the reference pages),
           network switched off.

Inside the page (an init script): first contentful paint (loading screen painted), when
`WebAssembly.instantiate*` resolved (wasm compiled), the boot module's marks
`boot:python-ready` / `boot:game-imported`, and html[data-ready=true] (first screen drawn,
answering taps): all from navigation start. A long-task observer lists main-thread tasks;
tasks over 200 ms after the first paint are reported, except the interpreter's own start
(the task during which `loadPyodide` resolved, i.e. wasm instantiation + Python start or
snapshot restore). Bytes: every response body of the first cold visit until ready.

    .venv/bin/python scripts/bench_boot.py [--runs 5] [--json]
Results: docs/performance.md, "Boot".
"""

from __future__ import annotations

import argparse
import faulthandler
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

import serve  # noqa: E402
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, DIST, wait_service_worker  # noqa: E402

PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
PAGES = ["game", "bare-pyodide", "bare-pyscript"]
COLD_PAGES = PAGES + ["game-floor"]
LONG_TASK_MS = 200

INIT_SCRIPT = """
(() => {
  const boot = (window.__bench = { longtasks: [], wasm: null, ready: null });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) boot.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
  // The runtime's module is the one compiled from a streamed response (or from more
  // than 1 MB of bytes); emscripten's tiny helper modules are not counted.
  for (const name of ["instantiateStreaming", "instantiate"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (source, ...rest) {
      const big = name === "instantiateStreaming" || (source && source.byteLength > 1e6);
      return original.call(this, source, ...rest).then((result) => {
        if (big && boot.wasm === null) boot.wasm = performance.now();
        return result;
      });
    };
  }
  for (const name of ["py:ready", "py:done"]) {
    addEventListener(name, () => performance.mark("bench:" + name), true);
  }
  const check = () => {
    if (boot.ready === null && document.documentElement && document.documentElement.getAttribute("data-ready") === "true")
      boot.ready = performance.now();
  };
  new MutationObserver(check).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
})();
"""

COLLECT = """
() => {
  const b = window.__bench;
  const mark = (n) => { const m = performance.getEntriesByName(n, "mark"); return m.length ? m[0].startTime : null; };
  const fcp = performance.getEntriesByName("first-contentful-paint");
  return { ready: b.ready, wasm: b.wasm, fcp: fcp.length ? fcp[0].startTime : null,
           python_start: mark("boot:python-start"), python: mark("boot:python-ready"),
           imported: mark("boot:game-imported"), main_start: mark("bench:py:ready"),
           snapshot: document.documentElement.getAttribute("data-boot-snapshot"),
           longtasks: b.longtasks };
}
"""

BARE_PYODIDE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare loadPyodide</title>
<script type="module" src="./bench-bare-pyodide.js"></script></head>
<body><h1>Loading the bare runtime</h1></body></html>
"""
BARE_PYODIDE_JS = """import { loadPyodide } from "./vendor/bench-pyodide/pyodide.mjs";
performance.mark("boot:python-start");
const pyodide = await loadPyodide();
performance.mark("boot:python-ready");
pyodide.runPython("import js; js.document.documentElement.setAttribute('data-ready', 'true')");
"""
BARE_PYSCRIPT_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare PyScript</title>
<script type="module" src="./vendor/bench-pyscript/core.js"></script></head>
<body><h1>Loading bare PyScript</h1>
<script type="py" config="./bench-bare-pyscript.toml">
from pyscript import document; document.documentElement.setAttribute("data-ready", "true")
</script></body></html>
"""
BARE_PYSCRIPT_TOML = 'interpreter = "./vendor/bench-pyodide/pyodide.mjs"\n'
FLOOR_MAIN = 'from pyscript import document; document.documentElement.setAttribute("data-ready", "true")\n'
# Cache-first service worker for the reference pages' offline runs.
BARE_SW = """const CACHE = "bench-ref";
const FILES = %s;
self.addEventListener("install", (e) => e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting())));
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  e.respondWith(caches.open(CACHE).then((c) => c.match(e.request, { ignoreSearch: true })).then((hit) => hit || fetch(e.request)));
});
"""
BARE_SW_REGISTER = "navigator.serviceWorker.register('./bench-sw.js')"


def progress(message: str) -> None:
    print("bench: " + message, file=sys.stderr, flush=True)


def make_site(tmp: Path) -> dict:
    """dist/ (symlinked) plus the two reference pages on the same vendored runtime."""
    site = tmp / "site"
    site.mkdir()
    for entry in DIST.iterdir():
        (site / entry.name).symlink_to(entry)
    info = json.loads((DIST / "build-info.json").read_text(encoding="utf-8"))
    vendor = tmp / "vendor"
    vendor.mkdir()
    for entry in (DIST / "vendor").iterdir():
        (vendor / entry.name).symlink_to(entry)
    site.joinpath("vendor").unlink()
    site.joinpath("vendor").symlink_to(vendor)
    bare = vendor / "bench-pyodide"
    bare.mkdir()
    game_runtime = DIST / info["pyodide_dir"]
    for name in ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"]:
        (bare / name).symlink_to(game_runtime / name)  # the very files the game ships
    (bare / "python_stdlib.zip").symlink_to(PYODIDE_NPM / "python_stdlib.zip")
    (vendor / "bench-pyscript").symlink_to(DIST / info["pyscript_dir"])
    (site / "bench-bare-pyodide.html").write_text(BARE_PYODIDE_HTML)
    (site / "bench-bare-pyodide.js").write_text(BARE_PYODIDE_JS)
    (site / "bench-bare-pyscript.html").write_text(BARE_PYSCRIPT_HTML)
    (site / "bench-bare-pyscript.toml").write_text(BARE_PYSCRIPT_TOML)
    files = ["./bench-bare-pyodide.html", "./bench-bare-pyodide.js", "./bench-bare-pyscript.html",
             "./bench-bare-pyscript.toml"]
    files += ["./vendor/bench-pyodide/" + p.name for p in bare.iterdir()]
    files += ["./vendor/bench-pyscript/" + p.name for p in (DIST / info["pyscript_dir"]).iterdir()]
    (site / "bench-sw.js").write_text(BARE_SW % json.dumps(files))
    make_floor_page(site, vendor, info)
    runtime_files = [PYODIDE_NPM / n for n in ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs",
                                                 "pyodide.mjs", "pyodide-lock.json"]]
    runtime_files += list((DIST / info["pyscript_dir"]).iterdir())
    return {"site": site, "info": info, "runtime_bytes": sum(p.stat().st_size for p in runtime_files)}


def make_floor_page(site: Path, vendor: Path, info: dict) -> None:
    """The game's page and boot module with nothing of the game imported (see the top)."""
    runtime = DIST / info["pyodide_dir"]
    floor = vendor / "bench-floor"
    floor.mkdir()
    boot_name = info["boot"]
    for entry in runtime.iterdir():
        if entry.name != boot_name:
            (floor / entry.name).symlink_to(entry)
    boot = (runtime / boot_name).read_text(encoding="utf-8")
    start = boot.index('"preimport": [')
    end = boot.index("]", start)
    (floor / boot_name).write_text(boot[:start] + '"preimport": [' + boot[end:], encoding="utf-8")
    page = (DIST / "index.html").read_text(encoding="utf-8")
    old_boot = "./%s/%s" % (info["pyodide_dir"], boot_name)
    old_main = 'src="./game/web/shell/main.py" config="./pyscript.toml"'
    if old_boot not in page or page.count(old_main) != 1:
        raise RuntimeError("index.html no longer names the boot module and main.py as expected")
    page = page.replace(old_boot, "./vendor/bench-floor/" + boot_name)  # the script and its preload
    page = page.replace(old_main, 'src="./bench-floor.py" config="./bench-floor.toml"')
    (site / "bench-floor.html").write_text(page, encoding="utf-8")
    (site / "bench-floor.toml").write_text('interpreter = "./vendor/bench-floor/%s"\n' % boot_name)
    (site / "bench-floor.py").write_text(FLOOR_MAIN)


def page_path(kind: str) -> str:
    return {"game": "", "bare-pyodide": "bench-bare-pyodide.html", "bare-pyscript": "bench-bare-pyscript.html",
            "game-floor": "bench-floor.html"}[kind]


class Profile:
    """One on-disk browser profile (a real HTTP disk cache) showing one page kind."""

    def __init__(self, pw, tmp: Path, name: str, url: str, kind: str, service_workers: str):
        self.context = pw.chromium.launch_persistent_context(
            str(tmp / name), executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers=service_workers
        )
        self.context.add_init_script(INIT_SCRIPT)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.url = url + page_path(kind)
        self.kind = kind
        self.bodies = []
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text[:500]))

    def load(self) -> dict:
        self.page.goto(self.url)
        try:
            self.page.wait_for_function("window.__bench && window.__bench.ready !== null", timeout=120_000, polling=50)
        except Exception:
            raise RuntimeError("%s never got ready: %s" % (self.url, self.errors)) from None
        return self.page.evaluate(COLLECT)

    def record_bytes(self) -> None:
        self.page.on("requestfinished", lambda r: self.bodies.append((r.url, r.sizes()["responseBodySize"])))

    def wait_snapshot_stored(self) -> None:
        if self.kind == "game":
            self.page.wait_for_function(
                "document.documentElement.hasAttribute('data-boot-snapshot-stored')", timeout=120_000, polling=200
            )
            stored = self.page.get_attribute("html", "data-boot-snapshot-stored")
            if stored != "stored":
                raise RuntimeError("snapshot not stored: %s" % stored)

    def setup_offline(self) -> None:
        if self.kind == "game":
            wait_service_worker(self.page)
        else:
            self.page.evaluate(BARE_SW_REGISTER)
            self.page.wait_for_function(
                "navigator.serviceWorker.controller !== null", timeout=30_000, polling=200
            )
        self.context.set_offline(True)

    def close(self) -> None:
        self.context.close()


def analyse(sample: dict) -> dict:
    """Times from navigation start; long tasks after the first paint except the
    interpreter's start (the task in which loadPyodide resolved)."""
    python_at = sample["python"]
    tasks = [(s, d) for s, d in sample["longtasks"]]
    if python_at is not None and sample["python_start"] is not None:
        # Every task that started while loadPyodide was running is the interpreter's start.
        interp = [t for t in tasks if sample["python_start"] <= t[0] <= python_at]
    else:  # bare PyScript: no marks; its longest task is the interpreter's start
        interp = [max(tasks, key=lambda t: t[1])] if tasks else []
    fcp = sample["fcp"] or 0
    other = [(round(s), round(d)) for s, d in tasks if s >= fcp and d > LONG_TASK_MS and (s, d) not in interp]
    return {
        "ready": sample["ready"] / 1000,
        "fcp": (sample["fcp"] or 0) / 1000,
        "wasm": (sample["wasm"] or 0) / 1000,
        "python": (python_at or 0) / 1000,
        "imported": (sample["imported"] or 0) / 1000,
        "interpreter_task_ms": round(max((d for _, d in interp), default=0)),
        "other_long_tasks_ms": [d for _, d in other],
        "other_long_tasks": [
            "%d ms at %.2f s (%s)" % (d, s / 1000, "after main.py started" if sample["main_start"] and s >= sample["main_start"] else "before main.py")
            for s, d in other
        ],
        "main_start": (sample["main_start"] or 0) / 1000,
        "snapshot": sample["snapshot"],
    }


def rotated(i: int, pages: list = PAGES) -> list:
    return pages[i % len(pages):] + pages[: i % len(pages)]


def bench(runs: int, modes: tuple[str, ...] = ("cold", "warm", "offline")) -> dict:
    from playwright.sync_api import sync_playwright

    result = {"runs": runs, "load_average_before": [round(x, 2) for x in os.getloadavg()]}
    samples = {mode: {k: [] for k in (COLD_PAGES if mode == "cold" else PAGES)} for mode in modes}
    with tempfile.TemporaryDirectory(prefix="bench-boot-") as tmp:
        tmp = Path(tmp)
        built = make_site(tmp)
        url, server = serve.start_server(port=0, directory=built["site"])
        result["runtime_files_bytes"] = built["runtime_bytes"]
        try:
            with sync_playwright() as pw:
                progress("cold x%d (fresh profile per load)" % runs)
                for i in range(runs if "cold" in modes else 0):
                    for kind in rotated(i, COLD_PAGES):
                        profile = Profile(pw, tmp, "cold-%s-%d" % (kind, i), url, kind, "block")
                        if i == 0:
                            profile.record_bytes()
                        samples["cold"][kind].append(analyse(profile.load()))
                        if i == 0 and kind in PAGES:
                            result.setdefault("first_visit_bytes", {})[kind] = sum(b for _, b in profile.bodies)
                            result.setdefault("first_visit_requests", {})[kind] = len(profile.bodies)
                        profile.close()

                for mode in [m for m in ("warm", "offline") if m in modes]:
                    progress("%s x%d" % (mode, runs))
                    profiles = {}
                    for kind in PAGES:
                        sw = "block" if mode == "warm" else "allow"
                        profile = Profile(pw, tmp, "%s-%s" % (mode, kind), url, kind, sw)
                        profile.load()  # the first visit
                        profile.wait_snapshot_stored()
                        if mode == "offline":
                            profile.setup_offline()
                        profiles[kind] = profile
                    for i in range(runs):
                        for kind in rotated(i):
                            samples[mode][kind].append(analyse(profiles[kind].load()))
                    for profile in profiles.values():
                        if profile.errors:
                            result.setdefault("page_errors", []).extend(profile.errors)
                        profile.close()
        finally:
            server.shutdown()
    result["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    result["samples"] = samples
    result["summary"] = summarise(samples)
    return result


def summarise(samples: dict) -> dict:
    out = {}
    for mode, by_kind in samples.items():
        row = {}
        for kind, values in by_kind.items():
            med = lambda key, values=values: round(statistics.median(v[key] for v in values), 3)  # noqa: E731
            row[kind] = {
                "ready_s": med("ready"), "fcp_s": med("fcp"), "wasm_s": med("wasm"),
                "python_s": med("python"), "imported_s": med("imported"),
                "min_s": round(min(v["ready"] for v in values), 3),
                "max_s": round(max(v["ready"] for v in values), 3),
                "interpreter_task_ms": statistics.median(v["interpreter_task_ms"] or 0 for v in values),
                "other_long_tasks_ms": sorted(t for v in values for t in v["other_long_tasks_ms"]),
                "other_long_tasks": [t for v in values for t in v["other_long_tasks"]],
                "main_s": med("main_start"),
                "snapshot": sorted({str(v["snapshot"]) for v in values}),
            }
        # Ratio of medians, and the median of the per-round ratios (same round = same load).
        for ref in ("bare-pyodide", "bare-pyscript"):
            row["ratio_vs_" + ref] = round(row["game"]["ready_s"] / row[ref]["ready_s"], 2)
            per_round = [g["ready"] / r["ready"] for g, r in zip(by_kind["game"], by_kind[ref])]
            row["round_ratio_vs_" + ref] = round(statistics.median(per_round), 2)
            if "game-floor" in by_kind:
                row["floor_ratio_vs_" + ref] = round(row["game-floor"]["ready_s"] / row[ref]["ready_s"], 2)
        out[mode] = row
    return out


def report(r: dict) -> str:
    lines = ["load average before %s, after %s; %d runs per page and mode"
             % (r["load_average_before"], r["load_average_after"], r["runs"])]
    if "first_visit_bytes" not in r:  # no cold start measured
        r = dict(r, first_visit_bytes={"game": 0}, first_visit_requests={"game": 0})
    lines.append("first visit (cold, until ready), response bodies: " + ", ".join(
        "%s %.2f MB in %d requests" % (k, v / 1e6, r["first_visit_requests"][k]) for k, v in r["first_visit_bytes"].items()))
    lines.append("today's runtime files alone (wasm, python_stdlib.zip, pyodide*.mjs, lock, PyScript chunks): "
                 "%.2f MB; game first visit / that = %.2f"
                 % (r["runtime_files_bytes"] / 1e6, r["first_visit_bytes"]["game"] / r["runtime_files_bytes"]))
    for mode, row in r["summary"].items():
        lines.append("")
        lines.append("%s: ready game / bare-pyodide = %.2f (per-round median %.2f), game / bare-pyscript = %.2f (%.2f)"
                     % (mode, row["ratio_vs_bare-pyodide"], row["round_ratio_vs_bare-pyodide"],
                        row["ratio_vs_bare-pyscript"], row["round_ratio_vs_bare-pyscript"]))
        if "floor_ratio_vs_bare-pyodide" in row:
            lines.append("  game-floor (no game code) / bare-pyodide = %.2f, / bare-pyscript = %.2f: the best a %s start can reach"
                         % (row["floor_ratio_vs_bare-pyodide"], row["floor_ratio_vs_bare-pyscript"], mode))
        lines.append("  %-14s %7s %7s %7s %7s %7s %7s %13s %9s  %s" % (
            "page", "paint", "wasm", "python", "import", "main.py", "ready", "min-max", "interp.",
            "other long tasks > 200 ms after the paint"))
        for kind in [k for k in COLD_PAGES if k in row]:
            v = row[kind]
            lines.append("  %-14s %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %6.2f-%-6.2f %6.0f ms  %s %s" % (
                kind, v["fcp_s"], v["wasm_s"], v["python_s"], v["imported_s"], v["main_s"], v["ready_s"],
                v["min_s"], v["max_s"], v["interpreter_task_ms"], "; ".join(v["other_long_tasks"]) or "none",
                ("[snapshot: " + "/".join(v["snapshot"]) + "]") if kind == "game" else ""))
    if r.get("page_errors"):
        lines.append("page errors: %s" % r["page_errors"])
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Boot benchmark: game vs bare runtime")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print JSON (with every sample)")
    parser.add_argument("--modes", default="cold,warm,offline",
                        help="which starts to measure, comma-separated (default: all three)")
    args = parser.parse_args(argv)
    if not (DIST / "build-info.json").is_file():
        print("dist/ is not built: run python3 scripts/build.py", file=sys.stderr)
        return 2
    faulthandler.enable()  # a stuck run killed with SIGABRT says where it was
    faulthandler.dump_traceback_later(40 * 60, exit=True)
    result = bench(args.runs, tuple(m for m in args.modes.split(",") if m))
    print(json.dumps(result, indent=1) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
