"""The public story of a game, the tower inspector and Godzilla's preview, as frame values.

Built by the controller once per render from the session's :class:`~game.story.Story` and
the viewer's :class:`~game.view.PlayerView`; every number is asked of the engine (the
building rule of :mod:`game.board` and :meth:`PlayerView.check`, Godzilla's step of
:func:`game.state.godzilla_target`, the scoring's majority and tallest-tower rules through
:mod:`game.story`). Only public facts leave this module (and the hand of the person holding
the device, through :meth:`PlayerView.legal_actions`, reduced to yes/no).
"""

from __future__ import annotations

from ...actions import Build
from ...board import floors_by_colour, floors_needed, height, owner
from ...errors import IllegalAction
from ...material import MAX_PIECE, PIECE_FLOORS, PLOTS_PER_CITY, plot_for
from ...state import BUILD, State, godzilla_target
from ...story import Dealt, Destroyed, Entry, Story, TakenOver, majorities, tallest_positions
from ...view import PlayerView
from .. import messages
from ..values import draft
from .frame import GodzillaPreview, Inspector, StoryFrame


def story_frame(story: Story, board_state: State, digest_for: int | None,
                focus: tuple[int, ...] = (), log_open: bool = False,
                upto: int | None = None) -> StoryFrame:
    """The story as the frame shows it. ``board_state``: the position on the board (the
    state now, or a replay's step); ``upto``: a replay shows the log up to that many steps."""
    entries = story.entries(upto)
    digest: tuple[Entry, ...] = ()
    marked: frozenset[int] = frozenset()
    if digest_for is not None and upto is None:
        digest = tuple(e for e in story.since_last_turn(digest_for) if _tellable(e))
        marked = frozenset(pos for e in digest for pos in e.positions)
    board = board_state.board
    colours = board_state.settings.colours
    takeovers: dict[str, int] = {}
    for entry in entries:
        for event in entry.events:
            if isinstance(event, TakenOver):
                takeovers[event.colour] = takeovers.get(event.colour, 0) + 1
    destroyed = tuple(e.pos for e in entries[-1].events if isinstance(e, Destroyed)) \
        if entries else ()
    return StoryFrame(
        destroyed=destroyed, entries=entries, digest=digest, digest_for=digest_for, marked=marked,
        first_turn=digest_for is not None and story.last_decision(digest_for) is None,
        majorities=majorities(board, colours), tallest=tallest_positions(board),
        last_builds=tuple(sorted(story.last_builds(upto).items())),
        takeovers=tuple(sorted(takeovers.items())),
        focus=focus, log_open=log_open)


def _tellable(entry: Entry) -> bool:
    """Digest items are moves (and the chance steps worth telling, like a reshuffle)."""
    return bool(entry.events) and not isinstance(entry.events[0], Dealt)


def inspect(view: PlayerView, city: int, plot: int, hand_shown: bool) -> Inspector:
    """The inspector for plot ``plot`` of ``city``: pieces, floors per colour, owner, the
    smallest piece that takes it over for every other colour (the engine's
    :func:`~game.board.floors_needed`), and whether the player on turn can build there now."""
    settings = view.settings
    colours = settings.colours
    pos = city * PLOTS_PER_CITY + plot
    tower = view.board[pos]
    top = owner(tower)
    counts = floors_by_colour(tower)
    floors = tuple((colours[c], n) for c, n in sorted(counts.items(), key=lambda i: (-i[1], i[0])))
    threats: list[tuple[str, int | None]] = []
    if top is not None:
        for c, name in enumerate(colours):
            if c == top:
                continue
            need = floors_needed(tower, c)
            threats.append((name, None if need > MAX_PIECE else max(need, 1)))
    judge = view.current if view.phase == BUILD else None
    build, smallest, reason = "idle", None, None
    if judge is not None:
        if not (hand_shown and view.player == judge):
            build = "hidden"
        else:
            here = [a for a in view.legal_actions()
                    if isinstance(a, Build) and (a.city, a.plot) == (city, plot)]
            if here:
                build, smallest = "yes", min(a.floors for a in here)
            else:
                build, reason = _why_not(view, city, plot)
    return Inspector(city, plot, tuple((colours[c], f) for c, f in tower), height(tower),
                     floors, colours[top] if top is not None else None, tuple(threats),
                     view.godzilla == pos, judge, build, smallest, reason)


def _why_not(view: PlayerView, city: int, plot: int) -> tuple[str, draft.Notice | None]:
    """Why the player on turn cannot build here: no card for the plot, or the engine's
    refusal of their biggest piece with a card that marks it."""
    seat = view.settings.seat_of(view.player)
    cards = [card for card in view.hand if plot_for(seat, card) == plot]
    if not cards:
        return "no-card", None
    for c in view.settings.player_colours[view.player]:
        supply = view.supply[c] or (0, 0, 0, 0)
        sizes = [f for f, n in zip(PIECE_FLOORS, supply) if n]
        if not sizes:
            continue
        try:
            view.check(Build(cards[0], city, plot, view.settings.colours[c], max(sizes)))
        except IllegalAction as error:
            return "no", messages.explain(error.rule, error.params, view.settings.colours[c])
    return "no", None


def godzilla_preview(choice: draft.Draft | None, view: PlayerView,
                     tentative: Build | None) -> GodzillaPreview | None:
    """Where Godzilla goes with the card chosen now, and (once the build is complete) what
    it destroys there, the piece about to be placed included: the engine plays the
    tentative build on the view (:meth:`PlayerView.outcome`)."""
    if view.godzilla is None or not isinstance(choice, draft.BuildDraft) or choice.card is None:
        return None
    seat = view.settings.seat_of(view.player)
    target = godzilla_target(view.godzilla, seat, choice.card)
    if tentative is None:
        # Before the plot is chosen: what it does to the tower already there, asked of the
        # engine with any legal build of this card elsewhere (the effect does not depend on it).
        elsewhere = [a for a in view.legal_actions() if isinstance(a, Build)
                     and a.card == choice.card and a.city * PLOTS_PER_CITY + a.plot != target]
        if not elsewhere:
            return GodzillaPreview(target)
        tentative_elsewhere = elsewhere[0]
        try:
            after = view.outcome(tentative_elsewhere)
        except IllegalAction:
            return GodzillaPreview(target)
        left = after.board[target]
        lost = view.board[target][len(left):]
        return GodzillaPreview(target, tuple((view.settings.colours[c], f) for c, f in lost))
    try:
        after = view.outcome(tentative)
    except IllegalAction:
        return GodzillaPreview(target)
    colours = view.settings.colours
    pos = tentative.city * PLOTS_PER_CITY + tentative.plot
    before = view.board[target]
    if target == pos:
        before = before + ((colours.index(tentative.colour), tentative.floors),)
    left = after.board[target]
    lost = before[len(left):]
    return GodzillaPreview(target, tuple((colours[c], f) for c, f in lost),
                           includes_new=target == pos and bool(lost))
