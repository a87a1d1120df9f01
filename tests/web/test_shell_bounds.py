"""The browser shell stays thin: only game/web/shell/ imports ``js``,
``pyodide`` or ``pyscript``, in at most 400 lines in all; everything else runs in CPython."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"
SHELL = GAME / "web" / "shell"
BROWSER_MODULES = {"js", "pyodide", "pyscript"}


def browser_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found & BROWSER_MODULES


def test_only_the_shell_touches_the_browser():
    outside = [str(p.relative_to(GAME)) for p in GAME.rglob("*.py")
               if SHELL not in p.parents and browser_imports(p)]
    assert outside == []
    assert browser_imports(SHELL / "browser.py") == {"pyscript"}


def test_the_shell_is_at_most_400_lines():
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in SHELL.glob("*.py"))
    assert lines <= 400, lines
