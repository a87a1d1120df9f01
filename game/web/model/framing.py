"""The frame of each render: everything the screens draw, as one frozen value built from the
model (the screens never see the model, the session or the state).

Read-only: nothing here changes the model, and nothing reads the storage (what the
start, setup and statistics screens show of it is the model's ``shelf``, read by an effect
before they are drawn). See :mod:`game.web.frames.frame` for the values:
one frame type per screen family (:data:`game.web.frames.frame.Frame`, a tagged union), and
one per game screen (:mod:`game.web.frames.play_frames`), chosen here once, by a ``match``
on the session's screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, assert_never

from ...actions import Action, Build, ReturnPiece
from ...public_record import is_view_game
from ...state import OVER, SELECT
from ...view import PlayerView, player_view
from .. import messages
from ..features import tutorial
from ..frames.frame import (
    CoachMove,
    ComputerFrame,
    Counts,
    FinalFrame,
    Frame,
    GameFrame,
    GodzillaPreview,
    HintFrame,
    Inspector,
    LastMove,
    MenuFrame,
    Notice,
    PassFrame,
    PlayPage,
    ReplayFrame,
    ReplayStep,
    ReviewFrame,
    ScoringFrame,
    SelectionFacts,
    SetupPage,
    StartPage,
    StatsPage,
    StoryFrame,
    TableFrame,
    TurnFrame,
    WholeExport,
)
from ..frames.review_frames import job_frame
from ..frames.start_frames import SavedGame, StartFrame, setup_frame
from ..frames.stats_frames import stats_frame
from ..frames.storyframe import godzilla_preview, inspect, story_frame
from ..saves.records import people_by_last_game
from ..saves.storage import Entry
from ..thinking.coach import hints_asked, hints_on
from ..values import draft
from ..values.draft import tentative_build
from .on_files import share_url

if TYPE_CHECKING:
    from .model import Model


def frame(c: Model, format_time: Callable[[float], str], page_url: str) -> Frame:
    """Everything this render draws, as one frozen value (see :mod:`game.web.frames.frame`),
    in the model's language, which the frame carries to the drawing."""
    with messages.speaking(c.page.language):
        return _frame(c, format_time, page_url)


def _frame(c: Model, format_time: Callable[[float], str], page_url: str) -> Frame:
    page = c.page
    language = page.language
    update = page.update_ready and c.table.preview is None  # never over a computer's preview
    screen, rules, notice = c.screen_name, c.rules.open, page.notice
    if page.place == "setup":
        known = tuple(p.name for p in people_by_last_game(c.shelf.records))
        return SetupPage(screen=screen, rules_open=rules, notice=notice, update_ready=update,
                         language=language,
                         setup=replace(setup_frame(c.form), known_names=known))
    if page.place == "stats":
        stats = c.stats
        return StatsPage(screen=screen, rules_open=rules, notice=notice, update_ready=update,
                         language=language,
                         stats=stats_frame(c.shelf.records, stats.chart, stats.merge,
                                           stats.forget, stats.reset, stats.error,
                                           from_game=c.session is not None))
    if page.place == "play" and c.session is not None:
        mark = c.session.game.meta.get(tutorial.META)
        shown = tutorial.lesson(c.session) if mark in ("on", "kept") else None
        return PlayPage(screen=screen, rules_open=rules, notice=notice, update_ready=update,
                         language=language,
                        play=live_frame(c, page_url), banner=c.saved.banner, tutorial=shown,
                        tutorial_kept=mark == "kept")
    entries = c.shelf.entries
    hidden = {e.id for e in entries if e.game is not None and e.game.meta.get(tutorial.META) == "on"}
    home = c.home
    return StartPage(start=StartFrame(
        tuple(saved_game(entry) for entry in entries if entry.id not in hidden),
        home.error, home.confirm_delete, format_time, c.shelf.used,
        tutorial=next(iter(sorted(hidden)), None), home_card=c.home_card,
        restore=home.restore_report, theme=c.page.theme,
        restoring=(home.restoring.done, home.restoring.total) if home.restoring else None),
        screen=screen, rules_open=rules,
        notice=notice,
        update_ready=update, language=language)


def live_frame(c: Model, page_url: str) -> GameFrame:
    """The frame of the game's screen now: the replay, or what the table sees (the
    session's screen), each as its own frame type."""
    session = c.session
    assert session is not None
    state = session.state
    story = session.story()
    following = c.table.following
    if following.replay_step is not None:
        return replay_frame(c, following.replay_step, page_url)
    screen = session.screen
    zoom = None if screen in ("scoring", "pass") else c.zoomed_city
    view = session.view()
    digest_for = state.current if screen in ("pass", "turn") else None
    inspector = None
    if following.inspected is not None and screen not in ("pass", "scoring"):
        inspector = inspect(view, *following.inspected, session.show_private)
    choice = session.draft if screen == "turn" else None
    preview = None
    if choice is not None:
        turn_view = session.turn_view()
        preview = godzilla_preview(choice, turn_view, tentative_build(choice, turn_view))
    hint = c.hint_frame()
    table, on_turn = table_frame(
        view=view, show_private=session.show_private, choice=choice, notice=session.notice,
        last_move=session.last_move_value, preview=c.table.preview, compact=c.page.compact,
        zoom=zoom, people=len(session.humans),
        story=story_frame(story, state, digest_for, following.focus, following.log_open),
        inspector=inspector, inspecting=following.inspecting, godzilla_preview=preview,
        coach_marks=hint_marks(hint), turn=screen == "turn")
    menu = menu_frame(c, table.view, page_url, speed="fast" if c.page.instant else c.page.speed,
                      whole_export=whole_export(c))
    match screen:
        case "pass":
            return PassFrame(table=table, mover=session.mover)
        case "turn":
            turn_view = table.view
            return TurnFrame(
                table=table, menu=menu, draft=choice if on_turn else None,
                confirmable=on_turn and bool(draft.actions(choice, turn_view)),
                selection=selection_facts(choice, turn_view) if on_turn else None, hint=hint)
        case "computer":
            return ComputerFrame(table=table, menu=menu, mover=session.mover)
        case "scoring":
            return ScoringFrame(table=table, menu=menu, acked=session.acked, peek=c.table.peek,
                                sealed=session.sealed)
        case "final":
            meta = session.game.meta
            return FinalFrame(
                table=table, menu=menu, standings=state.standings(), peek=c.table.peek,
                sealed=session.sealed,
                hints_used=hints_asked(meta, len(session.settings.players))
                if hints_on(meta) else (), review=review_frame(c))
        case _:
            assert_never(screen)


def whole_export(c: Model) -> WholeExport:
    """Whether the menu offers the whole game (an unfinished, real game) and whether
    its warning is open."""
    session = c.session
    if session is None or session.state.is_over or is_view_game(session.game):
        return "none"
    return "asked" if c.sharing.whole_export_asked else "offered"


def menu_frame(c: Model, view: PlayerView, page_url: str, *, speed: str, whole_export: WholeExport,
               view_only: bool = False) -> MenuFrame:
    """The top bar's menu and the game's link; ``view``: the position shown (the link
    holds the whole game once it is over, unless it is the replay of a view)."""
    session = c.session
    assert session is not None
    switch = (hints_on(session.game.meta) if session.humans and not session.state.is_over
              else None)
    return MenuFrame(speed=speed, motion=c.page.motion, theme=c.page.theme, muted=c.page.muted,
                menu_open=c.table.menu_open, hints_switch=switch, whole_export=whole_export,
                share=share_url(c.sharing, page_url), share_whole=view.phase == OVER and not view_only,
                share_copied=c.sharing.copied, web_share=c.page.web_share)


def hint_marks(hint: HintFrame | None) -> tuple[tuple[int, str], ...]:
    """The plot a shown hint builds on (and its equally good alternative's), outlined on
    the board."""
    if hint is None or not isinstance(hint.shown, CoachMove):
        return ()
    moves = (hint.shown, hint.shown.alternative)
    plots = dict.fromkeys(m.action.city * 9 + m.action.plot for m in moves
                          if m is not None and isinstance(m.action, Build))
    return tuple((plot, "hint") for plot in plots)


def review_frame(c: Model) -> ReviewFrame | None:
    """The post-game review, while it is open."""
    session = c.session
    assert session is not None
    coach = c.coach
    if coach.review_open and coach.review is not None and session.state.is_over:
        return job_frame(coach.review, coach.review_shown)
    return None


def review_marks(c: Model, review: ReviewFrame | None) -> tuple[tuple[int, str], ...]:
    """The reviewed decision and the better one, outlined on the replay's board."""
    if review is None or review.shown is None:
        return ()
    shown, items = review.shown, review.items
    # The outlines belong to the reviewed decision's moment: stepping through the
    # replay away from it shows none.
    if not (0 <= shown < len(items)
            and c.table.following.replay_step == max(0, items[shown].step - 1)):
        return ()
    item = items[shown]
    return tuple((m.action.city * 9 + m.action.plot, kind)
                 for m, kind in ((item.played, "played"), (item.best, "best"))
                 if isinstance(m.action, Build))


def replay_frame(c: Model, step: int, page_url: str) -> ReplayFrame:
    """The board, supplies and scores right after log step ``step``, seen by the viewer
    with no hand shown (a replay of the game now must not reveal anything new)."""
    session = c.session
    assert session is not None
    story = session.story()
    step = max(0, min(step, len(story) - 1))
    state = story.states[step + 1]
    view = player_view(state, session.viewer)
    inspected = c.table.following.inspected
    inspector = inspect(view, *inspected, False) if inspected else None
    finished = session.state.phase == OVER
    view_only = is_view_game(session.game)
    # A finished game hides nothing: its replay shows every hand (never before the end).
    # A view's hands are invented: never shown.
    hands = state.hands if finished and not view_only else ()
    review = review_frame(c)
    table, _ = table_frame(
        view=view, show_private=False, choice=None, notice=None, last_move=None, preview=None,
        compact=c.page.compact, zoom=None,
        story=story_frame(story, state, None,
                          c.table.following.focus or story.all_entries[step].positions,
                          False, upto=step + 1),
        inspector=inspector, coach_marks=review_marks(c, review))
    menu = menu_frame(c, table.view, page_url, speed=c.page.speed, whole_export="none",
                      view_only=view_only)
    return ReplayFrame(table=table, menu=menu, review=review,
                       replay=ReplayStep(step, len(story), finished, hands, view_only=view_only))


def saved_game(entry: Entry) -> SavedGame:
    """The public facts of a saved game for the start screen's list."""
    game = entry.game
    if entry.newer:
        return SavedGame(entry.id, entry.updated, entry.size, newer=True)
    if game is None:
        return SavedGame(entry.id, entry.updated, entry.size,
                         error=messages.problem(entry.problem) if entry.error is not None else "")
    state = game.state
    settings = messages.shown_settings(game.settings)
    winners: tuple[str, ...] = ()
    if state.phase == OVER:
        winners = tuple(settings.players[s.player].name for s in state.standings() if s.winner)
    return SavedGame(entry.id, entry.updated, entry.size, finished=state.phase == OVER,
                     view=is_view_game(game),
                     players=tuple((p.name, p.colours) for p in settings.players),
                     round=state.round, rounds=settings.round_count, phase=state.phase,
                     winners=winners)


# ------------------------------------------------------------- the play frame
NO_STORY = StoryFrame()


def selection_facts(choice: draft.Draft | None, view: PlayerView) -> SelectionFacts | None:
    if not isinstance(choice, draft.SelectDraft) or view.phase != SELECT:
        return None
    index = view.settings.colour_index
    return SelectionFacts(
        colours=choice.colours,
        needs=tuple(draft.need(view, name) for name in choice.colours),
        stocks=tuple(view.stock[index(name)] for name in choice.colours),
        forced=draft.forced_selections(view),
        left=draft.left(choice, view),
        ready=bool(choice.colours) and draft.left(choice, view) == 0,
        two_colours=len(view.settings.player_colours[view.player]) > 1)


def visible_supply(view: PlayerView, show_private: bool) -> tuple[Counts | None, ...]:
    """Each colour's round supply as the people at the table may see it now: with secret
    selection, chosen supplies stay hidden during the selection unless the chooser holds the
    device (the view already hides other players' choices from their owner's view)."""
    supply = list(view.supply)
    if view.settings.secret_selection and view.phase == SELECT and not show_private:
        for colour in range(len(supply)):
            if colour not in view.select_queue:
                supply[colour] = None
    return tuple(supply)


def table_frame(*, view: PlayerView, show_private: bool, choice: draft.Draft | None,
                notice: Notice | None, last_move: LastMove | None, preview: Action | None,
                compact: bool, zoom: int | None, people: int = 1,
                story: StoryFrame = NO_STORY, inspector: Inspector | None = None,
                inspecting: bool = False, godzilla_preview: GodzillaPreview | None = None,
                coach_marks: tuple[tuple[int, str], ...] = (),
                turn: bool = False) -> tuple[TableFrame, bool]:
    """The table seen by ``view.player``, and whether that player decides now with
    ``choice`` (``turn``: the turn screen). ``view`` must be that player's own view; the
    hand is dropped here unless ``show_private``."""
    if not show_private:
        view = replace(view, hand=())
    shown = messages.shown_settings(view.settings)  # generated names in the language in use
    if shown is not view.settings:
        view = replace(view, settings=shown)
    on_turn = turn and view.my_turn
    targets = draft.targets(choice, view) if on_turn else frozenset()
    tentative = draft.tentative_build(choice, view) if on_turn else None
    shown_preview = None
    if isinstance(preview, (Build, ReturnPiece)) and view.current is not None:
        shown_preview = LastMove(view.current, preview, preview=True)
        if isinstance(preview, Build):
            tentative = preview
    return TableFrame(
        settings=view.settings, viewer=view.player, view=view, show_private=show_private,
        supply=visible_supply(view, show_private), stocks=visible_stock(view, show_private),
        last_move=last_move, preview=shown_preview, notice=notice, targets=targets,
        tentative=tentative, compact=compact, zoom=zoom, people=people, story=story,
        inspector=inspector, inspecting=inspecting, godzilla_preview=godzilla_preview,
        coach_marks=coach_marks), on_turn


def visible_stock(view: PlayerView, show_private: bool) -> tuple[Counts | None, ...]:
    """Each colour's stock as the table may see it: under secret selection, a colour whose
    choice is hidden shows no stock either (it would give the choice away)."""
    supply = visible_supply(view, show_private)
    return tuple(None if s is None else view.stock[c] for c, s in enumerate(supply))
