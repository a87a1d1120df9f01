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
from typing import Any, Generic, TypeVar

V = TypeVar("V")

KEPT: list[Memo[Any]] = []
"""Every memo, so that the drawings of one game can be forgotten together
(:func:`forget_all`)."""


def forget_all() -> None:
    """Forget every kept drawing: another game is drawn now, and an earlier game's drawings
    would only fill the generations up to their bound, in the page's Python heap and so in
    the tab (about 0.9 MB a four-player game, CPython, until they are full)."""
    for memo in KEPT:
        memo.clear()


class Memo(Generic[V]):
    """Values by a hashable key: made once, then given again for the same key while the
    page goes on asking for it.

    Kept in two generations: a value is made into the young one, and one asked for from the
    old one moves back into the young; when the young holds ``limit`` values it becomes the
    old one and the old one is dropped. So what every render asks for (the board's plots as
    they stand) stays, what the page stopped drawing (the plots of earlier turns, an earlier
    game's steps) goes within two turns of the generations, and at most twice ``limit``
    values are kept. Whatever stays in the page's Python heap through a game stays in the
    tab: the WebAssembly memory it grows into is never given back. ``limit`` must exceed what
    one render asks for, or each render makes again what the render before it dropped."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.young: dict[Hashable, V] = {}
        self.old: dict[Hashable, V] = {}
        KEPT.append(self)

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        value = self.young.get(key)
        if value is None:
            value = self.old.pop(key, None)
            if value is None:
                value = make()
            if len(self.young) >= self.limit:
                self.old = self.young
                self.young = {}
            self.young[key] = value
        return value

    def __len__(self) -> int:
        return len(self.young) + len(self.old)

    def clear(self) -> None:
        self.young.clear()
        self.old.clear()
