"""The frame of each render: everything the screens draw, as one frozen value built from the
controller's state (the screens never see the controller, the session or the state).

Read-only: nothing here changes the controller. See :mod:`game.web.frame` for the values.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..actions import Build
from ..public_record import is_view_game
from ..state import OVER
from ..view import player_view
from . import messages as M
from . import tutorial as T
from .coach import hints_asked, hints_on
from .draft import tentative_build
from .frame import (
    CoachMove,
    Frame,
    Mode,
    PlayFrame,
    ReplayFrame,
    WholeExport,
    play_frame,
)
from .start_frames import SavedGame, StartFrame
from .storage import Entry
from .storyframe import godzilla_preview, inspect, story_frame

if TYPE_CHECKING:
    from .controller import Controller


def frame(c: Controller) -> Frame:
    """Everything this render draws, as one frozen value (see :mod:`game.web.frame`)."""
    banner = c.banner if c.screen == "play" else None
    update = c.update_ready and c.preview is None  # never over a computer's preview
    if c.screen == "setup":
        return Frame(c.screen_name, c.rules_open, banner, c.notice, update,
                     setup=c.form.frame())
    if c.screen == "play" and c.session is not None:
        mode = c.session.game.meta.get(T.META)
        lesson = T.lesson(c.session) if mode in ("on", "kept") else None
        return Frame(c.screen_name, c.rules_open, banner, c.notice, update,
                     play=live_frame(c), tutorial=lesson, tutorial_kept=mode == "kept")
    entries = c.entries()
    hidden = {e.id for e in entries if e.game is not None and e.game.meta.get(T.META) == "on"}
    return Frame(c.screen_name, c.rules_open, None, c.notice, update,
                 start=StartFrame(
        tuple(saved_game(entry) for entry in entries if entry.id not in hidden),
        c.start_error, c.confirm_delete, c.format_time, c.store.used(),
        tutorial=next(iter(sorted(hidden)), None), home_card=c.home_card,
        restore=c.restore_report))

def live_frame(c: Controller) -> PlayFrame:
    session = c.session
    assert session is not None
    state = session.state
    story = session.story()
    following = c.following
    if following.replay_step is not None:
        return with_coach(c, replay_frame(c, following.replay_step))
    mode: Mode = session.screen
    zoom = None if mode in ("scoring", "pass") else c.zoomed_city
    view = session.view()
    digest_for = state.current if mode in ("pass", "turn") else None
    inspector = None
    if following.inspected is not None and mode not in ("pass", "scoring"):
        inspector = inspect(view, *following.inspected, session.show_private)
    draft = session.draft if mode == "turn" else None
    preview = None
    if draft is not None:
        turn_view = session.turn_view()
        preview = godzilla_preview(draft, turn_view, tentative_build(draft, turn_view))
    frame = play_frame(
        mode=mode, view=view, show_private=session.show_private,
        draft=session.draft, notice=session.notice, last_move=session.last_move_value,
        preview=c.preview, acked=session.acked,
        standings=state.standings() if state.phase == OVER else (),
        speed="fast" if c.instant else c.speed, compact=c.compact, zoom=zoom,
        peek=c.peek, people=len(session.humans),
        story=story_frame(story, state, digest_for, following.focus, following.log_open),
        inspector=inspector, inspecting=following.inspecting, godzilla_preview=preview,
        share=share_url(c), menu_open=c.menu_open)
    frame = replace(frame, whole_export=whole_export(c))
    return with_coach(c, frame)

def whole_export(c: Controller) -> WholeExport:
    """Whether the menu offers the whole game (an unfinished, real game) and whether
    its warning is open."""
    session = c.session
    if session is None or session.state.is_over or is_view_game(session.game):
        return "none"
    return "asked" if c.whole_export_asked else "offered"

def with_coach(c: Controller, frame: PlayFrame) -> PlayFrame:
    """The coach's parts of the frame: the hint (only for the person on turn holding
    the device), the hints used (final standings)."""
    session = c.session
    assert session is not None
    meta = session.game.meta
    hint = c.hint_frame()
    marks: tuple[tuple[int, str], ...] = ()
    if hint is not None and isinstance(hint.shown, CoachMove) and isinstance(
            hint.shown.action, Build):
        a = hint.shown.action
        marks = ((a.city * 9 + a.plot, "hint"),)
    used = hints_asked(meta, len(session.settings.players)) if hints_on(meta) else ()
    review = None
    if c.review_open and c.review is not None and session.state.is_over:
        review = c.review.frame(c.review_shown)
        if c.review_shown is not None and c.following.replaying:
            items = review.items
            if 0 <= c.review_shown < len(items):
                item = items[c.review_shown]
                marks = tuple((m.action.city * 9 + m.action.plot, kind)
                              for m, kind in ((item.played, "played"), (item.best, "best"))
                              if isinstance(m.action, Build))
    return replace(frame, hint=hint, hints_used=used, coach_marks=marks, review=review)

def share_url(c: Controller) -> str | None:
    if c.share is None:
        return None
    return f"{c.params.get('url', '')}#{c.share}"

def replay_frame(c: Controller, step: int) -> PlayFrame:
    """The board, supplies and scores right after log step ``step``, seen by the viewer
    with no hand shown (a replay of the game now must not reveal anything new)."""
    session = c.session
    assert session is not None
    story = session.story()
    step = max(0, min(step, len(story) - 1))
    state = story.states[step + 1]
    view = player_view(state, session.viewer)
    inspected = c.following.inspected
    inspector = inspect(view, *inspected, False) if inspected else None
    finished = session.state.phase == OVER
    view_only = is_view_game(session.game)
    # A finished game hides nothing: its replay shows every hand (never before the end).
    # A view's hands are invented: never shown.
    hands = state.hands if finished and not view_only else ()
    return play_frame(
        mode="replay", view=view, show_private=False, draft=None, notice=None,
        last_move=None, preview=None, acked=len(state.scorings),
        standings=state.standings() if state.phase == OVER else (),
        speed=c.speed, compact=c.compact, zoom=None, peek=False,
        story=story_frame(story, state, None,
                          c.following.focus or story.all_entries[step].positions,
                          False, upto=step + 1),
        inspector=inspector,
        replay=ReplayFrame(step, len(story), finished, hands, view_only=view_only),
        share=share_url(c), menu_open=c.menu_open)


def saved_game(entry: Entry) -> SavedGame:
    """The public facts of a saved game for the start screen's list."""
    game = entry.game
    if entry.newer:
        return SavedGame(entry.id, entry.updated, entry.size, newer=True)
    if game is None:
        return SavedGame(entry.id, entry.updated, entry.size,
                         error=M.problem(entry.problem) if entry.error is not None else "")
    state = game.state
    settings = game.settings
    winners: tuple[str, ...] = ()
    if state.phase == OVER:
        winners = tuple(settings.players[s.player].name for s in state.standings() if s.winner)
    return SavedGame(entry.id, entry.updated, entry.size, finished=state.phase == OVER,
                     view=is_view_game(game),
                     players=tuple((p.name, p.colours) for p in settings.players),
                     round=state.round, rounds=settings.round_count, phase=state.phase,
                     winners=winners)
