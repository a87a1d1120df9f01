"""The end-to-end pass (scenario.py, pass_tests.py) in Firefox ESR, driven over WebDriver
BiDi (headless)."""

from __future__ import annotations

import pytest
from pass_tests import played, test_guard_sees_errors, test_pass, test_snapshot_restored_on_every_start

__all__ = ["played", "test_pass", "test_snapshot_restored_on_every_start", "test_guard_sees_errors"]


@pytest.fixture(scope="module")
def driver(firefox):
    return firefox
