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


def _search(level: str, iterations: int, root_width: int, inner_width: int
            ) -> Callable[[], ComputerPlayer]:
    """A factory for one search level. Modules are imported on first use, which keeps
    ``import game.ai`` (and so the page's start-up) cheap."""
    def build() -> ComputerPlayer:
        from .search import SearchConfig, SearchPlayer
        return SearchPlayer(f"search:{level}", SearchConfig(
            iterations=iterations, root_width=root_width, inner_width=inner_width))
    return build


def _greedy() -> ComputerPlayer:
    from .greedy import GreedyPlayer
    return GreedyPlayer()


PLAYERS: dict[str, Callable[[], ComputerPlayer]] = {
    "random": RandomPlayer,
    "greedy": _greedy,
    "search:1": _search("1", iterations=100, root_width=6, inner_width=3),
    "search:2": _search("2", iterations=300, root_width=10, inner_width=4),
    "search:3": _search("3", iterations=800, root_width=12, inner_width=5),
}
"""Every computer player by id. ``search:N`` levels differ only in budget and width."""


def make_player(player_id: str) -> ComputerPlayer:
    try:
        return PLAYERS[player_id]()
    except KeyError:
        raise ValueError(f"unknown computer player {player_id!r}; "
                         f"choose from {', '.join(sorted(PLAYERS))}") from None
