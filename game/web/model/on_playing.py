"""What the page does on the play screen's taps: each goes to the game at the table or to the
play screen's state (:mod:`game.web.features.playing`): pure, ``(env, model, tap) ->
(model, effects)``."""

from __future__ import annotations

from typing import assert_never

from ..features import following
from ..features.playing import (
    CloseMenu,
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
from .door import Stepped, steps, then
from .env import Env, new_game
from .model import Model


def tapped(env: Env, model: Model, tap: PlayingTap) -> Stepped:
    """The table's tap: its change, and the effects it asks for."""
    session = model.session
    match tap:
        case StartGame():
            form, settings = setup_form.validated(model.form)
            model, effects = steps(model, setup_form.Fill(form))  # its problems marked, if any
            if settings is not None:
                return model, effects + new_game(env, settings, hints=model.form.hints,
                                                 keep_table=True)
            return model, effects
        case PlotTapped(city, plot):
            if model.table.following.taps_inspect:
                return steps(model, following.Inspect(city, plot))
            return steps(model, TapPlot(city, plot))
        case TakeBackTapped():
            if session:
                return steps(model, Preview(None), TakeBack())
        case ScoringSeen():
            looked = steps(model, TogglePeek()) if model.table.peek else (model, ())
            return then(looked, AckScoring())  # (the board looked at from the scoring sheet)
        case Rematch():
            if session:
                return model, new_game(env, seats_rotated(session.settings),
                                       hints=hints_on(session.game.meta))
        case HintsSwitched():
            if session is not None and not session.state.is_over and session.humans:
                return steps(model, SetHints(not hints_on(session.game.meta)), CloseMenu())
        case _:
            assert_never(tap)
    return model, ()
