"""Shared set-up for the engine tests (CPython and Pyodide alike).

Puts the repository root (for ``import game``) and this folder (for ``engine_testkit``) on
``sys.path`` whatever the import mode, and registers the hypothesis profile the property tests
use. ``MANHATTAN_PROPERTY_GAMES`` sets how many random games each property test plays.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
for path in (str(REPO), str(HERE)):
    if path not in sys.path:
        sys.path.insert(0, path)

import pytest  # noqa: E402

from engine_testkit import IN_PYODIDE, run_cli_inprocess, run_cli_subprocess  # noqa: E402


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
