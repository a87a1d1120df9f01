"""What the page does on the start screen's taps: a new, continued or deleted game, the
setup, the tutorial, the language (the start screen's state and messages:
:mod:`game.web.features.navigating`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, assert_never

from .. import messages
from ..features import page, rules, tutorial
from ..features import playing as table
from ..features.navigating import (
    ContinueGame,
    DeleteFinished,
    DeleteGame,
    Effects,
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
from ..values.effects import DeleteSaves, SetCurrent
from ..values.session import SetMeta
from ..values.setup_form import TABLE_PREF, SetupForm, play_alone_settings
from .door import Stepped, put_game, then
from .model import Model

if TYPE_CHECKING:
    from .holder import Holder


def tapped(c: Holder, tap: NavigatingTap) -> Effects:
    """Moving around the page: the tap's change, and the effects it asks for."""
    match tap:
        case GoHome():
            c.take(go_home(c.model))
        case StartSetup():
            return start_setup(c)
        case PlayAlone():
            # one person against three computers (medium), four-player rules, hints on
            c.step(rules.CloseRules())
            return c.new_game(play_alone_settings(), hints=True, keep_table=True)
        case StartTutorial():
            return start_tutorial(c)
        case KeepTutorial():  # from now on it is listed as a saved game
            if c.session is not None and c.session.game.meta.get(tutorial.META) == "on":
                c.step(SetMeta(tutorial.META, "kept"))
        case SetLanguage(code):
            # spoken from now on, on any screen (a running game goes on), and kept
            language = messages.known_language(code)
            c.step(page.Speak(language), setup_form.Relabel(language))
        case ContinueGame(ident):
            c.step(Fail(None))
            c.open_game(ident)
        case DeleteGame(ident, confirmed):
            delete = delete_tapped(c.home, ident, confirmed)[1]
            c.step(TapDelete(ident, confirmed))
            return (DeleteSaves((ident,), c.clock()),) if delete else ()
        case DeleteFinished(confirmed):
            return delete_finished(c, confirmed)
        case ZoomTapped(city):
            if 0 <= city < 6 and c.zoom_allowed() and c.session is not None:
                c.step(table.ZoomIn(city, len(c.session.game.log)))
        case _:
            assert_never(tap)
    return ()


def go_home(model: Model) -> Stepped:
    """Back to the start screen, no game at the table."""
    model, effects = then(put_game(model, None, None), rules.CloseRules(), Leave())
    return model, effects + (SetCurrent(None),)


def start_setup(c: Holder) -> Effects:
    """The setup screen, filled in like the open game, else like the last table used
    (else as it was left)."""
    if c.session is not None:
        c.step(setup_form.Fill(replace(SetupForm.from_settings(c.session.settings, c.controllers),
                                       hints=hints_on(c.session.game.meta))))
    else:
        kept = SetupForm.from_pref(c.store.prefs().get(TABLE_PREF), c.controllers)
        if kept is not None:
            c.step(setup_form.Fill(kept))
    c.set_session(None, None)
    c.step(page.Move("setup"))
    return (SetCurrent(None),)


def start_tutorial(c: Holder) -> Effects:
    """The first-game tutorial: resumed where it was left, else a new one (fixed seed)."""
    c.step(rules.CloseRules())
    ident = c.tutorial_id()
    if ident is not None and c.open_game(ident):
        return ()
    return c.new_game(tutorial.settings(), seed=tutorial.SEED, tutorial=True)


def delete_finished(c: Holder, confirmed: bool) -> Effects:
    """Free space: delete every finished game, after a second, confirming tap."""
    if not confirmed:
        c.step(TapDelete("finished", False))
        return ()
    c.step(Leave(), Fail(None))
    return (DeleteSaves(tuple(entry.id for entry in c.entries()
                              if entry.game is not None and entry.game.state.is_over),
                        c.clock()),)
