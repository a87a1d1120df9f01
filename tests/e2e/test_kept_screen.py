"""The screen a reopened page shows before Python runs (assets/boot.js, game/web/runtime/boot_screen.py):
the start screen or the pass screen of the game in progress, at once and inert, never anyone's
cards; nothing when the save changed since or the next start would show something else."""

from __future__ import annotations

import pytest
from e2e_helpers import wait_ready
from ui_driver import FAST, new_game, open_app, screen, tap

pytestmark = [pytest.mark.e2e, pytest.mark.fresh_browser]  # first visits in a new browser

# What #app held when the document was parsed and boot.js had run, long before Python.
EARLY = """
document.addEventListener("DOMContentLoaded", () => {
  const app = document.getElementById("app");
  if (!app) return;  // not the game's page
  window.__early = {
    kept: document.documentElement.getAttribute("data-kept-screen"),
    html: app.innerHTML,
    inert: !!app.querySelector(":scope > [inert]"),
    ready: document.documentElement.getAttribute("data-ready"),
    loadingShown: getComputedStyle(document.getElementById("loading")).display !== "none",
  };
});
"""


@pytest.fixture
def tab(new_context):
    context = new_context()
    context.add_init_script(EARLY)
    return context


def reopen(context, url: str):
    """Close every tab (the page is hidden and unloaded) and open the game in a new one."""
    for old in context.pages:
        old.close(run_before_unload=True)
    page = context.new_page()
    page.goto(url)
    early = page.evaluate("() => window.__early")
    wait_ready(page)
    return page, early


def test_the_start_screen_comes_back_at_once(tab, site_url):
    page = tab.new_page()
    open_app(page, site_url, FAST)
    assert screen(page) == "start"
    page, early = reopen(tab, site_url + FAST)
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


def test_a_save_changed_since_shows_the_loading_screen(tab, site_url):
    page = tab.new_page()
    open_app(page, site_url, FAST)
    new_game(page, 2, names=["Ann", "Bob"], start=0)
    page.close(run_before_unload=True)
    page = tab.new_page()
    page.goto(site_url + "manifest.webmanifest")  # the origin, without the game
    page.evaluate("""() => {
        const key = "manhattan:save:" + localStorage.getItem("manhattan:current");
        const save = JSON.parse(localStorage.getItem(key));
        save.meta.revision += 1;  // another tab moved the game on
        localStorage.setItem(key, JSON.stringify(save));
    }""")
    page, early = reopen(tab, site_url + FAST)
    assert early["kept"] is None and early["loadingShown"]
    assert screen(page) == "pass"


def test_a_game_against_computers_alone_keeps_no_screen(tab, site_url):
    """One person: the next start shows the board and that person's cards at once, which
    is not drawn before Python (the loading screen shows as before)."""
    page = tab.new_page()
    open_app(page, site_url, FAST)
    new_game(page, 2, names=["Ann", "Bob"], controllers=["human", "greedy"], start=0)
    page, early = reopen(tab, site_url + FAST)
    assert early["kept"] is None and early["loadingShown"]
    assert page.evaluate("() => localStorage.getItem('manhattan:boot-screen')") is None


def test_a_hand_edited_entry_is_ignored(tab, site_url):
    page = tab.new_page()
    open_app(page, site_url, FAST)
    page.evaluate("""() => localStorage.setItem("manhattan:boot-screen",
        JSON.stringify({v: 1, screen: "play", game: null, revision: null,
                        html: "<div data-card='1'>cards</div>"}))""")
    page.goto(site_url + "manifest.webmanifest")  # leave without the page's own pagehide
    page.evaluate("""() => localStorage.setItem("manhattan:boot-screen",
        JSON.stringify({v: 1, screen: "play", game: null, revision: null,
                        html: "<div data-card='1'>cards</div>"}))""")
    page, early = reopen(tab, site_url + FAST)
    assert early["kept"] is None and "cards" not in early["html"]
