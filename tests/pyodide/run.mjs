// Run pytest INSIDE Pyodide (the browser's Python, here under Node) on this project.
//
// Why: the game ships to browsers as Python 3.14 on Pyodide (WebAssembly), while
// the CPython test run uses the machine's Python. Running the same engine tests
// in the real target runtime catches what only differs there (no threads, no
// subprocess, emscripten platform, newer stdlib). See tests/pyodide/README.md.
//
// Usage (from the repository root, after `npm ci` and the wheel download that
// scripts/test.sh does):
//     node tests/pyodide/run.mjs                   # = pytest -q tests/engine tests/ai tests/web tests/pyodide
//     node tests/pyodide/run.mjs -q tests/engine -k scoring
// Exits with pytest's exit code (5 = no tests collected; scripts/test.sh accepts it),
// or 3 if the interpreter itself died (the message names the test that was running).
//
// Environment:
//     PYODIDE_WHEELS   folder of pure-Python wheels (default .cache/pyodide-wheels)
//     MANHATTAN_*, HYPOTHESIS_*, CI   passed through to Python's os.environ

import { readFileSync, readdirSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WHEELS = resolve(process.env.PYODIDE_WHEELS || join(ROOT, ".cache", "pyodide-wheels"));
const MOUNT = "/project";
const DEFAULT_ARGS = ["-q", "tests/engine", "tests/ai", "tests/web", "tests/pyodide"];

function fail(message) {
  console.error(`tests/pyodide/run.mjs: ${message}`);
  process.exit(2);
}

if (!existsSync(WHEELS)) {
  fail(`no wheel folder ${WHEELS}: run scripts/test.sh (it downloads them) first`);
}
const wheels = readdirSync(WHEELS).filter((name) => name.endsWith(".whl")).sort();
if (!wheels.some((name) => name.startsWith("pytest-"))) fail(`no pytest wheel in ${WHEELS}`);
const impure = wheels.filter((name) => !name.endsWith("-none-any.whl"));
if (impure.length) fail(`not pure-Python wheels (Pyodide cannot load them): ${impure.join(", ")}`);

const env = { HOME: "/home/pyodide" };
for (const [key, value] of Object.entries(process.env)) {
  if (key.startsWith("MANHATTAN_") || key.startsWith("HYPOTHESIS_") || key === "CI") env[key] = value;
}

const started = Date.now();
const pyodide = await loadPyodide({ env });
// Raw writes keep pytest's progress dots on one line.
const sink = (stream) => ({
  write: (bytes) => {
    stream.write(bytes);
    return bytes.length;
  },
});
pyodide.setStdout(sink(process.stdout));
pyodide.setStderr(sink(process.stderr));

const purelib = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
for (const name of wheels) {
  // unpackArchive needs a Uint8Array: a Node Buffer is rejected.
  const bytes = new Uint8Array(readFileSync(join(WHEELS, name)));
  pyodide.unpackArchive(bytes, "wheel", { extractDir: purelib });
}

pyodide.FS.mkdirTree(MOUNT);
pyodide.mountNodeFS(MOUNT, ROOT);

const args = process.argv.slice(2);
pyodide.globals.set("pytest_args", pyodide.toPy(args.length ? args : DEFAULT_ARGS));
const booted = ((Date.now() - started) / 1000).toFixed(1);
console.log(`Pyodide ${pyodide.version} (Python ${pyodide.runPython("import sys; sys.version.split()[0]")}) ready in ${booted} s; ${wheels.length} wheels from ${WHEELS}`);

// A tiny plugin publishes the running test's id to JavaScript: if the interpreter
// dies (a "fatal error", e.g. the WebAssembly stack overflows on very deep C
// recursion), we can still say which test killed it.
let code;
try {
  code = pyodide.runPython(`
import os, sys
import js
os.chdir(${JSON.stringify(MOUNT)})
sys.path.insert(0, ${JSON.stringify(MOUNT)})
sys.dont_write_bytecode = True   # no cpython-314 .pyc files in the working tree
import pytest

class _PublishCurrentTest:
    def pytest_runtest_logstart(self, nodeid, location):
        js.globalThis.pytestCurrentTest = nodeid

int(pytest.main(["-p", "no:cacheprovider", *pytest_args], plugins=[_PublishCurrentTest()]))
`);
} catch (error) {
  const where = globalThis.pytestCurrentTest || "(before any test started)";
  console.error(`\nPyodide died (${error.name}: ${error.message}) while running:\n    ${where}`);
  console.error("Deselect it to see the other results: node tests/pyodide/run.mjs -q tests/engine --deselect '<id>'");
  process.exit(3);
}
process.exit(code);
