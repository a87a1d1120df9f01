"""The browser's ``localStorage`` or ``sessionStorage`` behind the storage interface of
game/web/saves/storage.py. Plain Python over the :class:`~.js_types.Storage` protocol, so
the shell only hands the browser's object in."""

from __future__ import annotations

from ..saves.storage import StorageError
from .js_types import Storage, present


class WebStorageBackend:
    """A web storage (local or session) behind the storage interface; write failures
    become StorageError."""

    def __init__(self, storage: Storage) -> None:
        self.ls = storage

    def get(self, key: str) -> str | None:
        value = self.ls.getItem(key)
        return str(value) if present(value) else None

    def set(self, key: str, value: str) -> None:
        try:
            self.ls.setItem(key, value)
        except Exception as error:  # QuotaExceededError, SecurityError
            raise StorageError(str(error)) from None

    def remove(self, key: str) -> None:
        self.ls.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.ls.key(i)) for i in range(int(self.ls.length))]
