"""Keeping the open game in the storage: whether it must be written, what the storage's
answer to a write changes, and what happens when the storage refuses. Writing is an effect,
:class:`~game.web.values.effects.Save`: :func:`save_due` decides, the update queues it before
the other effects of a tap or of a computer's move, the interpreter carries it out
(game/web/runtime/storing.py) and hands the storage's answer back, which :func:`answered`
turns into the page's change. Pure, ``(model, message) -> (model, effects)``
(:data:`~game.web.model.door.Stepped`); adopting what another tab stored opens a game, so it
is :mod:`~game.web.model.opening`'s."""

from __future__ import annotations

import json
from typing import assert_never

from ... import save as game_save
from ...errors import SaveError
from ...public_record import is_view_game
from .. import messages
from ..features import saved, tutorial
from ..saves.kept_records import FinishedHere
from ..saves.pending_results import UNRECORDED
from ..saves.storage import BOOKKEEPING
from ..thinking.coach import hints_on
from ..values.answers import (
    ResultsCounted,
    SaveRefused,
    SaveWritten,
    UnrecordedMarked,
)
from ..values.effects import EditRecords, Effect, MarkUnrecorded, Save, WritePref
from ..values.session import Session, SetMeta, Stamp
from ..values.setup_form import TABLE_PREF, table_pref
from . import computers
from .door import ReplaceSession, Stepped, steps, then
from .env import Env
from .holder import Reading
from .model import Model

Effects = tuple[Effect, ...]


def failed(model: Model, detail: str) -> Stepped:
    """The page broke (an engine or page bug): its banner over the game, which stays."""
    return steps(model, saved.Failed(("app.error", {"detail": detail})))


def save_due(model: Model) -> Stepped:
    """The :class:`~game.web.values.effects.Save` the open game needs, as the one effect:
    none when nothing a save holds changed (a tap on the menu, the log, the replay...). A
    change the storage refused and that is now undone leaves nothing unsaved: its banner
    goes."""
    if model.session is None or model.game_id is None:
        return model, ()
    holds = contents(model)
    if holds == model.saved.stored or holds is None:
        return steps(model, saved.Settled())
    return model, (Save(holds),)


def answered(env: Env, model: Model, answer: SaveWritten | SaveRefused) -> Stepped:
    """The storage's answer to the open game's write: stored (a finished game's result goes
    into the records), or the move taken back because the storage refused it, the table told
    at once."""
    match answer:
        case SaveWritten(text, holds, stamps):
            before = model.saved.stored
            model, effects = steps(model, saved.Written(text, holds))
            if holds[0] == model.game_id:
                model, effects = then((model, effects), Stamp(stamps))
            if before is None or before[0] != holds[0] or before[1] < holds[1]:
                return model, effects + record_finished(env, model)
            return model, effects
        case SaveRefused(reason):
            return storage_full(model, reason)
        case _:
            assert_never(answer)


def record_finished(env: Env, model: Model) -> Effects:
    """The open game's last decision was just played and stored here: its result goes into
    the records. Never for a tutorial or a view; a game adopted from another tab is not
    written here, so not recorded here either. The records are read from the storage and
    written back at once (:func:`~game.web.saves.kept_records.edit_records`), and a game is
    recorded once by its id, so two tabs never count it twice. A storage that refuses the
    records is said on the screen (:func:`result_refused`)."""
    session, ident = model.session, model.game_id
    if session is None or ident is None or not session.state.is_over:
        return ()
    game = session.game
    if game.meta.get(tutorial.META) or is_view_game(game):
        return ()
    return (EditRecords(FinishedHere(ident, game, env.clock())),)


def result_refused(model: Model, edit: FinishedHere) -> Stepped:
    """The storage refused the open game's result: said on the screen (the game itself is
    kept), and the save marked ``meta.unrecorded`` (when it ended) by a second write, which
    a finished game's save has room for (it drops its table state): the result is counted
    once there is space, at the next start at the latest
    (game/web/saves/pending_results.py)."""
    if edit.ident != model.game_id or model.session is None:
        return model, ()
    model, effects = steps(model, SetMeta(UNRECORDED, int(edit.ended)))
    holds = contents(model)
    assert holds is not None and model.session is not None  # (a session and its id)
    return model, effects + (MarkUnrecorded(edit.ident, model.session.game, holds),)


def marked(env: Env, model: Model, answer: UnrecordedMarked) -> Stepped:
    """The open game's result is still to be counted: its banner (the save's mark written,
    or going with its next write)."""
    effects: Effects = ()
    if answer.text is not None:
        model, effects = steps(model, saved.Written(answer.text, answer.holds))
        if answer.holds[0] == model.game_id:
            model, effects = then((model, effects), Stamp(answer.stamps))
    else:
        env.report("the finished game could not be marked as not counted yet: the mark goes "
                   "with its next write")
    return then((model, effects), saved.Refused((saved.PENDING, {})))


def counted(model: Model, answer: ResultsCounted) -> Stepped:
    """Results still to count were counted: the open game's mark goes, and its banner."""
    effects: Effects = ()
    for ident, text in answer.saves:
        if ident == model.game_id and model.session is not None:
            model, effects = then((model, effects), SetMeta(UNRECORDED, None))
            model, effects = then((model, effects), saved.Opened(text, contents(model)),
                                  saved.Counted())
    return model, effects


def contents(c: Reading) -> tuple[str, int, str] | None:
    """What a save of the open game would hold apart from its bookkeeping (times and
    revision): the game id, the length of the log and the rest of ``meta`` (the choice
    in progress, the hints asked...). Only a change of it is written."""
    if c.session is None or c.game_id is None:
        return None
    game = c.session.game
    meta = {k: v for k, v in game.meta.items() if k not in BOOKKEEPING and k != UNRECORDED}
    return (c.game_id, len(game.log), json.dumps(meta, sort_keys=True))


def storage_full(model: Model, reason: messages.Said) -> Stepped:
    """The write failed (storage full or off). Moves are only made when they can be
    stored: a decision that could not be saved is taken back to the last stored
    revision; a choice in progress stays on screen."""
    session = model.session
    text = model.saved.saved_text
    if session is not None and text is not None:
        try:
            stored = game_save.load(text, neutralise_names=True)
        except SaveError:
            stored = None
        if stored is not None and len(stored.log) < len(session.game.log):
            back = steps(model, ReplaceSession(Session(stored), model.game_id))
            if computers.computer_to_move(back[0]) or computers.auto_continue(back[0]):
                # A computer's move: thinking it out again would fail again. Wait.
                return then(back, saved.Refused(("storage.computer_waits", {"reason": reason}),
                                                wait=True))
            return then(back, saved.Refused(("storage.move_not_saved", {"reason": reason})))
    return steps(model, saved.Refused(("storage.full", {"reason": reason})))


def keep_table(model: Model) -> Effects:
    """Remember the open game's table (players, seats, who plays, options, hints) in the
    preferences: the next new game starts from it."""
    if model.session is None:
        return ()
    return (WritePref(TABLE_PREF, table_pref(model.session.settings,
                                             hints_on(model.session.game.meta))),)
