"""A game on a phone, in German and French: the board stays in view while
building (a building turn and a chosen piece bring it back after the page was scrolled to
the panel), the city view's header is not clipped, and the top bar takes at most two rows.
Screenshots: screenshots/phone-play-<what>-<lang>-<width>x<height>.png at 390x844, 820x1180
and 1180x820."""

from __future__ import annotations

import random

import pytest
from e2e_helpers import SCREENSHOTS, resize, save_screenshot, settle
from ui_driver import FAST_LEAN, choose_selection, click, new_game, open_app, tap, wait_for_person

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
SIZES = (PHONE, {"width": 820, "height": 1180}, {"width": 1180, "height": 820})

BOARD_IN_VIEW_JS = """() => {
  const r = document.getElementById("board").getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: innerHeight};
}"""

# The rows of the top bar: its items (the round and deck, each score, the menu button)
# grouped by where they stand.
TOP_BAR_ROWS_JS = """() => {
  const bar = document.querySelector(".topbar");
  const items = [...bar.querySelectorAll(".tb-info > span, .tb-score, .tb-menu-button")];
  const tops = [];
  for (const el of items) {
    const r = el.getBoundingClientRect();
    if (!tops.some(t => Math.abs(t - r.top) < r.height / 2)) tops.push(r.top);
  }
  return {rows: tops.length, height: bar.getBoundingClientRect().height,
          overflow: bar.scrollWidth > bar.clientWidth + 1};
}"""

# Every part of the city view's header inside the header and the screen, none cut.
ZOOM_HEADER_JS = """() => {
  const bar = document.querySelector(".zoom-bar");
  const box = bar.getBoundingClientRect();
  const parts = [...bar.children].map(el => {
    const r = el.getBoundingClientRect();
    return {cls: el.className, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1};
  });
  return {box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom},
          width: innerWidth, cut: bar.scrollWidth > bar.clientWidth + 1, parts};
}"""


def shot(page, what: str, lang: str) -> None:
    for size in SIZES:
        resize(page, size)
        settle(page)
        save_screenshot(page, SCREENSHOTS / f"phone-play-{what}-{lang}-"
                                        f"{size['width']}x{size['height']}.png")
    resize(page, PHONE)


def assert_board_in_view(page) -> None:
    box = page.evaluate(BOARD_IN_VIEW_JS)
    assert box["top"] >= -1 and box["bottom"] <= box["height"] + 1, box


def scroll_to_the_panel(page) -> None:
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")


def assert_top_bar_fits(page) -> None:
    bar = page.evaluate(TOP_BAR_ROWS_JS)
    if bar["rows"] > 2:
        save_screenshot(page, SCREENSHOTS / "phone-play-topbar-failed.png")
    assert bar["rows"] <= 2 and not bar["overflow"], bar


def zoom_into(page, city: int, lang: str, first: bool) -> bool:
    """Open ``city`` large where the board is an overview (a phone, a wide board); check its
    header is whole and the board in view. False where the plots are tapped directly."""
    if not page.locator('[data-action="zoom"]').count():
        return False
    page.evaluate("() => window.scrollBy(0, 160)")  # the finger scrolled on a little
    tap(page, f'[data-action="zoom"][data-zoom="{city}"]')
    page.wait_for_selector(".board-wrap.zoomed")
    zoom = page.evaluate(ZOOM_HEADER_JS)
    assert not zoom["cut"], zoom
    for part in zoom["parts"]:
        assert not part["cut"], (part, zoom)
        assert part["left"] >= zoom["box"]["left"] - 1, (part, zoom)
        assert part["right"] <= min(zoom["box"]["right"], zoom["width"]) + 1, (part, zoom)
        assert part["top"] >= 0, (part, zoom)  # not under the top of the screen
    assert_board_in_view(page)
    if first:
        shot(page, "city", lang)  # (the other sizes show the whole board again)
        page.wait_for_selector(f'[data-action="zoom"][data-zoom="{city}"]', state="attached")
        tap(page, f'[data-action="zoom"][data-zoom="{city}"]')
        page.wait_for_selector(".board-wrap.zoomed")
    return True


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_hotseat_game_on_a_phone_keeps_the_board_in_view(page, site_url, lang):
    resize(page, PHONE)
    open_app(page, site_url, f"{FAST_LEAN}&lang={lang}")
    new_game(page, 4, controllers=["human", "human", "search:1", "greedy"])
    rng = random.Random(6)
    builds = zooms = 0
    while builds < 4 or not zooms:
        name = wait_for_person(page)
        if name == "pass":
            scroll_to_the_panel(page)
            tap(page, '[data-action="reveal"]')
            continue
        if name == "scoring":
            tap(page, '[data-action="continue"]')
            continue
        assert_top_bar_fits(page)
        if page.get_attribute(".play", "data-phase") == "select":
            scroll_to_the_panel(page)
            choose_selection(page, rng)
            continue
        # A building turn: drawn with the board in view, however the page was scrolled.
        settle(page)
        assert_board_in_view(page)
        if builds == 0:
            shot(page, "build", lang)
        if page.locator('[data-no-build="true"]').count():
            pytest.skip("no build possible in this deal")
        cards = page.locator('[data-action="card"]')
        pieces = page.locator('[data-action="piece"]')
        combos = [(c, p) for c in range(cards.count()) for p in range(pieces.count())]
        rng.shuffle(combos)
        for c, p in combos:
            scroll_to_the_panel(page)
            cards.nth(c).click()  # real taps: the finger is on the panel, below the board
            pieces.nth(p).click()
            if page.locator('[data-legal="true"]').count():
                break
        settle(page)
        assert_board_in_view(page)  # the piece chosen: the plots to tap are in view
        city = int(page.locator('[data-legal="true"]').first.get_attribute("data-city"))
        zooms += zoom_into(page, city, lang, first=zooms == 0)
        plot = page.locator('[data-legal="true"]').first
        click(plot)
        page.wait_for_selector('[data-pending="true"]')
        tap(page, '[data-action="confirm"]:not([disabled])')
        builds += 1
