"""The statistics screen: the people who play on this device and the results of
the games finished here (:mod:`game.web.saves.records`), and managing them: rename, merge,
forget, reset all.

The screen's own state is one frozen :class:`Stats` value (the person whose scores the
chart shows, a merge or a forget or the reset waiting for its confirmation, the last
refusal) changed by the pure functions below. The records themselves are never held here:
each change is an effect that reads them fresh from the storage and writes them back at
once (:func:`~game.web.saves.kept_records.edit_records`), so another tab's game is never
lost; its answer comes back to :func:`answered`. Its taps are typed messages, listed in
:data:`game.web.model.ui_actions.ACTIONS`, and :func:`tapped` is their update.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, assert_never

from ..values.effects import Effect

if TYPE_CHECKING:
    pass


Effects = tuple[Effect, ...]


@dataclass(frozen=True)
class Stats:
    chart: str | None = None
    """The person whose scores the chart shows (None: the most recent player)."""
    merge: tuple[str, str] | None = None
    """(drop, keep): a merge waiting for its confirmation."""
    forget: str | None = None
    """The person a forget waits to be confirmed for."""
    reset: bool = False
    """Reset all waits for its confirmation."""
    error: tuple[str, dict[str, Any]] | None = None
    """Why the last change was refused (a catalogue id)."""


CLOSED = Stats()


def merge_asked(s: Stats, drop: str, keep: str | None) -> Stats:
    return replace(CLOSED, chart=s.chart, merge=(drop, keep) if keep and keep != drop else None)


def forget_tapped(s: Stats, ident: str, confirmed: bool) -> tuple[Stats, bool]:
    """The first tap asks, the second (confirmed, same person) forgets."""
    if confirmed and s.forget == ident:
        return replace(CLOSED, chart=None if s.chart == ident else s.chart), True
    return replace(CLOSED, chart=s.chart, forget=ident), False


def reset_tapped(s: Stats, confirmed: bool) -> tuple[Stats, bool]:
    if confirmed and s.reset:
        return CLOSED, True
    return replace(CLOSED, chart=s.chart, reset=True), False


# ------------------------------------------------------------------ the one door
# The statistics screen's actions, each a small frozen value, and :func:`update`, which the
# taps go through (the Elm architecture's ``update``). Whether a confirming
# tap forgets or resets now is :func:`forget_tapped`'s / :func:`reset_tapped`'s answer.

Problem = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Close:
    pass


@dataclass(frozen=True)
class ShowPerson:
    ident: str


@dataclass(frozen=True)
class Told:
    """A change done (None) or refused (why): nothing waits any more, the chart stays."""

    error: Problem | None


@dataclass(frozen=True)
class AskMerge:
    drop: str
    keep: str | None


@dataclass(frozen=True)
class Merged:
    keep: str
    error: Problem | None


@dataclass(frozen=True)
class TapForget:
    ident: str
    confirmed: bool


@dataclass(frozen=True)
class TapReset:
    confirmed: bool


StatsAction = Close | ShowPerson | Told | AskMerge | Merged | TapForget | TapReset


def update(s: Stats, action: StatsAction) -> tuple[Stats, tuple[Effect, ...]]:
    """The statistics screen's one update: the new value, and no effects (the records are
    the storage's, changed by :data:`~game.web.values.effects.EditRecords` effects)."""
    match action:
        case Close():
            return CLOSED, ()
        case ShowPerson(ident):
            return replace(CLOSED, chart=ident), ()
        case Told(error):
            return replace(CLOSED, chart=s.chart, error=error), ()
        case AskMerge(drop, keep):
            return merge_asked(s, drop, keep), ()
        case Merged(keep, error):
            return replace(CLOSED, chart=keep, error=error), ()
        case TapForget(ident, confirmed):
            return forget_tapped(s, ident, confirmed)[0], ()
        case TapReset(confirmed):
            return reset_tapped(s, confirmed)[0], ()
        case _:
            assert_never(action)


# ------------------------------------------------------------------ the taps
# The statistics' taps that need more than the screen's update, as typed messages (the
# action table parses straight into them; the others are this module's own actions), and
# :func:`tapped`, their update.

@dataclass(frozen=True)
class StatsOpened:
    """From the start screen or the final standings (whose game stays open behind)."""


@dataclass(frozen=True)
class StatsClosed:
    pass


@dataclass(frozen=True)
class RenameTapped:
    ident: str
    name: str


@dataclass(frozen=True)
class MergeConfirmed:
    pass


@dataclass(frozen=True)
class ForgetTapped:
    ident: str
    confirmed: bool


@dataclass(frozen=True)
class ResetTapped:
    confirmed: bool


StatsTap = StatsOpened | StatsClosed | RenameTapped | MergeConfirmed | ForgetTapped | ResetTapped


