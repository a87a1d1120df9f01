"""The table's taps in a game: setting it up, showing a hand, choosing pieces, a card, a
piece and a plot, Confirm and Undo, the scoring, a rematch (issue 24.1: handlers, each
``(controller, arguments)``, listed in :data:`game.web.model.ui_actions.ACTIONS`). The rules are
the engine's: a tap goes to the session's draft, which asks the engine.

What the play screen shows around the game is one frozen :class:`Table` value (the game
menu, a computer's move being shown, the final board instead of the standings, the city
shown large, and the log, inspector and replay of :mod:`game.web.features.following`),
changed only by the pure functions below. The game itself is the session's (mutable by
design: its log grows)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...material import Card
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


def plot_tapped(t: Table, city: int, plot: int) -> Table | None:
    """A plot tapped in inspect mode or in the replay: its tower in the inspector (None:
    the tap is a move, for the session)."""
    f = t.following
    if f.inspecting or f.replaying:
        return replace(t, following=following.inspected_at(f, city, plot))
    return None


def confirmed(t: Table, selected: bool) -> tuple[Table, list[Effect]]:
    """Confirm taken; ``selected``: the pieces were chosen and the person is still on turn,
    so the board comes next (a phone scrolls it into view)."""
    return t, [ShowBoard()] if selected else []


# ------------------------------------------------------------------ the handlers

def set_count(c: Controller, count: int) -> None:
    c.form.set_count(count)


def set_field(c: Controller, args: tuple[str, int | None, Any, bool]) -> bool:
    field, player, value, committed = args
    c.form.set_field(field, value, player)
    # Typing a name must not redraw (it would move the caret); leaving the field may.
    return field != "name" or committed


def start_game(c: Controller, args: None) -> None:
    settings = c.form.validate()
    if settings is not None:
        c.new_game(settings, hints=c.form.hints)


def reveal(c: Controller, args: None) -> None:
    if c.session:
        c.session.reveal()


def select_more(c: Controller, args: tuple[int, str | None]) -> None:
    if c.session:
        c.session.select_adjust(args[0], 1, args[1])


def select_fewer(c: Controller, args: tuple[int, str | None]) -> None:
    if c.session:
        c.session.select_adjust(args[0], -1, args[1])


def choose_card(c: Controller, card: Card) -> None:
    if c.session:
        c.session.choose_card(card)


def choose_piece(c: Controller, args: tuple[str | None, int]) -> None:
    session = c.session
    if not session or session.state.current is None:
        return
    colour = args[0] or session.colour_names(session.state.current)[0]
    session.choose_piece(colour, args[1])


def tap_plot(c: Controller, args: tuple[int, int]) -> None:
    inspected = plot_tapped(c.table, *args)
    if inspected is not None:
        c.table = inspected
    elif c.session:
        c.session.tap_plot(*args)


def confirm(c: Controller, args: None) -> None:
    if c.session:
        selecting = c.session.state.phase == "select"
        done = c.session.confirm() and selecting and c.session.screen == "turn"
        c.table, effects = confirmed(c.table, done)
        c.effects.extend(effects)


def undo(c: Controller, args: None) -> None:
    if c.session:
        c.session.undo()


def take_back(c: Controller, args: None) -> None:
    """"Undo my move": the last person's move taken back before anyone else saw a
    consequence of it (the session asks the engine whether it still may be)."""
    if c.session:
        c.preview = None
        c.session.take_back()


def settle(c: Controller, args: None) -> None:
    """The last move stays ("Done", or the undo window ran out): the computers go on."""
    if c.session:
        c.session.settle()


def ack_scoring(c: Controller, args: None) -> None:
    if c.table.peek:  # the board looked at from the scoring sheet
        c.table = peek_toggled(c.table)
    if c.session:
        c.session.ack_scoring()


def rematch(c: Controller, args: None) -> None:
    if c.session:
        c.new_game(c.session.settings, hints=hints_on(c.session.game.meta))


def hide_cards(c: Controller, args: None) -> None:
    if c.session:
        c.session.hide_cards()
