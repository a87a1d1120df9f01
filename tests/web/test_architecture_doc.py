"""docs/architecture.md says what is: the claims a test can check are checked here or by the
test the document names.

- every file it names exists (``game/web/model/controller.py``, ``runtime/storing.py``,
  ``tests/web/test_layout.py``...), and every module of its tree of game/web;
- the folder order it draws is the one tests/web/test_layout.py enforces;
- every ``Class.member`` of game/web it names is a member of that class;
- "the only code that writes to the storage" is the storage port:
  tests/web/test_only_the_interpreter_writes.py; "the runtime and the shell never step the
  states": tests/web/test_states.py; "no import cycle", "none imports the model":
  tests/web/test_layout.py. Those tests are named in the document, so they must exist."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from test_layout import ORDER

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
WEB = ROOT / "game" / "web"
FOLDERS = "|".join(ORDER)


def test_every_file_it_names_exists():
    rooted = set(re.findall(r"\b((?:game|tests|scripts|assets|docs)/[\w/.-]+\.(?:py|js|mjs|md|css))",
                            DOC))
    in_web = {f"game/web/{m}" for m in re.findall(rf"(?<![\w/])((?:{FOLDERS})/\w+\.py)", DOC)}
    missing = sorted(p for p in rooted | in_web if not (ROOT / p).exists())
    assert missing == []
    assert len(rooted | in_web) > 30


def test_every_module_of_its_tree_exists():
    tree = DOC[DOC.index("game/web/\n"):]
    tree = tree[: tree.index("```")]
    named = set(re.findall(r"(?<![/\w])(\w+\.py)\b", tree))
    modules = {p.name for p in WEB.rglob("*.py")}
    assert sorted(named - modules) == []
    listed = set(re.findall(r"^  (\w+)/", tree, flags=re.M))
    assert listed == set(ORDER)


def test_the_folder_order_it_draws_is_the_one_enforced():
    drawn = re.search(r"^\s*shell ─► .*$", DOC, flags=re.M)
    assert drawn is not None
    assert tuple(word.strip() for word in drawn.group(0).split("─►")) == ORDER


def _members() -> dict[str, set[str]]:
    """Each class of game/web with the names defined in its body or set on ``self``, and
    those of its bases defined in game/web."""
    found: dict[str, set[str]] = {}
    bases: dict[str, list[str]] = {}
    for path in WEB.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases.setdefault(node.name, []).extend(
                    b.id for b in node.bases if isinstance(b, ast.Name))
                names = found.setdefault(node.name, set())
                for item in ast.walk(node):
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        names.add(item.name)
                    elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                        names.add(item.target.id)
                    elif isinstance(item, ast.Assign):
                        names |= {t.id for t in item.targets if isinstance(t, ast.Name)}
                    elif isinstance(item, ast.Attribute) and isinstance(item.value, ast.Name) \
                            and item.value.id == "self" and isinstance(item.ctx, ast.Store):
                        names.add(item.attr)

    def inherited(cls: str, seen: frozenset[str] = frozenset()) -> set[str]:
        own = set(found.get(cls, set()))
        for base in bases.get(cls, []):
            if base in found and base not in seen:
                own |= inherited(base, seen | {cls})
        return own

    return {cls: inherited(cls) for cls in found}


def test_every_class_member_it_names_exists():
    members = _members()
    named = set(re.findall(r"`([A-Z]\w+)\.(\w+)", DOC))
    named |= set(re.findall(r"\b([A-Z]\w+)\.(\w+)\(", DOC))
    checked = {(cls, name) for cls, name in named if cls in members}
    missing = sorted(f"{cls}.{name}" for cls, name in checked if name not in members[cls])
    assert missing == []
    assert len(checked) > 15


def test_the_tests_it_names_for_its_claims_exist():
    for claim, test in (("the only code that writes to the storage",
                         "tests/web/test_only_the_interpreter_writes.py"),
                        ("never step the states", "tests/web/test_states.py"),
                        ("no import cycle", "tests/web/test_layout.py")):
        assert claim in DOC and test in DOC and (ROOT / test).exists()
