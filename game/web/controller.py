"""The whole app as a state machine, in pure Python: screens, taps, saves, computer turns.

The browser layer (:mod:`game.web.app`) only turns DOM events into :meth:`Controller.handle`
calls, draws :meth:`Controller.render`, and paces computer turns with asyncio. Everything a
player can do is therefore testable in CPython (``tests/web``).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .. import save as game_save
from ..actions import Action, Build, ReturnPiece
from ..ai import PLAYERS, ComputerPlayer, make_player, think
from ..errors import SaveError
from ..match import Game
from ..material import Card
from ..public_record import is_view_game
from ..settings import Settings
from ..state import OVER
from ..view import player_view
from . import messages as M
from . import tutorial as T
from .backup import RestoreReport, backup_name, backup_text, restore
from .coach import (
    Answer,
    Request,
    count_hint,
    hint_request,
    hint_seed,
    hints_asked,
    hints_on,
    set_hints,
)
from .draft import tentative_build
from .effects import ApplyUpdate, Download, Effect, Reload, ShowBoard
from .frame import (
    CoachMove,
    Frame,
    HintFrame,
    Mode,
    PlayFrame,
    ReplayFrame,
    SavedGame,
    StartFrame,
    WholeExport,
    play_frame,
)
from .review import ReviewJob
from .screens.page import render_page
from .screens.start import local_time_text
from .session import Session
from .setup_form import SetupForm, play_alone_settings
from .sharing import (
    export_name,
    export_text,
    from_fragment,
    import_text,
    is_link,
    link_fragment,
    shared_text,
)
from .storage import Entry, SaveConflict, SaveStore, StorageError, now
from .storyframe import godzilla_preview, inspect, story_frame
from .vdom import El

SPEEDS = ("slow", "normal", "fast")
PACE = {  # seconds: (show the computer's card and target, pause after the move)
    "slow": (1.6, 0.9),
    "normal": (0.9, 0.5),
    "fast": (0.3, 0.15),
    "instant": (0.0, 0.0),
}
MIN_TAP_PX = 44  # the smallest tap target, in CSS pixels
HOME_CARD = "home_card"  # preference: "dismissed" once the Home Screen card is closed
ALLOWED_PREFS: dict[str, tuple[str, ...]] = {
    "lang": tuple(M.LANGUAGES), "speed": SPEEDS, HOME_CARD: ("dismissed",)}
"""The preferences this app keeps, with their valid values (a restored backup's others are
ignored)."""


def computer_ids() -> tuple[str, ...]:
    return tuple(PLAYERS)


BOOKKEEPING = ("updated", "revision", "app_version", "created")
"""The ``meta`` fields a store writes itself: a save that differs only in them is not new."""


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
        self.screen = "start"
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
        # MIN_TAP_PX the board is an overview and a tapped city opens large (``_zoom``:
        # the city and the number of moves then, so any move closes it).
        self.plot_px: float | None = None
        self._zoom: tuple[int, int] | None = None
        # Following the game (game/story.py): the log drawer, the log entry shown on the
        # board, inspect mode and the tower inspected, the replay's step (None: live).
        self.log_open = False
        self.focus: tuple[int, ...] = ()
        self.inspecting = False
        self.inspected: tuple[int, int] | None = None
        self.replay_step: int | None = None
        # What the browser shell must do (game/web/effects.py), taken by it after each tap.
        self.effects: list[Effect] = []
        # Sharing (game/web/sharing.py): the link of the game on screen.
        self.share: str | None = None
        self.whole_export_asked = False  # the warning before the whole game leaves the device
        self._players: dict[str, ComputerPlayer] = {}
        # Hints (issue 13.5): the decision a hint is being computed for and the hint shown,
        # each keyed by (game id, log length, player): valid for that decision only.
        self._review_open = False
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
        self._saved_text: str | None = None  # the open game as last stored (to take back)
        self._stored: tuple[str, int, str] | None = None  # what it held (see _contents)
        self.notice: str | None = None  # "other-tab": adopted from another tab (test hook)
        self.update_ready = False  # a new version of the site is installed and waiting
        # Life on an iPad (game.web.homescreen, game.web.backup): a Safari tab is shown the
        # Home Screen card until it is dismissed; the result of the last restore.
        self.safari_tab = safari_tab
        self.restore_report: RestoreReport | None = None

    # ------------------------------------------------------------------ boot
    def boot(self) -> None:
        fragment = self.params.get("hash")
        if fragment and is_link(fragment):
            self.open_link(fragment)
            return
        replay = self.params.get("replay")
        if replay and self.store.raw(replay) is not None and self.open_game(replay):
            self.open_replay(None)
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
        self._set_session(session, ident)
        self._saved_text = self.store.raw(ident)
        self._stored = self._contents()
        self.store.set_current(ident)
        if is_view_game(game):  # a view is only ever replayed
            self.open_replay(None)
        return True

    def _load_failed(self, reason: str) -> None:
        self.start_error = ("start.load_failed", {"reason": reason})
        self.screen = "start"
        self.session = None
        self.game_id = None

    def _set_session(self, session: Session | None, ident: str | None) -> None:
        self.session = session
        self.game_id = ident
        self._stored = None
        # A storage problem belongs to the game it happened in: the next write of this one
        # meets the storage again (and says so if it still refuses).
        self.banner = None
        self.storage_wait = False
        self.preview = None
        self.peek = False
        self._zoom = None
        self.menu_open = False
        self.log_open = False
        self.focus = ()
        self.inspecting = False
        self.inspected = None
        self.replay_step = None
        self.share = None
        self.whole_export_asked = False
        self.close_review(None)  # leaving the game's screen cancels its review
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
            self._saved_text = self.store.save(ident, game, new=True)
        except (StorageError, SaveConflict) as error:
            self.start_error = ("storage.new_game_failed", {"reason": M.reason(error)})
            self.form.errors = [("storage.new_game_failed", {"reason": M.reason(error)})]
            return False
        self._set_session(session, ident)
        self._stored = self._contents()
        self.start_error = None
        self.banner = None
        self.store.set_current(ident)
        return True

    # --------------------------------------------------------------- saving
    def persist(self) -> None:
        """Store the open game as its next revision. A game changed or deleted in another
        tab is adopted instead (never overwritten); a move the storage refuses is taken
        back, and the table is told at once."""
        if self.session is None or self.game_id is None:
            return
        contents = self._contents()
        if contents == self._stored:
            return  # nothing of the game changed (a tap on the menu, the log, the replay...)
        try:
            self._saved_text = self.store.save(self.game_id, self.session.game)
            self._stored = contents
            self.banner = None
            self.storage_wait = False
        except SaveConflict as conflict:
            self.adopt(conflict.kind)
        except StorageError as error:
            self._storage_full(M.reason(error))

    def _contents(self) -> tuple[str, int, str] | None:
        """What a save of the open game would hold apart from its bookkeeping (times and
        revision): the game id, the length of the log and the rest of ``meta`` (the choice
        in progress, the hints asked...). Only a change of it is written."""
        if self.session is None or self.game_id is None:
            return None
        self.session.sync_meta()
        game = self.session.game
        meta = {k: v for k, v in game.meta.items() if k not in BOOKKEEPING}
        return (self.game_id, len(game.log), json.dumps(meta, sort_keys=True))

    def _storage_full(self, reason: str) -> None:
        """The write failed (storage full or off). Moves are only made when they can be
        stored: a decision that could not be saved is taken back to the last stored
        revision; a choice in progress stays on screen."""
        session = self.session
        saved = self._saved_text
        if session is not None and saved is not None:
            try:
                stored = game_save.load(saved, neutralise_names=True)
            except SaveError:
                stored = None
            if stored is not None and len(stored.log) < len(session.game.log):
                back = Session(stored)
                self.session = back
                if self.computer_to_move() or self.auto_continue():
                    # A computer's move: thinking it out again would fail again. Wait.
                    self.storage_wait = True
                    self.banner = ("storage.computer_waits", {"reason": reason})
                else:
                    self.banner = ("storage.move_not_saved", {"reason": reason})
                return
        self.banner = ("storage.full", {"reason": reason})

    def adopt(self, kind: str) -> None:
        """This tab's game is out of date: take the stored one (or leave a deleted one)."""
        ident = self.game_id
        if ident is None:
            return
        if kind == "newer" and self.open_game(ident):
            self.notice = "other-tab"
            return
        self._set_session(None, None)
        self.start_error = ("storage.deleted_elsewhere", {}) if kind == "deleted" else (
            "storage.newer_app", {})
        self.notice = "other-tab"

    def external_change(self) -> bool:
        """The storage changed in another tab (the browser's ``storage`` event): adopt the
        open game if it went on or was deleted there. True when the page must be redrawn."""
        if self.session is None or self.game_id is None:
            return self.screen == "start"  # the list of saved games may have changed
        reason = self.store.changed_elsewhere(self.game_id)
        if reason is None:
            return False
        self.adopt(reason)
        return True

    # ---------------------------------------------------------------- names
    @property
    def screen_name(self) -> str:
        """The screen a person sees now (the ``data-screen`` of ``#app``)."""
        if self.rules_open:
            return "rules"
        if self.screen == "play" and self.session is not None:
            screen = self.session.screen
            if screen == "final" and self.review_open and self.replay_step is None:
                return "review"
            if screen in ("turn", "computer"):
                return "play"
            return screen
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

    def _zoom_allowed(self) -> bool:
        session = self.session
        return (self.compact and session is not None and self.screen == "play"
                and (session.screen in ("turn", "computer")
                     or (session.screen == "final" and self.peek)))

    @property
    def zoomed_city(self) -> int | None:
        """The city shown large, or None for the whole board."""
        if self._zoom is None or not self._zoom_allowed():
            return None
        city, moves = self._zoom
        assert self.session is not None  # _zoom_allowed
        return city if moves == len(self.session.game.log) else None

    def pace(self) -> tuple[float, float]:
        return PACE["instant" if self.instant else self.speed]

    # -------------------------------------------------------------- actions
    def handle(self, action: str, data: Mapping[str, Any] | None = None) -> bool:
        """Apply one tap or change through the table of UI actions (:data:`ACTIONS`).
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
                self.adopt(reason)
                return True
        result = entry.handler(self, args)
        if self.session is not None and self.screen == "play":
            self.persist()
        return result is not False

    # navigation
    def go_home(self, args: None) -> None:
        self._set_session(None, None)
        self.store.set_current(None)
        self.rules_open = False
        self.confirm_delete = None

    def open_rules(self, args: None) -> None:
        self.rules_open = True

    def close_rules(self, args: None) -> None:
        self.rules_open = False

    def toggle_menu(self, args: None) -> None:
        """Open or close the game menu of the top bar (its tools: log, inspect, speed, hide
        the cards, rules, language, saved games)."""
        self.menu_open = not self.menu_open and self.screen == "play"

    def close_menu(self, args: None) -> None:
        self.menu_open = False

    def start_setup(self, args: None) -> None:
        if self.session is not None:
            self.form = SetupForm.from_settings(self.session.settings, self.controllers)
            self.form.hints = hints_on(self.session.game.meta)
        self._set_session(None, None)
        self.store.set_current(None)
        self.screen = "setup"

    def play_alone(self, args: None) -> None:
        """One tap: one person against three computer players (medium), four-player rules."""
        self.rules_open = False
        self.new_game(play_alone_settings())

    def start_tutorial(self, args: None) -> None:
        """The first-game tutorial: resumed where it was left, else a new one (fixed seed)."""
        self.rules_open = False
        ident = self.tutorial_id()
        if ident is not None and self.open_game(ident):
            return
        self.new_game(T.settings(), seed=T.SEED)
        assert self.session is not None
        self.session.game.meta[T.META] = "on"
        self.persist()

    def keep_tutorial(self, args: None) -> None:
        """Keep the tutorial's game: from now on it is listed as a saved game."""
        if self.session is not None and self.session.game.meta.get(T.META) == "on":
            self.session.game.meta[T.META] = "kept"

    def tutorial_id(self) -> str | None:
        """The saved tutorial not kept (not listed among the saved games), if any."""
        for entry in self.entries():
            if entry.game is not None and entry.game.meta.get(T.META) == "on":
                return entry.id
        return None

    def set_language(self, code: str) -> None:
        """Speak ``code`` from now on, on any screen (a running game goes on), and keep the
        choice for the next visit."""
        M.set_language(code)
        prefs = self.store.prefs()
        prefs["lang"] = M.current_language()
        self.store.set_prefs(prefs)
        self.form.relabel()

    def continue_game(self, ident: str) -> None:
        self.start_error = None
        self.open_game(ident)

    def delete_game(self, args: tuple[str, bool]) -> None:
        ident, confirmed = args
        if self.confirm_delete == ident and confirmed:
            self.store.delete(ident)
            self.confirm_delete = None
            if self.start_error is not None:
                self.start_error = None
        else:
            self.confirm_delete = ident

    def entries(self) -> list[Entry]:
        return self.store.entries()

    # setup
    def set_count(self, count: int) -> None:
        self.form.set_count(count)

    def set_field(self, args: tuple[str, int | None, Any, bool]) -> bool:
        field, player, value, committed = args
        self.form.set_field(field, value, player)
        # Typing a name must not redraw (it would move the caret); leaving the field may.
        return field != "name" or committed

    def start_game(self, args: None) -> None:
        settings = self.form.validate()
        if settings is not None:
            self.new_game(settings, hints=self.form.hints)

    # play
    def reveal(self, args: None) -> None:
        if self.session:
            self.session.reveal()

    def select_more(self, args: tuple[int, str | None]) -> None:
        if self.session:
            self.session.select_adjust(args[0], 1, args[1])

    def select_fewer(self, args: tuple[int, str | None]) -> None:
        if self.session:
            self.session.select_adjust(args[0], -1, args[1])

    def choose_card(self, card: Card) -> None:
        if self.session:
            self.session.choose_card(card)

    def choose_piece(self, args: tuple[str | None, int]) -> None:
        session = self.session
        if not session or session.state.current is None:
            return
        colour = args[0] or session.colour_names(session.state.current)[0]
        session.choose_piece(colour, args[1])

    def tap_plot(self, args: tuple[int, int]) -> None:
        if self.inspecting or self.replay_step is not None:
            self.inspected = args
            return
        if self.session:
            self.session.tap_plot(*args)

    # following the game: log, inspector, replay
    def toggle_log(self, args: None) -> None:
        self.log_open = not self.log_open

    def show_log_entry(self, step: int) -> None:
        """A tapped log entry: its plots are outlined on the board (the drawer closes; on a
        phone the city opens)."""
        if self.session is None:
            return
        entries = self.session.story().all_entries
        if not 0 <= step < len(entries):
            return
        self.focus = entries[step].positions
        if self.replay_step is None:
            self.log_open = False
        else:
            self.replay_step = step
        if self.focus and self.compact and self.replay_step is None:
            self._zoom = (self.focus[0] // 9, len(self.session.game.log))

    def inspect_plot(self, args: tuple[int, int]) -> None:
        """A long press on a plot: its tower in the inspector, whatever the mode."""
        if self.session is not None:
            self.inspected = args

    def toggle_inspect(self, args: None) -> None:
        self.inspecting = not self.inspecting
        if not self.inspecting:
            self.inspected = None

    def close_inspector(self, args: None) -> None:
        self.inspected = None

    def open_replay(self, args: None) -> None:
        if self.session is None or not self.session.game.log:
            return
        self.replay_step = len(self.session.story()) - 1
        self.log_open = False
        self.inspected = None
        self.focus = ()

    def replay_to(self, step: int) -> None:
        if self.session is None or self.replay_step is None:
            return
        count = len(self.session.story())
        self.replay_step = max(0, min(step, count - 1))
        self.inspected = None
        self.focus = ()

    # sharing
    def export_game(self, args: None) -> None:
        """Offer the game as a file (the browser layer takes :attr:`download`): a finished
        game whole, an unfinished one's view (game/public_record.py)."""
        if self.session is not None:
            game = self.session.game
            self.effects.append(Download(export_name(game, self.clock()), shared_text(game)))

    def export_whole(self, confirmed: bool) -> None:
        """Continue on another device: the whole of an unfinished game as a file, after a
        warning that it shows every hand (the first tap asks, the second saves)."""
        session = self.session
        if session is None or session.state.is_over or is_view_game(session.game):
            return
        self.menu_open = False
        if not confirmed:
            self.whole_export_asked = True
            return
        self.whole_export_asked = False
        game = session.game
        self.effects.append(Download(export_name(game, self.clock(), whole=True),
                                     export_text(game)))

    def cancel_whole_export(self, args: None) -> None:
        self.whole_export_asked = False

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

    def share_link(self, args: None) -> None:
        """A link to the game's replay: a finished game whole, an unfinished one's view."""
        if self.session is not None:
            self.share = link_fragment(self.session.game)

    def close_share(self, args: None) -> None:
        self.share = None

    def import_file(self, text: str | None) -> None:
        """A game from a file (None: a file far larger than any game, not read): checked by
        replaying it; stored as a new game (nothing is overwritten) and opened, a finished
        one in its replay. A bad file (an empty one too): a message saying why."""
        try:
            if text is None:
                raise SaveError("the file is far too large to be a game", "too_large")
            game = import_text(text)
        except SaveError as error:
            self._import_failed(M.reason(error))
            return
        self._adopt(game)

    # backup of every game (game/web/backup.py)
    def backup_all(self, args: None) -> None:
        """Offer every stored game and the settings as one file (the browser downloads it)."""
        now = self.clock()
        self.effects.append(Download(backup_name(now), backup_text(self.store, now)))

    def restore_file(self, text: str | None) -> None:
        """Restore a backup file (None: a file far larger than any backup, not read). Games
        here are never overwritten by an older or different copy; the report says what was
        restored and skipped. A file refused as a whole changes nothing and says why."""
        self.restore_report = None
        self.confirm_delete = None
        try:
            if text is None:
                raise SaveError("the file is far too large to be a backup", "too_large")
            report = restore(self.store, text, ALLOWED_PREFS)
        except SaveError as error:
            self.start_error = ("backup.restore_failed", {"reason": M.reason(error)})
            return
        self.start_error = None
        self.restore_report = report
        prefs = self.store.prefs()
        if "lang" in report.settings:
            M.set_language(prefs["lang"])
            self.form.relabel()
        if "speed" in report.settings:
            self.speed = prefs["speed"]

    def close_restore_report(self, args: None) -> None:
        self.restore_report = None

    @property
    def home_card(self) -> bool:
        """The Home Screen card is shown: a Safari tab that has not dismissed it."""
        return self.safari_tab and self.store.prefs().get(HOME_CARD) != "dismissed"

    def dismiss_home_card(self, args: None) -> None:
        prefs = self.store.prefs()
        prefs[HOME_CARD] = "dismissed"
        self.store.set_prefs(prefs)
        self.safari_tab = False  # gone now, even when the storage refuses to keep the choice

    def open_link(self, fragment: str) -> None:
        try:
            game = from_fragment(fragment)
        except SaveError as error:
            self._import_failed(M.reason(error))
            return
        self._adopt(game)

    def _import_failed(self, reason: str) -> None:
        self._set_session(None, None)
        self.start_error = ("share.import_failed", {"reason": reason})

    def _adopt(self, game: Game) -> None:
        """Store an imported game and open it; the same game stored before is opened instead."""
        ident = self.store.find_same(game)
        if ident is None:
            ident = self.store.new_id()
            try:
                self.store.save(ident, game)
            except StorageError as error:
                self._import_failed(M.reason(error))
                return
        self.start_error = None
        if self.open_game(ident) and game.state.is_over and self.replay_step is None:
            self.open_replay(None)

    # the post-game review
    def open_review(self, args: None) -> None:
        """Review the finished game: each person's costliest decisions (computed in the
        background; a review done earlier for this game is shown again at once)."""
        session = self.session
        if session is None or self.game_id is None or not session.state.is_over \
                or not session.humans:
            return
        if self.review is None or self.review.game_id != self.game_id or \
                self.review.state == "cancelled":
            self.review = ReviewJob.start(self.game_id, session.game, session.story().states)
        self.review_shown = None
        self.replay_step = None
        self.peek = False
        self._review_open = True

    def cancel_review(self, args: None) -> None:
        if self.review is not None:
            self.review.cancel()

    def close_review(self, args: None) -> None:
        """Back to the final standings; a review still running is cancelled (a finished
        one is kept for this game)."""
        if self.review is not None and self.review.running:
            self.review.cancel()
        if self.review is not None and self.review.state == "cancelled":
            self.review = None
        self.review_shown = None
        self._review_open = False

    def show_review_item(self, index: int) -> None:
        """One reviewed decision on the board of its moment (the replay just before it)."""
        review = self.review
        if review is None or review.state != "done" or self.session is None:
            return
        items = review.items()
        if not 0 <= index < len(items):
            return
        self.review_shown = index
        self.replay_step = max(0, items[index].step - 1)
        self.inspected = None
        self.focus = ()

    def review_back(self, args: None) -> None:
        self.review_shown = None
        self.replay_step = None

    @property
    def review_open(self) -> bool:
        return self._review_open and self.review is not None

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

    def close_replay(self, args: None) -> None:
        """Back to the game; a view has no game to go back to, so it is left."""
        if self.session is not None and is_view_game(self.session.game):
            self.go_home(None)
            return
        self.review_shown = None
        self.replay_step = None
        self.inspected = None
        self.focus = ()

    def confirm(self, args: None) -> None:
        if self.session:
            selecting = self.session.state.phase == "select"
            if self.session.confirm() and selecting and self.session.screen == "turn":
                self.effects.append(ShowBoard())  # the pieces are chosen: the board next

    def undo(self, args: None) -> None:
        if self.session:
            self.session.undo()

    def ack_scoring(self, args: None) -> None:
        if self.session:
            self.session.ack_scoring()

    def rematch(self, args: None) -> None:
        if self.session:
            self.new_game(self.session.settings, hints=hints_on(self.session.game.meta))

    def toggle_peek(self, args: None) -> None:
        self.peek = not self.peek
        self._zoom = None

    def zoom_in(self, city: int) -> bool:
        if not (0 <= city < 6 and self._zoom_allowed()) or self.session is None:
            return False
        self._zoom = (city, len(self.session.game.log))
        return True

    def hide_cards(self, args: None) -> None:
        if self.session:
            self.session.hide_cards()

    def apply_update(self, args: None) -> None:
        """Switch to the waiting new version (the browser layer activates it and reloads;
        the open game is in the storage and reopens)."""
        self.effects.append(ApplyUpdate())

    def request_reload(self, args: None) -> None:
        """The page reloads itself."""
        self.effects.append(Reload())

    def delete_finished(self, confirmed: bool) -> None:
        """Free space: delete every finished game, after a second, confirming tap."""
        if not confirmed:
            self.confirm_delete = "finished"
            return
        for entry in self.entries():
            if entry.game is not None and entry.game.state.is_over:
                self.store.delete(entry.id)
        self.confirm_delete = None
        self.start_error = None

    def zoom_out(self, args: None) -> None:
        self._zoom = None

    def cycle_speed(self, args: None) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        prefs = self.store.prefs()
        prefs["speed"] = self.speed
        self.store.set_prefs(prefs)

    # ---------------------------------------------------------------- hints
    def _hint_key(self) -> tuple[str, int, int] | None:
        """The decision a hint may be asked for now: a person on turn holding the device in
        a game that allows hints (None otherwise)."""
        session = self.session
        if (session is None or self.game_id is None or self.screen != "play"
                or self.replay_step is not None or session.screen != "turn"
                or not session.show_private or not hints_on(session.game.meta)):
            return None
        current = session.state.current
        if current is None or not session.is_human(current):
            return None
        return self.game_id, len(session.game.log), current

    def ask_hint(self, args: None) -> None:
        """"Hint": what the strongest level would play here (computed in the background
        by the browser layer: :meth:`hint_request`, :meth:`hint_done`). Counted per
        person, shown in the final standings."""
        key = self._hint_key()
        if key is None or self.hint_job == key or (
                self.hint_shown is not None and self.hint_shown[0] == key):
            return
        assert self.session is not None
        self.hint_job = key
        count_hint(self.session.game.meta, key[2])

    def hint_request(self) -> Request | None:
        """The hint to compute now, if one was asked for this very decision."""
        key = self._hint_key()
        if key is None or self.hint_job != key:
            return None
        assert self.session is not None
        return hint_request(self.session.turn_view(), hint_seed(self.session.game.seed, key[1]))

    def hint_done(self, request: Request, answer: Answer) -> None:
        """A computed hint: shown if it still answers the decision at hand."""
        key = self._hint_key()
        if (key is None or self.hint_job != key or answer.hint is None
                or self.session is None or request.view != self.session.turn_view()):
            return
        self.hint_job = None
        self.hint_shown = (key, CoachMove(answer.hint.action, answer.hint.reason,
                                          answer.hint.city))

    def hint_frame(self) -> HintFrame | None:
        key = self._hint_key()
        if key is None:
            return None
        shown = self.hint_shown[1] if self.hint_shown and self.hint_shown[0] == key else None
        return HintFrame(busy=self.hint_job == key, shown=shown)

    # ------------------------------------------------------------ computers
    def computer_to_move(self) -> bool:
        return (self._playable() and self.session is not None
                and self.session.screen == "computer" and self.session.state.current is not None)

    def auto_continue(self) -> bool:
        """A table of computers only goes on after a scoring by itself."""
        return (self._playable() and self.session is not None
                and self.session.screen == "scoring" and not self.session.humans)

    def computer_key(self) -> tuple[str, int, int] | None:
        """The computer decision due now, as (game id, log length, player on turn); None
        when no computer is to move. A decision thought out in the background is played
        only while this key holds (game/web/jobs.py)."""
        session = self.session
        if not self.computer_to_move() or session is None or self.game_id is None:
            return None
        current = session.state.current
        assert current is not None  # computer_to_move
        return self.game_id, len(session.game.log), current

    def continue_key(self) -> tuple[str, int] | None:
        """The scoring a table of computers goes on from by itself (game id, log length);
        None when there is none (game/web/jobs.py)."""
        if not self.auto_continue() or self.session is None or self.game_id is None:
            return None
        return self.game_id, len(self.session.game.log)

    def _playable(self) -> bool:
        """A game is on screen that may go on: not a view (its hands are invented), not
        waiting for storage space (a computer's move could not be stored)."""
        return (self.screen == "play" and self.session is not None and not self.rules_open
                and not self.storage_wait and not is_view_game(self.session.game))

    def retry_storage(self, args: None) -> None:
        """"Try again" after a computer's move the storage refused: the computers go on
        (and wait again, thinking once, if the storage still refuses)."""
        self.storage_wait = False
        self.banner = None

    def computer_player(self) -> ComputerPlayer:
        session = self.session
        assert session is not None and session.state.current is not None
        controller = session.settings.players[session.state.current].controller
        if controller not in self._players:
            try:
                self._players[controller] = make_player(controller)
            except ValueError:  # a save naming a player this version lacks: play randomly
                self._players[controller] = make_player("random")
        return self._players[controller]

    def computer_thinking(self) -> Generator[None, None, Action]:
        """The computer on turn deciding in slices (the one loop: :func:`game.ai.think`)."""
        session = self.session
        assert session is not None and session.state.current is not None
        view = player_view(session.state, session.state.current)
        return think(self.computer_player(), view, session.computer_rng())

    def computer_request(self) -> Request:
        """The computer on turn's decision as a request for the thinking worker: its own
        view only, its level and the decision's seed (see :mod:`game.web.coach`)."""
        session = self.session
        assert session is not None and session.state.current is not None
        view = player_view(session.state, session.state.current)
        return Request("decide", view, self.computer_player().id, session.computer_seed())

    def show_preview(self, action: Action | None) -> None:
        self.preview = action if isinstance(action, (Build, ReturnPiece)) else None

    def commit_computer(self, action: Action) -> None:
        self.preview = None
        if self.session is not None:
            self.session.commit(action)
            self.persist()

    def play_computers(self, limit: int = 100000) -> int:
        """Play every pending computer turn at once (tests and a table of computers)."""
        moves = 0
        while moves < limit and (self.computer_to_move() or self.auto_continue()):
            if self.auto_continue():
                assert self.session is not None
                self.session.ack_scoring()
                self.persist()
                continue
            gen = self.computer_thinking()
            try:
                while True:
                    next(gen)
            except StopIteration as stop:
                action = stop.value
            self.commit_computer(action)
            moves += 1
        return moves

    # ------------------------------------------------------------- drawing
    def frame(self) -> Frame:
        """Everything this render draws, as one frozen value (see :mod:`game.web.frame`)."""
        banner = self.banner if self.screen == "play" else None
        update = self.update_ready and self.preview is None  # never over a computer's preview
        if self.screen == "setup":
            return Frame(self.screen_name, self.rules_open, banner, self.notice, update,
                         setup=self.form.frame())
        if self.screen == "play" and self.session is not None:
            mode = self.session.game.meta.get(T.META)
            lesson = T.lesson(self.session) if mode in ("on", "kept") else None
            return Frame(self.screen_name, self.rules_open, banner, self.notice, update,
                         play=self.play_frame(), tutorial=lesson, tutorial_kept=mode == "kept")
        entries = self.entries()
        hidden = {e.id for e in entries if e.game is not None and e.game.meta.get(T.META) == "on"}
        return Frame(self.screen_name, self.rules_open, None, self.notice, update,
                     start=StartFrame(
            tuple(saved_game(entry) for entry in entries if entry.id not in hidden),
            self.start_error, self.confirm_delete, self.format_time, self.store.used(),
            tutorial=next(iter(sorted(hidden)), None), home_card=self.home_card,
            restore=self.restore_report))

    def play_frame(self) -> PlayFrame:
        session = self.session
        assert session is not None
        state = session.state
        story = session.story()
        if self.replay_step is not None:
            return self._with_coach(self.replay_frame(self.replay_step))
        mode: Mode = session.screen  # type: ignore[assignment]  # Session.screen's values
        zoom = None if mode in ("scoring", "pass") else self.zoomed_city
        view = session.view()
        digest_for = state.current if mode in ("pass", "turn") else None
        inspector = None
        if self.inspected is not None and mode not in ("pass", "scoring"):
            inspector = inspect(view, *self.inspected, session.show_private)
        draft = session.draft if mode == "turn" else None
        preview = None
        if draft is not None:
            turn_view = session.turn_view()
            preview = godzilla_preview(draft, turn_view, tentative_build(draft, turn_view))
        frame = play_frame(
            mode=mode, view=view, show_private=session.show_private,
            draft=session.draft, notice=session.notice, last_move=session.last_move_value,
            preview=self.preview, acked=session.acked,
            standings=state.standings() if state.phase == OVER else (),
            speed="fast" if self.instant else self.speed, compact=self.compact, zoom=zoom,
            peek=self.peek, people=len(session.humans),
            story=story_frame(story, state, digest_for, self.focus, self.log_open),
            inspector=inspector, inspecting=self.inspecting, godzilla_preview=preview,
            share=self._share_url(), menu_open=self.menu_open)
        frame = replace(frame, whole_export=self._whole_export())
        return self._with_coach(frame)

    def _whole_export(self) -> WholeExport:
        """Whether the menu offers the whole game (an unfinished, real game) and whether
        its warning is open."""
        session = self.session
        if session is None or session.state.is_over or is_view_game(session.game):
            return "none"
        return "asked" if self.whole_export_asked else "offered"

    def _with_coach(self, frame: PlayFrame) -> PlayFrame:
        """The coach's parts of the frame: the hint (only for the person on turn holding
        the device), the hints used (final standings)."""
        session = self.session
        assert session is not None
        meta = session.game.meta
        hint = self.hint_frame()
        marks: tuple[tuple[int, str], ...] = ()
        if hint is not None and isinstance(hint.shown, CoachMove) and isinstance(
                hint.shown.action, Build):
            a = hint.shown.action
            marks = ((a.city * 9 + a.plot, "hint"),)
        used = hints_asked(meta, len(session.settings.players)) if hints_on(meta) else ()
        review = None
        if self.review_open and self.review is not None and session.state.is_over:
            review = self.review.frame(self.review_shown)
            if self.review_shown is not None and self.replay_step is not None:
                items = review.items
                if 0 <= self.review_shown < len(items):
                    item = items[self.review_shown]
                    marks = tuple((m.action.city * 9 + m.action.plot, kind)
                                  for m, kind in ((item.played, "played"), (item.best, "best"))
                                  if isinstance(m.action, Build))
        return replace(frame, hint=hint, hints_used=used, coach_marks=marks, review=review)

    def _share_url(self) -> str | None:
        if self.share is None:
            return None
        return f"{self.params.get('url', '')}#{self.share}"

    def replay_frame(self, step: int) -> PlayFrame:
        """The board, supplies and scores right after log step ``step``, seen by the viewer
        with no hand shown (a replay of the game now must not reveal anything new)."""
        session = self.session
        assert session is not None
        story = session.story()
        step = max(0, min(step, len(story) - 1))
        state = story.states[step + 1]
        view = player_view(state, session.viewer)
        inspector = inspect(view, *self.inspected, False) if self.inspected else None
        finished = session.state.phase == OVER
        view_only = is_view_game(session.game)
        # A finished game hides nothing: its replay shows every hand (never before the end).
        # A view's hands are invented: never shown.
        hands = state.hands if finished and not view_only else ()
        return play_frame(
            mode="replay", view=view, show_private=False, draft=None, notice=None,
            last_move=None, preview=None, acked=len(state.scorings),
            standings=state.standings() if state.phase == OVER else (),
            speed=self.speed, compact=self.compact, zoom=None, peek=False,
            story=story_frame(story, state, None, self.focus or story.all_entries[step].positions,
                              False, upto=step + 1),
            inspector=inspector,
            replay=ReplayFrame(step, len(story), finished, hands, view_only=view_only),
            share=self._share_url(), menu_open=self.menu_open)

    def render(self) -> El:
        return render_page(self.frame())


def _report_to_stderr(text: str) -> None:
    print(text, file=sys.stderr)


@dataclass(frozen=True)
class UiAction:
    """One thing a tap or a change can ask for: its ``data-action`` name, the parser of its
    ``data-*`` arguments (raising ValueError, TypeError or KeyError when malformed) and the
    controller method that carries it out."""

    name: str
    parse: Callable[[Mapping[str, Any]], Any]
    handler: Callable[[Controller, Any], bool | None]


def _no_args(data: Mapping[str, Any]) -> None:
    return None


def _int_arg(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    if isinstance(value, bool):
        raise ValueError(f"{key} must be a number")
    number = int(value)
    if not low <= number <= high:
        raise ValueError(f"{key} must be between {low} and {high}")
    return number


def _str_arg(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise TypeError(f"{key} must be text")
    return value


def _save_id(data: Mapping[str, Any]) -> str:
    ident = _str_arg(data, "id")
    if ident is None:
        raise ValueError("a saved game's id is missing")
    return ident


def _card_arg(data: Mapping[str, Any]) -> Card:
    return Card.parse(data["card"])  # SaveError (a ValueError) when malformed


def _language_arg(data: Mapping[str, Any]) -> str:
    code = _str_arg(data, "value") or _str_arg(data, "lang")
    if code is None or code not in M.LANGUAGES:
        raise ValueError("not a language of the game")
    return code


def _field_arg(data: Mapping[str, Any]) -> tuple[str, int | None, Any, bool]:
    field = _str_arg(data, "field")
    if field is None:
        raise ValueError("the field is missing")
    player = data.get("player")
    index = None if player in (None, "") else _int_arg(data, "player", 0, 3)
    committed = data.get("committed") in (True, "true")
    return field, index, data.get("value"), committed


KEEP_MENU_OPEN = frozenset({"menu", "speed", "zoom-out"})
"""The actions that leave the game menu open: its own button, and the speed (tapped again
to go round the speeds), and the whole board back (also sent when the page is resized or
turned). Every other action closes it."""

ACTIONS: dict[str, UiAction] = {a.name: a for a in (
    UiAction("home", _no_args, Controller.go_home),
    UiAction("storage-retry", _no_args, Controller.retry_storage),
    UiAction("rules", _no_args, Controller.open_rules),
    UiAction("rules-close", _no_args, Controller.close_rules),
    UiAction("menu", _no_args, Controller.toggle_menu),
    UiAction("menu-close", _no_args, Controller.close_menu),
    UiAction("new-game", _no_args, Controller.start_setup),
    UiAction("play-alone", _no_args, Controller.play_alone),
    UiAction("tutorial", _no_args, Controller.start_tutorial),
    UiAction("tutorial-keep", _no_args, Controller.keep_tutorial),
    UiAction("language", _language_arg, Controller.set_language),
    UiAction("continue-game", _save_id, Controller.continue_game),
    UiAction("delete", lambda d: (_save_id(d), d.get("confirm") in (True, "true")),
             Controller.delete_game),
    UiAction("setup-count", lambda d: _int_arg(d, "value", 2, 4), Controller.set_count),
    UiAction("field", _field_arg, Controller.set_field),
    UiAction("setup-start", _no_args, Controller.start_game),
    UiAction("reveal", _no_args, Controller.reveal),
    UiAction("select-inc", lambda d: (_int_arg(d, "floors", 1, 4), _str_arg(d, "colour")),
             Controller.select_more),
    UiAction("select-dec", lambda d: (_int_arg(d, "floors", 1, 4), _str_arg(d, "colour")),
             Controller.select_fewer),
    UiAction("card", _card_arg, Controller.choose_card),
    UiAction("piece", lambda d: (_str_arg(d, "colour"), _int_arg(d, "floors", 1, 4)),
             Controller.choose_piece),
    UiAction("plot", lambda d: (_int_arg(d, "city", 0, 5), _int_arg(d, "plot", 0, 8)),
             Controller.tap_plot),
    UiAction("confirm", _no_args, Controller.confirm),
    UiAction("undo", _no_args, Controller.undo),
    UiAction("continue", _no_args, Controller.ack_scoring),
    UiAction("rematch", _no_args, Controller.rematch),
    UiAction("peek", _no_args, Controller.toggle_peek),
    UiAction("zoom", lambda d: _int_arg(d, "zoom", 0, 5), Controller.zoom_in),
    UiAction("zoom-out", _no_args, Controller.zoom_out),
    UiAction("speed", _no_args, Controller.cycle_speed),
    UiAction("hide-cards", _no_args, Controller.hide_cards),
    UiAction("reload", _no_args, Controller.request_reload),
    UiAction("apply-update", _no_args, Controller.apply_update),
    UiAction("delete-finished", lambda d: d.get("confirm") in (True, "true"),
             Controller.delete_finished),
    UiAction("log", _no_args, Controller.toggle_log),
    UiAction("log-show", lambda d: _int_arg(d, "log-step", 0, 100000), Controller.show_log_entry),
    UiAction("inspect-mode", _no_args, Controller.toggle_inspect),
    UiAction("inspect-plot", lambda d: (_int_arg(d, "city", 0, 5), _int_arg(d, "plot", 0, 8)),
             Controller.inspect_plot),
    UiAction("inspect-close", _no_args, Controller.close_inspector),
    UiAction("replay", _no_args, Controller.open_replay),
    UiAction("replay-step", lambda d: _int_arg(d, "step", 0, 100000), Controller.replay_to),
    UiAction("replay-close", _no_args, Controller.close_replay),
    UiAction("export", _no_args, Controller.export_game),
    UiAction("share", _no_args, Controller.share_link),
    UiAction("export-whole", lambda d: d.get("confirm") in (True, "true"), Controller.export_whole),
    UiAction("export-whole-cancel", _no_args, Controller.cancel_whole_export),
    UiAction("share-close", _no_args, Controller.close_share),
    UiAction("import-file", lambda d: None if d.get("too_large") in (True, "true") else str(d["text"]),
             Controller.import_file),
    UiAction("backup", _no_args, Controller.backup_all),
    UiAction("restore-file", lambda d: None if d.get("too_large") in (True, "true") else str(d["text"]),
             Controller.restore_file),
    UiAction("restore-close", _no_args, Controller.close_restore_report),
    UiAction("home-card-dismiss", _no_args, Controller.dismiss_home_card),
    UiAction("hint", _no_args, Controller.ask_hint),
    UiAction("review", _no_args, Controller.open_review),
    UiAction("review-cancel", _no_args, Controller.cancel_review),
    UiAction("review-close", _no_args, Controller.close_review),
    UiAction("review-show", lambda d: _int_arg(d, "item", 0, 100), Controller.show_review_item),
    UiAction("review-back", _no_args, Controller.review_back),
)}
"""Every UI action by its ``data-action`` name: the one vocabulary of taps. The event wiring
(:mod:`game.web.app`) sends every tap here; ``tests/web/test_ui_actions.py`` checks that each
``data-action`` a screen draws is in this table."""


def saved_game(entry: Entry) -> SavedGame:
    """The public facts of a saved game for the start screen's list."""
    game = entry.game
    if entry.newer:
        return SavedGame(entry.id, entry.updated, entry.size, newer=True)
    if game is None:
        return SavedGame(entry.id, entry.updated, entry.size,
                         error=M.problem(entry.problem) if entry.error is not None else "")
    state = game.state
    settings = game.settings
    winners: tuple[str, ...] = ()
    if state.phase == OVER:
        winners = tuple(settings.players[s.player].name for s in state.standings() if s.winner)
    return SavedGame(entry.id, entry.updated, entry.size, finished=state.phase == OVER,
                     view=is_view_game(game),
                     players=tuple((p.name, p.colours) for p in settings.players),
                     round=state.round, rounds=settings.round_count, phase=state.phase,
                     winners=winners)
