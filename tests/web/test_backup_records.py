"""A backup's game results are untrusted (game/web/saves/records.py, ``merged_backup``):
each is checked like a save before the statistics take it, a result kept here is never
dropped for one of the file, a result never takes the id of a game stored here, and the
restore's report counts what was added, skipped and refused, with the reason."""

from __future__ import annotations

import json

import pytest
from engine_testkit import random_game

from game import standard_settings
from game.web.saves import backup_records as B
from game.web.saves import records as R
from game.web.saves.backup import FORMAT, restore
from game.web.saves.kept_records import load_records, update_records
from game.web.saves.storage import MemoryBackend, SaveStore

NOW = B.FIRST_RELEASE + 365 * 86_400  # a year after the first release
ENDED = NOW - 86_400


def seat(name: str, points: int, rank: int, winner: bool, **who: str) -> dict:
    return {"name": name, "points": points, "rank": rank, "winner": winner, **who}


def result(ident: str, *seats: dict, ended: float = ENDED) -> dict:
    return {"game": ident, "ended": ended, "seats": list(seats)}


GOOD = (seat("Ann", 60, 1, True, person="p1"), seat("Bob", 50, 2, False, level="search:1"))


def document(*games: dict, people=({"id": "p1", "name": "Ann"},)) -> dict:
    return {"format": R.FORMAT, "version": R.VERSION, "people": list(people),
            "games": list(games)}


def merged(*games: dict, mine: R.Records = R.EMPTY, here=None, **kw) -> B.BackupMerge:
    return B.merged_backup(mine, json.loads(json.dumps(document(*games, **kw))), NOW,
                           here or {})


def test_a_sound_result_is_added():
    merge = merged(result("g1", *GOOD))
    assert (merge.added, merge.skipped, merge.refused) == (1, 0, ())
    (game,) = merge.records.games
    assert game.ended == ENDED and [s.points for s in game.seats] == [60, 50]
    assert merge.records.person(game.seats[0].person).name == "Ann"
    assert game.seats[1].level == "search:1"


# What the issue's hostile backup did: 2,000 results far in the future with absurd points
# and two winners. None of them may reach the statistics.
@pytest.mark.parametrize(("game", "why"), [
    (result("g1", *GOOD, ended=999_999_999_999), "future"),
    (result("g1", *GOOD, ended=NOW + 1), "future"),
    (result("g1", *GOOD, ended=B.FIRST_RELEASE - 1), "before_release"),
    (result("g1", *GOOD, ended=5), "before_release"),
    (result("g1", seat("Ann", 999_999_999_999, 1, True), seat("Bob", 0, 2, False)), "points"),
    (result("g1", seat("Ann", B.MAX_POINTS + 1, 1, True), seat("Bob", 0, 2, False)), "points"),
    (result("g1", seat("Ann", -3, 2, False), seat("Bob", 5, 1, True)), "points"),
    (result("g1", seat("Ann", 300, 1, True), seat("Bob", 200, 2, False)), "points"),  # > 414 in all
    (result("g1", seat("Ann", 60.5, 1, True), seat("Bob", 50, 2, False)), "damaged"),
    (result("g1", seat("Ann", 60, 1, True), seat("Bob", 50, 1, True)), "standings"),  # two winners
    (result("g1", seat("Ann", 60, 1, True), seat("Bob", 50, 2, True)), "standings"),
    (result("g1", seat("Ann", 60, 1, False), seat("Bob", 50, 2, False)), "standings"),  # no winner
    (result("g1", seat("Ann", 50, 1, True), seat("Bob", 60, 2, False)), "standings"),
    (result("g1", seat("Ann", 60, 1, True), seat("Bob", 50, 3, False)), "seats"),  # of 2
    (result("g1", seat("Ann", 60, 1, True), seat("Bob", 50, 3, False),
            seat("Cy", 40, 3, False)), "standings"),  # no second place
    (result("g1", seat("Ann", 60, 1, True), seat("Bob", 60, 2, False),
            seat("Cy", 50, 2, False)), "standings"),  # one place, other points
    (result("g1", seat("Ann", 60, 1, True)), "seats"),
    (result("g1", *GOOD, *GOOD), "seats"),
    (result("g1", seat("Ann", 60, 1, True), seat("ann", 50, 2, False)), "seats"),
    (result("g1", seat("\u202eAnn", 60, 1, True), seat("Bob", 50, 2, False)), "seats"),
    (result("g1", seat("A" * 25, 60, 1, True), seat("Bob", 50, 2, False)), "seats"),
    (result("g1", seat("Ann", 60, 1, True, person="p9"), seat("Bob", 50, 2, False)), "seats"),
    (result("g1", seat("Ann", 60, 1, True, level="grandmaster"), seat("Bob", 50, 2, False)),
     "seats"),
    (result("g1", seat("Ann", 60, 1, True, person="p1", level="search:1"),
            seat("Bob", 50, 2, False)), "seats"),
    (result("g1", seat("Ann", 60, 1, "yes"), seat("Bob", 50, 2, False)), "damaged"),
    ({"game": "g1", "ended": "soon", "seats": list(GOOD)}, "damaged"),
    ("junk", "damaged"),
])
def test_a_result_no_game_could_have_is_refused_with_its_reason(game, why):
    merge = merged(game)
    assert merge.refused == ((why, 1),) and merge.added == 0
    assert merge.records.games == ()


def test_a_shared_place_with_equal_points_passes():
    """With equal points the tie-break (tallest tower, majorities) may part two players or
    not: both are places the standings give."""
    shared = result("g1", seat("Ann", 60, 1, True), seat("Bob", 60, 1, True), seat("Cy", 9, 3, False))
    parted = result("g2", seat("Ann", 60, 1, True), seat("Bob", 60, 2, False), seat("Cy", 9, 3, False))
    assert merged(shared, parted).added == 2


def test_real_games_pass_the_checks():
    """Every result the app itself records passes: the bound and the checks fit real games."""
    records = R.EMPTY
    for i in range(12):
        names = ["Ann", "Bob", "Cy", "Dee"][:2 + i % 3]
        game = random_game(standard_settings(len(names), names), f"real{i}")
        records = R.finished_here(records, f"g{i}", game, ENDED - i)
    merge = B.merged_backup(R.EMPTY, R.records_data(records), NOW, {})
    assert merge.added == 12 and merge.refused == ()


def test_the_issues_hostile_backup_changes_nothing_here():
    """2,000 results dated far in the future, points of +-999,999,999,999 and two winners:
    the two results kept here stay, and the statistics stay what they were."""
    mine = R.EMPTY
    for i in range(2):
        mine = R.finished_here(mine, f"local{i}", random_game(standard_settings(2, ["Ann", "Bob"]),
                                                              f"l{i}"), ENDED - i)
    hostile = [result(f"x{i}", seat("Ann", 999_999_999_999, 1, True),
                      seat("Bob", -999_999_999_999, 1, True), ended=999_999_999_999)
               for i in range(2000)]
    merge = merged(*hostile, mine=mine)
    assert set(merge.records.games) == set(mine.games)
    assert merge.added == 0 and sum(n for _, n in merge.refused) == 2000
    ann = merge.records.person_named("Ann").id
    assert R.person_tally(merge.records, ann) == R.person_tally(mine, ann)


def test_a_merge_never_drops_a_local_result_to_make_room():
    seats = (R.SeatResult("A", 2, 1, True), R.SeatResult("B", 1, 2, False))
    mine = R.Records((), tuple(R.GameResult(f"m{i}", ENDED - i, seats)
                               for i in range(R.MAX_GAMES - 3)))
    theirs = [result(f"t{i}", seat("A", 2, 1, True), seat("B", 1, 2, False), ended=ENDED - 10_000)
              for i in range(10)]  # older than every local one
    merge = merged(*theirs, mine=mine)
    assert merge.added == 3 and merge.refused == (("full", 7),)
    kept = {g.game for g in merge.records.games}
    assert {g.game for g in mine.games} <= kept and len(kept) == R.MAX_GAMES
    assert R.MAX_GAMES >= 5_000  # far above a few hundred games a year


def test_a_result_never_takes_the_id_of_a_game_stored_here():
    game = random_game(standard_settings(2, ["Ann", "Bob"]), "here", stop=lambda g: len(g.log) > 20)
    assert not game.state.is_over
    # the id of an unfinished game here (or of a save that does not load): refused
    assert merged(result("g1", *GOOD), here={"g1": None}).refused == (("game_here", 1),)
    # the id of a finished game here: only its own result passes
    done = random_game(standard_settings(2, ["Ann", "Bob"]), "done")
    own = R.game_result("g2", done, 0)
    true = result("g2", *(seat(s.name, s.points, s.rank, s.winner) for s in own.seats))
    false = result("g2", seat("Ann", 99, 1, True), seat("Bob", 1, 2, False))
    assert merged(false, here={"g2": own}).refused == (("game_here", 1),)
    assert merged(true, here={"g2": own}).added == 1


def test_a_result_counted_here_is_skipped_not_replaced():
    mine = merged(result("g1", *GOOD)).records
    other = result("g1", seat("Ann", 10, 2, False), seat("Bob", 50, 1, True, level="search:1"))
    merge = merged(other, mine=mine)
    assert merge.records == mine and (merge.added, merge.skipped) == (0, 1)


# ----------------------------------------------------------------- through a restore
def backup(records: dict, games=()) -> str:
    return json.dumps({"format": FORMAT, "version": 1, "games": list(games), "records": records})


def store() -> SaveStore:
    return SaveStore(MemoryBackend(), clock=lambda: NOW)


def test_the_restore_report_counts_added_skipped_and_refused_with_the_reason():
    s = store()
    update_records(s, lambda r: merged(result("g0", *GOOD)).records)
    text = backup(document(result("g0", *GOOD), result("g1", *GOOD),
                           result("g2", *GOOD, ended=999_999_999_999),
                           result("g3", *GOOD, ended=NOW + 5),
                           result("g4", seat("Ann", 60, 1, True), seat("Bob", 50, 1, True))))
    report = restore(s, text, {})
    assert report.restored == () and report.results.added == 1
    assert report.results.skipped == 1
    assert dict(report.results.refused) == {"future": 2, "standings": 1}
    assert report.results.not_stored == 0
    assert [g.game for g in load_records(s).games] == ["g0", "g1"]


def test_a_record_cannot_take_the_id_of_an_unfinished_game_stored_here():
    s = store()
    game = random_game(standard_settings(2, ["Ann", "Bob"]), "open", stop=lambda g: len(g.log) > 20)
    s.save("18c3f2a9b10-4e1f", game, new=True)
    report = restore(s, backup(document(result("18c3f2a9b10-4e1f", *GOOD))), {})
    assert report.results.refused == (("game_here", 1),)
    assert load_records(s).games == ()


def test_a_finished_game_and_its_result_restored_together_are_counted_once():
    """A backup of a game finished on another device carries its save and its result: the
    result is that game's own, so it passes the check of the id."""
    done = random_game(standard_settings(2, ["Ann", "Bob"]), "done2")
    source = store()
    source.save("18c3f2a9b10-aaaa", done, new=True)
    update_records(source, lambda r: R.finished_here(r, "18c3f2a9b10-aaaa", done, ENDED))
    from game.web.saves.backup import backup_text
    text = backup_text(source, NOW)
    target = store()
    report = restore(target, text, {})
    assert len(report.restored) == 1 and report.results.added == 1
    assert restore(target, text, {}).results.skipped == 1
    assert len(load_records(target).games) == 1


def test_results_the_storage_refuses_are_said_not_added():
    s = store()
    s.backend.fail_writes = True
    report = restore(s, backup(document(result("g1", *GOOD))), {"speed": ("fast",)})
    assert report.results.added == 0 and report.results.not_stored == 1
    assert load_records(s).games == ()


def test_settings_the_storage_refuses_are_said_and_not_taken():
    s = store()
    s.backend.fail_writes = True
    text = json.dumps({"format": FORMAT, "version": 1, "games": [],
                       "settings": {"lang": "de", "speed": "fast"}})
    report = restore(s, text, {"lang": ("en", "de"), "speed": ("fast", "normal")})
    assert report.settings == () and report.settings_not_stored
    assert s.prefs() == {}
