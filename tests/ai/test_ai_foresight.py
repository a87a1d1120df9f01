"""Foresight (the search's outlook on later rounds): the properties its design relies on."""

from __future__ import annotations

from ai_helpers import advance, new_game

from game.ai.foresight import RESERVE, outlook
from game.board import EMPTY_BOARD


def _with(state, **fields):
    new = state.copy()
    for name, value in fields.items():
        object.__setattr__(new, name, value)
    return new


def _reserve_lost(players: int, spent: int) -> float:
    """What colour 0's outlook loses at the first selection when ``spent`` of its 4-floor
    pieces leave its stock (nothing else changes)."""
    state = advance(new_game(players, "reserve"), 0).state  # round 1, selection
    stock = list(state.stock)
    fewer = list(stock)
    fewer[0] = (stock[0][0], stock[0][1], stock[0][2], stock[0][3] - spent)
    full = outlook(_with(state, board=EMPTY_BOARD, stock=tuple(stock)), 1.0)
    less = outlook(_with(state, board=EMPTY_BOARD, stock=tuple(fewer)), 1.0)
    assert full[1:] == less[1:]
    return full[0] - less[0]


def test_four_round_games_count_every_big_piece_kept():
    values, paced = RESERVE[4]
    assert not paced
    assert abs(_reserve_lost(4, 1) - values[3]) < 1e-9
    assert abs(_reserve_lost(4, 3) - 3 * values[3]) < 1e-9


def test_six_round_games_count_big_pieces_kept_up_to_the_even_pace():
    values, paced = RESERVE[6]
    assert paced and values[3] > RESERVE[4][0][3]
    # three 4-floor pieces over six rounds: the 5 later rounds need 2.5 of them, so the
    # first spent costs half a piece's value and each further one a whole
    assert abs(_reserve_lost(3, 1) - 0.5 * values[3]) < 1e-9
    assert abs(_reserve_lost(3, 2) - 1.5 * values[3]) < 1e-9


def test_nothing_is_kept_back_for_after_the_last_round():
    game = new_game(4, "last")
    while len(game.state.scorings) < 3:
        game.play(game.state.legal_actions()[0])
    state = game.state
    assert outlook(_with(state, board=EMPTY_BOARD), 1.0) == [0.0] * 4


def test_a_thin_lead_is_a_loss_for_the_owner_and_a_chance_for_others():
    state = advance(new_game(4, "thin"), 0).state
    board = list(EMPTY_BOARD)
    board[4] = ((0, 2),)            # colour 0 owns a 2-floor tower: anyone with a 2+ can take it
    board[13] = ((1, 2), (1, 4), (1, 4))  # colour 1: 10 floors, nobody can take it
    values = outlook(_with(state, board=tuple(board), stock=state.stock), 1.0)
    base = outlook(_with(state, board=EMPTY_BOARD, stock=state.stock), 1.0)
    gains = [v - b for v, b in zip(values, base)]
    assert gains[0] < 0 and all(g > 0 for g in gains[2:]) and gains[1] > 0
    assert abs(gains[1] - gains[2]) < 1e-9  # the safe tower of colour 1 changes nothing


def test_nothing_to_come_means_no_outlook():
    game = new_game(3, "over")
    while not game.state.is_over:
        game.play(game.state.legal_actions()[0])
    assert outlook(game.state, 0.0) == [0.0, 0.0, 0.0]
