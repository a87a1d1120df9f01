"""The page's one update: ``update(env, model, message) -> Updated(model, effects, redraw)``.

Every message (a tap as its typed message, the storage's answer to an effect, a
background job's answer, an event of the browser) is carried out here, against a
:class:`~game.web.model.model.Model` that stays as it was: the result is the next model and
the effects it asks for, which the controller keeps and hands to the interpreter. The
update is composed from the features' pure updates: each state's own action goes through
the one door (:func:`game.web.model.door.step`), a feature's tap to its ``tapped``
(``on_<feature>.py``), an answer of the storage to :mod:`~game.web.model.keeping` or the
feature that asked for it. The compositions are pure, ``(model, message) -> (model,
effects)`` (:data:`~game.web.model.door.Stepped`), and :meth:`Change.take` keeps what they
make: one :class:`Change` is one update under way, the model reached so far and the effects
asked so far, local to one call of :func:`update`.

:class:`~game.web.model.env.Env` is what an update reads besides the model and never
changes: the storage (read only: every write is an effect), the page's parameters, the
clock, the report of a malformed message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from ...story import Played
from .. import messages
from ..features import coaching, page, saved, tutorial
from ..features import playing as table
from ..features.navigating import Fail, StopRestore
from ..features.sounds import sounds
from ..saves.kept_records import FinishedHere
from ..saves.sharing import is_link
from ..values.answers import (
    ANSWERS,
    BackupRestored,
    BoardMeasured,
    ComputerMoved,
    ComputerPreviewed,
    DrawDue,
    FrameFailed,
    HintComputed,
    ImportRefused,
    ImportStored,
    JobAnswer,
    LinkOpened,
    MotionWishChanged,
    NewGameRefused,
    NewGameStored,
    PageBroke,
    PageEvent,
    PrefRefused,
    RecordsEdited,
    RestoreBroke,
    RestoreProgressed,
    RestoreRefused,
    RestoreTurn,
    ResultsCounted,
    ReviewAnswered,
    ReviewDue,
    SaveConflicted,
    SaveRefused,
    SaveWritten,
    ScoringPaused,
    ShelfRead,
    StartFailed,
    StorageAnswer,
    StorageChangedElsewhere,
    StorageOff,
    UndoWindowOver,
    UnrecordedMarked,
    UpdateFound,
)
from ..values.effects import Effect, ReadShelf, SetCurrent
from ..values.session import Commit, Session, SessionAction, SetMeta, Settle
from ..values.setup_form import ShowProblem
from ..values.shelf import SHELF_PLACES
from . import computers, door, keeping, on_coaching, on_files, on_statistics, opening
from .env import Env
from .model import Model, ReadsModel
from .ui_actions import KEEP_MENU_OPEN, Tap, tapped

Message = Tap | StorageAnswer | JobAnswer | PageEvent
"""Everything that can happen to the page, as a typed message for :func:`update`."""


@dataclass(frozen=True)
class Updated:
    """What one message made: the next model, the effects it asks for in order, and
    whether the page must be drawn again though the message's sender would not draw (a tap
    dropped for another tab's newer game, another tab's change, the board switched between
    overview and direct taps)."""

    model: Model
    effects: tuple[Effect, ...] = ()
    redraw: bool = False


def update(env: Env, model: Model, message: Message) -> Updated:
    """The one update of the page (see the module's docstring), in the model's language (the
    texts it makes: the setup form's default names, a share's title)."""
    change = Change(env, model)
    with messages.speaking(model.page.language):
        redraw = change.message(message)
    return Updated(change.model, tuple(change.effects), redraw)


def boot(env: Env, model: Model) -> Updated:
    """The page's start: a shared link opened, else the game asked for or the last one
    reopened, else the start screen."""
    change = Change(env, model)
    with messages.speaking(model.page.language):
        change.open_first()
        change.read_shelf()
    return Updated(change.model, tuple(change.effects))


class Change(ReadsModel):
    """One update under way: the model reached so far and the effects asked so far. It
    changes the model only through the door: its own steps, and the models the pure
    compositions (``on_<feature>.py``, ``opening.py``, ``keeping.py``) make from it."""

    def __init__(self, env: Env, model: Model):
        self.model = model
        self.effects: list[Effect] = []
        self.played: list[Played] = []
        """The plays the game made in this update (their sounds)."""
        self.env = env

    # ------------------------------------------------------------- the door
    def step(self, *actions: door.StateAction) -> None:
        """The one door (:func:`game.web.model.door.step`), in turn for each action; what
        the updates ask of the browser is kept in order, and the game's plays for their
        sounds."""
        for action in actions:
            self.model, effects = door.step(self.model, action)
            self.effects.extend(effects)
            if isinstance(action, SessionAction) and self.model.session is not None:
                self.played.extend(self.model.session.played)

    def take(self, stepped: door.Stepped, at: int | None = None) -> None:
        """The model a pure composition of updates made from this one's model
        (``on_<feature>.py``), kept, and its effects queued, as :meth:`step` keeps and queues
        them (a game's plays too, for their sounds); from ``at`` in the queue if given (the
        Save, before the effects asked since)."""
        before = self.model.session
        self.model, effects = stepped
        if at is None:
            self.effects.extend(effects)
        else:
            self.effects[at:at] = effects
        if self.model.session is not None and self.model.session is not before:
            self.played.extend(self.model.session.played)

    # ------------------------------------------------------------ messages
    def message(self, message: Message) -> bool:
        """``message`` carried out; True when the page must be drawn again though its
        sender would not draw (:class:`Updated`)."""
        if isinstance(message, ANSWERS):
            self.answered(message)
            return False
        match message:
            case StorageChangedElsewhere():
                stepped, redraw = opening.external_change(self.env, self.model)
                self.take(stepped)
                self.read_shelf()
                return redraw
            case BoardMeasured(px):
                was = self.page.compact
                self.step(page.Measure(px))
                return was != self.page.compact
            case FrameFailed():  # (the game stays in the storage)
                self.step(door.ReplaceSession(None, self.game_id), page.Move("start"))
                return True
            case StartFailed():
                self.step(page.Move("start"))
                return True
            case StorageOff():
                self.step(Fail(("start.storage_unavailable", {})))
                return True
            case UpdateFound():
                self.step(page.UpdateWaiting())
                return True
            case MotionWishChanged(reduced):
                self.step(page.MotionWish(self.env.store.prefs().get("motion"), reduced))
                return True
            case LinkOpened(fragment):
                self.take(on_files.open_link(self.model, fragment))
                self.read_shelf()
                return True
            case PageBroke(detail):
                self.take(keeping.failed(self.model, detail))
                return True
            case _:
                return self.tapped(message)

    def tapped(self, tap: Tap) -> bool:
        """A tap, as its typed message, carried out: its Save queued first, the sounds of a
        move it made after its other effects. True when it was dropped because another
        tab's game was adopted instead."""
        if self.page.notice is not None:
            self.step(page.Notice(None))
        if not isinstance(tap, KEEP_MENU_OPEN):  # any other tap acts and closes the menu
            self.step(table.CloseMenu())
        if self.session is not None and self.game_id is not None:
            reason = self.env.store.changed_elsewhere(self.game_id)
            if reason is not None:  # this tab is out of date: adopt, drop the tap
                self.take(opening.adopt(self.env, self.model, reason))
                self.read_shelf()
                return True
        start = len(self.effects)
        self.take(tapped(self.env, self.model, tap))
        self.queue_save(start)  # first: nothing may lose it
        self.queue_sounds()  # of a move this tap made (dropped if the storage refuses it)
        self.read_shelf()
        return False

    def answered(self, answer: StorageAnswer | JobAnswer) -> None:
        """An answer from outside a tap (the storage's, a background job's): the change it
        makes, if it still applies, and the effects it asks for."""
        start = len(self.effects)
        match answer:
            case SaveWritten() | SaveRefused():
                self.take(keeping.answered(self.env, self.model, answer))
            case SaveConflicted(kind):
                self.take(opening.adopt(self.env, self.model, kind))
            case NewGameStored(ident, game, text, keep_table, is_tutorial):
                self.take(door.put_game(self.model, Session(game), ident))
                self.step(saved.Opened(text, keeping.contents(self)), Fail(None))
                self.effects.append(SetCurrent(ident))
                if keep_table:
                    self.effects.extend(keeping.keep_table(self.model))
                if is_tutorial:
                    self.step(SetMeta(tutorial.META, "on"))
                self.queue_save(start)
            case NewGameRefused(reason):
                problem = ("storage.new_game_failed", {"reason": reason})
                self.step(Fail(problem), ShowProblem(problem))
            case (ImportStored() | ImportRefused() | RestoreProgressed() | BackupRestored()
                  | RestoreRefused()):
                self.take(on_files.answered(self.env, self.model, answer))
                self.queue_save(start)
            case RecordsEdited(FinishedHere() as edit, saved=False):
                self.take(keeping.result_refused(self.model, edit))
            case RecordsEdited():
                self.take(on_statistics.answered(self.model, answer, self.env.report))
            case UnrecordedMarked():
                self.take(keeping.marked(self.env, self.model, answer))
            case ResultsCounted():
                self.take(keeping.counted(self.model, answer))
            case PrefRefused():
                self.step(page.Notice("prefs-not-kept"))
            case ShelfRead(shelf):
                self.step(door.PutShelf(shelf))
                return
            case ComputerPreviewed(key, action):
                if action is None or computers.computer_key(self.model) == key:
                    self.step(table.Preview(action))
            case ComputerMoved(key, action):
                if computers.computer_key(self.model) == key:
                    # Like a tap's, its Save is queued first and its sound after it, so a
                    # move the storage refuses is taken back and makes no sound.
                    self.step(table.Preview(None), Commit(action))
                    self.queue_save(start)
                    self.queue_sounds()
            case ScoringPaused(key):
                if computers.continue_key(self.model) == key:  # as the table's own Continue
                    self.tapped(table.ScoringSeen())
            case UndoWindowOver(key):
                if computers.settle_key(self.model) == key:  # as the person's own "Done"
                    self.tapped(Settle())
            case HintComputed(key, request, answered):
                if answered is not None:
                    self.take(on_coaching.hint_done(self.model, request, answered))  # (for its decision)
                elif key is not None:  # (dropped unless it is still the one asked)
                    self.step(coaching.HintFailed(key))
            case ReviewDue(deep_allowed):
                review = self.coach.review
                if review is not None and self.coach.review_open and self.session is not None:
                    planned = review.planned(deep_allowed)
                    if planned is not review:
                        self.step(coaching.ReviewAdvanced(planned))
            case ReviewAnswered(job, request, answered):
                review = self.coach.review
                if review is not None and self.model.review_wanted(job):  # not closed,
                    self.step(coaching.ReviewAdvanced(  # cancelled or another game's
                        review.without_deep() if answered is None
                        else review.recorded(request, answered)))
            case RestoreTurn():
                # (the storage is read again when the jobs draw the progress: DrawDue)
                self.effects.extend(on_files.restore_turn(self.model))
                return
            case RestoreBroke():
                self.step(StopRestore())
            case DrawDue():
                pass  # (only what the screen shows of the storage, read below)
            case _:
                assert_never(answer)
        if not (isinstance(answer, RestoreProgressed) and answer.done > 0):
            self.read_shelf()  # (a restore's steps: when its progress is drawn)

    # ------------------------------------------------------------ effects
    def read_shelf(self) -> None:
        """On a screen that shows what the storage holds, read it again (after the writes
        asked before): the frame reads only the model."""
        if self.page.place in SHELF_PLACES:
            self.effects.append(ReadShelf())

    def queue_sounds(self) -> None:
        """The sound of what was played since the last look (taps, computers)."""
        played, self.played = self.played, []
        if played and self.session is not None:
            self.effects.extend(sounds(played, self.page.muted))

    def queue_save(self, start: int) -> None:
        """The Save the open game needs, if any, before the effects asked from ``start``
        on (a tap's, a computer move's, a storage answer's): the interpreter writes it
        first, so nothing asked after it (a download, a reload, a sound) can run for a
        change that was not kept."""
        if self.session is not None and self.page.place == "play":
            self.take(keeping.save_due(self.model), at=start)

    # -------------------------------------------------------------- games
    def open_first(self) -> None:
        fragment = self.env.params.get("hash")
        if fragment and is_link(fragment):
            self.take(on_files.open_link(self.model, fragment))
            return
        replay = self.env.params.get("replay")
        if replay and self.env.store.raw(replay) is not None:
            stepped, opened = opening.open_game(self.env, self.model, replay)
            self.take(stepped)
            if opened:
                self.take(opening.open_replay(self.model))
                return
        ident = self.env.store.current()
        if ident is not None and self.env.store.raw(ident) is not None:
            self.take(opening.open_game(self.env, self.model, ident)[0])
        else:
            if ident is not None:  # a pointer to a save that is gone: repair it
                self.effects.append(SetCurrent(None))
            self.step(page.Move("start"))
