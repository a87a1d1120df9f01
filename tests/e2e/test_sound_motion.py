"""The game's sounds and the page's animations in Chromium.

Sounds: assets/sound.js counts every call of ``window.manhattanSound`` in its test hook
(``manhattanSound.log``: each call's kind and whether it played); the synthetic clicks of the
driver are no user gesture, so a game played by them must stay silent, with no AudioContext,
until a real pointer press on the page. The mute is one tap in the game menu and kept after
a reload; a muted page makes no AudioContext even on a real press (in WebKitGTK the first
one loads the whole sound stack), and the tap that turns the sound on makes it. Animations:
with the device asking for reduced motion the page starts with them off
(``<html data-motion="off">``, CSS stops every animation); the menu's switch goes round.
Screenshots of the open menu in German and French at a phone's and a tablet's size.
"""

from __future__ import annotations

import pytest
from e2e_helpers import SCREENSHOTS, resize, save_screenshot
from ui_driver import FAST_LEAN, FAST_LEAN_NEW_DOCUMENT, new_game, open_app, tap

pytestmark = pytest.mark.e2e

LOG = "() => window.manhattanSound.log.map(e => [e.kind, e.played])"
CONTEXT = "() => { const c = window.manhattanSound.context(); return c ? c.state : null; }"
# The animation CSS gives the legal plots' ring (assets/css/app.css), on an element made here.
RING_ANIMATION = """() => {
  let g = document.getElementById("motion-probe");
  if (!g) {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    g = document.createElementNS(ns, "g");
    g.id = "motion-probe";
    g.setAttribute("class", "plot legal");
    const ring = document.createElementNS(ns, "circle");
    ring.setAttribute("class", "target-ring");
    g.appendChild(ring); svg.appendChild(g); document.body.appendChild(svg);
  }
  return getComputedStyle(g.firstChild).animationName;
}"""


def computers_game(page) -> None:
    new_game(page, 2, controllers=["greedy", "greedy"])
    page.wait_for_selector('#app[data-screen="final"]', timeout=120_000)


def test_silent_before_a_gesture_then_the_synth_plays(page, site_url):
    resize(page, {"width": 1024, "height": 768})
    open_app(page, site_url, FAST_LEAN_NEW_DOCUMENT)  # a document without a gesture yet
    computers_game(page)  # the driver's clicks are dispatched events: no gesture
    before = page.evaluate(LOG)
    kinds = {kind for kind, _ in before}
    assert {"build", "score", "end"} <= kinds, before
    assert not any(played for _, played in before)
    assert page.evaluate(CONTEXT) is None  # no AudioContext made before a gesture
    page.mouse.click(5, 5)  # a real press on the page
    assert page.evaluate(CONTEXT) == "running"
    tap(page, '[data-action="rematch"]')
    page.wait_for_selector('#app[data-screen="final"]', timeout=120_000)
    after = page.evaluate(LOG)[len(before):]
    assert after and all(played for _, played in after), after
    assert after[-1] == ["end", True]


def test_the_mute_is_one_tap_in_the_game_menu_and_kept_after_a_reload(page, site_url):
    resize(page, {"width": 390, "height": 844})
    open_app(page, site_url)
    tap(page, '[data-action="play-alone"]')
    tap(page, '[data-action="menu"]')
    sound = page.locator('#game-menu [data-action="sound"]')
    assert sound.get_attribute("aria-pressed") == "true"
    sound.click()  # one tap, a real one
    assert page.locator('#game-menu [data-action="sound"]').get_attribute("aria-pressed") == "false"
    assert page.locator("#game-menu").is_visible()  # the menu stays open
    open_app(page, site_url, FAST_LEAN_NEW_DOCUMENT)  # the page again: a new document
    page.mouse.click(5, 5)  # a real press: muted, so no AudioContext (no sound stack) is made
    assert page.evaluate(CONTEXT) is None
    tap(page, '[data-action="menu"]')
    assert page.locator('#game-menu [data-action="sound"]').get_attribute("aria-pressed") == "false"
    tap(page, '[data-action="home"]')
    calls = len(page.evaluate(LOG))
    computers_game(page)
    assert len(page.evaluate(LOG)) == calls  # muted: the synth is never called
    assert page.evaluate(CONTEXT) is None
    # On again, in a game that waits for its person (a computers' rematch could end, and its
    # menu go with the table, before the tap).
    tap(page, '[data-action="home"]')
    tap(page, '[data-action="play-alone"]')
    tap(page, '[data-action="menu"]')
    page.locator('#game-menu [data-action="sound"]').click()  # a real tap
    assert page.evaluate(CONTEXT) == "running"  # made in that very tap


def test_reduced_motion_starts_with_the_animations_off_and_the_switch_goes_round(page, site_url):
    page.emulate_media(reduced_motion="reduce")  # the device's wish, before the page starts
    open_app(page, site_url)
    assert page.get_attribute("html", "data-motion") == "off"
    assert page.evaluate(RING_ANIMATION) == "none"
    tap(page, '[data-action="play-alone"]')
    tap(page, '[data-action="menu"]')
    button = '#game-menu [data-action="motion"]'
    seen = []
    for _ in range(3):
        tap(page, button)
        page.wait_for_function("m => document.documentElement.dataset.motion !== m",
                               arg=seen[-1] if seen else "off")
        seen.append((page.get_attribute("html", "data-motion"), page.evaluate(RING_ANIMATION)))
    assert seen == [("normal", "cue-pulse"), ("fast", "cue-pulse"), ("off", "none")]


def test_a_device_without_the_wish_starts_with_the_animations_on(page, site_url):
    open_app(page, site_url)
    assert page.get_attribute("html", "data-motion") == "normal"
    assert page.evaluate(RING_ANIMATION) == "cue-pulse"


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_screenshots_of_the_menu_with_the_sound_and_the_animations(page, site_url, lang):
    resize(page, {"width": 390, "height": 844})
    open_app(page, site_url, f"{FAST_LEAN}&lang={lang}")
    tap(page, '[data-action="play-alone"]')
    tap(page, '[data-action="menu"]')
    for width, height in ((390, 844), (1180, 820)):
        resize(page, {"width": width, "height": height})
        menu = page.locator("#game-menu")
        assert menu.is_visible()
        for action in ("sound", "motion"):
            box = page.locator(f'#game-menu [data-action="{action}"]').bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
            assert box["height"] >= 40  # a finger's target
        save_screenshot(page, SCREENSHOTS / f"menu-sound-motion-{lang}-{width}x{height}.png")
