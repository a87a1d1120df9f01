"""The table's taps in a game: setting it up, showing a hand, choosing pieces, a card, a
piece and a plot, Confirm and Undo, the scoring, a rematch (issue 24.1: handlers, each
``(controller, arguments)``, listed in :data:`game.web.controller.ACTIONS`). The rules are
the engine's: a tap goes to the session's draft, which asks the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...material import Card
from ..coach import hints_on
from ..runtime.effects import ShowBoard
from . import following

if TYPE_CHECKING:
    from ..controller import Controller


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
    if c.following.inspecting or c.following.replaying:
        c.following = following.inspected_at(c.following, *args)
        return
    if c.session:
        c.session.tap_plot(*args)


def confirm(c: Controller, args: None) -> None:
    if c.session:
        selecting = c.session.state.phase == "select"
        if c.session.confirm() and selecting and c.session.screen == "turn":
            c.effects.append(ShowBoard())  # the pieces are chosen: the board next


def undo(c: Controller, args: None) -> None:
    if c.session:
        c.session.undo()


def ack_scoring(c: Controller, args: None) -> None:
    if c.session:
        c.session.ack_scoring()


def rematch(c: Controller, args: None) -> None:
    if c.session:
        c.new_game(c.session.settings, hints=hints_on(c.session.game.meta))


def hide_cards(c: Controller, args: None) -> None:
    if c.session:
        c.session.hide_cards()
