"""The thinking worker's message protocol (game/web/thinking/coach.py): a view's JSON form round
trips exactly, only the deciding player's view crosses (two states that differ in hidden
information give the same request text, so the worker cannot peek), the worker's answer
equals the page's own sliced path for the same seed, and a bad message never crashes."""

from __future__ import annotations

import json
import random

import pytest
from play_kit import computer_moved, make_controller, setup_game

from game.actions import Build
from game.ai import decide, parse_level, think
from game.ai.explain import hint, review
from game.ai.levels import GREEDY, HEURISTIC
from game.match import Game
from game.settings import standard_settings
from game.view import player_view
from game.web.model import computers
from game.web.thinking.coach import (
    VIEW_FIELDS,
    ProtocolError,
    Request,
    answer,
    compute,
    parse_answer,
    parse_request,
    request_text,
    view_from_json,
    view_to_json,
)


def new_game(n: int, seed: str, **options) -> Game:
    return Game(standard_settings(n, **options), seed)


def advance(game: Game, moves: int) -> Game:
    """``moves`` random decisions (fewer if the game ends)."""
    rng = random.Random("advance")
    for _ in range(moves):
        if game.state.is_over:
            break
        game.play(rng.choice(game.state.legal_actions()))
    return game


POSITIONS = [
    (4, {}, 0), (4, {}, 9), (3, {"godzilla": "baby"}, 30), (2, {}, 17),
    (2, {"progressive": True, "anti_trust": True}, 40),
    (4, {"secret_selection": True}, 1), (3, {"secret_selection": True, "godzilla": "godzilla"}, 50),
    (4, {"tie_break": False}, 400),  # the game is over
]


def _drain(work):
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value


def _twin(state, player, seed):
    view = player_view(state, player)
    for k in range(50):
        other = view.sample_state(random.Random(f"{seed}/{k}"))
        if other.hands != state.hands or other.deck != state.deck or \
                other.supply != state.supply:
            return other
    raise AssertionError("no twin with other hidden information")


@pytest.mark.parametrize("n,options,moves", POSITIONS)
def test_a_view_round_trips_through_its_json_form(n, options, moves):
    state = advance(new_game(n, "coach", **options), moves).state
    for player in range(n):
        view = player_view(state, player)
        data = json.loads(json.dumps(view_to_json(view)))
        assert set(data) == set(VIEW_FIELDS)
        assert view_from_json(data) == view


@pytest.mark.parametrize("n,options,moves", POSITIONS[:7])
def test_only_the_view_crosses_and_the_worker_cannot_peek(n, options, moves):
    """The request for two full states that differ only in what the player may not know
    is the same text (so is the answer), and it equals the page's sliced decision."""
    state = advance(new_game(n, "peek", **options), moves).state
    player = state.current
    twin = _twin(state, player, "twin")
    for level_id in ("random", "greedy", "heuristic", "search[iterations=12;root_width=4]"):
        level = parse_level(level_id)
        seed = f"s/{level_id}"
        texts = [request_text(Request("decide", player_view(s, player), level, seed))
                 for s in (state, twin)]
        assert texts[0] == texts[1]
        assert set(json.loads(texts[0])) == {"protocol", "kind", "level", "seed", "view",
                                             "played"}
        assert json.loads(texts[0])["level"] == level_id
        request = parse_request(texts[0])
        assert request.level == level
        got = parse_answer(answer(texts[0]), request).action
        sliced = _drain(think(level.make(), player_view(twin, player),
                              random.Random(seed), slice_seconds=0.0005))
        assert got == sliced == decide(level.make(), player_view(state, player),
                                       random.Random(seed)), level_id


def test_other_hands_are_not_in_the_request():
    """A hand's cards appear in the text only as the view's own hand and played cards."""
    state = advance(new_game(4, "hands"), 9).state
    player = state.current
    data = json.loads(request_text(Request("decide", player_view(state, player), GREEDY, "x")))
    assert data["view"]["hand"] == [c.to_json() for c in state.hands[player]]
    assert data["view"]["hand_sizes"] == [len(h) for h in state.hands]
    assert "deck" not in data["view"] and "hands" not in data["view"]


def test_a_hint_and_a_review_answer_like_the_ai_side():
    state = advance(new_game(3, "hint"), 12).state
    view = player_view(state, state.current)
    level = parse_level("search[iterations=10;root_width=4]")
    request = Request("hint", view, level, "h")
    got = parse_answer(answer(request_text(request)), request)
    expected = hint(view, level=level)
    assert got.action == expected.action and got.hint == expected
    played = next(a for a in view.legal_actions() if isinstance(a, Build))
    for judge in (HEURISTIC, level):
        request = Request("review", view, judge, "r", played)
        got = parse_answer(answer(request_text(request)), request)
        assert got.review == review(view, played, level=judge)


def test_the_hint_and_the_review_ignore_the_requests_seed():
    """One voice: the same view gets the same hint and the same verdict whatever seed the
    page sends (the hint's seed counts the log, the review's the step)."""
    state = advance(new_game(4, "voice"), 9).state
    view = player_view(state, state.current)
    level = parse_level("search[iterations=16;root_width=4]")
    hints = {compute(Request("hint", view, level, seed)).hint for seed in ("a", "b")}
    assert len(hints) == 1
    given = hints.pop()
    assert given is not None
    judged = compute(Request("review", view, level, "c", given.action)).review
    assert judged is not None and judged.best == given.action and judged.verdict == "best"


@pytest.mark.parametrize("text", [
    "", "null", "[]", "{}", '{"protocol": 1}', '{"protocol": 1, "kind": "decide"}',
    '{"protocol": 1, "kind": "decide", "level": "greedy", "seed": "s", "view": {}}',
    '{"protocol": 1, "kind": "decide", "level": "nobody", "seed": "s", "view": null}',
])
def test_a_bad_request_is_answered_with_an_error(text):
    out = json.loads(answer(text))
    assert out["ok"] is False and out["error"]


def test_an_unknown_level_is_an_error_not_a_crash():
    view = player_view(advance(new_game(2, "lvl"), 5).state, 0)
    text = request_text(Request("decide", view, GREEDY, "s"))
    data = json.loads(text)
    data["level"] = "nobody"
    out = json.loads(answer(json.dumps(data)))
    assert out["ok"] is False and "nobody" in out["error"]


@pytest.mark.parametrize("reply", [
    None, "", "not json", "[]", '{"ok": false, "error": "x"}', '{"ok": true}',
    '{"ok": true, "action": {"type": "select", "colour": "red", "pieces": [9, 0, 0, 0]}}',
])
def test_a_bad_or_illegal_answer_is_refused(reply):
    """The page checks the worker's action against the view it asked about."""
    state = advance(new_game(4, "ans"), 0).state
    request = Request("decide", player_view(state, state.current), GREEDY, "s")
    with pytest.raises(ProtocolError):
        parse_answer(reply, request)


def test_an_answer_for_another_position_is_refused():
    """A selection while the table builds (an answer to some other question)."""
    game = advance(new_game(4, "pos"), 9)
    assert game.state.phase == "build"
    request = Request("decide", player_view(game.state, game.state.current), GREEDY, "s")
    select = {"type": "select", "colour": game.settings.colours[0], "pieces": [1, 1, 1, 1]}
    with pytest.raises(ProtocolError):
        parse_answer(json.dumps({"ok": True, "action": select}), request)


def test_the_controller_asks_with_the_view_level_and_seed_of_its_own_path():
    """The page's request for a computer turn decides like the page's sliced loop."""
    c = make_controller()
    setup_game(c, 3, controllers=["greedy", "heuristic", "search:1"])
    for _ in range(6):
        request = computers.computer_request(c)
        assert request.view == player_view(c.session.state, c.session.state.current)
        assert request.view.player == c.session.state.current
        sliced = _drain(computers.computer_thinking(c))
        text = answer(request_text(request))
        assert parse_answer(text, parse_request(request_text(request))).action == sliced
        computer_moved(c, sliced)
