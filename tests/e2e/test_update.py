"""A new version of the site: offered, switched to on Reload, and the open game survives,
including a save written in the previous save format (no revision, no app version)."""

from __future__ import annotations

import json
import re
import shutil

import pytest
import serve
from e2e_helpers import DIST, wait_ready, wait_service_worker
from ui_driver import new_game, open_app, screen, tap

pytestmark = pytest.mark.e2e

CACHES_JS = "async () => (await caches.keys()).filter((k) => /^manhattan-[0-9a-f]+$/.test(k))"


def test_a_new_version_is_offered_and_the_game_survives_the_switch(page, site_url, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    url, server = serve.start_server(port=0, directory=site)
    try:
        open_app(page, url)
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
        with page.expect_navigation(timeout=60_000):
            tap(page, '[data-action="apply-update"]')
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
