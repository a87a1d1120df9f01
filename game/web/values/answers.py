"""What comes back to the page from outside a tap, as messages: the storage's answers to
its storage effects (:data:`~game.web.values.effects.StorageEffect`), handed back by the
effect interpreter, and the background jobs' answers (a computer's move, a hint, a step of
the review, a pause over), posted by the jobs. Each goes to
:meth:`game.web.model.controller.Controller.update`, as a command's or a subscription's
result comes back as a message in the Elm architecture: no feature writes to the storage,
no job changes the page, and what an answer changes is decided where every other change is."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...actions import Action
from ...match import Game
from .. import messages
from ..saves.backup import RestoreReport
from ..saves.kept_records import RecordsEdit, Refusal
from ..thinking.coach import Answer, Request
from ..thinking.review import ReviewJob
from .shelf import Shelf

Stamps = tuple[tuple[str, Any], ...]
"""A game's ``meta`` as a store wrote it (with its times and revision), as (key, value)
pairs."""


@dataclass(frozen=True)
class SaveWritten:
    """The open game was stored: its text, what the save holds, and its ``meta`` as
    written (with the storage's times and revision: :data:`Stamps`)."""

    text: str
    holds: tuple[str, int, str]
    stamps: Stamps = ()


@dataclass(frozen=True)
class SaveConflicted:
    """Another tab stored a newer revision of the open game, or deleted it (``kind``:
    ``"newer"``, ``"deleted"``, ``"newer-app"``)."""

    kind: str


@dataclass(frozen=True)
class SaveRefused:
    """The storage refused the open game's write (full, or off)."""

    reason: messages.Said


@dataclass(frozen=True)
class NewGameStored:
    """A new game is stored under ``ident`` (the effect's flags come back with it)."""

    ident: str
    game: Game
    text: str
    keep_table: bool
    tutorial: bool


@dataclass(frozen=True)
class NewGameRefused:
    reason: messages.Said


@dataclass(frozen=True)
class ImportStored:
    """An imported game is stored under ``ident`` (or was stored there already)."""

    ident: str
    game: Game


@dataclass(frozen=True)
class ImportRefused:
    reason: messages.Said


@dataclass(frozen=True)
class RestoreProgressed:
    """A restore is under way: ``done`` games of the backup's ``total`` restored so far."""

    done: int
    total: int


@dataclass(frozen=True)
class BackupRestored:
    """A restore is over: its report, and the preferences as stored now (those it took
    apply at once)."""

    report: RestoreReport
    prefs: Mapping[str, Any]


@dataclass(frozen=True)
class RestoreRefused:
    reason: messages.Said


@dataclass(frozen=True)
class RecordsEdited:
    """A change of the records was carried out: ``saved`` when the storage kept it,
    ``refusal`` when a rename was refused."""

    edit: RecordsEdit
    saved: bool
    refusal: Refusal | None = None


@dataclass(frozen=True)
class PrefRefused:
    """The storage refused to keep the preference ``key`` (it applies until the page is
    closed)."""

    key: str


@dataclass(frozen=True)
class ResultsCounted:
    """Results the storage had refused were counted now: the saves they came from, each
    with its text as stored now (None: deleted), its mark taken off."""

    saves: tuple[tuple[str, str | None], ...]


@dataclass(frozen=True)
class UnrecordedMarked:
    """The open game was written again with its mark ``meta.unrecorded`` (``text``; None:
    the storage refused that write too, and the mark goes with its next write), and its
    ``meta`` as written."""

    text: str | None
    holds: tuple[str, int, str]
    stamps: Stamps = ()


HintKey = tuple[str, int, int]
"""A person's decision a hint is for: (game id, log length, player)."""

@dataclass(frozen=True)
class ShelfRead:
    """What the start, setup and statistics screens show of the storage, read now."""

    shelf: Shelf


StorageAnswer = (SaveWritten | SaveConflicted | SaveRefused | NewGameStored | NewGameRefused
                 | ImportStored | ImportRefused | RestoreProgressed | BackupRestored
                 | RestoreRefused | RecordsEdited | PrefRefused | ResultsCounted
                 | UnrecordedMarked | ShelfRead)


# ------------------------------------------------------------ the background jobs' answers
# The jobs (game/web/runtime/jobs.py) think and wait off the taps; what they found or waited
# for comes back as one of these, keyed by the decision it is for, and the controller's
# update decides whether it still applies (a stale one changes nothing).

ComputerKey = tuple[str, int, int]
"""A computer's decision: (game id, log length, player on turn)."""
TableKey = tuple[str, int]
"""A moment of a game: (game id, log length)."""


@dataclass(frozen=True)
class ComputerPreviewed:
    """The computer's decision for ``key`` is shown before it is played (None: no longer)."""

    key: ComputerKey
    action: Action | None


@dataclass(frozen=True)
class ComputerMoved:
    """The computer on turn at ``key`` decided ``action``: it is played."""

    key: ComputerKey
    action: Action


@dataclass(frozen=True)
class ScoringPaused:
    """A table of computers paused at the scoring of ``key``: it goes on."""

    key: TableKey


@dataclass(frozen=True)
class UndoWindowOver:
    """The person's move at ``key`` may no longer be taken back: the computers go on."""

    key: TableKey


@dataclass(frozen=True)
class HintComputed:
    """The hint asked for decision ``key``: ``answer``, or None when none came."""

    key: HintKey | None
    request: Request
    answer: Answer | None


@dataclass(frozen=True)
class ReviewAnswered:
    """One step of the review ``job``: ``answer``, or None when the strongest level could
    not be asked (the review keeps its quick pass)."""

    job: ReviewJob
    request: Request
    answer: Answer | None


@dataclass(frozen=True)
class ReviewDue:
    """The jobs look for the review's next step: once its quick pass is over, the deep
    pass is planned (``deep_allowed``: a thinking worker is there for the strongest
    level), or the review is done."""

    deep_allowed: bool


@dataclass(frozen=True)
class RestoreTurn:
    """The restore under way may restore its next game (the jobs give the page back
    between two, so it answers and draws the progress meanwhile)."""


@dataclass(frozen=True)
class RestoreBroke:
    """The restore under way broke off (a bug): what it stored stays, no report."""


@dataclass(frozen=True)
class DrawDue:
    """The jobs draw the page next (a restore's progress): what the screen shows of the
    storage is read first."""


JobAnswer = (ComputerPreviewed | ComputerMoved | ScoringPaused | UndoWindowOver | HintComputed
             | ReviewAnswered | ReviewDue | RestoreTurn | RestoreBroke | DrawDue)


# ------------------------------------------------------------- the page's own events
# What the browser tells the page outside a tap (game/web/runtime/app.py), as messages too.

@dataclass(frozen=True)
class StorageChangedElsewhere:
    """Another tab wrote or deleted a save (the browser's ``storage`` event)."""


@dataclass(frozen=True)
class BoardMeasured:
    """A plot of the whole board is ``px`` CSS pixels on screen (None: no board drawn)."""

    px: float | None


@dataclass(frozen=True)
class FrameFailed:
    """The page's frame could not be built (a bug): the start screen instead, the game kept
    in the storage."""


@dataclass(frozen=True)
class StartFailed:
    """What the page starts with could not be opened (a bug): the start screen."""


@dataclass(frozen=True)
class StorageOff:
    """The browser's storage cannot be used here: said on the start screen."""


@dataclass(frozen=True)
class UpdateFound:
    """A new version of the page is installed and waits (assets/boot.js)."""


@dataclass(frozen=True)
class MotionWishChanged:
    """The device's wish for reduced motion changed (followed while no choice is kept)."""

    reduced: bool


@dataclass(frozen=True)
class LinkOpened:
    """A share link pasted into this tab's address bar (only its ``#`` part changed, so the
    page was not loaded again): opened as a link at the start is."""

    fragment: str


@dataclass(frozen=True)
class PageBroke:
    """The page broke (an engine or page bug): said in a banner over the game, which stays."""

    detail: str


PageEvent = (StorageChangedElsewhere | BoardMeasured | FrameFailed | StartFailed | StorageOff
             | UpdateFound | MotionWishChanged | LinkOpened | PageBroke)

ANSWERS = (SaveWritten, SaveConflicted, SaveRefused, NewGameStored, NewGameRefused, ImportStored,
           ImportRefused, RestoreProgressed, BackupRestored, RestoreRefused, RecordsEdited,
           PrefRefused, ResultsCounted, UnrecordedMarked, ShelfRead, ComputerPreviewed,
           ComputerMoved, ScoringPaused, UndoWindowOver, HintComputed, ReviewAnswered, ReviewDue,
           RestoreTurn, RestoreBroke, DrawDue)
"""The classes of :data:`StorageAnswer` and :data:`JobAnswer` (checked against them by
tests/web/test_states.py)."""
