"""Scoring after each round and the final standings with the 2017 tie-break."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board, height, owner
from .material import CITIES, PLOTS_PER_CITY

TALLEST_POINTS = 3
MAJORITY_POINTS = 2
TOWER_POINTS = 1


@dataclass(frozen=True, slots=True)
class ColourScore:
    """One colour's points for one scoring, by source."""

    tallest: int
    majorities: int
    towers: int

    @property
    def total(self) -> int:
        return self.tallest + self.majorities + self.towers


@dataclass(frozen=True, slots=True)
class CityResult:
    """How many towers each colour owns in a city, and who (if anyone) has the majority."""

    towers: tuple[int, ...]
    majority: int | None


@dataclass(frozen=True, slots=True)
class Scoring:
    """The full breakdown of one scoring, kept so the app can show it after each round."""

    colours: tuple[ColourScore, ...]
    cities: tuple[CityResult, ...]
    tallest: int | None
    """Board position of the single tallest tower, or None when the tallest height is shared."""


def _unique_max(values: list[int]) -> int | None:
    """Index of the single largest positive value, or None on a tie or when all are 0."""
    best = max(values, default=0)
    if best <= 0 or values.count(best) != 1:
        return None
    return values.index(best)


def score_board(board: Board, colour_count: int) -> Scoring:
    heights = [height(tower) for tower in board]
    tallest = _unique_max(heights)
    tallest_points = [0] * colour_count
    if tallest is not None:
        tallest_points[owner(board[tallest])] = TALLEST_POINTS  # type: ignore[index]
    cities = []
    tower_count = [0] * colour_count
    majority_points = [0] * colour_count
    for city in range(len(CITIES)):
        counts = [0] * colour_count
        for tower in board[city * PLOTS_PER_CITY:(city + 1) * PLOTS_PER_CITY]:
            top = owner(tower)
            if top is not None:
                counts[top] += 1
        leader = _unique_max(counts)
        if leader is not None:
            majority_points[leader] += MAJORITY_POINTS
        for colour, n in enumerate(counts):
            tower_count[colour] += n
        cities.append(CityResult(tuple(counts), leader))
    colours = tuple(
        ColourScore(tallest_points[c], majority_points[c], tower_count[c] * TOWER_POINTS)
        for c in range(colour_count))
    return Scoring(colours, tuple(cities), tallest)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place at the end of the game and the figures the tie-break looks at."""

    player: int
    points: int
    tallest_tower: int
    majorities: int
    rank: int
    winner: bool
    decided_by: str
    """What separated this player from those with equal points: ``"points"`` when nobody
    shares the total, else ``"tallest"``, ``"majorities"`` or ``"shared"``."""


def standings(points: list[int], player_colours: tuple[tuple[int, ...], ...], board: Board,
              tie_break: bool) -> tuple[Standing, ...]:
    """Final standings, best first. ``points`` is per player (colours already summed)."""
    final = score_board(board, sum(len(c) for c in player_colours))
    tallest = []
    majorities = []
    for colours in player_colours:
        tallest.append(max((height(t) for t in board if owner(t) in colours), default=0))
        majorities.append(sum(1 for city in final.cities if city.majority in colours))

    def key(p: int) -> tuple[int, ...]:
        return (points[p], tallest[p], majorities[p]) if tie_break else (points[p],)

    players = sorted(range(len(points)), key=key, reverse=True)
    best = key(players[0])
    result = []
    for p in players:
        same_points = [q for q in players if points[q] == points[p]]
        same_tallest = [q for q in same_points if tallest[q] == tallest[p]]
        same_all = [q for q in same_tallest if majorities[q] == majorities[p]]
        if len(same_points) == 1:
            decided = "points"
        elif not tie_break:
            decided = "shared"
        elif len(same_tallest) == 1:
            decided = "tallest"
        elif len(same_all) == 1:
            decided = "majorities"
        else:
            decided = "shared"
        rank = 1 + sum(1 for q in players if key(q) > key(p))
        result.append(Standing(p, points[p], tallest[p], majorities[p], rank,
                               key(p) == best, decided))
    return tuple(result)
