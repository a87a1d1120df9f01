"""The typed draft: pure steps over the PlayerView, and one parser for its saved form."""

from __future__ import annotations

import random

import pytest

from game.actions import Build
from game.match import Game
from game.settings import PlayerSpec, Settings
from game.view import player_view
from game.web.values import draft as D


def _game(count: int = 3, seed: str = "draft") -> Game:
    seats = {2: ("south", "north"), 3: ("south", "west", "north"),
             4: ("south", "west", "north", "east")}[count]
    colours = (("blue", "red"), ("yellow", "green")) if count == 2 else (
        ("blue",), ("red",), ("yellow",), ("green",))
    players = tuple(PlayerSpec(f"P{i}", colours[i], seats[i]) for i in range(count))
    return Game(Settings(players=players, start_player=0), seed)


def _turn_view(game: Game):
    return player_view(game.state, game.state.current)


def test_drafts_round_trip_through_their_json_at_every_decision():
    rng = random.Random(3)
    for count in (2, 3, 4):
        game = _game(count, f"rt{count}")
        while not game.state.is_over:
            view = _turn_view(game)
            draft = D.start_draft(view)
            assert draft is not None and D.parse_draft(D.draft_to_json(draft), view) == draft
            if isinstance(draft, D.BuildDraft) and draft.kind == "build":
                build = rng.choice([a for a in view.legal_actions() if isinstance(a, Build)])
                draft = D.choose_card(draft, view, build.card).draft
                draft = D.choose_piece(draft, view, build.colour, build.floors).draft
                assert (build.city, build.plot) in D.targets(draft, view)
                step = D.tap_plot(draft, view, build.city, build.plot)
                assert isinstance(step, D.Step)
                draft = step.draft
                assert D.actions(draft, view) == (build,)
                assert D.parse_draft(D.draft_to_json(draft), view) == draft
            game.play(rng.choice(game.state.legal_actions()))


def test_steps_never_change_their_input_and_undo_walks_back():
    game = _game()
    while game.state.phase != "build":
        game.play(game.state.legal_actions()[0])
    view = _turn_view(game)
    empty = D.start_draft(view)
    assert isinstance(empty, D.BuildDraft)
    build = next(a for a in view.legal_actions() if isinstance(a, Build))
    with_card = D.choose_card(empty, view, build.card).draft
    assert empty.card is None and with_card.card == build.card
    with_piece = D.choose_piece(with_card, view, build.colour, build.floors).draft
    placed = D.tap_plot(with_piece, view, build.city, build.plot)
    assert isinstance(placed, D.Step)
    assert D.undo(placed.draft, view).draft == with_piece
    back = D.undo(with_piece, view).draft
    assert back.card is None and back.floors is None


@pytest.mark.parametrize("saved", [
    None, 7, "select", [], {}, {"kind": "nonsense"},
    {"kind": "build", "card": [5, 5]},
    {"kind": "build", "card": [0, 0, 0]},
    {"kind": "build", "colour": "purple"},
    {"kind": "build", "floors": 3},
    {"kind": "build", "colour": "blue", "floors": True},
    {"kind": "return"},
    {"kind": "select", "pieces": {"blue": [1, 0, 0, 0]}},
])
def test_the_parser_refuses_what_does_not_fit_the_decision_now(saved):
    game = _game()
    while game.state.phase != "build":
        game.play(game.state.legal_actions()[0])
    assert D.parse_draft(saved, _turn_view(game)) is None


def test_a_stale_plot_is_dropped_but_the_rest_of_the_draft_kept():
    game = _game()
    while game.state.phase != "build":
        game.play(game.state.legal_actions()[0])
    view = _turn_view(game)
    build = next(a for a in view.legal_actions() if isinstance(a, Build))
    saved = {"kind": "build", "card": list(build.card), "colour": build.colour,
             "floors": build.floors, "city": (build.city + 1) % 6}
    draft = D.parse_draft(saved, view)
    assert isinstance(draft, D.BuildDraft) and draft.card == build.card
    assert draft.city is None or (draft.city, build.plot) in D.targets(draft, view)


def test_the_older_one_colour_selection_form_is_converted():
    game = _game()
    view = _turn_view(game)
    colour = view.settings.colours[view.select_queue[0]]
    draft = D.parse_draft({"kind": "select", "colour": colour, "pieces": [1, 1, 0, 0]}, view)
    assert draft == D.SelectDraft((colour,), ((1, 1, 0, 0),))
    assert D.parse_draft({"kind": "select", "colour": colour, "pieces": [9, 0, 0, 0]},
                         view) is None
