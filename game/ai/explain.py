"""Hints and post-game review: the AI side, no UI here.

* :func:`hint` returns the strongest level's decision for a view with a short
  machine-readable reason (:data:`Reason`, plus the city it concerns), which the UI turns
  into a sentence in the person's language.
* :func:`review` compares a decision that was taken with the best alternative and estimates
  the points it cost.

Reasons are read off the board before and after the move (the board does not depend on
hidden information, so a sampled state is fine for applying the move); they say what the
move *does*, the search says that it is best.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Literal

from ..actions import Action, Build, ReturnPiece, Select
from ..board import Board, height, is_safe_from, owner
from ..material import CITIES, PLOTS_PER_CITY
from ..scoring import score_board
from ..view import PlayerView
from . import STRONGEST, Level, decide
from .heuristic import ranked_heuristic
from .search import SearchPlayer
from .selection import takeover_needs

Reason = Literal[
    "only_choice",        # a single legal decision
    "no_legal_build",     # nothing can be built: a piece goes back to the box
    "takes_tallest",      # becomes the owner of the single tallest tower
    "wins_majority",      # wins the majority in ``city``
    "breaks_majority",    # an opponent loses the majority in ``city``
    "takes_over",         # takes an opponent's tower in ``city``
    "makes_safe",         # an own tower can no longer be taken over
    "raises_own",         # builds on an own tower
    "new_tower",          # builds on an empty plot
    "pieces_for_takeovers",  # selection: pieces matched to the take-overs its cards allow
    "keeps_big_pieces",   # selection: keeps 4-floor pieces for later rounds
    "balanced_pieces",    # selection: uses sizes in proportion to the stock
]


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: Reason
    city: int | None = None
    """Index into :data:`game.material.CITIES` when the reason concerns one city."""

    def to_json(self) -> dict[str, object]:
        return {"reason": self.reason, "city": self.city,
                "city_name": None if self.city is None else CITIES[self.city]}


@dataclass(frozen=True)
class Review:
    played: Action
    best: Action
    points_lost: float
    """Estimated points (own minus the best opponent's, at the end) the played decision
    costs against ``best``; 0 when it is the best."""
    played_reason: Hint
    best_reason: Hint


def reason_for(view: PlayerView, action: Action, rng: random.Random | None = None) -> Hint:
    """What ``action`` does, as a machine-readable reason (see :data:`Reason`)."""
    if len(view.legal_actions()) == 1:
        return Hint(action, "only_choice")
    if isinstance(action, ReturnPiece):
        return Hint(action, "no_legal_build")
    if isinstance(action, Select):
        return Hint(action, _selection_reason(view, action))
    assert isinstance(action, Build)
    state = view.sample_state(rng or random.Random(0))
    mine = view.settings.player_colours[view.player]
    colour = view.settings.colour_index(action.colour)
    before, after = state.board, state.apply(action).board
    pos = action.city * PLOTS_PER_CITY + action.plot
    old, new = score_board(before, len(view.settings.colours)), score_board(
        after, len(view.settings.colours))
    if new.tallest is not None and owner(after[new.tallest]) in mine and (
            old.tallest is None or owner(before[old.tallest]) not in mine):
        return Hint(action, "takes_tallest", action.city)
    was, now = old.cities[action.city].majority, new.cities[action.city].majority
    if now in mine and was not in mine:
        return Hint(action, "wins_majority", action.city)
    if was is not None and was not in mine and now != was:
        return Hint(action, "breaks_majority", action.city)
    top = owner(before[pos])
    if top is not None and top not in mine:
        return Hint(action, "takes_over", action.city)
    owners = view.settings.colour_owner
    if _safe(after, pos, colour, owners) and not _safe(before, pos, colour, owners):
        return Hint(action, "makes_safe", action.city)
    if top is not None:
        return Hint(action, "raises_own", action.city)
    return Hint(action, "new_tower", action.city)


def _safe(board: Board, pos: int, colour: int, owners: tuple[int, ...]) -> bool:
    """``colour``'s tower can no longer be taken over by another person (at two players the
    person's other colour taking it keeps it theirs)."""
    tower = board[pos]
    if not tower or owner(tower) != colour:
        return False
    others = {c for c, _ in tower if owners[c] != owners[colour]} or {-1}
    return all(is_safe_from(tower, c) for c in others) and height(tower) > 0


def _selection_reason(view: PlayerView, action: Select) -> Reason:
    colour = view.settings.colour_index(action.colour)
    needs = takeover_needs(view, view.player, colour, two_colour=True)
    stock = view.stock[colour]
    share = stock[3] * sum(action.pieces) / max(1, sum(stock))
    if action.pieces[3] < share - 0.5 and view.round < view.settings.round_count:
        return "keeps_big_pieces"
    if needs:
        return "pieces_for_takeovers"
    return "balanced_pieces"


def hint(view: PlayerView, rng: random.Random, level: Level = STRONGEST) -> Hint:
    """The decision ``level`` (the strongest by default) would take, with its reason."""
    action = decide(level.make(), view, rng)
    return reason_for(view, action, rng)


def review(view: PlayerView, played: Action, rng: random.Random,
           level: Level = STRONGEST) -> Review:
    """How ``played`` compares with the best decision ``level`` finds for ``view``.

    For a search level, the played decision is searched alongside the level's own
    candidates and the mean rewards are turned back into points (the reward is a logistic
    of the margin over the best opponent, at the level's ``margin_scale``). For the ``heuristic`` kind the
    one-ply values are points already (fast: ~10 ms).
    """
    legal = view.legal_actions()
    if played not in legal:
        raise ValueError("the played decision is not legal in this view")
    if len(legal) == 1:
        same = reason_for(view, played, rng)
        return Review(played, played, 0.0, same, same)
    if level.kind == "heuristic":
        ranked = ranked_heuristic(view, rng)
        values = {a: v for v, a in ranked}
        best = ranked[0][1]
        lost = max(0.0, values[best] - values[played])
    else:
        player = level.make()
        if not isinstance(player, SearchPlayer):
            raise ValueError(f"{level.id!r} cannot review decisions")
        thinking = player.start(view, rng, include=played)
        while not thinking.step(None):
            pass
        best = thinking.best()
        stats = {a: (visits, reward) for a, visits, reward in thinking.statistics()}
        scale = thinking.config.margin_scale
        lost = max(0.0, _points(stats[best][1], scale) - _points(stats[played][1], scale))
    return Review(played, best, round(lost, 2), reason_for(view, played, rng),
                  reason_for(view, best, rng))


def _points(reward: float, scale: float) -> float:
    """The margin (points) a mean reward corresponds to (inverse of the logistic of
    ``scale``: the search's ``margin_scale``)."""
    r = min(max(reward, 1e-4), 1 - 1e-4)
    return scale * math.log(r / (1 - r))
