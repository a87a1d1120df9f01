"""The parts a game screen's frame is made of: the last move, the selection's facts, the
story, the inspector, Godzilla's preview, the replay's step, the coach's hint and review.

Frozen values, built by :mod:`game.web.model.framing` and :mod:`game.web.frames.storyframe`;
the per-screen frames (:mod:`game.web.frames.play_frames`) hold them. They live apart from
:mod:`game.web.frames.frame` so that the screen frames and the page frames can both import
them without a cycle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...actions import Action
from ...material import Card
from ...state import Counts
from ...story import Entry, Majority
from ..values import draft

WholeExport = Literal["none", "offered", "asked"]

Motion = Literal["off", "normal", "fast"]
"""The page's animations: none, as designed, or quicker (``<html data-motion>``)."""
Theme = Literal["auto", "light", "dark"]
"""The page's colours: the device's setting (``prefers-color-scheme``), light or dark
(``<html data-theme>``)."""
Notice = draft.Notice


@dataclass(frozen=True)
class SelectionFacts:
    """The selection step of the person on turn, worked out from the draft."""

    colours: tuple[str, ...]
    needs: tuple[int, ...]
    stocks: tuple[Counts, ...]
    forced: tuple[tuple[str, Counts], ...]
    left: int
    ready: bool
    two_colours: bool


@dataclass(frozen=True)
class StoryFrame:
    """The game's public story at this render (from :mod:`game.story`): the log, the digest
    since the viewer's last turn, and what the board should tell about the position."""

    entries: tuple[Entry, ...] = ()
    """Every public step so far (a replay: up to the step shown)."""
    digest: tuple[Entry, ...] = ()
    digest_for: int | None = None
    """The player the digest is for (None: no digest on this screen)."""
    first_turn: bool = False
    """``digest_for`` has not decided anything yet: the digest is what came before their
    first turn."""
    marked: frozenset[int] = frozenset()
    """Board positions changed since ``digest_for``'s last turn."""
    majorities: tuple[Majority, ...] = ()
    tallest: tuple[int, ...] = ()
    """Positions of the towers of the greatest height (one: it scores; more: a tie)."""
    last_builds: tuple[tuple[int, int], ...] = ()
    """(player, position) of each player's most recent build."""
    takeovers: tuple[tuple[str, int], ...] = ()
    """(colour, towers taken over) for the whole game so far."""
    focus: tuple[int, ...] = ()
    """Positions of the log entry tapped last (shown on the board)."""
    destroyed: tuple[int, ...] = ()
    """Plots where the latest step removed pieces (Godzilla): they flash once."""
    log_open: bool = False


@dataclass(frozen=True)
class Inspector:
    """One tower looked at closely: numbers from the engine's rules."""

    city: int
    plot: int
    pieces: tuple[tuple[str, int], ...]
    """Bottom to top: (colour, floors)."""
    height: int
    floors: tuple[tuple[str, int], ...]
    """Floors per colour, most first."""
    owner: str | None
    threats: tuple[tuple[str, int | None], ...]
    """For every colour but the owner's: the smallest piece that takes the tower over
    (None: safe, no piece is big enough)."""
    godzilla: bool
    judge: int | None
    """The player on turn whose building is judged (None: nobody is building)."""
    build: str
    """``yes``, ``no-card``, ``no``, ``hidden`` (their cards are not shown) or ``idle``."""
    smallest: int | None = None
    """``yes``: the smallest piece of theirs that may go there."""
    reason: Notice | None = None
    """``no``: the engine's explanation (a catalogue id and its parameters)."""


@dataclass(frozen=True)
class GodzillaPreview:
    """Where Godzilla goes with the chosen card, and what it would destroy there."""

    target: int
    destroys: tuple[tuple[str, int], ...] = ()
    includes_new: bool = False
    """The piece about to be placed is among the destroyed."""


@dataclass(frozen=True)
class ReplayStep:
    """Where a replay stands: the step shown of how many, and what a finished game lets it show."""

    step: int
    """The log entry shown: the board is as it was right after it."""
    count: int
    finished: bool
    hands: tuple[tuple[Card, ...], ...] = ()
    """Every player's hand at that step: a finished game only (nothing is secret then)."""
    view_only: bool = False
    """The replay of a view (game/public_record.py): no game to go back to, no hand."""


@dataclass(frozen=True)
class CoachMove:
    """A decision the coach points at (a hint, or one side of a reviewed decision) with
    what it does: ``reason`` is one of :data:`game.ai.explain.Reason` (shown through the
    catalogue, ``reason.<id>``), ``city`` the city it concerns."""

    action: Action
    reason: str
    city: int | None = None
    alternative: CoachMove | None = None
    """A hint's second decision within the evaluation's noise ("either of these is fine")."""


@dataclass(frozen=True)
class HintFrame:
    """Hints are allowed and the person on turn holds the device: the button, and the
    suggestion once computed (only this person's, for this very decision)."""

    busy: bool
    shown: CoachMove | None = None


@dataclass(frozen=True)
class ReviewItem:
    """One costly decision: log step ``step`` (the board before it is shown), who took it
    in which round, the decision and the better one, the estimated points it cost with
    their standard error, and how sure the evaluation is (``verdict``: one of
    :data:`game.ai.explain.VERDICTS`, shown through the catalogue, ``review.verdict.<id>``)."""

    step: int
    player: int
    round: int
    played: CoachMove
    best: CoachMove
    points: float
    error: float = 0.0
    verdict: str = "clearly_better"


@dataclass(frozen=True)
class ReviewFrame:
    """The post-game review: progress while it is computed, then each person's (up to)
    three costliest decisions. ``deep``: the strongest level judged the candidates (else
    only the quick heuristic pass ran)."""

    state: Literal["running", "done", "cancelled"]
    done: int
    total: int
    deep: bool
    candidates: int
    people: tuple[int, ...]
    items: tuple[ReviewItem, ...]
    shown: int | None = None
    """The item on the board (an index into ``items``), None: the list."""
    good: int = 0
    """Decisions the deep evaluation judged and found within its noise of the best."""
