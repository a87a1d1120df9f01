"""What the page must do outside its own drawing, as values.

An update never touches the browser: a tap (:meth:`game.web.model.controller.Controller.handle`
through :data:`game.web.model.ui_actions.ACTIONS`), an event of the page
(:mod:`game.web.runtime.events`) or a drawing returns what must happen as effects, and one
small interpreter (:class:`game.web.runtime.interpreter.Interpreter`) carries them out,
against the real browser in the shell (game/web/shell/) or a fake one in the tests. So
every update and every scheduling rule runs under plain pytest, and a test reads the
effects it asked for instead of a browser's side effects.

The kinds:

- what the storage keeps: :class:`Save` (the open game's next revision), :class:`StoreNewGame`,
  :class:`StoreImported`, :class:`WritePref`, :class:`SetCurrent`, :class:`DeleteSaves`,
  :class:`CountPending`, :class:`MarkUnrecorded`, :class:`EditRecords`,
  :class:`RestoreBackup`, :class:`RestoreNext` and :class:`KeepBootScreen`, and one
  read, :class:`ReadShelf` (:data:`StorageEffect`). The interpreter
  runs them before the page draws, and the storage's answer to each comes back to the
  controller as a message (:mod:`game.web.values.answers`), so a refused write is on the
  screen the tap draws;
- :class:`Think`: the background jobs look for work (computer turns, hints, the review);
- :class:`Announce`: a text for screen readers (``#announcer``);
- :class:`Timer` / :class:`CancelTimer`: a named timer (the long press) or the next
  animation frame (a resize), and its cancellation;
- :class:`Download`: a file offered (an exported game, a backup);
- :class:`Reload`, :class:`ApplyUpdate`, :class:`ForgetLink`: navigation (the page again,
  the new version, a shared link taken out of the address bar);
- :class:`AskPersistence`: ask the browser once to keep this site's storage;
- :class:`ShowBoard`: scroll the board into view;
- :class:`Sound`: a short synthesised sound (a build, a take-over, a scoring, Godzilla, the
  end), asked for only when the sound is on (``features/sounds.py``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ...match import Game
from ..saves.kept_records import RecordsEdit

TimerName = Literal["long-press", "resize"]
"""The page's timers: the long press on a plot, the redraw at the next frame after a resize."""
TIMER_NAMES: tuple[TimerName, ...] = ("long-press", "resize")


@dataclass(frozen=True)
class Save:
    """Store the open game as its next revision. Keyed by what the save will hold
    (``keeping.contents``: game id, log length, the rest of ``meta``): run when the game
    holds something else already, it is dropped (a newer Save follows)."""

    holds: tuple[str, int, str]


@dataclass(frozen=True)
class StoreNewGame:
    """Store the new game ``game`` under ``ident`` (answered: stored, or refused).
    ``keep_table``: its table is remembered for the next new game; ``tutorial``: it is the
    first-game tutorial."""

    ident: str
    game: Game
    keep_table: bool = False
    tutorial: bool = False


@dataclass(frozen=True)
class StoreImported:
    """Store an imported game as a new save, or find the same game stored before
    (answered: where it is, or refused)."""

    game: Game


@dataclass(frozen=True)
class WritePref:
    """Keep one preference (answered only when the storage refuses it)."""

    key: str
    value: Any


@dataclass(frozen=True)
class SetCurrent:
    """The game the next start of the page opens (None: the start screen)."""

    ident: str | None


@dataclass(frozen=True)
class DeleteSaves:
    """Delete saves to free space; a result still to be counted, of one of them or of
    another game, is counted now (``now``: the time to count it at if its save does not
    say when it ended). Answered with the results counted."""

    idents: tuple[str, ...]
    now: float


@dataclass(frozen=True)
class CountPending:
    """Count the results the storage refused when their games ended, now that there may be
    space (at the start of the page). Answered with the results counted."""

    now: float


@dataclass(frozen=True)
class MarkUnrecorded:
    """Write the open game ``game`` (stored as ``ident``) again with its mark
    ``meta.unrecorded``: its result was refused. ``holds``: what the save holds otherwise
    (the mark is not part of it: a Save would find nothing new). Answered."""

    ident: str
    game: Game
    holds: tuple[str, int, str]


@dataclass(frozen=True)
class EditRecords:
    """Change the records kept across games (answered: kept or not, a rename refused)."""

    edit: RecordsEdit


@dataclass(frozen=True)
class RestoreBackup:
    """Restore a backup file's ``text`` (``allowed``: the preferences this app knows, with
    their valid values). The file is checked as a whole first, nothing written: answered
    by the restore under way (its games restored one by one, :class:`RestoreNext`) or why
    the file was refused."""

    text: str
    allowed: Mapping[str, Collection[str]]


@dataclass(frozen=True)
class RestoreNext:
    """Restore the next game of the restore under way. Answered: how far it is, or at the
    end, the report."""


@dataclass(frozen=True)
class ReadShelf:
    """Read what the start, setup and statistics screens show of the storage (answered
    with it: the view reads only the model)."""


@dataclass(frozen=True)
class KeepBootScreen:
    """Keep the markup of the next start's screen (a JSON entry, game/web/runtime/boot_screen.py)
    for assets/boot.js to draw before Python runs; None: forget it. A refusal is raised to
    the page, which only warns: the next start then shows the loading screen."""

    entry: str | None


StorageEffect = (Save | StoreNewGame | StoreImported | WritePref | SetCurrent | DeleteSaves
                 | CountPending | MarkUnrecorded | EditRecords | RestoreBackup | RestoreNext
                 | KeepBootScreen | ReadShelf)
STORAGE_EFFECTS = (Save, StoreNewGame, StoreImported, WritePref, SetCurrent, DeleteSaves,
                   CountPending, MarkUnrecorded, EditRecords, RestoreBackup, RestoreNext,
                   KeepBootScreen, ReadShelf)


@dataclass(frozen=True)
class Think:
    """Start the background jobs that are due and not running (``Jobs.kick``)."""


@dataclass(frozen=True)
class Announce:
    """Read ``text`` out to a screen reader (the live region ``#announcer``)."""

    text: str


@dataclass(frozen=True)
class Timer:
    """Start the timer ``name``: ``delay_ms`` later, or at the next animation frame
    (``None``). One of each name at a time: starting it again replaces it."""

    name: TimerName
    delay_ms: int | None


@dataclass(frozen=True)
class CancelTimer:
    """Stop the timer ``name`` if it runs."""

    name: TimerName


@dataclass(frozen=True)
class Download:
    """Offer ``text`` as a file named ``name`` (an exported game, a backup)."""

    name: str
    text: str


@dataclass(frozen=True)
class Reload:
    """Load the page again (after a problem only a fresh start mends)."""


@dataclass(frozen=True)
class ApplyUpdate:
    """Switch to the waiting new version of the site (the shell activates it and reloads;
    the open game is in the storage and reopens)."""


@dataclass(frozen=True)
class ForgetLink:
    """Put ``url`` in the address bar in place of a shared game's link, once the game is
    open (``history.replaceState``: a reload must not import it again)."""

    url: str


@dataclass(frozen=True)
class AskPersistence:
    """Ask the browser to keep this site's storage (``navigator.storage.persist()``)."""


@dataclass(frozen=True)
class ShowBoard:
    """Scroll the board into view once (a phone: the pieces were chosen in the panel below
    the board; the building comes next, on the board)."""


@dataclass(frozen=True)
class CopyText:
    """Put ``text`` on the clipboard (``navigator.clipboard.writeText``; where it is
    refused, the text is left selected in the field ``[data-share-url]``)."""

    text: str


@dataclass(frozen=True)
class ShareLink:
    """Open the system's share sheet for ``url`` (``navigator.share``; offered only where
    the browser has it)."""

    url: str
    title: str


@dataclass(frozen=True)
class ShowLogStep:
    """The replay moved to log step ``step``: scroll its log's current entry (the last
    told at or before that step, ``aria-current="step"``) into view, if drawn."""

    step: int


SoundKind = Literal["build", "takeover", "score", "godzilla", "end"]
"""The game's sounds (assets/sound.js synthesises each: no recording)."""
SOUND_KINDS: tuple[SoundKind, ...] = ("build", "takeover", "score", "godzilla", "end")


@dataclass(frozen=True)
class Sound:
    """Play the sound ``kind`` (``window.manhattanSound``; silent until the person has
    touched the page: the browsers' autoplay rules)."""

    kind: SoundKind


Effect = (StorageEffect | Think | Announce | Timer | CancelTimer | Download | Reload | ApplyUpdate
          | ForgetLink | AskPersistence | ShowBoard | CopyText | ShareLink | ShowLogStep | Sound)

LEAVES_PAGE = (Reload, ApplyUpdate)
"""Effects after which the page is gone: nothing else is drawn or run."""
