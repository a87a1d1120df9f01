"""The heuristic player: a strong one-ply yardstick, about 10 ms a decision.

Why a second one-ply player: ``greedy`` only counts the board as it would score now, so it
leaves towers where any opponent can take them back with the next card. This player judges
each legal build by

* **projected score**: its points so far plus the board's value (points if scored now, a
  bonus for safe towers) weighted by the scorings still to come, *minus the best opponent's*
  projected score (the relative measure that decides games, not the mean of the opponents);
* **a threat model**: for each tower it owns after the build, the chance that an opponent
  takes it before the scoring: the opponent needs a card that marks that plot *from its own
  seat* (probability from the cards it cannot have seen: the unseen multiset, hypergeometric
  over its hand and the draws of its turns left this round) and a piece in its round supply
  big enough (public). The expected loss is that chance times what the tower is worth to
  this player (the tower, a majority that hangs on it, the tallest-tower bonus). Towers are
  also at risk in later rounds from the opponent's biggest piece left in stock;
* a small cost per floor used (big pieces are worth keeping).

Pieces are chosen to match the take-overs its cards allow (:mod:`game.ai.selection`).
Everything is computed from the :class:`~game.view.PlayerView`: the unseen cards are a count,
never a sample of other hands, so the decision cannot depend on hidden information.
"""

from __future__ import annotations

import random

from ..actions import Action, Build, ReturnPiece
from ..board import Board
from ..material import CARDS, MAX_PIECE, PLOTS_PER_CITY, SEAT_PLOTS
from ..scoring import MAJORITY_POINTS, TALLEST_POINTS, TOWER_POINTS
from ..settings import Settings
from ..state import BUILD, SELECT, State
from ..view import PlayerView
from . import OnePly
from .evaluate import CITY_RANGES, colour_values, player_values
from .policy import FLOOR_COST
from .selection import ranked_selections

LATER_WEIGHT = 0.6
"""Each scoring after the next one counts this much of the current board (as in the search)."""
LATER_TAKE_CHANCE = 0.15
"""Chance that an opponent who has a big enough piece in stock takes a tower in a later round."""
FOCUS = 0.25
"""Chance that an opponent who can take a tower (card and piece) spends a turn on it: it has
other towers to take, its own to build and other opponents to attack."""
RETAKE_SHARE = 0.5
"""A tower lost this round may be won back later: the later scorings count this much."""
LOSS_SHARE = 1.5
"""A lost tower costs its owner the tower and gives it to an opponent: relative to the best
opponent that is between 1 and 2 points per scoring."""


def scorings_to_come(settings: Settings, scorings_done: int) -> float:
    """Weight of the current board in the scorings still to come: the next one fully, each
    later one ``LATER_WEIGHT`` (later moves change the board)."""
    left = settings.round_count - scorings_done
    return 0.0 if left <= 0 else 1.0 + LATER_WEIGHT * (left - 1)


def _chance_of_card(unseen: int, copies: int, cards_seen: int) -> float:
    """Chance that ``cards_seen`` cards drawn from ``unseen`` include one of ``copies``."""
    if copies <= 0 or cards_seen <= 0:
        return 0.0
    miss = 1.0
    for i in range(min(cards_seen, unseen)):
        if unseen - i <= 0:
            break
        miss *= max(0.0, (unseen - copies - i) / (unseen - i))
    return 1.0 - miss


class ThreatModel:
    """Which towers the opponents of ``view.player`` can take, and how likely that is.

    ``now[colour][plot]``: chance that the opponent owning ``colour`` gets a card marking
    ``plot`` during its turns left this round; ``reach_now[colour]``: its biggest piece in
    supply (0: no turns left); ``reach_later[colour]``: its biggest piece left in stock.
    """

    def __init__(self, view: PlayerView) -> None:
        settings = view.settings
        unseen = view.unseen_cards()
        counts = dict.fromkeys(CARDS, 0)
        for card in unseen:
            counts[card] += 1
        total = len(unseen)
        mine = settings.player_colours[view.player]
        self.mine = mine
        self.opponents = [c for c in range(len(settings.colours)) if c not in mine]
        self.now: dict[int, list[float]] = {}
        self.reach_now: dict[int, int] = {}
        self.reach_later: dict[int, int] = {}
        for colour in self.opponents:
            owner = settings.colour_owner[colour]
            supply = view.supply[colour]
            supply = supply if supply is not None else (0, 0, 0, 0)
            turns = sum(sum(view.supply[c] or (0, 0, 0, 0))
                        for c in settings.player_colours[owner])
            self.reach_now[colour] = max((f for f in range(1, MAX_PIECE + 1)
                                          if supply[f - 1]), default=0)
            self.reach_later[colour] = max((f for f in range(1, MAX_PIECE + 1)
                                            if view.stock[colour][f - 1]), default=0)
            seen = view.hand_sizes[owner] + max(0, turns - 1) if turns else 0
            plots = SEAT_PLOTS[settings.seat_of(owner)]
            chance = [0.0] * PLOTS_PER_CITY
            for card in CARDS:
                chance[plots[card]] = _chance_of_card(total, counts[card], seen)
            self.now[colour] = chance

    def expected_loss(self, board: Board, later: float, now_weight: float,
                      godzilla: int | None) -> float:
        """Expected points (relative) this player loses to take-overs on ``board``.

        ``now_weight``: how much a tower lost this round costs (the scorings still to come);
        ``later``: the weight of scorings after the next (0 in the last round).
        """
        mine = self.mine
        heights = [0] * len(board)
        best, best_count, best_pos = 0, 0, -1
        for pos, tower in enumerate(board):
            if tower:
                h = 0
                for _, f in tower:
                    h += f
                heights[pos] = h
                if h > best:
                    best, best_count, best_pos = h, 1, pos
                elif h == best:
                    best_count += 1
        loss = 0.0
        for positions in CITY_RANGES:
            counts: dict[int, int] = {}
            for pos in positions:
                tower = board[pos]
                if tower:
                    top = tower[-1][0]
                    counts[top] = counts.get(top, 0) + 1
            my_count = sum(counts.get(c, 0) for c in mine)
            if not my_count:
                continue
            other = max((n for c, n in counts.items() if c not in mine), default=0)
            fragile_majority = my_count > other and my_count - other <= 1
            for pos in positions:
                tower = board[pos]
                if not tower or tower[-1][0] not in mine or pos == godzilla:
                    continue
                top = tower[-1][0]
                per: dict[int, int] = {}
                for c, f in tower:
                    per[c] = per.get(c, 0) + f
                lead = per[top]
                worth = LOSS_SHARE * TOWER_POINTS
                if fragile_majority:
                    worth += MAJORITY_POINTS
                if pos == best_pos and best_count == 1:
                    worth += TALLEST_POINTS
                plot = pos % PLOTS_PER_CITY
                keep_now = 1.0
                keep_later = 1.0
                for colour in self.opponents:
                    need = lead - per.get(colour, 0)
                    if need < 1:
                        need = 1
                    if need <= self.reach_now[colour]:
                        keep_now *= 1.0 - FOCUS * self.now[colour][plot]
                    if later and need <= self.reach_later[colour]:
                        keep_later *= 1.0 - LATER_TAKE_CHANCE
                loss += worth * ((1.0 - keep_now) * now_weight + (1.0 - keep_later) * later)
        return loss


def projected_margin(state: State, player: int) -> float:
    """Own projected score minus the best opponent's (points + weighted board value)."""
    settings = state.settings
    weight = scorings_to_come(settings, len(state.scorings))
    values = player_values(colour_values(state.board, len(settings.colours)), settings)
    points = state.player_points()
    projected = [p + weight * v for p, v in zip(points, values)]
    mine = projected[player]
    return mine - max(v for q, v in enumerate(projected) if q != player)


def build_value(state: State, action: Action, player: int, threats: ThreatModel) -> float:
    """The heuristic's value of ``player`` making the build ``action`` in ``state``: the
    projected margin after it, minus the expected take-over losses (``threats``: the model
    seen from ``player``'s seat), minus the floors used."""
    settings = state.settings
    after = state.apply(action)
    value = projected_margin(after, player)
    if not after.is_over:
        same_round = after.round == state.round and len(after.scorings) == len(state.scorings)
        if same_round:
            later = LATER_WEIGHT * max(0, settings.round_count - len(after.scorings) - 1)
            now_weight = 1.0 + RETAKE_SHARE * later
        else:  # the round just ended: only later rounds threaten
            now_weight = 0.0
            later = LATER_WEIGHT * max(0, settings.round_count - len(after.scorings))
        value -= threats.expected_loss(after.board, later, now_weight, after.godzilla)
    floors = action.floors if isinstance(action, (Build, ReturnPiece)) else 0
    return value - FLOOR_COST * floors


def ranked_heuristic(view: PlayerView, rng: random.Random) -> list[tuple[float, Action]]:
    """Every legal decision with its heuristic value, best first (ties: seeded random)."""
    actions = view.legal_actions()
    if view.phase == SELECT:
        return [(-float(i), a) for i, a in enumerate(ranked_selections(view))]
    assert view.phase == BUILD
    state = view.sample_state(rng)  # hidden parts cannot change the board after a build
    threats = ThreatModel(view)
    scored = []
    for action in actions:
        value = build_value(state, action, view.player, threats)
        scored.append((value, rng.random(), action))
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [(v, a) for v, _, a in scored]


class HeuristicPlayer(OnePly):
    """One ply: projected margin over the best opponent minus the expected take-over losses."""

    id = "heuristic"

    def ranked(self, view: PlayerView, rng: random.Random) -> list[tuple[float, Action]]:
        return ranked_heuristic(view, rng)
