"""Whole games through the UI logic (the same taps the browser sends), in CPython."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from play_kit import make_controller, pending, play_computers, play_to_end, setup_game, tap_decision

from game import save as game_save
from game.actions import Build, ReturnPiece
from game.state import State
from game.web.saves.storage import PREFIX, MemoryBackend


def hands_in_tree(tree) -> Counter:
    return Counter(el.attrs["data-card"] for el in tree.find_all(data_card=True))


@pytest.mark.slow
def test_four_person_hotseat_game_to_final_standings():
    c = make_controller()
    setup_game(c, 4, names=["Ann", "Bob", "Cy", "Dee"])
    passes = []
    checked = {"turns": 0}

    def check(c, name):
        session = c.session
        tree = c.render()
        if name == "pass":
            # The pass screen shows nobody's cards and no board.
            assert not tree.find_all(data_card=True)
            assert not tree.find_all(data_city=True)
            passes.append(session.state.current)
        elif name == "play" and session.screen == "turn":
            me = session.state.current
            # Only the current person's own hand is on screen (as data-card buttons).
            assert hands_in_tree(tree) == Counter(f"{r},{col}" for r, col in session.state.hands[me])
            checked["turns"] += 1

    seen = play_to_end(c, random.Random(3), on_step=check)
    assert "scoring" in seen and seen[-1] == "final"
    assert checked["turns"] > 40
    # Four humans: every turn change is a pass of the device.
    assert len(passes) >= 4 * 4
    final = c.render()
    rows = final.find_all(data_standing=True)
    assert len(rows) == 4
    assert {r.attrs["data-decided-by"] for r in rows} <= {"points", "tallest", "majorities",
                                                          "shared"}
    # Rematch: same players, new seed, a fresh game.
    old_seed = c.session.game.seed
    c.handle("rematch")
    assert c.session.game.seed != old_seed
    assert [p.name for p in c.session.settings.players] == ["Ann", "Bob", "Cy", "Dee"]
    assert c.screen_name == "pass"


def test_two_player_game_with_two_colours_each():
    c = make_controller()
    setup_game(c, 2, names=["Ann", "Bob"])
    settings = c.session.settings
    assert [len(p.colours) for p in settings.players] == [2, 2]
    rng = random.Random(5)
    # The person chooses pieces for both colours in one step, then passes the device.
    c.handle("reveal")
    first = c.session.state.current
    assert pending(c.session)["colours"] == c.session.colour_names(first)
    tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
    assert c.session.state.current != first
    assert c.screen_name == "pass"
    assert all(c.session.state.supply[i] != (0, 0, 0, 0) for i in settings.player_colours[first])
    # Building: pieces of both colours are offered, with data-colour.
    seen = play_to_end(c, rng, on_step=lambda c, name: _two_colour_check(c, name))
    assert seen[-1] == "final"


def _two_colour_check(c, name):
    s = c.session
    if name == "play" and s.screen == "turn" and s.state.phase == "build":
        tree = c.render()
        colours = {el.attrs.get("data-colour") for el in tree.find_all(data_action="piece")}
        mine = set(s.colour_names(s.state.current))
        assert colours <= mine and None not in colours


@pytest.mark.slow
def test_one_person_against_three_computers():
    c = make_controller()
    setup_game(c, 4, controllers=["human", "random", "greedy", "random"])
    seen = play_to_end(c, random.Random(11))
    assert "pass" not in seen  # a single person never has to pass the device
    assert seen[-1] == "final"


def test_computers_only_game_plays_to_the_end_by_itself():
    c = make_controller()
    setup_game(c, 3, controllers=["random", "greedy", "random"])
    moves = play_computers(c)
    assert moves > 30
    assert c.screen_name == "final"


def test_secret_selection_hides_other_choices_until_building():
    c = make_controller()
    setup_game(c, 3, names=["A", "B", "C"], secret_selection=True, start="0")
    rng = random.Random(1)
    c.handle("reveal")
    tap_decision(c, rng.choice(c.session.state.legal_actions()))
    c.handle("reveal")
    s = c.session
    tree = c.render()
    first_colour = s.settings.colours[s.settings.player_colours[0][0]]
    choice = tree.find(data_choice=first_colour)
    assert choice is not None and "secret" in choice.text()


def test_every_action_is_saved_at_once_and_restored_exactly():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 4, names=["Ann", "Bob", "Cy", "Dee"], start="0")
    c.handle("reveal")
    c.handle("select-inc", {"floors": "1"})
    c.handle("select-inc", {"floors": "4"})
    # A reload now: same screen, same partial selection.
    c2 = make_controller(backend)
    assert c2.screen_name == "pass"  # reopening a game of people: the cards are hidden first
    c2.handle("reveal")
    assert c2.screen_name == "play"
    assert list(pending(c2.session)["pieces"].values()) == [[1, 0, 0, 1]]
    assert c2.session.revealed == 0
    # Finish selection for everyone, then a tentative placement survives a reload too.
    rng = random.Random(2)
    while c2.session.state.phase == "select":
        if c2.screen_name == "pass":
            c2.handle("reveal")
        c2.handle("undo")
        tap_decision(c2, rng.choice(c2.session.state.legal_actions()))
    if c2.screen_name == "pass":
        c2.handle("reveal")
    build = next(a for a in c2.session.state.legal_actions() if isinstance(a, Build))
    c2.handle("card", {"card": f"{build.card.row},{build.card.col}"})
    c2.handle("piece", {"floors": str(build.floors)})
    c2.handle("plot", {"city": str(build.city), "plot": str(build.plot)})
    assert c2.session.pending_actions() == (build,)
    c3 = make_controller(backend)
    assert c3.screen_name == "pass"  # the cards stay hidden until their owner taps
    assert c3.render().find(data_pending="true") is None
    c3.handle("reveal")
    assert c3.session.pending_actions() == (build,)
    tree = c3.render()
    ghost = tree.find(data_pending="true")
    assert ghost is not None
    assert (int(ghost.attrs["data-city"]), int(ghost.attrs["data-plot"])) == (build.city,
                                                                               build.plot)
    # Undo takes the tentative piece back; nothing was committed to the engine.
    log_len = len(c3.session.game.log)
    c3.handle("undo")
    assert c3.session.pending_actions() == ()
    assert len(c3.session.game.log) == log_len


def test_corrupted_save_is_reported_and_kept():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, names=["Ann", "Bob"])
    ident = c.game_id
    key = PREFIX + ident
    data = json.loads(backend.data[key])
    data["log"][0]["cards"] = data["log"][0]["cards"][:10]  # a hand-edited, impossible shuffle
    broken = json.dumps(data)
    backend.data[key] = broken
    c2 = make_controller(backend)
    assert c2.screen_name == "start"
    tree = c2.render()
    error = tree.find(id="load-error")
    assert error is not None and "step 1" in error.text()
    item = tree.find(data_save=ident)
    assert item.find(data_broken="true") is not None
    assert backend.data[key] == broken  # kept byte for byte
    # Continue on the broken entry is not offered; deleting needs a second tap.
    assert item.find(data_action="continue-game") is None
    c2.handle("delete", {"id": ident})
    assert key in backend.data
    c2.handle("delete", {"id": ident, "confirm": "true"})
    assert key not in backend.data


@pytest.mark.parametrize("text", ["{not json", "null", '{"format": "manhattan-save"}', ""])
def test_garbage_saves_never_crash_the_start_screen(text):
    backend = MemoryBackend({PREFIX + "x": text, "manhattan:current": "x"})
    c = make_controller(backend)
    tree = c.render()
    assert c.screen_name == "start"
    assert tree.find(data_save="x") is not None
    assert backend.data[PREFIX + "x"] == text


def test_hand_edited_pending_state_is_dropped_not_fatal():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 3, names=["A", "B", "C"], start="0")
    c.handle("reveal")
    key = PREFIX + c.game_id
    data = json.loads(backend.data[key])
    data["meta"]["ui"]["pending"] = {"kind": "select", "colour": "blue", "pieces": [99, "x"]}
    data["meta"]["ui"]["revealed"] = "nobody"
    backend.data[key] = json.dumps(data)
    c2 = make_controller(backend)
    assert c2.screen_name == "pass"
    c2.handle("reveal")
    assert list(pending(c2.session)["pieces"].values()) == [[0, 0, 0, 0]]


def test_a_full_storage_is_reported_at_once_and_no_unsaved_move_is_made():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, names=["A", "B"], start="0")
    backend.fail_writes = True
    c.handle("reveal")
    tree = c.render()
    banner = tree.find(data_message_id="storage.full")  # a choice in progress: kept on screen
    assert banner is not None and banner.find(data_action="home") is not None
    stored = backend.data[next(k for k in backend.data if k.startswith(PREFIX))]
    log = len(c.session.game.log)
    action = c.session.state.legal_actions()[0]
    tap_decision(c, action)  # the Confirm cannot be stored: the move is taken back
    assert len(c.session.game.log) == log
    assert c.render().find(data_message_id="storage.move_not_saved") is not None
    assert backend.data[next(k for k in backend.data if k.startswith(PREFIX))] == stored
    backend.fail_writes = False  # space freed: the same move goes through and is stored
    if c.screen_name == "pass":
        c.handle("reveal")
    tap_decision(c, action)
    assert len(c.session.game.log) > log and c.saved.banner is None
    assert game_save.load(backend.data[PREFIX + c.game_id]).log == c.session.game.log


def test_a_new_game_starts_only_when_it_can_be_stored_and_a_dangling_pointer_is_repaired():
    backend = MemoryBackend()
    c = make_controller(backend)
    backend.fail_writes = True
    c.handle("new-game")
    c.handle("setup-start")
    assert c.page.place == "setup" and c.session is None
    assert c.form.errors and c.form.errors[0][0] == "storage.new_game_failed"
    assert not [k for k in backend.data if k.startswith(PREFIX)]
    backend.fail_writes = False
    backend.data["manhattan:current"] = "gone-0000"
    c2 = make_controller(backend)
    assert c2.page.place == "start" and "manhattan:current" not in backend.data


def test_illegal_taps_are_explained_from_the_catalogue():
    c = make_controller()
    setup_game(c, 2, names=["A", "B"], start="0")
    rng = random.Random(4)
    while c.session.state.phase == "select":
        if c.screen_name == "pass":
            c.handle("reveal")
        tap_decision(c, rng.choice(c.session.state.legal_actions()))
    if c.screen_name == "pass":
        c.handle("reveal")
    c.handle("plot", {"city": "0", "plot": "0"})
    assert c.session.notice[0] == "build.need_card"
    card = c.session.state.hands[c.session.state.current][0]
    c.handle("card", {"card": f"{card.row},{card.col}"})
    c.handle("plot", {"city": "0", "plot": "0"})
    assert c.session.notice[0] == "build.need_piece"
    colour = c.session.colour_names(c.session.state.current)[0]
    supply = c.session.state.supply[c.session.settings.colour_index(colour)]
    floors = next(f for f, n in zip((1, 2, 3, 4), supply) if n)
    c.handle("piece", {"floors": str(floors), "colour": colour})
    targets = c.session.targets()
    assert targets
    wrong = next((ci, p) for ci in range(6) for p in range(9) if (ci, p) not in targets)
    c.handle("plot", {"city": str(wrong[0]), "plot": str(wrong[1])})
    assert c.session.notice[0].startswith("rule.")
    tree = c.render()
    message = tree.find(id="message")
    assert message.attrs["data-message-id"] == c.session.notice[0]
    assert "{" not in message.text()


def test_floor_condition_message_names_the_floors():
    from game.web import messages as M
    key, params = M.explain("floor-condition", {"need": 3, "owner": "red", "owner_floors": 4,
                                                "own_floors": 1}, "blue")
    text = M.t(key, **params)
    assert "at least 3 floors" in text and "red has 4" in text and "blue has 1" in text


def test_no_legal_build_is_explained_and_a_piece_is_returned(monkeypatch):
    c = make_controller()
    setup_game(c, 2, names=["A", "B"], start="0")
    rng = random.Random(8)
    while c.session.state.phase == "select":
        if c.screen_name == "pass":
            c.handle("reveal")
        tap_decision(c, rng.choice(c.session.state.legal_actions()))
    monkeypatch.setattr(State, "legal_builds", lambda self: [])
    ident = c.game_id
    c.handle("home")  # the game opened again: its draft fits the decision found now
    c.handle("continue-game", {"id": ident})
    if c.screen_name == "pass":
        c.handle("reveal")
    s = c.session
    assert pending(s)["kind"] == "return"
    tree = c.render()
    assert tree.find(data_no_build="true") is not None
    action = rng.choice(s.state.legal_actions())
    assert isinstance(action, ReturnPiece)
    before = s.state.removed
    tap_decision(c, action)
    assert sum(c.session.state.removed) == sum(before) + action.floors


def test_undo_in_selection_clears_the_pending_choice():
    c = make_controller()
    setup_game(c, 4, start="0")
    c.handle("reveal")
    colour, = pending(c.session)["pieces"]
    for f in (1, 2, 2):
        c.handle("select-inc", {"floors": str(f)})
    assert pending(c.session)["pieces"][colour] == [1, 2, 0, 0]
    c.handle("select-dec", {"floors": "2"})
    assert pending(c.session)["pieces"][colour] == [1, 1, 0, 0]
    c.handle("undo")
    assert pending(c.session)["pieces"] == {colour: [0, 0, 0, 0]}
    for _ in range(12):
        c.handle("select-inc", {"floors": "4", "colour": colour})
    assert pending(c.session)["pieces"] == {colour: [0, 0, 0, 3]}
    assert c.session.notice[0] == "select.none_left"


def test_round_scoring_screen_shows_the_breakdown():
    c = make_controller()
    setup_game(c, 4, start="0")
    rng = random.Random(9)
    for _ in range(2000):
        if c.screen_name == "scoring":
            break
        if c.screen_name == "pass":
            c.handle("reveal")
            continue
        tap_decision(c, rng.choice(c.session.state.legal_actions()))
    tree = c.render()
    assert len(tree.find_all(data_score_city=True)) == 6
    assert len(tree.find_all(data_score_colour=True)) == 4
    scoring = c.session.state.scorings[0]
    for colour, el in zip(c.session.settings.colours, tree.find_all(data_score_colour=True)):
        assert el.attrs["data-score-colour"] == colour
    total = sum(cs.total for cs in scoring.colours)
    assert total > 0


def test_saves_are_engine_saves_with_ui_meta():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 3, names=["A", "B", "C"])
    c.handle("reveal")
    game = game_save.load(backend.data[PREFIX + c.game_id])
    assert game.meta["ui"]["revealed"] == c.session.state.current
    assert game.log == c.session.game.log
