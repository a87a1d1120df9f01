"""Statistics and "Play again" in Chromium: a quick game of computers to
the end is counted and shown on the statistics screen, with the records a person kept
(people, head to head, the chart); "Play again" starts the same table with the seats
rotated. Screenshots in German and French at 390 x 844 and 1180 x 820."""

from __future__ import annotations

import json

import pytest
from e2e_helpers import SCREENSHOTS, resize, save_screenshot, settle
from ui_driver import FAST_LEAN, new_game, open_app, screen, tap

pytestmark = pytest.mark.e2e

SIZES = {"phone": {"width": 390, "height": 844}, "wide": {"width": 1180, "height": 820}}


def _kept_records() -> str:
    """Four earlier games of Ann and Bob (as a page of this app stores them)."""
    games = []
    for k, (ann, bob) in enumerate([(40, 35), (52, 60), (47, 41), (66, 50)]):
        games.append({"game": f"old-{k}", "ended": 1_760_000_000 + k * 86_400,
                      "seats": [{"name": "Ann", "points": ann, "rank": 1 if ann > bob else 2,
                                 "winner": ann > bob, "person": "p1"},
                                {"name": "Bob", "points": bob, "rank": 1 if bob > ann else 2,
                                 "winner": bob > ann, "person": "p2"}]})
    return json.dumps({"format": "manhattan-records", "version": 1,
                       "people": [{"id": "p1", "name": "Ann"}, {"id": "p2", "name": "Bob"}],
                       "games": games})


def _shots(page, name: str) -> None:
    for size, viewport in SIZES.items():
        resize(page, viewport)
        settle(page)
        save_screenshot(page, SCREENSHOTS / f"{name}-{size}.png", full_page=True)


def test_a_finished_game_is_in_the_statistics_and_play_again_rotates(page, site_url):
    open_app(page, site_url, f"{FAST_LEAN}&lang=de")
    page.evaluate("text => localStorage.setItem('manhattan:records', text)", _kept_records())
    new_game(page, 3, controllers=["random", "greedy", "random"])
    page.wait_for_selector('#app[data-screen="final"]', timeout=180_000)
    tap(page, '[data-action="stats"]')
    page.wait_for_selector('#app[data-screen="stats"]')
    assert page.get_attribute(".stats", "data-stats-games") == "5"
    assert page.locator("[data-stats-level]").count() == 2  # random, greedy
    assert page.locator("[data-stats-person]").count() == 2
    assert page.locator("[data-history-chart='4']").count() == 1
    _shots(page, "stats-de")
    tap(page, '[data-action="stats-person"][data-person="p2"]')
    page.wait_for_selector('[data-stats-person] >> nth=0')
    tap(page, '[data-action="stats-close"]')
    page.wait_for_selector('#app[data-screen="final"]')
    seats = page.locator("[data-standing]").count()
    assert seats == 3
    tap(page, '[data-action="rematch"]')
    page.wait_for_function("() => document.getElementById('app').dataset.screen !== 'final'")
    assert screen(page) in ("play", "scoring", "final")
    # The page reloaded in French: the statistics are still there (and counted once).
    page.evaluate("() => { localStorage.removeItem('manhattan:current');"
                  " sessionStorage.setItem('manhattan:current', ''); }")  # this tab: no game
    open_app(page, site_url, f"{FAST_LEAN}&lang=fr")
    page.wait_for_selector('#app[data-screen="start"]')
    tap(page, '[data-action="stats"]')
    page.wait_for_selector('#app[data-screen="stats"]')
    assert int(page.get_attribute(".stats", "data-stats-games") or 0) >= 5
    _shots(page, "stats-fr")


SIDEWAYS_JS = """() => Array.from(document.querySelectorAll('.stats section, .stats-table'))
    .filter((el) => el.scrollWidth > el.clientWidth + 1)
    .map((el) => [el.className || el.tagName, el.scrollWidth, el.clientWidth])"""


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_statistics_fit_a_phone_without_sideways_scrolling(page, site_url, lang):
    """On a 390 px phone each table's row stands as a block of labelled figures; on a wide
    screen the tables keep their columns. Both fit their cards."""
    resize(page, SIZES["phone"])
    open_app(page, site_url, f"{FAST_LEAN}&lang={lang}")
    page.evaluate("text => localStorage.setItem('manhattan:records', text)", _kept_records())
    open_app(page, site_url, f"{FAST_LEAN}&lang={lang}")
    tap(page, '[data-action="stats"]')
    page.wait_for_selector('#app[data-screen="stats"]')
    assert page.locator("[data-stats-person]").count() == 2
    assert page.evaluate(SIDEWAYS_JS) == []
    # every figure under its column's name, the row's name above them
    label = page.evaluate("""() => { const td = document.querySelector('[data-stats-person] td');
        return [td.dataset.label, getComputedStyle(td, '::before').display,
                getComputedStyle(td.closest('tr')).display]; }""")
    assert label[0] and label[1] == "block" and label[2] == "grid", label
    _shots(page, f"stats-fit-{lang}")
    assert page.evaluate(SIDEWAYS_JS) == []  # (the wide screen, last of _shots)
    assert page.evaluate("""() => getComputedStyle(
        document.querySelector('[data-stats-person]')).display""") == "table-row"
