"""RULES.md "Variants": Godzilla, Baby Godzilla, progressive construction, anti-trust,
(secret selection is in test_rules_selection.py) and their combinations."""

from __future__ import annotations

import random

import pytest
from engine_testkit import (
    CENTRE,
    build,
    card_for,
    deal,
    floors_on_board,
    random_game,
    select,
    settings_for,
    states_of,
    stock_floors,
)

from game import (
    Build,
    Card,
    Game,
    IllegalAction,
    OrderCities,
    PlaceGodzilla,
    Shuffle,
    new_state,
    player_view,
    standard_settings,
)
from game.board import owner
from game.material import FULL_DECK, SEATS

NW_SOUTH, NW_NORTH = Card(0, 0), Card(2, 2)  # the north-west corner as each seat reads it


def pos(city, plot):
    return city * 9 + plot


# ------------------------------------------------------------------------- Godzilla
def test_godzilla_starts_on_the_centre_plot_of_the_chosen_city():
    settings = standard_settings(4, start_player=0, godzilla="godzilla")
    state = new_state(settings).apply(Shuffle(FULL_DECK))
    assert state.phase == "chance" and state.chance == "godzilla"
    for city in range(6):
        assert state.apply(PlaceGodzilla(city)).godzilla == pos(city, 4)
    with pytest.raises(IllegalAction):
        state.apply(PlaceGodzilla(6))


def test_godzilla_start_city_is_random_from_the_seed():
    cities = {Game(standard_settings(3, godzilla="godzilla"), seed=i).state.godzilla
              for i in range(60)}
    assert cities == {pos(city, 4) for city in range(6)}


def test_no_godzilla_without_the_variant():
    state = deal(standard_settings(4, start_player=0))
    assert state.godzilla is None


def two_player_godzilla(mode, south_hand=(NW_SOUTH,) * 4, city=4):
    settings = settings_for(["south", "north"], start_player=0, godzilla=mode)
    state = deal(settings, hands={0: list(south_hand), 1: [NW_NORTH] * 4}, godzilla_city=city)
    return select(state, dict.fromkeys(settings.colours, (2, 2, 0, 0)))


def test_godzilla_moves_after_each_build_in_the_cards_direction_and_wraps_around():
    state = two_player_godzilla("godzilla")
    assert state.godzilla == pos(4, 4)            # Sao Paulo centre, grid (4, 4)
    path = []
    for city, colour in [(1, "blue"), (2, "yellow"), (3, "red"), (5, "purple"), (1, "blue")]:
        state = build(state, city, 2, colour=colour,
                      card=NW_SOUTH if state.current == 0 else NW_NORTH)
        path.append(state.godzilla)
    # Both cards point north-west for their holder: (3,3) (2,2) (1,1) (0,0) then across both
    # edges of the torus to (5,8).
    assert path == [pos(4, 0), pos(0, 8), pos(0, 4), pos(0, 0), pos(5, 8)]


def test_godzilla_reads_the_card_for_the_players_seat():
    settings = settings_for(SEATS, start_player=0, godzilla="godzilla")
    card = Card(0, 1)  # far middle: north for south, east for west, south for north, ...
    state = deal(settings, hands={p: [card] for p in range(4)}, godzilla_city=4)
    state = select(state)
    path = []
    for _ in range(4):
        state = build(state, 0, 1, card=card)
        path.append(state.godzilla)
    assert path == [pos(4, 1), pos(4, 2), pos(4, 5), pos(4, 4)]


def test_godzilla_destroys_the_tower_it_enters_pieces_leave_the_game():
    state = two_player_godzilla("godzilla")
    state = build(state, 0, 1, colour="blue", card=NW_SOUTH)     # Sydney 0; G -> SP 0
    state = build(state, 0, 2, colour="yellow", card=NW_NORTH)   # on it;   G -> Syd 8
    state = build(state, 1, 2, colour="red", card=NW_SOUTH)      #          G -> Syd 4
    assert state.board[pos(0, 0)] == ((0, 1), (2, 2))
    state = build(state, 2, 1, colour="purple", card=NW_NORTH)   #          G -> Syd 0
    assert state.godzilla == pos(0, 0)
    assert state.board[pos(0, 0)] == ()
    assert state.removed == (1, 0, 2, 0)
    for colour in range(4):
        assert (floors_on_board(state, colour) + stock_floors(state.stock[colour])
                + stock_floors(state.supply[colour]) + state.removed[colour]) == 47


def test_nobody_may_build_on_godzillas_plot():
    state = two_player_godzilla("godzilla")
    state = build(state, 1, 1, colour="blue", card=NW_SOUTH)
    state = build(state, 1, 1, colour="yellow", card=NW_NORTH)
    state = build(state, 1, 1, colour="blue", card=NW_SOUTH)
    state = build(state, 1, 1, colour="yellow", card=NW_NORTH)
    assert state.godzilla == pos(0, 0)
    legal = {(b.city, b.plot) for b in state.legal_actions()}
    assert (0, 0) not in legal and (2, 0) in legal
    with pytest.raises(IllegalAction) as error:
        build(state, 0, 2, colour="red", card=NW_SOUTH)
    assert error.value.rule == "godzilla-plot"


def test_godzilla_does_not_move_for_the_centre_card():
    state = two_player_godzilla("godzilla", south_hand=(CENTRE,) * 4)
    state = build(state, 0, 1, card=CENTRE)
    assert state.godzilla == pos(4, 4)
    assert state.board[pos(0, 4)] == ((0, 1),)


# -------------------------------------------------------------------- Baby Godzilla
def test_baby_godzilla_removes_only_the_top_piece_of_the_tower_it_enters():
    state = two_player_godzilla("baby", south_hand=(NW_SOUTH, NW_SOUTH, NW_SOUTH, CENTRE))
    state = build(state, 0, 1, colour="blue", card=NW_SOUTH)
    state = build(state, 0, 2, colour="yellow", card=NW_NORTH)
    state = build(state, 1, 2, colour="red", card=NW_SOUTH)
    state = build(state, 2, 1, colour="purple", card=NW_NORTH)
    assert state.godzilla == pos(0, 0)
    assert state.board[pos(0, 0)] == ((0, 1),)
    assert owner(state.board[pos(0, 0)]) == 0
    assert state.removed == (0, 0, 2, 0)


def test_baby_godzilla_standing_still_removes_the_top_piece_under_it_again():
    state = two_player_godzilla("baby", south_hand=(NW_SOUTH, NW_SOUTH, NW_SOUTH, CENTRE))
    state = build(state, 0, 1, colour="blue", card=NW_SOUTH)
    state = build(state, 0, 2, colour="yellow", card=NW_NORTH)
    state = build(state, 1, 2, colour="red", card=NW_SOUTH)
    state = build(state, 2, 1, colour="purple", card=NW_NORTH)
    state = build(state, 3, 1, colour="blue", card=CENTRE)  # centre card: no move
    assert state.godzilla == pos(0, 0)
    assert state.board[pos(0, 0)] == ()
    assert state.removed == (1, 0, 2, 0)


def test_baby_godzilla_entering_an_empty_plot_removes_nothing():
    state = two_player_godzilla("baby")
    state = build(state, 1, 1, card=NW_SOUTH)
    assert state.godzilla == pos(4, 0) and state.removed == (0, 0, 0, 0)


# ---------------------------------------------------------- progressive construction
def test_progressive_city_order_is_drawn_at_setup_and_shown_to_everyone():
    settings = standard_settings(4, start_player=0, progressive=True)
    state = new_state(settings).apply(Shuffle(FULL_DECK))
    assert state.phase == "chance" and state.chance == "city_order"
    with pytest.raises(IllegalAction) as error:
        state.apply(OrderCities((0, 1, 2, 3, 4, 4)))
    assert error.value.rule == "bad-city-order"
    state = state.apply(OrderCities((5, 2, 0, 4, 1, 3)))
    for viewer in range(4):
        assert player_view(state, viewer).city_order == (5, 2, 0, 4, 1, 3)


@pytest.mark.parametrize("players, options", [(4, {}), (3, {}), (4, {"rounds": 6})])
def test_progressive_opens_3_cities_in_round_1_and_one_more_each_round(players, options):
    order = (5, 2, 0, 4, 1, 3)
    settings = standard_settings(players, start_player=0, progressive=True, **options)
    state = deal(settings, city_order=order)
    rng = random.Random(7)
    seen = {}
    while not state.is_over:
        if state.phase == "chance":
            state = state.apply(state.sample_chance(rng))
            continue
        if state.phase == "build":
            expected = set(order[:min(6, 2 + state.round)])
            seen[state.round] = set(state.open_cities())
            assert {b.city for b in state.legal_actions() if isinstance(b, Build)} <= expected
            closed = [c for c in range(6) if c not in expected]
            legal = [b for b in state.legal_actions() if isinstance(b, Build)]
            for b in legal[:1]:
                for city in closed:
                    with pytest.raises(IllegalAction) as error:
                        state.apply(Build(b.card, city, b.plot, b.colour, b.floors))
                    assert error.value.rule == "city-closed"
        state = state.apply(rng.choice(state.legal_actions()))
    assert seen[1] == {5, 2, 0}
    assert seen[2] == {5, 2, 0, 4}
    assert seen[3] == {5, 2, 0, 4, 1}
    for r in range(4, settings.round_count + 1):
        assert seen[r] == set(range(6))


# ------------------------------------------------------------------------ anti-trust
def test_anti_trust_forbids_building_on_a_tower_you_own():
    settings = settings_for(SEATS, start_player=0, anti_trust=True)
    hands = {p: [card_for(settings.seat_of(p), 0)] * 4 for p in range(4)}
    state = select(deal(settings, hands=hands), dict.fromkeys(settings.colours, (3, 2, 1, 0)))
    state = build(state, 0, 1, plot=0)                  # blue owns Sydney 0
    state = build(state, 1, 1, plot=0)                  # red owns Manhattan 0
    state = build(state, 2, 1, plot=0)
    state = build(state, 3, 1, plot=0)
    legal = {(b.city, b.plot) for b in state.legal_actions()}
    assert (0, 0) not in legal                          # own tower
    assert (1, 0) in legal and (5, 0) in legal          # opponent's tower, empty plot
    with pytest.raises(IllegalAction) as error:
        build(state, 0, 1, plot=0)
    assert error.value.rule == "anti-trust"
    state = build(state, 1, 1, plot=0)                  # takes red's tower over
    assert owner(state.board[pos(1, 0)]) == 0


def test_without_anti_trust_own_towers_may_grow():
    settings = settings_for(SEATS, start_player=0)
    hands = {p: [card_for(settings.seat_of(p), 0)] * 4 for p in range(4)}
    state = select(deal(settings, hands=hands))
    for city in range(4):
        state = build(state, city, 1, plot=0)
    assert (0, 0) in {(b.city, b.plot) for b in state.legal_actions()}


def test_anti_trust_for_two_players_is_per_colour():
    settings = settings_for(["south", "north"], start_player=0, anti_trust=True)
    hands = {0: [NW_SOUTH] * 4, 1: [NW_NORTH] * 4}
    state = select(deal(settings, hands=hands), dict.fromkeys(settings.colours, (2, 2, 0, 0)))
    state = build(state, 0, 1, colour="blue", card=NW_SOUTH)
    state = build(state, 1, 1, colour="yellow", card=NW_NORTH)
    options = {(b.city, b.colour) for b in state.legal_actions()}
    assert (0, "blue") not in options
    assert (0, "red") in options


# ----------------------------------------------------------------- settings combine
@pytest.mark.parametrize("players, options", [
    (2, dict(godzilla="baby", progressive=True, anti_trust=True, secret_selection=True)),
    (3, dict(rounds=4, godzilla="godzilla", progressive=True, anti_trust=True,
             tie_break=False)),
    (4, dict(rounds=6, godzilla="godzilla", secret_selection=True, anti_trust=True)),
])
def test_variants_combine_in_one_game(players, options):
    game = random_game(standard_settings(players, **options), seed="combined")
    state = game.state
    assert state.is_over and len(state.scorings) == game.settings.round_count
    assert state.city_order is not None if options.get("progressive") else state.city_order is None
    assert state.godzilla is not None
    states = states_of(game)
    for after in states[1:]:
        if options.get("secret_selection") and after.phase == "select":
            # other colours that already chose are hidden from the player choosing now
            view = player_view(after, after.current)
            mine = game.settings.player_colours[after.current]
            for colour in range(len(game.settings.colours)):
                if colour not in mine and colour not in after.select_queue:
                    assert view.supply[colour] is None
        if after.godzilla is not None and after.phase == "build":
            assert all(b.city * 9 + b.plot != after.godzilla for b in after.legal_actions()
                       if hasattr(b, "city"))
    for colour in range(len(game.settings.colours)):
        assert floors_on_board(state, colour) + state.removed[colour] == 47
