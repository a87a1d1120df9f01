"""Shared set-up for the engine tests (CPython and Pyodide alike).

``import game`` works through ``pythonpath`` in pyproject.toml and ``engine_testkit`` through
pytest's default import mode (this folder is put first on ``sys.path``). Registers the
hypothesis profile the property tests use. ``MANHATTAN_PROPERTY_GAMES`` sets how many random
games each property test plays.
"""

from __future__ import annotations

import pytest
from engine_testkit import IN_PYODIDE, run_cli_inprocess, run_cli_subprocess


@pytest.fixture(params=[
    "main()",
    pytest.param("python -m game", marks=pytest.mark.skipif(
        IN_PYODIDE, reason="Pyodide cannot start processes; main() is tested in-process")),
])
def cli(request):
    """Run the command line: ``cli(["score", path], stdin=None) -> (code, stdout, stderr)``,
    once through ``game.cli.main`` in this process and once as ``python -m game`` in a new
    process (the latter skipped under Pyodide)."""
    return run_cli_inprocess if request.param == "main()" else run_cli_subprocess
