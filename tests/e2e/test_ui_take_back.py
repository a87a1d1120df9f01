"""In Chromium: "Take back my move" on the pass screen of a hotseat game
until the next person shows their cards; the computers' undo window; the scoring sheet's
board, the round it names, the first turn's digest and the "… Confirm?" sentence after a
reload. Screenshots in German and French at 390x844, 820x1180 and 1180x820
(screenshots/take-back-*.png, looked at by hand)."""

from __future__ import annotations

import random

import pytest
from e2e_helpers import ISSUE_SIZES, LEAN, resize, screenshot, wait_ready
from ui_driver import (
    CLICK_JS,
    FAST_LEAN,
    choose_build,
    choose_selection,
    new_game,
    open_app,
    screen,
    take_turn,
    tap,
    wait_for_person,
)

pytestmark = pytest.mark.e2e


def _selections_done(page, rng: random.Random) -> None:
    """Reveal and select until the first build of the game is on screen."""
    while True:
        name = wait_for_person(page)
        if name == "pass":
            tap(page, '[data-action="reveal"]')
        elif page.get_attribute(".play", "data-phase") == "select":
            choose_selection(page, rng)
        else:
            return


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_hotseat_undo_before_the_next_person_reveals(page, site_url, lang):
    resize(page, {"width": 1180, "height": 820})
    open_app(page, site_url, f"{FAST_LEAN}&lang={lang}")
    new_game(page, 2, names=["Ann", "Bob"])
    rng = random.Random(4)
    first = wait_for_person(page)
    assert first == "pass"
    tap(page, '[data-action="reveal"]')
    # the first turn's digest says "before your first turn", with no count of moves
    page.wait_for_selector("[data-digest]")
    summary = page.inner_text("[data-digest] summary")
    assert ":" not in summary and "0" not in summary, summary
    screenshot(page, f"take-back-{lang}-first-digest", sizes=ISSUE_SIZES)
    resize(page, {"width": 1180, "height": 820})
    _selections_done(page, rng)
    mover = page.get_attribute(".play", "data-turn")
    hand = page.locator("[data-hand] [data-card]").count()
    assert choose_build(page, rng) is not None
    page.wait_for_selector('#app[data-screen="pass"]')
    undo = page.locator('[data-action="take-back"]')
    assert undo.count() == 1
    screenshot(page, f"take-back-{lang}-pass", sizes=ISSUE_SIZES)
    resize(page, {"width": 1180, "height": 820})
    tap(page, '[data-action="take-back"]')
    page.wait_for_selector('#app[data-screen="play"]')
    assert page.get_attribute(".play", "data-turn") == mover
    assert page.locator("[data-hand] [data-card]").count() == hand  # the card is not drawn
    page.wait_for_selector('[data-pending="true"]')  # the choice as it was, to change
    assert page.locator('#message[data-message-id="build.tentative"]').count() == 1
    screenshot(page, f"take-back-{lang}-undone", sizes=ISSUE_SIZES)
    # a reload keeps the pending "… Confirm?" sentence
    page.reload()
    wait_ready(page)
    if screen(page) == "pass":
        tap(page, '[data-action="reveal"]')
    page.wait_for_selector('[data-pending="true"]')
    assert page.locator('#message[data-message-id="build.tentative"]').count() == 1
    screenshot(page, f"take-back-{lang}-reloaded", sizes=ISSUE_SIZES)
    resize(page, {"width": 1180, "height": 820})
    tap(page, '[data-action="confirm"]:not([disabled])')
    page.wait_for_selector('#app[data-screen="pass"]')
    tap(page, '[data-action="reveal"]')  # the next person looks: the move is settled
    page.wait_for_selector('#app[data-screen="play"]')
    assert page.locator('[data-action="take-back"]').count() == 0


# The computers' undo window lasts a few seconds at the page's pace and then settles the
# move by itself, so a look at the settle button and a tap on it are each one step in the
# page: between two steps of the driver a busy machine can let the window end.
TAKE_BACK_AND_SETTLE = """() => document.querySelector('[data-action="take-back"]')
    ? {settle: document.querySelectorAll('[data-action="settle"]').length} : null"""
SETTLE_IF_WAITING = f"""() => {{
    const button = document.querySelector('[data-action="settle"]');
    if (button) ({CLICK_JS})(button);
    return button !== null;
}}"""


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_computers_wait_and_the_scoring_sheet_shows_the_board(page, site_url, lang):
    resize(page, {"width": 1180, "height": 820})
    open_app(page, site_url, f"?{LEAN}&lang={lang}")  # not instant: the undo window is shown
    new_game(page, 2, names=["Ann", "CPU"], controllers=["human", "greedy"])
    rng = random.Random(2)
    wait_for_person(page)
    choose_selection(page, rng)
    # The take-back comes with the settle button: the computers wait for the person.
    seen = page.wait_for_function(TAKE_BACK_AND_SETTLE, polling=50).json_value()
    assert seen == {"settle": 1}, seen
    screenshot(page, f"take-back-{lang}-computers", sizes=ISSUE_SIZES)
    resize(page, {"width": 1180, "height": 820})
    page.evaluate(SETTLE_IF_WAITING)  # else the window has settled it
    # on to the first scoring: the top bar names the round scored, the board can be seen
    for _ in range(400):
        page.wait_for_function(
            """() => document.getElementById("app").dataset.screen === "scoring"
                || !!document.querySelector('[data-action="settle"]')
                || !!document.querySelector('.panel [data-action="confirm"]')""",
            timeout=60_000, polling=50)
        if page.evaluate(SETTLE_IF_WAITING):  # the move stays: the computer goes on
            page.wait_for_selector('[data-action="settle"]', state="detached")
            continue
        if screen(page) == "scoring":
            break
        take_turn(page, rng)
    assert screen(page) == "scoring"
    assert page.get_attribute(".tb-round", "data-round") == "1"
    screenshot(page, f"take-back-{lang}-scoring", sizes=ISSUE_SIZES)
    tap(page, '.scoring [data-action="peek"]')
    page.wait_for_selector(".peek-back")
    assert page.locator(".overlay.scoring").count() == 0
    screenshot(page, f"take-back-{lang}-scoring-board", sizes=ISSUE_SIZES)
    tap(page, ".peek-back")
    page.wait_for_selector(".overlay.scoring")


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_final_standings_say_by_points_once(page, site_url, lang):
    open_app(page, site_url, f"{FAST_LEAN}&lang={lang}")
    new_game(page, 3, controllers=["random", "greedy", "random"])
    page.wait_for_selector('#app[data-screen="final"]', timeout=180_000)
    by_points = page.locator('[data-standing][data-decided-by="points"]').count()
    assert page.locator('[data-message-id="final.by_points"]').count() == (1 if by_points else 0)
    assert page.locator('[data-decided-by="points"] .decided').count() == 0
    screenshot(page, f"take-back-{lang}-final", sizes=ISSUE_SIZES)
