"""Helpers for the web UI tests: a controller on a memory store and a scripted table."""

from __future__ import annotations

import dataclasses
import random

from fakebrowser import FakeBrowser

from game.actions import Action, Build, Select
from game.state import selections
from game.web.model import computers, keeping
from game.web.model.controller import Controller
from game.web.runtime.interpreter import Interpreter
from game.web.saves.storage import MemoryBackend, SaveStore
from game.web.values.answers import ComputerMoved, RestoreTurn, UndoWindowOver
from game.web.values.draft import draft_to_json
from game.web.values.effects import Save

DEAL_CLOCK = 1_763_000_000.0
"""The clock a fixed ``deal`` starts its game at (part of the game's seed)."""
PAGE_CLOCK = 1_795_500_000.0
"""Where a test page's clock starts (:class:`Ticking`): after the first release, so that a
finished game's result is one a backup may carry, and before the day the tests run."""
STANDARD_DEAL = 1
"""The deal of a test that names none."""


class Ticking:
    """A test page's clock: a second later at each reading, from :data:`PAGE_CLOCK`, so that
    a game the page seeds itself (a rematch, a game alone) is the same on every run."""

    def __init__(self, start: float = PAGE_CLOCK) -> None:
        self.now = start

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


class Dealt(random.Random):
    """Chance that gives ``deal`` for the page's part of a new game's seed."""

    def __init__(self, deal: int) -> None:
        super().__init__(deal)
        self.deal = deal

    def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
        return self.deal


class SavingController(Controller):
    """The controller as the page drives it: after each tap, the Save it queued is carried
    out by the one interpreter (on a fake browser) before anything else, as
    ``App.dispatch`` does before it draws; the tap's other effects stay queued for the
    test to read (``take_effects``, ``take_download``)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.interpreter = Interpreter(self, FakeBrowser(), lambda: None)
        self.carrying = True  # False: the effects stay queued, as ``handle`` leaves them
        self.restores_at_once = True  # False: a restore waits for its turns (restore_step)

    def boot(self) -> None:
        super().boot()
        if self.carrying:
            self.carry_out_saves()

    def handle(self, action, data=None) -> bool:
        redraw = super().handle(action, data)
        if self.carrying:
            self.carry_out_saves()
            if self.restores_at_once:
                run_restore(self)
        return redraw

    def carry_out_saves(self) -> None:
        """The queued Saves written by the interpreter (the rest stays queued; the sounds
        of a move the storage refused are dropped, as on the page)."""
        self.put_back(self.interpreter.save_first(self.take_effects()))


def restore_step(c: SavingController) -> bool:
    """Restore the next game of the restore under way, as the page's jobs do between two
    turns of the page (game/web/runtime/jobs.py): its turn, then the storage port's write.
    True while games are left."""
    if c.home.restoring is None:
        return False
    c.update(RestoreTurn())
    c.carry_out_saves()
    return c.home.restoring is not None


def run_restore(c: SavingController) -> int:
    """Restore every game of a restore under way at once, as the page's jobs do one by one
    between two turns of the page. Returns the steps run before the last."""
    steps = 0
    while restore_step(c):
        steps += 1
    return steps


def play_computers(c: SavingController, limit: int = 100000) -> int:
    """Play every pending computer turn at once, as the page's jobs do one by one
    (game/web/runtime/jobs.py): the move committed, its Save carried out before the next;
    a table of computers goes on after a scoring by itself. Returns the moves played."""
    moves = 0
    if c.session is not None and (settling := computers.settle_key(c)) is not None:
        c.update(UndoWindowOver(settling))  # the undo window over at once
    while moves < limit and (computers.computer_to_move(c) or computers.auto_continue(c)):
        if computers.auto_continue(c):
            c.handle("continue")
            continue
        gen = computers.computer_thinking(c)
        try:
            while True:
                next(gen)
        except StopIteration as stop:
            action = stop.value
        computer_moved(c, action)
        if c.carrying:
            c.carry_out_saves()
        moves += 1
    return moves


def computer_moved(c: Controller, action: Action) -> None:
    """The computer on turn plays ``action``, as the jobs' answer plays it."""
    c.update(ComputerMoved(computers.computer_key(c), action))


def save_due(c: Controller) -> Save | None:
    """The Save the open game needs now (:func:`keeping.save_due` asked of the current
    model; the model is left as it is)."""
    due = keeping.save_due(c.model)[1]
    return next((e for e in due if isinstance(e, Save)), None)


def make_controller(backend: MemoryBackend | None = None, params: dict[str, str] | None = None,
                    **options) -> Controller:
    """A page's controller on ``backend``, started. ``params``: the page's parameters
    (by default ``fast=1``: the computers play without pauses); ``options``: the browser's
    facts the page is made with (``web_share``, ``safari_tab``...)."""
    store = SaveStore(backend if backend is not None else MemoryBackend(),
                      rng=random.Random(7))
    options = {"clock": Ticking(), "entropy": random.Random(11), **options}
    controller = SavingController(store, {"fast": "1"} if params is None else params, **options)
    controller.boot()
    return controller


def opened_with(backend: MemoryBackend | None = None, **params: str) -> Controller:
    """A page started with the address's ``params`` (``hash``: a shared link, ``url``:
    the page's address), as the shell starts it; the computers play without pauses."""
    return make_controller(backend, params={"fast": "1", **params})


def setup_game(c: Controller, count: int = 4, controllers=None, names=None,
               deal: int | None = STANDARD_DEAL, **options) -> None:
    """Fill in the setup form and start. ``deal`` fixes the game's seed (the page's seed is
    the clock and a random number: both are fixed while the game starts), so that every run
    of a test plays the same game; ``deal=None`` leaves the page's own seed (a test of that
    seed itself)."""
    c.handle("new-game")
    c.handle("setup-count", {"value": str(count)})
    for i in range(count):
        if names:
            c.handle("field", {"field": "name", "player": str(i), "value": names[i]})
        if controllers:
            c.handle("field", {"field": "controller", "player": str(i),
                               "value": controllers[i]})
    for key, value in options.items():
        c.handle("field", {"field": key, "value": value})
    if deal is None:
        c.handle("setup-start")
    else:
        env = c.env
        c.env = dataclasses.replace(env, clock=lambda: DEAL_CLOCK, entropy=Dealt(deal))
        try:
            c.handle("setup-start")
        finally:
            c.env = env
    assert c.page.place == "play", c.form.errors


def pending(session) -> dict:
    """The session's draft in its saved JSON form (what ``meta.ui.pending`` stores)."""
    return draft_to_json(session.draft)


def set_selection(c: Controller, colour: str, pieces) -> None:
    """Tap − and + until ``colour``'s pending counts are ``pieces``."""
    def current() -> list[int]:
        return pending(c.session)["pieces"][colour]
    for floors, want in zip((1, 2, 3, 4), pieces):
        while current()[floors - 1] > want:
            c.handle("select-dec", {"floors": str(floors), "colour": colour})
    for floors, want in zip((1, 2, 3, 4), pieces):
        while current()[floors - 1] < want:
            before = current()[floors - 1]
            c.handle("select-inc", {"floors": str(floors), "colour": colour})
            assert current()[floors - 1] == before + 1, c.session.notice


def random_selection(c: Controller, colour: str, rng: random.Random) -> tuple[int, ...]:
    state = c.session.state
    index = state.settings.colour_index(colour)
    return rng.choice(list(selections(state.stock[index], state.pieces_needed(index))))


def tap_decision(c: Controller, action, rng: random.Random | None = None) -> None:
    """Enter one decision through the taps a person would make.

    A Select covers one colour; a two-colour person chooses both colours in one step, so
    the other colour gets a random legal choice (from ``rng``) before the one Confirm."""
    if isinstance(action, Select):
        rng = rng or random.Random(repr(action))
        for colour in pending(c.session)["colours"]:
            pieces = (action.pieces if colour == action.colour
                      else random_selection(c, colour, rng))
            set_selection(c, colour, pieces)
        c.handle("confirm")
        return
    c.handle("card", {"card": f"{action.card.row},{action.card.col}"})
    c.handle("piece", {"floors": str(action.floors), "colour": action.colour})
    if isinstance(action, Build):
        c.handle("plot", {"city": str(action.city), "plot": str(action.plot)})
    c.handle("confirm")


def play_to_end(c: Controller, rng: random.Random, max_steps: int = 5000, on_step=None,
                until=None) -> list:
    """Play the game to the final screen via taps (or until ``until(c)`` holds); return
    the screen names seen."""
    seen = []
    for _ in range(max_steps):
        name = c.screen_name
        seen.append(name)
        c.render()
        if on_step:
            on_step(c, name)
        if name == "final" or (until is not None and until(c)):
            return seen
        if name == "pass":
            c.handle("reveal")
        elif name == "scoring":
            c.handle("continue")
        elif c.session.screen == "computer":
            play_computers(c, limit=1)
        else:
            before = len(c.session.game.log)
            tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
            assert len(c.session.game.log) > before, c.session.notice
    raise AssertionError("the game did not end")
