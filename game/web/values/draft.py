"""The choice in progress: what a person has tapped on their turn but not yet confirmed.

A draft is an immutable value. Every tap is a pure step ``(draft, view, ...) -> Step`` over
the :class:`~game.view.PlayerView` of the person on turn, so the rules are asked of the
engine (``view.check``, ``view.legal_actions``) and never re-decided here; nothing reaches
the engine before Confirm, so "undo" is a step back to an earlier draft.

Two kinds:

* :class:`SelectDraft`: the round's pieces for every colour the person chooses now (both
  colours of a two-player person in one step), counts per size, one Confirm for all;
* :class:`BuildDraft`: card, piece and tentative city of a build, or card and piece to
  return when no build is legal (``kind == "return"``).

Its JSON form is the saved UI state (``meta.ui.pending``); :func:`parse_draft` is the one
place that reads it back and refuses anything that does not fit the game now (a hand-edited
or stale save), converting the older one-colour selection form.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import Any, Literal

from ...actions import Action, Build, ReturnPiece, Select
from ...errors import IllegalAction, SaveError
from ...material import CITIES, PIECE_FLOORS, Card, plot_for
from ...state import BUILD, SELECT, Counts, selections
from ...view import PlayerView
from .. import messages

Notice = tuple[str, dict[str, Any]]
"""A message id of the catalogue and its parameters."""

NO_COUNTS: Counts = (0, 0, 0, 0)


@dataclass(frozen=True)
class SelectDraft:
    """Pieces chosen so far for each colour of this selection step (same order)."""

    colours: tuple[str, ...]
    pieces: tuple[Counts, ...]

    def counts(self, colour: str) -> Counts:
        return self.pieces[self.colours.index(colour)] if colour in self.colours else NO_COUNTS


@dataclass(frozen=True)
class BuildDraft:
    """A build (or, with ``kind == "return"``, a piece to return) being put together."""

    kind: Literal["build", "return"]
    card: Card | None = None
    colour: str | None = None
    floors: int | None = None
    city: int | None = None


Draft = SelectDraft | BuildDraft


@dataclass(frozen=True)
class Step:
    """The result of a tap: the new draft and the message line to show (None: clear it)."""

    draft: Draft
    notice: Notice | None = None


# ------------------------------------------------------------------ selection facts
def selection_run(view: PlayerView) -> tuple[int, ...]:
    """The colours the viewer chooses now, in the engine's order: the head of the selection
    queue and the viewer's colours right after it."""
    if view.phase != SELECT or not view.my_turn:
        return ()
    owner = view.settings.colour_owner
    return tuple(itertools.takewhile(lambda c: owner[c] == view.player, view.select_queue))


def only_choice(view: PlayerView, colour: int) -> Counts | None:
    """The pieces ``colour`` must take when there is exactly one way to choose them."""
    options = list(itertools.islice(selections(view.stock[colour], view.pieces_needed(colour)),
                                    2))
    return options[0] if len(options) == 1 else None


def selection_colours(view: PlayerView) -> tuple[str, ...]:
    """Names of the colours the viewer chooses pieces for now (forced ones left out: the
    engine takes those by itself)."""
    return tuple(view.settings.colours[c] for c in selection_run(view)
                 if only_choice(view, c) is None)


def forced_selections(view: PlayerView) -> tuple[tuple[str, Counts], ...]:
    """(colour, pieces) of the viewer's colours whose only possible choice the engine takes
    by itself once the others are confirmed."""
    out = []
    for c in selection_run(view):
        only = only_choice(view, c)
        if only is not None:
            out.append((view.settings.colours[c], only))
    return tuple(out)


def need(view: PlayerView, colour: str) -> int:
    return view.pieces_needed(view.settings.colour_index(colour))


def left(draft: SelectDraft, view: PlayerView, colour: str | None = None) -> int:
    """Pieces still to choose for ``colour``, or for every colour of the step."""
    names = draft.colours if colour is None else (colour,)
    return sum(need(view, name) - sum(draft.counts(name)) for name in names
               if name in draft.colours)


def _own_colours(view: PlayerView) -> tuple[str, ...]:
    settings = view.settings
    return tuple(settings.colours[c] for c in settings.player_colours[view.player])


# ------------------------------------------------------------------------ start
def start_draft(view: PlayerView) -> Draft | None:
    """The empty draft for the viewer's decision now (None when it is not their turn)."""
    if not view.my_turn:
        return None
    if view.phase == SELECT:
        colours = selection_colours(view)
        return SelectDraft(colours, (NO_COUNTS,) * len(colours))
    kind: Literal["build", "return"] = (
        "build" if any(isinstance(a, Build) for a in view.legal_actions()) else "return")
    own = _own_colours(view)
    return BuildDraft(kind, colour=own[0] if len(own) == 1 else None)


def fits(draft: Draft | None, view: PlayerView) -> bool:
    """True when ``draft`` is a possible choice for the viewer's decision now."""
    return draft is not None and parse_draft(draft_to_json(draft), view) == draft


# ------------------------------------------------------------------------ steps
def adjust(draft: SelectDraft, view: PlayerView, floors: int, delta: int,
           colour: str | None = None) -> Step:
    """One more (``delta`` 1) or one fewer (-1) piece of ``floors`` floors for ``colour``;
    a tap without a colour goes to the first colour it can apply to."""
    if floors not in PIECE_FLOORS or delta not in (-1, 1) or not draft.colours:
        return Step(draft)
    i = floors - 1
    stock = view.stock
    index = view.settings.colour_index
    if colour is None:
        fitting = [name for name in draft.colours if (
            (delta > 0 and sum(draft.counts(name)) < need(view, name)
             and draft.counts(name)[i] < stock[index(name)][i])
            or (delta < 0 and draft.counts(name)[i] > 0))]
        if delta < 0:
            fitting.reverse()
        colour = (fitting or list(draft.colours))[0]
    if colour not in draft.colours:
        return Step(draft)
    counts = draft.counts(colour)
    if delta > 0:
        if sum(counts) >= need(view, colour):
            return Step(draft, ("select.too_many", {"need": need(view, colour)}))
        if counts[i] >= stock[index(colour)][i]:
            return Step(draft, ("select.none_left", {"floors": floors}))
    elif counts[i] == 0:
        return Step(draft)
    changed = list(counts)
    changed[i] += delta
    new: Counts = (changed[0], changed[1], changed[2], changed[3])
    pieces = tuple(new if name == colour else draft.counts(name) for name in draft.colours)
    return Step(replace(draft, pieces=pieces))


def choose_card(draft: BuildDraft, view: PlayerView, card: Card) -> Step:
    if card not in view.hand:
        return Step(draft, messages.explain("card-not-in-hand", {}))
    return Step(replace(draft, card=card, city=None))


def choose_piece(draft: BuildDraft, view: PlayerView, colour: str, floors: int) -> Step:
    if colour not in _own_colours(view):
        return Step(draft, messages.explain("not-your-colour", {"colour": colour}))
    supply = view.supply[view.settings.colour_index(colour)]
    if floors not in PIECE_FLOORS or supply is None or not supply[floors - 1]:
        return Step(draft, messages.explain("piece-not-in-supply", {"floors": floors, "colour": colour}))
    return Step(replace(draft, colour=colour, floors=floors, city=None))


def tap_plot(draft: Draft, view: PlayerView, city: int, plot: int) -> Step | IllegalAction:
    """A tap on a plot: the tentative build there, a hint, or the engine's refusal (returned
    for the caller to explain, the draft unchanged)."""
    if isinstance(draft, SelectDraft):
        first = draft.colours[0] if draft.colours else None
        return Step(draft, ("select.help", {"need": need(view, first) if first else 0}))
    if draft.kind == "return":
        return Step(draft, ("build.no_build", {}))
    if draft.card is None:
        return Step(draft, ("build.need_card", {}))
    if draft.floors is None or draft.colour is None:
        return Step(draft, ("build.need_piece", {}))
    action = Build(draft.card, city, plot, draft.colour, draft.floors)
    try:
        view.check(action)
    except IllegalAction as error:
        return error
    return Step(replace(draft, city=city), _tentative(draft.floors, city))


def _tentative(floors: int, city: int) -> Notice:
    return ("build.tentative", {  # words written when drawn, in the language then
        "piece": messages.Said("piece.name", {"floors": floors}), "city": messages.Said(f"city.{city}")})


def standing_notice(draft: Draft | None, view: PlayerView) -> Notice | None:
    """The sentence a draft waiting for Confirm says ("… Confirm?"), for a draft read back
    from a save (after a reload) or restored by a take-back: None for any other draft."""
    if tentative_build(draft, view) is None:
        return None
    assert isinstance(draft, BuildDraft) and draft.floors is not None and draft.city is not None
    return _tentative(draft.floors, draft.city)


def undo(draft: Draft, view: PlayerView) -> Step:
    """Take back the last part of the choice: the tentative plot first, then card and piece;
    a selection starts again from nothing."""
    if isinstance(draft, SelectDraft):
        return Step(replace(draft, pieces=(NO_COUNTS,) * len(draft.colours)))
    if draft.city is not None:
        return Step(replace(draft, city=None))
    keep = draft.colour if len(_own_colours(view)) == 1 else None
    return Step(replace(draft, card=None, floors=None, colour=keep))


# ---------------------------------------------------------------------- results
def targets(draft: Draft | None, view: PlayerView) -> frozenset[tuple[int, int]]:
    """(city, plot) of every legal build for the draft's card and piece."""
    if (not isinstance(draft, BuildDraft) or draft.kind != "build" or draft.card is None
            or draft.floors is None or draft.colour is None):
        return frozenset()
    return frozenset((a.city, a.plot) for a in view.legal_actions()
                     if isinstance(a, Build) and a.card == draft.card
                     and a.floors == draft.floors and a.colour == draft.colour)


def tentative_build(draft: Draft | None, view: PlayerView) -> Build | None:
    """The build waiting for Confirm, if the draft has a plot."""
    if not isinstance(draft, BuildDraft) or draft.kind != "build" or draft.city is None:
        return None
    if draft.card is None or draft.colour is None or draft.floors is None:
        return None
    seat = view.settings.seat_of(view.player)
    return Build(draft.card, draft.city, plot_for(seat, draft.card), draft.colour, draft.floors)


def actions(draft: Draft | None, view: PlayerView) -> tuple[Action, ...]:
    """The decisions Confirm sends to the engine, in order (empty: not complete yet)."""
    if isinstance(draft, SelectDraft):
        if not draft.colours or left(draft, view) != 0:
            return ()
        return tuple(Select(name, draft.counts(name)) for name in draft.colours)
    if draft is None or draft.card is None or draft.colour is None or draft.floors is None:
        return ()
    if draft.kind == "return":
        return (ReturnPiece(draft.card, draft.colour, draft.floors),)
    build = tentative_build(draft, view)
    return (build,) if build is not None else ()


# -------------------------------------------------------------------------- JSON
def draft_to_json(draft: Draft | None) -> dict[str, Any] | None:
    """The saved form (``meta.ui.pending``)."""
    if draft is None:
        return None
    if isinstance(draft, SelectDraft):
        return {"kind": "select", "colours": list(draft.colours),
                "pieces": {name: list(draft.counts(name)) for name in draft.colours}}
    return {"kind": draft.kind, "card": list(draft.card) if draft.card else None,
            "colour": draft.colour, "floors": draft.floors, "city": draft.city}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_card(value: Any) -> Card | None:
    try:
        return Card.from_json(value)
    except SaveError:
        return None


def parse_draft(data: Any, view: PlayerView) -> Draft | None:
    """The draft a saved UI state describes, if it fits the viewer's decision now; None for
    anything else (missing, malformed, stale or impossible). A saved selection of the older
    one-colour form (``colour`` and a list of ``pieces``) is converted."""
    if not isinstance(data, dict) or not view.my_turn:
        return None
    kind = data.get("kind")
    if kind == "select":
        return _parse_select(data, view)
    if kind in ("build", "return"):
        return _parse_build(data, view)
    return None


def _parse_select(data: dict[str, Any], view: PlayerView) -> SelectDraft | None:
    if view.phase != SELECT:
        return None
    colours = selection_colours(view)
    pieces = data.get("pieces")
    if isinstance(data.get("colour"), str) and isinstance(pieces, list):
        pieces = {data["colour"]: pieces}  # the one-colour form of earlier versions
    if not isinstance(pieces, dict) or not pieces or not set(pieces) <= set(colours):
        return None
    chosen: list[Counts] = []
    for name in colours:
        counts = pieces.get(name, list(NO_COUNTS))
        stock = view.stock[view.settings.colour_index(name)]
        if not (isinstance(counts, list) and len(counts) == 4
                and all(_is_int(n) and 0 <= n <= have for n, have in zip(counts, stock))
                and sum(counts) <= need(view, name)):
            return None
        chosen.append((counts[0], counts[1], counts[2], counts[3]))
    return SelectDraft(colours, tuple(chosen))


def _parse_build(data: dict[str, Any], view: PlayerView) -> BuildDraft | None:
    empty = start_draft(view)
    if view.phase != BUILD or not isinstance(empty, BuildDraft) or data["kind"] != empty.kind:
        return None
    raw_card, colour, floors, city = (data.get(k) for k in ("card", "colour", "floors", "city"))
    card = _parse_card(raw_card)
    if raw_card is not None and (card is None or card not in view.hand):
        return None
    if colour is not None and colour not in _own_colours(view):
        return None
    if floors is not None:
        if floors not in PIECE_FLOORS or not _is_int(floors) or colour is None:
            return None
        supply = view.supply[view.settings.colour_index(colour)]
        if supply is None or not supply[floors - 1]:
            return None
    draft = BuildDraft(empty.kind, card, colour if colour is not None else empty.colour,
                       floors)
    if city is not None and _is_int(city) and 0 <= city < len(CITIES):
        placed = replace(draft, city=city)
        build = tentative_build(placed, view)
        if build is not None and (build.city, build.plot) in targets(draft, view):
            return placed  # a stale or impossible plot is dropped, the rest kept
    return draft
