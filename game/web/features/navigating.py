"""Moving around the page: the start screen, the setup, the rules, the game menu, the
language, the saved games, the speed, zooming and the final board.

The start screen's own state is one frozen :class:`Home` value (its message, the save a
delete waits to be confirmed for, the report of the last restore) changed by the pure
functions below; the page's is :class:`game.web.features.page.Page`. The taps that change
more than it are typed messages, listed in :data:`game.web.model.ui_actions.ACTIONS`, and
:func:`tapped` is their update.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, assert_never

from .. import messages
from ..saves.backup import RestoreReport
from ..values.effects import Effect
from ..values.shelf import HOME_CARD
from .page import MOTIONS, SPEEDS, THEMES
from .sounds import SOUND_PREF, SOUND_VALUES

if TYPE_CHECKING:
    pass

Effects = tuple[Effect, ...]

ALLOWED_PREFS: dict[str, tuple[str, ...]] = {
    "lang": tuple(messages.LANGUAGES), "speed": SPEEDS, HOME_CARD: ("dismissed",),
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
# taps go through (the Elm architecture's ``update``). Whether a confirming
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


# ------------------------------------------------------------------ the taps
# The start screen's and the page's taps that need more than one state's update, as typed
# messages (the action table parses straight into them), and :func:`tapped`, their update.

@dataclass(frozen=True)
class GoHome:
    pass


@dataclass(frozen=True)
class StartSetup:
    pass


@dataclass(frozen=True)
class PlayAlone:
    pass


@dataclass(frozen=True)
class StartTutorial:
    pass


@dataclass(frozen=True)
class KeepTutorial:
    pass


@dataclass(frozen=True)
class SetLanguage:
    code: str


@dataclass(frozen=True)
class ContinueGame:
    ident: str


@dataclass(frozen=True)
class DeleteGame:
    ident: str
    confirmed: bool


@dataclass(frozen=True)
class DeleteFinished:
    confirmed: bool


@dataclass(frozen=True)
class ZoomTapped:
    city: int


NavigatingTap = (GoHome | StartSetup | PlayAlone | StartTutorial | KeepTutorial
                 | SetLanguage | ContinueGame | DeleteGame | DeleteFinished | ZoomTapped)


