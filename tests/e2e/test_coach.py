"""The coach in the browser: a hint on the board and the post-game review
with its progress and Cancel, computed by the thinking worker (and by the page when there is
none); screenshots in English, German and French at the three sizes (phone, tablet
portrait and landscape: ``screenshots/coach-*.png``).

The games are made in CPython through the UI logic (tests/web/play_kit.py) and put into
localStorage, so each test starts at the moment it is about.
"""

from __future__ import annotations

import random

import pytest
from e2e_helpers import VIEWPORTS, resize, screenshot, wait_ready
from play_kit import make_controller, play_computers, play_to_end, setup_game, tap_decision
from test_a11y import audit

from game.web.saves.storage import MemoryBackend

pytestmark = pytest.mark.e2e

SIZES = tuple(VIEWPORTS)


def _person_builds(c) -> None:
    """Advance to the person's build decision in round 2."""
    rng = random.Random(11)
    for _ in range(2000):
        s = c.session
        if c.screen_name == "pass":
            c.handle("reveal")
        elif c.screen_name == "scoring":
            c.handle("continue")
        elif s.screen == "computer":
            play_computers(c, limit=1)
        elif s.state.round >= 2 and s.state.phase == "build":
            return
        else:
            tap_decision(c, rng.choice(s.state.legal_actions()), rng)
    raise AssertionError("no build decision reached")


def save_at_a_build_with_hints() -> dict:
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 3, names=["Ann", "Bob", "Cy"], controllers=["human", "greedy", "greedy"],
               hints=True, start="0")
    _person_builds(c)
    return dict(backend.data)


def finished_save() -> dict:
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 3, names=["Ann", "Bob", "Cy"], controllers=["human", "greedy", "greedy"],
               start="0")
    play_to_end(c, random.Random(6))
    return dict(backend.data)


def load(page, url: str, data: dict, query: str) -> None:
    page.goto(url + "manifest.webmanifest")
    page.evaluate("(data) => { localStorage.clear(); for (const [k, v] of Object.entries(data))"
                  " localStorage.setItem(k, v); }", data)
    page.goto(url + query)
    wait_ready(page)


@pytest.fixture(scope="module")
def build_save():
    return save_at_a_build_with_hints()


@pytest.fixture(scope="module")
def final_save():
    return finished_save()


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_hint_is_shown_on_the_board(page, site_url, build_save, lang):
    resize(page, {"width": 1024, "height": 768})
    load(page, site_url, build_save, f"?fast=1&snapshot=0&lang={lang}")
    page.wait_for_selector('html[data-ai-worker="ready"]', state="attached", timeout=120_000)
    page.click('[data-action="hint"]')
    page.wait_for_selector('[data-hint="shown"]', timeout=60_000)
    text = page.text_content("[data-hint-reason]")
    assert text and "reason." not in text and "{" not in text
    either = page.locator("[data-hint-either]").count()
    if page.get_attribute("[data-hint-reason]", "data-hint-kind") == "build":
        # "either of these is fine": both plots outlined (one when both build on one plot)
        assert 1 <= page.locator('[data-coach="hint"]').count() <= 1 + either
        assert page.locator('[data-hand] [data-card][data-hint="true"]').count() >= 1
        assert page.locator('[data-action="piece"][data-hint="true"]').count() >= 1
    screenshot(page, f"coach-hint-{lang}", sizes=SIZES)
    resize(page, {"width": 1024, "height": 768})
    assert audit(page, "coach-hint", lang) == []  # axe: no serious or critical violation
    # The person plays on: the hint belongs to that decision only.
    page.click('[data-hand] [data-card][data-hint="true"]')
    assert page.locator('[data-hint="shown"]').count() == 1


def test_a_hint_without_the_worker_is_computed_on_the_page(page, site_url, build_save):
    resize(page, {"width": 1024, "height": 768})
    load(page, site_url, build_save, "?fast=1&snapshot=0&aiworker=off")
    page.click('[data-action="hint"]')
    page.wait_for_selector('[data-hint="shown"]', timeout=120_000)
    assert page.locator("[data-hint-reason]").count() == 1


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_review_with_progress_cancel_and_a_decision_on_the_board(page, site_url, final_save,
                                                                     lang):
    resize(page, {"width": 1024, "height": 768})
    load(page, site_url, final_save, f"?fast=1&snapshot=0&lang={lang}")
    # the final standings want no thinking: the worker comes when the review asks
    page.wait_for_selector('html[data-ai-worker="resting"]', state="attached", timeout=120_000)
    page.click('[data-action="review"]')
    page.wait_for_selector('#app[data-screen="review"] [data-review-progress]')
    page.click('[data-action="review-cancel"]')
    page.wait_for_selector("[data-review-cancelled]")
    page.click('[data-action="review-close"]')
    page.wait_for_selector('#app[data-screen="final"]')
    page.click('[data-action="review"]')
    page.wait_for_selector("[data-review-progress]")
    if lang == "en":
        screenshot(page, "coach-review-progress", sizes=SIZES)
    page.wait_for_selector("[data-review-player]", timeout=240_000)
    assert page.get_attribute("[data-review-deep]", "data-review-deep") == "true"
    assert 1 <= page.locator("[data-review-item]").count() <= 3
    verdicts = page.locator("[data-review-verdict]")
    assert {verdicts.nth(k).get_attribute("data-review-verdict")
            for k in range(verdicts.count())} <= {"slightly_better", "clearly_better"}
    assert "±" in (page.text_content("[data-review-item]") or "")
    screenshot(page, f"coach-review-{lang}", sizes=SIZES)
    resize(page, {"width": 1024, "height": 768})
    assert audit(page, "coach-review", lang) == []
    resize(page, {"width": 1024, "height": 768})
    page.click('[data-review-item="0"] [data-action="review-show"]')
    page.wait_for_selector("[data-review-shown]")
    assert page.locator("[data-replay-step]").count() == 1
    screenshot(page, f"coach-review-board-{lang}", sizes=SIZES)
    resize(page, {"width": 1024, "height": 768})
    assert audit(page, "coach-review-board", lang) == []
    resize(page, {"width": 1024, "height": 768})
    page.click('[data-action="review-back"]')
    page.wait_for_selector('#app[data-screen="review"] [data-review-player]')


def test_the_review_without_the_worker_judges_no_decision(page, site_url, final_save):
    """The quick pass alone may pick candidates but never calls a decision costly."""
    resize(page, {"width": 1024, "height": 768})
    load(page, site_url, final_save, "?fast=1&snapshot=0&aiworker=off")
    page.click('[data-action="review"]')
    page.wait_for_selector("[data-review-player]", timeout=240_000)
    assert page.get_attribute("[data-review-deep]", "data-review-deep") == "false"
    assert page.locator("[data-review-item]").count() == 0
    assert page.locator('[data-review-none="true"]').count() == 1
