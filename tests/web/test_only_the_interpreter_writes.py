"""Every write to the storage is an effect carried out by the one interpreter's storage port
(game/web/runtime/storing.py): no other module of the page calls a write of the storage
(the store's or its backend's) or of the records, and no feature or frame touches the
controller's queue of effects (a feature returns the effects it asks for). Read from the
sources, so a new write elsewhere fails here."""

from __future__ import annotations

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "game" / "web"
WRITES = {"save", "delete", "set_current", "set_pref", "set_prefs", "set", "remove"}
"""The write methods of a SaveStore and of its backend."""
WRITING_FUNCTIONS = {"update_records", "reset_records", "edit_records", "restore"}
"""The functions of game/web/saves that write (records, a restored backup)."""
STORAGE_PORT = {"runtime/storing.py"}


def writes(tree: ast.AST) -> list[str]:
    """The storage writes called in ``tree``: a write method called on something named
    like a store or a backend, or a writing function of the saves."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in WRITES:
            receiver = ast.unparse(func.value)
            if "store" in receiver or "backend" in receiver:
                found.append(f"{node.lineno}: {ast.unparse(func)}")
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in WRITING_FUNCTIONS:
            found.append(f"{node.lineno}: {name}")
    return found


def queue_uses(tree: ast.AST) -> list[str]:
    return [f"{node.lineno}: {ast.unparse(node)}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr == "effects"]


def sources(*folders: str) -> dict[str, ast.AST]:
    paths = [p for folder in folders for p in sorted((WEB / folder).rglob("*.py"))] if folders \
        else sorted(WEB.rglob("*.py"))
    return {str(p.relative_to(WEB)): ast.parse(p.read_text(encoding="utf-8")) for p in paths}


def test_only_the_storage_port_writes():
    found = {name: w for name, tree in sources().items()
             if not name.startswith("saves/") and name not in STORAGE_PORT
             and (w := writes(tree))}
    assert found == {}


def test_no_feature_or_frame_touches_the_effect_queue():
    found = {name: q for name, tree in sources("features", "frames").items()
             if (q := queue_uses(tree))}
    assert found == {}


def test_the_checks_can_fail():
    tree = ast.parse("c.store.set_pref('x', 1)\nc.store.backend.remove('k')\n"
                     "update_records(c.store, f)\nc.effects.append(e)\nc.store.prefs()\n")
    assert writes(tree) == ["1: c.store.set_pref", "2: c.store.backend.remove",
                            "3: update_records"]
    assert queue_uses(tree) == ["4: c.effects"]
