"""The statistics screen's frame: the records' figures, computed once per
render from :mod:`game.web.saves.records` (part of the page's
:class:`~game.web.frames.frame.Frame`). Only names and numbers: no game, no hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..saves import records as stats_records
from ..saves.records import HeadToHead, Tally

__all__ = ["LevelLine", "Pair", "PersonLine", "StatsFrame", "Tally", "stats_frame"]


@dataclass(frozen=True)
class PersonLine:
    id: str
    name: str
    tally: Tally


@dataclass(frozen=True)
class LevelLine:
    level: str
    """The computer level's id (the screen names it in the current language)."""
    tally: Tally


@dataclass(frozen=True)
class Pair:
    first: str
    second: str
    record: HeadToHead
    """How often ``first`` finished ahead of ``second``, behind, level."""


@dataclass(frozen=True)
class StatsFrame:
    people: tuple[PersonLine, ...]
    """Everyone remembered, the most recent players first (the ones without a game too:
    they can be renamed, merged, forgotten)."""
    levels: tuple[LevelLine, ...]
    pairs: tuple[Pair, ...]
    games: int
    chart: PersonLine | None
    """The person whose scores the chart shows."""
    scores: tuple[tuple[float, int], ...]
    """(when, points) of each of that person's games, oldest first."""
    merge: tuple[str, str] | None = None
    forget: str | None = None
    reset: bool = False
    error: tuple[str, dict[str, Any]] | None = None
    from_game: bool = False
    """Opened from a game's final standings: back leads there."""


def stats_frame(records: stats_records.Records, chart: str | None, merge: tuple[str, str] | None = None,
                forget: str | None = None, reset: bool = False,
                error: tuple[str, dict[str, Any]] | None = None,
                from_game: bool = False) -> StatsFrame:
    people = tuple(PersonLine(p.id, p.name, stats_records.person_tally(records, p.id))
                   for p in stats_records.people_by_last_game(records))
    levels = tuple(LevelLine(level, stats_records.level_tally(records, level))
                   for level in stats_records.levels_played(records))
    pairs: list[Pair] = []
    for i, person in enumerate(people):
        for other in people[i + 1:]:
            record = stats_records.head_to_head(records, person.id, other.id)
            if record.games:
                pairs.append(Pair(person.name, other.name, record))
    pairs.sort(key=lambda p: -p.record.games)
    shown = next((p for p in people if p.id == chart), None)
    if shown is None:
        shown = next((p for p in people if p.tally.games), None)
    scores = stats_records.scores_over_time(records, shown.id) if shown is not None else ()
    return StatsFrame(people, levels, tuple(pairs), len(records.games), shown, scores,
                      merge, forget, reset, error, from_game)
