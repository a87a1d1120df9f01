"""The whole page for one frame: the screen it names, the error banner, the rules overlay.

The frame is a tagged union (:data:`game.web.frames.frame.Frame`), and a game's frame one
type per screen (:data:`game.web.frames.play_frames.GameFrame`): each drawing takes exactly
its own frame type. They are dispatched here only, by two ``match`` statements whose
``assert_never`` makes mypy prove that every kind of frame and every screen is drawn."""

from __future__ import annotations

from typing import assert_never

from .. import messages
from ..frames.frame import (
    ComputerFrame,
    Downloaded,
    FinalFrame,
    Frame,
    GameFrame,
    PassFrame,
    PlayPage,
    ReplayFrame,
    ScoringFrame,
    SetupPage,
    StartPage,
    StatsPage,
    TurnFrame,
)
from .coach_panels import render_review
from .common import button
from .passing import render_pass
from .play import render_play
from .results import render_final, render_scoring
from .setup import render_setup
from .start import render_rules, render_start
from .stats import render_stats
from .vdom import El, h


def render_page(frame: Frame) -> El:
    """The page's element tree, every text in the frame's language."""
    with messages.speaking(frame.language):
        return _page(frame)


def _page(frame: Frame) -> El:
    body: El
    match frame:
        case SetupPage():
            body = render_setup(frame.setup)
        case PlayPage():
            body = _play_page(frame)
        case StartPage():
            body = render_start(frame.start)
        case StatsPage():
            body = render_stats(frame.stats)
        case _:
            assert_never(frame)
    if frame.notice == "prefs-not-kept":
        body = h("div", {"class": "stack"},
                 h("p", {"class": "error-banner floating", "role": "alert",
                         "data-message-id": "storage.prefs_not_kept"},
                   messages.t("storage.prefs_not_kept"), " ",
                   button(messages.t("storage.free_space"), "home", cls="btn small secondary")
                   if frame.screen != "start" else None),
                 body)
    if isinstance(frame.notice, Downloaded):  # what the file just offered holds
        body = h("div", {"class": "stack"},
                 h("p", {"class": "info-banner floating downloaded", "role": "status",
                         "data-downloaded": frame.notice.what,
                         "data-message-id": f"files.downloaded.{frame.notice.what}"},
                   messages.t(f"files.downloaded.{frame.notice.what}", name=frame.notice.name)),
                 body)
    if frame.update_ready:
        body = h("div", {"class": "stack"},
                 h("p", {"class": "info-banner floating update", "role": "status",
                         "data-update-ready": "true"},
                   messages.t("update.ready"), " ",
                   button(messages.t("update.reload"), "apply-update", cls="btn small primary")),
                 body)
    if frame.rules_open:
        return h("div", {"class": "stack"}, body, render_rules())
    return body


def _play_page(frame: PlayPage) -> El:
    """A game: the table's screen, the lesson, the storage's banner or the notice."""
    lesson = coach(frame) if frame.tutorial is not None else None
    # The lesson sits where it is read without scrolling: at the head of the panel beside
    # the controls it speaks of (floating, it covered plots or the panel's buttons), or at
    # the head of the scoring or final sheet; in either it stays in view (sticky) however
    # far the panel or the sheet is scrolled.
    body = render_game(frame.play, lesson)
    if frame.banner is not None:
        key, params = frame.banner
        free = (button(messages.t("storage.free_space"), "home", cls="btn small secondary")
                if key.startswith("storage.") else None)
        retry = (button(messages.t("storage.retry"), "storage-retry", cls="btn small primary")
                 if key == "storage.computer_waits" else None)
        # A result still to count stays while the final standings are read: at the foot of
        # the screen, not over the winner's name.
        floating = " floating" + (" at-foot" if key == "storage.result_pending" else "")
        return h("div", {"class": "stack"},
                 h("p", {"class": "error-banner" + floating, "role": "alert",
                         "data-message-id": key}, messages.t(key, **params), " ", free,
                   *((" ", retry) if retry is not None else ())), body)
    if frame.notice == "other-tab":
        return h("div", {"class": "stack"},
                 h("p", {"class": "info-banner floating", "role": "status",
                         "data-message-id": "storage.other_tab"},
                   messages.t("storage.other_tab")), body)
    return body


def render_game(f: GameFrame, lesson: El | None = None) -> El:
    """A game's screen, each drawn from its own frame; ``lesson``: the tutorial's coach,
    where the screen has room for it (not on the pass screen, not over the board of a
    scoring)."""
    match f:
        case PassFrame():
            return render_pass(f)
        case TurnFrame() | ComputerFrame() | ReplayFrame():
            return render_play(f, zoom=f.table.zoom, lesson=lesson)
        case ScoringFrame() if f.peek:  # the board, with the way back to the scores
            return h("div", {"class": "stack peeking"}, render_play(f, zoom=f.table.zoom),
                     h("button", {"type": "button", "class": "btn primary big peek-back",
                                  "data-action": "peek"}, messages.t("score.back")))
        case ScoringFrame():
            return h("div", {"class": "stack"}, render_play(f), render_scoring(f, lesson))
        case FinalFrame() if f.review is not None and f.review.shown is None:
            review = render_review(f.table, f.review)
            return review if lesson is None else h("div", {"class": "stack"}, lesson, review)
        case FinalFrame() if f.peek:
            return h("div", {"class": "stack peeking"},
                     render_play(f, zoom=f.table.zoom, lesson=lesson),
                     h("button", {"type": "button", "class": "btn primary big peek-back",
                                  "data-action": "peek"}, messages.t("final.back")))
        case FinalFrame():
            return render_final(f, lesson)
        case _:
            assert_never(f)


def coach(frame: PlayPage) -> El:
    """The tutorial's lesson for this moment, with "keep this game" and "leave"."""
    assert frame.tutorial is not None
    key, params = frame.tutorial
    return h("aside", {"class": "coach", "data-tutorial": key, "aria-labelledby": "coach-title"},
             h("h2", {"id": "coach-title", "class": "coach-title"}, messages.t("tutorial.title")),
             h("p", {"class": "coach-text"}, messages.t(key, **params)),
             h("div", {"class": "coach-actions"},
               None if frame.tutorial_kept else
               h("button", {"type": "button", "class": "btn small secondary",
                            "data-action": "tutorial-keep"}, messages.t("tutorial.keep")),
               h("button", {"type": "button", "class": "btn small secondary",
                            "data-action": "home"}, messages.t("tutorial.leave"))))
