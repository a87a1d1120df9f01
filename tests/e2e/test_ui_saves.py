"""Saves in the browser: a reload at any moment restores the game exactly; a broken save is
reported with its reason and kept; hostile names stay text. Real mouse clicks here."""

from __future__ import annotations

import json
import random

import pytest
from e2e_helpers import LEAN, resize, wait_ready
from ui_driver import new_game, open_app, reopen, screen, tap, wait_for_person

pytestmark = pytest.mark.e2e

SAVE_PREFIX = "manhattan:save:"


def saves(page) -> dict:
    return page.evaluate("""(prefix) => {
        const out = {};
        for (let i = 0; i < localStorage.length; i++) {
            const k = localStorage.key(i);
            if (k.startsWith(prefix)) out[k] = localStorage.getItem(k);
        }
        return out;
    }""", SAVE_PREFIX)


@pytest.mark.smoke
def test_reload_in_the_middle_of_a_turn_restores_it(page, site_url):
    resize(page, {"width": 1024, "height": 768})
    open_app(page, site_url)
    new_game(page, 3, names=["Ann", "Bob", "Cy"], start=0)
    # Mid-selection: two pieces chosen, then the page is reloaded.
    tap(page, '[data-action="reveal"]', real=True)
    tap(page, '[data-select-inc="2"]', real=True)
    tap(page, '[data-select-inc="4"]', real=True)
    page.reload()
    wait_ready(page)
    assert screen(page) == "pass"  # reopened: nobody's cards until their owner taps
    tap(page, '[data-action="reveal"]', real=True)
    assert screen(page) == "play"
    assert page.inner_text('[data-select-count="2"]') == "1"
    assert page.inner_text('[data-select-count="4"]') == "1"
    # Finish the selections, then place a piece tentatively and reload again.
    rng = random.Random(4)
    tap(page, '[data-select-inc="1"]', real=True)
    tap(page, '[data-select-inc="1"]', real=True)
    tap(page, '[data-action="confirm"]', real=True)
    while page.get_attribute("#app", "data-screen") == "pass" or (
            page.get_attribute(".play", "data-phase") == "select"):
        from ui_driver import STEP_JS
        page.evaluate(STEP_JS, rng.randrange(2 ** 31))
    if screen(page) == "pass":
        tap(page, '[data-action="reveal"]', real=True)
    wait_for_person(page)
    legal = 0
    for card in range(page.locator('[data-action="card"]').count()):
        page.locator('[data-action="card"]').nth(card).click()
        page.locator('[data-action="piece"]').first.click()
        legal = page.locator('[data-legal="true"]').count()
        if legal:
            break
    assert legal
    card = page.get_attribute('[data-action="card"][aria-pressed="true"]', "data-card")
    target = page.locator('[data-legal="true"]').first
    city, plot = target.get_attribute("data-city"), target.get_attribute("data-plot")
    target.click()
    pending = '[data-pending="true"]'
    assert page.get_attribute(pending, "data-city") == city
    log_before = json.loads(next(iter(saves(page).values())))["log"]
    page.reload()
    wait_ready(page)
    assert screen(page) == "pass" and page.locator(pending).count() == 0
    tap(page, '[data-action="reveal"]', real=True)
    assert page.get_attribute(pending, "data-city") == city
    assert page.get_attribute(pending, "data-plot") == plot
    assert page.get_attribute('[data-action="card"][aria-pressed="true"]', "data-card") == card
    assert page.locator('[data-action="confirm"]:not([disabled])').count() == 1
    # Undo takes it back; nothing had been committed.
    tap(page, '[data-action="undo"]', real=True)
    assert page.locator(pending).count() == 0
    assert json.loads(next(iter(saves(page).values())))["log"] == log_before


@pytest.mark.allow_console_errors  # none expected; a broken save must not be one either
@pytest.mark.smoke
def test_a_corrupted_save_is_reported_and_kept(page, site_url, browser_guard):
    open_app(page, site_url)
    new_game(page, 2, names=["Ann", "Bob"])
    (key, text), = saves(page).items()
    data = json.loads(text)
    data["log"][0]["cards"] = data["log"][0]["cards"][:7]
    broken = json.dumps(data)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, broken])
    page.evaluate("() => localStorage.setItem('manhattan:save:garbage', '{not json')")
    # JSON nested 100000 deep: json.loads on it would overflow Pyodide's stack (fatal).
    deep = "[" * 100_000 + "]" * 100_000
    page.evaluate("(v) => localStorage.setItem('manhattan:save:deep', v)", deep)
    reopen(page, site_url)
    assert screen(page) == "start"
    error = page.inner_text("#load-error")
    assert "could not be loaded" in error and "step 1" in error
    ident = key[len(SAVE_PREFIX):]
    assert page.locator(f'[data-save="{ident}"] [data-broken="true"]').count() == 1
    assert page.locator('[data-save="garbage"] [data-broken="true"]').count() == 1
    assert "nested" in page.inner_text('[data-save="deep"] [data-broken="true"]')
    stored = saves(page)
    assert stored[key] == broken and stored["manhattan:save:garbage"] == "{not json"
    assert stored["manhattan:save:deep"] == deep
    # The page is alive: a new game starts and does not touch the broken saves.
    new_game(page, 3)
    stored = saves(page)
    assert stored[key] == broken and len(stored) == 4
    assert stored["manhattan:save:deep"] == deep
    assert not browser_guard.console_errors and not browser_guard.page_errors


def test_hostile_player_name_is_shown_as_text(page, site_url):
    open_app(page, site_url)
    name = "<img src=x onerror=f()>"
    new_game(page, 2, names=[name, "Bob"], start=0)
    assert name in page.inner_text("#app")
    tap(page, '[data-action="reveal"]', real=True)
    assert page.locator("#app img").count() == 0
    assert name in page.inner_text(".topbar")
    # Too long, empty and duplicate names are refused with a message, nothing lost.
    tap(page, '[data-action="menu"]', real=True)  # the game menu of the top bar
    tap(page, '[data-action="home"]', real=True)
    tap(page, '[data-action="new-game"]', real=True)
    page.fill('input[data-field="name"][data-player="0"]', "")
    page.fill('input[data-field="name"][data-player="1"]', "Bob")
    tap(page, '[data-action="setup-start"]', real=True)
    errors = page.inner_text("#setup-errors")
    assert "please enter a name" in errors
    assert screen(page) == "setup"
    assert page.input_value('input[data-field="name"][data-player="1"]') == "Bob"


def test_speed_setting_and_the_rules_help(page, site_url):
    open_app(page, site_url, query="?" + LEAN)
    tap(page, '[data-action="rules"]', real=True)
    assert screen(page) == "rules"
    assert "our decision" in page.inner_text(".rules")
    tap(page, '[data-action="rules-close"]', real=True)
    new_game(page, 2, controllers=["random", "random"])
    # At the normal pace a person can follow the computer's move: the move is previewed.
    page.wait_for_selector('[data-move="preview"]', timeout=30_000)
    tap(page, '[data-action="menu"]', real=True)
    assert page.get_attribute('[data-action="menu"]', "aria-expanded") == "true"
    tap(page, '[data-action="speed"]', real=True)
    assert "fast" in page.inner_text('[data-action="speed"]')
    page.keyboard.press("Escape")  # closes the game menu, focus back on its button
    page.wait_for_selector("#game-menu[hidden]", state="attached")
    assert page.evaluate("document.activeElement.dataset.action") == "menu"


def test_an_illegal_target_is_explained(page, site_url):
    from ui_driver import STEP_JS
    open_app(page, site_url)
    new_game(page, 2, names=["Ann", "Bob"], start=0)
    rng = random.Random(6)
    while screen(page) == "pass" or page.get_attribute(".play", "data-phase") == "select":
        page.evaluate(STEP_JS, rng.randrange(2 ** 31))
    if screen(page) == "pass":
        tap(page, '[data-action="reveal"]', real=True)
    # A plot before choosing anything: asked to choose a card first.
    page.locator('[data-action="plot"]').first.click()
    assert page.get_attribute("#message", "data-message-id") == "build.need_card"
    page.locator('[data-action="card"]').first.click()
    page.locator('[data-action="piece"]').first.click()
    assert page.locator('[data-legal="true"]').count() >= 1
    page.locator('[data-action="plot"]:not([data-legal])').first.click()
    message_id = page.get_attribute("#message", "data-message-id")
    assert message_id.startswith("rule."), message_id
    assert page.inner_text("#message")
    assert page.locator('[data-pending="true"]').count() == 0


def test_save_times_are_shown_in_the_local_time_zone(new_context, site_url):
    """The saved-games list shows the browser's local time (here UTC+05:30), not UTC."""
    context = new_context(timezone_id="Asia/Kolkata", locale="en-GB")
    page = context.new_page()
    open_app(page, site_url)
    new_game(page, 2, names=["Ann", "Bob"])
    tap(page, '[data-action="reveal"]', real=True)
    tap(page, '[data-action="menu"]', real=True)
    tap(page, '[data-action="home"]', real=True)
    (key, text), = saves(page).items()
    data = json.loads(text)
    data["meta"]["updated"] = 1705320000  # 2024-01-15 12:00:00 UTC
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(data)])
    reopen(page, site_url)
    when = page.locator(f'[data-save="{key[len(SAVE_PREFIX):]}"] time[data-updated]')
    assert when.get_attribute("datetime") == "2024-01-15T12:00:00Z"
    assert when.inner_text() == "15 Jan 2024, 17:30"


def test_two_colour_selection_is_one_undoable_step(page, site_url):
    """A two-player person sets both colours' pieces, changes and undoes them, reloads, and
    only the one Confirm sends both choices to the engine."""
    resize(page, {"width": 768, "height": 1024})
    open_app(page, site_url)
    new_game(page, 2, names=["Ann", "Bob"], start=0)
    tap(page, '[data-action="reveal"]', real=True)
    blocks = page.locator("[data-select-colour]")
    assert blocks.count() == 2
    first, second = (blocks.nth(i).get_attribute("data-select-colour") for i in range(2))

    def inc(colour, floors, times=1):
        for _ in range(times):
            tap(page, f'[data-select-inc="{floors}"][data-colour="{colour}"]', real=True)

    def left(colour=None):
        if colour is None:
            return int(page.get_attribute("[data-select-left]", "data-select-left"))
        return int(page.get_attribute(f'[data-select-colour="{colour}"]',
                                      "data-select-colour-left"))

    log_before = json.loads(next(iter(saves(page).values())))["log"]
    inc(first, 1, 4)
    assert (left(first), left(second), left()) == (0, 4, 4)
    assert page.locator('[data-action="confirm"][disabled]').count() == 1
    inc(second, 2, 4)
    assert left() == 0
    # Change the first colour after the second is complete, then undo everything.
    tap(page, f'[data-select-dec="1"][data-colour="{first}"]', real=True)
    inc(first, 4)
    assert page.inner_text(f'[data-select-count="4"][data-colour="{first}"]') == "1"
    tap(page, '[data-action="undo"]', real=True)
    assert (left(first), left(second)) == (4, 4)
    # Choose again; a reload keeps the pending counts of both colours.
    inc(first, 3, 2)
    inc(first, 1, 2)
    inc(second, 4, 1)
    page.reload()
    wait_ready(page)
    assert screen(page) == "pass"  # reopened: the cards stay hidden until their owner taps
    tap(page, '[data-action="reveal"]', real=True)
    assert page.inner_text(f'[data-select-count="3"][data-colour="{first}"]') == "2"
    assert page.inner_text(f'[data-select-count="4"][data-colour="{second}"]') == "1"
    assert json.loads(next(iter(saves(page).values())))["log"] == log_before
    inc(second, 1, 3)
    tap(page, '[data-action="confirm"]', real=True)
    # Both choices went to the engine at once; the device goes to Bob.
    assert screen(page) == "pass"
    log = json.loads(next(iter(saves(page).values())))["log"]
    assert log[len(log_before):] == [
        {"type": "select", "colour": first, "pieces": [2, 0, 2, 0]},
        {"type": "select", "colour": second, "pieces": [3, 0, 0, 1]},
    ]
