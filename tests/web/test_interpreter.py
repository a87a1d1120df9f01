"""The one effect interpreter (game/web/runtime/interpreter.py) with a fake browser: each
effect kind is carried out once, in order; a Save writes the open game through the store
port (dropped when the game holds something else by then), and a storage that refuses a
Save gives exactly the messages a tap gives."""

from __future__ import annotations

import json
import random

from fakebrowser import FakeBrowser
from play_kit import SavingController, make_controller, save_due, setup_game, tap_decision

from game.actions import Build
from game.web.model import keeping
from game.web.runtime.interpreter import Interpreter
from game.web.saves.storage import PREFIX, MemoryBackend
from game.web.values.effects import (
    Announce,
    ApplyUpdate,
    AskPersistence,
    CancelTimer,
    Download,
    ForgetLink,
    Reload,
    Save,
    ShowBoard,
    Sound,
    Think,
    Timer,
)
from game.web.values.session import SetMeta


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
    assert save_due(c) is None  # the tap stored it already
    c.carrying = False  # the next tap's Save stays queued: not written yet
    colour = c.session.colour_names(c.session.state.current)[0]
    c.handle("select-inc", {"floors": "1", "colour": colour})
    save = save_due(c)
    assert isinstance(save, Save) and save.holds == keeping.contents(c)
    assert c.take_effects()[0] == save  # the tap queued it first
    before = revision(backend)
    run, browser, _ = interpreter(c)
    run.run([save])
    assert revision(backend) == before + 1 and c.saved.stored == save.holds
    assert save_due(c) is None and browser.done == []


def test_a_save_for_what_the_game_no_longer_holds_is_dropped():
    backend = MemoryBackend()
    c = plain_game(backend)
    interpreter(c)[0].run(c.take_effects())
    c.handle("reveal")
    save = save_due(c)
    assert isinstance(save, Save)
    colour = c.session.colour_names(c.session.state.current)[0]
    c.handle("select-inc", {"floors": "1", "colour": colour})
    interpreter(c)[0].run(c.take_effects())  # the newer tap's own Save, written
    after_tap = revision(backend)
    assert after_tap >= 2 and c.saved.stored != save.holds
    interpreter(c)[0].run([save])  # stale: the game holds the choice made since
    assert revision(backend) == after_tap


def test_a_refused_save_gives_the_taps_messages():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, names=["A", "B"], start="0")
    c.handle("reveal")
    backend.fail_writes = True
    c.update(SetMeta("note", "x"))  # a change of the game: its Save queued, not run yet
    effects = c.take_effects()
    assert effects == [save_due(c)]
    interpreter(c)[0].run(effects)
    assert c.saved.banner == ("storage.full", {"reason": c.saved.banner[1]["reason"]})
    assert c.render().find(data_message_id="storage.full") is not None
    # a decision that cannot be stored is taken back, as a tap's would be
    log = len(c.session.game.log)
    action = c.session.state.legal_actions()[0]
    tap_decision(c, action)
    assert len(c.session.game.log) == log and c.saved.banner[0] == "storage.move_not_saved"


def plain_game(backend: MemoryBackend) -> SavingController:
    """A game started, then a controller whose queued effects nobody runs: what ``handle``
    itself does."""
    c = make_controller(backend)
    setup_game(c, 2, names=["A", "B"], start="0")
    c.carrying = False
    return c


def test_a_tap_writes_nothing_itself_its_save_is_queued_first_and_the_interpreter_writes_it():
    """One write path: ``handle`` returns the Save with the other effects, before them
    (a download must not leave with the game unwritten); the interpreter writes it."""
    backend = MemoryBackend()
    c = plain_game(backend)
    run, browser, _ = interpreter(c)
    run.run(c.take_effects())
    c.handle("reveal")
    run.run(c.take_effects())
    before = revision(backend)
    colour = c.session.colour_names(c.session.state.current)[0]
    c.handle("select-inc", {"floors": "1", "colour": colour})
    assert revision(backend) == before  # nothing written by the tap itself
    effects = c.take_effects()
    assert effects == [Save(keeping.contents(c))]
    run.run(effects + effects)  # (the same Save twice: written once)
    assert revision(backend) == before + 1 and save_due(c) is None
    c.update(SetMeta("note", "x"))  # a change the download must not leave behind
    assert c.take_effects() == [Save(keeping.contents(c))]  # (its Save: not run)
    c.handle("export")
    effects = c.take_effects()
    assert [type(e) for e in effects] == [Save, Download]
    run.run(effects)
    assert revision(backend) == before + 2
    assert [e[0] for e in browser.done] == ["download"]


def test_the_save_of_a_tap_that_reloads_comes_before_the_reload():
    backend = MemoryBackend()
    c = plain_game(backend)
    interpreter(c)[0].run(c.take_effects())
    c.update(SetMeta("note", "x"))  # a change of the game the reload must not lose
    c.take_effects()  # (its Save: not run)
    c.handle("reload")
    effects = c.take_effects()
    assert [type(e) for e in effects] == [Save, Reload]


def test_a_move_the_storage_refuses_makes_no_sound():
    """The Save of a confirmed build is refused: the move is taken back, and its sound,
    queued after the Save in the same batch, is dropped; the banner says why."""
    backend = MemoryBackend()
    c = plain_game(backend)
    run, browser, _ = interpreter(c)
    rng = random.Random(3)
    while not (c.screen_name == "play" and c.session.state.phase == "build"):
        if c.screen_name == "pass":
            c.handle("reveal")
        else:
            tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
        run.run(c.take_effects())
    log = len(c.session.game.log)
    backend.fail_writes = True
    build = next(a for a in c.session.state.legal_actions() if isinstance(a, Build))
    tap_decision(c, build, rng)
    effects = c.take_effects()
    assert any(isinstance(e, Sound) for e in effects)  # asked for before the write
    run.run(effects)
    assert len(c.session.game.log) == log and c.saved.banner[0] == "storage.move_not_saved"
    assert not any(e[0] == "sound" for e in browser.done)
