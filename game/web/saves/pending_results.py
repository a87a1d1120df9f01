"""Results still to count: a game finished on this device whose result the storage refused
is kept with the mark ``meta.unrecorded`` (when it ended), and its result is counted once
there is space (at each start of the page, and after a delete frees some), by its id, so
never twice. The storage's side of it, run by the page's storage port
(game/web/runtime/storing.py)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from ...errors import SaveError
from ...match import Game
from .backup_records import FIRST_RELEASE
from .kept_records import update_records
from .records import finished_here
from .storage import SaveConflict, SaveStore, StorageError

UNRECORDED = "unrecorded"
"""``meta`` of a game finished here whose result the storage refused: when it ended (the
result is counted once there is space, :func:`count_pending`)."""


def is_pending(game: Game) -> bool:
    """The game ended here and its result is still to be counted."""
    return game.meta.get(UNRECORDED) is not None and game.state.is_over


def count_pending(store: SaveStore, now: float) -> list[str]:
    """Count each stored game whose result is still to be counted, now that there may be
    space: recorded once by its id, then the mark taken off its save (a smaller write).
    Stops at the first the storage still refuses. Returns the ids counted."""
    counted: list[str] = []
    for entry in store.entries():
        if entry.game is not None and is_pending(entry.game):
            if not count_one(store, entry.id, entry.game, now):
                break
            counted.append(entry.id)
    return counted


def delete_saves(store: SaveStore, idents: Iterable[str], now: float) -> list[str]:
    """Delete saves to free space. A finished game among them whose result is still to be
    counted is counted from memory once they are gone, so freeing space with it never
    loses its result; then any other result waiting for space is counted too. Returns the
    ids counted."""
    idents = list(idents)
    pending = {e.id: e.game for e in store.entries()
               if e.id in idents and e.game is not None and is_pending(e.game)}
    for ident in idents:
        store.delete(ident)
    counted = [ident for ident, game in pending.items() if count_one(store, ident, game, now)]
    return counted + count_pending(store, now)


def count_one(store: SaveStore, ident: str, game: Game, now: float) -> bool:
    """Record the pending result of ``game`` (stored as ``ident``) and take the mark off
    its save if it is still stored; False when the storage still refuses the records."""
    when = game.meta.get(UNRECORDED)
    today = int(now)
    ended = when if isinstance(when, int) and not isinstance(when, bool) else today
    ended = min(max(ended, FIRST_RELEASE), today)  # the save's word, within what can be
    if not update_records(store, partial(finished_here, ident=ident, game=game, ended=ended)):
        return False
    if store.raw(ident) is not None:
        try:
            stored = store.load(ident)
            stored.meta.pop(UNRECORDED, None)
            store.save(ident, stored)
        except (SaveError, StorageError, SaveConflict):
            pass  # counted by its id: the mark left behind never counts it twice
    return True
