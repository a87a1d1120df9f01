"""Which browser call a stuck test waits on, said while it still waits; and an end to the wait.

A Playwright call that never returns (a page that never answers an ``evaluate``, a close that
never completes: Chromium can acknowledge closing a target that races a navigation's commit
and never close it) leaves nothing to read afterwards: the suite's guard ends the run, and
Python's stack dump shows only Playwright's dispatcher, because the test's own stack is parked
in another greenlet. So every call through Playwright's synchronous API notes when it began
and where the test made it; a watchdog thread in each pytest process writes, once per call,
the test, the call and the test's lines to the terminal pytest started on (past its output
capture, which would hold them until a test that never ends ends) and to ``$E2E_HANG_LOG``
(if set), when the call has waited ``REPORT_AFTER`` seconds; a test that has run
``TEST_REPORT_AFTER`` seconds is reported once too, with what it waits on (a fixture, the
server or xdist, when no browser call is pending).

A call still waiting at ``CALL_CEILING`` (longer than any timeout a test gives) is aborted
(as Playwright aborts a cancelled call) and fails its test with ``BrowserCallHung``, whose
words the suite reruns once (``scripts/test.sh``, as a renderer crash): one stuck call costs
minutes and a rerun, not the run. The kept pages are made anew after it (``stuck_calls``),
since the page or context that did not answer may not answer again.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field

from playwright._impl._sync_base import SyncBase

REPORT_AFTER = float(os.environ.get("E2E_HANG_REPORT_AFTER", "120"))
"""Seconds a single call may wait before it is reported (the slowest calls of a passing run,
a whole computer's game awaited by one ``wait_for_function``, take about a minute under load)."""

TEST_REPORT_AFTER = 2.5 * REPORT_AFTER
"""Seconds a whole test may run before it is reported (the slowest pass in about 70 s)."""

CALL_CEILING = float(os.environ.get("E2E_CALL_CEILING", "360"))
"""Seconds after which a call is aborted: above every timeout the tests give (240 s at most)."""

HUNG_WORDS = "the browser never answered"
"""In every ``BrowserCallHung``'s message: what the suite's rerun matches."""


class BrowserCallHung(Exception):
    """A browser call that did not return within ``CALL_CEILING``: the browser's fault, not
    the page's (not a Playwright error, so no test's ``except`` for those swallows it)."""


@dataclass
class PendingCall:
    name: str
    began: float
    where: list[str]
    reported: bool = False


@dataclass
class Watch:
    test: str = ""
    test_began: float = 0.0
    test_reported: bool = False
    calls: list[PendingCall] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    terminal: int = 2
    stuck_calls: int = 0
    """Calls aborted at the ceiling in this process so far."""


WATCH = Watch()


def _caller_lines(frame) -> list[str]:
    """The test's own lines of the stack (not pytest's, not Playwright's)."""
    lines = []
    for summary in traceback.extract_stack(frame, limit=12):
        if "site-packages" in summary.filename or "/lib/python" in summary.filename:
            continue
        lines.append(f"{os.path.basename(summary.filename)}:{summary.lineno} {summary.line}")
    return lines


def _install() -> None:
    original = SyncBase._sync

    def noted_sync(self, awaitable):
        __tracebackhide__ = True
        name = getattr(awaitable, "__qualname__", type(awaitable).__name__)
        caller = sys._getframe(1)
        call = PendingCall(name, time.monotonic(), _caller_lines(caller))
        with WATCH.lock:
            WATCH.calls.append(call)
        try:
            return original(self, _within_ceiling(awaitable, caller, name))
        finally:
            with WATCH.lock:
                WATCH.calls.remove(call)

    SyncBase._sync = noted_sync  # type: ignore[method-assign]


async def _within_ceiling(awaitable, caller, name: str):
    """``awaitable``'s result, or ``BrowserCallHung`` once it has waited ``CALL_CEILING``."""
    if asyncio.isfuture(awaitable):
        call = awaitable
    else:
        call = asyncio.ensure_future(awaitable)
        # Where Playwright reads the test's stack from (as SyncBase._sync marks its own task).
        call.__pw_caller_frame__ = caller  # type: ignore[attr-defined]
    done, _ = await asyncio.wait({call}, timeout=CALL_CEILING)
    if done:
        return call.result()
    call.cancel()
    with WATCH.lock:
        WATCH.stuck_calls += 1
    _write(f"\n!!! {WATCH.test}: {name} aborted after {CALL_CEILING:.0f} s (pid {os.getpid()})\n")
    raise BrowserCallHung(f"{name} did not return in {CALL_CEILING:.0f} s: {HUNG_WORDS} "
                          "(tests/e2e/hang_report.py)")


def _report(call: PendingCall, waited: float) -> None:
    _write(f"\n!!! {WATCH.test}: {call.name} has waited {waited:.0f} s (pid {os.getpid()})\n"
           + "".join(f"!!!   {line}\n" for line in call.where))


def _report_test(ran: float, pending: list[str]) -> None:
    waits = ", ".join(pending) if pending else "no browser call (a fixture, the server or xdist)"
    _write(f"\n!!! {WATCH.test} has run {ran:.0f} s (pid {os.getpid()}); it waits on: {waits}\n")


def _write(text: str) -> None:
    os.write(WATCH.terminal, text.encode("utf-8", "replace"))
    log = os.environ.get("E2E_HANG_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as out:
            out.write(text)


def _watchdog() -> None:
    while True:
        time.sleep(5)
        now = time.monotonic()
        with WATCH.lock:
            late = [c for c in WATCH.calls if not c.reported and now - c.began >= REPORT_AFTER]
            for call in late:
                call.reported = True
            long_test = (WATCH.test and not WATCH.test_reported
                         and now - WATCH.test_began >= TEST_REPORT_AFTER)
            if long_test:
                WATCH.test_reported = True
            pending = [c.name for c in WATCH.calls]
        for call in late:
            _report(call, now - call.began)
        if long_test:
            _report_test(now - WATCH.test_began, pending)


def begin_test(nodeid: str) -> None:
    """The test that runs from now on in this process ("" between tests)."""
    with WATCH.lock:
        WATCH.test, WATCH.test_began, WATCH.test_reported = nodeid, time.monotonic(), False


def start(config) -> None:
    """Note every call from now on and start the watchdog (once per process)."""
    capture = config.pluginmanager.getplugin("capturemanager")
    saved = getattr(getattr(getattr(capture, "_global_capturing", None), "err", None),
                    "targetfd_save", None)
    WATCH.terminal = saved if isinstance(saved, int) else 2
    _install()
    threading.Thread(target=_watchdog, name="hang-report", daemon=True).start()
