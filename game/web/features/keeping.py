"""Keeping the open game in the storage: writing it when it changed, adopting what another
tab stored, and what happens when the storage refuses (issue 23.3, 24.4). Writing is an
effect, :class:`~game.web.model.effects.Save`: :func:`save_due` decides, :func:`queue_save`
queues it before the other effects of a tap (``Controller.handle``) or of a computer's move
(``computers.commit_computer``), and :func:`store` carries it out: the effect interpreter's
one write path (game/web/runtime/interpreter.py). ``retry_storage`` is a tap's handler
(``(controller, arguments)``, listed in :data:`game.web.model.ui_actions.ACTIONS`)."""

from __future__ import annotations

import json
from functools import partial
from typing import TYPE_CHECKING, Any

from ... import save as game_save
from ...errors import SaveError
from ...match import Game
from ...public_record import is_view_game
from .. import messages as M
from ..model.effects import Save
from ..model.session import Session
from ..model.setup_form import TABLE_PREF, table_pref
from ..saves.backup_records import FIRST_RELEASE
from ..saves.kept_records import update_records
from ..saves.records import finished_here
from ..saves.storage import SaveConflict, StorageError
from ..thinking.coach import hints_on
from . import computers
from . import navigating as N
from . import page as P
from . import saved as S
from . import tutorial as T

if TYPE_CHECKING:
    from ..model.controller import Controller

BOOKKEEPING = ("updated", "revision", "app_version", "created")
"""The ``meta`` fields a store writes itself: a save that differs only in them is not new."""
UNRECORDED = "unrecorded"
"""``meta`` of a game finished here whose result the storage refused: when it ended (the
result is counted once there is space, :func:`record_pending`)."""


def failed(c: Controller, detail: str) -> None:
    """The page broke (an engine or page bug): its banner over the game, which stays."""
    c.step(S.Failed(("app.error", {"detail": detail})))


def retry_storage(c: Controller, args: None) -> None:
    """"Try again" after a computer's move the storage refused: the computers go on
    (and wait again, thinking once, if the storage still refuses)."""
    c.step(S.Retry())


def queue_save(c: Controller, start: int) -> None:
    """Queue the Save the open game needs, if any, before the effects queued from ``start``
    on (a tap's or a computer move's): the interpreter writes it first, so nothing queued
    after it (a download, a reload, a sound) can run for a change that was not kept."""
    if (save := save_due(c)) is not None:
        c.effects.insert(start, save)


def save_due(c: Controller) -> Save | None:
    """The :class:`~game.web.model.effects.Save` the open game needs: None when nothing
    a save holds changed (a tap on the menu, the log, the replay...). A change the storage
    refused and that is now undone leaves nothing unsaved: its banner goes."""
    if c.session is None or c.game_id is None:
        return None
    holds = contents(c)
    if holds == c.stored or holds is None:
        c.step(S.Settled())
        return None
    return Save(holds)


def store(c: Controller, save: Save) -> bool:
    """Carry out ``save``: write the open game. A game changed or deleted in another tab
    is adopted instead (never overwritten); a move the storage refuses is taken back, and
    the table is told at once. A save for what the game no longer holds is dropped (a
    newer one follows), and so is one written already. False when this tab's change did
    not stay: refused, or another tab's game adopted (the sound of the move goes too)."""
    if c.session is not None and contents(c) == save.holds != c.stored:
        return _write(c, save)
    return True  # (already written, or a newer Save follows)


def _write(c: Controller, save: Save) -> bool:
    assert c.session is not None and c.game_id is not None  # (save.holds came from them)
    before = c.stored
    try:
        c.step(S.Written(c.store.save(c.game_id, c.session.game), save.holds))
    except SaveConflict as conflict:
        adopt(c, conflict.kind)
        return False
    except StorageError as error:
        storage_full(c, M.reason(error))
        return False
    if before is None or before[0] != c.game_id or before[1] < save.holds[1]:
        record_finished(c)
    return True


def record_finished(c: Controller) -> None:
    """The open game's last decision was just played and stored here: its result goes into
    the records (issue 26.1). Never for a tutorial or a view; a game adopted from another
    tab is not written here, so not recorded here either. The records are read from the
    storage and written back at once (:func:`~game.web.saves.records.update_records`), and a
    game is recorded once by its id, so two tabs never count it twice.

    A storage that refuses the records is said on the screen (the game itself is kept),
    and the save is marked ``meta.unrecorded`` (when it ended) by a second write, which a
    finished game's save has room for (it drops its table state): the result is counted by
    :func:`record_pending` once there is space, at the next start at the latest."""
    session, ident = c.session, c.game_id
    if session is None or ident is None or not session.state.is_over:
        return
    game = session.game
    if game.meta.get(T.META) or is_view_game(game):
        return
    when = c.clock()
    if update_records(c.store, lambda r: finished_here(r, ident, game, when)):
        return
    game.meta[UNRECORDED] = int(when)
    holds = contents(c)
    assert holds is not None  # (a session and its id)
    try:
        c.step(S.Written(c.store.save(ident, game), holds))
    except (StorageError, SaveConflict):  # (the save just shrank: hardly ever)
        c.report("the finished game could not be marked as not counted yet: the mark goes "
                 "with its next write")
    c.step(S.Refused((S.PENDING, {})))


def record_pending(c: Controller) -> int:
    """Count each finished game whose result the storage refused when it ended
    (``meta.unrecorded``), now that there may be space: recorded once by its id, then the
    mark taken off its save (a smaller write). Run at each start and after a delete.
    Returns the results counted."""
    counted = 0
    for entry in c.store.entries():
        if entry.game is not None and _pending(entry.game):
            if not _count(c, entry.id, entry.game):
                break
            counted += 1
    return counted


def delete_games(c: Controller, idents: list[str]) -> None:
    """Delete saves to free space. A finished game among them whose result is still to be
    counted is counted from memory once they are gone, so freeing space with it never
    loses its result; then any other result waiting for space is counted too."""
    pending = {e.id: e.game for e in c.store.entries()
               if e.id in idents and e.game is not None and _pending(e.game)}
    for ident in idents:
        c.store.delete(ident)
    for ident, game in pending.items():
        _count(c, ident, game)
    record_pending(c)


def _pending(game: Game) -> bool:
    return game.meta.get(UNRECORDED) is not None and game.state.is_over


def _count(c: Controller, ident: str, game: Game) -> bool:
    """Record the pending result of ``game`` (stored as ``ident``) and take the mark off
    its save if it is still stored; False when the storage still refuses the records."""
    when = game.meta.get(UNRECORDED)
    now = int(c.clock())
    ended = when if isinstance(when, int) and not isinstance(when, bool) else now
    ended = min(max(ended, FIRST_RELEASE), now)  # the save's word, within what can be
    if not update_records(c.store, partial(finished_here, ident=ident, game=game, ended=ended)):
        return False
    if c.store.raw(ident) is not None:
        try:
            stored = c.store.load(ident)
            stored.meta.pop(UNRECORDED, None)
            c.store.save(ident, stored)
        except (SaveError, StorageError, SaveConflict):
            pass  # counted by its id: the mark left behind never counts it twice
    if ident == c.game_id and c.session is not None:
        c.session.game.meta.pop(UNRECORDED, None)
        c.step(S.Opened(c.store.raw(ident), contents(c)), S.Counted())
    return True


def contents(c: Controller) -> tuple[str, int, str] | None:
    """What a save of the open game would hold apart from its bookkeeping (times and
    revision): the game id, the length of the log and the rest of ``meta`` (the choice
    in progress, the hints asked...). Only a change of it is written."""
    if c.session is None or c.game_id is None:
        return None
    c.session.sync_meta()
    game = c.session.game
    meta = {k: v for k, v in game.meta.items() if k not in BOOKKEEPING and k != UNRECORDED}
    return (c.game_id, len(game.log), json.dumps(meta, sort_keys=True))


def storage_full(c: Controller, reason: M.Said) -> None:
    """The write failed (storage full or off). Moves are only made when they can be
    stored: a decision that could not be saved is taken back to the last stored
    revision; a choice in progress stays on screen."""
    session = c.session
    text = c.saved_text
    if session is not None and text is not None:
        try:
            stored = game_save.load(text, neutralise_names=True)
        except SaveError:
            stored = None
        if stored is not None and len(stored.log) < len(session.game.log):
            back = Session(stored)
            c.session = back
            if computers.computer_to_move(c) or computers.auto_continue(c):
                # A computer's move: thinking it out again would fail again. Wait.
                c.step(S.Refused(("storage.computer_waits", {"reason": reason}), wait=True))
            else:
                c.step(S.Refused(("storage.move_not_saved", {"reason": reason})))
            return
    c.step(S.Refused(("storage.full", {"reason": reason})))


def adopt(c: Controller, kind: str) -> None:
    """This tab's game is out of date: take the stored one (or leave a deleted one)."""
    ident = c.game_id
    if ident is None:
        return
    if kind == "newer" and c.open_game(ident):
        c.step(P.Notice("other-tab"))
        return
    c.set_session(None, None)
    gone: S.Banner = ("storage.deleted_elsewhere", {}) if kind == "deleted" else ("storage.newer_app", {})
    c.step(N.Fail(gone), P.Notice("other-tab"))


def external_change(c: Controller) -> bool:
    """The storage changed in another tab (the browser's ``storage`` event): adopt the
    open game if it went on or was deleted there. True when the page must be redrawn."""
    if c.session is None or c.game_id is None:
        return c.screen == "start"  # the list of saved games may have changed
    reason = c.store.changed_elsewhere(c.game_id)
    if reason is None:
        return False
    adopt(c, reason)
    return True


def keep_table(c: Controller) -> None:
    """Remember the open game's table (players, seats, who plays, options, hints) in the
    preferences: the next new game starts from it (issue 25.4)."""
    if c.session is None:
        return
    keep_pref(c, TABLE_PREF, table_pref(c.session.settings, hints_on(c.session.game.meta)))


def keep_pref(c: Controller, key: str, value: Any) -> None:
    """Keep a preference for the next visits. The storage refusing it (full) is said on
    whatever screen is shown: the setting applies now, and how to free space."""
    if not c.store.set_pref(key, value):
        c.step(P.Notice("prefs-not-kept"))
