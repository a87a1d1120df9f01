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

from ..features import coaching, files, following, navigating, page, rules, saved, statistics
from ..features import playing as play
from ..values import session, setup_form
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


StateAction = (page.PageAction | rules.RulesAction | navigating.HomeAction | play.TableAction
               | following.FollowingAction
               | coaching.CoachAction | files.SharingAction | saved.SavedAction | statistics.StatsAction
               | setup_form.SetupAction | session.SessionAction | ReplaceSession | PutShelf)
"""Every action of the page's states and of the game at the table. Following the game is
the play screen's, so its actions go to :class:`~game.web.features.playing.Table` wrapped in
``Follow``; the game's go to the session (none while no game is open)."""


class States(Protocol):
    """What holds the page's states (the controller)."""

    page: page.Page
    rules: rules.Rules
    home: navigating.Home
    table: play.Table
    coach: coaching.Coaching
    sharing: files.Sharing
    saved: saved.Saved
    stats: statistics.Stats
    form: setup_form.SetupForm
    session: Session | None
    game_id: str | None
    shelf: Shelf


def step(c: States, action: StateAction) -> tuple[Effect, ...]:
    """``action`` applied by the update of the state it belongs to: that state replaced by
    the new value, and what it asks of the browser returned (for the interpreter)."""
    effects: tuple[Effect, ...] = ()
    if isinstance(action, page.PageAction):
        c.page, effects = page.update(c.page, action)
    elif isinstance(action, rules.RulesAction):
        c.rules, _ = rules.update(c.rules, action)
    elif isinstance(action, navigating.HomeAction):
        c.home, effects = navigating.update(c.home, action)
    elif isinstance(action, play.TableAction):
        c.table, effects = play.update(c.table, action)
    elif isinstance(action, following.FollowingAction):
        c.table, effects = play.update(c.table, play.Follow(action))
    elif isinstance(action, coaching.CoachAction):
        c.coach, effects = coaching.update(c.coach, action)
    elif isinstance(action, files.SharingAction):
        c.sharing, effects = files.update(c.sharing, action)
    elif isinstance(action, saved.SavedAction):
        c.saved, _ = saved.update(c.saved, action)
    elif isinstance(action, statistics.StatsAction):
        c.stats, effects = statistics.update(c.stats, action)
    elif isinstance(action, PutShelf):
        c.shelf = action.shelf
    elif isinstance(action, ReplaceSession):
        c.session, c.game_id = action.session, action.ident
    elif isinstance(action, session.SessionAction):
        if c.session is not None:
            session.update(c.session, action)
    else:
        c.form, _ = setup_form.update(c.form, action)
    return effects
