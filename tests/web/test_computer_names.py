"""Computer players get names that say their level by default; a typed name is kept."""

from __future__ import annotations

import random
import re

import pytest
from play_kit import make_controller, play_to_end, setup_game

from game.ai import find_level
from game.settings import PlayerSpec, Settings
from game.web import messages as M
from game.web.values.setup_form import SetupForm, controller_id


def names(c):
    return [p.name for p in c.form.players]


def test_default_names_follow_the_level_and_typed_names_stay():
    c = make_controller()
    c.handle("new-game")
    for i, controller in enumerate(["human", "greedy", "greedy", "search:3"]):
        c.handle("field", {"field": "controller", "player": str(i), "value": controller})
    assert names(c) == ["Player 1", "Computer 2 (easy)", "Computer 3 (easy)", "Computer 4 (expert)"]
    c.handle("field", {"field": "controller", "player": "1", "value": "human"})
    c.handle("field", {"field": "name", "player": "3", "value": "Zed"})
    c.handle("field", {"field": "controller", "player": "3", "value": "random"})
    assert names(c) == ["Player 1", "Player 2", "Computer 3 (easy)", "Zed"]
    c.handle("setup-start")
    assert c.page.place == "play"


# ------------------------------------------------ names drawn in the language in use (25.3)

GENERATED = {
    "en": ("Computer 2 (easy)", "Player 1"),
    "de": ("Computer 2 (leicht)", "Spieler 1"),
    "fr": ("Ordinateur 2 (facile)", "Joueur 1"),
}


@pytest.fixture(autouse=True)
def english():
    M.set_language("en")
    yield
    M.set_language("en")


def test_the_generated_names_of_each_language_are_known():
    for code, (cpu, person) in GENERATED.items():
        M.set_language(code)
        assert M.default_name(1, find_level("greedy")) == cpu
        assert M.default_name(0, None) == person


def settings_named(*names: str) -> Settings:
    controllers = ("human", "greedy", "greedy", "search:1")
    return Settings(players=tuple(
        PlayerSpec(name, (colour,), seat, controller) for name, colour, seat, controller in zip(
            names, ("blue", "red", "yellow", "purple"), ("south", "west", "north", "east"),
            controllers)))


@pytest.mark.parametrize("saved_in", ["en", "de", "fr"])
@pytest.mark.parametrize("shown_in", ["en", "de", "fr"])
def test_a_saved_generated_name_is_shown_in_the_language_in_use(saved_in, shown_in):
    M.set_language(saved_in)
    settings = settings_named(M.default_name(0, None), M.default_name(1, find_level("greedy")),
                              "Zed", M.default_name(3, find_level("search:1")))
    M.set_language(shown_in)
    shown = [p.name for p in M.shown_settings(settings).players]
    assert shown == [GENERATED[shown_in][1], GENERATED[shown_in][0], "Zed",
                     M.default_name(3, find_level("search:1"))]


def test_a_typed_name_stays_as_typed_even_when_it_looks_generated():
    # "Computer 3 (easy)" on the second seat, "Computer 4 (easy)" on a medium computer's
    # seat: neither is this seat's generated name, so both were typed.
    settings = settings_named("Ann", "Computer 3 (easy)", "Zed", "Computer 4 (easy)")
    M.set_language("de")
    assert M.shown_settings(settings) is settings


def test_shown_names_that_would_clash_leave_the_names_as_stored():
    settings = Settings(players=(PlayerSpec("Spieler 2", ("blue", "red"), "south"),
                                 PlayerSpec("Player 2", ("yellow", "purple"), "north")))
    M.set_language("de")
    assert [p.name for p in M.shown_settings(settings).players] == ["Spieler 2", "Player 2"]


def test_a_new_game_like_the_last_one_names_its_computers_in_the_language_now():
    M.set_language("de")
    settings = settings_named("Spieler 1", "Computer 2 (leicht)", "Zed", "Computer 4 (mittel)")
    M.set_language("fr")
    form = SetupForm.from_settings(settings, ("human", "greedy", "search:1"))
    assert [p.name for p in form.players] == [
        "Joueur 1", "Ordinateur 2 (facile)", "Zed", "Ordinateur 4 (moyen)"]


def test_a_new_game_like_the_last_one_keeps_a_level_the_page_does_not_offer():
    """A table whose computer plays a named level missing from the page's list (a level
    retired from the page, or a save made by the command line) keeps that computer at its
    level instead of turning it into a person; the seat's choice offers it."""
    settings = Settings(players=(PlayerSpec("Ann", ("blue", "red"), "south"),
                                 PlayerSpec("Computer 2 (threat)", ("yellow", "purple"),
                                            "north", "threat")))
    form = SetupForm.from_settings(settings, ("human", "greedy", "search:1"))
    assert form.controllers == ("human", "greedy", "search:1", "threat")
    assert [controller_id(p.controller) for p in form.players] == ["human", "threat"]


def other_generated(code: str) -> list[str]:
    return [name for other, names in GENERATED.items() if other != code for name in names]


@pytest.mark.slow
def test_a_language_switch_mid_game_renames_the_computers_everywhere():
    """A table of one person and three computers, played to the end in English with the
    language switched at every step: no page ever shows another language's generated name
    (the board, the turn, the log and the digest, the standings and the result)."""
    c = make_controller()
    setup_game(c, controllers=["human", "greedy", "greedy", "random"], deal=3)
    assert c.session.settings.players[1].name == "Computer 2 (easy)"  # stored as made
    codes = ["de", "fr", "en"]
    seen: set[str] = set()

    def switch(c, name):
        code = codes[len(seen) % 3]
        seen.add(name)
        c.handle("language", {"value": code})
        if len(c.session.game.log) % 5 == 0 and name not in ("pass", "scoring", "final"):
            if not c.table.following.log_open:  # the log open from time to time
                c.handle("log")
        text = c.render().text()
        for name_elsewhere in other_generated(code):
            assert name_elsewhere not in text, (code, name, name_elsewhere)

    play_to_end(c, random.Random(5), on_step=switch)
    for code in ("de", "fr"):
        c.handle("language", {"value": code})
        text = c.render().text()
        assert GENERATED[code][0] in text
        assert not any(n in text for n in other_generated(code))
    c.handle("language", {"value": "de"})
    c.handle("home")
    text = c.render().text()  # the saved games' list
    assert "Computer 2 (leicht)" in text and "(easy)" not in text


def test_a_notice_kept_across_a_language_switch_is_drawn_in_the_new_language():
    """The move in progress ("a 2-floor piece in Cairo, confirm?") and a refusal explained
    keep their words as ids: after a switch the whole sentence is in the new language."""
    from test_phone_board import building_turn

    c, build = building_turn()
    c.handle("plot", {"city": str(build.city), "plot": str(build.plot)})
    key, params = c.session.notice
    assert key == "build.tentative"
    for code in ("de", "fr", "en"):
        c.handle("language", {"value": code})
        message = c.render().find(id="message").text()
        with M.speaking(code):
            assert message == M.t("build.tentative", piece=M.t("piece.name", floors=build.floors),
                                  city=M.city(build.city)), code
    M.set_language("de")
    key, params = M.explain("floor-condition", {"need": 3, "owner": "red", "owner_floors": 4,
                                                "own_floors": 1, "city": 2}, "blue")
    M.set_language("fr")
    text = M.t(key, **params)
    assert M.colour("red") in text and M.colour("blue") in text


def test_a_refusal_on_screen_follows_a_change_of_language():
    """A file refused in English still says why in German once the language is switched
    while its message is on screen (the reason is kept as its message id)."""
    c = make_controller()
    c.handle("import-file", {"text": "this is not a game"})
    assert c.home.error is not None
    english = M.t(c.home.error[0], **c.home.error[1])
    assert M.t("reason.not_json") in english
    c.handle("language", {"value": "de"})
    key, params = c.frame().start.error  # type: ignore[union-attr]
    with M.speaking("de"):
        german = M.t(key, **params)
        assert M.t("reason.not_json") in german and german != english
    assert "not JSON" not in german


def test_a_french_computer_name_of_an_earlier_catalogue_is_still_generated():
    """French names its computers "Ordinateur" (one word for them throughout); a save named
    "IA 2 (facile)" at setup by an earlier catalogue still shows the name of today."""
    M.set_language("fr")
    settings = settings_named("Joueur 1", "IA 2 (facile)", "Zed", "IA 4 (moyen)")
    assert [M.player_name(i, p) for i, p in enumerate(settings.players)] == [
        "Joueur 1", "Ordinateur 2 (facile)", "Zed", "Ordinateur 4 (moyen)"]
    words = " ".join(map(str, M.catalogue("fr").values()))
    assert not re.search(r"\bIA\b", words)
