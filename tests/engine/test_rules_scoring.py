"""RULES.md "A round", step 3 (scoring after every round) and "End of the game" (tie-break)."""

from __future__ import annotations

from engine_testkit import board_from, build, card_for, deal, random_game, select, settings_for

from game import score_board, standard_settings
from game.scoring import standings

BLUE, RED, YELLOW, PURPLE = range(4)


def totals(board, colours=4):
    return [c.total for c in score_board(board, colours).colours]


def test_empty_board_scores_nothing():
    assert totals(board_from({})) == [0, 0, 0, 0]


def test_each_tower_scores_1_for_its_owner():
    board = board_from({(0, 0): [(BLUE, 1)], (1, 0): [(BLUE, 1)], (2, 0): [(RED, 1)],
                        (3, 0): [(RED, 1)], (4, 0): [(YELLOW, 1)], (5, 0): [(YELLOW, 1)]})
    # one tower per city: every city majority (2) + the tower (1); heights tie: no tallest
    scoring = score_board(board, 4)
    assert [c.towers for c in scoring.colours] == [2, 2, 2, 0]
    assert [c.tallest for c in scoring.colours] == [0, 0, 0, 0]


def test_owner_is_the_colour_of_the_top_piece():
    board = board_from({(0, 0): [(BLUE, 4), (RED, 1)]})
    scoring = score_board(board, 4)
    assert scoring.colours[RED].towers == 1 and scoring.colours[BLUE].towers == 0
    assert scoring.colours[RED].tallest == 3 and scoring.colours[RED].majorities == 2


def test_single_tallest_tower_scores_3():
    board = board_from({(0, 0): [(BLUE, 3)], (1, 4): [(RED, 2), (RED, 2)],
                        (2, 8): [(YELLOW, 1)]})
    scoring = score_board(board, 4)
    assert scoring.tallest == 1 * 9 + 4
    assert [c.tallest for c in scoring.colours] == [0, 3, 0, 0]


def test_tallest_is_by_height_in_floors_not_number_of_pieces():
    board = board_from({(0, 0): [(BLUE, 4)], (1, 0): [(RED, 1), (RED, 1), (RED, 1)]})
    assert [c.tallest for c in score_board(board, 4).colours] == [3, 0, 0, 0]


def test_tallest_tied_between_colours_nobody_scores():
    board = board_from({(0, 0): [(BLUE, 4)], (1, 0): [(RED, 2), (RED, 2)],
                        (2, 0): [(YELLOW, 3)]})
    scoring = score_board(board, 4)
    assert scoring.tallest is None
    assert [c.tallest for c in scoring.colours] == [0, 0, 0, 0]


def test_tallest_tied_nobody_scores_even_if_one_colour_owns_both():
    board = board_from({(0, 0): [(BLUE, 4)], (3, 5): [(BLUE, 1), (BLUE, 3)],
                        (2, 0): [(YELLOW, 3)]})
    assert [c.tallest for c in score_board(board, 4).colours] == [0, 0, 0, 0]


def test_lower_ties_do_not_stop_a_single_tallest_tower():
    board = board_from({(0, 0): [(BLUE, 2)], (0, 1): [(RED, 2)], (0, 2): [(YELLOW, 3)]})
    assert [c.tallest for c in score_board(board, 4).colours] == [0, 0, 3, 0]


def test_city_majority_scores_2_for_the_single_colour_with_most_towers():
    board = board_from({(0, 0): [(BLUE, 1)], (0, 1): [(BLUE, 1)], (0, 2): [(RED, 1)],
                        (0, 3): [(YELLOW, 1)]})
    scoring = score_board(board, 4)
    assert scoring.cities[0].majority == BLUE
    assert scoring.cities[0].towers == (2, 1, 1, 0)
    assert [c.majorities for c in scoring.colours] == [2, 0, 0, 0]


def test_city_majority_tie_for_most_scores_nothing():
    board = board_from({(0, 0): [(BLUE, 1)], (0, 1): [(BLUE, 1)], (0, 2): [(RED, 1)],
                        (0, 3): [(RED, 1)], (0, 4): [(YELLOW, 1)]})
    scoring = score_board(board, 4)
    assert scoring.cities[0].majority is None
    assert [c.majorities for c in scoring.colours] == [0, 0, 0, 0]


def test_city_majority_counts_towers_not_floors():
    board = board_from({(1, 0): [(BLUE, 4), (BLUE, 4)], (1, 1): [(RED, 1)], (1, 2): [(RED, 1)]})
    assert [c.majorities for c in score_board(board, 4).colours] == [0, 2, 0, 0]


def test_city_majority_is_scored_in_each_of_the_six_cities():
    towers = {}
    for city in range(6):
        towers[(city, 0)] = [(city % 4, 1)]
    scoring = score_board(board_from(towers), 4)
    assert [c.majorities for c in scoring.colours] == [4, 4, 2, 2]


def test_tower_point_comes_on_top_of_tallest_and_majority():
    board = board_from({(2, 4): [(PURPLE, 4)]})
    assert score_board(board, 4).colours[PURPLE].total == 3 + 2 + 1


def test_two_player_colours_are_scored_separately():
    # One person owns blue and red, the other yellow and purple. In Sydney blue, red and
    # yellow own one tower each: no majority, though the first person owns two towers.
    board = board_from({(0, 0): [(BLUE, 1)], (0, 1): [(RED, 1)], (0, 2): [(YELLOW, 1)]})
    scoring = score_board(board, 4)
    assert scoring.cities[0].majority is None
    assert [c.total for c in scoring.colours] == [1, 1, 1, 0]


def test_scoring_after_the_round_gives_tallest_majority_and_towers():
    settings = settings_for(["south", "west", "north"], rounds=4, start_player=0)
    cards = {p: card_for(settings.seat_of(p), 0) for p in range(3)}
    state = deal(settings, hands={p: [cards[p]] * 4 for p in range(3)},
                 top=[cards[0], cards[1], cards[2]])
    state = select(state, {"blue": (6, 0, 0, 0), "red": (0, 6, 0, 0), "yellow": (3, 3, 0, 0)})
    # Each player builds on their own city: the first five turns on plot 0 (a single tower),
    # the sixth with whatever card is left first in hand.
    for turn in range(6):
        for city in range(3):
            player = state.current
            floors = {0: 1, 1: 2, 2: 1 if turn < 3 else 2}[city]
            card = cards[player] if turn < 5 else state.hands[player][0]
            state = build(state, city, floors, card=card)
    assert state.round == 2 and len(state.scorings) == 1
    # All five copies of each plot-0 card are used up, so the sixth piece started a second
    # tower in each city. Heights: blue 5 and 1, red 10 and 2, yellow 7 and 2.
    # blue: 2 towers + majority; red: 2 towers + majority + tallest; yellow like blue.
    expected = [2 + 2, 2 + 2 + 3, 2 + 2]
    assert list(state.scores) == expected
    assert [c.total for c in state.scorings[0].colours] == expected


def test_scores_are_added_up_after_every_round_and_buildings_stay():
    game = random_game(standard_settings(4), seed="accumulate")
    state = game.state
    assert len(state.scorings) == 4
    for colour in range(4):
        assert state.scores[colour] == sum(s.colours[colour].total for s in state.scorings)
    # Buildings stay: tower counts never fall from one scoring to the next unless taken over.
    total_towers = [sum(c.towers for c in s.colours) for s in state.scorings]
    assert total_towers == sorted(total_towers)


def test_two_player_score_is_the_sum_of_both_colours():
    game = random_game(standard_settings(2), seed="sum")
    state = game.state
    assert state.player_points() == [state.scores[0] + state.scores[1],
                                     state.scores[2] + state.scores[3]]
    assert [s.points for s in sorted(state.standings(), key=lambda s: s.player)] == \
        state.player_points()


# ------------------------------------------------------------------------ tie-break
ONE_EACH = ((0,), (1,), (2,))


def by_player(result):
    return {s.player: s for s in result}


def test_highest_total_wins():
    result = by_player(standings([30, 25, 20], ONE_EACH, board_from({}), True))
    assert [result[p].winner for p in range(3)] == [True, False, False]
    assert [result[p].rank for p in range(3)] == [1, 2, 3]
    assert result[0].decided_by == "points"


def test_tie_on_points_the_taller_tallest_tower_wins():
    board = board_from({(0, 0): [(0, 4)], (1, 0): [(1, 2), (1, 3)], (2, 0): [(2, 4)]})
    result = by_player(standings([30, 30, 20], ONE_EACH, board, True))
    assert result[1].winner and not result[0].winner
    assert result[1].tallest_tower == 5 and result[0].tallest_tower == 4
    assert result[1].decided_by == result[0].decided_by == "tallest"
    assert (result[1].rank, result[0].rank, result[2].rank) == (1, 2, 3)


def test_tallest_tower_counts_only_towers_the_player_owns():
    # Player 0 has floors in the tallest tower but player 1 owns it.
    board = board_from({(0, 0): [(0, 4), (1, 4)], (1, 0): [(0, 3)]})
    result = by_player(standings([10, 10, 0], ONE_EACH, board, True))
    assert result[1].winner and result[0].tallest_tower == 3


def test_tie_on_points_and_tallest_more_city_majorities_wins():
    board = board_from({(0, 0): [(0, 4)], (1, 0): [(1, 4)], (1, 1): [(1, 1)],
                        (2, 0): [(1, 1)], (3, 0): [(2, 1)]})
    result = by_player(standings([30, 30, 10], ONE_EACH, board, True))
    assert result[0].majorities == 1 and result[1].majorities == 2
    assert result[1].winner and not result[0].winner
    assert result[1].decided_by == "majorities"


def test_tie_on_points_tallest_and_majorities_is_a_shared_win():
    board = board_from({(0, 0): [(0, 4)], (1, 0): [(1, 4)]})
    result = by_player(standings([30, 30, 10], ONE_EACH, board, True))
    assert result[0].winner and result[1].winner and not result[2].winner
    assert result[0].rank == result[1].rank == 1 and result[2].rank == 3
    assert result[0].decided_by == "shared"


def test_without_the_tie_break_equal_points_share_the_win():
    board = board_from({(0, 0): [(0, 4)], (1, 0): [(1, 2)]})
    result = by_player(standings([30, 30, 10], ONE_EACH, board, False))
    assert result[0].winner and result[1].winner
    assert result[0].rank == result[1].rank == 1
    assert result[0].decided_by == result[1].decided_by == "shared"


def test_tie_break_only_separates_the_tied_players():
    # Player 2 has a taller tower but fewer points: points come first.
    board = board_from({(0, 0): [(0, 1)], (1, 0): [(1, 2)], (2, 0): [(2, 4), (2, 4)]})
    result = by_player(standings([30, 30, 29], ONE_EACH, board, True))
    assert result[1].winner and result[1].rank == 1
    assert result[0].rank == 2 and result[2].rank == 3


def test_two_player_tie_break_uses_either_colours_tallest_tower_and_all_majorities():
    # Person 0 owns blue (0) and red (1); person 1 yellow (2) and purple (3).
    board = board_from({(0, 0): [(1, 4), (1, 2)], (1, 0): [(2, 4)], (2, 0): [(3, 1)],
                        (3, 0): [(0, 1)]})
    result = by_player(standings([40, 40], ((0, 1), (2, 3)), board, True))
    assert result[0].tallest_tower == 6 and result[1].tallest_tower == 4
    assert result[0].winner and not result[1].winner
    board = board_from({(0, 0): [(1, 4)], (1, 0): [(2, 4)], (2, 0): [(3, 1)],
                        (3, 0): [(2, 1)], (4, 0): [(0, 1)]})
    result = by_player(standings([40, 40], ((0, 1), (2, 3)), board, True))
    assert result[0].majorities == 2 and result[1].majorities == 3
    assert result[1].winner and result[1].decided_by == "majorities"


def test_final_standings_of_a_game_use_its_tie_break_setting():
    for tie_break in (True, False):
        game = random_game(standard_settings(3, tie_break=tie_break), seed="final")
        state = game.state
        points = state.player_points()
        result = state.standings()
        best = max(points)
        winners = {s.player for s in result if s.winner}
        assert winners <= {p for p in range(3) if points[p] == best}
        if not tie_break:
            assert winners == {p for p in range(3) if points[p] == best}
