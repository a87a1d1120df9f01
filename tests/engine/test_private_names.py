"""No module of game/ uses another's private names: a leading underscore means
"this module's own", so ``from .x import _name`` and ``x._name`` (``x`` a module or a
name imported from one of ours) are refused. Dunder names are public by convention; a
module's own private names, and ``self._field``, are its business. The standard library
is not checked (where code reads a library's private, it says why beside it)."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _ours(node: ast.ImportFrom) -> bool:
    return node.level > 0 or (node.module or "").split(".")[0] == "game"


def offences(source: str, where: str) -> list[str]:
    """Every use of another module's private name in ``source``, as ``where:line: what``."""
    tree = ast.parse(source)
    found: list[str] = []
    imported: set[str] = set()  # names bound to one of our modules or to a name from one
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and _ours(node):
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{where}:{node.lineno}: from {'.' * node.level}"
                                 f"{node.module or ''} import {alias.name}")
                imported.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "game":
                    imported.add(alias.asname or alias.name.split(".")[0])
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            base = node.value
            while isinstance(base, ast.Attribute):  # game.web.messages._x
                base = base.value
            if isinstance(base, ast.Name) and base.id in imported:
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_check_finds_what_it_should():
    bad = ("from .messages import _load\nfrom . import coach as C\nimport game.web.frames.frame\n"
           "C._legal(1)\ngame.web.frame._x\n")
    assert len(offences(bad, "x")) == 3
    fine = ("from __future__ import annotations\nimport sys\nfrom .a import b, __version__\n"
            "class K:\n    def f(self, other):\n        return self._x, other._x, sys._getframe\n"
            "_mine = 1\nprint(_mine)\n")
    assert offences(fine, "x") == []


def test_no_module_uses_another_modules_private_names():
    found = [offence for path in sorted(GAME.rglob("*.py"))
             for offence in offences(path.read_text(encoding="utf-8"),
                                     path.relative_to(GAME.parent).as_posix())]
    assert found == [], "\n".join(found)
