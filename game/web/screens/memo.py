"""Drawings kept between renders, by what they are drawn from.

A tap redraws the whole page from a new frame (game/web/screens/dispatch.py), but most of the
board's 54 plots are drawn from the same values as last time: the same tower, the same
colours, the same marks. A plot's drawing was 60 % of a tap's CPU (docs/performance.md,
"Work per tap"); kept by its inputs, an unchanged plot costs a dictionary lookup, and the
page's patch (game/web/runtime/dom.py) finds the very same subtree and skips it at once.

What is kept must be treated as immutable: a caller that wants to change a kept element
builds a new one around it (as :meth:`game.web.screens.board_svg._Scene.plot` does)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

LIMIT = 1024
"""Entries kept at most, then all dropped at once. A whole four-player game drawn after
every tap made 836 plot drawings, 5.3 MB in CPython (tracemalloc), so a game's board is
kept whole and the memory stays bounded on a tablet."""


class Memo(Generic[V]):
    """Values by a hashable key: made once, then given again for the same key."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self.kept: dict[Hashable, V] = {}

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        value = self.kept.get(key)
        if value is None:
            if len(self.kept) >= self.limit:
                self.kept.clear()
            value = self.kept[key] = make()
        return value
