"""The rules help, with pictures drawn by the game's own board code.

Every picture is a position drawn by :func:`game.web.screens.svg_pieces.board_diagram` (the plots and
towers of the game itself) and every number under it comes from the engine: which plot a card
marks for each seat (``material.plot_for``), how many floors a take-over needs
(``board.floors_needed``), where Godzilla walks (``material.card_direction``), and the points
of the printed scoring examples (``scoring.score_board`` on ``game.examples``). So the help
cannot say something the game does not do.
"""

from __future__ import annotations

from typing import Any

from ...board import Tower, floors_needed, floors_of, owner
from ...examples import example_board
from ...material import (
    CITIES,
    COLOURS,
    PLOTS_PER_CITY,
    SEATS,
    Card,
    card_direction,
    from_grid,
    grid_position,
    plot_for,
)
from ...scoring import score_board
from .. import messages
from .board_svg import plot_where
from .common import button, chip
from .svg_pieces import board_diagram, card_svg
from .vdom import El, h

EMPTY: tuple[Tower, ...] = ((),) * (len(CITIES) * PLOTS_PER_CITY)


def _cap(text: str) -> str:
    """A caption starts with a capital ("blue places..." -> "Blue places...")."""
    return text[:1].upper() + text[1:]


def _figure(caption: str, *pictures: Any, cls: str = "") -> El:
    return h("figure", {"class": f"rules-figure {cls}".strip()},
             h("div", {"class": "figure-pictures"}, pictures),
             h("figcaption", {}, caption))


def seats_figure() -> El:
    """One card read from each of the four seats: the plot it marks in Sydney."""
    card = Card(0, 0)
    figures = []
    for seat in SEATS:
        pos = plot_for(seat, card)
        where = plot_where(seat, 0, pos)
        figures.append(_figure(
            messages.t("rules.fig.seat", seat=messages.seat(seat), where=where),
            # the board as seen from the south edge for all four: the same card marks four
            # different plots; the bar is the edge of the player who plays it
            board_diagram(EMPTY, (), messages.t("rules.fig.seat", seat=messages.seat(seat), where=where),
                          cities=(0,), marks={pos: "legal"}, edge=seat),
            cls="small"))
    return h("div", {"class": "rules-figures", "data-rules-figure": "seats"},
             h("div", {"class": "figure-card"}, card_svg(card, 56),
               h("p", {}, messages.t("rules.fig.card", row=messages.t("card.row.0"),
                                     col=messages.t("card.col.0")))),
             figures)


def takeover_figure() -> El:
    """Building on an opponent's tower: allowed and refused, with the floor counts."""
    colours = ("red", "blue")
    red, blue = 0, 1
    city, plot = 2, 4
    pos = city * PLOTS_PER_CITY + plot
    tower: Tower = ((blue, 1), (red, 3))
    board = list(EMPTY)
    board[pos] = tower
    top = owner(tower)
    assert top == red
    need = floors_needed(tower, blue)  # the engine's rule
    theirs = floors_of(tower, red)
    out = []
    for floors in (need, need - 1):
        mine = floors_of(tower, blue) + floors
        ok = floors >= need
        key = "rules.fig.allowed" if ok else "rules.fig.refused"
        caption = _cap(messages.t(key, colour=messages.colour("blue"), owner=messages.colour("red"),
                      piece=messages.t("piece.name", floors=floors), mine=mine, theirs=theirs,
                      need=need))
        out.append(_figure(caption, board_diagram(
            tuple(board), colours, caption, cities=(city,),
            marks={pos: "legal" if ok else "refused"}, ghost=(pos, "blue", floors)),
            cls="small " + ("ok" if ok else "no")))
    return h("div", {"class": "rules-figures", "data-rules-figure": "takeover"},
             h("p", {"class": "figure-lead"},
               _cap(messages.t("rules.fig.takeover", owner=messages.colour("red"),
                               colour=messages.colour("blue"), theirs=theirs,
                               mine=floors_of(tower, blue)))), out)


def scoring_figure(name: str, title_key: str) -> El:
    """A printed scoring example as a board, with the engine's breakdown per colour."""
    colours, board = example_board(name)
    scoring = score_board(board, len(colours))
    caption = messages.t(title_key)
    head = h("tr", {}, h("th", {"scope": "col"}, messages.t("score.colour")),
             h("th", {"scope": "col"}, messages.t("score.tower_points")),
             h("th", {"scope": "col"}, messages.t("score.majority_points")),
             h("th", {"scope": "col"}, messages.t("score.tallest_points")),
             h("th", {"scope": "col"}, messages.t("score.round_total")))
    rows = [h("tr", {"data-example-colour": colour},
              h("th", {"scope": "row"}, chip(colour), " ", messages.colour(colour)),
              h("td", {"class": "num"}, messages.number(cs.towers)),
              h("td", {"class": "num"}, messages.number(cs.majorities)),
              h("td", {"class": "num"}, messages.number(cs.tallest)),
              h("td", {"class": "num total", "data-example-total": cs.total}, messages.number(cs.total)))
            for colour, cs in zip(colours, scoring.colours)]
    return h("figure", {"class": "rules-figure wide", "data-rules-figure": name},
             board_diagram(board, colours, caption),
             h("figcaption", {}, caption),
             h("table", {"class": "score-summary example"}, h("thead", {}, head),
               h("tbody", {}, rows)))


def godzilla_figure() -> El:
    """Godzilla's walk: the south player plays the far-left card; Godzilla walks one plot
    that way (diagonally) and destroys the tower it enters."""
    seat, card = "south", Card(0, 0)
    city = 4
    start = city * PLOTS_PER_CITY + 4
    drow, dcol = card_direction(seat, card)
    row, col = grid_position(city, 4)
    target_city, target_plot = from_grid(row + drow, col + dcol)
    target = target_city * PLOTS_PER_CITY + target_plot
    board = list(EMPTY)
    board[target] = ((0, 2), (1, 1))
    caption = messages.t("rules.fig.godzilla", seat=messages.seat(seat),
                  row=messages.t(f"card.row.{card.row}"), col=messages.t(f"card.col.{card.col}"),
                  where=plot_where(seat, target_city, target_plot))
    return h("div", {"class": "rules-figures", "data-rules-figure": "godzilla"},
             h("div", {"class": "figure-card"}, card_svg(card, 56)),
             _figure(caption, board_diagram(tuple(board), ("red", "blue"), caption,
                                            cities=(city,), godzilla=start,
                                            arrow=(start, target), marks={target: "refused"})))


def cues_figure() -> El:
    """Every colour's cue beside the colour's name: the list the help's text points to, so a
    player learns the shapes (they are the same in every language, the names are not)."""
    return h("ul", {"class": "cue-list", "data-rules-figure": "cues"},
             [h("li", {"data-cue-colour": c}, chip(c), " ", messages.colour(c)) for c in COLOURS])


FIGURES = {
    "rules.seats.h": lambda: [seats_figure()],
    "rules.round.h": lambda: [takeover_figure()],
    "rules.scoring.h": lambda: [
        scoring_figure("rules_1994_example", "rules.fig.example_1994"),
        scoring_figure("platform_example", "rules.fig.example_platform")],
    "rules.variants.h": lambda: [godzilla_figure()],
    "rules.app.h": lambda: [cues_figure()],
}
"""The pictures shown after the text of a section of the rules help."""


def render_rules() -> El:
    mark = "(" + messages.t("rules.decision") + ")"
    sections = []
    for heading, paragraphs in messages.RULES_HELP:
        figures = FIGURES.get(heading)
        sections.append(h("section", {"data-rules-section": heading},
                          h("h3", {}, messages.t(heading)),
                          [h("p", {"class": "decision" if mark in messages.t(p) else None,
                                   "data-decision": "true" if mark in messages.t(p) else None},
                             messages.t(p)) for p in paragraphs],
                          figures() if figures else None))
    return h("div", {"class": "overlay rules", "data-screen": "rules", "role": "dialog",
                     "aria-modal": "true", "aria-labelledby": "rules-heading"},
             h("div", {"class": "sheet"},
               h("div", {"class": "sheet-head"},
                 h("h2", {"id": "rules-heading"}, messages.t("rules.heading")),
                 button(messages.t("rules.close"), "rules-close", cls="btn secondary")),
               h("div", {"class": "rules-text"}, sections),
               h("div", {"class": "actions"},
                 button(messages.t("rules.close"), "rules-close", cls="btn primary"))))
