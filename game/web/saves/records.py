"""The table's memory across games: the people who play on this device and the results of
the games they finished here (issue 26.1).

One frozen value, :class:`Records`, kept as JSON under :data:`RECORDS_KEY` beside the saves,
so it outlives a deleted save, a reload and an update, and travels in a backup. Every
change is a pure function returning a new value; the statistics are read from it.

A finished game is recorded **once**, by its id, when its last decision is played here
(recording again is a no-op); tutorials, views and imported games are not recorded. Reading
the document never raises: what does not fit is dropped, its size bounded.

Records from a file (a backup) are untrusted: :func:`merged_backup` checks each like a save
(:func:`result_problem`: a date between the game's first release and the restore, points a
game can give, the ranks and winners the points allow, seats and names as in a save, never
the id of a game stored here unless it is that game's own result) and merges what passes
without ever dropping a result kept here; what it refused is counted by reason.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from ...ai.levels import find_level
from ...errors import SaveError, SettingsError
from ...match import Game
from ...material import CITIES, PLOTS_PER_CITY
from ...scoring import MAJORITY_POINTS, TALLEST_POINTS, TOWER_POINTS
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
FIRST_RELEASE = 1_795_305_600
"""2026-11-22 00:00 UTC, the day the game was first published: no game ended before it."""
MOST_SCORINGS = 6
"""A game has 4 or 6 rounds (:class:`game.settings.Settings`), each ending in a scoring."""
MAX_POINTS = MOST_SCORINGS * (TALLEST_POINTS + MAJORITY_POINTS * len(CITIES)
                              + TOWER_POINTS * len(CITIES) * PLOTS_PER_CITY)
"""More points than all players of a game together can score: at each scoring one tallest
tower, one majority per city and one point per tower on the board (414)."""

RecordProblem = Literal["damaged", "future", "before_release", "points", "standings",
                        "seats", "game_here", "full"]
"""Why a result of a backup was refused (``records.refused.<problem>`` in the catalogue):
not a result at all; dated after the restore; dated before the game existed; points no
game gives; ranks or winners the points do not give; seats or names no save could have;
the id of a game stored here that is unfinished or ended otherwise; the statistics hold
:data:`MAX_GAMES` results already."""


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
def _next_id(records: Records) -> str:
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
            records = replace(records, people=records.people + (Person(_next_id(records), name),))
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
    records = with_people(records, [p.name for p in players if p.controller == "human"])
    result = game_result(ident, game, ended, records)
    return _bounded(replace(records, games=records.games + (result,)))


def game_result(ident: str, game: Game, ended: float, records: Records = EMPTY) -> GameResult:
    """The result of the finished ``game`` as recorded: each seat's name, points, place
    and win (in seat order), its person by name in ``records`` or its computer level."""
    players = game.settings.players
    seats = []
    for standing in sorted(game.state.standings(), key=lambda s: s.player):
        spec = players[standing.player]
        human = spec.controller == "human"
        person = records.person_named(spec.name) if human else None
        seats.append(SeatResult(spec.name, standing.points, standing.rank, standing.winner,
                                person.id if person is not None else None,
                                None if human else spec.controller))
    return GameResult(ident, float(ended), tuple(seats))


def _outcome(result: GameResult) -> tuple[tuple[str, int, int, bool], ...]:
    """What a result says of the game itself (not who the people are, nor when)."""
    return tuple((s.name, s.points, s.rank, s.winner) for s in result.seats)


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


@dataclass(frozen=True)
class BackupMerge:
    """A backup's results taken into this device's records: the records after, and how
    many results were added, skipped (counted here already) and refused, by reason."""

    records: Records
    added: int = 0
    skipped: int = 0
    refused: tuple[tuple[RecordProblem, int], ...] = ()
    """Each reason with its count, in the order first met."""


def merged_backup(mine: Records, data: Any, now: float,
                  here: Mapping[str, GameResult | None]) -> BackupMerge:
    """The results of a backup's ``records`` document (untrusted) merged into ``mine``:
    each checked (:func:`result_problem`; ``now`` is the restore's time, ``here`` the
    result of each game stored here by id, None for one that is not finished), people by
    name (a person of the backup with a name known here is that person), games by id
    (never counted twice). No result kept here is dropped to make room: beyond
    :data:`MAX_GAMES` the backup's results are refused."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        return BackupMerge(mine)  # an older backup: no records
    people = {p.id: p for item in _list(data.get("people"))[:MAX_PEOPLE]
              if (p := _person(item)) is not None}
    result, added, skipped = mine, 0, 0
    refused: Counter[RecordProblem] = Counter()
    seen: set[str] = set()
    for item in _list(data.get("games")):
        game = _game(item, set(people), strict=True)
        if isinstance(game, str):
            refused[game] += 1
            continue
        if result.has_game(game.game) or game.game in seen:
            skipped += 1
            continue
        problem = result_problem(game, now, here)
        if problem is None and len(result.games) >= MAX_GAMES:
            problem = "full"
        if problem is not None:
            refused[problem] += 1
            continue
        seen.add(game.game)
        ids: dict[str, str] = {}
        for seat in game.seats:
            if seat.person is not None:
                result = _with_person(result, people[seat.person].name)
                found = result.person_named(people[seat.person].name)
                if found is not None:
                    ids[seat.person] = found.id
        seats = tuple(replace(s, person=ids.get(s.person) if s.person else None)
                      for s in game.seats)
        result = replace(result, games=result.games + (replace(game, seats=seats),))
        added += 1
    for person in people.values():  # people who finished no game yet: while there is room
        if len(result.people) < MAX_PEOPLE:
            result = with_people(result, [person.name])
    games = tuple(sorted(result.games, key=lambda g: g.ended))
    return BackupMerge(replace(result, games=games), added, skipped,
                       tuple(refused.items()))


def _with_person(records: Records, name: str) -> Records:
    """``name`` known (added even beyond :data:`MAX_PEOPLE`: a result refers to it)."""
    if records.person_named(name) is not None:
        return records
    return replace(records, people=records.people + (Person(_next_id(records), name),))


def result_problem(game: GameResult, now: float,
                   here: Mapping[str, GameResult | None]) -> RecordProblem | None:
    """What makes a result from a file one this device must not count (None: nothing).
    Its seats are well formed already (:func:`_game` with ``strict``)."""
    if game.ended > now:
        return "future"
    if game.ended < FIRST_RELEASE:
        return "before_release"
    points = [s.points for s in game.seats]
    if min(points) < 0 or sum(points) > MAX_POINTS:
        return "points"
    if not _standings_fit(game.seats):
        return "standings"
    if game.game in here:
        own = here[game.game]
        if own is None or _outcome(own) != _outcome(game):
            return "game_here"
    return None


def _standings_fit(seats: tuple[SeatResult, ...]) -> bool:
    """The places and wins the points give (:func:`game.scoring.standings`): more points,
    a better place; a shared place, the same points (the tie-break only parts equal
    points); each place one more than the seats ahead; the winners exactly the first."""
    for seat in seats:
        ahead = sum(1 for other in seats if other.rank < seat.rank)
        if seat.rank != 1 + ahead or seat.winner != (seat.rank == 1):
            return False
        for other in seats:
            if other.points > seat.points and not other.rank < seat.rank:
                return False
            if other.rank == seat.rank and other.points != seat.points:
                return False
    return True


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
    for item in _list(data.get("people"))[:MAX_PEOPLE]:
        person = _person(item)
        if person is not None and person.id not in {p.id for p in people} \
                and person.name.casefold() not in names:
            people.append(person)
            names.add(person.name.casefold())
    known = {p.id for p in people}
    games: list[GameResult] = []
    seen: set[str] = set()
    for item in _list(data.get("games"))[-MAX_GAMES:]:
        game = _game(item, known)
        if isinstance(game, GameResult) and game.game not in seen:
            games.append(game)
            seen.add(game.game)
    return Records(tuple(people), tuple(sorted(games, key=lambda g: g.ended)))


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _text(value: Any, limit: int = 64) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) <= limit else None


def _number(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if value != value or abs(value) > 1e12:  # NaN, absurd
        return None
    return int(value)


def _person(item: Any) -> Person | None:
    if not isinstance(item, Mapping):
        return None
    ident, name = _text(item.get("id"), 16), item.get("name")
    try:
        name = clean_name(name)
    except SettingsError:
        return None
    return Person(ident, name) if ident and name else None


def _game(item: Any, known: set[str], strict: bool = False) -> GameResult | RecordProblem:
    """One result of a records document. Stored records (not ``strict``) keep what they
    can: a seat of an unknown person is anonymous. A backup's (``strict``) must have the
    seats of a save: 2 to 4 distinct names, places from 1 to the number of seats, a person
    of the document or a computer level the game knows, not both."""
    if not isinstance(item, Mapping):
        return "damaged"
    ident, ended = _text(item.get("game")), _number(item.get("ended"))
    raw = _list(item.get("seats"))
    if ident is None or ended is None:
        return "damaged"
    if not 2 <= len(raw) <= 4:
        return "seats"
    seats = []
    for entry in raw:
        seat = _seat(entry, known, strict)
        if isinstance(seat, str):
            return seat
        if strict and seat.rank > len(raw):
            return "seats"
        seats.append(seat)
    if strict and len({s.name.casefold() for s in seats}) != len(seats):
        return "seats"
    return GameResult(ident, float(ended), tuple(seats))


def _seat(item: Any, known: set[str], strict: bool) -> SeatResult | RecordProblem:
    if not isinstance(item, Mapping):
        return "damaged"
    try:
        name = clean_name(item.get("name"))
    except SettingsError:
        return "seats"
    points, rank = _number(item.get("points")), _number(item.get("rank"))
    if points is None or rank is None:
        return "damaged"
    if strict and not (isinstance(item.get("points"), int) and isinstance(item.get("rank"), int)):
        return "damaged"
    if strict and not 0 <= points <= MAX_POINTS:
        return "points"
    if not 1 <= rank <= 4:
        return "seats"
    winner = item.get("winner")
    if strict and not isinstance(winner, bool):
        return "damaged"
    person = _text(item.get("person"), 16)
    level = _text(item.get("level"), 32)
    if strict and ((person is not None and level is not None)
                   or (person is not None and person not in known)
                   or (level is not None and find_level(level) is None)
                   or ("person" in item and person is None)
                   or ("level" in item and level is None)):
        return "seats"
    return SeatResult(name, points, rank, winner is True,
                      person if person in known else None, level if person is None else None)
