"""The game's sounds and the page's animations: which Sound effect a play
asks for (a person's tap or a computer's move), none when muted, the mute and the
animations kept in the preferences, and the animations' default from the device's wish."""

from __future__ import annotations

import random

import pytest
from fakebrowser import FakeBrowser, FakeDocument
from play_kit import make_controller, play_computers, play_to_end, setup_game

from game.story import Destroyed, GodzillaMoved, Placed, Returned, Scored, Selected, TakenOver
from game.web.features.page import MOTIONS, Page, default_motion, motion_cycled
from game.web.features.sounds import sound_of
from game.web.model import computers
from game.web.runtime.interpreter import Interpreter
from game.web.saves.storage import MemoryBackend, SaveStore
from game.web.values.effects import Sound

CARD = ("A", 1)


def test_each_event_makes_its_sound_and_a_play_makes_its_most_telling_one():
    placed = Placed(0, 1, 0, "red", 2, 4, CARD, 2)  # type: ignore[arg-type]
    assert sound_of([placed], over=False) == "build"
    assert sound_of([placed, TakenOver(0, 1, 4, "red", "blue")], over=False) == "takeover"
    assert sound_of([placed, GodzillaMoved(0, 1, 4, 13)], over=False) == "godzilla"
    assert sound_of([placed, Destroyed(0, 1, 4, (("red", 2),), 0, "red")], over=False) == "godzilla"
    assert sound_of([placed, TakenOver(0, 1, 4, "red", "blue"), Scored(0, 1, 0)],
                    over=False) == "score"
    assert sound_of([placed, Scored(0, 4, 3)], over=True) == "end"
    assert sound_of([Selected(0, 1, 0, "red", (1, 1, 1, 1))], over=False) is None
    assert sound_of([Returned(0, 1, 0, "red", 1, CARD)], over=False) is None  # type: ignore[arg-type]


def sounds_of_a_game(muted: bool) -> list[tuple[str, str]]:
    """A game of one person (by taps) and two computers, with Godzilla: each sound asked for,
    with who made it ("person" or "computer")."""
    backend = MemoryBackend()
    if muted:
        SaveStore(backend).set_prefs({"sound": "off"})
    c = make_controller(backend)
    assert c.page.muted is muted
    setup_game(c, 3, controllers=["human", "greedy", "greedy"], names=["Ann", "Bo", "Cy"],
               deal=3, godzilla="godzilla")
    c.take_effects()
    heard: list[tuple[str, str]] = []
    last = ["person"]

    def on_step(c, name) -> None:
        for effect in c.take_effects():
            if isinstance(effect, Sound):
                heard.append((effect.kind, last[0]))
        last[0] = "computer" if c.session.screen == "computer" else "person"

    play_to_end(c, random.Random(5), on_step=on_step)
    return heard


def test_builds_take_overs_scorings_godzilla_and_the_end_sound_for_people_and_computers():
    heard = sounds_of_a_game(muted=False)
    kinds = {kind for kind, _ in heard}
    assert kinds == {"build", "takeover", "score", "godzilla", "end"}, heard
    assert ("build", "person") in heard and ("build", "computer") in heard
    assert heard[-1][0] == "end" and [k for k, _ in heard].count("end") == 1


def test_a_muted_game_asks_for_no_sound():
    assert sounds_of_a_game(muted=True) == []


def test_the_interpreter_plays_a_sound_through_the_port():
    c = make_controller()
    browser = FakeBrowser()
    Interpreter(c, browser, lambda: None).run([Sound("godzilla")])
    assert browser.done == [("sound", "godzilla")]


def test_the_mute_and_the_animations_are_one_tap_in_the_game_menu_and_kept_after_a_reload():
    backend = MemoryBackend()
    c = make_controller(backend)
    c.handle("play-alone")
    c.handle("menu")
    menu = c.render().find(**{"class": "topbar"}).find(id="game-menu")
    sound = menu.find(data_action="sound")
    assert sound.attrs["aria-pressed"] == "true"
    c.handle("sound")
    assert c.page.muted and c.table.menu_open  # the menu stays open: its new state is seen
    assert c.render().find(data_action="sound").attrs["aria-pressed"] == "false"
    assert c.render().find(data_action="motion").attrs["data-motion-button"] == "normal"
    c.handle("motion")
    assert c.page.motion == "fast" and c.table.menu_open
    again = make_controller(backend)  # the page loaded again
    assert again.page.muted and again.page.motion == "fast"
    c.handle("sound")
    assert not make_controller(backend).page.muted


def test_the_animations_go_round_off_normal_fast():
    p = Page(motion="off")
    seen = []
    for _ in MOTIONS:
        p = motion_cycled(p)
        seen.append(p.motion)
    assert seen == ["normal", "fast", "off"]


@pytest.mark.parametrize(("kept", "reduced", "motion"), [
    (None, True, "off"), (None, False, "normal"), ("fast", True, "fast"),
    ("normal", True, "normal"), ("off", False, "off"), ("wild", True, "off"), (3, False, "normal")])
def test_the_animations_start_from_the_choice_kept_else_the_devices_wish(kept, reduced, motion):
    assert default_motion(kept, reduced) == motion
    store = SaveStore(MemoryBackend())
    if kept is not None:
        store.set_prefs({"motion": kept})
    from game.web.model.controller import Controller
    assert Controller(store, reduced_motion=reduced).page.motion == motion


@pytest.mark.parametrize("tap, name, before, after", [
    ("motion", "data-motion", "normal", "fast"),  # assets/css/app.css's animations
    ("sound", "data-sound", "on", "off"),  # assets/sound.js starts no sound stack while off
])
def test_the_page_root_says_the_animations_and_the_mute(tap, name, before, after):
    from game.web.runtime.app import App as WebPage
    c = make_controller()
    doc = FakeDocument()
    page = WebPage(c, doc, doc.createElement("div"), FakeBrowser())
    page.render()
    assert doc.documentElement.getAttribute(name) == before
    c.handle(tap)
    page.render()
    assert doc.documentElement.getAttribute(name) == after


def test_a_computers_move_is_heard_like_a_persons():
    c = make_controller()
    setup_game(c, 2, controllers=["greedy", "greedy"], names=["A", "B"], deal=1)
    c.take_effects()
    while not any(isinstance(e, Sound) for e in c.effects):
        assert play_computers(c, limit=1) or computers.auto_continue(c)
    assert [e for e in c.take_effects() if isinstance(e, Sound)] == [Sound("build")]
