#!/usr/bin/env python3
"""Build the publishable static site into dist/ (stdlib only, Python 3.8+).

Why a script of our own instead of a bundler: the site is a handful of static
files plus the PyScript/Pyodide runtime from node_modules; everything that can
drift must be computed, not hand-maintained:

* The Python side is prepared for a fast start (docs/performance.md, "Boot"):
  scripts/build_runtime.mjs runs scripts/runtime_compile.py inside Pyodide under
  Node, which derives the standard-library modules the game, PyScript and Pyodide
  can import (static analysis of every game module: nothing hand-kept) and compiles
  them, and every game file, with Pyodide's own Python 3.14. The build packs them
  into a trimmed `stdlib-<hash>.zip` (.pyc only) and a `game-<hash>.pack` (gzip:
  every file under game/ and locale/, sources + __pycache__ .pyc), and writes the
  interpreter module `boot-<hash>.mjs` (scripts/boot.template.mjs) that PyScript
  loads: it passes the zip to Pyodide, unpacks the game and keeps a memory snapshot.
* Vendored runtime files live under versioned folders (`vendor/pyodide-<hash>/`,
  `vendor/pyscript-<hash>/`, hashes of their contents), so the one-year immutable
  cache rule can never serve a stale file after an upgrade; index.html and
  pyscript.toml in dist/ are rewritten to point at them.
* The PyScript chunks to ship are found by walking the ES-module import graph
  from core.js (chunk names carry content hashes that change every release),
  skipping the optional heavy features the game does not use (code editor,
  terminal, zip archives). The e2e tests prove nothing else is requested.
* dist/sw.js is generated from scripts/sw.template.js with the precache list of
  every file in dist/, each with its revision (a hash of its contents, against which
  the worker checks and heals its cached copy), and a cache version that is a hash of
  all their contents, so each new build invalidates the previous offline cache.

Usage: python3 scripts/build.py [--quiet] [--no-snapshot]
Needs `npm ci` first (node_modules/@pyscript/core and node_modules/pyodide) and Node.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"
SW_TEMPLATE = ROOT / "scripts" / "sw.template.js"
PYSCRIPT_TOML = ROOT / "pyscript.toml"

BOOT_TEMPLATE = ROOT / "scripts" / "boot.template.mjs"
# The Cache Storage name of the boot snapshot, shared by the boot module and sw.js: the
# service worker's `activate` deletes old versions' caches but never this one.
SNAPSHOT_CACHE = "manhattan-boot-snapshot"
BUILD_RUNTIME = ROOT / "scripts" / "build_runtime.mjs"

# Top-level site files and folders copied as they are.
SITE_FILES = ["index.html", "manifest.webmanifest"]
SITE_TREES = ["assets"]
FAVICON = "assets/icons/favicon.ico"  # also copied to the site root

# Pyodide core files (the npm package is the core only: no wheels, no micropip).
# 0.29.x names the loader pyodide.asm.js, 314.x pyodide.asm.mjs: ship whichever exists.
# python_stdlib.zip is read by the build (and replaced by the trimmed, compiled one).
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.wasm", "pyodide-lock.json"]
PYODIDE_ASM_CANDIDATES = ["pyodide.asm.mjs", "pyodide.asm.js"]

# PyScript chunks that the core imports dynamically only for features the game
# does not use: the <py-editor> code editor (CodeMirror), zip archives in
# [files], and the packages graph (only read when `packages` are listed).
OPTIONAL_CHUNK_PREFIXES = ("codemirror", "zip-", "pyodide_graph-")

# Hosts that must never appear in our own files (the runtime's own defaults in
# vendor/ are overridden by pyscript.toml and checked by the e2e tests).
CDN_MARKERS = ("cdn.jsdelivr", "unpkg.com", "cdnjs.", "pyscript.net", "cdn.")

# Minified ES module syntax: `from"./x.js"`, `import"./x.js"`, `import("./x.js")`.
STATIC_IMPORT_RE = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[A-Za-z0-9_.\-]+\.m?js)["']""")
DYNAMIC_IMPORT_RE = re.compile(r"""\bimport\s*\(\s*["'](\./[A-Za-z0-9_.\-]+\.m?js)["']\s*\)""")

SKIP_DIRS = {"__pycache__"}


class BuildError(Exception):
    pass


def log(msg: str, quiet: bool = False) -> None:
    if not quiet:
        print(msg)


# ---------------------------------------------------------------- game files


def _tree_files(top: str) -> list:
    out = []
    for path in sorted((ROOT / top).rglob("*")):
        rel = path.relative_to(ROOT)
        if not path.is_file() or any(part in SKIP_DIRS or part.startswith(".") for part in rel.parts):
            continue
        if path.suffix in (".pyc", ".pyo"):
            continue
        out.append(rel.as_posix())
    return out


def game_python_files() -> list:
    """Every .py file under game/ (any depth), as POSIX paths relative to ROOT."""
    out = [p for p in _tree_files("game") if p.endswith(".py")]
    if "game/web/shell/main.py" not in out:
        raise BuildError("game/web/shell/main.py is missing: index.html runs it")
    return out


def game_data_files() -> list:
    """Every other file the game may read at run time: non-Python files under game/ and
    the compiled gettext catalogues of locale/ (each .po compiled to the .mo beside it by
    scripts/msgfmt.py, stdlib only; the .mo files are build output, ignored by git; the
    .po sources are not shipped). See docs/i18n.md."""
    out = [p for p in _tree_files("game") if not p.endswith(".py")]
    if (ROOT / "locale").is_dir():
        import importlib.util

        spec = importlib.util.spec_from_file_location("msgfmt", ROOT / "scripts" / "msgfmt.py")
        msgfmt = importlib.util.module_from_spec(spec)
        sys.modules.setdefault("msgfmt", msgfmt)
        spec.loader.exec_module(msgfmt)
        if not msgfmt.po_files(ROOT / "locale"):
            raise BuildError("locale/ has no .po catalogue: the game would show message ids")
        try:
            msgfmt.compile_tree(ROOT / "locale")
        except msgfmt.PoError as exc:
            raise BuildError(str(exc)) from None
        out += [p for p in _tree_files("locale") if p.endswith(".mo")]
    return out


def pyscript_toml_for_dist(text: str, interpreter: str) -> str:
    """The committed pyscript.toml with the versioned interpreter module added.

    The committed file names no interpreter (its path carries a content hash) and needs
    no [files]: the game reaches Pyodide as one archive, unpacked by the interpreter
    module. A [files] table or an `interpreter` left by an older branch (the build used to
    write both) is dropped with a warning instead of failing a merge.
    """
    if re.search(r"^\s*\[files\]", text, re.M):
        print("build: pyscript.toml [files] is ignored (every file under game/ and locale/ ships "
              "in the game archive): delete the table", file=sys.stderr)
        text = re.sub(r"(?ms)^\s*\[files\]\s*$.*?(?=^\s*\[|\Z)", "", text)
    if re.search(r"^\s*interpreter\s*=", text, re.M):
        print("build: pyscript.toml `interpreter` is replaced by the versioned boot module: delete it",
              file=sys.stderr)
        text = re.sub(r"(?m)^\s*interpreter\s*=.*\n?", "", text)
    try:
        import tomllib  # Python 3.11+
    except ImportError:  # older Python (e.g. a build image): textual checks only
        data = None
    else:
        data = tomllib.loads(text)
    present = ("packages" in data) if data is not None else re.search(r"^\s*packages\s*=", text, re.M)
    if present:
        raise BuildError("pyscript.toml must not list packages (it would pull micropip from a CDN)")
    return 'interpreter = "%s"\n' % interpreter + text


# ------------------------------------------------------------------- runtime


def pyscript_chunks() -> list:
    """File names of the PyScript modules a page with one <script type="py"> loads.

    Rule (checked against Chromium's requests by tests/e2e/test_boot.py, which
    fails if a shipped chunk is not fetched or a fetched one is missing):
    * the entry core.js and everything it imports statically (the core chunk);
    * the dynamic imports made by that static closure: the core loads its plugins
      (error, donkey, py-editor, py-game, py-terminal, deprecations-manager) and
      the TOML config parser at boot; the plugins' static imports are followed too;
    * NOT the plugins' own dynamic imports (editor/terminal back-ends, loaded only
      when such an element is used), and NOT the optional features in
      OPTIONAL_CHUNK_PREFIXES (CodeMirror, zip archives, the packages graph).
    """
    if not (PYSCRIPT_DIST / "core.js").is_file():
        raise BuildError("node_modules/@pyscript/core is missing: run `npm ci` first")

    def imports(name):
        source = (PYSCRIPT_DIST / name).read_text(encoding="utf-8")
        static = [m[2:] for m in STATIC_IMPORT_RE.findall(source)]
        dynamic = [m[2:] for m in DYNAMIC_IMPORT_RE.findall(source)]
        for child in static + dynamic:
            if not (PYSCRIPT_DIST / child).is_file():
                raise BuildError("%s imports %s, which is not in @pyscript/core/dist" % (name, child))
        return static, dynamic

    def static_closure(roots):
        seen, todo = set(), list(roots)
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo += imports(name)[0]
        return seen

    boot = static_closure(["core.js"])
    plugins = set()
    for name in boot:
        plugins.update(c for c in imports(name)[1] if not c.startswith(OPTIONAL_CHUNK_PREFIXES))
    return sorted(boot | static_closure(plugins))


def pyodide_files() -> list:
    if not (PYODIDE_DIR / "pyodide.mjs").is_file():
        raise BuildError("node_modules/pyodide is missing: run `npm ci` first")
    asm = [n for n in PYODIDE_ASM_CANDIDATES if (PYODIDE_DIR / n).is_file()]
    if not asm:
        raise BuildError("node_modules/pyodide has no pyodide.asm.mjs/.js")
    names = PYODIDE_FILES[:1] + asm[:1] + PYODIDE_FILES[1:]
    missing = [n for n in names + ["python_stdlib.zip"] if not (PYODIDE_DIR / n).is_file()]
    if missing:
        raise BuildError("node_modules/pyodide lacks %s" % ", ".join(missing))
    return names


def package_version(pkg_dir: Path) -> str:
    return json.loads((pkg_dir / "package.json").read_text(encoding="utf-8"))["version"]


# ------------------------------------------------------- compiled Python side

ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # fixed: the same sources give the same bytes


def short_hash(*blobs: bytes) -> str:
    digest = hashlib.sha256()
    for blob in blobs:
        digest.update(hashlib.sha256(blob).digest())
    return digest.hexdigest()[:12]


def pyscript_core_chunk(chunks: list) -> Path:
    """The PyScript chunk that embeds PyScript's own Python package."""
    for name in chunks:
        if '{pyscript:{"__init__.py"' in (PYSCRIPT_DIST / name).read_text(encoding="utf-8"):
            return PYSCRIPT_DIST / name
    raise BuildError("no PyScript chunk embeds the pyscript Python package: has PyScript changed?")


def compile_runtime(py_files: list, work: Path, quiet: bool, chunks: list) -> dict:
    """Run scripts/runtime_compile.py inside Pyodide (Node); return its analysis."""
    import subprocess

    out = work / "out"
    out.mkdir(parents=True)
    pyscript_src = work / "pyscript-src"
    pyscript_src.mkdir()
    config = {
        "project": "/project",
        "project_host": str(ROOT),
        "out_dir": "/out",
        "out_host": str(out),
        "pyscript_src": "/pyscript-src",
        "pyscript_src_host": str(pyscript_src),
        "pyscript_chunk": str(pyscript_core_chunk(chunks)),
        "game_files": py_files,
    }
    (work / "config.json").write_text(json.dumps(config), encoding="utf-8")
    node = shutil.which("node")
    if not node:
        raise BuildError("Node.js is needed: the build compiles Python with Pyodide under Node")
    done = subprocess.run([node, str(BUILD_RUNTIME), str(work / "config.json")], cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError("compiling the Python side in Pyodide failed:\n" + done.stdout + done.stderr)
    analysis = json.loads((out / "analysis.json").read_text(encoding="utf-8"))
    analysis["out"] = out
    return analysis


def deterministic_zip(entries: list) -> bytes:
    """A deflated zip of (name, bytes), sorted, with fixed timestamps."""
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data, compresslevel=9)
    return buffer.getvalue()


def stdlib_zip(analysis: dict) -> bytes:
    base = analysis["out"] / "stdlib"
    entries = [(rel + "c", (base / (rel + "c")).read_bytes()) for rel in analysis["kept"].values()]
    return deterministic_zip(entries)


def game_pack(py_files: list, data_files: list, analysis: dict) -> bytes:
    """gzip( 4-byte LE length | JSON [[path, size], ...] | the files ), paths relative to
    Pyodide's working directory: sources, their __pycache__ .pyc, data files, and the
    .pyc of PyScript's own package (PyScript writes its sources there at start-up; the
    checked-hash .pyc are used only while they match them)."""
    import gzip

    compiled = analysis["out"] / "pack"
    files = [(rel, (ROOT / rel).read_bytes()) for rel in py_files + data_files]
    files += [
        (p.relative_to(compiled).as_posix(), p.read_bytes())
        for p in sorted(compiled.rglob("*.pyc"))
    ]
    files.sort()
    header = json.dumps([[name, len(data)] for name, data in files]).encode("utf-8")
    raw = len(header).to_bytes(4, "little") + header + b"".join(data for _, data in files)
    return gzip.compress(raw, compresslevel=9, mtime=0)


def boot_module(config: dict) -> str:
    template = BOOT_TEMPLATE.read_text(encoding="utf-8")
    if "__CONFIG__" not in template:
        raise BuildError("%s lacks the __CONFIG__ marker" % BOOT_TEMPLATE.name)
    return template.replace("__CONFIG__", json.dumps(config, indent=2))


# ----------------------------------------------------------------- assembling


def copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def check_no_cdn(paths: list) -> None:
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for marker in CDN_MARKERS:
            if marker in text:
                raise BuildError("%s mentions %r: no CDN may be used" % (path.relative_to(ROOT), marker))


def site_files() -> list:
    """Sorted POSIX paths (relative to dist/) of every file in dist/ except sw.js."""
    return sorted(
        p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file() and p.name != "sw.js"
    )


def content_version(revisions: dict) -> str:
    """The site's version: a digest of every precached file's path and revision (so any
    changed file changes it)."""
    digest = hashlib.sha256()
    for rel, rev in revisions.items():
        digest.update(rel.encode() + b"\0" + rev.encode() + b"\0")
    return digest.hexdigest()[:16]


def revision(rel: str) -> str:
    """A precached file's revision: the first 16 hex digits of the SHA-256 of its contents
    (sw.js checks its cached copy against it, and fetches the file again on a mismatch)."""
    return hashlib.sha256((DIST / rel).read_bytes()).hexdigest()[:16]


def shell_texts() -> dict:
    """The page shell's texts (the catalogue's shell.*, as assets/boot.js carries them):
    sw.js shows some of them when index.html itself is missing offline."""
    source = (ROOT / "assets" / "boot.js").read_text(encoding="utf-8")
    found = re.search(r"/\* shell-texts: \*/(.*?)/\* :shell-texts \*/", source, re.S)
    if not found:
        raise BuildError("assets/boot.js has no shell-texts block")
    return json.loads(found.group(1))


def write_service_worker(quiet: bool) -> tuple:
    revisions = {rel: revision(rel) for rel in site_files()}  # each file read once
    version = content_version(revisions)
    precache = [{"url": "./" + rel, "revision": rev} for rel, rev in revisions.items()]
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    for marker in ("__VERSION__", "__PRECACHE__", "__SNAPSHOT_CACHE__", "__SHELL_TEXTS__"):
        if marker not in template:
            raise BuildError("%s lacks the %s marker" % (SW_TEMPLATE.name, marker))
    text = (
        template.replace("__VERSION__", version)
        .replace("__PRECACHE__", json.dumps(precache, indent=1))
        .replace("__SNAPSHOT_CACHE__", json.dumps(SNAPSHOT_CACHE))
        .replace("__SHELL_TEXTS__", json.dumps(shell_texts(), ensure_ascii=False, indent=1))
    )
    (DIST / "sw.js").write_text(text, encoding="utf-8")
    return version, len(precache)


def build(quiet: bool = False, snapshot: bool = True) -> int:
    import tempfile

    py_files = game_python_files()
    data_files = game_data_files()
    toml_text = PYSCRIPT_TOML.read_text(encoding="utf-8")
    pyscript_toml_for_dist(toml_text, "")  # validate before the slow steps

    own = [ROOT / f for f in SITE_FILES] + [PYSCRIPT_TOML]
    for tree in SITE_TREES:
        own += [p for p in (ROOT / tree).rglob("*") if p.is_file()]
    check_no_cdn(own)

    chunks = pyscript_chunks()
    pyodide = pyodide_files()

    # 1. Python side: trimmed compiled stdlib, game archive (compiled in Pyodide).
    with tempfile.TemporaryDirectory(prefix="manhattan-build-") as work:
        analysis = compile_runtime(py_files, Path(work), quiet, chunks)
        stdlib = stdlib_zip(analysis)
        pack = game_pack(py_files, data_files, analysis)

    # 2. Versioned runtime folders: a content hash of what they hold.
    runtime_blobs = [(PYODIDE_DIR / n).read_bytes() for n in pyodide]
    pyodide_dir = "vendor/pyodide-%s" % short_hash(*runtime_blobs)
    pyscript_dir = "vendor/pyscript-%s" % short_hash(*[(PYSCRIPT_DIST / n).read_bytes() for n in chunks])
    stdlib_name = "stdlib-%s.zip" % short_hash(stdlib)
    pack_name = "game-%s.pack" % short_hash(pack)
    boot_config = {
        # Names this exact runtime + stdlib + game build: a stored snapshot of another
        # build is never even looked up.
        "key": short_hash(*runtime_blobs, stdlib, pack, BOOT_TEMPLATE.read_bytes()),
        "stdlib": "./" + stdlib_name,
        "pack": "./" + pack_name,
        "preimport": analysis["preimport"],
        "snapshot": snapshot,
        "snapshot_delay_ms": 1500,  # after ready: leave the first taps alone
        "snapshot_cache": SNAPSHOT_CACHE,
        "pyodide_version": package_version(PYODIDE_DIR),  # the boot module's `version` export
    }
    boot_text = boot_module(boot_config)
    boot_name = "boot-%s.mjs" % short_hash(boot_text.encode("utf-8"))
    interpreter = "./%s/%s" % (pyodide_dir, boot_name)

    # 3. Fresh dist/.
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    copy(ROOT / "manifest.webmanifest", DIST / "manifest.webmanifest")
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    if "./vendor/pyscript/core.js" not in index:
        raise BuildError("index.html must load ./vendor/pyscript/core.js (the build versions the path)")
    index = index.replace("./vendor/pyscript/core.js", "./%s/core.js" % pyscript_dir)
    # The boot module as a page script of its own, before PyScript's: Python starts at
    # once instead of after PyScript has loaded its chunks and config (boot.template.mjs).
    core_tag = '<script type="module" src="./%s/core.js"></script>' % pyscript_dir
    if core_tag not in index:
        raise BuildError("index.html must load PyScript with: " + core_tag)
    boot_tag = '<script type="module" src="%s"></script>' % interpreter
    index = index.replace(core_tag, boot_tag + "\n  " + core_tag, 1)
    # The runtime's preload hints are inert in a <template> until assets/boot.js has found
    # that this browser can run the game and puts them in the head: a browser that cannot
    # downloads none of it (static hints are fetched before any script runs).
    preload = "\n".join([
        # (Not the boot module itself: its <script type="module"> above fetches it, and a
        # second modulepreload of the same URL fired an error event in Firefox.)
        '  <!-- Added by scripts/build.py: fetch the runtime while PyScript starts. -->',
        '  <template id="runtime-preload">',
        '  <link rel="modulepreload" href="./%s/pyodide.mjs">' % pyodide_dir,
        '  <link rel="modulepreload" href="./%s/%s">' % (pyodide_dir, pyodide[1]),
        '  <link rel="preload" href="./%s/pyodide.asm.wasm" as="fetch" crossorigin="anonymous">'
        % pyodide_dir,
        '  <link rel="preload" href="./%s/%s" as="fetch" crossorigin="anonymous">'
        % (pyodide_dir, stdlib_name),
        '  <link rel="preload" href="./%s/%s" as="fetch" crossorigin="anonymous">' % (pyodide_dir, pack_name),
        '  </template>',
    ])
    index = index.replace("</head>", preload + "\n</head>", 1)
    (DIST / "index.html").write_text(index, encoding="utf-8")
    (DIST / "pyscript.toml").write_text(pyscript_toml_for_dist(toml_text, interpreter), encoding="utf-8")
    # Browsers without SVG favicons (and crawlers) ask for /favicon.ico.
    copy(ROOT / FAVICON, DIST / "favicon.ico")
    for tree in SITE_TREES:
        for src in sorted((ROOT / tree).rglob("*")):
            rel = src.relative_to(ROOT)
            if src.is_file() and not any(part in SKIP_DIRS for part in rel.parts):
                copy(src, DIST / rel)
    # The entry point stays a plain file: index.html's <script type="py" src=...>.
    copy(ROOT / "game/web/shell/main.py", DIST / "game/web/shell/main.py")
    for name in chunks:
        copy(PYSCRIPT_DIST / name, DIST / pyscript_dir / name)
    for name in pyodide:
        copy(PYODIDE_DIR / name, DIST / pyodide_dir / name)
    (DIST / pyodide_dir / stdlib_name).write_bytes(stdlib)
    (DIST / pyodide_dir / pack_name).write_bytes(pack)
    (DIST / pyodide_dir / boot_name).write_text(boot_text, encoding="utf-8")
    (DIST / "build-info.json").write_text(json.dumps({
        "pyodide_dir": pyodide_dir, "pyscript_dir": pyscript_dir, "interpreter": interpreter,
        "stdlib": stdlib_name, "pack": pack_name, "boot": boot_name, "snapshot_key": boot_config["key"],
        "stdlib_modules": sorted(analysis["kept"]), "preimport": analysis["preimport"],
        "not_found": analysis["not_found"], "game_files": py_files + data_files,
    }, indent=1), encoding="utf-8")

    # 4. Service worker last: it hashes everything else.
    version, count = write_service_worker(quiet)

    total = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    log(
        "built dist/: %d files, %.1f MB; @pyscript/core %s (%d chunks); pyodide %s in %s; "
        "stdlib %d modules (%.2f MB .pyc zip); game %d .py + %d data files (%.2f MB pack); "
        "%d modules in the snapshot; sw.js cache version %s (%d precached)"
        % (
            count + 1, total / 1e6, package_version(PYSCRIPT_DIST.parent), len(chunks),
            package_version(PYODIDE_DIR), pyodide_dir, len(analysis["kept"]), len(stdlib) / 1e6,
            len(py_files), len(data_files), len(pack) / 1e6, len(analysis["preimport"]), version, count,
        ),
        quiet,
    )
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-snapshot", action="store_true",
                        help="build a site whose boot never makes or restores a memory snapshot")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--out", help="write the site here instead of dist/ (experiments)")
    args = parser.parse_args(argv)
    if args.out:
        global DIST
        DIST = Path(args.out).resolve()
    try:
        return build(quiet=args.quiet, snapshot=not args.no_snapshot)
    except BuildError as exc:
        print("build failed: %s" % exc, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
