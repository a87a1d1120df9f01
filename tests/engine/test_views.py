"""Player views: what one player may know (own hand, public board and piles, sizes only of
other hands and the draw pile), legal decisions from a view, and states sampled from it."""

from __future__ import annotations

import dataclasses
import random

from engine_testkit import random_game, redeal_hidden

from game import Game, PlayerView, player_view, standard_settings


def mid_game(players=4, **options):
    return random_game(standard_settings(players, **options), seed="view",
                       stop=lambda g: g.state.round == 2 and g.state.phase == "build"
                       and len(g.log) % 3 == 0)


def test_view_fields_hold_no_other_hand_and_no_draw_pile():
    names = {f.name for f in dataclasses.fields(PlayerView)}
    assert "hands" not in names and "deck" not in names
    assert {"hand", "hand_sizes", "deck_size"} <= names


def test_view_shows_own_hand_and_only_the_sizes_of_the_rest():
    game = mid_game()
    state = game.state
    for p in range(4):
        view = game.view(p)
        assert view.player == p
        assert view.hand == state.hands[p]
        assert view.hand_sizes == (4, 4, 4, 4)
        assert view.deck_size == len(state.deck)
        assert view.board == state.board and view.played == state.played
        assert view.scores == state.scores and view.supply == state.supply




def test_view_is_the_same_however_the_unseen_cards_lie():
    game = mid_game()
    rng = random.Random(3)
    for viewer in range(4):
        other = redeal_hidden(game.state, viewer, rng)
        assert other != game.state
        assert player_view(other, viewer) == game.view(viewer)
        assert repr(player_view(other, viewer)) == repr(game.view(viewer))


def test_view_legal_actions_are_the_legal_decisions_of_the_player_to_move():
    game = mid_game()
    state = game.state
    assert game.view(state.current).legal_actions() == state.legal_actions()
    assert game.view(state.current).my_turn
    for p in range(4):
        if p != state.current:
            assert game.view(p).legal_actions() == [] and not game.view(p).my_turn


def test_sampled_state_agrees_with_the_view():
    for players, options in [(4, {}), (2, {"secret_selection": True}),
                             (3, {"godzilla": "baby", "progressive": True})]:
        game = mid_game(players, **options)
        for viewer in range(players):
            view = game.view(viewer)
            for seed in range(3):
                sample = view.sample_state(random.Random(seed))
                assert player_view(sample, viewer) == view
                assert sample.hands[viewer] == game.state.hands[viewer]


def test_view_during_secret_selection_samples_hidden_choices_from_the_stock():
    game = Game(standard_settings(4, secret_selection=True, start_player=0), seed="secret")
    game.play(game.state.legal_actions()[-1])
    game.play(game.state.legal_actions()[0])
    view = game.view(2)
    assert view.supply[0] is None and view.supply[1] is None
    seen = set()
    for seed in range(20):
        sample = view.sample_state(random.Random(seed))
        assert player_view(sample, 2) == view
        assert sum(sample.supply[0]) == 6
        seen.add(sample.supply[0])
    assert len(seen) > 1  # the hidden choice is guessed, not copied from the real state


def test_a_view_with_history_holds_the_public_steps_only():
    """``Game.view(p, history=True)`` adds what the whole table saw: every decision and the
    public chance outcomes, no shuffle, and no selection still secret; otherwise it is the
    same view."""
    from game.actions import Select, Shuffle
    game = mid_game()
    view = game.view(1, history=True)
    assert view.history == tuple(a for a in game.log if not isinstance(a, Shuffle))
    assert dataclasses.replace(view, history=()) == game.view(1)
    secret = random_game(standard_settings(4, secret_selection=True), seed="view",
                         stop=lambda g: g.state.phase == "select" and len(g.log) > 3
                         and isinstance(g.log[-1], Select))
    hidden = secret.view(secret.state.current, history=True)
    assert not isinstance(hidden.history[-1], Select)
    assert all(not isinstance(a, Shuffle) for a in hidden.history)
