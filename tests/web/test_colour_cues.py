"""Each colour's cue: a shape that does not depend on language or hue.

The cue replaced the colour name's initial, which changed with the language (yellow was Y,
G or J) and could be shared by two colours. Checked on the rendered tree of a four-player
game with towers of every colour: the pieces, the tower's chips, the floor chips, the seat
labels and the HTML chips draw each colour's own shape, the same one in English, German and
French, and no chip carries a letter any more."""

from __future__ import annotations

import random
import re

import pytest
from play_kit import make_controller, setup_game, tap_decision

from game.actions import Build
from game.board import floors_by_colour
from game.material import COLOURS
from game.web import messages as M
from game.web.screens import palette
from game.web.screens.svg_pieces import cue, floor_chip, majority_chip, piece_svg
from game.web.screens.vdom import El

LANGS = ("en", "de", "fr")


@pytest.fixture(autouse=True)
def english_again():
    yield
    M.set_language("en")


def test_every_colour_has_its_own_shape_and_drawing():
    shapes = [palette.shape(c) for c in COLOURS]
    assert len(set(shapes)) == len(COLOURS), shapes
    drawings = {palette.cue_path(c, 0, 0, 10) for c in COLOURS}
    assert len(drawings) == len(COLOURS)
    # a drawing stays inside the circle it is given (so it fits the chip it is drawn on)
    for c in COLOURS:
        numbers = [abs(float(v)) for v in re.findall(r"-?\d+\.\d+",
                                                     palette.cue_path(c, 0, 0, 10))]
        assert numbers and max(numbers) <= 11, (c, max(numbers))


def test_no_cue_is_another_turned_as_the_board_turns():
    """The board turns to the player on turn (by 90 or 180 degrees): a shape that is another
    turned that way would read as the other colour from across the table."""
    def turned(d: str, quarter: int) -> set[tuple[float, float]]:
        pts = {(round(float(x), 1), round(float(y), 1))
               for x, y in re.findall(r"(-?\d+\.\d+) (-?\d+\.\d+)", d)}
        for _ in range(quarter):
            pts = {(round(-y, 1) + 0.0, x) for x, y in pts}
        return pts
    points = {c: turned(palette.cue_path(c, 0, 0, 10), 0) for c in COLOURS}
    for a in COLOURS:
        for b in COLOURS:
            if a != b and palette.shape(a) not in ("circle", "ring"):
                for q in (1, 2, 3):
                    assert turned(palette.cue_path(a, 0, 0, 10), q) != points[b], (a, b, q)


def cues_in(el: El) -> list[str]:
    return [str(e.attrs["data-cue"]) for e in el.walk() if "data-cue" in e.attrs]


def test_the_small_pictures_draw_the_colours_cue():
    for c in COLOURS:
        want = palette.shape(c)
        assert cues_in(piece_svg(c, 2)) == [want]
        assert [e.attrs["data-cue"] for e in floor_chip(c, 4) if "data-cue" in e.attrs] == [want]
        assert [e.attrs["data-cue"] for e in majority_chip(0, 0, c)
                if "data-cue" in e.attrs] == [want]
        assert cue(c, 0, 0, 5).attrs["fill"] == palette.ink(c)


def board_full_of_buildings():
    """A four-player game on its building turn, after builds until every colour has a
    tower on the board (the same game every run: a seeded generator)."""
    c = make_controller()
    setup_game(c, 4, names=["Ann", "Bob", "Cy", "Dee"], start="0")
    rng = random.Random(7)
    for _ in range(600):
        s = c.session
        if c.screen_name == "pass":
            c.handle("reveal")
            continue
        if c.screen_name == "scoring":
            c.handle("continue")
            continue
        owners = {colour for tower in s.state.board if tower
                  for colour in floors_by_colour(tower)}
        if len(owners) == 4 and c.screen_name == "play":
            return c
        actions = s.state.legal_actions()
        builds = [a for a in actions if isinstance(a, Build)]
        tap_decision(c, rng.choice(builds or actions), rng)
    raise AssertionError("no colour on every tower")


def drawn_cues(c, tree: El) -> list[tuple[str, str]]:
    """(colour, shape) of every cue on the page whose colour is known from where it sits:
    an HTML chip (``data-chip``), a seat label's chip (``data-seat-cue``), a tower's plot
    (one of the tower's colours)."""
    out: list[tuple[str, str]] = []
    for chip in tree.find_all(data_chip=True):
        out.extend((str(chip.attrs["data-chip"]), shape) for shape in cues_in(chip))
    for chip in tree.find_all(data_seat_cue=True):
        out.extend((str(chip.attrs["data-seat-cue"]), shape) for shape in cues_in(chip))
    colours = c.session.state.settings.colours
    for plot in tree.find_all(data_action="plot") + tree.find_all(**{"class": "plot"}):
        tower = c.session.state.board[int(plot.attrs["data-city"]) * 9
                                      + int(plot.attrs["data-plot"])]
        mine = {palette.shape(colours[k]): colours[k] for k in floors_by_colour(tower)}
        out.extend((mine.get(shape, "?"), shape) for shape in cues_in(plot))
    return out


def test_the_board_draws_each_colours_cue_the_same_in_every_language():
    c = board_full_of_buildings()
    seen: dict[str, list[tuple[str, str]]] = {}
    for lang in LANGS:
        M.set_language(lang)
        c.handle("language", {"value": lang})
        tree = c.render()
        seen[lang] = drawn_cues(c, tree)
        colours = {colour for colour, _ in seen[lang]}
        assert {"blue", "red", "yellow", "purple"} <= colours, (lang, colours)
        assert all(shape == palette.shape(colour) for colour, shape in seen[lang]), lang
        # the HTML chips hold the shape, not a letter; named in words for screen readers
        for chip in tree.find_all(data_chip=True):
            assert chip.text().strip() == "", chip
            assert chip.attrs["aria-label"] == M.colour(str(chip.attrs["data-chip"]))
        # the floor chips say a number only; the pieces and the seat labels draw cues
        assert all(t.text().isdigit() for t in tree.walk()
                   if "floor-text" in str(t.attrs.get("class", "")))
        assert tree.find_all(**{"class": "seat-cue"})
        assert len(tree.find_all(data_key="colour")) == 4
    assert seen["en"] == seen["de"] == seen["fr"]


def test_the_rules_help_lists_every_colours_cue_in_every_language():
    from game.web.screens.rules_help import render_rules
    lists = {}
    for lang in LANGS:
        M.set_language(lang)
        figure = render_rules().find(data_rules_figure="cues")
        assert figure is not None, lang
        lists[lang] = [(str(li.attrs["data-cue-colour"]), cues_in(li))
                       for li in figure.find_all(data_cue_colour=True)]
        assert [c for c, _ in lists[lang]] == list(COLOURS)
        for li in figure.find_all(data_cue_colour=True):
            assert M.colour(str(li.attrs["data-cue-colour"])) in li.text()
    assert lists["en"] == lists["de"] == lists["fr"]
    assert all(shapes == [palette.shape(c)] for c, shapes in lists["en"])
