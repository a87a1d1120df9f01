"""What the page's update reads besides the model, and never changes: :class:`Env`; and
what it needs of it to start a game (:func:`new_game`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ...ai import ComputerPlayer
from ...match import Game
from ...settings import Settings
from ..saves.storage import SaveStore
from ..thinking.coach import set_hints
from ..values.effects import Effect, StoreNewGame
from ..values.session import Session


@dataclass(frozen=True)
class Env:
    """What an update reads besides the model, the same for the page's life."""

    store: SaveStore
    """Read only: every write is an effect (game/web/runtime/storing.py)."""
    params: Mapping[str, str]
    """The page's parameters (the address's query, ``hash`` and ``url``): fixed for its life."""
    clock: Callable[[], float]
    format_time: Callable[[float], str]
    report: Callable[[str], None]
    controllers: tuple[str, ...]
    computer_players: dict[str, ComputerPlayer]
    """The computer players by level id, made once (a cache: they hold no game)."""
    entropy: random.Random
    """The page's own chance: with the clock, a new game's seed (two games started in the
    same millisecond still differ). The page's is seeded by the system; a test's by the test,
    so that a rematch deals the same cards on every run."""


def new_game(env: Env, settings: Settings, seed: str | None = None, hints: bool = False,
             keep_table: bool = False, tutorial: bool = False) -> tuple[Effect, ...]:
    """Start a game, but only if it can be stored (else the screen stays and says why:
    :class:`~game.web.values.answers.NewGameStored` opens it once the storage has it).
    ``hints``: the people may ask the strongest level for a suggestion (kept in the
    save's ``meta.coach``)."""
    seed = seed or f"{int(env.clock() * 1000)}-{env.entropy.randrange(10 ** 6)}"
    game = Game(settings, seed, meta={"app": "manhattan-web"})
    set_hints(game.meta, hints)
    Session(game)  # (its table state written into the game's meta)
    return (StoreNewGame(env.store.new_id(), game, keep_table, tutorial),)
