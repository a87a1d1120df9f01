"""Computer players. Each decides from a :class:`~game.view.PlayerView` only, never a full state.

One protocol for every player, so callers never ask what kind of player they hold:

* ``player.start(view, rng) -> Thinking`` begins a decision (cheap; one-shot players such as
  ``random`` and ``greedy`` decide here and return an already finished :class:`Thinking`);
* ``thinking.step(max_seconds) -> bool`` works for about that long (``None``: to the end) and
  returns True once the decision is made;
* ``thinking.best() -> Action`` is the decision (the best so far if called earlier).

:func:`think` is the one "step until done or deadline" loop, as a generator that yields
between slices (for a browser's event loop); :func:`decide` runs it to the end.

``make_player("random")`` builds a player from its id; ids are what settings store in
``PlayerSpec.controller`` and what ``python -m game selfplay --bots`` takes.
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


def _search(level: str, tables: dict[int, dict[str, object]] | None = None,
            **config: object) -> Callable[[], ComputerPlayer]:
    """A factory for one search level (``config``: :class:`~game.ai.search.SearchConfig`
    fields; ``tables``: per table size, the fields that differ there). Modules are imported
    on first use, which keeps ``import game.ai`` (and so the page's start-up) cheap."""
    def build() -> ComputerPlayer:
        from dataclasses import replace

        from .search import SearchConfig, SearchPlayer
        base = SearchConfig(**config)  # type: ignore[arg-type]
        per_table = {n: replace(base, **changes)  # type: ignore[arg-type]
                     for n, changes in (tables or {}).items()}
        return SearchPlayer(f"search:{level}", base, per_table)
    return build


def _greedy() -> ComputerPlayer:
    from .greedy import GreedyPlayer
    return GreedyPlayer()


def _heuristic() -> ComputerPlayer:
    from .heuristic import HeuristicPlayer
    return HeuristicPlayer()


PLAYERS: dict[str, Callable[[], ComputerPlayer]] = {
    "random": RandomPlayer,
    "greedy": _greedy,
    "heuristic": _heuristic,
    "search:1": _search("1", iterations=100, root_width=6, inner_width=3),
    "search:2": _search("2", iterations=300, root_width=10, inner_width=4),
    "search:3": _search("3", iterations=600, root_width=10, inner_width=4, select_width=6,
                        foresight=1.0, root_ranking="heuristic", depth=8, max_seconds=3.0,
                        tables={3: {"inner_ranking": "heuristic", "root_select_width": 1,
                                    "iterations": 400}}),
}
"""Every computer player by id. ``search:1`` and ``search:2`` differ only in budget and
width; ``search:3`` (issue 13) ranks its root moves with ``heuristic``, values leaves with
foresight (pieces left against the towers they can take, big pieces kept for later) and
stops playouts 8 decisions from the root, so its 600 iterations take about 0.5-0.6 CPU
seconds in CPython and about 0.6 s in Pyodide (median; p95 0.7-0.8 s). At 3-player tables
its inner nodes weigh the replies ``heuristic`` would make (about twice the work per
iteration), so it searches 400 iterations there (Pyodide: ~0.85 s), and it takes the pieces
the selection heuristic ranks first, as ``heuristic`` does, without searching them.

The budget is the iterations (issue 27.5): the same seed gives the same decision in every
browser. ``max_seconds=3.0`` only stops a device more than three times slower than Chromium
on this machine (before issue 27 a 0.9 s cap ended most 3-player decisions in the browser
and WebKit's slowest ones, so a slower browser met a weaker opponent)."""

STRONGEST = "search:3"
"""The id of the strongest level (hints and the post-game review use it)."""


def _custom_search(player_id: str) -> ComputerPlayer:
    """``search[iterations=300;foresight=1;root_ranking=heuristic]``: a search with any
    :class:`~game.ai.search.SearchConfig` fields, for experiments and benchmarks (not a level
    of the page)."""
    from dataclasses import fields

    from .search import SearchConfig, SearchPlayer
    types = {f.name: f.type for f in fields(SearchConfig)}
    values: dict[str, object] = {}
    for item in player_id[len("search["):-1].split(";"):
        key, _, text = item.partition("=")
        key = key.strip()
        if key not in types:
            raise ValueError(f"unknown search setting {key!r} in {player_id!r}")
        kind = str(types[key])
        text = text.strip()
        if text == "None":
            values[key] = None
        elif kind.startswith("int"):
            values[key] = int(text)
        elif kind.startswith("float"):
            values[key] = float(text)
        else:
            values[key] = text
    return SearchPlayer(player_id, SearchConfig(**values))  # type: ignore[arg-type]


PREVIOUS: dict[str, str] = {
    "search:3-v1": "search[iterations=800;root_width=12;inner_width=5]",
    "search:3-v2": "search[iterations=600;root_width=10;inner_width=4;select_width=6;"
                   "foresight=1.0;root_ranking=heuristic;depth=8;max_seconds=0.9]",
}
"""Earlier versions of levels, kept for comparisons in docs/ai.md (not offered in the page):
``search:3-v1`` is ``search:3`` before issue 13 (full-round playouts, greedy root ranking,
no foresight); ``search:3-v2`` is the first ``search:3`` of issue 13 (heuristic root ranking,
foresight, playouts cut 8 decisions from the root, no prior)."""


def _threat() -> ComputerPlayer:
    from .yardstick import ThreatPlayer
    return ThreatPlayer()


def _majority() -> ComputerPlayer:
    from .yardstick import MajorityPlayer
    return MajorityPlayer()


YARDSTICK: dict[str, Callable[[], ComputerPlayer]] = {
    "threat": _threat,
    "majority": _majority,
}
"""Fixed opponents written from the rules, not from the search's evaluation (issue 27,
:mod:`game.ai.yardstick`): accepted by :func:`make_player` and ``selfplay`` but not offered
in the page (the setup screen lists :data:`PLAYERS`)."""

POOL: tuple[str, ...] = ("heuristic", "threat", "majority")
"""The yardstick pool the strongest level is measured against (``scripts/bench_yardstick.py``)."""


def make_player(player_id: str) -> ComputerPlayer:
    spec = PREVIOUS.get(player_id, player_id)
    if spec.startswith("search[") and spec.endswith("]"):
        return _custom_search(spec)
    factory = PLAYERS.get(player_id) or YARDSTICK.get(player_id)
    if factory is None:
        raise ValueError(f"unknown computer player {player_id!r}; "
                         f"choose from {', '.join(sorted([*PLAYERS, *YARDSTICK]))}")
    return factory()
