"""Whole games played through the user interface in Chromium, with the test hooks only.

The guard in conftest.py fails any of these on a console error, an uncaught error or a
request that leaves the loopback.
"""

from __future__ import annotations

import random

import pytest
from e2e_helpers import resize
from ui_driver import new_game, open_app, play_to_final, screen, tap

pytestmark = pytest.mark.e2e


def test_four_person_hotseat_game_to_the_final_standings(page, site_url):
    resize(page, {"width": 1024, "height": 768})
    open_app(page, site_url)
    new_game(page, 4, names=["Ann", "Bob", "Cy", "Dee"])
    steps = play_to_final(page, random.Random(1))
    screens = [s["screen"] for s in steps]
    assert screens.count("scoring") == 4
    # Four people: before every decision the device is passed, and the pass screen holds
    # no card and no board.
    passes = [s for s in steps if s["screen"] == "pass"]
    decisions = [s for s in steps if s["screen"] == "play"]
    assert len(passes) == len(decisions)
    assert all(s["cards"] == 0 and s["plots"] == 0 for s in passes)
    assert all(s["hand"] == 4 for s in decisions)
    assert sum(1 for s in decisions if s.get("built")) >= 80
    assert page.locator("[data-standing]").count() == 4
    assert page.locator("[data-standing][data-rank='1']").count() >= 1
    assert page.locator("[data-decided-by]").count() == 4
    # Rematch: same players, a new game starting with the pass screen.
    tap(page, '[data-action="rematch"]')
    assert screen(page) == "pass"


def test_two_people_with_two_colours_each(page, site_url):
    resize(page, {"width": 768, "height": 1024})
    open_app(page, site_url)
    new_game(page, 2, names=["Ann", "Bob"])
    steps = play_to_final(page, random.Random(2))
    colours = {c for s in steps for c in s["colours"]}
    assert len(colours) == 4 and None not in colours
    # A person chooses pieces for both colours in one step (one Confirm), then passes.
    selecting = [s["selecting"] for s in steps if s.get("phase") == "select"]
    assert len(selecting) >= 2 * 4  # rounds 1-4 (round 6 is taken by the engine)
    assert all(len(colours) == 2 for colours in selecting[:8])
    assert all(len(colours) in (1, 2) for colours in selecting)
    assert page.locator("[data-standing]").count() == 2


@pytest.mark.smoke
def test_a_game_on_a_phone_builds_through_the_large_city(page, site_url):
    """At 390 x 844 the plots of the wide board are too small to tap: each build opens the
    city large first (the same driver, through the phone's hooks)."""
    resize(page, {"width": 390, "height": 844})
    open_app(page, site_url)
    new_game(page, 3, names=["Ann", "Bob", "Cy"], controllers=["human", "greedy", "greedy"])
    steps = []
    rng = random.Random(4)
    while not any(s.get("built") for s in steps) or len(steps) < 12:
        steps.extend(play_steps(page, rng, 1))
    built = [s for s in steps if s.get("built")]
    assert built and all(s.get("zoomed") for s in built)
    assert page.locator('.play[data-board-compact="true"]').count() == 1


def play_steps(page, rng, count):
    from ui_driver import STEP_JS, wait_for_person
    out = []
    for _ in range(count):
        wait_for_person(page)
        seen = page.evaluate(STEP_JS, rng.randrange(2 ** 31))
        assert "error" not in seen, seen
        out.append(seen)
    return out


def test_one_person_against_three_computers(page, site_url):
    resize(page, {"width": 1024, "height": 768})
    open_app(page, site_url)
    new_game(page, 4, names=["Ann", "Greedy", "Random", "Search"],
             controllers=["human", "greedy", "random", "search:1"])
    steps = play_to_final(page, random.Random(3))
    assert not any(s["screen"] == "pass" for s in steps)
    assert page.locator("[data-standing]").count() == 4


def test_computers_only_game_can_be_watched_to_the_end(page, site_url):
    open_app(page, site_url)
    new_game(page, 3, controllers=["random", "greedy", "random"])
    page.wait_for_selector('#app[data-screen="final"]', timeout=180_000)
    assert page.locator("[data-standing]").count() == 3
