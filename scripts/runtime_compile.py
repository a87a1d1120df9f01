"""Runs INSIDE Pyodide (under Node, driven by scripts/build_runtime.mjs) at build time.

Why inside Pyodide: the bytecode must be made by the exact Python (3.14, Pyodide's build)
that will load it in the browser, and the module analysis must see that Python's own
standard library. The host's CPython (3.11 on Netlify) can do neither.

What it does, given the paths in the JSON file named by sys.argv[1]:

1. The trim list, derived: an import graph (class Finder: every import statement,
   function-level and optional imports included, dead platform/__main__ branches not)
   run over
   * every module of the game packages (every screen, computer level and rule option is
     code under game/, so every import they can ever run is seen),
   * PyScript's own Python package (its sources from the npm package),
   * Pyodide's `pyodide` / `_pyodide` packages, and every module the runtime imported
     while starting (read from sys.modules before anything else is imported).
   Standard-library modules found that way are kept; everything else is left out.
2. The kept standard-library modules are compiled to `.pyc` (unchecked hash: the zip
   holds no sources, nothing to check against) with the file names Pyodide gives them
   (`/lib/python314.zip/...`), so tracebacks still name them.
3. PyScript's own package (the sources PyScript writes into the working directory at
   every start, extracted from its core chunk by the driver) is compiled the same way.
4. Every game `.py` file is compiled to `__pycache__/*.cpython-314.pyc` (checked hash:
   the source ships too, the loader checks the pyc against it and tracebacks show the
   source lines) with the path it will have in the browser (the working directory).

Output (under out_dir): stdlib/<path>.pyc, pack/<game path>/__pycache__/<name>.pyc and
analysis.json (the kept modules, the modules that were not found, the game modules that
can be imported before PyScript exists).
"""

import ast
import importlib.util
import json
import os
import py_compile
import sys
import zipfile

# Filled in by the driver before this file runs: modules present right after start-up.
STARTUP_MODULES = globals().get("STARTUP_MODULES", [])

cfg = json.load(open(sys.argv[1], encoding="utf-8"))
PROJECT = cfg["project"]            # the repository, mounted
OUT = cfg["out_dir"]                # mounted output folder
PYSCRIPT_SRC = cfg["pyscript_src"]  # folder holding the `pyscript` package sources (as embedded in PyScript)
GAME_FILES = cfg["game_files"]      # repository-relative .py paths (game/...)
RUNTIME_CWD = os.getcwd()          # Pyodide's working directory (the same in the browser)

# Packages whose function-level imports count too (a function of ours may run any
# time). In the standard library only imports made when a module is imported count:
# following every import inside every stdlib function (help() -> pydoc -> email, http,
# the REPL...) would ship a third more than the game can reach. The few stdlib
# functions the game calls that import lazily are covered by LAZY_STDLIB_PROBE below.
LAZY_ROOTS = {m.split("/")[0] for m in GAME_FILES} | {"pyscript"}
STD = "/tmp/stdlib-src"
STD_ZIP = "/lib/python%d%d.zip" % sys.version_info[:2]


def module_name(rel):
    parts = rel[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


class Finder:
    """Import graph from the AST of each module's source (like modulefinder, which
    this replaces because it cannot tell dead branches from live ones):

    * every `import x` / `from x import y` anywhere in a module (function bodies and
      try/except included: an import that may ever run is kept), where `y` may be a
      submodule;
    * EXCEPT in branches that cannot run in Pyodide, decided by evaluating the test
      with this interpreter's values: `if __name__ == "__main__":` (script-only code),
      `sys.platform ...` and `os.name ...` comparisons and `.startswith(...)` calls.
    """

    def __init__(self, path, lazy_roots=()):
        self.path = path
        self.lazy_roots = tuple(lazy_roots)  # whose function-level imports count
        self.modules = {}      # name -> source file
        self.importers = {}    # name -> {importing module}
        self.missing = set()

    def find(self, name):
        parts = name.split(".")
        for base in self.path:
            stem = os.path.join(base, *parts)
            for candidate in (os.path.join(stem, "__init__.py"), stem + ".py"):
                if os.path.isfile(candidate):
                    return candidate
        return None

    def add(self, name, importer=None):
        parts = name.split(".")
        for i in range(1, len(parts) + 1):  # a submodule import runs its parents
            self._add(".".join(parts[:i]), importer)

    def _add(self, name, importer):
        if importer:
            self.importers.setdefault(name, set()).add(importer)
        if name in self.modules or name in self.missing:
            return
        if name in sys.builtin_module_names:
            self.modules[name] = None
            return
        path = self.find(name)
        if path is None:
            self.missing.add(name)
            return
        self.modules[name] = path
        for dep in self.imports_of(name, path):
            self.add(dep, name)

    def imports_of(self, name, path):
        is_pkg = path.endswith("__init__.py")
        tree = ast.parse(open(path, "rb").read(), path)
        deps = []
        lazy = name.split(".")[0] in self.lazy_roots
        for node in live_nodes(tree, lazy):
            if isinstance(node, ast.Import):
                deps += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = name.split(".") if is_pkg else name.split(".")[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    mod = ".".join(base + ([node.module] if node.module else []))
                else:
                    mod = node.module
                deps.append(mod)
                for alias in node.names:
                    if alias.name != "*" and self.find(mod + "." + alias.name):
                        deps.append(mod + "." + alias.name)
        return deps


def static_value(node):
    """The value of a test made of constants, sys.platform, os.name and __name__ (as
    when imported); raises ValueError for anything else."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        if (node.value.id, node.attr) == ("sys", "platform"):
            return sys.platform
        if (node.value.id, node.attr) == ("os", "name"):
            return os.name
    if isinstance(node, ast.Name) and node.id == "__name__":
        return "<imported module>"
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        left, right = static_value(node.left), static_value(node.comparators[0])
        op = node.ops[0]
        if isinstance(op, ast.Eq):
            return left == right
        if isinstance(op, ast.NotEq):
            return left != right
        if isinstance(op, ast.In):
            return left in right
        if isinstance(op, ast.NotIn):
            return left not in right
    if isinstance(node, ast.Tuple):
        return tuple(static_value(e) for e in node.elts)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "startswith" and not node.keywords and len(node.args) == 1):
        return static_value(node.func.value).startswith(static_value(node.args[0]))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return not static_value(node.operand)
    if isinstance(node, ast.BoolOp):
        values = [static_value(v) for v in node.values]
        return all(values) if isinstance(node.op, ast.And) else any(values)
    raise ValueError("not static")


def live_nodes(node, into_functions=True):
    """ast.walk, skipping the branch of an `if` that cannot run here (and, unless
    into_functions, the bodies of functions: imports that run only when called)."""
    todo = [node]
    while todo:
        node = todo.pop()
        yield node
        if not into_functions and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.If):
            try:
                taken = node.body if static_value(node.test) else node.orelse
            except (ValueError, AttributeError, TypeError):
                todo.extend(ast.iter_child_nodes(node))
            else:
                todo.extend(taken)
            continue
        todo.extend(ast.iter_child_nodes(node))


def main():
    zipfile.ZipFile(STD_ZIP).extractall(STD)
    finder = Finder(path=[PROJECT, PYSCRIPT_SRC, STD], lazy_roots=LAZY_ROOTS)
    game_modules = [module_name(rel) for rel in GAME_FILES]
    pyscript_modules = ["pyscript"] + [
        "pyscript." + name[:-3]
        for name in sorted(os.listdir(os.path.join(PYSCRIPT_SRC, "pyscript")))
        if name.endswith(".py") and name != "__init__.py"
    ]
    runtime_modules = [m for m in STARTUP_MODULES if m not in sys.builtin_module_names]
    # Before anything else imports the game: the order in which the page imports it.
    preimport, imported_then = import_order(page_modules(game_modules))
    roots = game_modules + pyscript_modules + runtime_modules
    for name in roots:
        finder.add(name)  # JS modules (js, pyodide_js, polyscript) end up in `missing`

    kept = {}
    for name, path in finder.modules.items():
        if path and path.startswith(STD + "/"):
            kept[name] = os.path.relpath(path, STD)
    for name in sorted(set(lazy_stdlib_probe(game_modules)) | imported_then):
        path = finder.find(name)
        if path and path.startswith(STD + "/") and name not in kept:
            kept[name] = os.path.relpath(path, STD)
    missing = sorted(finder.missing)

    for _name, rel in sorted(kept.items()):
        py_compile.compile(
            os.path.join(STD, rel),
            cfile=os.path.join(OUT, "stdlib", rel + "c"),
            dfile="%s/%s" % (STD_ZIP, rel),
            doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            optimize=2,  # no docstrings or asserts: a third smaller, nothing reads them
        )
    for rel in GAME_FILES:
        runtime_path = "%s/%s" % (RUNTIME_CWD, rel)
        cache_rel = os.path.relpath(importlib.util.cache_from_source(runtime_path), RUNTIME_CWD)
        py_compile.compile(
            os.path.join(PROJECT, rel),
            cfile=os.path.join(OUT, "pack", cache_rel),
            dfile=runtime_path,
            doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
        )

    pyscript_dir = os.path.join(PYSCRIPT_SRC, "pyscript")
    for name in sorted(os.listdir(pyscript_dir)):
        if name.endswith(".py"):
            runtime_path = "%s/pyscript/%s" % (RUNTIME_CWD, name)
            py_compile.compile(
                os.path.join(pyscript_dir, name),
                cfile=os.path.join(OUT, "pack", os.path.relpath(importlib.util.cache_from_source(runtime_path), RUNTIME_CWD)),
                dfile=runtime_path,
                doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
            )

    json.dump(
        {
            "python": "%d.%d.%d" % sys.version_info[:3],
            "cache_tag": sys.implementation.cache_tag,
            "kept": kept,
            "not_found": missing,
            "preimport": preimport,
            "importers": {k: sorted(v) for k, v in finder.importers.items() if k in kept},
            "roots": roots,
        },
        open(os.path.join(OUT, "analysis.json"), "w", encoding="utf-8"),
        indent=1,
        sort_keys=True,
    )


def page_modules(game_modules):
    """The game modules the page imports while booting (and the memory snapshot holds):
    those its entry point reaches, except the entry points and any that reaches pyscript
    or js (they need PyScript to exist)."""
    reaches_js = {}

    def uses_js(name, seen=()):
        if name in reaches_js:
            return reaches_js[name]
        deps = finder_imports.get(name, set())
        result = any(d.split(".")[0] in ("pyscript", "js", "pyodide_js", "polyscript") for d in deps)
        if not result:
            result = any(uses_js(d, seen + (name,)) for d in deps if d in finder_imports and d not in seen)
        reaches_js[name] = result
        return result

    finder_imports = imports_by_module(game_modules)

    # Only what the page's entry point reaches: the command line, self-play and the
    # benchmarks are never imported in a browser, and every module imported on a first
    # visit costs the boot (the wasm runs at its baseline tier then).
    reached = set()
    todo = ["game.web.shell.main"]
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        todo.extend(d for d in finder_imports.get(name, ()) if d in finder_imports)
        parent = name.rpartition(".")[0]
        if parent:
            todo.append(parent)  # importing a submodule runs its packages' __init__
    preimport = [
        m for m in game_modules
        if m in reached and not m.endswith("__main__") and m != "game.web.shell.main" and not uses_js(m)
    ]
    return preimport


def import_order(names):
    """Import `names` (game modules) here and return, in the order their execution
    finished, every module that got imported meanwhile (game and standard library),
    plus that set. The boot imports the list one entry a step, in slices of ~40 ms
    (boot.template.mjs): dependencies come first, so each step runs one module's body,
    never a whole chain of them in one long task."""
    finished = []

    class Recorder:
        """A meta path finder that asks the others, then wraps the loader it gets."""

        @staticmethod
        def find_spec(fullname, path=None, target=None):
            for other in sys.meta_path:
                if other is Recorder or not hasattr(other, "find_spec"):
                    continue
                spec = other.find_spec(fullname, path, target)
                if spec is None:
                    continue
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = RecordingLoader(spec.loader)
                return spec
            return None

    class RecordingLoader:
        def __init__(self, loader):
            self._loader = loader

        def __getattr__(self, name):
            return getattr(self._loader, name)

        def create_module(self, spec):
            return self._loader.create_module(spec)

        def exec_module(self, module):
            self._loader.exec_module(module)
            finished.append(module.__name__)

    before = set(sys.modules)
    sys.path.insert(0, PROJECT)
    sys.meta_path.insert(0, Recorder)
    try:
        for name in names:
            __import__(name)
    finally:
        sys.meta_path.remove(Recorder)
        sys.path.remove(PROJECT)
    order = [m for m in finished if m in sys.modules and m not in before]
    missing = [m for m in names if m not in order]
    return order + missing, set(order) - set(names)


def lazy_stdlib_probe(game_modules):
    """LAZY_STDLIB_PROBE: run the game (not its screens, which need a browser: the e2e
    tests cover them) and report every module imported meanwhile. Catches the standard
    library's own function-level imports on the paths the game really takes: whole games
    with every rule option, a decision by every computer level, a traceback, saves."""
    import io
    import traceback

    before = set(sys.modules)
    sys.path.insert(0, PROJECT)
    try:
        for name in game_modules:
            if not name.endswith("__main__") and name != "game.web.shell.main":
                try:
                    __import__(name)
                except ImportError:
                    pass  # needs pyscript / js: only in the browser
        from game.ai import OFFERED
        from game.selfplay import selfplay

        options = {"progressive": True, "anti_trust": True, "secret_selection": True, "tie_break": False}
        selfplay(["random", "greedy"], 1, "probe", options)
        selfplay(["greedy", "random", "random"], 1, "probe", {})
        for level in OFFERED:
            try:
                level.make()
            except Exception:
                pass
        try:
            raise ValueError("probe")
        except ValueError:
            traceback.print_exc(file=io.StringIO())
    finally:
        sys.path.remove(PROJECT)
    return sorted(set(sys.modules) - before)


def imports_by_module(game_modules):
    """Module -> names it imports (top level and in functions), from the AST of its source."""
    import ast

    out = {}
    for name in game_modules:
        rel = name.replace(".", "/")
        path = os.path.join(PROJECT, rel, "__init__.py")
        if not os.path.exists(path):
            path = os.path.join(PROJECT, rel + ".py")
        is_pkg = path.endswith("__init__.py")
        tree = ast.parse(open(path, encoding="utf-8").read(), path)
        deps = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                deps.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = name.split(".") if is_pkg else name.split(".")[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    mod = ".".join(base + ([node.module] if node.module else []))
                else:
                    mod = node.module
                deps.add(mod)
                for alias in node.names:  # `from . import x` may name a submodule
                    deps.add(mod + "." + alias.name)
        out[name] = deps
    return out


main()
