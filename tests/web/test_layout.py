"""The layout shows the architecture: game/web/ is folders by role, and every import points
one way, down this order (a folder imports only the folders after it):

    shell ─► runtime ─► model ─► features ─► screens ─► frames ─► values ─► thinking ─► saves ─► messages

- shell: the browser shell, the only code that imports pyscript; imported by nobody.
- runtime: the page in plain Python (events, the effect interpreter and its storage port,
  drawing, the background jobs).
- model: the controller that holds the page's state and the updates that change more than
  one feature's state; the only folder that knows the controller (the updates take the
  model, the questions read it as ``model/holder.py``'s Protocols, so nothing imports the
  controller back).
- features: each feature's frozen state, its pure update and its tap messages.
- screens: drawing, frame in, element tree out.
- frames: the frozen frames the screens draw.
- values: the values every layer passes (the game at the table, the choice in progress,
  the setup form, the shelf, the effects and the answers).
- thinking, saves, messages: hints and the review, what the page keeps, the words.

And the modules of game/web import one another without a cycle, counting the imports made
for the type checker only (``if TYPE_CHECKING:``) and those inside functions."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "game" / "web"
ORDER = ("shell", "runtime", "model", "features", "screens", "frames", "values", "thinking",
         "saves", "messages")
FOLDERS = set(ORDER)


def module_name(path: Path) -> str:
    """``game.web.model.controller`` for game/web/model/controller.py (a package: its name)."""
    parts = path.relative_to(WEB.parents[1]).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def web_imports(path: Path, text: str | None = None) -> set[str]:
    """The game.web modules (or packages) a module imports, wherever the import stands."""
    name = module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    tree = ast.parse(text if text is not None else path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found |= {f"{target}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {m for m in found if m.startswith("game.web.") and _exists(m)}


def _exists(module: str) -> bool:
    path = WEB.parents[1].joinpath(*module.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def folder_of(module: str) -> str:
    return module.split(".")[2]


def folders_imported(path: Path, text: str | None = None) -> set[str]:
    """The game/web folders a module imports from, its own left out."""
    return {folder_of(m) for m in web_imports(path, text)} - {folder_of(module_name(path))}


MODULES = {module_name(p): p for p in sorted(WEB.rglob("*.py")) if p.parent != WEB}


def test_game_web_is_folders_by_role():
    loose = sorted(p.name for p in WEB.glob("*.py") if p.name != "__init__.py")
    assert loose == []
    assert {p.name for p in WEB.iterdir() if p.is_dir() and p.name != "__pycache__"} == FOLDERS


@pytest.mark.parametrize("folder", ORDER)
def test_imports_point_down_the_folder_order(folder):
    above = set(ORDER[: ORDER.index(folder)])
    wrong = {str(p.relative_to(WEB)): sorted(folders_imported(p) & above)
             for p in sorted((WEB / folder).rglob("*.py"))}
    assert {k: v for k, v in wrong.items() if v} == {}


def test_features_and_frames_never_see_the_controller():
    """The features' and the frames' modules take the states and values they need, never
    the controller (nor the Protocol the model's updates see it as)."""
    seen = {str(p.relative_to(WEB)): sorted(m for m in web_imports(p) if folder_of(m) == "model")
            for folder in ("features", "frames") for p in sorted((WEB / folder).rglob("*.py"))}
    assert {k: v for k, v in seen.items() if v} == {}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), or of
    one module that imports itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in graph.get(v, ()):
                cycles.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return cycles


def test_no_import_cycle_in_game_web():
    graph = {name: web_imports(path) - {name} for name, path in MODULES.items()}
    assert import_cycles(graph) == []


def test_the_layout_checks_can_fail():
    bad = WEB / "features" / "page.py"
    text = ("from ..runtime.app import App\nfrom game.web.shell import main\n"
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from ..model.controller import Controller\n")
    assert folders_imported(bad, text) == {"runtime", "shell", "model"}
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert import_cycles({"a": {"b"}, "b": set()}) == []


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
    """What a module keeps to itself (a leading underscore) stays there; a name
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


def test_no_module_has_a_one_letter_alias():
    """A module is read under its own name (``messages.t``, ``draft.targets``), not a letter
    that means one module here and another there."""
    game = WEB.parent
    short = {str(path.relative_to(game)): aliases for path in sorted(game.rglob("*.py"))
             if (aliases := [f"{a.name} as {a.asname}"
                             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                             if isinstance(node, (ast.Import, ast.ImportFrom))
                             for a in node.names if a.asname is not None and len(a.asname) == 1])}
    assert short == {}


def test_a_module_alias_means_one_module():
    """An alias means the same module in every module of game/web."""
    meaning: dict[str, set[str]] = {}
    for path in WEB.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.asname is not None and alias.asname != alias.name:
                        meaning.setdefault(alias.asname, set()).add(alias.name)
    assert {a: sorted(m) for a, m in meaning.items() if len(m) > 1} == {}


def test_no_issue_numbers_in_the_code():
    """History lives in git: no module of game/ names an issue."""
    import re

    game = WEB.parent
    named = {str(path.relative_to(game)): n for path in sorted(game.rglob("*.py"))
             if (n := len(re.findall(r"\b[Ii]ssues? \d", path.read_text(encoding="utf-8"))))}
    assert named == {}
