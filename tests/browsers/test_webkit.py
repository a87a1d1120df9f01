"""The end-to-end pass (scenario.py, pass_tests.py) in WebKit: WebKitGTK's MiniBrowser, the
iPad's engine.

Needs a display: scripts/test.sh runs it under
``xvfb-run -a -s '-screen 0 1280x1024x24' dbus-run-session --``."""

from __future__ import annotations

import pytest
from pass_tests import played, test_guard_sees_errors, test_pass, test_snapshot_restored_on_every_start

__all__ = ["played", "test_pass", "test_snapshot_restored_on_every_start", "test_guard_sees_errors"]


@pytest.fixture(scope="module")
def driver(webkit):
    return webkit
