"""Computer players. Each decides from a :class:`~game.view.PlayerView` only, never a full state.

One protocol for every player, so callers never ask what kind of player they hold:

* ``player.start(view, rng) -> Thinking`` begins a decision (cheap; one-shot players such as
  ``random`` and ``greedy`` decide here and return an already finished :class:`Thinking`);
* ``thinking.step(max_seconds) -> bool`` works for about that long (``None``: to the end) and
  returns True once the decision is made;
* ``thinking.best() -> Action`` is the decision (the best so far if called earlier).

:func:`think` is the one "step until done or deadline" loop, as a generator that yields
between slices (for a browser's event loop); :func:`decide` runs it to the end.

The levels are :class:`~game.ai.levels.Level` values (:mod:`game.ai.levels`): an id as
saves store it, read once by :func:`parse_level`, and ``level.make()`` builds the player;
``make_player("random")`` does both for a script's text.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator
from typing import Protocol

from ..actions import Action
from ..view import PlayerView


class Thinking(Protocol):
    """One decision in progress."""

    def step(self, max_seconds: float | None = None) -> bool:
        """Work for about ``max_seconds`` (None: until done); True once the decision is made."""
        ...

    def best(self) -> Action:
        """The decision (before ``step`` returned True: the best found so far)."""
        ...


class ComputerPlayer(Protocol):
    """Anything that picks a legal decision from what its seat may know."""

    @property
    def id(self) -> str: ...

    def start(self, view: PlayerView, rng: random.Random) -> Thinking:
        """Begin deciding for ``view.player``; draws from ``rng`` only here, never later."""
        ...


class Decided:
    """A :class:`Thinking` that is finished from the start (one-shot players)."""

    __slots__ = ("action",)

    def __init__(self, action: Action) -> None:
        self.action = action

    def step(self, max_seconds: float | None = None) -> bool:
        return True

    def best(self) -> Action:
        return self.action


SLICE_SECONDS = 0.03
"""Default length of one slice of thinking between two yields (the browser's frame budget)."""


def think(player: ComputerPlayer, view: PlayerView, rng: random.Random, *,
          slice_seconds: float | None = SLICE_SECONDS, max_seconds: float | None = None,
          clock: Callable[[], float] = time.perf_counter) -> Generator[None, None, Action]:
    """Let ``player`` decide in slices of ``slice_seconds``, yielding between them; the
    generator's return value is the decision. ``max_seconds`` is the caller's cap on the
    whole decision (None: the player's own budget decides when it is done)."""
    thinking = player.start(view, rng)
    deadline = None if max_seconds is None else clock() + max_seconds
    while not thinking.step(slice_seconds):
        if deadline is not None and clock() >= deadline:
            break
        yield None
    return thinking.best()


def decide(player: ComputerPlayer, view: PlayerView, rng: random.Random, *,
           slice_seconds: float | None = None, max_seconds: float | None = None) -> Action:
    """The player's decision for ``view``, computed here and now (see :func:`think`)."""
    work = think(player, view, rng, slice_seconds=slice_seconds, max_seconds=max_seconds)
    while True:
        try:
            next(work)
        except StopIteration as finished:
            action: Action = finished.value
            return action


class OneShot:
    """Base of players that decide at once: :meth:`start` returns a finished thinking."""

    id = "one-shot"

    def choose_now(self, view: PlayerView, rng: random.Random) -> Action:
        raise NotImplementedError

    def start(self, view: PlayerView, rng: random.Random) -> Thinking:
        return Decided(self.choose_now(view, rng))


class OnePly(OneShot):
    """A one-shot player that ranks every legal decision and takes the first (a single
    legal decision is taken without ranking)."""

    def ranked(self, view: PlayerView, rng: random.Random) -> list[tuple[float, Action]]:
        raise NotImplementedError

    def choose_now(self, view: PlayerView, rng: random.Random) -> Action:
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.ranked(view, rng)[0][1]


class RandomPlayer(OneShot):
    """Picks uniformly among the legal decisions: the baseline every other player must beat."""

    id = "random"

    def choose_now(self, view: PlayerView, rng: random.Random) -> Action:
        return rng.choice(view.legal_actions())


from .levels import (  # noqa: E402  # the registry builds players from this module's classes
    BY_ID,
    OFFERED,
    POOL,
    PREVIOUS,
    STRONGEST,
    WIDER_POOL,
    YARDSTICK,
    Level,
    find_level,
    parse_level,
)

__all__ = [
    "BY_ID", "OFFERED", "POOL", "PREVIOUS", "SLICE_SECONDS", "STRONGEST", "WIDER_POOL", "YARDSTICK",
    "ComputerPlayer", "Decided", "Level", "OnePly", "OneShot", "RandomPlayer", "Thinking",
    "decide", "find_level", "make_player", "parse_level", "think",
]


def make_player(level_id: str) -> ComputerPlayer:
    """A player of the level ``level_id`` names (:func:`parse_level`; unknown: ValueError).
    For the command line and scripts, where the id comes in as text."""
    return parse_level(level_id).make()
