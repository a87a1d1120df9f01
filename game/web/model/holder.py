"""What the updates composed in this folder see of the page's state: the features' frozen
states, the game at the table and the one door that changes them, as a
:class:`~typing.Protocol`. The controller (game/web/model/controller.py) is the one value
that has them; the updates take this instead of it, so the controller imports them and
nothing imports the controller back (tests/web/test_layout.py: no import cycle)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ...ai import ComputerPlayer
from ...settings import Settings
from ..features.coaching import Coaching
from ..features.files import Sharing
from ..features.navigating import Home
from ..features.page import Page
from ..features.playing import Table
from ..features.rules import Rules
from ..features.saved import Saved
from ..features.statistics import Stats
from ..frames.frame import HintFrame, ScreenName
from ..saves.storage import Entry, SaveStore
from ..values.effects import Effect
from ..values.session import Session
from ..values.setup_form import SetupForm
from ..values.shelf import Shelf
from .door import StateAction


class Holder(Protocol):
    """The page's state between taps, as the updates read it and change it (only through
    :meth:`step` and the few operations below, which go through it)."""

    store: SaveStore
    """Read only: every write is an effect (game/web/runtime/storing.py)."""
    params: dict[str, str]
    clock: Callable[[], float]
    format_time: Callable[[float], str]
    report: Callable[[str], None]
    controllers: tuple[str, ...]
    computer_players: dict[str, ComputerPlayer]

    @property
    def session(self) -> Session | None: ...
    @property
    def game_id(self) -> str | None: ...
    @property
    def page(self) -> Page: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def home(self) -> Home: ...
    @property
    def table(self) -> Table: ...
    @property
    def sharing(self) -> Sharing: ...
    @property
    def coach(self) -> Coaching: ...
    @property
    def saved(self) -> Saved: ...
    @property
    def stats(self) -> Stats: ...
    @property
    def form(self) -> SetupForm: ...
    @property
    def shelf(self) -> Shelf: ...

    @property
    def screen_name(self) -> ScreenName: ...
    @property
    def zoomed_city(self) -> int | None: ...
    @property
    def home_card(self) -> bool: ...

    def step(self, *actions: StateAction) -> None: ...
    def open_game(self, ident: str) -> bool: ...
    def set_session(self, session: Session | None, ident: str | None) -> None: ...
    def new_game(self, settings: Settings, seed: str | None = None, hints: bool = False,
                 keep_table: bool = False, tutorial: bool = False) -> tuple[Effect, ...]: ...
    def zoom_allowed(self) -> bool: ...
    def tutorial_id(self) -> str | None: ...
    def entries(self) -> list[Entry]: ...
    def hint_frame(self) -> HintFrame | None: ...
