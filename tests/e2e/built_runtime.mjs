// Loads the BUILT runtime (dist/: the vendored Pyodide, the trimmed compiled stdlib zip
// and the game archive, exactly the files the browser gets) under Node and checks, in
// Python, that the game can run on it. Prints one JSON object; used by
// tests/e2e/test_built_runtime.py.
//   node tests/e2e/built_runtime.mjs DIST
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";

const dist = resolve(process.argv[2]);
const info = JSON.parse(readFileSync(join(dist, "build-info.json"), "utf-8"));
const runtime = join(dist, info.pyodide_dir);
const { loadPyodide } = await import(join(runtime, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: runtime + "/", stdLibURL: join(runtime, info.stdlib) });

// The game archive, unpacked as scripts/boot.template.mjs does in the browser.
const pack = new Uint8Array(gunzipSync(readFileSync(join(runtime, info.pack))));
const headerLength = new DataView(pack.buffer, pack.byteOffset).getUint32(0, true);
const index = JSON.parse(new TextDecoder().decode(pack.subarray(4, 4 + headerLength)));
let offset = 4 + headerLength;
const cwd = pyodide.FS.cwd();
for (const [path, size] of index) {
  const target = cwd + "/" + path;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, pack.subarray(offset, offset + size));
  offset += size;
}

pyodide.globals.set("GAME_FILES", pyodide.toPy(info.game_files));
const result = pyodide.runPython(`
import ast, importlib, json, sys, traceback, types

# PyScript's package only exists in a page: a stand-in whose every attribute is a
# callable dummy, so modules importing it can be imported (the e2e tests run the real one).
class _Dummy:
    def __call__(self, *a, **k): return _Dummy()
    def __getattr__(self, name): return _Dummy()
for name in ("pyscript", "pyscript.ffi", "pyscript.web"):
    module = types.ModuleType(name)
    module.__getattr__ = lambda attr: _Dummy()
    sys.modules[name] = module

out = {"imported": [], "failed": {}, "stdlib_imports": [], "missing_stdlib": {}, "pyc_used": True}
modules = []
for rel in GAME_FILES:
    if not rel.endswith(".py"):
        continue
    parts = rel[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    modules.append((".".join(parts), rel))

# 1. Every game module imports (the entry points run the app or the CLI: only compiled).
for name, rel in modules:
    if name.endswith("__main__") or name == "game.web.shell.main":
        compile(open(rel).read(), rel, "exec")
        continue
    try:
        importlib.import_module(name)
        out["imported"].append(name)
    except Exception as error:
        out["failed"][name] = "%s: %s" % (type(error).__name__, error)

# 2. Every module any game file imports anywhere (functions included) exists here.
own = {"game", "pyscript", "js", "pyodide", "__future__"}
for name, rel in modules:
    tree = ast.parse(open(rel).read(), rel)
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module]
        for target in names:
            if target.split(".")[0] in own:
                continue
            out["stdlib_imports"].append(target)
            try:
                importlib.import_module(target)
            except ImportError as error:
                out["missing_stdlib"][target] = "%s (in %s)" % (error, rel)

# 3. The game modules came from their compiled .pyc (no compiling at start-up).
import game.state
out["state_cached"] = game.state.__spec__.cached
out["state_loader"] = type(game.state.__spec__.loader).__name__
import os
out["state_pyc_exists"] = os.path.exists(game.state.__spec__.cached)

# 4. An error in game code still reports file, line and source text.
import game.save
try:
    game.save.load(42)
except Exception:
    out["traceback"] = traceback.format_exc()
out["cwd"] = os.getcwd()
json.dumps(out)
`);
console.log(result);
