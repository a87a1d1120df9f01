"""The one door to the page's states and to the game at the table: every action of every
state, and where each goes.

The page's states are frozen values, each in the module of its feature with that module's
one ``update(state, action) -> (state, effects)`` (the Elm architecture's ``update``); the
game at the table is the Session, changed only by its own ``update``
(:func:`game.web.values.session.update`) and replaced only by :class:`ReplaceSession`. The
controller holds them; :func:`step` is the only code that replaces a state or the session
after the controller is made (tests/web/test_states.py reads the sources to check), so a
change of the page can be found by its action, and nothing changes behind an update's back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..features import coaching, files
from ..features import following as F
from ..features import navigating as N
from ..features import page as P
from ..features import playing as play
from ..features import rules as R
from ..features import saved as S
from ..features import statistics as ST
from ..values import session as G
from ..values import setup_form as SF
from ..values.effects import Effect
from ..values.session import Session
from ..values.shelf import Shelf


@dataclass(frozen=True)
class PutShelf:
    """What the storage holds for the start, setup and statistics screens, read now."""

    shelf: Shelf


@dataclass(frozen=True)
class ReplaceSession:
    """Another game at the table (a game opened, started, or taken back to its last stored
    revision), or none, under the save ``ident``."""

    session: Session | None
    ident: str | None


StateAction = (P.PageAction | R.RulesAction | N.HomeAction | play.TableAction | F.FollowingAction
               | coaching.CoachAction | files.SharingAction | S.SavedAction | ST.StatsAction
               | SF.SetupAction | G.SessionAction | ReplaceSession | PutShelf)
"""Every action of the page's states and of the game at the table. Following the game is
the play screen's, so its actions go to :class:`~game.web.features.playing.Table` wrapped in
``Follow``; the game's go to the session (none while no game is open)."""


class States(Protocol):
    """What holds the page's states (the controller)."""

    page: P.Page
    rules: R.Rules
    home: N.Home
    table: play.Table
    coach: coaching.Coaching
    sharing: files.Sharing
    saved: S.Saved
    stats: ST.Stats
    form: SF.SetupForm
    session: Session | None
    game_id: str | None
    shelf: Shelf


def step(c: States, action: StateAction) -> tuple[Effect, ...]:
    """``action`` applied by the update of the state it belongs to: that state replaced by
    the new value, and what it asks of the browser returned (for the interpreter)."""
    effects: tuple[Effect, ...] = ()
    if isinstance(action, P.PageAction):
        c.page, effects = P.update(c.page, action)
    elif isinstance(action, R.RulesAction):
        c.rules, _ = R.update(c.rules, action)
    elif isinstance(action, N.HomeAction):
        c.home, effects = N.update(c.home, action)
    elif isinstance(action, play.TableAction):
        c.table, effects = play.update(c.table, action)
    elif isinstance(action, F.FollowingAction):
        c.table, effects = play.update(c.table, play.Follow(action))
    elif isinstance(action, coaching.CoachAction):
        c.coach, effects = coaching.update(c.coach, action)
    elif isinstance(action, files.SharingAction):
        c.sharing, effects = files.update(c.sharing, action)
    elif isinstance(action, S.SavedAction):
        c.saved, _ = S.update(c.saved, action)
    elif isinstance(action, ST.StatsAction):
        c.stats, effects = ST.update(c.stats, action)
    elif isinstance(action, PutShelf):
        c.shelf = action.shelf
    elif isinstance(action, ReplaceSession):
        c.session, c.game_id = action.session, action.ident
    elif isinstance(action, G.SessionAction):
        if c.session is not None:
            G.update(c.session, action)
    else:
        c.form, _ = SF.update(c.form, action)
    return effects
