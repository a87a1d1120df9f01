"""The records (:mod:`game.web.saves.records`) in the storage, under
:data:`~game.web.saves.records.RECORDS_KEY` beside the saves: read fresh for every change and
written back at once, so two tabs never count a game twice; best effort, so a full storage
never breaks a game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, assert_never

from ...errors import SettingsError
from ...match import Game
from .records import (
    EMPTY,
    RECORDS_KEY,
    Records,
    finished_here,
    forgotten,
    merged,
    parse_records,
    records_text,
    renamed,
)
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


# ------------------------------------------------------------------ the changes, as values
# The page asks for a change of the records as one of these values (an effect's payload);
# the effect interpreter carries it out with :func:`edit_records`, and its answer says
# whether the storage kept it.

@dataclass(frozen=True)
class FinishedHere:
    """The game ``ident`` ended on this device at ``ended``: its result counted once."""

    ident: str
    game: Game
    ended: float


@dataclass(frozen=True)
class Rename:
    ident: str
    name: str


@dataclass(frozen=True)
class Merge:
    keep: str
    drop: str


@dataclass(frozen=True)
class Forget:
    ident: str


@dataclass(frozen=True)
class ResetAll:
    """Every person and result forgotten (the saved games stay)."""


RecordsEdit = FinishedHere | Rename | Merge | Forget | ResetAll

Refusal = Literal["taken", "bad"]
"""Why a rename was refused: the name is another person's, or not a name."""


def edit_records(store: SaveStore, edit: RecordsEdit) -> tuple[bool, Refusal | None]:
    """Carry out ``edit`` on the stored records: whether the storage kept the records, and
    why a rename was refused (the records are then left as they were)."""
    refused: list[Refusal] = []

    def change(records: Records) -> Records:
        match edit:
            case FinishedHere(ident, game, ended):
                return finished_here(records, ident, game, ended)
            case Rename(ident, name):
                try:
                    return renamed(records, ident, name)
                except SettingsError as refusal:
                    refused.append("taken" if "taken" in str(refusal) else "bad")
                    return records
            case Merge(keep, drop):
                return merged(records, keep, drop)
            case Forget(ident):
                return forgotten(records, ident)
            case ResetAll():
                return records
            case _:
                assert_never(edit)

    if isinstance(edit, ResetAll):
        return reset_records(store), None
    saved = update_records(store, change)
    return saved, (refused[0] if refused else None)
