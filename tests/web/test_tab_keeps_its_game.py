"""Each tab keeps the game it shows across a reload (game/web/saves/storage.py,
``SaveStore.current``): its own pointer in the tab's storage (the browser's
``sessionStorage``), the game another tab opened last only when its own is gone. The
issue's case: tab B plays Ann/Bob, tab A starts Xia/Yul/Zed, B reloads and showed "Pass
the device to Yul"."""

from __future__ import annotations

import random

from play_kit import SavingController, setup_game

from game.web.runtime.boot_screen import next_start_screen
from game.web.saves.pointer import CURRENT_KEY
from game.web.saves.storage import MemoryBackend, SaveStore


def tab(shared: MemoryBackend, own: MemoryBackend | None) -> SavingController:
    """A tab on the browser's shared storage, with its own session storage (None: a
    browser without one); booted as a (re)load of the page does."""
    c = SavingController(SaveStore(shared, rng=random.Random(len(shared.data)), tab=own),
                         {"fast": "1"})
    c.boot()
    return c


def names(c: SavingController) -> list[str]:
    assert c.session is not None
    return [p.name for p in c.session.settings.players]


def test_a_reload_keeps_this_tabs_game_whatever_another_tab_opened():
    shared, own_a, own_b = MemoryBackend(), MemoryBackend(), MemoryBackend()
    b = tab(shared, own_b)
    setup_game(b, 2, names=["Ann", "Bob"])
    a = tab(shared, own_a)
    setup_game(a, 3, names=["Xia", "Yul", "Zed"])
    assert shared.data[CURRENT_KEY] == a.game_id  # the game opened last
    b_again = tab(shared, own_b)  # B reloads
    assert names(b_again) == ["Ann", "Bob"] and b_again.game_id == b.game_id
    a_again = tab(shared, own_a)
    assert names(a_again) == ["Xia", "Yul", "Zed"]
    assert names(tab(shared, MemoryBackend())) == ["Xia", "Yul", "Zed"]  # a new tab: the last


def test_a_tab_opens_another_tabs_game_only_when_its_own_is_gone():
    shared, own_a, own_b = MemoryBackend(), MemoryBackend(), MemoryBackend()
    b = tab(shared, own_b)
    setup_game(b, 2, names=["Ann", "Bob"])
    gone = b.game_id
    a = tab(shared, own_a)
    setup_game(a, 3, names=["Xia", "Yul", "Zed"])
    a.handle("home")
    a.handle("delete", {"id": gone})
    a.handle("delete", {"id": gone, "confirm": "true"})
    assert a.store.raw(gone) is None
    a.handle("continue-game", {"id": a.store.ids()[0]})
    b_again = tab(shared, own_b)  # B's game was deleted in A: the game opened last
    assert names(b_again) == ["Xia", "Yul", "Zed"]


def test_a_tab_on_the_start_screen_stays_there_and_leaves_the_others_game_alone():
    shared, own_a, own_b = MemoryBackend(), MemoryBackend(), MemoryBackend()
    b = tab(shared, own_b)
    setup_game(b, 2, names=["Ann", "Bob"])
    a = tab(shared, own_a)
    assert a.game_id == b.game_id  # a new tab: the game opened last
    a.handle("home")
    assert tab(shared, own_a).screen_name == "start"  # A reloads: its start screen
    assert names(tab(shared, own_b)) == ["Ann", "Bob"]
    assert names(tab(shared, MemoryBackend())) == ["Ann", "Bob"]  # B's game is still the last


def test_without_a_tab_storage_the_last_game_opens_as_before():
    shared = MemoryBackend()
    b = tab(shared, None)
    setup_game(b, 2, names=["Ann", "Bob"])
    assert names(tab(shared, None)) == ["Ann", "Bob"]
    b.handle("home")
    assert CURRENT_KEY not in shared.data
    assert tab(shared, None).screen_name == "start"


def test_a_pointer_to_a_save_that_is_gone_is_repaired():
    shared, own = MemoryBackend({CURRENT_KEY: "18c3f2a9b10-dead"}), MemoryBackend()
    own.data[CURRENT_KEY] = "18c3f2a9b10-beef"
    c = tab(shared, own)
    assert c.screen_name == "start"
    assert CURRENT_KEY not in shared.data and own.data[CURRENT_KEY] == ""


def test_the_screen_kept_for_the_next_start_is_this_tabs():
    """What assets/boot.js draws before Python runs is asked of a controller on this tab's
    own storage: B's pass screen names B's players, not the game A opened last."""
    shared, own_a, own_b = MemoryBackend(), MemoryBackend(), MemoryBackend()
    b = tab(shared, own_b)
    setup_game(b, 2, names=["Ann", "Bob"])
    a = tab(shared, own_a)
    setup_game(a, 3, names=["Xia", "Yul", "Zed"])
    found = next_start_screen(shared, tab=own_b)
    assert found is not None and found[2] == b.game_id
