"""In the browser, in German and French at 390x844, 820x1180 and
1180x820: the level select never cut off, the share link (axe: no serious finding; Copy),
the replay's log following its step. Screenshots: screenshots/levels-<what>-<lang>-<size>.png."""

from __future__ import annotations

import pytest
from e2e_helpers import SCREENSHOTS, resize, save_screenshot, settle
from test_a11y import AXE, RUN_AXE
from test_ui_screens import load_into, prepared
from ui_driver import FAST_LEAN, tap

pytestmark = pytest.mark.e2e

SIZES = {"390x844": {"width": 390, "height": 844}, "820x1180": {"width": 820, "height": 1180},
         "1180x820": {"width": 1180, "height": 820}}

CUT_JS = """() => {
  // Each level select: its longest choice fits inside it (the arrow's room aside).
  const out = [];
  const ctx = document.createElement("canvas").getContext("2d");
  for (const sel of document.querySelectorAll('select[data-field="controller"]')) {
    const cs = getComputedStyle(sel);
    ctx.font = cs.font;
    const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    for (const o of sel.options) {
      const w = ctx.measureText(o.text).width;
      if (w > room) out.push([o.text, w, room]);
    }
  }
  return out;
}"""


def shoot(page, name: str) -> None:
    for size, viewport in SIZES.items():
        resize(page, viewport)
        settle(page)
        save_screenshot(page, SCREENSHOTS / f"levels-{name}-{size}.png")


def serious(page) -> list:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    return [v for v in page.evaluate(RUN_AXE) if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_setup_levels_share_link_and_replay_log(page, site_url, lang):
    data = prepared(lambda c: False, count=3)
    load_into(page, site_url, data, query=FAST_LEAN + f"&lang={lang}")
    page.wait_for_selector('#app[data-screen="final"]')
    # 25.6: the share link, its buttons, axe at each size
    tap(page, '[data-action="share"]')
    page.wait_for_selector("[data-share-link]")
    assert page.locator('[data-action="share-copy"]').count() == 1
    for size, viewport in SIZES.items():
        resize(page, viewport)
        page.locator("[data-share-link]").scroll_into_view_if_needed()
        assert serious(page) == [], (size, serious(page))
    shoot(page, f"share-{lang}")
    tap(page, '[data-action="share-copy"]')
    page.wait_for_selector('[data-action="share-copy"][data-copied="true"]')
    page.wait_for_selector("html[data-copied]")
    # 25.7: the replay's log marks and shows the entry of its step
    tap(page, '[data-action="share-close"]')
    tap(page, '[data-action="replay"]')
    page.wait_for_selector("[data-replay-step]")
    for _ in range(6):
        tap(page, '[data-action="replay-step"] >> nth=1')  # one step back
    settle(page)
    visible = page.evaluate("""() => {
      const el = document.querySelector('.log-list [aria-current="step"]');
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && r.top < innerHeight;
    }""")
    assert visible is not None
    shoot(page, f"replay-log-{lang}")
    # 25.4: the next table is this one; no level name cut off
    tap(page, '[data-action="replay-close"]')
    tap(page, '[data-action="new-game"]')
    if page.locator('#app[data-screen="setup"]').count() == 0:
        tap(page, '[data-action="menu"]')
        tap(page, '#game-menu [data-action="home"]')
        page.wait_for_selector('#app[data-screen="start"]')
        tap(page, '[data-action="new-game"]')
    page.wait_for_selector('#app[data-screen="setup"]')
    assert page.locator('select[data-field="controller"]').count() == 3
    for size, viewport in SIZES.items():
        resize(page, viewport)
        assert page.evaluate(CUT_JS) == [], size
    shoot(page, f"setup-{lang}")
