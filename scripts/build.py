#!/usr/bin/env python3
"""Build the publishable static site into dist/ (stdlib only, Python 3.8+).

Why a script of our own instead of a bundler: the site is a handful of static
files plus the PyScript/Pyodide runtime from node_modules; everything that can
drift must be computed, not hand-maintained:

* The `[files]` table of pyscript.toml (which Python files PyScript copies into
  Pyodide's file system) is regenerated from the game/ tree, in the top-level
  pyscript.toml (so the committed file stays truthful; the build says when it
  changed it, commit the result) and in dist/. `--check` only verifies and exits
  1 if the committed file is out of date (for CI or a pre-commit hook).
* The gettext catalogues locale/<lang>/LC_MESSAGES/*.po are compiled to .mo
  straight into dist/ (scripts/msgfmt.py, stdlib only) and listed in [files]
  like the game's .py files, so they land beside game/ in Pyodide's file system,
  where game/web/messages.py reads them with gettext. See docs/i18n.md.
* The PyScript chunks to ship are found by walking the ES-module import graph
  from core.js (chunk names carry content hashes that change every release),
  skipping the optional heavy features the game does not use (code editor,
  terminal, zip archives). The e2e tests prove nothing else is requested.
* dist/sw.js is generated from scripts/sw.template.js with the precache list of
  every file in dist/ and a cache version that is a hash of all their contents,
  so each new build invalidates the previous offline cache.

Usage: python3 scripts/build.py [--check] [--quiet]
Needs `npm ci` first (node_modules/@pyscript/core and node_modules/pyodide).
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

INTERPRETER = "./vendor/pyodide/pyodide.mjs"

# Top-level site files and folders copied as they are.
SITE_FILES = ["index.html", "manifest.webmanifest"]
SITE_TREES = ["assets"]
FAVICON = "assets/icons/favicon.ico"  # also copied to the site root

# Pyodide core files (the npm package is the core only: no wheels, no micropip).
# 0.29.x names the loader pyodide.asm.js, 314.x pyodide.asm.mjs: ship whichever exists.
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
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


def game_python_files() -> list:
    """Every .py file under game/ (any depth), as POSIX paths relative to ROOT."""
    out = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT)
        if any(part in SKIP_DIRS or part.startswith(".") for part in rel.parts):
            continue
        out.append(rel.as_posix())
    if "game/web/main.py" not in out:
        raise BuildError("game/web/main.py is missing: index.html runs it")
    return out


def catalogues(dest: Path = None) -> list:
    """The compiled catalogues the site ships: locale/<lang>/LC_MESSAGES/<domain>.mo for
    every .po under locale/, as POSIX paths relative to ROOT (and to dist/). With ``dest``,
    compile them into ``dest`` (the .po files stay in the repository only)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("msgfmt", ROOT / "scripts" / "msgfmt.py")
    msgfmt = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("msgfmt", msgfmt)
    spec.loader.exec_module(msgfmt)
    pos = msgfmt.po_files(ROOT / "locale")
    if not pos:
        raise BuildError("locale/ has no .po catalogue: the game would show message ids")
    if dest is not None:
        try:
            msgfmt.compile_tree(ROOT / "locale", dest / "locale", force=True)
        except msgfmt.PoError as exc:
            raise BuildError(str(exc))
    return [p.relative_to(ROOT).with_suffix(".mo").as_posix() for p in pos]


def files_table(paths: list) -> str:
    return "".join('"./{0}" = "./{0}"\n'.format(p) for p in paths)


def with_files_table(text: str, paths: list) -> str:
    """Return pyscript.toml text whose [files] table lists exactly `paths`.

    [files] must be the last table of the file. Everything before it, and the
    comment lines right after its header, are kept verbatim; its entries are
    replaced.
    """
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.strip() == "[files]"]
    if not starts:
        return text.rstrip("\n") + "\n\n[files]\n" + files_table(paths)
    start = starts[0]
    if any(line.lstrip().startswith("[") for line in lines[start + 1 :]):
        raise BuildError("pyscript.toml: keep [files] as the last table (it is regenerated)")
    comments = []
    for line in lines[start + 1 :]:
        if not line.lstrip().startswith("#"):
            break
        comments.append(line)
    return "".join(lines[: start + 1] + comments) + files_table(paths)


def validate_pyscript_toml(text: str, paths: list) -> None:
    try:
        import tomllib  # Python 3.11+
    except ImportError:  # older Python (e.g. a build image): textual checks only
        if re.search(r"^\s*packages\s*=", text, re.M):
            raise BuildError("pyscript.toml must not list packages (it would pull micropip from a CDN)")
        return
    data = tomllib.loads(text)
    if data.get("interpreter") != INTERPRETER:
        raise BuildError("pyscript.toml: interpreter must be %r, found %r" % (INTERPRETER, data.get("interpreter")))
    if "packages" in data:
        raise BuildError("pyscript.toml must not list packages (it would pull micropip from a CDN)")
    expected = {"./" + p: "./" + p for p in paths}
    if data.get("files") != expected:
        raise BuildError("pyscript.toml [files] does not match the game/ tree and locale/ catalogues")


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
    missing = [n for n in names if not (PYODIDE_DIR / n).is_file()]
    if missing:
        raise BuildError("node_modules/pyodide lacks %s" % ", ".join(missing))
    return names


def package_version(pkg_dir: Path) -> str:
    return json.loads((pkg_dir / "package.json").read_text(encoding="utf-8"))["version"]


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


def content_version(rel_paths: list) -> str:
    digest = hashlib.sha256()
    for rel in rel_paths:
        digest.update(rel.encode() + b"\0")
        digest.update((DIST / rel).read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def write_service_worker(quiet: bool) -> tuple:
    rel_paths = site_files()
    version = content_version(rel_paths)
    precache = ["./" + p for p in rel_paths]
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    for marker in ("__VERSION__", "__PRECACHE__"):
        if marker not in template:
            raise BuildError("%s lacks the %s marker" % (SW_TEMPLATE.name, marker))
    text = template.replace("__VERSION__", version).replace(
        "__PRECACHE__", json.dumps(precache, indent=2)
    )
    (DIST / "sw.js").write_text(text, encoding="utf-8")
    return version, len(precache)


def build(check_only: bool = False, quiet: bool = False) -> int:
    paths = game_python_files()
    mo_files = catalogues()

    # 1. pyscript.toml: regenerate [files] (or only check it).
    current = PYSCRIPT_TOML.read_text(encoding="utf-8")
    wanted = with_files_table(current, paths + mo_files)
    validate_pyscript_toml(wanted, paths + mo_files)
    if wanted != current:
        if check_only:
            print(
                "pyscript.toml [files] is out of date with game/ and locale/: run `python3 scripts/build.py` and commit it",
                file=sys.stderr,
            )
            return 1
        PYSCRIPT_TOML.write_text(wanted, encoding="utf-8")
        log("pyscript.toml: [files] regenerated from game/ and locale/ (%d files): commit it"
            % len(paths + mo_files))
    if check_only:
        log("pyscript.toml [files] is up to date (%d files)" % len(paths + mo_files), quiet)
        return 0

    own = [ROOT / f for f in SITE_FILES] + [PYSCRIPT_TOML]
    for tree in SITE_TREES:
        own += [p for p in (ROOT / tree).rglob("*") if p.is_file()]
    check_no_cdn(own)

    chunks = pyscript_chunks()
    pyodide = pyodide_files()

    # 2. Fresh dist/.
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    for name in SITE_FILES + ["pyscript.toml"]:
        copy(ROOT / name, DIST / name)
    # Browsers without SVG favicons (and crawlers) ask for /favicon.ico.
    copy(ROOT / FAVICON, DIST / "favicon.ico")
    for tree in SITE_TREES:
        for src in sorted((ROOT / tree).rglob("*")):
            rel = src.relative_to(ROOT)
            if src.is_file() and not any(part in SKIP_DIRS for part in rel.parts):
                copy(src, DIST / rel)
    for rel in paths:
        copy(ROOT / rel, DIST / rel)
    catalogues(DIST)
    for name in chunks:
        copy(PYSCRIPT_DIST / name, DIST / "vendor" / "pyscript" / name)
    for name in pyodide:
        copy(PYODIDE_DIR / name, DIST / "vendor" / "pyodide" / name)

    # 3. Service worker last: it hashes everything else.
    version, count = write_service_worker(quiet)

    total = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    log(
        "built dist/: %d files, %.1f MB; @pyscript/core %s (%d chunks: %s); pyodide %s; "
        "%d game .py files, %d catalogues; sw.js cache version %s (%d precached)"
        % (
            count + 1,
            total / 1e6,
            package_version(PYSCRIPT_DIST.parent),
            len(chunks),
            " ".join(chunks),
            package_version(PYODIDE_DIR),
            len(paths),
            len(mo_files),
            version,
            count,
        ),
        quiet,
    )
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only verify pyscript.toml [files]; exit 1 if stale")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    try:
        return build(check_only=args.check, quiet=args.quiet)
    except BuildError as exc:
        print("build failed: %s" % exc, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
