"""Checks of the Python runtime the tests run on (CPython or Pyodide).

They prove that tests/pyodide/run.mjs really runs pytest inside Pyodide with the
project mounted, and that the tools the engine tests rely on import there.
"""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_python_is_recent_enough():
    assert sys.version_info >= (3, 11)


def test_hypothesis_and_the_game_package_import():
    import hypothesis  # noqa: F401

    import game  # noqa: F401  (importable through pytest's pythonpath, pyproject.toml)


@pytest.mark.skipif(sys.platform != "emscripten", reason="only meaningful inside Pyodide")
def test_inside_pyodide_with_the_project_mounted():
    import pyodide  # noqa: F401  (only exists in Pyodide)

    assert sys.version_info >= (3, 14)
    assert (ROOT / "pyscript.toml").is_file()
    assert (ROOT / "game" / "web" / "shell" / "main.py").is_file()
