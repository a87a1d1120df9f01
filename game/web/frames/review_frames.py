"""The review's sheet as the final screen draws it: each person's costliest decisions of a
:class:`~game.web.thinking.review.ReviewJob`, and how far the review is."""

from __future__ import annotations

from ...actions import Action
from ...ai.explain import Hint
from ..thinking.review import DEEP_CANDIDATES, MIN_POINTS, SHOWN, ReviewJob
from .parts import CoachMove, ReviewFrame, ReviewItem


def review_items(job: ReviewJob) -> tuple[ReviewItem, ...]:
    """Each person's costliest decisions (deep judgement where there is one)."""
    out: list[ReviewItem] = []
    for p in job.people:
        judged = []
        for d in job.decisions:
            if d.player != p or d.step not in job.quick:
                continue
            r = job.deep.get(d.step, job.quick[d.step])
            if r.points_lost >= MIN_POINTS and r.best != r.played:
                judged.append((r.points_lost, d, r))
        judged.sort(key=lambda x: (-x[0], x[1].step))
        for points, d, r in judged[:SHOWN]:
            out.append(ReviewItem(d.step, p, d.round, _move(r.played, r.played_reason),
                                  _move(r.best, r.best_reason), points))
    return tuple(out)


def job_frame(job: ReviewJob, shown: int | None) -> ReviewFrame:
    done, total = job.progress()
    deep = job.deep_queue is not None and not job.deep_dropped
    return ReviewFrame(job.state, done, total, deep, DEEP_CANDIDATES, job.people,
                       review_items(job) if job.state == "done" else (), shown)


def _move(action: Action, why: Hint) -> CoachMove:
    return CoachMove(action, why.reason, why.city)
