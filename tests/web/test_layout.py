"""The layout shows the architecture (issue 24.8): game/web/ is folders by role, and
imports between them point one way, from the browser inward:

    shell ─► runtime ─► model, features ─► frames ─► screens ─► messages
                              │                 ▲
                              └─► saves, thinking

The shell is imported by nobody; the runtime only by the shell; the page's state (model,
features), its frames, the saves and the thinking never reach the runtime or the shell (so
they run with no page at all); the screens draw from frames and words only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "game" / "web"
FOLDERS = {"shell", "runtime", "model", "features", "frames", "screens", "saves", "thinking",
           "messages"}
MAY_NOT_IMPORT = {
    "runtime": {"shell"},
    "model": {"shell", "runtime"},
    "features": {"shell", "runtime"},
    "frames": {"shell", "runtime"},
    "saves": {"shell", "runtime", "features", "frames", "screens"},
    "thinking": {"shell", "runtime", "features", "screens", "saves"},
    "screens": {"shell", "runtime", "features", "saves", "thinking"},
    "messages": FOLDERS - {"messages"},
}


def folders_imported(path: Path) -> set[str]:
    """The game/web folders a module imports from (relative and absolute imports)."""
    module = path.relative_to(WEB).with_suffix("").parts
    package = module[:-1] if module[-1] != "__init__" else module[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = list(package[: len(package) - (node.level - 1)]) if node.level > 1 \
                else list(package)
            if node.level - 1 > len(package):
                continue  # above game/web: the engine or the AI
            target = base + (node.module.split(".") if node.module else [])
            if not target:  # ``from .. import messages``: the names are the folders
                found |= {alias.name for alias in node.names}
                continue
        elif node.module and node.module.startswith("game.web."):
            target = node.module.split(".")[2:]
        else:
            continue
        found.add(target[0])
    return found & FOLDERS


def test_game_web_is_folders_by_role():
    loose = sorted(p.name for p in WEB.glob("*.py") if p.name != "__init__.py")
    assert loose == []
    assert {p.name for p in WEB.iterdir() if p.is_dir() and p.name != "__pycache__"} == FOLDERS


@pytest.mark.parametrize("folder", sorted(MAY_NOT_IMPORT))
def test_imports_point_inward(folder):
    wrong = {str(p.relative_to(WEB)): sorted(folders_imported(p) & MAY_NOT_IMPORT[folder])
             for p in sorted((WEB / folder).rglob("*.py"))}
    assert {k: v for k, v in wrong.items() if v} == {}


def test_the_layout_check_can_fail(tmp_path, monkeypatch):
    bad = WEB / "model" / "controller.py"
    text = "from ..runtime.app import App\nfrom game.web.shell import main\n"
    monkeypatch.setattr(Path, "read_text", lambda self, encoding=None: text)
    assert folders_imported(bad) == {"runtime", "shell"}


def private_uses(tree: ast.AST) -> list[str]:
    """Private names (``_x``, not ``__x__``) taken from another module: imported by name,
    or read as an attribute of a module imported under a name."""
    modules: set[str] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"from {node.module} import {alias.name}")
                modules.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in modules and node.attr.startswith("_")
                and not node.attr.startswith("__")):
            found.append(f"{node.value.id}.{node.attr}")
    return found


def test_no_module_uses_another_modules_private_names():
    """Issue 24.6: what a module keeps to itself (a leading underscore) stays there; a name
    another module needs is public, and says so."""
    game = Path(__file__).resolve().parents[2] / "game"
    uses = {str(path.relative_to(game)): found for path in game.rglob("*.py")
            if (found := private_uses(ast.parse(path.read_text(encoding="utf-8"))))}
    assert uses == {}
    sample = "from .a import _hidden, shown\nimport b as B\nB._peek()\nB.ok()\n"
    assert private_uses(ast.parse(sample)) == ["from a import _hidden", "B._peek"]


def test_no_two_modules_or_classes_of_one_name():
    """A name says one thing: no two modules of game/web share a file name, no two classes a
    name."""
    modules = [p.name for p in WEB.rglob("*.py") if p.name != "__init__.py"]
    assert sorted({m for m in modules if modules.count(m) > 1}) == []
    classes = [node.name for p in WEB.rglob("*.py")
               for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
               if isinstance(node, ast.ClassDef)]
    assert sorted({c for c in classes if classes.count(c) > 1}) == []


def test_a_module_alias_means_one_module():
    """A short alias (``M`` for the words, ``D`` for the draft...) means the same module in
    every module of game/web."""
    meaning: dict[str, set[str]] = {}
    for path in WEB.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.asname is not None and alias.asname != alias.name:
                        meaning.setdefault(alias.asname, set()).add(alias.name)
    assert {a: sorted(m) for a, m in meaning.items() if len(m) > 1} == {}
