"""Saved games in a key-value store (the browser's localStorage, or a dict in tests).

Each game is one key holding :func:`game.save.dumps` output (the engine's versioned save with
the UI's pending state in ``meta``). A save that fails to load is reported with the reason
and left exactly as it is: nothing here ever overwrites or deletes a save on its own.

Everything read back from the store is untrusted text (anyone can edit localStorage): it is
parsed only through :func:`parse_json`, which refuses oversized and deeply nested JSON
before ``json.loads`` sees it (in Pyodide, thousands of nested brackets overflow the
JavaScript stack and kill the whole runtime instead of raising an exception).
"""

from __future__ import annotations

import json
import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from .. import save as game_save
from ..errors import SaveError
from ..match import Game

PREFIX = "manhattan:save:"
CURRENT_KEY = "manhattan:current"
PREFS_KEY = "manhattan:prefs"


class Backend(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...
    def keys(self) -> list[str]: ...


class StorageError(Exception):
    """The store refused a write (storage disabled, quota exceeded)."""


def parse_json(text: str | None) -> Any:
    """``json.loads`` for untrusted stored text; raises SaveError for anything hostile
    (too large, nested deeper than the saves ever are, not JSON)."""
    if not isinstance(text, str):
        raise SaveError("nothing stored")
    if len(text) > game_save.MAX_SAVE_BYTES:
        raise SaveError("the stored text is too large")
    game_save.check_nesting(text)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SaveError(f"not valid JSON ({error})") from None


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


class SaveStore:
    def __init__(self, backend: Backend, clock: Callable[[], float] = time.time,
                 rng: random.Random | None = None):
        self.backend = backend
        self.clock = clock
        self.rng = rng or random.Random()
        self._entries: dict[str, tuple[str | None, Entry]] = {}  # id -> (text, entry) memo

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

    def load(self, ident: str) -> Game:
        text = self.raw(ident)
        if text is None:
            raise SaveError("the save does not exist")
        return game_save.load(text)

    def save(self, ident: str, game: Game) -> None:
        game.meta["updated"] = self.clock()
        game.meta.setdefault("created", game.meta["updated"])
        text = game_save.dumps(game)
        try:
            self.backend.set(PREFIX + ident, text)
        except StorageError:
            raise
        except Exception as error:  # the browser raises QuotaExceededError and the like
            raise StorageError(str(error)) from None

    def delete(self, ident: str) -> None:
        self.backend.remove(PREFIX + ident)
        if self.current() == ident:
            self.backend.remove(CURRENT_KEY)

    def entries(self) -> list[Entry]:
        """Every saved game, newest first; broken ones carry the reason they do not load."""
        result = []
        for ident in self.ids():
            text = self.raw(ident)
            memo = self._entries.get(ident)
            if memo is not None and memo[0] == text:  # replaying every save is not free
                result.append(memo[1])
                continue
            try:
                game = game_save.load(text) if text is not None else self.load(ident)
            except SaveError as error:
                entry = Entry(ident, None, str(error), _updated_of(text))
            except Exception as error:  # never let one odd save break the list
                entry = Entry(ident, None, f"{type(error).__name__}: {error}", _updated_of(text))
            else:
                entry = Entry(ident, game, None, _timestamp(game.meta.get("updated")))
            self._entries[ident] = (text, entry)
            result.append(entry)
        result.sort(key=lambda e: e.updated, reverse=True)
        return result

    # -------------------------------------------------------------- current
    def current(self) -> str | None:
        value = self.backend.get(CURRENT_KEY)
        return value if isinstance(value, str) and value else None

    def set_current(self, ident: str | None) -> None:
        try:
            if ident is None:
                self.backend.remove(CURRENT_KEY)
            else:
                self.backend.set(CURRENT_KEY, ident)
        except Exception:
            pass  # only a convenience: the game itself is saved under its own key

    # ---------------------------------------------------------------- prefs
    def prefs(self) -> dict[str, Any]:
        try:
            data = parse_json(self.backend.get(PREFS_KEY) or "{}")
        except Exception:  # hostile or broken prefs: the defaults
            return {}
        return data if isinstance(data, dict) else {}

    def set_prefs(self, prefs: dict[str, Any]) -> None:
        try:
            self.backend.set(PREFS_KEY, json.dumps(prefs))
        except Exception:
            pass


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
