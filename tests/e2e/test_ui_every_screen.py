"""Every screen at the three sizes (phone 390x844, tablet portrait 768x1024, tablet
landscape 1024x768): nothing wider than the viewport, no sideways scrolling (not even in a
part of the page that scrolls on its own), and a full-page screenshot of each to look at:
screenshots/every-<screen>-<size>.png.

Screens: start, setup, saved games, pass screen (with the digest), selection, play with a
city open (a phone) or a piece about to be placed, the inspector, the game log, round
scoring, final standings (per-round table, chart, facts), the replay, the rules help, the
tutorial. And on a phone, once the pieces are chosen the board is in view.

Positions are prepared in CPython exactly as in test_ui_screens.py.
"""

from __future__ import annotations

import random

import pytest
from e2e_helpers import SCREENSHOTS, VIEWPORTS, resize, save_screenshot, settle
from test_i18n_layout import OVERFLOW_JS
from test_ui_screens import load_into, prepared
from test_ui_story import game_of
from ui_driver import FAST_LEAN, choose_selection, open_app, screen, tap, wait_for_person

pytestmark = pytest.mark.e2e


UNSTICK_JS = """(on) => { for (const el of document.querySelectorAll(on ? '#app *' : '[data-unstuck]')) {
    if (on && getComputedStyle(el).position !== 'sticky') continue;
    if (on) { el.dataset.unstuck = '1'; el.style.position = 'relative'; }
    else { delete el.dataset.unstuck; el.style.position = ''; } } }"""


SCROLL_END_JS = """() => { let moved = false;
  for (const el of document.querySelectorAll('#app *')) {
    const o = getComputedStyle(el).overflowY;
    if ((o === 'auto' || o === 'scroll') && el.scrollHeight > el.clientHeight + 40) {
      el.scrollTop = el.scrollHeight; moved = true; } }
  return moved; }"""


def fits(page, name: str) -> None:
    """At each size: the page and every element of the main content fit the width (nothing
    scrolls sideways); a full-page screenshot."""
    problems = []
    for size, vp in VIEWPORTS.items():
        resize(page, vp)
        settle(page)
        found = page.evaluate(OVERFLOW_JS)
        # (sticky bars drawn where they belong in the page, not over the content that the
        # full-page picture shows at their viewport position)
        page.evaluate(UNSTICK_JS, True)
        save_screenshot(page, SCREENSHOTS / f"every-{name}-{size}.png", full_page=True)
        page.evaluate(UNSTICK_JS, False)
        # a part that scrolls on its own (the final card, the play panel): its end too
        if page.evaluate(SCROLL_END_JS):
            settle(page)
            save_screenshot(page, SCREENSHOTS / f"every-{name}-{size}-end.png")
            page.evaluate("() => document.querySelectorAll('#app *').forEach("
                          "el => { if (el.scrollTop) el.scrollTop = 0; })")
        if found["scrollWidth"] > vp["width"] or found["out"] or found["scrolled"]:
            problems.append((size, found))
    assert not problems, (name, problems)


def open_a_city(page) -> None:
    """On a phone (the board an overview), open the city of the first highlighted plot."""
    zoom = page.locator('[data-action="zoom"]')
    if zoom.count():
        city = page.get_attribute('[data-legal="true"], [data-city][data-height]:not('
                                  '[data-height="0"])', "data-city") or "0"
        tap(page, f'[data-action="zoom"][data-zoom="{city}"]')
        page.wait_for_selector('svg.board[data-board-view="city"]')


def test_every_screen_fits_every_size(page, site_url):
    resize(page, VIEWPORTS["phone"])
    open_app(page, site_url)
    fits(page, "start")
    tap(page, '[data-action="rules"]')
    fits(page, "rules")
    tap(page, '[data-action="rules-close"]')
    tap(page, '[data-action="new-game"]')
    fits(page, "setup")

    data = prepared(lambda c: c.session.state.round == 2 and c.screen_name == "pass"
                    and c.session.state.phase == "build" and c.session.state.current == 0,
                    seed=31, godzilla="baby")
    ident, _ = game_of(data)
    load_into(page, site_url, data)
    tap(page, '[data-action="home"]')
    fits(page, "start-saves")
    load_into(page, site_url, data)
    assert screen(page) == "pass"
    page.locator("[data-digest]").evaluate("el => { el.open = true; }")
    fits(page, "pass")
    tap(page, '[data-action="reveal"]')
    page.locator('[data-action="card"]').first.click()
    page.locator('[data-action="piece"]').first.click()
    fits(page, "play")
    resize(page, VIEWPORTS["phone"])
    open_a_city(page)
    fits(page, "play-city")
    tap(page, '[data-action="inspect-mode"]')
    resize(page, VIEWPORTS["phone"])
    open_a_city(page)
    target = page.locator('[data-action="plot"][data-height]:not([data-height="0"])')
    (target if target.count() else page.locator('[data-action="plot"]')).first.click()
    page.wait_for_selector("[data-inspector]")
    fits(page, "inspector")
    tap(page, '[data-action="log"]')
    page.wait_for_selector(".log-drawer [data-log-step]")
    fits(page, "log")

    data = prepared(lambda c: c.screen_name == "scoring" and c.session.state.round == 3,
                    seed=32)
    load_into(page, site_url, data)
    assert screen(page) == "scoring"
    fits(page, "scoring")

    data = prepared(lambda c: False, seed=33, godzilla="godzilla")
    ident, _ = game_of(data)
    load_into(page, site_url, data)
    assert screen(page) == "final"
    assert page.locator("[data-score-chart]").count() == 1
    fits(page, "final")
    load_into(page, site_url, data, f"{FAST_LEAN}&replay={ident}")
    page.wait_for_selector("[data-replay-step]")
    page.evaluate("() => { const s = document.querySelector('.replay-slider'); s.value = 40;"
                  " s.dispatchEvent(new Event('change', {bubbles: true})); }")
    page.wait_for_selector('[data-replay-step="40"]')
    fits(page, "replay")

    page.evaluate("localStorage.clear()")
    open_app(page, site_url)
    tap(page, '[data-action="tutorial"]')
    page.wait_for_selector(".coach[data-tutorial]")
    fits(page, "tutorial")


def test_after_choosing_the_pieces_on_a_phone_the_board_is_in_view(page, site_url):
    resize(page, VIEWPORTS["phone"])
    data = prepared(lambda c: True, controllers=["human", "greedy", "greedy", "greedy"])
    load_into(page, site_url, data)
    if screen(page) == "pass":
        tap(page, '[data-action="reveal"]')
    assert page.get_attribute(".play", "data-phase") == "select"
    page.locator('[data-action="confirm"]').scroll_into_view_if_needed()
    choose_selection(page, random.Random(1))
    wait_for_person(page)
    assert page.get_attribute(".play", "data-phase") == "build"
    settle(page)
    box = page.locator("svg.board").bounding_box()
    vp = VIEWPORTS["phone"]
    assert box is not None
    assert box["y"] < vp["height"] and box["y"] + box["height"] > 0, box
    # most of it, not a sliver
    shown = min(box["y"] + box["height"], vp["height"]) - max(box["y"], 0)
    assert shown >= min(box["height"], vp["height"]) / 2, box
    save_screenshot(page, SCREENSHOTS / "every-after-selection-phone.png")
