"""Following the game on screen: the log drawer, the log entry outlined on the board, the
inspector, and the replay (a feature as a frozen state and pure updates).

None of this is part of the game: it is what the table looks at. So it is one frozen value,
changed only by the functions below (each returns the new value; nothing is written to the
storage for it, game/web/model/keeping.py ``save_due``), and tested without a browser.
It is a part of the play screen's state (:class:`game.web.features.playing.Table`); the
taps below (:func:`tapped`) change it through the controller's door.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, assert_never

from ..values.effects import Effect, ShowLogStep

if TYPE_CHECKING:
    pass


@dataclass(frozen=True)
class Following:
    log_open: bool = False
    focus: tuple[int, ...] = ()
    """The plots outlined on the board (a log entry's, shown on request)."""
    inspecting: bool = False
    """Inspect mode: a tap on a plot shows its tower instead of playing there."""
    inspected: tuple[int, int] | None = None
    """The (city, plot) whose tower the inspector shows."""
    replay_step: int | None = None
    """The log step the replay shows the board after; None: the game as it is now."""

    @property
    def replaying(self) -> bool:
        return self.replay_step is not None

    @property
    def taps_inspect(self) -> bool:
        """A tap on a plot shows its tower in the inspector (inspect mode, the replay)
        instead of being a move."""
        return self.inspecting or self.replaying


LIVE = Following()
"""How a game opens: the board as it is now, nothing outlined, nothing open."""


def log_toggled(f: Following) -> Following:
    return replace(f, log_open=not f.log_open)


def entry_shown(f: Following, step: int, positions: tuple[int, ...]) -> Following:
    """A tapped log entry: its plots are outlined (live, the drawer closes; in the replay
    the board goes to that step)."""
    if f.replaying:
        return replace(f, focus=positions, replay_step=step)
    return replace(f, focus=positions, log_open=False)


def inspected_at(f: Following, city: int, plot: int) -> Following:
    return replace(f, inspected=(city, plot))


def inspect_toggled(f: Following) -> Following:
    inspecting = not f.inspecting
    return replace(f, inspecting=inspecting, inspected=f.inspected if inspecting else None)


def inspector_closed(f: Following) -> Following:
    return replace(f, inspected=None)


def replay_opened(f: Following, count: int) -> Following:
    """The replay of a log of ``count`` steps, at its last step (the drawer closes: the
    replay shows its own log)."""
    return replay_at(replace(f, log_open=False), count - 1, count)


def replay_at(f: Following, step: int, count: int) -> Following:
    """The replay at ``step`` of ``count`` log steps (clamped), with nothing outlined or
    inspected from another step."""
    return replace(f, replay_step=max(0, min(step, count - 1)), inspected=None, focus=())


def live(f: Following) -> Following:
    """The board as it is now again (what is outlined or inspected stays)."""
    return replace(f, replay_step=None)


def replay_closed(f: Following) -> Following:
    """The board as it is now, nothing outlined or inspected from the replay."""
    return replace(f, replay_step=None, inspected=None, focus=())


# ------------------------------------------------------------------ the one door
# The actions of following the game, each a small frozen value, and :func:`update`, which
# the taps below go through (the Elm architecture's ``update``).

@dataclass(frozen=True)
class ToggleLog:
    pass


@dataclass(frozen=True)
class ShowEntry:
    """A log entry tapped: step ``step``, its plots ``positions``."""

    step: int
    positions: tuple[int, ...]


@dataclass(frozen=True)
class Inspect:
    city: int
    plot: int


@dataclass(frozen=True)
class ToggleInspect:
    pass


@dataclass(frozen=True)
class CloseInspector:
    pass


@dataclass(frozen=True)
class OpenReplay:
    """The replay of a log of ``count`` steps."""

    count: int


@dataclass(frozen=True)
class ReplayTo:
    step: int
    count: int


@dataclass(frozen=True)
class CloseReplay:
    pass


@dataclass(frozen=True)
class ShowMoment:
    """The board just after ``step`` of ``count`` log steps (a reviewed decision's moment;
    the replay's log is not scrolled to it)."""

    step: int
    count: int


@dataclass(frozen=True)
class GoLive:
    """The board as it is now again (what is outlined or inspected stays)."""


Effects = tuple[Effect, ...]

FollowingAction = (ToggleLog | ShowEntry | Inspect | ToggleInspect | CloseInspector | OpenReplay
                   | ReplayTo | CloseReplay | ShowMoment | GoLive)


def update(f: Following, action: FollowingAction) -> tuple[Following, tuple[Effect, ...]]:
    """Following's one update: the new value, and the replay's log scrolled to its step
    when the replay opens or moves."""
    match action:
        case ToggleLog():
            return log_toggled(f), ()
        case ShowEntry(step, positions):
            return entry_shown(f, step, positions), ()
        case Inspect(city, plot):
            return inspected_at(f, city, plot), ()
        case ToggleInspect():
            return inspect_toggled(f), ()
        case CloseInspector():
            return inspector_closed(f), ()
        case OpenReplay(count):
            after = replay_opened(f, count)
            return after, tuple(log_follows(after))
        case ReplayTo(step, count):
            after = replay_at(f, step, count)
            return after, tuple(log_follows(after))
        case CloseReplay():
            return replay_closed(f), ()
        case ShowMoment(step, count):
            return replay_at(f, step, count), ()
        case GoLive():
            return live(f), ()
        case _:
            assert_never(action)


def log_follows(f: Following) -> list[Effect]:
    """The replay's log scrolled to the replay's step."""
    return [ShowLogStep(f.replay_step)] if f.replay_step is not None else []


# ------------------------------------------------------------------ the taps
# Following's taps that need the game, as typed messages (the action table parses straight
# into them; the others are this module's own actions), and :func:`tapped`, their update.

@dataclass(frozen=True)
class LogEntryTapped:
    """A tapped log entry: its plots are outlined on the board (the drawer closes; on a
    phone the city opens)."""

    step: int


@dataclass(frozen=True)
class PlotPressed:
    """A long press on a plot: its tower in the inspector, whatever the mode."""

    city: int
    plot: int


@dataclass(frozen=True)
class ReplayTapped:
    pass


@dataclass(frozen=True)
class ReplayStepTapped:
    step: int


@dataclass(frozen=True)
class ReplayClosed:
    """Back to the game; a view has no game to go back to, so it is left."""


FollowingTap = LogEntryTapped | PlotPressed | ReplayTapped | ReplayStepTapped | ReplayClosed


