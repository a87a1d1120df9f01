"""Set-up for the web UI logic tests: pure Python, no browser (``game.web`` minus app/dom).

The message catalogues are compiled here, before any test imports ``game.web.messages``:
these tests run from the source tree (on CPython and inside Pyodide), without the build that
puts the ``.mo`` files into ``dist/``. ``scripts/msgfmt.py`` (stdlib only, so it runs in
Pyodide too) recompiles a ``.mo`` only when it is missing or older than its ``.po``; the
``.mo`` files beside the ``.po`` are build output and ignored by git.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
for path in (str(REPO), str(HERE)):
    if path not in sys.path:
        sys.path.insert(0, path)


def _load_msgfmt():
    spec = importlib.util.spec_from_file_location("msgfmt", REPO / "scripts" / "msgfmt.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["msgfmt"] = module
    spec.loader.exec_module(module)
    return module


msgfmt = _load_msgfmt()
msgfmt.compile_tree(REPO / "locale")
