"""The board on a phone: where a plot would be drawn smaller than a finger (44 CSS px), the
whole board is an overview whose cities are the tap targets; a tapped city opens large, turned
for the seat exactly as on the board, its plots tappable with the usual hooks."""

from __future__ import annotations

import random

import pytest
from play_kit import make_controller, play_computers, setup_game, tap_decision

from game.actions import Build
from game.material import SEATS
from game.web import messages as M
from game.web.model.controller import MIN_TAP_PX
from game.web.screens import layout
from game.web.values.answers import BoardMeasured

HOOKS = {"data-city", "data-plot", "data-height", "data-owner"}


def building_turn(count=4):
    """A person's building turn with a card and a piece chosen and plots highlighted."""
    c = make_controller()
    setup_game(c, count, names=["Ann", "Bob", "Cy", "Dee"][:count], start="0")
    rng = random.Random(2)
    while c.session.state.phase != "build" or c.screen_name != "play":
        if c.screen_name == "pass":
            c.handle("reveal")
        else:
            tap_decision(c, rng.choice(c.session.state.legal_actions()), rng)
    s = c.session
    build = next(a for a in s.state.legal_actions() if isinstance(a, Build))
    c.handle("card", {"card": f"{build.card.row},{build.card.col}"})
    c.handle("piece", {"floors": str(build.floors), "colour": build.colour})
    assert c.session.targets()
    return c, build


def plots(tree):
    return [el for el in tree.walk() if "data-plot" in el.attrs and "data-city" in el.attrs]


def test_tablet_sizes_keep_one_tap_on_a_plot():
    c, build = building_turn()
    assert c.update(BoardMeasured(63.0)) is False  # measured on a tablet: nothing changes
    tree = c.render()
    assert not tree.find_all(data_action="zoom")
    assert tree.find(data_board_compact=True) is None
    assert len(tree.find_all(data_action="plot")) == 54
    c.handle("zoom", {"zoom": str(build.city)})  # no overview: nothing to zoom into
    assert c.zoomed_city is None and c.table.zoom_at is None


def test_small_plots_make_an_overview_with_cities_as_tap_targets():
    c, build = building_turn()
    assert c.update(BoardMeasured(MIN_TAP_PX - 7)) is True  # a phone: draw again
    assert c.update(BoardMeasured(MIN_TAP_PX - 6)) is False
    tree = c.render()
    assert tree.find(data_board_compact="true") is not None
    board = tree.find(data_board_view="full")
    # The whole map is still there: every plot with its hooks and highlights...
    all_plots = plots(board)
    assert len(all_plots) == 54
    assert all(set(el.attrs) >= HOOKS for el in all_plots)
    targets = c.session.targets()
    assert {(int(el.attrs["data-city"]), int(el.attrs["data-plot"]))
            for el in board.find_all(data_legal="true")} == targets
    # ... but the tap targets are the six cities, each holding its nine plots.
    assert not board.find_all(data_action="plot")
    cities = board.find_all(data_action="zoom")
    assert [int(el.attrs["data-zoom"]) for el in cities] == list(range(6))
    for el in cities:
        assert {int(p.attrs["data-city"]) for p in plots(el)} == {int(el.attrs["data-zoom"])}
        assert len(plots(el)) == 9
    # Cities with a highlighted plot are outlined.
    marked = {int(el.attrs["data-zoom"]) for el in cities
              if any("has-legal" in str(r.attrs.get("class", "")) for r in el.walk())}
    assert marked == {city for city, _ in targets}


def test_a_tapped_city_opens_large_and_its_plots_take_the_tap():
    c, build = building_turn()
    c.update(BoardMeasured(37.0))
    c.handle("zoom", {"zoom": str(build.city)})
    assert c.zoomed_city == build.city
    tree = c.render()
    view = tree.find(data_board_view="city")
    assert view is not None and int(view.attrs["data-zoom-city"]) == build.city
    assert tree.find(data_board_view="full") is None
    zoomed = view.find_all(data_action="plot")
    assert len(zoomed) == 9 and all(set(el.attrs) >= HOOKS for el in zoomed)
    assert {int(el.attrs["data-city"]) for el in zoomed} == {build.city}
    legal = {int(el.attrs["data-plot"]) for el in view.find_all(data_legal="true")}
    assert legal == {p for city, p in c.session.targets() if city == build.city}
    assert tree.find(data_action="zoom-out") is not None
    # A tap on a highlighted plot places the piece tentatively; the city stays open.
    c.handle("plot", {"city": str(build.city), "plot": str(build.plot)})
    tree = c.render()
    pending = tree.find(data_pending="true")
    assert (int(pending.attrs["data-city"]), int(pending.attrs["data-plot"])) == (build.city,
                                                                               build.plot)
    assert c.zoomed_city == build.city
    # Back to the whole board: the tentative piece is shown there too.
    c.handle("zoom-out")
    tree = c.render()
    assert tree.find(data_board_view="full") is not None
    assert tree.find(data_pending="true").attrs["data-city"] == build.city
    # Confirm closes a city left open: the next person sees the whole board.
    c.handle("zoom", {"zoom": str(build.city)})
    log = len(c.session.game.log)
    c.handle("confirm")
    assert len(c.session.game.log) == log + 1
    assert c.zoomed_city is None


@pytest.mark.parametrize("seat", SEATS)
def test_the_open_city_is_turned_like_the_board(seat, monkeypatch):
    """The large city is the same drawing as on the whole board (same coordinates, only a
    closer view box), so its rotation for the seat is the board's."""
    from game.web.screens.board_svg import render_board, render_city
    from game.web.values.session import Session

    c, build = building_turn()
    s = c.session
    player = next(p for p, spec in enumerate(s.settings.players) if spec.seat == seat)
    monkeypatch.setattr(Session, "viewer", property(lambda self: player))
    frame = c.frame().play.table
    full = render_board(frame, compact=True)
    assert full.attrs["data-seat"] == layout.board_seat(seat)
    for city in range(6):
        big = render_city(frame, city)
        assert big.attrs["data-seat"] == layout.board_seat(seat)
        for plot in range(9):
            hit_full = full.find(data_city=city, data_plot=plot).children[0]
            hit_big = big.find(data_city=city, data_plot=plot).children[0]
            # the same cell; on the overview it is a named picture, large a named button
            assert ({k: v for k, v in hit_full.attrs.items() if k not in ("role", "tabindex")}
                    == {k: v for k, v in hit_big.attrs.items() if k not in ("role", "tabindex")})
            r = layout.plot_rect(layout.board_seat(seat), city, plot)
            assert (hit_big.attrs["x"], hit_big.attrs["y"]) == (r.x, r.y)


def test_any_move_closes_the_open_city_and_a_resize_can_end_the_overview():
    c = make_controller()
    setup_game(c, 2, names=["Ann", "Bob"], controllers=["human", "random"], start="1")
    c.update(BoardMeasured(30.0))
    assert c.session.screen == "computer"
    assert c.handle("zoom", {"zoom": "2"}) is True  # one may look closer while waiting
    assert c.zoomed_city == 2
    play_computers(c, limit=1)
    assert c.zoomed_city is None
    c.handle("zoom", {"zoom": "4"})
    assert c.zoomed_city == 4
    assert c.update(BoardMeasured(60.0)) is True  # turned to landscape: plots large enough
    assert c.zoomed_city is None
    c.handle("zoom", {"zoom": "4"})
    assert c.zoomed_city is None  # plots large enough: no city opened large
    assert c.handle("zoom", {"zoom": "9"}) is False  # (malformed: no such city)


@pytest.mark.parametrize("seat", SEATS)
def test_the_large_citys_note_says_where_the_viewers_edge_is(seat, monkeypatch):
    """South and North see the board from their own edge; West and East from the south,
    their edge at the side: the large city's note says which side."""
    from game.web.screens.play import zoom_note
    from game.web.values.session import Session

    c, _ = building_turn()
    s = c.session
    player = next(p for p, spec in enumerate(s.settings.players) if spec.seat == seat)
    monkeypatch.setattr(Session, "viewer", property(lambda self: player))
    text = "".join(str(x) if isinstance(x, str) else x.text() for x in zoom_note(c.frame().play.table))
    side = {"west": "left", "east": "right"}.get(seat)
    assert (side is None) == (text == M.t("board.zoom_note", name=s.settings.players[player].name))
    if side:
        assert text.endswith(M.t(f"board.side.{side}"))
