"""RULES.md "Player counts and rounds", "Setup", the start marker and "End of the game"."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_testkit import deal, floors_on_board, random_game, settings_for, states_of, stock_floors

from game import (
    Build,
    ChooseStartPlayer,
    IllegalAction,
    Select,
    SettingsError,
    Shuffle,
    new_state,
    standard_settings,
)
from game.material import FULL_DECK, SEATS

# RULES.md table: players, option, colours each, pieces per round (per colour), rounds.
TABLE = [
    (4, {}, 1, 6, 4),
    (4, {"rounds": 6}, 1, 4, 6),
    (3, {}, 1, 4, 6),
    (3, {"rounds": 4}, 1, 6, 4),
    (2, {}, 2, 4, 6),
]


@pytest.mark.parametrize("players, options, each, pieces, rounds", TABLE)
def test_rounds_and_pieces_per_round_follow_the_table(players, options, each, pieces, rounds):
    settings = standard_settings(players, **options)
    assert settings.round_count == rounds
    assert settings.pieces_per_round == pieces
    assert all(len(p.colours) == each for p in settings.players)


@pytest.mark.parametrize("players, options, each, pieces, rounds", TABLE)
def test_each_colour_takes_the_rounds_pieces_every_round_and_game_lasts_the_rounds(
        players, options, each, pieces, rounds):
    game = random_game(standard_settings(players, **options), seed=f"table-{players}-{options}")
    states = states_of(game)
    taken: Counter = Counter()  # (round, colour) -> pieces taken from the stock
    for before, after in zip(states, states[1:]):
        for colour in range(len(game.settings.colours)):
            took = sum(before.stock[colour]) - sum(after.stock[colour])
            if took:
                taken[(after.round, colour)] += took
    assert taken == {(r, c): pieces for r in range(1, rounds + 1)
                     for c in range(len(game.settings.colours))}
    assert game.state.is_over
    assert len(game.state.scorings) == rounds
    assert game.state.round == rounds


def test_two_players_take_four_pieces_of_each_colour_that_is_eight():
    settings = standard_settings(2, start_player=0)
    state = deal(settings)
    state = state.apply(Select("blue", (4, 0, 0, 0)))
    assert sum(state.supply[0]) == 4
    with pytest.raises(IllegalAction) as error:
        state.apply(Select("red", (5, 0, 0, 0)))
    assert error.value.rule == "selection-count"
    state = state.apply(Select("red", (2, 2, 0, 0)))
    assert sum(state.supply[0]) + sum(state.supply[1]) == 8
    # Then the other person chooses for yellow, then purple.
    assert state.phase == "select" and state.current == 1
    assert state.settings.colours[state.selecting] == "yellow"


def test_two_player_game_cannot_have_four_rounds():
    with pytest.raises(SettingsError):
        standard_settings(2, rounds=4)


@pytest.mark.parametrize("rounds", [3, 5, 8, 0, 4.0, "6", True])
def test_round_count_is_4_or_6(rounds):
    with pytest.raises(SettingsError):
        standard_settings(4, rounds=rounds)


@pytest.mark.parametrize("players", [0, 1, 5])
def test_two_to_four_players(players):
    with pytest.raises(SettingsError):
        standard_settings(players)


def test_two_players_must_play_two_colours_each():
    with pytest.raises(SettingsError):
        settings_for(["south", "north"], colours=[["blue"], ["red"]])
    settings = settings_for(["south", "north"], colours=[["blue", "red"], ["yellow", "purple"]])
    assert settings.player_colours == ((0, 1), (2, 3))
    assert settings.colour_owner == (0, 0, 1, 1)


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_play_one_colour_each(players):
    colours = [["blue", "red"], ["yellow"], ["purple"], ["green"]][:players]
    with pytest.raises(SettingsError):
        settings_for(SEATS[:players], colours=colours)


def test_a_colour_cannot_be_played_twice():
    with pytest.raises(SettingsError):
        settings_for(["south", "west", "north"], colours=[["blue"], ["red"], ["blue"]])


def test_every_player_sits_at_a_different_edge():
    with pytest.raises(SettingsError):
        settings_for(["south", "south", "north"])
    with pytest.raises(SettingsError):
        settings_for(["south", "middle"])


def test_default_seats_two_opposite_three_south_west_north_four_all():
    assert [p.seat for p in standard_settings(2).players] == ["south", "north"]
    assert [p.seat for p in standard_settings(3).players] == ["south", "west", "north"]
    assert [p.seat for p in standard_settings(4).players] == ["south", "west", "north", "east"]


def test_two_players_may_sit_side_by_side_as_a_seat_setting():
    settings = settings_for(["south", "west"])
    assert settings.turn_order == (0, 1)


def test_turn_order_is_clockwise_by_seat_not_by_list_order():
    settings = settings_for(["north", "east", "south", "west"])
    # south (player 2) -> west (3) -> north (0) -> east (1)
    assert settings.turn_order == (2, 3, 0, 1)
    assert [settings.next_player(p) for p in range(4)] == [1, 2, 3, 0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_four_cards_to_each_person_rest_is_the_draw_pile(players):
    settings = standard_settings(players, start_player=0)
    state = new_state(settings)
    assert state.phase == "chance" and state.chance == "deal"
    cards = tuple(reversed(FULL_DECK))
    state = state.apply(Shuffle(cards))
    assert all(len(hand) == 4 for hand in state.hands)
    assert len(state.deck) == 45 - 4 * players
    assert Counter(c for h in state.hands for c in h) + Counter(state.deck) == Counter(FULL_DECK)
    # The draw pile is the shuffled cards left after the deal, in order, top first.
    assert state.deck == cards[4 * players:]
    assert state.scores == (0,) * len(settings.colours)
    assert all(stock == (11, 6, 4, 3) for stock in state.stock)
    assert all(not tower for tower in state.board)


def test_deal_must_use_all_45_cards():
    state = new_state(standard_settings(4))
    with pytest.raises(IllegalAction) as error:
        state.apply(Shuffle(FULL_DECK[:-1]))
    assert error.value.rule == "bad-shuffle"
    assert state.phase == "chance" and state.chance == "deal"


def test_start_player_is_chosen_by_chance_unless_set():
    settings = standard_settings(4)
    state = new_state(settings).apply(Shuffle(FULL_DECK))
    assert state.phase == "chance" and state.chance == "start_player"
    for p in range(4):
        after = state.apply(ChooseStartPlayer(p))
        assert after.start == p
        assert after.phase == "select" and after.current == p
    fixed = new_state(standard_settings(4, start_player=2)).apply(Shuffle(FULL_DECK))
    assert fixed.phase == "select" and fixed.start == 2 and fixed.current == 2


def test_random_start_player_varies_with_the_seed():
    from game import Game
    starts = {Game(standard_settings(4), seed=f"start-{i}").state.start for i in range(40)}
    assert starts == {0, 1, 2, 3}


def test_start_player_setting_must_name_a_player():
    for bad in (4, -1, True, "0"):
        with pytest.raises(SettingsError):
            standard_settings(4, start_player=bad)


@pytest.mark.parametrize("seats", [["south", "west", "north", "east"],
                                   ["north", "east", "south", "west"],
                                   ["west", "south", "east"], ["north", "south"]])
def test_start_marker_passes_clockwise_each_round(seats):
    settings = settings_for(seats, start_player=0)
    game = random_game(settings, seed="marker")
    states = states_of(game)
    starts = {}
    for state in states:
        if state.phase in ("select", "build"):
            starts.setdefault(state.round, state.start)
    # Clockwise = south, west, north, east, skipping empty seats.
    clockwise = [p for seat in SEATS for p, s in enumerate(seats) if s == seat]
    first = clockwise.index(0)
    expected = {r: clockwise[(first + r - 1) % len(seats)]
                for r in range(1, settings.round_count + 1)}
    assert starts == expected


def test_start_player_selects_first_and_builds_first_each_round():
    settings = settings_for(["north", "east", "south", "west"], start_player=1)
    game = random_game(settings, seed="first")
    states = states_of(game)
    first_selector, first_builder = {}, {}
    for before, action in zip(states, game.log):
        if isinstance(action, Select):
            first_selector.setdefault(before.round, before.current)
        if isinstance(action, Build):
            first_builder.setdefault(before.round, before.current)
    # Players listed north, east, south, west: clockwise from east (1) is south (2), west (3),
    # north (0). The last round's selection is automatic (stock left = need): no decision.
    expected = {1: 1, 2: 2, 3: 3, 4: 0}
    assert first_builder == expected
    assert first_selector == {r: expected[r] for r in (1, 2, 3)}


def test_building_goes_clockwise_from_the_start_player():
    settings = settings_for(["north", "east", "south", "west"], start_player=0)
    game = random_game(settings, seed="clockwise", stop=lambda g: g.state.round > 1)
    states = states_of(game)
    builders = [before.current for before, action in zip(states, game.log)
                if isinstance(action, Build) and before.round == 1]
    # north (0) -> east (1) -> south (2) -> west (3), six times round.
    assert builders == [0, 1, 2, 3] * 6


def test_two_players_alternate_one_piece_per_turn_of_either_colour():
    settings = standard_settings(2, start_player=1)
    game = random_game(settings, seed="alternate", stop=lambda g: g.state.round > 1)
    states = states_of(game)
    builders = [(before.current, action.colour) for before, action in zip(states, game.log)
                if isinstance(action, Build) and before.round == 1]
    assert [p for p, _ in builders] == [1, 0] * 8
    for p, colour in builders:
        assert colour in settings.players[p].colours


@pytest.mark.parametrize("players, options", [(4, {}), (4, {"rounds": 6}), (3, {}),
                                              (3, {"rounds": 4}), (2, {})])
def test_game_ends_after_the_last_rounds_scoring(players, options):
    game = random_game(standard_settings(players, **options), seed="end")
    state = game.state
    assert state.is_over and state.current is None
    assert len(state.scorings) == state.settings.round_count
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction) as error:
        state.apply(Select(state.settings.colours[0], (1, 1, 1, 1)))
    assert error.value.rule == "game-over"


@pytest.mark.parametrize("players, options", [(4, {}), (3, {"rounds": 4}), (2, {})])
def test_all_building_pieces_are_used_by_the_end(players, options):
    game = random_game(standard_settings(players, **options), seed="used")
    state = game.state
    for colour in range(len(state.settings.colours)):
        assert state.stock[colour] == (0, 0, 0, 0)
        assert state.supply[colour] == (0, 0, 0, 0)
        assert floors_on_board(state, colour) + state.removed[colour] == 47
        assert stock_floors(state.stock[colour]) == 0
