"""The end-to-end pass (scenario.py) in Firefox ESR, driven over WebDriver BiDi (headless)."""

from __future__ import annotations

import pytest
from scenario import Pass, check_guard


@pytest.fixture(scope="module")
def played(firefox, site, prepared_game):
    """The pass, run once for the two tests below; what it saw is printed (pytest -rP)."""
    run = Pass(firefox, site, prepared_game)
    error = None
    try:
        run.run()
    except Exception as failure:
        error = failure
    print(run.report())
    return run, error


def test_firefox_pass(played):
    """Boot, a fixed game by taps and in the worker, reload and reopens behind the pass
    screen, export and import, a language switch, offline reload; nothing wrong seen."""
    run, error = played
    if error is not None:
        raise error


def test_firefox_snapshot_restored_on_every_start(played):
    """The boot snapshot made on the first visit is restored on the 6 starts after it."""
    run, _ = played
    run.check_restores()


def test_firefox_guard_sees_errors(firefox, site, played):
    """Errors provoked on purpose after the pass are all reported (the guard is not blind)."""
    check_guard(firefox, site)
