"""The offline copy heals itself (scripts/sw.template.js "Healing", assets/boot.js 6).

A browser may evict single entries of Cache Storage, and an entry may be damaged. Here each
precached file is deleted in turn (and some replaced by junk) and must be stored again, with
its build revision, by the check every visit asks for; an online reload brings back what the
page itself needs; offline, a missing runtime file gives "Part of the game is missing" with
Try again in the player's language (never a spinner forever, never "could not start"), a
missing icon changes nothing, and a missing index.html gets the service worker's own page.
The boot snapshot's cache is never touched.
"""

from __future__ import annotations

import json
import re

import pytest
from e2e_helpers import DIST, screenshot, wait_ready, wait_service_worker

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]  # first visits (tests/e2e/conftest.py)

SNAPSHOT_CACHE = "manhattan-boot-snapshot"


def precache() -> list[dict]:
    text = (DIST / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S).group(1))


def cache_name() -> str:
    text = (DIST / "sw.js").read_text(encoding="utf-8")
    return "manhattan-" + re.search(r'const VERSION = "([0-9a-f]+)";', text).group(1)


def url_of(part: str) -> str:
    """The precache URL of the one file whose path contains ``part``."""
    found = [e["url"] for e in precache() if part in e["url"]]
    assert len(found) == 1, (part, found)
    return found[0]


# The cached copy of a URL: null when missing, else its status and the revision of its body
# (as sw.js computes it).
CACHED_JS = """async ([name, url]) => {
  const hit = await (await caches.open(name)).match(url);
  if (!hit) return null;
  const digest = await crypto.subtle.digest("SHA-256", await hit.arrayBuffer());
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  return {status: hit.status, revision: hex.slice(0, 16)};
}"""

DELETE_JS = "async ([name, url]) => (await caches.open(name)).delete(url)"

DAMAGE_JS = """async ([name, url, status]) => {
  await (await caches.open(name)).put(url, new Response("junk", {status}));
}"""

# What a visit does once the page is ready: ask sw.js to check its cache, await its report.
HEAL_JS = """() => new Promise((resolve) => {
  navigator.serviceWorker.addEventListener("message", function answer(event) {
    if (event.data && event.data.type === "manhattan:healed") {
      navigator.serviceWorker.removeEventListener("message", answer);
      resolve(event.data);
    }
  });
  navigator.serviceWorker.controller.postMessage("heal");
})"""

SNAPSHOT_KEYS_JS = """async (name) => (await caches.has(name))
  ? (await (await caches.open(name)).keys()).map((r) => r.url) : null"""


def revision(page, url: str):
    return page.evaluate(CACHED_JS, [cache_name(), url])


def online_site(page, site_url: str, query: str = "?fast=1&aiworker=off&snapshot=0") -> None:
    """Ready, with the service worker in control. By default no worker of the page's own
    (snapshot, thinking) that could fetch a deleted file again behind the test's back."""
    page.goto(site_url + query)
    wait_ready(page)
    wait_service_worker(page)


def test_each_precached_file_deleted_or_damaged_in_turn_is_stored_again(page, site_url):
    online_site(page, site_url)
    entries = precache()
    assert len(entries) > 20 and any(e["url"].endswith(".wasm") for e in entries)
    # The cache holds exactly the build's files, each at its revision.
    for entry in entries:
        assert revision(page, entry["url"]) == {"status": 200, "revision": entry["revision"]}
    # Nothing to do when nothing is wrong.
    assert page.evaluate(HEAL_JS)["missing"] == []
    damaged = {url_of("assets/css/app.css"): 200, url_of("/stdlib-"): 200, url_of("pyscript.toml"): 404}
    for entry in entries:
        url = entry["url"]
        assert page.evaluate(DELETE_JS, [cache_name(), url]), url
        assert revision(page, url) is None
        report = page.evaluate(HEAL_JS)
        assert report["missing"] == [url] and report["healed"] == [url], report
        assert report["failed"] == []
        assert revision(page, url) == {"status": 200, "revision": entry["revision"]}, url
        if url in damaged:  # a damaged copy (junk, an error response) is replaced too
            page.evaluate(DAMAGE_JS, [cache_name(), url, damaged[url]])
            assert revision(page, url)["revision"] != entry["revision"]
            assert page.evaluate(HEAL_JS)["healed"] == [url]
            assert revision(page, url) == {"status": 200, "revision": entry["revision"]}, url


def test_an_online_visit_stores_again_what_was_evicted_and_spares_the_boot_snapshot(page, site_url):
    online_site(page, site_url, "?fast=1")
    page.wait_for_function("document.documentElement.dataset.bootSnapshotStored === 'stored'",
                           timeout=120_000)
    snapshot = page.evaluate(SNAPSHOT_KEYS_JS, SNAPSHOT_CACHE)
    assert snapshot
    gone = [url_of("index.html"), url_of(".wasm"), url_of("assets/css/app.css"),
            url_of("assets/icons/icon.svg"), url_of("build-info.json"), url_of("/game-")]
    for url in gone:
        assert page.evaluate(DELETE_JS, [cache_name(), url])
    # The next visit, online: the page boots as always (the guard allows no error), the files
    # it asks for are fetched again and stored, and its check brings back the rest.
    page.reload()
    wait_ready(page)
    page.wait_for_selector('html[data-offline-check="done"]', state="attached", timeout=60_000)
    assert not page.is_visible("#boot-error") and not page.is_visible("#boot-offline")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != ""
    report = page.evaluate("window.manhattanOfflineCheck")
    assert report["failed"] == []
    revisions = {e["url"]: e["revision"] for e in precache()}
    for url in gone:
        assert revision(page, url) == {"status": 200, "revision": revisions[url]}, url
    assert page.evaluate(SNAPSHOT_KEYS_JS, SNAPSHOT_CACHE) == snapshot


OFFLINE_TITLES = {
    "en": "Part of the game is missing on this device",
    "de": "Ein Teil des Spiels fehlt auf diesem Gerät",
    "fr": "Une partie du jeu manque sur cet appareil",
}
RETRY = {"en": "Try again", "de": "Erneut versuchen", "fr": "Réessayer"}


@pytest.mark.allow_console_errors  # offline, the missing files' requests fail on purpose
def test_offline_a_missing_file_is_said_with_try_again_and_an_icon_is_not_fatal(page, context,
                                                                                site_url):
    online_site(page, site_url)
    name = cache_name()
    # An icon missing offline: the game starts as always, without a word.
    for part in ("assets/icons/icon.svg", "./favicon.ico"):
        assert page.evaluate(DELETE_JS, [name, url_of(part)])
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert not page.is_visible("#boot-error") and not page.is_visible("#boot-offline")
    # A runtime file missing offline: the message, in the player's language, with Try again.
    wasm = url_of(".wasm")
    assert page.evaluate(DELETE_JS, [name, wasm])
    for lang in ("en", "de", "fr"):
        page.goto(site_url + "?fast=1&aiworker=off&snapshot=0&lang=" + lang)
        page.wait_for_selector("#boot-offline", state="visible", timeout=60_000)
        assert page.inner_text("#boot-offline h2") == OFFLINE_TITLES[lang]
        assert page.inner_text("#boot-offline-retry") == RETRY[lang]
        assert page.get_attribute("html", "lang") == lang
        assert page.get_attribute("html", "data-offline-missing").endswith(".wasm")
        assert not page.is_visible("#loading") and not page.is_visible("#boot-error")
        assert page.get_attribute("html", "data-kept-screen") is None
        assert page.get_attribute("html", "data-ready") is None
        screenshot(page, "offline-missing-" + lang, sizes=["phone"])
    # Back online, Try again: the game starts and the file is stored again.
    context.set_offline(False)
    with page.expect_navigation():
        page.click("#boot-offline-retry")
    wait_ready(page)
    assert revision(page, wasm)["revision"] == next(e["revision"] for e in precache() if e["url"] == wasm)
    # index.html itself missing offline: the service worker's own page says the same.
    index = url_of("index.html")
    assert page.evaluate(DELETE_JS, [name, index])
    context.set_offline(True)
    page.goto(site_url + "?fast=1")
    page.wait_for_selector("#boot-offline-retry", state="visible")
    assert page.get_attribute("html", "data-offline-missing") == "index"
    assert page.inner_text("h1") == OFFLINE_TITLES["en"]
    assert page.inner_text("#boot-offline-retry") == RETRY["en"]
    screenshot(page, "offline-missing-index", sizes=["phone"])
    context.set_offline(False)
    with page.expect_navigation():
        page.click("#boot-offline-retry")
    wait_ready(page)
    assert revision(page, index)["status"] == 200
    # The stylesheet missing offline: the same message (not an unstyled game, not "could not
    # start"); back online, Try again starts the game and stores it again.
    css = url_of("assets/css/app.css")
    assert page.evaluate(DELETE_JS, [name, css])
    context.set_offline(True)
    page.goto(site_url + "?fast=1&aiworker=off&snapshot=0")
    page.wait_for_selector("#boot-offline", state="visible", timeout=60_000)
    assert page.get_attribute("html", "data-offline-missing").endswith("assets/css/app.css")
    assert page.inner_text("#boot-offline h2") == OFFLINE_TITLES["en"]
    # The game may start under it without its stylesheet: unusable, so it stays hidden.
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=60_000)
    assert page.is_visible("#boot-offline") and not page.is_visible("#boot-error")
    assert not page.is_visible("#app")
    screenshot(page, "offline-missing-css", sizes=["phone"])
    context.set_offline(False)
    with page.expect_navigation():
        page.click("#boot-offline-retry")
    wait_ready(page)
    assert not page.is_visible("#boot-error") and not page.is_visible("#boot-offline")
    assert revision(page, css)["revision"] == next(e["revision"] for e in precache() if e["url"] == css)
