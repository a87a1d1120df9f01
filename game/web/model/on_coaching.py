"""What the page does on the hints' and the review's taps and on a computed hint (their state
and messages: :mod:`game.web.features.coaching`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from ..features import following
from ..features import playing as table
from ..features.coaching import (
    AskHint,
    CoachTap,
    HintAnswered,
    HintTapped,
    OpenReview,
    ReviewAdvanced,
    ReviewBack,
    ReviewCancelled,
    ReviewItemTapped,
    ReviewTapped,
    ShowReviewItem,
    hint_asked,
)
from ..frames.frame import CoachMove
from ..frames.review_frames import review_items
from ..thinking.coach import Answer, Request
from ..thinking.review import ReviewJob
from ..values.effects import Effect
from ..values.session import CountHint

if TYPE_CHECKING:
    from .holder import Holder


def hint_done(c: Holder, request: Request, answer: Answer) -> None:
    """A computed hint: shown if it still answers the decision at hand."""
    key = c.hint_key()
    if (key is None or c.coach.hint_job != key or answer.hint is None
            or c.session is None or request.view != c.session.turn_view()):
        return
    hint = answer.hint
    other = hint.alternative
    alternative = None if other is None else CoachMove(other.action, other.reason, other.city)
    c.step(HintAnswered(key, CoachMove(hint.action, hint.reason, hint.city, alternative)))


def tapped(c: Holder, tap: CoachTap) -> tuple[Effect, ...]:
    """Hints and the review: the tap's change (it asks nothing of the browser)."""
    session = c.session
    review = c.coach.review
    match tap:
        case HintTapped():
            key = c.hint_key()
            if key is not None and hint_asked(c.coach, key) is not None:  # (not asked yet)
                c.step(AskHint(key), CountHint(key[2]))
        case ReviewTapped():
            if session is None or c.game_id is None or not session.state.is_over \
                    or not session.humans:
                return ()
            if review is None or review.game_id != c.game_id or review.state == "cancelled":
                review = ReviewJob.start(c.game_id, session.game, session.story().states)
            c.step(OpenReview(review), following.GoLive(), table.HidePeek())
        case ReviewCancelled():
            if review is not None:
                c.step(ReviewAdvanced(review.cancelled()))
        case ReviewItemTapped(index):
            if review is None or review.state != "done" or session is None:
                return ()
            items = review_items(review)
            if 0 <= index < len(items):
                c.step(ShowReviewItem(index), following.ShowMoment(items[index].step - 1,
                                                           len(session.story())))
        case ReviewBack():
            c.step(ShowReviewItem(None), following.GoLive())
        case _:
            assert_never(tap)
    return ()
