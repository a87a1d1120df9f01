"""What the next start of the page shows, kept for assets/boot.js (game/web/runtime/boot_screen.py):
the start screen or a pass screen, never a screen with cards in a game of people; the table
of a person alone against computers, with that person's cards only; and the save it came from."""

from __future__ import annotations

import random

import pytest
from play_kit import make_controller, play_to_end, setup_game

from game.web.features.page import MIN_TAP_PX
from game.web.runtime.boot_screen import entry, next_start_screen
from game.web.saves.storage import MemoryBackend
from game.web.screens.vdom import El


def cards_in(tree: El) -> list[str]:
    """The cards drawn (decision.py marks each with its ``data-card``, "row,col")."""
    return sorted(str(el.attrs["data-card"]) for el in tree.find_all(data_card=True))


def hand_of(c, player: int) -> list[str]:
    return sorted(f"{card.row},{card.col}" for card in c.session.state.hands[player])


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


def test_one_person_against_computers_keeps_their_own_table_with_their_cards():
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, names=["Ann", "Bob"], controllers=["human", "greedy"], deal=3, start="0")
    assert c.session.screen == "turn"
    screen, tree, game, revision = next_start_screen(backend)
    assert screen == "play" and game == c.game_id
    assert revision == c.store.stored_revision(c.game_id)
    assert cards_in(tree) and cards_in(tree) == hand_of(c, 0)
    assert tree.find(data_action="confirm") is not None  # the turn, as the page draws it


def test_a_table_is_kept_as_the_page_last_measured_its_board():
    """A phone's board is an overview (a city tapped opens large): the next start measures
    the same board before it paints, so the kept table is the overview too."""
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 2, names=["Ann", "Bob"], controllers=["human", "greedy"], deal=3, start="0")
    phone = next_start_screen(backend, plot_px=MIN_TAP_PX - 10)
    tablet = next_start_screen(backend, plot_px=MIN_TAP_PX + 10)
    assert phone is not None and tablet is not None
    assert phone[1].find(data_action="zoom") is not None
    assert tablet[1].find(data_action="zoom") is None


def test_a_game_of_people_with_computers_keeps_no_table():
    """Two people and a computer: the table between their turns is not kept (the next start
    shows it with nobody's cards, but only a pass screen is drawn before Python)."""
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 3, names=["Ann", "Bob", "Cy"], controllers=["greedy", "human", "human"],
               deal=3, start="0")
    assert c.session.screen == "computer"
    assert next_start_screen(backend) is None


@pytest.mark.slow
def test_a_whole_game_alone_keeps_only_that_persons_cards_and_no_secret():
    """At every step of a game of one person against two computers with secret selections,
    the kept screen is the page's own screen at its next start (the table, or none at a
    scoring or the final), and the only cards on it are that person's hand, never a
    computer's (the table is drawn from that person's view, which holds the computers'
    secret selections as secrets)."""
    backend = MemoryBackend()
    c = make_controller(backend)
    setup_game(c, 3, names=["Ann", "Bob", "Cy"], controllers=["human", "greedy", "greedy"],
               deal=5, start="1", secret_selection=True)
    kept_screens: set[str] = set()

    def check(controller, name):
        found = next_start_screen(backend)
        table = controller.session.screen
        if table in ("scoring", "final"):
            assert found is None, table
            return
        assert found is not None, table
        screen, tree, game, revision = found
        assert (screen, game) == ("play", controller.game_id)
        kept_screens.add(table)
        assert cards_in(tree) == hand_of(controller, 0)

    play_to_end(c, random.Random(5), on_step=check)
    assert kept_screens == {"turn", "computer"}


def test_an_entry_too_large_is_not_kept():
    assert entry("start", "x" * 200_001, None, None, "en") is None
    kept = entry("pass", "<main></main>", "g1", 4, "de")
    assert kept is not None and kept["v"] == 1 and kept["revision"] == 4 and kept["lang"] == "de"
