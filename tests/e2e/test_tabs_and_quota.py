"""Saves you can trust, in the browser: two tabs on one game, a full storage, a dangling
pointer. The stored log is read from localStorage after every step and replayed through the
engine in CPython: it may only grow by legal steps, never lose one.
"""

from __future__ import annotations

import json
import random

import pytest
from e2e_helpers import resize, wait_ready
from ui_driver import FAST_LEAN, STEP_JS, new_game, open_app, screen, tap

from game import save as game_save

pytestmark = pytest.mark.e2e

PREFIX = "manhattan:save:"

STORED_JS = """(prefix) => {
  const out = {};
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k.startsWith(prefix)) out[k.slice(prefix.length)] = localStorage.getItem(k);
  }
  return out;
}"""

FILL_JS = """() => {
  // Fill localStorage to its quota with keys the game does not own; returns how many.
  let n = 0;
  for (let size = 1 << 20; size >= 1; size >>= 1) {
    const chunk = "x".repeat(size);
    for (;;) {
      try { localStorage.setItem("filler:" + n, chunk); n++; } catch (e) { break; }
    }
  }
  // A new key costs its name too: grow the last value a character at a time until not even
  // one more fits, so any write that makes a save longer is refused.
  if (n > 0) {
    const key = "filler:" + (n - 1);
    let value = localStorage.getItem(key);
    for (;;) {
      try { localStorage.setItem(key, value + "x"); value += "x"; } catch (e) { break; }
    }
  }
  return n;
}"""

FREE_JS = """() => {
  const keys = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i); if (k.startsWith("filler:")) keys.push(k);
  }
  keys.forEach((k) => localStorage.removeItem(k));
  return keys.length;
}"""


FREE_SOME_JS = """() => {
  // Remove the smallest filler keys (the last ones written): a few hundred characters.
  for (let i = 0; i < 10; i++) {
    let last = -1;
    for (let k = 0; k < localStorage.length; k++) {
      const key = localStorage.key(k);
      if (key.startsWith("filler:")) last = Math.max(last, +key.slice(7));
    }
    if (last >= 0) localStorage.removeItem("filler:" + last);
  }
}"""


def stored(page) -> dict[str, str]:
    return page.evaluate(STORED_JS, PREFIX)


def settle(page, other, key: str) -> None:
    """Wait until ``other`` reads what ``page`` reads under ``key``. Each Chromium tab
    process reads its own copy of localStorage, which the browser brings up to date a few
    milliseconds after a write in another tab; a person takes far longer to turn to the
    other tab. A driver that acts there sooner meets that limit of localStorage itself (two
    tabs can then both write a move made on the same game; what the app does then is
    tests/web/test_tabs_and_storage.py's concern) and not the app's checks, which this
    test is about."""
    text = page.evaluate("(key) => localStorage.getItem(key)", key)
    other.wait_for_function("([key, text]) => localStorage.getItem(key) === text",
                            arg=[key, text])


class LogWatch:
    """The stored log of one game, checked after every step: legal, and only ever growing."""

    def __init__(self, page, ident: str):
        self.page = page
        self.ident = ident
        self.log: list = []
        self.revision = 0
        self.checks = 0

    def check(self) -> None:
        text = stored(self.page).get(self.ident)
        assert text is not None, "the game disappeared from the storage"
        data = json.loads(text)
        game = game_save.load(text)  # raises if any step is illegal
        log = data["log"]
        assert log[:len(self.log)] == self.log, "a stored step was lost or changed"
        assert data["meta"]["revision"] >= self.revision
        self.log, self.revision = log, data["meta"]["revision"]
        assert len(game.log) == len(log)
        self.checks += 1


def test_two_tabs_never_lose_a_move(page, context, site_url):
    a, b = page, context.new_page()
    open_app(a, site_url)
    new_game(a, 2, names=["Ann", "Bob"], start=0)
    ident = next(iter(stored(a)))
    open_app(b, site_url)  # the second tab opens the current game
    assert screen(b) == "pass"
    watch = LogWatch(a, ident)
    watch.check()
    rng = random.Random(9)
    pages = {"A": a, "B": b}
    adopted = reloads = taps = 0
    rounds_done = 0
    for _ in range(2000):
        if rounds_done >= 3:
            break
        name = rng.choice("AB")
        page = pages[name]
        if page.get_attribute("#app", "data-notice") == "other-tab":
            adopted += 1  # adopted through the storage event, before any tap here
        roll = rng.random()
        if roll < 0.04:
            page.reload()
            wait_ready(page)
            reloads += 1
        elif roll < 0.10 and screen(page) in ("play", "pass"):
            tap(page, '[data-action="rules"]')  # a screen change in a possibly stale tab
            if screen(page) == "rules":
                tap(page, '[data-action="rules-close"]')
            taps += 1
        else:
            seen = page.evaluate(STEP_JS, rng.randrange(2 ** 31))
            if "gone" in seen:  # a tap found the tab stale: the stored game taken over there
                assert page.get_attribute("#app", "data-notice") == "other-tab", seen
            else:
                assert "error" not in seen, seen
            taps += 1
        if page.get_attribute("#app", "data-notice") == "other-tab":
            adopted += 1  # the tap found the tab stale: adopted, the tap dropped
        settle(page, pages["B" if name == "A" else "A"], PREFIX + ident)
        watch.check()
        data = json.loads(stored(a)[ident])
        rounds_done = sum(1 for step in data["log"]
                          if step["type"] == "select" and step["colour"] == "blue") - 1
    assert rounds_done >= 3, "three full rounds were not played"
    assert adopted > 0, "the stale tab never had to adopt the game"
    # A delete in one tab is respected in the other. The tap home can find A behind the game
    # B stored last, its storage event not yet heard: A takes the game over and drops the tap
    # (the next test), and a second tap goes home.
    tap(a, '[data-action="home"]')
    if screen(a) != "start":
        assert a.get_attribute("#app", "data-notice") == "other-tab", screen(a)
        tap(a, '[data-action="home"]')
    assert screen(a) == "start"
    tap(a, f'[data-action="delete"][data-id="{ident}"]')
    tap(a, f'[data-action="delete"][data-id="{ident}"][data-confirm="true"]')
    assert ident not in stored(a)
    b.wait_for_function("() => document.getElementById('app').dataset.screen === 'start'")
    tap(b, '[data-action="rules"]')
    assert ident not in stored(b)
    print(f"\ntabs: {taps} taps, {reloads} reloads, {watch.checks} checks, "
          f"{len(watch.log)} steps stored, {adopted} adoptions, steps lost: 0")


def test_a_tap_in_a_tab_behind_the_stored_game_takes_it_over_and_is_dropped(page, site_url):
    """The race the test above meets now and then under load, made certain: another tab has
    stored a later revision of the game, and this page has not heard of it yet (a page hears
    no storage event of its own writes, so the later revision is written from here). Its
    next tap takes the stored game over (said on the page) and does nothing else; the
    driver's step ends there, saying what was gone."""
    open_app(page, site_url)
    new_game(page, 2, names=["Ann", "Bob"], start=0)
    ident = next(iter(stored(page)))
    assert page.evaluate(STEP_JS, 1)["screen"] == "pass"  # Ann's hand shown: her selection
    assert screen(page) == "play"
    data = json.loads(stored(page)[ident])
    data["meta"]["revision"] += 1
    later = json.dumps(data)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [PREFIX + ident, later])
    seen = page.evaluate(STEP_JS, 2)  # her selection, begun with a tap on a + button
    assert seen.get("gone") == "[data-select-left]", seen
    assert page.get_attribute("#app", "data-notice") == "other-tab"
    assert stored(page)[ident] == later  # nothing of the dropped tap stored
    assert screen(page) == "pass"


def _prepared_finished_save() -> str:
    """A finished game of two computers, made with the engine in CPython."""
    from game.ai import decide, make_player
    from game.match import Game
    from game.settings import PlayerSpec, Settings
    settings = Settings(players=(PlayerSpec("Ann", ("blue", "red"), "south", "random"),
                                 PlayerSpec("Bob", ("yellow", "purple"), "north", "random")),
                        start_player=0)
    game = Game(settings, "finished", meta={"app": "manhattan-web", "app_version": 2,
                                            "revision": 1, "updated": 1.0e9})
    player = make_player("random")
    rng = random.Random(1)
    while not game.state.is_over:
        view = game.view(game.state.current)
        game.play(decide(player, view, rng))
    return game_save.dumps(game)


@pytest.mark.allow_console_errors  # the browser may log the refused writes
def test_a_full_storage_loses_nothing_and_says_so(page, site_url):
    resize(page, {"width": 1024, "height": 768})
    open_app(page, site_url)
    page.evaluate("(t) => localStorage.setItem('manhattan:save:finished-0001', t)",
                  _prepared_finished_save())
    new_game(page, 2, names=["Ann", "Bob"], start=0)
    ident = next(k for k in stored(page) if k != "finished-0001")
    watch = LogWatch(page, ident)
    watch.check()
    tap(page, '[data-action="reveal"]')
    assert page.evaluate(FILL_JS) > 0
    # A change that cannot be stored (hiding the cards makes the save 3 characters longer):
    # said at once, with the way to the saved games.
    tap(page, '[data-action="hide-cards"]')
    assert page.locator('[data-message-id="storage.full"]').count() == 1
    assert page.locator('[data-message-id="storage.full"] [data-action="home"]').count() == 1
    page.evaluate(FREE_SOME_JS)  # a little room (save times vary in length by a few digits)
    tap(page, '[data-action="reveal"]')  # and a save no longer than the stored one fits
    assert page.locator('[data-message-id="storage.full"]').count() == 0
    # A move that cannot be stored is not made.
    page.evaluate(FILL_JS)
    seen = page.evaluate(STEP_JS, 5)
    assert "error" not in seen
    watch.check()
    log_full = list(watch.log)
    assert page.locator('[data-message-id="storage.move_not_saved"]').count() == 1
    # A new game cannot start while nothing can be stored.
    tap(page, '[data-message-id="storage.move_not_saved"] [data-action="home"]')
    assert screen(page) == "start"
    sizes = page.locator("[data-save-size]")
    assert sizes.count() == 2 and all(int(sizes.nth(i).get_attribute("data-save-size")) > 0
                                      for i in range(2))
    before = set(stored(page))
    new_game_attempt = page.locator('[data-action="new-game"]')
    new_game_attempt.first.evaluate("el => el.click()")
    tap(page, '[data-action="setup-start"]')
    assert screen(page) == "setup"
    assert page.locator('[data-message-id="storage.new_game_failed"]').count() >= 1
    assert set(stored(page)) == before
    # Free space by deleting the finished game (confirmed), then play on.
    page.evaluate(FREE_JS)
    page.evaluate(FILL_JS)
    tap(page, '[data-action="home"]') if screen(page) != "start" else None
    page.goto(site_url + FAST_LEAN)
    wait_ready(page)
    tap(page, '[data-action="delete-finished"]')
    tap(page, '[data-action="delete-finished"][data-confirm="true"]')
    assert "finished-0001" not in stored(page)
    tap(page, f'[data-action="continue-game"][data-id="{ident}"]')
    tap(page, '[data-action="reveal"]')
    seen = page.evaluate(STEP_JS, 5)
    assert "error" not in seen
    watch.check()
    assert len(watch.log) > len(log_full)
    # A "current game" pointer to a save that is gone is repaired on boot.
    page.evaluate(FREE_JS)
    page.evaluate("() => { sessionStorage.removeItem('manhattan:current');"  # a new tab's
                  " localStorage.setItem('manhattan:current', 'gone-0000'); }")
    page.reload()
    wait_ready(page)
    assert screen(page) == "start"
    assert page.evaluate("() => localStorage.getItem('manhattan:current')") is None
