"""Set-up for the web UI logic tests: pure Python, no browser (``game.web`` minus app/dom).

``import game`` works through ``pythonpath`` in pyproject.toml and the test kit (``play_kit``)
through pytest's default import mode. The message catalogues are compiled here, before any
test imports ``game.web.messages``: these tests run from the source tree (on CPython and
inside Pyodide), without the build that puts the ``.mo`` files into ``dist/``.
``scripts/msgfmt.py`` (stdlib only, so it runs in Pyodide too; on the path through
pyproject.toml) recompiles a ``.mo`` only when it is missing or older than its ``.po``; the
``.mo`` files beside the ``.po`` are build output and ignored by git.

``game.web`` only ever runs in Pyodide (the browser), so the whole test command runs these
tests inside Pyodide and, on CPython, only those marked ``cpython(reason=...)``: the ones
Pyodide under Node cannot run, which the mark skips there with its reason (docs/testing.md,
"Where the web logic runs"). Inside Pyodide a test here that skips itself without that mark
fails, so no test can fall between the two runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import msgfmt
import pytest

msgfmt.compile_tree(Path(__file__).resolve().parents[2] / "locale")


def pytest_runtest_setup(item):
    mark = item.get_closest_marker("cpython")
    if sys.platform == "emscripten" and mark is not None:
        pytest.skip(mark.kwargs["reason"])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if (sys.platform == "emscripten" and report.skipped
            and item.get_closest_marker("cpython") is None):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = (f"{item.nodeid} skips itself in Pyodide ({reason}) but is not "
                           "marked `cpython`: the whole command runs tests/web on CPython only for "
                           "tests so marked, so this test would run nowhere")
