"""Longer sight for the search's leaves: what the pieces left over are worth in later rounds.

Why: a playout stops at the end of the root's round, and the board value alone says nothing
about the rounds after it. A colour that spent its 4-floor pieces early can no longer take
towers that need 3-4 floors, and its own towers with a thin lead stay open to opponents who
kept big pieces. So at a leaf, for every tower and every colour other than its owner's
person, the pieces that colour still has for later rounds (stock and unused supply) decide
whether it can take the tower over: each piece big enough is a chance (``TAKE_CHANCE`` per
piece, at most one per round left, capped at ``MAX_TAKE``) to win the tower for the
scorings after it, and the owner loses what the others may win. The chances are a
*person's*: at two players a person's two colours pool their pieces into one taker (one
hand, one take per tower), so the other person's two colours do not threaten a tower twice.
Summed per colour this is the **outlook**: expected points still to move by take-overs,
given the stocks by size against the targets on the board. Keeping a big piece raises a
colour's outlook and lowers its opponents'; a tower that needs a big piece to take is
worth more to whoever has one.

Reads only the board, the stocks and the supplies (public), so it is safe at any leaf.
"""

from __future__ import annotations

from ..material import MAX_PIECE, PIECES_PER_COLOUR, PLOTS_PER_CITY, SEAT_PLOTS
from ..scoring import TOWER_POINTS
from ..state import Counts, State
from .evaluate import TOWER_INFO, tower_info_of
from .policy import REACH, reach_of

TAKE_CHANCE = 0.15
"""Chance per big-enough piece (and round left) that a colour takes a given tower over."""
MAX_TAKE = 0.6
"""At most this chance that any one colour takes a given tower in the rounds left."""
LATER_SHARE = 0.5
"""A take-over in a later round counts on average for about half the scorings still to come."""
NOW_TAKE = 0.5
"""Mid-round: chance that a colour with turns left, the card for the plot (in its hand, as
drawn in this determinization) and a big enough piece in supply takes the tower this round."""
RESERVE: dict[int, tuple[tuple[float, float, float, float], bool]] = {
    4: ((0.0, 0.0, 0.25, 0.6), False),
    6: ((0.0, 0.0, 1.0, 2.4), True),
}
"""By the game's round count: the option value of a 1-, 2-, 3- and 4-floor piece kept in
stock (not yet taken for a round) for a later round, and whether only pieces up to the even
pace count (see :func:`_capable`). A big piece kept for a later round can take or defend a
tower when nobody can answer any more, so spending it early has a cost. Measured on the same
deals (``docs/ai.md``): six-round games gain from four times the four-round values (kept up
to the pace, or the hoard all goes into the last round); four-round games lose by any more
reserve (pieces kept back are pieces not scoring), so they keep the first values, unpaced."""


_NO_PLOTS: frozenset[int] = frozenset()
_CAPABLE: dict[tuple[Counts, Counts, int, int], tuple[list[int], float]] = {}


def _capable(stock: Counts, supply: Counts, later: int,
             rounds: int) -> tuple[list[int], float]:
    """``row[need]``: pieces with at least ``need`` floors in stock and supply together; and
    the reserve value of the stock for the ``later`` rounds still to select (of ``rounds``).

    Why a pace: a piece is worth keeping only while the later rounds can use it. Where
    ``RESERVE`` says so, each piece kept counts up to an even share per later round (a
    colour's pieces of that size over the game's rounds) and pieces beyond that pace count
    nothing, so a colour that kept more big pieces than its later rounds need spends the
    surplus now instead of hoarding it for the last round.
    Cached: stocks and supplies recur in every leaf."""
    row = [0] * (MAX_PIECE + 2)
    for need in range(MAX_PIECE, 0, -1):
        row[need] = row[need + 1] + stock[need - 1] + supply[need - 1]
    reserve = 0.0
    if later > 0:
        values, paced = RESERVE[rounds]
        for n, value, total in zip(stock, values, PIECES_PER_COLOUR):
            reserve += value * (min(n, later * total / rounds) if paced else n)
    if len(_CAPABLE) >= 50_000:
        _CAPABLE.clear()
    _CAPABLE[(stock, supply, later, rounds)] = row, reserve
    return row, reserve


def outlook(state: State, scorings_left: float, mid_round: bool = False) -> list[float]:
    """Per colour: expected points gained (+) or lost (-) by later take-overs, plus the
    reserve value of big pieces still in stock.

    ``scorings_left`` is the weight of the scorings after this leaf (0: nothing to come);
    ``mid_round``: the leaf is before this round's scoring, whose take-overs count fully.
    """
    settings = state.settings
    k = len(settings.colours)
    gains = [0.0] * k
    rounds = settings.round_count
    rounds_left = rounds - len(state.scorings)  # not yet scored
    later = rounds_left - 1  # rounds whose pieces are still to select
    if scorings_left <= 0 or rounds_left <= 0:
        return gains
    owner_of = settings.colour_owner
    # capable[c][need]: pieces colour c still has for later with at least ``need`` floors
    capable = []
    worth = TOWER_POINTS * scorings_left * LATER_SHARE
    now_worth = TOWER_POINTS * (1.0 + scorings_left) - worth if mid_round else 0.0
    reaches: list[tuple[int, frozenset[int]]] = []  # per colour: biggest supply piece, plots
    stocks, supplies, hands = state.stock, state.supply, state.hands
    for c in range(k):
        stock, supply = stocks[c], supplies[c]
        row, reserve = (_CAPABLE.get((stock, supply, later, rounds))
                        or _capable(stock, supply, later, rounds))
        capable.append(row)
        big = (REACH.get(supply) or reach_of(supply))[1]
        owner = owner_of[c]
        if mid_round and big:
            plots = SEAT_PLOTS[settings.seat_of(owner)]
            reaches.append((big, frozenset([plots[card] for card in hands[owner]])))
        else:
            reaches.append((big, _NO_PLOTS))
        gains[c] += reserve
    people = list(enumerate(settings.player_colours))
    info = TOWER_INFO
    godzilla = state.godzilla
    for pos, tower in enumerate(state.board):
        if not tower or pos == godzilla:
            continue
        top = tower[-1][0]
        per = (info.get(tower) or tower_info_of(tower))[1]
        lead = per[top]
        top_owner = owner_of[top]
        lost = lost_now = 0.0
        for person, colours in people:
            if person == top_owner:
                continue
            # One person takes a tower once, with whichever of its colours can: its
            # colours' pieces add up to its chances (capped as one colour's are) and the
            # gain is shared among them, so at two players the other person's two colours
            # are not two independent takers (counted apart, they doubled every threat).
            n = 0
            takers_now: list[int] = []
            counted: list[tuple[int, int]] = []
            for c in colours:
                need = lead - per.get(c, 0)
                if need > MAX_PIECE:
                    continue
                n_c = capable[c][need if need > 1 else 1]
                if n_c:
                    n += n_c
                    counted.append((c, n_c))
                if now_worth:
                    big, plots_now = reaches[c]
                    if big >= need and pos % PLOTS_PER_CITY in plots_now:
                        takers_now.append(c)
            if takers_now:
                share = NOW_TAKE * now_worth / len(takers_now)
                for c in takers_now:
                    gains[c] += share
                lost_now += NOW_TAKE
            if n:
                chance = TAKE_CHANCE * (n if n < rounds_left else rounds_left)
                if chance > MAX_TAKE:
                    chance = MAX_TAKE
                value = chance * worth
                for c, n_c in counted:
                    gains[c] += value * (n_c / n)
                lost += chance
        if lost:
            gains[top] -= (lost if lost < 1.0 else 1.0) * worth
        if lost_now:
            gains[top] -= (lost_now if lost_now < 1.0 else 1.0) * now_worth
    return gains
