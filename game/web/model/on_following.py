"""What the page does on the log's and the replay's taps (their state and messages:
:mod:`game.web.features.following`): pure, ``(model, tap) -> (model, effects)``."""

from __future__ import annotations

from typing import assert_never

from ...public_record import is_view_game
from ..features.coaching import ShowReviewItem
from ..features.following import (
    CloseReplay,
    FollowingTap,
    Inspect,
    LogEntryTapped,
    PlotPressed,
    ReplayClosed,
    ReplayStepTapped,
    ReplayTapped,
    ReplayTo,
    ShowEntry,
)
from ..features.playing import ZoomIn
from .door import Stepped, steps, then
from .model import Model
from .opening import go_home, open_replay


def tapped(model: Model, tap: FollowingTap) -> Stepped:
    """Following the game: the tap's change, and the effects it asks for."""
    session = model.session
    if session is None:
        if isinstance(tap, ReplayClosed):
            return steps(model, ShowReviewItem(None), CloseReplay())
        return model, ()
    match tap:
        case LogEntryTapped(step):
            entries = session.story().all_entries
            if not 0 <= step < len(entries):
                return model, ()
            shown = steps(model, ShowEntry(step, entries[step].positions))
            following = shown[0].table.following
            if following.focus and model.page.compact and not following.replaying:
                return then(shown, ZoomIn(following.focus[0] // 9, len(session.game.log)))
            return shown
        case PlotPressed(city, plot):
            return steps(model, Inspect(city, plot))
        case ReplayTapped():
            return open_replay(model)
        case ReplayStepTapped(step):
            if model.table.following.replaying:
                return steps(model, ReplayTo(step, len(session.story())))
            return model, ()
        case ReplayClosed():
            if is_view_game(session.game):
                return go_home(model)
            return steps(model, ShowReviewItem(None), CloseReplay())
        case _:
            assert_never(tap)
