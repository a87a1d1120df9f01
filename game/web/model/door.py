"""The one door to the page's states and to the game at the table: every action of every
state, and where each goes.

The page's states are frozen values, each in the module of its feature with that module's
one ``update(state, action) -> (state, effects)`` (the Elm architecture's ``update``); the
game at the table is a Session, a value too, changed only by its own ``update``
(:func:`game.web.values.session.update`) and replaced only by :class:`ReplaceSession`. The
:class:`~game.web.model.model.Model` holds them; :func:`step` is the only code that makes
a model with one of them replaced (tests/web/test_states.py reads the sources to check), so
a change of the page can be found by its action, and nothing changes behind an update's back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..features import coaching, files, following, navigating, page, rules, saved, statistics
from ..features import playing as play
from ..values import session, setup_form
from ..values.effects import Effect
from ..values.session import Session
from ..values.shelf import Shelf
from .model import Model


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


def step(model: Model, action: StateAction) -> tuple[Model, tuple[Effect, ...]]:
    """``action`` applied by the update of the state it belongs to: the model with that
    state replaced by the new value (the same model when the update kept the state it was
    given), and what it asks of the browser (for the interpreter)."""
    if isinstance(action, page.PageAction):
        new_page, effects = page.update(model.page, action)
        return (model if new_page is model.page else replace(model, page=new_page)), effects
    if isinstance(action, rules.RulesAction):
        new_rules = rules.update(model.rules, action)[0]
        return (model if new_rules is model.rules else replace(model, rules=new_rules)), ()
    if isinstance(action, navigating.HomeAction):
        home, effects = navigating.update(model.home, action)
        return (model if home is model.home else replace(model, home=home)), effects
    if isinstance(action, (play.TableAction, following.FollowingAction)):
        table, effects = play.update(model.table, action if isinstance(action, play.TableAction)
                                     else play.Follow(action))
        return (model if table is model.table else replace(model, table=table)), effects
    if isinstance(action, coaching.CoachAction):
        coach, effects = coaching.update(model.coach, action)
        return (model if coach is model.coach else replace(model, coach=coach)), effects
    if isinstance(action, files.SharingAction):
        sharing, effects = files.update(model.sharing, action)
        return (model if sharing is model.sharing else replace(model, sharing=sharing)), effects
    if isinstance(action, saved.SavedAction):
        new_saved = saved.update(model.saved, action)[0]
        return (model if new_saved is model.saved else replace(model, saved=new_saved)), ()
    if isinstance(action, statistics.StatsAction):
        stats, effects = statistics.update(model.stats, action)
        return (model if stats is model.stats else replace(model, stats=stats)), effects
    if isinstance(action, PutShelf):
        return replace(model, shelf=action.shelf), ()
    if isinstance(action, ReplaceSession):
        return replace(model, session=action.session, game_id=action.ident), ()
    if isinstance(action, session.SessionAction):
        if model.session is None:
            return model, ()
        return replace(model, session=session.update(model.session, action)), ()
    form = setup_form.update(model.form, action)[0]
    return (model if form is model.form else replace(model, form=form)), ()


Stepped = tuple[Model, tuple[Effect, ...]]
"""What a pure composition of updates returns: the next model and the effects it asks for
(the Elm architecture's ``(model, Cmd)``)."""


def steps(model: Model, *actions: StateAction) -> Stepped:
    """:func:`step` in turn for each action: the model they make and their effects in order."""
    effects: list[Effect] = []
    for action in actions:
        model, asked = step(model, action)
        effects.extend(asked)
    return model, tuple(effects)


def then(first: Stepped, *actions: StateAction) -> Stepped:
    """``first``, then ``actions`` stepped on the model it made: the effects of both in order."""
    model, effects = first
    model, more = steps(model, *actions)
    return model, effects + more


def put_game(model: Model, game: Session | None, ident: str | None) -> Stepped:
    """Another game at the table, or none. A storage problem belongs to the game it happened
    in: the next write of this one meets the storage again (and says so if it still refuses).
    Leaving a game cancels its review."""
    return steps(model, ReplaceSession(game, ident), saved.StartAfresh(), play.OpenTable(),
                 files.CloseSharing(), coaching.CloseReview(),
                 page.Move("play" if game is not None else "start"))
