"""Property tests: random legal games for 2, 3 and 4 players with random rule options.

Each example plays a whole game with random decisions and checks, at every step, that
material is conserved, every legal decision applies, mutated decisions are refused without
changing anything, views hide what they must and agree with the state, and that the game
scores once per round, ends after the right round and replays from its save.

``MANHATTAN_PROPERTY_GAMES`` (default 25) is the number of games per player count; e.g.
``MANHATTAN_PROPERTY_GAMES=1000 pytest tests/engine/test_properties.py`` plays 3000 games.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine_testkit import PROPERTY_GAMES, redeal_hidden
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import (
    Build,
    Card,
    ChooseStartPlayer,
    Game,
    IllegalAction,
    OrderCities,
    PlaceGodzilla,
    PlayerSpec,
    ReturnPiece,
    Select,
    Settings,
    Shuffle,
    player_view,
    plot_for,
    save,
    score_board,
)
from game.material import COLOURS, FULL_DECK, SEATS

ALL_SETTINGS = settings(max_examples=PROPERTY_GAMES, deadline=None, database=None,
                        suppress_health_check=list(HealthCheck))


@st.composite
def game_settings(draw, players):
    seats = draw(st.permutations(SEATS))[:players]
    if players == 2 and draw(st.booleans()):
        seats = ["south", "north"]  # the default pair is the usual one
    colours = draw(st.permutations(COLOURS))
    each = 2 if players == 2 else 1
    rounds = draw(st.sampled_from([None, 6] if players == 2 else [None, 4, 6]))
    specs = tuple(PlayerSpec(f"P{i}", tuple(colours[i * each:(i + 1) * each]), seats[i])
                  for i in range(players))
    return Settings(
        players=specs, rounds=rounds,
        start_player=draw(st.one_of(st.none(), st.integers(0, players - 1))),
        tie_break=draw(st.booleans()),
        godzilla=draw(st.sampled_from(["off", "godzilla", "baby"])),
        progressive=draw(st.booleans()), anti_trust=draw(st.booleans()),
        secret_selection=draw(st.booleans()))


# --------------------------------------------------------------------------- checks
def floors(counts):
    return sum(n * f for n, f in zip(counts, (1, 2, 3, 4)))


def check_material(state):
    for colour in range(len(state.settings.colours)):
        on_board = sum(f for tower in state.board for c, f in tower if c == colour)
        assert (on_board + floors(state.stock[colour]) + floors(state.supply[colour])
                + state.removed[colour]) == 47
    cards = Counter(state.deck)
    for hand in state.hands:
        cards.update(hand)
    for pile in state.played:
        cards.update(pile)
    assert cards == Counter(FULL_DECK)


def assert_refused(state, action):
    snapshot = state.copy()
    try:
        state.apply(action)
    except IllegalAction as error:
        assert isinstance(error.rule, str) and error.rule
    else:
        raise AssertionError(f"illegal {action!r} was accepted in phase {state.phase}")
    assert state == snapshot


def other_colour(state, rng):
    mine = state.settings.player_colours[state.current]
    others = [state.settings.colours[c] for c in range(len(state.settings.colours))
              if c not in mine]
    unused = [c for c in COLOURS if c not in state.settings.colours]
    return rng.choice(others + unused)


def mutations(state, legal, rng):
    """Decisions that a rule forbids here, made by changing a legal one."""
    action = rng.choice(legal)
    player = state.current
    seat = state.settings.seat_of(player)
    hand = state.hands[player]
    out = [Shuffle(FULL_DECK), ChooseStartPlayer(0), PlaceGodzilla(0),
           OrderCities((0, 1, 2, 3, 4, 5))]
    if isinstance(action, Select):
        need = sum(action.pieces)
        out += [Select(other_colour(state, rng), action.pieces),
                Select(action.colour, (need + 1, 0, 0, 0)),
                Select(action.colour, (0, 0, 0, 4)) if need == 4 else
                Select(action.colour, (need - 4, 0, 0, 4)),
                Build(hand[0], 0, plot_for(seat, hand[0]), action.colour, 1)]
        return out
    missing = [c for c in sorted(set(FULL_DECK)) if c not in hand]
    colour = state.settings.colour_index(action.colour)
    empty_sizes = [f for f, n in zip((1, 2, 3, 4), state.supply[colour]) if not n]
    out.append(Select(action.colour, (1, 1, 1, 1)))
    if isinstance(action, Build):
        out += [
            Build(action.card, action.city, (action.plot + rng.randrange(1, 9)) % 9,
                  action.colour, action.floors),
            Build(action.card, action.city, action.plot, other_colour(state, rng),
                  action.floors),
            Build(action.card, rng.choice([-1, 6]), action.plot, action.colour, action.floors),
            ReturnPiece(action.card, action.colour, action.floors),  # a build is possible
        ]
        if missing:
            card = rng.choice(missing)
            out.append(Build(card, action.city, plot_for(seat, card), action.colour,
                             action.floors))
        for size in empty_sizes:
            out.append(Build(action.card, action.city, action.plot, action.colour, size))
    else:
        out += [ReturnPiece(action.card, other_colour(state, rng), action.floors)]
        if missing:
            out.append(ReturnPiece(rng.choice(missing), action.colour, action.floors))
        for size in empty_sizes:
            out.append(ReturnPiece(action.card, action.colour, size))
        out.append(Build(action.card, 0, plot_for(seat, action.card), action.colour,
                         action.floors))
    return out


def check_build_candidates(state, legal, rng, count=12):
    """Random well-formed builds are accepted exactly when they are in the legal list."""
    player = state.current
    seat = state.settings.seat_of(player)
    legal_set = set(legal)
    names = [state.settings.colours[c] for c in state.settings.player_colours[player]]
    for _ in range(count):
        card = rng.choice(state.hands[player])
        action = Build(card, rng.randrange(6), plot_for(seat, card), rng.choice(names),
                       rng.randint(1, 4))
        if action in legal_set:
            state.apply(action)
        else:
            assert_refused(state, action)


def check_views(state, rng):
    n = state.settings.player_count
    for viewer in range(n):
        view = player_view(state, viewer)
        assert view.hand == state.hands[viewer]
        assert view.hand_sizes == tuple(len(h) for h in state.hands)
        assert view.deck_size == len(state.deck)
        assert not hasattr(view, "deck") and not hasattr(view, "hands")
        if viewer == state.current:
            assert view.legal_actions() == state.legal_actions()
        else:
            assert view.legal_actions() == []
    viewer = rng.randrange(n)
    view = player_view(state, viewer)
    other = redeal_hidden(state, viewer, rng)
    assert player_view(other, viewer) == view
    assert repr(player_view(other, viewer)) == repr(view)
    if state.phase in ("select", "build"):
        sample = view.sample_state(rng)
        assert player_view(sample, viewer) == view
        check_material(sample)


def play_and_check(game_settings_, seed, decision_seed):
    rng = random.Random(decision_seed)
    game = Game(game_settings_, seed)
    state = game.state
    cut = None
    rounds_seen = [state.round]
    starts = {state.round: state.start}
    while not state.is_over:
        check_material(state)
        legal = state.legal_actions()
        assert legal, "a player to move always has a legal decision"
        assert state.phase in ("select", "build")
        assert all(not isinstance(a, ReturnPiece) for a in legal) or \
            all(isinstance(a, ReturnPiece) for a in legal)
        for action in legal:
            state.apply(action)  # every legal decision applies
        for action in mutations(state, legal, rng):
            assert_refused(state, action)
        if state.phase == "build":
            check_build_candidates(state, legal, rng)
        check_views(state, rng)
        game.play(rng.choice(legal))
        previous, state = state, game.state
        if state.round != previous.round or state.is_over:
            # the round just scored: the board has not changed since
            assert len(state.scorings) == previous.round
            assert state.scorings[-1] == score_board(state.board, len(state.settings.colours))
            assert list(state.scores) == [sum(s.colours[c].total for s in state.scorings)
                                          for c in range(len(state.settings.colours))]
            if not state.is_over:
                assert state.round == previous.round + 1
                assert state.start == state.settings.next_player(previous.start)
                starts[state.round] = state.start
                rounds_seen.append(state.round)
        if cut is None and rng.random() < 0.01:
            cut = len(game.log)
            assert save.load(save.dumps(game)).state == state
    # the end
    assert state.phase == "over" and state.current is None
    assert rounds_seen == list(range(1, game_settings_.round_count + 1))
    assert len(state.scorings) == game_settings_.round_count
    assert all(s == (0, 0, 0, 0) for s in state.stock + state.supply)
    check_material(state)
    for action in (Select(game_settings_.colours[0], (4, 0, 0, 0)), Shuffle(FULL_DECK)):
        assert_refused(state, action)
    assert save.load(save.dumps(game)).state == state
    standings = state.standings()
    points = state.player_points()
    assert sorted(s.player for s in standings) == list(range(game_settings_.player_count))
    assert any(s.winner for s in standings)
    assert all(points[s.player] == max(points) for s in standings if s.winner)
    return game


def check_chance_steps(game):
    """Replaying the log: at every chance step decisions and wrong outcomes are refused."""
    state = Game(game.settings, game.seed, resolve_chance=False).state
    for action in game.log:
        if state.phase == "chance":
            assert state.current is None and state.legal_actions() == []
            wrong = [Select(state.settings.colours[0], (4, 0, 0, 0)),
                     Build(Card(1, 1), 0, 4, state.settings.colours[0], 1),
                     ReturnPiece(Card(1, 1), state.settings.colours[0], 1)]
            if isinstance(action, Shuffle):
                wrong += [Shuffle(action.cards[1:]), ChooseStartPlayer(0)]
            else:
                wrong.append(Shuffle(FULL_DECK))
            for bad in wrong:
                assert_refused(state, bad)
        state = state.apply(action)
    assert state == game.state


@pytest.mark.slow
@ALL_SETTINGS
@given(game_settings(2), st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_two_player_games_keep_every_rule(game_settings_, seed, decision_seed):
    check_chance_steps(play_and_check(game_settings_, seed, decision_seed))


@pytest.mark.slow
@ALL_SETTINGS
@given(game_settings(3), st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_three_player_games_keep_every_rule(game_settings_, seed, decision_seed):
    check_chance_steps(play_and_check(game_settings_, seed, decision_seed))


@pytest.mark.slow
@ALL_SETTINGS
@given(game_settings(4), st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_four_player_games_keep_every_rule(game_settings_, seed, decision_seed):
    check_chance_steps(play_and_check(game_settings_, seed, decision_seed))
