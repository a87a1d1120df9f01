"""Two-colour play at two players is one person's two colours.

At two players a person plays two colours; each colour is scored on its own, and the
person's score is their sum (docs/RULES: ownership and the building rule are per colour).
So a tower topped by the person's other colour is not a take-over target for the pieces
they choose, and the person's other colour cannot make their tower unsafe. The search
(the strongest level) counts both that way; the one-ply yardstick levels keep the
colour-by-colour reading they were measured with (the pool stays fixed).
"""

from __future__ import annotations

import math
import random

from ai_helpers import advance, new_game

from game.actions import Build
from game.ai import STRONGEST
from game.ai.evaluate import SAFE_BONUS, colour_values
from game.ai.explain import reason_for
from game.ai.foresight import LATER_SHARE, MAX_TAKE, NOW_TAKE, outlook
from game.ai.search import MARGIN_SCALE, SearchPlayer, leaf_rewards, projected_points
from game.ai.selection import ranked_selections, takeover_needs
from game.board import EMPTY_BOARD, Tower
from game.material import PLOTS_PER_CITY, SEAT_PLOTS, Card
from game.scoring import TOWER_POINTS
from game.state import State
from game.view import player_view

BLUE, RED, YELLOW, PURPLE = 0, 1, 2, 3
"""At two players person 0 plays blue and red, person 1 yellow and purple."""


def _first_selection(seed: str = "two") -> State:
    """A two-player game at its first selection: person 0 (south) chooses blue's pieces."""
    game = new_game(2, seed)
    while game.state.phase != "select":
        game.play(game.state.legal_actions()[0])
    state = game.state
    assert state.current == 0 and state.select_queue[0] == BLUE
    assert state.settings.player_colours[0] == (BLUE, RED)
    return state


def _with(state: State, towers: dict[int, Tower], hand: tuple[Card, ...] | None = None) -> State:
    board = list(EMPTY_BOARD)
    for pos, tower in towers.items():
        board[pos] = tower
    changes: dict[str, object] = {"board": tuple(board)}
    if hand is not None:
        changes["hands"] = (hand, *state.hands[1:])
    return state.replace(**changes)


# South reads card (0, 2) as plot 2: city 0's plot 2 is board position 2, city 1's is 11.
REACH = (Card(0, 2),)


def test_the_persons_other_colour_is_no_take_over_target():
    state = _with(_first_selection(), {2: ((RED, 2),), 11: ((YELLOW, 3),)}, REACH)
    assert takeover_needs(state, 0, BLUE) == [2]  # red's tower, as the yardstick reads it
    assert takeover_needs(state, 0, BLUE, two_colour=True) == [3]  # yellow's: the real one
    only_own = _with(state, {2: ((RED, 2),)})
    assert takeover_needs(only_own, 0, BLUE, two_colour=True) == []


def test_the_persons_other_colour_does_not_make_a_tower_unsafe():
    state = _first_selection()
    owners = state.settings.colour_owner
    own_floors = _with(state, {0: ((RED, 2), (BLUE, 1), (BLUE, 4))}).board
    rival_floors = _with(state, {0: ((YELLOW, 2), (BLUE, 1), (BLUE, 4))}).board
    plain = colour_values(own_floors, 4)
    assert colour_values(own_floors, 4, owners=owners) == [
        plain[0] + SAFE_BONUS, *plain[1:]]
    assert colour_values(rival_floors, 4, owners=owners) == colour_values(rival_floors, 4)


def test_one_colour_a_person_reads_the_same_both_ways():
    """At 3 and 4 players the person-aware reading changes nothing."""
    for n in (3, 4):
        for k in range(6):
            game = advance(new_game(n, f"one/{n}/{k}"), 15 + 12 * k, f"one/{n}/{k}")
            state = game.state
            colours = len(state.settings.colours)
            owners = state.settings.colour_owner
            assert colour_values(state.board, colours) == colour_values(
                state.board, colours, owners=owners)
            for player in range(n):
                for colour in state.settings.player_colours[player]:
                    assert takeover_needs(state, player, colour) == takeover_needs(
                        state, player, colour, two_colour=True)


def test_the_search_values_a_leaf_by_the_persons_colours():
    """Blue 5 over the person's own red 2 is safe (and valued so); over yellow's 2 it is
    not: the person's projected points differ by the safe bonus's weight."""
    state = _first_selection()
    own = projected_points(_with(state, {0: ((RED, 2), (BLUE, 1), (BLUE, 4))}))
    rival = projected_points(_with(state, {0: ((YELLOW, 2), (BLUE, 1), (BLUE, 4))}))
    assert own[0] > rival[0]
    assert own[1] == rival[1]


def test_a_leafs_reward_reads_the_margin_on_the_configured_scale():
    """``SearchConfig.margin_scale`` is the scale of the logistic a leaf's margin is read
    on (10 points measured at two players, where a person's points sum two colours'; no
    level uses it, see docs/ai.md). On a round-1 leaf where red's tower over
    a lower yellow one puts person 0 about 11 points ahead (each point of board value
    counts for the 3.6 scorings to come), the default scale of 5 makes that nearly a sure
    win and 10 a clear lead; the two persons' rewards add up to 1 either way."""
    level = STRONGEST.make()
    assert isinstance(level, SearchPlayer)
    assert all(level.config_for(n).margin_scale == MARGIN_SCALE for n in (2, 3, 4))
    state = _with(_first_selection(), {0: ((RED, 2),), 1: ((YELLOW, 1),)})
    projected = projected_points(state)
    lead = projected[0] - projected[1]
    assert 5 < lead < 15
    for scale in (MARGIN_SCALE, 2 * MARGIN_SCALE):
        ahead, behind = leaf_rewards(state, scale=scale)
        assert abs(ahead - 1 / (1 + math.exp(-lead / scale))) < 1e-12
        assert abs(ahead + behind - 1) < 1e-12
    assert leaf_rewards(state) == leaf_rewards(state, scale=MARGIN_SCALE)
    assert 0.6 < leaf_rewards(state, scale=2 * MARGIN_SCALE)[0] < 0.85 < leaf_rewards(state)[0]


def test_the_search_chooses_pieces_for_the_persons_real_take_overs():
    """At a two-player selection the strongest level's candidates are the two-colour
    ranking's, and here that ranking differs from the colour-by-colour one."""
    towers = {2: ((RED, 2),), 11: ((YELLOW, 3),), 17: ((YELLOW, 4),), 26: ((RED, 3),)}
    state = _with(_first_selection(), towers, (Card(0, 2), Card(2, 2), Card(0, 0), Card(2, 0)))
    view = player_view(state, 0)
    assert ranked_selections(view, two_colour=True) != ranked_selections(view)
    level = STRONGEST.make()
    assert isinstance(level, SearchPlayer)
    thinking = level.start(view, random.Random(0))
    width = level.config_for(2).root_select_width or level.config_for(2).root_width
    assert thinking.candidates == ranked_selections(view, two_colour=True)[:width]


def test_the_other_persons_two_colours_are_one_taker_in_the_search_s_outlook():
    """A blue tower with a lead of 2 that person 1 (yellow and purple) can reach this round
    with a card in hand, both colours holding every piece size: one person takes a tower
    once, so blue loses one taker's chances (``NOW_TAKE`` this round, ``MAX_TAKE`` later)
    and person 1 gains exactly what blue loses. Counting yellow and purple as two takers
    (before the fix) made the loss certain (twice ``NOW_TAKE``) and gave person 1 more
    than the tower is worth (twice ``MAX_TAKE``)."""
    game = new_game(2, "taker")
    while game.state.phase != "build":
        game.play(game.state.legal_actions()[0])
    state = game.state
    north = SEAT_PLOTS[state.settings.seat_of(1)]
    pos = 2 * PLOTS_PER_CITY + north[state.hands[1][0]]  # city 2, a plot person 1 reaches
    full = (2, 2, 2, 2)
    state = state.replace(supply=(full, full, full, full), stock=(full, full, full, full))
    assert state.settings.player_colours[1] == (YELLOW, PURPLE)
    later = 3.0  # the weight of the scorings after this round's
    with_tower = outlook(_with(state, {pos: ((BLUE, 2),)}), later, mid_round=True)
    without = outlook(_with(state, {}), later, mid_round=True)
    change = [a - b for a, b in zip(with_tower, without)]
    worth = TOWER_POINTS * later * LATER_SHARE
    now_worth = TOWER_POINTS * (1.0 + later) - worth
    assert abs(change[BLUE] + NOW_TAKE * now_worth + MAX_TAKE * worth) < 1e-9
    assert change[RED] == 0.0
    assert change[YELLOW] > 0 and change[PURPLE] > 0
    assert abs(change[YELLOW] + change[PURPLE] + change[BLUE]) < 1e-9


def test_a_hint_reads_the_persons_two_colours_together():
    """Blue raising its tower over red floors of the same person makes it safe: only the
    other person can take a tower away, and no colour of theirs is in it. Read colour by
    colour, red could still take it, and the hint said nothing about safety."""
    game = new_game(2, "hint-two")
    while not (game.state.phase == "build" and game.state.current == 0):
        game.play(game.state.legal_actions()[0])
    state = game.state
    full = (2, 2, 2, 2)
    towers = {2: ((RED, 1), (BLUE, 1)), 20: ((YELLOW, 4), (YELLOW, 4))}
    state = _with(state, towers, REACH + state.hands[0][1:])
    state = state.replace(supply=(full, full, full, full))
    view = player_view(state, 0)
    raise_blue = next(a for a in view.legal_actions() if isinstance(a, Build)
                      and a.colour == "blue" and a.city == 0 and a.plot == 2 and a.floors == 4)
    assert reason_for(view, raise_blue).reason == "makes_safe"
