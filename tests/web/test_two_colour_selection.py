"""A two-player person chooses pieces for both colours as one pending step: both colours on
screen with their own counts, changeable and undoable until the one Confirm, which sends a
Select per colour to the engine. The rule: the current player can undo their last action
until the turn passes to someone else."""

from __future__ import annotations

import json
import random

from play_kit import make_controller, pending, random_selection, set_selection, setup_game, tap_decision

from game.actions import Select
from game.web.saves.storage import PREFIX, MemoryBackend


def two_player_game(backend=None):
    c = make_controller(backend)
    setup_game(c, 2, names=["Ann", "Bob"], start="0")
    c.handle("reveal")
    return c


def inc(c, colour, floors, times=1):
    for _ in range(times):
        c.handle("select-inc", {"floors": str(floors), "colour": colour})


def dec(c, colour, floors, times=1):
    for _ in range(times):
        c.handle("select-dec", {"floors": str(floors), "colour": colour})


def test_both_colours_are_chosen_in_one_step_and_committed_on_confirm():
    c = two_player_game()
    first, second = c.session.colour_names(0)
    assert pending(c.session)["colours"] == [first, second]
    log = len(c.session.game.log)
    tree = c.render()
    # Both colours on screen, each with its own rows and its own count still to choose.
    blocks = tree.find_all(data_select_colour=True)
    assert [b.attrs["data-select-colour"] for b in blocks] == [first, second]
    assert [b.attrs["data-select-colour-left"] for b in blocks] == [4, 4]
    assert tree.find(data_select_left=True).attrs["data-select-left"] == 8
    for b in blocks:
        colour = b.attrs["data-select-colour"]
        assert len(b.find_all(data_select_inc=True, data_colour=colour)) == 4
        assert len(b.find_all(data_select_count=True, data_colour=colour)) == 4
    inc(c, first, 1, 2)
    inc(c, first, 4, 2)
    tree = c.render()
    assert tree.find(data_select_colour=first).attrs["data-select-colour-left"] == 0
    assert tree.find(data_select_count=1, data_colour=first).text() == "2"
    assert tree.find(data_select_count=1, data_colour=second).text() == "0"
    # The first colour complete is not a decision yet: Confirm waits for both.
    assert "disabled" in tree.find(data_action="confirm").attrs
    c.handle("confirm")
    assert len(c.session.game.log) == log and c.session.state.current == 0
    inc(c, second, 2, 3)
    inc(c, second, 3)
    tree = c.render()
    assert tree.find(data_select_left=True).attrs["data-select-left"] == 0
    assert "disabled" not in tree.find(data_action="confirm").attrs
    c.handle("confirm")
    assert c.session.game.log[log:] == [Select(first, (2, 0, 0, 2)), Select(second, (0, 3, 1, 0))]
    # The turn passes to the other person: the device is handed over.
    assert c.session.state.current == 1 and c.screen_name == "pass"
    settings = c.session.settings
    assert c.session.state.supply[settings.colour_index(first)] == (2, 0, 0, 2)
    assert c.session.state.supply[settings.colour_index(second)] == (0, 3, 1, 0)
    # Bob's turn, the same way; then Ann sees both of Bob's colours in the last move.
    c.handle("reveal")
    third, fourth = c.session.colour_names(1)
    set_selection(c, third, (0, 0, 1, 3))
    set_selection(c, fourth, (2, 2, 0, 0))
    c.handle("confirm")
    assert c.session.state.phase == "build" and c.session.state.current == 0
    c.handle("reveal")
    line = c.render().find(data_move="last")
    assert line is not None
    assert len(line.find_all(data_chip=True)) == 2
    assert line.text().endswith(f"Bob took {third}: 1×3, 3×4; {fourth}: 2×1, 2×2")


def test_either_colour_can_be_changed_or_undone_before_confirm():
    c = two_player_game()
    first, second = c.session.colour_names(0)
    inc(c, first, 1, 4)
    inc(c, second, 2, 4)
    assert c.frame().play.selection.ready
    # Change the first colour after the second one is complete.
    dec(c, first, 1, 2)
    inc(c, first, 3, 2)
    assert pending(c.session)["pieces"] == {first: [2, 0, 2, 0], second: [0, 4, 0, 0]}
    # Too many for one colour is refused for that colour only.
    inc(c, second, 1)
    assert c.session.notice[0] == "select.too_many"
    assert pending(c.session)["pieces"][second] == [0, 4, 0, 0]
    # Undo takes the whole pending selection back; nothing reached the engine.
    log = len(c.session.game.log)
    c.handle("undo")
    assert pending(c.session)["pieces"] == {first: [0, 0, 0, 0], second: [0, 0, 0, 0]}
    assert len(c.session.game.log) == log and c.session.state.current == 0 and c.screen_name == "play"
    tree = c.render()
    assert "disabled" in tree.find(data_action="undo").attrs


def test_the_pending_selection_survives_a_reload():
    backend = MemoryBackend()
    c = two_player_game(backend)
    first, second = c.session.colour_names(0)
    inc(c, first, 2, 2)
    inc(c, second, 4, 3)
    saved = json.loads(backend.data[PREFIX + c.game_id])["meta"]["ui"]["pending"]
    assert saved["pieces"] == {first: [0, 2, 0, 0], second: [0, 0, 0, 3]}
    c2 = make_controller(backend)
    assert c2.screen_name == "pass"  # reopened: the cards stay hidden until tapped
    c2.handle("reveal")
    assert c2.screen_name == "play"
    assert pending(c2.session)["pieces"] == {first: [0, 2, 0, 0], second: [0, 0, 0, 3]}
    tree = c2.render()
    assert tree.find(data_select_count=4, data_colour=second).text() == "3"
    inc(c2, first, 1, 2)
    inc(c2, second, 1)
    c2.handle("confirm")
    assert c2.session.state.current == 1


def test_a_save_with_the_older_one_colour_pending_form_still_opens():
    backend = MemoryBackend()
    c = two_player_game(backend)
    first, second = c.session.colour_names(0)
    key = PREFIX + c.game_id
    data = json.loads(backend.data[key])
    data["meta"]["ui"]["pending"] = {"kind": "select", "colour": first, "pieces": [1, 1, 0, 0]}
    backend.data[key] = json.dumps(data)
    c2 = make_controller(backend)
    assert pending(c2.session)["pieces"] == {first: [1, 1, 0, 0], second: [0, 0, 0, 0]}
    # Hand-edited nonsense for a colour is dropped, not fatal.
    data["meta"]["ui"]["pending"] = {"kind": "select", "colours": [first, second],
                                     "pieces": {first: [9, 0, 0, 0], "nobody": [1, 0, 0, 0]}}
    backend.data[key] = json.dumps(data)
    c3 = make_controller(backend)
    assert pending(c3.session)["pieces"] == {first: [0, 0, 0, 0], second: [0, 0, 0, 0]}


def test_a_colour_with_a_single_possible_choice_needs_no_input(monkeypatch):
    """Ann's second colour takes its big pieces early; in round 5 only 1-floor pieces are
    left, so the engine takes them itself and Ann only chooses her first colour. (The deal
    is fixed: with some deals Ann's first colour is left with one choice too, and she has
    nothing to choose in round 5 at all.)"""
    monkeypatch.setattr("game.web.model.env.random.randrange", lambda n: 42)
    monkeypatch.setattr("time.time", lambda: 1_700_000_000.0)
    c = two_player_game()
    first, second = c.session.colour_names(0)
    rng = random.Random(3)
    for _ in range(3000):
        if c.session.state.round == 5 and c.session.state.phase == "select" and c.session.screen == "turn" \
                and c.session.state.current == 0:
            break
        name = c.screen_name
        if name == "pass":
            c.handle("reveal")
        elif name == "scoring":
            c.handle("continue")
        elif c.session.state.phase == "select":
            for colour in pending(c.session)["colours"]:
                if colour == second:
                    index = c.session.settings.colour_index(colour)
                    options = list(random_options(c.session, index))
                    pieces = max(options, key=lambda o: (o[3], o[2], o[1]))
                else:
                    pieces = random_selection(c, colour, rng)
                set_selection(c, colour, pieces)
            c.handle("confirm")
        else:
            tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
    assert c.session.state.round == 5 and c.session.state.current == 0
    assert c.frame().play.selection.colours == (first,)
    assert c.frame().play.selection.forced == ((second, (4, 0, 0, 0)),)
    tree = c.render()
    assert [b.attrs["data-select-colour"] for b in tree.find_all(data_select_colour=True)] \
        == [first]
    assert tree.find(data_select_forced=second) is not None
    assert tree.find(data_select_left=True).attrs["data-select-left"] == 4
    set_selection(c, first, random_selection(c, first, rng))
    c.handle("confirm")
    assert c.session.state.supply[c.session.settings.colour_index(second)] == (4, 0, 0, 0)
    assert c.session.state.current == 1


def random_options(s, index):
    from game.state import selections
    return list(selections(s.state.stock[index], s.state.pieces_needed(index)))
