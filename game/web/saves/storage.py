"""Saved games in a key-value store (the browser's localStorage, or a dict in tests).

Each game is one key holding :func:`game.save.dumps` output (the engine's versioned save with
the UI's pending state in ``meta``). A save that fails to load is reported with the reason
and left exactly as it is: nothing here ever overwrites or deletes a save on its own.

Everything read back from the store is untrusted text (anyone can edit localStorage): it is
parsed only through :func:`parse_json`, the engine's one guard for outside JSON
(:mod:`game.untrusted`: oversized and deeply nested JSON is refused before ``json.loads``
sees it; in Pyodide, thousands of nested brackets overflow the JavaScript stack and kill the
whole runtime instead of raising an exception).

Several tabs share one store; each keeps the game it shows apart
(:class:`~game.web.saves.pointer.GamePointer`). Every stored game carries ``meta.revision``, incremented by
each write, and the app version that wrote it (``meta.app_version``). A store writes a game
only when the stored revision is the one it last read or wrote (:class:`SaveConflict`
otherwise: the game went on, or was deleted, in another tab) and never over a save written
by a newer version of the app. The controller then adopts the stored game instead.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ... import save as game_save
from ... import untrusted
from ...errors import SaveError
from ...match import Game
from .pointer import GamePointer

PREFIX = "manhattan:save:"
PREFS_KEY = "manhattan:prefs"
APP_VERSION = 3
"""The version of this app's saves (``meta.app_version``): 1 wrote no revision; 2 adds
``meta.revision`` and compact finished games; 3 adds ``meta.coach`` (hints allowed and asked
for, shown in the final standings), which a version-2 page would drop when writing. Raise
it whenever an older page must not write what this one stores; a page never writes over a
save of a higher app version."""
BOOKKEEPING = ("updated", "revision", "app_version", "created")
"""The ``meta`` fields a store writes itself: a save that differs only in them is not new."""

META_KEYS = ("app", "app_version", "revision", "created", "updated", "ui", "tutorial", "coach",
             "view", "unrecorded")
"""The ``meta`` fields this app reads and writes; any other field of a loaded save is
dropped (not written back on every tap)."""
META_LIMITS: dict[str, int] = {"app": 64, "app_version": 32, "revision": 32, "created": 32,
                               "updated": 32, "ui": 8_000, "tutorial": 32, "coach": 2_000,
                               "view": 8, "unrecorded": 16}
"""The longest JSON text each ``meta`` field may have, in characters. What the app writes is
far smaller (the table's UI state about 300 characters, ``coach`` about 60); a field over its
limit, like a field not in :data:`META_KEYS`, is dropped when a save is read or written, so
a file cannot fill the browser's storage with junk in ``meta``."""


def clean_meta(meta: dict[str, Any]) -> dict[str, Any]:
    """The ``meta`` fields this app knows, each within its size limit (:data:`META_LIMITS`);
    the rest is dropped. Used for every save read, written or imported."""
    kept: dict[str, Any] = {}
    for key in META_KEYS:
        if key in meta:
            try:
                size = len(json.dumps(meta[key], ensure_ascii=False))
            except (TypeError, ValueError):
                continue
            if size <= META_LIMITS[key]:
                kept[key] = meta[key]
    return kept


def now() -> float:
    """The wall clock, looked up at each call (``time.time`` as it is then)."""
    return time.time()

class Backend(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...
    def keys(self) -> list[str]: ...


class StorageError(Exception):
    """The store refused a write (storage disabled, quota exceeded)."""

    problem = "storage"  # for messages.reason: the message is the browser's (English) detail


class SaveConflict(Exception):
    """The stored game is not the one this tab last read or wrote: ``kind`` is ``"newer"``
    (another tab wrote a later revision), ``"deleted"`` (another tab deleted it) or
    ``"newer-app"`` (a newer version of the app wrote it). Nothing was written."""

    def __init__(self, kind: str, ident: str):
        super().__init__(f"{kind}: {ident}")
        self.kind = kind
        self.ident = ident


def parse_json(text: str | None) -> Any:
    """Stored text parsed through the engine's one guard for outside JSON
    (:func:`game.untrusted.parse_json`: size, UTF-8, nesting, then ``json.loads``)."""
    return untrusted.parse_json(text, "the stored text")


class MemoryBackend:
    def __init__(self, data: dict[str, str] | None = None):
        self.data: dict[str, str] = dict(data or {})
        self.fail_writes = False

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.fail_writes:
            raise StorageError("quota exceeded")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


@dataclass
class Entry:
    """One saved game as the start screen lists it."""

    id: str
    game: Game | None
    error: str | None
    updated: float
    size: int = 0
    """Characters stored (what counts against the browser's quota)."""
    newer: bool = False
    """Saved by a newer version of the app: this page must not open or write it."""
    problem: str = "damaged"
    """What is wrong when ``error`` is set (:data:`game.errors.SaveProblem`): the page says it
    in the player's language (``error`` is the English detail)."""


def revision_of(data: Any) -> int:
    """``meta.revision`` of a parsed save (0 for saves written before revisions)."""
    meta = data.get("meta") if isinstance(data, dict) else None
    value = meta.get("revision") if isinstance(meta, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def app_version_of(data: Any) -> int:
    meta = data.get("meta") if isinstance(data, dict) else None
    value = meta.get("app_version") if isinstance(meta, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 1


def is_newer(data: Any) -> bool:
    """True for a save this version must not write: a newer app or save format wrote it."""
    if not isinstance(data, dict):
        return False
    version = data.get("version")
    newer_format = (isinstance(version, int) and not isinstance(version, bool)
                    and version > game_save.VERSION)
    return newer_format or app_version_of(data) > APP_VERSION


@dataclass(frozen=True)
class StoredSave:
    """What :meth:`SaveStore.save` wrote: the text, and the game with the ``meta`` stored."""

    text: str
    game: Game


class SaveStore:
    def __init__(self, backend: Backend, clock: Callable[[], float] | None = None,
                 rng: random.Random | None = None, tab: Backend | None = None):
        self.backend = backend
        self.tab = tab
        """This tab's own storage (``sessionStorage``), where it keeps the game it shows;
        None where there is none (then the pointer shared by the tabs is all there is)."""
        self.pointer = GamePointer(backend, tab, lambda ident: self.raw(ident) is not None)
        # The clock is looked up when called (``now``), so a test that fixes time.time fixes
        # it here too, whenever this object was made.
        self.clock: Callable[[], float] = clock if clock is not None else now
        self.rng = rng or random.Random()
        self._entries: dict[str, tuple[str | None, Entry]] = {}  # id -> (text, entry) memo
        self.revisions: dict[str, int] = {}
        """The revision of each game this store last read or wrote (its claim to write)."""
        self._texts: dict[str, str] = {}
        """The text of each game as this store last read or wrote it: a stored text equal to
        it needs no parsing to know nothing changed (the check runs on every tap)."""

    # ------------------------------------------------------------------ ids
    def new_id(self) -> str:
        while True:
            ident = f"{int(self.clock() * 1000):x}-{self.rng.randrange(16 ** 4):04x}"
            if self.backend.get(PREFIX + ident) is None:
                return ident

    def ids(self) -> list[str]:
        try:
            keys = self.backend.keys()
        except Exception:  # a broken store lists nothing rather than crashing the page
            return []
        return sorted(k[len(PREFIX):] for k in keys if isinstance(k, str) and k.startswith(PREFIX))

    # ---------------------------------------------------------------- games
    def raw(self, ident: str) -> str | None:
        return self.backend.get(PREFIX + ident)

    def find_same(self, game: Game) -> str | None:
        """A save holding exactly this game (same rules, seed and moves), if there is one:
        opening the same shared link or file twice then opens the copy already kept
        instead of storing a second one. Unreadable saves are skipped."""
        wanted = game_save.to_save(game)
        for ident in self.ids():
            try:
                data = parse_json(self.raw(ident))
            except SaveError:
                continue
            if isinstance(data, dict) and all(data.get(k) == wanted[k] for k in ("settings", "seed", "log")):
                return ident
        return None

    def stored_revision(self, ident: str) -> int | None:
        """The revision stored now (None: no such save; -1: unreadable or a newer app's)."""
        text = self.raw(ident)
        if text is None:
            return None
        try:
            data = parse_json(text)
        except SaveError:
            return -1
        return -1 if is_newer(data) else revision_of(data)

    def changed_elsewhere(self, ident: str) -> str | None:
        """Why this tab's copy of ``ident`` is out of date (``"newer"``, ``"deleted"``,
        ``"newer-app"``), or None when the stored game is the one it last read or wrote."""
        known = self.revisions.get(ident)
        text = self.raw(ident)
        if text is not None and text == self._texts.get(ident):
            return None
        stored = self.stored_revision(ident)
        if stored is None:
            return "deleted" if known is not None else None
        if stored == -1:
            return "newer-app"
        # The text is not the one this store last read or wrote: another tab (a later
        # revision) or a hand edit (even at the same revision). Either way it is not ours to
        # overwrite; the controller adopts what is stored (a broken save is then reported
        # and kept).
        return "newer"

    def load(self, ident: str) -> Game:
        """The stored game; its revision becomes this store's claim to write it."""
        text = self.raw(ident)
        if text is None:
            raise SaveError("the save does not exist", "missing")
        data = parse_json(text)
        if is_newer(data):
            raise SaveError("saved by a newer version of the game: reload to continue", "newer_version")
        game = game_save.load(data, neutralise_names=True)
        game.meta = clean_meta(game.meta)
        self.revisions[ident] = revision_of(data)
        self._texts[ident] = text
        return game

    def save(self, ident: str, game: Game, *, new: bool = False,
             keep_time: bool = False) -> StoredSave:
        """Write ``game`` as the next revision of ``ident``: the text written, and the game
        as written (a copy: ``game`` stays as it was given; its ``meta`` holds the store's
        bookkeeping, the time and the revision). Raises :class:`SaveConflict` (nothing
        written) when another tab or a newer app changed or deleted it since this store
        last read or wrote it, :class:`StorageError` when the browser refuses.
        ``keep_time``: the game keeps the save time it holds (a game restored from a
        backup was last saved then, not now), else the time is now."""
        reason = None if new and self.raw(ident) is None else self.changed_elsewhere(ident)
        if reason is not None:
            raise SaveConflict(reason, ident)
        revision = self.revisions.get(ident, 0) + 1
        # Whole seconds: a save time's text then has a fixed length, so a save grows only
        # when the game does (what a full storage refuses is predictable).
        kept = _timestamp(game.meta.get("updated")) if keep_time else 0.0
        now = int(kept) if kept > 0 else int(self.clock())
        meta = clean_meta(game.meta)
        meta.update(updated=now, revision=revision, app_version=APP_VERSION)
        meta.setdefault("created", now)
        if game.state.is_over:
            meta.pop("ui", None)  # a finished game is kept compact: its log, no UI state
        text = game_save.dumps_with_meta(game, meta)
        try:
            self.backend.set(PREFIX + ident, text)
        except StorageError:
            raise
        except Exception as error:  # the browser raises QuotaExceededError and the like
            raise StorageError(str(error)) from None
        self.revisions[ident] = revision
        self._texts[ident] = text
        written = game.copy()
        written.meta = meta  # (its own copy, made just above)
        return StoredSave(text, written)

    def remember(self, ident: str, game: Game) -> None:
        """``game`` was just stored as ``ident`` by this store and nothing else holds it (a
        restored game): the list of saved games takes it as it is instead of replaying it."""
        text = self._texts.get(ident)
        if text is not None and text == self.raw(ident):
            entry = Entry(ident, game, None, _timestamp(game.meta.get("updated")),
                          len(PREFIX + ident) + len(text))
            self._entries[ident] = (text, entry)

    def delete(self, ident: str) -> None:
        self.backend.remove(PREFIX + ident)
        self.revisions.pop(ident, None)
        self._texts.pop(ident, None)
        self.pointer.forget(ident)

    def used(self) -> int:
        """Characters this app stores (saves, pointer, preferences)."""
        total = 0
        for key in self._keys():
            value = self.backend.get(key)
            total += len(key) + (len(value) if isinstance(value, str) else 0)
        return total

    def _keys(self) -> list[str]:
        try:
            return [k for k in self.backend.keys()  # noqa: SIM118 (a Backend, not a dict)
                    if isinstance(k, str) and k.startswith("manhattan:")]
        except Exception:
            return []

    def entries(self) -> list[Entry]:
        """Every saved game, newest first; broken ones carry the reason they do not load."""
        result = []
        for ident in self.ids():
            text = self.raw(ident)
            memo = self._entries.get(ident)
            if memo is not None and memo[0] == text:  # replaying every save is not free
                result.append(memo[1])
                continue
            size = len(PREFIX + ident) + (len(text) if text is not None else 0)
            try:
                data = parse_json(text)
                if is_newer(data):
                    entry = Entry(ident, None, None, _updated_of(text), size, newer=True)
                else:
                    game = game_save.load(data, neutralise_names=True)
                    entry = Entry(ident, game, None, _timestamp(game.meta.get("updated")), size)
            except SaveError as error:
                entry = Entry(ident, None, str(error), _updated_of(text), size, problem=error.problem)
            except Exception as error:  # never let one odd save break the list
                entry = Entry(ident, None, f"{type(error).__name__}: {error}", _updated_of(text),
                              size)
            self._entries[ident] = (text, entry)
            result.append(entry)
        result.sort(key=lambda e: e.updated, reverse=True)
        return result

    # -------------------------------------------------------------- current
    def current(self) -> str | None:
        """The game to open at a start (:meth:`GamePointer.current`)."""
        return self.pointer.current()

    def set_current(self, ident: str | None) -> None:
        """This tab shows ``ident`` (None: no game; :meth:`GamePointer.set`)."""
        self.pointer.set(ident)

    # ---------------------------------------------------------------- prefs
    def prefs(self) -> dict[str, Any]:
        try:
            data = parse_json(self.backend.get(PREFS_KEY) or "{}")
        except Exception:  # hostile or broken prefs: the defaults
            return {}
        return data if isinstance(data, dict) else {}

    def set_prefs(self, prefs: dict[str, Any]) -> bool:
        """Keep the preferences; False when the storage refused (full or off): the page
        says so, the choice then lasts only until the page is closed."""
        try:
            self.backend.set(PREFS_KEY, json.dumps(prefs))
        except Exception:
            return False
        return True

    def set_pref(self, key: str, value: Any) -> bool:
        """Keep one preference beside the others (False: refused, as :meth:`set_prefs`)."""
        prefs = self.prefs()
        if prefs.get(key) == value and key in prefs:
            return True  # kept already: nothing to write
        prefs[key] = value
        return self.set_prefs(prefs)


def _timestamp(value: Any) -> float:
    """A save time in seconds since 1970, or 0.0 for anything a clock does not give (NaN,
    infinity, negative, beyond the year 5000, not a number)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    try:
        value = float(value)
    except OverflowError:
        return 0.0
    return value if math.isfinite(value) and 0 <= value < 1e11 else 0.0


def _updated_of(text: str | None) -> float:
    """The save time of a save that does not load (for sorting the list), if it has one."""
    try:
        return _timestamp(parse_json(text)["meta"]["updated"])
    except Exception:
        return 0.0
