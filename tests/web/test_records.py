"""The table's memory across games (game/web/saves/records.py): people remembered,
each game finished here recorded once, the statistics read from the records, and a stored
document that cannot break the page whatever it holds."""

from __future__ import annotations

import json

import pytest
from engine_testkit import random_game

from game import Game, standard_settings
from game.errors import SettingsError
from game.settings import PlayerSpec, Settings
from game.web.saves import backup_records as B
from game.web.saves import records as R


def finished(names: list[str], seed: str, controllers: list[str] | None = None) -> Game:
    base = standard_settings(len(names), names)
    if controllers:
        base = Settings(players=tuple(PlayerSpec(p.name, p.colours, p.seat, c) for p, c
                                      in zip(base.players, controllers)))
    return random_game(base, seed)


def test_a_finished_game_is_recorded_once_with_every_seat():
    game = finished(["Ann", "Bob", "Cy"], "r1")
    records = R.finished_here(R.EMPTY, "g1", game, 1000)
    assert [p.name for p in records.people] == ["Ann", "Bob", "Cy"]
    (result,) = records.games
    standings = {s.player: s for s in game.state.standings()}
    for i, seat in enumerate(result.seats):
        assert (seat.points, seat.rank, seat.winner) == (
            standings[i].points, standings[i].rank, standings[i].winner)
        assert seat.person == records.person_named(seat.name).id
    assert R.finished_here(records, "g1", game, 2000) == records  # twice: once


def test_an_unfinished_game_is_not_recorded():
    game = random_game(standard_settings(2, ["Ann", "Bob"]), "r2", stop=lambda g: len(g.log) > 30)
    assert R.finished_here(R.EMPTY, "g", game, 1) == R.EMPTY


def test_computers_are_recorded_by_level_not_as_people():
    game = finished(["Ann", "Computer 2"], "r3", ["human", "search:3"])
    records = R.finished_here(R.EMPTY, "g", game, 1)
    assert [p.name for p in records.people] == ["Ann"]
    assert [s.level for s in records.games[0].seats] == [None, "search:3"]
    assert R.level_tally(records, "search:3").games == 1
    assert R.levels_played(records) == ("search:3",)


def test_a_name_in_another_case_is_the_same_person():
    records = R.with_people(R.EMPTY, ["Ann"])
    records = R.finished_here(records, "g", finished(["ann", "Bob"], "r4"), 1)
    assert [p.name for p in records.people] == ["Ann", "Bob"]


def test_tallies_count_games_wins_points_and_streaks():
    seat = R.SeatResult
    games = tuple(R.GameResult(f"g{i}", i, (seat("Ann", pts, 1 if won else 2, won, "p1"),
                                            seat("Bob", 10, 2 if won else 1, not won, "p2")))
                  for i, (pts, won) in enumerate([(20, True), (25, True), (5, False),
                                                  (30, True), (31, True), (32, True)]))
    records = R.Records((R.Person("p1", "Ann"), R.Person("p2", "Bob")), games)
    ann = R.person_tally(records, "p1")
    assert (ann.games, ann.wins, ann.best, ann.streak, ann.best_streak) == (6, 5, 32, 3, 3)
    assert ann.average == pytest.approx(143 / 6)
    assert ann.win_rate == pytest.approx(5 / 6)
    h2h = R.head_to_head(records, "p1", "p2")
    assert (h2h.games, h2h.ahead, h2h.behind, h2h.ties) == (6, 5, 1, 0)
    assert [p.name for p, _ in R.rivals(records, "p2")] == ["Ann"]
    assert R.scores_over_time(records, "p1") == tuple((float(i), p) for i, p in
                                                     enumerate([20, 25, 5, 30, 31, 32]))
    assert R.person_tally(records, "nobody") == R.Tally(0, 0, 0, 0, 0, 0)


def test_rename_merge_and_forget():
    records = R.finished_here(R.EMPTY, "g1", finished(["Ann", "Bob"], "r5"), 1)
    records = R.finished_here(records, "g2", finished(["Anne", "Bob"], "r6"), 2)
    ann, anne = records.person_named("Ann"), records.person_named("Anne")
    with pytest.raises(SettingsError):
        R.renamed(records, anne.id, "ANN")  # taken: merge instead
    records = R.merged(records, ann.id, anne.id)
    assert records.person(anne.id) is None and R.person_tally(records, ann.id).games == 2
    records = R.renamed(records, ann.id, "Annie")
    assert records.person(ann.id).name == "Annie"
    assert records.games[0].seats[0].name == "Ann"  # the game keeps the name shown then
    bob = records.person_named("Bob")
    records = R.forgotten(records, bob.id)
    assert records.person_named("Bob") is None
    assert R.person_tally(records, bob.id).games == 0 and len(records.games) == 2


def test_the_stored_form_round_trips():
    records = R.finished_here(R.EMPTY, "g1", finished(["Ann", "Bob", "Cy", "Dee"], "r7"), 5)
    records = R.finished_here(records, "g2", finished(["Ann", "Computer"], "r8",
                                                      ["human", "heuristic"]), 9)
    assert R.parse_records(R.records_text(records)) == records


@pytest.mark.parametrize("text", [None, "", "nonsense", "[]", "{}", '{"format": "x"}',
                                  "[" * 5000 + "]" * 5000, json.dumps({"format": R.FORMAT,
                                                                       "people": 5})])
def test_an_unreadable_document_is_empty_records(text):
    assert R.parse_records(text) == R.EMPTY


def test_bad_entries_are_dropped_and_the_rest_kept():
    good = R.finished_here(R.EMPTY, "g1", finished(["Ann", "Bob"], "r9"), 5)
    data = R.records_data(good)
    data["people"] += [{"id": "p9", "name": "\u202eevil"}, {"id": 3, "name": "X"}, "junk",
                       {"id": "p8", "name": "ann"}]
    data["games"] += [{"game": "g2", "ended": "soon", "seats": []},
                      {"game": "g3", "ended": 1, "seats": [{"name": "A", "points": 1,
                                                            "rank": 9, "winner": True}] * 2},
                      dict(data["games"][0])]  # the same game again: once
    data["games"][0]["seats"][0]["person"] = "p404"  # an unknown person: anonymous
    records = R.records_from(json.loads(json.dumps(data)))
    assert [p.name for p in records.people] == ["Ann", "Bob"]
    assert len(records.games) == 1 and records.games[0].seats[0].person is None


def test_a_backup_merges_games_by_id_and_people_by_name():
    when = B.FIRST_RELEASE + 100
    mine = R.finished_here(R.EMPTY, "g1", finished(["Ann", "Bob"], "r10"), when)
    theirs = R.finished_here(R.with_people(R.EMPTY, ["Zoe", "Bob"]), "g2",
                             finished(["Zoe", "Bob"], "r11"), when + 1)
    theirs = R.finished_here(theirs, "g1", finished(["Ann", "Bob"], "r10"), when)
    merge = B.merged_backup(mine, R.records_data(theirs), when + 10, {})
    both = merge.records
    assert (merge.added, merge.skipped, merge.refused) == (1, 1, ())
    assert [g.game for g in both.games] == ["g1", "g2"]
    assert {p.name for p in both.people} == {"Ann", "Bob", "Zoe"}
    bob = both.person_named("Bob").id
    assert R.person_tally(both, bob).games == 2
    again = B.merged_backup(both, R.records_data(theirs), when + 10, {})
    assert again.records == both and (again.added, again.skipped) == (0, 2)


def test_the_records_stay_bounded():
    seat = R.SeatResult
    games = tuple(R.GameResult(f"g{i}", i, (seat("A", 1, 1, True), seat("B", 0, 2, False)))
                  for i in range(R.MAX_GAMES + 10))
    records = R.with_people(R.Records((), games), [f"P{i}" for i in range(R.MAX_PEOPLE + 5)])
    assert len(records.games) == R.MAX_GAMES and records.games[0].game == "g10"
    assert len(records.people) == R.MAX_PEOPLE


def test_setup_offers_the_latest_players_first():
    records = R.with_people(R.EMPTY, ["Zed", "Amy"])
    records = R.finished_here(records, "g", finished(["Zed", "Bob"], "r12"), 1)
    assert [p.name for p in R.people_by_last_game(records)][:2] in (["Bob", "Zed"],
                                                                   ["Zed", "Bob"])
    assert R.people_by_last_game(records)[-1].name == "Amy"
