"""Which game a tab opens at its start.

Each tab keeps the id of the game it shows in its own storage (the browser's
``sessionStorage``: kept across a reload, never shared with another tab), and the tabs share
one pointer in ``localStorage`` to the game any of them opened last. A reload opens the
tab's own game; the game another tab opened last only when the tab's own is gone (deleted
in another tab) or the tab is new; a tab that showed no game stays on the start screen.
assets/boot.js decides the same way which kept screen it may draw before Python runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

CURRENT_KEY = "manhattan:current"
"""The key of the pointer, in the shared storage and in the tab's ("": the tab shows no game)."""


class Pointers(Protocol):
    """The part of a storage backend the pointers need."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


class GamePointer:
    def __init__(self, shared: Pointers, tab: Pointers | None,
                 exists: Callable[[str], bool]) -> None:
        self.shared = shared
        self.tab = tab
        self.exists = exists
        """Whether a save of that id is stored."""

    def current(self) -> str | None:
        """The game to open at a start: the one this tab showed while that save exists,
        else the game any tab opened last (None: the start screen)."""
        own = self._own()
        if own == "":
            return None
        if own is not None and self.exists(own):
            return own
        return self._shared()

    def set(self, ident: str | None) -> None:
        """This tab shows ``ident`` (None: no game). The shared pointer names the game opened
        last; leaving a game takes it away only if it names that game (or a save that is
        gone), not another tab's. Best effort: the game itself is saved under its own key."""
        was, shared = self._own(), self._shared()
        try:
            if self.tab is not None:
                self.tab.set(CURRENT_KEY, ident or "")
            if ident is not None:
                self.shared.set(CURRENT_KEY, ident)
            elif shared is not None and (self.tab is None or shared == was
                                         or not self.exists(shared)):
                self.shared.remove(CURRENT_KEY)
        except Exception:
            pass

    def forget(self, ident: str) -> None:
        """The save ``ident`` was deleted: no pointer of this tab names it."""
        try:
            if self._shared() == ident:
                self.shared.remove(CURRENT_KEY)
            if self._own() == ident and self.tab is not None:
                self.tab.set(CURRENT_KEY, "")
        except Exception:
            pass  # a pointer to a save that is gone is repaired at the next start

    def _own(self) -> str | None:
        try:
            value = self.tab.get(CURRENT_KEY) if self.tab is not None else None
        except Exception:  # a sessionStorage that cannot be read: as if there were none
            return None
        return value if isinstance(value, str) else None

    def _shared(self) -> str | None:
        value = self.shared.get(CURRENT_KEY)
        return value if isinstance(value, str) and value else None
