"""Colour cues on the board, drawn by the browser, and the board seen
through simulated colour-vision deficiencies.

A four-player game on a building turn with towers of every colour: the browser draws each
colour's shape on its pieces and chips, the same in English, German and French. Then the
whole page through a protanopia and a deuteranopia filter (Machado, Oliveira and Fernandes
2009, severity 1.0, an SVG ``feColorMatrix`` in linear RGB applied to the page) at the three
layout sizes, to look at: screenshots/cues-<filter>-<size>.png (and cues-plain-<size>.png).
"""

from __future__ import annotations

import pytest
from e2e_helpers import SCREENSHOTS, VIEWPORTS, resize, save_screenshot, settle
from test_ui_screens import load_into, prepared
from ui_driver import FAST_LEAN, open_app, screen, tap

from game.board import floors_by_colour
from game.material import COLOURS
from game.web.screens import palette

pytestmark = pytest.mark.e2e

MACHADO = {
    "protanopia": ("0.152286 1.052583 -0.204868 0 0 "
                   "0.114503 0.786281 0.099216 0 0 "
                   "-0.003882 -0.048116 1.051998 0 0 0 0 0 1 0"),
    "deuteranopia": ("0.367322 0.860646 -0.227968 0 0 "
                     "0.280085 0.672501 0.047413 0 0 "
                     "-0.011820 0.042940 0.968881 0 0 0 0 0 1 0"),
}
"""Machado et al. 2009, severity 1.0, for linear RGB (a filter's default colour space)."""

FILTER_JS = """(matrix) => {
  document.getElementById('cvd-sim')?.remove();
  document.body.style.filter = '';
  if (!matrix) return;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.id = 'cvd-sim';
  svg.setAttribute('width', '0');
  svg.setAttribute('height', '0');
  svg.innerHTML = `<filter id="cvd" color-interpolation-filters="linearRGB">`
    + `<feColorMatrix type="matrix" values="${matrix}"/></filter>`;
  document.documentElement.appendChild(svg);
  // through the CSSOM: the page's content security policy refuses an inline <style>
  document.body.style.filter = 'url(#cvd)';
}"""

CUES_JS = """() => {
  const plots = [...document.querySelectorAll('svg.board [data-city][data-plot]')]
    .filter((p) => Number(p.dataset.height) > 0);
  return {
    plots: plots.map((p) => ({city: p.dataset.city, plot: p.dataset.plot,
      cues: [...p.querySelectorAll('.cue')].filter((c) => {
        const r = c.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
        .map((c) => c.dataset.cue)})),
    seats: [...document.querySelectorAll('svg.board [data-seat-cue]')]
      .map((g) => [g.dataset.seatCue, g.querySelector('.cue').dataset.cue]),
    chips: [...document.querySelectorAll('.chip[data-chip]')].filter((c) => c.offsetParent)
      .map((c) => [c.dataset.chip, c.querySelector('.cue')?.dataset.cue,
                   c.querySelector('.cue-icon')?.getBoundingClientRect().width || 0]),
  }; }"""


def full_board(c) -> bool:
    """A building turn with at least 14 towers, each of the four colours on one."""
    state = c.session.state
    towers = [t for t in state.board if t]
    owners = {k for t in towers for k in floors_by_colour(t)}
    return (c.screen_name in ("pass", "play") and state.phase == "build"
            and len(towers) >= 14 and len(owners) == 4)


@pytest.fixture(scope="module")
def game_data():
    data = prepared(full_board, seed=5)
    return data


def open_turn(page) -> None:
    if screen(page) == "pass":
        tap(page, '[data-action="reveal"]')
        page.wait_for_selector('#app[data-screen="play"]')


def test_the_board_draws_each_colours_cue_in_every_language(page, site_url, game_data):
    colours = ("blue", "red", "yellow", "purple")
    shapes = {palette.shape(c) for c in colours}
    resize(page, VIEWPORTS["tablet-landscape"])
    seen = {}
    for lang in ("en", "de", "fr"):
        load_into(page, site_url, game_data, f"{FAST_LEAN}&lang={lang}")
        open_turn(page)
        found = page.evaluate(CUES_JS)
        assert len(found["plots"]) >= 14, found
        assert all(p["cues"] for p in found["plots"]), found["plots"]
        assert {cue for p in found["plots"] for cue in p["cues"]} == shapes
        assert sorted(found["seats"]) == sorted([c, palette.shape(c)] for c in colours)
        assert found["chips"] and all(cue == palette.shape(c) and width >= 8
                                      for c, cue, width in found["chips"]), found["chips"]
        seen[lang] = found
    assert seen["en"] == seen["de"] == seen["fr"]


def shoot_filtered(page, name: str, clip: dict | None = None) -> None:
    """Screenshots/cues-<filter>-<name>.png without a filter and through each of the two."""
    for kind, matrix in (("plain", None), *MACHADO.items()):
        page.evaluate(FILTER_JS, matrix)
        assert page.evaluate("() => getComputedStyle(document.body).filter") == (
            'url("#cvd")' if matrix else "none")
        settle(page)
        path = SCREENSHOTS / f"cues-{kind}-{name}.png"
        if save_screenshot(page, path, clip=clip) is not None:
            assert path.stat().st_size > 10_000
    page.evaluate(FILTER_JS, None)


def test_screenshots_under_colour_vision_filters(page, site_url, game_data, new_context):
    for size, viewport in VIEWPORTS.items():
        resize(page, viewport)
        load_into(page, site_url, game_data, f"{FAST_LEAN}&lang=en")
        open_turn(page)
        page.locator("svg.board").scroll_into_view_if_needed()
        shoot_filtered(page, size)
    # a phone as it is (three device pixels to a CSS pixel): the board's upper half, close up
    phone = new_context(viewport=VIEWPORTS["phone"], device_scale_factor=3).new_page()
    load_into(phone, site_url, game_data, f"{FAST_LEAN}&lang=en")
    open_turn(phone)
    box = phone.locator("svg.board").bounding_box()
    assert box is not None
    shoot_filtered(phone, "phone-x3-closeup",
                   {"x": box["x"], "y": box["y"], "width": box["width"], "height": 300})


def test_the_rules_help_shows_the_list_of_cues(page, site_url):
    resize(page, VIEWPORTS["phone"])
    open_app(page, site_url, f"{FAST_LEAN}&lang=de")
    tap(page, '[data-action="rules"]')
    figure = page.locator('[data-rules-figure="cues"]')
    figure.scroll_into_view_if_needed()
    shapes = figure.evaluate("""(el) => [...el.querySelectorAll('[data-cue-colour]')]
        .map((li) => [li.dataset.cueColour, li.querySelector('.cue').dataset.cue,
                      li.querySelector('.cue-icon').getBoundingClientRect().width])""")
    assert [(c, cue) for c, cue, _ in shapes] == [(c, palette.shape(c)) for c in COLOURS]
    assert all(width >= 10 for _, _, width in shapes), shapes
    save_screenshot(figure, SCREENSHOTS / "cues-rules-list-de-phone.png")
