"""Hints and the post-game review, as taps (issue 24.1: handlers, each ``(controller,
arguments)``, listed in :data:`game.web.controller.ACTIONS`). The work itself is done in the
background (game/web/runtime/jobs.py) and asked of the controller (``hint_request``,
``review_request``); here is what a tap changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..coach import count_hint
from ..review import ReviewJob
from . import following as F

if TYPE_CHECKING:
    from ..controller import Controller


def open_review(c: Controller, args: None) -> None:
    """Review the finished game: each person's costliest decisions (computed in the
    background; a review done earlier for this game is shown again at once)."""
    session = c.session
    if session is None or c.game_id is None or not session.state.is_over \
            or not session.humans:
        return
    if c.review is None or c.review.game_id != c.game_id or \
            c.review.state == "cancelled":
        c.review = ReviewJob.start(c.game_id, session.game, session.story().states)
    c.review_shown = None
    c.following = F.live(c.following)
    c.peek = False
    c.review_visible = True


def cancel_review(c: Controller, args: None) -> None:
    if c.review is not None:
        c.review.cancel()


def close_review(c: Controller, args: None) -> None:
    """Back to the final standings; a review still running is cancelled (a finished
    one is kept for this game)."""
    if c.review is not None and c.review.running:
        c.review.cancel()
    if c.review is not None and c.review.state == "cancelled":
        c.review = None
    c.review_shown = None
    c.review_visible = False


def show_review_item(c: Controller, index: int) -> None:
    """One reviewed decision on the board of its moment (the replay just before it)."""
    review = c.review
    if review is None or review.state != "done" or c.session is None:
        return
    items = review.items()
    if not 0 <= index < len(items):
        return
    c.review_shown = index
    c.following = F.replay_at(c.following, items[index].step - 1,
                                 len(c.session.story()))


def review_back(c: Controller, args: None) -> None:
    c.review_shown = None
    c.following = F.live(c.following)


def ask_hint(c: Controller, args: None) -> None:
    """"Hint": what the strongest level would play here (computed in the background
    by the browser layer: :meth:`hint_request`, :meth:`hint_done`). Counted per
    person, shown in the final standings."""
    key = c.hint_key()
    if key is None or c.hint_job == key or (
            c.hint_shown is not None and c.hint_shown[0] == key):
        return
    assert c.session is not None
    c.hint_job = key
    count_hint(c.session.game.meta, key[2])
