"""A game in progress: settings, seed, the log of every step, and the current state.

The :class:`Game` is what a user interface holds and what a save stores. Chance steps are
resolved automatically from the seed: outcome number ``k`` is drawn from a generator seeded
with ``"{seed}/{k}"``, so a game continued after loading a save draws exactly what it would
have drawn without the reload, on any Python.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from .actions import Action, action_to_json, is_chance
from .errors import IllegalAction, ReplayError
from .settings import Settings
from .state import CHANCE, State, new_state
from .story import Played
from .view import PlayerView, player_view, public_history


class Game:
    """Settings + seed + log; ``state`` is always the result of applying the log."""

    def __init__(self, settings: Settings, seed: str | int, meta: dict[str, Any] | None = None,
                 resolve_chance: bool = True):
        """A new game. ``resolve_chance=False`` leaves the setup steps pending, for replays."""
        self.settings = settings
        self.seed = str(seed)
        self.meta: dict[str, Any] = dict(meta or {})
        self.log: list[Action] = []
        self.state: State = new_state(settings)
        self._take_back: tuple[int, State] | None = None
        """The log's length and the state before the last play, while it may be taken
        back (:meth:`take_back`)."""
        if resolve_chance:
            self._resolve_chance()

    def copy(self) -> Game:
        """The same game as a separate value: playing or taking back one leaves the other
        as it is (the states are immutable and shared; the log is copied, and ``meta`` one
        level deep: a value in it is replaced, never changed in place, so the copies may
        share them)."""
        twin = Game.__new__(Game)
        twin.settings, twin.seed, twin.state = self.settings, self.seed, self.state
        twin.meta = dict(self.meta)
        twin.log = list(self.log)
        twin._take_back = self._take_back
        return twin

    @classmethod
    def replay(cls, settings: Settings, seed: str | int, log: Iterable[Action],
               meta: dict[str, Any] | None = None) -> Game:
        """The game these logged steps make, each checked by the rules as it is applied.

        Chance outcomes in ``log`` are taken as logged (a save records them, so a replay does
        not depend on the generator); any still pending after the last step are drawn from
        the seed. Raises :class:`~game.errors.ReplayError` naming the first bad step (counted
        from 1) and leaves nothing half-built behind.
        """
        game = cls(settings, seed, meta, resolve_chance=False)
        for number, action in enumerate(log, start=1):
            if game.state.phase != CHANCE and is_chance(action):
                raise ReplayError(number, None, "a chance outcome where a player had to decide")
            try:
                game.state = game.state.apply(action)
            except IllegalAction as error:
                raise ReplayError(number, action_to_json(action)["type"],
                                  f"{error} [{error.rule}]") from None
            game.log.append(action)
        game._resolve_chance()
        return game

    @property
    def chance_count(self) -> int:
        return sum(1 for action in self.log if is_chance(action))

    def chance_rng(self, index: int) -> random.Random:
        return random.Random(f"{self.seed}/{index}")

    def play(self, action: Action, *more: Action) -> Played:
        """Apply a player's decision (or several in turn: all of them or none), then any
        chance steps they lead to. Returns what they did (:class:`~game.story.Played`:
        the new steps and the state after each), so that the story of the game records them
        without applying them again.

        Raises :class:`~game.errors.IllegalAction` (and changes nothing) if one is illegal.
        """
        before = state = self.state
        chance = self.chance_count
        actions: list[Action] = []
        states: list[State] = []
        for decision in (action, *more):
            if is_chance(decision):
                raise IllegalAction("not-a-decision",
                                    "chance outcomes come from the seed, not players")
            state = state.apply(decision)
            actions.append(decision)
            states.append(state)
            while state.phase == CHANCE:
                outcome = state.sample_chance(self.chance_rng(chance))
                chance += 1
                state = state.apply(outcome)
                actions.append(outcome)
                states.append(state)
        played = Played(len(self.log), before, tuple(actions), tuple(states))
        revealing = any(is_chance(a) for a in actions) or len(state.scorings) > len(before.scorings)
        self._take_back = None if revealing else (len(self.log), before)
        self.state = state
        self.log.extend(actions)
        return played

    @property
    def can_take_back(self) -> bool:
        """True when the last play may still be taken back as far as the rules go: it led
        to no chance outcome (a deal, a reshuffle, Godzilla, the cities' order: each shows
        something new to the table) and to no scoring. The card drawn after a build is
        not a chance step (the deck's order was fixed by its shuffle): taking the build
        back puts the card back on the deck, and the same card comes whatever is played
        instead; whoever shows the hands must keep it hidden until the move is settled.
        A loaded game has nothing to take back, nor has a game after :meth:`take_back`.
        """
        return self._take_back is not None

    def take_back(self) -> None:
        """Undo the last play (decisions and their steps): the log and the state are what
        they were before it. Raises :class:`~game.errors.IllegalAction` when
        :attr:`can_take_back` is False."""
        if self._take_back is None:
            raise IllegalAction("no-take-back", "the last move can no longer be taken back")
        length, before = self._take_back
        self._take_back = None
        del self.log[length:]
        self.state = before

    def _resolve_chance(self) -> None:
        while self.state.phase == CHANCE:
            outcome = self.state.sample_chance(self.chance_rng(self.chance_count))
            self.state = self.state.apply(outcome)
            self.log.append(outcome)

    def view(self, player: int, history: bool = False) -> PlayerView:
        """What ``player`` may know; ``history``: with the table's public history
        (:attr:`~game.view.PlayerView.history`)."""
        if history:
            return player_view(self.state, player, public_history(self.log, self.state))
        return player_view(self.state, player)

    def decisions(self) -> list[Action]:
        """The players' decisions so far, without chance outcomes."""
        return [a for a in self.log if not is_chance(a)]
