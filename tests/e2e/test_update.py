"""A new version of the site: offered, switched to on Reload, and the open game survives,
including a save written in the previous save format (no revision, no app version). An open
tab learns of a new version by itself: when it is shown again, and every few
minutes while visible (the period shortened here through window.manhattanUpdateCheckMs); the
prompt is a notice that never interrupts the move in progress."""

from __future__ import annotations

import json
import re
import shutil

import pytest
import serve
from e2e_helpers import DIST, wait_ready, wait_service_worker
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from ui_driver import FAST, new_game, open_app, screen, tap

pytestmark = [pytest.mark.e2e, pytest.mark.fresh_browser]  # first visits in a new browser

CACHES_JS = "async () => (await caches.keys()).filter((k) => /^manhattan-[0-9a-f]+$/.test(k))"
PROMPT = '[data-update-ready="true"] [data-action="apply-update"]'
WORKERS_JS = """async () => {
  // Where the switch stands: the registration's workers, the page's controller and caches.
  const reg = await navigator.serviceWorker.getRegistration();
  const state = (w) => w ? w.scriptURL.split("/").pop() + ":" + w.state : null;
  return {installing: state(reg && reg.installing), waiting: state(reg && reg.waiting),
          active: state(reg && reg.active), controller: state(navigator.serviceWorker.controller),
          caches: await caches.keys(), url: location.href,
          updateWaiting: window.manhattanUpdateWaiting};
}"""


def deploy_new_version(site) -> None:
    """Another build on the server: another service worker (its cache version changes)."""
    sw = (site / "sw.js").read_text(encoding="utf-8")
    sw = re.sub(r'const VERSION = "([0-9a-f]+)";', 'const VERSION = "0123456789abcdef";', sw)
    (site / "sw.js").write_text(sw, encoding="utf-8")


# The tab hidden (another app in front) and shown again, as the browser reports it.
HIDE_AND_SHOW_JS = """() => {
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => "hidden"});
  document.dispatchEvent(new Event("visibilitychange"));
  delete document.visibilityState;
  document.dispatchEvent(new Event("visibilitychange"));
}"""


# Counts the page's own checks for a new version. (The browser also checks by itself after a
# navigation or a worker start, with a delay: a new version may be found that way too, so the
# tests below also count that the page asked.)
COUNT_CHECKS_JS = """
window.updateChecks = 0;
const update = ServiceWorkerRegistration.prototype.update;
ServiceWorkerRegistration.prototype.update = function () {
  window.updateChecks += 1;
  return update.apply(this, arguments);
};
"""


@pytest.fixture
def own_site(tmp_path):
    """A copy of dist/ served on its own port, so a test can deploy a new version to it."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    url, server = serve.start_server(port=0, directory=site)
    yield site, url
    server.shutdown()
    server.server_close()


def a_choice_in_progress(page, url: str) -> None:
    """A person's turn with a selection begun (three floors of 3 chosen, not confirmed); the
    service worker in control; no update offered (the first version is no update). No worker
    of the page's own: starting one (the snapshot, the thinking worker) makes the browser look
    for a new sw.js too, and would hide whether the tab looks by itself."""
    open_app(page, url, "?fast=1&aiworker=off&snapshot=0")
    new_game(page, 2, names=["Ann", "Bob"], start=0)
    tap(page, '[data-action="reveal"]')
    tap(page, '[data-select-inc="3"]')
    wait_service_worker(page)
    page.evaluate("window.sameDocument = true")  # gone if the page reloads
    assert page.locator(PROMPT).count() == 0


def test_an_open_tab_shown_again_offers_the_new_version(page, own_site):
    site, url = own_site
    page.add_init_script(COUNT_CHECKS_JS)
    a_choice_in_progress(page, url)
    assert page.evaluate("window.updateChecks") == 0  # the next periodic check is minutes away
    deploy_new_version(site)
    page.evaluate(HIDE_AND_SHOW_JS)
    assert page.evaluate("window.updateChecks") == 1  # shown again (never while hidden)
    page.wait_for_selector(PROMPT, timeout=60_000)
    # A notice only: nothing reloaded, the selection waits behind the pass screen (the device
    # may have changed hands while the tab was hidden) exactly as it was.
    assert page.evaluate("window.sameDocument") is True
    assert screen(page) == "pass"
    tap(page, '[data-action="reveal"]')
    assert page.inner_text('[data-select-count="3"]') == "1"
    assert page.locator(PROMPT).count() == 1


def test_an_open_tab_looks_for_a_new_version_periodically(page, own_site):
    site, url = own_site
    page.add_init_script("window.manhattanUpdateCheckMs = 250")  # 5 minutes without the hook
    page.add_init_script(COUNT_CHECKS_JS)
    a_choice_in_progress(page, url)
    deploy_new_version(site)
    page.wait_for_selector(PROMPT, timeout=60_000)
    page.wait_for_function("window.updateChecks >= 2")
    # Shown beside the move in progress, which goes on: no reload, the selection as it was.
    assert page.evaluate("window.sameDocument") is True
    assert screen(page) == "play"
    assert page.inner_text('[data-select-count="3"]') == "1"
    tap(page, '[data-select-inc="1"]')
    assert page.inner_text('[data-select-count="1"]') == "1"
    assert page.locator(PROMPT).count() == 1


def test_a_new_version_is_offered_and_the_game_survives_the_switch(page, site_url, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    url, server = serve.start_server(port=0, directory=site)
    try:
        open_app(page, url, FAST)
        new_game(page, 2, names=["Ann", "Bob"], start=0)
        tap(page, '[data-action="reveal"]')
        tap(page, '[data-select-inc="3"]')
        wait_service_worker(page)
        page.wait_for_function("document.documentElement.dataset.bootSnapshotStored === 'stored'",
                               timeout=120_000)
        old_caches = page.evaluate(CACHES_JS)
        assert len(old_caches) == 1
        # The save as the previous version wrote it: no revision, no app version.
        key, text = page.evaluate("""() => {
            for (let i = 0; i < localStorage.length; i++) {
              const k = localStorage.key(i);
              if (k.startsWith("manhattan:save:")) return [k, localStorage.getItem(k)];
            }
        }""")
        data = json.loads(text)
        for field in ("revision", "app_version"):
            data["meta"].pop(field)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(data)])
        # Deploy a new version: another service worker (its cache version changes).
        sw = (site / "sw.js").read_text(encoding="utf-8")
        sw = re.sub(r'const VERSION = "([0-9a-f]+)";', 'const VERSION = "0123456789abcdef";', sw)
        (site / "sw.js").write_text(sw, encoding="utf-8")
        page.reload()
        wait_ready(page)
        assert screen(page) == "pass"
        # The old version still runs; the new one waits and is offered.
        page.wait_for_selector('[data-update-ready="true"] [data-action="apply-update"]',
                               timeout=60_000)
        assert page.evaluate(CACHES_JS) == old_caches or len(page.evaluate(CACHES_JS)) == 2
        try:
            with page.expect_navigation(timeout=60_000):
                tap(page, '[data-action="apply-update"]')
        except PlaywrightTimeoutError:
            raise AssertionError(f"no reload after Reload: {page.evaluate(WORKERS_JS)}") from None
        wait_ready(page)
        page.wait_for_function(
            "async () => (await caches.keys()).includes('manhattan-0123456789abcdef')")
        assert page.evaluate(CACHES_JS) == ["manhattan-0123456789abcdef"]
        assert page.locator('[data-update-ready="true"]').count() == 0
        # The new version kept the boot snapshot (same runtime build) and restored it.
        assert page.get_attribute("html", "data-boot-snapshot") == "restored"
        assert page.evaluate("() => caches.has('manhattan-boot-snapshot')")
        # The game goes on exactly where it was.
        assert screen(page) == "pass"
        tap(page, '[data-action="reveal"]')
        assert page.inner_text('[data-select-count="3"]') == "1"
        tap(page, '[data-select-inc="1"]')
        stored = json.loads(page.evaluate("(k) => localStorage.getItem(k)", key))
        assert stored["meta"]["revision"] >= 1 and stored["meta"]["app_version"] >= 2
    finally:
        server.shutdown()
        server.server_close()
