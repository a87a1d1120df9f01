"""A stored game opened at the table, another tab's adopted, the table left, the replay
opened: pure, ``(env, model, ...) -> (model, effects)`` (:data:`~game.web.model.door.Stepped`),
for the taps and answers that open or leave a game."""

from __future__ import annotations

from ...errors import SaveError
from ...public_record import is_view_game
from .. import messages
from ..features import page, rules, tutorial
from ..features.following import OpenReplay
from ..features.navigating import Fail, Leave
from ..features.saved import Banner, Opened
from ..values.effects import Effect, SetCurrent
from ..values.session import HideCards, Session
from . import keeping
from .door import ReplaceSession, Stepped, put_game, steps, then
from .env import Env
from .model import Model


def open_game(env: Env, model: Model, ident: str) -> tuple[Stepped, bool]:
    """Open a stored game, and whether it opened. With two or more people at the table,
    the pass-the-device screen of the player on turn comes first (nobody's cards are shown
    on opening)."""
    try:
        game = env.store.load(ident)
        session = Session(game)
    except SaveError as error:
        return load_failed(model, messages.reason(error)), False
    except Exception as error:  # an engine bug must not lose or hide the save
        return load_failed(model, f"{type(error).__name__}: {error}"), False
    model, effects = then(put_game(model, session, ident), HideCards())
    model, more = steps(model, Opened(env.store.raw(ident), keeping.contents(model)))
    effects += more + (SetCurrent(ident),)
    if is_view_game(game):  # a view is only ever replayed
        model, more = open_replay(model)
        effects += more
    return (model, effects), True


def adopt(env: Env, model: Model, kind: str) -> Stepped:
    """This tab's game is out of date (``kind``: the storage's reason, "newer" or
    "deleted"...): take the stored one, or leave a deleted one."""
    ident = model.game_id
    if ident is None:
        return model, ()
    effects: tuple[Effect, ...] = ()
    if kind == "newer":
        opened, ok = open_game(env, model, ident)
        if ok:
            return then(opened, page.Notice("other-tab"))
        model, effects = opened
    gone: Banner = ("storage.deleted_elsewhere", {}) if kind == "deleted" else ("storage.newer_app", {})
    model, more = then(put_game(model, None, None), Fail(gone), page.Notice("other-tab"))
    return model, effects + more


def external_change(env: Env, model: Model) -> tuple[Stepped, bool]:
    """The storage changed in another tab (the browser's ``storage`` event): adopt the
    open game if it went on or was deleted there; and whether the page must be redrawn."""
    if model.session is None or model.game_id is None:
        return (model, ()), model.page.place == "start"  # the list of saved games may have changed
    reason = env.store.changed_elsewhere(model.game_id)
    if reason is None:
        return (model, ()), False
    return adopt(env, model, reason), True


def load_failed(model: Model, reason: str | messages.Said) -> Stepped:
    return steps(model, Fail(("start.load_failed", {"reason": reason})), page.Move("start"),
                 ReplaceSession(None, None))


def go_home(model: Model) -> Stepped:
    """Back to the start screen, no game at the table."""
    model, effects = then(put_game(model, None, None), rules.CloseRules(), Leave())
    return model, effects + (SetCurrent(None),)


def open_replay(model: Model) -> Stepped:
    if model.session is None or not model.session.game.log:
        return model, ()
    return steps(model, OpenReplay(len(model.session.story())))


def tutorial_id(env: Env) -> str | None:
    """The saved tutorial not kept (not listed among the saved games), if any."""
    for entry in env.store.entries():
        if entry.game is not None and entry.game.meta.get(tutorial.META) == "on":
            return entry.id
    return None
