"""German and French in the browser: the catalogues reach Pyodide (``?lang=de|fr``), and
their longer texts do not overflow a 390 px wide phone on any main screen.

Positions are prepared in CPython exactly as in test_ui_screens.py (a save handed to the
page through localStorage). Screenshots go to screenshots/i18n-<lang>-<screen>-phone.png.
"""

from __future__ import annotations

import pytest
from e2e_helpers import VIEWPORTS, resize, screenshot, settle
from test_ui_screens import load_into, prepared
from ui_driver import FAST_LEAN, open_app, screen, tap

pytestmark = pytest.mark.e2e

SUBTITLE = {"en": "Build skyscrapers in six cities of the world", "de": "Baut Wolkenkratzer in sechs Städten der Welt",
            "fr": "Construisez des gratte-ciel dans six villes du monde"}
CAIRO = {"en": "Cairo", "de": "Kairo", "fr": "Le Caire"}

OVERFLOW_JS = """() => {
  // Elements sticking out of the viewport (unless inside a container that scrolls sideways,
  // e.g. a wide table: that is a layout choice, reported apart) and text clipped by
  // overflow: hidden.
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => { for (let a = el.parentElement; a; a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if ((o === 'auto' || o === 'scroll') && a.scrollWidth > a.clientWidth) return a; }
    return null; };
  const out = [], scrolled = new Set();
  for (const el of document.querySelectorAll('#app *')) {
    if (el instanceof SVGElement) continue;   // the board scales to fit
    if (el.offsetParent === null) continue;   // not shown
    if (el.closest('.sr-only')) continue;     // for screen readers only: clipped on purpose
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const o = getComputedStyle(el).overflowX;
    // (a name cut short with "…" on purpose, shown whole in its title, is not clipped text)
    const clipped = o === 'hidden' && el.scrollWidth > el.clientWidth + 1
      && !(getComputedStyle(el).textOverflow === 'ellipsis' && el.title);
    if (r.right > width + 1 || r.left < -1) {
      const box = scrolls(el);
      if (box) { scrolled.add(box.className || box.tagName); continue; }
    } else if (!clipped) continue;
    out.push([el.tagName, String(el.className), (el.textContent || '').trim().slice(0, 60),
              Math.round(r.left), Math.round(r.right), clipped]);
  }
  return {scrollWidth: document.scrollingElement.scrollWidth, width, out: out.slice(0, 10),
          scrolled: [...scrolled]};
}"""


def check_fits(page, lang: str, name: str) -> None:
    settle(page)
    found = page.evaluate(OVERFLOW_JS)
    screenshot(page, f"i18n-{lang}-{name}", sizes=("phone",))
    assert found["scrollWidth"] <= VIEWPORTS["phone"]["width"] + 1, (name, found)
    assert not found["out"], (name, found["out"])


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_translations_fit_a_phone(page, site_url, lang):
    query = f"{FAST_LEAN}&lang={lang}"
    resize(page, VIEWPORTS["phone"])
    open_app(page, site_url, query)
    assert page.inner_text(".subtitle") == SUBTITLE[lang]
    check_fits(page, lang, "start")
    tap(page, '[data-action="rules"]')
    check_fits(page, lang, "rules")
    tap(page, '[data-action="rules-close"]')
    tap(page, '[data-action="new-game"]')
    check_fits(page, lang, "setup")

    data = prepared(lambda c: c.session.state.round == 2, godzilla="baby", progressive=True)
    load_into(page, site_url, data, query)
    tap(page, '[data-action="home"]')
    check_fits(page, lang, "start-saves")

    data = prepared(lambda c: c.session.state.round == 3 and c.screen_name == "pass",
                    progressive=True)
    load_into(page, site_url, data, query)
    assert screen(page) == "pass"
    check_fits(page, lang, "pass")
    tap(page, '[data-action="reveal"]')
    tap(page, '[data-select-inc="1"]')
    check_fits(page, lang, "selection")

    data = prepared(lambda c: c.session.state.phase == "build" and c.screen_name == "pass"
                    and c.session.state.current == 0 and c.session.state.round == 2, seed=5)
    load_into(page, site_url, data, query)
    tap(page, '[data-action="reveal"]')
    page.locator('[data-action="card"]').first.click()
    page.locator('[data-action="piece"]').first.click()
    check_fits(page, lang, "building")

    data = prepared(lambda c: c.screen_name == "scoring")
    load_into(page, site_url, data, query)
    assert screen(page) == "scoring"
    check_fits(page, lang, "scoring")
    assert CAIRO[lang] in page.inner_text("#app")

    data = prepared(lambda c: False, count=2, seed=4)
    load_into(page, site_url, data, query)
    assert screen(page) == "final"
    check_fits(page, lang, "final")


def test_default_player_names_follow_the_language(page, site_url):
    resize(page, VIEWPORTS["phone"])
    open_app(page, site_url, f"{FAST_LEAN}&lang=de")
    tap(page, '[data-action="new-game"]')
    assert page.input_value('input[data-field="name"][data-player="0"]') == "Spieler 1"
