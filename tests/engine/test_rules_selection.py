"""RULES.md "A round", step 1: selection of the round's pieces (and the secret option)."""

from __future__ import annotations

import pytest
from engine_testkit import deal, random_game, select, settings_for, states_of

from game import Build, IllegalAction, Select, player_view, plot_for, standard_settings


def test_selection_starts_with_the_start_player_and_goes_clockwise():
    settings = settings_for(["east", "north", "west", "south"], start_player=1)  # start: north
    state = deal(settings)
    order = []
    while state.phase == "select":
        order.append(state.current)
        state = state.apply(state.legal_actions()[0])
    # north (1) -> east (0) -> south (3) -> west (2)
    assert order == [1, 0, 3, 2]


def test_two_player_person_chooses_for_each_of_their_colours_in_turn():
    settings = standard_settings(2, start_player=1)
    state = deal(settings)
    order = []
    while state.phase == "select":
        order.append((state.current, settings.colours[state.selecting]))
        state = state.apply(state.legal_actions()[0])
    assert order == [(1, "yellow"), (1, "purple"), (0, "blue"), (0, "red")]


def test_selection_needs_exactly_the_rounds_number_of_pieces():
    state = deal(standard_settings(4, start_player=0))
    for pieces, rule in [((5, 0, 0, 0), "selection-count"), ((6, 1, 0, 0), "selection-count"),
                         ((0, 0, 0, 0), "selection-count")]:
        with pytest.raises(IllegalAction) as error:
            state.apply(Select("blue", pieces))
        assert error.value.rule == rule
        assert error.value.params == {"need": 6, "chosen": sum(pieces)}
    after = state.apply(Select("blue", (1, 2, 1, 2)))
    assert after.supply[0] == (1, 2, 1, 2)
    assert after.stock[0] == (10, 4, 3, 1)


def test_selection_comes_from_the_remaining_stock():
    state = deal(standard_settings(4, start_player=0))
    with pytest.raises(IllegalAction) as error:
        state.apply(Select("blue", (0, 0, 2, 4)))  # only 3 four-floor pieces exist
    assert error.value.rule == "selection-stock"
    assert error.value.params == {"floors": 4, "left": 3}
    with pytest.raises(IllegalAction) as error:
        state.apply(Select("blue", (7, -1, 0, 0)))
    assert error.value.rule == "selection-shape"


def test_legal_selections_are_every_way_to_take_the_pieces_from_the_stock():
    state = deal(standard_settings(4, start_player=0))
    options = {a.pieces for a in state.legal_actions()}
    expected = {(a, b, c, d) for a in range(12) for b in range(7) for c in range(5)
                for d in range(4) if a + b + c + d == 6}
    assert options == expected
    assert all(a.colour == "blue" for a in state.legal_actions())


def test_selection_is_for_the_colour_whose_turn_it_is():
    state = deal(standard_settings(4, start_player=0))
    with pytest.raises(IllegalAction) as error:
        state.apply(Select("red", (6, 0, 0, 0)))  # red belongs to player 1
    assert error.value.rule == "not-your-colour"
    state2 = deal(standard_settings(2, start_player=0))
    with pytest.raises(IllegalAction) as error:
        state2.apply(Select("red", (4, 0, 0, 0)))  # blue is chosen first
    assert error.value.rule == "wrong-colour"


def test_pieces_are_chosen_only_in_the_selection_phase():
    state = select(deal(standard_settings(4, start_player=0)))
    assert state.phase == "build"
    with pytest.raises(IllegalAction) as error:
        state.apply(Select("blue", (6, 0, 0, 0)))
    assert error.value.rule == "not-selection-phase"
    selecting = deal(standard_settings(4, start_player=0))
    card = selecting.hands[0][0]
    with pytest.raises(IllegalAction) as error:
        selecting.apply(Build(card, 0, plot_for("south", card), "blue", 1))
    assert error.value.rule == "not-building-phase"


def test_selection_is_public_everyone_sees_the_chosen_pieces():
    state = deal(standard_settings(4, start_player=0))
    state = state.apply(Select("blue", (0, 3, 2, 1)))
    for viewer in range(4):
        view = player_view(state, viewer)
        assert view.supply[0] == (0, 3, 2, 1)
        assert view.stock[0] == (11, 3, 2, 2)


@pytest.mark.parametrize("players, options", [(4, {}), (4, {"rounds": 6}), (3, {}),
                                              (3, {"rounds": 4}), (2, {})])
def test_last_round_selection_is_automatic_when_stock_left_equals_the_need(players, options):
    game = random_game(standard_settings(players, **options), seed="auto")
    states = states_of(game)
    last = game.settings.round_count
    selects = [(before.round, action) for before, action in zip(states, game.log)
               if isinstance(action, Select)]
    assert {r for r, _ in selects} == set(range(1, last))  # every round but the last
    assert not [a for r, a in selects if r == last]
    # At the start of the last round's building every colour holds its whole remaining stock.
    start_last = next(s for s in states if s.round == last and s.phase == "build")
    for colour in range(len(game.settings.colours)):
        assert start_last.stock[colour] == (0, 0, 0, 0)
        assert sum(start_last.supply[colour]) == game.settings.pieces_per_round


# ------------------------------------------------------------------ secret selection
def test_secret_selection_hides_others_choices_until_building_starts():
    settings = standard_settings(4, start_player=0, secret_selection=True)
    state = deal(settings)
    chosen = {"blue": (0, 0, 3, 3), "red": (6, 0, 0, 0), "yellow": (2, 2, 1, 1)}
    state = state.apply(Select("blue", chosen["blue"]))
    state = state.apply(Select("red", chosen["red"]))
    state = state.apply(Select("yellow", chosen["yellow"]))
    assert state.phase == "select" and state.current == 3
    view = player_view(state, 3)  # purple has not chosen yet
    assert view.supply[:3] == (None, None, None)
    assert view.stock[:3] == ((11, 6, 4, 3),) * 3  # as before the hidden choices
    own = player_view(state, 0)
    assert own.supply[0] == chosen["blue"]  # your own choice stays visible to you
    assert own.supply[1] is None and own.supply[2] is None
    state = state.apply(Select("purple", (3, 3, 0, 0)))
    assert state.phase == "build"
    for viewer in range(4):
        view = player_view(state, viewer)
        assert view.supply == ((0, 0, 3, 3), (6, 0, 0, 0), (2, 2, 1, 1), (3, 3, 0, 0))


def test_secret_selection_view_is_the_same_whatever_the_others_chose():
    settings = standard_settings(4, start_player=0, secret_selection=True)
    state = deal(settings)
    a = state.apply(Select("blue", (6, 0, 0, 0))).apply(Select("red", (0, 0, 3, 3)))
    b = state.apply(Select("blue", (0, 3, 3, 0))).apply(Select("red", (2, 2, 1, 1)))
    for viewer in (2, 3):
        assert player_view(a, viewer) == player_view(b, viewer)
        assert repr(player_view(a, viewer)) == repr(player_view(b, viewer))
    assert player_view(a, 0) != player_view(b, 0)


def test_without_secret_selection_choices_are_shown_at_once():
    settings = standard_settings(4, start_player=0)
    state = deal(settings).apply(Select("blue", (6, 0, 0, 0)))
    assert player_view(state, 2).supply[0] == (6, 0, 0, 0)


def test_two_player_secret_selection_shows_a_person_both_own_colours():
    settings = standard_settings(2, start_player=0, secret_selection=True)
    state = deal(settings).apply(Select("blue", (4, 0, 0, 0))).apply(Select("red", (0, 4, 0, 0)))
    assert player_view(state, 0).supply[:2] == ((4, 0, 0, 0), (0, 4, 0, 0))
    assert player_view(state, 1).supply[:2] == (None, None)
