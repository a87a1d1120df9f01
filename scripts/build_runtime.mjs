// Build-time driver: runs scripts/runtime_compile.py inside Pyodide under Node.
//
//   node scripts/build_runtime.mjs CONFIG.json
//
// CONFIG.json (written by scripts/build.py) names the repository, the output folder and
// the game files; see runtime_compile.py for what is produced. Exit code 0 on success.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const HERE = dirname(fileURLToPath(import.meta.url));
const configPath = resolve(process.argv[2]);
const config = JSON.parse(readFileSync(configPath, "utf-8"));

const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
// What the runtime itself imported while starting, before anything of ours runs.
const startup = pyodide.runPython("import sys; sorted(sys.modules)").toJs();
const mounts = { [config.project]: config.project_host, [config.out_dir]: config.out_host,
  [config.pyscript_src]: config.pyscript_src_host, "/build-config": dirname(configPath),
  "/build-scripts": HERE };
for (const [where, host] of Object.entries(mounts)) {
  pyodide.FS.mkdirTree(where);
  pyodide.mountNodeFS(where, host);
}
pyodide.globals.set("STARTUP_MODULES", pyodide.toPy(startup));
pyodide.runPython(`
import sys
sys.argv = ["runtime_compile.py", "/build-config/${configPath.split("/").pop()}"]
sys.dont_write_bytecode = True
exec(compile(open("/build-scripts/runtime_compile.py").read(), "runtime_compile.py", "exec"), globals())
`);
