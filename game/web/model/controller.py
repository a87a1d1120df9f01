"""The page's state, in pure Python: the holder of frozen states, the open game (a
Session), and the two entry points of messages: :meth:`Controller.handle` for taps (the
table of :mod:`game.web.model.ui_actions` parses each into a typed message, and
``ui_actions.tapped`` is their update, composed from the features'), :meth:`Controller.update`
for the answers from outside a tap (:mod:`game.web.values.answers`: the storage's answers to
its effects, the background jobs' answers).

The states, each a frozen value in the module of its feature with that
module's one ``update(state, action) -> (state, effects)``:
:class:`~game.web.features.page.Page` (where the page is, its notices, the pace and senses),
:class:`~game.web.features.rules.Rules` (the rules help over any screen),
:class:`~game.web.features.navigating.Home` (the start screen),
:class:`~game.web.features.playing.Table` (the play screen, with the log, inspector and
replay of :class:`~game.web.features.following.Following`),
:class:`~game.web.features.coaching.Coaching` (hints, the review),
:class:`~game.web.features.files.Sharing` (the link, the whole-game warning),
:class:`~game.web.features.saved.Saved` (what the storage holds of the open game),
:class:`~game.web.features.statistics.Stats` (the statistics screen) and the setup form
(:class:`~game.web.values.setup_form.SetupForm`). The Session is the one mutable game
object by design: the Game's log grows with every move.

Every change of these states and of the game goes through one door, :meth:`Controller.step`
(:mod:`game.web.model.door`), which queues the effects the updates return; every write to
the storage is one of those effects, carried out by the interpreter. The attributes
the browser shell, the jobs and the tests read (``screen``, ``menu_open``, ``banner``,
``hint_job``...) are read-only views of them (:class:`~game.web.model.fields.Field`).

The page (:mod:`game.web.runtime.app`) turns DOM events into ``handle`` calls, draws
:meth:`Controller.render`, runs the effects it asks for and its background jobs
(:mod:`game.web.runtime.jobs`). Everything a player can do is therefore testable in CPython.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping
from typing import Any, assert_never

from ...actions import Action
from ...ai import OFFERED, ComputerPlayer
from ...errors import SaveError
from ...match import Game
from ...public_record import is_view_game
from ...settings import Settings
from .. import messages
from ..features import coaching, files, page, saved, tutorial
from ..features import playing as table
from ..features.coaching import Coaching
from ..features.navigating import Fail, Home, StopRestore
from ..features.page import MIN_TAP_PX, PACE, Page, default_motion, is_speed, kept_theme
from ..features.rules import CLOSED as RULES_CLOSED
from ..features.rules import Rules
from ..features.saved import FRESH, Opened, Saved
from ..features.sounds import SOUND_PREF, sounds
from ..features.statistics import CLOSED as STATS_CLOSED
from ..features.statistics import Stats
from ..frames.frame import (
    Frame,
    HintFrame,
    ScreenName,
    TableScreen,
)
from ..saves.kept_records import FinishedHere
from ..saves.sharing import is_link
from ..saves.storage import Entry, SaveStore, now
from ..screens.dispatch import render_page
from ..screens.start import local_time_text
from ..screens.vdom import El
from ..thinking.coach import Request, set_hints
from ..thinking.review import ReviewJob
from ..values.answers import (
    ANSWERS,
    BackupRestored,
    BoardMeasured,
    ComputerMoved,
    ComputerPreviewed,
    DrawDue,
    FrameFailed,
    HintComputed,
    HintKey,
    ImportRefused,
    ImportStored,
    JobAnswer,
    MotionWishChanged,
    NewGameRefused,
    NewGameStored,
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
from ..values.effects import Download, Effect, ReadShelf, Save, SetCurrent, StoreNewGame
from ..values.session import Commit, HideCards, Session, SetMeta, Settle
from ..values.setup_form import SetupForm, ShowProblem
from ..values.shelf import NOTHING_READ, SHELF_PLACES, Shelf
from . import computers, door, framing, keeping, on_coaching, on_files, on_following, on_statistics
from .ui_actions import ACTIONS, KEEP_MENU_OPEN, Tap, tapped

Message = Tap | StorageAnswer | JobAnswer | PageEvent
"""Everything that can happen to the page, as a typed message for :meth:`Controller.update`."""

__all__ = ["MIN_TAP_PX", "PACE", "SCREEN_OF_TABLE", "Controller", "Message", "computer_ids"]

def computer_ids() -> tuple[str, ...]:
    return tuple(level.id for level in OFFERED)


SCREEN_OF_TABLE: dict[TableScreen, ScreenName] = {
    "turn": "play", "computer": "play", "pass": "pass", "scoring": "scoring", "final": "final"}
"""A person's screen for what the table sees of a game: a turn and a computer's move are
both the play screen."""


class Controller:
    """The page: its frozen states, the open game's Session and its id, the setup form,
    the store, and the effects asked for since the shell last took them."""


    def __init__(self, store: SaveStore, params: dict[str, str] | None = None,
                 clock: Callable[[], float] | None = None,
                 format_time: Callable[[float], str] = local_time_text,
                 report: Callable[[str], None] | None = None, safari_tab: bool = False,
                 reduced_motion: bool = False, web_share: bool = False):
        self.store = store
        self.report = report or _report_to_stderr  # the browser passes console.warn
        self.params = dict(params or {})
        # The clock is looked up when called (``now``), so a test that fixes time.time fixes
        # it here too, whenever this object was made.
        self.clock: Callable[[], float] = clock if clock is not None else now
        self.format_time = format_time  # a save time as the person's local time
        self.controllers = ("human",) + computer_ids()
        self.session: Session | None = None
        self.game_id: str | None = None
        self.form = SetupForm.blank(self.controllers)
        prefs = store.prefs()
        speed = prefs.get("speed")
        self.page = Page(speed=speed if is_speed(speed) else "normal",
                         motion=default_motion(prefs.get("motion"), reduced_motion),
                         theme=kept_theme(prefs.get("theme")),
                         muted=prefs.get(SOUND_PREF) == "off",
                         instant=self.params.get("fast") in ("1", "true", "yes"),
                         safari_tab=safari_tab, web_share=web_share)
        self.home = Home()
        self.table = table.OPENED
        self.sharing = files.CLOSED
        self.coach = Coaching()
        self.saved: Saved = FRESH
        self.stats: Stats = STATS_CLOSED
        self.rules: Rules = RULES_CLOSED
        self.shelf: Shelf = NOTHING_READ
        # What the browser shell must do (game/web/values/effects.py), taken by it after each tap.
        self.effects: list[Effect] = []
        self.computer_players: dict[str, ComputerPlayer] = {}  # by level id, made once

    # ------------------------------------------------------------------ boot
    def boot(self) -> None:
        """The page's start: a shared link opened, else the game asked for or the last one
        reopened, else the start screen."""
        self._open_first()
        self.read_shelf()

    def _open_first(self) -> None:
        fragment = self.params.get("hash")
        if fragment and is_link(fragment):
            self.effects.extend(on_files.open_link(self, fragment))
            return
        replay = self.params.get("replay")
        if replay and self.store.raw(replay) is not None and self.open_game(replay):
            on_following.open_replay(self)
            return
        ident = self.store.current()
        if ident is not None and self.store.raw(ident) is not None:
            self.open_game(ident)
        else:
            if ident is not None:  # a pointer to a save that is gone: repair it
                self.effects.append(SetCurrent(None))
            self.step(page.Move("start"))

    def open_game(self, ident: str) -> bool:
        """Open a stored game. With two or more people at the table, the pass-the-device
        screen of the player on turn comes first (nobody's cards are shown on opening)."""
        try:
            game = self.store.load(ident)
            session = Session(game)
        except SaveError as error:
            self._load_failed(messages.reason(error))
            return False
        except Exception as error:  # an engine bug must not lose or hide the save
            self._load_failed(f"{type(error).__name__}: {error}")
            return False
        self.set_session(session, ident)
        self.step(HideCards())
        self.step(Opened(self.store.raw(ident), keeping.contents(self)))
        self.effects.append(SetCurrent(ident))
        if is_view_game(game):  # a view is only ever replayed
            on_following.open_replay(self)
        return True

    def _load_failed(self, reason: str | messages.Said) -> None:
        self.step(Fail(("start.load_failed", {"reason": reason})), page.Move("start"),
                  door.ReplaceSession(None, None))

    def set_session(self, session: Session | None, ident: str | None) -> None:
        # A storage problem belongs to the game it happened in: the next write of this one
        # meets the storage again (and says so if it still refuses). Leaving a game cancels
        # its review.
        self.step(door.ReplaceSession(session, ident), saved.StartAfresh(), table.OpenTable(),
                  files.CloseSharing(), coaching.CloseReview(),
                  page.Move("play" if session is not None else "start"))

    def new_game(self, settings: Settings, seed: str | None = None, hints: bool = False,
                 keep_table: bool = False, tutorial: bool = False) -> tuple[Effect, ...]:
        """Start a game, but only if it can be stored (else the screen stays and says why:
        :meth:`receive` opens it once the storage has it). ``hints``: the people may ask the
        strongest level for a suggestion (kept in the save's ``meta.coach``)."""
        seed = seed or f"{int(self.clock() * 1000)}-{random.randrange(10 ** 6)}"
        game = Game(settings, seed, meta={"app": "manhattan-web"})
        set_hints(game.meta, hints)
        Session(game).sync_meta()
        return (StoreNewGame(self.store.new_id(), game, keep_table, tutorial),)

    def due_write(self, save: Save) -> tuple[str, Game] | None:
        """The open game to write for ``save``: None when the game holds something else
        now (a newer Save follows) or holds what is stored already."""
        if self.session is None or self.game_id is None:
            return None
        if keeping.contents(self) == save.holds != self.saved.stored:
            return self.game_id, self.session.game
        return None

    def receive(self, answer: StorageAnswer) -> list[Effect]:
        """The storage's answer to one of the page's storage effects, through
        :meth:`update`; the effects it asks for are returned for the interpreter to run
        next."""
        start = len(self.effects)
        self.answered(answer)
        effects = self.effects[start:]
        del self.effects[start:]
        return effects

    def update(self, message: Message) -> bool:
        """The one update of the page: every message (a tap as its typed message, the
        storage's answer to an effect, a background job's answer, an event of the browser)
        changes the page here, through the one door (:meth:`step`), and queues the effects
        it asks for (:meth:`take_effects`). True when the page must be drawn again though
        its sender would not draw: a tap dropped for another tab's newer game, another
        tab's change, the board switched between overview and direct taps."""
        if isinstance(message, ANSWERS):
            self.answered(message)
            return False
        match message:
            case StorageChangedElsewhere():
                redraw = keeping.external_change(self)
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
                self.step(page.MotionWish(self.store.prefs().get("motion"), reduced))
                return True
            case _:
                return self.tapped(message)

    def answered(self, answer: StorageAnswer | JobAnswer) -> None:
        """An answer from outside a tap (the storage's, a background job's): the change it
        makes, if it still applies, and the effects it asks for, queued."""
        start = len(self.effects)
        match answer:
            case SaveWritten() | SaveConflicted() | SaveRefused():
                self.effects.extend(keeping.answered(self, answer))
            case NewGameStored(ident, game, text, keep_table, is_tutorial):
                self.set_session(Session(game), ident)
                self.step(saved.Opened(text, keeping.contents(self)), Fail(None))
                self.effects.append(SetCurrent(ident))
                if keep_table:
                    self.effects.extend(keeping.keep_table(self))
                if is_tutorial:
                    self.step(SetMeta(tutorial.META, "on"))
                self.queue_save(start)
            case NewGameRefused(reason):
                problem = ("storage.new_game_failed", {"reason": reason})
                self.step(Fail(problem), ShowProblem(problem))
            case (ImportStored() | ImportRefused() | RestoreProgressed() | BackupRestored()
                  | RestoreRefused()):
                self.effects.extend(on_files.answered(self, answer))
                self.queue_save(start)
            case RecordsEdited(FinishedHere() as edit, saved=False):
                self.effects.extend(keeping.result_refused(self, edit))
            case RecordsEdited():
                self.effects.extend(on_statistics.answered(self, answer))
            case UnrecordedMarked():
                keeping.marked(self, answer)
            case ResultsCounted():
                keeping.counted(self, answer)
            case PrefRefused():
                self.step(page.Notice("prefs-not-kept"))
            case ShelfRead(shelf):
                self.step(door.PutShelf(shelf))
                return
            case ComputerPreviewed(key, action):
                if action is None or computers.computer_key(self) == key:
                    self.step(table.Preview(action))
            case ComputerMoved(key, action):
                if computers.computer_key(self) == key:
                    self.computer_moved(action)
            case ScoringPaused(key):
                if computers.continue_key(self) == key:  # as the table's own Continue
                    self.tapped(table.ScoringSeen())
            case UndoWindowOver(key):
                if computers.settle_key(self) == key:  # as the person's own "Done"
                    self.tapped(Settle())
            case HintComputed(key, request, answered):
                if answered is not None:
                    on_coaching.hint_done(self, request, answered)  # shown only for its decision
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
                if review is not None and self.review_wanted(job):  # not closed, cancelled
                    self.step(coaching.ReviewAdvanced(  # or another game's
                        review.without_deep() if answered is None
                        else review.recorded(request, answered)))
            case RestoreTurn():
                # (the storage is read again when the jobs draw the progress: DrawDue)
                self.effects.extend(on_files.restore_turn(self))
                return
            case RestoreBroke():
                self.step(StopRestore())
            case DrawDue():
                pass  # (only what the screen shows of the storage, read below)
            case _:
                assert_never(answer)
        if not (isinstance(answer, RestoreProgressed) and answer.done > 0):
            self.read_shelf()  # (a restore's steps: when its progress is drawn)

    # ---------------------------------------------------------------- names
    @property
    def screen_name(self) -> ScreenName:
        """The screen a person sees now (the ``data-screen`` of ``#app``)."""
        if self.rules.open:
            return "rules"
        if self.page.place == "play" and self.session is not None:
            screen = self.session.screen
            if screen == "final" and self.review_open and not self.table.following.replaying:
                return "review"
            return SCREEN_OF_TABLE[screen]
        return self.page.place

    # ---------------------------------------------------------- board size
    @property
    def compact(self) -> bool:
        """True when plots are drawn smaller than a finger: cities are the tap targets."""
        return self.page.compact

    def zoom_allowed(self) -> bool:
        session = self.session
        return (self.page.compact and session is not None and self.page.place == "play"
                and (session.screen in ("turn", "computer")
                     or (session.screen == "final" and self.table.peek)))

    @property
    def zoomed_city(self) -> int | None:
        """The city shown large, or None for the whole board."""
        zoom_at = self.table.zoom_at
        if zoom_at is None or not self.zoom_allowed():
            return None
        city, moves = zoom_at
        assert self.session is not None  # zoom_allowed
        return city if moves == len(self.session.game.log) else None

    def pace(self) -> tuple[float, float]:
        return self.page.pace

    # -------------------------------------------------------------- actions
    def handle(self, action: str, data: Mapping[str, Any] | None = None) -> bool:
        """Apply one tap or change through the table of UI actions
        (:data:`game.web.model.ui_actions.ACTIONS`).
        Returns True to draw again. What the tap asks of the outside world is queued
        (:meth:`take_effects`), first the Save of a game it changed: the interpreter writes
        it before the drawing, a download, a reload or a computer's thinking. Unknown
        or malformed: nothing changes, reported through ``self.report``."""
        entry = ACTIONS.get(action)
        if entry is None:
            self.report(f"unknown UI action {action!r}")
            return False
        try:
            tap = entry.parse(data or {})
        except (TypeError, ValueError, KeyError) as error:
            self.report(f"malformed UI action {action!r} {dict(data or {})!r}: {error}")
            return False
        adopted = self.update(tap)
        return adopted or entry.redraws(data or {})

    def tapped(self, tap: Tap) -> bool:
        """A tap, as its typed message, carried out (see :meth:`handle`). True when it was
        dropped because another tab's game was adopted instead."""
        if self.page.notice is not None:
            self.step(page.Notice(None))
        if not isinstance(tap, KEEP_MENU_OPEN):  # any other tap acts and closes the menu
            self.step(table.CloseMenu())
        if self.session is not None and self.game_id is not None:
            reason = self.store.changed_elsewhere(self.game_id)
            if reason is not None:  # this tab is out of date: adopt, drop the tap
                keeping.adopt(self, reason)
                self.read_shelf()
                return True
        start = len(self.effects)
        self.effects.extend(tapped(self, tap))
        self.queue_save(start)  # first: nothing may lose it
        self.queue_sounds()  # of a move this tap made (dropped if the storage refuses it)
        self.read_shelf()
        return False

    def computer_moved(self, action: Action) -> None:
        """Play a computer's decision. Like a tap's, its Save is queued first and its sound
        after it, for the one interpreter (the jobs carry them out before they draw or think
        on), so a move the storage refuses is taken back there and makes no sound."""
        self.step(table.Preview(None))
        if self.session is not None:
            start = len(self.effects)
            self.step(Commit(action))
            self.queue_save(start)
            self.queue_sounds()

    def read_shelf(self) -> None:
        """On a screen that shows what the storage holds, read it again (after the writes
        queued before): the frame reads only the model."""
        if self.page.place in SHELF_PLACES:
            self.effects.append(ReadShelf())

    def queue_sounds(self) -> None:
        """The sound of what was played since the last look (taps, computers)."""
        if self.session is not None:
            self.effects.extend(sounds(self.session.take_played(), self.page.muted))

    def queue_save(self, start: int) -> None:
        """Queue the Save the open game needs, if any, before the effects queued from
        ``start`` on (a tap's, a computer move's, a storage answer's): the interpreter
        writes it first, so nothing queued after it (a download, a reload, a sound) can run
        for a change that was not kept."""
        if self.session is not None and self.page.place == "play" and (
                save := keeping.save_due(self)) is not None:
            self.effects.insert(start, save)

    def step(self, *actions: door.StateAction) -> None:
        """The one door to the page's states (:func:`game.web.model.door.step`, in turn for
        each action); what the updates ask of the browser is queued (:meth:`take_effects`)."""
        for action in actions:
            self.effects.extend(door.step(self, action))

    def tutorial_id(self) -> str | None:
        """The saved tutorial not kept (not listed among the saved games), if any."""
        for entry in self.entries():
            if entry.game is not None and entry.game.meta.get(tutorial.META) == "on":
                return entry.id
        return None

    def entries(self) -> list[Entry]:
        return self.store.entries()

    # -------------------------------------------------------------- effects
    def take_effects(self) -> list[Effect]:
        """The effects asked for since the last call, in order (the shell runs them)."""
        effects, self.effects = self.effects, []
        return effects

    def take_download(self) -> tuple[str, str] | None:
        """The first file asked for since the last call, as (name, text); the other effects
        are kept (for tests, which read a download without a browser)."""
        for effect in self.effects:
            if isinstance(effect, Download):
                self.effects.remove(effect)
                return effect.name, effect.text
        return None

    @property
    def home_card(self) -> bool:
        """The Home Screen card is shown: a Safari tab that has not dismissed it."""
        return self.page.safari_tab and not self.shelf.home_card_dismissed

    # ------------------------------------------------ the coach (asked by the jobs)
    @property
    def review_open(self) -> bool:
        return self.coach.review_open

    @property
    def review_running(self) -> bool:
        review = self.coach.review
        return self.coach.review_open and review is not None and review.running

    def review_wanted(self, job: ReviewJob | None) -> bool:
        """``job`` is still the open, running review (its next answer is wanted)."""
        review = self.coach.review
        return (job is not None and review is not None and review.serial == job.serial
                and review.running and self.coach.review_open)

    def review_request(self) -> Request | None:
        """The next review step to compute, while the review is open and running (the jobs
        post :class:`~game.web.values.answers.ReviewDue` first, which plans it)."""
        review = self.coach.review
        if review is None or not self.coach.review_open or self.session is None:
            return None
        return review.next_request()

    def hint_key(self) -> HintKey | None:
        return on_coaching.hint_key(self)

    def hint_request(self) -> Request | None:
        """The hint to compute now, if one was asked for this very decision."""
        return on_coaching.next_hint(self)

    def hint_frame(self) -> HintFrame | None:
        return self.coach.hint_frame(on_coaching.hint_key(self))

    # ------------------------------------------------------------- drawing
    def frame(self) -> Frame:
        """Everything this render draws, as one frozen value (game/web/model/framing.py)."""
        return framing.frame(self)

    def render(self) -> El:
        return render_page(self.frame())


def _report_to_stderr(text: str) -> None:
    print(text, file=sys.stderr)
