"""The one effect interpreter (game/web/runtime/interpreter.py) with a fake browser: each
effect kind is carried out once, in order; a Save writes the open game through the store
port (dropped when the game holds something else by then), and a storage that refuses a
Save gives exactly the messages a tap gives."""

from __future__ import annotations

import json

from fakebrowser import FakeBrowser
from webkit import make_controller, setup_game, tap_decision

from game.web.features import keeping
from game.web.model.effects import (
    Announce,
    ApplyUpdate,
    AskPersistence,
    CancelTimer,
    Download,
    ForgetLink,
    Reload,
    Save,
    ShowBoard,
    Think,
    Timer,
)
from game.web.runtime.interpreter import Interpreter
from game.web.saves.storage import PREFIX, MemoryBackend


def interpreter(c=None):
    c = c or make_controller()
    browser = FakeBrowser()
    thoughts: list[int] = []
    return Interpreter(c, browser, lambda: thoughts.append(1)), browser, thoughts


def test_each_browser_effect_is_one_call_of_the_port_in_order():
    run, browser, thoughts = interpreter()
    run.run([Download("a.json", "{}"), Announce("Ann built"), Timer("long-press", 550),
             CancelTimer("long-press"), Timer("resize", None), ForgetLink("https://x/"),
             AskPersistence(), ShowBoard(), Reload(), ApplyUpdate()])
    assert browser.done == [
        ("download", "a.json", "{}"), ("announce", "Ann built"), ("timer", "long-press", 550),
        ("cancel-timer", "long-press"), ("timer", "resize", None), ("forget-link", "https://x/"),
        ("ask-persistence",), ("show-board",), ("reload",), ("apply-update",)]
    assert thoughts == []


def test_think_asks_the_jobs_and_touches_no_browser():
    run, browser, thoughts = interpreter()
    run.run([Think(), Think()])
    assert thoughts == [1, 1] and browser.done == []


def revision(backend: MemoryBackend) -> int:
    text = backend.data[next(k for k in backend.data if k.startswith(PREFIX))]
    return int(json.loads(text)["meta"]["revision"])


def test_a_save_is_decided_by_the_tap_and_carried_out_by_the_store_port():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, names=["A", "B"], start="0")
    c.handle("reveal")
    assert keeping.save_due(c) is None  # the tap stored it already
    c.stored = None  # as if that write had not been made yet
    save = keeping.save_due(c)
    assert isinstance(save, Save) and save.holds == keeping.contents(c)
    before = revision(backend)
    run, browser, _ = interpreter(c)
    run.run([save])
    assert revision(backend) == before + 1 and c.stored == save.holds
    assert keeping.save_due(c) is None and browser.done == []


def test_a_save_for_what_the_game_no_longer_holds_is_dropped():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, names=["A", "B"], start="0")
    c.handle("reveal")
    c.stored = None
    save = keeping.save_due(c)
    colour = c.session.colour_names(c.session.state.current)[0]
    c.handle("select-inc", {"floors": "1", "colour": colour})  # stored by the tap itself
    after_tap = revision(backend)
    assert after_tap >= 2
    interpreter(c)[0].run([save])  # stale: the game holds the choice made since
    assert revision(backend) == after_tap


def test_a_refused_save_gives_the_taps_messages():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, names=["A", "B"], start="0")
    c.handle("reveal")
    backend.fail_writes = True
    c.session.game.meta["note"] = "x"
    interpreter(c)[0].run([keeping.save_due(c)])
    assert c.banner == ("storage.full", {"reason": c.banner[1]["reason"]})
    assert c.render().find(data_message_id="storage.full") is not None
    # a decision that cannot be stored is taken back, as a tap's would be
    log = len(c.session.game.log)
    action = c.session.state.legal_actions()[0]
    tap_decision(c, action)
    assert len(c.session.game.log) == log and c.banner[0] == "storage.move_not_saved"
