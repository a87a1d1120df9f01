"""The light theme in the browser: it follows the device's setting, the switch
chooses light or dark whatever the device says, the choice is on ``<html data-theme>`` before
Python starts (assets/boot.js) and after a reload; axe finds nothing serious or critical on
the main screens in light at the three sizes (the dark page: tests/e2e/test_a11y.py, whose
device is dark, conftest.py). Screenshots: screenshots/a11y-light-<screen>-<size>.png.
The animations follow a change of the device's wish for reduced motion live, until chosen.
"""

from __future__ import annotations

import pytest
from e2e_helpers import VIEWPORTS, resize, settle
from test_a11y import audit
from test_ui_screens import load_into, prepared
from ui_driver import FAST_LEAN, FAST_LEAN_NEW_DOCUMENT, open_app, screen, tap

pytestmark = pytest.mark.e2e

GROUND = "getComputedStyle(document.body).backgroundColor"
DARK_GROUND = "rgb(14, 23, 44)"
LIGHT_GROUND = "rgb(233, 238, 246)"
BOARD = "getComputedStyle(document.querySelector('.board-bg')).fill"


def test_the_light_theme_follows_the_device_and_passes_axe(page, site_url):
    page.emulate_media(color_scheme="light")
    resize(page, VIEWPORTS["tablet-landscape"])
    query = f"{FAST_LEAN}&lang=en"
    open_app(page, site_url, query)
    page.evaluate("localStorage.clear()")
    open_app(page, site_url, query)
    assert page.get_attribute("html", "data-theme") == "auto"
    assert page.evaluate(GROUND) == LIGHT_GROUND
    problems: list = []
    problems += audit(page, "start", "light", shots=True)
    tap(page, '[data-action="stats"]')
    page.wait_for_selector('#app[data-screen="stats"]')
    problems += audit(page, "stats", "light", shots=True)
    tap(page, '[data-action="stats-close"]')
    tap(page, '[data-action="new-game"]')
    problems += audit(page, "setup", "light", shots=True)

    data = prepared(lambda c: c.session.state.phase == "build" and c.screen_name == "pass"
                    and c.session.state.current == 0 and c.session.state.round == 2, seed=5)
    load_into(page, site_url, data, query)
    problems += audit(page, "pass", "light", shots=True)
    tap(page, '[data-action="reveal"]')
    page.locator('[data-action="card"]').first.click()
    page.locator('[data-action="piece"]').first.click()
    assert page.evaluate(BOARD) != "rgb(31, 44, 74)"  # the dark board's ground
    problems += audit(page, "building", "light", shots=True)
    tap(page, '[data-action="menu"]')
    problems += audit(page, "menu", "light", shots=True)

    data = prepared(lambda c: c.screen_name == "scoring")
    load_into(page, site_url, data, query)
    assert screen(page) == "scoring"
    problems += audit(page, "scoring", "light", shots=True)
    data = prepared(lambda c: False, count=2, seed=4)
    load_into(page, site_url, data, query)
    assert screen(page) == "final"
    problems += audit(page, "final", "light", shots=True)
    assert not problems, problems


@pytest.mark.fresh_browser  # an init script stays with its page: not on the warm page
def test_the_switch_overrides_the_device_and_is_kept_before_python_starts(page, site_url):
    page.emulate_media(color_scheme="light")
    # what <html data-theme> says when the document is parsed (assets/boot.js has run,
    # Python not yet)
    page.add_init_script("""document.addEventListener("DOMContentLoaded", () => {
        window.themeAtParse = document.documentElement.dataset.theme || null; });""")
    open_app(page, site_url, f"{FAST_LEAN_NEW_DOCUMENT}&lang=en")
    page.evaluate("localStorage.clear()")
    open_app(page, site_url, f"{FAST_LEAN_NEW_DOCUMENT}&lang=en")
    assert page.evaluate("window.themeAtParse") is None
    button = '.start-tools [data-action="theme"]'
    seen = []
    for _ in range(3):
        tap(page, button)
        seen.append((page.get_attribute("html", "data-theme"), page.evaluate(GROUND)))
    assert seen == [("light", LIGHT_GROUND), ("dark", DARK_GROUND), ("auto", LIGHT_GROUND)]
    tap(page, button)
    tap(page, button)  # dark on a light device
    open_app(page, site_url, f"{FAST_LEAN_NEW_DOCUMENT}&lang=en")
    assert page.evaluate("window.themeAtParse") == "dark"
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.evaluate(GROUND) == DARK_GROUND
    page.emulate_media(color_scheme="dark")
    tap(page, button)  # "as on the device": now dark too
    tap(page, button)  # light on a dark device
    assert page.evaluate(GROUND) == LIGHT_GROUND


def test_the_animations_follow_the_devices_wish_live_until_chosen(page, site_url):
    page.emulate_media(reduced_motion="no-preference")
    open_app(page, site_url, f"{FAST_LEAN}&lang=en")
    page.evaluate("localStorage.clear()")
    open_app(page, site_url, f"{FAST_LEAN}&lang=en")
    assert page.get_attribute("html", "data-motion") == "normal"
    page.emulate_media(reduced_motion="reduce")  # no reload: the change event
    page.wait_for_selector('html[data-motion="off"]', state="attached")
    page.emulate_media(reduced_motion="no-preference")
    page.wait_for_selector('html[data-motion="normal"]', state="attached")
    tap(page, '[data-action="play-alone"]')
    page.wait_for_selector('[data-action="menu"]')
    tap(page, '[data-action="menu"]')
    tap(page, '#game-menu [data-action="motion"]')  # a choice of the person's: fast
    assert page.get_attribute("html", "data-motion") == "fast"
    page.emulate_media(reduced_motion="reduce")
    settle(page)
    assert page.get_attribute("html", "data-motion") == "fast"  # their choice stays
