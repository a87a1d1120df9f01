// Time the page's post-game review inside Pyodide (the thinking worker's Python), under Node.
//
// Why: the review's requests are answered in the page's worker, by Pyodide (WebAssembly),
// not by CPython; its time for a whole game is the figure a person waits for, and how it
// compares with another version's is only known when measured there.
//
//     node scripts/bench_coach_pyodide.mjs [--code DIR] ARGS...
//         runs scripts/bench_coach.py ARGS (e.g. `--review-time 2 --sizes 4`) with the game
//         code of the checkout DIR (default: this repository)
//     node scripts/bench_coach_pyodide.mjs --side-by-side DIR [--sizes 2 3 4] [--games 3]
//             [--first 0] [--repeats 3]
//         this repository's review and DIR's, each in its own Pyodide in this one process,
//         on the same games (bench_coach.py's `--review-time` games): each game is played in
//         both, then its review timed `--repeats` times in each, alternating (the order
//         swapped every repeat), so both meet the same load. Prints one JSON line per
//         timing, then per size the mean seconds of each and the ratio (this / DIR): the
//         geometric mean of the paired ratios with its 95 % interval.
//
// Times are the CPU seconds of Node's main thread, which runs Python (user + system, from
// /proc; elsewhere the whole process's): Pyodide's own time.process_time is wall time,
// which a busy machine inflates, and the process's CPU time includes V8's background
// threads compiling and tiering up the WebAssembly, which vary from run to run. Each
// Pyodide reviews one game before any timing (the warm-up).

import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MAIN_THREAD_STAT = `/proc/self/task/${process.pid}/stat`;
const TICKS_PER_SECOND = 100;

function cpuSeconds() {
  if (existsSync(MAIN_THREAD_STAT)) {
    // fields after the command's closing parenthesis: state is the 3rd, utime the 14th
    const fields = readFileSync(MAIN_THREAD_STAT, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  }
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** A Pyodide with scripts/bench_coach.py loaded as the module `bench` over `code`'s game. */
async function benchIn(code) {
  const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
  pyodide.globals.set("node_cpu_seconds", cpuSeconds);
  pyodide.FS.mkdirTree("/project");
  pyodide.mountNodeFS("/project", ROOT);
  pyodide.FS.mkdirTree("/code");
  pyodide.mountNodeFS("/code", code);
  pyodide.runPython(`
import sys, types
sys.dont_write_bytecode = True
# The script puts its file's checkout first on sys.path: run it as if it lay in /code, so
# the game code imported is that checkout's.
source = open("/project/scripts/bench_coach.py").read()
bench = types.ModuleType("bench_coach")
bench.__file__ = "/code/scripts/bench_coach.py"
sys.modules["bench_coach"] = bench
exec(compile(source, "/project/scripts/bench_coach.py", "exec"), bench.__dict__)
bench.CLOCK = node_cpu_seconds
games = {}
`);
  return pyodide;
}

function option(args, name, fallback) {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const values = [];
  for (let k = at + 1; k < args.length && !args[k].startsWith("--"); k++) values.push(args[k]);
  return values;
}

const args = process.argv.slice(2);
const against = option(args, "--side-by-side", null);
if (against === null) {
  const codeAt = args.indexOf("--code");
  let code = ROOT;
  if (codeAt >= 0) {
    code = resolve(args[codeAt + 1]);
    args.splice(codeAt, 2);
  }
  const pyodide = await benchIn(code);
  pyodide.globals.set("bench_args", pyodide.toPy(args));
  pyodide.runPython(`sys.argv = ["bench_coach.py", *bench_args]; bench.main()`);
  process.exit(0);
}

const sizes = option(args, "--sizes", ["2", "3", "4"]).map(Number);
const games = Number(option(args, "--games", ["3"])[0]);
const first = Number(option(args, "--first", ["0"])[0]);
const repeats = Number(option(args, "--repeats", ["3"])[0]);
const versions = { this: await benchIn(ROOT), other: await benchIn(resolve(against[0])) };
const timeReview = (name, n, g) =>
  JSON.parse(versions[name].runPython(`
key = (${n}, ${g})
if key not in games:
    games[key] = bench.timing_game(*key)
import json
json.dumps(bench.time_review(*games[key]))
`));
for (const name of Object.keys(versions)) timeReview(name, sizes[0], first); // warm-up

const summary = {};
for (const n of sizes) {
  const logRatios = [];
  const totals = { this: 0, other: 0 };
  for (let g = first; g < first + games; g++) {
    for (let r = 0; r < repeats; r++) {
      const order = (g + r) % 2 ? ["other", "this"] : ["this", "other"];
      const seconds = {};
      for (const name of order) {
        const timing = timeReview(name, n, g);
        seconds[name] = timing.seconds;
        totals[name] += timing.seconds;
        console.log(JSON.stringify({ code: name, players: n, game: g, repeat: r, ...timing }));
      }
      logRatios.push(Math.log(seconds.this / seconds.other));
    }
  }
  const k = logRatios.length;
  const mean = logRatios.reduce((a, b) => a + b, 0) / k;
  const sd = Math.sqrt(logRatios.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, k - 1));
  const half = (1.96 * sd) / Math.sqrt(k);
  const round = (x) => Math.round(x * 1000) / 1000;
  summary[n] = {
    timings: k,
    this_mean_seconds: round(totals.this / k),
    other_mean_seconds: round(totals.other / k),
    ratio: round(Math.exp(mean)),
    ratio_interval: [round(Math.exp(mean - half)), round(Math.exp(mean + half))],
  };
}
console.log(JSON.stringify({ runtime: `Pyodide ${versions.this.version}`, other: against[0], summary }, null, 1));
