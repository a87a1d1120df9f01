"""What the page does on the hints' and the review's taps and on a computed hint (their state
and messages: :mod:`game.web.features.coaching`): pure, ``(model, message) -> (model,
effects)``."""

from __future__ import annotations

from typing import assert_never

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
from ..values.session import CountHint
from .door import Stepped, steps
from .model import Model


def hint_done(model: Model, request: Request, answer: Answer) -> Stepped:
    """A computed hint: shown if it still answers the decision at hand."""
    key = model.hint_key()
    if (key is None or model.coach.hint_job != key or answer.hint is None
            or model.session is None or request.view != model.session.turn_view()):
        return model, ()
    hint = answer.hint
    other = hint.alternative
    alternative = None if other is None else CoachMove(other.action, other.reason, other.city)
    return steps(model, HintAnswered(key, CoachMove(hint.action, hint.reason, hint.city,
                                                    alternative)))


def tapped(model: Model, tap: CoachTap) -> Stepped:
    """Hints and the review: the tap's change (it asks nothing of the browser)."""
    session = model.session
    review = model.coach.review
    match tap:
        case HintTapped():
            key = model.hint_key()
            if key is not None and hint_asked(model.coach, key) is not None:  # (not asked yet)
                return steps(model, AskHint(key), CountHint(key[2]))
        case ReviewTapped():
            if session is None or model.game_id is None or not session.state.is_over \
                    or not session.humans:
                return model, ()
            if review is None or review.game_id != model.game_id or review.state == "cancelled":
                review = ReviewJob.start(model.game_id, session.game, session.story().states)
            return steps(model, OpenReview(review), following.GoLive(), table.HidePeek())
        case ReviewCancelled():
            if review is not None:
                return steps(model, ReviewAdvanced(review.cancelled()))
        case ReviewItemTapped(index):
            if review is None or review.state != "done" or session is None:
                return model, ()
            items = review_items(review)
            if 0 <= index < len(items):
                return steps(model, ShowReviewItem(index), following.ShowMoment(
                    items[index].step - 1, len(session.story())))
        case ReviewBack():
            return steps(model, ShowReviewItem(None), following.GoLive())
        case _:
            assert_never(tap)
    return model, ()
