"""game/story.py: the public events a game's log tells, walked through the engine."""

from __future__ import annotations

import dataclasses

import pytest
from engine_testkit import deal_order, random_game, settings_for

from game import Build, Card, Select, Shuffle, standard_settings
from game.material import PLOTS_PER_CITY
from game.state import SELECT
from game.story import (
    Destroyed,
    GodzillaMoved,
    MajorityChanged,
    Placed,
    Returned,
    Selected,
    Story,
    TakenOver,
    TallestChanged,
    majorities,
)

CENTRE = Card(1, 1)


def scripted():
    """Three players (south, west, north); everyone holds centre cards. South builds a 1 in
    Sydney, West takes it over with a 2, North builds a 3 in Manhattan (a tie for tallest)."""
    settings = settings_for(["south", "west", "north"], start_player=0)
    cards, _ = deal_order(settings, {0: [CENTRE, CENTRE], 1: [CENTRE, CENTRE], 2: [CENTRE]})
    log = [Shuffle(cards),
           Select("blue", (1, 1, 1, 1)), Select("red", (1, 1, 1, 1)),
           Select("yellow", (1, 1, 1, 1)),
           Build(CENTRE, 0, 4, "blue", 1), Build(CENTRE, 0, 4, "red", 2),
           Build(CENTRE, 1, 4, "yellow", 3)]
    return settings, log


def test_a_scripted_game_tells_placements_takeovers_majorities_and_the_tallest_tower():
    settings, log = scripted()
    story = Story(settings, log)
    assert len(story) == len(log)
    build1, build2, build3 = (e.events for e in story.entries()[4:7])
    assert build1[0] == Placed(4, 1, 0, "blue", 1, 4, CENTRE, 1)
    assert MajorityChanged(4, 1, 0, "none", "blue") in build1
    assert TallestChanged(4, 1, 4, 1, "blue") in build1
    assert TakenOver(5, 1, 4, "red", "blue") in build2
    assert MajorityChanged(5, 1, 0, "blue", "red") in build2
    assert TallestChanged(5, 1, 4, 3, "red") in build2
    assert TallestChanged(6, 1, None, 3, None) in build3  # two towers of 3: a tie
    assert MajorityChanged(6, 1, 1, "none", "yellow") in build3
    assert majorities(story.state.board, settings.colours)[:2] == ("red", "yellow")


def test_the_digest_is_everything_after_the_players_latest_decision():
    settings, log = scripted()
    story = Story(settings, log)
    assert [e.step for e in story.since_last_turn(0)] == [5, 6]
    assert [e.step for e in story.since_last_turn(1)] == [6]
    assert story.since_last_turn(2) == ()  # North just played
    shorter = Story(settings, log[:6])  # before North's first build
    assert [e.step for e in shorter.since_last_turn(2)] == [4, 5]  # North chose at step 3


def test_story_is_incremental_and_ends_in_the_games_state():
    settings = standard_settings(4, godzilla="baby")
    game = random_game(settings, "story-1")
    story = Story(settings, game.log[:40])
    story.extend(game.log)
    assert story.state == game.state
    assert Story(settings, game.log).all_entries == story.all_entries


@pytest.mark.parametrize("mode", ["godzilla", "baby"])
def test_everything_that_left_the_game_is_told(mode):
    for seed in range(3):
        settings = standard_settings(3, godzilla=mode)
        game = random_game(settings, f"gone-{mode}-{seed}")
        story = Story(settings, game.log)
        gone = [0] * len(settings.colours)
        moves = 0
        for entry in story.entries():
            for e in entry.events:
                if isinstance(e, Destroyed):
                    for colour, floors in e.pieces:
                        gone[settings.colour_index(colour)] += floors
                elif isinstance(e, Returned):
                    gone[settings.colour_index(e.colour)] += e.floors
                elif isinstance(e, GodzillaMoved):
                    moves += 1
        assert tuple(gone) == game.state.removed
        assert moves > 0


def test_no_event_holds_a_hand_or_the_draw_pile():
    settings = standard_settings(4)
    game = random_game(settings, "private")
    for entry in Story(settings, game.log).entries():
        for event in entry.events:
            for field in dataclasses.fields(event):
                value = getattr(event, field.name)
                assert not (isinstance(value, tuple) and value
                            and all(isinstance(v, Card) for v in value)), event


def test_a_secret_selection_is_told_only_once_building_starts():
    settings = standard_settings(4, secret_selection=True, start_player=0)
    game = random_game(settings, "secret", stop=lambda g: g.state.phase == SELECT
                       and len(g.state.select_queue) == 2)
    story = Story(settings, game.log)
    assert story.state.phase == SELECT
    assert not any(isinstance(e, Selected) for en in story.entries() for e in en.events)
    game = random_game(settings, "secret", stop=lambda g: g.state.phase == "build")
    story = Story(settings, game.log)
    assert sum(isinstance(e, Selected) for en in story.entries() for e in en.events) >= 1


def test_positions_of_an_entry_are_the_plots_it_changed():
    settings, log = scripted()
    story = Story(settings, log)
    assert story.entries()[5].positions == (0 * PLOTS_PER_CITY + 4,)


def test_each_players_last_build_stays_until_their_next_turn():
    settings, log = scripted()
    story = Story(settings, log)
    sydney, manhattan = 0 * PLOTS_PER_CITY + 4, 1 * PLOTS_PER_CITY + 4
    assert story.last_builds(4) == {}  # building starts: nobody has built yet
    assert story.last_builds(5) == {0: sydney}  # South built, West is on turn
    assert story.last_builds(6) == {0: sydney, 1: sydney}
    # North built; South's turn has come again: their outline is gone, the others' stay
    assert story.state.current == 0
    assert story.last_builds() == {1: sydney, 2: manhattan}
