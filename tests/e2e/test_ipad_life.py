"""Life on an iPad, in Chromium: a browser that cannot run the game is told so in
its language; the storage is asked to persist once a game is stored; a Safari tab gets the
Home Screen card (Safari emulated by its user agent) until it is dismissed; every game goes
to one backup file and comes back from it, never over a newer game.

Screenshots: screenshots/ipad-<what>-<lang>-<size>.png (phone 390x844, tablet 820x1180)."""

from __future__ import annotations

import json
import random
import re

import pytest
from e2e_helpers import ROOT, SCREENSHOTS, resize, save_screenshot, settle, wait_ready
from play_kit import SavingController, play_computers
from ui_driver import FAST_LEAN, new_game, open_app, reopen, tap

from game.web.saves.storage import PREFIX, MemoryBackend, SaveStore

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]  # first visits (tests/e2e/conftest.py)

SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 820, "height": 1180}}
IPAD_SAFARI = ("Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
               "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")
IPAD_DESKTOP_SAFARI = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
                       "(KHTML, like Gecko) Version/17.4 Safari/605.1.15")
OLD_IPAD_SAFARI = ("Mozilla/5.0 (iPad; CPU OS 15_7 like Mac OS X) AppleWebKit/605.1.15 "
                   "(KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1")
NO_WASM = "delete window.WebAssembly;"
CLASSIC_WORKERS_ONLY = """(() => {
  const Real = window.Worker;  // a browser without module workers never reads options.type
  window.Worker = function Worker(url) { return new Real(url); };
})();"""


def shell_texts() -> dict[str, dict[str, str]]:
    source = (ROOT / "assets" / "boot.js").read_text(encoding="utf-8")
    found = re.search(r"/\* shell-texts: \*/(.*?)/\* :shell-texts \*/", source, re.S)
    assert found
    texts: dict[str, dict[str, str]] = json.loads(found.group(1))
    return texts


def shot(page, name: str) -> None:
    settle(page)
    save_screenshot(page, SCREENSHOTS / f"ipad-{name}.png", full_page=True)


# ----------------------------------------------------- a browser that cannot run it
@pytest.mark.parametrize(("locale", "lang", "init", "agent", "reason"), [
    ("en-GB", "en", NO_WASM, None, "wasm"),
    ("de-DE", "de", NO_WASM, None, "wasm"),
    ("fr-FR", "fr", CLASSIC_WORKERS_ONLY, None, "worker"),
    ("de-AT", "de", None, OLD_IPAD_SAFARI, "safari"),
])
def test_a_browser_that_cannot_run_the_game_is_told_so_in_its_language(
        new_context, site_url, locale, lang, init, agent, reason):
    options = {"locale": locale, "viewport": SIZES["phone"]}
    if agent:
        options["user_agent"] = agent
    context = new_context(**options)
    if init:
        context.add_init_script(init)
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(site_url)
    page.wait_for_selector("#boot-unsupported:not([hidden])", timeout=10_000)
    texts = shell_texts()[lang]
    assert page.get_attribute("html", "data-unsupported") == reason
    assert page.get_attribute("html", "lang") == lang
    assert page.inner_text("#boot-unsupported h2") == texts["unsupported.title"]
    assert page.inner_text("#boot-unsupported-reason") == texts["unsupported." + reason]
    assert page.inner_text("#boot-unsupported-saves") == texts["unsupported.saves"]
    # No spinner, no English error box, no game, later either: once every script has run
    # and nothing has been fetched for a while (the runtime would be fetched if it started).
    page.wait_for_load_state("networkidle")
    assert not page.is_visible("#loading")
    assert not page.is_visible("#boot-error")
    assert page.get_attribute("html", "data-ready") is None
    # The boot module saw the mark and started nothing (no console error, the guard checks),
    # and nothing of the runtime was downloaded (its preload hints stay in their template).
    assert page.evaluate("() => !performance.getEntriesByName('boot:python-start').length")
    runtime = [url for url in asked  # (the boot module, our own few KB, is what decides)
               if "/vendor/pyodide-" in url and "/boot-" not in url]
    assert not runtime, runtime
    assert page.locator('link[rel="preload"], link[rel="modulepreload"]').count() == 0
    shot(page, f"unsupported-{reason}-{lang}-phone")


def test_a_browser_that_can_run_it_is_told_nothing(page, site_url):
    open_app(page, site_url)
    assert page.get_attribute("html", "data-unsupported") is None
    assert not page.is_visible("#boot-unsupported")
    # the runtime's preload hints were put in the head (the runtime, the stdlib, the game)
    hints = page.eval_on_selector_all('head > link[rel$="preload"]', "links => links.map(l => l.href)")
    assert len(hints) == 5 and all("/vendor/pyodide-" in href for href in hints), hints


# ----------------------------------------------------- persistent storage
def test_persistent_storage_is_asked_for_once_a_game_is_stored(page, site_url):
    open_app(page, site_url)
    settle(page)
    assert page.get_attribute("html", "data-storage-persist") is None  # nothing stored yet
    new_game(page, 2, controllers=["human", "random"])
    page.wait_for_selector("html[data-storage-persist]", state="attached")
    assert page.get_attribute("html", "data-storage-persist") in ("granted", "refused")
    reopen(page, site_url)  # in use already: asked at once on the next visit
    page.wait_for_selector("html[data-storage-persist]", state="attached")


# ----------------------------------------------------- the Home Screen card
@pytest.mark.parametrize("agent", [IPAD_SAFARI, IPAD_DESKTOP_SAFARI])
def test_a_safari_tab_gets_the_home_screen_card_until_it_is_dismissed(own_context, site_url, agent):
    page = own_context(user_agent=agent, has_touch=True).page
    page.set_viewport_size(SIZES["tablet"])
    open_app(page, site_url)
    card = page.locator("[data-home-card]")
    assert card.is_visible()
    assert "7" in card.inner_text() and "Home Screen" in card.inner_text()
    card.locator('[data-action="home-card-dismiss"]').click()
    assert page.locator("[data-home-card]").count() == 0
    page.reload()
    wait_ready(page)
    assert page.locator("[data-home-card]").count() == 0


def test_other_browsers_never_get_the_card(new_context, site_url):
    page = new_context(has_touch=True, viewport=SIZES["tablet"]).new_page()
    open_app(page, site_url)
    assert page.locator("[data-home-card]").count() == 0


# ----------------------------------------------------- backup and restore
def stored_games(page) -> dict[str, str]:
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('manhattan:save:')).map(k => [k, localStorage.getItem(k)]))""")


def two_games() -> dict[str, str]:
    """localStorage holding two games of computers, one just begun, one well under way."""
    backend = MemoryBackend()
    c = SavingController(SaveStore(backend, rng=random.Random(3)), {"fast": "1"})
    c.boot()
    for names, kinds, moves in ((["Ann", "Bob", "Cy"], ["greedy", "random", "random"], 12),
                                (["Zoë", "Émile", "Jörg"], ["human", "greedy", "random"], 0)):
        c.handle("new-game")
        c.handle("setup-count", {"value": "3"})
        for i, (name, kind) in enumerate(zip(names, kinds, strict=True)):
            c.handle("field", {"field": "name", "player": str(i), "value": name})
            c.handle("field", {"field": "controller", "player": str(i), "value": kind})
        c.handle("setup-start")
        play_computers(c, limit=moves)
        c.handle("home")
    return dict(backend.data)


def load_into(page, site_url: str, data: dict[str, str]) -> None:
    open_app(page, site_url)
    page.evaluate("(data) => { localStorage.clear(); for (const k in data) localStorage.setItem(k, data[k]); }",
                  data)
    reopen(page, site_url)


def test_back_up_all_games_and_restore_them_after_safari_erased_everything(page, site_url, tmp_path):
    resize(page, SIZES["tablet"])
    load_into(page, site_url, two_games())
    before = stored_games(page)
    assert len(before) == 2
    with page.expect_download() as info:
        tap(page, '[data-action="backup"]', real=True)
    download = info.value
    assert re.fullmatch(r"manhattan-backup-\d{4}-\d\d-\d\d\.json", download.suggested_filename)
    path = tmp_path / download.suggested_filename
    download.save_as(str(path))
    backup = json.loads(path.read_text(encoding="utf-8"))
    assert backup["format"] == "manhattan-backup" and len(backup["games"]) == 2

    page.evaluate("localStorage.clear()")  # seven days without a visit
    reopen(page, site_url)
    assert stored_games(page) == {}
    assert page.locator('[data-action="backup"]').count() == 0  # nothing to back up
    page.set_input_files("[data-restore]", str(path))
    page.wait_for_selector("[data-restore-report]")
    assert page.get_attribute("[data-restore-report]", "data-restored-count") == "2"
    assert page.locator("[data-save]").count() == 2
    after = stored_games(page)
    assert set(after) == set(before)
    for key, text in before.items():
        assert json.loads(after[key])["log"] == json.loads(text)["log"]

    # Restoring again: every game is here already; nothing changes.
    page.set_input_files("[data-restore]", str(path))
    page.wait_for_selector('[data-restore-report][data-skipped-count="2"]')
    assert [page.get_attribute(f"[data-skipped] >> nth={i}", "data-skipped") for i in range(2)] == ["same", "same"]
    assert stored_games(page) == after

    # An older backup never sets back a game that went further here.
    older = json.loads(json.dumps(backup))
    for game in older["games"]:
        if len(game["save"]["log"]) > 6:
            game["save"]["log"] = game["save"]["log"][:6]
            game["save"]["meta"].pop("ui", None)
    old = tmp_path / "older.json"
    old.write_text(json.dumps(older), encoding="utf-8")
    page.set_input_files("[data-restore]", str(old))
    page.wait_for_selector("[data-restore-report] [data-skipped=further_here]")
    assert stored_games(page) == after

    # Damaged, hand-edited, huge and empty files: a clear message, nothing lost.
    kept = stored_games(page)
    for name, content in (("damaged.json", path.read_text(encoding="utf-8")[:-40]),
                          ("empty.json", ""),
                          ("a-save.json", json.dumps(backup["games"][0]["save"])),
                          ("deep.json", "[" * 50000)):
        bad = tmp_path / name
        bad.write_text(content, encoding="utf-8")
        page.set_input_files("[data-restore]", str(bad))
        page.wait_for_selector('#load-error[data-message-id="backup.restore_failed"]')
        assert page.locator("[data-restore-report]").count() == 0
        assert stored_games(page) == kept
        reopen(page, site_url)  # (the message stays until the next action: start afresh)
    huge = tmp_path / "huge.json"
    huge.write_text('{"format": "manhattan-backup", "version": 1, "games": ["' + "x" * 17_000_000 + '"]}')
    page.set_input_files("[data-restore]", str(huge))
    page.wait_for_selector('#load-error[data-message-id="backup.restore_failed"]')
    assert stored_games(page) == kept


# ----------------------------------------------------- how it looks
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_screenshots_of_the_card_and_the_backup_tools(own_context, site_url, tmp_path, lang):
    data = two_games()
    backup = {"format": "manhattan-backup", "version": 1, "settings": {},
              "games": [{"id": k.split(":")[-1], "save": json.loads(v)} for k, v in data.items()
                        if k.startswith(PREFIX)]}  # (the saves: not the prefs, say)
    backup["games"].append({"id": "zz-broken", "text": "{oops"})
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(backup), encoding="utf-8")
    for size, viewport in SIZES.items():
        page = own_context(user_agent=IPAD_SAFARI, has_touch=True).page  # a clean origin
        page.set_viewport_size(viewport)
        open_app(page, site_url, f"{FAST_LEAN}&lang={lang}")
        page.evaluate("(data) => { for (const k in data) localStorage.setItem(k, data[k]); }",
                      dict(list(data.items())[:1]))
        reopen(page, site_url)
        assert page.locator("[data-home-card]").is_visible()
        page.set_input_files("[data-restore]", str(path))
        page.wait_for_selector("[data-restore-report]")
        assert page.get_attribute("[data-restore-report]", "data-restored-count") == "1"
        assert page.get_attribute("[data-restore-report]", "data-skipped-count") == "2"
        overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
        assert not overflow, "the page scrolls sideways"
        shot(page, f"start-{lang}-{size}")
