"""The review's sheet as the final screen draws it: each person's costliest decisions of a
:class:`~game.web.thinking.review.ReviewJob`, and how far the review is."""

from __future__ import annotations

from ...actions import Action
from ...ai.explain import Hint
from ..thinking.review import DEEP_CANDIDATES, SHOWN, ReviewJob
from .parts import CoachMove, ReviewFrame, ReviewItem


def review_items(job: ReviewJob) -> tuple[ReviewItem, ...]:
    """Each person's costliest decisions: those the deep evaluation found costly beyond
    its noise (the quick pass alone never makes a decision costly)."""
    out: list[ReviewItem] = []
    for p in job.people:
        judged = []
        for d in job.decisions:
            r = job.deep.get(d.step)
            if d.player == p and r is not None and r.costly:
                judged.append((r.points_lost, d, r))
        judged.sort(key=lambda x: (-x[0], x[1].step))
        for points, d, r in judged[:SHOWN]:
            out.append(ReviewItem(d.step, p, d.round, _move(r.played, r.played_reason),
                                  _move(r.best, r.best_reason), points, r.error,
                                  r.verdict))
    return tuple(out)


def good_choices(job: ReviewJob) -> int:
    """Decisions the deep evaluation judged and found within its noise of the best."""
    return sum(1 for r in job.deep.values() if not r.costly)


def job_frame(job: ReviewJob, shown: int | None) -> ReviewFrame:
    done, total = job.progress()
    deep = job.deep_queue is not None and not job.deep_dropped
    return ReviewFrame(job.state, done, total, deep, DEEP_CANDIDATES, job.people,
                       review_items(job) if job.state == "done" else (), shown,
                       good_choices(job))


def _move(action: Action, why: Hint) -> CoachMove:
    return CoachMove(action, why.reason, why.city)
