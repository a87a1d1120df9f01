"""Whole games played through the page as the browser drives it, every drawing recorded.

Five games (two, three and four seats; people passing the device and computers; take-backs,
a reload, a backup restored, the log, the rules, the menu, hints and the final screens) are
played by taps sent to :meth:`App.dispatch` on a fake document and a fake browser, the
background jobs run by asyncio. After each event the page's drawing (``#app`` and the
``<html>`` attributes, less the timing marks), what the fake browser was asked to do and
what the storage holds are recorded. ``tests/web/test_whole_games_drawn.py`` holds these
records against the ones kept in ``tests/web/data/whole_games_drawn.json``: the page's
code may be reorganised freely, but what a player sees may not change.

The driver reads the game it plays (the legal decisions, the choice in progress) through
:func:`game_of`; everything else goes through the page's own events.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

from fakebrowser import FakeBrowser, FakeDocument, FakeElement, make_page

from game.actions import Build, Select
from game.state import selections
from game.web.model.controller import Controller
from game.web.runtime.app import App
from game.web.saves.storage import MemoryBackend, SaveStore
from game.web.values.draft import draft_to_json

CLOCK = 1_763_000_000.0
TIMING = re.compile(r' data-(?:handle-ms|render-ms|think-ms|think-start|think-end)="[^"]*"')


def game_of(page: App) -> Any:
    """The game the page has open (its session), or None."""
    return page.controller.session


class Recorder:
    """One page on one storage, and the record of everything it drew and asked for."""

    def __init__(self, backend: MemoryBackend, params: dict[str, str] | None = None) -> None:
        self.backend = backend
        self.entropy = random.Random(39)  # the page's chance, shared by its reloads
        self.lines: list[str] = []
        self.downloads: list[str] = []
        self.page: App
        self.document: FakeDocument
        self.browser: FakeBrowser
        self.params = {"fast": "1", **(params or {})}
        self.open()

    def open(self) -> None:
        """A fresh page on the same storage (the first visit, or a reload)."""
        store = SaveStore(self.backend, rng=random.Random(len(self.lines)))
        controller = Controller(store, self.params, clock=lambda: CLOCK,
                                format_time=lambda ts: f"at {ts:.0f}", entropy=self.entropy)
        self.page, self.document, self.browser = make_page(controller)
        original = self.page.render

        def render(measure: bool = True) -> None:
            original(measure)
            self.drawn()

        self.page.render = render  # type: ignore[method-assign]
        self.page.start(1024, False)
        self.event("start")

    def drawn(self) -> None:
        html = TIMING.sub("", _html(self.page.root))
        top = self.document.documentElement
        attrs = " ".join(f"{k}={v}" for k, v in sorted(top.attrs.items()))
        text = f"{attrs}\n{html}"
        if not self.lines or self.lines[-1] != "drawn " + text:
            self.lines.append("drawn " + text)

    def event(self, name: str) -> None:
        done = [json.dumps(entry) for entry in self.browser.done]
        self.downloads += [entry[2] for entry in self.browser.done if entry[0] == "download"]
        self.browser.done.clear()
        stored = json.dumps(sorted(self.backend.data.items()))
        self.lines.append(f"event {name} did {done} stored {_digest(stored)}")

    async def tap(self, action: str, **data: str) -> None:
        self.page.dispatch((action, dict(data)))
        await self.settle()
        self.event(f"{action} {sorted(data.items())}")

    async def settle(self) -> None:
        """Let the background jobs run until they are idle."""
        for _ in range(100000):
            await asyncio.sleep(0)
            if self.page.jobs.idle:
                await asyncio.sleep(0)
                if self.page.jobs.idle:
                    return
        raise AssertionError("the jobs never ended")

    def screen(self) -> str:
        return str(self.page.root.getAttribute("data-screen"))

    def has(self, selector: str) -> bool:
        return self.page.root.querySelector(selector) is not None

    def digests(self) -> list[str]:
        return [_digest(line) for line in self.lines]


def _html(el: FakeElement) -> str:
    return el.html() if hasattr(el, "html") else str(el.outerHTML)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# ------------------------------------------------------------------ taps of a decision

def _pending(page: App) -> dict[str, Any]:
    return draft_to_json(game_of(page).draft)


async def _set_selection(r: Recorder, colour: str, pieces: tuple[int, ...]) -> None:
    def count(floors: int) -> int:
        return int(_pending(r.page)["pieces"][colour][floors - 1])
    for floors, want in zip((1, 2, 3, 4), pieces):
        while count(floors) > want:
            await r.tap("select-dec", floors=str(floors), colour=colour)
    for floors, want in zip((1, 2, 3, 4), pieces):
        while count(floors) < want:
            before = count(floors)
            await r.tap("select-inc", floors=str(floors), colour=colour)
            assert count(floors) == before + 1


async def decide(r: Recorder, rng: random.Random, then: str | None = None) -> None:
    """One random legal decision of the person on turn, entered by taps; ``then``: a tap
    made at once after Confirm, before the background jobs run (a take-back before the
    computers reply)."""
    game = game_of(r.page)
    state = game.state
    action = rng.choice(state.legal_actions())
    if isinstance(action, Select):
        for colour in _pending(r.page)["colours"]:
            if colour == action.colour:
                pieces = action.pieces
            else:
                index = state.settings.colour_index(colour)
                pieces = rng.choice(list(selections(state.stock[index], state.pieces_needed(index))))
            await _set_selection(r, colour, pieces)
    else:
        await r.tap("card", card=f"{action.card.row},{action.card.col}")
        await r.tap("piece", floors=str(action.floors), colour=action.colour)
        if isinstance(action, Build):
            await r.tap("plot", city=str(action.city), plot=str(action.plot))
    before = len(game.game.log)
    if then is None:
        await r.tap("confirm")
    else:
        r.page.dispatch(("confirm", {}))
        r.event("confirm")
        await r.tap(then)
    assert len(game_of(r.page).game.log) > before or then is not None, (
        action, game_of(r.page).notice)


Extra = Callable[[Recorder, int], Any]


async def play_on(r: Recorder, rng: random.Random, extra: Extra | None = None,
                  stop: Callable[[Recorder], bool] | None = None, limit: int = 3000) -> None:
    """Play until the final standings (or ``stop``), ``extra(r, n)`` before each step."""
    for n in range(limit):
        screen = r.screen()
        if screen in ("final", "review") or (stop is not None and stop(r)):
            return
        if extra is not None and await extra(r, n):
            continue
        if screen == "pass":
            await r.tap("reveal")
        elif screen == "scoring":
            await r.tap("continue")
        elif screen == "play" and r.has('[data-mode="turn"]'):
            await decide(r, rng)
        else:
            await r.settle()
            r.event("wait")
            if r.screen() == screen and not r.has('[data-mode="turn"]') and not r.has(
                    '[data-action="settle"]'):
                raise AssertionError(f"stuck on {screen}")
            if r.has('[data-action="settle"]'):
                await r.tap("settle")
    raise AssertionError("the game did not end")


@contextmanager
def fixed_world() -> Iterator[None]:
    """The wall clock fixed (the random numbers of game seeds are the recorder's own)."""
    with mock.patch.object(time, "time", lambda: CLOCK):
        yield


async def new_game(r: Recorder, count: int, kinds: list[str], names: list[str],
                   **options: str) -> None:
    await r.tap("new-game")
    await r.tap("setup-count", value=str(count))
    for i in range(count):
        await r.tap("field", field="name", player=str(i), value=names[i])
        await r.tap("field", field="name", player=str(i), value=names[i], committed="true")
        await r.tap("field", field="controller", player=str(i), value=kinds[i])
    for key, value in options.items():
        await r.tap("field", field=key, value=value)
    await r.tap("setup-start")


# ------------------------------------------------------------------------- the games

async def two_people() -> Recorder:
    """Two people pass the device: the menu, the log, the rules, the language, a take-back
    on the pass screen, the final board and the statistics."""
    r = Recorder(MemoryBackend())
    rng = random.Random(2)

    async def extra(r: Recorder, n: int) -> bool:
        if n == 6:
            await r.tap("menu")
            await r.tap("log")
            await r.tap("log")
            await r.tap("menu")
            await r.tap("speed")
            await r.tap("menu-close")
        if n == 9:
            await r.tap("rules")
            await r.tap("rules-close")
            await r.tap("language", value="de")
        if n == 14 and r.has('[data-action="take-back"]'):
            await r.tap("take-back")
            return True
        if n == 20:
            await r.tap("language", value="en")
            await r.tap("inspect-mode")
            await r.tap("inspect-plot", city="1", plot="4")
            await r.tap("inspect-close")
            await r.tap("inspect-mode")
        if r.screen() == "pass" and n % 7 == 3 and r.has('[data-action="take-back"]'):
            await r.tap("take-back")
            return True
        return False

    await new_game(r, 2, ["human", "human"], ["Ann", "Bob"])
    await play_on(r, rng, extra)
    await r.tap("peek")
    await r.tap("peek")
    await r.tap("replay")
    await r.tap("replay-step", step="5")
    await r.tap("replay-close")
    await r.tap("stats")
    await r.tap("stats-close")
    await r.tap("home")
    return r


async def three_with_computers() -> Recorder:
    """A person against two computers with hints: take-backs before the computers reply,
    a hint, Done, and the review of the finished game."""
    r = Recorder(MemoryBackend())
    rng = random.Random(3)

    async def extra(r: Recorder, n: int) -> bool:
        if n % 9 == 2 and r.has('[data-action="hint"]'):
            await r.tap("hint")
        if n % 5 == 1 and r.screen() == "play" and r.has('[data-mode="turn"]'):
            await decide(r, rng, then="take-back")
            return True
        return False

    await new_game(r, 3, ["human", "random", "greedy"], ["Cem", "Dot", "Eve"], hints="true")
    await play_on(r, rng, extra)
    await r.tap("review")
    await r.tap("review-show", item="0")
    await r.tap("review-back")
    await r.tap("review-close")
    await r.tap("rematch")
    await r.tap("home")
    return r


async def four_people_reloaded() -> Recorder:
    """Four people pass the device; the page is loaded again twice in the middle."""
    r = Recorder(MemoryBackend())
    rng = random.Random(4)

    async def extra(r: Recorder, n: int) -> bool:
        if n in (40, 90):
            r.open()
            return True
        if n == 60:
            await r.tap("hide-cards")
        return False

    await new_game(r, 4, ["human"] * 4, ["Fay", "Gus", "Hal", "Ivy"])
    await play_on(r, rng, extra)
    return r


async def four_restored() -> Recorder:
    """Two people and two computers; a backup taken, the game deleted, the backup
    restored, the game continued to the end."""
    r = Recorder(MemoryBackend())
    rng = random.Random(5)
    await new_game(r, 4, ["human", "greedy", "human", "random"], ["Jo", "Kim", "Lu", "Max"])
    await play_on(r, rng, stop=lambda r: len(game_of(r.page).game.log) > 30)
    await r.tap("backup")
    text = r.downloads[-1]
    ident = r.page.controller.game_id
    await r.tap("home")
    await r.tap("delete", id=ident)
    await r.tap("delete", id=ident, confirm="true")
    await r.tap("restore-file", text=text)
    await r.tap("restore-close")
    await r.tap("continue-game", id=ident)
    await play_on(r, rng)
    await r.tap("home")
    await r.tap("delete-finished")
    await r.tap("delete-finished", confirm="true")
    return r


async def three_computers() -> Recorder:
    """Three computers play one another (the scorings go on by themselves); the page is
    loaded again in the middle; a link of the game is shown."""
    r = Recorder(MemoryBackend())
    await new_game(r, 3, ["random", "greedy", "random"], ["Ned", "Oda", "Pia"])
    await r.settle()
    r.event("played")
    await r.tap("menu")
    await r.tap("share")
    await r.tap("share-copy")
    await r.tap("share-close")
    r.open()
    await r.settle()
    r.event("played")
    return r


GAMES: dict[str, Callable[[], Any]] = {
    "two_people": two_people,
    "three_with_computers": three_with_computers,
    "four_people_reloaded": four_people_reloaded,
    "four_restored": four_restored,
    "three_computers": three_computers,
}


def record(name: str) -> Recorder:
    with fixed_world():
        result: Recorder = asyncio.run(GAMES[name]())
    return result
