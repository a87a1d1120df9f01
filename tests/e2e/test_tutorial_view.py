"""Every tutorial lesson is in view when it appears.

The tutorial is walked by taps from its first lesson to the one after the first scoring, at
the sizes of a phone (390x844), a tablet in portrait (820x1180) and in landscape (1180x820),
in English, German and French; the last lesson, over the final standings, from a tutorial
game played to its end in CPython. Whenever a tap brings a new lesson, once the page has
drawn, the lesson's box must lie inside the viewport (no scrolling needed to read it) and be
on top at its corners (nothing drawn over it). Each tap first scrolls its control into view,
as a finger needs: the lesson must be in view whatever the person scrolled to before (on a
tablet in portrait the lessons after the selection sat above the panel's visible part). A screenshot of each lesson's first appearance:
screenshots/tutorial-<lang>-<size>-<lesson>.png.
"""

from __future__ import annotations

import random

import pytest
from e2e_helpers import SCREENSHOTS, SETTLE_JS, resize, save_screenshot
from play_kit import make_controller
from test_i18n_layout import OVERFLOW_JS
from test_tutorial import lessons_until
from test_ui_screens import load_into
from ui_driver import FAST_LEAN
from ui_driver import click as ui_click

from game.web.saves.storage import MemoryBackend

pytestmark = pytest.mark.e2e

SIZES = {
    "phone": {"width": 390, "height": 844},
    "tablet-portrait": {"width": 820, "height": 1180},
    "tablet-landscape": {"width": 1180, "height": 820},
}

# The lesson's box and whether its corners (just inside) show the lesson, not something drawn
# over it.
LESSON_JS = """() => {
  const el = document.querySelector('.coach[data-tutorial]');
  if (!el) return null;
  const r = el.getBoundingClientRect();
  const inside = (x, y) => { const at = document.elementFromPoint(x, y);
                             return !!at && el.contains(at); };
  const x0 = Math.max(r.left + 4, 0), x1 = Math.min(r.right - 4, innerWidth - 1);
  const y0 = Math.max(r.top + 4, 0), y1 = Math.min(r.bottom - 4, innerHeight - 1);
  return {key: el.dataset.tutorial, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          width: innerWidth, height: innerHeight,
          covered: !(inside(x0, y0) && inside(x1, y0) && inside(x0, y1) && inside(x1, y1))};
}"""


def click(locator) -> None:
    """A finger's tap: the control is scrolled into view first (as the person would), then
    tapped."""
    locator.scroll_into_view_if_needed()
    ui_click(locator)


def tap(page, selector: str) -> None:
    click(page.locator(selector).first)


def lesson(page) -> dict | None:
    page.evaluate(SETTLE_JS)
    return page.evaluate(LESSON_JS)


def in_view(box: dict) -> bool:
    return (box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= box["height"]
            and box["right"] <= box["width"] and not box["covered"])


def summary(box: dict) -> str:
    return "%s top %d bottom %d of %d%s" % (box["key"], box["top"], box["bottom"], box["height"],
                                          " covered" if box["covered"] else "")


def wait_lesson_change(page, key: str) -> None:
    page.wait_for_function(
        """(key) => { const el = document.querySelector('.coach[data-tutorial]');
                      return !el || el.dataset.tutorial !== key; }""",
        arg=key, timeout=120_000, polling=50)


def walk(page, lang: str, size: str, last: str = "tutorial.done") -> list:
    """Play the tutorial by taps until ``last`` shows; return every lesson seen out of view."""
    rng = random.Random(5)
    shot = set()
    problems = []
    before = None
    for _ in range(600):
        box = lesson(page)
        assert box is not None, "no lesson shown"
        key = box["key"]
        if key != before and not in_view(box):  # (the person's own scrolling later is theirs)
            problems.append((lang, size, summary(box)))
        before = key
        if key not in shot:
            shot.add(key)
            save_screenshot(page, SCREENSHOTS / f"tutorial-{lang}-{size}-{key[9:]}.png")
        if key == last:
            return problems
        if key in ("tutorial.select", "tutorial.done"):
            enabled = page.locator("[data-select-inc]:not([disabled])")
            if int(page.get_attribute("[data-select-left]", "data-select-left")):
                click(enabled.nth(rng.randrange(enabled.count())))
            else:
                tap(page, '[data-action="confirm"]:not([disabled])')
        elif key in ("tutorial.card", "tutorial.takeover", "tutorial.return"):
            cards = page.locator('[data-action="card"]')
            click(cards.nth(rng.randrange(cards.count())))
        elif key == "tutorial.piece":
            pieces = page.locator('[data-action="piece"]')
            click(pieces.nth(rng.randrange(pieces.count())))
        elif key == "tutorial.plot":
            legal = page.locator('[data-legal="true"]')
            if not legal.count():  # this card and piece build nowhere: another piece
                pieces = page.locator('[data-action="piece"]')
                click(pieces.nth(rng.randrange(pieces.count())))
                continue
            target = legal.nth(rng.randrange(legal.count()))
            city, plot = target.get_attribute("data-city"), target.get_attribute("data-plot")
            if page.locator('[data-action="zoom"]').count():  # a phone: open the city first
                tap(page, f'[data-action="zoom"][data-zoom="{city}"]')
                box = lesson(page)
                if not in_view(box):
                    problems.append((lang, size, "city open: " + summary(box)))
            tap(page, f'[data-action="plot"][data-city="{city}"][data-plot="{plot}"]')
        elif key == "tutorial.confirm":
            if page.locator('[data-no-build="true"]').count() and \
                    not page.locator('[data-action="confirm"]:not([disabled])').count():
                pieces = page.locator('[data-action="piece"]')
                click(pieces.nth(rng.randrange(pieces.count())))
            else:
                tap(page, '[data-action="confirm"]:not([disabled])')
        elif key == "tutorial.watch":
            wait_lesson_change(page, key)
        elif key == "tutorial.scoring":
            # the sheet with the computers' long names fits the width (nothing sideways)
            found = page.evaluate(OVERFLOW_JS)
            if found["scrollWidth"] > box["width"] or found["out"] or found["scrolled"]:
                problems.append((lang, size, "scoring sheet too wide", found))
            tap(page, '[data-action="continue"]')
        else:
            raise AssertionError(f"no step for {key}")
    raise AssertionError(f"{last} never came")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_lesson_is_in_view_when_it_appears(page, site_url, lang):
    problems = []
    for size, viewport in SIZES.items():
        resize(page, viewport)
        load_into(page, site_url, {}, f"{FAST_LEAN}&lang={lang}")  # the storage cleared
        tap(page, '[data-action="tutorial"]')
        page.wait_for_selector(".coach[data-tutorial]")
        problems += walk(page, lang, size)
    assert not problems, "\n".join(map(str, problems))


def test_the_last_lesson_is_in_view_over_the_final_standings(page, site_url):
    """The tutorial's game played to its end (in CPython, by the same taps), then opened at
    each size and language: the final lesson heads the standings, in view."""
    backend = MemoryBackend()
    c = make_controller(backend)
    c.handle("tutorial")
    lessons_until(c, lambda c: c.screen_name == "final", limit=5000)
    assert c.screen_name == "final"
    data = dict(backend.data)
    problems = []
    for lang in ("en", "de", "fr"):
        for size, viewport in SIZES.items():
            resize(page, viewport)
            load_into(page, site_url, data, f"{FAST_LEAN}&lang={lang}")
            # (the page reopens the game it had open; else the start screen resumes it)
            page.wait_for_selector('.coach[data-tutorial], [data-action="tutorial"]')
            if not page.locator(".coach[data-tutorial]").count():
                tap(page, '[data-action="tutorial"]')
            page.wait_for_selector('.coach[data-tutorial="tutorial.final"]')
            box = lesson(page)
            if not in_view(box):
                problems.append((lang, size, summary(box)))
            save_screenshot(page, SCREENSHOTS / f"tutorial-{lang}-{size}-final.png")
    assert not problems, "\n".join(map(str, problems))
