"""The end-to-end pass (scenario.py) in WebKit: WebKitGTK's MiniBrowser, the iPad's engine.

Needs a display: scripts/test.sh runs it under
``xvfb-run -a -s '-screen 0 1280x1024x24' dbus-run-session --``."""

from __future__ import annotations

import pytest
from scenario import Pass, check_guard


@pytest.fixture(scope="module")
def played(webkit, site, prepared_game):
    """The pass, run once for the two tests below; what it saw is printed (pytest -rP)."""
    run = Pass(webkit, site, prepared_game)
    error = None
    try:
        run.run()
    except Exception as failure:
        error = failure
    print(run.report())
    return run, error


def test_webkit_pass(played):
    """Boot, a fixed game by taps and in the worker, reload and reopens behind the pass
    screen, export and import, a language switch, offline reload; nothing wrong seen."""
    run, error = played
    if error is not None:
        raise error


def test_webkit_snapshot_restored_on_every_start(played):
    """The boot snapshot made on the first visit is restored on the 6 starts after it."""
    run, _ = played
    run.check_restores()


def test_webkit_guard_sees_errors(webkit, site, played):
    """Errors provoked on purpose after the pass are all reported (the guard is not blind)."""
    check_guard(webkit, site)
