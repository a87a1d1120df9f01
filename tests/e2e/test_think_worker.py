"""The computers think in a Web Worker, and the page thinks alone when the
worker is missing or fails, with no console error either way.

Hooks: ``<html data-ai-worker="starting|resting|waking|ready|failed|off">`` (the boot
module), ``<html data-thinking="wanted|idle">`` (drawn by the page: the worker lives while
it says ``wanted``),
``#app[data-think-source="worker|main"]`` (where the last computer decision was made), the
test switch ``?aiworker=off|fail-boot|fail-answer|crash``.
"""

from __future__ import annotations

import random

import pytest
from e2e_helpers import resize, wait_ready, wait_service_worker
from ui_driver import FAST, new_game, open_app, tap

from game.actions import is_chance
from game.ai import decide, make_player
from game.save import load as load_save
from game.state import new_state
from game.view import player_view

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]  # first visits (tests/e2e/conftest.py)

SOURCES_JS = """() => { window.__sources = [];
    new MutationObserver(() => {
        const v = document.getElementById("app").dataset.thinkSource;
        if (v !== undefined) window.__sources.push(v);
    }).observe(document.getElementById("app"),
               {attributes: true, attributeFilter: ["data-think-ms"]}); }"""


def computers_game(page, level: str) -> None:
    page.evaluate(SOURCES_JS)
    new_game(page, 2, names=["A", "B"], controllers=[level, level])


def stored_game(page):
    text = page.evaluate("""() => {
        const id = localStorage.getItem("manhattan:current");
        return localStorage.getItem("manhattan:save:" + id); }""")
    return load_save(text)


def test_a_computer_decides_in_the_worker_like_on_the_page(page, site_url):
    """A game with computers starts the worker; computer moves are then decided there, and
    each equals the decision the page's own path (``decide`` = the sliced ``think``, see
    tests/ai/test_ai_no_peeking.py) makes for the same view and seed."""
    resize(page, {"width": 1024, "height": 768})
    open_app(page, site_url, FAST)
    page.wait_for_selector('html[data-ai-worker="resting"]', state="attached", timeout=120_000)
    computers_game(page, "search:1")  # no time cap: reproducible decisions
    page.wait_for_function("() => window.__sources.length >= 12", timeout=240_000,
                           polling=200)
    assert set(page.evaluate("() => window.__sources")) == {"worker"}
    page.goto(site_url + "?aiworker=off&fast=1")  # stop the table (and keep its save)
    game = stored_game(page)
    checked = 0
    state = new_state(game.settings)
    player = make_player("search:1")
    for i, action in enumerate(game.log):
        if not is_chance(action) and state.current is not None:
            view = player_view(state, state.current)
            expected = decide(player, view, random.Random(f"{game.seed}/ai/{i}"))
            assert action == expected, i
            checked += 1
        state = state.apply(action)
    assert checked >= 12


STATES_JS = """() => { window.__states = [];
    new MutationObserver(() => window.__states.push(document.documentElement.dataset.aiWorker))
        .observe(document.documentElement, {attributes: true, attributeFilter: ["data-ai-worker"]}); }"""


def wait_until(page, condition, what: str, rounds: int = 400) -> None:
    """Until ``condition()`` holds, the page's event loop given a turn between two looks
    (Playwright takes in the workers' starts and ends meanwhile)."""
    for _ in range(rounds):
        if condition():
            return
        page.evaluate("() => new Promise((done) => setTimeout(done, 50))")
    raise AssertionError("never came: " + what)


def test_the_worker_lives_only_while_a_game_wants_it(page, site_url):
    """No worker at the start screen; a game with computers wakes one, and it is let go
    once nothing wants it (the final standings): its interpreter leaves the tab. The next
    game wakes it again, and its decisions come from it."""
    resize(page, {"width": 1024, "height": 768})
    open_app(page, site_url, FAST)
    page.wait_for_selector('html[data-ai-worker="resting"]', state="attached", timeout=120_000)
    assert page.get_attribute("html", "data-thinking") == "idle"
    wait_until(page, lambda: not page.workers, "the snapshot maker's end")
    computers_game(page, "greedy")
    page.wait_for_selector('html[data-ai-worker="ready"]', state="attached", timeout=120_000)
    assert len(page.workers) == 1
    page.wait_for_selector('#app[data-screen="final"]', timeout=120_000)
    assert page.get_attribute("html", "data-thinking") == "idle"
    page.wait_for_selector('html[data-ai-worker="resting"]', state="attached", timeout=30_000)
    wait_until(page, lambda: not page.workers, "the thinking worker's end")
    assert set(page.evaluate("() => window.__sources")) == {"worker"}
    page.evaluate(STATES_JS)
    page.evaluate(SOURCES_JS)
    tap(page, '[data-action="rematch"]')
    page.wait_for_function("() => window.__sources.length >= 4", timeout=120_000, polling=100)
    assert set(page.evaluate("() => window.__sources")) == {"worker"}
    assert page.evaluate("() => window.__states")[:2] == ["waking", "ready"]
    assert len(page.workers) == 1


@pytest.mark.parametrize("fault", ["off", "fail-boot", "fail-answer", "crash"])
def test_without_a_working_worker_the_page_thinks(page, site_url, fault):
    """No worker, one that cannot boot, one whose answers fail and one that dies: the
    computers still play (on the page), and nothing is logged as an error."""
    resize(page, {"width": 1024, "height": 768})
    open_app(page, site_url, FAST + "&aiworker=" + fault)
    at_rest = "off" if fault == "off" else "resting"  # none until a game wants it
    page.wait_for_selector(f'html[data-ai-worker="{at_rest}"]', state="attached",
                           timeout=120_000)
    computers_game(page, "greedy")
    page.wait_for_function("() => window.__sources.length >= 8", timeout=120_000, polling=100)
    sources = page.evaluate("() => window.__sources")
    assert set(sources) == {"main"}, sources
    # a worker whose answers fail is still a worker: let go if the game is over by now
    expected = {"off": {"off"}, "fail-boot": {"failed"}, "fail-answer": {"ready", "resting"},
                "crash": {"failed"}}[fault]
    assert page.get_attribute("html", "data-ai-worker") in expected
    game = stored_game(page)
    assert len([a for a in game.log if not is_chance(a)]) >= 8


def test_the_worker_starts_offline_from_the_service_workers_cache(page, context, site_url):
    """Everything the thinking worker loads (its module, the runtime, the standard library,
    the game archive) is precached: offline, it starts and decides."""
    resize(page, {"width": 1024, "height": 768})
    open_app(page, site_url, FAST)
    wait_service_worker(page)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.onLine") is False
    page.wait_for_selector('html[data-ai-worker="resting"]', state="attached", timeout=120_000)
    computers_game(page, "greedy")  # the worker comes for it, offline
    page.wait_for_function("() => window.__sources.length >= 4", timeout=120_000, polling=100)
    assert set(page.evaluate("() => window.__sources")) == {"worker"}


@pytest.mark.fresh_browser  # an init script stays with its page
def test_the_worker_starts_only_after_the_page_is_ready(page, site_url):
    """The boot is never slowed: no worker exists before <html data-ready>."""
    page.add_init_script("""(() => {
        const Real = window.Worker;
        window.__workerStarts = [];
        window.Worker = function (url, options) {
            window.__workerStarts.push([String(options && options.name),
                document.documentElement.getAttribute("data-ready")]);
            return new Real(url, options);
        };
        window.Worker.prototype = Real.prototype;
    })()""")
    open_app(page, site_url, FAST)
    page.wait_for_selector('html[data-ai-worker="resting"]', state="attached", timeout=120_000)
    computers_game(page, "greedy")
    page.wait_for_selector('html[data-ai-worker="ready"]', state="attached", timeout=120_000)
    starts = page.evaluate("() => window.__workerStarts")
    ai = [s for s in starts if s[0] == "manhattan-ai"]
    assert ai == [["manhattan-ai", "true"]], starts
