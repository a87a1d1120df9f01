"""The table's taps in a game: setting it up, showing a hand, choosing pieces, a card, a
piece and a plot, Confirm and Undo, the scoring, a rematch (typed messages, listed in
:data:`game.web.model.ui_actions.ACTIONS`). The rules are the engine's: a tap goes to the
session's draft, which asks the engine.

What the play screen shows around the game is one frozen :class:`Table` value (the game
menu, a computer's move being shown, the final board instead of the standings, the city
shown large, and the log, inspector and replay of :mod:`game.web.features.following`),
changed only by the pure functions below. The game itself is the session's (mutable by
design: its log grows)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, assert_never

from ...actions import Action, Build, ReturnPiece
from ...material import SEATS
from ...settings import Settings
from ..frames.frame import BUILD, Frame, PlayPage, TurnFrame
from ..values.effects import Effect, ShowBoard
from . import following
from .following import LIVE, Following

if TYPE_CHECKING:
    pass


@dataclass(frozen=True)
class Table:
    """The play screen's state (a new game starts from :data:`OPENED`)."""

    menu_open: bool = False
    """The game menu of the top bar."""
    preview: Action | None = None
    """A computer's build or return being shown before it is played."""
    peek: bool = False
    """The final board instead of the standings."""
    zoom_at: tuple[int, int] | None = None
    """The city shown large and the number of moves then (any move closes it)."""
    following: Following = LIVE


OPENED = Table()


def menu_closed(t: Table) -> Table:
    return replace(t, menu_open=False) if t.menu_open else t


def peek_toggled(t: Table) -> Table:
    return replace(t, peek=not t.peek, zoom_at=None)


def zoomed(t: Table, city: int, moves: int) -> Table:
    return replace(t, zoom_at=(city, moves))


def zoomed_out(t: Table) -> Table:
    return replace(t, zoom_at=None)


# ------------------------------------------------------------------ the one door
# The play screen's actions around the game, each a small frozen value, and :func:`update`
# (the Elm architecture's ``update``); following the game is
# :mod:`game.web.features.following`'s, reached through :class:`Follow`.

@dataclass(frozen=True)
class ToggleMenu:
    """The game menu of the top bar opened or closed (its tools: log, inspect, speed, hide
    the cards, rules, language, saved games). Its button is drawn only in a game, and
    leaving a game closes it (:class:`OpenTable`)."""


@dataclass(frozen=True)
class CloseMenu:
    pass


@dataclass(frozen=True)
class TogglePeek:
    pass


@dataclass(frozen=True)
class ZoomIn:
    """The city ``city`` shown large while the log has ``moves`` steps."""

    city: int
    moves: int


@dataclass(frozen=True)
class ZoomOut:
    pass


@dataclass(frozen=True)
class Follow:
    """An action of following the game (the log, the inspector, the replay)."""

    action: following.FollowingAction


@dataclass(frozen=True)
class HidePeek:
    """The standings again instead of the final board."""


@dataclass(frozen=True)
class Preview:
    """A computer's build or return shown before it is played (None: none shown)."""

    action: Action | None


@dataclass(frozen=True)
class OpenTable:
    """Another game (or none) is open: its screen opens as :data:`OPENED`."""


Effects = tuple[Effect, ...]

TableAction = (ToggleMenu | CloseMenu | TogglePeek | HidePeek | ZoomIn | ZoomOut | Follow | Preview
               | OpenTable)


def update(t: Table, action: TableAction) -> tuple[Table, tuple[Effect, ...]]:
    """The play screen's one update: the new value and what it asks of the browser."""
    match action:
        case ToggleMenu():
            return replace(t, menu_open=not t.menu_open), ()
        case CloseMenu():
            return menu_closed(t), ()
        case TogglePeek():
            return peek_toggled(t), ()
        case HidePeek():
            return replace(t, peek=False), ()
        case Preview(shown):
            shown = shown if isinstance(shown, (Build, ReturnPiece)) else None
            return replace(t, preview=shown), ()
        case OpenTable():
            return OPENED, ()
        case ZoomIn(city, moves):
            return zoomed(t, city, moves), ()
        case ZoomOut():
            return zoomed_out(t), ()
        case Follow(inner):
            f, effects = following.update(t.following, inner)
            return replace(t, following=f), effects
        case _:
            assert_never(action)


BoardKey = tuple[int, int, int, bool, int | None]
"""A building turn on screen: (the person, the round, the log's length, a piece chosen, the
city shown large)."""


def building_turn(frame: Frame) -> BoardKey | None:
    """The building turn this frame shows to the person holding the device, with whether a
    card and piece are chosen (the plots to tap are then on the board) and the city opened
    large (its header and plots must be in view); None on any other screen (a selection, a
    pass screen, a computer's turn, the replay...)."""
    if not isinstance(frame, PlayPage) or not isinstance(frame.play, TurnFrame):
        return None
    f = frame.play.table
    view = f.view
    if not f.show_private or view.phase != BUILD or view.current != f.viewer:
        return None
    return (f.viewer, view.round, len(f.story.entries), bool(f.targets), f.zoom)


def board_shown(last: BoardKey | None, frame: Frame) -> tuple[BoardKey | None, list[Effect]]:
    """After a drawing: a building turn newly on screen, its piece newly chosen or a city
    opened large brings the board into view (on a phone the panel just used is below it, and the page may have
    been scrolled to the selection: the board must not stay off screen while building).
    However the turn came: a confirmed selection, a pass screen, a computer's move, a game
    opened. Returns the key drawn and the effects."""
    key = building_turn(frame)
    return key, [ShowBoard()] if key is not None and key != last else []


# ------------------------------------------------------------------ the taps
# The table's taps that need more than one update, as typed messages (the action table
# parses straight into them; the others are the session's or the setup form's own
# actions), and :func:`tapped`, their update. The rules are the engine's: a tap on the game
# goes to the session's draft, which asks the engine.

@dataclass(frozen=True)
class StartGame:
    """The setup form's Start: the game begins if the form is valid and it can be stored."""


@dataclass(frozen=True)
class PlotTapped:
    """A plot tapped: inspected while inspecting, else the draft's plot."""

    city: int
    plot: int


@dataclass(frozen=True)
class TakeBackTapped:
    """"Take back my move": the last person's move taken back before anyone else saw a
    consequence of it (the session asks the engine whether it still may be)."""


@dataclass(frozen=True)
class ScoringSeen:
    """The scoring's Continue (the board looked at from its sheet is closed too)."""


@dataclass(frozen=True)
class Rematch:
    """"Play again": the same players, levels and options, seats rotated, started at once."""


@dataclass(frozen=True)
class HintsSwitched:
    """The game menu's hints switch: a person may ask for hints, or not (the hints asked
    already are forgotten when they are switched off: the save's ``meta.coach``)."""


PlayingTap = StartGame | PlotTapped | TakeBackTapped | ScoringSeen | Rematch | HintsSwitched


def seats_rotated(settings: Settings) -> Settings:
    """The same table for the next game: each player moves to the next seat
    clockwise among the seats in use, keeping name, colours and computer level. Turns go
    round the seats, so the order stays and a fixed start (kept at its seat) falls to the
    player now sitting there: another person begins."""
    seats = sorted((p.seat for p in settings.players), key=SEATS.index)
    players = tuple(replace(p, seat=seats[(seats.index(p.seat) + 1) % len(seats)])
                    for p in settings.players)
    start = settings.start_player
    if start is not None:
        old_seat = settings.players[start].seat
        start = next(i for i, p in enumerate(players) if p.seat == old_seat)
    return replace(settings, players=players, start_player=start)
