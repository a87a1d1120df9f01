"""Keeping the open game in the storage: whether it must be written, what the storage's
answer to a write changes, adopting what another tab stored, and what happens when the
storage refuses. Writing is an effect, :class:`~game.web.values.effects.Save`: :func:`save_due`
decides, the controller queues it before the other effects of a tap or of a computer's move,
the interpreter carries it out (game/web/runtime/storing.py) and hands the storage's answer
back, which :func:`answered` turns into the page's change."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, assert_never

from ... import save as game_save
from ...errors import SaveError
from ...public_record import is_view_game
from .. import messages
from ..features import navigating, page, saved, tutorial
from ..saves.kept_records import FinishedHere
from ..saves.pending_results import UNRECORDED
from ..saves.storage import BOOKKEEPING
from ..thinking.coach import hints_on
from ..values.answers import (
    ResultsCounted,
    SaveConflicted,
    SaveRefused,
    SaveWritten,
    UnrecordedMarked,
)
from ..values.effects import EditRecords, Effect, MarkUnrecorded, Save, WritePref
from ..values.session import Session, SetMeta, Stamp
from ..values.setup_form import TABLE_PREF, table_pref
from . import computers
from .door import ReplaceSession

if TYPE_CHECKING:
    from .holder import Holder, Reading

Effects = tuple[Effect, ...]



def failed(c: Holder, detail: str) -> None:
    """The page broke (an engine or page bug): its banner over the game, which stays."""
    c.step(saved.Failed(("app.error", {"detail": detail})))


def save_due(c: Holder) -> Save | None:
    """The :class:`~game.web.values.effects.Save` the open game needs: None when nothing
    a save holds changed (a tap on the menu, the log, the replay...). A change the storage
    refused and that is now undone leaves nothing unsaved: its banner goes."""
    if c.session is None or c.game_id is None:
        return None
    holds = contents(c)
    if holds == c.saved.stored or holds is None:
        c.step(saved.Settled())
        return None
    return Save(holds)


def answered(c: Holder, answer: SaveWritten | SaveConflicted | SaveRefused) -> Effects:
    """The storage's answer to the open game's write: stored (a finished game's result goes
    into the records), or another tab's game adopted (never overwritten), or the move taken
    back because the storage refused it, the table told at once."""
    match answer:
        case SaveWritten(text, holds, stamps):
            before = c.saved.stored
            c.step(saved.Written(text, holds))
            if holds[0] == c.game_id:
                c.step(Stamp(stamps))
            if before is None or before[0] != holds[0] or before[1] < holds[1]:
                return record_finished(c)
            return ()
        case SaveConflicted(kind):
            adopt(c, kind)
            return ()
        case SaveRefused(reason):
            storage_full(c, reason)
            return ()
        case _:
            assert_never(answer)


def record_finished(c: Holder) -> Effects:
    """The open game's last decision was just played and stored here: its result goes into
    the records. Never for a tutorial or a view; a game adopted from another tab is not
    written here, so not recorded here either. The records are read from the storage and
    written back at once (:func:`~game.web.saves.kept_records.edit_records`), and a game is
    recorded once by its id, so two tabs never count it twice. A storage that refuses the
    records is said on the screen (:func:`result_refused`)."""
    session, ident = c.session, c.game_id
    if session is None or ident is None or not session.state.is_over:
        return ()
    game = session.game
    if game.meta.get(tutorial.META) or is_view_game(game):
        return ()
    return (EditRecords(FinishedHere(ident, game, c.clock())),)


def result_refused(c: Holder, edit: FinishedHere) -> Effects:
    """The storage refused the open game's result: said on the screen (the game itself is
    kept), and the save marked ``meta.unrecorded`` (when it ended) by a second write, which
    a finished game's save has room for (it drops its table state): the result is counted
    once there is space, at the next start at the latest
    (game/web/saves/pending_results.py)."""
    if edit.ident != c.game_id or c.session is None:
        return ()
    c.step(SetMeta(UNRECORDED, int(edit.ended)))
    holds = contents(c)
    assert holds is not None  # (a session and its id)
    return (MarkUnrecorded(edit.ident, c.session.game, holds),)


def marked(c: Holder, answer: UnrecordedMarked) -> None:
    """The open game's result is still to be counted: its banner (the save's mark written,
    or going with its next write)."""
    if answer.text is not None:
        c.step(saved.Written(answer.text, answer.holds))
        if answer.holds[0] == c.game_id:
            c.step(Stamp(answer.stamps))
    else:
        c.report("the finished game could not be marked as not counted yet: the mark goes "
                 "with its next write")
    c.step(saved.Refused((saved.PENDING, {})))


def counted(c: Holder, answer: ResultsCounted) -> None:
    """Results still to count were counted: the open game's mark goes, and its banner."""
    for ident, text in answer.saves:
        if ident == c.game_id and c.session is not None:
            c.step(SetMeta(UNRECORDED, None))
            c.step(saved.Opened(text, contents(c)), saved.Counted())


def contents(c: Reading) -> tuple[str, int, str] | None:
    """What a save of the open game would hold apart from its bookkeeping (times and
    revision): the game id, the length of the log and the rest of ``meta`` (the choice
    in progress, the hints asked...). Only a change of it is written."""
    if c.session is None or c.game_id is None:
        return None
    game = c.session.game
    meta = {k: v for k, v in game.meta.items() if k not in BOOKKEEPING and k != UNRECORDED}
    return (c.game_id, len(game.log), json.dumps(meta, sort_keys=True))


def storage_full(c: Holder, reason: messages.Said) -> None:
    """The write failed (storage full or off). Moves are only made when they can be
    stored: a decision that could not be saved is taken back to the last stored
    revision; a choice in progress stays on screen."""
    session = c.session
    text = c.saved.saved_text
    if session is not None and text is not None:
        try:
            stored = game_save.load(text, neutralise_names=True)
        except SaveError:
            stored = None
        if stored is not None and len(stored.log) < len(session.game.log):
            c.step(ReplaceSession(Session(stored), c.game_id))
            if computers.computer_to_move(c) or computers.auto_continue(c):
                # A computer's move: thinking it out again would fail again. Wait.
                c.step(saved.Refused(("storage.computer_waits", {"reason": reason}), wait=True))
            else:
                c.step(saved.Refused(("storage.move_not_saved", {"reason": reason})))
            return
    c.step(saved.Refused(("storage.full", {"reason": reason})))


def adopt(c: Holder, kind: str) -> None:
    """This tab's game is out of date: take the stored one (or leave a deleted one)."""
    ident = c.game_id
    if ident is None:
        return
    if kind == "newer" and c.open_game(ident):
        c.step(page.Notice("other-tab"))
        return
    c.set_session(None, None)
    gone: saved.Banner = ("storage.deleted_elsewhere", {}) if kind == "deleted" else ("storage.newer_app", {})
    c.step(navigating.Fail(gone), page.Notice("other-tab"))


def external_change(c: Holder) -> bool:
    """The storage changed in another tab (the browser's ``storage`` event): adopt the
    open game if it went on or was deleted there. True when the page must be redrawn."""
    if c.session is None or c.game_id is None:
        return c.page.place == "start"  # the list of saved games may have changed
    reason = c.store.changed_elsewhere(c.game_id)
    if reason is None:
        return False
    adopt(c, reason)
    return True


def keep_table(c: Holder) -> Effects:
    """Remember the open game's table (players, seats, who plays, options, hints) in the
    preferences: the next new game starts from it."""
    if c.session is None:
        return ()
    return (WritePref(TABLE_PREF, table_pref(c.session.settings, hints_on(c.session.game.meta))),)
