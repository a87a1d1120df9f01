"""Yardstick players: fixed one-ply opponents the search was never tuned on.

Why: the strongest level was shaped by matches against ``heuristic``, so its figures against
``heuristic`` say how well it beats the player it was tuned against, not how strong it is.
These players are written from the rules (docs: /work/shared/RULES.md, "A round" and
"Scoring") and the engine only: they score boards with :func:`game.scoring.score_board` and
read towers with :mod:`game.board`; nothing here imports the search's evaluation, its
playout policy, its selection heuristic or ``heuristic``'s threat model, and their constants
were set by reading the rules, not by matches against the search.

* ``threat`` (:class:`ThreatPlayer`): one ply. Each build is applied and judged by the
  points so far plus the board's printed scoring (tower 1, majority 2, single tallest 3)
  for the scorings still to come, against the opponents (half the best one, half their
  mean), minus the expected points lost to the opponents' take-overs: every opponent that
  can still build this round threatens each of this player's towers it can reach (a card
  that marks the plot from *its own* seat, hypergeometric over the cards it cannot have
  seen, and a piece in its round supply big enough), and it has only as many turns as
  pieces, so its attention is split between all the towers it could take. Pieces are
  chosen for the take-overs it plans: the most valuable opponent tower each card in hand
  reaches, each matched with the smallest piece big enough, and otherwise each size used at
  the pace of the rounds left.
* ``majority`` (:class:`MajorityPlayer`): one ply, a different style. It builds for city
  majorities first (worth most to it), then for tower count, and hardly for the tallest
  tower; it ignores threats and prefers small pieces (more towers per floor). Pieces: the
  ones that can flip a city majority with the cards in hand, otherwise an even pace, small
  first.

Both decide from a :class:`~game.view.PlayerView` only: the board after a build does not
depend on hidden cards, and the unseen cards are a count, never a sample of other hands.
Each decision takes a few milliseconds in CPython. Float sums use ``math.fsum`` (correctly
rounded), so CPython 3.11 and the browser's 3.14 rank near-ties alike.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from math import fsum

from ..actions import Action, Build, ReturnPiece, Select
from ..board import Board, floors_needed, height, owner
from ..material import CARDS, MAX_PIECE, PIECE_FLOORS, PLOTS_PER_CITY, SEAT_PLOTS, Card
from ..scoring import MAJORITY_POINTS, TALLEST_POINTS, TOWER_POINTS, Scoring, score_board
from ..state import BUILD, SELECT, Counts, State
from ..view import PlayerView
from . import OnePly

LATER_SCORING_WEIGHT = 0.5
"""How much the board as it stands counts for each scoring after the next one: later turns
change it (judgement: about half the towers change hands over a round)."""
RETAKE = 0.7
"""Share of a tower's later worth that a take-over costs for good (it may be won back)."""
ATTENTION = 0.3
"""At most this chance that an opponent spends a turn it can use for a take-over of one of
this player's towers on it (it also builds its own towers and attacks the others). First
0.6; 0.3 gave the same wins and a better margin against ``heuristic`` (30 two-player games
each, seed ``var``: 14 wins both, mean margin -3.1 against +1.3), the only match it was set by."""
LATER_THREAT = 0.2
"""Chance per later round that an opponent with a big enough piece in stock takes a tower."""
FLOOR_PRICE = 0.08
"""Points a floor kept in hand is worth: among equal builds the smaller piece wins."""
PACE_WEIGHT = 0.4
"""Selection: cost per squared piece of distance from using each size at an even pace."""


# ---------------------------------------------------------------- shared helpers
def _after(view: PlayerView) -> State:
    """A full state that agrees with the view (hidden parts drawn with a fixed seed: a build
    changes the board in the same way whatever the other hands hold)."""
    return view.sample_state(random.Random(0))


def _person_totals(scoring: Scoring, colours_of: tuple[tuple[int, ...], ...]) -> list[int]:
    return [sum(scoring.colours[c].total for c in cs) for cs in colours_of]


def _against(values: list[float], player: int) -> float:
    """A player's value against the others: half the best opponent, half their mean."""
    others = [v for p, v in enumerate(values) if p != player]
    return values[player] - 0.5 * max(others) - 0.5 * fsum(others) / len(others)


def _scorings_left(state: State) -> int:
    return state.settings.round_count - len(state.scorings)


def _paced(stock: Counts, need: int, counts: Counts) -> float:
    """Squared distance of ``counts`` from taking each size in proportion to the stock."""
    total = sum(stock)
    if not total:
        return 0.0
    return fsum((n - s * need / total) ** 2 for n, s in zip(counts, stock))


def _return_value(action: Action) -> float:
    """No legal build: return the smallest piece (the big ones take towers later)."""
    return -float(action.floors) if isinstance(action, ReturnPiece) else 0.0


def _tallest(board: Board) -> int:
    """Position of the single tallest tower, or -1 when the greatest height is shared."""
    best, count, where = 0, 0, -1
    for pos, tower in enumerate(board):
        if tower:
            h = height(tower)
            if h > best:
                best, count, where = h, 1, pos
            elif h == best:
                count += 1
    return where if count == 1 else -1


def _city_counts(board: Board, city: int, colours: int) -> list[int]:
    counts = [0] * colours
    for tower in board[city * PLOTS_PER_CITY:(city + 1) * PLOTS_PER_CITY]:
        top = owner(tower)
        if top is not None:
            counts[top] += 1
    return counts


def _match(needs: list[tuple[float, int]], counts: Counts) -> float:
    """Value of the planned take-overs ``needs`` ((value, floors needed), most valuable
    first) that the pieces ``counts`` can make, each with the smallest piece big enough."""
    left = list(counts)
    won = 0.0
    for value, need in needs:
        for i in range(max(0, need - 1), MAX_PIECE):
            if left[i]:
                left[i] -= 1
                won += value
                break
    return won


# ---------------------------------------------------------------- threat-aware
class _Threats:
    """What the opponents of ``view.player`` can take this round, and later.

    ``chance[q][plot]``: chance that person ``q`` holds or draws a card marking ``plot`` from
    its own seat during its turns left this round; ``reach_now[c]`` / ``reach_later[c]``:
    colour ``c``'s biggest piece in its round supply / in its stock; ``attention[q]``: the
    chance that ``q`` spends a possible take-over turn on a given tower (its turns shared
    among every tower it can take, capped by ``ATTENTION``).
    """

    def __init__(self, view: PlayerView, board: Board) -> None:
        settings = view.settings
        self.me = view.player
        self.mine = settings.player_colours[view.player]
        unseen = Counter(view.unseen_cards())
        total = sum(unseen.values())
        self.others = [q for q in range(settings.player_count) if q != view.player]
        self.colours_of = settings.player_colours
        self.reach_now = [0] * len(settings.colours)
        self.reach_later = [0] * len(settings.colours)
        for c in range(len(settings.colours)):
            supply = view.supply[c]
            if supply is not None:
                self.reach_now[c] = max((f for f, n in zip(PIECE_FLOORS, supply) if n),
                                        default=0)
            self.reach_later[c] = max((f for f, n in zip(PIECE_FLOORS, view.stock[c]) if n),
                                      default=0)
        self.chance: dict[int, list[float]] = {}
        self.attention: dict[int, float] = {}
        for q in self.others:
            turns = sum(sum(view.supply[c] or ()) for c in self.colours_of[q])
            seen = view.hand_sizes[q] + max(0, turns - 1) if turns else 0
            plots = SEAT_PLOTS[settings.seat_of(q)]
            chance = [0.0] * PLOTS_PER_CITY
            for card in CARDS:
                chance[plots[card]] = _at_least_one(total, unseen[card], seen)
            self.chance[q] = chance
            # every tower q could take this round (anyone's): its turns are shared among them
            options = 0.0
            for pos, tower in enumerate(board):
                top = owner(tower)
                if top is None or top in self.colours_of[q] or pos == view.godzilla:
                    continue
                if any(0 < max(1, floors_needed(tower, c)) <= self.reach_now[c]
                       for c in self.colours_of[q]):
                    options += chance[pos % PLOTS_PER_CITY]
            self.attention[q] = ATTENTION if options <= turns else ATTENTION * turns / options

    def expected_loss(self, board: Board, now: float, later: float, godzilla: int | None,
                      colours: int) -> float:
        """Expected points (against the opponents) this player loses to take-overs on
        ``board``: ``now`` weighs a tower lost this round, ``later`` one lost in a later round."""
        mine = self.mine
        players = len(self.colours_of)
        tallest = _tallest(board)
        loss = 0.0
        city_counts: dict[int, list[int]] = {}
        for pos, tower in enumerate(board):
            top = owner(tower)
            if top is None or top not in mine or pos == godzilla:
                continue
            city = pos // PLOTS_PER_CITY
            counts = city_counts.get(city)
            if counts is None:
                counts = city_counts[city] = _city_counts(board, city, colours)
            worth = TOWER_POINTS * (1.0 + 1.0 / (players - 1))
            rival = max(n for c, n in enumerate(counts) if c != top)
            if counts[top] > rival and counts[top] - rival <= 1:
                worth += MAJORITY_POINTS  # this tower holds a majority by one
            if pos == tallest:
                worth += TALLEST_POINTS
            plot = pos % PLOTS_PER_CITY
            keep_now = keep_later = 1.0
            for q in self.others:
                for c in self.colours_of[q]:
                    need = max(1, floors_needed(tower, c))
                    if now and need <= self.reach_now[c]:
                        keep_now *= 1.0 - self.attention[q] * self.chance[q][plot]
                    if later and need <= self.reach_later[c]:
                        keep_later *= 1.0 - LATER_THREAT
            loss += worth * ((1.0 - keep_now) * now + (1.0 - keep_later) * later)
        return loss


def _at_least_one(unseen: int, copies: int, drawn: int) -> float:
    """Chance that ``drawn`` cards from ``unseen`` (``copies`` of them wanted) hit one."""
    if copies <= 0 or drawn <= 0:
        return 0.0
    miss = 1.0
    for i in range(min(drawn, unseen)):
        miss *= max(0.0, (unseen - copies - i) / (unseen - i))
    return 1.0 - miss


def _takeover_targets(view: PlayerView, colour: int, majority_only: bool = False
                      ) -> list[tuple[float, int]]:
    """For each card in hand, the most valuable opponent tower it reaches with ``colour``:
    (value, floors needed), most valuable first. Value: the tower (1 gained, 1 denied), 2
    when the take-over changes who holds the city's majority, 3 for the single tallest.
    ``majority_only``: only take-overs that change a majority."""
    settings = view.settings
    board = view.board
    mine = settings.player_colours[view.player]
    plots = SEAT_PLOTS[settings.seat_of(view.player)]
    colours = len(settings.colours)
    tallest = _tallest(board)
    targets = []
    for card in sorted(set(view.hand)):
        best: tuple[float, int] | None = None
        for city in view.open_cities():
            pos = city * PLOTS_PER_CITY + plots[card]
            tower = board[pos]
            top = owner(tower)
            if top is None or top in mine or pos == view.godzilla:
                continue
            need = max(1, floors_needed(tower, colour))
            if need > MAX_PIECE:
                continue
            counts = _city_counts(board, city, colours)
            before = _leader(counts)
            counts[top] -= 1
            counts[colour] += 1
            flips = _leader(counts) != before
            if majority_only and not flips:
                continue
            value = 2.0 * TOWER_POINTS + (MAJORITY_POINTS if flips else 0.0) \
                + (TALLEST_POINTS if pos == tallest else 0.0)
            if best is None or (value, -need) > (best[0], -best[1]):
                best = (value, need)
        if best is not None:
            targets.append(best)
    targets.sort(key=lambda t: (-t[0], t[1]))
    return targets


def _leader(counts: list[int]) -> int:
    lead = max(counts)
    return counts.index(lead) if lead and counts.count(lead) == 1 else -1


def _rank(scored: list[tuple[float, float, Action]]) -> list[tuple[float, Action]]:
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [(v, a) for v, _, a in scored]


def _rank_selections(view: PlayerView, value: Callable[[Action], float], rng: random.Random
                     ) -> list[tuple[float, Action]]:
    return _rank([(value(a), rng.random(), a) for a in view.legal_actions()])


def _threat_value(view: PlayerView, state: State, after: State, threats: _Threats,
                  colours: int) -> float:
    """``threat``'s value of the board ``after`` a build: points and the printed scoring to
    come against the opponents, minus the expected take-over losses."""
    settings = view.settings
    points = after.player_points()
    left = _scorings_left(after)
    if left:
        weight = 1.0 + LATER_SCORING_WEIGHT * (left - 1)
        board = _person_totals(score_board(after.board, colours), settings.player_colours)
        values = [p + weight * b for p, b in zip(points, board)]
    else:
        values = [float(p) for p in points]
    value = _against(values, view.player)
    if left:
        in_round = len(after.scorings) == len(state.scorings)
        later = RETAKE * LATER_SCORING_WEIGHT * (left - 1 if in_round else left)
        now = RETAKE * weight if in_round else 0.0
        value -= threats.expected_loss(after.board, now, later, after.godzilla, colours)
    return value


class ThreatPlayer(OnePly):
    """One ply with a model of the opponents' take-over threats; pieces for planned take-overs."""

    id = "threat"

    def ranked(self, view: PlayerView, rng: random.Random) -> list[tuple[float, Action]]:
        if view.phase == SELECT:
            return self._selections(view, rng)
        assert view.phase == BUILD
        state = _after(view)
        settings = view.settings
        colours = len(settings.colours)
        threats = _Threats(view, view.board)
        scored: list[tuple[float, float, Action]] = []
        for action in view.legal_actions():
            if not isinstance(action, Build):
                scored.append((_return_value(action), rng.random(), action))
                continue
            after = state.apply(action)
            value = _threat_value(view, state, after, threats, colours)
            value -= FLOOR_PRICE * action.floors
            scored.append((value, rng.random(), action))
        return _rank(scored)

    @staticmethod
    def _selections(view: PlayerView, rng: random.Random) -> list[tuple[float, Action]]:
        colour = view.select_queue[0]
        stock = view.stock[colour]
        need = view.pieces_needed(colour)
        targets = _takeover_targets(view, colour)

        def value(action: Action) -> float:
            assert isinstance(action, Select)
            return _match(targets, action.pieces) - PACE_WEIGHT * _paced(stock, need,
                                                                         action.pieces)
        return _rank_selections(view, value, rng)


# ---------------------------------------------------------------- majority-first
MAJORITY_WEIGHT = 1.5
"""A majority point counts this much for ``majority`` (towers 1, the tallest tower 0.5)."""
TALLEST_WEIGHT = 0.5
SMALL_PIECE_PRICE = 0.15
"""``majority`` pays this per floor used: small pieces make more towers."""


class MajorityPlayer(OnePly):
    """One ply, city majorities first, then towers; no threat model, small pieces preferred."""

    id = "majority"

    def ranked(self, view: PlayerView, rng: random.Random) -> list[tuple[float, Action]]:
        if view.phase == SELECT:
            return self._selections(view, rng)
        assert view.phase == BUILD
        state = _after(view)
        settings = view.settings
        colours = len(settings.colours)
        scored: list[tuple[float, float, Action]] = []
        for action in view.legal_actions():
            if not isinstance(action, Build):
                scored.append((_return_value(action), rng.random(), action))
                continue
            after = state.apply(action)
            scoring = score_board(after.board, colours)
            values = []
            for p, cs in enumerate(settings.player_colours):
                v = float(after.player_points()[p])
                for c in cs:
                    s = scoring.colours[c]
                    v += MAJORITY_WEIGHT * s.majorities + s.towers + TALLEST_WEIGHT * s.tallest
                values.append(v)
            others = [v for p, v in enumerate(values) if p != view.player]
            value = values[view.player] - fsum(others) / len(others)
            scored.append((value - SMALL_PIECE_PRICE * action.floors, rng.random(), action))
        return _rank(scored)

    @staticmethod
    def _selections(view: PlayerView, rng: random.Random) -> list[tuple[float, Action]]:
        colour = view.select_queue[0]
        stock = view.stock[colour]
        need = view.pieces_needed(colour)
        targets = _takeover_targets(view, colour, majority_only=True)

        def value(action: Action) -> float:
            assert isinstance(action, Select)
            counts = action.pieces
            floors = sum(f * n for f, n in zip(PIECE_FLOORS, counts))
            return (_match(targets, counts) - PACE_WEIGHT * _paced(stock, need, counts)
                    - 0.02 * floors)
        return _rank_selections(view, value, rng)


# ---------------------------------------------------------------- two moves ahead
FOLLOW_UP_WEIGHT = 0.6
"""``planner``: share of its next turn's best take-over counted now (the others move in
between and may spoil it)."""
PLANNER_FLOOR_PRICE = 0.05


def _board_value(state: State, after: State, player: int) -> float:
    """Points so far plus the printed scoring of ``after``'s board for the scorings to come
    (the next fully, later ones half), against the opponents (half the best, half the mean)."""
    settings = state.settings
    points = after.player_points()
    left = _scorings_left(after)
    if left:
        weight = 1.0 + LATER_SCORING_WEIGHT * (left - 1)
        board = _person_totals(score_board(after.board, len(settings.colours)),
                               settings.player_colours)
        values = [p + weight * b for p, b in zip(points, board)]
    else:
        values = [float(p) for p in points]
    return _against(values, player)


def _best_takeover(after: State, player: int, cards: list[Card],
                   supply: dict[int, Counts]) -> float:
    """The most valuable take-over ``player`` could make on ``after``'s board next turn with
    one of ``cards`` and a piece left in ``supply`` (per colour): 2 for the tower (one point
    won, one denied), +2 when it changes who holds the city's majority, +3 for the single
    tallest tower."""
    settings = after.settings
    board = after.board
    mine = settings.player_colours[player]
    plots = SEAT_PLOTS[settings.seat_of(player)]
    colours = len(settings.colours)
    tallest = _tallest(board)
    best = 0.0
    for card in set(cards):
        for city in after.open_cities():
            pos = city * PLOTS_PER_CITY + plots[card]
            tower = board[pos]
            top = owner(tower)
            if top is None or top in mine or pos == after.godzilla:
                continue
            for colour in mine:
                need = max(1, floors_needed(tower, colour))
                if need > MAX_PIECE or not any(supply[colour][need - 1:]):
                    continue
                counts = _city_counts(board, city, colours)
                before = _leader(counts)
                counts[top] -= 1
                counts[colour] += 1
                value = 2.0 * TOWER_POINTS \
                    + (MAJORITY_POINTS if _leader(counts) != before else 0.0) \
                    + (TALLEST_POINTS if pos == tallest else 0.0)
                best = max(best, value)
    return best


class PlannerPlayer(OnePly):
    """Two of its own moves ahead: each build is judged with the best take-over its other
    cards and the pieces it leaves can make next turn; its round's pieces are chosen for
    every take-over its hand can see, the biggest needs first."""

    id = "planner"

    def ranked(self, view: PlayerView, rng: random.Random) -> list[tuple[float, Action]]:
        if view.phase == SELECT:
            return self._selections(view, rng)
        assert view.phase == BUILD
        state = _after(view)
        player = view.player
        colours = len(view.settings.colours)
        threats = _Threats(view, view.board)
        scored: list[tuple[float, float, Action]] = []
        for action in view.legal_actions():
            if not isinstance(action, Build):
                scored.append((_return_value(action), rng.random(), action))
                continue
            after = state.apply(action)
            value = _threat_value(view, state, after, threats, colours)
            rest = list(view.hand)
            rest.remove(action.card)
            supply = {c: after.supply[c] for c in view.settings.player_colours[player]}
            if after.round == state.round and any(sum(s) for s in supply.values()):
                value += FOLLOW_UP_WEIGHT * _best_takeover(after, player, rest, supply)
            scored.append((value - PLANNER_FLOOR_PRICE * action.floors, rng.random(), action))
        return _rank(scored)

    @staticmethod
    def _selections(view: PlayerView, rng: random.Random) -> list[tuple[float, Action]]:
        colour = view.select_queue[0]
        stock = view.stock[colour]
        need = view.pieces_needed(colour)
        targets = _takeover_targets(view, colour)

        def value(action: Action) -> float:
            assert isinstance(action, Select)
            return (_match(targets, action.pieces)
                    - PACE_WEIGHT * _paced(stock, need, action.pieces))
        return _rank_selections(view, value, rng)


# ---------------------------------------------------------------- defend and contest
DEFENCE_CHANCE = 0.2
"""``defender``: chance that an opponent able to take one of its towers this round does."""
CONTEST_BONUS = 1.0
"""``defender``: extra for a build that ties or breaks an opponent's lead in a city it
contests (its own towers there within one of the leader's)."""
DEFENDER_FLOOR_PRICE = 0.1


class DefenderPlayer(OnePly):
    """Keeps what it has and fights for cities: each build is judged by the printed scoring
    after it, minus what its towers within reach of an opponent's round pieces would cost
    (any card: it assumes the worst about the hands), plus a bonus for contesting a city an
    opponent leads by one tower or less; it reinforces towers more than it spreads."""

    id = "defender"

    def ranked(self, view: PlayerView, rng: random.Random) -> list[tuple[float, Action]]:
        if view.phase == SELECT:
            return self._selections(view, rng)
        assert view.phase == BUILD
        state = _after(view)
        settings = view.settings
        player = view.player
        mine = settings.player_colours[player]
        colours = len(settings.colours)
        reach = [max((f for f, n in zip(PIECE_FLOORS, view.supply[c] or ()) if n), default=0)
                 for c in range(colours)]
        rivals = [c for c in range(colours) if c not in mine]
        scored: list[tuple[float, float, Action]] = []
        for action in view.legal_actions():
            if not isinstance(action, Build):
                scored.append((_return_value(action), rng.random(), action))
                continue
            after = state.apply(action)
            value = _board_value(state, after, player)
            weight = 1.0 if _scorings_left(after) else 0.0
            # towers an opponent's round pieces can take (whatever cards it holds)
            for pos, tower in enumerate(after.board):
                top = owner(tower)
                if top is None or top not in mine or pos == after.godzilla:
                    continue
                if any(0 < max(1, floors_needed(tower, c)) <= reach[c] for c in rivals):
                    value -= weight * DEFENCE_CHANCE * 2.0 * TOWER_POINTS
            city = action.city
            before = _city_counts(state.board, city, colours)
            now = _city_counts(after.board, city, colours)
            leader = _leader(before)
            own = sum(before[c] for c in mine)
            if leader >= 0 and leader not in mine and before[leader] - own <= 1 \
                    and max(now[c] for c in mine) >= now[leader]:
                value += weight * CONTEST_BONUS
            scored.append((value - DEFENDER_FLOOR_PRICE * action.floors, rng.random(), action))
        return _rank(scored)

    @staticmethod
    def _selections(view: PlayerView, rng: random.Random) -> list[tuple[float, Action]]:
        colour = view.select_queue[0]
        stock = view.stock[colour]
        need = view.pieces_needed(colour)
        targets = _takeover_targets(view, colour, majority_only=True)

        def value(action: Action) -> float:
            assert isinstance(action, Select)
            counts = action.pieces
            # middle pieces reinforce a tower past an opponent's reach at a fair price
            middle = counts[1] + counts[2]
            return (_match(targets, counts) + 0.3 * middle
                    - PACE_WEIGHT * _paced(stock, need, counts))
        return _rank_selections(view, value, rng)
