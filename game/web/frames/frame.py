"""The frame: everything one render draws, built once, frozen, and all a screen may see.

Screens and the board drawing take a :class:`Frame` (and the message catalogue) and nothing
else; they import neither the session, the state nor the match. The frame is built from the
viewer's :class:`~game.view.PlayerView`, with the hand left out unless the viewer holds the
device, so another player's hand or the draw pile cannot reach a screen by construction
(``tests/web/test_frame.py`` checks both the imports and the contents). Every expensive
question (the view, the legal targets of the draft) is asked once per render here, instead of
once per screen element.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ...actions import Action, Build, Select, action_from_json
from ...errors import SaveError
from ...material import Card
from ...scoring import Standing
from ...settings import Settings
from ...state import BUILD, OVER, SELECT, Counts
from ...story import Entry, Majority
from ...view import PlayerView
from ..model import draft as D
from ..saves.backup import Restored, RestoreReport, Skipped
from .start_frames import SetupFrame, StartFrame
from .stats_frames import StatsFrame

__all__ = ["BUILD", "OVER", "SELECT", "Counts", "Frame", "PlayFrame", "RestoreReport", "Restored",
           "Skipped", "WholeExport", "TableScreen", "Mode", "Place",
           "ScreenName", "PageNotice", "PageFrame", "StartPage", "SetupPage", "PlayPage", "StatsPage"]
"""The engine's phase names and the piece-count type are re-exported here: the frame is the
screens' whole vocabulary, so they never import the state module."""

TableScreen = Literal["pass", "turn", "computer", "scoring", "final"]
"""What the table sees of a game (:attr:`game.web.model.session.Session.screen`)."""
Mode = Literal["pass", "turn", "computer", "scoring", "final", "replay"]
"""How the play screen draws: a table screen, or a replay."""
Place = Literal["start", "setup", "play", "stats"]
"""Where the page is (:attr:`game.web.model.controller.Controller.screen`)."""
ScreenName = Literal["start", "setup", "play", "rules", "review", "pass", "scoring", "final",
                     "stats"]
"""The screen a person sees (the ``data-screen`` of ``#app``, what tests and styles read)."""
PageNotice = Literal["other-tab"]
"""A fact about the page itself: the game was adopted from another tab."""
WholeExport = Literal["none", "offered", "asked"]

Motion = Literal["off", "normal", "fast"]
"""The page's animations: none, as designed, or quicker (``<html data-motion>``)."""
Theme = Literal["auto", "light", "dark"]
"""The page's colours: the device's setting (``prefers-color-scheme``), light or dark
(``<html data-theme>``)."""
Notice = D.Notice


@dataclass(frozen=True)
class LastMove:
    """The most recent move (or a computer's move being previewed), as the table saw it."""

    player: int
    action: Action
    selects: tuple[Select, ...] = ()
    pos: int | None = None
    godzilla: tuple[int, str] | None = None
    """Godzilla's plot and ``"destroyed"`` or ``"ate"``, when the move fed it."""
    reshuffled: bool = False
    preview: bool = False


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
class ReplayFrame:
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


@dataclass(frozen=True)
class HintFrame:
    """Hints are allowed and the person on turn holds the device: the button, and the
    suggestion once computed (only this person's, for this very decision)."""

    busy: bool
    shown: CoachMove | None = None


@dataclass(frozen=True)
class ReviewItem:
    """One costly decision: log step ``step`` (the board before it is shown), who took it
    in which round, the decision and the better one, the estimated points it cost."""

    step: int
    player: int
    round: int
    played: CoachMove
    best: CoachMove
    points: float


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


@dataclass(frozen=True)
class PlayFrame:
    """A game on screen, seen from ``viewer``'s edge."""

    mode: Mode
    settings: Settings
    viewer: int
    view: PlayerView
    """The viewer's view; its ``hand`` is empty unless ``show_private``."""
    show_private: bool
    supply: tuple[Counts | None, ...]
    """Each colour's round supply as the table may see it now (None: secret)."""
    draft: D.Draft | None
    targets: frozenset[tuple[int, int]]
    tentative: Build | None
    """The build drawn as a ghost: the draft's, or a computer's previewed build."""
    confirmable: bool
    selection: SelectionFacts | None
    notice: Notice | None
    last_move: LastMove | None
    preview: LastMove | None
    acked: int
    standings: tuple[Standing, ...]
    speed: str
    compact: bool
    zoom: int | None
    peek: bool
    people: int = 1
    """How many people (not computers) play: two or more pass the device."""
    story: StoryFrame = StoryFrame()
    inspector: Inspector | None = None
    inspecting: bool = False
    """Inspect mode: a tap on a plot opens the inspector instead of building."""
    godzilla_preview: GodzillaPreview | None = None
    replay: ReplayFrame | None = None
    stocks: tuple[Counts | None, ...] = ()
    """Each colour's pieces not yet taken, as the table may see them (None: secret)."""
    share: str | None = None
    """The link of this game (whole when finished, else its view), while it is shown."""
    whole_export: WholeExport = "none"
    """The menu's "Continue on another device" (an unfinished game): not offered, offered,
    or its warning open."""
    share_copied: bool = False
    """The link shown was copied."""
    web_share: bool = False
    """The browser has a share sheet: the link gets a Share button."""
    menu_open: bool = False
    """The top bar's game menu is open."""
    motion: Motion = "normal"
    """The page's animations (the game menu's setting)."""
    theme: Theme = "auto"
    """The page's colours (the game menu's setting)."""
    muted: bool = False
    """The sound is off (the game menu's setting)."""
    hint: HintFrame | None = None
    """Hints for the person on turn (None: not allowed now)."""
    hints_used: tuple[int, ...] = ()
    """Hints each player asked for (empty when the game has no hints)."""
    hints_switch: bool | None = None
    """The game menu's hints switch: on or off (None: not offered, no person plays or the
    game is over)."""
    review: ReviewFrame | None = None
    coach_marks: tuple[tuple[int, str], ...] = ()
    """Plots the coach points at: (city * 9 + plot, "hint" | "played" | "best")."""
    mover: int | None = None
    """The person whose last move may still be taken back ("Undo my move"): nobody else
    has seen a consequence of it yet."""

    def name(self, player: int) -> str:
        return self.settings.players[player].name

    def is_human(self, player: int | None) -> bool:
        return player is not None and self.settings.players[player].controller == "human"

    def colour_names(self, player: int) -> tuple[str, ...]:
        return tuple(self.settings.colours[c] for c in self.settings.player_colours[player])

    @property
    def seat(self) -> str:
        return self.settings.seat_of(self.viewer)


@dataclass(frozen=True, kw_only=True)
class PageFrame:
    """What every screen's frame holds: the screen's name and the page's overlays."""

    screen: ScreenName
    """The ``data-screen`` of ``#app``."""
    rules_open: bool = False
    notice: PageNotice | None = None
    """``"other-tab"`` when the game shown was adopted from another tab (``data-notice``)."""
    update_ready: bool = False
    """A new version of the site is waiting: offer to switch to it."""


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
    """A game on screen (every table screen: pass, turn, a computer's move, scoring, the
    final standings, the review, the replay), with the storage's banner and the lesson."""

    kind: Literal["play"] = "play"
    play: PlayFrame
    banner: Notice | None = None
    tutorial: Notice | None = None
    """The first-game tutorial's lesson for this moment (game.web.features.tutorial), if one is on."""
    tutorial_kept: bool = False


@dataclass(frozen=True, kw_only=True)
class StatsPage(PageFrame):
    """The statistics of this device's players (issue 26.1)."""

    kind: Literal["stats"] = "stats"
    stats: StatsFrame


Frame = StartPage | SetupPage | PlayPage | StatsPage
"""The whole page at one render: a tagged union (``kind``), one frame type per screen
family; :func:`game.web.screens.page.render_page` hands each drawing exactly its type."""


# ----------------------------------------------------------------------- building
def parse_move(move: Any, preview: bool = False) -> LastMove | None:
    """The saved last-move record (``meta.ui.last_move``) as a value; None if unusable."""
    if not isinstance(move, dict) or not isinstance(move.get("player"), int):
        return None
    try:
        action = action_from_json(move.get("action"))
        selects = tuple(a for a in (action_from_json(raw) for raw in move.get("selects") or ())
                        if isinstance(a, Select))
    except (SaveError, AttributeError, TypeError):
        return None
    g = move.get("godzilla")
    godzilla = None
    if isinstance(g, dict) and isinstance(g.get("pos"), int):
        godzilla = (g["pos"], "destroyed" if g.get("kind") == "destroyed" else "ate")
    pos = move.get("pos")
    return LastMove(move["player"], action, selects, pos if isinstance(pos, int) else None,
                    godzilla, bool(move.get("reshuffled")), preview)
