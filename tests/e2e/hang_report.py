"""Which browser call a stuck test waits on, said while it still waits.

A Playwright call that never returns (a page that never answers an ``evaluate``, a close that
never completes) leaves nothing to read afterwards: the suite's guard ends the run, and
Python's stack dump shows only Playwright's dispatcher, because the test's own stack is parked
in another greenlet. So every call through Playwright's synchronous API notes when it began
and where the test made it; a watchdog thread in each pytest process writes, once per call,
the test, the call and the test's lines to the terminal pytest started on (past its output
capture, which would hold them until a test that never ends ends) and to ``$E2E_HANG_LOG``
(if set),
when the call has waited ``REPORT_AFTER`` seconds. It changes nothing else: the call goes on
waiting, and the guards decide as before.
"""

from __future__ import annotations

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


@dataclass
class PendingCall:
    name: str
    began: float
    where: list[str]
    reported: bool = False


@dataclass
class Watch:
    test: str = ""
    calls: list[PendingCall] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    terminal: int = 2


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
        call = PendingCall(name, time.monotonic(), _caller_lines(sys._getframe(1)))
        with WATCH.lock:
            WATCH.calls.append(call)
        try:
            return original(self, awaitable)
        finally:
            with WATCH.lock:
                WATCH.calls.remove(call)

    SyncBase._sync = noted_sync  # type: ignore[method-assign]


def _report(call: PendingCall, waited: float) -> None:
    text = (f"\n!!! {WATCH.test}: {call.name} has waited {waited:.0f} s (pid {os.getpid()})\n"
            + "".join(f"!!!   {line}\n" for line in call.where))
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
        for call in late:
            _report(call, now - call.began)


def start(config) -> None:
    """Note every call from now on and start the watchdog (once per process)."""
    capture = config.pluginmanager.getplugin("capturemanager")
    saved = getattr(getattr(getattr(capture, "_global_capturing", None), "err", None),
                    "targetfd_save", None)
    WATCH.terminal = saved if isinstance(saved, int) else 2
    _install()
    threading.Thread(target=_watchdog, name="hang-report", daemon=True).start()
