"""Views (game/public_record.py): what the whole table has seen, and nothing more.

A view of an unfinished game carries no seed and no shuffle, mentions no card that has not
been played, and replays (with an invented deal) to the same public story as the game.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from engine_testkit import mentioned_cards, random_game, settings_for
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import ALL_SETTINGS, game_settings

from game import Build, Game, ReturnPiece, Select, Settings, Shuffle
from game.actions import action_to_json
from game.errors import SaveError
from game.public_record import (
    FORMAT,
    VIEW_SEED,
    dumps_view,
    is_view_game,
    load_view,
    public_steps,
    to_view,
)
from game.story import Story
from game.view import SHARED_FIELDS

SEED = "kitchen-table-7f3a"


def played_cards(game: Game) -> Counter[tuple[int, int]]:
    return Counter(tuple(a.card) for a in game.log if isinstance(a, (Build, ReturnPiece)))


def public_facts(state) -> tuple:
    """What every player sees of a state: the shared fields, the sizes of the hands and of
    the pile, the played cards, stocks and supplies."""
    return (tuple(getattr(state, name) for name in SHARED_FIELDS),
            tuple(len(h) for h in state.hands), len(state.deck), state.played, state.stock,
            state.supply)


def assert_same_public_story(game: Game, view_game: Game) -> None:
    """The view's game went through the same public states and tells the same story, step
    by step (its log has the game's steps, the shuffles invented, up to the view's end)."""
    count = len(view_game.log)
    assert [a for a in view_game.log if not isinstance(a, Shuffle)] == public_steps(game)
    assert [type(a) for a in view_game.log] == [type(a) for a in game.log[:count]]
    original, invented = Story(game.settings, game.log[:count]), Story(view_game.settings,
                                                                        view_game.log)
    assert invented.all_entries == original.all_entries
    assert [public_facts(s) for s in invented.states] == \
        [public_facts(s) for s in original.states]


def check_view(game: Game) -> Game:
    text = dumps_view(game)
    document = json.loads(text)
    assert game.seed not in text
    assert "shuffle" not in text and "seed" not in document
    assert mentioned_cards(document) == played_cards(game)
    view_game = load_view(text)
    assert is_view_game(view_game) and view_game.seed == VIEW_SEED
    assert_same_public_story(game, view_game)
    assert dumps_view(view_game) == text, "a view of the view's game is the same view"
    return view_game


@settings(ALL_SETTINGS, derandomize=True)
@given(st.integers(2, 4).flatmap(game_settings), st.integers(0, 2**32), st.integers(4, 400))
def test_a_view_replays_to_the_same_public_story(table, seed, stop):
    game = random_game(table, f"{SEED}-{seed}", stop=lambda g: len(g.log) >= stop)
    check_view(game)


def test_a_view_names_no_hidden_card_and_invents_the_hands():
    game = random_game(settings_for(["south", "west", "north", "east"]), SEED,
                       stop=lambda g: len(g.log) >= 60)
    view_game = check_view(game)
    hidden = [game.state.hands, game.state.deck]
    assert [view_game.state.hands, view_game.state.deck] != hidden
    assert [len(h) for h in view_game.state.hands] == [len(h) for h in game.state.hands]


def test_the_same_public_story_gives_the_same_view_whatever_the_hidden_cards():
    game = random_game(settings_for(["south", "north"]), SEED, stop=lambda g: len(g.log) >= 50)
    view_game = load_view(dumps_view(game))
    assert view_game.state.hands != game.state.hands
    assert to_view(view_game) == to_view(game)


def test_a_finished_game_views_whole():
    game = random_game(settings_for(["south", "west", "north"]), SEED)
    assert game.state.is_over
    view_game = check_view(game)
    assert view_game.state.is_over
    assert view_game.state.standings() == game.state.standings()


def test_choices_still_secret_are_left_out_of_a_view():
    settings = settings_for(["south", "west", "north"], secret_selection=True)
    game = Game(settings, SEED)
    game.play(game.state.legal_actions()[0])  # the first player chooses in secret
    assert isinstance(game.log[-1], Select) and game.state.phase == "select"
    steps = public_steps(game)
    assert not any(isinstance(a, Select) for a in steps)
    check_view(game)


def test_choices_made_in_the_open_are_in_a_view():
    game = Game(settings_for(["south", "west", "north"]), SEED)
    game.play(game.state.legal_actions()[0])
    assert isinstance(public_steps(game)[-1], Select)


# A game in which a piece was returned (anti-trust blocks builds): its view must deal
# hands from which nothing could have been built at that moment.
RETURN_GAME = {"players": [
    {"name": "P0", "colours": ["green"], "seat": "north", "controller": "human"},
    {"name": "P1", "colours": ["red"], "seat": "east", "controller": "human"},
    {"name": "P2", "colours": ["blue"], "seat": "west", "controller": "human"},
    {"name": "P3", "colours": ["orange"], "seat": "south", "controller": "human"}],
    "rounds": 6, "start_player": None, "tie_break": True, "godzilla": "off",
    "progressive": False, "anti_trust": True, "secret_selection": True}


def test_a_view_with_a_returned_piece_replays():
    game = random_game(Settings.from_json(RETURN_GAME), "kitchen-254-q",
                       stop=lambda g: len(g.log) >= 121)
    assert any(isinstance(a, ReturnPiece) for a in game.log)
    check_view(game)


def _view_of(game: Game) -> dict:
    return json.loads(dumps_view(game))


def test_bad_views_are_refused_with_a_reason():
    game = random_game(settings_for(["south", "north"]), SEED, stop=lambda g: len(g.log) >= 40)
    document = _view_of(game)
    with_shuffle = dict(document, log=[action_to_json(game.log[0]), *document["log"]])
    with pytest.raises(SaveError, match="no shuffle"):
        load_view(with_shuffle)
    with pytest.raises(SaveError, match="newer version"):
        load_view(dict(document, version=99))
    with pytest.raises(SaveError, match="not a Manhattan view"):
        load_view(dict(document, format="manhattan-save"))
    with pytest.raises(SaveError):
        load_view(dict(document, settings={"players": []}))


def test_a_view_that_plays_a_card_too_often_cannot_be_dealt():
    """Six plays of one card in the first 41 cards drawn: no deal of five copies fits."""
    game = random_game(settings_for(["south", "north"]), SEED, stop=lambda g: len(g.log) >= 40)
    document = _view_of(game)
    steps = document["log"]
    centre = [1, 1]
    for step in steps:
        if step["type"] in ("build", "return"):
            step["card"] = centre
    with pytest.raises(SaveError):
        load_view(document)


def test_a_view_that_stops_before_the_setup_is_refused():
    settings = settings_for(["south", "north"], start_player=None)
    document = {"format": FORMAT, "version": 1, "settings": settings.to_json(), "log": []}
    with pytest.raises(SaveError, match="before the game is set up"):
        load_view(document)

