"""Smooth at the table: the board's marks explained, the floor chips readable under
the last move's outline, names that never break inside a word.

Each check runs in German and French at a phone (390x844), a tablet in portrait (820x1180)
and in landscape (1180x820), and leaves screenshots to look at:
screenshots/marks-<what>-<lang>-<size>.png.
"""

from __future__ import annotations

import pytest
from e2e_helpers import SCREENSHOTS, resize, save_screenshot, settle
from test_i18n_layout import OVERFLOW_JS
from test_ui_screens import load_into
from test_ui_screens import prepared as prepared_game
from ui_driver import FAST_LEAN, screen, tap

from game.actions import Build

pytestmark = pytest.mark.e2e

SIZES = {
    "phone": {"width": 390, "height": 844},
    "tablet-portrait": {"width": 820, "height": 1180},
    "tablet-landscape": {"width": 1180, "height": 820},
}
LANGS = ("de", "fr")
# long single words, a short name, several words: none may be cut inside a word
NAMES = ["Bartholomäusschmidtler", "Anna", "Computer", "Marie Claire Dupont"]


def prepared(until, seed=11, **options) -> dict:
    """localStorage contents of a game between four people with names that test the layout,
    played in CPython until ``until(controller)`` (a fixed deal)."""
    return prepared_game(until, seed=seed, names=NAMES, **options)


def shoot(page, what: str, lang: str, size: str, full: bool = False) -> None:
    settle(page)
    save_screenshot(page, SCREENSHOTS / f"marks-{what}-{lang}-{size}.png", full_page=full)


def open_turn(page) -> None:
    if screen(page) == "pass":
        tap(page, '[data-action="reveal"]')
        page.wait_for_selector('#app[data-screen="play"]')


# ------------------------------------------------------------------------------ names
# Every name on the page: its title is the whole name, and no two letters of one word are on
# different lines.
NAME_BREAKS_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.pname')) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    if (el.title !== el.textContent) out.push('title of ' + el.textContent + ': ' + el.title);
    const text = el.firstChild;
    if (!text || text.nodeType !== 3) continue;
    const range = document.createRange();
    let top = null, before = ' ';
    for (let i = 0; i < text.length; i++) {
      range.setStart(text, i); range.setEnd(text, i + 1);
      const r = range.getClientRects()[0];
      const ch = text.data[i];
      if (!r || !r.width) { before = ch; continue; }  // (a space at a line's end)
      if (top !== null && /\\S/.test(ch) && /\\S/.test(before) && Math.abs(r.top - top) > 3) {
        out.push('broken: ' + text.data + ' at ' + i); break; }
      top = r.top; before = ch;
    }
  }
  return out; }"""


def test_names_never_break_inside_a_word(page, site_url):
    at_scoring = prepared(lambda c: c.screen_name == "scoring")
    problems = []
    for lang in LANGS:
        for size, viewport in SIZES.items():
            resize(page, viewport)
            load_into(page, site_url, at_scoring, f"{FAST_LEAN}&lang={lang}")
            assert screen(page) == "scoring"
            problems += [(lang, size, "scoring", p) for p in page.evaluate(NAME_BREAKS_JS)]
            found = page.evaluate(OVERFLOW_JS)  # long names do not widen the sheet either
            if found["scrollWidth"] > viewport["width"] or found["out"] or found["scrolled"]:
                problems.append((lang, size, "scoring", found))
            shoot(page, "names-scoring", lang, size)
            tap(page, '[data-action="continue"]')
            page.wait_for_selector('#app:not([data-screen="scoring"])')
            problems += [(lang, size, "pass", p) for p in page.evaluate(NAME_BREAKS_JS)]
            shoot(page, "names-pass", lang, size)
            open_turn(page)
            problems += [(lang, size, "play", p) for p in page.evaluate(NAME_BREAKS_JS)]
            shoot(page, "names-play", lang, size, full=True)
    assert not problems, problems
    # a name cut short shows in full on demand: its title
    title = page.get_attribute('.players .pname[title^="Bartholom"]', "title")
    assert title == NAMES[0]
    # ... and a tap: on a phone's scoring sheet the long name is cut short; tapped, it is whole
    resize(page, SIZES["phone"])
    load_into(page, site_url, at_scoring, f"{FAST_LEAN}&lang=de")
    cut = page.locator(".sheet .pname").filter(has_text=NAMES[0]).first
    assert cut.evaluate("el => el.scrollWidth > el.clientWidth + 1")
    cut.click()
    assert cut.evaluate("el => document.activeElement === el && "
                        "el.scrollWidth <= el.clientWidth + 1")
    shoot(page, "names-tapped", "de", "phone")


# ------------------------------------------------------------------- last move, chips
LAST_TOWER_JS = """() => {
  // a plot that answers taps: on a phone's overview the city's button lies over the plots
  const plots = [...document.querySelectorAll('svg.board [data-action="plot"][data-last-of]')]
    .filter((p) => Number(p.dataset.height) > 1 && p.querySelector('.floor-text'));
  if (!plots.length) return null;
  const plot = plots[0];
  const ring = plot.querySelector('.last-ring');
  const labels = plot.querySelector('.tower-labels');
  const out = {ring: !!ring, labelsAfterRing: !!(ring && labels
                 && (ring.compareDocumentPosition(labels) & Node.DOCUMENT_POSITION_FOLLOWING)),
               hits: []};
  for (const text of plot.querySelectorAll('.floor-text')) {
    const r = text.getBoundingClientRect();
    // the letter's half of the chip: left of its centre
    const at = document.elementFromPoint(r.left + r.width * 0.3, r.top + r.height / 2);
    out.hits.push({text: text.textContent, onTop: !!at && labels.contains(at)});
  }
  out.city = plot.dataset.city;
  return out; }"""


def test_floor_chips_keep_their_letter_under_the_last_move_outline(page, site_url):
    def built_on_a_tower(c) -> bool:
        last = c.session.last_move_value
        if last is None or not isinstance(last.action, Build) or c.screen_name != "pass":
            return False
        return len(c.session.state.board[last.action.city * 9 + last.action.plot]) > 1

    data = prepared(built_on_a_tower)
    for lang in LANGS:
        for size, viewport in SIZES.items():
            resize(page, viewport)
            load_into(page, site_url, data, f"{FAST_LEAN}&lang={lang}")
            open_turn(page)
            found = page.evaluate(LAST_TOWER_JS)
            if found is None:  # a phone's overview: open the city of the last move
                city = page.get_attribute("svg.board [data-last-of]", "data-city")
                tap(page, f'[data-action="zoom"][data-zoom="{city}"]')
                page.wait_for_selector('svg.board[data-board-view="city"]')
                found = page.evaluate(LAST_TOWER_JS)
            assert found is not None, (lang, size)
            assert found["ring"] and found["labelsAfterRing"], found
            assert found["hits"] and all(h["onTop"] for h in found["hits"]), found
            page.locator("svg.board").scroll_into_view_if_needed()
            shoot(page, "last-move", lang, size)
            plot = page.locator("svg.board [data-last-of]").first
            save_screenshot(plot, SCREENSHOTS / f"marks-last-move-plot-{lang}-{size}.png")


# ------------------------------------------------------------- the key, anti-trust
KEYS = {"colour", "tallest", "tallest-tie", "majority", "majority-tie", "majority-none", "floors",
        "height", "safe", "target", "pending", "last", "changed", "focus", "start", "coach"}


def test_the_board_key_explains_the_marks_and_anti_trust_shows_all_game(page, site_url):
    after_a_scoring = prepared(lambda c: bool(c.session.state.scorings)
                               and c.screen_name == "pass", anti_trust=True)
    words = {"de": ("Anti-Trust", "Mehrheit"), "fr": ("Anti-trust", "majorité")}
    for lang in LANGS:
        for size, viewport in SIZES.items():
            resize(page, viewport)
            load_into(page, site_url, after_a_scoring, f"{FAST_LEAN}&lang={lang}")
            open_turn(page)
            mark = page.locator('.topbar [data-anti-trust="true"]')
            assert mark.count() == 1 and mark.is_visible(), (lang, size)
            assert words[lang][0] in mark.inner_text()
            assert "Anti" in (mark.get_attribute("title") or "")
            key = page.locator("[data-board-key]")
            key.locator("summary").scroll_into_view_if_needed()
            key.locator("summary").click()
            rows = {r.get_attribute("data-key") for r in key.locator("[data-key]").all()}
            assert rows == KEYS | {"anti-trust"}, rows
            assert words[lang][1] in key.inner_text()
            assert page.locator("svg.board .tallest-mark").count() >= 1
            key.scroll_into_view_if_needed()
            shoot(page, "key", lang, size)
            page.locator(".topbar").scroll_into_view_if_needed()
            shoot(page, "topbar", lang, size)
    # without the variant: no marker, no anti-trust row
    plain = prepared(lambda c: c.screen_name == "pass" and c.session.state.phase == "build")
    load_into(page, site_url, plain, f"{FAST_LEAN}&lang=de")
    open_turn(page)
    assert page.locator("[data-anti-trust]").count() == 0
    assert page.locator('[data-board-key] [data-key="majority"]').count() == 1


KEY_CLEAR_JS = """() => {
  const back = document.querySelector('.peek-back').getBoundingClientRect();
  const rows = [...document.querySelectorAll('[data-board-key] [data-key]')];
  const last = rows[rows.length - 1];
  last.scrollIntoView({block: 'end'});
  const scroller = document.querySelector('.panel');
  scroller.scrollTop = scroller.scrollHeight; window.scrollTo(0, document.body.scrollHeight);
  const r = last.getBoundingClientRect();
  return {rows: rows.length, visible: r.bottom <= innerHeight && r.top >= 0,
          clear: r.bottom <= back.top || r.top >= back.bottom || r.right <= back.left};
}"""


def test_the_key_is_whole_above_the_way_back_to_the_scores(page, site_url):
    """The board seen from a scoring sheet ("Back to the scores" floats over it): the key
    opened and scrolled to its end shows its last line clear of the button, at the three
    sizes."""
    at_scoring = prepared(lambda c: c.screen_name == "scoring")
    for lang in LANGS:
        load_into(page, site_url, at_scoring, f"{FAST_LEAN}&lang={lang}")
        tap(page, '[data-action="peek"]')
        page.wait_for_selector(".peek-back")
        page.locator("[data-board-key] summary").scroll_into_view_if_needed()
        page.locator("[data-board-key] summary").click()
        for size, viewport in SIZES.items():
            resize(page, viewport)
            settle(page)
            seen = page.evaluate(KEY_CLEAR_JS)
            settle(page)
            assert seen["rows"] >= len(KEYS) and seen["visible"] and seen["clear"], (lang, size, seen)
            shoot(page, "key-peek", lang, size)
