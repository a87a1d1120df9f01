"""One frozen frame type per game screen: the pass screen, a person's turn, a computer's
move, the scoring sheet, the final standings and the replay.

Each holds what its screen draws and nothing else: the shared facts of the table as one
common value (:class:`TableFrame`: the viewer's view, the board's marks, the story), the top
bar's menu (:class:`MenuFrame`) on the screens that have it, and its own fields (the turn's
draft and hint, the scoring's round, the final's standings and review, the replay's step).
They are composed, not inherited, so a screen cannot read another screen's field: a draft
exists only in a :class:`TurnFrame`, a review only in a :class:`FinalFrame` or a
:class:`ReplayFrame`. The tag ``kind`` is the ``data-mode`` of the play screen; which frame
is built is decided once, in :func:`game.web.model.framing.live_frame`, and drawn in one
``match`` (:func:`game.web.screens.dispatch.render_game`), which ``assert_never`` makes mypy
check for every screen.

Privacy as in :mod:`game.web.frames.frame`: the table's view holds the viewer's hand only
while they hold the device (``show_private``); only a finished game's replay shows every
hand (:attr:`ReplayStep.hands`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...actions import Build
from ...scoring import Standing
from ...settings import Settings
from ...state import Counts
from ...view import PlayerView
from ..values import draft
from ..values.last_move import LastMove
from .parts import (
    GodzillaPreview,
    HintFrame,
    Inspector,
    Motion,
    Notice,
    ReplayStep,
    ReviewFrame,
    SelectionFacts,
    StoryFrame,
    Theme,
    WholeExport,
)

__all__ = ["BoardFrame", "ComputerFrame", "FinalFrame", "GameFrame", "MenuFrame", "PassFrame",
           "ReplayFrame", "ScoringFrame", "TableFrame", "TurnFrame"]


@dataclass(frozen=True)
class TableFrame:
    """What every game screen shares: the game seen from ``viewer``'s edge, the board's
    marks and the public story (the board, the top bar, the players and the log draw it)."""

    settings: Settings
    viewer: int
    view: PlayerView
    """The viewer's view; its ``hand`` is empty unless ``show_private``."""
    show_private: bool
    supply: tuple[Counts | None, ...]
    """Each colour's round supply as the table may see it now (None: secret)."""
    stocks: tuple[Counts | None, ...]
    """Each colour's pieces not yet taken, as the table may see them (None: secret)."""
    last_move: LastMove | None
    preview: LastMove | None
    """A computer's move being shown before it is played."""
    notice: Notice | None
    """The session's message about the last tap (a refusal, a choice still open)."""
    targets: frozenset[tuple[int, int]]
    """The plots the person on turn may build on with the draft (a turn only)."""
    tentative: Build | None
    """The build drawn as a ghost: the draft's, or a computer's previewed build."""
    compact: bool
    zoom: int | None
    people: int = 1
    """How many people (not computers) play: two or more pass the device."""
    story: StoryFrame = StoryFrame()
    inspector: Inspector | None = None
    inspecting: bool = False
    """Inspect mode: a tap on a plot opens the inspector instead of building."""
    godzilla_preview: GodzillaPreview | None = None
    coach_marks: tuple[tuple[int, str], ...] = ()
    """Plots the coach points at: (city * 9 + plot, "hint" | "played" | "best")."""

    def name(self, player: int) -> str:
        return self.settings.players[player].name

    def is_human(self, player: int | None) -> bool:
        return player is not None and self.settings.players[player].played_by == "human"

    def colour_names(self, player: int) -> tuple[str, ...]:
        return tuple(self.settings.colours[c] for c in self.settings.player_colours[player])

    @property
    def seat(self) -> str:
        return self.settings.seat_of(self.viewer)


@dataclass(frozen=True)
class MenuFrame:
    """The top bar's game menu and the game's file and link (every screen with a board)."""

    speed: str
    motion: Motion = "normal"
    """The page's animations (the game menu's setting)."""
    theme: Theme = "auto"
    """The page's colours (the game menu's setting)."""
    muted: bool = False
    """The sound is off (the game menu's setting)."""
    menu_open: bool = False
    """The top bar's game menu is open."""
    hints_switch: bool | None = None
    """The game menu's hints switch: on or off (None: not offered, no person plays or the
    game is over)."""
    whole_export: WholeExport = "none"
    """The menu's "Continue on another device" (an unfinished game): not offered, offered,
    or its warning open."""
    share: str | None = None
    """The link of this game (whole when finished, else its view), while it is shown."""
    share_whole: bool = False
    """The file and the link hold the whole game (finished), not its view."""
    share_copied: bool = False
    """The link shown was copied."""
    web_share: bool = False
    """The browser has a share sheet: the link gets a Share button."""


@dataclass(frozen=True, kw_only=True)
class PassFrame:
    """The pass screen: whose turn it is, the digest, "Take back my move" (no board, no hand)."""

    kind: Literal["pass"] = "pass"
    table: TableFrame
    mover: int | None = None
    """The person whose last move may still be taken back: nobody else has seen a
    consequence of it yet."""


@dataclass(frozen=True, kw_only=True)
class TurnFrame:
    """A person's turn, with the device in their hands: the draft, Confirm, the hint."""

    kind: Literal["turn"] = "turn"
    table: TableFrame
    menu: MenuFrame
    draft: draft.Draft | None
    """The choice in progress (None: the viewer is not the one deciding)."""
    confirmable: bool
    selection: SelectionFacts | None
    hint: HintFrame | None = None
    """Hints for the person on turn (None: not allowed now)."""


@dataclass(frozen=True, kw_only=True)
class ComputerFrame:
    """A computer's move: thinking, then its move shown; "Take back my move" before it replies."""

    kind: Literal["computer"] = "computer"
    table: TableFrame
    menu: MenuFrame
    mover: int | None = None
    """As :attr:`PassFrame.mover`: the person who may still take their move back."""


@dataclass(frozen=True, kw_only=True)
class ScoringFrame:
    """The scoring sheet of round ``acked + 1`` (the engine has begun the next round)."""

    kind: Literal["scoring"] = "scoring"
    table: TableFrame
    menu: MenuFrame
    acked: int
    """Scorings the table has seen: the sheet shows the next one."""
    sealed: int | None = None
    """The person whose move led straight to this scoring: it cannot be taken back."""
    peek: bool = False
    """The board is shown instead of the sheet, with the way back."""


@dataclass(frozen=True, kw_only=True)
class FinalFrame:
    """The final standings, or the review's sheet while it is open."""

    kind: Literal["final"] = "final"
    table: TableFrame
    menu: MenuFrame
    standings: tuple[Standing, ...]
    hints_used: tuple[int, ...] = ()
    """Hints each player asked for (empty when the game has no hints)."""
    sealed: int | None = None
    """As :attr:`ScoringFrame.sealed`: the person whose move led to the last scoring."""
    review: ReviewFrame | None = None
    peek: bool = False
    """The board is shown instead of the standings, with the way back."""


@dataclass(frozen=True, kw_only=True)
class ReplayFrame:
    """The game stepped through: the board right after log step ``replay.step``."""

    kind: Literal["replay"] = "replay"
    table: TableFrame
    menu: MenuFrame
    replay: ReplayStep
    review: ReviewFrame | None = None
    """The review, when the replay shows one of its decisions."""


BoardFrame = TurnFrame | ComputerFrame | ScoringFrame | FinalFrame | ReplayFrame
"""The screens that draw the board (all but the pass screen)."""
GameFrame = PassFrame | BoardFrame
"""A game on screen: a tagged union (``kind``), one frame type per screen."""
