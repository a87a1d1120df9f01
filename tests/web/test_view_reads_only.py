"""A pure view: drawing the page (``App.draw``: the frame built from the model, the element
tree, the DOM patched) reads the model and changes nothing of it, on every screen a game
goes through; the frame never reads the storage (the storage's facts the start, setup and
statistics screens show are the model's shelf, read by a message first)."""

from __future__ import annotations

import json
import random
from typing import Any

from fakebrowser import make_page
from play_kit import make_controller, play_to_end, setup_game

from game.web.model.controller import Controller
from game.web.saves.storage import MemoryBackend

STATES = ("page", "rules", "home", "table", "coach", "sharing", "saved", "stats", "form",
          "shelf", "game_id")


def model_of(c: Controller) -> tuple[Any, ...]:
    """Everything the page holds between messages, as values to compare."""
    session = c.session
    game = None if session is None else (len(session.game.log),
                                         json.dumps(session.game.meta, sort_keys=True),
                                         session.screen, session.draft)
    return (*(getattr(c, name) for name in STATES), game, list(c.effects))


class CountingBackend(MemoryBackend):
    """A storage that counts what is read and written."""

    def __init__(self) -> None:
        super().__init__()
        self.used = 0

    def get(self, key: str) -> str | None:
        self.used += 1
        return super().get(key)

    def set(self, key: str, value: str) -> None:
        self.used += 1
        super().set(key, value)

    def keys(self) -> list[str]:
        self.used += 1
        return super().keys()


def test_drawing_reads_the_model_only_on_every_screen_of_a_game():
    backend = CountingBackend()
    c = make_controller(backend)
    app, _, _ = make_page(c)
    screens: set[str] = set()

    def drawn(controller: Controller, name: str) -> None:
        before = model_of(controller)
        used = backend.used
        assert app.draw()
        assert model_of(controller) == before, name
        assert backend.used == used, f"the drawing of {name} used the storage"
        screens.add(controller.screen_name)

    for action in ("home", "new-game"):
        c.handle(action)
        drawn(c, action)
    setup_game(c, 3, controllers=["human", "human", "greedy"], names=["Ann", "Bob", "Cy"])
    play_to_end(c, random.Random(3), on_step=drawn)
    c.handle("review")
    drawn(c, "review")
    c.handle("stats")
    drawn(c, "stats")
    assert {"start", "setup", "pass", "play", "scoring", "final", "review", "stats"} <= screens
