"""When the page may ask for thinking soon (``computers.thinking_wanted``, drawn as
``<html data-thinking>``): the tab holds a thinking worker only while it may
(scripts/boot.template.mjs), so the question must hold wherever a computer, a hint or the
review could be asked for, and must not hold where none can."""

from __future__ import annotations

import random

from play_kit import make_controller, play_computers, play_to_end, setup_game

from game.web.model import computers


def test_a_game_with_computers_wants_thinking_until_it_is_over() -> None:
    c = make_controller()
    assert not computers.thinking_wanted(c)  # the start screen
    c.handle("new-game")
    assert computers.thinking_wanted(c)  # the setup: a game with computers may start
    c.handle("home")
    assert not computers.thinking_wanted(c)
    setup_game(c, 3, controllers=["human", "greedy", "greedy"])
    assert computers.thinking_wanted(c)
    c.handle("rules")  # the rules over the table: the game goes on after
    assert c.rules.open and computers.thinking_wanted(c)
    c.handle("rules-close")
    play_to_end(c, random.Random(6))
    assert c.screen_name == "final"
    assert not computers.thinking_wanted(c)
    c.handle("review")  # the review thinks
    assert computers.thinking_wanted(c)
    c.handle("review-close")
    assert not computers.thinking_wanted(c)


def test_a_game_left_for_the_start_screen_wants_none() -> None:
    c = make_controller()
    setup_game(c, 2, controllers=["human", "greedy"])
    ident = c.game_id
    assert computers.thinking_wanted(c)
    c.handle("home")
    assert not computers.thinking_wanted(c)
    c.handle("continue-game", {"id": ident})
    assert c.page.place == "play" and computers.thinking_wanted(c)


def test_people_alone_want_thinking_only_with_hints() -> None:
    c = make_controller()
    setup_game(c, 2, controllers=["human", "human"])
    assert not computers.thinking_wanted(c)
    setup_game(c, 2, controllers=["human", "human"], hints=True)
    assert computers.thinking_wanted(c)


def test_a_table_of_computers_wants_thinking_to_the_end() -> None:
    c = make_controller()
    setup_game(c, 2, controllers=["greedy", "random"])
    assert computers.thinking_wanted(c)
    play_computers(c)
    assert c.session is not None and c.session.state.is_over
    assert not computers.thinking_wanted(c)
