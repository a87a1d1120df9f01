"""The records (:mod:`game.web.saves.records`) in the storage, under
:data:`~game.web.saves.records.RECORDS_KEY` beside the saves: read fresh for every change and
written back at once, so two tabs never count a game twice; best effort, so a full storage
never breaks a game (issue 26.1)."""

from __future__ import annotations

from collections.abc import Callable

from .records import EMPTY, RECORDS_KEY, Records, parse_records, records_text
from .storage import SaveStore


def load_records(store: SaveStore) -> Records:
    """The records as stored now (read fresh each time: another tab may have added a game);
    unreadable: none."""
    try:
        return parse_records(store.backend.get(RECORDS_KEY))
    except Exception:  # a storage that cannot be read: no records rather than a broken page
        return EMPTY


def update_records(store: SaveStore, change: Callable[[Records], Records]) -> bool:
    """Read the stored records, apply ``change``, write the result back if it differs
    (read-modify-write in one call, with nothing awaited between: two tabs finishing the
    same game count it once, by its id). Best effort: False when the storage refused the
    write (a full storage never breaks the game; the records just miss that change)."""
    before = load_records(store)
    after = change(before)
    if after == before:
        return True
    try:
        store.backend.set(RECORDS_KEY, records_text(after))
    except Exception:  # quota exceeded, storage off
        return False
    return True


def reset_records(store: SaveStore) -> bool:
    """Every person and result forgotten (the saved games stay)."""
    try:
        store.backend.remove(RECORDS_KEY)
    except Exception:
        return False
    return True
