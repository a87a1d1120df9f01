"""The game log opens at its newest entry, at the three sizes, with its head (the one
Close) in view; the notice of a file saved is on screen. A late game (a save made in
CPython), loaded once per language. Screenshots: screenshots/log-<lang>-<size>.png."""

from __future__ import annotations

import pytest
from e2e_helpers import SCREENSHOTS, resize, save_screenshot, settle
from test_ui_screens import load_into
from test_ui_screens import prepared as prepared_game
from ui_driver import FAST_LEAN, tap

pytestmark = pytest.mark.e2e

SIZES = {
    "phone": {"width": 390, "height": 844},
    "tablet-portrait": {"width": 820, "height": 1180},
    "tablet-landscape": {"width": 1180, "height": 820},
}

IN_VIEW_JS = """() => {
  const box = document.querySelector('.log-drawer .log-scroll').getBoundingClientRect();
  const entries = [...document.querySelectorAll('.log-drawer [data-log-step]')];
  const last = entries[entries.length - 1].getBoundingClientRect();
  const first = entries[0].getBoundingClientRect();
  const close = document.querySelector('.log-drawer [data-action="log"]').getBoundingClientRect();
  return {entries: entries.length,
          last: last.top >= box.top - 1 && last.bottom <= box.bottom + 1 && last.bottom <= innerHeight,
          first_hidden: first.bottom < box.top,
          close: close.top >= 0 && close.bottom <= innerHeight};
}"""


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_log_opens_at_the_newest_entry(page, site_url, lang):
    late = prepared_game(lambda c: c.session is not None and c.session.state.round >= 3
                         and c.screen_name == "pass")
    load_into(page, site_url, late, FAST_LEAN + f"&lang={lang}")
    tap(page, '[data-action="reveal"]')
    page.wait_for_selector('[data-mode="turn"]')
    for size, viewport in SIZES.items():
        resize(page, viewport)
        tap(page, '.topbar [data-action="menu"]')
        tap(page, '[data-log-button]')
        page.wait_for_selector(".log-drawer [data-log-step]")
        settle(page)
        seen = page.evaluate(IN_VIEW_JS)
        assert seen["entries"] > 20 and seen["last"] and seen["first_hidden"] and seen["close"], \
            (size, seen)
        save_screenshot(page, SCREENSHOTS / f"log-{lang}-{size}.png")
        if size == "phone":  # a view saved as a file: the notice says so
            with page.expect_download():
                tap(page, '.log-drawer [data-action="export"]')
            notice = page.locator('[data-downloaded="view"]')
            notice.wait_for()
            box = notice.bounding_box()
            on_top = page.evaluate("([x, y]) => document.elementFromPoint(x, y)"
                                   "?.closest('[data-downloaded]') !== null",
                                   [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
            assert on_top and box["y"] + box["height"] <= SIZES[size]["height"], box
            settle(page)
            save_screenshot(page, SCREENSHOTS / f"log-saved-{lang}-{size}.png")
        tap(page, '.log-drawer [data-action="log"]')
        page.wait_for_selector(".log-drawer", state="detached")
