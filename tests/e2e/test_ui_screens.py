"""Screenshots of the main screens at phone, tablet portrait and tablet landscape sizes (into
screenshots/), and layout checks: the board fits without scrolling on a tablet, every tap
target is at least 44 px.

Game positions are prepared with the UI's own pure-Python controller (CPython, the same code
the page runs) and handed to the page as a save in localStorage, so each screen is reached
in a second instead of playing to it.
"""

from __future__ import annotations

import random

import pytest
from e2e_helpers import SCREENSHOTS, VIEWPORTS, resize, save_screenshot, screenshot, settle
from play_kit import make_controller, setup_game, tap_decision
from ui_driver import FAST_LEAN, RESTART, open_app, restartable, screen, tap

from game.web.saves.storage import MemoryBackend

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "Bob", "Chiara", "Dev"]


def prepared(until, count=4, seed=3, names=None, **options) -> dict:
    """localStorage contents of a game played in CPython until ``until(controller)``.

    The deal is fixed too (a new game's seed is the clock and a random number): with a
    random deal the screens asserted below, e.g. a hand with two kinds of piece, were
    there in most runs only."""
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, count, names=names or NAMES[:count], start="0", deal=seed, **options)
    rng = random.Random(seed)
    for _ in range(5000):
        if until(c):
            break
        name = c.screen_name
        if name == "pass":
            c.handle("reveal")
        elif name == "scoring":
            c.handle("continue")
        elif name == "final":
            break
        else:
            tap_decision(c, _decent(c, rng))
    return dict(backend.data)


def _decent(c, rng):
    """A playable-looking move: prefer building on a tower (the board gets interesting)."""
    actions = c.session.state.legal_actions()
    board = c.session.state.board
    tall = [a for a in actions if getattr(a, "city", None) is not None
            and board[a.city * 9 + a.plot] and a.floors <= 2]
    pool = tall if tall and rng.random() < 0.55 else actions
    return rng.choice(pool)


def load_into(page, site_url, data: dict, query: str = FAST_LEAN) -> None:
    """Put ``data`` in the site's localStorage (from a same-origin page that does not boot
    the game, or from the game stopped, when it starts afresh in place), then open the
    game, as a new tab would (the tab's own storage cleared: it keeps the game it showed,
    and ``data`` is what should be shown)."""
    if RESTART in query and restartable(page, site_url):
        page.evaluate("() => window.manhattanRestart.stop()")
    else:
        page.goto(site_url + "manifest.webmanifest")
    page.evaluate("(data) => { localStorage.clear(); sessionStorage.clear();"
                  " for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v); }",
                  data)
    open_app(page, site_url, query)


def check_layout(page, size: str) -> None:
    """Tap targets >= 44 px (a checkbox: its whole label; on the board a plot, or on a
    phone the city that opens large); every plot is inside a tap target; on tablets the
    board is entirely on screen without scrolling."""
    small = page.evaluate("""() => Array.from(document.querySelectorAll(
            'button[data-action], [data-action="reveal"], select, input,'
            + ' [data-action="plot"], [data-action="zoom"]'))
        .filter((el) => el instanceof SVGElement || el.offsetParent !== null)
        .map((el) => el.type === "checkbox" ? el.closest("label") : el)
        .map((el) => { const r = el.getBoundingClientRect();
                       return [el.dataset.action || el.tagName, r.width, r.height]; })
        .filter(([, w, h]) => w < 43.5 || h < 43.5)""")
    assert not small, small
    untappable = page.evaluate("""() => Array.from(document.querySelectorAll(
            '[data-city][data-plot]')).filter((el) => !el.closest('[data-action]')).length""")
    assert untappable == 0
    if size != "phone":  # tablets: one tap on a plot, as always
        assert page.locator('[data-action="zoom"], [data-board-compact]').count() == 0
    board = page.locator("svg.board")
    if board.count() and size != "phone":
        box = board.bounding_box()
        vp = VIEWPORTS[size]
        assert box["x"] >= -1 and box["y"] >= -1
        assert box["x"] + box["width"] <= vp["width"] + 1
        assert box["y"] + box["height"] <= vp["height"] + 1
        assert page.evaluate("() => document.scrollingElement.scrollHeight") <= vp["height"] + 1
    if size == "phone":
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 391


def shoot(page, name: str) -> None:
    for size in VIEWPORTS:
        resize(page, VIEWPORTS[size])
        settle(page)
        check_layout(page, size)
        screenshot(page, f"ui-{name}", sizes=(size,))


def test_screens_at_three_sizes(page, site_url):
    resize(page, VIEWPORTS["tablet-landscape"])
    open_app(page, site_url)
    shoot(page, "start")
    tap(page, '[data-action="new-game"]')
    shoot(page, "setup")

    # The saved-games list (times in the browser's time zone).
    data = prepared(lambda c: c.session.state.round == 2)
    load_into(page, site_url, data)
    tap(page, '[data-action="home"]')
    assert page.locator("[data-save] time[data-updated]").count() == 1
    shoot(page, "start-saves")

    # Pass screen and the selection of round 3, on a board with towers.
    data = prepared(lambda c: c.session.state.round == 3 and c.screen_name == "pass")
    load_into(page, site_url, data)
    assert screen(page) == "pass"
    shoot(page, "pass")
    tap(page, '[data-action="reveal"]')
    tap(page, '[data-select-inc="1"]')
    tap(page, '[data-select-inc="3"]')
    shoot(page, "selection")

    # Building with the legal plots highlighted, then a tentative placement.
    data = prepared(lambda c: c.session.state.round == 3 and c.session.state.phase == "build"
                    and c.screen_name == "pass" and c.session.state.current == 0, seed=5)
    load_into(page, site_url, data)
    tap(page, '[data-action="reveal"]')
    for i in range(page.locator('[data-action="card"]').count()):
        page.locator('[data-action="card"]').nth(i).click()
        page.locator('[data-action="piece"]').nth(1).click()
        if page.locator('[data-legal="true"]').count() >= 3:
            break
    assert page.locator('[data-legal="true"]').count()
    shoot(page, "building")
    resize(page, VIEWPORTS["tablet-landscape"])
    page.locator('[data-legal="true"]').first.click()
    shoot(page, "building-tentative")

    # Phone: plots of the wide board are too small to tap, so the board is an overview;
    # tapping a city opens it large, turned the same way, its plots tappable (>= 44 px).
    resize(page, VIEWPORTS["phone"])
    page.wait_for_selector('.play[data-board-compact="true"]')
    assert page.locator('[data-action="plot"]').count() == 0
    assert page.locator('[data-action="zoom"]').count() == 6
    pending = page.locator('[data-pending="true"]')
    city = pending.get_attribute("data-city")
    page.locator(f'[data-action="zoom"][data-zoom="{city}"]').click()
    page.wait_for_selector(f'svg.board[data-board-view="city"][data-zoom-city="{city}"]')
    plots = page.locator('[data-action="plot"]')
    assert plots.count() == 9
    assert {plots.nth(i).get_attribute("data-city") for i in range(9)} == {city}
    assert page.locator('[data-pending="true"]').count() == 1
    check_layout(page, "phone")
    screenshot(page, "ui-building-zoom", sizes=("phone",))
    legal = page.locator('[data-legal="true"]:not([data-pending])')
    if legal.count():
        target = legal.first
        plot = target.get_attribute("data-plot")
        target.click()
        assert page.get_attribute('[data-pending="true"]', "data-plot") == plot
    tap(page, '[data-action="zoom-out"]', real=True)
    page.wait_for_selector('svg.board[data-board-view="full"]')
    assert page.locator('[data-city][data-plot]').count() == 54
    screenshot(page, "ui-building-overview", sizes=("phone",))
    # The README picture (docs/screenshot.png is copied from this one by hand, so a test
    # run never changes a tracked file).
    resize(page, VIEWPORTS["tablet-landscape"])
    settle(page)
    save_screenshot(page, SCREENSHOTS / "readme.png")

    # Round scoring and the final standings.
    data = prepared(lambda c: c.screen_name == "scoring" and c.session.state.round == 3)
    load_into(page, site_url, data)
    assert screen(page) == "scoring"
    shoot(page, "scoring")
    data = prepared(lambda c: c.screen_name == "final")
    load_into(page, site_url, data)
    assert screen(page) == "final"
    shoot(page, "final")

    # Two players: one person chooses pieces for both colours in one step.
    data = prepared(lambda c: c.session.state.round == 2 and c.screen_name == "pass"
                    and c.session.state.phase == "select", count=2)
    load_into(page, site_url, data)
    tap(page, '[data-action="reveal"]')
    first = page.get_attribute("[data-select-colour]", "data-select-colour")
    for floors in (1, 1, 2, 4):
        tap(page, f'[data-select-inc="{floors}"][data-colour="{first}"]')
    tap(page, '[data-select-inc="3"]:not([data-colour="%s"])' % first)
    shoot(page, "selection-two-colours")

    # Two players (two colours each), Godzilla and progressive construction, west seat.
    data = prepared(lambda c: c.session.state.round == 3 and c.screen_name == "play"
                    and c.session.state.phase == "build", count=2,
                    godzilla="godzilla", progressive=True)
    load_into(page, site_url, data)
    if screen(page) == "pass":
        tap(page, '[data-action="reveal"]')
    page.locator('[data-action="card"]').first.click()
    page.locator('[data-action="piece"]').first.click()
    shoot(page, "two-players-godzilla")
    tap(page, '[data-action="rules"]')
    shoot(page, "rules")


def test_a_computer_turn_is_shown_step_by_step(page, site_url):
    """At the normal pace the computer's card, piece and target are shown before it builds."""
    resize(page, VIEWPORTS["tablet-landscape"])
    data = prepared(lambda c: c.session.state.phase == "build", count=2)
    # Hand the table to two computers at the normal pace.
    import json
    key = next(k for k in data if k.startswith("manhattan:save:"))
    save = json.loads(data[key])
    for p in save["settings"]["players"]:
        p["controller"] = "greedy"
    data[key] = json.dumps(save)
    load_into(page, site_url, data, query="")
    # The preview lasts 0.9 s: check it and its plot in one look at the page (two
    # round trips of the driver can straddle its end on a loaded machine).
    page.wait_for_function("""() => document.querySelector('[data-move="preview"]') !== null
        && document.querySelectorAll('[data-pending="true"]').length === 1""",
                           timeout=30_000, polling=50)
    screenshot(page, "ui-computer-turn", sizes=("tablet-landscape",))
