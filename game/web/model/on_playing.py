"""What the page does on the play screen's taps: each goes to the game at the table or to the
play screen's state (:mod:`game.web.features.playing`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from ..features import following
from ..features.playing import (
    CloseMenu,
    Effects,
    HintsSwitched,
    PlayingTap,
    PlotTapped,
    Preview,
    Rematch,
    ScoringSeen,
    StartGame,
    TakeBackTapped,
    TogglePeek,
    seats_rotated,
)
from ..thinking.coach import hints_on
from ..values import setup_form
from ..values.session import AckScoring, SetHints, TakeBack, TapPlot

if TYPE_CHECKING:
    from .holder import Holder


def tapped(c: Holder, tap: PlayingTap) -> Effects:
    """The table's tap: its change, and the effects it asks for."""
    session = c.session
    match tap:
        case StartGame():
            form, settings = setup_form.validated(c.form)
            c.step(setup_form.Fill(form))  # its problems marked, if any
            if settings is not None:
                return c.new_game(settings, hints=c.form.hints, keep_table=True)
        case PlotTapped(city, plot):
            if c.table.following.taps_inspect:
                c.step(following.Inspect(city, plot))
            else:
                c.step(TapPlot(city, plot))
        case TakeBackTapped():
            if session:
                c.step(Preview(None), TakeBack())
        case ScoringSeen():
            if c.table.peek:  # the board looked at from the scoring sheet
                c.step(TogglePeek())
            c.step(AckScoring())
        case Rematch():
            if session:
                return c.new_game(seats_rotated(session.settings),
                                  hints=hints_on(session.game.meta))
        case HintsSwitched():
            if session is not None and not session.state.is_over and session.humans:
                c.step(SetHints(not hints_on(session.game.meta)), CloseMenu())
        case _:
            assert_never(tap)
    return ()
