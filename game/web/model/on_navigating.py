"""What the page does on the start screen's taps: a new, continued or deleted game, the
setup, the tutorial, the language (the start screen's state and messages:
:mod:`game.web.features.navigating`): pure, ``(env, model, tap) -> (model, effects)``."""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from .. import messages
from ..features import page, rules, tutorial
from ..features import playing as table
from ..features.navigating import (
    ContinueGame,
    DeleteFinished,
    DeleteGame,
    Fail,
    GoHome,
    KeepTutorial,
    Leave,
    NavigatingTap,
    PlayAlone,
    SetLanguage,
    StartSetup,
    StartTutorial,
    TapDelete,
    ZoomTapped,
    delete_tapped,
)
from ..thinking.coach import hints_on
from ..values import setup_form
from ..values.effects import DeleteSaves, Effect, SetCurrent
from ..values.session import SetMeta
from ..values.setup_form import TABLE_PREF, SetupForm, play_alone_settings
from .door import Stepped, put_game, steps, then
from .env import Env, new_game
from .model import Model
from .opening import go_home, open_game, tutorial_id


def tapped(env: Env, model: Model, tap: NavigatingTap) -> Stepped:
    """Moving around the page: the tap's change, and the effects it asks for."""
    match tap:
        case GoHome():
            return go_home(model)
        case StartSetup():
            return start_setup(env, model)
        case PlayAlone():
            # one person against three computers (medium), four-player rules, hints on
            model, effects = steps(model, rules.CloseRules())
            return model, effects + new_game(env, play_alone_settings(), hints=True,
                                             keep_table=True)
        case StartTutorial():
            return start_tutorial(env, model)
        case KeepTutorial():  # from now on it is listed as a saved game
            if model.session is not None and model.session.game.meta.get(tutorial.META) == "on":
                return steps(model, SetMeta(tutorial.META, "kept"))
        case SetLanguage(code):
            # spoken from now on, on any screen (a running game goes on), and kept
            language = messages.known_language(code)
            return steps(model, page.Speak(language), setup_form.Relabel(language))
        case ContinueGame(ident):
            model, effects = steps(model, Fail(None))
            (model, opened), _ = open_game(env, model, ident)
            return model, effects + opened
        case DeleteGame(ident, confirmed):
            delete = delete_tapped(model.home, ident, confirmed)[1]
            model, effects = steps(model, TapDelete(ident, confirmed))
            return model, effects + ((DeleteSaves((ident,), env.clock()),) if delete else ())
        case DeleteFinished(confirmed):
            return delete_finished(env, model, confirmed)
        case ZoomTapped(city):
            if 0 <= city < 6 and model.zoom_allowed() and model.session is not None:
                return steps(model, table.ZoomIn(city, len(model.session.game.log)))
        case _:
            assert_never(tap)
    return model, ()


def start_setup(env: Env, model: Model) -> Stepped:
    """The setup screen, filled in like the open game, else like the last table used
    (else as it was left)."""
    effects: tuple[Effect, ...] = ()
    if model.session is not None:
        model, effects = steps(model, setup_form.Fill(replace(
            SetupForm.from_settings(model.session.settings, env.controllers),
            hints=hints_on(model.session.game.meta))))
    else:
        kept = SetupForm.from_pref(env.store.prefs().get(TABLE_PREF), env.controllers)
        if kept is not None:
            model, effects = steps(model, setup_form.Fill(kept))
    model, more = then(put_game(model, None, None), page.Move("setup"))
    return model, effects + more + (SetCurrent(None),)


def start_tutorial(env: Env, model: Model) -> Stepped:
    """The first-game tutorial: resumed where it was left, else a new one (fixed seed)."""
    model, effects = steps(model, rules.CloseRules())
    ident = tutorial_id(env)
    if ident is not None:
        (opened_model, more), opened = open_game(env, model, ident)
        if opened:
            return opened_model, effects + more
        model, effects = opened_model, effects + more
    return model, effects + new_game(env, tutorial.settings(), seed=tutorial.SEED, tutorial=True)


def delete_finished(env: Env, model: Model, confirmed: bool) -> Stepped:
    """Free space: delete every finished game, after a second, confirming tap."""
    if not confirmed:
        return steps(model, TapDelete("finished", False))
    model, effects = steps(model, Leave(), Fail(None))
    return model, effects + (DeleteSaves(tuple(entry.id for entry in env.store.entries()
                                               if entry.game is not None
                                               and entry.game.state.is_over),
                                         env.clock()),)
