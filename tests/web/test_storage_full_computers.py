"""Storage full while computers play: a computer's move the storage refuses is
thought out once, then play waits, the CPU idle, with the storage-full message and its ways
out (the saved games, to delete or back up; "Try again"), and goes on once space is freed.

The browser's loop (``Jobs.run_computers``, game/web/runtime/jobs.py) runs while
``Controller.computer_to_move()`` or ``auto_continue()`` holds; ``Controller.play_computers``
is the same loop without the pauses, so the number of decisions it asks for is the number
the page would compute.
"""

from __future__ import annotations

from play_kit import make_controller, play_computers, setup_game

from game.web.model import computers
from game.web.model.controller import Controller
from game.web.saves.storage import MemoryBackend


def counting(c: Controller, monkeypatch) -> list[int]:
    """Count every time a computer is asked to think (``computer_thinking`` and the worker's
    ``computer_request`` are the only two ways)."""
    calls = [0]
    thinking, request = computers.computer_thinking, computers.computer_request

    def counted_thinking(controller: Controller):
        calls[0] += 1
        return thinking(controller)

    def counted_request(controller: Controller):
        calls[0] += 1
        return request(controller)

    monkeypatch.setattr(computers, "computer_thinking", counted_thinking)
    monkeypatch.setattr(computers, "computer_request", counted_request)
    return calls


def computers_only() -> tuple[Controller, MemoryBackend]:
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, controllers=["random", "greedy"], start="0", deal=23)
    assert c.page.place == "play" and computers.computer_to_move(c)
    return c, backend


def actions_drawn(c: Controller) -> set[str]:
    return {el.attrs["data-action"] for el in c.render().find_all(data_action=True)}


def test_a_refused_computer_move_is_thought_out_once_then_play_waits(monkeypatch):
    c, backend = computers_only()
    calls = counting(c, monkeypatch)
    play_computers(c, limit=3)  # a few moves are stored while there is space
    stored = dict(backend.data)
    steps = len(c.session.game.log)
    backend.fail_writes = True
    calls[0] = 0
    play_computers(c)
    assert calls[0] == 1  # not again and again
    assert not computers.computer_to_move(c) and not computers.auto_continue(c)  # the page's loop stops
    assert c.saved.banner is not None and c.saved.banner[0] == "storage.computer_waits"
    assert len(c.session.game.log) == steps and backend.data == stored  # as last saved
    tree = c.render()
    banner = tree.find(data_message_id="storage.computer_waits")
    assert banner is not None and "storage is full" in banner.text()
    assert {"storage-retry", "home"} <= actions_drawn(c)  # try again; the saved games
    play_computers(c)  # nothing happens while it waits
    assert calls[0] == 1
    # "Try again" with the storage still full: one more decision, then it waits again.
    c.handle("storage-retry")
    play_computers(c)
    assert calls[0] == 2 and not computers.computer_to_move(c)
    assert c.saved.banner is not None and c.saved.banner[0] == "storage.computer_waits"
    # Space freed, "Try again": the computers play on, and their moves are stored.
    backend.fail_writes = False
    c.handle("storage-retry")
    assert c.saved.banner is None and computers.computer_to_move(c)
    play_computers(c, limit=5)
    assert len(c.session.game.log) > steps and c.saved.banner is None
    assert c.store.load(c.game_id).log == c.session.game.log


def test_play_goes_on_when_the_game_is_opened_again_after_freeing_space(monkeypatch):
    c, backend = computers_only()
    calls = counting(c, monkeypatch)
    backend.fail_writes = True
    play_computers(c)
    assert calls[0] == 1 and not computers.computer_to_move(c)
    ident = c.game_id
    c.handle("home")  # the banner's "Saved games": delete old games, back up
    backend.fail_writes = False
    c.handle("continue-game", {"id": ident})
    assert c.page.place == "play" and c.saved.banner is None and computers.computer_to_move(c)
    play_computers(c, limit=4)
    assert calls[0] >= 2 and len(c.store.load(ident).log) == len(c.session.game.log)


def test_a_persons_move_the_storage_refuses_does_not_stop_the_computers_for_good():
    """A refused move of a person is taken back with its own message (play it again);
    nothing waits: the person is on turn."""
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, controllers=["human", "random"], start="0", deal=5)
    assert not computers.computer_to_move(c)
    backend.fail_writes = True
    c.handle("reveal")
    assert not c.saved.storage_wait
