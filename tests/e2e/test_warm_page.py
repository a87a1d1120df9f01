"""The browser tests' warm page (tests/e2e/conftest.py) itself: what one test leaves behind
never reaches the next."""

from __future__ import annotations

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
