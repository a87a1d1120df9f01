"""The post-game review: each person's three costliest decisions.

The game's log is replayed through the engine (the session's :class:`~game.story.Story`
keeps the state before every step); each decision a person took becomes a review request
over that person's :class:`~game.view.PlayerView` of the moment (never more than they knew).

Two passes, because the full search is too slow for every decision of a game (a person
takes about 30 decisions; the strongest level needs about a second each in Pyodide):

1. **quick**: :func:`game.ai.explain.review` with the ``heuristic`` level for every decision
   (one-ply values, in points: ~10 ms each in CPython). It only picks candidates: its
   values disagree with the search by design and carry no noise estimate, so it never
   decides a verdict;
2. **deep**: the coach's evaluation (:class:`game.ai.explain.Evaluation`, the one hints
   come from) on each person's :data:`DEEP_CANDIDATES` costliest decisions by the quick
   pass. A decision is shown only when the evaluation finds the better one beyond its
   noise (``Review.costly``). Only in the thinking worker: a second of main-thread work
   per decision would freeze the page. Without a worker no decision is judged, and the
   review says so.

The job is a frozen value driven by the page's update (``planned``, ``next_request``,
``recorded``), so it runs the same in tests. Cancelling stops it between two requests.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from itertools import count
from typing import Literal

from ...actions import Action, is_chance
from ...ai import STRONGEST, Level
from ...ai.explain import Review
from ...ai.levels import HEURISTIC
from ...match import Game
from ...state import State
from ...view import player_view
from .coach import Answer, Request

QUICK = HEURISTIC
DEEP_CANDIDATES = 4
"""Decisions per person the strongest level looks at again after the quick pass."""
SHOWN = 3
"""Costliest decisions shown per person."""
MIN_POINTS = 0.1
"""The quick pass's candidates: decisions it values at least this much (points) below its best."""


@dataclass(frozen=True)
class Decision:
    step: int
    """Index in the game's log; the board before it is the state after step ``step - 1``."""
    player: int
    round: int
    state: State
    played: Action


_SERIALS = count(1)


@dataclass(frozen=True)
class ReviewJob:
    """A review, as a value: each step of it (a plan, an answer recorded, the deep pass
    dropped, a cancel) is a new job with the same :attr:`serial`, which the page's update
    puts in its state; an answer for a job of another serial is for a review no longer
    open."""

    game_id: str
    seed: str
    decisions: tuple[Decision, ...]
    people: tuple[int, ...]
    serial: int = 0
    """Which review of this page it is (a review started again is another)."""
    quick: Mapping[int, Review] = field(default_factory=dict)
    deep: Mapping[int, Review] = field(default_factory=dict)
    deep_queue: tuple[int, ...] | None = None
    deep_dropped: bool = False
    state: Literal["running", "done", "cancelled"] = "running"

    @classmethod
    def start(cls, game_id: str, game: Game, states: list[State]) -> ReviewJob:
        """A review of ``game`` (finished), ``states[k]`` being the state before log step
        ``k`` (the session's story). Only decisions of people (not computers) are reviewed."""
        humans = tuple(p for p, spec in enumerate(game.settings.players)
                       if spec.played_by == "human")
        decisions = []
        for step, action in enumerate(game.log):
            before = states[step]
            if is_chance(action) or before.current is None or before.current not in humans:
                continue
            decisions.append(Decision(step, before.current, before.round, before, action))
        return cls(game_id, game.seed, tuple(decisions), humans, next(_SERIALS))

    @property
    def running(self) -> bool:
        return self.state == "running"

    def _request(self, d: Decision, level: Level) -> Request:
        view = player_view(d.state, d.player)
        return Request("review", view, level, f"{self.seed}/review/{d.step}", d.played)

    def planned(self, deep_allowed: bool) -> ReviewJob:
        """The job once its quick pass is over: the deep pass's decisions chosen (none
        when ``deep_allowed`` is false: no thinking worker for the strongest level), and
        done when nothing is left. The same job while the quick pass runs."""
        if not self.running or any(d.step not in self.quick for d in self.decisions):
            return self
        job = self
        if job.deep_queue is None:
            job = replace(job, deep_queue=tuple(job._candidates()) if deep_allowed else (),
                          deep_dropped=not deep_allowed)
        if deep_allowed and not job.deep_dropped:
            if any(step not in job.deep for step in job.deep_queue or ()):
                return job
        elif not job.deep_dropped:
            job = replace(job, deep_dropped=True)
        return replace(job, state="done")

    def next_request(self) -> Request | None:
        """The next review to compute (None: the job is over) of a job :meth:`planned`."""
        if not self.running:
            return None
        for d in self.decisions:
            if d.step not in self.quick:
                return self._request(d, QUICK)
        if self.deep_queue is not None and not self.deep_dropped:
            by_step = {d.step: d for d in self.decisions}
            for step in self.deep_queue:
                if step not in self.deep:
                    return self._request(by_step[step], STRONGEST)
        return None

    def _candidates(self) -> list[int]:
        out: list[int] = []
        for p in self.people:
            mine = sorted((d for d in self.decisions if d.player == p and
                           self.quick[d.step].points_lost >= MIN_POINTS),
                          key=lambda d: -self.quick[d.step].points_lost)
            out += [d.step for d in mine[:DEEP_CANDIDATES]]
        return out

    def recorded(self, request: Request, answer: Answer) -> ReviewJob:
        """With the answer to a request from :meth:`next_request` (anything else is
        ignored)."""
        if not self.running or answer.review is None or request.kind != "review":
            return self
        step = int(request.seed.rsplit("/", 1)[1])
        if request.level == QUICK:
            return replace(self, quick={**self.quick, step: answer.review})
        return replace(self, deep={**self.deep, step: answer.review})

    def without_deep(self) -> ReviewJob:
        """The worker is gone: the rest is judged by the quick pass only."""
        return replace(self, deep_dropped=True)

    def cancelled(self) -> ReviewJob:
        return replace(self, state="cancelled") if self.running else self

    def progress(self) -> tuple[int, int]:
        queue = self.deep_queue
        deep_total = len(queue) if queue is not None and not self.deep_dropped else (
            0 if queue is not None else len(self.people) * DEEP_CANDIDATES)
        return len(self.quick) + len(self.deep), len(self.decisions) + deep_total
