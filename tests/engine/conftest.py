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
