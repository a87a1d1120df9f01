"""The search player: single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012),
in the spirit of OpenSpiel's ``ismcts.py``.

Why this design:

* **No peeking.** Every iteration starts from ``view.sample_state(rng)``: other hands, the draw
  pile and hidden selections are drawn afresh, consistent with what the player has seen. One
  tree is shared by all these determinizations; a child's *availability* counts how often its
  action was legal when its parent was visited, and UCB uses it instead of the parent's visits
  (actions that exist only in some determinizations are not undervalued).
* **Pruned, ordered branching.** A turn has up to ~100 legal builds. The root keeps the
  ``root_width`` best by the greedy evaluation, other nodes the ``inner_width`` best by the fast
  estimate of :mod:`game.ai.policy`; unexplored children are expanded best-first.
* **Short, informed playouts.** A playout uses the fast greedy-with-noise policy and stops at
  the end of the root's round (every leaf is judged at the same moment, right after a scoring,
  when everybody has placed the same number of pieces). The leaf is valued by points so far
  plus the board's value weighted by the scorings still to come, turned into a reward in
  [0, 1] per player by a logistic of the margin over the best opponent; at the end of the game
  the real result (tie-break included) dominates. Chance steps (reshuffles) inside playouts are
  drawn with ``state.sample_chance``.
* **Slices.** The browser runs Python on the main thread, so thinking is a :class:`SearchThinking`
  object whose :meth:`SearchThinking.step` does a bounded amount of work and returns. A fixed
  iteration budget makes decisions reproducible whatever the slicing: the search owns a private
  generator seeded once from the caller's ``rng`` at :meth:`SearchPlayer.start`.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ..actions import Action
from ..state import CHANCE, SELECT, State
from ..view import PlayerView, player_view
from .belief import Belief
from .evaluate import colour_values, future_weight, player_values
from .foresight import outlook
from .greedy import ranked_actions
from .heuristic import ThreatModel, build_value, ranked_heuristic, scorings_to_come
from .policy import playout_build, top_builds
from .selection import ranked_selections

THINK_CLOCK = time.perf_counter if sys.platform == "emscripten" else time.process_time
"""The clock of ``SearchConfig.max_seconds``: CPU time in CPython (a busy machine does not cut
a decision short, so matches are reproducible); wall time in Pyodide, where the person's wait
is what counts and ``time.process_time`` can raise ("processor time ... not available")."""

MARGIN_SCALE = 5.0
"""Points of lead that make a leaf's reward about 0.73 (logistic of margin / scale)."""
WIN_WEIGHT = 0.7
"""At the end of the game, the share of the reward given by winning (the rest by the margin)."""


def playout_step(state: State, rng: random.Random) -> State:
    """One step of the default policy: a chance outcome, noisy piece choice or a quick build."""
    if state.phase == CHANCE:
        return state.apply(state.sample_chance(rng))
    if state.phase == SELECT:
        return state.apply(ranked_selections(state, rng, noise=0.5, two_colour=True)[0])
    return state.apply(playout_build(state, rng))


@dataclass(frozen=True)
class SearchConfig:
    """A strength level: ``iterations`` is the deterministic budget; ``max_seconds`` (None by
    default) caps the thinking time of one decision (the time its steps used, by
    ``THINK_CLOCK``: CPU time in CPython, so a busy machine does not cut it short; wall time
    in Pyodide), which makes results depend on the machine's speed once the cap is reached."""

    iterations: int
    root_width: int = 10
    inner_width: int = 4
    select_width: int = 4
    exploration: float = 0.6
    max_seconds: float | None = None
    foresight: float = 0.0
    """Weight of :func:`game.ai.foresight.outlook` in leaf values (0: the board alone)."""
    root_ranking: Literal["greedy", "heuristic"] = "greedy"
    """Which one-ply player ranks the root's candidate builds."""
    depth: int | None = None
    """Decisions from the root (tree and playout together) after which a playout stops and
    the position is valued mid-round; None: play out to the end of the root's round."""
    inner_ranking: Literal["fast", "heuristic"] = "fast"
    """How inner build nodes choose their ``inner_width`` options. ``fast``: the fast estimate
    of :mod:`game.ai.policy`. ``heuristic``: the fast estimate's best ``inner_pool`` builds
    re-ranked by ``heuristic``'s value for the player to move (threat model from that
    player's seat), so the replies the tree considers are the ones a threat-aware player
    makes (the fast estimate's best 4 hold the heuristic's choice only 55-76% of the time)."""
    inner_pool: int = 8
    """Builds the fast estimate passes on to the heuristic re-ranking of inner nodes."""
    root_select_width: int = 0
    """Selections the root weighs (0: ``root_width``). 1 plays the selection heuristic's
    first choice without searching (the take-over-matched pieces ``heuristic`` takes)."""
    prior: int = 0
    """Virtual visits per root build given by the one-ply ranking's value (its projected
    margin turned into a reward like a leaf's): the search starts from the heuristic's opinion
    and moves away from it only as far as its playouts show (0: no prior)."""
    beliefs: bool = False
    """Draw the other hands of each determinization from :class:`game.ai.belief.Belief`
    (what each opponent's past builds say about its cards) instead of uniformly; needs the
    view's :attr:`~game.view.PlayerView.history` (without it: uniform, as when off)."""
    margin_scale: float = MARGIN_SCALE
    """Points of lead over the best opponent that make a leaf's reward about 0.73 (the
    logistic's scale). Why a setting: a two-player person's projected points sum two
    colours', so leads are larger there and a scale fit for one colour saturates."""


class Node:
    """Statistics of one action sequence from the root (shared by all determinizations)."""

    __slots__ = ("children", "visits", "totals", "available")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.totals = [0.0] * players
        self.available = 1


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def projected_points(state: State, foresight: float = 0.0,
                     mid_round: bool = False) -> list[float]:
    """Each player's final points as a leaf foresees them: points so far plus the board's
    value (and ``foresight``'s outlook) weighted by the scorings still to come
    (``mid_round``: the round's own scoring counts fully)."""
    settings = state.settings
    points = state.player_points()
    if state.is_over:
        return [float(p) for p in points]
    left = settings.round_count - len(state.scorings)
    weight = scorings_to_come(settings, len(state.scorings)) if mid_round \
        else future_weight(left)
    colour_vals = colour_values(state.board, len(settings.colours), owners=settings.colour_owner)
    if foresight and weight:
        colour_vals = [v + foresight * e / weight
                       for v, e in zip(colour_vals, outlook(state, weight, mid_round))]
    values = player_values(colour_vals, settings)
    return [p + weight * v for p, v in zip(points, values)]


def leaf_rewards(state: State, foresight: float = 0.0, mid_round: bool = False,
                 scale: float = MARGIN_SCALE) -> list[float]:
    """Each player's reward in [0, 1] for a playout that ended in ``state`` (``mid_round``:
    stopped before the round's scoring, which then counts fully; ``scale``: the margin's,
    see ``SearchConfig.margin_scale``)."""
    projected = projected_points(state, foresight, mid_round)
    rewards = []
    for p, mine in enumerate(projected):
        best_other = max(v for q, v in enumerate(projected) if q != p)
        rewards.append(_sigmoid((mine - best_other) / scale))
    if state.is_over:
        winners = [s.player for s in state.standings() if s.winner]
        share = 1.0 / len(winners)
        rewards = [WIN_WEIGHT * (share if p in winners else 0.0) + (1 - WIN_WEIGHT) * r
                   for p, r in enumerate(rewards)]
    return rewards


class SearchThinking:
    """One decision being searched; advance it with :meth:`step`, read it with :meth:`best`."""

    def __init__(self, config: SearchConfig, view: PlayerView, rng: random.Random,
                 include: Action | None = None) -> None:
        self.config = config
        self.view = view
        self.rng = random.Random(rng.getrandbits(64))
        self.players = view.settings.player_count
        self.root = Node(self.players)
        self.iterations = 0
        self.seconds = 0.0
        """Process time spent in :meth:`step` so far (for ``SearchConfig.max_seconds``)."""
        self.root_round = view.round
        self.prior_visits = 0
        """Virtual visits every root candidate started with (``SearchConfig.prior``)."""
        self.belief: Belief | None = None
        legal = view.legal_actions()
        ranked: list[tuple[float, Action]] = []
        if not legal:
            raise ValueError("it is not this player's turn")
        if len(legal) == 1:
            self.candidates: list[Action] = legal
        elif view.phase == SELECT:
            width = config.root_select_width or config.root_width
            self.candidates = list(ranked_selections(view, two_colour=True)[:width])
        else:
            ranking = ranked_heuristic if config.root_ranking == "heuristic" else ranked_actions
            ranked = ranking(view, self.rng)
            self.candidates = [a for _, a in ranked[:config.root_width]]
        if include is not None and include not in self.candidates and include in legal:
            self.candidates.append(include)  # searched too (a decision under review)
        if config.prior and len(self.candidates) > 1 and view.phase != SELECT:
            self._seed_prior(ranked, config.prior)
        if config.beliefs and len(self.candidates) > 1:
            self.belief = Belief(view)

    def _seed_prior(self, ranked: list[tuple[float, Action]], visits: int) -> None:
        """Give every root candidate ``visits`` virtual visits at the reward its one-ply value
        (a margin in points over the best opponent) would have as a leaf."""
        me = self.view.player
        value = {a: v for v, a in ranked}
        count = self.prior_visits = visits
        for action in self.candidates:
            node = Node(self.players)
            node.visits = count
            node.available = count * len(self.candidates)
            node.totals[me] = count * _sigmoid(value[action] / self.config.margin_scale)
            self.root.children[action] = node

    @property
    def budget(self) -> int:
        """Iterations this decision will take in total (0 when there is nothing to decide)."""
        return 0 if len(self.candidates) == 1 else self.config.iterations

    @property
    def done(self) -> bool:
        if self.iterations >= self.budget:
            return True
        cap = self.config.max_seconds
        return cap is not None and self.seconds >= cap

    def step(self, max_seconds: float | None = None, max_iterations: int | None = None) -> bool:
        """Run about ``max_seconds`` of work or up to ``max_iterations`` iterations (whichever
        comes first; at least one iteration unless done). Returns True once the budget is spent."""
        wall, cpu = time.perf_counter, THINK_CLOCK
        deadline = None if max_seconds is None else wall() + max_seconds
        cap = self.config.max_seconds
        cpu_started = cpu()
        cap_at = None if cap is None else cpu_started + cap - self.seconds
        limit = self.budget if max_iterations is None else min(self.budget,
                                                               self.iterations + max_iterations)
        while self.iterations < limit:
            self._iterate()
            self.iterations += 1
            if deadline is not None and wall() >= deadline:
                break
            if cap_at is not None and cpu() >= cap_at:
                break
        self.seconds += cpu() - cpu_started
        return self.done

    def best(self) -> Action:
        """The most visited root action so far (ties: higher mean reward, then greedy order)."""
        me = self.view.player
        best, key = self.candidates[0], (-1, 0.0)
        for action in self.candidates:
            node = self.root.children.get(action)
            if node is None:
                continue
            k = (node.visits, node.totals[me] / node.visits)
            if k > key:
                best, key = action, k
        return best

    def statistics(self) -> list[tuple[Action, int, float]]:
        """(action, visits, mean reward for this player) per root candidate, for display/debug
        (visits by iterations; the mean reward includes the prior's virtual visits)."""
        me = self.view.player
        out = []
        for action in self.candidates:
            node = self.root.children.get(action)
            out.append((action, node.visits - self.prior_visits if node else 0,
                        node.totals[me] / node.visits if node and node.visits else 0.0))
        return out

    # ----------------------------------------------------------------- internals
    def _options(self, state: State) -> list[Action]:
        config = self.config
        if state.phase == SELECT:
            return list(ranked_selections(state, two_colour=True)[:config.select_width])
        if config.inner_ranking != "heuristic":
            return top_builds(state, config.inner_width)
        pool = top_builds(state, config.inner_pool)
        if len(pool) <= 1:
            return pool
        mover = state.current
        assert mover is not None
        threats = ThreatModel(player_view(state, mover))
        valued = sorted(((build_value(state, a, mover, threats), i) for i, a in enumerate(pool)),
                        reverse=True)
        return [pool[i] for _, i in valued[:config.inner_width]]

    def _iterate(self) -> None:
        rng = self.rng
        c = self.config.exploration
        state = self.view.sample_state(rng) if self.belief is None \
            else self.belief.sample_state(rng)
        node = self.root
        path = [node]
        while True:
            while state.phase == CHANCE:
                state = state.apply(state.sample_chance(rng))
            if state.is_over or state.round != self.root_round:
                break
            actions = self.candidates if node is self.root else self._options(state)
            children = node.children
            fresh = None
            for action in actions:
                child = children.get(action)
                if child is None:
                    if fresh is None:
                        fresh = action
                else:
                    child.available += 1
            if fresh is not None:
                child = Node(self.players)
                children[fresh] = child
                state = state.apply(fresh)
                path.append(child)
                break
            mover = state.current
            assert mover is not None
            best_score = -1.0
            best_action = actions[0]
            for action in actions:
                child = children[action]
                log_n = math.log(child.available)
                score = (child.totals[mover] / child.visits
                         + c * math.sqrt(log_n / child.visits))
                if score > best_score:
                    best_score, best_action = score, action
            node = children[best_action]
            path.append(node)
            state = state.apply(best_action)
        rewards = self._playout(state, len(path) - 1)
        for n in path:
            n.visits += 1
            totals = n.totals
            for p in range(self.players):
                totals[p] += rewards[p]

    def _playout(self, state: State, plies: int) -> list[float]:
        rng = self.rng
        depth = self.config.depth
        limit = 10**6 if depth is None else depth - plies
        while not state.is_over and state.round == self.root_round:
            if state.phase != CHANCE:
                if limit <= 0:
                    break
                limit -= 1
            state = playout_step(state, rng)
        return leaf_rewards(state, self.config.foresight,
                            not state.is_over and state.round == self.root_round,
                            self.config.margin_scale)


class SearchPlayer:
    """ISMCTS with a fixed iteration budget (see :class:`SearchConfig`).

    ``tables`` gives a table size (player count) its own configuration; other sizes use
    ``config``. Why: what helps at one table size was measured to hurt at another
    (docs/ai.md), and a match or an experiment always plays one size, so one
    configuration per size is all a level needs."""

    def __init__(self, player_id: str, config: SearchConfig,
                 tables: Mapping[int, SearchConfig] | None = None) -> None:
        self.id = player_id
        self.config = config
        self.tables: Mapping[int, SearchConfig] = dict(tables or {})

    def config_for(self, players: int) -> SearchConfig:
        """The configuration this level plays with at a table of ``players``."""
        return self.tables.get(players, self.config)

    def start(self, view: PlayerView, rng: random.Random,
              include: Action | None = None) -> SearchThinking:
        """Begin thinking about the viewer's decision; call ``step`` until it returns True.
        ``include``: a decision to search among the root candidates whatever its rank."""
        return SearchThinking(self.config_for(view.settings.player_count), view, rng, include)
