"""The table's memory across games: the people who play on this device and the results of
the games they finished here.

One frozen value, :class:`Records`, kept as JSON under :data:`RECORDS_KEY` beside the saves,
so it outlives a deleted save, a reload and an update, and travels in a backup. Every
change is a pure function returning a new value; the statistics are read from it.

A finished game is recorded **once**, by its id, when its last decision is played here
(recording again is a no-op); tutorials, views and imported games are not recorded. Reading
the document never raises: what does not fit is dropped, its size bounded.
Records from a file (a backup) are checked like a save before they are merged:
:mod:`game.web.saves.backup_records`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...errors import SaveError, SettingsError
from ...match import Game
from ...settings import clean_name
from ...untrusted import parse_json

RECORDS_KEY = "manhattan:records"
FORMAT = "manhattan-records"
VERSION = 1
MAX_GAMES = 5_000
"""The most game results kept, far above real use: a few hundred games a year at a
kitchen table, so more than ten years of them (5,000 results take about 1 MB). A game
finished here beyond it makes the oldest result go; a backup's results beyond it are
refused (``full``), never at the cost of a result kept here."""
MAX_PEOPLE = 200


@dataclass(frozen=True)
class Person:
    """Someone who plays on this device: a stable id (the records refer to it, so a rename
    keeps the history) and the name shown and offered at setup."""

    id: str
    name: str


@dataclass(frozen=True)
class SeatResult:
    """One player of a recorded game: a person (``person`` set) or a computer (``level``
    set), the name shown in that game, the points and the place."""

    name: str
    points: int
    rank: int
    winner: bool
    person: str | None = None
    level: str | None = None


@dataclass(frozen=True)
class GameResult:
    game: str
    ended: float
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True)
class Records:
    people: tuple[Person, ...] = ()
    games: tuple[GameResult, ...] = ()
    """Oldest first."""

    def person(self, ident: str) -> Person | None:
        return next((p for p in self.people if p.id == ident), None)

    def person_named(self, name: str) -> Person | None:
        key = name.casefold()
        return next((p for p in self.people if p.name.casefold() == key), None)

    def has_game(self, ident: str) -> bool:
        return any(g.game == ident for g in self.games)


EMPTY = Records()


# ------------------------------------------------------------------ people
def next_person_id(records: Records) -> str:
    used = {p.id for p in records.people}
    number = len(used) + 1
    while "p%d" % number in used:
        number += 1
    return "p%d" % number


def with_people(records: Records, names: Iterable[str]) -> Records:
    """The people of a new table remembered (a name already known, whatever its case, is
    that person; the oldest are forgotten beyond :data:`MAX_PEOPLE` when nobody's game
    refers to them)."""
    for name in names:
        if records.person_named(name) is None:
            records = replace(records, people=records.people + (Person(next_person_id(records), name),))
    return _bounded(records)


def renamed(records: Records, ident: str, name: str) -> Records:
    """``ident`` known by ``name`` from now on, in the statistics too (its past games keep
    the name shown then). Raises SettingsError for a name that is not allowed or taken."""
    name = clean_name(name)
    if not name:
        raise SettingsError("a name is needed")
    other = records.person_named(name)
    if other is not None and other.id != ident:
        raise SettingsError("that name is taken: merge the two instead")
    return replace(records, people=tuple(replace(p, name=name) if p.id == ident else p
                                         for p in records.people))


def merged(records: Records, keep: str, drop: str) -> Records:
    """Two entries that are the same person (a typo, a nickname): ``drop``'s games become
    ``keep``'s, and ``drop`` is gone."""
    if keep == drop or records.person(keep) is None or records.person(drop) is None:
        return records
    games = tuple(replace(g, seats=tuple(replace(s, person=keep) if s.person == drop else s
                                         for s in g.seats)) for g in records.games)
    return Records(tuple(p for p in records.people if p.id != drop), games)


def forgotten(records: Records, ident: str) -> Records:
    """No longer offered at setup and not in the statistics: the person's seats in past
    games are kept as the anonymous name they had (the others' records do not change)."""
    games = tuple(replace(g, seats=tuple(replace(s, person=None) if s.person == ident else s
                                         for s in g.seats)) for g in records.games)
    return Records(tuple(p for p in records.people if p.id != ident), games)


# ------------------------------------------------------------------ games
def finished_here(records: Records, ident: str, game: Game, ended: float) -> Records:
    """``game`` (saved as ``ident``) was just finished on this device: its result recorded,
    once. A game that is not over, or is recorded already, changes nothing."""
    if not game.state.is_over or records.has_game(ident):
        return records
    players = game.settings.players
    records = with_people(records, [p.name for p in players if p.played_by == "human"])
    result = game_result(ident, game, ended, records)
    return _bounded(replace(records, games=records.games + (result,)))


def game_result(ident: str, game: Game, ended: float, records: Records = EMPTY) -> GameResult:
    """The result of the finished ``game`` as recorded: each seat's name, points, place
    and win (in seat order), its person by name in ``records`` or its computer level."""
    players = game.settings.players
    seats = []
    for standing in sorted(game.state.standings(), key=lambda s: s.player):
        spec = players[standing.player]
        human = spec.played_by == "human"
        person = records.person_named(spec.name) if human else None
        seats.append(SeatResult(spec.name, standing.points, standing.rank, standing.winner,
                                person.id if person is not None else None,
                                None if human else spec.played_by))
    return GameResult(ident, float(ended), tuple(seats))


def _bounded(records: Records) -> Records:
    games = records.games[-MAX_GAMES:]
    people = records.people
    if len(people) > MAX_PEOPLE:
        used = {s.person for g in games for s in g.seats}
        spare = [p for p in people if p.id not in used]
        extra = len(people) - MAX_PEOPLE
        drop = {p.id for p in spare[:extra]}
        people = tuple(p for p in people if p.id not in drop)
    return Records(people, games)


# ------------------------------------------------------------------ statistics
@dataclass(frozen=True)
class Tally:
    """Games, wins and points of one person or one computer level."""

    games: int
    wins: int
    total: int
    best: int
    streak: int
    """Wins in a row up to the last game."""
    best_streak: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0


def _tally(seats: Iterable[SeatResult]) -> Tally:
    games = wins = total = streak = best_streak = 0
    best: int | None = None
    for seat in seats:
        games += 1
        total += seat.points
        best = seat.points if best is None else max(best, seat.points)
        if seat.winner:
            wins += 1
            streak += 1
            best_streak = max(best_streak, streak)
        else:
            streak = 0
    return Tally(games, wins, total, best or 0, streak, best_streak)


def person_tally(records: Records, ident: str) -> Tally:
    return _tally(s for g in records.games for s in g.seats if s.person == ident)


def level_tally(records: Records, level: str) -> Tally:
    return _tally(s for g in records.games for s in g.seats if s.level == level)


def levels_played(records: Records) -> tuple[str, ...]:
    return tuple(sorted({s.level for g in records.games for s in g.seats if s.level}))


@dataclass(frozen=True)
class HeadToHead:
    """Two people's games together: who finished ahead how often (the same place: a tie)."""

    games: int
    ahead: int
    behind: int

    @property
    def ties(self) -> int:
        return self.games - self.ahead - self.behind


def head_to_head(records: Records, first: str, second: str) -> HeadToHead:
    games = ahead = behind = 0
    for game in records.games:
        mine = next((s for s in game.seats if s.person == first), None)
        theirs = next((s for s in game.seats if s.person == second), None)
        if mine is None or theirs is None or first == second:
            continue
        games += 1
        ahead += mine.rank < theirs.rank
        behind += mine.rank > theirs.rank
    return HeadToHead(games, ahead, behind)


def rivals(records: Records, ident: str) -> tuple[tuple[Person, HeadToHead], ...]:
    """The people ``ident`` played with, most games together first."""
    found = [(p, head_to_head(records, ident, p.id)) for p in records.people if p.id != ident]
    return tuple(sorted(((p, h) for p, h in found if h.games),
                        key=lambda item: (-item[1].games, item[0].name.casefold())))


def scores_over_time(records: Records, ident: str) -> tuple[tuple[float, int], ...]:
    """(when the game ended, the points) of each of the person's games, oldest first."""
    return tuple((g.ended, s.points) for g in records.games for s in g.seats
                 if s.person == ident)


def people_by_last_game(records: Records) -> tuple[Person, ...]:
    """The people to offer at setup: the most recent players first, then the others by name."""
    last: dict[str, float] = {}
    for game in records.games:
        for seat in game.seats:
            if seat.person:
                last[seat.person] = game.ended
    return tuple(sorted(records.people,
                        key=lambda p: (-last.get(p.id, -1.0), p.name.casefold())))


# ------------------------------------------------------------------ the stored form
def records_data(records: Records) -> dict[str, Any]:
    return {
        "format": FORMAT, "version": VERSION,
        "people": [{"id": p.id, "name": p.name} for p in records.people],
        "games": [{"game": g.game, "ended": int(g.ended),
                   "seats": [_seat_data(s) for s in g.seats]} for g in records.games],
    }


def _seat_data(seat: SeatResult) -> dict[str, Any]:
    data: dict[str, Any] = {"name": seat.name, "points": seat.points, "rank": seat.rank,
                            "winner": seat.winner}
    if seat.person is not None:
        data["person"] = seat.person
    if seat.level is not None:
        data["level"] = seat.level
    return data


def records_text(records: Records) -> str:
    return json.dumps(records_data(records), separators=(",", ":"), ensure_ascii=False)


def parse_records(text: str | None) -> Records:
    """The stored records, read through the engine's one guard for outside JSON (size,
    nesting); anything unreadable is dropped, never an error (a corrupted or hand-edited
    entry costs that entry only)."""
    try:
        return records_from(parse_json(text, "the records"))
    except SaveError:
        return EMPTY


def records_from(data: Any) -> Records:
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        return EMPTY
    people: list[Person] = []
    names: set[str] = set()
    for item in list_of(data.get("people"))[:MAX_PEOPLE]:
        person = person_of(item)
        if person is not None and person.id not in {p.id for p in people} \
                and person.name.casefold() not in names:
            people.append(person)
            names.add(person.name.casefold())
    known = {p.id for p in people}
    games: list[GameResult] = []
    seen: set[str] = set()
    for item in list_of(data.get("games"))[-MAX_GAMES:]:
        game = _game(item, known)
        if game is not None and game.game not in seen:
            games.append(game)
            seen.add(game.game)
    return Records(tuple(people), tuple(sorted(games, key=lambda g: g.ended)))


def list_of(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def text_of(value: Any, limit: int = 64) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) <= limit else None


def number_of(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if value != value or abs(value) > 1e12:  # NaN, absurd
        return None
    return int(value)


def person_of(item: Any) -> Person | None:
    if not isinstance(item, Mapping):
        return None
    ident, name = text_of(item.get("id"), 16), item.get("name")
    try:
        name = clean_name(name)
    except SettingsError:
        return None
    return Person(ident, name) if ident and name else None


def _game(item: Any, known: set[str]) -> GameResult | None:
    if not isinstance(item, Mapping):
        return None
    ident, ended = text_of(item.get("game")), number_of(item.get("ended"))
    raw = list_of(item.get("seats"))
    if ident is None or ended is None or not 2 <= len(raw) <= 4:
        return None
    seats = []
    for entry in raw:
        seat = _seat(entry, known)
        if seat is None:
            return None
        seats.append(seat)
    return GameResult(ident, float(ended), tuple(seats))


def _seat(item: Any, known: set[str]) -> SeatResult | None:
    if not isinstance(item, Mapping):
        return None
    try:
        name = clean_name(item.get("name"))
    except SettingsError:
        return None
    points, rank = number_of(item.get("points")), number_of(item.get("rank"))
    if not name or points is None or rank is None or not 1 <= rank <= 4:
        return None
    person = text_of(item.get("person"), 16)
    level = text_of(item.get("level"), 32)
    return SeatResult(name, points, rank, item.get("winner") is True,
                      person if person in known else None, level if person is None else None)

