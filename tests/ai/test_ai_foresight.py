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


def test_a_big_piece_kept_in_stock_is_worth_its_reserve():
    state = advance(new_game(4, "reserve"), 0).state  # round 1, selection
    stock = list(state.stock)
    fewer = list(stock)
    fewer[0] = (stock[0][0], stock[0][1], stock[0][2], stock[0][3] - 1)
    full = outlook(_with(state, board=EMPTY_BOARD, stock=tuple(stock)), 1.0)
    spent = outlook(_with(state, board=EMPTY_BOARD, stock=tuple(fewer)), 1.0)
    assert abs(full[0] - spent[0] - RESERVE[3]) < 1e-9
    assert full[1:] == spent[1:]


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
