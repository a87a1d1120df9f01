"""Computer players. Each decides from a :class:`~game.view.PlayerView` only, never a full state.

``make_player("random")`` builds a player from its id; ids are what settings store in
``PlayerSpec.controller`` and what ``python -m game selfplay --bots`` takes.
"""

from __future__ import annotations

import random
from typing import Callable, Protocol

from ..actions import Action
from ..view import PlayerView


class ComputerPlayer(Protocol):
    """Anything that picks a legal decision from what its seat may know."""

    id: str

    def choose(self, view: PlayerView, rng: random.Random) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal decisions: the baseline every other player must beat."""

    id = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return rng.choice(view.legal_actions())


PLAYERS: dict[str, Callable[[], ComputerPlayer]] = {"random": RandomPlayer}


def make_player(player_id: str) -> ComputerPlayer:
    try:
        return PLAYERS[player_id]()
    except KeyError:
        raise ValueError(f"unknown computer player {player_id!r}; "
                         f"choose from {', '.join(sorted(PLAYERS))}") from None
