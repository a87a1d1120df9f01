"""What the storage holds of the open game and what it refused (issue 24.1: a state).

One frozen :class:`Saved` value: the open game's text as last stored (to take a refused
move back), what that save held (so a tap that changed nothing writes nothing), the banner
of a storage problem and whether the computers wait for the storage. It belongs to the open
game: a new game starts from :data:`FRESH`. :mod:`game.web.features.keeping` writes and
reads it (through the controller's attributes of the same names)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Banner = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Saved:
    saved_text: str | None = None
    stored: tuple[str, int, str] | None = None
    """What the last write held (:func:`game.web.features.keeping.contents`)."""
    banner: Banner | None = None
    storage_wait: bool = False
    """A computer's move the storage refused: the computers wait (the CPU idle, no decision
    thought out again in a loop) until a write succeeds, the game is opened again or the
    table taps "Try again" (``storage-retry``)."""


FRESH = Saved()
