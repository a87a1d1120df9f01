"""The table's taps in a game: setting it up, showing a hand, choosing pieces, a card, a
piece and a plot, Confirm and Undo, the scoring, a rematch (handlers, each
``(controller, arguments)``, listed in :data:`game.web.model.ui_actions.ACTIONS`). The rules are
the engine's: a tap goes to the session's draft, which asks the engine.

What the play screen shows around the game is one frozen :class:`Table` value (the game
menu, a computer's move being shown, the final board instead of the standings, the city
shown large, and the log, inspector and replay of :mod:`game.web.features.following`),
changed only by the pure functions below. The game itself is the session's (mutable by
design: its log grows)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, assert_never

from ...actions import Action, Build, ReturnPiece
from ...material import SEATS, Card
from ...settings import Settings
from ..frames.frame import BUILD, Frame, PlayPage, TurnFrame
from ..model import session as G
from ..model import setup_form
from ..model.effects import Effect, ShowBoard
from ..thinking.coach import hints_on
from . import following
from .following import LIVE, Following

if TYPE_CHECKING:
    from ..model.controller import Controller


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


def menu_toggled(t: Table, in_game: bool) -> Table:
    return replace(t, menu_open=not t.menu_open and in_game)


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
    in_game: bool


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
class GameChanged:
    """Another game (or none) is open: its screen opens as :data:`OPENED`."""


Effects = tuple[Effect, ...]

TableAction = (ToggleMenu | CloseMenu | TogglePeek | HidePeek | ZoomIn | ZoomOut | Follow | Preview
               | GameChanged)


def update(t: Table, action: TableAction) -> tuple[Table, tuple[Effect, ...]]:
    """The play screen's one update: the new value and what it asks of the browser."""
    match action:
        case ToggleMenu(in_game):
            return menu_toggled(t, in_game), ()
        case CloseMenu():
            return menu_closed(t), ()
        case TogglePeek():
            return peek_toggled(t), ()
        case HidePeek():
            return replace(t, peek=False), ()
        case Preview(shown):
            shown = shown if isinstance(shown, (Build, ReturnPiece)) else None
            return replace(t, preview=shown), ()
        case GameChanged():
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


# ------------------------------------------------------------------ the handlers

def set_count(c: Controller, count: int) -> None:
    c.step(setup_form.SetCount(count))


def set_field(c: Controller, args: tuple[str, int | None, Any, bool]) -> None:
    field, player, value, committed = args
    c.step(setup_form.SetField(field, value, player))


def start_game(c: Controller, args: None) -> Effects:
    form, settings = setup_form.validated(c.form)
    c.step(setup_form.Fill(form))  # its problems marked, if any
    if settings is None:
        return ()
    return c.new_game(settings, hints=c.form.hints, keep_table=True)


def reveal(c: Controller, args: None) -> None:
    c.step(G.Reveal())


def select_more(c: Controller, args: tuple[int, str | None]) -> None:
    c.step(G.AdjustSelection(args[0], 1, args[1]))


def select_fewer(c: Controller, args: tuple[int, str | None]) -> None:
    c.step(G.AdjustSelection(args[0], -1, args[1]))


def choose_card(c: Controller, card: Card) -> None:
    c.step(G.ChooseCard(card))


def choose_piece(c: Controller, args: tuple[str | None, int]) -> None:
    c.step(G.ChoosePiece(*args))


def tap_plot(c: Controller, args: tuple[int, int]) -> None:
    if c.table.following.taps_inspect:
        c.step(following.Inspect(*args))
    else:
        c.step(G.TapPlot(*args))


def confirm(c: Controller, args: None) -> None:
    c.step(G.Confirm())  # (the board comes into view after the drawing: board_shown)


def undo(c: Controller, args: None) -> None:
    c.step(G.UndoStep())


def take_back(c: Controller, args: None) -> None:
    """"Undo my move": the last person's move taken back before anyone else saw a
    consequence of it (the session asks the engine whether it still may be)."""
    if c.session:
        c.step(Preview(None), G.TakeBack())


def settle(c: Controller, args: None) -> None:
    """The last move stays ("Done", or the undo window ran out): the computers go on."""
    c.step(G.Settle())


def ack_scoring(c: Controller, args: None) -> None:
    if c.table.peek:  # the board looked at from the scoring sheet
        c.step(TogglePeek())
    c.step(G.AckScoring())


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


def rematch(c: Controller, args: None) -> Effects:
    """"Play again": the same players, levels and options, seats rotated, started at once."""
    if not c.session:
        return ()
    return c.new_game(seats_rotated(c.session.settings), hints=hints_on(c.session.game.meta))


def toggle_hints(c: Controller, args: None) -> None:
    """The game menu's hints switch: a person may ask for hints, or not. The
    hints already asked are forgotten when they are switched off (the save's ``meta.coach``)."""
    session = c.session
    if session is None or session.state.is_over or not session.humans:
        return
    c.step(G.SetHints(not hints_on(session.game.meta)), CloseMenu())


def hide_cards(c: Controller, args: None) -> None:
    c.step(G.HideCards())
