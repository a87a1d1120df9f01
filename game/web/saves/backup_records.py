"""A backup's game results, checked like a save before the statistics take them.

A backup file is untrusted input, and so are the results it carries: a hand-made file could
otherwise put thousands of results dated centuries ahead, with absurd points, in place of
the ones kept here. :func:`merged_backup` reads each result strictly and checks it
(:func:`result_problem`): a date between the game's first release and the restore, points a
game can give, the places and winners the points give, seats and names as in a save, and
never the id of a game stored here unless it is that game's own result. What passes is
merged without ever dropping a result kept here (beyond
:data:`~game.web.saves.records.MAX_GAMES` the backup's results are refused); what does not
is counted by reason for the restore's report. The format: docs/save-format.md, "Backup".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from ...ai.levels import find_level
from ...errors import SettingsError
from ...material import CITIES, PLOTS_PER_CITY
from ...scoring import MAJORITY_POINTS, TALLEST_POINTS, TOWER_POINTS
from ...settings import clean_name
from .records import (
    FORMAT,
    MAX_GAMES,
    MAX_PEOPLE,
    GameResult,
    Person,
    Records,
    SeatResult,
    list_of,
    next_person_id,
    number_of,
    person_of,
    text_of,
    with_people,
)

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
    people = {p.id: p for item in list_of(data.get("people"))[:MAX_PEOPLE]
              if (p := person_of(item)) is not None}
    result, added, skipped = mine, 0, 0
    refused: Counter[RecordProblem] = Counter()
    seen: set[str] = set()
    for item in list_of(data.get("games")):
        game = _checked_game(item, set(people))
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
    return replace(records, people=records.people + (Person(next_person_id(records), name),))


def result_problem(game: GameResult, now: float,
                   here: Mapping[str, GameResult | None]) -> RecordProblem | None:
    """What makes a result from a file one this device must not count (None: nothing).
    Its seats are well formed already (:func:`_checked_game`)."""
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

def _outcome(result: GameResult) -> tuple[tuple[str, int, int, bool], ...]:
    """What a result says of the game itself (not who the people are, nor when)."""
    return tuple((s.name, s.points, s.rank, s.winner) for s in result.seats)


def _checked_game(item: Any, known: set[str]) -> GameResult | RecordProblem:
    """One result of a backup's records, read strictly (stored records keep what they can:
    :func:`game.web.saves.records.records_from`): whole numbers, a true or false win, and
    the seats of a save: 2 to 4 distinct names, places from 1 to the number of seats, a
    person of the document (``known``) or a computer level the game knows, not both."""
    if not isinstance(item, Mapping):
        return "damaged"
    ident, ended = text_of(item.get("game")), number_of(item.get("ended"))
    raw = list_of(item.get("seats"))
    if ident is None or ended is None:
        return "damaged"
    if not 2 <= len(raw) <= 4:
        return "seats"
    seats = []
    for entry in raw:
        seat = _checked_seat(entry, known)
        if isinstance(seat, str):
            return seat
        if seat.rank > len(raw):
            return "seats"
        seats.append(seat)
    if len({s.name.casefold() for s in seats}) != len(seats):
        return "seats"
    return GameResult(ident, float(ended), tuple(seats))


def _checked_seat(item: Any, known: set[str]) -> SeatResult | RecordProblem:
    if not isinstance(item, Mapping):
        return "damaged"
    try:
        name = clean_name(item.get("name"))
    except SettingsError:
        return "seats"
    points, rank = number_of(item.get("points")), number_of(item.get("rank"))
    if points is None or rank is None:
        return "damaged"
    if not (isinstance(item.get("points"), int) and isinstance(item.get("rank"), int)):
        return "damaged"
    if not 0 <= points <= MAX_POINTS:
        return "points"
    if not 1 <= rank <= 4:
        return "seats"
    winner = item.get("winner")
    if not isinstance(winner, bool):
        return "damaged"
    person = text_of(item.get("person"), 16)
    level = text_of(item.get("level"), 32)
    if ((person is not None and level is not None)
                   or (person is not None and person not in known)
                   or (level is not None and find_level(level) is None)
                   or ("person" in item and person is None)
                   or ("level" in item and level is None)):
        return "seats"
    return SeatResult(name, points, rank, winner, person, level)
