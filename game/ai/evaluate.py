"""Static evaluation of a board, shared by the greedy player and the search's leaf values.

Why a board evaluation and not just the score: buildings stay for the rest of the game, so the
board as it would score *now* is the best cheap predictor of every later scoring too. On top
of the printed scoring (tallest 3, majority 2, tower 1) a tower that no other colour can ever
take over (``is_safe_from`` every colour: the owner leads by more than the biggest piece) is
worth a little extra, because its point is secure for the rest of the game.

Everything here reads only the public board, so it is safe to use on a :class:`PlayerView`.
"""

from __future__ import annotations

from ..board import Board, Tower
from ..material import CITIES, MAX_PIECE, PLOTS_PER_CITY
from ..scoring import MAJORITY_POINTS, TALLEST_POINTS, TOWER_POINTS
from ..settings import Settings

SAFE_BONUS = 0.5
"""Extra value per round of a tower nobody can take over (a sure point in every later round)."""
CITY_RANGES = tuple(range(c * PLOTS_PER_CITY, (c + 1) * PLOTS_PER_CITY) for c in range(len(CITIES)))


TowerInfo = tuple[int, dict[int, int], int, int, int]
TOWER_INFO: dict[Tower, TowerInfo] = {}
"""Tower -> (height, floors per colour, colour with most floors, its floors, runner-up's
floors): towers recur across playouts and leaves, so look them up instead of recounting."""
_TOWER_INFO_LIMIT = 20_000
"""About 10 MB at most (~0.5 kB a tower): the browser has little memory to spare."""


def tower_info_of(tower: Tower) -> TowerInfo:
    info = TOWER_INFO.get(tower)
    if info is None:
        per: dict[int, int] = {}
        height = 0
        for c, f in tower:
            height += f
            per[c] = per.get(c, 0) + f
        first_colour, first, second = -1, 0, 0
        for c, f in per.items():
            if f > first:
                first_colour, first, second = c, f, first
            elif f > second:
                second = f
        info = (height, per, first_colour, first, second)
        if len(TOWER_INFO) >= _TOWER_INFO_LIMIT:
            TOWER_INFO.clear()
        TOWER_INFO[tower] = info
    return info


def colour_values(board: Board, colour_count: int, safe_bonus: float = SAFE_BONUS,
                  owners: tuple[int, ...] | None = None) -> list[float]:
    """Per colour: the points the board would score now, plus ``safe_bonus`` per safe tower.

    ``owners`` (``Settings.colour_owner``): a tower is safe when its owner leads every
    *other person's* colour by more than the biggest piece. In a two-player game the
    person's other colour cannot take anything from them, so its floors in the tower do not
    make it unsafe; without ``owners`` every other colour counts, as the
    one-ply levels were measured. With one colour a person the two agree.

    Written as one pass with local variables because the search calls it once per playout.
    """
    values = [0.0] * colour_count
    info = TOWER_INFO
    tower_info = tower_info_of
    best_height = 0
    best_owner = -1
    best_count = 0
    for positions in CITY_RANGES:
        counts = [0] * colour_count
        for pos in positions:
            tower = board[pos]
            if not tower:
                continue
            top = tower[-1][0]
            counts[top] += 1
            height, per, first_colour, first, second = info.get(tower) or tower_info(tower)
            top_floors = per[top]
            other = second if first_colour == top else first
            if top_floors - other > MAX_PIECE:
                values[top] += safe_bonus
            elif owners is not None and top_floors > MAX_PIECE:
                person = owners[top]
                rival = 0
                for c, f in per.items():
                    if owners[c] != person and f > rival:
                        rival = f
                if top_floors - rival > MAX_PIECE:
                    values[top] += safe_bonus
            if height > best_height:
                best_height, best_owner, best_count = height, top, 1
            elif height == best_height:
                best_count += 1
        lead = max(counts)
        if lead and counts.count(lead) == 1:
            values[counts.index(lead)] += MAJORITY_POINTS
        for colour, n in enumerate(counts):
            values[colour] += n * TOWER_POINTS
    if best_count == 1:
        values[best_owner] += TALLEST_POINTS
    return values


def player_values(colour_vals: list[float], settings: Settings) -> list[float]:
    """Sum colour values per player (a two-player person plays two colours)."""
    # Left-to-right additions, not sum(): since Python 3.12 sum() of floats compensates
    # rounding errors, so CPython 3.11 and the browser's Python 3.14 would differ in the
    # last bit and break near-ties differently (the same decision everywhere).
    values = []
    for cs in settings.player_colours:
        v = 0.0
        for c in cs:
            v += colour_vals[c]
        values.append(v)
    return values


def relative(values: list[float], player: int) -> float:
    """A player's value minus the mean of the others': gaining and denying both count."""
    total = 0.0
    for p, v in enumerate(values):
        if p != player:
            total += v  # not sum(): see player_values
    return values[player] - total / (len(values) - 1)


def future_weight(rounds_left_after: int) -> float:
    """How much the current board counts for the scorings still to come.

    The board keeps scoring, but later moves change it (towers are taken over, Godzilla eats
    them), so each remaining scoring counts 0.6 of the current board. The figure is a
    judgement, not a tuned value: see "Weaknesses" in docs/ai.md.
    """
    return 0.6 * rounds_left_after
