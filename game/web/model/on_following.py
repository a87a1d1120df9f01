"""What the page does on the log's and the replay's taps (their state and messages:
:mod:`game.web.features.following`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from ...public_record import is_view_game
from ..features.coaching import ShowReviewItem
from ..features.following import (
    CloseReplay,
    Effects,
    FollowingTap,
    Inspect,
    LogEntryTapped,
    OpenReplay,
    PlotPressed,
    ReplayClosed,
    ReplayStepTapped,
    ReplayTapped,
    ReplayTo,
    ShowEntry,
)
from ..features.playing import ZoomIn
from . import on_navigating

if TYPE_CHECKING:
    from .holder import Holder


def tapped(c: Holder, tap: FollowingTap) -> Effects:
    """Following the game: the tap's change, and the effects it asks for."""
    session = c.session
    if session is None:
        if isinstance(tap, ReplayClosed):
            c.step(ShowReviewItem(None), CloseReplay())
        return ()
    match tap:
        case LogEntryTapped(step):
            entries = session.story().all_entries
            if 0 <= step < len(entries):
                c.step(ShowEntry(step, entries[step].positions))
                focus = c.table.following.focus
                if focus and c.page.compact and not c.table.following.replaying:
                    c.step(ZoomIn(focus[0] // 9, len(session.game.log)))
        case PlotPressed(city, plot):
            c.step(Inspect(city, plot))
        case ReplayTapped():
            open_replay(c)
        case ReplayStepTapped(step):
            if c.table.following.replaying:
                c.step(ReplayTo(step, len(session.story())))
        case ReplayClosed():
            if is_view_game(session.game):
                return on_navigating.go_home(c)
            c.step(ShowReviewItem(None), CloseReplay())
        case _:
            assert_never(tap)
    return ()


def open_replay(c: Holder) -> None:
    if c.session is None or not c.session.game.log:
        return
    c.step(OpenReplay(len(c.session.story())))
