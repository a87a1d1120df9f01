"""The built runtime can run the whole game: under Node, the very files dist/ ships (the
vendored Pyodide, the trimmed .pyc standard library the build derived, the game archive)
import every game module and every module any game file imports, and an error in game
code still names its file and line with the source text."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from e2e_helpers import ROOT

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def runtime_report(dist_dir):
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed (the build needs it too)")
    done = subprocess.run(
        [node, str(ROOT / "tests" / "e2e" / "built_runtime.mjs"), str(dist_dir)],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def game_modules():
    out = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.append(".".join(parts))
    return out


def test_every_game_module_imports_in_the_built_runtime(runtime_report):
    assert runtime_report["failed"] == {}
    expected = [m for m in game_modules() if not m.endswith("__main__") and m != "game.web.shell.main"]
    assert sorted(runtime_report["imported"]) == sorted(expected)


def test_every_module_the_game_imports_is_in_the_trimmed_stdlib(runtime_report):
    assert runtime_report["stdlib_imports"], "the check saw no import at all"
    assert runtime_report["missing_stdlib"] == {}


def test_game_modules_load_from_their_compiled_pyc(runtime_report):
    assert runtime_report["state_loader"] == "SourceFileLoader"
    assert runtime_report["state_cached"].endswith("game/__pycache__/state.cpython-314.pyc")
    assert runtime_report["state_pyc_exists"]


def test_an_error_in_game_code_reports_file_line_and_source(runtime_report):
    source = (ROOT / "game" / "save.py").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(source, 1) if 'raise SaveError("a save must be a JSON object"' in text)
    tb = runtime_report["traceback"]
    assert re.search(r'File "%s/game/save\.py", line %d, in load' % (runtime_report["cwd"], line), tb), tb
    assert 'raise SaveError("a save must be a JSON object", "not_a_save")' in tb
    assert "SaveError: a save must be a JSON object" in tb


def test_the_build_ships_every_file_under_game_and_the_trim_list(dist_dir):
    info = json.loads((dist_dir / "build-info.json").read_text(encoding="utf-8"))
    files = sorted(
        [p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*")
         if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]
        # the catalogues ship compiled: one .mo for each .po, never the .po itself
        + [p.relative_to(ROOT).with_suffix(".mo").as_posix()
           for p in (ROOT / "locale").rglob("*.po")]
    )
    assert sorted(info["game_files"]) == files
    # Derived, and really trimmed: far fewer modules than the 600-file npm stdlib.
    assert {"json", "random", "asyncio", "traceback"} <= set(info["stdlib_modules"])
    assert len(info["stdlib_modules"]) < 300
