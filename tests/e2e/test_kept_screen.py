"""The screen a reopened page shows before Python runs (assets/boot.js, game/web/runtime/boot_screen.py):
the start screen or the pass screen of the game in progress, at once and inert, never anyone's
cards in a game of people; the table of a person alone against computers, with their own cards
only; nothing when the save changed since or the next start would show something else."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from e2e_helpers import wait_ready
from playwright.sync_api import BrowserContext, Page
from ui_driver import (
    FAST,
    FAST_LEAN_NEW_DOCUMENT,
    new_game,
    open_app,
    screen,
    take_turn,
    tap,
    wait_for_person,
)

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]  # first visits (tests/e2e/conftest.py)

LEAN_START = FAST_LEAN_NEW_DOCUMENT
"""The page's own interpreter alone (no boot snapshot, no thinking worker): the kept screen is
drawn from the storage by assets/boot.js before any interpreter starts, so what these tests
check is the same either way. The hotseat game's test opens and reopens the page as a
player's browser does (the snapshot made, then restored, and the thinking worker), so the
kept screen is seen beside those too."""

# What #app held when the document was parsed and boot.js had run, long before Python.
EARLY = """
document.addEventListener("DOMContentLoaded", () => {
  const app = document.getElementById("app");
  if (!app) return;  // not the game's page
  window.__early = {
    kept: document.documentElement.getAttribute("data-kept-screen"),
    lang: document.documentElement.getAttribute("lang"),
    html: app.innerHTML,
    cards: [...app.querySelectorAll("[data-card]")].map((card) => card.dataset.card).sort(),
    inert: !!app.querySelector(":scope > [inert]"),
    ready: document.documentElement.getAttribute("data-ready"),
    loadingShown: getComputedStyle(document.getElementById("loading")).display !== "none",
  };
});
"""


@dataclass(frozen=True)
class Tabs:
    """The tests' browser context (with ``EARLY``) and its parked page, which no test closes:
    the tabs a test closes and opens come and go beside it."""

    context: BrowserContext
    parked: Page

    def new_page(self) -> Page:
        return self.context.new_page()

    def game_tabs(self) -> list[Page]:
        return [page for page in self.context.pages if page != self.parked]


@pytest.fixture
def tab(own_context) -> Tabs:
    holder = own_context(init_script=EARLY)
    return Tabs(holder.context, holder.page)


def close(page) -> None:
    """Close a tab and wait until it is gone: its page keeps the next start's screen while
    it unloads (``pagehide``), which a page opened meanwhile would not find yet."""
    with page.expect_event("close"):
        page.close(run_before_unload=True)


def reopen(tabs: Tabs, url: str):
    """Close every tab (the page is hidden and unloaded) and open the game in a new one."""
    for old in tabs.game_tabs():
        close(old)
    page = tabs.new_page()
    page.goto(url)
    early = page.evaluate("() => window.__early")
    wait_ready(page)
    return page, early


def test_the_start_screen_comes_back_at_once(tab, site_url):
    page = tab.new_page()
    open_app(page, site_url, LEAN_START)
    assert screen(page) == "start"
    page, early = reopen(tab, site_url + LEAN_START)
    assert early["kept"] == "start" and early["inert"] and early["ready"] is None
    assert not early["loadingShown"]
    assert 'data-action="new-game"' in early["html"]
    assert screen(page) == "start"
    marks = page.evaluate("() => performance.getEntriesByType('mark').map((m) => m.name)")
    assert marks.index("shell:kept-screen") < marks.index("app:ready")
    # Python's own screen replaced the kept one, which is gone with its inertness.
    assert page.locator("#app > [inert]").count() == 0
    tap(page, '[data-action="new-game"]')
    page.wait_for_selector('#app[data-screen="setup"]')


def test_a_hotseat_game_comes_back_behind_its_pass_screen_never_a_hand(tab, site_url):
    page = tab.new_page()
    open_app(page, site_url, FAST)
    new_game(page, 2, names=["Ann", "Bob"], start=0)
    assert screen(page) == "pass"
    tap(page, '[data-action="reveal"]')  # Ann's cards are on screen when the tab is closed
    page.wait_for_selector("[data-card]")
    page, early = reopen(tab, site_url + FAST)
    assert early["kept"] == "pass" and early["inert"]
    assert "Ann" in early["html"] and "data-card" not in early["html"]
    assert screen(page) == "pass"
    tap(page, '[data-action="reveal"]')
    page.wait_for_selector("[data-card]")
    # A reload (the same tab) keeps it too, whichever of pagehide and visibilitychange comes.
    page.reload()
    early = page.evaluate("() => window.__early")
    wait_ready(page)
    assert early["kept"] == "pass" and "data-card" not in early["html"]
    assert screen(page) == "pass"


def test_a_screen_kept_in_another_language_than_this_starts_is_not_drawn(tab, site_url):
    """A visit with ?lang=de keeps its screen in German but no choice of language: the next
    start speaks the browser's English, so the German screen is not drawn before it."""
    page = tab.new_page()
    open_app(page, site_url, LEAN_START + "&lang=de")
    new_game(page, 2, names=["Ann", "Bob"], start=0)
    page, early = reopen(tab, site_url + LEAN_START)
    assert early["kept"] is None and early["loadingShown"]
    assert page.get_attribute("html", "lang") == "en" and screen(page) == "pass"
    # Chosen in the page (kept in the preferences), German comes back at once.
    page.select_option('select[data-action="language"]', "de")
    page.wait_for_selector('html[lang="de"]')
    page, early = reopen(tab, site_url + LEAN_START)
    assert early["kept"] == "pass" and early["lang"] == "de"
    assert page.get_attribute("html", "lang") == "de"


def test_a_save_changed_since_shows_the_loading_screen(tab, site_url):
    page = tab.new_page()
    open_app(page, site_url, LEAN_START)
    new_game(page, 2, names=["Ann", "Bob"], start=0)
    close(page)
    page = tab.new_page()
    page.goto(site_url + "manifest.webmanifest")  # the origin, without the game
    page.evaluate("""() => {
        const key = "manhattan:save:" + localStorage.getItem("manhattan:current");
        const save = JSON.parse(localStorage.getItem(key));
        save.meta.revision += 1;  // another tab moved the game on
        localStorage.setItem(key, JSON.stringify(save));
    }""")
    page, early = reopen(tab, site_url + LEAN_START)
    assert early["kept"] is None and early["loadingShown"]
    assert screen(page) == "pass"


LOGGED = """() => JSON.parse(localStorage.getItem(
    "manhattan:save:" + localStorage.getItem("manhattan:current"))).log.length"""
"""The steps in the open game's save."""


def cards(page) -> list[str]:
    """The cards on the page's own screen (each ``data-card`` is "row,col")."""
    return sorted(page.eval_on_selector_all("#app [data-card]", "cs => cs.map(c => c.dataset.card)"))


def test_a_game_against_computers_alone_comes_back_at_its_table(tab, site_url):
    """One person: no pass screen and nobody to hide the cards from, so the next start's
    screen, the table with that person's own cards, is drawn before Python, as a game of
    people gets its pass screen; no card of a computer is in it."""
    page = tab.new_page()
    open_app(page, site_url, LEAN_START)
    new_game(page, 3, names=["Ann", "Bob", "Cy"], controllers=["human", "greedy", "greedy"],
             start=1)
    assert wait_for_person(page) == "play"  # the computers chose; Ann's turn, her cards shown
    hand = cards(page)
    assert hand
    page, early = reopen(tab, site_url + LEAN_START)
    assert early["kept"] == "play" and early["inert"] and early["ready"] is None
    assert not early["loadingShown"]
    assert early["cards"] == hand and 'data-action="confirm"' in early["html"]
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('manhattan:boot-screen'))")
    assert kept["screen"] == "play" and kept["html"].count("data-card=") == len(hand)
    assert screen(page) == "play" and cards(page) == hand
    marks = page.evaluate("() => performance.getEntriesByType('mark').map((m) => m.name)")
    assert marks.index("shell:kept-screen") < marks.index("app:ready")
    assert page.locator("#app > [inert]").count() == 0
    # Ann's table answers taps: her turn taken and stored.
    steps = page.evaluate(LOGGED)
    take_turn(page, random.Random(3))
    page.wait_for_function(f"() => ({LOGGED})() > {steps}")


def test_a_kept_table_is_not_drawn_for_a_save_of_two_people(tab, site_url):
    """assets/boot.js draws a kept table only for a save with one person: the same entry,
    once the save says two people play (a hand-edited save, a game replaced in between),
    gives the loading screen."""
    page = tab.new_page()
    open_app(page, site_url, LEAN_START)
    new_game(page, 2, names=["Ann", "Bob"], controllers=["human", "greedy"], start=0)
    page.wait_for_selector("#app [data-card]")
    close(page)
    page = tab.new_page()
    page.goto(site_url + "manifest.webmanifest")  # the origin, without the game
    kept = page.evaluate("""() => {
        const key = "manhattan:save:" + localStorage.getItem("manhattan:current");
        const save = JSON.parse(localStorage.getItem(key));
        save.settings.players[1].controller = "human";  // the revision stays as it was
        localStorage.setItem(key, JSON.stringify(save));
        return JSON.parse(localStorage.getItem("manhattan:boot-screen")).screen;
    }""")
    assert kept == "play"
    page, early = reopen(tab, site_url + LEAN_START)
    assert early["kept"] is None and early["loadingShown"] and not early["cards"]


def test_a_hand_edited_entry_is_ignored(tab, site_url):
    page = tab.new_page()
    open_app(page, site_url, LEAN_START)
    page.evaluate("""() => localStorage.setItem("manhattan:boot-screen",
        JSON.stringify({v: 1, screen: "play", game: null, revision: null,
                        html: "<div data-card='1'>cards</div>"}))""")
    page.goto(site_url + "manifest.webmanifest")  # leave without the page's own pagehide
    page.evaluate("""() => localStorage.setItem("manhattan:boot-screen",
        JSON.stringify({v: 1, screen: "play", game: null, revision: null,
                        html: "<div data-card='1'>cards</div>"}))""")
    page, early = reopen(tab, site_url + LEAN_START)
    assert early["kept"] is None and "cards" not in early["html"]
