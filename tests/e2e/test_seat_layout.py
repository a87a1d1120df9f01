"""The layout keeps its shape from person to person: each seat's turn draws the page with
the same boxes and the same plot size at a phone (390x844) and a tablet held either way
(820x1180, 1180x820); the board turns to the seat, the page does not reflow. On a phone the
cards and pieces of a build are in view together with the board.

The four turns are saves made in CPython (a hotseat game of four people, one save per
seat's building turn), each loaded once and measured at the three sizes.
Screenshots: screenshots/seat-<seat>-<lang>-<size>.png.
"""

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
SEATS = ("south", "west", "north", "east")

BOXES_JS = """() => {
  const box = (sel) => { const el = document.querySelector(sel);
    if (!el) return null; const r = el.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; };
  const plot = document.querySelector('.board [data-city="0"][data-plot="4"] .hit');
  const r = plot.getBoundingClientRect();
  return {boxes: {top: box('.topbar'), board: box('.board-wrap'), svg: box('svg.board'),
                  hand: box('.hand')},
          plot: Math.round(r.width * 10) / 10, compact: !!document.querySelector('.board-wrap.compact'),
          seat: document.querySelector('svg.board').dataset.seat};
}"""

REACH_JS = """() => {
  const inView = (el) => { const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight; };
  const board = document.querySelector('.board-wrap');
  return {board: inView(board), cards: [...document.querySelectorAll('.hand [data-action="card"]')].every(inView),
          pieces: [...document.querySelectorAll('[data-action="piece"]')].every(inView),
          scrolled: scrollY};
}"""


ZOOMED_JS = """() => {
  const inView = (el) => { const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight; };
  return {board: inView(document.querySelector('svg.board')),
          confirm: inView(document.querySelector('[data-action="confirm"]')), scrolled: scrollY};
}"""


def building_turn_of(seat: str):
    def until(c) -> bool:
        s = c.session
        if s is None or c.screen_name not in ("pass", "turn"):
            return False
        state = s.state
        return (state.phase == "build" and state.current is not None
                and s.game.settings.players[state.current].seat == seat)
    return until


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_every_seat_turn_has_the_same_layout(page, site_url, lang):
    """Each seat's building turn, at the three sizes: the top bar, the board's box, the
    board's drawing and the hand are the same boxes and a plot is the same size for all
    four seats (the board is drawn from the south or the north, never tall); on a phone the
    board, every card and every piece of the turn are on screen at once, unscrolled."""
    measured: dict[tuple[str, str], dict] = {}
    for seat in SEATS:
        load_into(page, site_url, prepared_game(building_turn_of(seat), seed=5),
                  FAST_LEAN + f"&lang={lang}")
        if page.locator('[data-action="reveal"]').count():
            tap(page, '[data-action="reveal"]')
        page.wait_for_selector('[data-mode="turn"] .hand [data-action="card"]')
        for size, viewport in SIZES.items():
            resize(page, viewport)
            settle(page)
            measured[seat, size] = page.evaluate(BOXES_JS)
            assert measured[seat, size]["seat"] in ("south", "north"), (seat, size)
            if size == "phone":
                tap(page, '.hand [data-action="card"]')  # a card chosen: its pieces shown
                settle(page)
                reach = page.evaluate(REACH_JS)
                assert reach == {"board": True, "cards": True, "pieces": True, "scrolled": 0}, \
                    (seat, reach)
                # a piece too: a city with a target opens large, its plots and the
                # Confirm in view together
                tap(page, '[data-action="piece"]')
                page.wait_for_selector(".city-block.has-legal")
                city = page.evaluate("document.querySelector('.city-block.has-legal')"
                                     ".closest('[data-zoom]').dataset.zoom")
                tap(page, f'[data-action="zoom"][data-zoom="{city}"]')
                page.wait_for_selector('svg.board[data-board-view="city"]')
                settle(page)
                zoomed = page.evaluate(ZOOMED_JS)
                assert zoomed == {"board": True, "confirm": True, "scrolled": 0}, (seat, zoomed)
                save_screenshot(page, SCREENSHOTS / f"seat-{seat}-{lang}-phone-city.png")
                tap(page, '[data-action="zoom-out"]')
                page.wait_for_selector('svg.board[data-board-view="full"]')
            save_screenshot(page, SCREENSHOTS / f"seat-{seat}-{lang}-{size}.png")
    for size in SIZES:
        south = measured["south", size]
        for seat in SEATS[1:]:
            other = measured[seat, size]
            assert other["boxes"] == south["boxes"], (seat, size, other, south)
            assert (other["plot"], other["compact"]) == (south["plot"], south["compact"]), \
                (seat, size)
