"""The whole app as a state machine, in pure Python: screens, taps, saves, computer turns.

The browser layer (:mod:`game.web.app`) only turns DOM events into :meth:`Controller.handle`
calls, draws :meth:`Controller.render`, and paces computer turns with asyncio. Everything a
player can do is therefore testable in CPython (``tests/web``).
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable, Generator

from ..actions import Action, Build, ReturnPiece
from ..errors import SaveError
from ..match import Game
from ..material import Card
from ..view import player_view
from . import messages as M
from .screens.play import render_play
from .screens.results import render_final, render_scoring
from .screens.setup import render_setup
from .screens.start import local_time_text, render_rules, render_start
from .session import Session
from .setup_form import SetupForm
from .storage import SaveStore, StorageError
from .vdom import El, h

SPEEDS = ("slow", "normal", "fast")
PACE = {  # seconds: (show the computer's card and target, pause after the move)
    "slow": (1.6, 0.9),
    "normal": (0.9, 0.5),
    "fast": (0.3, 0.15),
    "instant": (0.0, 0.0),
}
THINK_SLICE = 0.03  # seconds of search between two yields to the browser
MIN_TAP_PX = 44  # the smallest tap target, in CSS pixels


def computer_ids() -> tuple[str, ...]:
    from ..ai import PLAYERS
    return tuple(PLAYERS)


def thinking(player: Any, view, rng: random.Random,
             slice_seconds: float = THINK_SLICE) -> Generator[None, None, Action]:
    """Let a computer player decide, yielding between slices of work so the page can breathe.

    Players with the incremental interface (``start(view, rng)`` returning an object with
    ``step(max_seconds=...)`` and ``best()``) are sliced; others decide in one call."""
    if hasattr(player, "start"):
        work = player.start(view, rng)
        cap = getattr(getattr(player, "config", None), "max_seconds", None)
        deadline = None if cap is None else time.perf_counter() + cap
        while not work.step(max_seconds=slice_seconds):
            if deadline is not None and time.perf_counter() >= deadline:
                break
            yield None
        return work.best()
    yield None
    return player.choose(view, rng)


class Controller:
    def __init__(self, store: SaveStore, params: dict[str, str] | None = None,
                 clock: Callable[[], float] = time.time,
                 format_time: Callable[[float], str] = local_time_text):
        self.store = store
        self.params = dict(params or {})
        self.clock = clock
        self.format_time = format_time  # a save time as the person's local time
        self.controllers = ("human",) + computer_ids()
        self.screen = "start"
        self.session: Session | None = None
        self.game_id: str | None = None
        self.form = SetupForm(self.controllers)
        self.start_error: tuple[str, dict] | None = None
        self.confirm_delete: str | None = None
        self.rules_open = False
        self.banner: tuple[str, dict] | None = None
        self.preview: Action | None = None
        self.peek = False  # the final board instead of the standings
        # The size of a plot on screen (CSS px, measured by the browser layer); below
        # MIN_TAP_PX the board is an overview and a tapped city opens large (``_zoom``:
        # the city and the number of moves then, so any move closes it).
        self.plot_px: float | None = None
        self._zoom: tuple[int, int] | None = None
        self.epoch = 0
        self._players: dict[str, Any] = {}
        prefs = store.prefs()
        self.speed = prefs.get("speed") if prefs.get("speed") in SPEEDS else "normal"
        self.instant = self.params.get("fast") in ("1", "true", "yes")

    # ------------------------------------------------------------------ boot
    def boot(self) -> None:
        ident = self.store.current()
        if ident is not None and self.store.raw(ident) is not None:
            self.open_game(ident)
        else:
            self.screen = "start"

    def open_game(self, ident: str) -> bool:
        try:
            game = self.store.load(ident)
            session = Session(game)
        except SaveError as error:
            self._load_failed(str(error))
            return False
        except Exception as error:  # an engine bug must not lose or hide the save
            self._load_failed(f"{type(error).__name__}: {error}")
            return False
        self._set_session(session, ident)
        self.store.set_current(ident)
        return True

    def _load_failed(self, reason: str) -> None:
        self.start_error = ("start.load_failed", {"reason": reason})
        self.screen = "start"
        self.session = None
        self.game_id = None
        self.epoch += 1

    def _set_session(self, session: Session | None, ident: str | None) -> None:
        self.session = session
        self.game_id = ident
        self.preview = None
        self.peek = False
        self._zoom = None
        self.epoch += 1
        self.screen = "play" if session is not None else "start"

    def new_game(self, settings, seed: str | None = None) -> None:
        seed = seed or f"{int(self.clock() * 1000)}-{random.randrange(10 ** 6)}"
        game = Game(settings, seed, meta={"app": "manhattan-web"})
        session = Session(game)
        ident = self.store.new_id()
        self._set_session(session, ident)
        self.start_error = None
        self.store.set_current(ident)
        self.persist()

    # --------------------------------------------------------------- saving
    def persist(self) -> None:
        if self.session is None or self.game_id is None:
            return
        self.session.sync_meta()
        try:
            self.store.save(self.game_id, self.session.game)
            self.banner = None
        except StorageError as error:
            self.banner = ("start.save_failed", {"reason": str(error)})

    # ---------------------------------------------------------------- names
    @property
    def screen_name(self) -> str:
        """The screen a person sees now (the ``data-screen`` of ``#app``)."""
        if self.rules_open:
            return "rules"
        if self.screen == "play" and self.session is not None:
            screen = self.session.screen
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
        return city if moves == len(self.session.game.log) else None

    def pace(self) -> tuple[float, float]:
        return PACE["instant" if self.instant else self.speed]

    # -------------------------------------------------------------- intents
    def handle(self, action: str, data: dict[str, Any] | None = None) -> bool:
        """Apply one tap or change. Returns True when the screen must be drawn again."""
        data = data or {}
        method = getattr(self, "on_" + action.replace("-", "_"), None)
        if method is None:
            return False
        result = method(data)
        if self.session is not None and self.screen == "play":
            self.persist()
        return result is not False

    # navigation
    def on_home(self, data) -> None:
        self._set_session(None, None)
        self.store.set_current(None)
        self.rules_open = False
        self.confirm_delete = None

    def on_rules(self, data) -> None:
        self.rules_open = True

    def on_rules_close(self, data) -> None:
        self.rules_open = False

    def on_new_game(self, data) -> None:
        if self.session is not None:
            self.form = SetupForm.from_settings(self.session.settings, self.controllers)
        self._set_session(None, None)
        self.store.set_current(None)
        self.screen = "setup"

    def on_continue_game(self, data) -> None:
        ident = str(data.get("id", ""))
        self.start_error = None
        self.open_game(ident)

    def on_delete(self, data) -> None:
        ident = str(data.get("id", ""))
        if self.confirm_delete == ident and data.get("confirm"):
            self.store.delete(ident)
            self.confirm_delete = None
            if self.start_error is not None:
                self.start_error = None
        else:
            self.confirm_delete = ident

    def entries(self):
        return self.store.entries()

    # setup
    def on_setup_count(self, data) -> None:
        try:
            self.form.set_count(int(data.get("value")))
        except (TypeError, ValueError):
            pass

    def on_field(self, data) -> bool:
        field = str(data.get("field", ""))
        player = data.get("player")
        try:
            player = int(player) if player not in (None, "") else None
        except ValueError:
            return False
        value = data.get("value")
        self.form.set_field(field, value, player)
        # Typing a name must not redraw (it would move the caret); leaving the field may.
        return field != "name" or bool(data.get("committed"))

    def on_setup_start(self, data) -> None:
        settings = self.form.validate()
        if settings is not None:
            self.new_game(settings)

    # play
    def on_reveal(self, data) -> None:
        if self.session:
            self.session.reveal()

    def on_select_inc(self, data) -> None:
        if self.session:
            self.session.select_adjust(_int(data.get("floors")), 1, _str(data.get("colour")))

    def on_select_dec(self, data) -> None:
        if self.session:
            self.session.select_adjust(_int(data.get("floors")), -1, _str(data.get("colour")))

    def on_card(self, data) -> None:
        card = _card(data.get("card"))
        if self.session and card is not None:
            self.session.choose_card(card)

    def on_piece(self, data) -> None:
        if not self.session or self.session.state.current is None:
            return
        colour = data.get("colour") or (self.session.colour_names(self.session.state.current)
                                        or [None])[0]
        self.session.choose_piece(str(colour), _int(data.get("floors")))

    def on_plot(self, data) -> None:
        if self.session:
            self.session.tap_plot(_int(data.get("city")), _int(data.get("plot")))

    def on_confirm(self, data) -> None:
        if self.session:
            self.session.confirm()

    def on_undo(self, data) -> None:
        if self.session:
            self.session.undo()

    def on_continue(self, data) -> None:
        if self.session:
            self.session.ack_scoring()

    def on_rematch(self, data) -> None:
        if self.session:
            self.new_game(self.session.settings)

    def on_peek(self, data) -> None:
        self.peek = not self.peek
        self._zoom = None

    def on_zoom(self, data) -> bool:
        city = _int(data.get("zoom"))
        if not (0 <= city < 6 and self._zoom_allowed()):
            return False
        self._zoom = (city, len(self.session.game.log))
        return True

    def on_zoom_out(self, data) -> None:
        self._zoom = None

    def on_speed(self, data) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        prefs = self.store.prefs()
        prefs["speed"] = self.speed
        self.store.set_prefs(prefs)

    # ------------------------------------------------------------ computers
    def computer_to_move(self) -> bool:
        return (self.screen == "play" and self.session is not None and not self.rules_open
                and self.session.screen == "computer" and self.session.state.current is not None)

    def auto_continue(self) -> bool:
        """A table of computers only goes on after a scoring by itself."""
        return (self.screen == "play" and self.session is not None and not self.rules_open
                and self.session.screen == "scoring" and not self.session.humans)

    def computer_player(self) -> Any:
        from ..ai import make_player
        session = self.session
        controller = session.settings.players[session.state.current].controller
        if controller not in self._players:
            try:
                self._players[controller] = make_player(controller)
            except ValueError:  # a save naming a player this version lacks: play randomly
                self._players[controller] = make_player("random")
        return self._players[controller]

    def computer_thinking(self) -> Generator[None, None, Action]:
        session = self.session
        view = player_view(session.state, session.state.current)
        return thinking(self.computer_player(), view, session.computer_rng())

    def show_preview(self, action: Action) -> None:
        self.preview = action if isinstance(action, (Build, ReturnPiece)) else None
        if self.session is not None:
            self.session.preview = self.preview

    def commit_computer(self, action: Action) -> None:
        self.preview = None
        if self.session is not None:
            self.session.preview = None
            self.session.commit(action)
            self.persist()

    def play_computers(self, limit: int = 100000) -> int:
        """Play every pending computer turn at once (tests and a table of computers)."""
        moves = 0
        while moves < limit and (self.computer_to_move() or self.auto_continue()):
            if self.auto_continue():
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
    def render(self) -> El:
        if self.screen == "setup":
            body = render_setup(self.form)
        elif self.screen == "play" and self.session is not None:
            session = self.session
            screen = session.screen
            if screen == "final" and self.peek:
                body = h("div", {"class": "stack"},
                         render_play(session, self._speed_label(), compact=self.compact,
                                     zoom=self.zoomed_city),
                         h("button", {"type": "button", "class": "btn primary big peek-back",
                                      "data-action": "peek"}, M.t("final.back")))
            elif screen == "final":
                body = render_final(session)
            elif screen == "scoring":
                body = h("div", {"class": "stack"},
                         render_play(session, self._speed_label(), compact=self.compact),
                         render_scoring(session))
            else:
                body = render_play(session, self._speed_label(), self.preview,
                                   compact=self.compact, zoom=self.zoomed_city)
            if self.banner is not None:
                key, params = self.banner
                body = h("div", {"class": "stack"},
                         h("p", {"class": "error-banner floating", "role": "alert",
                                 "data-message-id": key}, M.t(key, **params)), body)
        else:
            body = render_start(self.entries(), self.start_error, self.confirm_delete,
                                self.format_time)
        if self.rules_open:
            return h("div", {"class": "stack"}, body, render_rules())
        return body

    def _speed_label(self) -> str:
        return "fast" if self.instant else self.speed


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _card(value: Any) -> Card | None:
    try:
        r, c = (int(v) for v in str(value).split(","))
    except (TypeError, ValueError):
        return None
    if 0 <= r <= 2 and 0 <= c <= 2:
        return Card(r, c)
    return None
