"""Only game changes are saved: taps that change only what is on screen (the
menu, the log, the rules, inspecting, zooming, the replay) write nothing to the storage, so
they cost nothing and fire no ``storage`` event in other tabs; a choice or a move writes."""

from __future__ import annotations

import random

from play_kit import make_controller, play_to_end, setup_game

from game.web.saves.storage import PREFIX, MemoryBackend


class CountingBackend(MemoryBackend):
    def __init__(self) -> None:
        super().__init__()
        self.writes: list[str] = []

    def set(self, key: str, value: str) -> None:
        super().set(key, value)
        if key.startswith(PREFIX):
            self.writes.append(key)


def table():
    backend = CountingBackend()
    c = make_controller(backend)
    setup_game(c, 2, start="0")
    play_to_end(c, random.Random(1), until=lambda c: len(c.session.game.log) >= 20)
    if c.session.screen == "pass":
        c.handle("reveal")
    assert c.session.screen == "turn"
    return c, backend


UI_ONLY = [
    ("menu", {}), ("menu", {}), ("log", {}), ("log-show", {"log-step": "3"}), ("log", {}),
    ("rules", {}), ("rules-close", {}), ("inspect-mode", {}),
    ("inspect-plot", {"city": "1", "plot": "4"}), ("inspect-close", {}), ("inspect-mode", {}),
    ("zoom", {"zoom": "2"}), ("zoom-out", {}), ("replay", {}), ("replay-step", {"step": "4"}),
    ("replay-step", {"step": "9"}), ("replay-close", {}), ("speed", {}),
]


def test_taps_that_change_only_the_screen_write_nothing():
    c, backend = table()
    before = list(backend.writes)
    for _ in range(10):
        for action, data in UI_ONLY:
            c.handle(action, data)
    assert backend.writes == before


def test_a_choice_and_a_move_are_written():
    c, backend = table()
    before = len(backend.writes)
    state = c.session.state
    if state.phase == "select":
        colour = c.session.colour_names(state.current)[0]
        c.handle("select-inc", {"floors": "1", "colour": colour})
    else:
        card = c.session.state.hands[state.current][0]
        c.handle("card", {"card": f"{card.row},{card.col}"})
    assert len(backend.writes) == before + 1  # the choice in progress survives a reload
    play_to_end(c, random.Random(2), until=lambda c: len(c.session.game.log) >= 24)
    assert len(backend.writes) > before + 1


def test_a_refused_change_undone_leaves_nothing_unsaved():
    """Hiding the cards cannot be stored (a full storage): said at once. Showing them again
    brings the game back to what is stored: nothing is unsaved, the message goes, and
    nothing needs writing."""
    c, backend = table()
    writes = len(backend.writes)
    backend.fail_writes = True
    c.handle("hide-cards")
    assert c.saved.banner is not None and c.saved.banner[0] == "storage.full"
    c.handle("reveal")
    assert c.saved.banner is None and len(backend.writes) == writes


def test_the_store_leaves_the_game_it_writes_as_it_was():
    """``SaveStore.save`` returns the game as written (its ``meta``: the time, the revision)
    and changes nothing of the game it was given: the model's game stays the model's."""
    c = table()[0]
    game = c.session.game
    meta, log = dict(game.meta), list(game.log)
    revision = c.store.revisions[c.game_id]
    written = c.store.save(c.game_id, game)
    assert game.meta == meta and game.log == log  # the argument as it was
    assert written.game is not game and written.game.log == log
    assert written.game.meta["revision"] == revision + 1 != game.meta.get("revision")
    assert c.store.raw(c.game_id) == written.text
