"""The records wired into the page: a game finished here is counted once
(whatever the tabs), tutorials and views never; the records travel in a backup; "Play
again" starts the same table with the seats rotated."""

from __future__ import annotations

import random

import pytest
from fakebrowser import FakeBrowser
from play_kit import make_controller, play_computers, play_to_end, setup_game

from game.web.features.playing import seats_rotated
from game.web.model import keeping
from game.web.runtime.interpreter import Interpreter
from game.web.saves import records as R
from game.web.saves.backup import backup_text, restore
from game.web.saves.kept_records import load_records
from game.web.saves.storage import MemoryBackend, StorageError

NAMES = ["Ann", "Bob", "Cy"]
WHO = ["human", "human", "greedy"]


def finished(backend: MemoryBackend | None = None, names=NAMES, seed: int = 3):
    c = make_controller(backend)
    setup_game(c, 3, controllers=WHO, names=names)
    play_to_end(c, random.Random(seed))
    return c


def test_a_game_finished_here_is_recorded_once():
    backend = MemoryBackend()
    c = finished(backend)
    records = load_records(c.store)
    assert [g.game for g in records.games] == [c.game_id]
    assert {p.name for p in records.people} == {"Ann", "Bob"}
    seats = records.games[0].seats
    assert [s.level for s in seats] == [None, None, "greedy"]
    assert sum(s.winner for s in seats) >= 1
    # Handled again (a tap on the final screen, a persist), or adopted by another tab on
    # the same storage: still one game.
    c.handle("peek")
    c.handle("peek")
    other = make_controller(backend)
    assert other.game_id == c.game_id
    other.handle("peek")
    asked = keeping.record_finished(other.env, other.model)  # even asked directly
    assert asked, "the finished game's result was not asked to be recorded"
    Interpreter(other, FakeBrowser(), lambda: None).run(asked)  # and carried out: counted by its id, once
    assert len(load_records(c.store).games) == 1
    ann = records.person_named("Ann")
    assert ann is not None and R.person_tally(records, ann.id).games == 1


def test_the_other_tab_that_adopts_the_last_move_does_not_count_it_again():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 3, controllers=["greedy", "random", "random"], names=NAMES)
    other = make_controller(backend)  # the same game open in a second tab
    play_computers(c)
    assert c.session.state.is_over
    other.handle("peek")  # the second tab sees the change and adopts the finished game
    assert other.session.state.is_over
    play_computers(other)
    assert len(load_records(c.store).games) == 1
    assert load_records(c.store).people == ()  # computers only: nobody to remember


@pytest.mark.slow
def test_a_tutorial_is_not_counted():
    c = make_controller()
    c.handle("tutorial")
    play_to_end(c, random.Random(1))
    assert c.session.state.is_over
    assert load_records(c.store) == R.EMPTY


def test_a_full_storage_does_not_break_the_game():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 3, controllers=WHO, names=NAMES)
    real_set = backend.set

    def refuse_records(key: str, value: str) -> None:
        if key == R.RECORDS_KEY:
            raise StorageError("quota exceeded")
        real_set(key, value)

    backend.set = refuse_records  # type: ignore[method-assign]
    play_to_end(c, random.Random(4))
    assert c.screen_name == "final" and c.saved.banner == ("storage.result_pending", {})
    assert load_records(c.store) == R.EMPTY


def test_backup_carries_the_records_and_restore_merges_them():
    c = finished()
    text = backup_text(c.store, 1_800_000_000)
    fresh = make_controller()
    report = restore(fresh.store, text, {})
    assert report.results.added == 1
    assert load_records(fresh.store).games == load_records(c.store).games
    again = restore(fresh.store, text, {})  # a second restore counts nothing twice
    assert (again.results.added, again.results.skipped) == (0, 1)
    assert len(load_records(fresh.store).games) == 1


def test_play_again_rotates_the_seats():
    c = finished()
    old = c.session.settings
    old_id = c.game_id
    c.handle("rematch")
    new = c.session.settings
    assert c.game_id != old_id and not c.session.state.is_over
    assert [p.name for p in new.players] == NAMES
    assert [p.played_by for p in new.players] == WHO
    assert [p.colours for p in new.players] == [p.colours for p in old.players]
    assert [p.seat for p in new.players] == ["west", "north", "south"]
    assert (new.rounds, new.tie_break, new.godzilla) == (old.rounds, old.tie_break,
                                                         old.godzilla)
    assert c.page.place == "play"


def test_a_fixed_start_stays_at_its_seat_so_another_player_begins():
    c = make_controller()
    setup_game(c, 4, controllers=["human"] * 4, names=["A", "B", "C", "D"], start="1")
    settings = c.session.settings
    turned = seats_rotated(settings)
    assert settings.start_player == 1
    assert turned.players[turned.start_player].seat == settings.players[1].seat
    assert turned.start_player == 0
    back = seats_rotated(seats_rotated(seats_rotated(turned)))
    assert back == settings


def test_the_statistics_screen_shows_manages_and_resets():
    c = finished()
    c.handle("stats")
    assert c.screen_name == "stats"
    tree = c.render()
    assert tree.find_all(data_stats_games=1)
    assert len(tree.find_all(data_stats_person=True)) == 2
    assert tree.find_all(data_stats_level="greedy")
    assert tree.find_all(data_history_chart=1)
    records = load_records(c.store)
    ann, bob = records.person_named("Ann"), records.person_named("Bob")
    # rename, then a rename onto a taken name is refused and said
    c.handle("stats-rename", {"person": ann.id, "value": "Anna"})
    assert load_records(c.store).person(ann.id).name == "Anna"
    c.handle("stats-rename", {"person": ann.id, "value": "bob"})
    assert c.stats.error == ("stats.rename_taken", {})
    # merge Bob into Anna, asked first
    c.handle("stats-merge-ask", {"person": bob.id, "value": ann.id})
    assert load_records(c.store).person(bob.id) is not None
    c.handle("stats-merge")
    merged = load_records(c.store)
    assert merged.person(bob.id) is None and R.person_tally(merged, ann.id).games == 2
    # forget asks first
    c.handle("stats-forget", {"person": ann.id})
    assert load_records(c.store).person(ann.id) is not None
    c.handle("stats-forget", {"person": ann.id, "confirm": "true"})
    assert load_records(c.store).people == ()
    c.handle("stats-reset")
    assert load_records(c.store).games
    c.handle("stats-reset", {"confirm": "true"})
    assert load_records(c.store) == R.EMPTY
    c.handle("stats-close")  # back to the game's final standings
    assert c.screen_name == "final"


def test_setup_offers_the_remembered_names_most_recent_first():
    c = finished(names=["Ann", "Bob", "Cy"])
    c.handle("home")
    c.handle("new-game")
    tree = c.render()
    known = tree.find(data_known_names=2)
    assert known is not None
    assert sorted(o.attrs["value"] for o in known.walk() if o.tag == "option") == ["Ann", "Bob"]
    assert tree.find_all(list="known-names")
