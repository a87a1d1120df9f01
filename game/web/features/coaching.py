"""Hints and the post-game review (a state, pure updates, and its taps as typed messages
with their update :func:`tapped`, listed in :data:`game.web.model.ui_actions.ACTIONS`).

The coach's state is one frozen :class:`Coaching` value. The work itself is done in the
background (game/web/runtime/jobs.py), which asks the controller what to compute
(``hint_request``, ``review_request``) and posts the answers back as messages
(``HintComputed``, ``ReviewAnswered``): a :class:`~game.web.thinking.review.ReviewJob` is a
background job, the one mutable object the state refers to (its progress grows as answers
come)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, assert_never

from ..frames.frame import CoachMove, HintFrame
from ..thinking.review import ReviewJob
from ..values.answers import HintKey
from ..values.effects import Effect

if TYPE_CHECKING:
    pass


@dataclass(frozen=True)
class Coaching:
    hint_job: HintKey | None = None
    """The decision a hint is being computed for."""
    hint_shown: tuple[HintKey, CoachMove] | None = None
    review: ReviewJob | None = None
    """The post-game review (computed in the background by the browser layer)."""
    review_shown: int | None = None
    """The reviewed decision shown on the board (an item's index)."""
    review_visible: bool = False

    @property
    def review_open(self) -> bool:
        return self.review_visible and self.review is not None

    def hint_frame(self, key: HintKey | None) -> HintFrame | None:
        if key is None:
            return None
        shown = self.hint_shown[1] if self.hint_shown and self.hint_shown[0] == key else None
        return HintFrame(busy=self.hint_job == key, shown=shown)


def review_closed(k: Coaching) -> Coaching:
    """Back to the final standings; a review still running is cancelled (a finished one
    is kept for this game)."""
    review = k.review
    if review is not None and review.state in ("running", "cancelled"):
        review = None  # (cancelled: its answers, asked by the jobs, are dropped)
    return replace(k, review=review, review_shown=None, review_visible=False)


def hint_asked(k: Coaching, key: HintKey) -> Coaching | None:
    """A hint asked for decision ``key`` (None: already asked or shown)."""
    if k.hint_job == key or (k.hint_shown is not None and k.hint_shown[0] == key):
        return None
    return replace(k, hint_job=key)


def hint_answered(k: Coaching, key: HintKey, move: CoachMove) -> Coaching:
    return replace(k, hint_job=None, hint_shown=(key, move))


# ------------------------------------------------------------------ the one door
# The coach's actions, each a small frozen value, and :func:`update`, which the taps
# and the jobs' answers below go through (the Elm architecture's ``update``).

@dataclass(frozen=True)
class AskHint:
    """A hint asked for decision ``key`` (nothing changes when it is asked or shown)."""

    key: HintKey


@dataclass(frozen=True)
class HintAnswered:
    key: HintKey
    move: CoachMove


@dataclass(frozen=True)
class OpenReview:
    """The review ``review`` (new, or done earlier for this game) on screen."""

    review: ReviewJob


@dataclass(frozen=True)
class CloseReview:
    pass


@dataclass(frozen=True)
class ShowReviewItem:
    index: int | None
    """The reviewed decision shown on the board (None: none)."""


@dataclass(frozen=True)
class HintFailed:
    """No hint came for decision ``key`` (it is no longer being computed; a hint asked
    since for another decision stays asked)."""

    key: HintKey


@dataclass(frozen=True)
class ReviewAdvanced:
    """The open review went a step further (planned, an answer recorded, the deep pass
    dropped, cancelled): ``review`` replaces it if it is the same review (its serial)."""

    review: ReviewJob


CoachAction = (AskHint | HintAnswered | HintFailed | OpenReview | CloseReview | ShowReviewItem
               | ReviewAdvanced)


def update(k: Coaching, action: CoachAction) -> tuple[Coaching, tuple[Effect, ...]]:
    """The coach's one update: the new value, and no effects (the jobs find the work to do
    in the state: ``next_hint``, ``Controller.review_request``)."""
    match action:
        case AskHint(key):
            return hint_asked(k, key) or k, ()
        case HintAnswered(key, move):
            return hint_answered(k, key, move), ()
        case HintFailed(key):
            return (replace(k, hint_job=None) if k.hint_job == key else k), ()
        case OpenReview(review):
            return replace(k, review=review, review_shown=None, review_visible=True), ()
        case CloseReview():
            return review_closed(k), ()
        case ShowReviewItem(index):
            return replace(k, review_shown=index), ()
        case ReviewAdvanced(review):
            same = k.review is not None and k.review.serial == review.serial
            return (replace(k, review=review) if same else k), ()
        case _:
            assert_never(action)


# ------------------------------------------------------------ asked by the jobs


# ------------------------------------------------------------------ the taps
# The coach's taps that need the game, as typed messages (the action table parses straight
# into them; closing the review is :class:`CloseReview`), and :func:`tapped`, their update.

@dataclass(frozen=True)
class HintTapped:
    """"Hint": what the strongest level would play here (computed in the background:
    ``next_hint``, answered with ``HintComputed``). Counted per person, shown in the final
    standings."""


@dataclass(frozen=True)
class ReviewTapped:
    """Review the finished game: each person's costliest decisions (computed in the
    background; a review done earlier for this game is shown again at once)."""


@dataclass(frozen=True)
class ReviewCancelled:
    pass


@dataclass(frozen=True)
class ReviewItemTapped:
    """One reviewed decision on the board of its moment (the replay just before it)."""

    index: int


@dataclass(frozen=True)
class ReviewBack:
    """The review's list again, the board as it is now."""


CoachTap = HintTapped | ReviewTapped | ReviewCancelled | ReviewItemTapped | ReviewBack


