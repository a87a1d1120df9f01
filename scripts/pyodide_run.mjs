// Run `python -m MODULE [ARGS...]` inside Pyodide under Node, with this repository mounted.
//
// Why: the engine must behave (and be measured) the same in the browser's Python as in
// CPython. This runs any of the project's command lines unchanged inside Pyodide, e.g.
//     node scripts/pyodide_run.mjs game selfplay --bots random,random,random,random --games 50
//     node scripts/pyodide_run.mjs game.ai.bench
// Standard output and the exit code are the command's own.

import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MOUNT = "/project";
const [module, ...args] = process.argv.slice(2);
if (!module) {
  console.error("usage: node scripts/pyodide_run.mjs MODULE [ARGS...]");
  process.exit(2);
}

const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
pyodide.FS.mkdirTree(MOUNT);
pyodide.mountNodeFS(MOUNT, ROOT);
pyodide.globals.set("run_module", module);
pyodide.globals.set("run_args", pyodide.toPy(args));
const code = pyodide.runPython(`
import os, runpy, sys
os.chdir(${JSON.stringify(MOUNT)})
sys.path.insert(0, ${JSON.stringify(MOUNT)})
sys.dont_write_bytecode = True
sys.argv = [run_module, *run_args]
try:
    runpy.run_module(run_module, run_name="__main__", alter_sys=True)
    exit_code = 0
except SystemExit as stop:
    exit_code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
exit_code
`);
process.exit(code);
