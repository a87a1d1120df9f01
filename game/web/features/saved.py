"""What the storage holds of the open game and what it refused (a state).

One frozen :class:`Saved` value: the open game's text as last stored (to take a refused
move back), what that save held (so a tap that changed nothing writes nothing), the banner
of a storage problem and whether the computers wait for the storage. It belongs to the open
game: a new game starts from :data:`FRESH`. Its one door is :func:`update`: the storage's
answers to :mod:`game.web.model.keeping`'s writes come back as actions (written,
refused, tried again), as a command's result comes back as a message in the Elm
architecture."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, assert_never

Banner = tuple[str, dict[str, Any]]
PENDING = "storage.result_pending"
"""The banner of a finished game whose result the storage refused: it stays over the game
(a later write of the game does not count the result) until the result is counted."""


@dataclass(frozen=True)
class Saved:
    saved_text: str | None = None
    stored: tuple[str, int, str] | None = None
    """What the last write held (:func:`game.web.model.keeping.contents`)."""
    banner: Banner | None = None
    storage_wait: bool = False
    """A computer's move the storage refused: the computers wait (the CPU idle, no decision
    thought out again in a loop) until a write succeeds, the game is opened again or the
    table taps "Try again" (``storage-retry``)."""


FRESH = Saved()


@dataclass(frozen=True)
class Opened:
    """A game was opened: what the storage holds of it (``text``, the contents it holds)."""

    text: str | None
    holds: tuple[str, int, str] | None


@dataclass(frozen=True)
class Written:
    """A write succeeded: the game's stored text and what it holds. A problem is over
    (not a result still to be counted: :data:`PENDING`)."""

    text: str
    holds: tuple[str, int, str]


@dataclass(frozen=True)
class Refused:
    """The storage refused a write: its banner, and whether the computers wait for it."""

    banner: Banner
    wait: bool = False


@dataclass(frozen=True)
class Settled:
    """Nothing is left unsaved (a refused change was undone): a storage-full banner goes."""


@dataclass(frozen=True)
class Counted:
    """The result of the finished game the storage had refused is now in the statistics."""


@dataclass(frozen=True)
class Retry:
    """"Try again": the computers go on (and wait again if the storage still refuses)."""


@dataclass(frozen=True)
class Failed:
    """Something outside the storage broke: its banner over the game (the page's report)."""

    banner: Banner


@dataclass(frozen=True)
class StartAfresh:
    """Another game (or none) is open: nothing is known yet of what the storage holds of
    it, and a problem of the last one is not its problem."""


SavedAction = Opened | Written | Refused | Settled | Counted | Retry | Failed | StartAfresh


def update(saved: Saved, action: SavedAction) -> tuple[Saved, tuple[()]]:
    """The open game's storage state after ``action`` (it asks nothing of the browser)."""
    match action:
        case Opened(text, holds):
            return replace(saved, saved_text=text, stored=holds), ()
        case Written(text, holds):
            pending = saved.banner is not None and saved.banner[0] == PENDING
            return replace(saved, saved_text=text, stored=holds,
                           banner=saved.banner if pending else None, storage_wait=False), ()
        case Refused(banner, wait):
            return replace(saved, banner=banner, storage_wait=saved.storage_wait or wait), ()
        case Settled():
            full = saved.banner is not None and saved.banner[0] == "storage.full"
            return (replace(saved, banner=None) if full else saved), ()
        case Counted():
            pending = saved.banner is not None and saved.banner[0] == PENDING
            return (replace(saved, banner=None) if pending else saved), ()
        case Retry():
            return replace(saved, banner=None, storage_wait=False), ()
        case Failed(banner):
            return replace(saved, banner=banner), ()
        case StartAfresh():
            return FRESH, ()
        case _:
            assert_never(action)
