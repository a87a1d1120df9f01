"""What each level of the page is measured to be, in plain words (issue 27, point 4).

The setup screen describes a level by its measured strength, not by an adjective. This
module keeps, per level id of :data:`game.ai.OFFERED`, the matches that measured it and one
English sentence that says what they show; the web layer's catalogues hold that sentence
as the level's ``catalogue_key`` in English (``tests/web/test_i18n.py`` checks that they
agree) and its translations, with the same figures. When a level or a figure changes,
change the measurement and the sentence together: ``tests/ai/test_ai_strength.py`` checks
that every page level has one and that every "N of M" a sentence says is the wins and games
of one of its measured lines.

The figures are the kept logs of ``docs/yardstick/`` (``scripts/bench_yardstick.py
--summarize``; docs/ai.md, "Two hundred games a line"): each level against the level below
it at two players (the ladder of issue 27.4) and the strongest against the mixed pool at 2,
3 and 4 players. Win rates per seat occupied, ties split, seats rotated, standard rules,
95% Wilson intervals."""

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
        "Plays any legal move at random, for learning the rules. The easy level beat it in "
        "200 of 200 two-player games.",
        (Measured("greedy (subject greedy)", 2, 200, 1.0, (0.9812, 1.0),
                  141.33, "docs/yardstick/ladder-2p.jsonl, seeds rung/2p/g, g in 0-199"),)),
    "greedy": LevelStrength(
        "greedy", "ai.strength.greedy",
        "Takes whatever scores most right now and never looks ahead. It beat the beginner in "
        "200 of 200 two-player games.",
        (Measured("random", 2, 200, 1.0, (0.9812, 1.0),
                  141.33, "docs/yardstick/ladder-2p.jsonl, seeds rung/2p/g, g in 0-199"),
         Measured("heuristic (subject heuristic)", 2, 200, 0.555, (0.4857, 0.6222),
                  2.42, "docs/yardstick/ladder-2p.jsonl, seeds rung/2p/g, g in 0-199"))),
    "heuristic": LevelStrength(
        "heuristic", "ai.strength.heuristic",
        "Looks one move ahead and watches which of its towers the others can take over. "
        "Against the easy level it won 111 of 200 two-player games: at two players no "
        "stronger.",
        (Measured("greedy", 2, 200, 0.555, (0.4857, 0.6222),
                  2.42, "docs/yardstick/ladder-2p.jsonl, seeds rung/2p/g, g in 0-199"),
         Measured("search:1 (subject search:1)", 2, 200, 0.75, (0.6857, 0.8049),
                  12.35, "docs/yardstick/ladder-2p.jsonl, seeds rung/2p/g, g in 0-199"))),
    "search:1": LevelStrength(
        "search:1", "ai.strength.search:1",
        "Tries out about a hundred continuations before each move. Against the careful level "
        "it won 150 of 200 two-player games.",
        (Measured("heuristic", 2, 200, 0.75, (0.6857, 0.8049),
                  12.35, "docs/yardstick/ladder-2p.jsonl, seeds rung/2p/g, g in 0-199"),
         Measured("search:2 (subject search:2)", 2, 200, 0.605, (0.5359, 0.6702),
                  4.57, "docs/yardstick/ladder-2p.jsonl, seeds rung/2p/g, g in 0-199"))),
    "search:2": LevelStrength(
        "search:2", "ai.strength.search:2",
        "Tries out about three hundred continuations before each move. Against the medium "
        "level it won 121 of 200 two-player games.",
        (Measured("search:1", 2, 200, 0.605, (0.5359, 0.6702),
                  4.57, "docs/yardstick/ladder-2p.jsonl, seeds rung/2p/g, g in 0-199"),)),
    "search:3": LevelStrength(
        "search:3", "ai.strength.search:3",
        "The strongest: tries out hundreds of continuations before each move. Against a mix "
        "of one-move-ahead players it won 170 of 200 games at two players, 60 of 77 at three "
        "and 108 of 200 at four.",
        (Measured("mixed pool (heuristic, threat, majority)", 2, 200, 0.85, (0.7939, 0.8929),
                  14.94, "docs/yardstick/pool.jsonl, seeds yard/2p/g, g in 0-199"),
         Measured("mixed pool (heuristic, threat, majority)", 3, 77, 0.7792, (0.6749, 0.8571),
                  6.1, "docs/ai.md (yardstick pool, 2abc059), seeds yard/3p/g, g in 0-76"),
         Measured("mixed pool (heuristic, threat, majority)", 4, 200, 0.54, (0.4708, 0.6077),
                  2.91, "docs/yardstick/pool.jsonl, seeds yard/4p/g, g in 0-199"))),
}
"""Per page level (the id of every level of :data:`game.ai.OFFERED`): its measured strength
(``catalogue_key`` is the level's ``description_key``)."""
