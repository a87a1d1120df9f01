"""The browser tests' warm page (tests/e2e/conftest.py) itself: what one test leaves behind
never reaches the next."""

from __future__ import annotations

import hang_report
import pytest
from playwright.sync_api import Error as PlaywrightError
from ui_driver import open_app, screen


def test_a_crashed_renderer_costs_one_test_not_the_rest(page, site_url, warm_page_holder):
    """A renderer that crashes (as one did under a 300-game restore at load 13) is replaced
    at the next reset; before, every later test of the worker failed at its first step."""
    open_app(page, site_url)
    with page.expect_event("crash"):
        try:
            page.goto("chrome://crash")
        except PlaywrightError:
            pass  # "Page crashed": what the next reset has to mend
    assert warm_page_holder.crashed
    warm_page_holder.reset()
    fresh = warm_page_holder.page
    assert fresh is not page and not warm_page_holder.crashed
    open_app(fresh, site_url)
    assert screen(fresh) == "start"


def test_a_browser_call_that_never_returns_fails_its_test_and_the_next_gets_new_pages(
        page, site_url, warm_page_holder, monkeypatch):
    """A call the browser never answers (a promise that never settles stands in for a close
    Chromium dropped) ends at the ceiling with the words the suite reruns, instead of waiting
    until the suite's guard ends the whole run; the next reset leaves that context for a new
    one, the call's page answering or not."""
    open_app(page, site_url)
    context = warm_page_holder.context
    reports: list[str] = []  # not the run's terminal and log, which say a run had a hang
    monkeypatch.setattr(hang_report, "_write", reports.append)
    monkeypatch.setattr(hang_report, "CALL_CEILING", 2.0)  # for this one call (a busy
    # machine can take longer than that for any other)
    with pytest.raises(hang_report.BrowserCallHung, match=hang_report.HUNG_WORDS):
        page.evaluate("() => new Promise(() => {})")
    monkeypatch.undo()
    assert page.evaluate("() => 1 + 1") == 2  # the abort left the page answering
    assert len(reports) == 1 and "Page.evaluate aborted after 2 s" in reports[0]
    warm_page_holder.reset()
    assert warm_page_holder.context is not context
    # The call was made on purpose: the worker's other kept pages need not be made anew.
    hang_report.WATCH.stuck_calls -= 1
    warm_page_holder.stuck_calls_seen -= 1
    fresh = warm_page_holder.page
    open_app(fresh, site_url)
    assert screen(fresh) == "start"
