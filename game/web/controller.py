"""The page's state, in pure Python: where the page is, the open game (a Session), its
coach, and the one entry point for taps (:meth:`Controller.handle`, through the table of
:mod:`game.web.ui_actions` to the handlers of :mod:`game.web.features`).

The page (:mod:`game.web.runtime.page`) turns DOM events into ``handle`` calls, draws
:meth:`Controller.render`, runs the effects it asks for and its background jobs
(:mod:`game.web.runtime.jobs`). Everything a player can do is therefore testable in CPython.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping
from typing import Any

from ..actions import Action
from ..ai import PLAYERS, ComputerPlayer
from ..errors import SaveError
from ..match import Game
from ..public_record import is_view_game
from ..settings import Settings
from . import framing
from . import messages as M
from . import tutorial as T
from .backup import RestoreReport
from .coach import Answer, Request, hint_request, hint_seed, hints_on, set_hints
from .features import coaching, files, keeping
from .features import following as F
from .features.navigating import HOME_CARD, SPEEDS
from .frame import CoachMove, Frame, HintFrame, PageNotice, Place, ScreenName, TableScreen
from .review import ReviewJob
from .runtime.effects import Download, Effect
from .screens.page import render_page
from .screens.start import local_time_text
from .session import Session
from .setup_form import SetupForm
from .sharing import is_link
from .storage import Entry, SaveConflict, SaveStore, StorageError, now
from .ui_actions import ACTIONS, KEEP_MENU_OPEN
from .vdom import El

PACE = {  # seconds: (show the computer's card and target, pause after the move)
    "slow": (1.6, 0.9),
    "normal": (0.9, 0.5),
    "fast": (0.3, 0.15),
    "instant": (0.0, 0.0),
}
MIN_TAP_PX = 44  # the smallest tap target, in CSS pixels


def computer_ids() -> tuple[str, ...]:
    return tuple(PLAYERS)


SCREEN_OF_TABLE: dict[TableScreen, ScreenName] = {
    "turn": "play", "computer": "play", "pass": "pass", "scoring": "scoring", "final": "final"}
"""A person's screen for what the table sees of a game: a turn and a computer's move are
both the play screen."""


class Controller:
    def __init__(self, store: SaveStore, params: dict[str, str] | None = None,
                 clock: Callable[[], float] | None = None,
                 format_time: Callable[[float], str] = local_time_text,
                 report: Callable[[str], None] | None = None, safari_tab: bool = False):
        self.store = store
        self.report = report or _report_to_stderr  # the browser passes console.warn
        self.params = dict(params or {})
        # The clock is looked up when called (``now``), so a test that fixes time.time fixes
        # it here too, whenever this object was made.
        self.clock: Callable[[], float] = clock if clock is not None else now
        self.format_time = format_time  # a save time as the person's local time
        self.controllers = ("human",) + computer_ids()
        self.screen: Place = "start"
        self.session: Session | None = None
        self.game_id: str | None = None
        self.form = SetupForm(self.controllers)
        self.start_error: tuple[str, dict[str, Any]] | None = None
        self.confirm_delete: str | None = None
        self.rules_open = False
        self.menu_open = False  # the game menu of the top bar (play screen)
        self.banner: tuple[str, dict[str, Any]] | None = None
        # A computer's move the storage refused: the computers wait (the CPU idle, no
        # decision thought out again in a loop) until a write succeeds, the game is opened
        # again or the table taps "Try again" (``storage-retry``).
        self.storage_wait = False
        self.preview: Action | None = None
        self.peek = False  # the final board instead of the standings
        # The size of a plot on screen (CSS px, measured by the browser layer); below
        # MIN_TAP_PX the board is an overview and a tapped city opens large (``zoom_at``:
        # the city and the number of moves then, so any move closes it).
        self.plot_px: float | None = None
        self.zoom_at: tuple[int, int] | None = None
        # Following the game (game/story.py): the log drawer, the log entry shown on the
        # board, inspect mode and the tower inspected, the replay's step (None: live).
        self.following = F.LIVE
        # What the browser shell must do (game/web/runtime/effects.py), taken by it after each tap.
        self.effects: list[Effect] = []
        # Sharing (game/web/sharing.py): the link of the game on screen.
        self.share: str | None = None
        self.whole_export_asked = False  # the warning before the whole game leaves the device
        self.computer_players: dict[str, ComputerPlayer] = {}  # by level id, made once
        # Hints (issue 13.5): the decision a hint is being computed for and the hint shown,
        # each keyed by (game id, log length, player): valid for that decision only.
        self.review_visible = False
        self.hint_job: tuple[str, int, int] | None = None
        self.hint_shown: tuple[tuple[str, int, int], CoachMove] | None = None
        # The post-game review (issue 13.6): the job (computed in the background by the
        # browser layer) and the reviewed decision shown on the board (an item's index).
        self.review: ReviewJob | None = None
        self.review_shown: int | None = None
        prefs = store.prefs()
        speed = prefs.get("speed")
        self.speed: str = speed if isinstance(speed, str) and speed in SPEEDS else "normal"
        self.instant = self.params.get("fast") in ("1", "true", "yes")
        self.saved_text: str | None = None  # the open game as last stored (to take back)
        self.stored: tuple[str, int, str] | None = None  # what it held (see _contents)
        self.notice: PageNotice | None = None  # adopted from another tab (a test hook)
        self.update_ready = False  # a new version of the site is installed and waiting
        # Life on an iPad (game.web.homescreen, game.web.backup): a Safari tab is shown the
        # Home Screen card until it is dismissed; the result of the last restore.
        self.safari_tab = safari_tab
        self.restore_report: RestoreReport | None = None

    # ------------------------------------------------------------------ boot
    def boot(self) -> None:
        fragment = self.params.get("hash")
        if fragment and is_link(fragment):
            files.open_link(self, fragment)
            return
        replay = self.params.get("replay")
        if replay and self.store.raw(replay) is not None and self.open_game(replay):
            F.open_replay(self, None)
            return
        ident = self.store.current()
        if ident is not None and self.store.raw(ident) is not None:
            self.open_game(ident)
        else:
            if ident is not None:  # a pointer to a save that is gone: repair it
                self.store.set_current(None)
            self.screen = "start"

    def open_game(self, ident: str) -> bool:
        """Open a stored game. With two or more people at the table, the pass-the-device
        screen of the player on turn comes first (nobody's cards are shown on opening)."""
        try:
            game = self.store.load(ident)
            session = Session(game)
        except SaveError as error:
            self._load_failed(M.reason(error))
            return False
        except Exception as error:  # an engine bug must not lose or hide the save
            self._load_failed(f"{type(error).__name__}: {error}")
            return False
        session.hide_cards()
        self.set_session(session, ident)
        self.saved_text = self.store.raw(ident)
        self.stored = keeping.contents(self)
        self.store.set_current(ident)
        if is_view_game(game):  # a view is only ever replayed
            F.open_replay(self, None)
        return True

    def _load_failed(self, reason: str) -> None:
        self.start_error = ("start.load_failed", {"reason": reason})
        self.screen = "start"
        self.session = None
        self.game_id = None

    def set_session(self, session: Session | None, ident: str | None) -> None:
        self.session = session
        self.game_id = ident
        self.stored = None
        # A storage problem belongs to the game it happened in: the next write of this one
        # meets the storage again (and says so if it still refuses).
        self.banner = None
        self.storage_wait = False
        self.preview = None
        self.peek = False
        self.zoom_at = None
        self.menu_open = False
        self.following = F.LIVE
        self.share = None
        self.whole_export_asked = False
        coaching.close_review(self, None)  # leaving the game's screen cancels its review
        self.storage_wait = False
        self.screen = "play" if session is not None else "start"

    def new_game(self, settings: Settings, seed: str | None = None, hints: bool = False) -> bool:
        """Start a game, but only if it can be stored (else the screen stays and says why).
        ``hints``: the people may ask the strongest level for a suggestion (kept in the
        save's ``meta.coach``)."""
        seed = seed or f"{int(self.clock() * 1000)}-{random.randrange(10 ** 6)}"
        game = Game(settings, seed, meta={"app": "manhattan-web"})
        set_hints(game.meta, hints)
        session = Session(game)
        ident = self.store.new_id()
        session.sync_meta()
        try:
            self.saved_text = self.store.save(ident, game, new=True)
        except (StorageError, SaveConflict) as error:
            self.start_error = ("storage.new_game_failed", {"reason": M.reason(error)})
            self.form.errors = [("storage.new_game_failed", {"reason": M.reason(error)})]
            return False
        self.set_session(session, ident)
        self.stored = keeping.contents(self)
        self.start_error = None
        self.banner = None
        self.store.set_current(ident)
        return True

    # --------------------------------------------------------------- saving

    # ---------------------------------------------------------------- names
    @property
    def screen_name(self) -> ScreenName:
        """The screen a person sees now (the ``data-screen`` of ``#app``)."""
        if self.rules_open:
            return "rules"
        if self.screen == "play" and self.session is not None:
            screen = self.session.screen
            if screen == "final" and self.review_open and not self.following.replaying:
                return "review"
            return SCREEN_OF_TABLE[screen]
        return self.screen

    # ---------------------------------------------------------- board size
    @property
    def compact(self) -> bool:
        """True when plots are drawn smaller than a finger: cities are the tap targets."""
        return self.plot_px is not None and self.plot_px < MIN_TAP_PX

    def set_board_plot_px(self, px: float | None) -> bool:
        """The browser measured a plot of the whole board at ``px`` CSS pixels. Returns True
        when the board must be drawn again (it switched between overview and direct taps)."""
        was = self.compact
        self.plot_px = px if isinstance(px, (int, float)) and px > 0 else None
        return was != self.compact

    def zoom_allowed(self) -> bool:
        session = self.session
        return (self.compact and session is not None and self.screen == "play"
                and (session.screen in ("turn", "computer")
                     or (session.screen == "final" and self.peek)))

    @property
    def zoomed_city(self) -> int | None:
        """The city shown large, or None for the whole board."""
        if self.zoom_at is None or not self.zoom_allowed():
            return None
        city, moves = self.zoom_at
        assert self.session is not None  # zoom_allowed
        return city if moves == len(self.session.game.log) else None

    def pace(self) -> tuple[float, float]:
        return PACE["instant" if self.instant else self.speed]

    # -------------------------------------------------------------- actions
    def handle(self, action: str, data: Mapping[str, Any] | None = None) -> bool:
        """Apply one tap or change through the table of UI actions (:data:`game.web.ui_actions.ACTIONS`).
        Returns True when the screen must be drawn again. An unknown action or malformed
        arguments change nothing and are reported through ``self.report``."""
        entry = ACTIONS.get(action)
        if entry is None:
            self.report(f"unknown UI action {action!r}")
            return False
        try:
            args = entry.parse(data or {})
        except (TypeError, ValueError, KeyError) as error:
            self.report(f"malformed UI action {action!r} {dict(data or {})!r}: {error}")
            return False
        self.notice = None
        if action not in KEEP_MENU_OPEN:  # any other tap acts and closes the game menu
            self.menu_open = False
        if self.session is not None and self.game_id is not None:
            reason = self.store.changed_elsewhere(self.game_id)
            if reason is not None:  # this tab is out of date: adopt, drop the tap
                keeping.adopt(self, reason)
                return True
        result = entry.handler(self, args)
        if self.session is not None and self.screen == "play":
            keeping.persist(self)
        return result is not False

    # navigation

    def tutorial_id(self) -> str | None:
        """The saved tutorial not kept (not listed among the saved games), if any."""
        for entry in self.entries():
            if entry.game is not None and entry.game.meta.get(T.META) == "on":
                return entry.id
        return None

    def entries(self) -> list[Entry]:
        return self.store.entries()

    # setup

    # play

    # following the game: log, inspector, replay

    # sharing

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

    # backup of every game (game/web/backup.py)

    @property
    def home_card(self) -> bool:
        """The Home Screen card is shown: a Safari tab that has not dismissed it."""
        return self.safari_tab and self.store.prefs().get(HOME_CARD) != "dismissed"

    # the post-game review

    @property
    def review_open(self) -> bool:
        return self.review_visible and self.review is not None

    @property
    def review_running(self) -> bool:
        return self.review_open and self.review is not None and self.review.running

    def review_wanted(self, job: ReviewJob | None) -> bool:
        """``job`` is still the open, running review (its next answer is wanted)."""
        return job is not None and self.review is job and job.running and self.review_open

    def review_request(self, deep_allowed: bool) -> Request | None:
        """The next review step to compute, while the review is open and running."""
        if self.review is None or not self.review_open or self.session is None:
            return None
        return self.review.next_request(deep_allowed)

    # ---------------------------------------------------------------- hints
    def hint_key(self) -> tuple[str, int, int] | None:
        """The decision a hint may be asked for now: a person on turn holding the device in
        a game that allows hints (None otherwise)."""
        session = self.session
        if (session is None or self.game_id is None or self.screen != "play"
                or self.following.replaying or session.screen != "turn"
                or not session.show_private or not hints_on(session.game.meta)):
            return None
        current = session.state.current
        if current is None or not session.is_human(current):
            return None
        return self.game_id, len(session.game.log), current

    def hint_request(self) -> Request | None:
        """The hint to compute now, if one was asked for this very decision."""
        key = self.hint_key()
        if key is None or self.hint_job != key:
            return None
        assert self.session is not None
        return hint_request(self.session.turn_view(), hint_seed(self.session.game.seed, key[1]))

    def hint_done(self, request: Request, answer: Answer) -> None:
        """A computed hint: shown if it still answers the decision at hand."""
        key = self.hint_key()
        if (key is None or self.hint_job != key or answer.hint is None
                or self.session is None or request.view != self.session.turn_view()):
            return
        self.hint_job = None
        self.hint_shown = (key, CoachMove(answer.hint.action, answer.hint.reason,
                                          answer.hint.city))

    def hint_frame(self) -> HintFrame | None:
        key = self.hint_key()
        if key is None:
            return None
        shown = self.hint_shown[1] if self.hint_shown and self.hint_shown[0] == key else None
        return HintFrame(busy=self.hint_job == key, shown=shown)

    # ------------------------------------------------------------ computers

    # ------------------------------------------------------------- drawing
    def frame(self) -> Frame:
        """Everything this render draws, as one frozen value (game/web/framing.py)."""
        return framing.frame(self)

    def render(self) -> El:
        return render_page(self.frame())


def _report_to_stderr(text: str) -> None:
    print(text, file=sys.stderr)
