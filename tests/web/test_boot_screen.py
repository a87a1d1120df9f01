"""What the next start of the page shows, kept for assets/boot.js (game/web/runtime/boot_screen.py):
the start screen or a pass screen, never a screen with cards, and the save it came from."""

from __future__ import annotations

from play_kit import make_controller, setup_game

from game.web.runtime.boot_screen import entry, next_start_screen
from game.web.saves.storage import MemoryBackend


def test_no_game_in_progress_keeps_the_start_screen():
    backend = MemoryBackend()
    make_controller(backend)
    screen, tree, game, revision = next_start_screen(backend)
    assert (screen, game, revision) == ("start", None, None)
    assert tree.find(data_action="new-game") is not None


def test_a_hotseat_game_keeps_the_pass_screen_of_the_person_on_turn_even_mid_turn():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, names=["Ann", "Bob"], deal=3, start="0")
    c.handle("reveal")
    assert c.frame().screen == "play"  # Ann's cards are on the page now
    screen, tree, game, revision = next_start_screen(backend)
    assert screen == "pass" and game == c.game_id
    assert revision == c.store.stored_revision(c.game_id)
    assert "Ann" in tree.text() and not tree.find_all(data_card=True)
    # The page itself is not touched by the probe.
    assert c.frame().screen == "play"


def test_one_person_against_computers_keeps_nothing():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, names=["Ann", "Bob"], controllers=["human", "greedy"], deal=3, start="0")
    assert next_start_screen(backend) is None


def test_an_entry_too_large_is_not_kept():
    assert entry("start", "x" * 200_001, None, None) is None
    kept = entry("pass", "<main></main>", "g1", 4)
    assert kept is not None and kept["v"] == 1 and kept["revision"] == 4
