"""The page's one update: ``update(env, model, message) -> Updated(model, effects, redraw)``.

Every message (a tap as its typed message, the storage's answer to an effect, a
background job's answer, an event of the browser) is carried out here, against a
:class:`~game.web.model.model.Model` that stays as it was: the result is the next model and
the effects it asks for, which the controller keeps and hands to the interpreter. The
update is composed from the features' pure updates: each state's own action goes through
the one door (:func:`game.web.model.door.step`), a feature's tap to its ``tapped``
(``on_<feature>.py``), an answer of the storage to :mod:`~game.web.model.keeping` or the
feature that asked for it. The compositions are pure, ``(model, message) -> (model,
effects)`` (:data:`~game.web.model.door.Stepped`), and so are :func:`on_message`,
:func:`on_tap` and :func:`on_answer`, which compose them, put the Save a change needs first
of its effects (:func:`save_first`) and the sound of a move after them (:func:`sounds_of`);
:class:`Change` keeps what they make, local to one call of :func:`update`.

:class:`~game.web.model.env.Env` is what an update reads besides the model and never
changes: the storage (read only: every write is an effect), the page's parameters, the
clock, the report of a malformed message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

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
from ..values.session import Commit, Session, SetMeta, Settle
from ..values.setup_form import ShowProblem
from ..values.shelf import SHELF_PLACES
from . import computers, door, keeping, on_coaching, on_files, on_statistics, opening
from .env import Env
from .model import Model, ReadsModel
from .ui_actions import KEEP_MENU_OPEN, Tap, tapped

Message = Tap | StorageAnswer | JobAnswer | PageEvent
"""Everything that can happen to the page, as a typed message for :func:`update`."""

Effects = tuple[Effect, ...]


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
    with messages.speaking(model.page.language):
        model, effects = first_opened(env, model)
    return Updated(model, effects + shelf_read(model))


class Change(ReadsModel):
    """One update under way: the model reached so far and the effects asked so far, kept
    from the pure functions below (:meth:`take`); local to one call of :func:`update`."""

    def __init__(self, env: Env, model: Model):
        self.model = model
        self.effects: list[Effect] = []
        self.env = env

    def take(self, stepped: door.Stepped) -> None:
        """The model a pure composition of updates made from this one's model, kept, and
        its effects queued."""
        self.model, effects = stepped
        self.effects.extend(effects)

    def message(self, message: Message) -> bool:
        """:func:`on_message` on the model reached so far; True when the page must be drawn
        again though the message's sender would not draw (:class:`Updated`)."""
        stepped, redraw = on_message(self.env, self.model, message)
        self.take(stepped)
        return redraw

    def tapped(self, tap: Tap) -> bool:
        """:func:`on_tap` on the model reached so far; True when the tap was dropped for
        another tab's game."""
        stepped, dropped = on_tap(self.env, self.model, tap)
        self.take(stepped)
        return dropped

    def answered(self, answer: StorageAnswer | JobAnswer) -> None:
        """:func:`on_answer` on the model reached so far."""
        self.take(on_answer(self.env, self.model, answer))


def on_message(env: Env, model: Model, message: Message) -> tuple[door.Stepped, bool]:
    """``message`` carried out: the model and effects it makes, and whether the page must be
    drawn again though its sender would not draw (:class:`Updated`)."""
    if isinstance(message, ANSWERS):
        return on_answer(env, model, message), False
    match message:
        case StorageChangedElsewhere():
            (model, effects), redraw = opening.external_change(env, model)
            return (model, effects + shelf_read(model)), redraw
        case BoardMeasured(px):
            was = model.page.compact
            measured = door.steps(model, page.Measure(px))
            return measured, was != measured[0].page.compact
        case FrameFailed():  # (the game stays in the storage)
            return door.steps(model, door.ReplaceSession(None, model.game_id),
                              page.Move("start")), True
        case StartFailed():
            return door.steps(model, page.Move("start")), True
        case StorageOff():
            return door.steps(model, Fail(("start.storage_unavailable", {}))), True
        case UpdateFound():
            return door.steps(model, page.UpdateWaiting()), True
        case MotionWishChanged(reduced):
            return door.steps(model, page.MotionWish(env.store.prefs().get("motion"),
                                                     reduced)), True
        case LinkOpened(fragment):
            model, effects = on_files.open_link(model, fragment)
            return (model, effects + shelf_read(model)), True
        case PageBroke(detail):
            return keeping.failed(model, detail), True
        case _:
            return on_tap(env, model, message)


def on_tap(env: Env, model: Model, tap: Tap) -> tuple[door.Stepped, bool]:
    """A tap, as its typed message, carried out: its Save first of the effects it asks for,
    the sounds of a move it made after them; and whether it was dropped because another
    tab's game was adopted instead."""
    effects: Effects = ()
    if model.page.notice is not None:
        model, effects = door.steps(model, page.Notice(None))
    if not isinstance(tap, KEEP_MENU_OPEN):  # any other tap acts and closes the menu
        model, effects = door.then((model, effects), table.CloseMenu())
    if model.session is not None and model.game_id is not None:
        reason = env.store.changed_elsewhere(model.game_id)
        if reason is not None:  # this tab is out of date: adopt, drop the tap
            model, more = opening.adopt(env, model, reason)
            return (model, effects + more + shelf_read(model)), True
    before = model.session
    model, more = save_first(tapped(env, model, tap))  # first: nothing may lose it
    # the sounds of a move this tap made (dropped if the storage refuses it)
    return (model, effects + more + sounds_of(before, model) + shelf_read(model)), False


def on_answer(env: Env, model: Model, answer: StorageAnswer | JobAnswer) -> door.Stepped:
    """An answer from outside a tap (the storage's, a background job's): the change it
    makes, if it still applies, and the effects it asks for."""
    stepped: door.Stepped = (model, ())
    match answer:
        case SaveWritten() | SaveRefused():
            stepped = keeping.answered(env, model, answer)
        case SaveConflicted(kind):
            stepped = opening.adopt(env, model, kind)
        case NewGameStored(ident, game, text, keep_table, is_tutorial):
            model, effects = door.put_game(model, Session(game), ident)
            model, more = door.steps(model, saved.Opened(text, keeping.contents(model)), Fail(None))
            effects += more + (SetCurrent(ident),)
            if keep_table:
                effects += keeping.keep_table(model)
            if is_tutorial:
                model, effects = door.then((model, effects), SetMeta(tutorial.META, "on"))
            stepped = save_first((model, effects))
        case NewGameRefused(reason):
            problem = ("storage.new_game_failed", {"reason": reason})
            stepped = door.steps(model, Fail(problem), ShowProblem(problem))
        case (ImportStored() | ImportRefused() | RestoreProgressed() | BackupRestored()
              | RestoreRefused()):
            stepped = save_first(on_files.answered(env, model, answer))
        case RecordsEdited(FinishedHere() as edit, saved=False):
            stepped = keeping.result_refused(model, edit)
        case RecordsEdited():
            stepped = on_statistics.answered(model, answer, env.report)
        case UnrecordedMarked():
            stepped = keeping.marked(env, model, answer)
        case ResultsCounted():
            stepped = keeping.counted(model, answer)
        case PrefRefused():
            stepped = door.steps(model, page.Notice("prefs-not-kept"))
        case ShelfRead(shelf):
            return door.steps(model, door.PutShelf(shelf))
        case ComputerPreviewed(key, action):
            if action is None or computers.computer_key(model) == key:
                stepped = door.steps(model, table.Preview(action))
        case ComputerMoved(key, action):
            if computers.computer_key(model) == key:
                # Like a tap's, its Save is queued first and its sound after it, so a
                # move the storage refuses is taken back and makes no sound.
                before = model.session
                model, effects = save_first(door.steps(model, table.Preview(None),
                                                       Commit(action)))
                stepped = model, effects + sounds_of(before, model)
        case ScoringPaused(key):
            if computers.continue_key(model) == key:  # as the table's own Continue
                stepped = on_tap(env, model, table.ScoringSeen())[0]
        case UndoWindowOver(key):
            if computers.settle_key(model) == key:  # as the person's own "Done"
                stepped = on_tap(env, model, Settle())[0]
        case HintComputed(key, request, answered):
            if answered is not None:
                stepped = on_coaching.hint_done(model, request, answered)  # (for its decision)
            elif key is not None:  # (dropped unless it is still the one asked)
                stepped = door.steps(model, coaching.HintFailed(key))
        case ReviewDue(deep_allowed):
            review = model.coach.review
            if review is not None and model.coach.review_open and model.session is not None:
                planned = review.planned(deep_allowed)
                if planned is not review:
                    stepped = door.steps(model, coaching.ReviewAdvanced(planned))
        case ReviewAnswered(job, request, answered):
            review = model.coach.review
            if review is not None and model.review_wanted(job):  # not closed,
                stepped = door.steps(model, coaching.ReviewAdvanced(  # cancelled or another game's
                    review.without_deep() if answered is None
                    else review.recorded(request, answered)))
        case RestoreTurn():
            # (the storage is read again when the jobs draw the progress: DrawDue)
            return model, on_files.restore_turn(model)
        case RestoreBroke():
            stepped = door.steps(model, StopRestore())
        case DrawDue():
            pass  # (only what the screen shows of the storage, read below)
        case _:
            assert_never(answer)
    if isinstance(answer, RestoreProgressed) and answer.done > 0:
        return stepped  # (a restore's steps: the storage is read when its progress is drawn)
    model, effects = stepped
    return model, effects + shelf_read(model)


def shelf_read(model: Model) -> Effects:
    """On a screen that shows what the storage holds, read it again (after the writes
    asked before): the frame reads only the model."""
    return (ReadShelf(),) if model.page.place in SHELF_PLACES else ()


def sounds_of(before: Session | None, model: Model) -> Effects:
    """The sound of what the game at the table played since ``before`` (a tap's, a
    computer's move)."""
    session = model.session
    if session is None or session is before or not session.played:
        return ()
    return tuple(sounds(session.played, model.page.muted))


def save_first(stepped: door.Stepped) -> door.Stepped:
    """The Save the open game needs, if any, before the effects ``stepped`` asks for (a
    tap's, a computer move's, a storage answer's): the interpreter writes it first, so
    nothing asked after it (a download, a reload, a sound) can run for a change that was
    not kept."""
    model, effects = stepped
    if model.session is None or model.page.place != "play":
        return stepped
    model, save = keeping.save_due(model)
    return model, save + effects


def first_opened(env: Env, model: Model) -> door.Stepped:
    """A shared link opened, else the game asked for or the last one reopened, else the
    start screen."""
    fragment = env.params.get("hash")
    if fragment and is_link(fragment):
        return on_files.open_link(model, fragment)
    replay = env.params.get("replay")
    effects: Effects = ()
    if replay and env.store.raw(replay) is not None:
        (model, effects), opened = opening.open_game(env, model, replay)
        if opened:
            model, more = opening.open_replay(model)
            return model, effects + more
    ident = env.store.current()
    if ident is not None and env.store.raw(ident) is not None:
        (model, more), _ = opening.open_game(env, model, ident)
        return model, effects + more
    if ident is not None:  # a pointer to a save that is gone: repair it
        effects += (SetCurrent(None),)
    model, more = door.steps(model, page.Move("start"))
    return model, effects + more
