"""Following the game on screen: the log drawer, the log entry outlined on the board, the
inspector, and the replay (issue 24.1: a feature as a frozen state and pure updates).

None of this is part of the game: it is what the table looks at. So it is one frozen value,
changed only by the functions below (each returns the new value; nothing is written to the
storage for it, game/web/controller.py ``persist``), and tested without a browser.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


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


LIVE = Following()
"""How a game opens: the board as it is now, nothing outlined, nothing open."""


def toggle_log(f: Following) -> Following:
    return replace(f, log_open=not f.log_open)


def show_entry(f: Following, step: int, positions: tuple[int, ...]) -> Following:
    """A tapped log entry: its plots are outlined (live, the drawer closes; in the replay
    the board goes to that step)."""
    if f.replaying:
        return replace(f, focus=positions, replay_step=step)
    return replace(f, focus=positions, log_open=False)


def inspect(f: Following, city: int, plot: int) -> Following:
    return replace(f, inspected=(city, plot))


def toggle_inspect(f: Following) -> Following:
    inspecting = not f.inspecting
    return replace(f, inspecting=inspecting, inspected=f.inspected if inspecting else None)


def close_inspector(f: Following) -> Following:
    return replace(f, inspected=None)


def open_replay(f: Following, count: int) -> Following:
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


def close_replay(f: Following) -> Following:
    """The board as it is now, nothing outlined or inspected from the replay."""
    return replace(f, replay_step=None, inspected=None, focus=())
