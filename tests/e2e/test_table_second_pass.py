"""At the table, as a new player meets it: stepping a replay keeps the board and the step
buttons where they are at the three sizes a table uses (390x844, 820x1180, 1180x820); the
take-back is a real button whose name is never broken; no text of a finished four-seat
game runs off its card on a phone with the longest names, and a cut name shows whole on a
tap; the start says which step it is at, in the player's language. Each test leaves
screenshots of what it reached in German and French at the three sizes
(screenshots/table-*.png, looked at by hand).

Games are played in CPython (``prepared`` of test_ui_screens.py) and handed to the page as
a save, so each test starts one page and reaches its screen at once.
"""

from __future__ import annotations

import json

import pytest
from e2e_helpers import ISSUE_SIZES, SETTLED_JS, SIZES, resize, screenshot, settle, wait_ready
from test_ui_screens import load_into, prepared
from test_ui_story import game_of
from ui_driver import FAST_LEAN, STEP_JS, click, screen, tap

from game.web import messages as M

pytestmark = pytest.mark.e2e

WALK_JS = """async ([last, boxes]) => {
  // Each step as a finger takes it: the forward button focused and clicked; then, once the
  // step is drawn and nothing scrolls any more, each box must lie wholly in the viewport.
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const settled = %s;
  const out = [];
  for (let step = 1; step <= last; step++) {
    const forward = document.querySelectorAll('.replay-controls button')[2];
    forward.focus();
    forward.click();
    while (document.querySelector('[data-replay-step]').dataset.replayStep !== String(step))
      await frame();
    await settled();
    for (const selector of boxes) {
      const r = document.querySelector(selector).getBoundingClientRect();
      if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1)
        out.push([step, selector, Math.round(r.top), Math.round(r.bottom)]);
    }
  }
  return out;
}""" % SETTLED_JS


def test_stepping_a_replay_keeps_the_board_and_the_step_buttons_in_view(page, site_url):
    data = prepared(lambda c: False, count=2, seed=33)
    ident, game = game_of(data)
    last = len(game.log) - 1
    resize(page, SIZES["phone"])
    load_into(page, site_url, data, f"{FAST_LEAN}&lang=de&replay={ident}")
    page.wait_for_selector(f'[data-replay-step="{last}"]')
    boxes = ["svg.board", ".replay-controls"]
    for size in ISSUE_SIZES:
        resize(page, SIZES[size])
        click(page.locator('[data-action="replay-step"][data-step="0"]'), real=True)
        page.wait_for_selector('[data-replay-step="0"]')
        assert page.evaluate(WALK_JS, [last, boxes]) == [], size
        # the log followed, in its own box: the step's entry is shown there
        assert page.locator('.log-list [aria-current="step"]').is_visible()
    screenshot(page, "table-replay-de-last-step", sizes=ISSUE_SIZES)
    load_into(page, site_url, data, f"{FAST_LEAN}&lang=fr&replay={ident}")
    page.wait_for_selector(f'[data-replay-step="{last}"]')
    screenshot(page, "table-replay-fr-last-step", sizes=ISSUE_SIZES)


LONG_NAMES = ["Anneliese Wolkenkratzer", "Bartholomäus Grundstück", "Charlotte-Marie Dubois",
              "Dominique Hochhausbauer"]
"""Names of 22-24 characters, the longest the setup takes (24)."""

CONTRAST_JS = """(selector) => {
  // The WCAG contrast of an element's text against its own background (opaque colours).
  const el = document.querySelector(selector), style = getComputedStyle(el);
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const [a, b] = [lum(style.color), lum(style.backgroundColor)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


NAME_AND_COLON_JS = """() => {
  // On the pass screen's tap button: the name's last line and the colon after it share a line.
  const name = document.querySelector('.pass-tap .pname'), after = name.nextSibling;
  const range = document.createRange();
  range.setStart(after, 0);
  range.setEnd(after, after.textContent.indexOf(':') + 1);
  const colon = Array.from(range.getClientRects()).pop(), rects = name.getClientRects();
  return Math.abs(colon.top - rects[rects.length - 1].top) < 2;
}"""


def test_the_take_back_is_a_real_button_with_its_name_whole(page, site_url):
    data = prepared(lambda c: c.session.state.phase == "build" and c.screen_name == "pass",
                    count=2, seed=7, names=LONG_NAMES[:2])
    resize(page, SIZES["phone"])
    load_into(page, site_url, data, f"{FAST_LEAN}&lang=de")
    page.evaluate(STEP_JS, 1)  # reveal
    page.wait_for_selector('.panel [data-action="confirm"]')
    seen = page.evaluate(STEP_JS, 2)  # a build, confirmed
    assert seen.get("built"), seen
    button = '[data-action="take-back"]'
    page.wait_for_selector(button)
    for lang in ("de", "fr"):
        page.select_option('[data-action="language"]', lang)
        page.wait_for_selector(f'[data-language="{lang}"]')
        for size in ISSUE_SIZES:
            resize(page, SIZES[size])
            assert page.evaluate(CONTRAST_JS, button) >= 4.5, (lang, size)
            # the name in its brackets on one line, inside the button
            assert page.locator(f"{button} .take-back-who").evaluate(
                "el => el.getClientRects().length") == 1
            inside = page.evaluate("""(s) => { const b = document.querySelector(s)
                .getBoundingClientRect(), n = document.querySelector(s + ' .take-back-who')
                .getBoundingClientRect(); return n.left >= b.left && n.right <= b.right; }""",
                                   button)
            assert inside, (lang, size)
            # the name and the colon after it on one line ("Name: tap here…")
            assert page.evaluate(NAME_AND_COLON_JS), (lang, size)
        screenshot(page, f"table-take-back-{lang}", sizes=ISSUE_SIZES)


WIDE_JS = """() => {
  // Every box of the screen whose content is wider than the box itself (text running off
  // its card, or into a sideways scroll). A name cut short with "…" on purpose is checked
  // apart (CUT_JS); the file chooser laid over its button's border on purpose is no text.
  // (a box 1 px wide, and what is in it, is for screen readers only: hidden on purpose)
  const out = [];
  const readerOnly = (el) => { for (let a = el; a; a = a.parentElement)
    if (a.getBoundingClientRect().width <= 1) return true; return false; };
  for (const el of document.querySelectorAll('#app *')) {
    if (el instanceof SVGElement || el.offsetParent === null || readerOnly(el)) continue;
    if (!el.clientWidth || el.matches('.import-file')) continue;
    if (el.matches('input, select, textarea')) continue;  // a field scrolls its own value
    if (getComputedStyle(el).textOverflow === 'ellipsis' && el.matches('.pname')) continue;
    if (el.scrollWidth > el.clientWidth + 1)
      out.push([el.tagName, String(el.className), el.scrollWidth, el.clientWidth,
                (el.textContent || '').trim().slice(0, 60)]);
  }
  return out;
}"""

CUT_JS = """() => Array.from(document.querySelectorAll('#app .pname'))
  .filter((el) => el.offsetParent !== null && !el.closest('.sr-only')
                  && el.scrollWidth > el.clientWidth + 1)
  .map((el, i) => { el.dataset.cut = String(i); return [i, el.getAttribute('title')]; })"""


def cut_names_show_whole(page, where: str) -> None:
    """Each name cut short on screen: a tap on it shows it whole (and holds its name)."""
    for i, title in page.evaluate(CUT_JS):
        name = page.locator(f'.pname[data-cut="{i}"]')
        name.click()  # a real tap (the element takes the focus)
        whole = name.evaluate("el => document.activeElement === el"
                              " && el.scrollWidth <= el.clientWidth + 1")
        assert whole and title and title in LONG_NAMES, (where, title)
        page.mouse.click(2, 2)  # (the focus off again)


def test_no_text_runs_off_its_card_on_a_phone_with_the_longest_names(page, site_url):
    data = prepared(lambda c: False, count=4, seed=33, names=LONG_NAMES)
    for key, value in list(data.items()):  # hints on, each person's count of them
        if value.startswith("{") and '"meta"' in value:
            save = json.loads(value)
            save["meta"]["coach"] = {"hints": True, "asked": {"0": 3, "1": 12, "2": 1, "3": 0}}
            data[key] = json.dumps(save)
    resize(page, SIZES["phone"])
    load_into(page, site_url, data)
    problems = []

    def check(where: str) -> None:
        settle(page)
        found = page.evaluate(WIDE_JS)
        if found:
            problems.append((where, found))
        cut_names_show_whole(page, where)
        lang, name = where.split(" ")
        if lang != "en":  # (then back to the phone, the size measured)
            screenshot(page, f"table-long-names-{lang}-{name}", sizes=ISSUE_SIZES)
            resize(page, SIZES["phone"])

    for lang in ("en", "de", "fr"):
        if screen(page) != "start":
            tap(page, '.sheet [data-action="home"]')
        page.select_option('[data-action="language"]', lang)
        page.wait_for_selector(f'[data-language="{lang}"]')
        check(f"{lang} start")
        tap(page, '[data-action="new-game"]')  # the name limit said under a long name
        page.wait_for_selector('#app[data-screen="setup"]')
        page.fill('input[data-field="name"][data-player="0"]', LONG_NAMES[1])
        check(f"{lang} setup")
        tap(page, '#app [data-action="home"]')
        page.wait_for_selector('#app[data-screen="start"]')
        opens = page.locator('[data-action="continue-game"]')
        assert opens.inner_text() == {"en": "See the result", "de": "Ergebnis ansehen",
                                      "fr": "Voir le résultat"}[lang]
        click(opens)
        page.wait_for_selector("[data-hints-used]")
        check(f"{lang} final")
        tap(page, '.sheet [data-action="peek"]')
        check(f"{lang} board")
        tap(page, '[data-action="peek"]')
        tap(page, '.sheet [data-action="replay"]')
        page.wait_for_selector("[data-replay-step]")
        check(f"{lang} replay")
        tap(page, '[data-action="replay-close"]')
        tap(page, '.sheet [data-action="stats"]')
        page.wait_for_selector('[data-screen="stats"]')
        check(f"{lang} statistics")
        tap(page, '[data-action="stats-close"]')
    assert not problems, problems


def wait_held(page, routes: list) -> None:
    """Wait (at most 30 s) until a held request has come in: Playwright's route events are
    handled while it waits."""
    for _ in range(1500):
        if routes:
            return
        page.wait_for_timeout(20)
    raise AssertionError("the runtime's file was never asked for")


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_start_shows_its_step_in_words_and_a_bar_in_the_players_language(page, site_url,
                                                                               lang):
    """The runtime's files are held back at the loopback so each step can be looked at:
    Python's standard library (step 1), the game's files (step 2); then the page's own
    start (step 3) until it is ready, when the progress goes."""
    held: dict[str, list] = {"stdlib": [], "pack": []}
    page.route("**/stdlib-*.zip", lambda route: held["stdlib"].append(route))
    page.route("**/game-*.pack", lambda route: held["pack"].append(route))
    texts = {k: M.catalogue(lang)[f"shell.loading.{k}"] for k in ("runtime", "game", "opening")}
    shown = ("() => [document.getElementById('boot-progress-step').textContent,"
             " document.getElementById('boot-progress-bar').value,"
             " getComputedStyle(document.getElementById('boot-progress')).display]")
    try:
        page.goto(site_url + FAST_LEAN + f"&lang={lang}", wait_until="domcontentloaded")
        page.wait_for_function("() => document.documentElement.dataset.bootStep === 'runtime'")
        wait_held(page, held["stdlib"])
        assert page.evaluate(shown) == [texts["runtime"], 1, "block"]
        assert page.inner_text("#boot-title") == M.catalogue(lang)["shell.loading.title"]
        for route in held["stdlib"]:
            route.continue_()
        page.wait_for_function("() => document.documentElement.dataset.bootStep === 'game'")
        wait_held(page, held["pack"])
        assert page.evaluate(shown) == [texts["game"], 3, "block"]
        screenshot(page, f"table-start-step-{lang}", sizes=ISSUE_SIZES)
        for route in held["pack"]:
            route.continue_()
        page.wait_for_function("() => document.documentElement.dataset.bootStep === 'opening'")
        wait_ready(page)
        assert page.evaluate(shown)[2] == "none"
        assert page.get_attribute("html", "data-boot-progress") == "opening"
    finally:
        page.unroute("**/stdlib-*.zip")
        page.unroute("**/game-*.pack")
