"""Driving the game's user interface from Playwright through its test hooks only.

See "Test hooks" in docs/testing.md. Every step is a real tap (``locator.click``) on an
element the page shows; the driver never calls into Python or the engine.
"""

from __future__ import annotations

import os
import random

from e2e_helpers import LEAN, wait_ready

FAST = "?fast=1"
RESTART = "restart=1"
FAST_LEAN = f"{FAST}&{LEAN}" + ("" if os.environ.get("E2E_RESTART") == "0" else f"&{RESTART}")
"""No pacing of computer moves, one interpreter per page start (e2e_helpers.LEAN says which
tests must use FAST, the full first visit, instead), and a page that the next test starts
afresh in place (:func:`open_app`; not with E2E_RESTART=0: every start a page start, for
measuring the two side by side)."""

FAST_LEAN_NEW_DOCUMENT = f"{FAST}&{LEAN}"
"""FAST_LEAN always as a page start (a new document): for a test of what only a new document
starts with (no user gesture yet, no AudioContext)."""

RESTART_JS = """(address) => {
    const hook = window.manhattanRestart;
    hook.stop();
    history.replaceState(null, "", address);
    const html = document.documentElement;
    for (const name of html.getAttributeNames()) html.removeAttribute(name);
    html.setAttribute("lang", "en");  // as index.html has it before anything runs
    document.getElementById("announcer").textContent = "";
    if (document.activeElement) document.activeElement.blur();
    if (window.manhattanSound && window.manhattanSound.log) window.manhattanSound.log.length = 0;
    window.scrollTo(0, 0);
    hook.start();
}"""
"""The page started afresh where it is: the running page stopped, the address set, what a
start finds on ``<html>`` put back, the new page started (from the storage as it is)."""


def screen(page) -> str:
    return page.get_attribute("#app", "data-screen") or ""


def restartable(page, site_url: str) -> bool:
    """The page is the game at ``site_url`` opened with the developer option ``restart``."""
    return (page.url.split("#")[0].split("?")[0] == site_url
            and page.evaluate("() => typeof window.manhattanRestart === 'object'"))


def open_app(page, site_url: str, query: str = FAST_LEAN) -> None:
    """Open the game at ``site_url + query``: a page that can start afresh in place (the
    developer option ``restart``, docs/testing.md) does so when ``query`` asks for it (a
    tenth of a page start's CPU); otherwise the browser goes to the address."""
    if RESTART in query and restartable(page, site_url):
        page.evaluate(RESTART_JS, site_url + query)
    else:
        page.goto(site_url + query)
    wait_ready(page)


def reopen(page, site_url: str) -> None:
    """Open the game again at the address it shows, from the storage as it is now: the next
    visit, as a reload gives it, started afresh in place when the page can be (a tenth of a
    page start's CPU). Only for a test whose reload stands for "the next visit"; a test of
    what a reload itself does (the page hidden and left; a new document and what it draws
    before Python starts) reloads."""
    if restartable(page, site_url):
        page.evaluate(RESTART_JS, page.url)
    else:
        page.reload()
    wait_ready(page)


CLICK_JS = "el => el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}))"


def click(locator, real: bool = False) -> None:
    """Tap an element. By default a DOM click event is dispatched on it (the same event a
    finger produces, through the same listener) without Playwright's pointer simulation,
    which is 3x faster over hundreds of taps; ``real=True`` moves and clicks the mouse."""
    if real:
        locator.click()
    else:
        locator.evaluate(CLICK_JS)


def tap(page, selector: str, real: bool = False) -> None:
    click(page.locator(selector).first, real)


def new_game(page, count: int, names=None, controllers=None, options=None, start=None) -> None:
    """From the start screen, fill in the setup screen and start."""
    tap(page, '[data-action="new-game"]')
    page.wait_for_selector('#app[data-screen="setup"]')
    tap(page, f'[data-action="setup-count"][data-value="{count}"]')
    for i in range(count):
        if names:
            page.fill(f'input[data-field="name"][data-player="{i}"]', names[i])
        if controllers:
            page.select_option(f'select[data-field="controller"][data-player="{i}"]',
                               controllers[i])
    if start is not None:
        page.select_option('select[data-field="start"]', str(start))
    for field, value in (options or {}).items():
        selector = f'[data-field="{field}"]'
        if isinstance(value, bool):
            page.set_checked(selector, value)
        else:
            page.select_option(selector, str(value))
    tap(page, '[data-action="setup-start"]')
    page.wait_for_selector('#app:not([data-screen="setup"])')


def wait_for_person(page, timeout: float = 120_000) -> str:
    """Wait until a person has something to do (computers done): return the screen name."""
    page.wait_for_function(
        """() => {
            const app = document.getElementById("app");
            const s = app.dataset.screen;
            if (s === "pass" || s === "scoring" || s === "final") return true;
            return s === "play" && !!document.querySelector('.panel [data-action="confirm"]');
        }""", timeout=timeout, polling=50)
    return screen(page)


def choose_selection(page, rng: random.Random) -> None:
    """Build up a legal selection piece by piece with the + buttons, then confirm."""
    while True:
        left = int(page.get_attribute("[data-select-left]", "data-select-left"))
        if left == 0:
            break
        enabled = page.locator("[data-select-inc]:not([disabled])")
        n = enabled.count()
        assert n > 0, "no + button enabled with pieces left to choose"
        click(enabled.nth(rng.randrange(n)))
    tap(page, '[data-action="confirm"]:not([disabled])')


def choose_build(page, rng: random.Random) -> tuple[int, int] | None:
    """Pick a card and a piece with highlighted plots, tap one, confirm; return (city, plot).

    When the panel says no build is possible, play a card and return a piece instead."""
    if page.locator('[data-no-build="true"]').count():
        cards = page.locator('[data-action="card"]')
        click(cards.nth(rng.randrange(cards.count())))
        pieces = page.locator('[data-action="piece"]')
        click(pieces.nth(rng.randrange(pieces.count())))
        tap(page, '[data-action="confirm"]:not([disabled])')
        return None
    cards = page.locator('[data-action="card"]')
    pieces = page.locator('[data-action="piece"]')
    combos = [(c, p) for c in range(cards.count()) for p in range(pieces.count())]
    rng.shuffle(combos)
    for c, p in combos:
        click(cards.nth(c))
        click(pieces.nth(p))
        legal = page.locator('[data-legal="true"]')
        n = legal.count()
        if n:
            target = legal.nth(rng.randrange(n))
            city = int(target.get_attribute("data-city"))
            plot = int(target.get_attribute("data-plot"))
            if page.locator('[data-action="zoom"]').count():  # a phone: open the city
                tap(page, f'[data-action="zoom"][data-zoom="{city}"]')
                target = page.locator(f'[data-action="plot"][data-city="{city}"]'
                                      f'[data-plot="{plot}"]')
            click(target)
            page.wait_for_selector('[data-pending="true"]')
            tap(page, '[data-action="confirm"]:not([disabled])')
            return city, plot
    raise AssertionError("no card and piece gave a highlighted plot, yet building was offered")


def take_turn(page, rng: random.Random) -> str:
    """Do whatever the screen asks of a person once; return the screen that was handled."""
    name = wait_for_person(page)
    if name == "pass":
        tap(page, '[data-action="reveal"]')
    elif name == "scoring":
        tap(page, '[data-action="continue"]')
    elif name == "play":
        if page.get_attribute(".play", "data-phase") == "select":
            choose_selection(page, rng)
        else:
            choose_build(page, rng)
    return name


# One person's step done inside the page in a single round trip: the same taps as
# take_turn (click events on the elements named by the test hooks), about 10x faster over
# a whole game than one Playwright call per tap. Returns what it saw, for the test to check.
STEP_JS = """
(seed) => {
  let x = seed >>> 0;
  const rand = (n) => { x = (x * 1664525 + 1013904223) >>> 0; return x % n; };
  // A tap is drawn before dispatchEvent returns: a tab that finds itself behind the stored
  // game takes that game over right there, and what the next tap wanted may be gone. That
  // ends the step with out.gone (an error for any test but one of two tabs).
  class Gone extends Error {}
  const tap = (el, what) => {
    if (!el) throw new Gone(what);
    el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  };
  const q = (s) => document.querySelector(s);
  const need = (s) => { const el = q(s); if (!el) throw new Gone(s); return el; };
  const qa = (s) => Array.from(document.querySelectorAll(s));
  const app = document.getElementById("app");
  const screen = app.dataset.screen;
  const out = {screen, cards: qa("[data-card]").length, plots: qa("[data-city]").length,
               hand: qa("[data-hand] [data-card]").length, colours: []};
  const play = () => {
    if (screen === "pass") { tap(need('[data-action="reveal"]')); return out; }
    if (screen === "scoring") { tap(need('[data-action="continue"]')); return out; }
    if (screen !== "play" || !q('.panel [data-action="confirm"]')) { out.waiting = true; return out; }
    const phase = need(".play").dataset.phase;
    out.phase = phase;
    if (phase === "select") {
      out.selecting = qa("[data-select-colour]").map((el) => el.dataset.selectColour);
      for (let guard = 0; guard < 50 && +need("[data-select-left]").dataset.selectLeft > 0; guard++) {
        const inc = qa("[data-select-inc]:not([disabled])");
        if (!inc.length) { out.error = "no + enabled"; return out; }
        tap(inc[rand(inc.length)], "a + button");
      }
      tap(need('[data-action="confirm"]'));
      return out;
    }
    out.colours = qa('[data-action="piece"]').map((el) => el.dataset.colour || null);
    if (q('[data-no-build="true"]')) {
      const cards = qa('[data-action="card"]'); tap(cards[rand(cards.length)], "a card");
      const pieces = qa('[data-action="piece"]'); tap(pieces[rand(pieces.length)], "a piece");
      tap(need('[data-action="confirm"]')); out.returned = true; return out;
    }
    const nc = qa('[data-action="card"]').length, np = qa('[data-action="piece"]').length;
    const combos = [];
    for (let c = 0; c < nc; c++) for (let p = 0; p < np; p++) combos.push([c, p]);
    for (let i = combos.length - 1; i > 0; i--) { const j = rand(i + 1); [combos[i], combos[j]] = [combos[j], combos[i]]; }
    for (const [c, p] of combos) {
      tap(qa('[data-action="card"]')[c], "a card");
      tap(qa('[data-action="piece"]')[p], "a piece");
      const legal = qa('[data-legal="true"]');
      if (!legal.length) continue;
      let target = legal[rand(legal.length)];
      out.city = +target.dataset.city; out.plot = +target.dataset.plot;
      const before = +target.dataset.height;
      const city = target.closest('[data-action="zoom"]');
      if (city) {  // a phone: the overview's city opens large, then its plot is tapped
        tap(city);
        target = q(`svg.board[data-board-view="city"] [data-action="plot"][data-city="${out.city}"][data-plot="${out.plot}"]`);
        if (!target) { out.error = "the city did not open large"; return out; }
        out.zoomed = true;
      }
      tap(target);
      const pending = q('[data-pending="true"]');
      if (!pending || +pending.dataset.city !== out.city || +pending.dataset.plot !== out.plot) {
        out.error = "no tentative piece after tapping a highlighted plot"; return out;
      }
      tap(need('[data-action="confirm"]'));
      out.built = true; out.before = before;
      return out;
    }
    out.error = "nothing highlighted for any card and piece";
    return out;
  };
  try {
    return play();
  } catch (error) {
    if (!(error instanceof Gone)) throw error;
    out.gone = error.message;
    out.error = "gone under the taps: " + error.message;
    return out;
  }
}
"""


def play_to_final(page, rng: random.Random, max_steps: int = 4000, on_step=None) -> list:
    """Play every person's step until the final standings; return what each step saw."""
    steps = []
    for _ in range(max_steps):
        name = wait_for_person(page)
        if name == "final":
            return steps
        seen = page.evaluate(STEP_JS, rng.randrange(2 ** 31))
        assert "error" not in seen, seen
        if on_step:
            on_step(seen)
        steps.append(seen)
    raise AssertionError("the game did not reach the final standings")
