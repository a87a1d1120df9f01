"""Choosing the round's pieces (the selection phase) by a heuristic.

Why a heuristic: all 24 pieces of a colour get used over the game, so selection is about
*timing*. Two things matter most: (1) the cards in hand show which opponent towers could be
taken over this round and how many floors that needs, so take pieces that can do it; (2) do
not drain one size early and be left with an awkward stock, so stay close to using each size
in proportion to what is left. The search improves on this by trying the best few selections.

Works on a :class:`State` or a :class:`PlayerView` (it reads only public data and the
selecting player's own hand).
"""

from __future__ import annotations

import random
from math import fsum

from ..actions import Select
from ..material import MAX_PIECE, PLOTS_PER_CITY, SEAT_PLOTS, Card
from ..state import Counts, State, selections
from ..view import PlayerView

Position = State | PlayerView
BALANCE_WEIGHT = 0.25


def _hand(pos: Position, player: int) -> tuple[Card, ...]:
    return pos.hand if isinstance(pos, PlayerView) else pos.hands[player]


def takeover_needs(pos: Position, player: int, colour: int,
                   two_colour: bool = False) -> list[int]:
    """For each card in hand, the fewest floors that would take over an opponent tower it
    reaches (cards that reach none are left out); sorted ascending.

    ``two_colour``: a tower topped by the player's other colour (two-player games, where a
    person plays two colours) is not a target: taking it gains the person nothing, so the
    pieces for it are not worth choosing. False counts it as any other colour's
    tower, as the one-ply levels ``greedy`` and ``heuristic`` were measured (they are the
    yardstick pool's members and stay fixed). With one colour a person the two agree."""
    board = pos.board
    owner = pos.settings.colour_owner
    plots = SEAT_PLOTS[pos.settings.seat_of(player)]
    cities = pos.open_cities()
    needs = []
    for card in dict.fromkeys(_hand(pos, player)):
        best = MAX_PIECE + 1
        for city in cities:
            p = city * PLOTS_PER_CITY + plots[card]
            tower = board[p]
            if not tower or p == pos.godzilla:
                continue
            top = tower[-1][0]
            if top == colour or (two_colour and owner[top] == player):
                continue
            top_floors = sum(f for c, f in tower if c == top)
            own = sum(f for c, f in tower if c == colour)
            best = min(best, max(1, top_floors - own))
        if best <= MAX_PIECE:
            needs.append(best)
    return sorted(needs)


def selection_value(counts: Counts, stock: Counts, needs: list[int]) -> float:
    """Take-overs the pieces can make with the cards in hand, minus imbalance against stock."""
    total = sum(stock)
    need = sum(counts)
    # math.fsum, not sum(): correctly rounded, so the same in every Python version (sum()
    # of floats changed in 3.12, and the browser runs 3.14)
    imbalance = fsum((n - s * need / total) ** 2 for n, s in zip(counts, stock)) if total else 0.0
    pieces = [f for f, n in zip(range(1, MAX_PIECE + 1), counts) for _ in range(n)]
    matched = 0
    for want in needs:  # greedy matching: the smallest piece that is big enough
        for i, f in enumerate(pieces):
            if f >= want:
                del pieces[i]
                matched += 1
                break
    return matched - BALANCE_WEIGHT * imbalance


_VALUES: dict[tuple[Counts, int, tuple[int, ...]], list[tuple[float, Counts]]] = {}
"""(stock, pieces to take, take-over needs) -> every selection with its value: the search
ranks the same selections again and again, in the tree and in playouts."""
_VALUES_LIMIT = 5_000


def ranked_selections(pos: Position, rng: random.Random | None = None,
                      noise: float = 0.0, two_colour: bool = False) -> list[Select]:
    """All selections for the colour being chosen, best first (``noise`` adds randomness;
    ``two_colour``: see :func:`takeover_needs`)."""
    colour = pos.select_queue[0]
    player = pos.settings.colour_owner[colour]
    stock = pos.stock[colour]
    need = min(pos.settings.pieces_per_round, sum(stock))
    needs = takeover_needs(pos, player, colour, two_colour)
    key = (stock, need, tuple(needs))
    values = _VALUES.get(key)
    if values is None:
        values = [(selection_value(counts, stock, needs), counts)
                  for counts in selections(stock, need)]
        if len(_VALUES) >= _VALUES_LIMIT:
            _VALUES.clear()
        _VALUES[key] = values
    if noise and rng is not None:
        scored = [(-(value + rng.random() * noise), counts) for value, counts in values]
    else:
        scored = [(-value, counts) for value, counts in values]
    scored.sort()
    name = pos.settings.colours[colour]
    return [Select(name, counts) for _, counts in scored]
