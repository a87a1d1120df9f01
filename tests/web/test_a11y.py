"""Everyone at the table: the language chooser, "Play alone", named computer players,
the setup's one-line explanations, accessible names of plots, and the news read out."""

from __future__ import annotations

import random

import pytest
from play_kit import make_controller, play_to_end, setup_game, tap_decision

from game.web import messages as M
from game.web.saves.storage import MemoryBackend
from game.web.screens.announce import fresh, news
from game.web.screens.board_svg import plot_name, plot_where
from game.web.values.setup_form import Relabel, SetField, SetupAction, SetupForm, update


def changed(form: SetupForm, action: SetupAction) -> SetupForm:
    """The form after ``action``, which asks nothing of the browser."""
    after, effects = update(form, action)
    assert effects == ()
    return after


@pytest.fixture(autouse=True)
def english():
    M.set_language("en")
    yield
    M.set_language("en")


@pytest.mark.parametrize("url, kept, browser, expected", [
    ("de", None, ["en-GB"], "de"),
    ("xx", None, ["fr-CH", "de"], "fr"),          # unknown ?lang: the browser's, silently
    (None, None, ["it", "de-AT", "fr"], "de"),    # the first language we speak
    (None, "fr", ["de"], "fr"),                   # the choice kept beats the browser
    ("en", "fr", ["de"], "en"),                   # ?lang beats the kept choice
    (None, None, [], "en"),
    (None, 42, ["pt"], "en"),
])
def test_the_language_at_start(url, kept, browser, expected):
    assert M.pick_language(url, kept, browser) == expected


def test_switching_language_at_once_keeps_the_choice_and_the_running_game():
    backend = MemoryBackend()
    c = make_controller(backend)
    assert c.render().find(data_action="language") is not None
    c.handle("language", {"value": "de"})
    assert c.page.language == "de" and M.current_language() == "en"  # the model's, only
    assert c.store.prefs()["lang"] == "de"
    assert "Allein spielen" in c.render().text()
    c.handle("play-alone")
    log = len(c.session.game.log)
    screen = c.screen_name
    c.handle("language", {"value": "fr"})
    assert (c.screen_name, len(c.session.game.log)) == (screen, log)
    assert c.render().find(data_action="language").attrs["data-language"] == "fr"
    assert c.handle("language", {"value": "xx"}) is False  # refused, reported
    assert c.page.language == "fr" and M.current_language() == "en"


def test_play_alone_is_one_tap_against_three_named_computers():
    c = make_controller()
    button = c.render().find(data_action="play-alone")
    assert button is not None
    c.handle("play-alone")
    settings = c.session.settings
    assert [p.played_by for p in settings.players] == ["human", "search:1", "search:1",
                                                        "search:1"]
    assert [p.name for p in settings.players] == [
        "Player 1", "Computer 2 (medium)", "Computer 3 (medium)", "Computer 4 (medium)"]
    assert settings.players[0].seat == "south"


def test_setup_names_computers_by_level_and_follows_the_language():
    form = SetupForm.blank(("human", "greedy", "search:2"))
    form = changed(form, SetField("controller", "greedy", 1))
    assert form.players[1].name == "Computer 2 (easy)"
    form = changed(form, SetField("name", "Ada", 2))
    form = changed(form, SetField("controller", "search:2", 2))
    assert form.players[2].name == "Ada"  # a typed name is never replaced
    M.set_language("de")
    form = changed(form, Relabel("de"))
    assert [p.name for p in form.players[:3]] == ["Spieler 1", "Computer 2 (leicht)", "Ada"]
    form = changed(form, SetField("controller", "human", 1))
    assert form.players[1].name == "Spieler 2"
    for lang in ("en", "de", "fr"):
        M.set_language(lang)
        from game.ai import OFFERED
        from game.web.values.setup_form import default_name
        for level in OFFERED:
            assert len(default_name(3, level)) <= 24, (lang, level.id)


def test_setup_explains_each_variant_in_one_line():
    c = make_controller()
    c.handle("new-game")
    tree = c.render()
    for field in ("rounds", "godzilla", "tie_break", "progressive", "anti_trust",
                  "secret_selection"):
        control = tree.find(data_field=field)
        assert control is not None and control.attrs["aria-describedby"] == f"hint-{field}"
        hint = tree.find(id=f"hint-{field}")
        assert hint is not None and hint.text() == M.t(f"setup.help.{field}")


def test_setup_describes_each_computers_level_under_its_choice():
    """A computer seat says what its level is measured to be; a person's seat
    says nothing; each seat's description is its own (ids differ per seat)."""
    c = make_controller()
    c.handle("new-game")
    for seat, level in ((1, "search:3"), (2, "greedy")):
        c.handle("field", {"field": "controller", "player": str(seat), "value": level})
    tree = c.render()
    controls = tree.find_all(data_field="controller")
    assert controls[0].attrs.get("aria-describedby") is None  # a person
    for seat, level in ((1, "search:3"), (2, "greedy")):
        control = controls[seat]
        assert control.attrs["aria-describedby"] == f"hint-controller-{seat}"
        hint = tree.find(id=f"hint-controller-{seat}")
        assert hint is not None and hint.text() == M.level_description(level)


def test_plots_are_named_buttons_and_tab_enters_the_board_once():
    c = make_controller()
    setup_game(c, 2)
    c.handle("reveal")
    tree = c.render()
    board = tree.find(data_board_view="full")
    assert board.attrs["role"] == "group" and "seen from" in board.attrs["aria-label"]
    plots = [p.children[0] for p in board.find_all(data_action="plot")]  # the named cells
    assert len(plots) == 54
    assert all(p.attrs["role"] == "button" and p.attrs["aria-label"] for p in plots)
    assert all(not c.text() for c in plots)  # no text inside: the name is all that is heard
    assert [p.attrs["tabindex"] for p in plots].count("0") == 1
    assert plots[2 * 9 + 0].attrs["aria-label"].startswith(
        "Frankfurt, north-west plot (")
    assert "empty" in plots[2 * 9].attrs["aria-label"]


def test_a_plot_name_tells_height_owner_and_floors_per_colour():
    c = make_controller()
    setup_game(c, 4)
    f = c.frame().play.table
    view = f.view
    from dataclasses import replace
    board = list(view.board)
    colours = f.settings.colours
    red, blue = colours.index("red"), colours.index("blue")
    board[2 * 9 + 0] = ((red, 2), (blue, 2), (red, 1))
    view = replace(view, board=tuple(board))
    assert plot_name(view, "south", 2, 0, colours) == (
        "Frankfurt, north-west plot (far row, left column): red tower, 5 floors, red 3, blue 2")
    # From the north edge the same plot is the near right one.
    assert plot_where("north", 2, 0) == "Frankfurt, north-west plot (near row, right column)"
    M.set_language("de")
    assert plot_name(view, "south", 2, 0, colours) == (
        "Frankfurt, Bauplatz Nordwest (Reihe hinten, Spalte links): Turm von Rot, "
        "5 Stockwerke, Rot 3, Blau 2")


def test_moves_refusals_and_scorings_are_news_once():
    c = make_controller()
    setup_game(c, 2)
    seen: list[str] = []
    previous: tuple = ()
    kinds: set[str] = set()

    def listen(ctl, name):
        nonlocal previous
        items = news(ctl.frame())
        kinds.update(k for k, _ in items)
        text = fresh(previous, items)
        if text:
            seen.append(text)
        previous = items

    play_to_end(c, random.Random(2), on_step=listen)
    assert {"move", "turn", "scoring"} <= kinds
    assert any("Scoring after round 1" in t for t in seen)
    assert fresh(previous, previous) == ""


def test_a_refused_plot_is_news():
    c = make_controller()
    setup_game(c, 2)
    rng = random.Random(1)
    for _ in range(40):  # through the selection to the first build
        if c.screen_name == "pass":
            c.handle("reveal")
            continue
        if c.session.state.phase == "build" and c.screen_name == "play":
            break
        tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
    before = news(c.frame())
    c.handle("plot", {"city": "0", "plot": "0"})  # no card chosen yet: explained
    items = news(c.frame())
    assert any(kind == "notice" for kind, _ in items)
    assert fresh(before, items)


def test_the_game_menu_holds_the_top_bar_tools_behind_one_disclosure_button():
    c = make_controller()
    c.handle("play-alone")
    tree = c.render()
    bar = tree.find(**{"class": "topbar"})
    button = bar.find(data_action="menu")
    menu = bar.find(id="game-menu")
    assert button.attrs["aria-expanded"] == "false" and button.attrs["aria-controls"] == "game-menu"
    assert "hidden" in menu.attrs
    tools = {el.attrs["data-action"] for el in menu.find_all(data_action=True)}
    assert tools == {"log", "inspect-mode", "speed", "motion", "theme", "sound", "hints-toggle", "rules",
                     "export", "export-whole",
                     "language", "home"}
    # every tool of the bar is in the menu: the bar itself shows only the button
    outside = {el.attrs["data-action"] for el in bar.find_all(data_action=True)} - tools
    assert outside == {"menu"}
    c.handle("menu")
    tree = c.render()
    assert tree.find(data_action="menu").attrs["aria-expanded"] == "true"
    assert "hidden" not in tree.find(id="game-menu").attrs
    c.handle("speed")  # goes round the speeds: the menu stays open
    assert c.table.menu_open
    c.handle("menu-close")  # Escape or a tap outside (the browser layer)
    assert not c.table.menu_open
    c.handle("menu")
    c.handle("log")  # any other tool acts and closes it
    assert c.table.following.log_open and not c.table.menu_open
    c.handle("menu")
    c.handle("home")
    assert not c.table.menu_open and c.screen_name == "start"
    c.handle("menu")  # no menu outside a game
    assert not c.table.menu_open
