"""The page's model: one frozen value holding everything the page is between two messages
(the features' frozen states, the game at the table, what the storage shows), and the
questions whose answers are read from it alone (the screen shown, the city zoomed, the
hint due...). The one update (:func:`game.web.model.update.update`) takes a model and a
message and returns the next model and its effects; the view (:mod:`game.web.model.framing`)
reads a model; the controller only holds the current one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..features import files
from ..features import playing as play
from ..features.coaching import Coaching
from ..features.navigating import Home
from ..features.page import Page
from ..features.rules import CLOSED as RULES_CLOSED
from ..features.rules import Rules
from ..features.saved import FRESH, Saved
from ..features.statistics import CLOSED as STATS_CLOSED
from ..features.statistics import Stats
from ..frames.frame import HintFrame, ScreenName, TableScreen
from ..thinking.coach import Request, hint_request, hint_seed, hints_on
from ..thinking.review import ReviewJob
from ..values.answers import HintKey
from ..values.session import Session
from ..values.setup_form import SetupForm
from ..values.shelf import NOTHING_READ, Shelf

SCREEN_OF_TABLE: dict[TableScreen, ScreenName] = {
    "turn": "play", "computer": "play", "pass": "pass", "scoring": "scoring", "final": "final"}
"""A person's screen for what the table sees of a game: a turn and a computer's move are
both the play screen."""


@dataclass(frozen=True)
class Model:
    """Everything the page is: each feature's frozen state, the game at the table (a
    :class:`~game.web.values.session.Session`, a value too) under its save's id, and the
    :class:`~game.web.values.shelf.Shelf` read for the screens that show the storage."""

    page: Page
    form: SetupForm
    rules: Rules = RULES_CLOSED
    home: Home = Home()
    table: play.Table = play.OPENED
    coach: Coaching = Coaching()
    sharing: files.Sharing = files.CLOSED
    saved: Saved = FRESH
    stats: Stats = STATS_CLOSED
    session: Session | None = None
    game_id: str | None = None
    shelf: Shelf = NOTHING_READ

    # ------------------------------------------------------------- the screen
    @property
    def screen_name(self) -> ScreenName:
        """The screen a person sees now (the ``data-screen`` of ``#app``)."""
        if self.rules.open:
            return "rules"
        if self.page.place == "play" and self.session is not None:
            screen = self.session.screen
            if screen == "final" and self.coach.review_open and not self.table.following.replaying:
                return "review"
            return SCREEN_OF_TABLE[screen]
        return self.page.place

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

    @property
    def home_card(self) -> bool:
        """The Home Screen card is shown: a Safari tab that has not dismissed it."""
        return self.page.safari_tab and not self.shelf.home_card_dismissed

    def pace(self) -> tuple[float, float]:
        return self.page.pace

    # --------------------------------------------------------------- the coach
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
        """The decision a hint may be asked for now: a person on turn holding the device in
        a game that allows hints (None otherwise)."""
        session = self.session
        if (session is None or self.game_id is None or self.page.place != "play"
                or self.table.following.replaying or session.screen != "turn"
                or not session.show_private or not hints_on(session.game.meta)):
            return None
        current = session.state.current
        if current is None or not session.is_human(current):
            return None
        return self.game_id, len(session.game.log), current

    def hint_request(self) -> Request | None:
        """The hint to compute now, if one was asked for this very decision."""
        key = self.hint_key()
        if key is None or self.coach.hint_job != key:
            return None
        assert self.session is not None
        return hint_request(self.session.turn_view(), hint_seed(self.session.game.seed, key[1]))

    def hint_frame(self) -> HintFrame | None:
        """The hint shown: only for the decision it answers, to the person holding the device."""
        return self.coach.hint_frame(self.hint_key())


class ReadsModel:
    """The parts of the model and the questions answered from it, read through the object
    that holds the model now: the controller between two messages, an update under way
    (:class:`game.web.model.update.Change`) within one. Both read them the same way, so the
    features' compositions, the shell, the jobs and the tests see one set of names."""

    model: Model

    @property
    def page(self) -> Page:
        return self.model.page

    @property
    def rules(self) -> Rules:
        return self.model.rules

    @property
    def home(self) -> Home:
        return self.model.home

    @property
    def table(self) -> play.Table:
        return self.model.table

    @property
    def coach(self) -> Coaching:
        return self.model.coach

    @property
    def sharing(self) -> files.Sharing:
        return self.model.sharing

    @property
    def saved(self) -> Saved:
        return self.model.saved

    @property
    def stats(self) -> Stats:
        return self.model.stats

    @property
    def form(self) -> SetupForm:
        return self.model.form

    @property
    def session(self) -> Session | None:
        return self.model.session

    @property
    def game_id(self) -> str | None:
        return self.model.game_id

    @property
    def shelf(self) -> Shelf:
        return self.model.shelf

    @property
    def screen_name(self) -> ScreenName:
        return self.model.screen_name

    @property
    def zoomed_city(self) -> int | None:
        return self.model.zoomed_city

    @property
    def home_card(self) -> bool:
        return self.model.home_card

    def zoom_allowed(self) -> bool:
        return self.model.zoom_allowed()

    def hint_key(self) -> HintKey | None:
        return self.model.hint_key()

    def hint_frame(self) -> HintFrame | None:
        return self.model.hint_frame()

    @property
    def compact(self) -> bool:
        return self.model.compact

    @property
    def review_open(self) -> bool:
        return self.model.review_open

    @property
    def review_running(self) -> bool:
        return self.model.review_running

    def pace(self) -> tuple[float, float]:
        return self.model.pace()

    def review_wanted(self, job: ReviewJob | None) -> bool:
        return self.model.review_wanted(job)

    def review_request(self) -> Request | None:
        return self.model.review_request()

    def hint_request(self) -> Request | None:
        return self.model.hint_request()
