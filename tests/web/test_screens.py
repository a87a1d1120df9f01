"""Screens, board geometry, setup validation and the message catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_kit import make_controller, play_computers, setup_game

from game.material import CARDS, SEATS, plot_for
from game.web import messages as M
from game.web.screens import layout
from game.web.screens.vdom import El
from game.web.values.setup_form import SetCount, SetField, SetupForm, update, validated

WEB = Path(__file__).resolve().parents[2] / "game" / "web"
ENGINE = WEB.parent


@pytest.mark.parametrize("seat", SEATS)
def test_a_card_marks_the_same_cell_on_the_rotated_board(seat):
    """With the viewer's edge at the bottom, the card's marked cell is where the plot is."""
    for card in CARDS:
        city = 4
        rect = layout.plot_rect(seat, city, plot_for(seat, card))
        block = layout.city_rect(seat, city)
        col = round((rect.x - block.x) / layout.PLOT)
        row = round((rect.y - block.y) / layout.PLOT)
        assert (row, col) == (card.row, card.col)


@pytest.mark.parametrize("seat", SEATS)
def test_every_seat_sees_the_same_wide_board_and_its_turned_cards_point_at_their_plots(seat):
    """The board is drawn wide for every seat (the same page for everyone), and a card of
    the seat's hand, drawn with its quarter turns, shows its marked cell where the plot it
    marks is on that board (checked on the drawn card: the marked cell's rectangle turned
    by the card's ``rotate``)."""
    import math

    from game.web.screens.svg_pieces import card_svg

    drawn_from = layout.board_seat(seat)
    assert layout.size(drawn_from) == layout.size("south")
    turn = layout.card_turn(seat)
    assert turn == {"south": 0, "west": 1, "north": 0, "east": 3}[seat]
    for card in CARDS:
        city = 4
        rect = layout.plot_rect(drawn_from, city, plot_for(seat, card))
        block = layout.city_rect(drawn_from, city)
        on_board = (round((rect.y - block.y) / layout.PLOT), round((rect.x - block.x) / layout.PLOT))
        svg = card_svg(card, 52, turn)
        marked = next(e for e in svg.walk() if e.attrs.get("class") == "card-cell marked")
        x, y = marked.attrs["x"] + 6.5 - 30, marked.attrs["y"] + 6.5 - 30
        a = math.radians(90 * turn)  # SVG's rotate: clockwise on screen
        tx, ty = x * math.cos(a) - y * math.sin(a) + 30, x * math.sin(a) + y * math.cos(a) + 30
        on_card = (round((ty - 14.5) / 15), round((tx - 14.5) / 15))  # cell centres
        assert on_card == on_board, card
        if turn:  # the near edge's bar is along the seat's edge on the board
            bar = next(e for e in svg.walk() if e.attrs.get("class") == "card-edge")
            assert bar.attrs["y"] > 50


@pytest.mark.parametrize("seat", SEATS)
def test_plots_do_not_overlap_and_fit_the_drawing(seat):
    width, height = layout.size(seat)
    rects = {(c, p): layout.plot_rect(seat, c, p) for c, p in layout.all_plots()}
    assert len({(r.x, r.y) for r in rects.values()}) == 54
    for r in rects.values():
        assert r.x > 0 and r.x + r.w < width and r.y > 0 and r.y + r.h < height


def test_edges_follow_the_seats_clockwise():
    assert layout.edge_of("south", "west") == "left"
    assert layout.edge_of("west", "south") == "right"
    assert layout.edge_of("north", "south") == "top"
    assert layout.edge_of("east", "east") == "bottom"


def test_board_plots_carry_the_test_hooks():
    c = make_controller()
    setup_game(c, 4, start="0")
    c.handle("reveal")
    tree = c.render()
    plots = tree.find_all(data_action="plot")
    assert len(plots) == 54
    for el in plots:
        assert {"data-city", "data-plot", "data-height", "data-owner"} <= set(el.attrs)
    assert len(tree.find_all(data_select_inc=True)) == 4
    assert len(tree.find_all(data_select_dec=True)) == 4


def test_hostile_names_are_plain_text_everywhere():
    long_name = "<img src=x onerror=alert(1)>"
    form, _ = update(SetupForm.blank(), SetField("name", long_name, 0))
    form, settings = validated(form)
    assert settings is None and form.errors[0][0] == "setup.error.name_long"
    name = "<img src=x onerror=f()>"
    c = make_controller()
    setup_game(c, 2, names=[name, "Bob"])
    assert not any(el.tag == "img" for el in c.render().walk())
    c.handle("reveal")
    tree = c.render()
    texts = [child for el in tree.walk() for child in el.children if isinstance(child, str)]
    assert any(name in t for t in texts)
    assert not any(el.tag == "img" for el in tree.walk())


def test_setup_validation_messages():
    form = SetupForm.blank(("human", "random"))
    for i, name in enumerate(("   ", "x" * 30, "Bob", "bob")):
        form, _ = update(form, SetField("name", name, i))
    form, settings = validated(form)
    assert settings is None
    keys = [k for k, _ in form.errors]
    assert "setup.error.name_empty" in keys and "setup.error.name_long" in keys
    assert "setup.error.name_twice" in keys
    assert {"name-0", "name-1", "name-2", "name-3"} <= form.bad_fields
    for i, name in ((0, "Ann"), (1, "Cy"), (3, "Dee")):
        form, _ = update(form, SetField("name", name, i))
    form, settings = validated(form)
    assert settings is not None and settings.player_count == 4
    assert form.errors == () and form.bad_fields == frozenset()


def test_setup_swaps_colours_and_seats_instead_of_duplicating():
    blank = SetupForm.blank()
    form, _ = update(blank, SetField("colour0", "red", 0))
    assert [p.colours[0] for p in form.players] == ["red", "blue", "yellow", "purple"]
    assert blank.players[0].colours == ("blue",)  # a value: the old form is unchanged
    form, _ = update(form, SetField("seat", "north", 0))
    assert [p.seat for p in form.players] == ["north", "west", "south", "east"]
    form, _ = update(form, SetCount(3))
    assert form.rounds == 6
    form, _ = update(form, SetField("rounds", "4"))
    assert form.rounds == 4
    form, _ = update(form, SetCount(4))
    assert form.rounds == 4
    form, _ = update(form, SetCount(2))
    assert [len(p.colours) for p in form.players] == [2, 2]
    assert form.rounds == 6
    _, settings = validated(form)
    assert settings.round_count == 6


def test_setup_offers_every_option_and_level():
    c = make_controller()
    c.handle("new-game")
    tree = c.render()
    fields = {el.attrs.get("data-field") for el in tree.walk()}
    assert {"name", "colour0", "seat", "controller", "start", "rounds", "godzilla", "tie_break",
            "progressive", "anti_trust", "secret_selection"} <= fields
    controller_select = tree.find(data_field="controller")
    values = [o.attrs["value"] for o in controller_select.children if isinstance(o, El)]
    from game.ai import OFFERED
    assert values == ["human", *(level.id for level in OFFERED)]


def test_variants_are_drawn():
    c = make_controller()
    setup_game(c, 3, godzilla="godzilla", progressive=True, start="0")
    c.handle("reveal")
    tree = c.render()
    assert tree.find(data_godzilla=True) is not None
    assert len(tree.find_all(data_closed_city=True)) == 3


def test_rules_help_mentions_our_decisions():
    text = " ".join(M.t(p) for _, ps in M.RULES_HELP for p in ps)
    assert text.count("our decision") >= 3
    assert "No legal build" in text
    c = make_controller()
    c.handle("rules")
    assert c.screen_name == "rules"
    tree = c.render()
    assert tree.find_all(**{"class": "decision"})


# --------------------------------------------------------------------- catalogue
def _literal_keys(path: Path) -> set[str]:
    text = path.read_text()
    keys = set(re.findall(r'\bM\.t\(\s*"([a-z_.:\-0-9]+)"', text))
    keys |= set(re.findall(r'\(\s*"((?:setup|start|build|select|play|score|final|rule|pass|cpu|'
                           r'human|move|app|rules)\.[a-z_.\-0-9]+)"', text))
    return keys


def test_every_literal_message_id_exists():
    missing = {}
    for path in WEB.rglob("*.py"):
        for key in _literal_keys(path):
            if not M.has(key):
                missing.setdefault(key, path.name)
    assert not missing


def test_every_engine_rule_has_a_message_or_a_generic_one():
    rules = set()
    for path in ENGINE.glob("*.py"):
        rules |= set(re.findall(r'IllegalAction\(\s*"([a-z\-]+)"', path.read_text()))
    player_facing = {"floor-condition", "plot-mismatch", "city-closed", "godzilla-plot",
                     "anti-trust", "card-not-in-hand", "piece-not-in-supply", "selection-count",
                     "selection-stock", "build-possible"}
    assert player_facing <= rules
    for rule in player_facing:
        assert M.has("rule." + rule), rule
    for rule in rules:
        key, _ = M.explain(rule, {})
        assert M.has(key)


def test_rendering_code_has_no_player_facing_literals():
    """Screens only show catalogue text: no bare English words in text children."""
    c = make_controller()
    setup_game(c, 4, names=["Ann", "Bob", "Cy", "Dee"])
    c.handle("reveal")
    tree = c.render()
    catalogue_text = " ".join(M.EN.values())
    for el in tree.walk():
        for child in el.children:
            if isinstance(child, str):
                for word in re.findall(r"[A-Za-z]{4,}", child):
                    assert word in catalogue_text or word in ("Ann", "Bob", "Dee"), word


def test_unknown_message_ids_and_missing_params_do_not_raise():
    assert M.t("no.such.key") == "no.such.key"
    assert "{need}" in M.t("select.help")
    assert M.t("select.help", need=4).startswith("Take 4")


def finished_game():
    """A page on the final standings of two computers' game."""
    c = make_controller()
    setup_game(c, 2, controllers=["random", "random"])
    play_computers(c)
    assert c.screen_name == "final"
    return c


def test_the_final_board_can_be_looked_at():
    c = finished_game()
    c.handle("peek")
    tree = c.render()
    assert len(tree.find_all(data_action="plot")) == 54
    assert tree.find(data_action="peek") is not None
    c.handle("peek")
    assert c.render().find_all(data_standing=True)


def test_a_finished_game_is_offered_as_its_result_not_continued():
    c = finished_game()
    c.handle("home")
    opens = c.render().find(data_action="continue-game")
    assert opens is not None and opens.text() == M.t("start.result")
    assert M.t("start.result") != M.t("start.continue")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_setup_says_the_name_limit_beside_each_name(lang):
    from game.settings import MAX_NAME_LENGTH

    M.set_language(lang)
    try:
        c = make_controller()
        c.handle("new-game")
        tree = c.render()
        names = tree.find_all(data_field="name")
        assert names
        for field in names:
            limit = tree.find(id=field.attrs["aria-describedby"])
            assert limit is not None and M.number(MAX_NAME_LENGTH) in limit.text()
            assert field.attrs["maxlength"] == MAX_NAME_LENGTH
    finally:
        M.set_language("en")
