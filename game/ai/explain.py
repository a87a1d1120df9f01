"""Hints and post-game review: the AI side, no UI here.

One evaluation answers both (:class:`Evaluation`): the strongest level's search on a random
stream derived from the view itself (:func:`view_seed`), so the same question gets the same
answer in every interpreter, and a hint and the review of the same view name the same best
decision. How far apart two decisions are is then measured on common determinizations:
both are played out on the same :data:`SAMPLES` sampled states with the same random numbers,
and the paired differences give a mean and a standard error. A decision is costly only when
the best beats it by more than :data:`SURE` standard errors; otherwise it was a good choice.

* :func:`hint` returns the evaluation's best decision with a short machine-readable reason
  (:data:`Reason`, plus the city it concerns), which the UI turns into a sentence in the
  person's language; when the runner-up is within the noise it comes along ("either of
  these is fine").
* :func:`review` compares a decision that was taken with that best decision.

Reasons are read off the board before and after the move (the board does not depend on
hidden information, so a sampled state is fine for applying the move); they say what the
move *does*, the search says that it is best. The same move in the same view always gets
the same reason, whether a hint or the review names it.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Generator
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Literal, TypeVar

from ..actions import Action, Build, ReturnPiece, Select
from ..board import Board, height, is_safe_from, owner
from ..material import CITIES, PLOTS_PER_CITY
from ..scoring import score_board
from ..state import CHANCE
from ..view import PlayerView
from . import STRONGEST, Level
from .heuristic import ranked_heuristic
from .search import SearchPlayer, SearchThinking, playout_step, projected_points
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


# ---------------------------------------------------------------- the evaluation
SAMPLES = 64
"""Determinizations on which two decisions are compared (each played out once after each)."""
SURE = 2.0
"""Standard errors a difference must exceed to count: below it the two are equally good."""
CLEAR = 4.0
"""Standard errors from which a better decision is "clearly" better (between SURE and
CLEAR: "slightly" better)."""
MIN_POINTS = 0.1
"""A difference below this (points) is not worth showing even when it is beyond the noise."""

Verdict = Literal["best", "good_choice", "slightly_better", "clearly_better"]
"""How the best decision compares with another: ``best``: it is the best; ``good_choice``:
the difference is within the evaluation's noise (or below :data:`MIN_POINTS`);
``slightly_better`` / ``clearly_better``: the best is better by more than :data:`SURE`
(:data:`CLEAR`) standard errors."""
VERDICTS: tuple[Verdict, ...] = ("best", "good_choice", "slightly_better", "clearly_better")


def view_seed(view: PlayerView) -> str:
    """A text that only depends on the view (the question), so that every interpreter (CPython,
    Pyodide in the page or in a worker) draws the same random stream for it: a digest of the
    view's fields written out canonically (no ``hash()``: it is salted per process). An empty
    :attr:`~game.view.PlayerView.history` (the page's views) is left out, so the digest of
    a view without one is what it is for the fields every view has."""
    return hashlib.sha256(_canonical(view).encode()).hexdigest()[:32]


def _canonical(value: object) -> str:
    if is_dataclass(value) and not isinstance(value, type):
        inner = ",".join(f"{f.name}={_canonical(getattr(value, f.name))}"
                         for f in fields(value)
                         if not (f.name == "history" and not getattr(value, f.name)))
        return f"{type(value).__name__}({inner})"
    if isinstance(value, (tuple, list)):
        return "[" + ",".join(_canonical(v) for v in value) + "]"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(_canonical(v) for v in value)) + "}"
    if isinstance(value, dict):
        return "{" + ",".join(sorted(f"{_canonical(k)}:{_canonical(v)}"
                                     for k, v in value.items())) + "}"
    return repr(value)


@dataclass(frozen=True)
class Comparison:
    """The best decision against another on the same :data:`SAMPLES` determinizations (each
    played out with the same random numbers after both): ``points`` is the mean of the best's
    margin minus the other's (points over the best opponent where the playouts stop; negative:
    the other did better), ``error`` its standard error."""

    points: float
    error: float

    @property
    def verdict(self) -> Verdict:
        if self.points < MIN_POINTS or self.points <= SURE * self.error:
            return "good_choice"
        return "clearly_better" if self.points > CLEAR * self.error else "slightly_better"


SAME = Comparison(0.0, 0.0)


class Evaluation:
    """The coach's one evaluation of a view: the strongest level's search with its budget
    alone (no time cap, so a slow device gets the same answer) on the random stream of
    :func:`view_seed`, then paired playouts that say how far apart two decisions are.

    A hint and a review of the same view build the same evaluation, so the review's best
    is the hint, and a comparison of two decisions is the same number whoever asks."""

    def __init__(self, view: PlayerView, level: Level = STRONGEST) -> None:
        player = level.make()
        if not isinstance(player, SearchPlayer):
            raise ValueError(f"{level.id!r} cannot evaluate decisions")
        self.view = view
        self.seed = view_seed(view)
        self.config = replace(player.config_for(view.settings.player_count), max_seconds=None)
        self.thinking = SearchThinking(self.config, view, random.Random(f"{self.seed}/search"))
        self._values: dict[Action, list[float]] = {}

    def steps(self, slice_seconds: float | None = None) -> Generator[None, None, None]:
        """The search in slices of about ``slice_seconds`` (None: at once), yielding between
        them; the same result however it is sliced."""
        while not self.thinking.step(slice_seconds):
            yield None

    @property
    def best(self) -> Action:
        return self.thinking.best()

    def runner_up(self) -> Action | None:
        """The search's second choice (most visits after the best), None with one choice."""
        best = self.best
        others = [(visits, -i, a) for i, (a, visits, _) in enumerate(self.thinking.statistics())
                  if a != best and visits > 0]
        return max(others)[2] if others else None

    def values(self, action: Action) -> list[float]:
        """``action``'s margin (points over the best opponent) on each determinization,
        played out by the search's own playout policy and leaf valuation."""
        known = self._values.get(action)
        if known is None:
            known = self._values[action] = [self._play_out(action, k) for k in range(SAMPLES)]
        return known

    def value_steps(self, *actions: Action) -> Generator[None, None, None]:
        """:meth:`values` of ``actions``, yielding after each (for a page's slices)."""
        for action in actions:
            self.values(action)
            yield None

    def compare(self, other: Action) -> Comparison:
        """The best decision against ``other`` on common determinizations."""
        if other == self.best:
            return SAME
        diffs = [b - o for b, o in zip(self.values(self.best), self.values(other))]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return Comparison(round(mean, 2), round(math.sqrt(var / n), 2))

    def _play_out(self, action: Action, k: int) -> float:
        rng = random.Random(f"{self.seed}/sample/{k}")
        state = self.view.sample_state(rng)
        rng = random.Random(rng.getrandbits(64))  # the same numbers after every decision
        root_round, depth = state.round, self.config.depth
        state = state.apply(action)
        limit = 10 ** 6 if depth is None else depth - 1
        while not state.is_over and state.round == root_round:
            if state.phase != CHANCE:
                if limit <= 0:
                    break
                limit -= 1
            state = playout_step(state, rng)
        projected = projected_points(state, self.config.foresight,
                                     not state.is_over and state.round == root_round)
        me = self.view.player
        return projected[me] - max(v for q, v in enumerate(projected) if q != me)


# ---------------------------------------------------------------- hint and review
@dataclass(frozen=True)
class Hint:
    action: Action
    reason: Reason
    city: int | None = None
    """Index into :data:`game.material.CITIES` when the reason concerns one city."""
    alternative: Hint | None = None
    """A second decision within the evaluation's noise of this one ("either of these is
    fine"), with its own reason; None when the hint is clearly the best (or the only one)."""

    def to_json(self) -> dict[str, object]:
        return {"reason": self.reason, "city": self.city,
                "city_name": None if self.city is None else CITIES[self.city]}


@dataclass(frozen=True)
class Review:
    played: Action
    best: Action
    points_lost: float
    """Estimated points (own minus the best opponent's where the playouts stop) the played
    decision costs against ``best``: the mean of the paired differences (0 when it is the
    best; may be negative: the played decision did better)."""
    played_reason: Hint
    best_reason: Hint
    error: float = 0.0
    """The standard error of ``points_lost`` (0 for the quick pass, which has none)."""
    verdict: Verdict = "best"

    @property
    def costly(self) -> bool:
        """Beyond the evaluation's noise: worth showing as a costly decision."""
        return self.verdict in ("slightly_better", "clearly_better")


def hint_steps(view: PlayerView, level: Level = STRONGEST,
               slice_seconds: float | None = None) -> Generator[None, None, Hint]:
    """:func:`hint` in slices (yielding between them, for a page's event loop)."""
    legal = view.legal_actions()
    if len(legal) == 1:
        return reason_for(view, legal[0])
    evaluation = Evaluation(view, level)
    yield from evaluation.steps(slice_seconds)
    best, second = evaluation.best, evaluation.runner_up()
    alternative = None
    if second is not None:
        yield from evaluation.value_steps(best, second)
        if evaluation.compare(second).verdict == "good_choice":
            alternative = reason_for(view, second)
    return replace(reason_for(view, best), alternative=alternative)


def hint(view: PlayerView, level: Level = STRONGEST) -> Hint:
    """The best decision of the coach's :class:`Evaluation` of ``view``, with its reason and,
    when the runner-up is within the noise, the runner-up too."""
    return _drain(hint_steps(view, level))


def review_steps(view: PlayerView, played: Action, level: Level = STRONGEST,
                 slice_seconds: float | None = None) -> Generator[None, None, Review]:
    """:func:`review` in slices (yielding between them)."""
    legal = view.legal_actions()
    if played not in legal:
        raise ValueError("the played decision is not legal in this view")
    if len(legal) == 1:
        same = reason_for(view, played)
        return Review(played, played, 0.0, same, same)
    if level.kind == "heuristic":
        ranked = ranked_heuristic(view, random.Random(view_seed(view)))
        values = {a: v for v, a in ranked}
        best = ranked[0][1]
        lost = max(0.0, values[best] - values[played])
        return Review(played, best, round(lost, 2), reason_for(view, played),
                      reason_for(view, best), 0.0, "best" if best == played else "good_choice")
    evaluation = Evaluation(view, level)
    yield from evaluation.steps(slice_seconds)
    best = evaluation.best
    if best != played:
        yield from evaluation.value_steps(best, played)
    comparison = evaluation.compare(played)
    return Review(played, best, comparison.points, reason_for(view, played),
                  reason_for(view, best), comparison.error,
                  "best" if best == played else comparison.verdict)


def review(view: PlayerView, played: Action, level: Level = STRONGEST) -> Review:
    """How ``played`` compares with the best decision of the coach's :class:`Evaluation` of
    ``view`` (the decision a hint gives for the same view): the paired difference with its
    standard error and a verdict. The ``heuristic`` level gives its one-ply values instead
    (fast, no noise estimate: only for picking which decisions to evaluate, never a
    verdict: its verdict is ``good_choice`` at most)."""
    return _drain(review_steps(view, played, level))


T = TypeVar("T")


def _drain(steps: Generator[None, None, T]) -> T:
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
