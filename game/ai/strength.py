"""What each level of the page is measured to be, in plain words.

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
it at two players (the ladder) and the strongest against the mixed pool at 2,
3 and 4 players. Win rates per seat occupied, ties split, seats rotated, standard rules,
95% Wilson intervals.

One line is logged under another id: ``search:3`` over ``search:1`` at two players was played
while a five-level ladder was tried (docs/ai.md, "The ladder at two players, rebuilt"), when
``search:2`` had at 2-player tables exactly ``search:1``'s configuration; its records name
``search:2`` (code d8afccb62f25). A level's id does not enter its decisions, and replaying
games 0, 1 and 100 of that line with ``search:1`` gave the same scores. The 4-player line
was played to 1,000 games (a length fixed before it went on from 200; one game in 1,000 ended
in a shared win: 514.5 wins). A summary says a share in plain words ("about half its
games") or as "N of M games"; either is checked against its lines (tests/ai/test_ai_strength.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Measured:
    """One measured line: ``subject`` against ``opponents`` at a table of ``players``; the
    win rate and margin are the subject's. A rung of the ladder is one line, listed under
    both of its levels."""

    subject: str
    opponents: str
    players: int
    games: int
    win_rate: float
    wilson95: tuple[float, float]
    mean_margin: float | None
    source: str
    """The kept log, the line's code and its seeds."""


@dataclass(frozen=True)
class LevelStrength:
    level: str
    catalogue_key: str
    summary: str
    """The plain-words description (English; the web layer's catalogues translate it)."""
    measured: tuple[Measured, ...]
    """The lines the level played: as the subject or among the opponents."""


LADDER = "docs/yardstick/ladder-2p.jsonl"
POOL_LOG = "docs/yardstick/pool.jsonl"
MIXED = "mixed pool (heuristic, threat, majority)"

GREEDY_OVER_RANDOM = Measured("greedy", "random", 2, 200, 1.0, (0.9812, 1.0), 141.33,
                              f"{LADDER}, code 561306f6885a, seeds rung/2p/g, g in 0-199")
SEARCH_1_OVER_GREEDY = Measured("search:1", "greedy", 2, 200, 0.81, (0.75, 0.8583), 11.18,
                                f"{LADDER}, code e85082b11e30, seeds rung/2p/g, g in 0-199")
SEARCH_3_OVER_SEARCH_1 = Measured("search:3", "search:1 (logged as search:2)", 2, 200, 0.68,
                                  (0.6125, 0.7407), 8.44,
                                  f"{LADDER}, code d8afccb62f25, seeds rung/2p/g, g in 0-199")
STRONGEST_AGAINST_POOL = (
    Measured("search:3", MIXED, 2, 200, 0.915, (0.8681, 0.9463), 22.62,
             f"{POOL_LOG}, code bcd550ffac1c, seeds yard/2p/g, g in 0-199"),
    Measured("search:3", MIXED, 3, 200, 0.71, (0.6436, 0.7685), 4.82,
             f"{POOL_LOG}, code bcd550ffac1c, seeds yard/3p/g, g in 0-199"),
    Measured("search:3", MIXED, 4, 1000, 0.5145, (0.4835, 0.5454), 3.01,
             f"{POOL_LOG}, code bcd550ffac1c, seeds yard/4p/g, g in 0-999"),
)

LEVELS: dict[str, LevelStrength] = {
    "random": LevelStrength(
        "random", "ai.strength.random",
        "Plays any legal move at random, for learning the rules. The easy level beat it in "
        "200 of 200 two-player games.",
        (GREEDY_OVER_RANDOM,)),
    "greedy": LevelStrength(
        "greedy", "ai.strength.greedy",
        "Takes whatever scores most right now and never looks ahead. It beat the beginner "
        "in 200 of 200 two-player games.",
        (GREEDY_OVER_RANDOM, SEARCH_1_OVER_GREEDY)),
    "search:1": LevelStrength(
        "search:1", "ai.strength.search:1",
        "Tries out about a hundred continuations before each move. Against the easy level "
        "it won 162 of 200 two-player games.",
        (SEARCH_1_OVER_GREEDY, SEARCH_3_OVER_SEARCH_1)),
    "search:3": LevelStrength(
        "search:3", "ai.strength.search:3",
        "The strongest: thinks through hundreds of ways the game could go before each move. "
        "Against good players who look one move ahead it wins about nine games in ten one "
        "against one, seven in ten against two, and about half its games against three.",
        (SEARCH_3_OVER_SEARCH_1, *STRONGEST_AGAINST_POOL)),
}
"""Per page level (the id of every level of :data:`game.ai.OFFERED`): its measured strength
(``catalogue_key`` is the level's ``description_key``)."""
