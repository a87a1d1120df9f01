"""The frame: everything one render draws, built once, frozen, and all a screen may see.

Screens and the board drawing take a frame (and the message catalogue) and nothing else;
they import neither the session, the state nor the match. The frame is built from the
viewer's :class:`~game.view.PlayerView`, with the hand left out unless the viewer holds the
device, so another player's hand or the draw pile cannot reach a screen by construction
(``tests/web/test_frame.py`` checks both the imports and the contents). Every expensive
question (the view, the legal targets of the draft) is asked once per render here, instead of
once per screen element.

The page's frame is a tagged union (:data:`Frame`): the start screen, the setup, the
statistics and a game; a game's frame is itself one frozen type per screen
(:data:`game.web.frames.play_frames.GameFrame`: pass, turn, computer, scoring, final,
replay). Their parts are in :mod:`game.web.frames.parts`; this module re-exports them, the
screens' whole vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...state import BUILD, OVER, SELECT, Counts
from ..saves.backup import Restored, RestoreReport, ResultsTaken, Skipped
from ..saves.records import MAX_GAMES as MOST_RESULTS
from ..values.last_move import LastMove
from ..values.session import TableScreen
from .parts import (
    CoachMove,
    GodzillaPreview,
    HintFrame,
    Inspector,
    Motion,
    Notice,
    ReplayStep,
    ReviewFrame,
    ReviewItem,
    SelectionFacts,
    StoryFrame,
    Theme,
    WholeExport,
)
from .play_frames import (
    BoardFrame,
    ComputerFrame,
    FinalFrame,
    GameFrame,
    MenuFrame,
    PassFrame,
    ReplayFrame,
    ScoringFrame,
    TableFrame,
    TurnFrame,
)
from .start_frames import SetupFrame, StartFrame
from .stats_frames import StatsFrame

__all__ = ["BUILD", "OVER", "SELECT", "BoardFrame", "CoachMove", "ComputerFrame", "Counts",
           "FinalFrame", "Frame", "GameFrame", "GodzillaPreview", "HintFrame", "Inspector",
           "LastMove", "MOST_RESULTS", "MenuFrame", "Motion", "Notice", "PageFrame", "PageNotice",
           "PassFrame", "Place", "PlayPage", "ReplayFrame", "ReplayStep", "RestoreReport",
           "Restored", "ResultsTaken",
           "ReviewFrame", "ReviewItem", "ScoringFrame", "ScreenName", "SelectionFacts",
           "SetupPage", "Skipped", "StartPage", "StatsPage", "StoryFrame", "TableFrame",
           "TableScreen", "Theme", "TurnFrame", "WholeExport"]
"""The engine's phase names and the piece-count type are re-exported here: the frame is the
screens' whole vocabulary, so they never import the state module."""

Place = Literal["start", "setup", "play", "stats"]
"""Where the page is (:attr:`game.web.model.controller.Controller.screen`)."""
ScreenName = Literal["start", "setup", "play", "rules", "review", "pass", "scoring", "final",
                     "stats"]
"""The screen a person sees (the ``data-screen`` of ``#app``, what tests and styles read)."""
@dataclass(frozen=True)
class Downloaded:
    """A file just offered for download: its name and what it holds (``view``: an
    unfinished game as the whole table has seen it; ``game``: a finished game whole;
    ``whole``: an unfinished game whole, every hand in it; ``backup``: every game and the
    settings)."""

    what: Literal["view", "game", "whole", "backup"]
    name: str

    def __str__(self) -> str:  # the page's ``data-notice``
        return "downloaded-" + self.what


PageNotice = Literal["other-tab", "prefs-not-kept"] | Downloaded
"""A fact about the page itself: the game was adopted from another tab; a setting was
changed but the storage refused to keep it (it lasts until the page is closed); a file was
just offered for download (what it holds said until the next tap)."""


@dataclass(frozen=True, kw_only=True)
class PageFrame:
    """What every screen's frame holds: the screen's name and the page's overlays."""

    screen: ScreenName
    """The ``data-screen`` of ``#app``."""
    rules_open: bool = False
    notice: PageNotice | None = None
    """``"other-tab"`` when the game shown was adopted from another tab, ``"prefs-not-kept"``
    when the storage refused a setting just changed (``data-notice``)."""
    update_ready: bool = False
    """A new version of the site is waiting: offer to switch to it."""
    language: str
    """The language every text of the page is drawn in (``<html lang>``)."""


@dataclass(frozen=True, kw_only=True)
class StartPage(PageFrame):
    """The start screen: the saved games, the start's messages."""

    kind: Literal["start"] = "start"
    start: StartFrame


@dataclass(frozen=True, kw_only=True)
class SetupPage(PageFrame):
    """The setup form."""

    kind: Literal["setup"] = "setup"
    setup: SetupFrame


@dataclass(frozen=True, kw_only=True)
class PlayPage(PageFrame):
    """A game on screen, with the storage's banner and the lesson: ``play`` is the frame of
    its screen (pass, turn, a computer's move, scoring, the final standings or the review,
    the replay), one type each."""

    kind: Literal["play"] = "play"
    play: GameFrame
    banner: Notice | None = None
    tutorial: Notice | None = None
    """The first-game tutorial's lesson for this moment (game.web.features.tutorial), if one is on."""
    tutorial_kept: bool = False


@dataclass(frozen=True, kw_only=True)
class StatsPage(PageFrame):
    """The statistics of this device's players."""

    kind: Literal["stats"] = "stats"
    stats: StatsFrame


Frame = StartPage | SetupPage | PlayPage | StatsPage
"""The whole page at one render: a tagged union (``kind``), one frame type per screen
family; :func:`game.web.screens.dispatch.render_page` hands each drawing exactly its type
(a game's screen through :func:`game.web.screens.dispatch.render_game`)."""

