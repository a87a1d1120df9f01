"""Moving around the page: the start screen, the setup, the rules, the game menu, the
language, the saved games, the speed, zooming and the final board.

The start screen's own state is one frozen :class:`Home` value (its message, the save a
delete waits to be confirmed for, the report of the last restore) changed by the pure
functions below; the page's is :class:`game.web.features.page.Page`. The handlers, each
``(controller, arguments)`` and listed in :data:`game.web.model.ui_actions.ACTIONS`, apply them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, assert_never

from .. import messages as M
from ..model import setup_form
from ..model.effects import DeleteSaves, Effect, SetCurrent, WritePref
from ..model.session import SetMeta
from ..model.setup_form import TABLE_PREF, SetupForm, play_alone_settings
from ..saves.backup import RestoreReport
from ..thinking.coach import hints_on
from . import page as P
from . import playing as table
from . import rules as R
from . import tutorial as T
from .page import MOTIONS, SPEEDS, THEMES
from .sounds import SOUND_PREF, SOUND_VALUES

if TYPE_CHECKING:
    from ..model.controller import Controller

Effects = tuple[Effect, ...]

HOME_CARD = "home_card"  # preference: "dismissed" once the Home Screen card is closed
ALLOWED_PREFS: dict[str, tuple[str, ...]] = {
    "lang": tuple(M.LANGUAGES), "speed": SPEEDS, HOME_CARD: ("dismissed",),
    "motion": MOTIONS, "theme": THEMES, SOUND_PREF: SOUND_VALUES}
"""The preferences this app keeps, with their valid values (a restored backup's others are
ignored)."""


@dataclass(frozen=True)
class Home:
    """The start screen's state."""

    error: tuple[str, dict[str, Any]] | None = None
    """Why a game could not be opened, started, imported or restored (a catalogue id)."""
    confirm_delete: str | None = None
    """The save a delete waits to be confirmed for (``"finished"``: every finished game)."""
    restore_report: RestoreReport | None = None
    restoring: RestoreProgress | None = None
    """A restore under way (its games are restored one by one: game/web/runtime/jobs.py)."""


@dataclass(frozen=True)
class RestoreProgress:
    """How far a restore under way is: the games of the backup done so far, and in all."""

    done: int
    total: int


def delete_tapped(h: Home, ident: str, confirmed: bool) -> tuple[Home, bool]:
    """A delete tap: the first asks, the second (confirmed, on the same save) deletes.
    Returns the new state and whether to delete now."""
    if h.confirm_delete == ident and confirmed:
        return replace(h, confirm_delete=None, error=None), True
    return replace(h, confirm_delete=ident), False


def left(h: Home) -> Home:
    """Back on the start screen: no delete waits for a confirmation."""
    return replace(h, confirm_delete=None)


# ------------------------------------------------------------------ the one door
# The start screen's actions, each a small frozen value, and :func:`update`, which the
# handlers go through (the Elm architecture's ``update``). Whether a confirming
# delete tap deletes now is :func:`delete_tapped`'s answer beside the state.

@dataclass(frozen=True)
class Fail:
    """Why a game could not be opened, started, imported or restored (None: all is well)."""

    problem: tuple[str, dict[str, Any]] | None


@dataclass(frozen=True)
class TapDelete:
    ident: str
    confirmed: bool


@dataclass(frozen=True)
class Leave:
    pass


@dataclass(frozen=True)
class ShowReport:
    """The report of a restore (None: none shown); the restore, if any, is over."""

    report: RestoreReport | None


@dataclass(frozen=True)
class RestoreUnderWay:
    """A restore started, or went one game further (the storage's answer)."""

    progress: RestoreProgress


@dataclass(frozen=True)
class StopRestore:
    """The restore broke off (a bug): what it stored stays, no report."""


HomeAction = Fail | TapDelete | Leave | ShowReport | RestoreUnderWay | StopRestore


def update(h: Home, action: HomeAction) -> tuple[Home, tuple[Effect, ...]]:
    """The start screen's one update: the new value, and no effects."""
    match action:
        case Fail(problem):
            return replace(h, error=problem), ()
        case TapDelete(ident, confirmed):
            return delete_tapped(h, ident, confirmed)[0], ()
        case Leave():
            return left(h), ()
        case ShowReport(report):
            return replace(h, restore_report=report,
                           restoring=None if report is not None else h.restoring), ()
        case RestoreUnderWay(progress):
            return replace(h, restoring=progress), ()
        case StopRestore():
            return replace(h, restoring=None), ()
        case _:
            assert_never(action)


# ------------------------------------------------------------------ the handlers


def go_home(c: Controller, args: None) -> Effects:
    c.set_session(None, None)
    c.step(R.CloseRules(), Leave())
    return (SetCurrent(None),)


def open_rules(c: Controller, args: None) -> None:
    c.step(R.OpenRules())


def close_rules(c: Controller, args: None) -> None:
    c.step(R.CloseRules())


def toggle_menu(c: Controller, args: None) -> None:
    """Open or close the game menu of the top bar (its tools: log, inspect, speed, hide
    the cards, rules, language, saved games)."""
    c.step(table.ToggleMenu(c.page.place == "play"))


def close_menu(c: Controller, args: None) -> None:
    c.step(table.CloseMenu())


def start_setup(c: Controller, args: None) -> Effects:
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
    c.step(P.Move("setup"))
    return (SetCurrent(None),)


def play_alone(c: Controller, args: None) -> Effects:
    """One tap: one person against three computer players (medium), four-player rules,
    hints on (the game menu switches them off)."""
    c.step(R.CloseRules())
    return c.new_game(play_alone_settings(), hints=True, keep_table=True)


def start_tutorial(c: Controller, args: None) -> Effects:
    """The first-game tutorial: resumed where it was left, else a new one (fixed seed)."""
    c.step(R.CloseRules())
    ident = c.tutorial_id()
    if ident is not None and c.open_game(ident):
        return ()
    return c.new_game(T.settings(), seed=T.SEED, tutorial=True)


def keep_tutorial(c: Controller, args: None) -> None:
    """Keep the tutorial's game: from now on it is listed as a saved game."""
    if c.session is not None and c.session.game.meta.get(T.META) == "on":
        c.step(SetMeta(T.META, "kept"))


def set_language(c: Controller, code: str) -> Effects:
    """Speak ``code`` from now on, on any screen (a running game goes on), and keep the
    choice for the next visit."""
    M.set_language(code)
    c.step(setup_form.Relabel())
    return (WritePref("lang", M.current_language()),)


def continue_game(c: Controller, ident: str) -> None:
    c.step(Fail(None))
    c.open_game(ident)


def delete_game(c: Controller, args: tuple[str, bool]) -> Effects:
    delete = delete_tapped(c.home, *args)[1]
    c.step(TapDelete(*args))
    return (DeleteSaves((args[0],), c.clock()),) if delete else ()


def delete_finished(c: Controller, confirmed: bool) -> Effects:
    """Free space: delete every finished game, after a second, confirming tap."""
    if not confirmed:
        c.step(TapDelete("finished", False))
        return ()
    c.step(Leave(), Fail(None))
    return (DeleteSaves(tuple(entry.id for entry in c.entries()
                              if entry.game is not None and entry.game.state.is_over),
                        c.clock()),)


def dismiss_home_card(c: Controller, args: None) -> Effects:
    # gone now, even when the storage refuses to keep the choice (then said)
    c.step(P.HideHomeCard())
    return (WritePref(HOME_CARD, "dismissed"),)


def apply_update(c: Controller, args: None) -> None:
    """Switch to the waiting new version (the browser layer activates it and reloads;
    the open game is in the storage and reopens)."""
    c.step(P.TakeUpdate())


def request_reload(c: Controller, args: None) -> None:
    """The page reloads itself."""
    c.step(P.AskReload())


def cycle_speed(c: Controller, args: None) -> Effects:
    c.step(P.CycleSpeed())
    return (WritePref("speed", c.page.speed),)


def cycle_motion(c: Controller, args: None) -> Effects:
    """The game menu's animations: off, normal, fast (kept for the next visits)."""
    c.step(P.CycleMotion())
    return (WritePref("motion", c.page.motion),)


def cycle_theme(c: Controller, args: None) -> Effects:
    """The colours of the page: the device's, light, dark (kept for the next visits)."""
    c.step(P.CycleTheme())
    return (WritePref("theme", c.page.theme),)


def toggle_sound(c: Controller, args: None) -> Effects:
    """The game menu's sound: on or off (kept for the next visits)."""
    c.step(P.ToggleSound())
    return (WritePref(SOUND_PREF, "off" if c.page.muted else "on"),)


def toggle_peek(c: Controller, args: None) -> None:
    c.step(table.TogglePeek())


def zoom_in(c: Controller, city: int) -> None:
    if not (0 <= city < 6 and c.zoom_allowed()) or c.session is None:
        return
    c.step(table.ZoomIn(city, len(c.session.game.log)))


def zoom_out(c: Controller, args: None) -> None:
    c.step(table.ZoomOut())
