// Measure the computer players' speed inside Pyodide (the browser's Python), under Node.
//
// Why: the search runs on the page's main thread in PyScript, and Pyodide (WebAssembly)
// is slower than CPython; the levels' budgets must be chosen with the real figures.
// It runs game/ai/bench.py, the same code `python -m game.ai.bench` runs in CPython,
// and prints its JSON. Usage (repository root, after `npm ci`):
//     node scripts/bench_ai_pyodide.mjs            # full benchmark
//     node scripts/bench_ai_pyodide.mjs --quick    # fewer iterations, no per-level timing
//     node scripts/bench_ai_pyodide.mjs --decisions [LEVEL [PLAYERS...]]
//         # seconds per decision of LEVEL (default game.ai.STRONGEST) over whole games
//         # against `heuristic` players: median, p95, max (selections included)

import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MOUNT = "/project";
const quick = process.argv.includes("--quick");
const decisionsAt = process.argv.indexOf("--decisions");
const decisionArgs = decisionsAt >= 0 ? process.argv.slice(decisionsAt) : null;

const pyodide = await loadPyodide();
// Node's CPU clock for this process (user + system), in seconds: Pyodide's own
// time.process_time is wall time, which a busy machine inflates.
pyodide.globals.set("node_cpu_seconds", () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
});
pyodide.FS.mkdirTree(MOUNT);
pyodide.mountNodeFS(MOUNT, ROOT);
const out = pyodide.runPython(`
import json, sys
sys.path.insert(0, ${JSON.stringify(MOUNT)})
sys.dont_write_bytecode = True
from game.ai.bench import benchmark, main
decision_args = ${JSON.stringify(decisionArgs)}
if decision_args:
    result = {"decision_times": json.loads(main(decision_args, clock=node_cpu_seconds))}
else:
    result = benchmark(${quick ? "iterations=60, playouts=3, levels=False, " : ""}clock=node_cpu_seconds)
result["clock"] = "Node process.cpuUsage (CPU seconds)"
result["runtime"] = "Pyodide " + ${JSON.stringify(pyodide.version)} + " (Python " + sys.version.split()[0] + ")"
json.dumps(result, indent=1)
`);
console.log(out);
