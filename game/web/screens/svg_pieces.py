"""The small drawings of the board and of the panels, as SVG element trees: a tower with its
floor chips, the tallest-tower medal, the lock of a safe tower, Godzilla, a building card, a
piece, and the rules' diagrams of whole positions. Each takes plain values (a tower, colour
names) and the message catalogue, nothing else; :mod:`game.web.screens.board_svg` puts them on the
board.
"""

from __future__ import annotations

import functools
from typing import Any

from ...board import Tower, floors_by_colour, height, owner
from ...material import CITIES, PLOTS_PER_CITY, Card
from .. import messages
from . import layout, palette
from .vdom import El, s

CARD_BG = "#fbf8f1"


def cue(colour: str, cx: float, cy: float, r: float, fill: str | None = None) -> El:
    """The colour's cue (:data:`palette.SHAPE`) centred on (cx, cy), radius ``r``, in the
    ink that reads on the colour (``fill`` for one drawn off it). ``data-cue`` names the
    shape, the same in every language."""
    return s("path", {"d": palette.cue_path(colour, cx, cy, r), "class": "cue",
                      "data-cue": palette.shape(colour), "fill": fill or palette.ink(colour),
                      "fill-rule": "evenodd", "aria-hidden": "true"})


def cue_icon(colour: str) -> El:
    """The cue alone as a small inline SVG for an HTML chip, painted in the text colour
    (``currentColor``), so the chip's CSS colour class decides its ink."""
    return s("svg", {"viewBox": "-10 -10 20 20", "class": "cue-icon", "aria-hidden": "true",
                     "focusable": "false"}, cue(colour, 0, 0, 8.5, "currentColor"))


def colour_chip(x: float, y: float, w: float, hgt: float, colour: str) -> list[El]:
    """A colour's square chip on the board: its fill and edge, its cue in the middle."""
    return [
        s("rect", {"x": x, "y": y, "width": w, "height": hgt, "rx": 3,
                   "fill": palette.fill(colour), "stroke": palette.edge(colour),
                   "stroke-width": 1.5}),
        cue(colour, x + w / 2, y + hgt / 2, min(w, hgt) * 0.36),
    ]


def floor_chip(colour: str, floors: int, x: float = 0, y: float = 0,
               w: float = 30) -> list[El]:
    """A floor chip as under a tower (w x 24 at x, y), a colour's cue and its floors ("▲4"):
    the cue on the left, the number in the rest, kept at 21 units and narrowed
    (``textLength``) where it would not fit, never made smaller."""
    hgt, size = 24, 21
    r = 5.5 if w >= 28 else 4.5
    left = x + 2 + r
    text = messages.number(floors)
    room = x + w - 1.5 - (left + r + 1)
    number = s("text", {"x": left + r + 1 + room / 2, "y": y + hgt / 2 + size * 0.36,
                        "font-size": size, "text-anchor": "middle",
                        "fill": palette.ink(colour), "class": "chip-text floor-text",
                        "aria-hidden": "true"}, text)
    if room < 11.5 * len(text):  # a digit at 21 units is about 11.5 wide
        number.attrs.update({"textLength": room, "lengthAdjust": "spacingAndGlyphs"})
    return [s("rect", {"x": x, "y": y, "width": w, "height": hgt, "rx": 3,
                       "fill": palette.fill(colour), "stroke": palette.edge(colour),
                       "stroke-width": 1.5}),
            cue(colour, left, y + hgt / 2, r), number]


def tower_drawing(x: float, y: float, tower: Tower, colours: tuple[str, ...], safe: bool,
                  ghost: tuple[str, int] | None = None) -> list[El]:
    """The tower on one plot: stacked floors, height badge, floors per colour, lock if safe."""
    parts: list[El] = []
    pieces = [(colours[c], f, False) for c, f in tower]
    if ghost is not None:
        pieces.append((ghost[0], ghost[1], True))
    total = sum(f for _, f, _ in pieces)
    if not total:
        return parts
    left, width, bottom, room = x + 54, 40, y + 72, 64
    unit = min(13.0, room / total)
    top = bottom
    parts.append(s("rect", {"x": left + 4, "y": bottom - total * unit + 4, "width": width,
                            "height": total * unit, "rx": 2, "class": "tower-shadow"}))
    for index, (colour, floors, is_ghost) in enumerate(pieces):
        hgt = floors * unit
        top -= hgt
        attrs = {"x": left, "y": top, "width": width, "height": hgt,
                 "fill": palette.fill(colour), "stroke": palette.edge(colour),
                 "stroke-width": 1.5}
        if is_ghost:
            attrs["class"] = "ghost-piece"
        elif index == len(tower) - 1:
            attrs["class"] = "top-piece"  # (the newest piece: it drops in when just placed)
        parts.append(s("rect", attrs))
        if unit >= 6 and floors > 1:  # floor lines inside a piece
            for k in range(1, floors):
                yy = top + k * unit
                parts.append(s("line", {"x1": left + 3, "x2": left + width - 3, "y1": yy,
                                        "y2": yy, "stroke": palette.edge(colour),
                                        "stroke-width": 0.8, "opacity": 0.6}))
        if hgt >= 13:  # the colour's cue on the piece
            parts.append(cue(colour, left + width / 2, top + hgt / 2, min(6.0, hgt * 0.4)))
    if tower:
        parts.append(tower_labels(x, y, tower, colours, safe))
    return parts


LABELS = "tower-labels"
"""The class of a tower's labels (height, owner, floors per colour, lock): the board draws
them above every ring it puts on the plot (the last move's, a change, a target), so a ring
never hides a colour's cue ("B4" read "34")."""


def tower_labels(x: float, y: float, tower: Tower, colours: tuple[str, ...], safe: bool) -> El:
    """The badge with the tower's height, its owner's chip, a chip per colour with its
    floors, a lock if the tower is safe: one group, drawn last on the plot."""
    parts: list[El] = []
    # Height and floors per colour are read from the table: at least 20 SVG units
    # (12 CSS px on the smallest whole board, 1024 x 768; larger in the opened city).
    top_colour = colours[owner(tower)]  # type: ignore[index]
    parts.append(s("circle", {"cx": x + 24, "cy": y + 25, "r": 20, "class": "height-badge",
                              "stroke": palette.fill(top_colour)}))
    parts.append(s("text", {"x": x + 24, "y": y + 34, "font-size": 26,
                            "text-anchor": "middle", "class": "height-text",
                            "aria-hidden": "true"},  # the plot's name says it all
                   messages.number(height(tower))))
    # The owner's cue beside the badge: ownership readable without telling hues apart.
    parts.extend(colour_chip(x + 5, y + 48, 17, 17, top_colour))
    counts = floors_by_colour(tower)
    order = sorted(counts, key=lambda c: (-counts[c], c))
    n = len(order)
    chip_w = 22.5 if n > 3 else 30
    for i, c in enumerate(order):
        parts.extend(floor_chip(colours[c], counts[c], x + 4 + i * (chip_w + 1), y + 74,
                                chip_w))
    if safe:
        parts.extend(lock(x + 33, y + 58))
    return s("g", {"class": LABELS}, parts)


CROWN = (-7.5, 4.5), (-7.5, -5), (-3.5, -0.5), (0, -6.5), (3.5, -0.5), (7.5, -5), (7.5, 4.5)
"""The tallest-tower mark's crown, centred on (0, 0): a shape no colour's cue uses
(palette.SHAPE), so the medal never reads as a colour's."""


def tallest_medal(x: float, y: float, single: bool) -> El:
    """The tallest-tower mark of the plot at (x, y): a medal on the height badge's rim, clear
    of the tower however tall it is drawn (a tower's drawing starts at x + 54). The one
    tallest tower: a crown on a gold disc. A tallest height shared: a smaller crown over an
    equals sign on a white disc in a gold square-cornered frame, so the two differ in
    outline and drawing, not only in fill."""
    cx, cy = x + 42, y + 11.5
    if single:
        crown = "M" + " L".join(f"{cx + dx:.2f} {cy + dy:.2f}" for dx, dy in CROWN) + " Z"
        return s("g", {"class": "tallest-mark", "data-medal": "crown"},
                 s("title", {}, messages.t("board.tallest")),
                 s("circle", {"cx": cx, "cy": cy, "r": 11.5, "class": "tallest-medal"}),
                 s("path", {"d": crown, "class": "tallest-peak"}))
    crown = "M" + " L".join(f"{cx + dx * 0.7:.2f} {cy - 3 + dy * 0.7:.2f}" for dx, dy in CROWN) + " Z"
    return s("g", {"class": "tallest-mark tallest-tie", "data-medal": "crown-equal"},
             s("title", {}, messages.t("board.tallest_tie")),
             s("rect", {"x": cx - 11, "y": cy - 11, "width": 22, "height": 22, "rx": 4,
                        "class": "tallest-medal"}),
             s("path", {"d": crown, "class": "tallest-peak"}),
             s("path", {"d": f"M{cx - 5} {cy + 3.5} h10 M{cx - 5} {cy + 7} h10",
                        "class": "tallest-equal"}))


def majority_chip(x: float, y: float, holder: str) -> list[El]:
    """A city's majority chip (50 x 26 at x, y): "★" and the holder's cue on its colour,
    "★=" for a tie, "★–" for no tower yet."""
    if holder in ("tie", "none"):
        return [s("rect", {"x": x, "y": y, "width": 50, "height": 26, "rx": 6,
                           "class": "majority-none"}),
                s("text", {"x": x + 25, "y": y + 20, "font-size": 20, "text-anchor": "middle",
                           "class": "majority-text"}, "★" + ("=" if holder == "tie" else "–"))]
    return [s("rect", {"x": x, "y": y, "width": 50, "height": 26, "rx": 6,
                       "fill": palette.fill(holder), "stroke": palette.edge(holder),
                       "stroke-width": 1.5}),
            s("text", {"x": x + 17, "y": y + 20, "font-size": 20, "text-anchor": "middle",
                       "fill": palette.ink(holder), "class": "majority-text"}, "★"),
            cue(holder, x + 36, y + 13, 7.5)]


def lock(cx: float, cy: float) -> list[El]:
    return [
        s("path", {"d": f"M{cx - 5} {cy - 3} v-4 a5 5 0 0 1 10 0 v4", "class": "lock-shackle"}),
        s("rect", {"x": cx - 8, "y": cy - 3, "width": 16, "height": 12, "rx": 2,
                   "class": "lock-body"}),
    ]


def godzilla_token(x: float, y: float, baby: bool) -> list[El]:
    cx, cy = x + 50, y + 50
    scale = 0.75 if baby else 1.0
    r = 28 * scale
    return [
        s("circle", {"cx": cx, "cy": cy, "r": r + 6, "class": "godzilla-ring"}),
        s("ellipse", {"cx": cx, "cy": cy + 6 * scale, "rx": 14 * scale, "ry": 17 * scale,
                      "class": "godzilla-foot"}),
        s("ellipse", {"cx": cx - 15 * scale, "cy": cy - 13 * scale, "rx": 5 * scale,
                      "ry": 8 * scale, "class": "godzilla-foot"}),
        s("ellipse", {"cx": cx, "cy": cy - 19 * scale, "rx": 5 * scale, "ry": 8 * scale,
                      "class": "godzilla-foot"}),
        s("ellipse", {"cx": cx + 15 * scale, "cy": cy - 13 * scale, "rx": 5 * scale,
                      "ry": 8 * scale, "class": "godzilla-foot"}),
        s("title", {}, messages.t("play.godzilla")),
    ]


def card_svg(card: Card, size: int = 56, turn: int = 0) -> El:
    """A building card: a 3 x 3 grid with the marked cell, as read from the holder's edge.
    ``turn``: clockwise quarter turns, for a hand whose edge is at the side of the board
    (:func:`layout.card_turn`); a turned card has a bar along its near edge, where its
    holder sits.

    Kept per (card, size, turn): a hand is drawn again at every tap, and the very same
    subtree lets the DOM patch stop at once (as kept plots do, board_svg). Trees are never
    changed once built."""
    return _card_svg(card, size, turn % 4)


@functools.cache
def _card_svg(card: Card, size: int, turn: int) -> El:
    cells: list[El] = [s("rect", {"x": 1, "y": 1, "width": 58, "height": 58, "rx": 7,
                                  "class": "card-face"})]
    for r in range(3):
        for c in range(3):
            marked = (r, c) == (card.row, card.col)
            cells.append(s("rect", {"x": 8 + c * 15, "y": 8 + r * 15, "width": 13,
                                    "height": 13, "rx": 2,
                                    "class": "card-cell marked" if marked else "card-cell"}))
    if turn:
        cells.append(s("rect", {"x": 8, "y": 53.5, "width": 43, "height": 4, "rx": 2,
                                "class": "card-edge"}))
        cells = [s("g", {"transform": f"rotate({90 * turn} 30 30)"}, cells)]
    return s("svg", {"viewBox": "0 0 60 60", "width": size, "height": size,
                     "class": "card-svg", "aria-hidden": "true",
                     "data-card-turn": turn or None}, cells)


def piece_svg(colour: str, floors: int, size: int = 44) -> El:
    """A building piece seen from the side: ``floors`` stacked floors with its colour's cue
    (kept per argument, as :func:`card_svg`)."""
    return _piece_svg(colour, floors, size)


@functools.cache
def _piece_svg(colour: str, floors: int, size: int) -> El:
    parts: list[El] = []
    unit = 9
    bottom = 42
    for k in range(floors):
        y = bottom - (k + 1) * unit
        parts.append(s("rect", {"x": 10, "y": y, "width": 24, "height": unit - 1, "rx": 1.5,
                                "fill": palette.fill(colour), "stroke": palette.edge(colour),
                                "stroke-width": 1.2}))
    parts.append(cue(colour, 22, bottom - floors * unit / 2, min(5.0, floors * unit * 0.4)))
    return s("svg", {"viewBox": "0 0 44 44", "width": size, "height": size,
                     "class": "piece-svg", "aria-hidden": "true"}, parts)


def board_diagram(board: tuple[Tower, ...], colours: tuple[str, ...], label: str,
                  seat: str = "south", cities: tuple[int, ...] = tuple(range(len(CITIES))),
                  marks: dict[int, str] | None = None,
                  ghost: tuple[int, str, int] | None = None,
                  godzilla: int | None = None, arrow: tuple[int, int] | None = None,
                  edge: str | None = None) -> El:
    """A position drawn by the game's own plot and tower code, for the rules help: only
    ``cities`` (seen from ``seat``'s edge, as on the board), a picture named ``label``.

    ``edge``: a seat whose edge of the board is drawn as a bar (where that player sits).
    ``marks``: board position -> ``"legal"`` (a highlighted plot, as in the game) or
    ``"refused"`` (crossed out); ``ghost``: (position, colour, floors) of a piece about to be
    placed; ``godzilla``: Godzilla's plot; ``arrow``: (from, to) positions (its walk)."""
    marks = marks or {}
    parts: list[Any] = []
    rects = [layout.city_rect(seat, c) for c in cities]
    x0 = min(r.x for r in rects) - 14
    y0 = min(r.y for r in rects) - 44
    x1 = max(r.x + r.w for r in rects) + 14
    y1 = max(r.y + r.h for r in rects) + 14
    parts.append(s("rect", {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0, "rx": 18,
                            "class": "board-bg"}))
    for city, r in zip(cities, rects):
        parts.append(s("rect", {"x": r.x - 8, "y": r.y - 8, "width": r.w + 16,
                                "height": r.h + 16, "rx": 12, "class": "city-block"}))
        parts.append(s("text", {"x": r.x + r.w / 2, "y": r.y - 14, "font-size": 22,
                                "text-anchor": "middle", "class": "city-name"}, messages.city(city)))
        for plot in range(PLOTS_PER_CITY):
            pos = city * PLOTS_PER_CITY + plot
            p = layout.plot_rect(seat, city, plot)
            tower = board[pos]
            mark = marks.get(pos)
            cls = "plot legal" if mark == "legal" else "plot"
            inner: list[Any] = [s("rect", {"x": p.x + 4, "y": p.y + 4, "width": p.w - 8,
                                           "height": p.h - 8, "rx": 9, "class": "tile"})]
            if not tower and not (ghost and ghost[0] == pos):
                inner.append(s("rect", {"x": p.x + 22, "y": p.y + 22, "width": p.w - 44,
                                        "height": p.h - 44, "rx": 4, "class": "lot"}))
            piece = (ghost[1], ghost[2]) if ghost is not None and ghost[0] == pos else None
            inner.extend(tower_drawing(p.x, p.y, tower, colours, False, piece))
            if mark == "legal":
                inner.append(s("rect", {"x": p.x + 3, "y": p.y + 3, "width": p.w - 6,
                                        "height": p.h - 6, "rx": 10, "class": "target-ring"}))
            elif mark == "refused":
                inner.append(s("path", {"d": f"M{p.x + 14} {p.y + 14} L{p.x + 86} {p.y + 86} "
                                             f"M{p.x + 86} {p.y + 14} L{p.x + 14} {p.y + 86}",
                                        "class": "refused-cross"}))
            parts.append(s("g", {"class": cls, "data-pos": pos}, inner))
    if godzilla is not None:
        g = layout.plot_rect(seat, *divmod(godzilla, PLOTS_PER_CITY))
        parts.append(s("g", {"class": "godzilla"}, godzilla_token(g.x, g.y, False)[:-1]))
    if arrow is not None:
        a = layout.plot_rect(seat, *divmod(arrow[0], PLOTS_PER_CITY))
        b = layout.plot_rect(seat, *divmod(arrow[1], PLOTS_PER_CITY))
        ax, ay, bx, by = a.x + 50, a.y + 50, b.x + 50, b.y + 50
        parts.append(s("line", {"x1": ax + (bx - ax) * 0.45, "y1": ay + (by - ay) * 0.45,
                                "x2": ax + (bx - ax) * 0.8, "y2": ay + (by - ay) * 0.8,
                                "class": "walk-arrow", "marker-end": "url(#walk-head)"}))
        parts.insert(0, s("defs", {}, s("marker", {
            "id": "walk-head", "viewBox": "0 0 10 10", "refX": 5, "refY": 5,
            "markerWidth": 4, "markerHeight": 4, "orient": "auto-start-reverse"},
            s("path", {"d": "M0 0 L10 5 L0 10 z", "class": "walk-head"}))))
    if edge is not None:
        side = layout.edge_of(seat, edge)
        w, hh = x1 - x0, y1 - y0
        bar = {"bottom": (x0, y1 - 10, w, 10), "top": (x0, y0, w, 10),
               "left": (x0, y0, 10, hh), "right": (x1 - 10, y0, 10, hh)}[side]
        parts.append(s("rect", {"x": bar[0], "y": bar[1], "width": bar[2], "height": bar[3],
                                "rx": 5, "class": "seat-edge", "data-edge": side}))
    return s("svg", {"viewBox": f"{x0} {y0} {x1 - x0} {y1 - y0}", "class": "rules-board diagram",
                     "role": "img", "aria-label": label, "data-seat": seat,
                     "preserveAspectRatio": "xMidYMid meet"}, parts)
