"""Fast move scoring on a full :class:`State`, for playouts and for ranking moves inside the search.

Why not apply every legal move and evaluate the board (as the greedy player does)? A playout
makes dozens of moves, and that would cost ~100 board evaluations per move. Here a build is
scored by what it changes: the tower's owner, that city's majority, the tallest tower, whether
the tower becomes safe, and a small cost per floor used (big pieces are worth keeping for
take-overs later in the round). Godzilla's moves are ignored in this estimate; the engine
still applies them, so playouts stay exact games, only the move choice is approximate.

Only the building phase is scored here; piece selection is in :mod:`game.ai.selection`.
"""

from __future__ import annotations

import random

from ..actions import Action, Build, ReturnPiece
from ..material import CITIES, MAX_PIECE, PLOTS_PER_CITY, SEAT_PLOTS, Card
from ..scoring import MAJORITY_POINTS as MAJORITY
from ..scoring import TALLEST_POINTS as TALLEST
from ..scoring import TOWER_POINTS as TOWER
from ..state import Counts, State
from .evaluate import SAFE_BONUS, TOWER_INFO, TowerInfo, tower_info_of

FLOOR_COST = 0.05
"""Value of keeping a floor in hand: among equal gains prefer the smaller piece."""

CITY_OF_POS = tuple(pos // PLOTS_PER_CITY for pos in range(len(CITIES) * PLOTS_PER_CITY))
PLAYOUT_NOISE = 0.3
"""Uniform noise added to estimates in playouts, so near-equal moves are picked at random."""

Scored = tuple[float, Card, int, int, int]
"""(value, card, city, colour, floors)."""


def _leader(counts: list[int]) -> int:
    """The colour with strictly the most towers, or -1 on a tie or an empty city."""
    lead = max(counts)
    if lead and counts.count(lead) == 1:
        return counts.index(lead)
    return -1


def colour_weights(state: State, player: int) -> list[float]:
    """+1 for the player's colours, -1/(players-1) for each opponent colour (relative value)."""
    settings = state.settings
    other = -1.0 / (settings.player_count - 1)
    mine = settings.player_colours[player]
    return [1.0 if c in mine else other for c in range(len(settings.colours))]


_WEIGHTS: dict[tuple[int, int], tuple[object, list[float]]] = {}


def _weights(state: State, player: int) -> list[float]:
    """``colour_weights`` cached per settings object (checked by identity, not just id)."""
    key = (id(state.settings), player)
    hit = _WEIGHTS.get(key)
    if hit is not None and hit[0] is state.settings:
        return hit[1]
    weights = colour_weights(state, player)
    if len(_WEIGHTS) > 64:
        _WEIGHTS.clear()
    _WEIGHTS[key] = (state.settings, weights)
    return weights


def _majority_change(counts: list[int], before: int, colour: int, top: int,
                     weights: list[float]) -> float:
    """Value of ``colour`` taking a tower of ``top`` (-1: an empty plot) in a city with
    tower ``counts`` per colour and leader ``before``: the tower and the majority change."""
    base = weights[colour] * TOWER
    if top >= 0:
        base -= weights[top] * TOWER
        counts[top] -= 1
    counts[colour] += 1
    lead = 0
    after = -1
    for c, n in enumerate(counts):
        if n > lead:
            lead, after = n, c
        elif n == lead:
            after = -1
    counts[colour] -= 1
    if top >= 0:
        counts[top] += 1
    if after != before:
        if after >= 0:
            base += weights[after] * MAJORITY
        if before >= 0:
            base -= weights[before] * MAJORITY
    return base


def _empty_plot_values(my_colours: list[tuple[int, list[int], int]], counts: list[int],
                       leader: int, weights: list[float], best_height: int,
                       tallest_owner: int, w_tallest_before: float
                       ) -> list[tuple[float, int, int]]:
    """(value, colour, floors) of building on an empty plot of a city, in the order
    :func:`scored_builds` considers them (a new tower is never safe: no piece has more than
    ``MAX_PIECE`` floors)."""
    out = []
    for colour, smallest, big in my_colours:
        base = _majority_change(counts, leader, colour, -1, weights)
        small = smallest[1]
        for floors in (small, big) if big != small else (small,):
            value = base - FLOOR_COST * floors
            if floors > best_height:
                if colour != tallest_owner:
                    value += weights[colour] * TALLEST - w_tallest_before
            elif floors == best_height:
                value -= w_tallest_before
            out.append((value, colour, floors))
    return out


REACH: dict[Counts, tuple[list[int], int]] = {}


def reach_of(supply: Counts) -> tuple[list[int], int]:
    """For a round supply (counts of 1-4-floor pieces): ``smallest[need]``, the smallest piece
    with at least ``need`` floors (0: none), and the biggest piece (0: empty supply). Cached:
    there are only a few hundred supplies."""
    smallest = [0] * (MAX_PIECE + 1)
    nxt = 0
    for f in range(MAX_PIECE, 0, -1):
        if supply[f - 1]:
            nxt = f
        smallest[f] = nxt
    biggest = max((f for f in range(1, MAX_PIECE + 1) if supply[f - 1]), default=0)
    REACH[supply] = smallest, biggest
    return smallest, biggest


def scored_builds(state: State, player: int | None = None,
                  rng: random.Random | None = None, noise: float = 0.0) -> list[Scored]:
    """Every build worth considering for the player to move, with its estimated value.

    Per card, city and colour only two piece sizes are considered: the smallest legal one
    (cheapest take-over) and the biggest (for height and safety). The list is empty when no
    build is legal. With ``rng``, only the best build (values plus uniform noise up to
    ``noise``) is returned, as a one-element list: the playouts' hot path, kept allocation-free.
    """
    if player is None:
        player = state.current
    assert player is not None
    settings = state.settings
    board = state.board
    ncol = len(settings.colours)
    weights = _weights(state, player)
    anti_trust = settings.anti_trust
    godzilla = state.godzilla
    plots = SEAT_PLOTS[settings.seat_of(player)]
    my_colours = []
    supplies = state.supply
    for c in settings.player_colours[player]:
        reach = REACH.get(supplies[c]) or reach_of(supplies[c])
        if reach[1]:
            my_colours.append((c, reach[0], reach[1]))
    if not my_colours:
        return []
    info = TOWER_INFO
    tower_info = tower_info_of
    best_height = 0
    best_count = 0
    best_pos = -1
    tower_data: list[TowerInfo | None] = [None] * len(board)
    all_counts = [[0] * ncol for _ in CITY_OF_POS[::PLOTS_PER_CITY]]
    for pos, tower in enumerate(board):
        if tower:
            data = tower_data[pos] = info.get(tower) or tower_info(tower)
            all_counts[CITY_OF_POS[pos]][tower[-1][0]] += 1
            h = data[0]
            if h > best_height:
                best_height, best_count, best_pos = h, 1, pos
            elif h == best_height:
                best_count += 1
    tallest_owner = board[best_pos][-1][0] if best_count == 1 else -1
    w_tallest_before = weights[tallest_owner] * TALLEST if tallest_owner >= 0 else 0.0
    cities = state.open_cities()
    leaders = [-2] * len(all_counts)  # per city: _leader of its counts (-2: not yet needed)
    result: list[Scored] = []
    pick = rng.random if rng is not None else None
    best: Scored | None = None
    best_key = -1e9
    take_memo: dict[int, float] = {}
    empty_memo: dict[int, list[tuple[float, int, int]]] = {}
    for card in dict.fromkeys(state.hands[player]):
        plot = plots[card]
        for city in cities:
            pos = city * PLOTS_PER_CITY + plot
            if pos == godzilla:
                continue
            tower = board[pos]
            leader = leaders[city]
            if leader == -2:
                leader = leaders[city] = _leader(all_counts[city])
            if not tower:
                # An empty plot: the value depends on the city only, not on the card, so it
                # is computed once per city (the same figures as the general case below).
                entries = empty_memo.get(city)
                if entries is None:
                    entries = empty_memo[city] = _empty_plot_values(
                        my_colours, all_counts[city], leader, weights,
                        best_height, tallest_owner, w_tallest_before)
            else:
                entries = []
                top = tower[-1][0]
                # (the ignore: tower_data is filled for every non-empty tower above)
                height, per, first_colour, first, second = tower_data[pos]  # type: ignore[misc]
                for colour, smallest, big in my_colours:
                    if anti_trust and top == colour:
                        continue
                    own = per.get(colour, 0)
                    rest = second if colour == first_colour else first
                    if top == colour:
                        need = 1
                    else:
                        need = per[top] - own
                        if need < 1:
                            need = 1
                        elif need > MAX_PIECE:
                            continue
                    small = smallest[need]
                    if not small:
                        continue
                    was_safe = False
                    if top != colour:
                        # The tower and majority change depend only on city, colour and owner.
                        key = (city * 16 + colour) * 16 + top + 1
                        base = take_memo.get(key)
                        if base is None:
                            base = take_memo[key] = _majority_change(
                                all_counts[city], leader, colour, top, weights)
                    else:
                        base = 0.0
                        was_safe = own - rest > MAX_PIECE
                    for floors in (small, big) if big != small else (small,):
                        value = base - FLOOR_COST * floors
                        h = height + floors
                        if h > best_height:
                            if colour != tallest_owner:
                                value += weights[colour] * TALLEST - w_tallest_before
                        elif h == best_height:
                            value -= w_tallest_before
                        if not was_safe and own + floors - rest > MAX_PIECE:
                            value += weights[colour] * SAFE_BONUS
                        entries.append((value, colour, floors))
            for value, colour, floors in entries:
                if pick is None:
                    result.append((value, card, city, colour, floors))
                else:
                    noisy = value + pick() * noise
                    if noisy > best_key:
                        best_key = noisy
                        best = (value, card, city, colour, floors)
    if pick is not None:
        return [best] if best is not None else []
    return result


def to_build(state: State, scored: Scored) -> Build:
    _, card, city, colour, floors = scored
    assert state.current is not None
    seat = state.settings.seat_of(state.current)
    return Build(card, city, SEAT_PLOTS[seat][card], state.settings.colours[colour], floors)


def cheapest_return(state: State) -> Action:
    """No build is legal: give back the smallest piece (it loses the fewest floors)."""
    returns = state.legal_actions()
    return min(returns, key=lambda a: (a.floors, str(a.card))
               if isinstance(a, ReturnPiece) else (0, ""))


def top_builds(state: State, k: int) -> list[Action]:
    """The ``k`` best-looking decisions by the fast estimate (returns when nothing is buildable)."""
    scored = scored_builds(state)
    if not scored:
        return [cheapest_return(state)]
    if 0 < k < len(scored):  # only builds at least as good as the k-th best need ordering
        threshold = sorted([s[0] for s in scored], reverse=True)[k - 1]
        scored = [s for s in scored if s[0] >= threshold]
    scored.sort(key=lambda s: (-s[0], s[1], s[2], s[3], s[4]))
    return [to_build(state, s) for s in scored[:k]]


def playout_build(state: State, rng: random.Random, epsilon: float = 0.1) -> Action:
    """The default policy's move: the best estimate with a little noise, sometimes a random one.

    The noise and the occasional random move keep playouts from all following one line.
    """
    if rng.random() < epsilon:
        scored = scored_builds(state)
        if not scored:
            return cheapest_return(state)
        return to_build(state, rng.choice(scored))
    scored = scored_builds(state, rng=rng, noise=PLAYOUT_NOISE)
    if not scored:
        return cheapest_return(state)
    return to_build(state, scored[0])
