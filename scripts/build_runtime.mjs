// Build-time driver: runs scripts/runtime_compile.py inside Pyodide under Node.
//
//   node scripts/build_runtime.mjs CONFIG.json
//
// CONFIG.json (written by scripts/build.py) names the repository, the output folder and
// the game files; see runtime_compile.py for what is produced. Exit code 0 on success.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const HERE = dirname(fileURLToPath(import.meta.url));
const configPath = resolve(process.argv[2]);
const config = JSON.parse(readFileSync(configPath, "utf-8"));

/* PyScript writes its own Python package into the working directory at every start, from
 * sources embedded in its core chunk as an object literal {pyscript: {"__init__.py": "..."}}.
 * Extract them (exact bytes) so the build can analyse their imports and ship their .pyc. */
function extractPyscriptPackage(chunkPath, outDir) {
  const text = readFileSync(chunkPath, "utf-8");
  const start = text.indexOf('{pyscript:{"__init__.py"');
  if (start < 0) return 0;
  let depth = 0, i = start, quote = null;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) break;
  }
  const tree = new Function("return " + text.slice(start, i + 1))();
  let count = 0;
  const write = (dir, node) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === "string") {
        mkdirSync(dir, { recursive: true });
        writeFileSync(dir + "/" + name, value, "utf-8");
        count++;
      } else write(dir + "/" + name, value);
    }
  };
  write(outDir, tree);
  return count;
}
if (config.pyscript_chunk) {
  const count = extractPyscriptPackage(config.pyscript_chunk, config.pyscript_src_host);
  if (!count) throw new Error("no embedded pyscript package found in " + config.pyscript_chunk);
}

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
