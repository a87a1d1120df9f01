"""The game's story: the public events of a game, step by step, told from its log.

A save's log holds every decision and chance outcome; this module walks it through the
engine (:meth:`State.apply`, the same rules :meth:`Game.replay` checks) and turns each step
into typed public events: who placed which piece where, whose tower was taken over, which
city majority changed hands, a new tallest tower, Godzilla's moves and what they destroyed,
pieces returned to the box, scorings. A user interface tells them (the digest "since your
last turn", the game log, the replay, the score story); it never re-derives them.

Public information only, by construction: no event holds a hand, the draw pile or a
shuffle's order. Under secret selection a :class:`Selected` event is public only once the
round's building starts (:meth:`Story.entries` leaves it out before that).

Design: a :class:`Story` keeps the state after each step (so a replay of step ``k`` is a
lookup, and a growing game is walked incrementally: each new step costs one ``apply``). The
states are full engine states, hidden parts included: they stay with the caller that owns
the game (the session); only events and public views of them go to screens.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from .actions import (
    Action,
    Build,
    ChooseStartPlayer,
    OrderCities,
    PlaceGodzilla,
    ReturnPiece,
    Select,
    Shuffle,
)
from .board import Board, Tower, height, owner
from .material import CITIES, PLOTS_PER_CITY, Card
from .scoring import score_board
from .settings import Settings
from .state import BUILD, SELECT, State, new_state

Majority = str | Literal["tie", "none"]
"""A city's majority: the colour holding it, ``"tie"`` (towers, but no single leader) or
``"none"`` (no tower in the city)."""


@dataclass(frozen=True, slots=True)
class Selected:
    """A colour's pieces for the round were chosen."""

    step: int
    round: int
    player: int
    colour: str
    pieces: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Placed:
    """A piece was built: ``pos`` is ``city * 9 + plot``; ``height`` the tower's after it."""

    step: int
    round: int
    player: int
    colour: str
    floors: int
    pos: int
    card: Card
    height: int


@dataclass(frozen=True, slots=True)
class TakenOver:
    """The tower at ``pos`` changed owner from ``previous`` to ``colour`` by a build."""

    step: int
    round: int
    pos: int
    colour: str
    previous: str


@dataclass(frozen=True, slots=True)
class Returned:
    """No legal build: the player played ``card`` and returned a piece to the box."""

    step: int
    round: int
    player: int
    colour: str
    floors: int
    card: Card


@dataclass(frozen=True, slots=True)
class GodzillaMoved:
    step: int
    round: int
    origin: int
    target: int


@dataclass(frozen=True, slots=True)
class Destroyed:
    """Godzilla (or Baby Godzilla) destroyed ``pieces`` (bottom to top) at ``pos``;
    ``left`` is the height that remains, ``previous`` the owner before."""

    step: int
    round: int
    pos: int
    pieces: tuple[tuple[str, int], ...]
    left: int
    previous: str


@dataclass(frozen=True, slots=True)
class MajorityChanged:
    step: int
    round: int
    city: int
    before: Majority
    after: Majority


@dataclass(frozen=True, slots=True)
class TallestChanged:
    """The tallest tower is now at ``pos`` (owned by ``colour``), or shared (``pos`` None)."""

    step: int
    round: int
    pos: int | None
    height: int
    colour: str | None


@dataclass(frozen=True, slots=True)
class Scored:
    """Round ``round`` was scored: ``index`` into the state's scorings."""

    step: int
    round: int
    index: int


@dataclass(frozen=True, slots=True)
class Dealt:
    """The cards were shuffled and dealt (the order is not told)."""

    step: int
    round: int


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The draw pile was empty: the played cards became a new pile (its order not told)."""

    step: int
    round: int


@dataclass(frozen=True, slots=True)
class StartPlayerChosen:
    step: int
    round: int
    player: int


@dataclass(frozen=True, slots=True)
class GodzillaPlaced:
    step: int
    round: int
    pos: int


@dataclass(frozen=True, slots=True)
class CitiesOrdered:
    step: int
    round: int
    order: tuple[int, ...]


Event = (Selected | Placed | TakenOver | Returned | GodzillaMoved | Destroyed | MajorityChanged
         | TallestChanged | Scored | Dealt | Reshuffled | StartPlayerChosen | GodzillaPlaced
         | CitiesOrdered)


@dataclass(frozen=True, slots=True)
class Entry:
    """One step of the log (``step`` = its index in the save's log) and what it did.

    ``actor`` is the player who decided (None for a chance step)."""

    step: int
    round: int
    actor: int | None
    events: tuple[Event, ...]

    @property
    def positions(self) -> tuple[int, ...]:
        """The plots this step changed (built on, taken over, destroyed)."""
        out: list[int] = []
        for e in self.events:
            if isinstance(e, (Placed, TakenOver, Destroyed)) and e.pos not in out:
                out.append(e.pos)
        return tuple(out)


# ------------------------------------------------------------------- facts of a board
def majorities(board: Board, colours: Sequence[str]) -> tuple[Majority, ...]:
    """Who holds each city's majority on ``board`` (the scoring's rule, asked of it)."""
    result = score_board(board, len(colours))
    out: list[Majority] = []
    for city in result.cities:
        if city.majority is not None:
            out.append(colours[city.majority])
        elif any(city.towers):
            out.append("tie")
        else:
            out.append("none")
    return tuple(out)


def tallest_positions(board: Board) -> tuple[int, ...]:
    """Every tower of the greatest height (one: it scores; several: nobody scores)."""
    best = max((height(t) for t in board), default=0)
    if best == 0:
        return ()
    return tuple(pos for pos, t in enumerate(board) if height(t) == best)


# ---------------------------------------------------------------------- one step
def step_events(step: int, before: State, action: Action, after: State) -> tuple[Event, ...]:
    """The public events of applying ``action`` (log index ``step``) to ``before``."""
    colours = before.settings.colours
    rnd = before.round
    events: list[Event] = []
    if isinstance(action, Select):
        player = before.current
        assert player is not None
        events.append(Selected(step, rnd, player, action.colour, action.pieces))
    elif isinstance(action, Build):
        player = before.current
        assert player is not None
        pos = action.city * PLOTS_PER_CITY + action.plot
        tower = before.board[pos]
        built: Tower = tower + ((colours.index(action.colour), action.floors),)
        events.append(Placed(step, rnd, player, action.colour, action.floors, pos, action.card,
                             height(built)))
        top = owner(tower)
        if top is not None and colours[top] != action.colour:
            events.append(TakenOver(step, rnd, pos, action.colour, colours[top]))
        if before.godzilla is not None and after.godzilla is not None:
            g = after.godzilla
            if g != before.godzilla:
                events.append(GodzillaMoved(step, rnd, before.godzilla, g))
            expected = built if g == pos else before.board[g]
            left = after.board[g]
            if len(left) < len(expected):
                lost = expected[len(left):]
                events.append(Destroyed(step, rnd, g, tuple((colours[c], f) for c, f in lost),
                                        height(left), colours[expected[-1][0]]))
        events.extend(_board_changes(step, rnd, before.board, after.board, colours))
    elif isinstance(action, ReturnPiece):
        player = before.current
        assert player is not None
        events.append(Returned(step, rnd, player, action.colour, action.floors, action.card))
    elif isinstance(action, Shuffle):
        events.append(Dealt(step, rnd) if before.chance == "deal" else Reshuffled(step, rnd))
    elif isinstance(action, ChooseStartPlayer):
        events.append(StartPlayerChosen(step, rnd, action.player))
    elif isinstance(action, PlaceGodzilla):
        events.append(GodzillaPlaced(step, rnd, action.city * PLOTS_PER_CITY + 4))
    elif isinstance(action, OrderCities):
        events.append(CitiesOrdered(step, rnd, action.order))
    if len(after.scorings) > len(before.scorings):
        events.append(Scored(step, rnd, len(before.scorings)))
    return tuple(events)


def _board_changes(step: int, rnd: int, before: Board, after: Board,
                   colours: Sequence[str]) -> list[Event]:
    events: list[Event] = []
    old, new = majorities(before, colours), majorities(after, colours)
    for city in range(len(CITIES)):
        if old[city] != new[city]:
            events.append(MajorityChanged(step, rnd, city, old[city], new[city]))
    old_t, new_t = _tallest_fact(before), _tallest_fact(after)
    if new_t != old_t and new_t[1] > 0:
        pos, best = new_t
        colour = colours[owner(after[pos])] if pos is not None else None  # type: ignore[index]
        if pos is None or old_t[0] != pos or _owner_at(before, pos) != _owner_at(after, pos):
            events.append(TallestChanged(step, rnd, pos, best, colour))
    elif new_t[0] is not None and _owner_at(before, new_t[0]) != _owner_at(after, new_t[0]):
        pos = new_t[0]
        events.append(TallestChanged(step, rnd, pos, new_t[1],
                                     colours[owner(after[pos])]))  # type: ignore[index]
    return events


def _tallest_fact(board: Board) -> tuple[int | None, int]:
    positions = tallest_positions(board)
    best = height(board[positions[0]]) if positions else 0
    return (positions[0] if len(positions) == 1 else None), best


def _owner_at(board: Board, pos: int) -> int | None:
    return owner(board[pos])


# ------------------------------------------------------------------------ the story
@dataclass(frozen=True)
class Played:
    """What one :meth:`game.match.Game.play` did: the log steps it added (the decisions and
    the chance steps they led to) from log index ``first``, with the state before them and
    the state after each. A :class:`Story` records it without applying anything again; the
    public entries are worked out only when asked for (self-play never asks)."""

    first: int
    before: State
    actions: tuple[Action, ...]
    states: tuple[State, ...]

    @property
    def state(self) -> State:
        return self.states[-1] if self.states else self.before

    @cached_property
    def entries(self) -> tuple[Entry, ...]:
        entries = []
        before = self.before
        for k, (action, after) in enumerate(zip(self.actions, self.states), start=self.first):
            actor = before.current if before.phase != "chance" else None
            entries.append(Entry(k, before.round, actor, step_events(k, before, action, after)))
            before = after
        return tuple(entries)


class Story:
    """The states and events of one game's log, walked through the engine once.

    ``states[k]`` is the state before step ``k`` (``states[len(log)]`` the state now);
    ``entries`` are public. :meth:`extend` adds the steps a growing log gained."""

    def __init__(self, settings: Settings, log: Iterable[Action] = ()):
        self.settings = settings
        self.states: list[State] = [new_state(settings)]
        self.actions: list[Action] = []
        self.all_entries: list[Entry] = []
        self.extend(log)

    def extend(self, log: Iterable[Action]) -> None:
        """Walk the steps of ``log`` beyond those already told (``log`` is the whole log).
        Raises :class:`~game.errors.IllegalAction` on a step the rules refuse."""
        for k, action in enumerate(log):
            if k < len(self.actions):
                continue
            before = self.states[-1]
            self.record(Played(k, before, (action,), (before.apply(action),)))

    def record(self, played: Played) -> None:
        """Add the steps of a :meth:`~game.match.Game.play` as told there (a play of a
        game this story has not caught up with is walked by :meth:`extend` instead)."""
        if played.first != len(self.actions):
            return
        self.all_entries.extend(played.entries)
        self.actions.extend(played.actions)
        self.states.extend(played.states)

    def __len__(self) -> int:
        return len(self.actions)

    @property
    def state(self) -> State:
        return self.states[-1]

    def entries(self, upto: int | None = None) -> tuple[Entry, ...]:
        """The public entries of the first ``upto`` steps (all by default): a secret
        selection is left out while its round's selection is still going on."""
        n = len(self.actions) if upto is None else max(0, min(upto, len(self.actions)))
        now = self.states[n]
        hide_round = (now.round if self.settings.secret_selection and now.phase == SELECT
                      else None)
        out = []
        for entry in self.all_entries[:n]:
            if hide_round is not None and entry.round == hide_round and any(
                    isinstance(e, Selected) for e in entry.events):
                continue
            out.append(entry)
        return tuple(out)

    def last_decision(self, player: int, before: int | None = None) -> int | None:
        """The log index of ``player``'s latest decision before step ``before``."""
        n = len(self.actions) if before is None else before
        for entry in reversed(self.all_entries[:n]):
            if entry.actor == player:
                return entry.step
        return None

    def since_last_turn(self, player: int) -> tuple[Entry, ...]:
        """The digest for ``player`` now: every public entry after their latest decision
        (from the start of the game before their first one)."""
        last = self.last_decision(player)
        entries = self.entries()
        if last is None:
            return tuple(e for e in entries if e.actor is not None or _told_chance(e))
        return tuple(e for e in entries if e.step > last)

    def last_builds(self, upto: int | None = None) -> dict[int, int]:
        """Each player's last move, outlined on the board until their next turn: the plot of
        their latest build in the first ``upto`` steps (all by default). None for a player
        whose latest turn returned a piece, nor for the player whose building turn it is
        then (their next turn has come)."""
        n = len(self.actions) if upto is None else max(0, min(upto, len(self.actions)))
        last: dict[int, int | None] = {}
        for entry in self.all_entries[:n]:
            for e in entry.events:
                if isinstance(e, Placed):
                    last[e.player] = e.pos
                elif isinstance(e, Returned):
                    last[e.player] = None
        now = self.states[n]
        on_turn = now.current if now.phase == BUILD else None
        return {p: pos for p, pos in last.items() if pos is not None and p != on_turn}

    def takeovers(self) -> dict[str, int]:
        """How many towers each colour took over during the game."""
        out: dict[str, int] = {}
        for entry in self.all_entries:
            for e in entry.events:
                if isinstance(e, TakenOver):
                    out[e.colour] = out.get(e.colour, 0) + 1
        return out


def _told_chance(entry: Entry) -> bool:
    return any(isinstance(e, (Reshuffled, GodzillaPlaced, StartPlayerChosen, CitiesOrdered))
               for e in entry.events)
