"""The storage effects carried out: every write of the page (the open game, a new or
imported game, preferences, the game to reopen, deletes, the records, a restored backup,
the next start's screen), and the one read the view needs (:class:`ReadShelf`)
happens here, against the page's :class:`~game.web.saves.storage.SaveStore`, and each
outcome the page must know of is returned as a message
(:mod:`game.web.model.answers`) for the interpreter to hand back to the controller."""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

from ...errors import SaveError
from ...match import Game
from .. import messages as M
from ..model.answers import (
    BackupRestored,
    ImportRefused,
    ImportStored,
    NewGameRefused,
    NewGameStored,
    RecordsEdited,
    RestoreRefused,
    SaveConflicted,
    SaveRefused,
    SaveWritten,
    ShelfRead,
    StorageAnswer,
)
from ..model.effects import (
    DeleteSave,
    EditRecords,
    KeepBootScreen,
    ReadShelf,
    RestoreBackup,
    Save,
    SetCurrent,
    StorageEffect,
    StoreImported,
    StoreNewGame,
    WritePref,
)
from ..model.shelf import read_shelf
from ..saves.backup import restore
from ..saves.kept_records import edit_records
from ..saves.storage import SaveConflict, SaveStore, StorageError
from .boot_screen import BOOT_SCREEN_KEY

DueWrite = Callable[[Save], tuple[str, Game] | None]
"""The open game to write for a Save, as (id, game); None when the game holds something
else now (a newer Save follows) or holds what is stored already."""


class Storing:
    """The storage port of the one interpreter."""

    def __init__(self, store: SaveStore, due_write: DueWrite) -> None:
        self.store = store
        self.due_write = due_write

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
                    return SaveWritten(store.save(ident, game), holds)
                except SaveConflict as conflict:
                    return SaveConflicted(conflict.kind)
                except StorageError as error:
                    return SaveRefused(M.reason(error))
            case StoreNewGame(ident, game, keep_table, tutorial):
                try:
                    text = store.save(ident, game, new=True)
                except (StorageError, SaveConflict) as error:
                    return NewGameRefused(M.reason(error))
                return NewGameStored(ident, game, text, keep_table, tutorial)
            case StoreImported(game):
                found = store.find_same(game)
                if found is None:
                    found = store.new_id()
                    try:
                        store.save(found, game)
                    except StorageError as error:
                        return ImportRefused(M.reason(error))
                return ImportStored(found, game)
            case WritePref(key, value):
                store.set_pref(key, value)
                return None
            case SetCurrent(ident):
                store.set_current(ident)
                return None
            case DeleteSave(ident):
                store.delete(ident)
                return None
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
                    return BackupRestored(restore(store, text, allowed))
                except SaveError as error:
                    return RestoreRefused(M.reason(error))
            case _:
                assert_never(effect)
