"""RULES.md "A round", step 2: building (a turn, the building rule, the no-legal-build rule,
drawing and reshuffling)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine_testkit import (
    build,
    card_for,
    deal,
    floors_on_board,
    play_first_legal,
    same_plot_game,
    select,
    settings_for,
    stock_floors,
)

from game import Build, Card, IllegalAction, ReturnPiece, Shuffle, plot_for, standard_settings
from game.material import FULL_DECK, SEATS

MIXED = (3, 2, 1, 0)  # three 1-floor, two 2-floor and one 3-floor piece


def four_players(**options):
    return settings_for(SEATS, start_player=options.pop("start_player", None), **options)


def game4(start=0, **options):
    settings = four_players(**options)
    return same_plot_game(settings, start=start,
                          choices=dict.fromkeys(settings.colours, MIXED))


def test_a_turn_plays_a_card_places_a_piece_and_draws_the_top_card():
    state = game4()
    hand, deck, played = state.hands[0], state.deck, state.played[0]
    card = hand[0]
    after = build(state, city=3, floors=2, card=card)
    assert Counter(after.hands[0]) == Counter(hand) - Counter([card]) + Counter([deck[0]])
    assert len(after.hands[0]) == 4
    assert after.deck == deck[1:]
    assert after.played[0] == played + (card,)
    assert after.supply[0] == (3, 1, 1, 0)
    assert after.board[3 * 9 + plot_for("south", card)] == ((0, 2),)
    assert after.current == 1  # then the next player clockwise


def test_the_card_must_be_in_hand():
    state = game4()
    missing = next(c for c in sorted(set(FULL_DECK)) if c not in state.hands[0])
    with pytest.raises(IllegalAction) as error:
        state.apply(Build(missing, 0, plot_for("south", missing), "blue", 1))
    assert error.value.rule == "card-not-in-hand"


def test_the_piece_must_be_in_the_round_supply():
    state = game4()
    card = state.hands[0][0]
    for floors in (4, 5, 0):
        with pytest.raises(IllegalAction) as error:
            state.apply(Build(card, 0, plot_for("south", card), "blue", floors))
        assert error.value.rule == "piece-not-in-supply"


def test_the_piece_must_be_your_colour():
    state = game4()
    card = state.hands[0][0]
    for colour in ("red", "green"):
        with pytest.raises(IllegalAction) as error:
            state.apply(Build(card, 0, plot_for("south", card), colour, 1))
        assert error.value.rule == "not-your-colour"


def test_the_city_must_exist():
    state = game4()
    card = state.hands[0][0]
    for city in (-1, 6):
        with pytest.raises(IllegalAction) as error:
            state.apply(Build(card, city, plot_for("south", card), "blue", 1))
        assert error.value.rule == "bad-city"


def test_any_city_may_be_chosen_six_possibilities_per_card():
    state = game4()
    builds = state.legal_actions()
    # one distinct card (plot 0) x 6 cities x 3 piece sizes in supply
    assert {(b.city, b.plot, b.floors) for b in builds} == {
        (city, 0, f) for city in range(6) for f in (1, 2, 3)}


def test_empty_plot_takes_any_piece():
    state = game4()
    for floors in (1, 2, 3):
        after = build(state, city=0, floors=floors, plot=0)
        assert after.board[0] == ((0, floors),)


def test_own_tower_takes_any_piece_and_pieces_never_combine():
    state = game4()
    state = build(state, 0, 3, plot=0)        # blue 3
    for city in (1, 2, 3):
        state = build(state, city, 1, plot=0)  # red, yellow, purple elsewhere
    state = build(state, 0, 1, plot=0)        # blue 1 on its own 3
    assert state.board[0] == ((0, 3), (0, 1))
    assert len(state.board[0]) == 2


def test_opponent_tower_needs_at_least_as_many_floors_as_the_owner_after_placing():
    state = game4()
    state = build(state, 0, 2, plot=0)  # blue 2 on Sydney plot 0
    with pytest.raises(IllegalAction) as error:
        build(state, 0, 1, plot=0)       # red 1 would leave red 1 < blue 2
    assert error.value.rule == "floor-condition"
    assert error.value.params == {"need": 2, "owner": "blue", "owner_floors": 2, "own_floors": 0}
    state = build(state, 0, 2, plot=0)   # red 2: as many floors as blue is enough
    assert state.board[0] == ((0, 2), (1, 2))
    state = build(state, 0, 3, plot=0)   # yellow 3 >= red 2
    assert state.board[0][-1] == (2, 3)


def test_new_piece_on_top_makes_the_builder_the_owner():
    from game.board import owner
    state = game4()
    state = build(state, 0, 1, plot=0)
    assert owner(state.board[0]) == 0
    state = build(state, 0, 1, plot=0)
    assert owner(state.board[0]) == 1


def test_floor_condition_counts_the_owners_floors_wherever_they_are_in_the_tower():
    state = game4()
    state = build(state, 5, 1, plot=0)   # blue elsewhere
    state = build(state, 0, 1, plot=0)   # red 1 on Sydney 0
    state = build(state, 4, 1, plot=0)   # yellow elsewhere
    state = build(state, 3, 1, plot=0)   # purple elsewhere
    state = build(state, 0, 1, plot=0)   # blue 1 on red 1 (1 >= 1)
    state = build(state, 0, 2, plot=0)   # red 2 on top: red has 1 + 2 = 3 floors
    state = build(state, 4, 1, plot=0)
    state = build(state, 3, 1, plot=0)
    assert state.board[0] == ((1, 1), (0, 1), (1, 2))
    # Blue has 1 floor; red has 3 (not just the 2 of its top piece): blue needs a 2.
    with pytest.raises(IllegalAction) as error:
        build(state, 0, 1, plot=0)
    assert error.value.params == {"need": 2, "owner": "red", "owner_floors": 3, "own_floors": 1}
    state = build(state, 0, 2, plot=0)
    assert state.board[0][-1] == (0, 2)


def test_floor_condition_counts_the_builders_own_floors_lower_in_the_tower():
    state = game4()
    state = build(state, 0, 2, plot=0)   # blue 2
    state = build(state, 0, 3, plot=0)   # red 3 on it
    state = build(state, 4, 1, plot=0)
    state = build(state, 3, 1, plot=0)
    # Blue already has 2 of its floors in the tower: a 1 brings blue to 3 = red's 3.
    legal = {(b.city, b.floors) for b in state.legal_actions()}
    assert (0, 1) in legal
    state = build(state, 0, 1, plot=0)
    assert state.board[0] == ((0, 2), (1, 3), (0, 1))


def test_towers_have_no_height_limit():
    settings = four_players()
    state = same_plot_game(settings, choices={"blue": (0, 0, 3, 3), "red": MIXED,
                                              "yellow": MIXED, "purple": MIXED})
    for turn in range(5):
        state = build(state, 0, 4 if turn < 3 else 3, plot=0)
        for city in (1, 2, 3):
            state = build(state, city, 1 if turn < 3 else 2, plot=0)
    assert state.board[0] == ((0, 4),) * 3 + ((0, 3),) * 2
    assert sum(f for _, f in state.board[0]) == 18


def test_legal_builds_are_exactly_the_builds_the_rules_allow():
    """Every combination of card in hand, city, colour and piece in supply is legal iff
    apply accepts it."""
    state = game4()
    state = build(state, 0, 3, plot=0)  # blue 3 on Sydney 0: red needs its 3-floor piece
    legal = set(state.legal_actions())
    seat = state.settings.seat_of(state.current)
    for card in set(state.hands[state.current]):
        for city in range(6):
            for floors in (1, 2, 3):
                action = Build(card, city, plot_for(seat, card), "red", floors)
                try:
                    state.apply(action)
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == (action in legal), action
    assert (Build(card_for("west", 0), 0, 0, "red", 3) in legal)
    assert (Build(card_for("west", 0), 0, 0, "red", 2) not in legal)


# ------------------------------------------------------------ two players: per colour
def two_players(**options):
    settings = settings_for(["south", "north"], start_player=0, **options)
    return same_plot_game(settings, choices={"blue": (2, 2, 0, 0), "red": (2, 2, 0, 0),
                                             "yellow": (2, 2, 0, 0), "purple": (2, 2, 0, 0)})


def test_two_players_own_colours_are_different_owners_for_the_building_rule():
    state = two_players()
    state = build(state, 0, 2, colour="blue", plot=0)   # person 0: blue 2
    state = build(state, 1, 1, colour="yellow", plot=0)  # person 1 elsewhere
    with pytest.raises(IllegalAction) as error:
        build(state, 0, 1, colour="red", plot=0)  # red 1 < blue 2 even though both are mine
    assert error.value.params["owner"] == "blue" and error.value.params["need"] == 2
    after = build(state, 0, 2, colour="red", plot=0)
    assert after.board[0] == ((0, 2), (1, 2))
    # Blue may still build on the blue tower freely.
    assert build(state, 0, 1, colour="blue", plot=0).board[0] == ((0, 2), (0, 1))


def test_two_players_place_one_piece_of_either_colour_per_turn():
    state = two_players()
    options = {(b.colour, b.floors) for b in state.legal_actions()}
    assert options == {("blue", 1), ("blue", 2), ("red", 1), ("red", 2)}
    state = build(state, 0, 1, colour="red", plot=0)
    assert state.current == 1
    assert {b.colour for b in state.legal_actions()} == {"yellow", "purple"}


# ----------------------------------------------------------- no legal build (decision)
def blocked_state():
    """Progressive construction opens Sydney, Manhattan and Frankfurt. West, north and east
    each put a 2-floor piece on plot 0 of one of them; south holds only cards marking plot 0
    and only 1-floor pieces: no legal build."""
    settings = four_players(progressive=True)
    hands = {p: [card_for(settings.seat_of(p), 0)] * 4 for p in range(4)}
    state = deal(settings, hands=hands, start=1, city_order=(0, 1, 2, 3, 4, 5))
    state = select(state, {"blue": (6, 0, 0, 0), "red": MIXED, "yellow": MIXED,
                           "purple": MIXED})
    state = build(state, 0, 2, plot=0)  # west (red)
    state = build(state, 1, 2, plot=0)  # north (yellow)
    state = build(state, 2, 2, plot=0)  # east (purple)
    assert state.current == 0
    return state


def test_no_legal_build_means_playing_a_card_and_returning_a_piece():
    state = blocked_state()
    assert state.open_cities() == (0, 1, 2)
    assert state.legal_actions() == [ReturnPiece(Card(0, 0), "blue", 1)]
    for city in (0, 1, 2):
        with pytest.raises(IllegalAction) as error:
            build(state, city, 1, plot=0)
        assert error.value.rule == "floor-condition"


def test_returned_piece_leaves_the_game_and_the_card_is_played_and_replaced():
    state = blocked_state()
    deck_top = state.deck[0]
    after = state.apply(ReturnPiece(Card(0, 0), "blue", 1))
    assert after.supply[0] == (5, 0, 0, 0)
    assert after.removed[0] == 1
    assert after.stock[0] == state.stock[0]  # not back into the stock
    assert after.board == state.board
    assert after.played[0] == (Card(0, 0),)
    assert Counter(after.hands[0]) == Counter([Card(0, 0)] * 3 + [deck_top])
    assert after.current == 1
    for colour in range(4):
        assert (floors_on_board(after, colour) + stock_floors(after.stock[colour])
                + stock_floors(after.supply[colour]) + after.removed[colour]) == 47


def test_returned_piece_costs_the_turn_round_ends_when_all_round_pieces_are_gone():
    state = blocked_state().apply(ReturnPiece(Card(0, 0), "blue", 1))
    turns = dict.fromkeys(range(4), 0)
    while state.round == 1:
        turns[state.current] += 1
        state = state.apply(state.legal_actions()[0])
    # Blue took 6 pieces: one went back to the box, so 5 turns remain; the others have
    # made 1 of their 6 turns.
    assert turns == {0: 5, 1: 5, 2: 5, 3: 5}
    assert floors_on_board(state, 0) + state.removed[0] == 6


def test_returned_piece_must_be_in_supply_and_card_in_hand():
    state = blocked_state()
    with pytest.raises(IllegalAction) as error:
        state.apply(ReturnPiece(Card(0, 0), "blue", 2))
    assert error.value.rule == "piece-not-in-supply"
    with pytest.raises(IllegalAction) as error:
        state.apply(ReturnPiece(Card(1, 1), "blue", 1))
    assert error.value.rule == "card-not-in-hand"


def test_a_piece_may_be_returned_only_when_no_build_is_legal():
    state = game4()
    card = state.hands[0][0]
    with pytest.raises(IllegalAction) as error:
        state.apply(ReturnPiece(card, "blue", 1))
    assert error.value.rule == "build-possible"
    assert not any(isinstance(a, ReturnPiece) for a in state.legal_actions())


# ------------------------------------------------------------------- cards and draws
def test_hands_are_kept_between_rounds():
    state = play_first_legal(deal(standard_settings(4, start_player=0)),
                             until=lambda s: s.round == 2 or s.is_over)
    hands_at_end_of_round_1 = state.hands
    state = select(state)
    assert state.round == 2 and state.phase == "build"
    assert state.hands == hands_at_end_of_round_1
    assert all(len(h) == 4 for h in state.hands)


def test_draw_pile_runs_out_then_all_played_cards_are_reshuffled_hands_kept():
    state = select(deal(standard_settings(4, start_player=0)))
    builds = 0
    while state.deck:
        state = state.apply(state.legal_actions()[0])
        if state.phase == "select":
            state = select(state)
        builds += 1
    assert builds == 29  # 45 - 16 dealt
    # The draw that emptied the pile was not a reshuffle: building continues.
    assert state.phase == "build"
    hands_before = state.hands
    drawer = state.current
    played = [c for pile in state.played for c in pile]
    state = state.apply(state.legal_actions()[0])
    assert state.phase == "chance" and state.chance == "reshuffle"
    assert state.drawing == drawer and state.current is None  # nobody decides in a chance step
    played = [c for pile in state.played for c in pile]
    assert len(played) == 30 and sum(len(h) for h in state.hands) == 15
    # The new pile is exactly all played cards of all players.
    with pytest.raises(IllegalAction) as error:
        state.apply(Shuffle(tuple(played[:-1])))
    assert error.value.rule == "bad-shuffle"
    with pytest.raises(IllegalAction) as error:
        state.apply(Shuffle(tuple(played[:-1]) + (state.hands[1][0],)))
    assert error.value.rule == "bad-shuffle"
    new_pile = tuple(reversed(played))
    after = state.apply(Shuffle(new_pile))
    assert after.played == ((), (), (), ())
    assert after.deck == new_pile[1:]
    assert Counter(after.hands[drawer]) == Counter(state.hands[drawer]) + Counter([new_pile[0]])
    for p in range(4):
        if p != drawer:
            assert after.hands[p] == hands_before[p]
    assert after.phase == "build" and after.current == (drawer + 1) % 4


def test_45_cards_are_in_hands_draw_pile_and_played_piles_throughout_a_game():
    rng = random.Random(1)
    state = deal(standard_settings(3, start_player=0))
    while not state.is_over:
        total = Counter(state.deck) + Counter(c for h in state.hands for c in h) + Counter(
            c for pile in state.played for c in pile)
        assert total == Counter(FULL_DECK)
        if state.phase == "chance":
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(state.legal_actions()[0])


def test_tower_is_safe_from_a_colour_when_the_owner_leads_by_more_than_4_floors():
    from game.board import floors_needed, is_safe_from
    # The platform's example: white 9 floors, blue 4 -> blue would need a 5: safe.
    tower = ((0, 4), (1, 4), (1, 4), (1, 1))
    assert floors_needed(tower, 0) == 5 and is_safe_from(tower, 0)
    tower = ((0, 4), (1, 4), (1, 4))  # lead of 4: a 4-floor piece still takes it
    assert floors_needed(tower, 0) == 4 and not is_safe_from(tower, 0)
    assert floors_needed(tower, 1) == 0 and floors_needed((), 0) == 0
