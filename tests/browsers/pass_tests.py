"""The tests of the end-to-end pass (scenario.py), written once for every browser: a test
file names its browser's fixture as ``driver`` and imports these."""

from __future__ import annotations

import pytest
from scenario import Pass, check_guard


@pytest.fixture(scope="module")
def played(driver, site, prepared_game):
    """The pass, run once for the tests below; what it saw is printed (pytest -rP)."""
    run = Pass(driver, site, prepared_game)
    error = None
    try:
        run.run()
    except Exception as failure:
        error = failure
    print(run.report())
    return run, error


def test_pass(played):
    """Boot, a fixed game by taps and in the worker, reload and reopens behind the pass
    screen, export and import, a language switch, offline reload; nothing wrong seen."""
    run, error = played
    if error is not None:
        raise error


def test_snapshot_restored_on_every_start(played):
    """The boot snapshot made on the first visit is restored on the 6 starts after it."""
    run, _ = played
    run.check_restores()


def test_guard_sees_errors(driver, site, played):
    """Errors provoked on purpose after the pass are all reported (the guard is not blind)."""
    check_guard(driver, site)
