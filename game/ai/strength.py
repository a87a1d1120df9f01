"""What each level of the page is measured to be, in plain words (issue 27, point 4).

The setup screen should describe a level by its measured strength, not by an adjective.
This module keeps, per level id of :data:`game.ai.OFFERED`, the matches that measured it
and one English sentence that says what they show. The sentences are data for the web
layer's catalogues (``catalogue_key``: the message id the page would use, translated in
every language there); nothing here is shown directly. When a level or a figure changes,
change the measurement and the sentence together (``tests/ai/test_ai_strength.py`` checks
that every page level has one and that each sentence's figures come from its
measurements' rows).

Figures are from docs/ai.md ("Strength against the yardstick pool", "Strength against
``heuristic``", "Strength before issue 13"): win rates per seat occupied, ties split,
seats rotated, standard rules, 95% Wilson intervals.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Measured:
    """One measured line: the level against ``opponents`` at a table of ``players``."""

    opponents: str
    players: int
    games: int
    win_rate: float
    wilson95: tuple[float, float]
    mean_margin: float | None
    source: str
    """Where in docs/ai.md the line is, with its seeds."""


@dataclass(frozen=True)
class LevelStrength:
    level: str
    catalogue_key: str
    summary: str
    """The plain-words description (English; the web layer's catalogues translate it)."""
    measured: tuple[Measured, ...]


LEVELS: dict[str, LevelStrength] = {
    "random": LevelStrength(
        "random", "ai.strength.random",
        "Plays any legal move at random: for learning the rules. The easy level beats it in "
        "practically every game.",
        (Measured("3 greedy (subject greedy)", 4, 200, 0.995, (0.972, 0.999), None,
                  "Strength before issue 13: greedy + 3 random"),
         Measured("greedy (subject greedy)", 2, 100, 1.0, (0.963, 1.0), None,
                  "Strength before issue 13: greedy vs random"))),
    "greedy": LevelStrength(
        "greedy", "ai.strength.greedy",
        "Takes whatever scores most right now and never looks ahead. It beats random play "
        "every time, but the medium level wins about three of four two-player games "
        "against it.",
        (Measured("search:1 (subject search:1)", 2, 40, 0.775, (0.625, 0.877), None,
                  "Strength before issue 13: search:1 vs greedy"),)),
    "heuristic": LevelStrength(
        "heuristic", "ai.strength.heuristic",
        "Looks one move ahead and watches which of its towers the others can take. Stronger "
        "than the easy level: against easy-level players it wins about half of the games at "
        "every table size.",
        (Measured("greedy", 2, 60, 0.55, (0.425, 0.669), None,
                  "The heuristic player (seed hx2)"),
         Measured("2 greedy", 3, 60, 0.45, (0.331, 0.575), None,
                  "The heuristic player (seed hx3)"),
         Measured("3 greedy", 4, 60, 0.45, (0.331, 0.575), None,
                  "The heuristic player (seed hx4)"))),
    "search:1": LevelStrength(
        "search:1", "ai.strength.search:1",
        "Tries out about a hundred continuations before each move. Wins about three of four "
        "two-player games against the easy level.",
        (Measured("greedy", 2, 40, 0.775, (0.625, 0.877), None,
                  "Strength before issue 13: search:1 vs greedy"),
         Measured("3 greedy", 4, 40, 0.575, (0.422, 0.715), None,
                  "Strength before issue 13: search:1 + 3 greedy"))),
    "search:2": LevelStrength(
        "search:2", "ai.strength.search:2",
        "Tries out about three hundred continuations. Wins about five of six two-player games "
        "against the easy level.",
        (Measured("greedy", 2, 40, 0.85, (0.709, 0.929), None,
                  "Strength before issue 13: search:2 vs greedy"),
         Measured("2 greedy", 3, 60, 0.817, (0.701, 0.894), None,
                  "Strength before issue 13: search:2 + 2 greedy"))),
    "search:3": LevelStrength(
        "search:3", "ai.strength.search:3",
        "The strongest: tries out hundreds of continuations before each move. Against a mix "
        "of careful one-move-ahead players it wins about three of four games at two and at "
        "three players, and about half of the four-player games.",
        (Measured("mixed pool (heuristic, threat, majority)", 2, 77, 0.779, (0.675, 0.857),
                  9.6, "Strength against the yardstick pool (issue 27), seeds yard/2p/g"),
         Measured("mixed pool (heuristic, threat, majority)", 3, 77, 0.779, (0.675, 0.857),
                  6.1, "Strength against the yardstick pool (issue 27), seeds yard/3p/g"),
         Measured("mixed pool (heuristic, threat, majority)", 4, 77, 0.506, (0.397, 0.615),
                  3.3, "Strength against the yardstick pool (issue 27), seeds yard/4p/g"),
         Measured("heuristic", 2, 100, 0.76, (0.668, 0.833), 9.5,
                  "Strength against heuristic (issue 13), seeds i13g-2p/k"),
         Measured("2 heuristic", 3, 102, 0.657, (0.561, 0.742), 1.9,
                  "Strength against heuristic (issue 13), seeds i13l-3p/k; then 500-600 "
                  "iterations (0.9 s cap), now 400"),
         Measured("3 heuristic", 4, 100, 0.50, (0.404, 0.596), 1.6,
                  "Strength against heuristic (issue 13), seeds i13g-4p/k"))),
}
"""Per page level (the id of every level of :data:`game.ai.OFFERED`): its measured strength
(``catalogue_key`` is the level's ``description_key``)."""
