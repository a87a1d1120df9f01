"""Everyone at the table, in the browser: an axe-core audit of every main screen in every
language, a whole turn played with the keyboard alone, the language chooser and "Play alone".

axe-core is the npm package pinned in package.json (a devDependency: never shipped in dist/);
its file is evaluated in the page (the page's CSP allows eval, which PyScript needs anyway).
The audit runs at 1024x768, 768x1024 and 390x844 (one page per language, the viewport
switched). Screenshots of the main screens in German and French at the three sizes go to
screenshots/a11y-<lang>-<screen>-<size>.png.
"""

from __future__ import annotations

import json

import pytest
from e2e_helpers import ROOT, SCREENSHOTS, VIEWPORTS, resize, screenshot, settle
from test_ui_screens import load_into, prepared
from ui_driver import FAST_LEAN, open_app, screen, tap

pytestmark = pytest.mark.e2e

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(" ") + " :: " + n.failureSummary)}));
}"""


SIZES = ("tablet-landscape", "tablet-portrait", "phone")

TOOLS_ROW_JS = """() => {
  // The top bar's tools (the game menu's button) on one row, beside the round and deck.
  const tools = document.querySelector('.topbar .tb-tools');
  const info = document.querySelector('.topbar .tb-info');
  if (!tools || !info) return null;
  const t = tools.getBoundingClientRect(), i = info.getBoundingClientRect();
  const button = tools.querySelector('[data-action="menu"]').getBoundingClientRect();
  return {tools: t.height, button: button.height, sameRow: t.top < i.bottom && i.top < t.bottom,
          inside: t.right <= document.documentElement.clientWidth + 1};
}"""


SIDEWAYS_JS = """() => {
  // Boxes that scroll sideways (their content wider than they are): the page, the panel,
  // the sheets and the log drawer must not.
  const out = [];
  for (const el of [document.scrollingElement,
                    ...document.querySelectorAll('.panel, .sheet, .log-drawer, .rules')]) {
    if (el.scrollWidth > el.clientWidth + 1)
      out.push([el.className || el.tagName, el.scrollWidth, el.clientWidth]);
  }
  return out;
}"""


def audit(page, name: str, lang: str, shots: bool = False) -> list:
    """axe-core on the page as it is at each of the three sizes (390x844, 768x1024,
    1024x768): the serious and critical violations (empty = pass); on a game screen, the
    top bar's tools take one row; nothing scrolls sideways. Screenshots of German and
    French at every size."""
    problems = []
    for size in SIZES:
        resize(page, VIEWPORTS[size])
        settle(page)  # the resize redraw (a phone's board overview)
        if not page.evaluate("typeof axe !== 'undefined'"):
            page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
        found = [v for v in page.evaluate(RUN_AXE) if v["impact"] in ("serious", "critical")]
        problems += [(f"{name}@{size}", v["id"], v["impact"], v["nodes"]) for v in found]
        row = page.evaluate(TOOLS_ROW_JS)
        if row is not None and not (row["tools"] <= row["button"] + 1 and row["sameRow"]
                                    and row["inside"]):
            problems.append((f"{name}@{size}", "top-bar-tools-row", "layout", [str(row)]))
        sideways = page.evaluate(SIDEWAYS_JS)
        if sideways:
            problems.append((f"{name}@{size}", "sideways-scroll", "layout", sideways))
        if shots:
            screenshot(page, f"a11y-{lang}-{name}", sizes=(size,))
    resize(page, VIEWPORTS["tablet-landscape"])
    settle(page)
    return problems


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_no_serious_or_critical_axe_violations_on_the_main_screens(page, site_url, lang):
    """Every main screen, one page per language, each at the three sizes."""
    shots = lang in ("de", "fr")
    query = f"{FAST_LEAN}&lang={lang}"
    resize(page, VIEWPORTS["tablet-landscape"])
    problems: list = []
    open_app(page, site_url, query)
    assert page.get_attribute("html", "lang") == lang
    problems += audit(page, "start", lang, shots)
    tap(page, '[data-action="rules"]')
    problems += audit(page, "rules", lang, shots)
    tap(page, '[data-action="rules-close"]')
    tap(page, '[data-action="new-game"]')
    problems += audit(page, "setup", lang, shots)
    tap(page, '[data-action="home"]')
    tap(page, '[data-action="tutorial"]')
    page.wait_for_selector('[data-tutorial="tutorial.select"]')
    problems += audit(page, "tutorial", lang, shots)

    data = prepared(lambda c: c.session.state.round == 2 and c.screen_name == "pass",
                    progressive=True, godzilla="godzilla")
    load_into(page, site_url, data, query)
    assert screen(page) == "pass"
    problems += audit(page, "pass", lang, shots)
    tap(page, '[data-action="reveal"]')
    problems += audit(page, "selection", lang, shots)

    data = prepared(lambda c: c.session.state.phase == "build" and c.screen_name == "pass"
                    and c.session.state.current == 0 and c.session.state.round == 2, seed=5)
    load_into(page, site_url, data, query)
    tap(page, '[data-action="reveal"]')
    page.locator('[data-action="card"]').first.click()
    page.locator('[data-action="piece"]').first.click()
    problems += audit(page, "building", lang, shots)
    tap(page, '[data-action="menu"]')
    assert page.get_attribute('[data-action="menu"]', "aria-expanded") == "true"
    problems += audit(page, "menu", lang, shots)
    tap(page, '[data-action="log"]')
    page.wait_for_selector("[data-log-open]")
    problems += audit(page, "log", lang, shots)
    tap(page, '[data-action="replay"]')
    page.wait_for_selector("[data-replay-step]")
    problems += audit(page, "replay", lang, shots)

    data = prepared(lambda c: c.screen_name == "scoring")
    load_into(page, site_url, data, query)
    assert screen(page) == "scoring"
    problems += audit(page, "scoring", lang, shots)

    data = prepared(lambda c: False, count=2, seed=4)
    load_into(page, site_url, data, query)
    assert screen(page) == "final"
    problems += audit(page, "final", lang, shots)
    tap(page, '[data-action="home"]')
    problems += audit(page, "start-saves", lang, shots)
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / f"axe-{lang}.json").write_text(json.dumps(problems, indent=1))
    assert not problems, [(name, rule, impact) for name, rule, impact, _ in problems]


# ------------------------------------------------------------------ keyboard only
FOCUSED = """(selector) => { const el = document.activeElement;
  // a plot's focusable cell stands for its plot
  const it = el && el.matches(".hit") ? el.closest("[data-city]") : el;
  return !!it && it !== document.body && it.matches(selector); }"""


def tab_to(page, selector: str, limit: int = 120) -> None:
    """Press Tab until the focused element matches ``selector`` (keyboard only)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED, selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def focused(page) -> dict:
    return page.evaluate("""() => { const f = document.activeElement;
      const el = f.matches(".hit") ? f.closest("[data-city]") : f;
      return {tag: el.tagName, action: el.dataset.action || null, city: el.dataset.city || null,
              plot: el.dataset.plot || null, label: f.getAttribute("aria-label") || ""}; }""")


def wait_for_my_step(page) -> None:
    page.wait_for_function("""() => document.getElementById("app").dataset.screen === "play"
        && !!document.querySelector('.panel [data-action="confirm"]')""", timeout=120_000)


def test_a_whole_turn_by_keyboard_alone(page, site_url):
    resize(page, VIEWPORTS["tablet-landscape"])
    open_app(page, site_url, f"{FAST_LEAN}&lang=en")
    page.evaluate("localStorage.clear()")
    open_app(page, site_url, f"{FAST_LEAN}&lang=en")
    tab_to(page, '[data-action="play-alone"]')
    page.keyboard.press("Enter")
    wait_for_my_step(page)
    assert page.get_attribute(".play", "data-phase") == "select"

    # The game menu by keyboard: Enter opens it (aria-expanded), Tab enters it, Escape
    # closes it and gives the focus back to its button.
    tab_to(page, '[data-action="menu"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-action="menu"][aria-expanded="true"]')
    page.keyboard.press("Tab")
    assert page.evaluate("!!document.activeElement.closest('#game-menu')"), focused(page)
    page.keyboard.press("Escape")
    page.wait_for_selector('[data-action="menu"][aria-expanded="false"]')
    assert focused(page)["action"] == "menu"
    assert page.locator("#game-menu").is_hidden()

    # Choose the round's pieces: + buttons and Confirm, by Tab and Enter/Space.
    while int(page.get_attribute("[data-select-left]", "data-select-left")):
        tab_to(page, "[data-select-inc]:not([disabled])")
        page.keyboard.press("Space")
    tab_to(page, '[data-action="confirm"]:not([disabled])')
    page.keyboard.press("Enter")
    wait_for_my_step(page)
    assert page.get_attribute(".play", "data-phase") == "build"

    # Build: a card, a piece, a plot (arrow keys on the board), Escape takes back, Confirm.
    log = page.evaluate("document.getElementById('announcer').textContent")
    cards = page.eval_on_selector_all('[data-action="card"]', "els => els.map(e => e.dataset.card)")
    pieces = page.eval_on_selector_all('[data-action="piece"]',
                                       "els => els.map(e => e.dataset.floors)")
    done = False
    for card in cards:
        for floors in pieces:
            tab_to(page, f'[data-action="card"][data-card="{card}"]')
            page.keyboard.press("Enter")
            tab_to(page, f'[data-action="piece"][data-floors="{floors}"]')
            page.keyboard.press("Space")
            if page.locator('[data-legal="true"]').count():
                done = True
                break
        if done:
            break
    assert done, "no card and piece gave a highlighted plot"
    tab_to(page, '[data-action="plot"]')
    start = focused(page)
    assert start["label"] and "you can build here" in start["label"], start
    page.keyboard.press("ArrowRight")
    moved = focused(page)
    if (moved["city"], moved["plot"]) == (start["city"], start["plot"]):
        page.keyboard.press("ArrowLeft")
        moved = focused(page)
    assert moved["action"] == "plot" and (moved["city"], moved["plot"]) != (
        start["city"], start["plot"]), moved
    page.keyboard.press("ArrowLeft" if moved == focused(page) else "ArrowRight")
    back = focused(page)
    if (back["city"], back["plot"]) != (start["city"], start["plot"]):
        # the arrows are geometric; go back to the highlighted plot by Shift+Tab and Tab
        page.keyboard.press("Shift+Tab")
        tab_to(page, f'[data-city="{start["city"]}"][data-plot="{start["plot"]}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-pending="true"]')
    assert focused(page)["plot"] == start["plot"], "focus stayed on the plot after the redraw"
    page.keyboard.press("Escape")
    page.wait_for_selector('[data-pending="true"]', state="detached")
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-pending="true"]')
    tab_to(page, '[data-action="confirm"]:not([disabled])')
    page.keyboard.press("Enter")
    page.wait_for_function("(before) => document.getElementById('announcer').textContent"
                           " !== before", arg=log)
    announced = page.evaluate("document.getElementById('announcer').textContent")
    assert announced, "the move was announced"
    assert page.locator(f'[data-city="{start["city"]}"][data-plot="{start["plot"]}"]'
                        '[data-height]').get_attribute("data-height") != "0"


def test_the_language_chooser_switches_at_once_and_is_kept(page, site_url):
    resize(page, VIEWPORTS["phone"])
    open_app(page, site_url, FAST_LEAN)
    page.evaluate("localStorage.clear()")
    open_app(page, site_url, FAST_LEAN + "&lang=xx")  # unknown: the browser's language (en-US)
    assert page.get_attribute("html", "lang") == "en"
    page.select_option('select[data-action="language"]', "fr")
    page.wait_for_selector('html[lang="fr"]')
    assert page.inner_text('[data-action="play-alone"]') == "Jouer seul"
    open_app(page, site_url, FAST_LEAN)  # the choice is kept
    assert page.get_attribute("html", "lang") == "fr"
    tap(page, '[data-action="play-alone"]')
    page.wait_for_selector('#app[data-screen="play"]')
    assert page.locator('[data-score-player]').count() == 4
    tap(page, '[data-action="menu"]')  # the language chooser is in the game menu
    page.select_option('.topbar select[data-action="language"]', "de")
    page.wait_for_selector('html[lang="de"]')
    assert screen(page) == "play"  # the game goes on
    # generated names follow the language in use: "Ordinateur 2 (moyen)" now in German
    assert "Computer 2 (mittel)" in page.inner_text(".topbar")
    assert "Ordinateur 2" not in page.inner_text(".topbar")


def test_the_tutorial_guides_is_left_and_resumed(page, site_url):
    resize(page, VIEWPORTS["tablet-landscape"])
    open_app(page, site_url, FAST_LEAN)
    page.evaluate("localStorage.clear()")
    open_app(page, site_url, FAST_LEAN + "&lang=de")
    tap(page, '[data-action="tutorial"]')
    page.wait_for_selector('[data-tutorial="tutorial.select"]')
    screenshot(page, "a11y-de-tutorial", sizes=("tablet-landscape", "phone"))
    assert "Einführung" in page.inner_text(".coach")
    tap(page, '[data-select-inc="1"]')
    tap(page, '.coach [data-action="home"]')
    page.wait_for_selector('#app[data-screen="start"]')
    assert page.locator("[data-save]").count() == 0  # not listed unless kept
    assert page.inner_text('[data-action="tutorial"]') == "Einführung fortsetzen"
    tap(page, '[data-action="tutorial"]')
    page.wait_for_selector('[data-tutorial="tutorial.select"]')
    assert page.inner_text('[data-select-count="1"]') == "1"  # where it was left
