"""RULES.md "Material" and "Seats and card orientation"."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_testkit import CENTRE, deal, select, settings_for

from game import CITIES, SEATS, Build, Card, IllegalAction, new_state, plot_for, standard_settings
from game.material import FULL_DECK, HAND_SIZE, card_direction

# Where each seat faces, as (drow, dcol) on the board seen from above (row 0 = north, col 0 =
# west), and which way is that player's left. Derived from the seats, not from the engine.
FORWARD = {"south": (-1, 0), "west": (0, 1), "north": (1, 0), "east": (0, -1)}
LEFT = {"south": (0, -1), "west": (-1, 0), "north": (0, 1), "east": (1, 0)}


def geometric_cell(seat: str, card: Card) -> tuple[int, int]:
    """The board cell a card marks, from the geometry: row 0 is the far row, col 0 the left."""
    far, left = 1 - card.row, 1 - card.col
    (fr, fc), (lr, lc) = FORWARD[seat], LEFT[seat]
    return 1 + far * fr + left * lr, 1 + far * fc + left * lc


RULES_TABLE = {  # RULES.md: card cell (r, c) -> board plot (row, col)
    "south": lambda r, c: (r, c),
    "west": lambda r, c: (c, 2 - r),
    "north": lambda r, c: (2 - r, 2 - c),
    "east": lambda r, c: (2 - c, r),
}

ALL_CARDS = [Card(r, c) for r in range(3) for c in range(3)]


def test_cities_are_the_six_in_rules_order():
    assert CITIES == ("Sydney", "Manhattan", "Frankfurt", "Hong Kong", "Sao Paulo", "Cairo")


def test_45_cards_each_plot_position_on_5_cards():
    assert len(FULL_DECK) == 45
    assert Counter(FULL_DECK) == dict.fromkeys(ALL_CARDS, 5)


def test_each_colour_has_24_pieces_11_6_4_3_making_47_floors():
    state = new_state(standard_settings(4))
    for stock in state.stock:
        assert stock == (11, 6, 4, 3)
        assert sum(stock) == 24
        assert sum(n * f for n, f in zip(stock, (1, 2, 3, 4))) == 47


def test_hand_size_is_4():
    assert HAND_SIZE == 4


def test_seats_in_clockwise_order_south_west_north_east():
    assert SEATS == ("south", "west", "north", "east")


@pytest.mark.parametrize("seat", SEATS)
@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_card_marks_plot_from_rules_table_for_every_seat(seat, card):
    row, col = RULES_TABLE[seat](card.row, card.col)
    assert plot_for(seat, card) == row * 3 + col


@pytest.mark.parametrize("seat", SEATS)
@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_card_is_read_from_the_players_own_edge(seat, card):
    """Row 0 is the row farthest from the player, column 0 the player's left."""
    row, col = geometric_cell(seat, card)
    assert plot_for(seat, card) == row * 3 + col


def test_each_seat_reads_the_nine_cards_as_nine_different_plots():
    for seat in SEATS:
        assert sorted(plot_for(seat, card) for card in ALL_CARDS) == list(range(9))


def test_centre_card_is_the_same_plot_for_everyone():
    assert {plot_for(seat, CENTRE) for seat in SEATS} == {4}


def test_far_left_card_marks_a_different_corner_for_each_seat():
    # South's far left is the north-west corner; west's far left the north-east; north's far
    # left the south-east; east's far left the south-west.
    corners = {seat: plot_for(seat, Card(0, 0)) for seat in SEATS}
    assert corners == {"south": 0, "west": 2, "north": 8, "east": 6}


@pytest.mark.parametrize("seat", SEATS)
def test_card_direction_points_from_centre_to_marked_cell(seat):
    for card in ALL_CARDS:
        row, col = geometric_cell(seat, card)
        assert card_direction(seat, card) == (row - 1, col - 1)


@pytest.mark.parametrize("seat_index", range(4))
def test_a_built_piece_lands_on_the_plot_the_card_marks_for_that_seat(seat_index):
    """A played card lets the player build on that one plot in any city (6 possibilities)."""
    settings = settings_for(SEATS)
    card = Card(0, 1)
    state = deal(settings, hands={p: [card] for p in range(4)}, start=seat_index)
    state = select(state)
    player = state.current
    assert player == seat_index
    seat = SEATS[seat_index]
    plot = plot_for(seat, card)
    builds = [a for a in state.legal_actions() if a.card == card]
    assert {(b.city, b.plot) for b in builds} == {(city, plot) for city in range(6)}
    wrong = next(p for p in range(9) if p != plot)
    with pytest.raises(IllegalAction) as error:
        state.apply(Build(card, 2, wrong, settings.colours[player], 1))
    assert error.value.rule == "plot-mismatch"
    after = state.apply(Build(card, 2, plot, settings.colours[player], 1))
    assert after.board[2 * 9 + plot] == ((player, 1),)
