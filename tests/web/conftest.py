"""Set-up for the web UI logic tests: pure Python, no browser (``game.web`` minus app/dom).

``import game`` works through ``pythonpath`` in pyproject.toml and the test kit (``play_kit``)
through pytest's default import mode. The message catalogues are compiled here, before any
test imports ``game.web.messages``: these tests run from the source tree (on CPython and
inside Pyodide), without the build that puts the ``.mo`` files into ``dist/``.
``scripts/msgfmt.py`` (stdlib only, so it runs in Pyodide too; on the path through
pyproject.toml) recompiles a ``.mo`` only when it is missing or older than its ``.po``; the
``.mo`` files beside the ``.po`` are build output and ignored by git.
"""

from __future__ import annotations

from pathlib import Path

import msgfmt

msgfmt.compile_tree(Path(__file__).resolve().parents[2] / "locale")
