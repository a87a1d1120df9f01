"""The end-to-end pass (scenario.py, pass_tests.py) in WebKit: WebKitGTK's MiniBrowser, the
iPad's engine.

Needs a display: scripts/test.sh runs it under
``xvfb-run -a -s '-screen 0 1280x1024x24' dbus-run-session --``."""

from __future__ import annotations

import pytest
from drivers import IPAD_JIT_POOL_BYTES, IPAD_RAM_BYTES, jit_pool_kib, process_environment
from pass_tests import played, test_guard_sees_errors, test_pass, test_snapshot_restored_on_every_start

__all__ = ["played", "test_pass", "test_snapshot_restored_on_every_start", "test_guard_sees_errors"]


@pytest.fixture(scope="module")
def driver(webkit):
    return webkit


def test_the_pass_ran_within_an_ipads_jit_pool(driver, played):
    """The pass (the game, its worker's thinking, reopens) ran in a web process whose
    JavaScriptCore had the iPad's 64 MB of executable memory, not the desktop's larger pool,
    and sized its collections by an iPad's memory: the options reached the process, and its
    JIT pool is no larger."""
    pools = {}
    for pid in driver.web_processes():
        environment = process_environment(pid)
        assert environment.get("JSC_jitMemoryReservationSize") == str(
            IPAD_JIT_POOL_BYTES), f"web process {pid} runs without the iPad's JIT pool"
        assert environment.get("JSC_forceRAMSize") == str(
            IPAD_RAM_BYTES), f"web process {pid} sizes its collections by this machine's memory"
        pool = jit_pool_kib(pid)
        if pool is not None:
            pools[pid] = pool
    assert pools, "no web process with a JIT pool was found"
    for pid, (size, resident) in pools.items():
        # the reservation plus the allocator's alignment (8 KiB seen); the default is 1 GiB
        assert size <= (IPAD_JIT_POOL_BYTES >> 10) + 1024, (pid, size)
        print(f"web process {pid}: JIT pool {size / 1024:.1f} MiB, {resident / 1024:.1f} MiB in use")
