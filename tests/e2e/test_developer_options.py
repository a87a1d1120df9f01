"""The page's developer options in the URL (docs/testing.md, "Developer options in the URL")
stay out of a player's way: the plain address runs none of them, and no address the game
itself makes (a shared game's link, the installed app's start, the offline fallback) carries
one, so a player reaches them only by typing them.

The options: ``?fast=1`` (computers move without their pace), ``?snapshot=0`` (no boot
snapshot made or restored), ``?aiworker=off|fail-boot|fail-answer|crash`` (no thinking
worker, or one made to fail), ``?restart=1`` (the page can be started afresh in place:
``window.manhattanRestart``).
"""

from __future__ import annotations

import json

import pytest
from e2e_helpers import DIST, ROOT, wait_ready
from test_ui_screens import load_into, prepared
from ui_driver import FAST_LEAN, screen, tap

from game.web import messages as M

pytestmark = pytest.mark.e2e

SWITCHES = ("fast", "snapshot", "aiworker", "restart")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    M.set_language("en")


@pytest.mark.first_visit  # a first visit, as a player's
def test_the_plain_address_runs_none_of_the_developer_options(page, site_url):
    page.goto(site_url)
    wait_ready(page)
    # snapshot: made on this first visit and stored (?snapshot=0 makes none)
    page.wait_for_selector('html[data-boot-snapshot-stored="stored"]', state="attached",
                           timeout=120_000)
    assert page.get_attribute("html", "data-boot-snapshot") == "made"
    # fast: the computers keep their normal pace (?fast=1 shows and uses "fast")
    tap(page, '[data-action="play-alone"]')
    page.wait_for_selector('#app[data-screen="play"]')
    # aiworker: the thinking worker starts for the game (?aiworker=off starts none)
    page.wait_for_selector('html[data-ai-worker="ready"]', state="attached", timeout=120_000)
    M.set_language(page.get_attribute("html", "lang") or "en")
    normal = M.t("play.speed", speed=M.t("play.speed.normal"))
    assert (page.text_content('[data-action="speed"]') or "").strip() == normal
    # restart: the page cannot be started afresh from outside (?restart=1 offers it)
    assert page.evaluate("() => window.manhattanRestart === undefined")
    assert "?" not in page.url


def test_no_address_the_game_makes_carries_an_option(page, site_url):
    data = prepared(lambda c: False, count=3, seed=15)
    load_into(page, site_url, data, FAST_LEAN)
    assert screen(page) == "final"
    tap(page, '[data-action="share"]')
    link = page.get_attribute("[data-share-url]", "value")
    assert "#game=" in link
    assert link.split("#", 1)[0] == site_url, link  # no query: none of the page's switches
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert "?" not in manifest["start_url"]
    for shortcut in manifest.get("shortcuts", []):
        assert "?" not in shortcut["url"], shortcut
    service_worker = (DIST / "sw.js").read_text(encoding="utf-8")
    assert not any(f"{switch}=" in service_worker for switch in SWITCHES)
