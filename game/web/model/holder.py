"""How the questions of this folder see the page's model, as Protocols, so that they
import neither the update that runs them nor the controller (tests/web/test_layout.py: no
import cycle).

:class:`Reading` is the model read: its states and the questions answered from it alone
(a :class:`~game.web.model.model.Model` is one, and so is what holds one, the controller
and one update under way). :class:`Players` is the model read with the computer players
made so far."""

from __future__ import annotations

from typing import Protocol

from ...ai import ComputerPlayer
from ..features.coaching import Coaching
from ..features.files import Sharing
from ..features.navigating import Home
from ..features.page import Page
from ..features.playing import Table
from ..features.rules import Rules
from ..features.saved import Saved
from ..features.statistics import Stats
from ..frames.frame import HintFrame, ScreenName
from ..values.answers import HintKey
from ..values.session import Session
from ..values.setup_form import SetupForm
from ..values.shelf import Shelf


class Reading(Protocol):
    """The page's model, read."""

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
    def zoom_allowed(self) -> bool: ...
    def hint_key(self) -> HintKey | None: ...
    def hint_frame(self) -> HintFrame | None: ...


class Players(Reading, Protocol):
    """The model read, with the computer players made so far (by level id)."""

    @property
    def computer_players(self) -> dict[str, ComputerPlayer]: ...
