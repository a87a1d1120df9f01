"""The storage effects carried out: every write of the page (the open game, a new or
imported game, preferences, the game to reopen, deletes, the records, a restored backup,
the next start's screen), and the one read the view needs (:class:`ReadShelf`)
happens here, against the page's :class:`~game.web.saves.storage.SaveStore`, and each
outcome the page must know of is returned as a message
(:mod:`game.web.values.answers`) for the interpreter to hand back to the controller."""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

from ...errors import SaveError
from ...match import Game
from .. import messages
from ..saves.backup import Restoring
from ..saves.kept_records import edit_records
from ..saves.pending_results import count_pending, delete_saves
from ..saves.storage import SaveConflict, SaveStore, StorageError
from ..values.answers import (
    BackupRestored,
    ImportRefused,
    ImportStored,
    NewGameRefused,
    NewGameStored,
    PrefRefused,
    RecordsEdited,
    RestoreProgressed,
    RestoreRefused,
    ResultsCounted,
    SaveConflicted,
    SaveRefused,
    SaveWritten,
    ShelfRead,
    Stamps,
    StorageAnswer,
    UnrecordedMarked,
)
from ..values.effects import (
    CountPending,
    DeleteSaves,
    EditRecords,
    KeepBootScreen,
    MarkUnrecorded,
    ReadShelf,
    RestoreBackup,
    RestoreNext,
    Save,
    SetCurrent,
    StorageEffect,
    StoreImported,
    StoreNewGame,
    WritePref,
)
from ..values.shelf import read_shelf
from .boot_screen import BOOT_SCREEN_KEY

DueWrite = Callable[[Save], tuple[str, Game] | None]
"""The open game to write for a Save, as (id, game); None when the game holds something
else now (a newer Save follows) or holds what is stored already."""


class Storing:
    """The storage port of the one interpreter."""

    def __init__(self, store: SaveStore, due_write: DueWrite) -> None:
        self.store = store
        self.due_write = due_write
        self.restoring: Restoring | None = None
        """The restore under way: the backup read and checked, its games restored one
        by one (:class:`~game.web.values.effects.RestoreNext`)."""

    def run(self, effect: StorageEffect) -> StorageAnswer | None:
        """Carry out ``effect``; its answer, or None when the page needs none."""
        store = self.store
        match effect:
            case Save(holds):
                due = self.due_write(effect)
                if due is None:
                    return None
                ident, game = due
                try:
                    written = store.save(ident, game)
                    return SaveWritten(written.text, holds, stamps(written.game))
                except SaveConflict as conflict:
                    return SaveConflicted(conflict.kind)
                except StorageError as error:
                    return SaveRefused(messages.reason(error))
            case StoreNewGame(ident, game, keep_table, tutorial):
                try:
                    written = store.save(ident, game, new=True)
                except (StorageError, SaveConflict) as error:
                    return NewGameRefused(messages.reason(error))
                return NewGameStored(ident, written.game, written.text, keep_table, tutorial)
            case StoreImported(game):
                found = store.find_same(game)
                if found is None:
                    found = store.new_id()
                    try:
                        game = store.save(found, game).game
                    except StorageError as error:
                        return ImportRefused(messages.reason(error))
                return ImportStored(found, game)
            case WritePref(key, value):
                return None if store.set_pref(key, value) else PrefRefused(key)
            case SetCurrent(ident):
                store.set_current(ident)
                return None
            case DeleteSaves(idents, now):
                return self._counted(delete_saves(store, idents, now))
            case CountPending(now):
                return self._counted(count_pending(store, now))
            case MarkUnrecorded(ident, game, holds):
                try:
                    written = store.save(ident, game)
                    return UnrecordedMarked(written.text, holds, stamps(written.game))
                except (StorageError, SaveConflict):  # (the save just shrank: hardly ever)
                    return UnrecordedMarked(None, holds)
            case EditRecords(edit):
                saved, refusal = edit_records(store, edit)
                return RecordsEdited(edit, saved, refusal)
            case KeepBootScreen(entry):
                if entry is None:
                    store.backend.remove(BOOT_SCREEN_KEY)
                else:
                    store.backend.set(BOOT_SCREEN_KEY, entry)
                return None
            case ReadShelf():
                return ShelfRead(read_shelf(store))
            case RestoreBackup(text, allowed):
                try:
                    self.restoring = Restoring(store, text, allowed)
                except SaveError as error:
                    return RestoreRefused(messages.reason(error))
                return RestoreProgressed(0, self.restoring.total)
            case RestoreNext():
                return self._restore_next()
            case _:
                assert_never(effect)

    def _counted(self, idents: list[str]) -> ResultsCounted | None:
        if not idents:
            return None
        return ResultsCounted(tuple((ident, self.store.raw(ident)) for ident in idents))

    def _restore_next(self) -> RestoreProgressed | BackupRestored | None:
        """One more game of the restore under way (none: nothing); at the end its report,
        with the preferences as they are now. A restore that breaks is dropped."""
        restoring = self.restoring
        if restoring is None:
            return None
        try:
            if not restoring.step():
                return RestoreProgressed(restoring.done, restoring.total)
            report = restoring.finish()
        except Exception:
            self.restoring = None
            raise
        self.restoring = None
        return BackupRestored(report, self.store.prefs())


def stamps(written: Game) -> Stamps:
    """The ``meta`` of a game as the store wrote it (the store leaves the model's game as it
    was, and returns the game it wrote): the model's game takes it by an update."""
    return tuple(written.meta.items())
